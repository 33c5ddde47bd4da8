//! The tables against a deliberately simple exhaustive search that shares
//! no code with the builder (its own sowing, capture and feeding rules), and
//! the files against corruption.

use std::collections::HashSet;
use std::sync::Arc;

use super::index::{advance, seed_count_size, unrank};
use super::reference::{self, turned, Holes};
use super::*;
use crate::rng::Rng;

/// The seeds the mover of `holes` collects with an empty history.
fn fresh_reference(holes: &Holes) -> i32 {
    let n: i32 = holes.iter().map(|&s| s as i32).sum();
    reference::value(holes, 0, &mut Vec::new(), -1, n + 1)
}

fn mirrored(holes: &Holes) -> Board {
    Board::from_parts(turned(holes), [0, 0], true)
}

/// The largest seed count checked position by position against the reference
/// (at 4 seeds the exhaustive search of every cycle already takes minutes).
const CHECKED: usize = 3;

/// Checks `lo <= V <= hi` for the value `V` of `holes` with an empty
/// history with two null-window searches, far cheaper than the exact
/// value (cycles make the exhaustive search exponential).
fn within_bounds(holes: &Holes, lo: u8, hi: u8) -> bool {
    let (lo, hi) = (lo as i32, hi as i32);
    let at_least_lo = reference::value(holes, 0, &mut Vec::new(), lo - 1, lo) >= lo;
    let at_most_hi = reference::value(holes, 0, &mut Vec::new(), hi, hi + 1) <= hi;
    at_least_lo && at_most_hi
}

/// The default rules' tables up to `max` seeds, built into a scratch
/// directory named `name`: the directory, the rules and the tables.
fn built_in_scratch(name: &str, max: usize) -> (std::path::PathBuf, Rules, EndgameTables) {
    let dir = crate::scratch::dir(name);
    let rules = Rules::default();
    let built =
        EndgameTables::build_into(&dir, rules, max, &Progress::default(), &mut |_| {}).unwrap();
    (dir, rules, built)
}

#[test]
fn every_small_position_has_the_value_of_an_exhaustive_search() {
    let tables = EndgameTables::build_in_memory(Rules::default(), CHECKED);
    for n in 0..=CHECKED {
        let mut holes = unrank(n, 0);
        let mut unknown = 0;
        let mut proved = 0;
        loop {
            let entry = tables.entry(&holes).unwrap();
            assert!(
                within_bounds(&holes, entry.lo, entry.hi),
                "{holes:?}: reference {}, table {entry:?}",
                fresh_reference(&holes)
            );
            if entry.lo != entry.hi {
                unknown += 1;
            } else {
                proved += 1;
            }
            // The same position with North to move reads the same entry.
            assert_eq!(tables.probe(&mirrored(&holes)), Some(entry));
            if !advance(&mut holes) {
                break;
            }
        }
        // Cycles leave some values to the repetition rule: only bounds for
        // those, but most small positions are proved.
        assert!(
            proved > 2 * unknown,
            "level {n}: {proved} proved, {unknown} bounded"
        );
    }
}

/// Under random histories, every position's value lies within its bounds
/// under every history, and an exact position keeps its value.
#[test]
fn values_under_random_histories_keep_within_the_bounds_under_every_history() {
    let tables = EndgameTables::build_in_memory(Rules::default(), CHECKED);
    let mut rng = Rng::new(2024);
    let (mut checked, mut exact, mut bounded) = (0, 0, 0);
    for _ in 0..1500 {
        let n = 2 + rng.below(2);
        let mut holes = unrank(n, rng.next_u64() % seed_count_size(n));
        // A random walk of quiet moves; each position on it is probed with
        // the walk so far as its history.
        let mut path: Vec<(Holes, usize)> = Vec::new();
        let mut seen = HashSet::new();
        for ply in 0..8 {
            if ply > 0 {
                let entry = tables.entry(&holes).unwrap();
                let mut p = path.clone();
                let value = reference::value(&holes, ply, &mut p, -1, n as i32 + 1);
                let (lo, hi) = (i32::from(entry.every_lo), i32::from(entry.every_hi));
                assert!(
                    (lo..=hi).contains(&value),
                    "{holes:?} after {path:?}: {value} outside {lo}..={hi}"
                );
                checked += 1;
                exact += usize::from(entry.is_exact());
                bounded += usize::from(lo < hi && (lo > 0 || hi < n as i32));
            }
            path.push((holes, ply));
            seen.insert((holes, ply % 2));
            let quiet: Vec<Holes> = reference::moves(&holes)
                .into_iter()
                .filter(|&(c, taken)| taken == 0 && !seen.contains(&(c, (ply + 1) % 2)))
                .map(|(c, _)| c)
                .collect();
            if quiet.is_empty() {
                break;
            }
            holes = quiet[rng.below(quiet.len())];
        }
    }
    assert!(
        checked > 3000 && exact > 300 && bounded > 300,
        "{checked} positions checked, {exact} exact, {bounded} bounded"
    );
}

#[test]
fn most_small_values_are_proved() {
    let tables = EndgameTables::build_in_memory(Rules::default(), 5);
    for n in 0..=5 {
        let table = tables.entries_of(n).unwrap();
        let proved = table
            .iter()
            .filter(|&&b| {
                let e = tables.codebook(n).unwrap().decode(b).unwrap();
                e.fresh_value().is_some()
            })
            .count();
        assert!(
            proved * 10 >= table.len() * 7,
            "level {n}: {proved} of {} proved",
            table.len()
        );
    }
}

#[test]
fn files_round_trip_and_bad_files_are_refused() {
    let (dir, rules, built) = built_in_scratch("tables-files", 6);
    let (loaded, errors) = EndgameTables::load(&dir, rules, 31);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(loaded.seed_counts(), (0..=6).collect::<Vec<_>>());
    for n in 0..=6 {
        assert_eq!(loaded.entries_of(n), built.entries_of(n));
    }
    // Files hold no proof order; the start-up tables rebuild the small
    // seed counts with theirs, to the same entries.
    let probe = Board::from_parts([1, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0], [20, 24], false);
    assert_eq!(built.proof_times(&probe), None);
    let (opened, problems) = open(Some(&dir), rules);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(opened.proof_times(&probe).is_some());
    for n in 0..=6 {
        assert_eq!(opened.entries_of(n), built.entries_of(n));
    }
    let path = file::seed_count_path(&dir, &rules, 5);
    let good = std::fs::read(&path).unwrap();
    let refused = |bytes: &[u8], n: usize, rules: Rules| {
        std::fs::write(file::seed_count_path(&dir, &rules, n), bytes).unwrap();
        let err = file::read_seed_count(&dir, &rules, n)
            .unwrap_err()
            .to_string();
        std::fs::remove_file(file::seed_count_path(&dir, &rules, n)).unwrap();
        err
    };
    // Truncated.
    let err = refused(&good[..good.len() - 10], 5, rules);
    assert!(err.contains("truncated"), "{err}");
    // A flipped byte in the entries, or in the codebook.
    let mut flipped = good.clone();
    *flipped.last_mut().unwrap() ^= 0x01;
    let err = refused(&flipped, 5, rules);
    assert!(err.contains("checksum mismatch"), "{err}");
    let mut flipped = good.clone();
    flipped[100] ^= 0x01;
    let err = refused(&flipped, 5, rules);
    assert!(err.contains("codebook checksum"), "{err}");
    // Built for other rules, read for these.
    let other = Rules {
        grand_slam: GrandSlam::Capture,
        ..rules
    };
    let err = refused(&good, 5, other);
    assert!(err.contains("rules"), "{err}");
    // The file of another seed count under this seed count's name.
    let four = std::fs::read(file::seed_count_path(&dir, &rules, 4)).unwrap();
    let err = refused(&four, 5, rules);
    assert!(err.contains("level 4"), "{err}");
    std::fs::write(&path, &good).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every byte of a seed count file's header is checked or covered by a
/// checksum: any change to any of them refuses the file.
#[test]
fn a_change_to_any_header_byte_refuses_the_file() {
    let (dir, rules, _) = built_in_scratch("tables-header", 5);
    let path = file::seed_count_path(&dir, &rules, 5);
    let good = std::fs::read(&path).unwrap();
    assert!(file::read_seed_count(&dir, &rules, 5).is_ok());
    for at in 0..64 {
        for mask in [0x01u8, 0x10, 0x80, 0xFF] {
            let mut bytes = good.clone();
            bytes[at] ^= mask;
            std::fs::write(&path, &bytes).unwrap();
            assert!(
                file::read_seed_count(&dir, &rules, 5).is_err(),
                "byte {at} ^ {mask:#04x} was accepted"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Files of format 1 (no codebook, no bounds under every history) still
/// load, with the same values.
#[test]
fn files_of_format_1_load() {
    let dir = crate::scratch::dir("tables-format1");
    let rules = Rules::default();
    let built = EndgameTables::build_in_memory(rules, 6);
    for n in 0..=6 {
        let book = built.codebook(n).unwrap();
        let old: Vec<u8> = built
            .entries_of(n)
            .unwrap()
            .iter()
            .map(|&b| {
                let e = book.decode(b).unwrap();
                if e.is_exact() {
                    e.lo
                } else {
                    super::build::format_1_byte(e.lo, e.hi)
                }
            })
            .collect();
        let exact = (0..seed_count_size(n))
            .filter(|&r| built.entry(&unrank(n, r)).unwrap().is_exact())
            .count();
        file::write_seed_count_format_1(&dir, &rules, n, &old, exact as u64).unwrap();
    }
    let (loaded, errors) = EndgameTables::load(&dir, rules, 31);
    assert!(errors.is_empty(), "{errors:?}");
    for n in 0..=6 {
        let size = seed_count_size(n);
        for r in 0..size {
            let holes = unrank(n, r);
            let (new, old) = (built.entry(&holes).unwrap(), loaded.entry(&holes).unwrap());
            assert_eq!(
                (old.lo, old.is_exact()),
                (new.lo, new.is_exact()),
                "{holes:?}"
            );
            assert!(old.hi == new.hi || old.hi == n as u8, "{holes:?}");
            if !old.is_exact() {
                assert_eq!((old.every_lo, old.every_hi), (0, n as u8), "{holes:?}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resumed_build_writes_the_same_files() {
    let (dir, rules, _) = built_in_scratch("tables-resume", 7);
    let whole: Vec<Vec<u8>> = (0..=7)
        .map(|n| std::fs::read(file::seed_count_path(&dir, &rules, n)).unwrap())
        .collect();
    // As if killed while seed count 6 was built: 6 and 7 missing, a stale
    // temporary file of 6 left behind.
    for n in [6, 7] {
        std::fs::remove_file(file::seed_count_path(&dir, &rules, n)).unwrap();
    }
    std::fs::write(dir.join(".oware-nocapture-feed-06.awtb.tmp1"), b"partial").unwrap();
    let mut loaded = Vec::new();
    EndgameTables::build_into(&dir, rules, 7, &Progress::default(), &mut |e| {
        if let BuildEvent::Loaded { n } = e {
            loaded.push(n)
        }
    })
    .unwrap();
    assert_eq!(loaded, (0..=5).collect::<Vec<_>>());
    for (n, bytes) in whole.iter().enumerate() {
        assert_eq!(
            &std::fs::read(file::seed_count_path(&dir, &rules, n)).unwrap(),
            bytes,
            "level {n}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays a game from `start` with the hard level and the tables on both
/// sides, `depth` plies a move; returns its end.
fn play_out(
    game: Oware,
    tables: &Arc<EndgameTables>,
    start: Board,
    depth: u32,
) -> crate::game::GameEnd {
    use crate::search::{Limits, Searcher};
    let mut searcher = Searcher::new(game.clone(), 1, 1);
    searcher.set_oracle(oracle_for(&game, tables));
    let mut line = crate::game::Line::from_position(game.clone(), start);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    for _ in 0..400 {
        if let Some(end) = line.end() {
            return end;
        }
        let pos = *line.position();
        let found = searcher.search(&pos, line.history(), &limits, &[], &stop, &mut |_| {});
        line.play(found.best.expect("a move while the game goes on"))
            .unwrap();
    }
    panic!(
        "no end after 400 plies from {}",
        game.format_position(&start)
    );
}

/// Games from covered positions, played by the engine against itself
/// with the tables (10 plies a move), starting with an empty history: from
/// every position whose value is known (200 of them, half exact under
/// every history, half known with an empty history only) the game ends
/// with the table's very split of the seeds. The root keeps the moves that
/// keep the split for certain, else those that follow the proof order (no
/// position can come twice along them), so no repetition cuts a game
/// short; before the proof order, 5 of 63 exact positions ended a seed
/// short. The 25-seed stop ends some games before the board is empty:
/// those must reach the table's result.
#[test]
fn games_from_covered_positions_keep_the_table_result() {
    const N: usize = STARTUP_SEEDS;
    let rules = Rules::default();
    let game = rules.game();
    let tables = Arc::new(EndgameTables::build_in_memory(rules, N));
    let mut rng = Rng::new(11);
    let (mut exact, mut known, mut played_out) = (0, 0, 0);
    let winner = |s: [u32; 2]| s[0].cmp(&s[1]);
    while exact < 100 || known < 100 {
        let n = 3 + rng.below(N - 2);
        let holes = unrank(n, rng.next_u64() % seed_count_size(n));
        // Captured seeds that leave both players short of 25.
        let south = (24 - n + rng.below(n + 1)) as u8;
        let north = (48 - n) as u8 - south;
        let start = Board::from_parts(holes, [south, north], rng.below(2) == 1);
        let Some(at_start) = verdict(&tables, &game, &start, true) else {
            continue; // over at once (no legal move)
        };
        let Some(split) = at_start.final_scores else {
            continue;
        };
        let entry = at_start.entry;
        let kind = if entry.is_exact() {
            &mut exact
        } else {
            &mut known
        };
        if *kind >= 100 {
            continue;
        }
        *kind += 1;
        let end = play_out(game.clone(), &tables, start, 10);
        let shown = format!("{}: {end:?}, {entry:?}", game.format_position(&start));
        if end.reason == crate::game::EndReason::Target {
            assert_eq!(winner(end.scores), winner(split), "{shown}");
        } else {
            played_out += 1;
            assert_eq!(end.scores, split, "{shown}");
        }
    }
    assert!(
        played_out >= 100,
        "only {played_out} games played to the end"
    );
}

/// The search keeps within what the tables know: a position reached by a
/// capture whose entry holds only bounds is scored between the two bounds
/// inside the search (a search that ignored them would give a heuristic
/// score where the bounds prove a win or a loss), and where the bounds
/// decide the result the score says so. Each such position is the child of
/// a capture from a position above the seed counts built (which the tables do
/// not know), searched with that move alone.
#[test]
fn search_scores_respect_the_table_bounds() {
    use crate::search::{Limits, Score, Searcher};
    const N: usize = 9;
    let rules = Rules::default();
    let game = rules.game();
    let tables = Arc::new(EndgameTables::build_in_memory(rules, N));
    let mut searcher = Searcher::new(game.clone(), 1, 1);
    searcher.set_oracle(oracle_for(&game, &tables));
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut rng = Rng::new(17);
    let (mut checked, mut decided) = (0, 0);
    while checked < 150 {
        let n = N + 1 + rng.below(3);
        let holes = unrank(n, rng.next_u64() % seed_count_size(n));
        let south = (24 - n + rng.below(n + 1)) as u8;
        let parent = Board::from_parts(holes, [south, (48 - n) as u8 - south], rng.below(2) == 1);
        let mut moves = <Oware as Game>::Moves::default();
        game.legal_moves(&parent, &mut moves);
        for &mv in moves.iter() {
            let child = game.play(&parent, mv);
            let Some(v) = verdict(&tables, &game, &child, true) else {
                continue; // not a capture, or the game is over
            };
            let [worst, best] = v.final_range;
            if worst == best {
                continue;
            }
            checked += 1;
            let me = child.side();
            let margin = |s: [u32; 2]| s[me] as i32 - s[1 - me] as i32;
            let (low, high) = (margin(worst), margin(best));
            let mut check = |score: Score, how: &str| {
                let shown = format!(
                    "{how} {}: {:?} {score:?}",
                    game.format_position(&child),
                    v.entry
                );
                match score.table_margin() {
                    Some((m, _)) => assert!(low <= m && m <= high, "{shown}"),
                    // A game played to its end inside the search.
                    None if score.is_decisive() => {
                        assert!(if score.0 > 0 { high > 0 } else { low < 0 }, "{shown}")
                    }
                    // A heuristic score: only where the bounds allow a draw.
                    None => assert!(
                        low <= 0
                            && high >= 0
                            && (low < 0 || score.0 >= 0)
                            && (high > 0 || score.0 <= 0),
                        "{shown}"
                    ),
                }
                if low > 0 || high < 0 {
                    decided += 1;
                    assert!(score.is_proven() && (score.0 > 0) == (low > 0), "{shown}");
                }
            };
            // Inside the search (the child's score, from its side to move)...
            let history = crate::game::History::new(game.key(&parent));
            searcher.clear();
            let found = searcher.search(&parent, &history, &limits, &[mv], &stop, &mut |_| {});
            check(-found.score, "below the root");
            // ... and at the root.
            let history = crate::game::History::new(game.key(&child));
            searcher.clear();
            let found = searcher.search(&child, &history, &limits, &[], &stop, &mut |_| {});
            check(found.score, "at the root");
        }
    }
    assert!(
        decided >= 10,
        "only {decided} positions with decisive bounds"
    );
}

/// The proof order makes a strategy: every lower bound of a proved
/// position has a quiet child whose upper bound holds the opponent to it
/// and was proved earlier (or a capture gives it), and every upper
/// bound proved has all quiet children's lower bounds, as needed, proved
/// earlier. Following it, no position can come twice.
#[test]
fn the_proof_order_always_leads_to_earlier_proofs() {
    use super::index::{mover_holes, seed_count_board};
    let rules = Rules::default();
    let game = rules.game();
    let tables = EndgameTables::build_in_memory(rules, 8);
    let (mut lows, mut highs) = (0, 0);
    for n in 1..=8usize {
        let nn = n as u8;
        for i in 0..seed_count_size(n) {
            let holes = unrank(n, i);
            let board = seed_count_board(holes);
            let entry = tables.entry(&holes).unwrap();
            let [lo_time, hi_time] = tables.proof_times(&board).unwrap();
            assert_eq!(lo_time == 0, entry.lo == 0, "{holes:?} {entry:?}");
            // (A widened upper bound reads `n` but has a proof time.)
            assert!(hi_time > 0 || entry.hi == nn, "{holes:?} {entry:?}");
            let mut legal = <Oware as Game>::Moves::default();
            game.legal_moves(&board, &mut legal);
            // (seeds taken, the child's entry and proof times) per move.
            let children: Vec<_> = legal
                .iter()
                .map(|&mv| {
                    let child = game.play(&board, mv);
                    let taken = child.score(0) as u8;
                    let e = tables.entry(&mover_holes(&child)).unwrap();
                    (taken, e, tables.proof_times(&child).unwrap())
                })
                .collect();
            if legal.is_empty() {
                continue;
            }
            // Upper bounds more than 5 above the lower are stored as `n`
            // (entry.rs), so the children of a position that is not proved
            // may not show the upper bound its proof used; those of a
            // proved one do (they are proved too), and lower bounds are
            // stored as they are.
            if lo_time > 0 && entry.lo == entry.hi {
                lows += 1;
                let by_capture = children
                    .iter()
                    .any(|&(taken, e, _)| taken > 0 && taken + (nn - taken - e.hi) >= entry.lo);
                let by_earlier = children.iter().any(|&(taken, e, [_, hi_t])| {
                    taken == 0 && nn - e.hi >= entry.lo && hi_t < lo_time
                });
                assert!(by_capture || by_earlier, "{holes:?} {entry:?} lo");
            }
            if hi_time > 0 {
                highs += 1;
                for &(taken, e, [lo_t, _]) in &children {
                    if taken == 0 {
                        assert!(nn - e.lo <= entry.hi, "{holes:?} {entry:?} hi");
                        assert!(e.lo == 0 || lo_t < hi_time, "{holes:?} {entry:?} hi time");
                    }
                }
            }
        }
    }
    assert!(lows > 1_000 && highs > 10_000, "{lows} {highs}");
}
