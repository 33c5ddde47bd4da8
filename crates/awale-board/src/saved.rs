//! A game saved in the referee's records format ([`super::records`]) by
//! `awale play` or the web board, so that `awale play --load FILE` and the
//! referee's readers read it back. A game still in progress has the result
//! `*`; a game that did not begin at the variant's start position has a
//! `Position` tag with the position string it began from.

use crate::records::{now_utc, Record, IN_PROGRESS};
use crate::result::GameResult;
use awale_core::game::{Game, GameEnd};

/// The `Event` tag of a saved terminal game.
pub const EVENT: &str = "awale play";

/// A game read back from a record: everything needed to set it up again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The variant's name.
    pub variant: String,
    /// Its rule options, `(name, value)`.
    pub options: Vec<(String, String)>,
    /// The position string the game began from, when not the start.
    pub position: Option<String>,
    /// The moves played from there.
    pub moves: Vec<String>,
}

impl SavedGame {
    /// Reads the game of a record (from `awale play` or the referee).
    pub fn from_record(record: &Record) -> Result<SavedGame, String> {
        let variant = record
            .tag("Variant")
            .ok_or("the record has no Variant tag")?
            .to_string();
        let options = record
            .tag("Options")
            .unwrap_or("")
            .split_whitespace()
            .map(|pair| {
                pair.split_once('=')
                    .map(|(n, v)| (n.to_string(), v.to_string()))
                    .ok_or_else(|| format!("option '{pair}' is not NAME=VALUE"))
            })
            .collect::<Result<_, _>>()?;
        Ok(SavedGame {
            variant,
            options,
            position: record.tag("Position").map(str::to_string),
            moves: record.moves.clone(),
        })
    }
}

/// The rule options of `game` that differ from the defaults, as the
/// `NAME=VALUE` words of a record's `Options` tag.
pub fn changed_options<G: Game>(game: &G) -> Vec<String> {
    game.options()
        .iter()
        .filter(|o| o.current != o.default)
        .map(|o| format!("{}={}", o.name, o.current))
        .collect()
}

/// The record of a game of `game` that began at `start` and went on with
/// `moves`, between the players `names` (`[south, north]`), ended as `end`
/// (or still in progress).
pub fn record<G: Game>(
    game: &G,
    start: &G::Position,
    moves: &[String],
    names: [&str; 2],
    end: Option<GameEnd>,
) -> Record {
    let options = changed_options(game);
    let (result, scores, reason) = match end {
        Some(end) => (
            end.winner()
                .map_or(GameResult::Draw, GameResult::win_for)
                .as_str(),
            format!("{}-{}", end.scores[0], end.scores[1]),
            end.reason.to_string(),
        ),
        None => (IN_PROGRESS, "-".to_string(), "game in progress".to_string()),
    };
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), EVENT.into()),
        ("Date".into(), now_utc()),
        ("Variant".into(), game.name().into()),
        ("Options".into(), options.join(" ")),
    ];
    if *start != game.start() {
        tags.push(("Position".into(), game.format_position(start)));
    }
    tags.extend([
        ("South".into(), names[0].to_string()),
        ("North".into(), names[1].to_string()),
        ("Result".into(), result.into()),
        ("Scores".into(), scores),
        ("Reason".into(), reason),
        ("Plies".into(), moves.len().to_string()),
    ]);
    Record {
        tags,
        moves: moves.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::parse_records;
    use awale_core::variants::oware::Oware;

    #[test]
    fn a_game_in_progress_round_trips_through_the_records_format() {
        let mut game = Oware::default();
        game.set_option("GrandSlam", "capture").unwrap();
        let start = game
            .parse_position("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N")
            .unwrap();
        let moves = vec!["a".to_string(), "F".to_string()];
        let text = record(&game, &start, &moves, ["you", "engine"], None).to_text();
        let (read, end) = parse_records(&text);
        assert_eq!(end, text.len(), "{text}");
        assert_eq!(read.len(), 1, "{text}");
        assert_eq!(read[0].tag("Result"), Some("*"));
        let saved = SavedGame::from_record(&read[0]).unwrap();
        assert_eq!(
            saved,
            SavedGame {
                variant: "oware".into(),
                options: vec![("GrandSlam".into(), "capture".into())],
                position: Some(game.format_position(&start)),
                moves,
            }
        );
    }

    #[test]
    fn a_game_from_the_start_has_no_position_tag() {
        let game = Oware::default();
        let r = record(&game, &game.start(), &[], ["a", "b"], None);
        assert_eq!(r.tag("Position"), None);
        assert_eq!(r.tag("Options"), Some(""));
    }
}
