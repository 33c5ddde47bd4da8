//! `awale bench`: the signature node count and the output format.

use std::process::Command;

/// The one-thread node count of `awale bench` at its default depth. Every
/// commit that changes it says `Bench: <nodes>` in its message.
const SIGNATURE: u64 = 1282451;

fn bench(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_awale"))
        .arg("bench")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The node count of the last line, `<nodes> nodes <nps> nps`.
fn total(stdout: &str) -> u64 {
    let last = stdout.lines().last().expect("output");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
    words[2].parse::<u64>().expect("nps is a number");
    words[0].parse().expect("nodes is a number")
}

#[test]
fn signature_at_one_thread() {
    let (ok, stdout, stderr) = bench(&["--threads", "1"]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.lines().count() > 16,
        "at least 16 positions and the total"
    );
    assert_eq!(total(&stdout), SIGNATURE);
}

/// `AWALE_EVAL` once chose the evaluation; it is ignored now, whether it
/// names a missing file or other weights: the signature stays.
#[test]
fn the_awale_eval_variable_has_no_effect() {
    for spec in ["/nonexistent", "<hand-set>"] {
        let out = Command::new(env!("CARGO_BIN_EXE_awale"))
            .args(["bench", "--threads", "1"])
            .env("AWALE_EVAL", spec)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{spec}: {stderr}");
        assert_eq!(
            total(&String::from_utf8_lossy(&out.stdout)),
            SIGNATURE,
            "{spec}"
        );
    }
}

/// Two threads, depth 6 and a 2 MB hash run to a total.
#[test]
fn bench_runs_with_two_threads_a_small_depth_and_a_small_hash() {
    let (ok, stdout, stderr) = bench(&["--threads", "2", "--depth", "6", "--hash", "2"]);
    assert!(ok, "{stderr}");
    assert!(total(&stdout) > 0);
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &["--depth", "0"][..],
        &["--depth", "-3"],
        &["--threads", "0"],
        &["--hash", "x"],
    ] {
        let (ok, _, stderr) = bench(args);
        assert!(!ok, "{args:?}");
        assert!(stderr.contains("error"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // The limits are those of the protocol (`bench 101` and `setoption
    // name Hash value 4097` are refused there).
    for (args, limit) in [
        (&["--depth", "101"][..], "1..=100"),
        (&["--hash", "4097"], "1..=4096"),
    ] {
        let (ok, _, stderr) = bench(args);
        assert!(!ok && stderr.contains(limit), "{args:?}: {stderr}");
    }
}
