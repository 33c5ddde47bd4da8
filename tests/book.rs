//! The opening book, driven through the built binary: `awale book build`,
//! `check` and `probe`, and the engine's `OwnBook` and `Book` options over
//! the protocol.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::process::{run_with_input, succeed, AWALE};
use awale::book::Book;
use awale::game::Game;
use awale::variants::oware::Oware;

/// A fresh directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("awale-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds a small book (3 plies, cheap searches) at `path`.
fn build_small(path: &Path, threads: &str) {
    succeed(Command::new(AWALE).args([
        "book",
        "build",
        "--out",
        path.to_str().unwrap(),
        "--nodes",
        "4000",
        "--plies",
        "3",
        "--full-plies",
        "1",
        "--threads",
        threads,
        "--quiet",
    ]));
}

fn stdout_of(args: &[&str], script: &str) -> String {
    String::from_utf8_lossy(&run_with_input(args, script).stdout).into_owned()
}

/// The book moves the builtin book allows at the start (within the play
/// margin of the best), in notation.
fn playable_at_start() -> Vec<String> {
    let game = Oware::default();
    let start = game.start();
    let moves = Book::builtin().unwrap().moves(&game, &start);
    let best = moves[0].score;
    moves
        .iter()
        .filter(|m| best - m.score <= awale::book::PLAY_MARGIN)
        .map(|m| game.format_move(&start, m.mv))
        .collect()
}

#[test]
fn build_check_and_probe_agree() {
    let dir = scratch("cli");
    let one = dir.join("one.bin");
    let two = dir.join("two.bin");
    build_small(&one, "1");
    build_small(&two, "2");
    assert_eq!(
        std::fs::read(&one).unwrap(),
        std::fs::read(&two).unwrap(),
        "the same book whatever the threads"
    );
    assert!(!dir.join("one.bin.tmp").exists());

    let (_, text) =
        succeed(Command::new(AWALE).args(["book", "check", "--book", one.to_str().unwrap()]));
    assert!(text.contains("ok: every move is legal"), "{text}");

    let (_, json) = succeed(Command::new(AWALE).args([
        "book",
        "probe",
        "--book",
        one.to_str().unwrap(),
        "--moves",
        "C",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["in_book"], true, "{json}");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6, "every reply of ply 1 is scored: {json}");
    let scores: Vec<i64> = moves.iter().map(|m| m["score"].as_i64().unwrap()).collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {json}"
    );
    assert_eq!(moves[0]["playable"], true);
    // The text marks the same moves, with the JSON's word.
    let (_, text) = succeed(Command::new(AWALE).args([
        "book",
        "probe",
        "--book",
        one.to_str().unwrap(),
        "--moves",
        "C",
    ]));
    let marked = text.matches("(playable)").count();
    let playable = moves.iter().filter(|m| m["playable"] == true).count();
    assert!(marked >= 1 && marked == playable, "{text}\n{json}");

    let (_, text) = succeed(Command::new(AWALE).args([
        "book",
        "probe",
        "--book",
        one.to_str().unwrap(),
        "--moves",
        "A a B b",
    ]));
    assert!(text.contains("not in the book"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_books_and_arguments_are_refused_clearly() {
    let dir = scratch("bad");
    let good = dir.join("good.bin");
    build_small(&good, "1");
    let mut bytes = std::fs::read(&good).unwrap();
    let last = bytes.len() - 5;
    bytes[last] ^= 0x40;
    let flipped = dir.join("flipped.bin");
    std::fs::write(&flipped, &bytes).unwrap();
    let cut = dir.join("cut.bin");
    std::fs::write(&cut, &bytes[..bytes.len() - 7]).unwrap();

    let fails = |args: &[&str]| {
        let out = Command::new(AWALE).args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?} succeeded");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = fails(&["book", "check", "--book", flipped.to_str().unwrap()]);
    assert!(
        err.contains("checksum") && err.contains("flipped.bin"),
        "{err}"
    );
    let err = fails(&["book", "probe", "--book", cut.to_str().unwrap()]);
    assert!(err.contains("truncated"), "{err}");
    let err = fails(&[
        "book",
        "probe",
        "--variant",
        "colors12",
        "--book",
        good.to_str().unwrap(),
    ]);
    assert!(err.contains("not colors12"), "{err}");
    let err = fails(&[
        "book",
        "build",
        "--out",
        "/no/such/dir/b.bin",
        "--plies",
        "1",
    ]);
    assert!(
        err.contains("/no/such/dir") && err.contains("does not exist"),
        "{err}"
    );
    let err = fails(&["book", "build", "--out", "x.bin", "--plies", "0"]);
    assert!(err.contains("--plies"), "{err}");
    let err = fails(&[
        "book",
        "check",
        "--book",
        good.to_str().unwrap(),
        "--option",
        "GrandSlam=capture",
    ]);
    assert!(
        err.is_empty(),
        "a mismatch is a finding, not an error: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn timed_searches_play_from_the_book_and_others_search() {
    let playable = playable_at_start();
    let script = "position startpos\ngo movetime 2000\nisready\n\
                  go wtime 60000 btime 60000\nisready\n\
                  go depth 2\nisready\n\
                  setoption name OwnBook value false\ngo movetime 50\nisready\n\
                  setoption name OwnBook value true\nsetoption name Level value medium\ngo movetime 50\nquit\n";
    let out = stdout_of(&[], script);
    let lines: Vec<&str> = out.lines().collect();
    let answers: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("bestmove"))
        .collect();
    assert_eq!(answers.len(), 5, "{out}");
    // 1 and 2: the book answers at once (a 2 s search would print depths).
    for &a in &answers[..2] {
        let info = lines[a - 1];
        assert!(info.starts_with("info string book move "), "{out}");
        let mv = lines[a].trim_start_matches("bestmove ").to_string();
        assert!(info.contains(&format!("book move {mv} ")), "{out}");
        assert!(playable.contains(&mv), "{mv} not among {playable:?}");
    }
    // 3, 4 and 5: a depth, no book, another level: no book move.
    let book_lines = out.lines().filter(|l| l.contains("book move")).count();
    assert_eq!(book_lines, 2, "{out}");
    assert!(lines[answers[2] - 1].starts_with("info depth"), "{out}");
    assert!(lines[answers[3] - 1].starts_with("info depth"), "{out}");
    // Off the book's lines the engine searches.
    let out = stdout_of(
        &[],
        "position startpos moves A a B b\ngo movetime 50\nquit\n",
    );
    assert!(
        !out.contains("book move") && out.contains("info depth"),
        "{out}"
    );
}

#[test]
fn a_seed_repeats_the_choice_and_seed_0_varies_it() {
    // A book where A and F score the same at the start, and B far below.
    let dir = scratch("seed");
    let game = Oware::default();
    let key = awale::book::position_key(&game.format_position(&game.start()));
    let entry = |mv, score| awale::book::format::Entry {
        key,
        score,
        mv,
        depth: 20,
    };
    let path = dir.join("even.bin");
    Book::new(
        "oware",
        &awale::book::rules_text(&game),
        vec![entry(0, 10), entry(5, 10), entry(1, -200)],
    )
    .save(&path)
    .unwrap();
    let choices = |seed: u64| {
        let script = format!(
            "setoption name Book value {}\nsetoption name Seed value {seed}\nposition startpos\n{}quit\n",
            path.display(),
            "go movetime 5000\n".repeat(12)
        );
        let out = stdout_of(&[], &script);
        let moves: Vec<String> = out
            .lines()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .map(str::to_string)
            .collect();
        assert_eq!(moves.len(), 12, "{out}");
        moves
    };
    let seeded = choices(7);
    assert!(seeded.iter().all(|m| *m == seeded[0]), "{seeded:?}");
    assert_eq!(choices(7), seeded, "the same seed, the same choice");
    let free = choices(0);
    assert!(free.iter().all(|m| m == "A" || m == "F"), "{free:?}");
    assert!(
        free.contains(&"A".into()) && free.contains(&"F".into()),
        "{free:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_book_option_refuses_a_bad_file_and_keeps_the_old_book() {
    let dir = scratch("option");
    let small = dir.join("small.bin");
    build_small(&small, "1");
    let mut bytes = std::fs::read(&small).unwrap();
    bytes[100] ^= 1;
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, &bytes).unwrap();
    let script = format!(
        "setoption name Book value {}\nsetoption name Book value /no/such/book.bin\n\
         uci\nposition startpos\ngo movetime 3000\nquit\n",
        bad.display()
    );
    let out = stdout_of(&[], &script);
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(
        errors[0].contains("option Book") && errors[0].contains("checksum"),
        "{out}"
    );
    assert!(errors[1].contains("/no/such/book.bin"), "{out}");
    assert!(
        out.contains("option name Book type string default <builtin>"),
        "{out}"
    );
    assert!(
        out.contains("info string book move"),
        "the built-in book stays: {out}"
    );

    // A good file is used: its start position's best move is played.
    let small_book = Book::load(&small).unwrap();
    let game = Oware::default();
    let start = game.start();
    let best = small_book.moves(&game, &start)[0];
    let script = format!(
        "setoption name Book value {}\nsetoption name Seed value 3\nposition startpos\ngo movetime 3000\nquit\n",
        small.display()
    );
    let out = stdout_of(&[], &script);
    let played = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    let allowed: Vec<String> = small_book
        .moves(&game, &start)
        .iter()
        .filter(|m| best.score - m.score <= awale::book::PLAY_MARGIN)
        .map(|m| game.format_move(&start, m.mv))
        .collect();
    assert!(
        allowed.contains(&played.to_string()),
        "{played} not in {allowed:?}: {out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
