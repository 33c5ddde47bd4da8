//! The simple reference model of the 16-hole family (`colors16`,
//! `transparent80`, `transparent96`), written from `docs/rules.md`: holes as
//! vectors of seed letters, one seed sown per loop step, positions read and
//! written as strings. The transparent variants are `colors16` with
//! transparent seeds, so one model follows all three. The model uses
//! nothing of the engine; the checks at the end put the engine against it
//! along random games, the same for each of the three.

use crate::common::games::{engine_perft, random_game, round_trips};
use crate::common::letters;
use crate::common::models::{agrees_on_moves, perft, Model};
use awale::game::Game;
use proptest::prelude::*;

/// Which rule set the model follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// 2021/22: 64 red and blue seeds, fewer than 8 left ends.
    Colors16,
    /// 2023/24: 80 seeds, `NTC` sows the transparent seeds alone.
    T80,
    /// 2025/26: 96 seeds, `NTC` goes on with colour `C`, both at 40 ends.
    T96,
}

impl Rules {
    /// The seeds of the game, on the board and captured.
    pub fn seeds(self) -> u32 {
        match self {
            Rules::Colors16 => 64,
            Rules::T80 => 80,
            Rules::T96 => 96,
        }
    }

    /// The letters a hole is written with, in their order.
    fn letters(self) -> &'static [char] {
        match self {
            Rules::Colors16 => &['R', 'B'],
            Rules::T80 | Rules::T96 => &['R', 'B', 'T'],
        }
    }

    /// Fewer seeds than this left on the board end the game.
    fn fewest(self) -> u32 {
        match self {
            Rules::Colors16 => 8,
            Rules::T80 | Rules::T96 => 10,
        }
    }

    /// Whether `scores` end the game drawn (before more seeds left decide).
    fn drawn(self, scores: [u32; 2]) -> bool {
        let half = self.seeds() / 2;
        match self {
            Rules::Colors16 | Rules::T80 => scores == [half, half],
            Rules::T96 => scores[0] >= 40 && scores[1] >= 40,
        }
    }
}

/// The model: `holes[1..=16]` hold seed letters (`R`, `B`, and `T` in the
/// transparent variants).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Simple16 {
    pub rules: Rules,
    pub holes: Vec<Vec<char>>,
    pub scores: [u32; 2],
    pub side: usize,
}

/// Player 1 (index 0) owns the odd hole numbers.
fn owner(hole: usize) -> usize {
    if hole % 2 == 1 {
        0
    } else {
        1
    }
}

impl Simple16 {
    pub fn parse(rules: Rules, text: &str) -> Simple16 {
        let (holes, scores, side) = letters::read(text, 16);
        Simple16 {
            rules,
            holes,
            scores,
            side,
        }
    }

    pub fn on_board(&self) -> u32 {
        self.holes.iter().map(|h| h.len() as u32).sum()
    }

    fn seeds_of(&self, side: usize) -> u32 {
        (1..=16)
            .filter(|&h| owner(h) == side)
            .map(|h| self.holes[h].len() as u32)
            .sum()
    }

    /// The final scores when the game is over, `None` while it goes on.
    pub fn result(&self) -> Option<[u32; 2]> {
        let mut scores = self.scores;
        let mut left = self.on_board();
        if self.seeds_of(self.side) == 0 {
            scores[1 - self.side] += left;
            left = 0;
        }
        let half = self.rules.seeds() / 2;
        let won = scores[0] > half || scores[1] > half;
        (won || self.rules.drawn(scores) || left < self.rules.fewest()).then_some(scores)
    }
}

impl Model for Simple16 {
    /// `NR` and `NB` for each colour hole `N` holds, and `NTR` and `NTB`
    /// where it holds transparent seeds (never in `colors16`).
    fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.result().is_some() {
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

    fn text(&self) -> String {
        letters::write(&self.holes, self.rules.letters(), self.scores, self.side)
    }

    fn play(&self, mv: &str) -> Simple16 {
        let mut next = self.clone();
        let like = mv.chars().last().unwrap();
        let transparent = mv.contains('T');
        let h: usize = mv.trim_end_matches(['R', 'B', 'T']).parse().unwrap();
        // The seeds that leave the hole, in the order they are sown.
        let mut hand: Vec<char> = Vec::new();
        if transparent {
            hand.extend(next.holes[h].iter().filter(|&&s| s == 'T'));
            next.holes[h].retain(|&s| s != 'T');
            if self.rules == Rules::T96 {
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

    /// After every move: the family has no repetition rule.
    fn forgets(&self, _next: &Simple16) -> bool {
        true
    }
}

/// Along the random game `choices` of `game` (which plays `rules`), the
/// engine agrees with the model on every position ([`agrees_on_moves`])
/// and on the end with its final scores, and at the last position on perft
/// to depth 3.
pub fn matches_the_model<G: Game>(
    game: &G,
    rules: Rules,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    for pos in random_game(game, choices) {
        let simple = Simple16::parse(rules, &game.format_position(&pos));
        agrees_on_moves(game, &pos, &simple)?;
        prop_assert_eq!(
            game.end(&pos).map(|end| end.scores),
            simple.result(),
            "result of {}",
            simple.text()
        );
    }
    let last = *random_game(game, choices).last().unwrap();
    let simple = Simple16::parse(rules, &game.format_position(&last));
    prop_assert_eq!(engine_perft(game, &last, 3), perft(&simple, 3));
    Ok(())
}

/// Along the random game `choices` of `game` (which plays `rules`), the
/// seeds are conserved and every position and move survives its text
/// ([`round_trips`]).
pub fn conservation_and_round_trips<G: Game>(
    game: &G,
    rules: Rules,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    for pos in random_game(game, choices) {
        let [s, n] = game.scores(&pos);
        let simple = Simple16::parse(rules, &game.format_position(&pos));
        prop_assert_eq!(s + n + simple.on_board(), rules.seeds());
        round_trips(game, &pos)?;
    }
    Ok(())
}
