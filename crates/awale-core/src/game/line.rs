//! A game in progress: where it started, the moves played since, and the
//! history the repetition rule needs. Every layer that follows a game (the
//! protocol session, the command-line set-up, the referee, the terminal
//! game) holds a [`Line`] rather than its own position and history, so
//! "play the move, record its key and irreversibility" is written once, in
//! [`Step`].

use super::{Game, GameEnd, GameError, History, Side};

/// One move played from a position: the position reached, with what a
/// [`History`] records of it. The one place where a move's key and
/// irreversibility are worked out; hot loops (perft) use it directly so they
/// can test the child before recording it.
pub struct Step<G: Game> {
    /// The position after the move.
    pub pos: G::Position,
    /// Its key, for repetition detection.
    pub key: G::Key,
    /// Whether the move can never be undone by a cycle (see
    /// [`Game::is_irreversible`]).
    pub irreversible: bool,
}

impl<G: Game> Clone for Step<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Step<G> {}

impl<G: Game> Step<G> {
    /// Plays `mv` (which must be legal) from `pos`.
    #[inline]
    pub fn new(game: &G, pos: &G::Position, mv: G::Move) -> Step<G> {
        let next = game.play(pos, mv);
        Step {
            key: game.key(&next),
            irreversible: game.is_irreversible(pos, &next),
            pos: next,
        }
    }

    /// Records the position reached onto `history`.
    #[inline]
    pub fn record(&self, history: &mut History<G::Key>) {
        history.push(self.key, self.irreversible);
    }
}

/// The ending of a game given its position and history: the position's own
/// ending, or the repetition ending when the last position repeated.
pub fn game_end<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &History<G::Key>,
) -> Option<GameEnd> {
    if history.is_repetition() {
        if let Some(end) = game.repetition_end(pos) {
            return Some(end);
        }
    }
    game.end(pos)
}

/// A game in progress: its variant, the position it started from, the
/// moves played since and the positions they reached, and the repetition
/// history. Moves are checked as they are played, so a line is always a
/// legal game; a finished game (repetition included) accepts no more moves.
pub struct Line<G: Game> {
    game: G,
    moves: Vec<G::Move>,
    /// `positions[i]` is the position after `i` moves; `positions[0]` is the start.
    positions: Vec<G::Position>,
    history: History<G::Key>,
}

impl<G: Game> Clone for Line<G> {
    fn clone(&self) -> Self {
        Line {
            game: self.game.clone(),
            moves: self.moves.clone(),
            positions: self.positions.clone(),
            history: self.history.clone(),
        }
    }
}

impl<G: Game> Line<G> {
    /// A line at the variant's start position.
    pub fn new(game: G) -> Line<G> {
        let start = game.start();
        Line::from_position(game, start)
    }

    /// A line starting at `start`, with no history before it.
    pub fn from_position(game: G, start: G::Position) -> Line<G> {
        let history = History::new(game.key(&start));
        Line::resume(game, start, history)
    }

    /// A line starting at `start`, whose repetition history (ending with
    /// `start`) is `history`: for continuing a game whose earlier moves are
    /// known only through their keys.
    pub fn resume(game: G, start: G::Position, history: History<G::Key>) -> Line<G> {
        Line {
            game,
            moves: Vec::new(),
            positions: vec![start],
            history,
        }
    }

    /// The variant and its rules.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Changes the line's game in a way that keeps its rules, such as the
    /// evaluation it plays with: the moves and positions stay as they are.
    pub fn adjust_game(&mut self, adjust: impl FnOnce(&mut G)) {
        adjust(&mut self.game);
    }

    /// The position the line started from.
    pub fn start(&self) -> &G::Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &G::Position {
        &self.positions[self.positions.len() - 1]
    }

    /// The position after the first `plies` moves, or `None` past the end.
    pub fn position_after(&self, plies: usize) -> Option<&G::Position> {
        self.positions.get(plies)
    }

    /// The moves played since the start, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The number of moves played since the start.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move was played since the start.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The repetition history, ending with the current position.
    pub fn history(&self) -> &History<G::Key> {
        &self.history
    }

    /// The history, giving up the line.
    pub fn into_history(self) -> History<G::Key> {
        self.history
    }

    /// How the game ended, repetition included, or `None` while it goes on.
    pub fn end(&self) -> Option<GameEnd> {
        game_end(&self.game, self.position(), &self.history)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// The legal moves of the current position: none once the game is
    /// over, by repetition too.
    pub fn legal_moves(&self) -> G::Moves {
        let mut moves = G::Moves::default();
        if !self.is_over() {
            self.game.legal_moves(self.position(), &mut moves);
        }
        moves
    }

    /// Whether `mv` may be played now.
    pub fn is_legal(&self, mv: G::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The legal moves in the engine's notation.
    pub fn legal_moves_text(&self) -> Vec<String> {
        let pos = self.position();
        self.legal_moves()
            .iter()
            .map(|&mv| self.game.format_move(pos, mv))
            .collect()
    }

    /// The moves played, each in the engine's notation.
    pub fn moves_text(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, pos)| self.game.format_move(pos, mv))
            .collect()
    }

    /// The last move played, in the engine's notation (as played from the
    /// position before it); `None` at the start.
    pub fn last_move_text(&self) -> Option<String> {
        let last = self.moves.len().checked_sub(1)?;
        Some(
            self.game
                .format_move(&self.positions[last], self.moves[last]),
        )
    }

    /// Writes `mv` in the engine's notation, as played from the current position.
    pub fn format_move(&self, mv: G::Move) -> String {
        self.game.format_move(self.position(), mv)
    }

    /// Plays a move; refuses an illegal one or any move once the game is
    /// over, leaving the line as it was.
    pub fn play(&mut self, mv: G::Move) -> Result<(), GameError> {
        if let Some(end) = self.end() {
            return Err(over(end));
        }
        if !self.is_legal(mv) {
            return Err(GameError::new(format!("illegal move {mv:?}")));
        }
        self.push(mv);
        Ok(())
    }

    /// Parses a move in any accepted notation and plays it; returns it.
    /// On error the line is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, GameError> {
        if let Some(end) = self.end() {
            return Err(over(end));
        }
        let mv = self.game.parse_move(self.position(), text)?;
        self.push(mv);
        Ok(mv)
    }

    /// Plays a whitespace-separated list of moves. On error the line is
    /// unchanged and the message names the move by its number and text.
    pub fn play_all(&mut self, moves: &str) -> Result<(), GameError> {
        let mut line = self.clone();
        for (index, text) in moves.split_whitespace().enumerate() {
            line.play_text(text)
                .map_err(|e| GameError::new(format!("move {} '{text}': {e}", index + 1)))?;
        }
        *self = line;
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.history.pop();
        Some(mv)
    }

    /// Takes back the last move, then more until a side `mine` accepts is
    /// to move or the line is back at its start: the terminal game's `undo`,
    /// which takes back the engine's answer with the person's move. Returns
    /// how many moves were taken back (0 at the start).
    pub fn undo_turn(&mut self, mine: impl Fn(Side) -> bool) -> usize {
        let mut taken = 0;
        while self.undo().is_some() {
            taken += 1;
            if mine(self.game.side_to_move(self.position())) {
                break;
            }
        }
        taken
    }

    /// Takes back every move, back to the start.
    pub fn rewind(&mut self) {
        while self.undo().is_some() {}
    }

    /// Plays a move known to be legal.
    fn push(&mut self, mv: G::Move) {
        let step = Step::new(&self.game, self.position(), mv);
        step.record(&mut self.history);
        self.moves.push(mv);
        self.positions.push(step.pos);
    }
}

/// The error for a move after the end of the game.
fn over(end: GameEnd) -> GameError {
    GameError::new(format!("the game is already over: {}", end.reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndReason;
    use crate::variants::oware::Oware;

    /// An Oware line from the position written `text`.
    fn oware_line(text: &str) -> Line<Oware> {
        let game = Oware::default();
        let pos = game.parse_position(text).unwrap();
        Line::from_position(game, pos)
    }

    #[test]
    fn playing_and_undoing_walk_the_positions() {
        let game = Oware::default();
        let mut line = Line::new(game.clone());
        assert!(line.is_empty());
        assert_eq!(line.legal_moves_text(), ["A", "B", "C", "D", "E", "F"]);
        let f = line.play_text("F").unwrap();
        line.play_text("f").unwrap();
        assert_eq!(line.len(), 2);
        assert_eq!(line.moves_text(), ["F", "f"]);
        assert_eq!(line.last_move_text().as_deref(), Some("f"));
        assert_eq!(line.position_after(0), Some(&game.start()));
        assert_eq!(line.position_after(1), Some(&game.play(&game.start(), f)));
        assert_eq!(line.position_after(3), None);
        assert_eq!(line.history().len(), 3);
        line.undo();
        assert_eq!(line.position(), &game.play(&game.start(), f));
        assert_eq!(line.history().len(), 2);
        line.rewind();
        assert_eq!(line.position(), &game.start());
        assert_eq!(line.undo(), None);
        assert_eq!(line.last_move_text(), None);
    }

    #[test]
    fn undoing_a_turn_takes_back_to_the_side_that_asks() {
        let mut line = Line::new(Oware::default());
        assert_eq!(line.undo_turn(|_| true), 0);
        line.play_all("F f E").unwrap();
        // South asks: its own move E only.
        assert_eq!(line.undo_turn(|side| side == Side::South), 1);
        assert_eq!(line.moves_text(), ["F", "f"]);
        // North asks: South's E, then its own f, so that it moves again.
        line.play_all("E").unwrap();
        assert_eq!(line.undo_turn(|side| side == Side::North), 2);
        assert_eq!(line.moves_text(), ["F"]);
        // Nobody's turn comes back before the start: everything goes.
        assert_eq!(line.undo_turn(|_| false), 1);
        assert!(line.is_empty());
    }

    #[test]
    fn a_bad_move_leaves_the_line_unchanged() {
        let mut line = Line::new(Oware::default());
        line.play_all("F").unwrap();
        let err = line.play_all("f A Z").unwrap_err();
        assert!(err.to_string().starts_with("move 3 'Z'"), "{err}");
        assert_eq!(line.moves_text(), ["F"]);
        assert!(line.play_text("Z").is_err());
        assert_eq!(line.len(), 1);
    }

    #[test]
    fn a_finished_game_takes_no_move() {
        // South to move with an empty side: over by the position.
        let mut line = oware_line("0-0-0-0-0-0-1-0-0-0-0-0-23-24-S");
        let end = line.end().unwrap();
        assert_eq!(end.reason, EndReason::NoLegalMove);
        assert!(line.legal_moves().is_empty());
        let err = line.play_text("A").unwrap_err();
        assert!(err.to_string().contains("already over"), "{err}");
    }

    #[test]
    fn repetition_ends_the_line() {
        // Two seeds each side, far apart: the moves shuttle without capturing.
        let mut line = oware_line("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S");
        let mut plies = 0;
        while !line.is_over() && plies < 40 {
            let mv = line.legal_moves()[0];
            line.play(mv).unwrap();
            plies += 1;
        }
        let end = line.end().expect("the shuttle ends");
        assert!(line.legal_moves().is_empty());
        assert!(line.play_text("A").is_err());
        assert_eq!(end.reason, EndReason::Repetition);
        // Undoing the repeating move reopens the game.
        line.undo();
        assert!(!line.is_over());
    }

    #[test]
    fn steps_record_captures_as_irreversible() {
        let game = Oware::default();
        let start = game.start();
        let mv = game.parse_move(&start, "A").unwrap();
        let step = Step::new(&game, &start, mv);
        assert!(!step.irreversible);
        assert_eq!(step.key, game.key(&step.pos));
        let mut history = History::new(game.key(&start));
        step.record(&mut history);
        assert_eq!(history.last(), step.key);
    }
}
