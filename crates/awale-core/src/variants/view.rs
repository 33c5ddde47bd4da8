//! What a board display needs to know about a position and a move, worked
//! out by the rules layer so that a display (the web board) never applies a
//! rule itself.
//!
//! Each variant implements [`BoardView`] with its own sowing code: its
//! `play` is split into a sowing step and a capture step, and
//! [`BoardView::sown_position`] is the first step alone. From the boards
//! before the move, after the sowing and after the whole move, [`describe`]
//! derives, for every variant at once, where each seed lands and what is
//! captured. This is sound because every variant sows in increasing hole
//! number, wrapping, one seed per hole visited, never into the origin:
//! knowing how many seeds each hole received is then enough to list the
//! holes in the order the seeds fell.

use crate::game::{Game, Side};

/// A kind of seed, as a display draws it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeedKind {
    /// The seeds of `oware`, all alike.
    Plain,
    /// Red seeds (the colour variants).
    Red,
    /// Blue seeds (the 16-hole variants).
    Blue,
    /// Black seeds (`colors12`).
    Black,
    /// Transparent seeds (`transparent80`, `transparent96`).
    Clear,
    /// The special seeds of `colors12`.
    Special,
}

impl SeedKind {
    /// The kind's name in the web API (`plain`, `red`, ...).
    pub fn name(self) -> &'static str {
        match self {
            SeedKind::Plain => "plain",
            SeedKind::Red => "red",
            SeedKind::Blue => "blue",
            SeedKind::Black => "black",
            SeedKind::Clear => "clear",
            SeedKind::Special => "special",
        }
    }

    /// The letter that follows a count of these seeds in position strings
    /// and drawings (`3R`, `2T`); `None` for plain seeds, written as a bare
    /// count. Blue and black share `B`: no variant has both.
    pub fn letter(self) -> Option<char> {
        match self {
            SeedKind::Plain => None,
            SeedKind::Red => Some('R'),
            SeedKind::Blue | SeedKind::Black => Some('B'),
            SeedKind::Clear => Some('T'),
            SeedKind::Special => Some('S'),
        }
    }
}

/// The seeds of a hole listed by kind, the kinds with no seed left out:
/// what [`BoardView::hole_seeds`] returns.
pub fn present(kinds: impl IntoIterator<Item = (SeedKind, u32)>) -> Vec<(SeedKind, u32)> {
    kinds.into_iter().filter(|&(_, n)| n > 0).collect()
}

/// A game whose positions can be drawn hole by hole and whose moves can be
/// shown seed by seed.
pub trait BoardView: Game {
    /// The number of holes (12 or 16).
    fn hole_count(&self) -> usize;

    /// Who owns hole index `i` (0-based); by default South the first half
    /// of the holes, North the second.
    fn owner(&self, i: usize) -> Side {
        Side::from_index(i / (self.hole_count() / 2))
    }

    /// The name of hole index `i` in the variant's notation: what a person
    /// types to play it (`A`, `f`, `14`); by default its number from 1.
    fn hole_label(&self, i: usize) -> String {
        (i + 1).to_string()
    }

    /// The seeds of hole index `i`, by kind (kinds with no seed left out).
    fn hole_seeds(&self, pos: &Self::Position, i: usize) -> Vec<(SeedKind, u32)>;

    /// Seeds waiting to be placed, `[south, north]`, for a variant that has
    /// them (`colors12`'s special seeds); by default `None`, for the others.
    fn hand(&self, _pos: &Self::Position) -> Option<[u32; 2]> {
        None
    }

    /// The hole index a legal move takes its seeds from, or places a seed into.
    fn hole_of(&self, pos: &Self::Position, mv: Self::Move) -> usize;

    /// The position after the sowing of a legal move, before any capture
    /// (the side to move and scores unchanged); for a move that sows
    /// nothing (a placement), the position after it.
    fn sown_position(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The seeds of hole index `i`, all kinds together.
    fn hole_total(&self, pos: &Self::Position, i: usize) -> u32 {
        self.hole_seeds(pos, i).iter().map(|&(_, n)| n).sum()
    }
}

/// The seeds of every hole of `pos`, in hole order.
pub fn totals<G: BoardView>(game: &G, pos: &G::Position) -> Vec<u32> {
    (0..game.hole_count())
        .map(|i| game.hole_total(pos, i))
        .collect()
}

/// What a move does, hole by hole; holes are numbered from 1, as in the
/// notation and the web API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The hole the move takes seeds from (or places a seed into).
    pub hole: usize,
    /// The hole each seed lands in, in the order they are sown (a hole
    /// appears again on each lap).
    pub sown: Vec<usize>,
    /// The holes that lose seeds to the capture, in increasing number.
    pub captured: Vec<usize>,
    /// The seeds the mover captures.
    pub gain: u32,
}

/// Describes the legal move `mv` from `pos` with the variant's own rules:
/// see the module documentation for how.
pub fn describe<G: BoardView>(game: &G, pos: &G::Position, mv: G::Move) -> MoveView {
    let origin = game.hole_of(pos, mv);
    let before = totals(game, pos);
    let sown_pos = game.sown_position(pos, mv);
    let after_sowing = totals(game, &sown_pos);
    let after_pos = game.play(pos, mv);
    let after = totals(game, &after_pos);
    let n = before.len();
    // Seeds each hole received; the origin only loses seeds to a sowing
    // (it gains one in a placement, which then counts as received).
    let mut received: Vec<u32> = (0..n)
        .map(|i| after_sowing[i].saturating_sub(before[i]))
        .collect();
    let mut left: u32 = received.iter().sum();
    let mut sown = Vec::with_capacity(left as usize);
    while left > 0 {
        // One lap, starting after the origin and ending with it.
        for k in 1..=n {
            let i = (origin + k) % n;
            if received[i] > 0 {
                received[i] -= 1;
                left -= 1;
                sown.push(i + 1);
            }
        }
    }
    let captured = (0..n)
        .filter(|&i| after[i] < after_sowing[i])
        .map(|i| i + 1)
        .collect();
    let me = game.side_to_move(pos).index();
    let gain = game.scores(&after_pos)[me].saturating_sub(game.scores(pos)[me]);
    MoveView {
        hole: origin + 1,
        sown,
        captured,
        gain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{self, visit, Variant, Visitor};
    use crate::rng::Rng;
    use crate::variants::oware;
    use proptest::prelude::*;

    /// Checks every property of [`describe`] for every legal move of the
    /// positions reached by `plies` random moves from the start.
    struct Check {
        seed: u64,
        plies: usize,
    }

    impl Visitor for Check {
        type Output = ();
        fn visit<G: Variant>(self, game: G) {
            let mut rng = Rng::new(self.seed);
            let mut pos = game.start();
            for _ in 0..self.plies {
                let mut moves = G::Moves::default();
                game.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    check_move(&game, &pos, mv);
                }
                pos = game.play(&pos, moves[rng.below(moves.len())]);
            }
        }
    }

    fn check_move<G: BoardView>(game: &G, pos: &G::Position, mv: G::Move) {
        let view = describe(game, pos, mv);
        let n = game.hole_count();
        let origin = view.hole - 1;
        let before = totals(game, pos);
        let sown_pos = game.sown_position(pos, mv);
        let after_sowing = totals(game, &sown_pos);
        let after_pos = game.play(pos, mv);
        let after = totals(game, &after_pos);
        let name = game.format_move(pos, mv);
        // The seeds received are the seeds that left the origin (or the
        // one placed from the hand).
        let placed = match (game.hand(pos), game.hand(&after_pos)) {
            (Some(a), Some(b)) => a.iter().sum::<u32>() - b.iter().sum::<u32>(),
            _ => 0,
        };
        let departed = before[origin].saturating_sub(after_sowing[origin]);
        assert_eq!(view.sown.len() as u32, departed + placed, "{name}");
        assert!(view.sown.iter().all(|&h| (1..=n).contains(&h)), "{name}");
        // Sowing never captures: the scores are those before the move.
        assert_eq!(game.scores(&sown_pos), game.scores(pos), "{name}");
        // Replaying the sowing on the board before gives the board after it.
        let mut replay = before.clone();
        replay[origin] -= departed;
        for &h in &view.sown {
            replay[h - 1] += 1;
        }
        assert_eq!(replay, after_sowing, "{name}: sown {:?}", view.sown);
        // The seeds on consecutive sowing stops follow the hole order.
        for pair in view.sown.windows(2) {
            let step = (pair[1] + n - pair[0]) % n;
            assert!(step >= 1, "{name}: {:?}", view.sown);
        }
        // The captured holes lose seeds, the others keep theirs, and what
        // they lose is what the mover gains.
        let mut lost = 0;
        for i in 0..n {
            if view.captured.contains(&(i + 1)) {
                assert!(after[i] < after_sowing[i], "{name}");
                lost += after_sowing[i] - after[i];
            } else {
                assert_eq!(after[i], after_sowing[i], "{name}: hole {}", i + 1);
            }
        }
        assert_eq!(lost, view.gain, "{name}");
        let me = game.side_to_move(pos).index();
        assert_eq!(
            game.scores(&after_pos)[me] - game.scores(pos)[me],
            view.gain,
            "{name}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn descriptions_agree_with_the_rules(seed in any::<u64>(), plies in 0usize..120) {
            for name in registry::NAMES {
                visit(name, &[], Check { seed, plies }).unwrap();
            }
            let opts = [("GrandSlam".to_string(), "capture".to_string())];
            visit("oware", &opts, Check { seed, plies }).unwrap();
        }
    }

    #[test]
    fn the_first_move_of_oware_sows_four_holes() {
        let game = oware::Oware::default();
        let pos = game.start();
        let mv = game.parse_move(&pos, "F").unwrap();
        let view = describe(&game, &pos, mv);
        assert_eq!(view.hole, 6);
        assert_eq!(view.sown, [7, 8, 9, 10]);
        assert!(view.captured.is_empty());
        assert_eq!(view.gain, 0);
    }

    #[test]
    fn a_lap_skips_the_origin_and_a_capture_is_shown() {
        let game = oware::Oware::default();
        // South's hole 1 holds 12 seeds: one lap of 11 holes, then hole 2 again.
        let pos = game
            .parse_position("12-0-0-0-0-0-1-1-0-0-0-0-17-17-S")
            .unwrap();
        let mv = game.parse_move(&pos, "A").unwrap();
        let view = describe(&game, &pos, mv);
        assert_eq!(view.sown, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 2]);
        assert!(view.captured.is_empty());
        // North's hole 7 holds 1: sowing 1 seed from hole 6 makes it 2.
        let pos = game
            .parse_position("0-0-0-0-0-1-1-1-0-0-0-0-22-23-S")
            .unwrap();
        let mv = game.parse_move(&pos, "F").unwrap();
        let view = describe(&game, &pos, mv);
        assert_eq!(view.sown, [7]);
        assert_eq!(view.captured, [7]);
        assert_eq!(view.gain, 2);
    }
}
