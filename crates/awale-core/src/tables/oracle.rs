//! The tables as the search sees them: an [`Oracle`] for `oware`.

use std::sync::Arc;

use super::{keeping_moves, verdict, EndgameTables, Rules};
use crate::game::{History, Oracle};
use crate::variants::oware::{Board, Move, Oware};

/// The tables with the rules of the game they answer for.
struct TableOracle {
    tables: Arc<EndgameTables>,
    game: Oware,
    /// The most seeds on the board a level covers: a cheap test that
    /// spares most nodes of the middle game the index computation.
    max_on_board: u32,
}

impl Oracle<Oware> for TableOracle {
    #[inline]
    fn final_range(&self, pos: &Board, fresh: bool) -> Option<[[u32; 2]; 2]> {
        if pos.on_board() > self.max_on_board {
            return None;
        }
        Some(verdict(&self.tables, &self.game, pos, fresh)?.final_range)
    }

    #[inline]
    fn prefetch(&self, pos: &Board) {
        if pos.on_board() <= self.max_on_board {
            self.tables.prefetch(pos);
        }
    }

    fn keeping_moves(
        &self,
        pos: &Board,
        history: &History<u128>,
        moves: &[Move],
    ) -> Option<Vec<Move>> {
        keeping_moves(&self.tables, &self.game, pos, history, moves)
    }

    fn describe(&self, pos: &Board, history: &History<u128>) -> String {
        let fresh = history.reversible_plies() == 0;
        let Some(v) = verdict(&self.tables, &self.game, pos, fresh) else {
            return format!(
                "not covered (levels {})",
                match self.tables.max_seeds() {
                    Some(max) => format!("up to {max} seeds"),
                    None => "none".to_string(),
                }
            );
        };
        let e = v.entry;
        match v.final_scores {
            Some([south, north]) => format!(
                "final score South {south} - North {north} under perfect play ({})",
                if e.is_exact() {
                    "exact"
                } else {
                    "known for this history"
                }
            ),
            None => format!(
                "the side to move collects {}..{} of the {} seeds on the board {}",
                if fresh { e.lo } else { e.every_lo },
                if fresh { e.hi } else { e.every_hi },
                v.on_board,
                if fresh {
                    "(reached by a capture)"
                } else {
                    "whatever the history"
                }
            ),
        }
    }
}

/// The oracle of `tables` for an Oware game when they were built for its
/// rules and hold at least one seed count.
pub fn oracle_for(game: &Oware, tables: &Arc<EndgameTables>) -> Option<Arc<dyn Oracle<Oware>>> {
    if Rules::of(game) != tables.rules() {
        return None;
    }
    let max = tables.max_seeds()?;
    Some(Arc::new(TableOracle {
        tables: Arc::clone(tables),
        game: game.clone(),
        max_on_board: max as u32,
    }))
}
