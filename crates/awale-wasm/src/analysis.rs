//! An analysis in the worker: the search thinks in slices, its
//! transposition table and its deepening kept between them (each slice
//! after the first starts at the iteration after the deepest one sent), so
//! that the worker reads its messages (a stop, another request) in
//! between. Each slice's iterations deeper than any sent before are the
//! stream's `info` events.

use awale_board::calls::{self, Board, Outcome, Prepared};
use awale_board::errors::ApiError;
use awale_board::mind::InfoJson;
use awale_board::think::BestMove;
use awale_core::search::Skill;

use crate::search::{self, seed};

/// One analysis stream.
pub struct Analysis {
    prepared: Prepared,
    reports: Vec<InfoJson>,
    best: Option<BestMove>,
}

impl Analysis {
    /// The analysis of the game `id` for the stream's `movetime` (as
    /// written in its query): the analysis and its time in ms. No book: an
    /// analysis searches the position, as on the server.
    pub fn start(
        board: &Board,
        id: &str,
        movetime: Option<&str>,
    ) -> Result<(Analysis, u64), ApiError> {
        let time = calls::analysis_time(movetime)?;
        let slot = board.store.get(id)?;
        let (prepared, ()) = calls::prepare(board, &slot, Skill::FULL, false, seed(), || ())?;
        let analysis = Analysis {
            prepared,
            reports: Vec::new(),
            best: None,
        };
        Ok((analysis, time.as_millis() as u64))
    }

    /// The deepest iteration reported so far.
    fn depth(&self) -> u32 {
        self.reports.last().map_or(0, |i| i.depth)
    }

    /// Thinks `ms` more: whether more time may tell more (not when the
    /// search proved a result or returned well before its time), and the
    /// JSON of the iterations deeper than any before.
    pub fn slice(&mut self, ms: f64) -> (bool, Vec<String>) {
        let resume = !self.reports.is_empty();
        let (outcome, early) = search::slice(&mut self.prepared, ms, 1, resume);
        let before = self.depth();
        if outcome.reports.last().map_or(0, |i| i.depth) >= before {
            self.best = outcome.best.clone().or(self.best.take());
        }
        let mut news = Vec::new();
        for info in outcome.reports {
            if info.depth > self.depth() {
                news.push(serde_json::to_string(&info).unwrap_or_default());
                self.reports.push(info);
            }
        }
        let proven = self.reports.last().is_some_and(|i| i.mate.is_some());
        (!proven && !early, news)
    }

    /// What the analysis found, for its `done` event.
    pub fn outcome(self) -> Outcome {
        Outcome {
            best: self.best,
            reports: self.reports,
        }
    }
}
