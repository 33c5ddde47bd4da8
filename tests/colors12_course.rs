//! The seven capture cases of the 2018/19 course's unit tests
//! (`vectors/colors12-course.txt`): set up the position, play the move from
//! its notation, check the seeds captured and every hole after.

use awale::game::Game;
use awale::variants::colors12::Colors12;

/// A hole as `red/black/special` counts.
type Hole = (u32, u32, u32);

fn cell((r, b, s): Hole) -> String {
    let mut out = String::new();
    for (n, c) in [(r, 'R'), (b, 'B'), (s, 'S')] {
        if n > 0 {
            out += &format!("{n}{c}");
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

/// `fill` in every hole except the listed ones; South to move, the seeds
/// off the board split between the scores.
fn board(fill: Hole, except: &[(usize, Hole)]) -> [Hole; 12] {
    let mut holes = [fill; 12];
    for &(h, hole) in except {
        holes[h - 1] = hole;
    }
    holes
}

/// Plays `mv` for South and checks the capture and every hole after.
fn check(before: [Hole; 12], mv: &str, captured: u32, after: [Hole; 12]) {
    let game = Colors12;
    let on_board: u32 = before.iter().map(|(r, b, s)| r + b + s).sum();
    let off = 74 - on_board;
    let cells: Vec<String> = before.iter().map(|&h| cell(h)).collect();
    let text = format!("{}-{}-{}-S", cells.join("-"), off / 2, off - off / 2);
    let pos = game.parse_position(&text).unwrap();
    let next = game.play(&pos, game.parse_move(&pos, mv).unwrap());
    assert_eq!(
        game.scores(&next)[0] - game.scores(&pos)[0],
        captured,
        "captured by {mv}"
    );
    assert_eq!(game.scores(&next)[1], game.scores(&pos)[1]);
    let holes: Vec<String> = game
        .format_position(&next)
        .split('-')
        .take(12)
        .map(str::to_string)
        .collect();
    let expected: Vec<String> = after.iter().map(|&h| cell(h)).collect();
    assert_eq!(holes, expected, "holes after {mv} from {text}");
}

#[test]
fn case_1_last_black_seed_makes_three() {
    check(
        board((2, 2, 0), &[]),
        "3R",
        3,
        board(
            (2, 2, 0),
            &[
                (3, (0, 0, 0)),
                (4, (3, 2, 0)),
                (5, (3, 2, 0)),
                (6, (2, 3, 0)),
                (7, (2, 0, 0)),
            ],
        ),
    );
}

#[test]
fn case_2_chain_takes_only_the_capture_colour() {
    check(
        board((2, 2, 0), &[]),
        "6R",
        10,
        board(
            (2, 2, 0),
            &[
                (6, (0, 0, 0)),
                (7, (3, 0, 0)),
                (8, (3, 0, 0)),
                (9, (2, 0, 0)),
                (10, (2, 0, 0)),
            ],
        ),
    );
}

#[test]
fn case_3_two_black_threes() {
    check(
        board((3, 3, 0), &[(7, (3, 2, 0)), (8, (3, 2, 0))]),
        "2R",
        6,
        board(
            (3, 3, 0),
            &[
                (2, (0, 0, 0)),
                (3, (4, 3, 0)),
                (4, (4, 3, 0)),
                (5, (4, 3, 0)),
                (6, (3, 4, 0)),
                (7, (3, 0, 0)),
                (8, (3, 0, 0)),
            ],
        ),
    );
}

#[test]
fn case_4_special_seed_alone_captures_both_colours() {
    check(
        board((0, 0, 0), &[(6, (0, 0, 1)), (7, (1, 1, 0))]),
        "6R1",
        3,
        board((0, 0, 0), &[]),
    );
}

#[test]
fn case_5_special_seed_last_takes_both_colours_twice() {
    check(
        board((2, 2, 0), &[(3, (2, 2, 1))]),
        "3R5",
        10,
        board(
            (2, 2, 0),
            &[
                (3, (0, 0, 0)),
                (4, (3, 2, 0)),
                (5, (3, 2, 0)),
                (6, (2, 3, 0)),
                (7, (0, 0, 0)),
                (8, (0, 0, 0)),
            ],
        ),
    );
}

#[test]
fn case_6_chain_narrows_to_red() {
    check(
        board((2, 2, 0), &[(4, (2, 2, 1)), (7, (2, 2, 0)), (8, (2, 3, 0))]),
        "4R5",
        9,
        board(
            (2, 2, 0),
            &[
                (4, (0, 0, 0)),
                (5, (3, 2, 0)),
                (6, (3, 2, 0)),
                (7, (0, 3, 0)),
                (8, (0, 4, 0)),
                (9, (0, 0, 0)),
            ],
        ),
    );
}

#[test]
fn case_7_special_seed_makes_four_and_nothing_is_taken() {
    check(
        board((3, 3, 0), &[(1, (3, 3, 1))]),
        "1R7",
        0,
        board(
            (3, 3, 0),
            &[
                (1, (0, 0, 0)),
                (2, (4, 3, 0)),
                (3, (4, 3, 0)),
                (4, (4, 3, 0)),
                (5, (3, 4, 0)),
                (6, (3, 4, 0)),
                (7, (3, 4, 0)),
                (8, (3, 3, 1)),
            ],
        ),
    );
}
