//! Criterion benchmarks of the search: fixed-depth searches of a few bench
//! positions on one thread (fresh table each time).

use std::sync::atomic::AtomicBool;

use awale::game::{Game, History};
use awale::search::{Limits, Searcher};
use awale::variants::oware::Oware;
use criterion::{criterion_group, criterion_main, Criterion};

fn search_positions(c: &mut Criterion) {
    let game = Oware::default();
    let cases = [
        ("start d12", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 12),
        ("middle d12", "0-3-3-6-3-4-2-0-0-5-3-4-6-9-S", 12),
        ("endgame d16", "1-1-1-0-0-4-0-0-0-4-6-0-16-15-S", 16),
    ];
    for (name, text, depth) in cases {
        let pos = game.parse_position(text).expect("bench position");
        let history = History::new(game.key(&pos));
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        c.bench_function(name, |b| {
            b.iter(|| {
                let mut s = Searcher::new(game.clone(), 4, 1);
                s.search(
                    &pos,
                    &history,
                    &limits,
                    &[],
                    &AtomicBool::new(false),
                    &mut |_| {},
                )
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search_positions
}
criterion_main!(benches);
