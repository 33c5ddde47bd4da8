//! The referee: plays engines against each other (`awale match`,
//! `awale tournament`).
//!
//! Every move an engine sends is checked with the same rules code the engine
//! itself uses, the [`Game`](crate::game::Game) trait; the referee has no
//! rules of its own. Everything here is generic over the variant.
//!
//! Layers, from the bottom:
//! - [`engine_process`]: an engine process and the three protocol adapters (`uci`,
//!   `aalina`, `arbiter`) behind the one [`engine_process::Engine`] trait;
//! - [`game_runner`]: one game between two engines, with clocks, the ply
//!   limit and fault detection; [`adjudication`]: ending it early where the
//!   endgame tables know its result;
//! - [`openings`], [`schedule`]: which game is played with which opening and
//!   colours;
//! - [`records`]: the append-only records file, the record of a game and
//!   resuming from it (the format is documented there); [`record_check`]:
//!   a record checked with the rules; [`resume`]: a records file checked
//!   whole before an event resumes from it, and repaired;
//! - [`stats`]: Elo, LOS, draw ratio and SPRT;
//! - [`report`]: an event's results and statistics; [`crosstable`]: the same
//!   as text (score, ranking, crosstable);
//! - [`event`]: running a whole match or tournament, games in parallel;
//! - [`progress`]: the live progress bar.
//!
//! The terminal game for people, which needs none of this, is
//! [`crate::play`].

pub mod adjudication;
pub mod clock;
pub mod crosstable;
pub mod engine_process;
pub mod event;
pub mod game_runner;
pub mod openings;
pub mod progress;
pub mod record_check;
pub mod records;
pub mod report;
pub use awale_board::result;
pub mod resume;
pub use awale_board::saved;
pub mod schedule;
pub mod stats;

/// The largest records file read (a game's record takes a few kilobytes:
/// some hundred thousand games); a larger file is refused before it is
/// read, by the referee resuming an event, `play --load` and
/// `tune --records` alike.
pub const RECORDS_MAX_LEN: u64 = 512 << 20;

/// An error of the referee: bad settings, an unreadable file, an opening
/// that is not legal. (Engine misbehaviour is not an error but a
/// [`game_runner::Fault`], which loses the game and lets the event go on.)
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RefereeError {
    message: String,
}

impl RefereeError {
    /// Wraps a message that says what is wrong.
    pub fn new(message: impl Into<String>) -> RefereeError {
        RefereeError {
            message: message.into(),
        }
    }
}

impl From<std::io::Error> for RefereeError {
    fn from(err: std::io::Error) -> RefereeError {
        RefereeError::new(err.to_string())
    }
}

impl From<crate::game::GameError> for RefereeError {
    fn from(err: crate::game::GameError) -> RefereeError {
        RefereeError::new(err.to_string())
    }
}
