//! OGN games and the referee's records ([`crate::records`]), each
//! turned into the other, and a records text told from an OGN one by its
//! content, so that every reader of records (`play --load`, `tune
//! --records`, the web board, `analyze --game`) takes OGN as well.
//!
//! From a record to OGN the tags other than `Variant`, `Options`,
//! `Position`, `Result`, `Scores` and `Plies` (and a `Reason` the rules
//! give again) are kept as they are; the
//! final scores become the result (`*` when the record has none, the
//! record's `Result` then kept as an `Outcome` tag). Back, `Result`,
//! `Scores`, `Reason` and `Plies` are worked out from the game (a
//! `Reason` or `Outcome` tag kept wins), `Event` comes first as records
//! need, and moves are written in the engine's notation. Records have no
//! comments: OGN's are lost on the way.

use super::reader::check_result;
use super::{parse, parse_bytes, OgnError, OgnGame, RESERVED};
use crate::records::{parse_records, Record, IN_PROGRESS};
use crate::result::GameResult;
use crate::saved::{changed_options, SavedGame};
use awale_core::game::{Game, Line, Side};
use awale_core::registry::{self, configured};
use awale_core::variants::oware::Oware;

/// The tag that keeps a record's `Result` when it has no final scores (a
/// forfeit, an adjudication knowing only the winner).
const OUTCOME: &str = "Outcome";

/// The record tags worked out again from the game, never copied.
const DERIVED: [&str; 7] = [
    "Variant", "Options", "Position", "Result", "Scores", "Plies", OUTCOME,
];

/// Whether `text` is OGN rather than awale's records format: records
/// begin with an `Event` tag, name the variant as awale does and write
/// their moves without numbers; OGN files begin with `[Variant "Oware
/// Abapa"]` (Aualé's) or number their moves.
pub fn is_ogn(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.next() else {
        return false;
    };
    if !first.starts_with("[Event ") {
        return true;
    }
    for line in lines {
        if line.starts_with('[') {
            if line.eq_ignore_ascii_case("[Variant \"Oware Abapa\"]") {
                return true;
            }
            continue;
        }
        let numbered = line.split_whitespace().any(|word| {
            let digits = word.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && word[digits..].starts_with('.')
        });
        return numbered || line.starts_with(['{', '(', ';']);
    }
    false
}

/// The games of a text in either format, as records (OGN games through
/// [`to_record`]): an OGN text must read without error; a records text
/// is read as the referee reads it (an incomplete last record is left
/// out).
pub fn records_of_text(text: &str) -> Result<Vec<Record>, OgnError> {
    if is_ogn(text) {
        parse(text)?.iter().map(to_record).collect()
    } else {
        Ok(parse_records(text).0)
    }
}

/// [`records_of_text`] for the bytes of a file: OGN must be UTF-8;
/// records are decoded leniently, as the referee does.
pub fn records_of_bytes(bytes: &[u8]) -> Result<Vec<Record>, OgnError> {
    let text = String::from_utf8_lossy(bytes);
    if is_ogn(&text) {
        parse_bytes(bytes)?.iter().map(to_record).collect()
    } else {
        Ok(parse_records(&text).0)
    }
}

/// The OGN game of a record: refused when it is not an `oware` game or
/// does not replay (an illegal move, scores the moves contradict).
pub fn from_record(record: &Record) -> Result<OgnGame, String> {
    let saved = SavedGame::from_record(record)?;
    if !registry::is_variant::<Oware>(&saved.variant) {
        return Err(format!(
            "a game of {}: OGN holds oware games only",
            saved.variant
        ));
    }
    let rules: Oware = configured(&saved.options).map_err(|e| e.to_string())?;
    let start = match &saved.position {
        Some(text) => rules.parse_position(text).map_err(|e| e.to_string())?,
        None => rules.start(),
    };
    let mut line = Line::from_position(rules, start);
    for (i, mv) in saved.moves.iter().enumerate() {
        line.play_text(mv)
            .map_err(|e| format!("move {} '{mv}': {e}", i + 1))?;
    }
    let mut game = OgnGame::from_line(&line);
    game.result = record.tag("Scores").and_then(|s| {
        let (a, b) = s.split_once('-')?;
        Some([a.parse().ok()?, b.parse().ok()?])
    });
    check_result(&line, game.result)
        .map_err(|why| format!("the record's scores contradict its moves: {why}"))?;
    let rules_reason = line.end().map(|end| end.reason.to_string());
    for (name, value) in &record.tags {
        let derived = name == "Reason" && rules_reason.as_ref() == Some(value);
        if !derived && !DERIVED.contains(&name.as_str()) && !RESERVED.contains(&name.as_str()) {
            game.tags.push((name.clone(), value.clone()));
        }
    }
    if game.result.is_none() {
        if let Some(result) = record.result() {
            game.set_tag(OUTCOME, result.as_str());
        }
    }
    Ok(game)
}

/// The record of an OGN game (see the module's description), or an
/// error when one of its moves is illegal.
pub fn to_record(game: &OgnGame) -> Result<Record, OgnError> {
    let line = game.line().map_err(|e| OgnError::new(0, e.to_string()))?;
    let end = line.end();
    let mut tags = vec![(
        "Event".to_string(),
        game.tag("Event").unwrap_or("?").to_string(),
    )];
    for (name, value) in &game.tags {
        if name != "Event" && name != "Reason" && !DERIVED.contains(&name.as_str()) {
            tags.push((name.clone(), value.clone()));
        }
    }
    let result = match (game.tag(OUTCOME).and_then(GameResult::parse), game.result) {
        (Some(outcome), _) => outcome.as_str(),
        (None, Some([s, n])) => match s.cmp(&n) {
            std::cmp::Ordering::Greater => GameResult::win_for(Side::South).as_str(),
            std::cmp::Ordering::Less => GameResult::win_for(Side::North).as_str(),
            std::cmp::Ordering::Equal => GameResult::Draw.as_str(),
        },
        (None, None) => IN_PROGRESS,
    };
    let reason = match (game.tag("Reason"), end, game.result) {
        (Some(reason), _, _) => reason.to_string(),
        (None, Some(end), _) => end.reason.to_string(),
        (None, None, Some(_)) => "adjudicated".to_string(),
        (None, None, None) => "game in progress".to_string(),
    };
    tags.push(("Variant".into(), game.rules.name().into()));
    tags.push(("Options".into(), changed_options(&game.rules).join(" ")));
    if game.start != game.rules.start() {
        tags.push(("Position".into(), game.rules.format_position(&game.start)));
    }
    tags.extend([
        ("Result".to_string(), result.to_string()),
        (
            "Scores".to_string(),
            game.result
                .map_or("-".to_string(), |[s, n]| format!("{s}-{n}")),
        ),
        ("Reason".to_string(), reason),
        ("Plies".to_string(), game.moves.len().to_string()),
    ]);
    Ok(Record {
        tags,
        moves: game.moves_text(),
    })
}
