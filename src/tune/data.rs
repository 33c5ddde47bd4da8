//! The training positions in memory: each position's features (sparse),
//! captured seeds and targets, read from `awale datagen` files (Oware) or
//! from game records ([`super::records`], any variant with
//! [`Features`]).

use std::path::Path;

use crate::datagen::{PackedScore, Reader, Record};
use crate::game::Features;
use crate::variants::oware::{Board, Oware};

/// A search score standing for a proven win (or, negated, a loss): its
/// sigmoid is 1 (or 0) whatever the scale.
pub const PROVEN: f32 = 1.0e9;

/// Which positions of a file are kept for training.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Only positions the endgame tables do not cover: there the tables
    /// replace the evaluation, so fitting them would spend weights on
    /// positions the engine never evaluates (the default).
    Uncovered,
    /// Every position.
    All,
}

/// Training positions: features in a flat sparse array, one slice per
/// position.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// `(feature index, value)` pairs of every position, back to back.
    pub entries: Vec<(u16, i8)>,
    /// Position `i`'s pairs are `entries[starts[i]..starts[i + 1]]`.
    pub starts: Vec<u32>,
    /// Captured seeds, mine minus the opponent's, in centiseeds.
    pub captured: Vec<i32>,
    /// The game's result from the side to move: 1, 0.5 or 0.
    pub result: Vec<f32>,
    /// The search score from the side to move in centiseeds, or ±1e9 for
    /// a proven win or loss.
    pub score: Vec<f32>,
    /// Whether the position is held out for validation (every position of
    /// one game in ten, by game index, so that a game's positions are all
    /// on one side of the split).
    pub validation: Vec<bool>,
    /// Positions read but left out by the selection.
    pub skipped: u64,
    /// For positions read from `awale datagen` files (Oware): the mover's
    /// six holes then the opponent's, each from its owner's first hole
    /// (the network's inputs, `crate::tune::net`). Empty for records.
    pub rows: Vec<[u8; 12]>,
    /// The factor each position's evaluation is multiplied by before the
    /// sigmoid (the engine's scale by seeds on the board,
    /// [`Dataset::apply_engine_scale`]); empty: 1 everywhere.
    pub scale: Vec<f32>,
    /// Whether the search scores are multiplied by [`Dataset::scale`] too:
    /// for files written before the engine scaled its scores (2026-11-29),
    /// whose scores are plain.
    pub scale_scores: bool,
}

/// The network's view of `board`: the mover's six holes, then the
/// opponent's, each from its owner's first hole.
pub fn mover_rows(board: Board) -> [u8; 12] {
    let me = board.side();
    std::array::from_fn(|i| {
        let side = if i < 6 { me } else { 1 - me };
        board.seeds(6 * side + i % 6) as u8
    })
}

/// Errors while reading training data, with the file named.
pub type DataError = crate::datagen::Error;

impl Dataset {
    /// An empty dataset.
    pub fn new() -> Dataset {
        Dataset {
            starts: vec![0],
            ..Dataset::default()
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.captured.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.captured.is_empty()
    }

    /// The factor of position `i`'s evaluation.
    #[inline]
    pub fn scale(&self, i: usize) -> f64 {
        self.scale.get(i).map_or(1.0, |&s| f64::from(s))
    }

    /// Scales every position's evaluation as the engine scales it by the
    /// seeds on the board (`awale datagen` files only: it reads the
    /// boards), so that the fit predicts the results as the engine's
    /// scores will; `scores` scales the search scores too (see
    /// [`Dataset::scale_scores`]).
    pub fn apply_engine_scale(&mut self, scores: bool) {
        use crate::variants::oware::eval::scale_at;
        self.scale_scores = scores;
        self.scale = self
            .rows
            .iter()
            .map(|r| {
                let on_board: u32 = r.iter().map(|&x| u32::from(x)).sum();
                scale_at(on_board) as f32 / 64.0
            })
            .collect();
    }

    /// The feature pairs of position `i`.
    #[inline]
    pub fn features(&self, i: usize) -> &[(u16, i8)] {
        &self.entries[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Adds one position: its non-zero features, captured seeds
    /// (centiseeds), the game's result and the search score from the side
    /// to move; `game` picks the validation share (one game in ten).
    pub fn push(
        &mut self,
        features: &[(usize, i32)],
        captured: i32,
        result: f32,
        score: f32,
        game: u32,
    ) {
        for &(i, v) in features {
            if v != 0 {
                // Feature values are seed counts or counts of holes and
                // moves, far within ±127.
                self.entries.push((i as u16, v.clamp(-127, 127) as i8));
            }
        }
        self.starts.push(self.entries.len() as u32);
        self.captured.push(captured);
        self.result.push(result);
        self.score.push(score);
        self.validation.push(game % 10 == 0);
    }

    /// Adds one record of game `game` of an `awale datagen` file (Oware)
    /// if `selection` keeps it.
    pub fn add(&mut self, record: &Record, game: u32, selection: Selection) {
        if selection == Selection::Uncovered && record.table.is_some() {
            self.skipped += 1;
            return;
        }
        let board = record.board();
        let oware = Oware::default();
        let mut features = Vec::new();
        oware.features(&board, &mut features);
        let score = match record.score {
            PackedScore::Centiseeds(cp) => f32::from(cp),
            PackedScore::TableMargin(m) => f32::from(m.signum()) * PROVEN,
            PackedScore::GameEnd { win, .. } => {
                if win {
                    PROVEN
                } else {
                    -PROVEN
                }
            }
        };
        let captured = oware.captured(&board);
        self.push(&features, captured, record.result(), score, game);
        self.rows.push(mover_rows(board));
    }

    /// Adds every position of the file at `path`.
    pub fn read(&mut self, path: &Path, selection: Selection) -> Result<(), DataError> {
        let mut reader = Reader::open(path)?;
        while let Some(game) = reader.next_game() {
            let game = game.map_err(|e| e.in_file(path))?;
            for r in &game.positions {
                self.add(r, game.index, selection);
            }
        }
        Ok(())
    }
}
