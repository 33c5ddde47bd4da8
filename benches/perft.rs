//! Criterion benchmark of perft (`cargo bench --bench perft`): the move
//! generator, the fused last-two-plies count and the repetition history,
//! from the start and from a few mid-game positions at moderate depth.
//! Throughput is reported in paths (leaf nodes) per second.

use std::hint::black_box;

use awale::game::{play_moves, Game, History};
use awale::perft::perft;
use awale::variants::oware::Oware;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// `(name, position string or "", moves played from it, depth)`.
const CASES: &[(&str, &str, &str, u32)] = &[
    ("start", "", "", 8),
    // An opening line: long reversible runs for the repetition scan.
    ("opening", "", "C f B a D e", 8),
    // Many 1s and 2s next to each other: captures and chains.
    ("captures", "4-4-4-4-2-1-1-5-5-5-5-5-2-1-S", "", 7),
    // Few seeds, scores close to the end: must-feed and decided games.
    ("endgame", "1-0-3-0-2-1-0-2-1-0-3-1-17-17-N", "", 9),
];

fn perft_bench(c: &mut Criterion) {
    let game = Oware::default();
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    for &(name, position, moves, depth) in CASES {
        let base = if position.is_empty() {
            game.start()
        } else {
            game.parse_position(position).expect("a valid position")
        };
        let history = History::new(game.key(&base));
        let (pos, history) = play_moves(&game, base, &history, moves).expect("legal moves");
        let nodes = perft(&game, &pos, &mut history.clone(), depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth {depth}"), |b| {
            b.iter(|| {
                let mut history = history.clone();
                perft(&game, black_box(&pos), &mut history, black_box(depth))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
