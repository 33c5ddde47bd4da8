//! `awale play`: a person against the engine, or two people, in the
//! terminal. Commands are read line by line, so a game can be driven through
//! a pipe:
//!
//! - a move in the variant's notation (e.g. `C` or `3` in `oware`);
//! - `undo`: take back the last move (and the engine's answer, so that it is
//!   your turn again);
//! - `hint`: the engine's suggestion;
//! - `level easy|medium|hard`, `movetime MS`: the engine's strength and time;
//! - `board`, `moves`, `new`, `help`, `quit`.
//!
//! The board is the variant's own drawing ([`Game::render`]), so colours
//! appear where the variant has them. Bad input gets a message and changes
//! nothing.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::game::{game_end, Game, History, Side};
use crate::search::{Level, Limits, Searcher};

/// Who plays each side, and how the engine plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayConfig {
    /// Whether a person plays `[south, north]`; the engine plays the others.
    pub humans: [bool; 2],
    /// The engine's level.
    pub level: Level,
    /// The engine's time per move.
    pub movetime: Duration,
    /// The seed of the engine's random choices.
    pub seed: u64,
}

/// Parses a level name.
pub fn parse_level(text: &str) -> Option<Level> {
    match text.to_ascii_lowercase().as_str() {
        "easy" => Some(Level::Easy),
        "medium" => Some(Level::Medium),
        "hard" => Some(Level::Hard),
        _ => None,
    }
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
    }
}

const HELP: &str = "Commands: a move (see the legal moves), undo, hint, level easy|medium|hard, \
movetime MS, board, moves, new, help, quit";

struct Session<'a, G: Game> {
    game: &'a G,
    config: PlayConfig,
    searcher: Searcher<G>,
    positions: Vec<G::Position>,
    history: History<G::Key>,
    moves: Vec<String>,
}

impl<G: Game> Session<'_, G> {
    fn pos(&self) -> G::Position {
        *self.positions.last().unwrap_or(&self.game.start())
    }

    fn restart(&mut self) {
        let start = self.game.start();
        self.positions = vec![start];
        self.history = History::new(self.game.key(&start));
        self.moves.clear();
        self.searcher.clear();
    }

    fn legal(&self) -> Vec<String> {
        let pos = self.pos();
        let mut list = G::Moves::default();
        self.game.legal_moves(&pos, &mut list);
        list.iter()
            .map(|&m| self.game.format_move(&pos, m))
            .collect()
    }

    fn who(&self, side: Side) -> String {
        let role = match (self.config.humans[side.index()], self.config.humans) {
            (true, [true, true]) => "player",
            (true, _) => "you",
            (false, _) => "engine",
        };
        format!("{side} ({role})")
    }

    fn show(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let pos = self.pos();
        let scores = self.game.scores(&pos);
        writeln!(out, "{}", self.game.render(&pos).trim_end())?;
        writeln!(
            out,
            "Captured: South {} - North {}   (move {})",
            scores[0],
            scores[1],
            self.moves.len() + 1
        )?;
        match game_end(self.game, &pos, &self.history) {
            Some(end) => {
                let result = match end.winner() {
                    Some(side) => format!("{} wins", self.who(side)),
                    None => "a draw".to_string(),
                };
                writeln!(
                    out,
                    "Game over: {} ({}): final score South {} - North {}.",
                    result, end.reason, end.scores[0], end.scores[1]
                )?;
                writeln!(out, "Type new for another game, undo, or quit.")?;
            }
            None => {
                let side = self.game.side_to_move(&pos);
                writeln!(out, "{} to move.", self.who(side))?;
                if self.config.humans[side.index()] {
                    writeln!(out, "Legal moves: {}", self.legal().join(" "))?;
                }
            }
        }
        Ok(())
    }

    fn over(&self) -> bool {
        game_end(self.game, &self.pos(), &self.history).is_some()
    }

    fn think(&mut self) -> Option<G::Move> {
        let pos = self.pos();
        self.searcher.set_level(self.config.level);
        let limits = Limits {
            movetime: Some(self.config.movetime),
            multipv: 1,
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let result = self
            .searcher
            .search(&pos, &self.history, &limits, &[], &stop, &mut |_| {});
        let mut list = G::Moves::default();
        self.game.legal_moves(&pos, &mut list);
        // Trust but verify: only a legal move is played.
        match result.best {
            Some(m) if list.contains(&m) => Some(m),
            _ => list.first().copied(),
        }
    }

    fn play(&mut self, mv: G::Move) {
        let pos = self.pos();
        self.moves.push(self.game.format_move(&pos, mv));
        let next = self.game.play(&pos, mv);
        self.history
            .push(self.game.key(&next), self.game.is_irreversible(&pos, &next));
        self.positions.push(next);
    }

    fn undo_one(&mut self) -> bool {
        if self.positions.len() <= 1 {
            return false;
        }
        self.positions.pop();
        self.history.pop();
        self.moves.pop();
        true
    }

    /// Takes back moves until a person is to move again (at the start, the
    /// engine may then play its first move again).
    fn undo(&mut self) -> bool {
        if !self.undo_one() {
            return false;
        }
        while !self.config.humans[self.game.side_to_move(&self.pos()).index()] {
            if !self.undo_one() {
                break;
            }
        }
        true
    }

    /// Lets the engine play while it is its turn.
    fn engine_turns(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        while !self.over() {
            let side = self.game.side_to_move(&self.pos());
            if self.config.humans[side.index()] {
                break;
            }
            let Some(mv) = self.think() else { break };
            let text = self.game.format_move(&self.pos(), mv);
            writeln!(out, "{} plays {text}", self.who(side))?;
            self.play(mv);
            self.show(out)?;
        }
        Ok(())
    }

    /// Handles one line; returns false on `quit`.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = words.collect();
        match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "board" | "d" => self.show(out)?,
            "moves" => {
                if self.over() {
                    writeln!(out, "The game is over: no legal move.")?;
                } else {
                    writeln!(out, "Legal moves: {}", self.legal().join(" "))?;
                }
                if !self.moves.is_empty() {
                    writeln!(out, "Played: {}", self.moves.join(" "))?;
                }
            }
            "new" => {
                self.restart();
                writeln!(out, "New game.")?;
                self.show(out)?;
                self.engine_turns(out)?;
            }
            "undo" => {
                if self.undo() {
                    writeln!(out, "Move taken back.")?;
                    self.show(out)?;
                    self.engine_turns(out)?;
                } else {
                    writeln!(out, "Nothing to take back.")?;
                }
            }
            "hint" => {
                if self.over() {
                    writeln!(out, "The game is over: no hint.")?;
                } else if let Some(mv) = self.think() {
                    writeln!(out, "Hint: {}", self.game.format_move(&self.pos(), mv))?;
                }
            }
            "level" => match rest.first().and_then(|l| parse_level(l)) {
                Some(level) if rest.len() == 1 => {
                    self.config.level = level;
                    writeln!(out, "Level set to {}.", level_name(level))?;
                }
                _ => writeln!(
                    out,
                    "Usage: level easy|medium|hard (now {}).",
                    level_name(self.config.level)
                )?,
            },
            "movetime" => match rest.first().map(|t| t.parse::<u64>()) {
                Some(Ok(ms)) if rest.len() == 1 && (1..=3_600_000).contains(&ms) => {
                    self.config.movetime = Duration::from_millis(ms);
                    writeln!(out, "The engine now thinks {ms} ms per move.")?;
                }
                _ => writeln!(
                    out,
                    "Usage: movetime MS, from 1 to 3600000 (now {}).",
                    self.config.movetime.as_millis()
                )?,
            },
            _ => {
                let pos = self.pos();
                let side = self.game.side_to_move(&pos);
                if self.over() {
                    writeln!(out, "The game is over. Type new, undo or quit.")?;
                } else if !self.config.humans[side.index()] {
                    writeln!(out, "It is the engine's turn.")?;
                } else if !rest.is_empty() {
                    writeln!(out, "'{line}': one move at a time. {HELP}")?;
                } else {
                    match self.game.parse_move(&pos, first) {
                        Ok(mv) => {
                            let text = self.game.format_move(&pos, mv);
                            writeln!(out, "{} plays {text}", self.who(side))?;
                            self.play(mv);
                            self.show(out)?;
                            self.engine_turns(out)?;
                        }
                        Err(e) => writeln!(
                            out,
                            "Not a move here: {e}. Legal moves: {}. Type help for the commands.",
                            self.legal().join(" ")
                        )?,
                    }
                }
            }
        }
        Ok(true)
    }
}

/// Runs a game in the terminal: reads commands from `input` until `quit` or
/// the end of input, writes everything to `output`.
pub fn run_play<G: Game>(
    game: &G,
    config: PlayConfig,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<()> {
    let mut searcher = Searcher::new(game.clone(), 16, 1);
    searcher.set_level(config.level);
    searcher.set_seed(config.seed);
    let start = game.start();
    let mut session = Session {
        game,
        config,
        searcher,
        positions: vec![start],
        history: History::new(game.key(&start)),
        moves: Vec::new(),
    };
    writeln!(
        output,
        "awale play: {} at level {}, {} ms per move. {HELP}",
        game.name(),
        level_name(session.config.level),
        session.config.movetime.as_millis()
    )?;
    session.show(output)?;
    session.engine_turns(output)?;
    let mut buf = Vec::new();
    loop {
        output.flush()?;
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        if !session.command(line.trim(), output)? {
            break;
        }
    }
    writeln!(output, "Bye.")?;
    output.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::Oware;

    fn run(humans: [bool; 2], script: &[u8]) -> String {
        let config = PlayConfig {
            humans,
            level: Level::Easy,
            movetime: Duration::from_millis(5),
            seed: 1,
        };
        let mut out = Vec::new();
        run_play(&Oware::default(), config, &mut &script[..], &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn two_people_play_and_undo() {
        let out = run([true, true], b"C\nf\nundo\nmoves\nquit\n");
        assert!(out.contains("South (player) plays C"), "{out}");
        assert!(out.contains("North (player) plays f"), "{out}");
        assert!(out.contains("Move taken back."), "{out}");
        assert!(out.contains("Played: C\n"), "{out}");
        assert!(out.ends_with("Bye.\n"), "{out}");
    }

    #[test]
    fn bad_input_is_explained() {
        let out = run(
            [true, false],
            b"Z\na\nlevel extreme\nmovetime x\nC C\n\x00\xff\nlevel medium\nmovetime 7\nundo\n",
        );
        assert!(out.contains("Not a move here: malformed move 'Z'"), "{out}");
        assert!(out.contains("illegal move a"), "{out}");
        assert!(out.contains("Usage: level"), "{out}");
        assert!(out.contains("Usage: movetime"), "{out}");
        assert!(out.contains("one move at a time"), "{out}");
        assert!(out.contains("Level set to medium."), "{out}");
        assert!(out.contains("7 ms per move"), "{out}");
        assert!(out.contains("Nothing to take back."), "{out}");
    }

    #[test]
    fn the_engine_answers_and_undo_returns_to_the_person() {
        let out = run([true, false], b"A\nhint\nundo\nmoves\n");
        assert!(out.contains("North (engine) plays "), "{out}");
        assert!(out.contains("Hint: "), "{out}");
        let tail = out.rsplit("Move taken back.").next().unwrap();
        assert!(tail.contains("South (you) to move."), "{out}");
        assert!(!out.contains("Played:"), "back at the start: {out}");
    }

    #[test]
    fn engine_against_engine_reaches_the_result() {
        let out = run([false, false], b"");
        assert!(out.contains("Game over: "), "{out}");
    }
}
