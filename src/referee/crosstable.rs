//! The final results of an event as text: the score, Elo, LOS and SPRT of
//! a match, the ranking and crosstable of a tournament, and the forfeits.

use super::report::EventReport;
use super::schedule::Format;
use super::stats::Wdl;

impl EventReport {
    /// The final results as text: score, Elo, LOS, draws, SPRT and faults
    /// for a match; ranking and crosstable for a tournament.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        if self.format == Format::Match {
            let wdl = self.wdl(0, Some(1));
            out += &format!(
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
                self.engines[0],
                self.engines[1],
                wdl.wins,
                wdl.losses,
                wdl.draws,
                wdl.score().unwrap_or(0.5),
                wdl.games()
            );
            out += &wdl.describe();
            out.push('\n');
            if let (Some(sprt), Some(at)) = (&self.sprt, self.sprt_verdict()) {
                out += &sprt.describe(at.llr);
                out += &format!(" ({} game pairs", at.pairs.pairs());
                if at.wdl.games() < wdl.games() {
                    out += &format!(
                        "; after {} games, {} more finished before the event stopped",
                        at.wdl.games(),
                        wdl.games() - at.wdl.games()
                    );
                }
                out.push(')');
                out.push('\n');
            }
        } else {
            out += &self.ranking();
            out += &self.crosstable();
        }
        for (name, kinds) in self.faults() {
            let list: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            out += &format!("Forfeits by {name}: {}\n", list.join(", "));
        }
        out += &format!(
            "Games: {} of {} ({} played now, {} from the records file)\n",
            self.games.len(),
            self.scheduled,
            self.played,
            self.resumed
        );
        out
    }

    /// The width of a column of engine names, at least `min`.
    fn name_width(&self, min: usize) -> usize {
        self.engines
            .iter()
            .map(|n| n.len())
            .max()
            .unwrap_or(0)
            .max(min)
    }

    fn ranking(&self) -> String {
        let width = self.name_width(4);
        let mut rows: Vec<(usize, Wdl)> = (0..self.engines.len())
            .map(|i| (i, self.wdl(i, None)))
            .collect();
        rows.sort_by(|a, b| {
            let (sa, sb) = (a.1.score().unwrap_or(0.0), b.1.score().unwrap_or(0.0));
            sb.partial_cmp(&sa).unwrap_or(std::cmp::Ordering::Equal)
        });
        let mut out = format!(
            "Rank {:<width$} {:>8} {:>7} {:>6} {:>7} {:>6}\n",
            "Name", "Elo", "+/-", "Games", "Score", "Draw"
        );
        for (rank, (i, wdl)) in rows.iter().enumerate() {
            let elo = match wdl.elo() {
                Some(e) => format!("{:.1}", e + 0.0),
                None if wdl.score() == Some(1.0) => "+inf".into(),
                None if wdl.games() > 0 => "-inf".into(),
                None => "n/a".into(),
            };
            let margin = wdl.elo_margin().map_or("inf".into(), |m| format!("{m:.1}"));
            out += &format!(
                "{:>4} {:<width$} {:>8} {:>7} {:>6} {:>6.1}% {:>5.1}%\n",
                rank + 1,
                self.engines[*i],
                elo,
                margin,
                wdl.games(),
                wdl.score().unwrap_or(0.0) * 100.0,
                wdl.draw_ratio().unwrap_or(0.0) * 100.0
            );
        }
        out
    }

    fn crosstable(&self) -> String {
        let n = self.engines.len();
        let width = self.name_width(9);
        let mut out = format!(
            "Crosstable (points of the row's engine against the column's / games):\n{:<width$}",
            ""
        );
        for name in &self.engines {
            out += &format!(" {name:>width$}");
        }
        out.push('\n');
        for a in 0..n {
            out += &format!("{:<width$}", self.engines[a]);
            for b in 0..n {
                let cell = if a == b {
                    "-".to_string()
                } else {
                    let wdl = self.wdl(a, Some(b));
                    if wdl.games() == 0 {
                        ".".to_string()
                    } else {
                        format!("{}/{}", wdl.points(), wdl.games())
                    }
                };
                out += &format!(" {cell:>width$}");
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::referee::report::tests::three_engines;

    #[test]
    fn a_tournament_shows_ranking_and_crosstable() {
        let text = three_engines().summary();
        assert!(text.contains("Crosstable"), "{text}");
        assert!(
            text.lines().nth(1).unwrap().contains(" b "),
            "b ranks first:\n{text}"
        );
    }
}
