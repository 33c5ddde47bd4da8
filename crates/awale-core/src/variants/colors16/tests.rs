//! Unit tests of the `colors16` rules: sowing, the capture chain, the
//! endings, notation and the refusal of bad input.

use super::*;
use crate::game::{EndReason, Game, Scoreboard};
use crate::variants::testing::{self, Written};

#[test]
fn start_position_and_moves() {
    let game = Colors16;
    let start = game.assert_start_written(&format!("{}0-0-S", "2R2B-".repeat(16)));
    let written = game.listed(&start);
    assert_eq!(written[..4], ["1R", "1B", "3R", "3B"]);
    assert_eq!(written.len(), 16);
    assert_eq!(game.count_legal_moves(&start), 16);
}

#[test]
fn blue_seeds_skip_the_movers_holes() {
    let pos = Colors16.setup(
        &[(1, "3B"), (2, "4R"), (3, "4R"), (4, "4R"), (6, "4R")],
        20,
        'S',
    );
    Colors16.assert_plays(
        &pos,
        "1B",
        20,
        &[(2, "4R1B"), (3, "4R"), (4, "4R1B"), (6, "4R1B")],
    );
}

#[test]
fn nine_or_more_blue_seeds_lap_over_the_opponents_holes_only() {
    let even: Vec<(usize, &str)> = (2..=16).step_by(2).map(|h| (h, "4R")).collect();
    let mut start = even.clone();
    start.push((1, "10B"));
    let next = Colors16.played(&Colors16.setup(&start, 11, 'S'), "1b");
    let mut expected: Vec<(usize, String)> = (2..=16)
        .step_by(2)
        .map(|h| (h, if h <= 4 { "4R2B" } else { "4R1B" }.to_string()))
        .collect();
    expected.sort();
    assert_eq!(Colors16.holes(&next), expected);
    assert_eq!(next.score(0), 11, "hole 4 holds 6: no capture");
}

#[test]
fn red_seeds_lap_past_the_origin() {
    // 16 red seeds from hole 1: one in each of 2..16, then hole 2 again.
    let pos = Colors16.setup(&[(1, "16R"), (2, "4B"), (3, "4B"), (16, "4B")], 10, 'S');
    let next = Colors16.played(&pos, "1R");
    let h = Colors16.holes(&next);
    assert_eq!(h[0], (2, "2R4B".to_string()));
    assert_eq!(h[1], (3, "1R4B".to_string()));
    assert!(!h.iter().any(|&(n, _)| n == 1), "origin skipped: {h:?}");
}

#[test]
fn chain_crosses_from_the_opponents_holes_into_own_holes_and_the_origin() {
    let pos = Colors16.setup(
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
    let next = Colors16.assert_plays(&pos, "3R", 20 + 12, &[(8, "4R"), (9, "4R"), (10, "4B")]);
    assert_eq!(Colors16.end(&next), None);
}

#[test]
fn starvation_takes_the_rest_before_the_eight_seed_end() {
    let pos = Colors16.setup(&[(1, "1R"), (2, "1R"), (3, "4R"), (5, "2B")], 28, 'S');
    assert_eq!(
        Colors16.end(&pos),
        None,
        "8 seeds on the board: play goes on"
    );
    let next = Colors16.played(&pos, "1R");
    // Hole 2 is captured (2); North is left without seeds, so South also
    // takes the 6 seeds left, although fewer than 8 remain.
    assert_eq!(Colors16.scores(&next), [36, 28]);
    assert!(Colors16.holes(&next).is_empty());
    let end = Colors16.end(&next).unwrap();
    assert_eq!(end.reason, EndReason::Target);
    assert_eq!(end.scores, [36, 28]);
}

#[test]
fn the_eight_seed_end_does_not_count_the_leftovers() {
    let pos = Colors16.setup(&[(1, "1R"), (2, "1R"), (3, "3B"), (4, "3R")], 28, 'S');
    let next = Colors16.played(&pos, "1R");
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
    let won = Colors16.setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 33, 'S');
    assert_eq!(Colors16.end(&won).unwrap().reason, EndReason::Target);
    let drawn = Colors16
        .parse_position(&format!("{}32-32-N", "0-".repeat(16)))
        .unwrap();
    let end = Colors16.end(&drawn).unwrap();
    assert_eq!((end.reason, end.winner()), (EndReason::EvenSplit, None));
    let going = Colors16.setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 32, 'N');
    assert_eq!(Colors16.end(&going), None);
}

#[test]
fn a_starved_player_to_move_is_the_sweep_the_last_move_made() {
    // Only from a position string: North to move with no seed.
    let pos = Colors16.setup(&[(1, "4R"), (3, "4B"), (5, "2R")], 20, 'N');
    let end = Colors16.end(&pos).unwrap();
    assert_eq!(end.scores, [30, 34]);
    assert_eq!(Colors16.count_legal_moves(&pos), 0);
}

#[test]
fn a_colour_the_hole_lacks_is_refused() {
    let pos = Colors16.setup(&[(1, "2R"), (2, "4R"), (3, "4B")], 27, 'S');
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
    let pos = Colors16.setup(&[(1, "2R"), (2, "4R"), (3, "4B")], 27, 'S');
    let err = game.parse_move(&pos, "5R").unwrap_err().to_string();
    assert!(err.contains("hole 5 holds no red seed"), "{err}");
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let game = Colors16;
    let cases = [
        (game.start_with(&[], "1-0-S"), "add up to 65"),
        (format!("{}0-0-S", "2R2B-".repeat(15)), "expected 19 fields"),
        (game.start_with(&[], "0-0-X"), "side to move"),
        (game.start_with(&["3R1B"], "0-0-S"), "33 red"),
        (game.start_with(&["2X"], "0-0-S"), "hole 1 '2X'"),
        (game.start_with(&[""], "0-0-S"), "hole 1 '' is empty"),
        (game.start_with(&[], "a-0-S"), "South's score"),
        (game.start_with(&["2S2B"], "0-0-S"), "not a seed letter"),
    ];
    testing::assert_refused(&cases, |text| game.parse_position(text));
}
