//! OGN files through the built binary: `play --load` and `save`, `records
//! convert` both ways, `tune --records`, and the errors of bad files.

use std::path::Path;
use std::process::Command;

use crate::common::process::{awale, run_with_input, succeed, AWALE};
use crate::common::scratch;

/// Aualé's file of two games (a copy of `shared/vectors/oware-selfplay.ogn`).
const VECTOR: &str = include_str!("data/oware-selfplay.ogn");

fn vector_path() -> String {
    format!(
        "{}/tests/data/oware-selfplay.ogn",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn play_loads_ogn_and_saves_both_formats() {
    let dir = scratch::dir("ogn-play");
    let (ogn, txt) = (dir.join("g.ogn"), dir.join("g.txt"));
    let script = format!("moves\nsave {}\nsave {}\nquit\n", path(&ogn), path(&txt));
    let out = run_with_input(
        &["play", "--human", "both", "--load", &vector_path()],
        &script,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("final score South 13 - North 26"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Saved 126 moves to {}", path(&ogn))),
        "{stdout}"
    );
    // The .ogn name gave OGN, the other the records format.
    let saved = std::fs::read_to_string(&ogn).unwrap();
    assert!(saved.starts_with("[Variant \"Oware Abapa\"]\n"), "{saved}");
    assert!(saved.ends_with(" 63. A d+2 13-26\n"), "{saved}");
    let records = awale::referee::records::read_records(&txt).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].tag("Scores"), Some("13-26"));
    assert!(!dir.join("g.ogn.tmp").exists());

    // An unfinished OGN game, from North's move, goes on where it stopped.
    let part = dir.join("part.ogn");
    std::fs::write(
        &part,
        "[Variant \"Oware Abapa\"]\n[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N\"]\n\n1... f { x } 2. F *\n",
    )
    .unwrap();
    let out = run_with_input(
        &["play", "--human", "both", "--load", path(&part)],
        "moves\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("Played: f F\n"), "{stdout}");
    assert!(stdout.contains("North (player) to move."), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_files_are_refused_with_the_line_or_the_reason() {
    let dir = scratch::dir("ogn-bad");
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let cases = [
        (
            write(
                "illegal.ogn",
                b"[Variant \"Oware Abapa\"]\n\n1. F f\n2. F *\n",
            ),
            "line 4: move 3 'F' (South): illegal move F",
        ),
        (
            write("capture.ogn", b"1. F f 2. E+2 *\n"),
            "line 1: move 3 'E+2' (South) says it captures 2",
        ),
        (
            write("result.ogn", b"1. F f\n\n13-26\n"),
            "line 3: the result 13-26 contradicts the moves",
        ),
        (
            write("comment.ogn", b"1. F\n{ never\nclosed\n"),
            "line 2: the comment opened here",
        ),
        (
            write("tag.ogn", b"[Variant \"Oware Abapa\"\n\n*\n"),
            "line 1: bad tag",
        ),
        (
            write("variant.ogn", b"[Variant \"Kalah\"]\n\n*\n"),
            "variant 'Kalah' is not supported",
        ),
        (
            write(
                "utf8.ogn",
                b"[Variant \"Oware Abapa\"]\n[Event \"\xff\"]\n\n*\n",
            ),
            "line 2: the text is not valid UTF-8",
        ),
    ];
    for (file, wanted) in &cases {
        for args in [
            vec!["play", "--load", path(file)],
            vec!["records", "convert", path(file), path(&dir.join("out.txt"))],
        ] {
            let (ok, _, err) = awale(&args);
            assert!(!ok, "{args:?}");
            assert!(err.contains(wanted), "{args:?}: {err}");
            assert!(
                err.contains(file.file_name().unwrap().to_str().unwrap()),
                "{err}"
            );
        }
    }
    assert!(!dir.join("out.txt").exists(), "nothing written");
    // Too large (a sparse file: no disk used) and not a file at all.
    let big = dir.join("big.ogn");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(awale::ogn::MAX_FILE_BYTES + 1)
        .unwrap();
    for (file, wanted) in [
        (path(&big), "bytes a game file may have"),
        (path(&dir), "a directory, not a regular file"),
    ] {
        let (ok, _, err) = awale(&["play", "--load", file]);
        assert!(!ok && err.contains(wanted), "{err}");
        let (ok, _, err) = awale(&["records", "convert", file, path(&dir.join("out.txt"))]);
        assert!(!ok && err.contains(wanted), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn records_convert_to_ogn_and_back() {
    let dir = scratch::dir("ogn-convert");
    let (records, ogn, again) = (dir.join("r.txt"), dir.join("g.ogn"), dir.join("r2.txt"));
    let (_, out) =
        succeed(Command::new(AWALE).args(["records", "convert", &vector_path(), path(&records)]));
    assert!(out.contains("2 games written to"), "{out}");
    let read = awale::referee::records::read_records(&records).unwrap();
    assert_eq!(read.len(), 2);
    assert_eq!(read[1].tag("Round"), Some("2"));
    assert_eq!(read[1].tag("Result"), Some("0-1"));
    assert_eq!(read[1].tag("Scores"), Some("13-26"));
    assert_eq!(read[1].moves.len(), 126);
    succeed(Command::new(AWALE).args(["records", "convert", path(&records), path(&ogn)]));
    let text = std::fs::read_to_string(&ogn).unwrap();
    // Records hold no comments; everything else comes back as Aualé wrote it.
    let without_comment = awale::ogn::write_games(
        &awale::ogn::parse(VECTOR)
            .unwrap()
            .into_iter()
            .map(|mut g| {
                g.moves.iter_mut().for_each(|m| m.comment = None);
                g
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert_eq!(text, without_comment);
    succeed(Command::new(AWALE).args(["records", "convert", path(&ogn), path(&again)]));
    assert_eq!(
        std::fs::read_to_string(&again).unwrap(),
        std::fs::read_to_string(&records).unwrap()
    );
    // A colour variant's records have no OGN.
    let colours = dir.join("c.txt");
    std::fs::write(
        &colours,
        "[Event \"e\"]\n[Variant \"colors16\"]\n[Options \"\"]\n[Result \"*\"]\n\n1R\n*\n\n",
    )
    .unwrap();
    let (ok, _, err) = awale(&[
        "records",
        "convert",
        path(&colours),
        path(&dir.join("c.ogn")),
    ]);
    assert!(!ok && err.contains("OGN holds oware games only"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_reads_the_games_of_an_ogn_file() {
    let dir = scratch::dir("ogn-tune");
    let w = dir.join("w.bin");
    let (_, out) = succeed(Command::new(AWALE).args([
        "tune",
        "--records",
        &vector_path(),
        "--out",
        path(&w),
        "--epochs",
        "2",
        "--batch",
        "64",
    ]));
    // The file's two games are the same game: read once.
    assert!(
        out.contains(": 1 games, 126 positions; left out: 0 forfeits, 1 repeated games"),
        "{out}"
    );
    assert!(w.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
