//! Self-play harness for the Oware evaluation weights (ignored by default:
//! it plays hundreds of games).
//!
//! Plays weights A against weights B at a fixed depth from seeded random
//! openings, each opening twice with colours swapped, and prints A's score.
//! Configure with environment variables:
//! `SELFPLAY_A` / `SELFPLAY_B` = `on_side,mobility,exposed,big_hole`
//! (default: the engine's weights vs all zero), `SELFPLAY_DEPTH` (default 7),
//! `SELFPLAY_OPENINGS` (default 50), `SELFPLAY_PLIES` (random opening plies,
//! default 4). Run:
//! `cargo test --release --test integration search_selfplay:: -- --ignored --nocapture`.

use std::sync::atomic::AtomicBool;

use awale::game::{game_end, Game, GameEnd, GameError, History, OptionInfo, Side};
use awale::rng::Rng;
use awale::search::{Limits, Searcher};
use awale::variants::oware::eval::{evaluate_with, terms_with, Weights, WEIGHTS};
use awale::variants::oware::{Board, Oware};

/// Oware with evaluation weights of its own.
#[derive(Clone, Debug, Default)]
struct Tuned {
    rules: Oware,
    weights: Weights,
}

impl Game for Tuned {
    type Position = Board;
    type Move = <Oware as Game>::Move;
    type Moves = <Oware as Game>::Moves;
    type Key = u128;
    fn name(&self) -> &'static str {
        self.rules.name()
    }
    fn options(&self) -> Vec<OptionInfo> {
        self.rules.options()
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        self.rules.set_option(name, value)
    }
    fn start(&self) -> Board {
        self.rules.start()
    }
    fn side_to_move(&self, pos: &Board) -> Side {
        self.rules.side_to_move(pos)
    }
    fn scores(&self, pos: &Board) -> [u32; 2] {
        self.rules.scores(pos)
    }
    fn legal_moves(&self, pos: &Board, moves: &mut Self::Moves) {
        self.rules.legal_moves(pos, moves)
    }
    fn count_legal_moves(&self, pos: &Board) -> usize {
        self.rules.count_legal_moves(pos)
    }
    fn play(&self, pos: &Board, mv: Self::Move) -> Board {
        self.rules.play(pos, mv)
    }
    fn is_irreversible(&self, before: &Board, after: &Board) -> bool {
        self.rules.is_irreversible(before, after)
    }
    fn end(&self, pos: &Board) -> Option<GameEnd> {
        self.rules.end(pos)
    }
    fn repetition_end(&self, pos: &Board) -> Option<GameEnd> {
        self.rules.repetition_end(pos)
    }
    fn key(&self, pos: &Board) -> u128 {
        self.rules.key(pos)
    }
    fn hash(&self, pos: &Board) -> u64 {
        self.rules.hash(pos)
    }
    fn evaluate(&self, pos: &Board) -> i32 {
        evaluate_with(*pos, &self.weights)
    }
    fn evaluation_terms(&self, pos: &Board) -> Vec<(&'static str, i32)> {
        terms_with(*pos, &self.weights).to_vec()
    }
    fn parse_move(&self, pos: &Board, text: &str) -> Result<Self::Move, GameError> {
        self.rules.parse_move(pos, text)
    }
    fn format_move(&self, pos: &Board, mv: Self::Move) -> String {
        self.rules.format_move(pos, mv)
    }
    fn parse_position(&self, text: &str) -> Result<Board, GameError> {
        self.rules.parse_position(text)
    }
    fn format_position(&self, pos: &Board) -> String {
        self.rules.format_position(pos)
    }
    fn render(&self, pos: &Board) -> String {
        self.rules.render(pos)
    }
}

fn weights(var: &str, default: Weights) -> Weights {
    let Ok(text) = std::env::var(var) else {
        return default;
    };
    let v: Vec<i32> = text
        .split(',')
        .map(|x| x.trim().parse().expect("weights are integers"))
        .collect();
    assert_eq!(v.len(), 4, "{var}: on_side,mobility,exposed,big_hole");
    Weights {
        on_side: v[0],
        mobility: v[1],
        exposed: v[2],
        big_hole: v[3],
    }
}

fn env_num(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one game from `pos`; `players[0]` is South. Returns the final
/// totals `[south, north]`; a game still running after 400 plies is ended
/// as the repetition rule ends games (each side collects its own seeds).
fn play_game(
    players: &mut [Searcher<Tuned>; 2],
    pos: Board,
    history: History<u128>,
    depth: u32,
) -> [u32; 2] {
    let game = Tuned::default();
    let (mut pos, mut history) = (pos, history);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    for p in players.iter_mut() {
        p.clear();
    }
    for _ in 0..400 {
        if let Some(end) = game_end(&game, &pos, &history) {
            return end.scores;
        }
        let side = game.side_to_move(&pos).index();
        let r = players[side].search(&pos, &history, &limits, &[], &stop, &mut |_| {});
        let mv = r.best.expect("a game that goes on has a move");
        let mut legal = <Tuned as Game>::Moves::default();
        game.legal_moves(&pos, &mut legal);
        assert!(legal.contains(&mv));
        let next = game.play(&pos, mv);
        history.push(game.key(&next), game.is_irreversible(&pos, &next));
        pos = next;
    }
    pos.collected_scores()
}

#[test]
#[ignore]
fn weights_a_against_weights_b() {
    let a = weights("SELFPLAY_A", WEIGHTS);
    let b = weights(
        "SELFPLAY_B",
        Weights {
            on_side: 0,
            mobility: 0,
            exposed: 0,
            big_hole: 0,
        },
    );
    let depth = env_num("SELFPLAY_DEPTH", 7) as u32;
    let openings = env_num("SELFPLAY_OPENINGS", 50);
    let plies = env_num("SELFPLAY_PLIES", 4);
    let game = Tuned::default();
    let mut rng = Rng::new(2024);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for _ in 0..openings {
        let mut pos = game.start();
        let mut history = History::new(game.key(&pos));
        for _ in 0..plies {
            let mut legal = <Tuned as Game>::Moves::default();
            game.legal_moves(&pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            let next = game.play(&pos, legal[rng.below(legal.len())]);
            history.push(game.key(&next), game.is_irreversible(&pos, &next));
            pos = next;
        }
        for a_side in [0usize, 1] {
            let make = |w: Weights| {
                Searcher::new(
                    Tuned {
                        rules: Oware::default(),
                        weights: w,
                    },
                    4,
                    1,
                )
            };
            let mut players = if a_side == 0 {
                [make(a), make(b)]
            } else {
                [make(b), make(a)]
            };
            let scores = play_game(&mut players, pos, history.clone(), depth);
            match scores[a_side].cmp(&scores[1 - a_side]) {
                std::cmp::Ordering::Greater => wins += 1,
                std::cmp::Ordering::Equal => draws += 1,
                std::cmp::Ordering::Less => losses += 1,
            }
        }
    }
    let games = wins + draws + losses;
    assert_eq!(games as u64, 2 * openings);
    println!(
        "A {a:?} vs B {b:?}, depth {depth}: +{wins} ={draws} -{losses} of {games}, A scores {:.1}%",
        100.0 * (wins as f64 + draws as f64 / 2.0) / games as f64
    );
}
