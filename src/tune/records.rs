//! Training positions from game records (the records files of `awale
//! match`, `awale tournament` and `awale play`, or OGN files of oware
//! games), for any variant with a
//! feature set: every game is replayed with the variant's own rules and
//! each position after the opening becomes a training position labelled
//! with the game's result. Records hold no search score, so the score
//! target of a position is its result too (a won game scores as a proven
//! win, a drawn one as 0): the fit then follows the results whatever its
//! `lambda`.
//!
//! Games lost by a forfeit (an illegal move, a timeout, a crash) are left
//! out: their result says nothing about the positions. A game identical to
//! one read before is left out too: an engine playing itself at a fixed
//! node count plays both games of an opening pair alike, and a position
//! counted twice would weigh twice in the fit.

use std::collections::HashSet;
use std::path::Path;

use super::data::{Dataset, PROVEN};
use crate::datagen::Error;
use crate::files::read_bounded;
use crate::game::{Features, Game, Line};
use crate::ogn;
use crate::referee::records::Record;
use crate::referee::saved::{changed_options, SavedGame};

/// What reading records added.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordsRead {
    /// Games whose positions were added.
    pub games: usize,
    /// Positions added.
    pub positions: usize,
    /// Games left out: forfeits and games still in progress.
    pub skipped: usize,
    /// Games left out as repeats of a game read before.
    pub repeats: usize,
}

/// Adds the positions of every game of the records file at `path` (or
/// of an OGN file, [`crate::ogn`], told by its content) to `data`. Every record must be a game of `game`'s variant with the same
/// rule options, and every move must be legal: anything else is an error
/// naming the file and the game (a wrong file is refused rather than
/// half used).
///
/// `seen` holds the games read so far (their start and moves), so that a
/// game repeated in this file or an earlier one is read once.
pub fn read<G: Features>(
    data: &mut Dataset,
    game: &G,
    path: &Path,
    seen: &mut HashSet<(Option<String>, Vec<String>)>,
) -> Result<RecordsRead, Error> {
    // A missing file is an error here (the referee's reader takes it for
    // an empty one, as a new match would).
    let bytes = read_bounded(path, crate::referee::RECORDS_MAX_LEN, "records file")
        .map_err(|e| Error::io(path, e))?;
    let records = ogn::records_of_bytes(&bytes)
        .map_err(|e| Error::Format(format!("{}: {e}", path.display())))?;
    let mut read = RecordsRead::default();
    let mut features = Vec::new();
    let options = changed_options(game);
    for (n, record) in records.iter().enumerate() {
        let number = record.game().unwrap_or(n + 1);
        let fail = |why: String| Error::Format(format!("{}: game {number}: {why}", path.display()));
        let Some(result) = record.result() else {
            read.skipped += 1;
            continue;
        };
        if record
            .tag("Reason")
            .is_some_and(|r| r.contains(" forfeits: "))
        {
            read.skipped += 1;
            continue;
        }
        let line = replay(game, &options, record).map_err(fail)?;
        let start = record.tag("Position").map(str::to_string);
        if !seen.insert((start, record.moves.clone())) {
            read.repeats += 1;
            continue;
        }
        let opening = record
            .tag("Opening")
            .map_or(0, |o| o.split_whitespace().count());
        for ply in opening..line.len() {
            let pos = line.position_after(ply).expect("a ply of the line");
            let side = game.side_to_move(pos);
            let points = result.points(side) as f32;
            let score = (points - 0.5) * 2.0 * PROVEN;
            features.clear();
            game.features(pos, &mut features);
            // Validation by the game's rank among distinct games (its
            // number would put only one game of each pair in the draw).
            data.push(
                &features,
                game.captured(pos),
                points,
                score,
                seen.len() as u32,
            );
            read.positions += 1;
        }
        read.games += 1;
    }
    Ok(read)
}

/// The line of `record`'s game, checked against `game`'s variant and its
/// rule options (`options`, as [`changed_options`] writes them).
fn replay<G: Game>(game: &G, options: &[String], record: &Record) -> Result<Line<G>, String> {
    let saved = SavedGame::from_record(record)?;
    if !saved.variant.eq_ignore_ascii_case(game.name()) {
        return Err(format!(
            "a game of {}, not of {}",
            saved.variant,
            game.name()
        ));
    }
    let theirs: Vec<String> = saved
        .options
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    if theirs != options {
        return Err(format!(
            "rule options '{}', expected '{}'",
            theirs.join(" "),
            options.join(" ")
        ));
    }
    let mut line = match &saved.position {
        Some(text) => Line::from_position(
            game.clone(),
            game.parse_position(text).map_err(|e| e.to_string())?,
        ),
        None => Line::new(game.clone()),
    };
    for (i, mv) in saved.moves.iter().enumerate() {
        line.play_text(mv)
            .map_err(|e| format!("move {} '{mv}': {e}", i + 1))?;
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::records::parse_records;
    use crate::variants::colors16::Colors16;

    fn record(moves: &str, result: &str, reason: &str) -> String {
        format!(
            "[Event \"t\"]\n[Game \"3\"]\n[Variant \"colors16\"]\n[Options \"\"]\n\
             [Opening \"1R\"]\n[Result \"{result}\"]\n[Reason \"{reason}\"]\n\n{moves}\n{result}\n\n"
        )
    }

    /// Writes `text` to a file of its own in the temporary directory.
    fn write(name: &str, text: &str) -> std::path::PathBuf {
        let path = crate::scratch::dir(&format!("tune-records-{name}")).join(name);
        std::fs::write(&path, text).expect("written");
        path
    }

    #[test]
    fn positions_after_the_opening_are_labelled_by_the_result() {
        let text = record("1R 2B 3B", "1-0", "adjudicated")
            + &record("1R 2R", "0-1", "South (x) forfeits: timeout")
            + &record("1R 2B 3B", "1-0", "adjudicated");
        assert_eq!(parse_records(&text).0.len(), 3);
        let path = write("labels.txt", &text);
        let mut data = Dataset::new();
        let mut seen = HashSet::new();
        let read = read(&mut data, &Colors16, &path, &mut seen).expect("read");
        assert_eq!(
            read,
            RecordsRead {
                games: 1,
                positions: 2,
                skipped: 1,
                repeats: 1,
            }
        );
        // After `1R` North moves (South won: 0), after `2B` South (1).
        assert_eq!(data.result, vec![0.0, 1.0]);
        assert_eq!(data.score, vec![-PROVEN, PROVEN]);
        assert_eq!(data.len(), 2);
        // A second file with the same game adds nothing.
        let again = super::read(&mut data, &Colors16, &path, &mut seen).expect("read");
        assert_eq!((again.games, again.repeats), (0, 2));
        assert_eq!(data.len(), 2);
    }

    #[test]
    fn another_variant_or_an_illegal_move_is_an_error() {
        let path = write("illegal.txt", &record("1R 1R", "1-0", "adjudicated"));
        let err = read(&mut Dataset::new(), &Colors16, &path, &mut HashSet::new())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("game 3") && err.contains("move 2 '1R'"),
            "{err}"
        );
        let text = record("1R", "1-0", "adjudicated").replace("colors16", "oware");
        let path = write("oware.txt", &text);
        let err = read(&mut Dataset::new(), &Colors16, &path, &mut HashSet::new())
            .unwrap_err()
            .to_string();
        assert!(err.contains("a game of oware"), "{err}");
    }
}
