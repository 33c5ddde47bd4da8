//! Rule tests for `oware`: each names the rule it would catch breaking.

use super::*;
use crate::game::{game_end, play_moves, History, Side};
use crate::variants::testing::Written;

fn pos(text: &str) -> Board {
    Oware::default().parse_position(text).unwrap()
}

fn play(game: &Oware, text: &str, mv: &str) -> String {
    let p = game.parse_position(text).unwrap();
    let m = game.parse_move(&p, mv).unwrap();
    game.format_position(&game.play(&p, m))
}

fn legal(game: &Oware, text: &str) -> Vec<String> {
    game.listed(&game.parse_position(text).unwrap())
}

/// Checks each `(position, move, position after)` of `cases` under the
/// default rules.
#[track_caller]
fn assert_sowings(cases: &[(&str, &str, &str)]) {
    let g = Oware::default();
    for &(before, mv, after) in cases {
        assert_eq!(play(&g, before, mv), after, "{before} {mv}");
    }
}

#[test]
fn sowing_without_a_lap() {
    assert_sowings(&[
        (
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
            "C",
            "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N",
        ),
        (
            "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N",
            "f",
            "5-5-1-6-5-5-5-4-4-4-4-0-0-0-S",
        ),
    ]);
}

#[test]
fn a_lap_skips_the_origin() {
    assert_sowings(&[
        // 12 seeds from hole 1: one in each of holes 2..12, the twelfth in hole 2.
        (
            "12-0-0-0-0-0-6-6-6-6-6-6-0-0-S",
            "A",
            "0-2-1-1-1-1-7-7-7-7-7-7-0-0-N",
        ),
        // 23 seeds from hole 12: two in each other hole, the 23rd in hole 1.
        (
            "1-1-1-1-1-1-0-0-0-0-0-23-0-19-N",
            "f",
            "4-3-3-3-3-3-2-2-2-2-2-0-0-19-S",
        ),
    ]);
}

#[test]
fn single_capture() {
    // F's last seed lands in hole 7, which held 1: 2 captured.
    assert_sowings(&[(
        "4-4-4-4-4-1-1-5-5-5-5-2-2-2-S",
        "F",
        "4-4-4-4-4-0-0-5-5-5-5-2-4-2-N",
    )]);
}

#[test]
fn chained_capture_and_what_stops_it() {
    assert_sowings(&[
        // E sows holes 6..9: 9 and 8 reach 3 and 2, then 7 holds 4: the chain stops there.
        (
            "4-4-4-4-4-4-3-1-2-5-5-5-1-2-S",
            "E",
            "4-4-4-4-0-5-4-0-0-5-5-5-6-2-N",
        ),
        // The chain stops at a hole left with 1 (hole 8 was empty).
        (
            "4-4-4-4-4-4-1-0-2-5-5-5-3-3-S",
            "E",
            "4-4-4-4-0-5-2-1-0-5-5-5-6-3-N",
        ),
        // The chain stops on reaching the mover's own side: hole 7 is
        // captured, hole 6 (South's, now 2) is not.
        (
            "4-4-4-4-2-1-1-5-5-5-5-5-2-1-S",
            "E",
            "4-4-4-4-0-2-0-5-5-5-5-5-4-1-N",
        ),
        // North captures on South's side, backwards from hole 2 to hole 1.
        (
            "1-1-5-5-5-5-4-4-4-4-4-2-2-2-N",
            "f",
            "0-0-5-5-5-5-4-4-4-4-4-0-2-6-S",
        ),
    ]);
}

const SLAM: &str = "0-0-0-0-0-2-1-1-0-0-0-0-22-22-S";

#[test]
fn grand_slam_nocapture_is_legal_and_takes_nothing() {
    let g = Oware::default();
    // F sows holes 7 and 8 to 2 each: that would take all of North's seeds.
    assert_eq!(play(&g, SLAM, "F"), "0-0-0-0-0-0-2-2-0-0-0-0-22-22-N");
}

#[test]
fn grand_slam_forbidden_makes_the_move_illegal() {
    let mut g = Oware::default();
    g.set_option("GrandSlam", "forbidden").unwrap();
    assert!(legal(&g, SLAM).is_empty());
    let err = g.parse_move(&pos(SLAM), "F").unwrap_err().to_string();
    assert!(err.contains("every seed"), "{err}");
    // With no legal move the game ends and each side collects its own seeds.
    let end = g.end(&pos(SLAM)).unwrap();
    assert_eq!(end.reason, EndReason::NoLegalMove);
    assert_eq!(end.scores, [24, 24]);
}

#[test]
fn grand_slam_capture_takes_everything() {
    let mut g = Oware::default();
    g.set_option("grandslam", "CAPTURE").unwrap();
    assert_eq!(play(&g, SLAM, "F"), "0-0-0-0-0-0-0-0-0-0-0-0-26-22-N");
}

const STARVED: &str = "0-0-0-3-1-0-0-0-0-0-0-0-22-22-S";

#[test]
fn must_feed_restricts_moves_to_those_that_reach_the_opponent() {
    let g = Oware::default();
    // North is empty: D (3 seeds to holes 5, 6, 7) feeds, E (1 seed to hole 6) does not.
    assert_eq!(legal(&g, STARVED), vec!["D"]);
    let err = g.parse_move(&pos(STARVED), "E").unwrap_err().to_string();
    assert!(err.contains("MustFeed"), "{err}");
}

#[test]
fn must_feed_off_allows_any_move() {
    let mut g = Oware::default();
    g.set_option("MustFeed", "false").unwrap();
    assert_eq!(legal(&g, STARVED), vec!["D", "E"]);
}

#[test]
fn no_legal_move_ends_the_game_and_each_side_collects() {
    let g = Oware::default();
    // South cannot feed North: game over, South keeps its 3 seeds.
    let p = pos("2-1-0-0-0-0-0-0-0-0-0-0-23-22-S");
    assert!(legal(&g, "2-1-0-0-0-0-0-0-0-0-0-0-23-22-S").is_empty());
    let end = g.end(&p).unwrap();
    assert_eq!(end.reason, EndReason::NoLegalMove);
    assert_eq!(end.scores, [26, 22]);
    assert_eq!(end.winner(), Some(Side::South));
    // North to move with an empty side: no move at all.
    let p = pos("2-1-0-0-0-0-0-0-0-0-0-0-23-22-N");
    assert_eq!(g.end(&p).unwrap().scores, [26, 22]);
}

#[test]
fn twenty_five_wins_at_once() {
    let g = Oware::default();
    let after = play(&g, "0-0-0-0-0-1-1-3-0-0-0-0-23-20-S", "F");
    assert_eq!(after, "0-0-0-0-0-0-0-3-0-0-0-0-25-20-N");
    let p = pos(&after);
    assert!(legal(&g, &after).is_empty(), "a decided game has no moves");
    let end = g.end(&p).unwrap();
    assert_eq!(end.reason, EndReason::Target);
    assert_eq!(end.scores, [25, 20]);
    assert_eq!(end.winner(), Some(Side::South));
}

#[test]
fn twenty_four_all_is_a_draw() {
    let g = Oware::default();
    let p = pos("0-0-0-0-0-0-0-0-0-0-0-0-24-24-N");
    let end = g.end(&p).unwrap();
    assert_eq!(end.reason, EndReason::EvenSplit);
    assert_eq!(end.winner(), None);
}

#[test]
fn repetition_ends_the_game_and_each_side_collects() {
    let g = Oware::default();
    let start = pos("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S");
    let history = History::new(g.key(&start));
    let cycle = "F f A a B b C c D d E e";
    let moves: Vec<&str> = cycle.split(' ').collect();
    let (before_last, h) = play_moves(&g, start, &history, &moves[..11].join(" ")).unwrap();
    assert_eq!(
        game_end(&g, &before_last, &h),
        None,
        "no repetition before the 12th ply"
    );
    let (end_pos, h) = play_moves(&g, start, &history, cycle).unwrap();
    assert_eq!(end_pos, start, "the cycle returns to the start");
    let end = game_end(&g, &end_pos, &h).unwrap();
    assert_eq!(end.reason, EndReason::Repetition);
    assert_eq!(end.scores, [24, 24]);
    // No move may be played once the game ended by repetition.
    assert!(play_moves(&g, end_pos, &h, "F").is_err());
}

/// A position reached again after an irreversible move (a capture, say)
/// is no repetition: the history before it is forgotten.
#[test]
fn an_irreversible_move_clears_the_repetition_history() {
    let mut h = History::new(1u128);
    h.push(2, false);
    h.push(1, true);
    assert!(!h.is_repetition());
}

#[test]
fn notation_accepts_letters_and_numbers() {
    let g = Oware::default();
    let start = g.start();
    assert_eq!(g.parse_move(&start, "C").unwrap(), Move(2));
    assert_eq!(g.parse_move(&start, " 3 ").unwrap(), Move(2));
    let north = pos("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N");
    assert_eq!(g.parse_move(&north, "f").unwrap(), Move(11));
    assert_eq!(g.parse_move(&north, "12").unwrap(), Move(11));
    let mut numbers = Oware::default();
    numbers.set_option("Notation", "numbers").unwrap();
    assert_eq!(numbers.format_move(&north, Move(11)), "12");
    assert_eq!(g.format_move(&north, Move(11)), "f");
}

#[test]
fn notation_errors_name_the_problem() {
    let g = Oware::default();
    let start = g.start();
    let cases = [
        ("", "empty"),
        ("G", "malformed"),
        ("13", "1 to 12"),
        ("0", "1 to 12"),
        ("AB", "malformed"),
        ("a", "opponent"),
        ("7", "opponent"),
        ("-1", "malformed"),
        ("1e", "malformed"),
    ];
    crate::variants::testing::assert_refused(&cases, |text| g.parse_move(&start, text));
    let empty = pos("0-4-4-4-4-4-4-4-4-4-4-8-0-0-S");
    assert!(g
        .parse_move(&empty, "A")
        .unwrap_err()
        .to_string()
        .contains("empty"));
}

#[test]
fn position_errors_name_the_problem() {
    let g = Oware::default();
    let cases = [
        ("4-4-4-4-4-4-4-4-4-4-4-4-0-S", "expected 15 fields"),
        ("4-4-4-4-4-4-4-4-4-4-4-4-0-0-0-S", "expected 15 fields"),
        ("4-4-4-4-4-4-4-4-4-4-4-x-0-0-S", "hole 12 is 'x'"),
        ("4-4-4-4-4-4-4-4-4-4-4-+4-0-0-S", "not a number"),
        ("4-4-4-4-4-4-4-4-4-4-4-4-0-1-S", "49 seeds"),
        ("4-4-4-4-4-4-4-4-4-4-4-3-0-0-S", "47 seeds"),
        ("4-4-4-4-4-4-4-4-4-4-4-4-0-0-W", "unknown side"),
        ("99-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "more than the 48"),
        ("", "expected 15 fields"),
    ];
    crate::variants::testing::assert_refused(&cases, |text| g.parse_position(text));
}

#[test]
fn options_reject_bad_values_and_leave_the_rules_unchanged() {
    let mut g = Oware::default();
    assert!(g.set_option("GrandSlam", "sometimes").is_err());
    assert!(g.set_option("MustFeed", "maybe").is_err());
    assert!(g.set_option("Notation", "roman").is_err());
    assert!(g.set_option("Colour", "red").is_err());
    assert_eq!(g, Oware::default());
    let names: Vec<_> = g.options().iter().map(|o| o.name).collect();
    assert_eq!(names, ["GrandSlam", "MustFeed", "Notation"]);
}

#[test]
fn render_shows_both_rows_and_scores() {
    let g = Oware::default();
    let text = g.render(&pos("1-2-3-4-5-6-7-8-0-0-0-0-5-7-N"));
    assert!(
        text.contains("North     0   0   0   0   8   7   captured 7"),
        "{text}"
    );
    assert!(
        text.contains("South     1   2   3   4   5   6   captured 5"),
        "{text}"
    );
    assert!(text.contains("North to move"), "{text}");
}

#[test]
fn the_game_ends_by_the_scores_or_for_want_of_a_legal_move_under_every_option() {
    // `end`'s quick tests against the rule as written: the scores first,
    // then no legal move (each player collecting his own side).
    // South's only move, F, would take North's last seeds: under
    // `forbidden` it is no move at all, though the hole is not empty.
    let slam_only = pos("0-0-0-0-0-1-1-0-0-0-0-0-23-23-S");
    let forbidden = Oware {
        grand_slam: GrandSlam::Forbidden,
        ..Oware::default()
    };
    let end = forbidden.end(&slam_only).expect("no legal move");
    assert_eq!((end.reason, end.scores), (EndReason::NoLegalMove, [24, 24]));
    assert_eq!(Oware::default().end(&slam_only), None);
    let mut rng = crate::rng::Rng::new(21);
    for grand_slam in [
        GrandSlam::NoCapture,
        GrandSlam::Forbidden,
        GrandSlam::Capture,
    ] {
        for must_feed in [true, false] {
            let g = Oware {
                grand_slam,
                must_feed,
                ..Oware::default()
            };
            let mut ended = [0; 2];
            for i in 0..20_000 {
                let p = Board::random(&mut rng, 48, 1 + i % 12);
                let mut moves = ArrayVec::new();
                g.legal_moves(&p, &mut moves);
                let expected = GameEnd::by_scores(g.scores(&p), WIN, DRAW).or_else(|| {
                    moves.is_empty().then(|| GameEnd {
                        reason: EndReason::NoLegalMove,
                        scores: p.collected_scores(),
                    })
                });
                assert_eq!(g.end(&p), expected, "{grand_slam:?} {must_feed} {p:?}");
                if let Some(end) = expected {
                    ended[usize::from(end.reason == EndReason::NoLegalMove)] += 1;
                }
            }
            assert!(ended.iter().all(|&n| n > 20), "both endings met: {ended:?}");
        }
    }
}
