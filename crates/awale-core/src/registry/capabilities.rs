//! What each variant offers beyond its rules to code generic over it: the
//! evaluation it plays with and its endgame tables. These live here, above
//! the variants and the tables, so that the rules never name the tables or
//! the weights of another variant; each variant of the registry has its
//! impl below, empty when it offers nothing beyond its rules.

use std::sync::Arc;

use super::Evaluation;
use crate::game::{Game, Oracle};
use crate::tables::loader::{self, Loading, Source};
use crate::tables::{EndgameTables, Rules};
use crate::variants::colors12::Colors12;
use crate::variants::colors16::Colors16;
use crate::variants::oware::Oware;
use crate::variants::transparent::{Transparent80, Transparent96};

/// A variant's weights and endgame tables, for code that runs with whichever
/// variant was chosen. The defaults are a variant with neither.
pub trait Capabilities: Game {
    /// Plays with `evaluation`, the weight file or built-in weights chosen
    /// by `--eval` or `EvalFile`. Those are the weights of the variant whose
    /// entry says [`super::Entry::weight_files`]: the others play with their
    /// own built-in weights and ignore it (the default).
    fn set_evaluation(&mut self, evaluation: &Evaluation) {
        let _ = evaluation;
    }

    /// The rules the endgame tables of this game are built for, or `None`
    /// when the variant has no tables (the default): which tables to open.
    fn endgame_rules(&self) -> Option<Rules> {
        None
    }

    /// What the search sees of `tables` for this game: `None` when the
    /// variant has no tables (the default), or `tables` were built for
    /// other rules or hold no seed count.
    fn endgame_oracle(&self, tables: &Arc<EndgameTables>) -> Option<Arc<dyn Oracle<Self>>> {
        let _ = tables;
        None
    }

    /// The tables `source` gives this game, opening in the background:
    /// `None` when the variant has none or `source` is off.
    fn load_tables(&self, source: &Source) -> Option<Arc<Loading>> {
        loader::load(source, self.endgame_rules()?)
    }

    /// The oracle `source` gives this game once its tables are ready
    /// (waiting for them), with the problems met opening them; no oracle
    /// for a variant without tables or [`Source::Off`].
    fn oracle_when_ready(&self, source: &Source) -> (Option<Arc<dyn Oracle<Self>>>, Vec<String>) {
        match self.load_tables(source) {
            Some(loading) => {
                let tables = loading.wait();
                (self.endgame_oracle(&tables), loading.take_warnings())
            }
            None => (None, Vec::new()),
        }
    }
}

impl Capabilities for Oware {
    fn set_evaluation(&mut self, evaluation: &Evaluation) {
        self.evaluation = evaluation.clone();
    }

    fn endgame_rules(&self) -> Option<Rules> {
        Some(Rules::of(self))
    }

    fn endgame_oracle(&self, tables: &Arc<EndgameTables>) -> Option<Arc<dyn Oracle<Oware>>> {
        crate::tables::oracle_for(self, tables)
    }
}

impl Capabilities for Colors12 {}
impl Capabilities for Colors16 {}
impl Capabilities for Transparent80 {}
impl Capabilities for Transparent96 {}
