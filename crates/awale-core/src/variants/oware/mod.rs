//! The `oware` variant (Abapa rules, with the options of `docs/rules.md`).

mod board;
pub mod eval;
pub mod features;
pub mod net;
mod notation;
pub mod weights;

use arrayvec::ArrayVec;

use crate::game::{parse_bool, EndReason, Game, GameEnd, GameError, OptionInfo, OptionKind};
pub use board::{Board, HOLES, SEEDS};
pub use notation::Notation;

/// Seeds that win the game.
pub const WIN: u32 = 25;
/// Each side's total in a drawn game.
pub const DRAW: u32 = 24;

/// A move: the index (0..12) of the hole sown.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u8);

impl Move {
    /// The hole index, 0..12 (hole number minus one).
    #[inline]
    pub fn hole(self) -> usize {
        self.0 as usize
    }
}

/// What happens to a capture that would take every seed of the opponent.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GrandSlam {
    /// The move is legal and captures nothing (Abapa; the default).
    #[default]
    NoCapture,
    /// The move is illegal.
    Forbidden,
    /// The move captures everything it reaches.
    Capture,
}

impl GrandSlam {
    const NAMES: [&'static str; 3] = ["nocapture", "forbidden", "capture"];

    /// The option value naming this rule.
    pub fn name(self) -> &'static str {
        match self {
            GrandSlam::NoCapture => "nocapture",
            GrandSlam::Forbidden => "forbidden",
            GrandSlam::Capture => "capture",
        }
    }
}

/// The `oware` rules with their options, and the evaluation the engine
/// plays them with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oware {
    /// The grand slam rule.
    pub grand_slam: GrandSlam,
    /// Whether a player must feed an opponent whose side is empty.
    pub must_feed: bool,
    /// How moves are printed.
    pub notation: Notation,
    /// The evaluation (`--eval`, `EvalFile`; the built-in fitted one by
    /// default).
    pub evaluation: eval::Evaluation,
}

impl Default for Oware {
    fn default() -> Oware {
        Oware {
            grand_slam: GrandSlam::NoCapture,
            must_feed: true,
            notation: Notation::Letters,
            evaluation: eval::Evaluation::default(),
        }
    }
}

impl Oware {
    /// Why hole `h` may not be played in `board`, or `None` when it may.
    /// The one legality test, shared by move generation and the parser.
    fn illegality(&self, board: Board, h: usize) -> Option<&'static str> {
        if h / 6 != board.side() {
            return Some("that hole belongs to the opponent");
        }
        let n = board.seeds(h);
        if n == 0 {
            return Some("that hole is empty");
        }
        if self.must_feed && board.side_empty(1 - board.side()) && !Board::feeds(h, n) {
            return Some("the opponent's side is empty and this move does not feed it (MustFeed)");
        }
        if self.grand_slam == GrandSlam::Forbidden && board.sow(h).grand_slam {
            return Some("it would capture every seed of the opponent (GrandSlam=forbidden)");
        }
        None
    }

    /// Whether hole `h` may be played in `board` (the scores aside): the
    /// legality test of [`Game::legal_moves`] for one move, for callers
    /// that reconstruct moves, such as the endgame tables' unmove generator.
    #[inline]
    pub fn allows(&self, board: &Board, h: usize) -> bool {
        self.illegality(*board, h).is_none()
    }

    /// Whether the game is already decided by the scores.
    #[inline(always)]
    fn decided(board: Board) -> bool {
        board.decided(WIN, DRAW)
    }

    /// [`Game::count_two_plies`] for a position with `SIDE` to move, not
    /// decided, and a grand-slam rule other than `forbidden`.
    #[inline(always)]
    fn two_plies_as<const SIDE: usize>(
        &self,
        pos: &Board,
        mut repeats: impl FnMut(&u128) -> bool,
    ) -> u64 {
        let slam_captures = self.grand_slam == GrandSlam::Capture;
        let mut movable = pos.movable_of(SIDE, self.must_feed);
        let mut total = 0;
        while movable != 0 {
            let h = 6 * SIDE + movable.trailing_zeros() as usize / 8;
            movable &= movable - 1;
            let next = pos.play_as(SIDE, h, slam_captures);
            let moves = u64::from(Board::count_marked(
                next.movable_of(1 - SIDE, self.must_feed),
            ));
            if !self.is_irreversible(pos, &next) {
                // Oware always ends a repeated game (`repetition_end` is `Some`).
                if !repeats(&next.bits()) {
                    total += moves;
                }
            } else if !Oware::decided(next) {
                total += moves;
            }
        }
        total
    }

    /// The holes the side to move may sow when the game is not decided by
    /// the scores and the grand slam is not forbidden (see [`Board::movable`]).
    #[inline(always)]
    fn movable(&self, board: Board) -> u64 {
        board.movable(self.must_feed)
    }
}

/// The description of the option `name`, one word of `values`.
fn combo(name: &'static str, values: &[&'static str], default: &str, current: &str) -> OptionInfo {
    OptionInfo {
        name,
        kind: OptionKind::Combo {
            values: values.to_vec(),
        },
        default: default.into(),
        current: current.into(),
    }
}

impl Game for Oware {
    type Position = Board;
    type Move = Move;
    type Moves = ArrayVec<Move, 6>;
    type Key = u128;

    fn name(&self) -> &'static str {
        "oware"
    }

    fn options(&self) -> Vec<OptionInfo> {
        let defaults = Oware::default();
        vec![
            combo(
                "GrandSlam",
                &GrandSlam::NAMES,
                defaults.grand_slam.name(),
                self.grand_slam.name(),
            ),
            OptionInfo {
                name: "MustFeed",
                kind: OptionKind::Check,
                default: defaults.must_feed.to_string(),
                current: self.must_feed.to_string(),
            },
            combo(
                "Notation",
                &Notation::NAMES,
                defaults.notation.name(),
                self.notation.name(),
            ),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        match name.to_ascii_lowercase().as_str() {
            "grandslam" => {
                self.grand_slam = match value.to_ascii_lowercase().as_str() {
                    "nocapture" => GrandSlam::NoCapture,
                    "forbidden" => GrandSlam::Forbidden,
                    "capture" => GrandSlam::Capture,
                    _ => {
                        return Err(GameError::new(format!(
                            "option GrandSlam: '{value}' is not a valid value (expected nocapture, forbidden or capture)"
                        )))
                    }
                }
            }
            "mustfeed" => self.must_feed = parse_bool("MustFeed", value)?,
            "notation" => self.notation = Notation::parse(value)?,
            _ => {
                return Err(GameError::new(format!(
                    "unknown option '{name}' for variant oware (expected GrandSlam, MustFeed or Notation)"
                )))
            }
        }
        Ok(())
    }

    fn start(&self) -> Board {
        Board::START
    }

    #[inline]
    fn legal_moves(&self, pos: &Board, moves: &mut Self::Moves) {
        moves.clear();
        if Oware::decided(*pos) {
            return;
        }
        let first = 6 * pos.side();
        let mut movable = self.movable(*pos);
        while movable != 0 {
            let h = first + movable.trailing_zeros() as usize / 8;
            movable &= movable - 1;
            if self.grand_slam == GrandSlam::Forbidden && pos.sow(h).grand_slam {
                continue;
            }
            // At most six bits are set: the list never overflows.
            moves.push(Move(h as u8));
        }
    }

    #[inline]
    fn count_legal_moves(&self, pos: &Board) -> usize {
        if Oware::decided(*pos) {
            return 0;
        }
        if self.grand_slam == GrandSlam::Forbidden {
            let mut moves = Self::Moves::default();
            self.legal_moves(pos, &mut moves);
            return moves.len();
        }
        Board::count_marked(self.movable(*pos)) as usize
    }

    #[inline(always)]
    fn play(&self, pos: &Board, mv: Move) -> Board {
        // With `forbidden` a grand slam is never played, so either value fits.
        pos.play(mv.hole(), self.grand_slam == GrandSlam::Capture)
    }

    /// Fuses playing and counting: the moves come from one mask, and a child
    /// reached without a capture has the scores of `pos`, which has moves,
    /// so it is not decided and its moves are counted from one mask. The
    /// loop is compiled once per side to move (`Oware::two_plies_as`).
    #[inline]
    fn count_two_plies(&self, pos: &Board, repeats: impl FnMut(&u128) -> bool) -> u64 {
        if self.grand_slam == GrandSlam::Forbidden {
            return crate::game::count_two_plies_by_playing(self, pos, repeats);
        }
        if Oware::decided(*pos) {
            return 0;
        }
        if pos.side() == 0 {
            self.two_plies_as::<0>(pos, repeats)
        } else {
            self.two_plies_as::<1>(pos, repeats)
        }
    }

    #[inline(always)]
    fn is_irreversible(&self, before: &Board, after: &Board) -> bool {
        (before.bits() ^ after.bits()) >> 96 & 0xFFFF != 0
    }

    /// 4: no position repeats two plies later. Proof: say one side sows
    /// `n >= 1` seeds from hole `a`, then the other sows `m >= 1` from hole
    /// `b`, neither capturing, and the position is back. The first move
    /// leaves `a` empty (an origin is never sown into), so the second must
    /// put `n` seeds into `a`; a sowing of `m` gives each other hole at most
    /// `ceil(m / 11)`, so `n <= ceil(m / 11)`. Likewise `b` is empty after
    /// the second move, so it was empty at the start and held exactly the
    /// `m` seeds the first move put there: `m <= ceil(n / 11)`. Hence
    /// `n <= ceil(ceil(n / 11) / 11)`, which forces `n = 1`, and then
    /// `m = 1`. One seed from `a` lands in `a + 1`, so `b = a + 1`; one seed
    /// from `b` lands in `b + 1 = a + 2`, not in `a`: a contradiction.
    fn min_repetition_plies(&self) -> usize {
        4
    }

    fn end(&self, pos: &Board) -> Option<GameEnd> {
        // The search asks at nearly every node, and nearly always of a game
        // going on: one test of both scores, then (unless grand slams are
        // forbidden, when a movable hole may still have no legal move) one
        // mask of the movable holes.
        if Oware::decided(*pos) {
            return GameEnd::by_scores(self.scores(pos), WIN, DRAW);
        }
        let no_move = if self.grand_slam == GrandSlam::Forbidden {
            self.count_legal_moves(pos) == 0
        } else {
            self.movable(*pos) == 0
        };
        if no_move {
            return Some(GameEnd {
                reason: EndReason::NoLegalMove,
                scores: pos.collected_scores(),
            });
        }
        None
    }

    fn repetition_end(&self, pos: &Board) -> Option<GameEnd> {
        Some(GameEnd {
            reason: EndReason::Repetition,
            scores: pos.collected_scores(),
        })
    }

    #[inline]
    fn key(&self, pos: &Board) -> u128 {
        pos.bits()
    }

    #[inline]
    fn hash(&self, pos: &Board) -> u64 {
        let bits = pos.bits();
        let mut h = (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 32;
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^= h >> 32;
        h
    }

    #[inline]
    fn evaluate(&self, pos: &Board) -> i32 {
        self.evaluation.evaluate(*pos)
    }

    fn evaluation_scale(&self, pos: &Board) -> i32 {
        eval::scale(*pos)
    }

    fn evaluation_terms(&self, pos: &Board) -> Vec<(&'static str, i32)> {
        self.evaluation.terms(*pos)
    }

    fn parse_move(&self, pos: &Board, text: &str) -> Result<Move, GameError> {
        let h = notation::parse_hole(text)?;
        if Oware::decided(*pos) {
            return Err(GameError::new("the game is over"));
        }
        match self.illegality(*pos, h) {
            None => Ok(Move(h as u8)),
            Some(why) => Err(GameError::new(format!(
                "illegal move {}: {why}",
                text.trim()
            ))),
        }
    }

    fn format_move(&self, _pos: &Board, mv: Move) -> String {
        self.notation.format(mv.hole())
    }

    fn parse_position(&self, text: &str) -> Result<Board, GameError> {
        notation::parse_position(text)
    }

    fn format_position(&self, pos: &Board) -> String {
        notation::format_position(*pos)
    }

    fn render(&self, pos: &Board) -> String {
        notation::render(*pos, self.notation)
    }
}

/// The board as a display sees it: [`Board::sow`] is the sowing step.
impl crate::variants::view::BoardView for Oware {
    fn hole_count(&self) -> usize {
        HOLES
    }

    fn hole_label(&self, i: usize) -> String {
        self.notation.format(i)
    }

    fn hole_seeds(&self, pos: &Board, i: usize) -> Vec<(crate::variants::view::SeedKind, u32)> {
        use crate::variants::view::{present, SeedKind};
        present([(SeedKind::Plain, pos.seeds(i))])
    }

    fn hole_of(&self, _pos: &Board, mv: Move) -> usize {
        mv.hole()
    }

    fn sown_position(&self, pos: &Board, mv: Move) -> Board {
        pos.sow(mv.hole()).sown
    }
}

#[cfg(test)]
mod tests;
