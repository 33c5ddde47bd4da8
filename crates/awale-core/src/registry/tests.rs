use super::tiny::Tiny;
use super::*;
use crate::game::testing::random_game_positions;
use crate::game::{EndReason, History, Line};
use crate::search::{Limits, Searcher};
use crate::variants::view;

/// What the tests read of a built variant.
struct Facts;

/// The facts [`Facts`] gathers.
struct Seen {
    name: &'static str,
    tables: bool,
    kinds: Vec<SeedKind>,
    /// Whether the hand-set weights change the evaluation somewhere.
    takes_evaluation: bool,
}

impl Visitor for Facts {
    type Output = Seen;
    fn visit<G: Variant>(self, game: G) -> Seen {
        let positions = random_game_positions(&game, 7, 20, 60);
        let mut kinds = Vec::new();
        for pos in &positions {
            for i in 0..game.hole_count() {
                for (kind, _) in game.hole_seeds(pos, i) {
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                }
            }
        }
        let mut hand_set = game.clone();
        hand_set.set_evaluation(&Evaluation::load(crate::variants::oware::eval::HAND_SET).unwrap());
        Seen {
            name: game.name(),
            tables: game.endgame_rules().is_some(),
            kinds,
            takes_evaluation: positions
                .iter()
                .any(|p| game.evaluate(p) != hand_set.evaluate(p)),
        }
    }
}

#[test]
fn every_entry_builds_under_its_name_and_offers_what_it_says() {
    assert_eq!(NAMES.len(), ENTRIES.len());
    for (entry, name) in ENTRIES.iter().zip(NAMES) {
        assert_eq!(entry.name, *name);
        let seen = visit(name, &[], Facts).unwrap();
        assert_eq!(seen.name, entry.name);
        assert_eq!(seen.tables, entry.tables, "{name}");
        assert_eq!(seen.takes_evaluation, entry.weight_files, "{name}");
        for kind in &seen.kinds {
            assert!(entry.seeds.contains(kind), "{name}: {kind:?}");
        }
        for kind in entry.seeds {
            assert!(seen.kinds.contains(kind), "{name}: no {kind:?} seen");
        }
        assert!(entry.arbiter_movetime_ms > 0);
    }
    assert_eq!(DEFAULT.name, "oware");
    assert!(is_default("OWARE") && !is_default("colors12"));
}

#[test]
fn the_built_in_book_is_a_book_of_the_entry_that_says_so() {
    let book = crate::book::Book::builtin().unwrap();
    assert_eq!(names_where(|e| e.book), [book.variant()]);
}

#[test]
fn one_variant_reads_weight_files_datagen_files_and_ogn() {
    let offers: [fn(&Entry) -> bool; 3] = [|e| e.weight_files, |e| e.training_data, |e| e.ogn];
    for offers in offers {
        assert_eq!(names_where(offers), ["oware"]);
    }
    assert!(is_variant::<crate::variants::oware::Oware>("Oware"));
    assert!(!is_variant::<crate::variants::oware::Oware>("colors12"));
}

#[test]
fn lookups_ignore_case_and_refuse_unknown_names() {
    assert_eq!(
        find("Transparent96").map(|e| e.arbiter_movetime_ms),
        Some(800)
    );
    assert!(find("chess").is_none());
    let err = visit("chess", &[], Facts).err().unwrap().to_string();
    assert!(err.contains("chess") && err.contains("oware"), "{err}");
    let err = build::<crate::variants::oware::Oware>("colors12", &[]).unwrap_err();
    assert!(err.to_string().contains("oware"), "{err}");
    let opts = [("GrandSlam".to_string(), "capture".to_string())];
    let game: crate::variants::oware::Oware = build("oware", &opts).unwrap();
    assert_eq!(game.options()[0].current, "capture");
    assert!(options("colors16")
        .unwrap()
        .iter()
        .all(|o| o.current == o.default));
}

/// A registry as a project with one more variant would declare it: the
/// test-only [`Tiny`], its folder, and one entry.
mod with_tiny {
    use super::super::{registry, Entry};
    use super::Tiny;

    registry! {
        crate::variants::oware::Oware => Entry::plain("oware"),
        Tiny => Entry::plain("tiny"),
    }
}

/// Runs the generic code on the chosen variant: perft, a search, the
/// board view and a line of play.
struct Generic;

/// What [`Generic`] found.
#[derive(Debug, PartialEq, Eq)]
struct Report {
    name: &'static str,
    perft: Vec<u64>,
    best_is_legal: bool,
    seeds_sown: bool,
    played: usize,
}

impl Visitor for Generic {
    type Output = Report;
    fn visit<G: Variant>(self, game: G) -> Report {
        let start = game.start();
        let mut history = History::new(game.key(&start));
        let perft = (1..=6)
            .map(|d| crate::perft::perft(&game, &start, &mut history, d))
            .collect();
        let mut searcher = Searcher::new(game.clone(), 1, 1);
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let result = searcher.search(&start, &history, &limits, &[], &stop, &mut |_| {});
        let mut legal = G::Moves::default();
        game.legal_moves(&start, &mut legal);
        let best_is_legal = result.best.is_some_and(|m| legal.contains(&m));
        let seeds_sown = legal.iter().all(|&mv| {
            let shown = view::describe(&game, &start, mv);
            shown.sown.len() as u32 == game.hole_total(&start, shown.hole - 1)
        });
        let mut line = Line::new(game.clone());
        while !line.is_over() && line.len() < 200 {
            let mv = line.legal_moves()[0];
            line.play(mv).unwrap();
        }
        Report {
            name: game.name(),
            perft,
            best_is_legal,
            seeds_sown,
            played: line.len(),
        }
    }
}

#[test]
fn a_variant_with_its_folder_and_one_entry_runs_the_generic_code() {
    assert_eq!(with_tiny::ENTRIES.len(), 2);
    let report = with_tiny::visit("TINY", &[], Generic).unwrap();
    assert_eq!(report.name, "tiny");
    // Either first move captures a North hole, leaving North one move.
    assert_eq!(report.perft[..2], [2, 2]);
    assert!(report.perft.iter().all(|&n| n > 0), "{report:?}");
    assert!(report.best_is_legal && report.seeds_sown, "{report:?}");
    assert!(report.played > 0 && report.played < 200, "{report:?}");
    // The same code on a real variant through the same dispatch.
    let oware = with_tiny::visit("oware", &[], Generic).unwrap();
    assert_eq!(oware.perft[..3], [6, 36, 190]);
    let err = with_tiny::visit("colors12", &[], Generic).unwrap_err();
    assert!(err.to_string().contains("oware, tiny"), "{err}");
}

#[test]
fn the_tiny_variant_plays_by_its_rules() {
    let game = Tiny;
    let pos = game.start();
    assert_eq!(game.format_position(&pos), "2-2-2-2-0-0-S");
    // Hole 2's two seeds land in 3 and 4: 4 now holds 3, captured.
    let next = game.play(&pos, game.parse_move(&pos, "2").unwrap());
    assert_eq!(game.format_position(&next), "2-0-3-0-3-0-N");
    assert_eq!(game.parse_position("2-0-3-0-3-0-N").unwrap(), next);
    assert!(game.parse_move(&next, "1").is_err());
    assert!(game.parse_position("2-2-2-2-0-1-S").is_err());
    let over = game.parse_position("0-0-1-2-5-0-N").unwrap();
    assert_eq!(game.end(&over).map(|e| e.reason), Some(EndReason::Target));
    let stuck = game.parse_position("0-0-1-2-3-2-S").unwrap();
    assert_eq!(game.end(&stuck).map(|e| e.scores), Some([3, 5]));
}

struct Name;
impl Visitor for Name {
    type Output = &'static str;
    fn visit<G: Variant>(self, game: G) -> &'static str {
        game.name()
    }
}

#[test]
fn every_listed_name_builds() {
    for name in NAMES {
        assert_eq!(visit(name, &[], Name).unwrap(), *name);
    }
    assert_eq!(visit("OWARE", &[], Name).unwrap(), "oware");
}

#[test]
fn unknown_variants_and_options_are_errors() {
    let err = visit("chess", &[], Name).unwrap_err().to_string();
    assert!(err.contains("chess") && err.contains("oware"), "{err}");
    let opts = vec![("Frobnicate".to_string(), "1".to_string())];
    let err = visit("oware", &opts, Name).unwrap_err().to_string();
    assert!(err.contains("Frobnicate"), "{err}");
}
