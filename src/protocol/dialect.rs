//! The two ways the engine writes its answers: standard UCI, and the
//! dialect of the Aalina engine and its GUI Aualé (the program most Oware
//! players use), whose parser reads a principal variation as one run of
//! letters and a score only as `score cp`.
//!
//! With the `Dialect` option at `auto` (the default) the engine answers in
//! the dialect its client speaks, heard in what the client sends: moves run
//! together in `position` (`moves FfEa`), or an option only that dialect's
//! tools set.

use std::fmt;

use crate::search::Score;

/// How the engine writes `info` and `bestmove` lines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// Standard UCI: moves separated by spaces, `score mate`, table results
    /// beyond `cp 20000`, `ponder` only when the `Ponder` option asks.
    #[default]
    Standard,
    /// Aalina's: the principal variation run together (`pv CcEe`), known
    /// results as `score cp` of 100 per seed of the final margin, and the
    /// expected reply named whenever it is known.
    Aalina,
}

/// The `Dialect` option: a dialect, or `auto` to answer in the client's.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum DialectChoice {
    /// The dialect heard from the client, standard until one is heard.
    #[default]
    Auto,
    /// Always this dialect.
    Fixed(Dialect),
}

/// The option's values, as `uci` lists them.
pub const CHOICES: [&str; 3] = ["auto", "standard", "aalina"];

/// Options that only the Aalina dialect's tools set (its tournament tool
/// sends `EngineTurn`): setting one is heard as that dialect.
const AALINA_OPTIONS: [&str; 1] = ["engineturn"];

impl DialectChoice {
    /// Reads one of [`CHOICES`] (any case).
    pub fn parse(text: &str) -> Option<DialectChoice> {
        match text.to_ascii_lowercase().as_str() {
            "auto" => Some(DialectChoice::Auto),
            "standard" => Some(DialectChoice::Fixed(Dialect::Standard)),
            "aalina" => Some(DialectChoice::Fixed(Dialect::Aalina)),
            _ => None,
        }
    }

    /// The dialect in force when the client was last heard speaking `heard`.
    pub fn in_force(self, heard: Dialect) -> Dialect {
        match self {
            DialectChoice::Auto => heard,
            DialectChoice::Fixed(dialect) => dialect,
        }
    }
}

impl fmt::Display for DialectChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DialectChoice::Auto => "auto",
            DialectChoice::Fixed(Dialect::Standard) => "standard",
            DialectChoice::Fixed(Dialect::Aalina) => "aalina",
        })
    }
}

/// The dialect the moves of a `position` command are written in: Aalina's
/// when a word runs two or more moves together, standard when two or more
/// moves stand as separate words, `None` when they tell nothing (no move,
/// or a single one).
pub fn heard_in_moves(moves: &[String]) -> Option<Dialect> {
    let run_together = |m: &String| m.len() >= 2 && m.bytes().all(|b| b.is_ascii_alphabetic());
    if moves.iter().any(run_together) {
        Some(Dialect::Aalina)
    } else if moves.len() >= 2 {
        Some(Dialect::Standard)
    } else {
        None
    }
}

/// Whether setting the option `name` is heard as the Aalina dialect.
pub fn heard_in_option(name: &str) -> bool {
    let name = name
        .split_whitespace()
        .collect::<String>()
        .to_ascii_lowercase();
    AALINA_OPTIONS.contains(&name.as_str())
}

impl Dialect {
    /// The `pv` words of a principal variation in notation.
    pub fn pv(self, moves: &[String]) -> String {
        match self {
            Dialect::Standard => moves.join(" "),
            Dialect::Aalina => moves.concat(),
        }
    }

    /// The `score` words of a search score; `margin` is the final margin
    /// in seeds, from the side to move, of the game the principal variation
    /// plays out, where it reaches the end.
    pub fn score(self, score: Score, margin: Option<i32>) -> String {
        if self == Dialect::Standard {
            return score.to_uci();
        }
        let known = score
            .table_margin()
            .map(|(margin, _)| margin)
            .or_else(|| score.is_decisive().then(|| decisive_margin(score, margin)));
        match known {
            Some(margin) => format!("cp {}", 100 * margin),
            None => score.to_uci(),
        }
    }

    /// Whether `bestmove` names the expected reply; `ponder` is the `Ponder`
    /// option. Aalina's GUI never sets `Ponder` but reads the reply, as chess
    /// engines send it whatever the option says.
    pub fn names_reply(self, ponder: bool) -> bool {
        ponder || self == Dialect::Aalina
    }
}

/// The final margin of a won or lost game, in seeds: the principal
/// variation's, brought to the score's side (a win by at least one seed);
/// one seed when the line does not reach the end of the game.
fn decisive_margin(score: Score, margin: Option<i32>) -> i32 {
    let sign = score.0.signum();
    sign * margin.map_or(1, |m| (m * sign).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn moves_run_together_are_heard_as_aalina() {
        assert_eq!(heard_in_moves(&words("FfEaCe")), Some(Dialect::Aalina));
        assert_eq!(heard_in_moves(&words("F f E")), Some(Dialect::Standard));
        assert_eq!(heard_in_moves(&words("F")), None);
        assert_eq!(heard_in_moves(&[]), None);
        // Numbers are one move each, whatever their length.
        assert_eq!(heard_in_moves(&words("12")), None);
        assert!(heard_in_option("EngineTurn"));
        assert!(heard_in_option("engine  turn"));
        assert!(!heard_in_option("OwnBook"));
    }

    #[test]
    fn aalina_writes_known_results_as_seeds_and_the_pv_run_together() {
        let pv = words("C c E e B d");
        assert_eq!(Dialect::Standard.pv(&pv), "C c E e B d");
        assert_eq!(Dialect::Aalina.pv(&pv), "CcEeBd");
        let table_win = Score::table(27, 21, 4);
        assert_eq!(Dialect::Standard.score(table_win, None), "cp 20600");
        assert_eq!(Dialect::Aalina.score(table_win, None), "cp 600");
        assert_eq!(Dialect::Aalina.score(-table_win, None), "cp -600");
        let win = Score::win_in(5);
        assert_eq!(Dialect::Standard.score(win, Some(4)), "mate 3");
        assert_eq!(Dialect::Aalina.score(win, Some(4)), "cp 400");
        assert_eq!(Dialect::Aalina.score(-win, Some(-4)), "cp -400");
        // A line that does not reach the end: a win by at least a seed.
        assert_eq!(Dialect::Aalina.score(win, None), "cp 100");
        assert_eq!(Dialect::Aalina.score(-win, Some(3)), "cp -100");
        assert_eq!(Dialect::Aalina.score(Score(-123), None), "cp -123");
        assert_eq!(Dialect::Aalina.score(Score::DRAW, None), "cp 0");
    }

    #[test]
    fn the_choice_reads_and_writes_its_values() {
        for value in CHOICES {
            assert_eq!(DialectChoice::parse(value).unwrap().to_string(), value);
        }
        assert_eq!(
            DialectChoice::parse("AALINA").unwrap().to_string(),
            "aalina"
        );
        assert_eq!(DialectChoice::parse("other"), None);
        assert_eq!(
            DialectChoice::Auto.in_force(Dialect::Aalina),
            Dialect::Aalina
        );
        assert_eq!(
            DialectChoice::Fixed(Dialect::Standard).in_force(Dialect::Aalina),
            Dialect::Standard
        );
        assert!(Dialect::Aalina.names_reply(false));
        assert!(!Dialect::Standard.names_reply(false));
    }
}
