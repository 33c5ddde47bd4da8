//! The strength ladder: 21 steps from the random mover (0, the zero of
//! the ladder's rating scale) to the full search (20). The steps in
//! between play as a person does: they look a few plies ahead and choose
//! among the moves that look good with a temperature, never one that looks
//! much worse than the best (from step 2 up), or search a few hundred to a
//! few tens of thousands of positions and play the best they find.

use super::score::Score;
use super::{Limits, SearchInfo, SearchResult};
use crate::rng::Rng;

/// How one step of the ladder plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The deepest iteration of the search that values the moves; 0 plays
    /// a uniformly random move without a search.
    pub depth: u32,
    /// The most nodes that search may visit (0: no cap of its own).
    pub nodes: u64,
    /// The choice's temperature in centiseeds: a move scored that much
    /// below another is chosen e (2.718...) times less often; 0 always
    /// plays the best.
    pub temperature: u32,
    /// The choice's margin in centiseeds: no move scored more than this
    /// below the best is chosen.
    pub margin: u32,
}

impl Step {
    /// Whether this step plays the full search (table moves, book and all).
    fn is_full(&self) -> bool {
        *self == FULL
    }
}

/// The full search: no cap but the caller's limits.
const FULL: Step = Step {
    depth: super::limits::MAX_DEPTH,
    nodes: 0,
    temperature: 0,
    margin: 0,
};

/// A step: its word, how it plays, and its rating on the ladder's scale.
struct Rung {
    word: &'static str,
    step: Step,
    rating: i32,
}

/// A searching step's play: depth, node cap, temperature, margin.
const fn play(depth: u32, nodes: u64, temperature: u32, margin: u32) -> Step {
    Step {
        depth,
        nodes,
        temperature,
        margin,
    }
}

/// The ladder, weakest first; ratings as measured in BENCHMARKS.md
/// ("The strength ladder"): each step against its neighbours with the
/// referee, 50,000 nodes a move at most, the random mover 0.
#[rustfmt::skip]
const LADDER: [Rung; 21] = [
    Rung { word: "random", step: play(0, 0, 0, 0), rating: 0 },
    Rung { word: "newcomer", step: play(1, 0, 3000, 100_000), rating: 191 },
    Rung { word: "beginner", step: play(1, 0, 1650, 1030), rating: 355 },
    Rung { word: "novice", step: play(1, 0, 1050, 725), rating: 583 },
    Rung { word: "learner", step: play(1, 0, 690, 545), rating: 749 },
    Rung { word: "casual", step: play(1, 0, 410, 425), rating: 928 },
    Rung { word: "hobbyist", step: play(1, 0, 230, 325), rating: 1143 },
    Rung { word: "improver", step: play(1, 0, 110, 220), rating: 1314 },
    Rung { word: "regular", step: play(2, 0, 120, 250), rating: 1470 },
    Rung { word: "seasoned", step: play(2, 0, 50, 150), rating: 1630 },
    Rung { word: "club", step: play(3, 0, 60, 150), rating: 1858 },
    Rung { word: "skilled", step: play(4, 0, 40, 120), rating: 2033 },
    Rung { word: "strong", step: play(5, 0, 25, 100), rating: 2201 },
    Rung { word: "advanced", step: play(6, 0, 10, 60), rating: 2372 },
    Rung { word: "expert", step: play(32, 500, 0, 0), rating: 2515 },
    Rung { word: "veteran", step: play(32, 1_100, 0, 0), rating: 2694 },
    Rung { word: "master", step: play(32, 2_400, 0, 0), rating: 2906 },
    Rung { word: "grandmaster", step: play(32, 5_000, 0, 0), rating: 3083 },
    Rung { word: "champion", step: play(32, 15_000, 0, 0), rating: 3316 },
    Rung { word: "titan", step: play(32, 35_000, 0, 0), rating: 3453 },
    Rung { word: "full", step: FULL, rating: 3626 },
];

/// A playing strength: a step of the ladder, or (for measuring new steps)
/// any [`Step`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    number: Option<u8>,
    step: Step,
}

impl Default for Skill {
    fn default() -> Skill {
        Skill::FULL
    }
}

impl Skill {
    /// The highest step, the full search.
    pub const MAX: u8 = (LADDER.len() - 1) as u8;
    /// Full strength.
    pub const FULL: Skill = Skill {
        number: Some(Skill::MAX),
        step: FULL,
    };

    /// Step `number` of the ladder (0 to [`Skill::MAX`]).
    pub fn step(number: u8) -> Option<Skill> {
        LADDER.get(number as usize).map(|rung| Skill {
            number: Some(number),
            step: rung.step,
        })
    }

    /// A strength off the ladder, playing as `step` says (for the tools
    /// that measure candidate steps).
    pub fn custom(step: Step) -> Skill {
        Skill { number: None, step }
    }

    /// Every step of the ladder, weakest first.
    pub fn ladder() -> impl Iterator<Item = Skill> {
        (0..=Skill::MAX).filter_map(Skill::step)
    }

    /// The step's number on the ladder (`None` off it).
    pub fn number(self) -> Option<u8> {
        self.number
    }

    /// How the step plays.
    pub fn play(self) -> Step {
        self.step
    }

    /// A word for the step ("beginner", "club", ...), or "custom".
    pub fn word(self) -> &'static str {
        self.rung().map_or("custom", |r| r.word)
    }

    /// The step's rating on the ladder's own scale (the random mover 0;
    /// measured between engines, no human rating), `None` off the ladder.
    pub fn rating(self) -> Option<i32> {
        self.rung().map(|r| r.rating)
    }

    /// The step for people: its number and word, `10 (club)`.
    pub fn label(self) -> String {
        format!("{self} ({})", self.word())
    }

    /// Whether this is the full search, with the opening book and the
    /// endgame tables.
    pub fn is_full(self) -> bool {
        self.step.is_full()
    }

    fn rung(self) -> Option<&'static Rung> {
        self.number.and_then(|n| LADDER.get(n as usize))
    }
}

impl std::fmt::Display for Skill {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.number {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("custom"),
        }
    }
}

/// Reads a step by its number (`0` to `20`), by its word (`club`) or by a
/// level's name (`easy`, `medium`, `hard`), in any case.
impl std::str::FromStr for Skill {
    type Err = String;
    fn from_str(text: &str) -> Result<Skill, String> {
        let text = text.trim();
        if let Ok(level) = text.parse::<super::Level>() {
            return Ok(level.skill());
        }
        text.parse::<u8>()
            .ok()
            .and_then(Skill::step)
            .or_else(|| {
                (0..=Skill::MAX)
                    .find(|&n| LADDER[n as usize].word.eq_ignore_ascii_case(text))
                    .and_then(Skill::step)
            })
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a valid value (expected a step from 0 to {}, \
                     a word such as club, or easy, medium or hard)",
                    Skill::MAX
                )
            })
    }
}

/// The move a step chooses among `lines` (each move with its score, best
/// first, not empty): the best when the step has no temperature; otherwise
/// one of those within the margin of the best, drawn with weights
/// `exp(-(best - score) / temperature)` from `rng`.
pub fn choose<M: Copy>(step: &Step, lines: &[(Score, M)], rng: &mut Rng) -> Option<M> {
    let &(best, first) = lines.first()?;
    if step.temperature == 0 {
        return Some(first);
    }
    let weights: Vec<f64> = lines
        .iter()
        .map(|&(score, _)| {
            let behind = best.0.saturating_sub(score.0) as f64;
            if behind > step.margin as f64 {
                0.0
            } else {
                (-behind / step.temperature as f64).exp()
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    // 53 random bits: a uniform draw in [0, total).
    let mut draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (&(_, mv), w) in lines.iter().zip(&weights) {
        if draw < *w {
            return Some(mv);
        }
        draw -= w;
    }
    Some(first)
}

/// The limits of a step's search within the caller's `limits`: the step's
/// depth and node cap where lower, and every one of the `moves` valued
/// when the step chooses with a temperature.
pub fn limits(step: &Step, limits: &Limits, moves: usize) -> Limits {
    let mut weaker = limits.clone();
    // A step chooses among the lines of its own deepest iteration.
    weaker.resume = false;
    weaker.depth = Some(limits.depth.map_or(step.depth, |d| d.min(step.depth)));
    if step.nodes > 0 {
        weaker.nodes = Some(limits.nodes.map_or(step.nodes, |n| n.min(step.nodes)));
    }
    if step.temperature > 0 {
        weaker.multipv = moves;
    }
    weaker
}

/// The lines of a step's search: those of its deepest completed
/// iteration, best first, as the search reports them.
pub struct Lines<M> {
    depth: u32,
    lines: Vec<(Score, Vec<M>)>,
}

impl<M> Default for Lines<M> {
    fn default() -> Lines<M> {
        Lines {
            depth: 0,
            lines: Vec::new(),
        }
    }
}

impl<M: Copy> Lines<M> {
    /// Takes in one report of the search.
    pub fn observe(&mut self, info: &SearchInfo<M>) {
        if info.depth != self.depth {
            self.depth = info.depth;
            self.lines.clear();
        }
        self.lines.push((info.score, info.pv.clone()));
    }

    /// Makes `result` the line the step chooses ([`choose`]); leaves it
    /// as it is when no line was reported.
    pub fn choose(&self, step: &Step, rng: &mut Rng, result: &mut SearchResult<M>) {
        let scored: Vec<(Score, usize)> = self
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| (l.0, i))
            .collect();
        if let Some(chosen) = choose(step, &scored, rng) {
            let (score, pv) = &self.lines[chosen];
            result.best = pv.first().copied();
            result.score = *score;
            result.pv = pv.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_read_back_by_number_word_and_level() {
        for skill in Skill::ladder() {
            assert_eq!(skill.to_string().parse::<Skill>(), Ok(skill));
            assert_eq!(skill.word().to_uppercase().parse::<Skill>(), Ok(skill));
        }
        assert_eq!("hard".parse::<Skill>(), Ok(Skill::FULL));
        assert_eq!("easy".parse::<Skill>(), Skill::step(2).ok_or(String::new()));
        assert!("21".parse::<Skill>().unwrap_err().contains("from 0 to 20"));
        assert!("chess".parse::<Skill>().is_err());
        assert!(Skill::FULL.is_full());
        assert!(Skill::ladder().filter(|s| s.is_full()).count() == 1);
    }

    #[test]
    fn without_temperature_the_best_line_is_chosen() {
        let step = play(3, 0, 0, 0);
        let lines = [(Score(50), 'a'), (Score(49), 'b')];
        let mut rng = Rng::new(1);
        assert!((0..50).all(|_| choose(&step, &lines, &mut rng) == Some('a')));
        assert_eq!(choose::<char>(&step, &[], &mut rng), None);
    }

    #[test]
    fn the_choice_follows_the_temperature_and_keeps_the_margin() {
        // 100 centiseeds behind at temperature 100: e times less often.
        let step = play(3, 0, 100, 250);
        let lines = [(Score(0), 'a'), (Score(-100), 'b'), (Score(-251), 'c')];
        let mut rng = Rng::new(7);
        let mut count = [0u32; 3];
        for _ in 0..20_000 {
            let mv = choose(&step, &lines, &mut rng).unwrap();
            count[(mv as u8 - b'a') as usize] += 1;
        }
        assert_eq!(count[2], 0, "beyond the margin: never chosen");
        let ratio = count[0] as f64 / count[1] as f64;
        assert!((2.5..2.95).contains(&ratio), "{count:?}");
    }

    #[test]
    fn the_same_seed_makes_the_same_choices() {
        let step = play(2, 0, 300, 1000);
        let lines: Vec<(Score, u8)> = (0..6).map(|i| (Score(-(i as i32) * 40), i)).collect();
        let draw = |seed| {
            let mut rng = Rng::new(seed);
            (0..40)
                .map(|_| choose(&step, &lines, &mut rng).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }
}
