//! Opening the records file of an event that may be resumed: every record
//! in it is checked before any game is counted as played.
//!
//! A record counts only when it reads back whole ([`scan_records`]) and
//! its game is one the rules allow ([`check_record`]), once: a second
//! record of the same game of the same event (`EventId` and `Game`) is
//! bad too. Records of other events are checked alike and kept; they only
//! are not counted. A file with a bad record is refused, unchanged, with
//! the first bad record named, unless `repair` is asked: the bad records
//! are then moved to `FILE.rejected` (appended to what it holds, written
//! whole or not at all) and the file rewritten without them, so that their
//! games are played again. Only an incomplete last record, which a run
//! killed while writing leaves, is cut off without asking; the blank line
//! before it stays, so the records stay separated.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::record_check::check_record;
use super::records::{scan_records, Block, Record, RecordsFile};
use super::RefereeError;
use crate::files::{read_bounded, write_atomic};

/// A records file ready for the event's games.
pub struct Resumed {
    /// The file, open for appending.
    pub file: RecordsFile,
    /// Its good records, in file order.
    pub records: Vec<Record>,
    /// What was changed in it, for people: bad records moved aside, an
    /// incomplete last record cut off.
    pub notes: Vec<String>,
}

/// Where `--repair` moves the bad records of `path`: `path.rejected`.
pub fn rejected_path(path: &Path) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(".rejected");
    PathBuf::from(name)
}

/// The bytes of `path`, none when it does not exist.
fn read_or_empty(path: &Path) -> Result<Vec<u8>, RefereeError> {
    match read_bounded(path, super::RECORDS_MAX_LEN, "records file") {
        Ok(bytes) => Ok(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(RefereeError::new(format!(
            "records '{}': {e}",
            path.display()
        ))),
    }
}

/// The blocks of a scanned file sorted into good records and bad blocks
/// (each with what is wrong with it).
fn sort_blocks(blocks: &[Block]) -> (Vec<Record>, Vec<(&Block, String)>) {
    let mut good: Vec<Record> = Vec::new();
    let mut bad = Vec::new();
    // The finished games seen so far: (EventId, Game) and their line.
    let mut seen: Vec<((&str, &str), usize)> = Vec::new();
    for block in blocks {
        let record = match &block.record {
            Ok(record) => record,
            Err(why) => {
                bad.push((block, why.clone()));
                continue;
            }
        };
        if let Err(why) = check_record(record) {
            bad.push((block, why));
            continue;
        }
        let key = match (record.tag("EventId"), record.tag("Game"), record.result()) {
            (Some(event), Some(game), Some(_)) => Some((event, game)),
            _ => None,
        };
        if let Some(key) = key {
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                bad.push((
                    block,
                    format!("the game is recorded twice, first at line {first}"),
                ));
                continue;
            }
            seen.push((key, block.line));
        }
        good.push(record.clone());
    }
    (good, bad)
}

/// Opens the records file `path` (created when missing) for an event,
/// after checking every record in it (see the module's documentation).
/// With `repair`, bad records are moved to [`rejected_path`] instead of
/// refusing the file.
pub fn open_records(path: &Path, repair: bool) -> Result<Resumed, RefereeError> {
    let fail = |e: std::io::Error| RefereeError::new(format!("records '{}': {e}", path.display()));
    let bytes = read_or_empty(path)?;
    let scan = scan_records(&bytes);
    let (records, bad) = sort_blocks(&scan.blocks);
    let mut notes = Vec::new();
    let described: Vec<String> = bad
        .iter()
        .map(|(block, why)| format!("{}: {why}", block.describe()))
        .collect();
    let rejected = rejected_path(path);
    if !repair {
        if let Some(first) = described.first() {
            let more = match bad.len() {
                1 => String::new(),
                n => format!(" (and {} more bad records)", n - 1),
            };
            return Err(RefereeError::new(format!(
                "{}: {first}{more}; the file is left as it is (--repair moves bad records to {} and plays their games again)",
                path.display(),
                rejected.display()
            )));
        }
    }
    // What stays of the file.
    let mut kept = Vec::with_capacity(bytes.len());
    let mut at = 0;
    let mut cut: Vec<_> = bad.iter().map(|(b, _)| b.span.clone()).collect();
    cut.extend(scan.incomplete.clone());
    cut.sort_by_key(|r| r.start);
    for span in &cut {
        kept.extend_from_slice(&bytes[at..span.start]);
        at = span.end;
    }
    kept.extend_from_slice(&bytes[at..]);
    // Records are separated by a blank line, the one the next record
    // appended needs too.
    let separate = !kept.is_empty() && !kept.ends_with(b"\n\n");
    if let Some(cut) = &scan.incomplete {
        notes.push(format!(
            "records '{}': cut off an incomplete last record (line {}, {} bytes), whose game is played again",
            path.display(),
            1 + bytes[..cut.start].iter().filter(|&&b| b == b'\n').count(),
            cut.len()
        ));
    }
    if !bad.is_empty() {
        let mut moved = read_or_empty(&rejected)?;
        for (block, _) in &bad {
            moved.extend_from_slice(&bytes[block.span.clone()]);
            if !moved.ends_with(b"\n") {
                moved.push(b'\n');
            }
        }
        write_atomic(&rejected, &moved).map_err(|e| {
            RefereeError::new(format!("rejected records '{}': {e}", rejected.display()))
        })?;
        if separate {
            kept.push(b'\n');
        }
        write_atomic(path, &kept).map_err(fail)?;
        notes.push(format!(
            "records '{}': moved {} bad record{} to '{}', whose games are played again: {}",
            path.display(),
            bad.len(),
            if bad.len() == 1 { "" } else { "s" },
            rejected.display(),
            described.join("; ")
        ));
        let file = RecordsFile::append_to(path)?;
        return Ok(Resumed {
            file,
            records,
            notes,
        });
    }
    let mut file = RecordsFile::append_to(path)?;
    if let Some(cut) = &scan.incomplete {
        file.truncate(cut.start as u64)?;
    }
    if separate {
        file.write_raw(b"\n")?;
    }
    Ok(Resumed {
        file,
        records,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::records::read_records;

    /// A fresh directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("awale-resume-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A finished oware game of event `e1`: North wins by a forfeit
    /// after `moves`.
    fn record(game: usize, moves: &str) -> Record {
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        Record {
            tags: vec![
                ("Event".into(), "test".into()),
                ("EventId".into(), "e1".into()),
                ("Game".into(), game.to_string()),
                ("Variant".into(), "oware".into()),
                ("Options".into(), String::new()),
                ("Result".into(), "0-1".into()),
                ("Scores".into(), "-".into()),
                (
                    "Reason".into(),
                    "South (a) forfeits: timeout: no bestmove in time".into(),
                ),
                ("Plies".into(), moves.len().to_string()),
            ],
            moves,
        }
    }

    fn text(records: &[Record]) -> String {
        records.iter().map(Record::to_text).collect()
    }

    #[test]
    fn good_records_open_and_the_file_is_left_as_it_is() {
        let dir = scratch("good");
        let path = dir.join("r.txt");
        let content = text(&[record(1, "A f"), record(2, "")]);
        std::fs::write(&path, &content).unwrap();
        let resumed = open_records(&path, false).unwrap();
        assert_eq!(resumed.records.len(), 2);
        assert!(resumed.notes.is_empty());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), content);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bad_record_is_refused_unchanged_then_moved_aside_with_repair() {
        let dir = scratch("bad");
        let path = dir.join("r.txt");
        // Game 2 plays North's hole first.
        let content = text(&[record(1, "A f"), record(2, "A f a"), record(3, "B")]);
        std::fs::write(&path, &content).unwrap();
        let err = open_records(&path, false).err().unwrap().to_string();
        assert!(
            err.contains("r.txt: game 2 (line 14): move 3 \"a\": illegal move a"),
            "{err}"
        );
        assert!(err.contains("--repair"), "{err}");
        assert!(!err.contains('\n'), "one line: {err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), content);
        assert!(!rejected_path(&path).exists());

        let resumed = open_records(&path, true).unwrap();
        let games: Vec<_> = resumed.records.iter().map(Record::game).collect();
        assert_eq!(games, vec![Some(1), Some(3)]);
        assert!(
            resumed.notes[0].contains("moved 1 bad record"),
            "{:?}",
            resumed.notes
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text(&[record(1, "A f"), record(3, "B")])
        );
        assert_eq!(
            std::fs::read_to_string(rejected_path(&path)).unwrap(),
            record(2, "A f a").to_text()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_game_recorded_twice_is_a_bad_record() {
        let dir = scratch("twice");
        let path = dir.join("r.txt");
        std::fs::write(&path, text(&[record(1, "A"), record(1, "B")])).unwrap();
        let err = open_records(&path, false).err().unwrap().to_string();
        assert!(
            err.contains("game 1 (line 14): the game is recorded twice, first at line 1"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_incomplete_last_record_is_cut_keeping_the_blank_line() {
        let dir = scratch("cut");
        let path = dir.join("r.txt");
        let full = record(1, "A").to_text();
        let partial = &record(2, "B").to_text()[..40];
        std::fs::write(&path, format!("{full}{partial}")).unwrap();
        let mut resumed = open_records(&path, false).unwrap();
        assert_eq!(resumed.records.len(), 1);
        assert!(resumed.notes[0].contains("incomplete last record"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), full);
        resumed.file.append(&record(3, "C")).unwrap();
        let games: Vec<_> = read_records(&path)
            .unwrap()
            .iter()
            .map(Record::game)
            .collect();
        assert_eq!(games, vec![Some(1), Some(3)]);
        // A record whose blank line was not written yet gets it.
        let cut = full.trim_end_matches('\n').to_string() + "\n";
        std::fs::write(&path, &cut).unwrap();
        open_records(&path, false).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), full);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
