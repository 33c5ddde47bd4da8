//! `tiny`, a variant that exists for the registry's tests: what a variant's
//! folder holds at the least (its rules, notation, board view and
//! features), small enough to read at a glance. Four holes, two a side
//! (1-2 South's, 3-4 North's), two seeds in each at the start; a move sows
//! the seeds of one of the mover's holes one by one into the following
//! holes (passing over its own hole on a lap) and captures the last hole's
//! seeds when it is the opponent's and now holds 2 or 3. Five seeds win,
//! four each draw; a player with no seed to move, or a repeated position,
//! ends the game with each player collecting their own side.

use arrayvec::ArrayVec;

use crate::game::{EndReason, Features, Game, GameEnd, GameError, Scoreboard, Side};
use crate::variants::view::{present, BoardView, SeedKind};

/// Holes on the board.
const HOLES: usize = 4;
/// Each player's holes, and so the most moves a position has.
const ROW: usize = HOLES / 2;

/// A position: the seeds of each hole, the captured totals and the side to
/// move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    holes: [u8; HOLES],
    scores: [u8; 2],
    side: Side,
}

impl Scoreboard for Board {
    fn side(self) -> usize {
        self.side.index()
    }

    fn score(self, side: usize) -> u32 {
        u32::from(self.scores[side])
    }
}

/// The variant, which has no rule options.
#[derive(Copy, Clone, Debug, Default)]
pub struct Tiny;

impl Tiny {
    /// The board after the sowing of hole `from`, before any capture, and
    /// the hole the last seed fell in.
    fn sow(pos: &Board, from: usize) -> (Board, usize) {
        let mut next = *pos;
        let mut seeds = next.holes[from];
        next.holes[from] = 0;
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % HOLES;
            if at != from {
                next.holes[at] += 1;
                seeds -= 1;
            }
        }
        (next, at)
    }

    /// The ending with each player collecting their own side.
    fn collected(pos: &Board, reason: EndReason) -> GameEnd {
        let mut scores = [u32::from(pos.scores[0]), u32::from(pos.scores[1])];
        for (i, &n) in pos.holes.iter().enumerate() {
            scores[i / ROW] += u32::from(n);
        }
        GameEnd { reason, scores }
    }

    fn mine(pos: &Board) -> std::ops::Range<usize> {
        let first = ROW * pos.side.index();
        first..first + ROW
    }
}

impl Game for Tiny {
    type Position = Board;
    type Move = u8;
    type Moves = ArrayVec<u8, ROW>;
    type Key = u64;

    fn name(&self) -> &'static str {
        "tiny"
    }

    fn start(&self) -> Board {
        Board {
            holes: [2; HOLES],
            scores: [0, 0],
            side: Side::South,
        }
    }

    fn legal_moves(&self, pos: &Board, moves: &mut Self::Moves) {
        moves.clear();
        if self.end(pos).is_none() {
            moves.extend(
                Tiny::mine(pos)
                    .filter(|&h| pos.holes[h] > 0)
                    .map(|h| h as u8),
            );
        }
    }

    fn play(&self, pos: &Board, mv: u8) -> Board {
        let (mut next, last) = Tiny::sow(pos, usize::from(mv));
        let me = pos.side.index();
        if last / ROW != me && (2..=3).contains(&next.holes[last]) {
            next.scores[me] += next.holes[last];
            next.holes[last] = 0;
        }
        next.side = pos.side.opponent();
        next
    }

    fn end(&self, pos: &Board) -> Option<GameEnd> {
        GameEnd::by_scores(self.scores(pos), 5, 4).or_else(|| {
            Tiny::mine(pos)
                .all(|h| pos.holes[h] == 0)
                .then(|| Tiny::collected(pos, EndReason::NoLegalMove))
        })
    }

    fn repetition_end(&self, pos: &Board) -> Option<GameEnd> {
        Some(Tiny::collected(pos, EndReason::Repetition))
    }

    fn key(&self, pos: &Board) -> u64 {
        let mut key = pos.side.index() as u64;
        for &n in pos.holes.iter().chain(&pos.scores) {
            key = key << 8 | u64::from(n);
        }
        key
    }

    fn hash(&self, pos: &Board) -> u64 {
        self.key(pos)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29)
    }

    fn parse_move(&self, pos: &Board, text: &str) -> Result<u8, GameError> {
        let hole: usize = text
            .trim()
            .parse()
            .map_err(|_| GameError::new(format!("'{text}' is not a hole number")))?;
        let mut moves = Self::Moves::default();
        self.legal_moves(pos, &mut moves);
        let mv = hole.wrapping_sub(1) as u8;
        if moves.contains(&mv) {
            Ok(mv)
        } else {
            Err(GameError::new(format!("hole {hole} cannot be played")))
        }
    }

    fn format_move(&self, _pos: &Board, mv: u8) -> String {
        (mv + 1).to_string()
    }

    /// `h1-h2-h3-h4-south-north-S`.
    fn parse_position(&self, text: &str) -> Result<Board, GameError> {
        let bad = || GameError::new(format!("bad tiny position '{text}'"));
        let fields: Vec<&str> = text.trim().split('-').collect();
        let [counts @ .., side] = fields.as_slice() else {
            return Err(bad());
        };
        let counts: Vec<u8> = counts
            .iter()
            .map(|c| c.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let [h1, h2, h3, h4, south, north] = counts.as_slice() else {
            return Err(bad());
        };
        let board = Board {
            holes: [*h1, *h2, *h3, *h4],
            scores: [*south, *north],
            side: Side::from_letter(side)?,
        };
        let total: u32 = counts.iter().map(|&n| u32::from(n)).sum();
        if total != 8 {
            return Err(bad());
        }
        Ok(board)
    }

    fn format_position(&self, pos: &Board) -> String {
        let [a, b, c, d] = pos.holes;
        let [s, n] = pos.scores;
        format!("{a}-{b}-{c}-{d}-{s}-{n}-{}", pos.side.letter())
    }

    fn render(&self, pos: &Board) -> String {
        let [a, b, c, d] = pos.holes;
        format!("North {d} {c}\nSouth {a} {b}\n")
    }
}

impl BoardView for Tiny {
    fn hole_count(&self) -> usize {
        HOLES
    }

    fn owner(&self, i: usize) -> Side {
        Side::from_index(i / ROW)
    }

    fn hole_seeds(&self, pos: &Board, i: usize) -> Vec<(SeedKind, u32)> {
        present([(SeedKind::Plain, u32::from(pos.holes[i]))])
    }

    fn hand(&self, _pos: &Board) -> Option<[u32; 2]> {
        None
    }

    fn hole_of(&self, _pos: &Board, mv: u8) -> usize {
        usize::from(mv)
    }

    fn sown_position(&self, pos: &Board, mv: u8) -> Board {
        Tiny::sow(pos, usize::from(mv)).0
    }
}

/// One feature: the seeds on one's own side, mine minus the opponent's.
/// Nothing beyond its rules.
impl crate::registry::Capabilities for Tiny {}

impl Features for Tiny {
    const FEATURE_SET: u32 = 0x7e57;

    fn feature_name(_i: usize) -> String {
        "on side".to_string()
    }

    fn features(&self, pos: &Board, out: &mut Vec<(usize, i32)>) {
        let me = pos.side.index();
        let side = |s: usize| i32::from(pos.holes[2 * s]) + i32::from(pos.holes[2 * s + 1]);
        crate::game::push_nonzero(&[side(me) - side(1 - me)], out);
    }

    fn start_weights() -> Vec<i32> {
        vec![10]
    }
}
