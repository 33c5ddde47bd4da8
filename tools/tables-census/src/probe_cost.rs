//! The cost of a probe as the search makes it (`awale-core`'s oracle),
//! in nanoseconds, on random covered positions: compare with the search's
//! time per node, 1 / nps (`awale-census probe-cost`).

use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

use awale_core::game::Game;
use awale_core::rng::Rng;
use awale_core::tables::index::{seed_count_size, unrank};
use awale_core::tables::{oracle_for, EndgameTables, Rules};
use awale_core::variants::oware::{Board, Oware};

/// The positions are drawn from 6 seeds up: the tables must hold seed counts
/// 0 to this one at least.
const MIN_LEVELS: usize = 6;

/// Probes `positions` random covered positions of the seed counts of `dir` (up to
/// 24 seeds, far larger than the caches), or of seed counts 0 to `built` built
/// in memory, then their children as the search lists them, with and without
/// a prefetch, `rounds` times each (the medians are reported: the machine
/// is shared).
pub fn probe_cost(
    dir: Option<&Path>,
    built: usize,
    positions: usize,
    rounds: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    if positions < 10 || rounds == 0 {
        return Err(io::Error::other("at least 10 positions and 1 round"));
    }
    let rules = Rules::default();
    let game = rules.game();
    let tables = Arc::new(match dir {
        Some(dir) => EndgameTables::load(dir, rules, 24).0,
        None => EndgameTables::build_in_memory(rules, built),
    });
    let max = tables.complete_up_to().unwrap_or(0);
    if max < MIN_LEVELS {
        return Err(io::Error::other(format!(
            "levels 0-{MIN_LEVELS} at least are needed, found {}",
            match tables.complete_up_to() {
                Some(max) => format!("0-{max}"),
                None => "none".into(),
            }
        )));
    }
    writeln!(out, "levels 0-{max}")?;
    let oracle = oracle_for(&game, &tables).expect("tables of the game's own rules");
    let mut rng = Rng::new(5);
    let boards: Vec<Board> = (0..positions)
        .map(|_| {
            let n = 6 + rng.below(max - 5);
            let holes = unrank(n, rng.next_u64() % seed_count_size(n));
            Board::from_parts(holes, [(48 - n) as u8 / 2, (48 - n + 1) as u8 / 2], false)
        })
        .collect();
    for fresh in [true, false] {
        let t = std::time::Instant::now();
        let known = boards
            .iter()
            .filter(|b| oracle.final_scores(b, fresh).is_some())
            .count();
        let ns = t.elapsed().as_nanos() as f64 / boards.len() as f64;
        writeln!(
            out,
            "fresh {fresh}: {ns:.0} ns per probe, {known} of {} known",
            boards.len()
        )?;
    }
    // As the search probes: the children of a node one after the other,
    // each after the work of listing them all (playing the moves), with or
    // without a prefetch of each child's entry as it is listed. The two
    // ways alternate, and each reports its median: the machine is shared.
    let parents = &boards[..boards.len() / 10];
    let mut children = Vec::new();
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..rounds {
        for prefetch in [false, true] {
            let t = std::time::Instant::now();
            let mut probes = 0usize;
            for parent in parents {
                let mut moves = <Oware as Game>::Moves::default();
                game.legal_moves(parent, &mut moves);
                children.clear();
                for &mv in moves.iter() {
                    let child = game.play(parent, mv);
                    if prefetch {
                        oracle.prefetch(&child);
                    }
                    children.push(child);
                }
                for child in &children {
                    probes += 1;
                    std::hint::black_box(oracle.final_range(child, true));
                }
            }
            times[usize::from(prefetch)].push(t.elapsed().as_nanos() as f64 / probes as f64);
        }
    }
    for (prefetch, mut ns) in [false, true].into_iter().zip(times) {
        ns.sort_by(f64::total_cmp);
        writeln!(
            out,
            "children listed then probed, prefetch {prefetch}: median {:.0} ns per child \
             ({rounds} runs, {:.0} to {:.0})",
            ns[ns.len() / 2],
            ns[0],
            ns[ns.len() - 1]
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cost_is_measured_on_the_tables_built_in_memory() {
        let mut out = Vec::new();
        probe_cost(None, 8, 1000, 1, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("levels 0-8\n"), "{text}");
        assert_eq!(text.lines().count(), 5, "{text}");
    }

    #[test]
    fn a_directory_without_tables_is_refused() {
        let dir = awale_core::scratch::dir("census-probe-empty");
        let err = probe_cost(Some(&dir), 8, 1000, 1, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("found none"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
