//! The referee's own time per engine move, measured with mock engines.
//! Not a timed assertion: run it to print the figure,
//! `cargo test --release --test integration referee_overhead:: -- --ignored --nocapture`.

use std::process::Command;

use crate::common::process::{mock_engine, succeed, AWALE};

#[test]
#[ignore = "a measurement, not a check: prints the referee's overhead per move"]
fn referee_overhead_per_move() {
    let engine = mock_engine("random.sh");
    let a = format!("cmd={engine},name=a");
    let b = format!("cmd={engine},name=b");
    let (_, stdout) = succeed(
        Command::new(AWALE)
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
            .env("AWALE_BIN", AWALE),
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Referee overhead: "))
        .expect("the overhead line");
    println!("{line}");
}
