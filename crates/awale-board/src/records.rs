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
//!   of the referee's schedule);
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
//! present. When an event resumes from the file (the referee's resume), every
//! record in it is read back and checked with the rules
//! (the referee's record check) before any is counted: damage anywhere (a line
//! that is not UTF-8 or holds a NUL byte, a tag line that does not parse, a
//! terminator other than the `Result`, text outside any record) or a game
//! the rules do not allow stops the event with the game and the reason
//! named, the file unchanged, unless `--repair` moves the bad records to
//! `FILE.rejected` and their games are played again. Only an incomplete last
//! record (a run killed while writing it) is cut off unasked, the blank line
//! before it kept; the games already recorded for the same event are not
//! played again.
//!
//! The other readers ([`parse_records`]: `awale play --load`, `tune`, OGN
//! conversion) take the complete records and leave damaged ones out.

//!
//! This module is the format itself, read and written as text; the
//! referee's `records` module appends to and resumes the files.

use std::ops::Range;

use web_time::{SystemTime, UNIX_EPOCH};

use crate::result::GameResult;

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

    /// The `Game` tag as a number (1 for the first game).
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

/// Where the reader is inside a record.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Part {
    Tags,
    MoveLine,
    Terminator,
    /// The terminator was read: only blank lines may follow.
    Done,
}

/// One part of a records file, as [`scan_records`] cuts it: a record, a
/// damaged record, or text between records that is no record at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Its bytes in the file: a record's from its `[Event ` line to the
    /// next record, the blank lines after it included.
    pub span: Range<usize>,
    /// The number (from 1) of its first line.
    pub line: usize,
    /// The `Game` tag's value, when it could be read.
    pub game: Option<String>,
    /// The record, or what is wrong with it.
    pub record: Result<Record, String>,
}

impl Block {
    /// The block for people: `game 3 (line 41)`, `a record (line 41)`, or
    /// `line 7` for text that is no record.
    pub fn describe(&self) -> String {
        match (&self.game, &self.record) {
            (Some(game), _) => format!("game {game} (line {})", self.line),
            (None, Err(why)) if why.starts_with(STRAY) => format!("line {}", self.line),
            (None, _) => format!("a record (line {})", self.line),
        }
    }
}

/// What is wrong with text between records.
const STRAY: &str = "text outside any record";

/// A records file cut into its parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// The records and the damaged parts, in file order.
    pub blocks: Vec<Block>,
    /// The bytes of an incomplete last record (a run killed while writing
    /// it): everything up to its terminator line was fine, and the file
    /// ends before that line does.
    pub incomplete: Option<Range<usize>>,
}

/// The text of one line (its line ending removed), or what is wrong with
/// its bytes.
fn line_text(bytes: &[u8]) -> Result<&str, String> {
    if bytes.contains(&0) {
        return Err("a NUL byte".into());
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("invalid UTF-8 (byte {} of the line)", e.valid_up_to() + 1))?;
    Ok(text.trim_end_matches(['\n', '\r']))
}

/// Whether `bytes`, a last line without its line ending, can be the start
/// of a line the referee wrote: no NUL, and UTF-8 except maybe for a
/// character cut in the middle at the end.
fn cut_line(bytes: &[u8]) -> bool {
    !bytes.contains(&0)
        && std::str::from_utf8(bytes).map_or_else(|e| e.error_len().is_none(), |_| true)
}

/// A record being read.
struct Reading {
    start: usize,
    line: usize,
    record: Record,
    part: Part,
    /// What is wrong with it, once something is.
    damage: Option<String>,
}

impl Reading {
    /// Reads line number `number` of the record (`bytes`, its ending
    /// included).
    fn take(&mut self, number: usize, bytes: &[u8]) {
        if self.damage.is_some() {
            return;
        }
        let text = match line_text(bytes) {
            Ok(text) => text,
            Err(why) => {
                self.damage = Some(format!("{why} on line {number}"));
                return;
            }
        };
        let record = &mut self.record;
        match self.part {
            Part::Tags if text.is_empty() => self.part = Part::MoveLine,
            Part::Tags => match parse_tag(text) {
                Some(tag) => record.tags.push(tag),
                None => {
                    self.damage = Some(format!("line {number} is not a tag line [Name \"value\"]"))
                }
            },
            Part::MoveLine => {
                record.moves = text.split_whitespace().map(str::to_string).collect();
                self.part = Part::Terminator;
            }
            Part::Terminator => {
                self.damage = match record.tag("Result") {
                    None => Some("no Result tag".into()),
                    Some(r) if r != IN_PROGRESS && GameResult::parse(r).is_none() => Some(format!(
                        "[Result \"{r}\"] is none of 1-0, 0-1, 1/2-1/2 and *"
                    )),
                    Some(r) if r != text => Some(format!(
                        "the terminator \"{text}\" on line {number} contradicts [Result \"{r}\"]"
                    )),
                    Some(_) => None,
                };
                self.part = Part::Done;
            }
            Part::Done => {}
        }
    }

    /// The block of the record, which ends at byte `end` of the file.
    fn block(self, end: usize) -> Block {
        let record = match (self.damage, self.part) {
            (Some(why), _) => Err(why),
            (None, Part::Done) => Ok(self.record.clone()),
            (None, _) => Err("the record ends before its terminator line".into()),
        };
        Block {
            span: self.start..end,
            line: self.line,
            game: self.record.tag("Game").map(str::to_string),
            record,
        }
    }
}

/// Cuts the bytes of a records file into its records, damaged records and
/// text between records, so that nothing in it goes unnoticed: a record
/// begins at a line that begins with `[Event `, and damage (a line that is
/// not UTF-8 or holds a NUL byte, a tag line that does not parse, a
/// terminator that is not the `Result`, a record without its terminator,
/// text after a terminator) makes its block an `Err` naming the line.
/// Only a last record the file ends in the middle of is set apart as
/// [`Scan::incomplete`].
pub fn scan_records(bytes: &[u8]) -> Scan {
    let mut scan = Scan::default();
    let mut reading: Option<Reading> = None;
    // Text outside any record: its start and first line.
    let mut stray: Option<(usize, usize)> = None;
    let mut offset = 0;
    for (index, line) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let number = index + 1;
        let start = offset;
        offset += line.len();
        let ended = line.ends_with(b"\n");
        if line.starts_with(b"[Event ") {
            if let Some(r) = reading.take() {
                scan.blocks.push(r.block(start));
            }
            if let Some((from, first)) = stray.take() {
                scan.blocks.push(Block {
                    span: from..start,
                    line: first,
                    game: None,
                    record: Err(STRAY.into()),
                });
            }
            reading = Some(Reading {
                start,
                line: number,
                record: Record {
                    tags: Vec::new(),
                    moves: Vec::new(),
                },
                part: Part::Tags,
                damage: None,
            });
        }
        let blank = line.iter().all(u8::is_ascii_whitespace);
        let between = reading.as_ref().map_or(true, |r| r.part == Part::Done);
        if between && !ended && stray.is_none() && b"[Event ".starts_with(line) {
            // The file ends in the middle of the first line of a record.
            if let Some(r) = reading.take() {
                scan.blocks.push(r.block(start));
            }
            scan.incomplete = Some(start..bytes.len());
            continue;
        }
        if let Some(r) = reading.as_mut() {
            if r.part != Part::Done {
                if !ended && r.damage.is_none() && cut_line(line) {
                    // The file ends in the middle of this record's line.
                    scan.incomplete = Some(r.start..bytes.len());
                    reading = None;
                } else {
                    r.take(number, line);
                }
                continue;
            }
            if blank {
                continue;
            }
            // Text after a finished record: the record ends here.
            if let Some(r) = reading.take() {
                scan.blocks.push(r.block(start));
            }
        }
        if !blank && stray.is_none() {
            stray = Some((start, number));
        }
    }
    if let Some(r) = reading {
        if r.part == Part::Done || r.damage.is_some() {
            scan.blocks.push(r.block(bytes.len()));
        } else {
            // Every line is whole, but the file ends before the terminator.
            scan.incomplete = Some(r.start..bytes.len());
        }
    }
    if let Some((from, first)) = stray {
        scan.blocks.push(Block {
            span: from..bytes.len(),
            line: first,
            game: None,
            record: Err(STRAY.into()),
        });
    }
    scan
}

/// Reads every complete record of `text`, leaving out damaged ones (see
/// [`scan_records`] for the whole story). Returns them with the byte
/// length of the text without an incomplete last record.
pub fn parse_records(text: &str) -> (Vec<Record>, usize) {
    let scan = scan_records(text.as_bytes());
    let end = scan.incomplete.map_or(text.len(), |cut| cut.start);
    let records = scan
        .blocks
        .into_iter()
        .filter_map(|b| b.record.ok())
        .collect();
    (records, end)
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
    format!("{:016x}", awale_core::checksum::fnv1a_64(text.as_bytes()))
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

    /// The damage in `text`, each as the block's description and the
    /// reason, and the bytes of an incomplete last record.
    fn damage(text: &[u8]) -> (Vec<String>, Option<Range<usize>>) {
        let scan = scan_records(text);
        let bad = scan
            .blocks
            .iter()
            .filter_map(|b| {
                b.record
                    .as_ref()
                    .err()
                    .map(|why| format!("{}: {why}", b.describe()))
            })
            .collect();
        (bad, scan.incomplete)
    }

    #[test]
    fn damage_anywhere_is_reported_with_its_game_and_line() {
        let a = record(1, "ok").to_text();
        let b = record(2, "ok").to_text();
        let c = record(3, "ok").to_text();
        let with = |middle: &str| format!("{a}{middle}{c}").into_bytes();
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (
                with(&b.replace("\n1/2-1/2\n", "\n1-0\n")),
                "game 2 (line 9): the terminator \"1-0\" on line 15 contradicts [Result \"1/2-1/2\"]",
            ),
            (
                with(&b.replace("[Reason", "Reason")),
                "game 2 (line 9): line 12 is not a tag line [Name \"value\"]",
            ),
            (
                with(&b.replace("A f", "A\0f")),
                "game 2 (line 9): a NUL byte on line 14",
            ),
            (
                with(&b.replace("\n1/2-1/2\n\n", "\n")),
                "game 2 (line 9): the record ends before its terminator line",
            ),
            (
                with(&format!("{b}a stray line\n\n")),
                "line 17: text outside any record",
            ),
        ];
        for (text, expected) in cases {
            let (bad, incomplete) = damage(&text);
            assert_eq!(
                bad,
                vec![expected.to_string()],
                "{}",
                String::from_utf8_lossy(&text)
            );
            assert_eq!(incomplete, None);
            // The good records are still read.
            let games: Vec<_> = parse_records(&String::from_utf8_lossy(&text))
                .0
                .iter()
                .map(Record::game)
                .collect();
            assert!(games.starts_with(&[Some(1)]) && games.ends_with(&[Some(3)]));
        }
        let mut bytes = with(&b);
        let at = a.len() + b.find("ok").unwrap();
        bytes[at] = 0xff;
        assert_eq!(
            damage(&bytes).0,
            vec!["game 2 (line 9): invalid UTF-8 (byte 10 of the line) on line 12".to_string()]
        );
    }

    #[test]
    fn only_a_last_record_the_file_ends_in_is_incomplete() {
        let a = record(1, "ok").to_text();
        let b = record(2, "é").to_text();
        for cut in 1..b.len() - 1 {
            let mut text = a.clone().into_bytes();
            text.extend_from_slice(&b.as_bytes()[..cut]);
            let (bad, incomplete) = damage(&text);
            assert!(bad.is_empty(), "cut at {cut}: {bad:?}");
            assert_eq!(incomplete, Some(a.len()..text.len()), "cut at {cut}");
            assert_eq!(parse_records(&a).1, a.len());
        }
        // A whole terminator line makes the record complete.
        let text = format!("{a}{}", b.trim_end_matches('\n')) + "\n";
        assert_eq!(damage(text.as_bytes()), (vec![], None));
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
