//! The protocol's input language: one line of text becomes one [`Command`].
//!
//! Lines are parsed with `nom`. Words are separated by any run of spaces or
//! tabs; command and keyword names are lower case, as in UCI. A line that
//! cannot be parsed gives a [`ParseError`] whose message the engine prints as
//! `info string error: <message>`.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::take_till1;
use nom::character::complete::{multispace0, multispace1, u32 as unsigned};
use nom::combinator::{all_consuming, map, opt, rest, verify};
use nom::multi::{many0, many1};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::search::limits::MAX_DEPTH;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the variant's starting position.
    StartPos,
    /// `fen <position string>`: a position string of the variant.
    Fen(String),
}

/// The parameters of `go` (times in milliseconds, as sent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth D`: plies to search.
    pub depth: Option<u32>,
    /// `nodes N`: nodes to search.
    pub nodes: Option<u64>,
    /// `movetime T`: milliseconds for this move.
    pub movetime: Option<u64>,
    /// `wtime`/`btime`: player 1's (South) and player 2's (North) remaining
    /// milliseconds (a negative value is taken as 0).
    pub time: [Option<u64>; 2],
    /// `winc`/`binc`: the increments in milliseconds.
    pub inc: [Option<u64>; 2],
    /// `movestogo N`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search in pondering mode, without a time limit and without
    /// answering, until `ponderhit` (from which the limits apply) or `stop`.
    pub ponder: bool,
    /// `searchmoves m1 m2 ...`: restrict the search to these moves.
    pub searchmoves: Vec<String>,
    /// What was clamped or skipped while reading the command, for one
    /// `info string warning:` line (not written back by `Display`).
    pub warnings: Vec<String>,
}

/// One protocol command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line: ignored.
    Empty,
    /// `uci`
    Uci,
    /// `isready`
    IsReady,
    /// `setoption name <name> [value <value>]`; the name may contain spaces.
    SetOption {
        /// The option name as written (matched case-insensitively later).
        name: String,
        /// The value, absent for buttons.
        value: Option<String>,
    },
    /// `ucinewgame`
    UciNewGame,
    /// `position startpos|fen <string> [moves m1 m2 ...]`
    Position {
        /// The position the moves start from.
        start: Start,
        /// The moves, one word each, as written.
        moves: Vec<String>,
    },
    /// `go ...` (except `go perft`).
    Go(Go),
    /// `go perft <depth>` or `perft <depth>`.
    Perft {
        /// Plies to count.
        depth: u32,
    },
    /// `stop`
    Stop,
    /// `ponderhit`: the move pondered on was played; the pondering search
    /// goes on as a normal one.
    PonderHit,
    /// `quit` (any words after it, as in `quit now`, are ignored)
    Quit,
    /// `help`: a short summary of the commands.
    Help,
    /// `d`: describe the position.
    Display,
    /// `eval`: the static evaluation and its terms.
    Eval,
    /// `bench [depth]`
    Bench {
        /// The depth, or the bench's default.
        depth: Option<u32>,
    },
    /// `debug [on|off]` (`debug` alone is `on`): whether each `go` reports
    /// the limits it searches with.
    Debug(bool),
    /// `register ...`: the engine needs no registration; accepted silently.
    Register,
}

/// Writes the `startpos` or `fen <string>` of a `position` command.
impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Start::StartPos => f.write_str("startpos"),
            Start::Fen(text) => write!(f, "fen {text}"),
        }
    }
}

/// Writes the parameters after `go` (without the word `go`), in the order
/// [`parse`] documents; [`parse`] reads `go` followed by them back.
impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<String> = Vec::new();
        if self.ponder {
            words.push("ponder".into());
        }
        let mut pair = |name: &str, value: Option<String>| {
            if let Some(value) = value {
                words.push(format!("{name} {value}"));
            }
        };
        pair("wtime", self.time[0].map(|t| t.to_string()));
        pair("btime", self.time[1].map(|t| t.to_string()));
        pair("winc", self.inc[0].map(|t| t.to_string()));
        pair("binc", self.inc[1].map(|t| t.to_string()));
        pair("movestogo", self.movestogo.map(|n| n.to_string()));
        pair("depth", self.depth.map(|d| d.to_string()));
        pair("nodes", self.nodes.map(|n| n.to_string()));
        pair("movetime", self.movetime.map(|t| t.to_string()));
        if self.infinite {
            words.push("infinite".into());
        }
        if !self.searchmoves.is_empty() {
            words.push(format!("searchmoves {}", self.searchmoves.join(" ")));
        }
        f.write_str(&words.join(" "))
    }
}

/// Writes the command as a line of the protocol (without the line end):
/// what a client sends, so the referee formats its `position` and `go`
/// lines with it, and [`parse`] reads it back.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Empty => Ok(()),
            Command::Uci => f.write_str("uci"),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => match value {
                Some(value) => write!(f, "setoption name {name} value {value}"),
                None => write!(f, "setoption name {name}"),
            },
            Command::UciNewGame => f.write_str("ucinewgame"),
            Command::Position { start, moves } => {
                write!(f, "position {start}")?;
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => {
                let params = go.to_string();
                if params.is_empty() {
                    f.write_str("go")
                } else {
                    write!(f, "go {params}")
                }
            }
            Command::Perft { depth } => write!(f, "go perft {depth}"),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
            Command::Help => f.write_str("help"),
            Command::Display => f.write_str("d"),
            Command::Eval => f.write_str("eval"),
            Command::Bench { depth: None } => f.write_str("bench"),
            Command::Bench { depth: Some(d) } => write!(f, "bench {d}"),
            Command::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            Command::Register => f.write_str("register later"),
        }
    }
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

/// The longest excerpt of the input quoted in an error message.
const QUOTE_LIMIT: usize = 40;

/// Quotes a piece of input for an error message, shortened when long.
pub fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTE_LIMIT).collect();
    if chars.next().is_some() {
        format!("'{head}...'")
    } else {
        format!("'{head}'")
    }
}

type Res<'a, T> = IResult<&'a str, T>;

/// One word: a run of characters other than whitespace.
fn word(i: &str) -> Res<'_, &str> {
    take_till1(char::is_whitespace).parse(i)
}

/// The word `k` exactly (not merely a prefix of a longer word).
fn keyword<'a>(
    k: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = nom::error::Error<&'a str>> {
    verify(word, move |w: &str| w == k)
}

/// Whitespace, then what `p` parses.
fn spaced<'a, O, P>(p: P) -> impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>
where
    P: Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
{
    preceded(multispace1, p)
}

/// The words of the `go` command.
const GO_WORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "searchmoves",
    "ponder",
    "perft",
];

/// The largest millisecond count a `go` time is taken as (about 34 years):
/// far beyond any game, and small enough that no deadline computed from it
/// overflows.
pub const MAX_MILLIS: u64 = 1 << 40;

/// A whole number as written, saturated to the `i128` range, or `None` for
/// a word that is not one (digits with an optional sign).
fn whole_number(word: &str) -> Option<i128> {
    let (negative, digits) = match word.as_bytes().first() {
        Some(b'-') => (true, &word[1..]),
        Some(b'+') => (false, &word[1..]),
        _ => (false, word),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits
        .parse::<u128>()
        .map_or(i128::MAX, |n| i128::try_from(n).unwrap_or(i128::MAX));
    Some(if negative { -magnitude } else { magnitude })
}

/// `value` brought into `min..=max`, with a warning naming the parameter
/// when it had to be moved.
fn clamped(name: &str, value: i128, min: u64, max: u64, warnings: &mut Vec<String>) -> u64 {
    let kept = value.clamp(i128::from(min), i128::from(max));
    if kept != value {
        warnings.push(format!("{name} {value} is out of range, {kept} used"));
    }
    kept as u64
}

/// Reads the parameters of `go`. The command is never refused, so that
/// every `go` gets its `bestmove`: a value out of range is clamped to what
/// the engine can do, and an unknown word or a missing value is skipped,
/// each with a warning in [`Go::warnings`].
fn parse_go(args: &str) -> Result<Command, ParseError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    // `go perft <depth>` is its own command, and not a search.
    if words.first() == Some(&"perft") {
        return match number_arg("go perft", &words[1..].join(" "))? {
            Some(depth) => Ok(Command::Perft { depth }),
            None => Err(ParseError("go perft: the depth is missing".into())),
        };
    }
    let mut go = Go::default();
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let name = words[i];
        i += 1;
        match name {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                let first = i;
                while i < words.len() && !GO_WORDS.contains(&words[i]) {
                    i += 1;
                }
                if first == i {
                    warnings.push("searchmoves without a move ignored".into());
                }
                go.searchmoves
                    .extend(words[first..i].iter().map(|m| m.to_string()));
            }
            "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo" => {
                let value = words.get(i).and_then(|w| whole_number(w));
                let Some(value) = value else {
                    let found = match words.get(i) {
                        Some(w) if !GO_WORDS.contains(w) => {
                            i += 1;
                            format!("found {}", quote(w))
                        }
                        _ => "found nothing".to_string(),
                    };
                    warnings.push(format!("{name} ignored: expected a whole number, {found}"));
                    continue;
                };
                i += 1;
                let w = &mut warnings;
                match name {
                    "depth" => go.depth = Some(clamped(name, value, 1, MAX_DEPTH.into(), w) as u32),
                    "nodes" => go.nodes = Some(clamped(name, value, 1, u64::MAX, w)),
                    "movetime" => go.movetime = Some(clamped(name, value, 0, MAX_MILLIS, w)),
                    "wtime" => go.time[0] = Some(clamped(name, value, 0, MAX_MILLIS, w)),
                    "btime" => go.time[1] = Some(clamped(name, value, 0, MAX_MILLIS, w)),
                    "winc" => go.inc[0] = Some(clamped(name, value, 0, MAX_MILLIS, w)),
                    "binc" => go.inc[1] = Some(clamped(name, value, 0, MAX_MILLIS, w)),
                    _ if value < 1 => {
                        w.push(format!("movestogo {value} ignored: it must be at least 1"))
                    }
                    _ => go.movestogo = Some(clamped(name, value, 1, u32::MAX.into(), w) as u32),
                }
            }
            other => warnings.push(format!("unknown parameter {} ignored", quote(other))),
        }
    }
    go.warnings = warnings;
    Ok(Command::Go(go))
}

fn parse_setoption(args: &str) -> Result<Command, ParseError> {
    let (after_name, _) = (
        multispace0::<&str, nom::error::Error<&str>>,
        keyword("name"),
    )
        .parse(args)
        .map_err(|_| {
            ParseError("setoption: expected 'setoption name <name> [value <value>]'".into())
        })?;
    // The name runs up to the word `value`; the value is everything after it.
    let words: Vec<&str> = after_name.split_whitespace().collect();
    let split = words.iter().position(|w| *w == "value");
    let (name_words, value) = match split {
        Some(at) => (&words[..at], Some(words[at + 1..].join(" "))),
        None => (&words[..], None),
    };
    if name_words.is_empty() {
        return Err(ParseError("setoption: the option name is missing".into()));
    }
    if value.as_deref() == Some("") {
        return Err(ParseError(format!(
            "setoption {}: the value is missing after 'value'",
            name_words.join(" ")
        )));
    }
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

/// `moves m1 m2 ...` at the end of a `position` command (possibly empty).
fn moves_clause(i: &str) -> Res<'_, Vec<String>> {
    map(
        opt(preceded(
            (multispace0, keyword("moves")),
            many0(spaced(word)),
        )),
        |moves: Option<Vec<&str>>| {
            moves
                .unwrap_or_default()
                .into_iter()
                .map(String::from)
                .collect()
        },
    )
    .parse(i)
}

fn fen_words(i: &str) -> Res<'_, Vec<&str>> {
    many1(spaced(verify(word, |w: &str| w != "moves"))).parse(i)
}

fn parse_position(args: &str) -> Result<Command, ParseError> {
    let startpos = map(
        (
            preceded(multispace0, keyword("startpos")),
            moves_clause,
            multispace0,
        ),
        |(_, moves, _)| Command::Position {
            start: Start::StartPos,
            moves,
        },
    );
    let fen = map(
        (
            preceded(multispace0, keyword("fen")),
            fen_words,
            moves_clause,
            multispace0,
        ),
        |(_, fen, moves, _)| Command::Position {
            start: Start::Fen(fen.join(" ")),
            moves,
        },
    );
    match all_consuming(alt((startpos, fen))).parse(args) {
        Ok((_, command)) => Ok(command),
        Err(_) => {
            let words: Vec<&str> = args.split_whitespace().collect();
            Err(ParseError(match words.first() {
                None => "position: expected 'startpos' or 'fen <position string>'".into(),
                Some(&"fen") if words.len() == 1 || words[1] == "moves" => {
                    "position fen: the position string is missing".into()
                }
                Some(&"startpos") | Some(&"fen") => {
                    let extra = words.iter().skip(1).find(|w| **w != "moves").copied();
                    format!(
                        "position: expected 'moves' after the start, found {}",
                        quote(extra.unwrap_or_default())
                    )
                }
                Some(other) => format!(
                    "position: expected 'startpos' or 'fen', found {}",
                    quote(other)
                ),
            }))
        }
    }
}

/// A command with no arguments: anything after it is an error.
fn bare(name: &str, args: &str, command: Command) -> Result<Command, ParseError> {
    if args.trim().is_empty() {
        Ok(command)
    } else {
        Err(ParseError(format!(
            "{name}: takes no arguments, found {}",
            quote(args.trim())
        )))
    }
}

/// A command with one optional (or required) whole number.
fn number_arg(name: &str, args: &str) -> Result<Option<u32>, ParseError> {
    match all_consuming(preceded(
        multispace0::<&str, nom::error::Error<&str>>,
        opt((unsigned, multispace0)),
    ))
    .parse(args)
    {
        Ok((_, n)) => Ok(n.map(|(n, _)| n)),
        Err(_) => Err(ParseError(format!(
            "{name}: expected a whole number, found {}",
            quote(args.trim())
        ))),
    }
}

/// Parses one input line (without its line ending).
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Command::Empty);
    }
    let (args, name) = match (word, rest).parse(line) {
        Ok((_, (name, args))) => (args, name),
        Err(_) => return Ok(Command::Empty),
    };
    match name {
        "uci" => bare(name, args, Command::Uci),
        "isready" => bare(name, args, Command::IsReady),
        "ucinewgame" => bare(name, args, Command::UciNewGame),
        "stop" => bare(name, args, Command::Stop),
        "ponderhit" => bare(name, args, Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "help" => bare(name, args, Command::Help),
        "d" => bare(name, args, Command::Display),
        "eval" => bare(name, args, Command::Eval),
        "setoption" => parse_setoption(args),
        "debug" => match args.trim() {
            "" | "on" => Ok(Command::Debug(true)),
            "off" => Ok(Command::Debug(false)),
            other => Err(ParseError(format!(
                "debug: expected 'on' or 'off', found {}",
                quote(other)
            ))),
        },
        "register" => Ok(Command::Register),
        "position" => parse_position(args),
        "go" => parse_go(args),
        "bench" => Ok(Command::Bench {
            depth: number_arg(name, args)?,
        }),
        "perft" => match number_arg(name, args)? {
            Some(depth) => Ok(Command::Perft { depth }),
            None => Err(ParseError("perft: the depth is missing".into())),
        },
        _ => Err(ParseError(format!("unknown command {}", quote(name)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    fn err(line: &str) -> String {
        match parse(line) {
            Ok(c) => panic!("{line:?} parsed as {c:?}"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn bare_commands_parse_and_refuse_extra_words() {
        assert_eq!(ok("uci"), Command::Uci);
        assert_eq!(ok("  isready \t"), Command::IsReady);
        assert_eq!(ok("ucinewgame"), Command::UciNewGame);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(ok("quit now"), Command::Quit);
        assert_eq!(ok("help"), Command::Help);
        assert_eq!(ok("d"), Command::Display);
        assert_eq!(ok("eval"), Command::Eval);
        assert_eq!(ok(""), Command::Empty);
        assert_eq!(ok("   "), Command::Empty);
        assert!(err("isready now").contains("no arguments"));
        assert!(err("ucix").contains("unknown command 'ucix'"));
        assert!(err("UCI").contains("unknown command"));
        assert_eq!(ok("debug"), Command::Debug(true));
        assert_eq!(ok("debug on"), Command::Debug(true));
        assert_eq!(ok("debug off"), Command::Debug(false));
        assert!(err("debug maybe").contains("expected 'on' or 'off', found 'maybe'"));
        assert_eq!(ok("register name Ann code 1234"), Command::Register);
    }

    #[test]
    fn setoption_names_with_spaces() {
        assert_eq!(
            ok("setoption name Move Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert!(err("setoption Hash 3").contains("expected 'setoption name"));
        assert!(err("setoption name value 3").contains("name is missing"));
        assert!(err("setoption name Hash value").contains("value is missing"));
    }

    #[test]
    fn position_takes_startpos_or_a_string_then_moves() {
        assert_eq!(
            ok("position startpos"),
            Command::Position {
                start: Start::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves F  f\tE"),
            Command::Position {
                start: Start::StartPos,
                moves: vec!["F".into(), "f".into(), "E".into()]
            }
        );
        assert_eq!(
            ok("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves FfEaCe"),
            Command::Position {
                start: Start::Fen("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".into()),
                moves: vec!["FfEaCe".into()]
            }
        );
        assert_eq!(
            ok("position fen a b c"),
            Command::Position {
                start: Start::Fen("a b c".into()),
                moves: vec![]
            }
        );
        assert!(err("position").contains("expected 'startpos'"));
        assert!(err("position fen").contains("position string is missing"));
        assert!(err("position fen moves A").contains("position string is missing"));
        assert!(err("position startpos A B").contains("expected 'moves'"));
        assert!(err("position start").contains("found 'start'"));
    }

    #[test]
    fn go_reads_every_limit_and_clamps_what_it_cannot_use() {
        let Command::Go(go) =
            ok("go wtime 1000 btime 5 winc 10 binc 20 movestogo 3 depth 4 nodes 99 movetime 50")
        else {
            panic!()
        };
        assert_eq!(go.time, [Some(1000), Some(5)]);
        assert_eq!(go.inc, [Some(10), Some(20)]);
        assert_eq!(go.movestogo, Some(3));
        assert_eq!(go.depth, Some(4));
        assert_eq!(go.nodes, Some(99));
        assert_eq!(go.movetime, Some(50));
        assert!(!go.infinite);
        let Command::Go(go) = ok("go infinite searchmoves A B depth 3") else {
            panic!()
        };
        assert!(go.infinite);
        assert_eq!(go.searchmoves, vec!["A", "B"]);
        assert_eq!(go.depth, Some(3));
        assert_eq!(ok("go"), Command::Go(Go::default()));
        assert!(!go.ponder);
        let Command::Go(go) = ok("go ponder movetime 100") else {
            panic!()
        };
        assert!(go.ponder);
        assert_eq!(go.movetime, Some(100));
        let Command::Go(go) = ok("go wtime 500 btime 600 ponder") else {
            panic!()
        };
        assert!(go.ponder);
        assert_eq!(go.time, [Some(500), Some(600)]);
        assert_eq!(ok("ponderhit"), Command::PonderHit);
        assert!(err("ponderhit now").contains("no arguments"));
        // `go` is never refused: what cannot be used is clamped or skipped,
        // each with a warning.
        let warned = |line: &str| match ok(line) {
            Command::Go(go) => go,
            other => panic!("{line:?} parsed as {other:?}"),
        };
        let go = warned("go ponder movetime");
        assert!(go.ponder && go.movetime.is_none());
        assert_eq!(
            go.warnings,
            ["movetime ignored: expected a whole number, found nothing"]
        );
        let go = warned("go movetime 50 depth 127");
        assert_eq!((go.movetime, go.depth), (Some(50), Some(100)));
        assert_eq!(go.warnings, ["depth 127 is out of range, 100 used"]);
        assert_eq!(warned("go depth 0").depth, Some(1));
        assert_eq!(warned("go depth 99999999999").depth, Some(100));
        assert_eq!(warned("go nodes 0").nodes, Some(1));
        let go = warned("go nodes 99999999999999999999999999");
        assert_eq!(go.nodes, Some(u64::MAX));
        assert_eq!(go.warnings.len(), 1);
        let go = warned("go wtime 100 btime -5 winc -1");
        assert_eq!(go.time, [Some(100), Some(0)]);
        assert_eq!(go.inc, [Some(0), None]);
        assert_eq!(
            go.warnings,
            [
                "btime -5 is out of range, 0 used",
                "winc -1 is out of range, 0 used"
            ]
        );
        assert_eq!(warned("go movetime -1").movetime, Some(0));
        assert_eq!(warned("go movetime 0").warnings, Vec::<String>::new());
        assert_eq!(
            warned("go wtime 999999999999999999999").time[0],
            Some(MAX_MILLIS)
        );
        let go = warned("go movestogo 0 wtime 1000");
        assert_eq!((go.movestogo, go.time[0]), (None, Some(1000)));
        let go = warned("go fast depth x movetime 20");
        assert_eq!((go.depth, go.movetime), (None, Some(20)));
        assert_eq!(
            go.warnings,
            [
                "unknown parameter 'fast' ignored",
                "depth ignored: expected a whole number, found 'x'"
            ]
        );
        let go = warned("go depth movetime 20");
        assert_eq!((go.depth, go.movetime), (None, Some(20)));
        let go = warned("go searchmoves depth 3");
        assert!(go.searchmoves.is_empty());
        assert_eq!(go.depth, Some(3));
        assert_eq!(go.warnings, ["searchmoves without a move ignored"]);
        assert_eq!(ok("go perft 5"), Command::Perft { depth: 5 });
        assert_eq!(ok("perft 3"), Command::Perft { depth: 3 });
        assert!(err("go perft").contains("go perft: the depth is missing"));
        assert!(err("go perft x").contains("go perft: expected a whole number"));
        assert!(err("perft").contains("depth is missing"));
        assert!(err("perft x").contains("expected a whole number"));
        assert_eq!(ok("bench"), Command::Bench { depth: None });
        assert_eq!(ok("bench 7"), Command::Bench { depth: Some(7) });
    }

    #[test]
    fn long_quotes_are_shortened() {
        let long = "x".repeat(1000);
        let e = err(&long);
        assert!(e.len() < 100, "{e}");
        assert!(e.ends_with("...'"));
    }

    #[test]
    fn commands_are_written_as_they_are_read() {
        let lines = [
            "uci",
            "isready",
            "setoption name Move Overhead value 30",
            "setoption name Clear Hash",
            "ucinewgame",
            "position startpos",
            "position startpos moves F f",
            "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves A",
            "go",
            "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 99 movetime 50 infinite searchmoves A B",
            "go ponder movetime 100",
            "go ponder wtime 1000 btime 2000 winc 10 binc 20",
            "go perft 3",
            "stop",
            "ponderhit",
            "quit",
            "help",
            "d",
            "eval",
            "bench",
            "bench 4",
            "debug on",
            "debug off",
            "register later",
        ];
        for line in lines {
            let command = ok(line);
            assert_eq!(command.to_string(), line);
            assert_eq!(ok(&command.to_string()), command, "{line}");
        }
    }
}
