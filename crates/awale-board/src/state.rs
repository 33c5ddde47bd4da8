//! A game as the web board sees it: the line played, the moves that can be
//! redone, and the JSON state docs/web.md describes, with every legal move
//! described hole by hole by the rules layer ([`awale_core::variants::view`]).
//!
//! [`AnyBoardGame`] is the object-safe face of [`BoardGame`], so the store holds
//! games of every variant side by side.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::errors::ApiError;
use crate::mind::{MindSettings, WebMind};
use crate::notation::expand_moves;
use crate::saved;
use crate::think::Mind;
use awale_core::game::{GameEnd, GameError, Line, OptionKind, Side};
use awale_core::registry::{self, Variant, Visitor};
use awale_core::tables::loader::Source;
use awale_core::variants::view;

/// One hole of the board.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HoleJson {
    /// The hole's number, from 1.
    pub hole: usize,
    /// `S` or `N`.
    pub owner: &'static str,
    /// The hole's name in the notation.
    pub label: String,
    /// All its seeds.
    pub total: u32,
    /// Its seeds by kind.
    pub seeds: Vec<SeedsJson>,
}

/// Seeds of one kind in a hole.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SeedsJson {
    /// `plain`, `red`, `blue`, `black`, `clear` or `special`.
    pub kind: &'static str,
    /// How many.
    pub count: u32,
}

/// A legal move, described.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LegalJson {
    /// The move in the engine's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The hole it takes seeds from (or places a seed into), from 1.
    pub hole: usize,
    /// What to type for it.
    pub key: String,
    /// What it chooses among the moves of its hole, `null` when alone.
    pub choice: Option<String>,
    /// The holes the seeds land in, in order.
    pub sown: Vec<usize>,
    /// The holes it captures from.
    pub captured: Vec<usize>,
    /// The seeds it captures.
    pub gain: u32,
    /// The position string after it.
    pub position: String,
}

/// The move that led to the position.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LastJson {
    /// The move in the engine's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its hole, from 1.
    pub hole: usize,
    /// The holes the seeds landed in, in order.
    pub sown: Vec<usize>,
    /// The holes it captured from.
    pub captured: Vec<usize>,
    /// The seeds it captured.
    pub gain: u32,
    /// Who played it.
    pub side: &'static str,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct EndJson {
    /// `target`, `even_split`, `no_legal_move`, `repetition` or `few_seeds`.
    pub reason: &'static str,
    /// The reason in words.
    pub text: String,
    /// Final totals `[south, north]`.
    pub scores: [u32; 2],
    /// `S`, `N` or `null` for a draw.
    pub winner: Option<&'static str>,
}

/// What the endgame tables say of the position.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TableJson {
    /// The seeds still on the board that the side to move collects.
    pub value: u32,
    /// Whether the value holds whatever the history.
    pub exact: bool,
    /// The final totals `[south, north]` it leads to.
    pub scores: [u32; 2],
}

/// Seeds waiting to be placed.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HandJson {
    /// South's.
    #[serde(rename = "S")]
    pub south: u32,
    /// North's.
    #[serde(rename = "N")]
    pub north: u32,
}

/// The state of a game, as most calls answer it (docs/web.md).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StateJson {
    /// The game's id.
    pub id: String,
    /// The variant's name.
    pub variant: &'static str,
    /// Every rule option with its value.
    pub options: BTreeMap<&'static str, String>,
    /// The number of holes.
    pub holes: usize,
    /// The position string the line started from.
    pub start: String,
    /// The current position string.
    pub position: String,
    /// The moves played since the start.
    pub moves: Vec<String>,
    /// The moves that redo plays, next first.
    pub redo: Vec<String>,
    /// The side to move.
    pub side: &'static str,
    /// Captured seeds `[south, north]`.
    pub scores: [u32; 2],
    /// The holes, in order.
    pub board: Vec<HoleJson>,
    /// Seeds waiting to be placed, in a variant that has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<HandJson>,
    /// The legal moves.
    pub legal: Vec<LegalJson>,
    /// The move that led here.
    pub last: Option<LastJson>,
    /// How the game ended, or `null`.
    pub end: Option<EndJson>,
    /// What the endgame tables say, or `null`.
    pub table: Option<TableJson>,
    /// Whether a search of the game runs (an engine move, a hint, the
    /// values of the moves or an analysis).
    pub thinking: bool,
    /// The engine's move, when the engine just played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<serde_json::Value>,
}

/// A variant's options, for `GET /api/variants`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OptionJson {
    /// The option's name.
    pub name: &'static str,
    /// `combo` or `check`.
    pub kind: &'static str,
    /// Its default value.
    pub default: String,
    /// The values it takes.
    pub choices: Vec<&'static str>,
}

/// A variant, for `GET /api/variants`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct VariantJson {
    /// Its name.
    pub name: &'static str,
    /// Its number of holes.
    pub holes: usize,
    /// Its rule options.
    pub options: Vec<OptionJson>,
    /// The kinds of its seeds (`plain`, `red`, ...), as in a hole's
    /// `seeds`: the page draws each kind in its colour.
    pub seeds: Vec<&'static str>,
    /// Whether it has endgame tables.
    pub tables: bool,
    /// Whether its games can be saved as OGN.
    pub ogn: bool,
}

/// Every variant with its options and what it offers.
pub fn variants() -> Vec<VariantJson> {
    struct Describe;
    impl Visitor for Describe {
        type Output = VariantJson;
        fn visit<G: Variant>(self, game: G) -> VariantJson {
            let entry = registry::entry_of(&game);
            VariantJson {
                seeds: entry.map_or(vec![], |e| e.seeds.iter().map(|k| k.name()).collect()),
                tables: entry.is_some_and(|e| e.tables),
                ogn: entry.is_some_and(|e| e.ogn),
                name: game.name(),
                holes: game.hole_count(),
                options: game
                    .options()
                    .into_iter()
                    .map(|o| {
                        let (kind, choices) = match o.kind {
                            OptionKind::Combo { values } => ("combo", values),
                            OptionKind::Check => ("check", vec!["true", "false"]),
                        };
                        OptionJson {
                            name: o.name,
                            kind,
                            default: o.default,
                            choices,
                        }
                    })
                    .collect(),
            }
        }
    }
    awale_core::registry::NAMES
        .iter()
        .filter_map(|name| registry::visit(name, &[], Describe).ok())
        .collect()
}

/// A game of some variant, whatever it is: what the handlers ask of it.
pub trait AnyBoardGame: Send {
    /// The JSON state; `id` is the game's id, `tables` where the endgame
    /// tables come from.
    fn state(&self, id: &str, tables: &Source) -> StateJson;
    /// Plays a move in any accepted notation; clears the redo list.
    fn play(&mut self, text: &str) -> Result<(), ApiError>;
    /// Takes back the last move, keeping it for redo.
    fn undo(&mut self) -> Result<(), ApiError>;
    /// Plays the next move of the redo list.
    fn redo(&mut self) -> Result<(), ApiError>;
    /// The legal moves in the engine's notation.
    fn legal_moves(&self) -> Vec<String>;
    /// A thinker over the current position, playing as `settings` say
    /// (see [`WebMind::new`]).
    fn mind(&self, settings: &MindSettings) -> Box<dyn Mind>;
    /// The game in the referee's records format.
    fn record(&self) -> String;
}

/// A game of the variant `G`.
pub struct BoardGame<G: Variant> {
    line: Line<G>,
    /// The moves undone, last undone last, as written from their position.
    redo: Vec<String>,
}

/// What a new game is made of: every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The variant (default `oware`).
    pub variant: Option<String>,
    /// Rule options `(name, value)`.
    pub options: Vec<(String, String)>,
    /// The position string to start from.
    pub position: Option<String>,
    /// Moves to play from there.
    pub moves: Vec<String>,
}

/// Builds the game `setup` describes. An unknown variant or option value
/// is 422, a bad position string 400, a move that cannot be played 409.
pub fn build(setup: &Setup) -> Result<Box<dyn AnyBoardGame>, ApiError> {
    struct Build<'a>(&'a Setup);
    impl Visitor for Build<'_> {
        type Output = Result<Box<dyn AnyBoardGame>, ApiError>;
        fn visit<G: Variant>(self, game: G) -> Self::Output {
            let start = match &self.0.position {
                Some(text) => game
                    .parse_position(text)
                    .map_err(|e| ApiError::BadRequest(format!("position: {e}")))?,
                None => game.start(),
            };
            let mut line = Line::from_position(game, start);
            let moves = expand_moves(self.0.moves.iter().map(String::as_str));
            line.play_all(&moves)
                .map_err(|e| ApiError::Conflict(format!("moves: {e}")))?;
            Ok(Box::new(BoardGame {
                line,
                redo: Vec::new(),
            }))
        }
    }
    let variant = setup
        .variant
        .as_deref()
        .unwrap_or(awale_core::registry::NAMES[0]);
    registry::visit(variant, &setup.options, Build(setup))
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?
}

fn side_letter(side: Side) -> &'static str {
    match side {
        Side::South => "S",
        Side::North => "N",
    }
}

fn end_json(end: GameEnd) -> EndJson {
    use awale_core::game::EndReason::*;
    EndJson {
        reason: match end.reason {
            Target => "target",
            EvenSplit => "even_split",
            NoLegalMove => "no_legal_move",
            Repetition => "repetition",
            FewSeeds => "few_seeds",
        },
        text: end.reason.to_string(),
        scores: end.scores,
        winner: end.winner().map(side_letter),
    }
}

/// The part of a move's text after the hole number: what it chooses among
/// the moves of its hole (`R2` of `3R2`, `TB` of `5TB`).
fn choice_text(text: &str) -> String {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.is_empty() {
        text.to_string()
    } else {
        rest.to_string()
    }
}

/// An error of the rules about a move, as an API error: the game is over,
/// or the move is not legal now (both 409).
fn move_error(e: GameError) -> ApiError {
    ApiError::Conflict(e.to_string())
}

impl<G: Variant> BoardGame<G> {
    fn hole(game: &G, pos: &G::Position, i: usize) -> HoleJson {
        let seeds: Vec<SeedsJson> = game
            .hole_seeds(pos, i)
            .into_iter()
            .map(|(kind, count)| SeedsJson {
                kind: kind.name(),
                count,
            })
            .collect();
        HoleJson {
            hole: i + 1,
            owner: side_letter(game.owner(i)),
            label: game.hole_label(i),
            total: seeds.iter().map(|s| s.count).sum(),
            seeds,
        }
    }

    fn legal(&self) -> Vec<LegalJson> {
        let game = self.line.game();
        let pos = self.line.position();
        let moves = self.line.legal_moves();
        let holes: Vec<usize> = moves.iter().map(|&m| game.hole_of(pos, m)).collect();
        moves
            .iter()
            .zip(&holes)
            .map(|(&mv, &h)| {
                let text = game.format_move(pos, mv);
                let view = view::describe(game, pos, mv);
                let alone = holes.iter().filter(|&&o| o == h).count() == 1;
                LegalJson {
                    hole: view.hole,
                    key: text.clone(),
                    choice: (!alone).then(|| choice_text(&text)),
                    sown: view.sown,
                    captured: view.captured,
                    gain: view.gain,
                    position: game.format_position(&game.play(pos, mv)),
                    mv: text,
                }
            })
            .collect()
    }

    fn last(&self) -> Option<LastJson> {
        let game = self.line.game();
        let plies = self.line.len().checked_sub(1)?;
        let pos = self.line.position_after(plies)?;
        let mv = *self.line.moves().last()?;
        let view = view::describe(game, pos, mv);
        Some(LastJson {
            mv: game.format_move(pos, mv),
            hole: view.hole,
            sown: view.sown,
            captured: view.captured,
            gain: view.gain,
            side: side_letter(game.side_to_move(pos)),
        })
    }

    /// What the tables (if ready) say of the position, in a variant that
    /// has them: the final scores known for this history, and whether they
    /// hold under every history.
    fn table(&self, tables: &Source) -> Option<TableJson> {
        let (game, pos) = (self.line.game(), self.line.position());
        let loaded = game.load_tables(tables)?.get()?;
        let oracle = game.endgame_oracle(&loaded)?;
        let fresh = self.line.history().reversible_plies() == 0;
        let scores = oracle.final_scores(pos, fresh)?;
        let me = game.side_to_move(pos).index();
        Some(TableJson {
            value: scores[me] - game.scores(pos)[me],
            exact: oracle.final_scores(pos, false).is_some(),
            scores,
        })
    }
}

impl<G: Variant> AnyBoardGame for BoardGame<G> {
    fn state(&self, id: &str, tables: &Source) -> StateJson {
        let game = self.line.game();
        let pos = self.line.position();
        StateJson {
            id: id.to_string(),
            variant: game.name(),
            options: game
                .options()
                .into_iter()
                .map(|o| (o.name, o.current))
                .collect(),
            holes: game.hole_count(),
            start: game.format_position(self.line.start()),
            position: game.format_position(pos),
            moves: self.line.moves_text(),
            redo: self.redo.iter().rev().cloned().collect(),
            side: side_letter(game.side_to_move(pos)),
            scores: game.scores(pos),
            board: (0..game.hole_count())
                .map(|i| Self::hole(game, pos, i))
                .collect(),
            hand: game
                .hand(pos)
                .map(|[south, north]| HandJson { south, north }),
            legal: self.legal(),
            last: self.last(),
            end: self.line.end().map(end_json),
            table: self.table(tables),
            thinking: false,
            engine: None,
        }
    }

    fn play(&mut self, text: &str) -> Result<(), ApiError> {
        if text.trim().is_empty() {
            return Err(ApiError::BadRequest("the move is empty".into()));
        }
        self.line.play_text(text.trim()).map_err(move_error)?;
        self.redo.clear();
        Ok(())
    }

    fn undo(&mut self) -> Result<(), ApiError> {
        let text = self.line.last_move_text().ok_or_else(|| {
            ApiError::Conflict("nothing to undo: the game is at its start".into())
        })?;
        self.line.undo();
        self.redo.push(text);
        Ok(())
    }

    fn redo(&mut self) -> Result<(), ApiError> {
        let text = self
            .redo
            .last()
            .cloned()
            .ok_or_else(|| ApiError::Conflict("nothing to redo".into()))?;
        self.line.play_text(&text).map_err(move_error)?;
        self.redo.pop();
        Ok(())
    }

    fn legal_moves(&self) -> Vec<String> {
        self.line.legal_moves_text()
    }

    fn mind(&self, settings: &MindSettings) -> Box<dyn Mind> {
        Box::new(WebMind::new(self.line.clone(), settings))
    }

    fn record(&self) -> String {
        let game = self.line.game();
        saved::record(
            game,
            self.line.start(),
            &self.line.moves_text(),
            ["South", "North"],
            self.line.end(),
        )
        .to_text()
    }
}

/// Reads the last game of a record text, in the records format or in OGN
/// (told by its content), into a [`Setup`]: 400 when the text holds no
/// game, its tags are malformed or its OGN does not read (the error names
/// the line).
pub fn setup_from_record(text: &str) -> Result<Setup, ApiError> {
    let records =
        crate::ogn::records_of_text(text).map_err(|e| ApiError::BadRequest(format!("OGN: {e}")))?;
    let record = records
        .last()
        .ok_or_else(|| ApiError::BadRequest("the text holds no game record".into()))?;
    let saved = saved::SavedGame::from_record(record).map_err(ApiError::BadRequest)?;
    Ok(Setup {
        variant: Some(saved.variant),
        options: saved.options,
        position: saved.position,
        moves: saved.moves,
    })
}

/// The OGN text of a game in the records format (one game): 422 for a
/// variant OGN does not cover.
pub fn ogn_of_record(text: &str) -> Result<String, ApiError> {
    let (records, _) = crate::records::parse_records(text);
    let record = records
        .last()
        .ok_or_else(|| ApiError::Internal("the game's record does not read back".into()))?;
    let game = crate::ogn::from_record(record).map_err(ApiError::Unprocessable)?;
    crate::ogn::write_game(&game).map_err(|e| ApiError::Internal(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oware() -> Box<dyn AnyBoardGame> {
        build(&Setup::default()).unwrap()
    }

    #[test]
    fn variants_say_their_seed_kinds_and_what_they_offer() {
        let all = variants();
        let names: Vec<&str> = all.iter().map(|v| v.name).collect();
        assert_eq!(names, awale_core::registry::NAMES);
        let of = |name| all.iter().find(|v| v.name == name).unwrap();
        assert_eq!(of("oware").seeds, ["plain"]);
        assert!(of("oware").tables && of("oware").ogn);
        assert_eq!(of("colors12").seeds, ["red", "black", "special"]);
        assert_eq!(of("transparent80").seeds, ["red", "blue", "clear"]);
        assert!(!of("colors16").tables && !of("colors16").ogn);
    }

    #[test]
    fn the_start_of_oware_is_described() {
        let state = oware().state("g1", &Source::Off);
        assert_eq!(state.variant, "oware");
        assert_eq!(state.holes, 12);
        assert_eq!(state.side, "S");
        assert_eq!(state.board.len(), 12);
        assert_eq!(state.board[0].label, "A");
        assert_eq!(state.board[6].owner, "N");
        assert_eq!(state.legal.len(), 6);
        let f = &state.legal[5];
        assert_eq!((f.mv.as_str(), f.hole, f.choice.as_deref()), ("F", 6, None));
        assert_eq!(f.sown, [7, 8, 9, 10]);
        assert_eq!(f.position, "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N");
        assert!(state.last.is_none() && state.end.is_none());
        assert_eq!(
            state.options.get("GrandSlam").map(String::as_str),
            Some("nocapture")
        );
    }

    #[test]
    fn undo_and_redo_walk_the_line() {
        let mut game = oware();
        assert!(matches!(game.undo(), Err(ApiError::Conflict(_))));
        game.play("F").unwrap();
        game.play("f").unwrap();
        game.undo().unwrap();
        game.undo().unwrap();
        assert_eq!(game.state("g", &Source::Off).redo, ["F", "f"]);
        game.redo().unwrap();
        let state = game.state("g", &Source::Off);
        assert_eq!(state.moves, ["F"]);
        assert_eq!(state.redo, ["f"]);
        let last = state.last.unwrap();
        assert_eq!((last.mv.as_str(), last.side), ("F", "S"));
        // A new move clears the redo list.
        game.play("a").unwrap();
        assert!(game.state("g", &Source::Off).redo.is_empty());
        assert!(matches!(game.redo(), Err(ApiError::Conflict(_))));
    }

    #[test]
    fn bad_setups_have_their_status() {
        /// A change that spoils a good set-up, and the HTTP status it gets.
        type Case = (fn(&mut Setup), u16);
        let cases: [Case; 4] = [
            (|s| s.variant = Some("chess".into()), 422),
            (
                |s| s.options = vec![("GrandSlam".into(), "sometimes".into())],
                422,
            ),
            (|s| s.position = Some("1-2-3".into()), 400),
            (|s| s.moves = vec!["F".into(), "F".into()], 409),
        ];
        for (change, status) in cases {
            let mut setup = Setup::default();
            change(&mut setup);
            let err = build(&setup).err().unwrap();
            assert_eq!(err.status_code(), status, "{setup:?}: {err}");
        }
    }

    #[test]
    fn colour_moves_offer_choices() {
        let setup = Setup {
            variant: Some("colors16".into()),
            ..Setup::default()
        };
        let state = build(&setup).unwrap().state("g", &Source::Off);
        assert_eq!(state.holes, 16);
        let first = &state.legal[0];
        assert_eq!(
            (first.mv.as_str(), first.choice.as_deref()),
            ("1R", Some("R"))
        );
        assert_eq!(state.board[1].owner, "N");
        assert!(state.hand.is_none());
        let setup = Setup {
            variant: Some("colors12".into()),
            ..Setup::default()
        };
        let state = build(&setup).unwrap().state("g", &Source::Off);
        assert_eq!(state.hand, Some(HandJson { south: 1, north: 1 }));
    }

    #[test]
    fn records_round_trip() {
        let mut game = oware();
        game.play("F").unwrap();
        let setup = setup_from_record(&game.record()).unwrap();
        assert_eq!(setup.moves, ["F"]);
        assert_eq!(setup.variant.as_deref(), Some("oware"));
        assert!(matches!(
            setup_from_record("nonsense"),
            Err(ApiError::BadRequest(_))
        ));
    }

    #[test]
    fn ogn_round_trips_and_covers_oware_only() {
        let mut game = oware();
        game.play("F").unwrap();
        game.play("f").unwrap();
        let text = ogn_of_record(&game.record()).unwrap();
        assert!(text.contains("\n1. F f *\n"), "{text}");
        let setup = setup_from_record(&text).unwrap();
        assert_eq!(setup.moves, ["F", "f"]);
        let err = setup_from_record("1. F f 2. Z *").unwrap_err();
        assert!(
            matches!(&err, ApiError::BadRequest(m) if m.contains("line 1")),
            "{err:?}"
        );
        let colors = build(&Setup {
            variant: Some("colors16".into()),
            ..Setup::default()
        })
        .unwrap();
        assert!(matches!(
            ogn_of_record(&colors.record()),
            Err(ApiError::Unprocessable(_))
        ));
    }
}
