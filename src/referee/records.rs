//! The records file: every finished game, appended the moment it ends,
//! in the records format of [`awale_board::records`] (whose names are
//! re-exported here). A record is written with one `write` call and
//! flushed to the disk (`fsync`) before the next game is counted; an event
//! resumes from the file ([`super::resume`]).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

pub use awale_board::records::*;

use super::game_runner::FinishedGame;
use super::report::GameSummary;
use super::schedule::pairing;
use super::RefereeError;

/// Reads the records of `path` (none when it does not exist).
pub fn read_records(path: &Path) -> Result<Vec<Record>, RefereeError> {
    match crate::files::read_bounded(path, super::RECORDS_MAX_LEN, "records file") {
        Ok(bytes) => Ok(parse_records(&String::from_utf8_lossy(&bytes)).0),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(RefereeError::new(format!(
            "cannot read records '{}': {e}",
            path.display()
        ))),
    }
}

/// An open records file, appending one record at a time.
pub struct RecordsFile {
    file: File,
    path: PathBuf,
}

impl RecordsFile {
    /// Opens (or creates) `path` for appending, as it is: the checks of
    /// what it holds are [`super::resume`]'s.
    pub fn append_to(path: &Path) -> Result<RecordsFile, RefereeError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| RefereeError::new(format!("records '{}': {e}", path.display())))?;
        Ok(RecordsFile {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Cuts the file to its first `len` bytes (an incomplete last record
    /// off), synced.
    pub fn truncate(&mut self, len: u64) -> Result<(), RefereeError> {
        self.file
            .set_len(len)
            .and_then(|_| self.file.sync_data())
            .map_err(|e| RefereeError::new(format!("records '{}': {e}", self.path.display())))
    }

    /// Appends `bytes` as they are (the blank line a last record lacks),
    /// synced.
    pub fn write_raw(&mut self, bytes: &[u8]) -> Result<(), RefereeError> {
        self.file
            .write_all(bytes)
            .and_then(|_| self.file.sync_data())
            .map_err(|e| RefereeError::new(format!("records '{}': {e}", self.path.display())))
    }

    /// Appends one record and flushes it to the disk. When that fails (a
    /// full disk), the part written is cut off again, so that the file
    /// still ends with a complete record.
    pub fn append(&mut self, record: &Record) -> Result<(), RefereeError> {
        let text = record.to_text();
        let before = self.file.metadata().map(|m| m.len());
        let written = self
            .file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.flush())
            .and_then(|_| self.file.sync_data());
        written.map_err(|e| {
            if let Ok(len) = before {
                if let Err(cut) = self.file.set_len(len) {
                    log::error!(
                        "records '{}': cannot cut a half-written record: {cut}",
                        self.path.display()
                    );
                }
            }
            RefereeError::new(format!("records '{}': {e}", self.path.display()))
        })
    }
}

/// The number people see for the game at 0-based `index` of a schedule:
/// the same on the screen ("Finished game 1") and in the `Game` tag.
pub fn game_number(index: usize) -> usize {
    index + 1
}

/// The tags every game of one event shares.
#[derive(Clone, Debug)]
pub struct EventTags {
    /// The event's name (`Event`).
    pub event: String,
    /// The fingerprint of the event's settings (`EventId`).
    pub event_id: String,
    /// The variant's name (`Variant`).
    pub variant: String,
    /// The rule options, `NAME=VALUE` separated by spaces (`Options`).
    pub options: String,
    /// The time control's text (`TimeControl`).
    pub time_control: String,
}

impl EventTags {
    /// The record of game number `index` of the event, finished as `g`
    /// between `south` and `north`.
    pub fn record(&self, south: &str, north: &str, index: usize, g: &FinishedGame) -> Record {
        Record {
            tags: vec![
                ("Event".into(), self.event.clone()),
                ("EventId".into(), self.event_id.clone()),
                ("Game".into(), game_number(index).to_string()),
                ("Date".into(), now_utc()),
                ("Variant".into(), self.variant.clone()),
                ("Options".into(), self.options.clone()),
                ("TimeControl".into(), self.time_control.clone()),
                ("South".into(), south.to_string()),
                ("North".into(), north.to_string()),
                ("Opening".into(), g.moves[..g.opening_plies].join(" ")),
                ("Result".into(), g.result.as_str().into()),
                (
                    "Scores".into(),
                    g.scores
                        .map_or("-".into(), |s| format!("{}-{}", s[0], s[1])),
                ),
                ("Reason".into(), g.reason.clone()),
                ("Plies".into(), g.moves.len().to_string()),
            ],
            moves: g.moves.clone(),
        }
    }
}

/// Resuming: the games of `existing` that belong to the event `event_id`
/// and still fit its schedule (the same number, within the `scheduled`
/// games, with the same engines `names` on the same sides of the
/// `encounters`), each game once.
pub fn resumed_games(
    existing: &[Record],
    event_id: &str,
    names: &[String],
    encounters: &[(usize, usize)],
    scheduled: usize,
) -> Vec<GameSummary> {
    let mut done: Vec<GameSummary> = Vec::new();
    for r in existing {
        if r.tag("EventId") != Some(event_id) {
            continue;
        }
        let index = r.game().and_then(|n| n.checked_sub(1));
        let (Some(index), Some(result)) = (index, r.result()) else {
            continue;
        };
        let find = |tag| names.iter().position(|n| Some(n.as_str()) == r.tag(tag));
        let (Some(south), Some(north)) = (find("South"), find("North")) else {
            continue;
        };
        let p = pairing(encounters, index);
        if index >= scheduled
            || (p.south, p.north) != (south, north)
            || done.iter().any(|g| g.index == index)
        {
            continue;
        }
        done.push(GameSummary {
            index,
            south,
            north,
            result,
            reason: r.tag("Reason").unwrap_or("").to_string(),
        });
    }
    done
}
