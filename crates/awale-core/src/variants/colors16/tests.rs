//! Unit tests of the `colors16` rules: sowing, the capture chain, the
//! endings, notation and the refusal of bad input.

use super::*;
use crate::game::{EndReason, Game};
use crate::variants::testing;

/// A position from the listed holes (others empty) and South's score; North
/// gets the rest of the 64 seeds.
fn setup(holes: &[(usize, &str)], south: u32, side: char) -> Board {
    testing::setup(&Colors16, holes, south, side)
}

/// The holes of a position as `(number, text)` for the non-empty ones.
fn holes(pos: &Board) -> Vec<(usize, String)> {
    testing::holes(&Colors16, pos)
}

#[track_caller]
fn assert_holes(pos: &Board, expected: &[(usize, &str)]) {
    testing::assert_holes(&Colors16, pos, expected);
}

fn play(pos: &Board, mv: &str) -> Board {
    testing::play(&Colors16, pos, mv)
}

#[test]
fn start_position_and_moves() {
    let game = Colors16;
    let start = game.start();
    assert_eq!(
        game.format_position(&start),
        format!("{}0-0-S", "2R2B-".repeat(16))
    );
    let written = testing::listed(&game, &start);
    assert_eq!(written[..4], ["1R", "1B", "3R", "3B"]);
    assert_eq!(written.len(), 16);
    assert_eq!(game.count_legal_moves(&start), 16);
}

#[test]
fn blue_seeds_skip_the_movers_holes() {
    let pos = setup(
        &[(1, "3B"), (2, "4R"), (3, "4R"), (4, "4R"), (6, "4R")],
        20,
        'S',
    );
    let next = play(&pos, "1B");
    assert_holes(&next, &[(2, "4R1B"), (3, "4R"), (4, "4R1B"), (6, "4R1B")]);
    assert_eq!(next.score(0), 20);
}

#[test]
fn nine_or_more_blue_seeds_lap_over_the_opponents_holes_only() {
    let even: Vec<(usize, &str)> = (2..=16).step_by(2).map(|h| (h, "4R")).collect();
    let mut start = even.clone();
    start.push((1, "10B"));
    let next = play(&setup(&start, 11, 'S'), "1b");
    let mut expected: Vec<(usize, String)> = (2..=16)
        .step_by(2)
        .map(|h| (h, if h <= 4 { "4R2B" } else { "4R1B" }.to_string()))
        .collect();
    expected.sort();
    assert_eq!(holes(&next), expected);
    assert_eq!(next.score(0), 11, "hole 4 holds 6: no capture");
}

#[test]
fn red_seeds_lap_past_the_origin() {
    // 16 red seeds from hole 1: one in each of 2..16, then hole 2 again.
    let pos = setup(&[(1, "16R"), (2, "4B"), (3, "4B"), (16, "4B")], 10, 'S');
    let next = play(&pos, "1R");
    let h = holes(&next);
    assert_eq!(h[0], (2, "2R4B".to_string()));
    assert_eq!(h[1], (3, "1R4B".to_string()));
    assert!(!h.iter().any(|&(n, _)| n == 1), "origin skipped: {h:?}");
}

#[test]
fn chain_crosses_from_the_opponents_holes_into_own_holes_and_the_origin() {
    let pos = setup(
        &[
            (2, "3R"),
            (3, "3R2B"),
            (4, "1R"),
            (5, "2B"),
            (6, "1B"),
            (8, "4R"),
            (9, "4R"),
            (10, "4B"),
        ],
        20,
        'S',
    );
    // Red to 4, 5, 6: 6 (North) = 2, 5 (South) = 3, 4 (North) = 2, the
    // origin 3 keeps its 2 blue, 2 (North) = 3; hole 1 is empty.
    let next = play(&pos, "3R");
    assert_eq!(next.score(0), 20 + 12);
    assert_holes(&next, &[(8, "4R"), (9, "4R"), (10, "4B")]);
    assert_eq!(Colors16.end(&next), None);
}

#[test]
fn starvation_takes_the_rest_before_the_eight_seed_end() {
    let pos = setup(&[(1, "1R"), (2, "1R"), (3, "4R"), (5, "2B")], 28, 'S');
    assert_eq!(
        Colors16.end(&pos),
        None,
        "8 seeds on the board: play goes on"
    );
    let next = play(&pos, "1R");
    // Hole 2 is captured (2); North is left without seeds, so South also
    // takes the 6 seeds left, although fewer than 8 remain.
    assert_eq!(Colors16.scores(&next), [36, 28]);
    assert!(holes(&next).is_empty());
    let end = Colors16.end(&next).unwrap();
    assert_eq!(end.reason, EndReason::Target);
    assert_eq!(end.scores, [36, 28]);
}

#[test]
fn the_eight_seed_end_does_not_count_the_leftovers() {
    let pos = setup(&[(1, "1R"), (2, "1R"), (3, "3B"), (4, "3R")], 28, 'S');
    let next = play(&pos, "1R");
    assert_eq!(Colors16.scores(&next), [30, 28]);
    let end = Colors16.end(&next).unwrap();
    assert_eq!(end.reason, EndReason::FewSeeds);
    assert_eq!(end.scores, [30, 28], "the 6 seeds left are not counted");
    assert_eq!(Colors16.count_legal_moves(&next), 0);
    let err = Colors16.parse_move(&next, "3B").unwrap_err().to_string();
    assert!(err.contains("game is over"), "{err}");
}

#[test]
fn targets_and_draws() {
    let won = setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 33, 'S');
    assert_eq!(Colors16.end(&won).unwrap().reason, EndReason::Target);
    let drawn = Colors16
        .parse_position(&format!("{}32-32-N", "0-".repeat(16)))
        .unwrap();
    let end = Colors16.end(&drawn).unwrap();
    assert_eq!((end.reason, end.winner()), (EndReason::EvenSplit, None));
    let going = setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 32, 'N');
    assert_eq!(Colors16.end(&going), None);
}

#[test]
fn a_starved_player_to_move_is_the_sweep_the_last_move_made() {
    // Only from a position string: North to move with no seed.
    let pos = setup(&[(1, "4R"), (3, "4B"), (5, "2R")], 20, 'N');
    let end = Colors16.end(&pos).unwrap();
    assert_eq!(end.scores, [30, 34]);
    assert_eq!(Colors16.count_legal_moves(&pos), 0);
}

#[test]
fn a_repeated_position_does_not_end_the_game() {
    let pos = setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 20, 'S');
    assert_eq!(Colors16.repetition_end(&pos), None);
}

#[test]
fn a_colour_the_hole_lacks_is_refused() {
    let pos = setup(&[(1, "2R"), (2, "4R"), (3, "4B")], 27, 'S');
    let err = Colors16.parse_move(&pos, "1B").unwrap_err().to_string();
    assert!(err.contains("hole 1 holds no blue seed"), "{err}");
    let err = Colors16.parse_move(&pos, "3r").unwrap_err().to_string();
    assert!(err.contains("no red"), "{err}");
}

#[test]
fn bad_input_is_refused_with_the_reason_and_the_position_is_unchanged() {
    let game = Colors16;
    let start = game.start();
    let cases = [
        ("", "expected a hole number"),
        ("14X", "'X' is not a colour"),
        ("2R", "belongs to the opponent"),
        ("17R", "from 1 to 16"),
        ("0B", "from 1 to 16"),
        ("R", "expected a hole number"),
        ("3", "colour is missing"),
        ("3RB", "not a colour"),
        ("99999999999999999999999R", "from 1 to 16"),
    ];
    testing::assert_moves_refused(&game, &start, "1R 2R", &cases);
    assert_eq!(start, Colors16.start());
    let pos = setup(&[(1, "2R"), (2, "4R"), (3, "4B")], 27, 'S');
    let err = game.parse_move(&pos, "5R").unwrap_err().to_string();
    assert!(err.contains("hole 5 holds no red seed"), "{err}");
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let game = Colors16;
    let start = format!("{}0-0-S", "2R2B-".repeat(16));
    assert_eq!(game.parse_position(&start), Ok(Colors16.start()));
    let cases = [
        (format!("{}1-0-S", "2R2B-".repeat(16)), "add up to 65"),
        (format!("{}0-0-S", "2R2B-".repeat(15)), "expected 19 fields"),
        (format!("{}0-0-X", "2R2B-".repeat(16)), "side to move"),
        (format!("3R1B-{}0-0-S", "2R2B-".repeat(15)), "33 red"),
        (format!("2X-{}0-0-S", "2R2B-".repeat(15)), "hole 1 '2X'"),
        (
            format!("-{}0-0-S", "2R2B-".repeat(15)),
            "hole 1 '' is empty",
        ),
        (format!("{}a-0-S", "2R2B-".repeat(16)), "South's score"),
        (
            format!("2S2B-{}0-0-S", "2R2B-".repeat(15)),
            "not a seed letter",
        ),
    ];
    testing::assert_refused(&cases, |text| game.parse_position(text));
}

#[test]
fn render_shows_every_hole() {
    let text = Colors16.render(&Colors16.start());
    assert_eq!(text.matches("2R2B").count(), 16);
    assert!(text.contains("South (odd holes) to move"));
}

#[test]
fn options_are_refused() {
    let mut game = Colors16;
    assert!(game.options().is_empty());
    let err = game.set_option("MustFeed", "true").unwrap_err().to_string();
    assert!(err.contains("no rule options"), "{err}");
}

#[test]
fn the_included_weights_pass_their_checks_and_are_used() {
    use crate::variants::family16::features::{COUNT, FEATURE_SET};
    let weights = crate::variants::weight_file::decode(COLORS16_WEIGHTS, FEATURE_SET, COUNT)
        .expect("the included weight file is good");
    assert_eq!(<Colors16 as Rules>::eval().weights(), &weights[..]);
}
