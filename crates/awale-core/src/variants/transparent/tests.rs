//! Unit tests of the `transparent80` and `transparent96` rules: the moves
//! with transparent seeds, the sowings, the endings, notation and the
//! refusal of bad input.

use super::*;
use crate::game::{EndReason, Game, Scoreboard, Side};
use crate::variants::testing::{self, Written};

#[test]
fn start_positions_and_moves() {
    Transparent80.assert_start_written(&format!("{}0-0-S", "2R2B1T-".repeat(16)));
    let game = Transparent96;
    let start = game.assert_start_written(&format!("{}0-0-S", "2R2B2T-".repeat(16)));
    let written = game.listed(&start);
    assert_eq!(written[..6], ["1R", "1B", "1TR", "1TB", "3R", "3B"]);
    assert_eq!(written.len(), 32);
    assert_eq!(game.count_legal_moves(&start), 32);
    assert_eq!(Transparent80.count_legal_moves(&Transparent80.start()), 32);
    assert_eq!(Transparent80.name(), "transparent80");
    assert_eq!(Transparent96.name(), "transparent96");
}

#[test]
fn a_transparent_move_needs_no_seed_of_its_colour() {
    // Hole 1 holds 1 red and 2 transparent seeds, no blue.
    let pos = Transparent96.setup(&[(1, "1R2T"), (2, "4R"), (4, "4R"), (6, "4R")], 45, 'S');
    let next = Transparent96.played(&pos, "1TB");
    // Transparent seeds sown like blue: holes 2 and 4; no blue to follow.
    Transparent96.assert_holes(&next, &[(1, "1R"), (2, "4R1T"), (4, "4R1T"), (6, "4R")]);
    let pos = Transparent80.setup(&[(1, "1R1T"), (2, "4R"), (4, "4R")], 35, 'S');
    let next = Transparent80.played(&pos, "1tb");
    Transparent80.assert_holes(&next, &[(1, "1R"), (2, "4R1T"), (4, "4R")]);
}

#[test]
fn a_colour_move_on_transparent_seeds_alone_is_illegal() {
    let pos = Transparent80.setup(&[(1, "1T"), (2, "4R"), (3, "4B"), (4, "4R")], 35, 'S');
    for mv in ["1R", "1B"] {
        let err = Transparent80.parse_move(&pos, mv).unwrap_err().to_string();
        assert!(err.contains("hole 1 holds no"), "{err}");
    }
    assert_eq!(Transparent80.listed(&pos), ["1TR", "1TB", "3B"]);
}

#[test]
fn transparent_seeds_sown_like_blue_skip_the_movers_holes() {
    // North plays hole 14's two transparent seeds like blue: 15 and 1,
    // skipping its own 16.
    let pos = Transparent96.setup(
        &[(1, "4R"), (3, "4R"), (14, "2T"), (15, "4R"), (16, "4B")],
        40,
        'N',
    );
    let next = Transparent96.played(&pos, "14TB");
    Transparent96.assert_holes(&next, &[(1, "4R1T"), (3, "4R"), (15, "4R1T"), (16, "4B")]);
    assert_eq!(Transparent96.scores(&next), Transparent96.scores(&pos));
}

#[test]
fn transparent96_goes_on_with_the_colour_and_captures_from_the_last_seed() {
    // Hole 1 (South): 2 transparent and 2 red. 1TR sows T into 2, 3 then R
    // into 4, 5. The last seed fell in 5 (now 2): captured, then 4 (3),
    // then 3 (2, the transparent seed included); 2 holds 4: the chain stops.
    let filled = [
        (1, "2R2T"),
        (2, "3B"),
        (3, "1R"),
        (4, "2B"),
        (5, "1B"),
        (8, "6R"),
    ];
    let pos = Transparent96.setup(&filled, 40, 'S');
    Transparent96.assert_plays(&pos, "1TR", 40 + 2 + 3 + 2, &[(2, "3B1T"), (8, "6R")]);
    // In transparent80 the same move sows the transparent seeds alone:
    // 2 and 3 get one each, the last in 3 (1R1T = 2): captured, then 2
    // holds 4: stop. The red seeds stay in hole 1.
    let pos = Transparent80.setup(&filled, 30, 'S');
    Transparent80.assert_plays(
        &pos,
        "1TR",
        32,
        &[(1, "2R"), (2, "3B1T"), (4, "2B"), (5, "1B"), (8, "6R")],
    );
}

#[test]
fn a_lap_of_sixteen_seeds_skips_the_origin() {
    // 2 transparent then 14 red from hole 1: 16 seeds sown like red, one in
    // each of 2..16 (15), then hole 2 again; hole 1 is skipped.
    let pos = Transparent96.setup(&[(1, "14R2T"), (2, "4B"), (3, "4B"), (16, "4B")], 35, 'S');
    let next = Transparent96.played(&pos, "1TR");
    let h = Transparent96.holes(&next);
    assert_eq!(h[0], (2, "1R4B1T".to_string()), "{h:?}");
    assert_eq!(h[1], (3, "4B1T".to_string()), "{h:?}");
    assert_eq!(h[2], (4, "1R".to_string()), "{h:?}");
    assert!(!h.iter().any(|&(n, _)| n == 1), "origin skipped: {h:?}");
    assert_eq!(h.len(), 15);
    // The last seed fell in hole 2, which holds 6: no capture.
    assert_eq!(next.score(0), 35);
    // transparent80, 17 red seeds from hole 1: holes 2..16, then 2 and 3.
    let pos = Transparent80.setup(&[(1, "17R"), (2, "4B"), (3, "4B"), (16, "4B")], 30, 'S');
    let next = Transparent80.played(&pos, "1R");
    let mut expected = vec![(2, "2R4B"), (3, "2R4B")];
    expected.extend((4..16).map(|h| (h, "1R")));
    expected.push((16, "1R4B"));
    Transparent80.assert_holes(&next, &expected);
    assert_eq!(next.score(0), 30, "hole 3 holds 6: no capture");
}

#[test]
fn a_lap_of_seeds_sown_like_blue_skips_the_origin_and_the_movers_holes() {
    // North's 2TB in transparent96: 2 transparent then 8 blue seeds, all
    // sown like blue into South's holes 3, 5, ..., 15, 1, then 3 and 5
    // again (8 holes a lap); hole 2 and North's other holes get none. The
    // last seed fell in 5 (1T1B = 2): captured; hole 4 holds 4: stop.
    let pos = Transparent96.setup(&[(1, "4R"), (2, "8B2T"), (4, "4R")], 35, 'N');
    let next = Transparent96.played(&pos, "2TB");
    let mut expected = vec![(1, "4R1B"), (3, "1B1T"), (4, "4R")];
    expected.extend((7..16).step_by(2).map(|h| (h, "1B")));
    Transparent96.assert_holes(&next, &expected);
    assert_eq!(Transparent96.scores(&next), [35, 96 - 18 - 35 + 2]);
}

#[test]
fn the_game_ends_below_ten_seeds_on_the_board() {
    let nine = [(1, "3R"), (2, "3B"), (3, "3T")];
    let end = Transparent80
        .end(&Transparent80.setup(&nine, 35, 'S'))
        .unwrap();
    assert_eq!((end.reason, end.scores), (EndReason::FewSeeds, [35, 36]));
    let end = Transparent96
        .end(&Transparent96.setup(&nine, 48, 'S'))
        .unwrap();
    assert_eq!((end.reason, end.scores), (EndReason::FewSeeds, [48, 39]));
    let ten = Transparent80.setup(&[(1, "4R"), (2, "3B"), (3, "3T")], 35, 'S');
    assert_eq!(Transparent80.end(&ten), None, "10 seeds: play goes on");
    assert_eq!(Transparent80.count_legal_moves(&ten), 3);
    let ten = Transparent96.setup(&[(1, "4R"), (2, "3B"), (3, "3T")], 47, 'S');
    assert_eq!(Transparent96.end(&ten), None, "10 seeds: play goes on");
    assert_eq!(Transparent96.count_legal_moves(&ten), 3);
}

#[test]
fn more_than_half_the_seeds_wins() {
    let won = Transparent80.setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 41, 'S');
    let end = Transparent80.end(&won).unwrap();
    assert_eq!(
        (end.reason, end.winner()),
        (EndReason::Target, Some(Side::South))
    );
    let going = Transparent80.setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 40, 'S');
    assert_eq!(Transparent80.end(&going), None);
    let won = Transparent96.setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 49, 'N');
    assert_eq!(Transparent96.end(&won).unwrap().reason, EndReason::Target);
    let going = Transparent96.setup(&[(1, "4R"), (2, "4R"), (3, "4B")], 48, 'N');
    assert_eq!(Transparent96.end(&going), None);
}

#[test]
fn draws_at_forty_and_the_both_at_forty_end_of_transparent96() {
    // transparent80: 40-40 (nothing on the board) is a draw.
    let drawn = Transparent80
        .parse_position(&format!("{}40-40-N", "0-".repeat(16)))
        .unwrap();
    let end = Transparent80.end(&drawn).unwrap();
    assert_eq!((end.reason, end.winner()), (EndReason::EvenSplit, None));
    // transparent96: both at 40 or more ends the game; more seeds win.
    let both = |south: u32| {
        let north = 96 - 12 - south;
        Transparent96
            .parse_position(&format!("4R-4B-4T-{}{south}-{north}-S", "0-".repeat(13)))
            .unwrap()
    };
    let end = Transparent96.end(&both(42)).unwrap();
    assert_eq!(end.scores, [42, 42]);
    assert_eq!((end.reason, end.winner()), (EndReason::EvenSplit, None));
    let end = Transparent96.end(&both(44)).unwrap();
    assert_eq!(end.scores, [44, 40]);
    assert_eq!(
        (end.reason, end.winner()),
        (EndReason::EvenSplit, Some(Side::South))
    );
    assert_eq!(
        Transparent96.end(&both(45)),
        None,
        "39 for North: play goes on"
    );
    assert_eq!(Transparent96.count_legal_moves(&both(45)), 3);
    // A move that brings both to 40 ends transparent96 at once.
    let pos = Transparent96.setup(&[(1, "1T"), (2, "1R"), (3, "8R"), (4, "4B")], 38, 'S');
    assert_eq!(Transparent96.scores(&pos), [38, 44]);
    let next = Transparent96.played(&pos, "1TR");
    let end = Transparent96.end(&next).unwrap();
    assert_eq!(end.scores, [40, 44]);
    assert_eq!(end.winner(), Some(Side::North));
}

#[test]
fn starvation_takes_the_rest_before_the_end_checks() {
    // South captures hole 2 (1R + the transparent seed = 2); North is left
    // without seeds, so South takes the 8 seeds left as well, although
    // fewer than 10 remain.
    let pos = Transparent80.setup(&[(1, "1T"), (2, "1R"), (3, "4R"), (5, "4B")], 30, 'S');
    assert_eq!(Transparent80.end(&pos), None, "10 seeds on the board");
    let next = Transparent80.played(&pos, "1TR");
    assert_eq!(Transparent80.scores(&next), [40, 40]);
    assert!(Transparent80.holes(&next).is_empty());
    let end = Transparent80.end(&next).unwrap();
    assert_eq!((end.reason, end.scores), (EndReason::EvenSplit, [40, 40]));
    // transparent96: the sweep makes South's 49, a win, not a few-seeds end.
    let pos = Transparent96.setup(&[(1, "1T"), (2, "1R"), (3, "4R"), (5, "4B")], 39, 'S');
    let next = Transparent96.played(&pos, "1TR");
    let end = Transparent96.end(&next).unwrap();
    assert_eq!((end.reason, end.scores), (EndReason::Target, [49, 47]));
}

#[test]
fn bad_moves_are_refused_with_the_reason_and_the_position_is_unchanged() {
    let game = Transparent96;
    let pos = Transparent96.setup(&[(1, "2R"), (2, "4R"), (3, "4B1T"), (4, "2T")], 45, 'S');
    let cases = [
        ("4T", "colour is missing after T"),
        ("4TX", "'TX' is not a colour"),
        ("4RT", "'RT' is not a colour"),
        ("17R", "from 1 to 16"),
        ("0TR", "from 1 to 16"),
        ("2R", "belongs to the opponent"),
        ("4TB", "belongs to the opponent"),
        ("1B", "hole 1 holds no blue seed"),
        ("3r", "hole 3 holds no red seed"),
        ("1TR", "hole 1 holds no transparent seed"),
        ("", "expected a hole number"),
        ("TR", "expected a hole number"),
        ("3", "colour is missing"),
    ];
    testing::assert_moves_refused(&game, &pos, "", &cases);
    // colors16 has no transparent moves at all.
    let start = crate::variants::colors16::Colors16.start();
    let err = crate::variants::colors16::Colors16
        .parse_move(&start, "1TR")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("'TR' is not a colour (expected R or B)"),
        "{err}"
    );
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let start = format!("{}0-0-S", "2R2B2T-".repeat(16));
    assert_eq!(
        Transparent96.parse_position(&start),
        Ok(Transparent96.start())
    );
    let err = Transparent80
        .parse_position(&start)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("32 transparent seeds; the game has only 16"),
        "{err}"
    );
    let game = Transparent96;
    let cases = [
        (game.start_with(&[], "1-0-S"), "add up to 97"),
        (game.start_with(&["3T2R2B"], "0-0-S"), "33 transparent"),
        (
            game.start_with(&["2R2B2T2T"], "0-0-S"),
            "transparent seeds twice",
        ),
        (game.start_with(&["2R2B2X"], "0-0-S"), "not a seed letter"),
    ];
    testing::assert_refused(&cases, |text| game.parse_position(text));
    let colors16 = crate::variants::colors16::Colors16;
    let err = colors16
        .parse_position(&colors16.start_with(&["2R2B1T"], "0-0-S"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("'T' is not a seed letter"), "{err}");
}
