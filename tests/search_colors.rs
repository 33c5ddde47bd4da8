//! The search on the colour variants, through the public API: legal moves
//! with one and two threads over whole games, and no panic at any depth the
//! tests can afford.

use std::sync::atomic::AtomicBool;

use awale::game::{game_end, Game, History};
use awale::search::{Limits, Searcher};
use awale::variants::colors12::Colors12;
use awale::variants::colors16::Colors16;

/// Plays up to `plies` moves of a game the searcher plays against itself at
/// `depth`, checking every move is legal; returns the plies played.
fn self_play<G: Game>(game: G, threads: usize, depth: u32, plies: usize) -> usize {
    let mut s = Searcher::new(game.clone(), 2, threads);
    let mut pos = game.start();
    let mut h = History::new(game.key(&pos));
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    for ply in 0..plies {
        if game_end(&game, &pos, &h).is_some() {
            return ply;
        }
        let r = s.search(&pos, &h, &limits, &[], &AtomicBool::new(false), &mut |_| {});
        let mv = r.best.expect("a move while the game goes on");
        let mut legal = G::Moves::default();
        game.legal_moves(&pos, &mut legal);
        assert!(legal.contains(&mv), "{}", game.format_position(&pos));
        assert_eq!(r.pv.first(), Some(&mv));
        let next = game.play(&pos, mv);
        h.push(game.key(&next), game.is_irreversible(&pos, &next));
        pos = next;
    }
    plies
}

#[test]
fn colors16_games_with_one_and_two_threads() {
    for threads in [1, 2] {
        assert!(self_play(Colors16, threads, 5, 200) > 10);
    }
}

#[test]
fn colors12_games_with_one_and_two_threads() {
    for threads in [1, 2] {
        assert!(self_play(Colors12, threads, 4, 200) > 10);
    }
}

#[test]
fn one_thread_is_deterministic_on_colour_variants() {
    fn run<G: Game>(game: G, moves: &str, depth: u32) -> (u64, i32) {
        let start = game.start();
        let (pos, h) =
            awale::game::play_moves(&game, start, &History::new(game.key(&start)), moves)
                .expect("legal opening");
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = Searcher::new(game, 2, 1).search(
            &pos,
            &h,
            &limits,
            &[],
            &AtomicBool::new(false),
            &mut |_| {},
        );
        (r.nodes, r.score.0)
    }
    let a = run(Colors16, "1R 2B 3R 4R", 7);
    assert_eq!(a, run(Colors16, "1R 2B 3R 4R", 7));
    let b = run(Colors12, "3 9 3R7 8B", 5);
    assert_eq!(b, run(Colors12, "3 9 3R7 8B", 5));
}
