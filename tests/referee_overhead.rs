//! The referee's own time per engine move, measured with mock engines.
//! Not a timed assertion: run it to print the figure,
//! `cargo test --release --test referee_overhead -- --ignored --nocapture`.

use std::process::Command;

const AWALE: &str = env!("CARGO_BIN_EXE_awale");

#[test]
#[ignore = "a measurement, not a check: prints the referee's overhead per move"]
fn referee_overhead_per_move() {
    let engine = format!("{}/tests/engines/random.sh", env!("CARGO_MANIFEST_DIR"));
    let a = format!("cmd={engine},name=a");
    let b = format!("cmd={engine},name=b");
    let out = Command::new(AWALE)
        .args([
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "10",
            "--movetime",
            "10",
            "--openings-random",
            "4",
            "--quiet",
        ])
        .env("AWALE_BIN", AWALE)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Referee overhead: "))
        .expect("the overhead line");
    println!("{line}");
}
