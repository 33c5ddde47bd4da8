//! The opening book, driven through the built binary: `awale book build`,
//! `check` and `probe`, and the engine's `OwnBook` and `Book` options over
//! the protocol.

use std::path::Path;
use std::process::Command;

use crate::common::books::{one_position_book, start_text};
use crate::common::engine::Engine;
use crate::common::process::{succeed, AWALE};
use crate::common::scratch;
use awale::book::Book;
use awale::game::Game;
use awale::variants::oware::Oware;

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

/// The output of an engine given `script` a line at a time, each `go`
/// answered (its `bestmove` read) before the next line is sent: a `quit` or
/// the end of the input read while a search runs would cut it short, and
/// on a loaded machine could even leave it no time to report anything.
/// The engine is told to `quit` after the script. The book's proposal is
/// printed before the search starts, whatever the machine's load; what
/// the search reports is not: a search thread that the machine starves for
/// a whole short `movetime` reports nothing, so a test that reads the
/// search's lines gives its `go` a few hundred milliseconds.
fn stdout_of(script: &str) -> String {
    let mut engine = Engine::start(&[]);
    for command in script.lines().filter(|l| l.trim() != "quit") {
        if command.starts_with("go") {
            engine.ask(command, "bestmove");
        } else {
            engine.send(command);
        }
    }
    engine.send("quit");
    let rest = engine.rest();
    engine.wait_exit();
    [engine.seen.clone(), rest].concat().join("\n")
}

#[test]
fn build_check_and_probe_agree() {
    let dir = scratch::dir("book-cli");
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
    let dir = scratch::dir("book-bad");
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

/// The answers in the output `out` of a script (each `bestmove` included):
/// for each `bestmove`, the lines since the previous one.
fn answers_of(out: &str) -> Vec<Vec<&str>> {
    let mut all = vec![Vec::new()];
    for line in out.lines() {
        all.last_mut().unwrap().push(line);
        if line.starts_with("bestmove") {
            all.push(Vec::new());
        }
    }
    all.pop();
    all
}

#[test]
fn timed_searches_play_from_the_book_and_others_search() {
    // A book deeper than any search, that plays A (a move no search plays
    // at the start) over F.
    let dir = scratch::dir("book-deep");
    let book = one_position_book(&dir, &start_text(), &[(0, 50), (5, -100)], 255);
    let script = format!(
        "setoption name Book value {}\nposition startpos\ngo movetime 200\n\
         go wtime 5000 btime 5000\ngo depth 2\n\
         setoption name OwnBook value false\ngo movetime 50\n\
         setoption name OwnBook value true\nsetoption name Level value medium\ngo movetime 50\nquit\n",
        book.display()
    );
    let out = stdout_of(&script);
    let answers = answers_of(&out);
    assert_eq!(answers.len(), 5, "{out}");
    // 1 and 2: the book proposes A, the search runs, and the book's move
    // stands against it (the book looked deeper). The line that says so
    // comes just before `bestmove`, unless the search overran its time on
    // a loaded machine and the answer came from its last report (which
    // names the book's move too).
    for answer in &answers[..2] {
        let n = answer.len();
        assert_eq!(answer[n - 1], "bestmove A", "{out}");
        assert!(
            answer[n - 2] == "info string book move A score cp 50 depth 255"
                || answer[n - 2].starts_with("info depth"),
            "{out}"
        );
        let proposed = answer
            .iter()
            .position(|l| *l == "info string book proposes A score cp 50 depth 255")
            .expect("the proposal");
        assert!(
            answer[proposed..]
                .iter()
                .any(|l| l.starts_with("info depth")),
            "the search ran after the proposal: {out}"
        );
    }
    // 3, 4 and 5: a depth, no book, another level: no book line.
    for answer in &answers[2..] {
        assert!(!answer.iter().any(|l| l.contains("book")), "{out}");
    }
    assert!(
        answers[2].iter().any(|l| l.starts_with("info depth")),
        "{out}"
    );
    assert!(
        answers[3].iter().any(|l| l.starts_with("info depth")),
        "{out}"
    );
    // Off the book's lines the engine searches.
    let out = stdout_of("position startpos moves A a B b\ngo movetime 50\nquit\n");
    assert!(!out.contains("book") && out.contains("info depth"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_search_deeper_than_the_book_or_proving_a_result_plays_its_own_move() {
    let dir = scratch::dir("book-shallow");
    // A book of depth 1 proposes A at the start: the search's first
    // iteration is as deep, and the search decides.
    let shallow = one_position_book(&dir, &start_text(), &[(0, 50)], 1);
    let out = stdout_of(&format!(
        "setoption name Book value {}\nposition startpos\ngo movetime 500\nquit\n",
        shallow.display()
    ));
    assert!(
        out.contains("info string book proposes A score cp 50 depth 1"),
        "{out}"
    );
    assert!(!out.contains("info string book move"), "{out}");
    let last_pv = out
        .lines()
        .rev()
        .find_map(|l| l.split(" pv ").nth(1))
        .and_then(|pv| pv.split(' ').next())
        .expect("a principal variation")
        .to_string();
    assert!(out.contains(&format!("bestmove {last_pv}")), "{out}");

    // South to move wins by E (the tables prove it: 25-23) and loses by F
    // (23-25). A book as deep as can be that plays F does not outweigh the
    // search's proof. F is the second legal move (index 1).
    let endgame = "0-0-0-0-1-1-2-0-0-0-0-0-23-21-S";
    let deep = one_position_book(&dir, endgame, &[(1, 900)], 255);
    let out = stdout_of(&format!(
        "setoption name Book value {}\nisready\nposition fen {endgame}\ngo movetime 200\nquit\n",
        deep.display()
    ));
    assert!(out.contains("info string book proposes F"), "{out}");
    assert!(!out.contains("info string book move"), "{out}");
    assert!(out.contains("bestmove E"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_seed_repeats_the_choice_and_seed_0_varies_it() {
    // A book where A and F score the same at the start, and B far below,
    // deeper than any search.
    let dir = scratch::dir("book-seed");
    let book = one_position_book(&dir, &start_text(), &[(0, 10), (5, 10), (1, -200)], 255);
    // Twelve answers, each the move the book proposed: the proposal comes
    // before the search starts, so even a search thread the machine
    // starves answers it.
    let choices = |seed: u64| {
        let script = format!(
            "setoption name Book value {}\nsetoption name Seed value {seed}\nposition startpos\n{}quit\n",
            book.display(),
            "go movetime 50\n".repeat(12)
        );
        let out = stdout_of(&script);
        let answers = answers_of(&out);
        assert_eq!(answers.len(), 12, "{out}");
        answers
            .iter()
            .map(|answer| {
                let proposed = answer
                    .iter()
                    .find_map(|l| l.strip_prefix("info string book proposes "))
                    .and_then(|l| l.split(' ').next())
                    .unwrap_or_else(|| panic!("no proposal: {out}"));
                let played = answer.last().and_then(|l| l.strip_prefix("bestmove "));
                assert_eq!(played, Some(proposed), "{out}");
                proposed.to_string()
            })
            .collect::<Vec<String>>()
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
    let dir = scratch::dir("book-option");
    let small = dir.join("small.bin");
    build_small(&small, "1");
    let mut bytes = std::fs::read(&small).unwrap();
    bytes[100] ^= 1;
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, &bytes).unwrap();
    let script = format!(
        "setoption name Book value {}\nsetoption name Book value /no/such/book.bin\n\
         uci\nposition startpos\ngo movetime 100\nquit\n",
        bad.display()
    );
    let out = stdout_of(&script);
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
        out.contains("info string book proposes"),
        "the built-in book stays: {out}"
    );

    // A good file is used: its start position's best moves are proposed.
    let small_book = Book::load(&small).unwrap();
    let game = Oware::default();
    let start = game.start();
    let best = small_book.moves(&game, &start)[0];
    let script = format!(
        "setoption name Book value {}\nsetoption name Seed value 3\nposition startpos\ngo movetime 100\nquit\n",
        small.display()
    );
    let out = stdout_of(&script);
    let played = out
        .lines()
        .find_map(|l| l.strip_prefix("info string book proposes "))
        .and_then(|l| l.split(' ').next())
        .unwrap_or_else(|| panic!("no proposal: {out}"));
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

/// Books with a valid checksum but moves that are not legal where they
/// are played (indices 10, 15, 200 at the start) or a score outside the
/// protocol's ±19999 are refused on load, by the `Book` option (one error
/// line; the built-in book stays) and by the tools alike.
#[test]
fn crafted_books_with_a_valid_checksum_are_refused_on_load() {
    let dir = scratch::dir("book-crafted");
    let start = start_text();
    let cases = [
        (
            one_position_book(&dir, &start, &[(0, 10), (10, 5)], 20),
            "move 10 is not legal",
        ),
        (
            one_position_book(&dir, &start, &[(15, 5)], 21),
            "move 15 is not legal",
        ),
        (
            one_position_book(&dir, &start, &[(200, 5)], 22),
            "move 200 is not legal",
        ),
        (
            one_position_book(&dir, &start, &[(0, 32767)], 23),
            "score 32767",
        ),
        (
            one_position_book(&dir, &start, &[(0, -20000)], 24),
            "score -20000",
        ),
    ];
    for (path, why) in &cases {
        let script = format!(
            "setoption name Book value {}\nposition startpos\ngo movetime 50\nquit\n",
            path.display()
        );
        let out = stdout_of(&script);
        let errors: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("info string error"))
            .collect();
        assert_eq!(errors.len(), 1, "{out}");
        assert!(errors[0].contains(why), "{out}");
        assert!(
            !out.contains("cp 32767") && !out.contains("cp -20000"),
            "{out}"
        );
        assert!(
            out.contains("info string book proposes"),
            "the built-in book stays: {out}"
        );
        let p = path.to_str().unwrap();
        for args in [
            ["book", "probe", "--book", p],
            ["book", "check", "--book", p],
        ] {
            let out = Command::new(AWALE).args(args).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                !out.status.success() && err.contains(why),
                "{args:?}: {err}"
            );
        }
    }
    // A book of a position the start does not lead to still loads.
    let endgame = "0-0-0-0-1-1-2-0-0-0-0-0-23-21-S";
    let elsewhere = one_position_book(&dir, endgame, &[(0, 100)], 30);
    assert!(Book::load(&elsewhere).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}
