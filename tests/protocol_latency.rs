//! `bestmove` latency after `stop`. One test asserts a liveness bound:
//! `stop` during `go infinite` brings `bestmove` within [`STOP_GUARD`], a
//! hang guard far above the normal (under a millisecond), with one and two
//! threads. The rest only measures, asserting no time: `bestmove` latency
//! after `stop`, `bestmove` time against `movetime`, and the arbiter's
//! answer time against `--movetime`. Run the measurements with
//! `cargo test --release --test integration protocol_latency:: -- --ignored --nocapture`
//! and record the numbers in BENCHMARKS.md.

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::thread;
use std::time::{Duration, Instant};

use crate::common::engine::Engine;
use crate::common::process::{forward_lines, spawn};

const PATIENCE: Duration = Duration::from_secs(120);

/// How long `bestmove` may take after `stop`: only a hang (a search that
/// misses its stop signal) comes near it.
const STOP_GUARD: Duration = Duration::from_secs(2);

/// A `stop` during `go infinite` is answered by a legal `bestmove` within
/// [`STOP_GUARD`], with one search thread and with two (whose helper must
/// hear the stop too).
#[test]
fn stop_during_go_infinite_brings_bestmove_quickly() {
    let legal = {
        use awale::protocol::command::Start;
        use awale::protocol::session::{build, Settings};
        let mut s = build(&Settings::default()).unwrap();
        s.set_position(&Start::StartPos, &[]).unwrap();
        s.legal_moves()
    };
    for threads in [1, 2] {
        let mut engine = Engine::start(&[]);
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send("position startpos");
        engine.ask("go infinite", "info depth");
        let sent = Instant::now();
        engine.send("stop");
        let (_, line) = engine.until(|l| l.starts_with("bestmove "));
        let took = sent.elapsed();
        assert!(
            took < STOP_GUARD,
            "Threads {threads}: bestmove {took:?} after stop"
        );
        let mv = line.split_whitespace().nth(1).unwrap().to_string();
        assert!(
            legal.contains(&mv),
            "Threads {threads}: {line}, legal {legal:?}"
        );
    }
}

fn start(args: &[&str]) -> (Child, ChildStdin, Receiver<(Instant, String)>) {
    let (child, stdin, stdout) = spawn(args);
    (
        child,
        stdin,
        forward_lines(stdout, |line| (Instant::now(), line)),
    )
}

fn send(stdin: &mut ChildStdin, line: &str) -> Instant {
    writeln!(stdin, "{line}").unwrap();
    stdin.flush().unwrap();
    Instant::now()
}

fn until(rx: &Receiver<(Instant, String)>, prefix: &str) -> (Instant, String) {
    loop {
        let (at, line) = rx.recv_timeout(PATIENCE).expect("an answer");
        if line.starts_with(prefix) {
            return (at, line);
        }
    }
}

fn summary(name: &str, mut ms: Vec<f64>) {
    ms.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{name}: n={} min={:.1} ms median={:.1} ms max={:.1} ms",
        ms.len(),
        ms[0],
        ms[ms.len() / 2],
        ms[ms.len() - 1]
    );
}

#[test]
#[ignore = "measurement, not a test: run with --ignored --nocapture"]
fn measure_stop_and_movetime_latency() {
    let (mut child, mut stdin, rx) = start(&[]);
    for threads in [1, 2] {
        send(
            &mut stdin,
            &format!("setoption name Threads value {threads}"),
        );
        let mut after_stop = Vec::new();
        for i in 0..20 {
            send(
                &mut stdin,
                &format!("position startpos moves {}", ["F", "E", "D", "C"][i % 4]),
            );
            send(&mut stdin, "go infinite");
            until(&rx, "info depth");
            thread::sleep(Duration::from_millis(50 + 10 * i as u64));
            let sent = send(&mut stdin, "stop");
            let (at, line) = until(&rx, "bestmove");
            assert_ne!(line, "bestmove 0000");
            after_stop.push((at - sent).as_secs_f64() * 1e3);
        }
        summary(
            &format!("bestmove after stop, Threads {threads}"),
            after_stop,
        );
    }
    send(&mut stdin, "setoption name Threads value 1");
    for movetime in [100u64, 500, 1000] {
        let mut over = Vec::new();
        for _ in 0..5 {
            send(&mut stdin, "position startpos");
            let sent = send(&mut stdin, &format!("go movetime {movetime}"));
            let (at, _) = until(&rx, "bestmove");
            over.push((at - sent).as_secs_f64() * 1e3 - movetime as f64);
        }
        summary(&format!("bestmove time minus movetime {movetime}"), over);
    }
    // A deep depth makes the time limit the binding one.
    for movetime in [100u64, 300] {
        let mut over = Vec::new();
        for _ in 0..5 {
            send(&mut stdin, "position startpos");
            send(&mut stdin, "isready");
            until(&rx, "readyok");
            let sent = send(&mut stdin, &format!("go depth 40 movetime {movetime}"));
            let (at, _) = until(&rx, "bestmove");
            over.push((at - sent).as_secs_f64() * 1e3 - movetime as f64);
        }
        summary(
            &format!("go depth 40 movetime {movetime}: time minus movetime"),
            over,
        );
    }
    send(&mut stdin, "quit");
    let _ = child.wait();

    for movetime in [100u64, 2000] {
        GAME.with(|g| g.borrow_mut().clear());
        let (mut child, mut stdin, rx) = start(&["arbiter", "--movetime", &movetime.to_string()]);
        let mut over = Vec::new();
        let mut last = send(&mut stdin, "START");
        for _ in 0..5 {
            let (at, mv) = rx.recv_timeout(PATIENCE).expect("a move");
            over.push((at - last).as_secs_f64() * 1e3 - movetime as f64);
            if mv.contains("RESULT") {
                break;
            }
            // Answer with the first legal reply the engine itself would
            // accept: ask a scratch session.
            let reply = reply_to(&mv);
            last = send(&mut stdin, &reply);
        }
        summary(
            &format!("arbiter answer time minus --movetime {movetime}"),
            over,
        );
        let _ = child.kill();
        let _ = child.wait();
    }
}

thread_local! {
    static GAME: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Plays the engine's move and then the opponent's first legal move in a
/// scratch session that follows the game.
fn reply_to(mv: &str) -> String {
    use awale::protocol::command::Start;
    use awale::protocol::session::{build, Settings};
    GAME.with(|g| {
        let mut g = g.borrow_mut();
        g.push(mv.to_string());
        let mut s = build(&Settings::default()).unwrap();
        s.set_position(&Start::StartPos, &g).unwrap();
        let reply = s.legal_moves()[0].clone();
        g.push(reply.clone());
        reply
    })
}
