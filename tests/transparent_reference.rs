//! `transparent80` and `transparent96` checked against a second,
//! deliberately simple implementation of their rules written here (holes as
//! vectors of seed letters, one seed sown per loop step, positions read and
//! written as strings, `docs/rules.md` followed line by line): perft from the
//! start, move lists and results on random positions, and property tests
//! over random games.

mod common;

use awale::game::Game;
use awale::variants::transparent::{Transparent80, Transparent96};
use common::games::{assert_keys_exact, engine_perft, random_game};
use common::letters;
use proptest::prelude::*;

/// Which rule set the simple model follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Year {
    /// 2023/24: 80 seeds, `NTC` sows the transparent seeds alone.
    T80,
    /// 2025/26: 96 seeds, `NTC` goes on with colour `C`, both at 40 ends.
    T96,
}

impl Year {
    fn seeds(self) -> u32 {
        match self {
            Year::T80 => 80,
            Year::T96 => 96,
        }
    }
}

/// The simple model: `holes[1..=16]` hold seed letters (`R`, `B`, `T`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Simple {
    year: Year,
    holes: Vec<Vec<char>>,
    scores: [u32; 2],
    side: usize,
}

/// Player 1 (index 0) owns the odd hole numbers.
fn owner(hole: usize) -> usize {
    if hole % 2 == 1 {
        0
    } else {
        1
    }
}

impl Simple {
    fn parse(year: Year, text: &str) -> Simple {
        let (holes, scores, side) = letters::read(text, 16);
        Simple {
            year,
            holes,
            scores,
            side,
        }
    }

    fn text(&self) -> String {
        letters::write(&self.holes, &['R', 'B', 'T'], self.scores, self.side)
    }

    fn on_board(&self) -> u32 {
        self.holes.iter().map(|h| h.len() as u32).sum()
    }

    fn seeds_of(&self, side: usize) -> u32 {
        (1..=16)
            .filter(|&h| owner(h) == side)
            .map(|h| self.holes[h].len() as u32)
            .sum()
    }

    fn over(&self) -> bool {
        let mut scores = self.scores;
        let mut left = self.on_board();
        if self.seeds_of(self.side) == 0 {
            scores[1 - self.side] += left;
            left = 0;
        }
        let half = self.year.seeds() / 2;
        if scores[0] > half || scores[1] > half {
            return true;
        }
        let drawn = match self.year {
            Year::T80 => scores == [40, 40],
            Year::T96 => scores[0] >= 40 && scores[1] >= 40,
        };
        drawn || left < 10
    }

    fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.over() {
            return out;
        }
        for h in 1..=16 {
            if owner(h) != self.side {
                continue;
            }
            for c in ['R', 'B'] {
                if self.holes[h].contains(&c) {
                    out.push(format!("{h}{c}"));
                }
            }
            if self.holes[h].contains(&'T') {
                out.push(format!("{h}TR"));
                out.push(format!("{h}TB"));
            }
        }
        out
    }

    fn play(&self, mv: &str) -> Simple {
        let mut next = self.clone();
        let like = mv.chars().last().unwrap();
        let transparent = mv.contains('T');
        let h: usize = mv.trim_end_matches(['R', 'B', 'T']).parse().unwrap();
        // The seeds that leave the hole, in the order they are sown.
        let mut hand: Vec<char> = Vec::new();
        if transparent {
            hand.extend(next.holes[h].iter().filter(|&&s| s == 'T'));
            next.holes[h].retain(|&s| s != 'T');
            if self.year == Year::T96 {
                hand.extend(next.holes[h].iter().filter(|&&s| s == like));
                next.holes[h].retain(|&s| s != like);
            }
        } else {
            hand.extend(next.holes[h].iter().filter(|&&s| s == like));
            next.holes[h].retain(|&s| s != like);
        }
        let mut at = h;
        for seed in hand {
            loop {
                at = at % 16 + 1;
                if at == h || (like == 'B' && owner(at) == self.side) {
                    continue;
                }
                break;
            }
            next.holes[at].push(seed);
        }
        let mut i = at;
        while next.holes[i].len() == 2 || next.holes[i].len() == 3 {
            next.scores[self.side] += next.holes[i].len() as u32;
            next.holes[i].clear();
            i = if i == 1 { 16 } else { i - 1 };
        }
        if next.seeds_of(1 - self.side) == 0 {
            next.scores[self.side] += next.on_board();
            for hole in next.holes.iter_mut() {
                hole.clear();
            }
        }
        next.side = 1 - self.side;
        next
    }

    /// Perft without repetition cuts (the variants have no repetition rule).
    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves.iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }
}

/// The engine's counts from the start, depths 1..=5 (depth 6 is in
/// `BENCHMARKS.md`).
const START_80: [u64; 5] = [32, 1024, 31_320, 957_912, 28_037_648];
const START_96: [u64; 5] = [32, 1024, 30_856, 929_896, 26_514_320];

fn pinned<G: Game>(game: &G, counts: &[u64; 5]) {
    for (d, &expected) in counts.iter().enumerate() {
        assert_eq!(
            engine_perft(game, &game.start(), d as u32 + 1),
            expected,
            "depth {}",
            d + 1
        );
    }
}

#[test]
fn perft_from_the_start_is_pinned() {
    pinned(&Transparent80, &START_80);
    pinned(&Transparent96, &START_96);
}

fn simple_perft<G: Game>(game: &G, year: Year, depth: u32) -> u64 {
    Simple::parse(year, &game.format_position(&game.start())).perft(depth)
}

#[test]
fn simple_models_agree_on_perft_from_the_start_to_depth_4() {
    for d in 1..=4 {
        let i = d as usize - 1;
        assert_eq!(
            simple_perft(&Transparent80, Year::T80, d),
            START_80[i],
            "80, depth {d}"
        );
        assert_eq!(
            simple_perft(&Transparent96, Year::T96, d),
            START_96[i],
            "96, depth {d}"
        );
    }
}

#[test]
#[ignore = "slow: the simple models take a while at depth 5"]
fn simple_models_agree_on_perft_from_the_start_at_depth_5() {
    assert_eq!(simple_perft(&Transparent80, Year::T80, 5), START_80[4]);
    assert_eq!(simple_perft(&Transparent96, Year::T96, 5), START_96[4]);
}

/// Move lists and the result of every move agree with the simple model
/// along the random game `choices`, as does a shallow perft at its end.
fn matches_the_simple_model<G: Game>(
    game: &G,
    year: Year,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    for pos in random_game(game, choices) {
        let text = game.format_position(&pos);
        let simple = Simple::parse(year, &text);
        prop_assert_eq!(simple.text(), text.clone());
        let mut moves = G::Moves::default();
        game.legal_moves(&pos, &mut moves);
        let mut listed: Vec<String> = moves.iter().map(|&m| game.format_move(&pos, m)).collect();
        listed.sort();
        let mut expected = simple.moves();
        expected.sort();
        prop_assert_eq!(&listed, &expected, "moves of {}", text);
        prop_assert_eq!(moves.is_empty(), game.end(&pos).is_some());
        for mv in &expected {
            let engine = game.play(&pos, game.parse_move(&pos, mv).unwrap());
            prop_assert_eq!(
                game.format_position(&engine),
                simple.play(mv).text(),
                "{} after {}",
                text,
                mv
            );
        }
    }
    let last = *random_game(game, choices).last().unwrap();
    let simple = Simple::parse(year, &game.format_position(&last));
    prop_assert_eq!(engine_perft(game, &last, 3), simple.perft(3));
    Ok(())
}

/// Seeds are conserved; moves and positions survive formatting and
/// parsing; every generated move is accepted by the parser as itself, in
/// either case.
fn conservation_and_round_trips<G: Game>(
    game: &G,
    year: Year,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    for pos in random_game(game, choices) {
        let [s, n] = game.scores(&pos);
        let text = game.format_position(&pos);
        let simple = Simple::parse(year, &text);
        prop_assert_eq!(s + n + simple.on_board(), year.seeds());
        prop_assert_eq!(game.parse_position(&text), Ok(pos));
        prop_assert_eq!(
            game.key(&game.parse_position(&text).unwrap()),
            game.key(&pos)
        );
        let mut moves = G::Moves::default();
        game.legal_moves(&pos, &mut moves);
        for &mv in moves.iter() {
            let written = game.format_move(&pos, mv);
            prop_assert_eq!(game.parse_move(&pos, &written), Ok(mv));
            prop_assert_eq!(game.parse_move(&pos, &written.to_lowercase()), Ok(mv));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn transparent80_matches_the_simple_model(choices in prop::collection::vec(0usize..64, 0..160)) {
        matches_the_simple_model(&Transparent80, Year::T80, &choices)?;
    }

    #[test]
    fn transparent96_matches_the_simple_model(choices in prop::collection::vec(0usize..64, 0..160)) {
        matches_the_simple_model(&Transparent96, Year::T96, &choices)?;
    }

    #[test]
    fn conservation_and_round_trips_80(choices in prop::collection::vec(0usize..64, 0..250)) {
        conservation_and_round_trips(&Transparent80, Year::T80, &choices)?;
    }

    #[test]
    fn conservation_and_round_trips_96(choices in prop::collection::vec(0usize..64, 0..250)) {
        conservation_and_round_trips(&Transparent96, Year::T96, &choices)?;
    }
}

#[test]
fn keys_are_equal_exactly_when_positions_are() {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for seed in 0..40usize {
        let choices: Vec<usize> = (0..80)
            .map(|i| (i * 7 + seed * 13 + i * i * seed) % 64)
            .collect();
        a.extend(random_game(&Transparent80, &choices));
        b.extend(random_game(&Transparent96, &choices));
    }
    assert_keys_exact(&Transparent80, &a);
    assert_keys_exact(&Transparent96, &b);
}
