//! The worked examples of the 16-hole colour variants' rule texts, checked
//! the same way in each: the example's holes in a full position, the move
//! played from its notation, North's capture and every hole after.

use awale::game::Game;

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

/// Sets the example `before` (North to move; the other holes hold `filler`,
/// the seeds off the board are split between the scores so that the total
/// is `seeds`), plays `mv`, and checks North's capture and every hole
/// after: those of `after`, the others still `filler`.
pub fn check<G: Game>(
    game: G,
    seeds: u32,
    filler: &str,
    before: &[(usize, &str)],
    mv: &str,
    captured: u32,
    after: &[(usize, &str)],
) {
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
