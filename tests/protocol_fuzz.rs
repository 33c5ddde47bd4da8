//! The protocol loop survives any input: random lines (command words in
//! random order, random bytes, invalid UTF-8, very long lines) are fed to the
//! loop in-process through [`awale::protocol::engine::run_to_string`].
//!
//! Depths and sizes in the vocabulary stay small so every case is quick; the
//! property checked is that the loop ends normally and answers every
//! `isready`, gives one error line per unparsable line, and exactly one
//! `bestmove` per `go` (a `go` is never refused).

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
