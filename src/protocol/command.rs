//! The protocol's input language: one line of text becomes one [`Command`].
//!
//! Lines are parsed with `nom`. Words are separated by any run of spaces or
//! tabs; command and keyword names are lower case, as in UCI. A line that
//! cannot be parsed gives a [`ParseError`] whose message the engine prints as
//! `info string error: <message>`.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::take_till1;
use nom::character::complete::{
    i64 as signed, multispace0, multispace1, u32 as unsigned, u64 as unsigned64,
};
use nom::combinator::{all_consuming, map, opt, rest, value, verify};
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
    /// milliseconds (a negative value is refused).
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
        }
    }
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

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

/// Any word that is not a `go` keyword (a move of `searchmoves`).
fn go_move(i: &str) -> Res<'_, &str> {
    verify(word, |w: &str| !GO_WORDS.contains(&w)).parse(i)
}

/// A millisecond count, signed so that a negative one is reported as such.
fn millis(i: &str) -> Res<'_, i64> {
    signed.parse(i)
}

#[derive(Clone, Debug)]
enum GoItem {
    Depth(u32),
    Nodes(u64),
    MoveTime(i64),
    Time(usize, i64),
    Inc(usize, i64),
    MovesToGo(u32),
    Infinite,
    Ponder,
    SearchMoves(Vec<String>),
}

fn go_item(i: &str) -> Res<'_, GoItem> {
    alt((
        map(preceded(keyword("depth"), spaced(unsigned)), GoItem::Depth),
        map(
            preceded(keyword("nodes"), spaced(unsigned64)),
            GoItem::Nodes,
        ),
        map(
            preceded(keyword("movetime"), spaced(millis)),
            GoItem::MoveTime,
        ),
        map(preceded(keyword("wtime"), spaced(millis)), |t| {
            GoItem::Time(0, t)
        }),
        map(preceded(keyword("btime"), spaced(millis)), |t| {
            GoItem::Time(1, t)
        }),
        map(preceded(keyword("winc"), spaced(millis)), |t| {
            GoItem::Inc(0, t)
        }),
        map(preceded(keyword("binc"), spaced(millis)), |t| {
            GoItem::Inc(1, t)
        }),
        map(
            preceded(keyword("movestogo"), spaced(unsigned)),
            GoItem::MovesToGo,
        ),
        value(GoItem::Infinite, keyword("infinite")),
        value(GoItem::Ponder, keyword("ponder")),
        map(
            preceded(keyword("searchmoves"), many1(spaced(go_move))),
            |moves: Vec<&str>| GoItem::SearchMoves(moves.into_iter().map(String::from).collect()),
        ),
    ))
    .parse(i)
}

/// What a `go` keyword expects after it, for error messages.
fn go_expects(keyword: &str) -> Option<&'static str> {
    Some(match keyword {
        "depth" | "movestogo" | "perft" => "a whole number",
        "nodes" => "a whole number",
        "movetime" | "wtime" | "btime" | "winc" | "binc" => "a number of milliseconds",
        "searchmoves" => "at least one move",
        _ => return None,
    })
}

fn parse_go(args: &str) -> Result<Command, ParseError> {
    // `go perft <depth>` is its own command.
    let perft =
        all_consuming(preceded((multispace0, keyword("perft")), spaced(unsigned))).parse(args);
    if let Ok((_, depth)) = perft {
        return Ok(Command::Perft { depth });
    }
    let (remaining, items) = many0(preceded(multispace0, go_item))
        .parse(args)
        .map_err(|_| ParseError("go: cannot read the parameters".into()))?;
    let remaining = remaining.trim_start();
    if !remaining.is_empty() {
        let mut words = remaining.split_whitespace();
        let first = words.next().unwrap_or_default();
        let next = words.next();
        return Err(ParseError(match (go_expects(first), next) {
            (Some(what), Some(found)) => {
                format!("go {first}: expected {what}, found {}", quote(found))
            }
            (Some(what), None) => format!("go {first}: expected {what} after it"),
            (None, _) => format!("go: unknown parameter {}", quote(first)),
        }));
    }
    let mut go = Go::default();
    for item in items {
        match item {
            GoItem::Depth(d) if !(1..=MAX_DEPTH).contains(&d) => {
                return Err(ParseError(format!(
                    "go depth: the depth must be from 1 to {MAX_DEPTH}, found {d}"
                )))
            }
            GoItem::Depth(d) => go.depth = Some(d),
            GoItem::Nodes(0) => {
                return Err(ParseError(
                    "go nodes: the node limit must be at least 1".into(),
                ))
            }
            GoItem::Nodes(n) => go.nodes = Some(n),
            GoItem::MoveTime(t) => go.movetime = Some(non_negative("movetime", t)?),
            GoItem::Time(side, t) => {
                go.time[side] = Some(non_negative(["wtime", "btime"][side], t)?)
            }
            GoItem::Inc(side, t) => go.inc[side] = Some(non_negative(["winc", "binc"][side], t)?),
            GoItem::MovesToGo(n) => go.movestogo = Some(n),
            GoItem::Infinite => go.infinite = true,
            GoItem::Ponder => go.ponder = true,
            GoItem::SearchMoves(moves) => go.searchmoves.extend(moves),
        }
    }
    Ok(Command::Go(go))
}

/// Refuses a negative millisecond count for the `go` parameter `name`.
fn non_negative(name: &str, millis: i64) -> Result<u64, ParseError> {
    u64::try_from(millis).map_err(|_| {
        ParseError(format!(
            "go {name}: the time must not be negative, found {millis}"
        ))
    })
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
    fn bare_commands() {
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
    fn positions() {
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
    fn go_parameters() {
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
        assert!(
            err("go ponder movetime").contains("go movetime: expected a number of milliseconds")
        );
        assert!(err("go ponder searchmoves").contains("at least one move"));
        assert_eq!(ok("go perft 5"), Command::Perft { depth: 5 });
        assert_eq!(ok("perft 3"), Command::Perft { depth: 3 });
        assert!(err("go depth x").contains("go depth: expected a whole number, found 'x'"));
        assert!(err("go depth").contains("expected a whole number after it"));
        assert!(err("go depth 99999999999").contains("go depth"));
        assert!(err("go depth 0").contains("the depth must be from 1 to 100, found 0"));
        assert!(err("go depth 101").contains("the depth must be from 1 to 100"));
        assert!(err("go nodes 0").contains("at least 1"));
        assert!(err("go wtime 100 btime -5")
            .contains("go btime: the time must not be negative, found -5"));
        assert!(err("go movetime -1").contains("go movetime: the time must not be negative"));
        assert!(err("go winc -1").contains("go winc"));
        assert!(err("go fast").contains("unknown parameter 'fast'"));
        assert!(err("go searchmoves").contains("at least one move"));
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
        ];
        for line in lines {
            let command = ok(line);
            assert_eq!(command.to_string(), line);
            assert_eq!(ok(&command.to_string()), command, "{line}");
        }
    }
}
