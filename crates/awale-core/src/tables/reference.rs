//! A deliberately plain exhaustive search of Oware under the default rules
//! (grand slams capture nothing, an empty opponent must be fed) that shares
//! no code with the builder: its own sowing, capture and feeding rules.
//! The tables are checked against it, in the tests and by the census tool
//! (`tools/tables-census`); it is test support, not part of the engine.

use super::index::HOLES;
use super::Rules;
use crate::variants::oware::{GrandSlam, Oware};

/// A position from the mover's view: own holes 0..6, the opponent's 6..12.
pub type Holes = [u8; HOLES];

/// The legal moves of `holes` under the default rules, each as the child
/// seen from its own mover and the seeds captured.
pub fn moves(holes: &Holes) -> Vec<(Holes, u8)> {
    let opponent_empty = holes[6..].iter().all(|&s| s == 0);
    let mut out = Vec::new();
    for h in 0..6 {
        let seeds = holes[h];
        if seeds == 0 {
            continue;
        }
        let mut b = *holes;
        b[h] = 0;
        let mut at = h;
        for _ in 0..seeds {
            at = (at + 1) % 12;
            if at == h {
                at = (at + 1) % 12;
            }
            b[at] += 1;
        }
        if opponent_empty && b[6..].iter().all(|&s| s == 0) {
            continue; // does not feed
        }
        let mut taken = 0;
        let mut after = b;
        let mut i = at;
        while i >= 6 && (after[i] == 2 || after[i] == 3) {
            taken += after[i];
            after[i] = 0;
            i -= 1;
        }
        let grand_slam = taken > 0 && after[6..].iter().all(|&s| s == 0);
        if taken > 0 && !grand_slam {
            b = after;
        } else {
            taken = 0;
        }
        out.push((turned(&b), taken));
    }
    out
}

/// The same holes seen from the other side.
pub fn turned(holes: &Holes) -> Holes {
    std::array::from_fn(|k| holes[(k + 6) % HOLES])
}

/// The seeds on the mover's holes.
fn own(holes: &Holes) -> i32 {
    holes[..6].iter().map(|&s| s as i32).sum()
}

/// The seeds the mover of `holes` collects, by exhaustive alpha-beta with
/// the repetition rule: `path` holds the positions since the last capture
/// with their plies (a position repeats when the holes and the side to
/// move, the parity of the ply, are the same).
pub fn value(
    holes: &Holes,
    ply: usize,
    path: &mut Vec<(Holes, usize)>,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    let n: i32 = holes.iter().map(|&s| s as i32).sum();
    let moves = moves(holes);
    if moves.is_empty() {
        return own(holes);
    }
    path.push((*holes, ply));
    for (child, taken) in moves {
        let value = if taken > 0 {
            n - value(&child, 0, &mut Vec::new(), n - beta, n - alpha)
        } else if path
            .iter()
            .any(|&(p, at)| p == child && (ply + 1 - at) % 2 == 0)
        {
            n - own(&child)
        } else {
            n - value(&child, ply + 1, path, n - beta, n - alpha)
        };
        if value > alpha {
            alpha = value;
            if alpha >= beta {
                break;
            }
        }
    }
    path.pop();
    alpha
}

/// The value of `holes` (its mover to move at an even ply) after the
/// history `path`: the positions before it since the last capture, each
/// with its side to move (0 like `holes`, or 1).
pub fn value_under(holes: &Holes, path: &[(Holes, usize)]) -> i32 {
    let n: i32 = holes.iter().map(|&s| s as i32).sum();
    value(holes, 2, &mut path.to_vec(), -1, n + 1)
}

/// Every combination of the rule options that change the game.
pub fn all_rules() -> Vec<Oware> {
    let mut all = Vec::new();
    for grand_slam in [
        GrandSlam::NoCapture,
        GrandSlam::Forbidden,
        GrandSlam::Capture,
    ] {
        for must_feed in [true, false] {
            all.push(
                Rules {
                    grand_slam,
                    must_feed,
                }
                .game(),
            );
        }
    }
    all
}
