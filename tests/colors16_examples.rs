//! The three worked examples of the `colors16` rule text
//! (`vectors/colors16-examples.txt`, with the `RULES.md` correction of
//! "Cas 2.2"): set up the position, play the move from its notation, check
//! the seeds captured and every hole after.

use awale::game::Game;
use awale::variants::colors16::Colors16;

/// A position string from the listed holes (others empty), North to move,
/// with the seeds off the board split between the scores.
fn position(holes: &[(usize, &str)]) -> String {
    let mut cells = vec!["0".to_string(); 16];
    let mut on_board = 0;
    for &(h, text) in holes {
        cells[h - 1] = text.to_string();
        on_board += text
            .split(|c: char| c.is_ascii_alphabetic())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<u32>().unwrap())
            .sum::<u32>();
    }
    let off = 64 - on_board;
    format!("{}-{}-{}-N", cells.join("-"), off / 2, off - off / 2)
}

/// Plays `mv` from `before` and checks North's capture and every hole.
fn check(before: &[(usize, &str)], mv: &str, captured: u32, after: &[(usize, &str)]) {
    let game = Colors16;
    let pos = game.parse_position(&position(before)).unwrap();
    let next = game.play(&pos, game.parse_move(&pos, mv).unwrap());
    assert_eq!(
        game.scores(&next)[1] - game.scores(&pos)[1],
        captured,
        "captured by {mv}"
    );
    assert_eq!(game.scores(&next)[0], game.scores(&pos)[0]);
    let holes: Vec<String> = game
        .format_position(&next)
        .split('-')
        .take(16)
        .map(str::to_string)
        .collect();
    let mut expected = vec!["0".to_string(); 16];
    for &(h, text) in after {
        expected[h - 1] = text.to_string();
    }
    assert_eq!(holes, expected, "holes after {mv}");
}

#[test]
fn case_1_blue_skips_own_holes_and_the_chain_takes_the_origin() {
    check(
        &[
            (1, "2R"),
            (13, "2R2B"),
            (14, "2R2B"),
            (15, "2B"),
            (16, "2R"),
        ],
        "14B",
        10,
        &[(13, "2R2B")],
    );
}

const CASE_2: [(usize, &str); 8] = [
    (1, "1R"),
    (2, "2R"),
    (3, "1B"),
    (4, "2B"),
    (5, "1R"),
    (14, "4B"),
    (15, "2R"),
    (16, "1R3B"),
];

#[test]
fn case_2_1_blue_seeds_to_1_3_5_and_the_chain_runs_back_to_1() {
    check(&CASE_2, "16B", 10, &[(14, "4B"), (15, "2R"), (16, "1R")]);
}

#[test]
fn case_2_2_red_seed_to_1_and_hole_2_untouched() {
    check(
        &CASE_2,
        "16R",
        7,
        &[(2, "2R"), (3, "1B"), (4, "2B"), (5, "1R"), (14, "4B")],
    );
}
