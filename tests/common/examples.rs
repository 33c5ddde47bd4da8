//! The worked examples of the 16-hole colour variants' rule texts (the
//! same three in `colors16`, `transparent80` and `transparent96`), checked
//! the same way in each: the example's holes in a full position, the move
//! played from its notation, North's capture and every hole after.

use awale::game::Game;

/// A worked example: North plays `mv` from the holes `before` and captures
/// `captured`; `after` lists every hole of the example after the move, `0`
/// for those the move emptied or captured.
pub struct Example {
    pub before: &'static [(usize, &'static str)],
    pub mv: &'static str,
    pub captured: u32,
    pub after: &'static [(usize, &'static str)],
}

/// "Cas 1": blue seeds skip North's own holes, and the chain takes the
/// hole the move started from.
pub const CASE_1: Example = Example {
    before: &[
        (1, "2R"),
        (13, "2R2B"),
        (14, "2R2B"),
        (15, "2B"),
        (16, "2R"),
    ],
    mv: "14B",
    captured: 10,
    after: &[(1, "0"), (13, "2R2B"), (14, "0"), (15, "0"), (16, "0")],
};

/// The holes of "Cas 2", played two ways.
const CASE_2: &[(usize, &str)] = &[
    (1, "1R"),
    (2, "2R"),
    (3, "1B"),
    (4, "2B"),
    (5, "1R"),
    (14, "4B"),
    (15, "2R"),
    (16, "1R3B"),
];

/// "Cas 2.1": the blue seeds go to 1, 3 and 5, and the chain runs back to 1.
pub const CASE_2_1: Example = Example {
    before: CASE_2,
    mv: "16B",
    captured: 10,
    after: &[
        (1, "0"),
        (2, "0"),
        (3, "0"),
        (4, "0"),
        (5, "0"),
        (14, "4B"),
        (15, "2R"),
        (16, "1R"),
    ],
};

/// "Cas 2.2": the red seed goes to 1. The texts give hole 2 as `2 (2B)`
/// after; it keeps its `2R`, since the move does not touch it (the
/// correction `crates/awale-core/src/variants/colors16/mod.rs` notes).
pub const CASE_2_2: Example = Example {
    before: CASE_2,
    mv: "16R",
    captured: 7,
    after: &[
        (1, "0"),
        (2, "2R"),
        (3, "1B"),
        (4, "2B"),
        (5, "1R"),
        (14, "4B"),
        (15, "0"),
        (16, "0"),
    ],
};

/// The example's holes, every other hole holding `filler` (`0`, or
/// transparent seeds): 16 hole texts.
fn full(holes: &[(usize, &str)], filler: &str) -> Vec<String> {
    let mut cells = vec![filler.to_string(); 16];
    for &(h, text) in holes {
        cells[h - 1] = text.to_string();
    }
    cells
}

/// The seeds written in a hole text (`2R1B2T` holds 5).
fn count(text: &str) -> u32 {
    text.split(|c: char| c.is_ascii_alphabetic())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<u32>().unwrap())
        .sum()
}

/// Sets the holes of `example` (North to move; the other holes hold
/// `filler`, the seeds off the board are split between the scores so that
/// the total is `seeds`), plays its move, and checks North's capture and
/// every hole after: those the example lists, the others still `filler`.
pub fn check<G: Game>(game: G, seeds: u32, filler: &str, example: &Example) {
    let Example {
        before,
        mv,
        captured,
        after,
    } = *example;
    let cells = full(before, filler);
    let off = seeds - cells.iter().map(|c| count(c)).sum::<u32>();
    let text = format!("{}-{}-{}-N", cells.join("-"), off / 2, off - off / 2);
    let pos = game.parse_position(&text).unwrap();
    assert_eq!(game.end(&pos), None, "{text}");
    let next = game.play(&pos, game.parse_move(&pos, mv).unwrap());
    assert_eq!(
        game.scores(&next)[1] - game.scores(&pos)[1],
        captured,
        "{}: captured by {mv}",
        game.name()
    );
    assert_eq!(game.scores(&next)[0], game.scores(&pos)[0]);
    let holes: Vec<String> = game
        .format_position(&next)
        .split('-')
        .take(16)
        .map(str::to_string)
        .collect();
    assert_eq!(
        holes,
        full(after, filler),
        "{}: holes after {mv}",
        game.name()
    );
}
