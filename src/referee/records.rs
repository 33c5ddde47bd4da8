//! The records file: every finished game, appended the moment it ends.
//!
//! # Format
//!
//! A UTF-8 text file of game records, each one a block of tag lines, a blank
//! line, the moves, and a terminator line, followed by a blank line:
//!
//! ```text
//! [Event "awale match"]
//! [EventId "5f0c3a9e21d7b4c8"]
//! [Game "4"]
//! [Date "2025-06-01T14:03:12Z"]
//! [Variant "oware"]
//! [Options "GrandSlam=capture"]
//! [TimeControl "movetime 100ms"]
//! [South "new"]
//! [North "old"]
//! [Opening "C f"]
//! [Result "0-1"]
//! [Scores "20-28"]
//! [Reason "a player reached the winning total"]
//! [Plies "61"]
//!
//! C f B a F c ...
//! 0-1
//! ```
//!
//! Tags, one per line, `[Name "value"]` with `\` and `"` escaped by a
//! backslash:
//! - `Event`: the event's name (`--event`); `EventId`: a fingerprint of the
//!   event's settings (engines, variant and options, time control, openings,
//!   ply limit, the adjudicating tables; not the number of games), which is
//!   how a resumed run knows its own games; `Game`: the game's number in
//!   the event, counted from 1 as on the screen (game `n` is number `n - 1`
//!   of [`super::schedule`]);
//! - `Date`: when the game ended, UTC;
//! - `Variant`, `Options` (`NAME=VALUE` separated by spaces, empty for the
//!   defaults), `TimeControl` (`movetime 100ms` or `BASE+INC` in seconds);
//! - `South` (player 1, who moves first) and `North`: the engines' names;
//! - `Opening`: the opening moves (also the first moves of the move line);
//! - `Result`: `1-0` (South won), `0-1` (North won) or `1/2-1/2`; `*` for
//!   a game still in progress, which only `awale play`'s `save` writes
//!   (the referee's resuming ignores such games);
//! - `Position` (optional): the position string the game began from, when
//!   it is not the variant's start (only `awale play` writes it);
//! - `Scores`: the final totals `south-north`, `-` when a fault ended the game
//!   or the tables adjudicated it knowing only its winner;
//! - `Reason`: why the game ended: the rules' ending, the ply-limit
//!   adjudication, the tables' adjudication (`adjudicated by the endgame
//!   tables: ...`), or `<side> (<engine>) forfeits: <fault>: <details>`
//!   where the fault is `illegal move`, `timeout`, `crash` or `no handshake`;
//! - `Plies`: the number of moves.
//!
//! The move line holds every move from the start position, the opening
//! included, in the variant's notation, separated by spaces (empty when no
//! move was played). The terminator repeats the result.
//!
//! # Safety of the file
//!
//! A record is written with one `write` call and flushed to the disk
//! (`fsync`) before the next game is counted, so a killed run loses only the
//! games in progress. A record is complete only when its terminator line is
//! present; when the file is opened again, an incomplete last record (a run
//! killed while writing) is cut off, and the games already recorded for the
//! same event are not played again.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::game_runner::{FinishedGame, GameResult};
use super::report::GameSummary;
use super::schedule::pairing;
use super::RefereeError;

/// The `Result` of a game still in progress (saved by `awale play`).
pub const IN_PROGRESS: &str = "*";

/// One game read back from a records file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<String>,
}

impl Record {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The `Game` tag as a number (1 for the first game, see [`game_number`]).
    pub fn game(&self) -> Option<usize> {
        self.tag("Game")?.parse().ok()
    }

    /// The `Result` tag.
    pub fn result(&self) -> Option<GameResult> {
        GameResult::parse(self.tag("Result")?)
    }

    /// Writes the record as its block of text.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (name, value) in &self.tags {
            push_tag(&mut text, name, value);
        }
        text.push('\n');
        text.push_str(&self.moves.join(" "));
        text.push('\n');
        text.push_str(self.tag("Result").unwrap_or(IN_PROGRESS));
        text.push_str("\n\n");
        text
    }
}

/// Writes one tag line `[Name "value"]` (with its newline), `"` and `\`
/// escaped by a backslash and control characters written as spaces: the
/// tag lines of records and of OGN files alike.
pub fn push_tag(text: &mut String, name: &str, value: &str) {
    text.push('[');
    text.push_str(name);
    text.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                text.push('\\');
                text.push(c);
            }
            c if c.is_control() => text.push(' '),
            c => text.push(c),
        }
    }
    text.push_str("\"]\n");
}

/// Parses one tag line `[Name "value"]`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let rest = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

/// Where the parser is inside a record.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Part {
    Tags,
    MoveLine,
    Terminator,
}

/// Reads every complete record of `text`. Returns them with the byte length
/// of the text up to the end of the last complete record.
pub fn parse_records(text: &str) -> (Vec<Record>, usize) {
    let mut records = Vec::new();
    let mut complete_end = 0;
    let mut offset = 0;
    let mut current: Option<(Record, Part)> = None;
    for line in text.split_inclusive('\n') {
        offset += line.len();
        let trimmed = line.trim_end_matches(['\n', '\r']);
        if trimmed.starts_with("[Event ") {
            let record = Record {
                tags: Vec::new(),
                moves: Vec::new(),
            };
            current = Some((record, Part::Tags));
        }
        let Some((record, part)) = current.as_mut() else {
            continue;
        };
        match *part {
            Part::Tags if trimmed.is_empty() => *part = Part::MoveLine,
            Part::Tags => match parse_tag(trimmed) {
                Some(tag) => record.tags.push(tag),
                None => current = None,
            },
            Part::MoveLine => {
                record.moves = trimmed.split_whitespace().map(str::to_string).collect();
                *part = Part::Terminator;
            }
            Part::Terminator => {
                let complete = line.ends_with('\n')
                    && Some(trimmed) == record.tag("Result")
                    && (record.result().is_some() || trimmed == IN_PROGRESS);
                if complete {
                    if let Some((record, _)) = current.take() {
                        records.push(record);
                    }
                    complete_end = offset;
                } else {
                    current = None;
                }
            }
        }
    }
    if text[complete_end..].trim().is_empty() {
        complete_end = text.len();
    }
    (records, complete_end)
}

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
    /// Opens (or creates) `path` for appending, after cutting off an
    /// incomplete last record. Returns the file and every complete record
    /// already in it.
    pub fn open(path: &Path) -> Result<(RecordsFile, Vec<Record>), RefereeError> {
        let err =
            |e: std::io::Error| RefereeError::new(format!("records '{}': {e}", path.display()));
        let existing =
            match crate::files::read_bounded(path, super::RECORDS_MAX_LEN, "records file") {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(err(e)),
            };
        let text = String::from_utf8_lossy(&existing);
        let (records, end) = parse_records(&text);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(err)?;
        let tail = &text[end..];
        if !tail.trim().is_empty() {
            // Only a record cut short by a killed run is dropped; anything
            // else is not ours to delete.
            if !tail.trim_start().starts_with("[Event ") || text.len() != existing.len() {
                return Err(RefereeError::new(format!(
                    "records '{}': unrecognised text after the last complete record (byte {end})",
                    path.display()
                )));
            }
            log::warn!(
                "records '{}': dropping an incomplete last record ({} bytes)",
                path.display(),
                existing.len() - end
            );
            file.set_len(end as u64).map_err(err)?;
        }
        Ok((
            RecordsFile {
                file,
                path: path.to_path_buf(),
            },
            records,
        ))
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

/// The current time as `YYYY-MM-DDTHH:MM:SSZ` (UTC).
pub fn now_utc() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format_utc(secs)
}

/// Formats seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ`, using the
/// days-to-civil-date conversion of the proleptic Gregorian calendar.
pub fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// A stable 64-bit fingerprint (FNV-1a) of a text, written in hex.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: usize, reason: &str) -> Record {
        Record {
            tags: vec![
                ("Event".into(), "test".into()),
                ("Game".into(), game.to_string()),
                ("Result".into(), "1/2-1/2".into()),
                ("Reason".into(), reason.into()),
            ],
            moves: vec!["A".into(), "f".into()],
        }
    }

    #[test]
    fn records_round_trip_with_escapes() {
        let a = record(0, "said \"bestmove\" \\ late");
        let b = Record {
            moves: vec![],
            ..record(1, "x")
        };
        let text = a.to_text() + &b.to_text();
        let (read, end) = parse_records(&text);
        assert_eq!(read, vec![a, b]);
        assert_eq!(end, text.len());
    }

    #[test]
    fn a_game_in_progress_is_a_complete_record() {
        let mut r = record(0, "game in progress");
        r.tags[2].1 = IN_PROGRESS.into();
        let text = r.to_text();
        let (read, end) = parse_records(&text);
        assert_eq!(read, vec![r]);
        assert_eq!(read[0].result(), None);
        assert_eq!(end, text.len());
    }

    #[test]
    fn an_incomplete_last_record_is_ignored_and_cut() {
        let dir = std::env::temp_dir().join(format!("awale-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cut.txt");
        let full = record(0, "ok").to_text();
        let partial = &record(1, "ok").to_text()[..40];
        std::fs::write(&path, format!("{full}{partial}")).unwrap();
        let (mut file, read) = RecordsFile::open(&path).unwrap();
        assert_eq!(read.len(), 1);
        file.append(&record(2, "ok")).unwrap();
        let games: Vec<_> = read_records(&path)
            .unwrap()
            .iter()
            .map(|r| r.game())
            .collect();
        assert_eq!(games, vec![Some(0), Some(2)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Record dates are UTC ISO 8601, and fingerprints FNV-1a in hex.
    #[test]
    fn utc_dates_and_fingerprints_have_known_values() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56 UTC = 951827696.
        assert_eq!(format_utc(951_827_696), "2000-02-29T12:34:56Z");
        assert_eq!(fingerprint(""), "cbf29ce484222325");
        assert_ne!(fingerprint("a"), fingerprint("b"));
    }
}
