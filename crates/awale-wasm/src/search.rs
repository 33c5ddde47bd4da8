//! The searches of the worker's calls, on the calling thread: an engine
//! move, a hint or the values of the moves, each for the movetime its
//! request gives ([`calls::movetime`], as on the server), in slices.

use std::time::Duration;

use awale_board::calls::{self, Board, Outcome, Prepared};
use awale_board::errors::ApiError;
use awale_core::search::{Limits, Skill};

use crate::routes::Verb;

/// A seed for the weaker steps' random choices.
pub fn seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A search of one call (an engine move, a hint, the values of the moves)
/// run in slices, so that the worker reads its messages in between: each
/// slice after the first goes on with the deepening where the one before
/// left it (the transposition table kept), and the deepest slice's
/// outcome is the call's.
pub struct Thinking {
    /// The call.
    pub verb: Verb,
    /// The search as it was prepared (its game version and stop signal).
    pub prepared: Prepared,
    /// The lines asked for: every legal move for their values, else one.
    lines: usize,
    /// The deepest slice's outcome so far.
    outcome: Option<Outcome>,
}

impl Thinking {
    /// The search `verb` asks for on the game `id` with the request's
    /// `body`, and its whole time ([`calls::movetime`], as on the server).
    pub fn start(
        board: &Board,
        id: &str,
        verb: Verb,
        body: &[u8],
    ) -> Result<(Thinking, Duration), ApiError> {
        let req: calls::SearchBody = calls::parse_body(body)?;
        let skill = match verb {
            Verb::Engine => req.skill()?,
            _ => Skill::FULL,
        };
        let slot = board.store.get(id)?;
        let (prepared, ()) = calls::prepare(board, &slot, skill, true, seed(), || ())?;
        let lines = match verb {
            Verb::Moves => prepared.legal.len(),
            _ => 1,
        };
        let thinking = Thinking {
            verb,
            prepared,
            lines,
            outcome: None,
        };
        Ok((
            thinking,
            calls::movetime(req.movetime, calls::DEFAULT_MOVETIME),
        ))
    }

    /// Thinks `ms` more: whether more time may find more (not when the
    /// slice returned well before its time: a book or table move, a weaker
    /// step's capped search, a proven result).
    pub fn slice(&mut self, ms: f64) -> bool {
        let resume = self.outcome.is_some();
        let (outcome, early) = slice(&mut self.prepared, ms, self.lines, resume);
        if depth(Some(&outcome)) >= depth(self.outcome.as_ref()) {
            self.outcome = Some(outcome);
        }
        !early
    }

    /// What the slices found (nothing when none ran).
    pub fn outcome(&mut self) -> Outcome {
        self.outcome.take().unwrap_or(Outcome {
            best: None,
            reports: Vec::new(),
        })
    }
}

/// One slice of a search: `ms` of thinking (at least 1) for `lines` lines
/// with the prepared mind, its table kept from the slices before, and
/// with `resume` its deepening too ([`Limits::resume`]: a slice that
/// completes no iteration reports nothing); what it found, and whether it
/// returned well before its time (a book or table move, a capped search,
/// a proven result), so that more time would find no more.
pub fn slice(prepared: &mut Prepared, ms: f64, lines: usize, resume: bool) -> (Outcome, bool) {
    let time = Duration::from_millis(ms.max(1.0) as u64);
    let started = web_time::Instant::now();
    let limits = Limits {
        resume,
        ..calls::limits(time, lines)
    };
    let outcome = calls::think_here(prepared.mind.as_mut(), &limits);
    (outcome, started.elapsed() < time / 2)
}

/// The deepest iteration an outcome reports (0 for none).
fn depth(outcome: Option<&Outcome>) -> u32 {
    outcome
        .and_then(|o| o.reports.iter().map(|i| i.depth).max())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use awale_core::tables::loader::Source;

    /// The depths an outcome reports, in order.
    fn depths(outcome: &Outcome) -> Vec<u32> {
        outcome.reports.iter().map(|i| i.depth).collect()
    }

    /// A hint's search of a game out of the book, in slices: the first
    /// starts at depth 1, a resumed one after the deepest iteration before
    /// it (or reports nothing).
    #[test]
    fn slices_after_the_first_go_on_with_the_deepening() {
        let board = Board::new(Source::Off, None);
        let body = br#"{"position": "5-0-6-5-5-5-1-6-5-5-5-0-0-0-S"}"#;
        let id = calls::create(&board, body).unwrap().id;
        let (mut thinking, _) = Thinking::start(&board, &id, Verb::Hint, b"{}").unwrap();
        let (first, _) = slice(&mut thinking.prepared, 30.0, 1, false);
        let reached = *depths(&first).last().unwrap();
        assert_eq!(depths(&first)[0], 1);
        let (second, _) = slice(&mut thinking.prepared, 30.0, 1, true);
        assert!(
            depths(&second).iter().all(|&d| d > reached),
            "after depth {reached}: {:?}",
            depths(&second)
        );
    }
}
