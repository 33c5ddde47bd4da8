//! The searches of the worker's calls, on the calling thread: an engine
//! move, a hint or the values of the moves, each for the movetime its
//! request gives ([`calls::movetime`], as on the server).

use awale_board::calls::{self, Board, Outcome, Prepared};
use awale_board::errors::ApiError;
use awale_core::search::Skill;

use crate::routes::Verb;

/// A seed for the weaker steps' random choices.
pub fn seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Runs the search `verb` asks for on the game `id` with the request's
/// `body`: what it found, the legal moves, and the search as it was
/// prepared (its game version and stop signal).
pub fn run(
    board: &Board,
    id: &str,
    verb: Verb,
    body: &[u8],
) -> Result<(Outcome, Vec<String>, Prepared), ApiError> {
    let req: calls::SearchBody = calls::parse_body(body)?;
    let skill = match verb {
        Verb::Engine => req.skill()?,
        _ => Skill::FULL,
    };
    let slot = board.store.get(id)?;
    let (mut prepared, ()) = calls::prepare(board, &slot, skill, true, seed(), || ())?;
    let time = calls::movetime(req.movetime, calls::DEFAULT_MOVETIME);
    let lines = match verb {
        Verb::Moves => prepared.legal.len(),
        _ => 1,
    };
    let outcome = calls::think_here(prepared.mind.as_mut(), &calls::limits(time, lines));
    let legal = prepared.legal.clone();
    Ok((outcome, legal, prepared))
}
