//! Every file the program reads is checked before it is read: a FIFO, a
//! device such as `/dev/zero` or a file larger than its format allows is
//! refused at once with an error that says the limit, and the program
//! goes on (the protocol) or stops cleanly (the tools). Each binary runs
//! with its memory limited, so that a file read without a bound fails the
//! test instead of taking the machine.

use std::path::Path;

use awale::variants::oware::{features, net};
use awale::variants::weight_file::file_len;

use crate::common::engine::Engine;
use crate::common::files::{fifo, limited, run_guarded, sparse};
use crate::common::process::mock_engine;
use crate::common::scratch;

/// Sets `option` to each of `paths` in turn: each gets exactly one
/// `info string error:` line naming `limit` and the file, the engine still
/// evaluates and answers, and `quit` ends it.
fn refused_by_the_protocol(option: &str, paths: &[&Path], limit: &str) {
    let mut engine = Engine::start_command(limited(&[]));
    for path in paths {
        engine.send(&format!("setoption name {option} value {}", path.display()));
        let (before, _) = engine.ask("isready", "readyok");
        let errors: Vec<_> = before
            .iter()
            .filter(|l| l.starts_with("info string error:"))
            .collect();
        assert_eq!(errors.len(), 1, "{path:?}: {before:?}");
        assert!(errors[0].contains(limit), "{path:?}: {}", errors[0]);
        assert!(
            errors[0].contains(&path.display().to_string()),
            "{}",
            errors[0]
        );
    }
    let (_, total) = engine.ask("eval", "Total:");
    assert!(!total.is_empty());
    engine.ask("go depth 2", "bestmove ");
    engine.send("quit");
    assert!(engine.wait_exit().success());
}

#[test]
fn evalfile_refuses_a_device_a_fifo_and_a_huge_file_and_goes_on() {
    let dir = scratch::dir("hostile-evalfile");
    let pipe = dir.join("weights.fifo");
    fifo(&pipe);
    let huge = dir.join("weights.bin");
    sparse(&huge, 16 << 30);
    let max = file_len(features::COUNT + net::PARAMS);
    refused_by_the_protocol(
        "EvalFile",
        &[Path::new("/dev/zero"), &pipe],
        &format!("at most {max} bytes"),
    );
    refused_by_the_protocol("EvalFile", &[&huge], &format!("{max} bytes a weight file"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn book_refuses_a_device_a_fifo_and_a_huge_file_and_goes_on() {
    let dir = scratch::dir("hostile-book");
    let pipe = dir.join("book.fifo");
    fifo(&pipe);
    let huge = dir.join("book.bin");
    sparse(&huge, 16 << 30);
    let max = awale::book::format::MAX_FILE_LEN;
    refused_by_the_protocol(
        "Book",
        &[Path::new("/dev/zero"), &pipe],
        &format!("at most {max} bytes"),
    );
    refused_by_the_protocol("Book", &[&huge], &format!("{max} bytes a book file"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the binary with `args` (memory limited, a hang guard): it must
/// fail, its errors naming `why`.
fn tool_refuses(args: &[&str], why: &str) {
    let (out, stderr) = run_guarded(limited(args));
    assert!(!out.status.success(), "{args:?} succeeded: {stderr}");
    assert!(stderr.contains(why), "{args:?}: {stderr}");
}

/// `match` between two mock engines (`a` and `b`), then `extra`.
fn match_args<'a>(engines: &'a [String; 2], extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["match", "--games", "2", "--movetime", "20"];
    args.extend(["--engine", &engines[0], "--engine", &engines[1]]);
    args.extend(extra);
    args
}

#[test]
fn match_refuses_openings_and_records_that_are_not_regular_or_too_large() {
    let dir = scratch::dir("hostile-match");
    let pipe = dir.join("x.fifo");
    fifo(&pipe);
    let huge = dir.join("huge.txt");
    sparse(&huge, 2 << 30);
    let engine = ["a", "b"].map(|name| format!("cmd={},name={name}", mock_engine("random.sh")));
    let (p, h) = (pipe.to_str().unwrap(), huge.to_str().unwrap());
    let openings_max = awale::referee::openings::MAX_FILE_LEN.to_string();
    let records_max = awale::referee::RECORDS_MAX_LEN.to_string();
    tool_refuses(&match_args(&engine, &["--openings", p]), "a FIFO");
    tool_refuses(
        &match_args(&engine, &["--openings", "/dev/zero"]),
        "a device",
    );
    tool_refuses(&match_args(&engine, &["--openings", h]), &openings_max);
    tool_refuses(&match_args(&engine, &["--records", p]), "a FIFO");
    tool_refuses(&match_args(&engine, &["--records", h]), &records_max);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_other_tools_refuse_fifos_devices_and_huge_files() {
    let dir = scratch::dir("hostile-tools");
    let pipe = dir.join("x.fifo");
    fifo(&pipe);
    let huge = dir.join("huge.txt");
    sparse(&huge, 2 << 30);
    let out = dir.join("w.bin");
    let (p, h, o) = (
        pipe.to_str().unwrap(),
        huge.to_str().unwrap(),
        out.to_str().unwrap(),
    );
    let records_max = awale::referee::RECORDS_MAX_LEN.to_string();
    fn tune<'a>(records: &'a str, out: &'a str) -> [&'a str; 7] {
        [
            "tune",
            "--variant",
            "colors16",
            "--records",
            records,
            "--out",
            out,
        ]
    }
    tool_refuses(&tune(p, o), "a FIFO");
    tool_refuses(&tune("/dev/zero", o), "a device");
    tool_refuses(&tune(h, o), &records_max);
    tool_refuses(&["tune", "--data", p, "--out", o], "a FIFO");
    tool_refuses(&["tune", "--data", "/dev/zero", "--out", o], "a device");
    tool_refuses(&["datagen", "--out", p, "--games", "1"], "a FIFO");
    tool_refuses(&["datagen", "--stats", p], "a FIFO");
    tool_refuses(&["play", "--load", p], "a FIFO");
    let games_max = awale::ogn::MAX_FILE_BYTES.to_string();
    tool_refuses(&["play", "--load", h], &games_max);
    tool_refuses(&["book", "check", "--book", p], "a FIFO");
    assert!(!out.exists(), "no weights were written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tables_probe_skips_a_fifo_table_file_with_a_warning() {
    let dir = scratch::dir("hostile-tables");
    let rules = awale::tables::Rules::default();
    let pipe = awale::tables::file::seed_count_path(&dir, &rules, 12);
    fifo(&pipe);
    let huge = awale::tables::file::seed_count_path(&dir, &rules, 13);
    sparse(&huge, 16 << 30);
    let (out, stderr) = run_guarded(limited(&[
        "tables",
        "probe",
        "--tables",
        dir.to_str().unwrap(),
        "--position",
        "1-0-1-2-0-1-1-0-1-0-0-0-20-21-S",
    ]));
    assert!(out.status.success(), "{stderr}");
    let warnings: Vec<_> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(warnings.len(), 2, "{stderr}");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("a FIFO") && w.contains("-12.awtb")),
        "{stderr}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("-13.awtb") && w.contains("larger than")),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
