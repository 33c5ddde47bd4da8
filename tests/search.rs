//! Black-box tests of the search through the public API.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use awale::game::{game_end, Game, History};
use awale::rng::Rng;
use awale::search::skill::Step;
use awale::search::{Level, Limits, Score, SearchInfo, SearchResult, Searcher, Skill};
use awale::variants::oware::{Board, Move, Oware};

type Result = SearchResult<Move>;

fn setup(text: &str) -> (Oware, Board, History<u128>) {
    let game = Oware::default();
    let pos = game.parse_position(text).unwrap();
    let history = History::new(game.key(&pos));
    (game, pos, history)
}

fn search(
    s: &mut Searcher<Oware>,
    pos: &Board,
    h: &History<u128>,
    limits: Limits,
    only: &[Move],
) -> Result {
    s.search(pos, h, &limits, only, &AtomicBool::new(false), &mut |_| {})
}

/// Every report of a search of `pos` within `limits`.
fn reports(
    s: &mut Searcher<Oware>,
    pos: &Board,
    h: &History<u128>,
    limits: &Limits,
) -> Vec<SearchInfo<Move>> {
    let mut seen = Vec::new();
    s.search(pos, h, limits, &[], &AtomicBool::new(false), &mut |info| {
        seen.push(info.clone())
    });
    seen
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn legal(game: &Oware, pos: &Board) -> Vec<Move> {
    let mut moves = <Oware as Game>::Moves::default();
    game.legal_moves(pos, &mut moves);
    moves.to_vec()
}

#[test]
fn takes_the_winning_capture() {
    // South has 23; F sows into North's hole 7 (1 seed) and takes 2: 25.
    let (game, pos, h) = setup("3-0-0-0-0-1-1-0-2-0-0-0-23-18-S");
    let r = search(&mut Searcher::new(game, 1, 1), &pos, &h, depth(4), &[]);
    assert_eq!(r.best, Some(Move(5)));
    assert_eq!(r.score, Score::win_in(1));
    assert_eq!(r.score.to_uci(), "mate 1");
}

#[test]
fn avoids_the_losing_move() {
    // North has 23 and threatens f into hole A (1 seed) for 25. Playing A
    // empties it; F leaves it and loses at once.
    let (game, pos, h) = setup("1-0-3-0-0-5-0-0-0-0-0-1-15-23-S");
    let mut s = Searcher::new(game, 1, 1);
    let r = search(&mut s, &pos, &h, depth(5), &[]);
    assert_eq!(r.best, Some(Move(0)));
    assert!(r.score > Score::loss_in(2));
    let f = search(&mut s, &pos, &h, depth(5), &[Move(5)]);
    assert_eq!(f.best, Some(Move(5)), "searchmoves restricts the root");
    assert_eq!(f.score, Score::loss_in(2));
    assert_eq!(f.score.to_uci(), "mate -1");
}

#[test]
fn no_move_when_the_game_is_over() {
    let (game, pos, h) = setup("2-1-0-0-2-1-1-2-2-3-3-0-4-27-S");
    let r = search(&mut Searcher::new(game, 1, 1), &pos, &h, depth(3), &[]);
    assert_eq!(r.best, None);
    assert_eq!(r.score, Score::loss_in(0));
    // A game ended by repetition: first legal moves until a position repeats.
    let (game, mut pos, mut h) = setup("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S");
    for _ in 0..200 {
        if h.is_repetition() {
            break;
        }
        let next = game.play(&pos, legal(&game, &pos)[0]);
        h.push(game.key(&next), game.is_irreversible(&pos, &next));
        pos = next;
    }
    assert!(h.is_repetition());
    let r = search(
        &mut Searcher::new(game.clone(), 1, 1),
        &pos,
        &h,
        depth(3),
        &[],
    );
    assert_eq!(r.best, None);
    let end = game_end(&game, &pos, &h).unwrap();
    assert_eq!(end.reason, awale::game::EndReason::Repetition);
    assert_eq!(r.score, Score(result(end.scores, pos.side(), 0)));
}

/// Minimax without pruning; `None` when a line reaches `depth` before the
/// game ends (the search would then not be exhaustive).
fn exhaustive(
    game: &Oware,
    pos: &Board,
    h: &mut History<u128>,
    depth: u32,
    ply: u32,
) -> Option<i32> {
    let me = pos.side();
    let moves = legal(game, pos);
    if moves.is_empty() {
        let end = game.end(pos)?;
        return Some(result(end.scores, me, ply));
    }
    if depth == 0 {
        return None;
    }
    let mut best = i32::MIN;
    for mv in moves {
        let next = game.play(pos, mv);
        h.push(game.key(&next), game.is_irreversible(pos, &next));
        let s = if h.is_repetition() {
            Some(-result(game.repetition_end(&next)?.scores, 1 - me, ply + 1))
        } else {
            exhaustive(game, &next, h, depth - 1, ply + 1).map(|s| -s)
        };
        h.pop();
        best = best.max(s?);
    }
    Some(best)
}

fn result(scores: [u32; 2], me: usize, ply: u32) -> i32 {
    match scores[me].cmp(&scores[1 - me]) {
        std::cmp::Ordering::Greater => Score::win_in(ply).0,
        std::cmp::Ordering::Less => Score::loss_in(ply).0,
        std::cmp::Ordering::Equal => 0,
    }
}

#[test]
fn two_threads_agree_with_one_where_the_search_is_exhaustive() {
    let game = Oware::default();
    let mut rng = Rng::new(11);
    let mut compared = 0;
    let mut games = 0;
    while compared < 12 && games < 3000 {
        games += 1;
        // A random game to its end, then positions a few plies before it.
        let mut pos = game.start();
        let mut h = History::new(game.key(&pos));
        let mut line = vec![(pos, h.clone())];
        while game_end(&game, &pos, &h).is_none() && line.len() < 300 {
            let moves = legal(&game, &pos);
            let next = game.play(&pos, moves[rng.below(moves.len())]);
            h.push(game.key(&next), game.is_irreversible(&pos, &next));
            pos = next;
            line.push((pos, h.clone()));
        }
        for back in 2usize..=9 {
            let Some((p, ph)) = line.len().checked_sub(back + 1).map(|i| line[i].clone()) else {
                continue;
            };
            if legal(&game, &p).len() < 3 || game_end(&game, &p, &ph).is_some() {
                continue;
            }
            let d = 10;
            let Some(value) = exhaustive(&game, &p, &mut ph.clone(), d, 0) else {
                continue;
            };
            let one = search(
                &mut Searcher::new(game.clone(), 1, 1),
                &p,
                &ph,
                depth(d),
                &[],
            );
            let two = search(
                &mut Searcher::new(game.clone(), 1, 2),
                &p,
                &ph,
                depth(d),
                &[],
            );
            assert_eq!(one.score.0, value, "{}", game.format_position(&p));
            assert_eq!(two.score.0, value, "{}", game.format_position(&p));
            assert!(legal(&game, &p).contains(&two.best.unwrap()));
            compared += 1;
        }
    }
    assert!(compared >= 12, "found {compared} exhaustive positions");
}

#[test]
fn two_threads_play_legal_moves() {
    let game = Oware::default();
    let mut s = Searcher::new(game.clone(), 4, 2);
    let (mut pos, mut h) = (game.start(), History::new(game.key(&game.start())));
    for _ in 0..30 {
        if game_end(&game, &pos, &h).is_some() {
            break;
        }
        let r = search(&mut s, &pos, &h, depth(7), &[]);
        let mv = r.best.unwrap();
        assert!(legal(&game, &pos).contains(&mv));
        let next = game.play(&pos, mv);
        h.push(game.key(&next), game.is_irreversible(&pos, &next));
        pos = next;
    }
}

#[test]
fn weaker_steps_are_legal_reproducible_and_keep_their_margin() {
    let game = Oware::default();
    let pos = game
        .parse_position("0-0-4-0-3-2-1-2-0-5-5-5-10-11-S")
        .unwrap();
    let h = History::new(game.key(&pos));
    let moves = legal(&game, &pos);
    for n in [0, 1, 3, 7, 10, 13] {
        let skill = Skill::step(n).unwrap();
        let step = skill.play();
        let pick = |seed| {
            let mut s = Searcher::new(game.clone(), 1, 1);
            s.set_skill(skill);
            s.set_seed(seed);
            search(&mut s, &pos, &h, Limits::default(), &[])
                .best
                .unwrap()
        };
        // Every move valued as the step's own search values it.
        let mut values = Vec::new();
        if step.depth > 0 {
            let mut full = Searcher::new(game.clone(), 1, 1);
            full.set_skill(Skill::custom(Step {
                temperature: 0,
                margin: 0,
                ..step
            }));
            let limits = Limits {
                multipv: moves.len(),
                ..Limits::default()
            };
            values = reports(&mut full, &pos, &h, &limits)
                .into_iter()
                .filter(|info| info.depth == step.depth)
                .map(|info| (info.pv[0], info.score.0))
                .collect();
            assert_eq!(values.len(), moves.len(), "step {n}");
        }
        let best = values.iter().map(|v| v.1).max();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..40u64 {
            let a = pick(seed);
            assert_eq!(a, pick(seed), "step {n}: reproducible from the seed");
            assert!(moves.contains(&a));
            if let (Some(best), Some(&(_, value))) = (best, values.iter().find(|v| v.0 == a)) {
                assert!(
                    best - value <= step.margin as i32,
                    "step {n} played a move {} below the best",
                    best - value
                );
            }
            seen.insert(a);
        }
        match n {
            0 => assert_eq!(seen.len(), moves.len(), "the random mover tries every move"),
            1 => assert!(seen.len() > 2, "the newcomer varies its moves: {seen:?}"),
            _ => {}
        }
    }
}

#[test]
fn the_levels_name_steps_of_the_ladder() {
    assert_eq!(Level::Easy.skill().number(), Some(2));
    assert_eq!(Level::Medium.skill().word(), "club");
    assert!(Level::Hard.skill().is_full());
    let ratings: Vec<i32> = Skill::ladder().map(|s| s.rating().unwrap()).collect();
    assert_eq!(ratings[0], 0, "the random mover is the scale's zero");
    assert!(ratings.windows(2).all(|w| w[1] > w[0]), "{ratings:?}");
}

#[test]
fn stop_ends_an_infinite_search() {
    let game = Oware::default();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let searched = game.clone();
    let worker = std::thread::spawn(move || {
        let game = searched;
        let mut s = Searcher::new(game.clone(), 4, 2);
        let pos = game.start();
        let h = History::new(game.key(&pos));
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        s.search(&pos, &h, &limits, &[], &flag, &mut |_| {})
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    let r = worker.join().expect("the search returns");
    assert!(legal(&game, &game.start()).contains(&r.best.unwrap()));
}

#[test]
fn movetime_and_nodes_limits_return_a_legal_move() {
    let (game, pos, h) = setup("0-3-3-6-3-4-2-0-0-5-3-4-6-9-S");
    let mut s = Searcher::new(game.clone(), 4, 1);
    let timed = Limits {
        movetime: Some(Duration::from_millis(30)),
        ..Limits::default()
    };
    let r = search(&mut s, &pos, &h, timed, &[]);
    assert!(legal(&game, &pos).contains(&r.best.unwrap()));
    assert!(r.depth >= 1);
    let counted = Limits {
        nodes: Some(5000),
        ..Limits::default()
    };
    let a = search(
        &mut Searcher::new(game.clone(), 4, 1),
        &pos,
        &h,
        counted.clone(),
        &[],
    );
    let b = search(
        &mut Searcher::new(game.clone(), 4, 1),
        &pos,
        &h,
        counted,
        &[],
    );
    assert_eq!(a, b, "a node limit is deterministic on one thread");
    assert!(a.nodes < 5000 + 2048);
}

#[test]
fn multipv_reports_distinct_lines() {
    let game = Oware::default();
    let pos = game.start();
    let h = History::new(game.key(&pos));
    let mut s = Searcher::new(game.clone(), 4, 1);
    let limits = Limits {
        depth: Some(6),
        multipv: 3,
        ..Limits::default()
    };
    let last: Vec<_> = reports(&mut s, &pos, &h, &limits)
        .into_iter()
        .filter(|info| info.depth == 6)
        .map(|info| (info.multipv, info.pv[0], info.score))
        .collect();
    assert_eq!(last.iter().map(|l| l.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert!(last[0].1 != last[1].1 && last[1].1 != last[2].1 && last[0].1 != last[2].1);
    assert!(last[0].2 >= last[1].2 && last[1].2 >= last[2].2, "{last:?}");
}
