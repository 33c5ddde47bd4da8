//! Checking a game record with the rules: a resumed event counts a
//! recorded game only when its moves and its result are those of a game
//! the referee could have played.
//!
//! The moves are replayed from the record's start (its `Variant`,
//! `Options` and optional `Position` tags) with the rules code the engines
//! and the referee use ([`Line`]): every move must be legal, `Plies` must
//! count them and `Opening` must begin them. What the result must then be
//! depends on the `Reason`:
//! - an ending of the rules: the moves must end the game, and `Result`
//!   and `Scores` be that ending's;
//! - the ply limit: the game must go on after its moves, which number at
//!   least the limit, and `Result` and `Scores` be the adjudication's
//!   ([`ply_limit_scores`]);
//! - the tables' adjudication: the game must go on after its moves, and
//!   `Result` be the winner of `Scores` when they are known (the tables
//!   themselves are not consulted);
//! - a forfeit: `Result` must be a win for the other side (a fault can
//!   come at any move, so the moves say nothing more).
//!
//! A game still in progress (`Result` `*`, from `awale play`) needs only
//! legal moves.

use super::adjudication::TABLES_REASON;
use super::game_runner::{forfeiting_side, ply_limit_of_reason, ply_limit_scores};
use super::records::Record;
use super::result::GameResult;
use super::saved::SavedGame;
use crate::game::{Game, GameEnd, Line};
use crate::registry::{self, Variant, Visitor};

/// Checks `record` with the rules of its variant (see the module's
/// documentation): what is wrong with it, in a sentence, if anything is.
pub fn check_record(record: &Record) -> Result<(), String> {
    let saved = SavedGame::from_record(record)?;
    struct Visit<'a>(&'a Record, &'a SavedGame);
    impl Visitor for Visit<'_> {
        type Output = Result<(), String>;
        fn visit<G: Variant>(self, game: G) -> Self::Output {
            check_with(&game, self.0, self.1)
        }
    }
    registry::visit(&saved.variant, &saved.options, Visit(record, &saved)).map_err(|e| {
        format!(
            "variant '{}' with options '{}': {e}",
            saved.variant,
            record.tag("Options").unwrap_or("")
        )
    })?
}

/// The `Scores` tag: `None` when absent or `-`.
fn scores_tag(record: &Record) -> Result<Option<[u32; 2]>, String> {
    let text = match record.tag("Scores") {
        None | Some("-") => return Ok(None),
        Some(text) => text,
    };
    let bad = || format!("[Scores \"{text}\"] is not SOUTH-NORTH");
    let (south, north) = text.split_once('-').ok_or_else(bad)?;
    Ok(Some([
        south.parse().map_err(|_| bad())?,
        north.parse().map_err(|_| bad())?,
    ]))
}

/// `[south, north]` as a `Scores` value.
fn split(scores: [u32; 2]) -> String {
    format!("{}-{}", scores[0], scores[1])
}

fn check_with<G: Game>(game: &G, record: &Record, saved: &SavedGame) -> Result<(), String> {
    let line = replay(game, saved)?;
    check_plies_and_opening(record, &saved.moves)?;
    let Some(result) = record.result() else {
        // A game in progress.
        return Ok(());
    };
    let claim = Claim {
        record,
        result,
        scores: scores_tag(record)?,
        reason: record.tag("Reason").unwrap_or(""),
        plies: saved.moves.len(),
    };
    claim.check(game, &line)
}

/// The record's moves played from its start: each must be legal.
fn replay<G: Game>(game: &G, saved: &SavedGame) -> Result<Line<G>, String> {
    let start = match &saved.position {
        Some(text) => game
            .parse_position(text)
            .map_err(|e| format!("[Position \"{text}\"]: {e}"))?,
        None => game.start(),
    };
    let mut line = Line::from_position(game.clone(), start);
    for (i, mv) in saved.moves.iter().enumerate() {
        line.play_text(mv)
            .map_err(|e| format!("move {} \"{mv}\": {e}", i + 1))?;
    }
    Ok(line)
}

/// `Plies` must count the moves, and `Opening` begin them.
fn check_plies_and_opening(record: &Record, moves: &[String]) -> Result<(), String> {
    let plies = moves.len();
    if let Some(tag) = record.tag("Plies") {
        if tag != plies.to_string() {
            return Err(format!("[Plies \"{tag}\"], but {plies} moves"));
        }
    }
    if let Some(opening) = record.tag("Opening") {
        let opening: Vec<&str> = opening.split_whitespace().collect();
        if opening.len() > plies || !moves.iter().zip(&opening).all(|(m, o)| m == o) {
            return Err("the moves do not begin with the Opening".into());
        }
    }
    Ok(())
}

/// What a finished game's record says of its ending.
struct Claim<'a> {
    record: &'a Record,
    result: GameResult,
    /// The `Scores` tag, when it gives them.
    scores: Option<[u32; 2]>,
    /// The `Reason` tag, empty when there is none.
    reason: &'a str,
    /// The number of moves.
    plies: usize,
}

impl Claim<'_> {
    /// Whether the claim is what the rules say of the moves of `line`,
    /// according to its `Reason` (see the module's description).
    fn check<G: Game>(&self, game: &G, line: &Line<G>) -> Result<(), String> {
        let reason = self.reason;
        let end = line.end();
        if let Some(side) = forfeiting_side(reason) {
            return self.expect(GameResult::win_for(side.opponent()));
        }
        let adjudicated =
            ply_limit_of_reason(reason).is_some() || reason.starts_with(TABLES_REASON);
        if let (Some(end), true) = (end, adjudicated) {
            return Err(format!(
                "the moves end the game ({}), yet [Reason \"{reason}\"]",
                end.reason
            ));
        }
        if let Some(limit) = ply_limit_of_reason(reason) {
            return self.check_ply_limit(game, line, limit);
        }
        if reason.starts_with(TABLES_REASON) {
            return match self.scores.map(GameResult::of_scores) {
                Some(r) if r != self.result => self.wrong_result(r),
                _ => Ok(()),
            };
        }
        let Some(end) = end else {
            return Err(format!(
                "the game goes on after its {} moves, yet [Result \"{}\"] with [Reason \"{reason}\"]",
                self.plies,
                self.result.as_str()
            ));
        };
        self.check_end(&end)
    }

    /// A game adjudicated at the ply limit `limit`: the adjudication's
    /// scores and result.
    fn check_ply_limit<G: Game>(
        &self,
        game: &G,
        line: &Line<G>,
        limit: usize,
    ) -> Result<(), String> {
        let plies = self.plies;
        if plies < limit {
            return Err(format!(
                "{plies} moves, fewer than the {limit}-ply limit of its Reason"
            ));
        }
        let expected = ply_limit_scores(game, line.position());
        if self.scores != Some(expected) {
            return Err(format!(
                "[Scores \"{}\"], but the adjudication gives {}",
                self.record.tag("Scores").unwrap_or(""),
                split(expected)
            ));
        }
        self.expect(GameResult::of_scores(expected))
    }

    /// A game the rules ended: that ending's scores and result.
    fn check_end(&self, end: &GameEnd) -> Result<(), String> {
        if let Some(scores) = self.scores {
            if scores != end.scores {
                return Err(format!(
                    "[Scores \"{}\"], but the moves end {}",
                    split(scores),
                    split(end.scores)
                ));
            }
        }
        if self.record.tag("Scores") == Some("-") {
            return Err(format!(
                "[Scores \"-\"], but the moves end {}",
                split(end.scores)
            ));
        }
        self.expect(end.winner().map_or(GameResult::Draw, GameResult::win_for))
    }

    /// Fine when the record's result is `expected`.
    fn expect(&self, expected: GameResult) -> Result<(), String> {
        if self.result == expected {
            Ok(())
        } else {
            self.wrong_result(expected)
        }
    }

    fn wrong_result(&self, expected: GameResult) -> Result<(), String> {
        Err(format!(
            "[Result \"{}\"], but the game's result is {}",
            self.result.as_str(),
            expected.as_str()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Line;
    use crate::referee::game_runner::{ply_limit_reason, ply_limit_scores};
    use crate::variants::oware::Oware;

    /// An oware record of `moves` with the given result tags.
    fn record(moves: &[String], result: &str, scores: &str, reason: &str) -> Record {
        Record {
            tags: vec![
                ("Event".into(), "test".into()),
                ("Variant".into(), "oware".into()),
                ("Options".into(), String::new()),
                ("Opening".into(), moves[..1].join(" ")),
                ("Result".into(), result.into()),
                ("Scores".into(), scores.into()),
                ("Reason".into(), reason.into()),
                ("Plies".into(), moves.len().to_string()),
            ],
            moves: moves.to_vec(),
        }
    }

    /// A whole game, each side playing its first legal move, and its end.
    fn played_out() -> (Vec<String>, crate::game::GameEnd) {
        let mut line = Line::new(Oware::default());
        while !line.is_over() {
            let mv = line.legal_moves()[0];
            line.play(mv).unwrap();
        }
        (line.moves_text(), line.end().unwrap())
    }

    fn result_of(end: &crate::game::GameEnd) -> &'static str {
        end.winner()
            .map_or(GameResult::Draw, GameResult::win_for)
            .as_str()
    }

    #[test]
    fn a_game_the_rules_ended_must_have_their_result_and_scores() {
        let (moves, end) = played_out();
        let scores = split(end.scores);
        let reason = end.reason.to_string();
        let good = record(&moves, result_of(&end), &scores, &reason);
        assert_eq!(check_record(&good), Ok(()));
        let other = if result_of(&end) == "1-0" {
            "0-1"
        } else {
            "1-0"
        };
        let err = check_record(&record(&moves, other, &scores, &reason)).unwrap_err();
        assert!(err.contains("but the game's result is"), "{err}");
        let err = check_record(&record(&moves, result_of(&end), "30-18", &reason)).unwrap_err();
        assert!(
            err.contains("[Scores \"30-18\"], but the moves end"),
            "{err}"
        );
        // One move fewer: the game goes on.
        let err = check_record(&record(
            &moves[..moves.len() - 1],
            result_of(&end),
            &scores,
            &reason,
        ))
        .unwrap_err();
        assert!(err.contains("the game goes on after its"), "{err}");
        let mut wrong_plies = good.clone();
        wrong_plies.tags.last_mut().unwrap().1 = "3".into();
        assert!(check_record(&wrong_plies)
            .unwrap_err()
            .contains("[Plies \"3\"]"));
    }

    #[test]
    fn an_illegal_move_is_named_by_its_number() {
        let moves: Vec<String> = ["A", "f", "a"].map(String::from).to_vec();
        let err =
            check_record(&record(&moves, "1-0", "-", "North (x) forfeits: crash")).unwrap_err();
        assert!(err.starts_with("move 3 \"a\": illegal move a"), "{err}");
    }

    #[test]
    fn adjudications_and_forfeits_are_checked_as_far_as_the_moves_tell() {
        let game = Oware::default();
        let (all, _) = played_out();
        let moves = all[..10].to_vec();
        let mut line = Line::new(game.clone());
        line.play_all(&moves.join(" ")).unwrap();
        let scores = ply_limit_scores(&game, line.position());
        let result = GameResult::of_scores(scores).as_str();
        let reason = ply_limit_reason(10);
        assert_eq!(
            check_record(&record(&moves, result, &split(scores), &reason)),
            Ok(())
        );
        let err = check_record(&record(&moves, result, "0-0", &reason)).unwrap_err();
        assert!(err.contains("but the adjudication gives"), "{err}");
        let err = check_record(&record(
            &moves,
            result,
            &split(scores),
            &ply_limit_reason(12),
        ))
        .unwrap_err();
        assert!(err.contains("fewer than the 12-ply limit"), "{err}");
        // The tables: the result must be the winner of the scores given.
        let tables = format!("{TABLES_REASON}perfect play ends 30-18");
        assert_eq!(
            check_record(&record(&moves, "1-0", "30-18", &tables)),
            Ok(())
        );
        assert!(check_record(&record(&moves, "0-1", "30-18", &tables)).is_err());
        // A forfeit is a win for the other side.
        let forfeit = "South (x) forfeits: timeout: no bestmove in time";
        assert_eq!(check_record(&record(&moves, "0-1", "-", forfeit)), Ok(()));
        assert!(check_record(&record(&moves, "1-0", "-", forfeit)).is_err());
    }
}
