//! `awale datagen` through the binary: a small run and its statistics,
//! identical files whatever the thread count, a real kill then a resume,
//! refused settings and variants.

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::process::AWALE;
use crate::common::scratch;
use awale::datagen::Reader;

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(AWALE);
    cmd.arg("datagen")
        .args(args)
        .env("AWALE_TABLES", dir.join("tables"));
    cmd
}

/// Runs `awale datagen ARGS`: success, stdout, stderr.
fn datagen(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = command(dir, args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn generate(dir: &Path, file: &str, args: &[&str]) -> Vec<u8> {
    let out = dir.join(file);
    let out = out.to_str().unwrap();
    let mut all = vec!["--out", out];
    all.extend_from_slice(args);
    let (ok, _, err) = datagen(dir, &all);
    assert!(ok, "{err}");
    std::fs::read(out).unwrap()
}

/// The game indices of a file, in file order.
fn indices(path: &Path) -> Vec<u32> {
    Reader::open(path)
        .unwrap()
        .games()
        .map(|g| g.unwrap().index)
        .collect()
}

#[test]
fn a_small_run_then_its_statistics() {
    let dir = scratch::dir("datagen-small");
    let args = ["--games", "6", "--nodes", "300", "--threads", "2"];
    generate(&dir, "small.dat", &args);
    let file = dir.join("small.dat");
    assert_eq!(indices(&file), [0, 1, 2, 3, 4, 5]);
    let positions = Reader::open(&file).unwrap().positions().count();
    assert!(positions > 6 * 20, "{positions} positions");
    let (ok, out, err) = datagen(&dir, &["--stats", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("games: 6 (indices 0..=5)"), "{out}");
    assert!(out.contains(&format!("positions: {positions} ")), "{out}");
    assert!(out.contains("300 nodes per move"), "{out}");
    assert!(out.contains("tables 0-10"), "{out}");
    assert!(out.contains("covered by the tables:"), "{out}");
    // Every record is a position of oware with its search result.
    for r in Reader::open(&file).unwrap().positions() {
        let r = r.unwrap();
        // At most 48: a game stopped at 25 leaves seeds on the board.
        assert!(u32::from(r.final_seeds[0]) + u32::from(r.final_seeds[1]) <= 48);
        if r.on_board() <= 10 {
            assert!(r.table.is_some(), "{r:?}");
        }
    }
    // Running again with the same settings has nothing to do.
    let again = generate(&dir, "small.dat", &args);
    assert_eq!(indices(&file).len(), 6);
    assert_eq!(
        again.len(),
        std::fs::metadata(&file).unwrap().len() as usize
    );
}

#[test]
fn the_file_does_not_depend_on_the_thread_count() {
    let dir = scratch::dir("datagen-threads");
    let base = ["--games", "5", "--nodes", "400", "--max-plies", "120"];
    let one = generate(&dir, "one.dat", &[&base[..], &["--threads", "1"]].concat());
    let two = generate(&dir, "two.dat", &[&base[..], &["--threads", "2"]].concat());
    assert!(one == two, "the files differ");
}

#[test]
fn a_killed_run_resumes_to_the_same_file() {
    let dir = scratch::dir("datagen-killed");
    let args = [
        "--games",
        "24",
        "--nodes",
        "1500",
        "--max-plies",
        "150",
        "--threads",
        "2",
        "--quiet",
    ];
    let killed = dir.join("killed.dat");
    let mut child = command(&dir, &args)
        .arg("--out")
        .arg(&killed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it (SIGKILL) once two games or more are written.
    let start = Instant::now();
    while std::fs::metadata(&killed).map_or(0, |m| m.len()) < 128 + 2 * 1000 {
        assert!(start.elapsed() < Duration::from_secs(60), "no game came");
        std::thread::sleep(Duration::from_millis(2));
    }
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = indices(&killed);
    if running {
        assert!(kept.len() < 24, "{kept:?}");
    }
    // As if a write had been torn: half a block of a game at the end.
    let mut bytes = std::fs::read(&killed).unwrap();
    bytes.extend_from_slice(b"GAME\x63\0\0\0\x10\0\0\0\x03\x18\x18\0");
    bytes.extend_from_slice(&[4u8; 40]);
    std::fs::write(&killed, &bytes).unwrap();
    let (ok, _, err) = datagen(
        &dir,
        &[&args[..], &["--out", killed.to_str().unwrap()]].concat(),
    );
    assert!(ok, "{err}");
    assert!(
        err.contains("cut short") && err.contains("bytes, 1 game (the damaged one"),
        "{err}"
    );
    let resumed = indices(&killed);
    assert_eq!(resumed, (0..24).collect::<Vec<u32>>());
    assert_eq!(resumed.iter().collect::<HashSet<_>>().len(), 24);
    let straight = generate(&dir, "straight.dat", &args);
    assert!(
        std::fs::read(&killed).unwrap() == straight,
        "the files differ"
    );
}

#[test]
fn other_settings_are_refused_with_a_clear_message() {
    let dir = scratch::dir("datagen-settings");
    generate(
        &dir,
        "a.dat",
        &["--games", "1", "--nodes", "300", "--max-plies", "40"],
    );
    let file = dir.join("a.dat");
    let before = std::fs::read(&file).unwrap();
    let (ok, _, err) = datagen(
        &dir,
        &[
            "--out",
            file.to_str().unwrap(),
            "--games",
            "2",
            "--nodes",
            "400",
            "--max-plies",
            "40",
        ],
    );
    assert!(!ok);
    assert!(
        err.contains("a.dat was made with other settings (nodes 300 vs 400); use another --out"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the file is untouched"
    );
    // Not a training-data file at all.
    let text = dir.join("text.dat");
    std::fs::write(&text, "hello ".repeat(40)).unwrap();
    let (ok, _, err) = datagen(&dir, &["--out", text.to_str().unwrap(), "--games", "1"]);
    assert!(!ok && err.contains("not a training-data file"), "{err}");
    let (ok, _, err) = datagen(&dir, &["--stats", text.to_str().unwrap()]);
    assert!(!ok && err.contains("not a training-data file"), "{err}");
}

#[test]
fn other_variants_are_refused_with_a_clear_message() {
    let dir = scratch::dir("datagen-variant");
    let out = dir.join("c.dat");
    let (ok, _, err) = datagen(
        &dir,
        &[
            "--out",
            out.to_str().unwrap(),
            "--games",
            "1",
            "--variant",
            "colors12",
        ],
    );
    assert!(!ok, "{err}");
    assert!(
        err.contains("'colors12' for '--variant") && err.contains("[possible values: oware]"),
        "{err}"
    );
    assert!(!out.exists());
    // The help offers only what works, and says why.
    let (ok, help, _) = datagen(&dir, &["--help"]);
    assert!(ok, "{help}");
    assert!(help.contains("oware only (its records pack"), "{help}");
    assert!(!help.contains("colors12"), "{help}");
}
