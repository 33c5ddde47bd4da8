//! The protocol loop survives any input: random lines (command words in
//! random order, random bytes, invalid UTF-8, very long lines) are fed to the
//! loop in-process through [`awale::protocol::engine::run_to_string`].
//!
//! Depths and sizes in the vocabulary stay small so every case is quick; the
//! property checked is that the loop ends normally and answers every
//! `isready`, gives one error line per unparsable line, and exactly one
//! `bestmove` per `go` (a `go` is never refused).
//!
//! A second property feeds *sequences* of well-formed commands (positions,
//! searches of every kind, `stop`, `ponderhit`, `isready`, `d`) mixed with
//! invalid lines, and checks what each answer must be and the orders that
//! hold however the threads are scheduled: see [`check_sequence`].

use awale::protocol::command::{parse, Command};
use awale::protocol::engine::run_to_string;
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "uci",
    "isready",
    "setoption",
    "name",
    "value",
    "Hash",
    "Threads",
    "MultiPV",
    "Level",
    "easy",
    "medium",
    "Seed",
    "GrandSlam",
    "capture",
    "forbidden",
    "MustFeed",
    "false",
    "Notation",
    "numbers",
    "letters",
    "Variant",
    "oware",
    "Move",
    "Overhead",
    "Clear",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
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
    "stop",
    "ponderhit",
    "ucinewgame",
    "d",
    "eval",
    "A",
    "B",
    "C",
    "D",
    "E",
    "F",
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "1",
    "6",
    "7",
    "0",
    "2",
    "3",
    "-5",
    "99999999999999999999",
    "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
    "0-0-0-0-0-0-1-0-0-0-0-0-23-24-S",
    "4-4-4",
    "FfEaCe",
    "\u{e9}t\u{e9}",
    "\t",
    "\u{0}",
    "--",
];

/// What the loop must have answered to `input`.
fn check(input: &[u8]) {
    let output = run_to_string(input).expect("the loop ends normally");
    let mut isready = 0;
    let mut unparsable = 0;
    let mut gos = 0;
    for raw in input.split(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(raw);
        match parse(text.trim_end_matches('\r')) {
            Ok(Command::IsReady) => isready += 1,
            Ok(Command::Go(_)) => gos += 1,
            Ok(Command::Quit) => panic!("inputs hold no quit"),
            Ok(_) => {}
            Err(_) => unparsable += 1,
        }
    }
    let lines: Vec<&str> = output.lines().collect();
    let count = |p: &str| lines.iter().filter(|l| l.starts_with(p)).count();
    assert_eq!(count("readyok"), isready, "{output}");
    assert!(count("info string error: ") >= unparsable, "{output}");
    assert_eq!(count("bestmove "), gos, "{output}");
}

fn is_quit(line: &[u8]) -> bool {
    matches!(
        parse(String::from_utf8_lossy(line).trim_end_matches('\r')),
        Ok(Command::Quit)
    )
}

fn word_line() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(WORDS), 0..9)
        .prop_map(|words| words.join(" ").into_bytes())
}

fn byte_line() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..120)
        .prop_map(|bytes| bytes.into_iter().filter(|&b| b != b'\n').collect())
}

fn long_line() -> impl Strategy<Value = Vec<u8>> {
    (any::<u8>(), 1usize..3).prop_map(|(b, megabytes)| {
        let b = if b == b'\n' { b'x' } else { b };
        vec![b; (megabytes << 20) + 7]
    })
}

fn input() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            8 => word_line(),
            3 => byte_line(),
            1 => prop::sample::select(&[
                "position startpos moves F f E",
                "go depth 2",
                "go movetime 5",
                "go infinite",
                "go perft 2",
                "isready",
                "d",
            ][..]).prop_map(|s| s.as_bytes().to_vec()),
        ],
        0..24,
    )
    .prop_map(|lines| {
        let mut input = Vec::new();
        for line in lines.into_iter().filter(|l| !is_quit(l)) {
            input.extend_from_slice(&line);
            input.push(b'\n');
        }
        input
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn the_loop_survives_random_lines(input in input()) {
        check(&input);
    }

    #[test]
    fn the_loop_survives_a_very_long_line(line in long_line(), tail in word_line()) {
        let mut input = line;
        input.push(b'\n');
        input.extend_from_slice(&tail);
        input.extend_from_slice(b"\nisready\n");
        if !is_quit(&tail) {
            check(&input);
        }
    }
}

/// The commands of a sequence: each is parsed by the checker, which knows
/// from the parse what the loop must answer.
const SEQUENCE: &[&str] = &[
    "position startpos",
    "position startpos moves F",
    "position startpos moves F f E",
    // Refused: North's pit first, and a pit left empty by its sowing.
    "position startpos moves f",
    "position startpos moves F f F",
    "go depth 1",
    "go depth 3",
    "go nodes 200",
    "go movetime 5",
    "go infinite",
    "go ponder",
    "go ponder depth 2",
    // Warned: a clamped value and an unknown word.
    "go depth 9999 movetime 5",
    "go depth 2 sideways",
    "stop",
    "ponderhit",
    "isready",
    "d",
    // Unparsable.
    "xyzzy",
    "position nowhere",
    "go perft",
];

/// Checks the loop's answer to the sequence `commands` (lines of
/// [`SEQUENCE`]):
/// - exactly one `bestmove` per `go`, `0000` when the last `position`
///   before that `go` was refused and a real move otherwise (every
///   position of [`SEQUENCE`] has legal moves);
/// - one `info string error: position:` line per refused or unparsable
///   position;
/// - one `readyok` per `isready`, one `Game over:` line per `d`;
/// - the k-th `bestmove` comes after the warnings of the first k `go`s
///   (a `go`'s warning is printed before its search starts);
/// - an `isready` is answered after the output of every `d` the loop must
///   have executed first: the `d`s sent before it and before the first
///   `go`. The input is read ahead of the command thread, and an `isready`
///   read while a `go` runs, or waits to start, is answered when some `go`
///   starts (any of them: the held answers are counted together), so a
///   `d` sent after the first `go` may be answered later.
fn check_sequence(commands: &[&str]) {
    let mut input = String::new();
    // Per `go`: whether it searches a refused position, whether it warns.
    let mut gos: Vec<(bool, bool)> = Vec::new();
    let mut refused = false;
    let mut refusals = 0;
    let mut ds = 0;
    // Per `isready`: how many `d` outputs must precede its `readyok`.
    let mut needs = Vec::new();
    // The `d`s counted before the first `go`.
    let mut ds_before_search: Option<usize> = None;
    let mut unparsable = 0;
    for &line in commands {
        input.push_str(line);
        input.push('\n');
        match parse(line) {
            Ok(Command::Position { moves, .. }) => {
                refused = matches!(moves.first().map(String::as_str), Some("f"))
                    || moves.len() == 3 && moves[2] == "F";
                refusals += usize::from(refused);
            }
            Ok(Command::Go(go)) => {
                gos.push((refused, !go.warnings.is_empty()));
                ds_before_search.get_or_insert(ds);
            }
            Ok(Command::IsReady) => needs.push(ds_before_search.unwrap_or(ds)),
            Ok(Command::Display) => ds += 1,
            Ok(Command::Stop | Command::PonderHit) => {}
            Ok(other) => panic!("{line:?} parsed as {other:?}"),
            Err(_) => {
                unparsable += 1;
                refusals += usize::from(line.starts_with("position "));
            }
        }
    }
    let output = run_to_string(input.as_bytes()).expect("the loop ends normally");
    let lines: Vec<&str> = output.lines().collect();
    let at = |p: &str| -> Vec<usize> {
        (0..lines.len())
            .filter(|&i| lines[i].starts_with(p))
            .collect()
    };
    let bestmoves = at("bestmove ");
    let warnings = at("info string warning: go: ");
    let readyoks = at("readyok");
    let displays = at("Game over:");
    let context = format!("input:\n{input}output:\n{output}");
    assert_eq!(bestmoves.len(), gos.len(), "{context}");
    assert_eq!(readyoks.len(), needs.len(), "{context}");
    assert_eq!(displays.len(), ds, "{context}");
    assert_eq!(
        at("info string error: position:").len(),
        refusals,
        "{context}"
    );
    assert!(at("info string error: ").len() >= unparsable, "{context}");
    for (k, (&line, &(refused, _))) in bestmoves.iter().zip(&gos).enumerate() {
        let null = lines[line].split_whitespace().nth(1) == Some("0000");
        assert_eq!(null, refused, "bestmove {k}: {context}");
        let warned = gos[..=k].iter().filter(|g| g.1).count();
        let before = warnings.iter().filter(|&&w| w < line).count();
        assert!(
            before >= warned,
            "bestmove {k} before its warning: {context}"
        );
    }
    // Order-free form of "each readyok after its `d`s": no more readyoks
    // come before the g-th `d` output than isready needing fewer than g.
    for (g, &display) in displays.iter().enumerate() {
        let early = readyoks.iter().filter(|&&r| r < display).count();
        let allowed = needs.iter().filter(|&&n| n <= g).count();
        assert!(early <= allowed, "readyok before d {g}: {context}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn command_sequences_get_their_answers_in_order(
        commands in prop::collection::vec(prop::sample::select(SEQUENCE), 0..14)
    ) {
        check_sequence(&commands);
    }
}

/// A small deterministic generator for the long run (no proptest shrinking
/// needed: the failing batch is printed).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The target: zero crashes over 1,000,000 random input lines
/// (in batches of 1000 lines per loop run).
#[test]
#[ignore = "long: a million random lines (run with --ignored)"]
fn a_million_random_lines() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut total = 0;
    while total < 1_000_000 {
        let mut input = Vec::new();
        for _ in 0..1000 {
            let line: Vec<u8> = if rng.below(4) == 0 {
                (0..rng.below(100))
                    .map(|_| rng.next() as u8)
                    .filter(|&b| b != b'\n')
                    .collect()
            } else {
                (0..rng.below(9))
                    .map(|_| WORDS[rng.below(WORDS.len())])
                    .collect::<Vec<_>>()
                    .join(" ")
                    .into_bytes()
            };
            if !is_quit(&line) {
                input.extend_from_slice(&line);
                input.push(b'\n');
            }
            total += 1;
        }
        check(&input);
    }
}
