//! The search against plain minimax (no pruning, no table), which scores
//! endings and repetitions by the same rules.

use std::sync::atomic::AtomicBool;

use super::quiescence::QUIESCENCE_PLIES;
use super::score::{clamp_heuristic, game_result};
use super::split::SPLIT_MIN_DEPTH;
use super::*;
use crate::game::{game_end, Game, History};
use crate::rng::Rng;
use crate::variants::oware::{Board, Oware};

/// Plain minimax of `pos` to `depth`, at `ply` from the root, its leaves
/// scored after `captures` plies of captures (see [`capture_tree`]).
fn minimax<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &mut History<G::Key>,
    depth: u32,
    ply: usize,
    captures: u32,
) -> i32 {
    let me = game.side_to_move(pos).index();
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    if moves.is_empty() {
        return game.end(pos).map_or(0, |e| game_result(e.scores, me, ply));
    }
    if depth == 0 {
        return capture_tree(game, pos, ply, captures);
    }
    let mut best = i32::MIN;
    for &mv in moves.iter() {
        let next = game.play(pos, mv);
        history.push(game.key(&next), game.is_irreversible(pos, &next));
        let s = if history.is_repetition() {
            match game.repetition_end(&next) {
                Some(end) => -game_result(end.scores, 1 - me, ply + 1),
                None => 0,
            }
        } else {
            -minimax(game, &next, history, depth - 1, ply + 1, captures)
        };
        history.pop();
        best = best.max(s);
    }
    best
}

/// The value of a leaf after `left` plies of captures, by plain minimax:
/// the better of the evaluation (standing) and each capture's value.
fn capture_tree<G: Game>(game: &G, pos: &G::Position, ply: usize, left: u32) -> i32 {
    let me = game.side_to_move(pos).index();
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    if moves.is_empty() {
        return game.end(pos).map_or(0, |e| game_result(e.scores, me, ply));
    }
    let mut best = clamp_heuristic(game.evaluate(pos));
    if left == 0 {
        return best;
    }
    for &mv in moves.iter() {
        let next = game.play(pos, mv);
        if game.scores(&next)[me] > game.scores(pos)[me] {
            best = best.max(-capture_tree(game, &next, ply + 1, left - 1));
        }
    }
    best
}

/// A position reached by `plies` random moves from the start (fewer if the
/// game ends), with its history.
fn random_position(game: &Oware, rng: &mut Rng, plies: usize) -> (Board, History<u128>) {
    let mut pos = game.start();
    let mut history = History::new(game.key(&pos));
    for _ in 0..plies {
        let mut moves = <Oware as Game>::Moves::default();
        game.legal_moves(&pos, &mut moves);
        if moves.is_empty() || game_end(game, &pos, &history).is_some() {
            break;
        }
        let next = game.play(&pos, moves[rng.below(moves.len())]);
        history.push(game.key(&next), game.is_irreversible(&pos, &next));
        if game_end(game, &next, &history).is_some() {
            history.pop();
            break;
        }
        pos = next;
    }
    (pos, history)
}

fn search_at(
    s: &mut Searcher<Oware>,
    pos: &Board,
    history: &History<u128>,
    depth: u32,
) -> SearchResult<<Oware as Game>::Move> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    s.search(
        pos,
        history,
        &limits,
        &[],
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

/// Compares the search with `threads` threads at depths `1..=max_depth`
/// against minimax on 120 random positions (`min_depth` and up).
/// Returns on how many of the positions the search split nodes over threads.
fn check_against_minimax(config: Config, threads: usize, depths: (u32, u32), seed: u64) -> u32 {
    let game = Oware::default();
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    let mut decisive = 0;
    let mut split = 0;
    while checked < 120 {
        let plies = rng.below(90);
        let (pos, history) = random_position(&game, &mut rng, plies);
        if game_end(&game, &pos, &history).is_some() {
            continue;
        }
        let (low, high) = depths;
        let depth = low + rng.below((high - low + 1) as usize) as u32;
        let mut searcher = Searcher::new(game.clone(), 1, threads);
        searcher.config = config;
        let r = search_at(&mut searcher, &pos, &history, depth);
        let captures = if config.quiescence {
            QUIESCENCE_PLIES
        } else {
            0
        };
        let expected = minimax(&game, &pos, &mut history.clone(), depth, 0, captures);
        assert_eq!(
            r.score.0,
            expected,
            "{} depth {depth} ({config:?})",
            game.format_position(&pos)
        );
        let mut legal = <Oware as Game>::Moves::default();
        game.legal_moves(&pos, &mut legal);
        let best = r.best.expect("a move");
        assert!(legal.contains(&best));
        // The move's own value is the root value.
        let next = game.play(&pos, best);
        let mut h = history.clone();
        h.push(game.key(&next), game.is_irreversible(&pos, &next));
        let own = if h.is_repetition() {
            -game_result(
                game.repetition_end(&next).unwrap().scores,
                1 - pos.side(),
                1,
            )
        } else {
            -minimax(&game, &next, &mut h, depth - 1, 1, captures)
        };
        assert_eq!(own, expected, "best move's value");
        decisive += r.score.is_decisive() as u32;
        split += (searcher.splits() > 0) as u32;
        checked += 1;
    }
    assert!(decisive > 0, "the sample includes decided games");
    split
}

const NO_TABLE: Config = Config {
    use_tt: false,
    exact_depth: false,
    aspiration: true,
    depth_changes: false,
    quiescence: false,
};

#[test]
fn equals_minimax_without_the_table() {
    assert_eq!(check_against_minimax(NO_TABLE, 1, (1, 5), 1), 0);
}

#[test]
fn equals_minimax_without_aspiration_windows() {
    let config = Config {
        aspiration: false,
        ..NO_TABLE
    };
    assert_eq!(check_against_minimax(config, 1, (1, 6), 4), 0);
}

#[test]
fn equals_minimax_with_a_fresh_table_and_exact_depth_cutoffs() {
    let config = Config {
        use_tt: true,
        exact_depth: true,
        ..NO_TABLE
    };
    assert_eq!(check_against_minimax(config, 1, (1, 5), 2), 0);
}

/// Leaves scored after the captures they allow: the search (alpha-beta,
/// PVS, aspiration windows, on one thread and on two) gives the value of
/// minimax over the same capture trees.
#[test]
fn equals_minimax_with_quiescence() {
    let config = Config {
        quiescence: true,
        ..NO_TABLE
    };
    assert_eq!(check_against_minimax(config, 1, (1, 5), 7), 0);
    let depths = (SPLIT_MIN_DEPTH as u32 + 1, SPLIT_MIN_DEPTH as u32 + 2);
    let split = check_against_minimax(config, 2, depths, 8);
    assert!(split >= 60, "{split} of 120 searches split");
}

/// Deep enough for nodes below the root to split: every split's merging of
/// values, bounds, cutoffs and lines must give the minimax value.
#[test]
fn two_threads_equal_minimax_without_the_table() {
    let depths = (SPLIT_MIN_DEPTH as u32 + 1, SPLIT_MIN_DEPTH as u32 + 2);
    // A thread is idle when each iteration starts, so most searches split:
    // the check is void if they do not.
    let split = check_against_minimax(NO_TABLE, 2, depths, 5);
    assert!(split >= 60, "{split} of 120 searches split");
    let config = Config {
        aspiration: false,
        ..NO_TABLE
    };
    let split = check_against_minimax(config, 2, depths, 6);
    assert!(split >= 60, "{split} of 120 searches split");
}

#[test]
fn single_thread_is_deterministic() {
    let game = Oware::default();
    let mut rng = Rng::new(3);
    for _ in 0..5 {
        let (pos, history) = random_position(&game, &mut rng, 20);
        let a = search_at(&mut Searcher::new(game.clone(), 2, 1), &pos, &history, 9);
        let b = search_at(&mut Searcher::new(game.clone(), 2, 1), &pos, &history, 9);
        assert_eq!(a, b);
    }
}

#[test]
fn repetition_scores_follow_the_rule() {
    // South to move with one seed each side shuffling: every line repeats
    // or ends; the rule's collection decides.
    let game = Oware::default();
    let pos = game
        .parse_position("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S")
        .unwrap();
    let history = History::new(game.key(&pos));
    let r = search_at(&mut Searcher::new(game.clone(), 1, 1), &pos, &history, 12);
    let expected = minimax(&game, &pos, &mut history.clone(), 12, 0, QUIESCENCE_PLIES);
    assert_eq!(r.score.0, expected);
    assert!(r.score.is_decisive() || r.score == Score::DRAW);
}

#[test]
fn levels_read_back_their_names() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        assert_eq!(level.name().to_uppercase().parse::<Level>(), Ok(level));
    }
    let err = "expert".parse::<Level>().unwrap_err();
    assert_eq!(
        err,
        "'expert' is not a valid value (expected easy, medium or hard)"
    );
}

#[test]
fn a_hash_size_that_cannot_be_allocated_keeps_the_old_table() {
    let game = Oware::default();
    let mut s = Searcher::new(game.clone(), 2, 1);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let start = game.start();
    let history = History::new(game.key(&start));
    let first = s.search(&start, &history, &limits, &[], &stop, &mut |_| {});
    let err = s.set_hash_mb(usize::MAX).unwrap_err();
    assert!(err.contains("cannot allocate"), "{err}");
    // The entries are still there: the same search is answered from them.
    let again = s.search(&start, &history, &limits, &[], &stop, &mut |_| {});
    assert_eq!(again.best, first.best);
    assert!(
        again.nodes < first.nodes,
        "{} vs {}",
        again.nodes,
        first.nodes
    );
    assert!(s.set_hash_mb(4).is_ok());
}

/// The depths a search of `pos` from the start of its game reports, within
/// `limits`.
fn reported_depths(s: &mut Searcher<Oware>, pos: &Board, limits: &Limits) -> Vec<u32> {
    let history = History::new(s.game().key(pos));
    let mut depths = Vec::new();
    let stop = AtomicBool::new(false);
    s.search(pos, &history, limits, &[], &stop, &mut |info| {
        depths.push(info.depth)
    });
    depths
}

#[test]
fn a_resumed_search_starts_after_the_last_completed_iteration() {
    let game = Oware::default();
    let mut s = Searcher::new(game.clone(), 4, 1);
    let start = game.start();
    let to = |depth, resume| Limits {
        depth: Some(depth),
        resume,
        ..Limits::default()
    };
    assert_eq!(
        reported_depths(&mut s, &start, &to(5, false)),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(reported_depths(&mut s, &start, &to(8, true)), [6, 7, 8]);
    // Another position, or the same asked afresh, starts at depth 1.
    let other = game.play(&start, game.parse_move(&start, "F").unwrap());
    assert_eq!(reported_depths(&mut s, &other, &to(3, true)), [1, 2, 3]);
    assert_eq!(reported_depths(&mut s, &other, &to(2, false)), [1, 2]);
    // A search with another number of lines does not resume this one.
    let lines = Limits {
        multipv: 2,
        ..to(3, true)
    };
    assert_eq!(reported_depths(&mut s, &other, &lines), [1, 1, 2, 2, 3, 3]);
    // Nor does one after the table is cleared.
    s.clear();
    assert_eq!(reported_depths(&mut s, &other, &to(2, true)), [1, 2]);
}

/// Ten slices of a search, each of a tenth of the nodes: resumed, they
/// get deeper than ten fresh searches, which each search again what the
/// slices before them did (the node counts make it deterministic).
#[test]
fn slices_that_resume_get_deeper_than_slices_that_start_again() {
    let game = Oware::default();
    let pos = game
        .parse_position("5-0-6-5-5-5-1-6-5-5-5-0-0-0-S")
        .unwrap();
    let deepest = |resume: bool| {
        let mut s = Searcher::new(game.clone(), 4, 1);
        let slice = Limits {
            nodes: Some(20_000),
            resume,
            ..Limits::default()
        };
        (0..10)
            .flat_map(|_| reported_depths(&mut s, &pos, &slice))
            .max()
            .unwrap_or(0)
    };
    let (resumed, restarted) = (deepest(true), deepest(false));
    assert!(
        resumed > restarted,
        "resumed {resumed}, restarted {restarted}"
    );
}
