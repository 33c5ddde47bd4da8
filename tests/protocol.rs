//! Black-box tests of the protocol: the built binary is started and spoken
//! to through pipes, as a GUI would. Reads have generous time limits so a
//! hung engine fails a test instead of hanging it; nothing asserts timing.

use std::time::Duration;

use crate::common::engine::Engine;
use crate::common::process::exit_within;

fn bestmove(line: &str) -> &str {
    line.strip_prefix("bestmove ").expect(line)
}

#[test]
fn handshake_lists_options_and_answers_isready() {
    let mut e = Engine::start(&[]);
    let (before, _) = e.ask("uci", "uciok");
    assert!(before[0].starts_with("id name awale "), "{before:?}");
    assert!(before[1].starts_with("id author "), "{before:?}");
    for name in [
        "Variant",
        "GrandSlam",
        "MustFeed",
        "Notation",
        "Hash",
        "Threads",
        "Skill",
        "Level",
        "Move Overhead",
        "MultiPV",
        "Clear Hash",
        "Ponder",
    ] {
        let prefix = format!("option name {name} type ");
        assert!(
            before.iter().any(|l| l.starts_with(&prefix)),
            "{name}: {before:?}"
        );
    }
    assert!(
        before
            .iter()
            .any(|l| l == "option name Ponder type check default false"),
        "{before:?}"
    );
    let (before, _) = e.ask("isready", "readyok");
    assert!(before.is_empty());
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn the_uci_subcommand_speaks_the_protocol_too() {
    let mut e = Engine::start(&["uci"]);
    e.ask("uci", "uciok");
    e.close_input();
    assert!(e.wait_exit().success());
}

#[test]
fn a_full_game_against_itself() {
    let mut e = Engine::start(&[]);
    e.ask("uci", "uciok");
    e.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    let mut ended = false;
    for _ in 0..600 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let (infos, line) = e.ask("go depth 3", "bestmove");
        assert!(
            infos.iter().all(|l| l.starts_with("info ")),
            "unexpected output: {infos:?}"
        );
        let mv = bestmove(&line).to_string();
        if mv == "0000" {
            ended = true;
            break;
        }
        assert!(
            infos
                .iter()
                .any(|l| l.starts_with("info depth ") && l.contains(" score ")),
            "{infos:?}"
        );
        moves.push(mv);
    }
    assert!(ended, "the game did not end in 600 plies");
    let (board, over) = e.ask("d", "Game over:");
    assert!(over.starts_with("Game over: yes"), "{board:?} {over}");
    assert!(board.iter().any(|l| l == "Legal moves: "), "{board:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn stop_ends_go_infinite_with_one_bestmove() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go infinite");
    let (before, _) = e.until(|l| l.starts_with("info depth "));
    assert!(before.is_empty(), "{before:?}");
    // The search is still running: isready is answered before any bestmove.
    let (before, _) = e.ask("isready", "readyok");
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    let (_, line) = e.ask("stop", "bestmove");
    assert!(
        ["A", "B", "C", "D", "E", "F"].contains(&bestmove(&line)),
        "{line}"
    );
    // Exactly one bestmove: the next answer is readyok.
    let (before, _) = e.ask("isready", "readyok");
    assert!(before.is_empty(), "{before:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves F");
    e.send("go depth 60");
    e.until(|l| l.starts_with("info depth 1 "));
    let (before, _) = e.ask("isready", "readyok");
    assert!(before.iter().all(|l| l.starts_with("info ")), "{before:?}");
    let (_, line) = e.ask("stop", "bestmove");
    assert!(
        ["a", "b", "c", "d", "e", "f"].contains(&bestmove(&line)),
        "{line}"
    );
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn quit_during_a_search_exits_cleanly() {
    let mut e = Engine::start(&[]);
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth "));
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn end_of_input_exits_cleanly_even_while_searching() {
    let mut e = Engine::start(&[]);
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth "));
    e.close_input();
    assert!(e.wait_exit().success());

    let mut idle = Engine::start(&[]);
    idle.close_input();
    assert!(idle.wait_exit().success());
    assert!(idle.rest().is_empty());
}

#[test]
fn an_illegal_move_refuses_the_whole_position_command() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves F f");
    e.send("position startpos moves F f E E");
    let error = e.next();
    assert!(
        error.starts_with("info string error: position: move 4 'E'"),
        "{error}"
    );
    e.send("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves A 13");
    let error = e.next();
    assert!(
        error.starts_with("info string error: position: "),
        "{error}"
    );
    e.send("position fen 4-4-4-4-4-4-4-4-4-4-4-0-S");
    let error = e.next();
    assert!(
        error.starts_with("info string error: position: "),
        "{error}"
    );
    let (_, line) = e.ask("d", "Position:");
    assert_eq!(line, "Position: 5-5-5-5-4-0-5-5-5-5-4-0-0-0-S");
    // A run of letters, as Aalina's GUI sends them, and hole numbers.
    e.send("position startpos moves FfEaCe");
    let (_, line) = e.ask("d", "Position:");
    e.send("position startpos moves 6 12 5 7 3 11");
    let (_, same) = e.ask("d", "Position:");
    assert_eq!(line, same);
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn garbage_lines_get_one_error_line_each_and_change_nothing() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves C");
    let garbage: Vec<Vec<u8>> = vec![
        b"hello".to_vec(),
        b"\xff\xfe\x00\x01".to_vec(),
        b"setoption name Hash value 0".to_vec(),
        b"setoption name Nonsense value 1".to_vec(),
        b"setoption name Level value genius".to_vec(),
        b"setoption name Variant value chess".to_vec(),
        b"setoption name GrandSlam value sometimes".to_vec(),
        b"position".to_vec(),
        b"position fen".to_vec(),
        b"perft".to_vec(),
        b"bench deep".to_vec(),
        vec![b'x'; 3 << 20],
    ];
    for g in &garbage {
        let mut line = g.clone();
        line.push(b'\n');
        e.send_bytes(&line);
        let answer = e.next();
        assert!(
            answer.starts_with("info string error: "),
            "{:?} -> {answer}",
            String::from_utf8_lossy(&g[..g.len().min(40)])
        );
        assert!(answer.len() < 400, "{answer}");
    }
    // Blank lines and carriage returns are fine.
    e.send_bytes(b"\n\r\n   \t\r\n");
    let (before, line) = e.ask("d", "Position:");
    assert!(
        before.iter().all(|l| !l.starts_with("info string error")),
        "{before:?}"
    );
    assert_eq!(line, "Position: 4-4-0-5-5-5-5-4-4-4-4-4-0-0-N");
    // On a loaded machine `isready` may first say that the start-up
    // tables are still loading (after waiting 5 s for them): not an error.
    let (before, _) = e.ask("isready", "readyok");
    assert!(
        before
            .iter()
            .all(|l| !l.starts_with("info string") || l.contains("tables are still loading")),
        "{before:?}"
    );
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn a_finished_game_answers_the_null_move() {
    let mut e = Engine::start(&[]);
    e.send("position fen 0-0-0-0-0-0-1-0-0-0-0-0-23-24-S");
    let (before, line) = e.ask("go depth 3", "bestmove");
    assert_eq!(line, "bestmove 0000");
    assert!(before.iter().all(|l| l.starts_with("info ")), "{before:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn options_change_rules_notation_and_searchmoves() {
    let mut e = Engine::start(&[]);
    e.send("setoption name Notation value numbers");
    e.send("setoption name move overhead value 50");
    e.send("setoption name Clear Hash");
    e.send("setoption name Level value Medium");
    e.send("setoption name Variant value oware");
    e.send("setoption name notation value numbers");
    let (before, line) = e.ask("go depth 2 searchmoves 3", "bestmove");
    assert_eq!(line, "bestmove 3", "{before:?}");
    let (before, _) = e.ask("uci", "uciok");
    assert!(before
        .iter()
        .any(|l| l.starts_with("option name Level type combo default medium")));
    assert!(before
        .iter()
        .any(|l| l.starts_with("option name Move Overhead type spin default 50")));
    let (_, line) = e.ask("go perft 3", "Nodes searched:");
    assert_eq!(line, "Nodes searched: 190");
    let (before, line) = e.ask("eval", "Total:");
    assert!(before
        .iter()
        .any(|l| l.starts_with("Evaluation from the side to move")));
    assert_eq!(line, "Total: 0");
    // The bench ends with its total: the sum of its per-variant lines.
    e.send("bench 2");
    let (before, line) = e.until(|l| l.ends_with(" nps") && !l.contains(':'));
    let nodes = |l: &str| -> u64 {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "nodes").expect(l);
        words[at - 1].parse().expect(l)
    };
    let parts: Vec<u64> = before
        .iter()
        .filter(|l| l.contains(": ") && l.ends_with(" nps"))
        .map(|l| nodes(l))
        .collect();
    assert!(!parts.is_empty(), "{before:?}");
    assert_eq!(nodes(&line), parts.iter().sum::<u64>(), "{before:?} {line}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

/// How long a stopped perft or bench may take to give the session back: a
/// guard against hangs (an uninterruptible job runs for hours), not a
/// timing measurement.
const STOP_PATIENCE: Duration = Duration::from_secs(5);

/// Lets a job just sent get going before it is stopped.
fn let_it_run() {
    std::thread::sleep(Duration::from_millis(200));
}

#[test]
fn stop_interrupts_a_deep_perft_and_keeps_the_position() {
    for threads in ["1", "2"] {
        let mut e = Engine::start(&[]);
        e.send(&format!("setoption name Threads value {threads}"));
        e.send("position startpos moves C f");
        e.send("perft 16");
        let_it_run();
        e.send("stop");
        // `d` waits for the job: it is answered once the perft has stopped.
        e.send("d");
        let (before, line) = e.until_within(STOP_PATIENCE, |l| l.starts_with("Position:"));
        assert_eq!(
            line, "Position: 5-5-1-6-5-5-5-4-4-4-4-0-0-0-S",
            "{before:?}"
        );
        assert!(
            before.iter().any(|l| l == "info string perft stopped"),
            "{before:?}"
        );
        assert!(
            before.iter().all(|l| !l.starts_with("Nodes searched")),
            "{before:?}"
        );
        e.ask("isready", "readyok");
        // The next perft counts to the end, as `awale perft 3 --moves "C f"`.
        let (_, line) = e.ask("go perft 3", "Nodes searched:");
        assert_eq!(line, "Nodes searched: 149");
        e.send("quit");
        assert!(e.wait_exit().success());
    }
}

#[test]
fn stop_interrupts_a_deep_bench() {
    let mut e = Engine::start(&[]);
    e.send("setoption name Hash value 1");
    e.send("bench 60");
    let_it_run();
    e.send("stop");
    e.send("isready");
    let (before, _) = e.until_within(STOP_PATIENCE, |l| l == "readyok");
    e.send("d");
    let (more, _) = e.until_within(STOP_PATIENCE, |l| l.starts_with("Position:"));
    let seen: Vec<&String> = before.iter().chain(&more).collect();
    assert!(
        seen.iter().any(|l| *l == "info string bench stopped"),
        "{seen:?}"
    );
    assert!(seen.iter().all(|l| !l.contains(" nps")), "{seen:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn stop_during_a_deep_perft_or_bench_ends_it_and_quit_exits() {
    for job in ["perft 16", "bench 60"] {
        let mut e = Engine::start(&[]);
        e.send(job);
        let_it_run();
        e.send("stop");
        e.send("quit");
        let status = exit_within(&mut e.child, STOP_PATIENCE);
        assert!(status.is_some_and(|s| s.success()), "{job}: {status:?}");
    }
}

#[test]
fn stop_ends_a_deep_perft() {
    let mut e = Engine::start(&[]);
    e.send("perft 16");
    e.send("stop");
    e.close_input();
    let status = exit_within(&mut e.child, STOP_PATIENCE);
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert_eq!(e.rest(), ["info string perft stopped"]);
}

#[test]
fn a_piped_perft_completes_before_the_end_of_input() {
    let mut e = Engine::start(&[]);
    e.send_bytes(b"position startpos\ngo perft 5\n");
    e.close_input();
    assert!(e.wait_exit().success());
    let rest = e.rest();
    assert!(rest.iter().any(|l| l == "Nodes searched: 5219"), "{rest:?}");
}

/// `quit` stops every long command: a bench or perft that would run for
/// hours ends, and the engine exits.
#[test]
fn quit_stops_a_long_bench_and_perft() {
    for long in ["bench 40", "perft 20"] {
        let mut e = Engine::start(&[]);
        e.send(long);
        e.send("quit");
        assert!(e.wait_exit().success(), "{long}");
        let rest = e.rest();
        assert!(
            rest.iter().any(|l| l.ends_with(" stopped")),
            "{long}: {rest:?}"
        );
    }
}

#[test]
fn a_second_go_waits_for_the_first() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    // Deep enough that a second go cutting it short would stop it early.
    e.send("go depth 12");
    e.send("go depth 2");
    let (before, _) = e.until(|l| l.starts_with("bestmove"));
    assert!(
        before.iter().any(|l| l.starts_with("info depth 12 ")),
        "{before:?}"
    );
    let (before, _) = e.until(|l| l.starts_with("bestmove"));
    assert!(
        before.iter().any(|l| l.starts_with("info depth 2 ")),
        "{before:?}"
    );
}

#[test]
fn isready_behind_a_search_is_answered_at_once() {
    let mut e = Engine::start(&[]);
    e.send("go infinite");
    e.send("position startpos moves F");
    e.send("isready");
    // No stop was sent: readyok can only come while the search runs.
    let (before, _) = e.until(|l| l == "readyok");
    assert!(before.iter().all(|l| l.starts_with("info ")), "{before:?}");
    e.send("stop");
    e.until(|l| l.starts_with("bestmove"));
    e.send("d");
    e.until(|l| l == "Position: 4-4-4-4-4-0-5-5-5-5-4-4-0-0-N");
}

#[test]
fn quit_now_help_and_escaped_errors() {
    let mut e = Engine::start(&[]);
    e.send("help");
    let (_, line) = e.until(|l| l.contains("protocol.md"));
    assert!(line.starts_with("info string "), "{line}");
    e.send_bytes(b"fo\x1bo\x07\n");
    let error = e.next();
    assert_eq!(
        error,
        "info string error: unknown command 'fo\\u{1b}o\\u{7}'"
    );
    e.send("quit now");
    assert!(e.wait_exit().success());
    assert!(e.rest().is_empty());
}

/// How long a test watches for a `bestmove` that must not come while the
/// engine ponders: longer than the move time the `go ponder` gives.
const PONDERING: Duration = Duration::from_millis(300);

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

#[test]
fn go_ponder_holds_bestmove_until_ponderhit_then_keeps_to_movetime() {
    let mut e = Engine::start(&[]);
    e.send("setoption name Ponder value true");
    // The GUI expected North to answer F with f, and ponders on that.
    e.send("position startpos moves F f");
    e.send("go ponder movetime 100");
    // The search reports as it goes, and isready is answered at once...
    e.until(|l| l.starts_with("info depth "));
    let (before, _) = e.ask("isready", "readyok");
    assert!(before.iter().all(|l| l.starts_with("info ")), "{before:?}");
    // ...but no bestmove comes, although the move time has passed.
    let seen = e.none_within(PONDERING, is_bestmove);
    assert!(seen.iter().all(|l| l.starts_with("info ")), "{seen:?}");
    // The opponent played f: the move time now counts, and bestmove comes.
    e.send("ponderhit");
    let (before, line) = e.until(is_bestmove);
    assert!(before.iter().all(|l| l.starts_with("info ")), "{before:?}");
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(["A", "B", "C", "D", "E"].contains(&words[1]), "{line}");
    // Exactly one bestmove.
    let (before, _) = e.ask("isready", "readyok");
    assert!(before.is_empty(), "{before:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn stop_ends_pondering_with_one_bestmove() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves F");
    e.send("go ponder wtime 1000 btime 1000");
    e.until(|l| l.starts_with("info depth "));
    e.none_within(PONDERING, is_bestmove);
    let (_, line) = e.ask("stop", "bestmove");
    assert!(
        ["a", "b", "c", "d", "e", "f"].contains(&bestmove(&line)),
        "{line}"
    );
    let (before, _) = e.ask("isready", "readyok");
    assert!(before.is_empty(), "{before:?}");
    // A ponderhit after the stop finds nothing pondering: a note, no answer.
    e.send("ponderhit");
    assert_eq!(
        e.next(),
        "info string ponderhit ignored: no search is pondering"
    );
    let (before, _) = e.ask("isready", "readyok");
    assert!(before.is_empty(), "{before:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn a_ponder_search_that_is_done_still_waits_for_ponderhit() {
    let mut e = Engine::start(&[]);
    // The depth is reached at once, but the answer waits for the hit.
    e.send("go ponder depth 2");
    e.until(|l| l.starts_with("info depth 2 "));
    e.none_within(PONDERING, is_bestmove);
    let (_, line) = e.ask("ponderhit", "bestmove");
    assert!(
        ["A", "B", "C", "D", "E", "F"].contains(&bestmove(&line)),
        "{line}"
    );
    // A finished game: the null move, after the hit too.
    e.send("position fen 0-0-0-0-0-0-1-0-0-0-0-0-23-24-S");
    e.send("go ponder movetime 10");
    e.until(|l| l.starts_with("info string game over"));
    e.none_within(PONDERING, is_bestmove);
    let (_, line) = e.ask("ponderhit", "bestmove");
    assert_eq!(line, "bestmove 0000");
    // A clock already run out at the hit: the answer comes all the same.
    e.send("position startpos");
    e.send("go ponder wtime 0 btime 0");
    e.until(|l| l.starts_with("info depth "));
    let (_, line) = e.ask("ponderhit", "bestmove");
    assert!(
        ["A", "B", "C", "D", "E", "F"].contains(&bestmove(&line)),
        "{line}"
    );
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn a_go_ponder_after_a_refused_position_leaves_nothing_pondering() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves F F");
    assert!(e.next().starts_with("info string error: position: "));
    e.send("go ponder movetime 50");
    let error = e.next();
    assert!(
        error.starts_with("info string error: go: no position"),
        "{error}"
    );
    assert_eq!(e.next(), "bestmove 0000");
    e.send("ponderhit");
    assert_eq!(
        e.next(),
        "info string ponderhit ignored: no search is pondering"
    );
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn quit_while_pondering_exits_cleanly() {
    let mut e = Engine::start(&[]);
    e.send("go ponder movetime 50");
    e.until(|l| l.starts_with("info depth "));
    e.send("quit");
    assert!(e.wait_exit().success());
}

#[test]
fn bestmove_names_the_expected_reply_when_ponder_is_on() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves F f");
    let (_, line) = e.ask("go depth 4", "bestmove");
    assert_eq!(line.split_whitespace().count(), 2, "Ponder is off: {line}");
    e.send("setoption name Ponder value true");
    let (infos, line) = e.ask("go depth 4", "bestmove");
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{line}");
    assert_eq!((words[0], words[2]), ("bestmove", "ponder"), "{line}");
    // The reply is the second move of the last principal variation...
    let last = infos.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    let pv: Vec<&str> = last.split(" pv ").nth(1).unwrap().split(' ').collect();
    assert_eq!([pv[0], pv[1]], [words[1], words[3]], "{last} / {line}");
    // ...and a legal answer to the move.
    e.send(&format!(
        "position startpos moves F f {} {}",
        words[1], words[3]
    ));
    let (before, _) = e.ask("d", "Position:");
    assert!(
        before.iter().all(|l| !l.starts_with("info string error")),
        "{before:?}"
    );
    e.send("quit");
    assert!(e.wait_exit().success());
}
