//! The conformance suite: what each kind of client sends, replayed against
//! the binary through pipes, every answer read by that client's rules.
//!
//! The clients, and the rules their parsers follow (written from what they
//! are known to send and accept, not from their code):
//! - **Aualé**, the Oware GUI: `position fen <position after the last
//!   capture> moves <moves run together>`, `go depth D movetime T` at its
//!   strength levels, `go movetime 3600`, `go ponder` then `stop`. It reads
//!   a `pv` as one run of letters, a score only as `score cp N` (N / 100
//!   seeds), and `bestmove M [ponder R]` with M a move letter or `0000`.
//! - **Aalina's tournament tool** (`test battle`): `uci`, `debug on`,
//!   `ucinewgame`, `isready`, `setoption name EngineTurn value south`,
//!   `position startpos`, `go movetime 50 depth 127`; it waits for ever for
//!   the `bestmove`.
//! - **A cutechess-style referee**: the standard handshake, then per move
//!   `position startpos moves ...` and `go wtime .. btime .. winc .. binc ..`;
//!   it reads `bestmove M`, `score cp|mate`, a `pv` of spaced moves.
//! - **The class harness** (`awale arbiter`): one line per move, `RESULT`
//!   at the end (the full games are in `tests/arbiter.rs`).
//!
//! Every `go` gets exactly one `bestmove`, and `readyok` comes after the
//! output of the commands before it.

use awale::game::{Game, Line};
use awale::variants::oware::Oware;

use crate::common::engine::Engine;
use crate::common::process::run_with_input;

/// Whether `word` is one Oware move letter.
fn is_letter(word: &str) -> bool {
    word.len() == 1 && word.bytes().all(|b| b"ABCDEFabcdef".contains(&b))
}

/// The words after `key` on `line`, up to the next word that is not the value.
fn after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(&format!(" {key} "))?;
    Some(&line[at + key.len() + 2..])
}

/// Aualé's reading of an `info` line: a `pv` that is one run of letters
/// to the end of the line, a score that is `cp N` within the 48 seeds'
/// scale for a known result (never `mate`).
fn auale_reads_info(line: &str) {
    if let Some(score) = after(line, "score") {
        let mut words = score.split_whitespace();
        assert_eq!(words.next(), Some("cp"), "Aualé reads only cp: {line}");
        let value: i64 = words.next().unwrap().parse().expect(line);
        assert!(value.abs() < 20_000, "beyond any seed count: {line}");
    }
    if let Some(pv) = after(line, "pv") {
        assert!(
            !pv.is_empty() && pv.bytes().all(|b| b"ABCDEFabcdef".contains(&b)),
            "Aualé reads a pv as one run of letters: {line}"
        );
    }
}

/// Aualé's reading of a `bestmove` line: the move (or the null move) and
/// the reply to ponder on, if any.
fn auale_reads_bestmove(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["bestmove", mv] if is_letter(mv) || mv == "0000" => (mv.to_string(), None),
        ["bestmove", mv, "ponder", reply] if is_letter(mv) && is_letter(reply) => {
            (mv.to_string(), Some(reply.to_string()))
        }
        _ => panic!("Aualé cannot read {line:?}"),
    }
}

/// A standard client's reading of an `info` line: `score cp|mate N` and a
/// `pv` of moves separated by spaces.
fn standard_reads_info(line: &str) {
    if let Some(score) = after(line, "score") {
        let mut words = score.split_whitespace();
        assert!(matches!(words.next(), Some("cp" | "mate")), "{line}");
        words.next().unwrap().parse::<i64>().expect(line);
    }
    if let Some(pv) = after(line, "pv") {
        assert!(pv.split(' ').all(is_letter), "one move a word: {line}");
    }
}

/// Sends `go`, reads its answer by the client's rules, and returns the
/// `bestmove` line; the lines before it must be `info` lines.
fn go(engine: &mut Engine, command: &str, reads_info: fn(&str)) -> String {
    engine.send(command);
    let (before, best) = engine.until(|l| l.starts_with("bestmove"));
    for line in &before {
        assert!(line.starts_with("info "), "{command}: {line:?}");
        reads_info(line);
    }
    best
}

/// Checks that no answer is left over: the `readyok` of an `isready`
/// comes with nothing before it but `info string` lines (a second
/// `bestmove` for one `go` would be caught here).
fn nothing_left(engine: &mut Engine) {
    engine.send("isready");
    let (before, _) = engine.until(|l| l == "readyok");
    assert!(
        before.iter().all(|l| l.starts_with("info string")),
        "left over: {before:?}"
    );
}

/// Aualé's `position` command for `line`: the position after the last
/// capture, then the moves since, run together.
fn auale_position(line: &Line<Oware>) -> String {
    let game = line.game();
    let mut base = 0;
    for ply in 1..=line.len() {
        let before = game.scores(line.position_after(ply - 1).unwrap());
        if game.scores(line.position_after(ply).unwrap()) != before {
            base = ply;
        }
    }
    let moves: String = line.moves_text()[base..].concat();
    let fen = game.format_position(line.position_after(base).unwrap());
    if moves.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {moves}")
    }
}

#[test]
fn auale_plays_a_whole_game_at_its_levels_and_reads_every_answer() {
    let mut engine = Engine::start(&[]);
    engine.ask("uci", "uciok");
    engine.send("setoption name OwnBook value false");
    engine.ask("isready", "readyok");
    engine.send("ucinewgame");
    let mut line = Line::new(Oware::default());
    // Its two fastest levels in turn, to the end of the game. The engine
    // hears the GUI's dialect at the first moves run together (the third
    // ply); before, a lone move or none tells nothing, and it answers in
    // the standard dialect.
    let levels = ["go depth 2 movetime 600", "go depth 6 movetime 1200"];
    let mut heard = false;
    while !line.is_over() {
        let position = auale_position(&line);
        heard |= position
            .split(' ')
            .next_back()
            .is_some_and(|m| m.len() >= 2 && !m.contains('-'));
        engine.send(&position);
        let rules = if heard {
            auale_reads_info
        } else {
            standard_reads_info
        };
        let best = go(&mut engine, levels[line.len() % 2], rules);
        let (mv, reply) = auale_reads_bestmove(&best);
        line.play_text(&mv)
            .unwrap_or_else(|e| panic!("{best}: {e}"));
        // The reply is named whenever the line has one, and is legal.
        if let Some(reply) = reply {
            let mut next = line.clone();
            next.play_text(&reply).expect("a legal reply");
        }
        assert!(line.len() < 400, "the game does not end");
    }
    nothing_left(&mut engine);
    engine.send("quit");
    assert!(engine.wait_exit().success());
}

#[test]
fn auale_strong_levels_pondering_and_a_bad_position() {
    let mut engine = Engine::start(&[]);
    engine.ask("uci", "uciok");
    engine.send("setoption name OwnBook value true");
    engine.ask("isready", "readyok");
    engine.send("ucinewgame");
    // Two moves in, so that the GUI runs them together and is heard.
    let mut line = Line::new(Oware::default());
    line.play_all("F f").unwrap();
    for command in ["go depth 16 movetime 2400", "go movetime 3600"] {
        engine.send(&auale_position(&line));
        let (mv, _) = auale_reads_bestmove(&go(&mut engine, command, auale_reads_info));
        line.play_text(&mv).unwrap();
    }
    // Pondering: `go ponder`, then `stop` when the human played otherwise.
    engine.send(&auale_position(&line));
    engine.send("go ponder");
    let best = go(&mut engine, "stop", auale_reads_info);
    let (mv, _) = auale_reads_bestmove(&best);
    line.clone().play_text(&mv).unwrap();
    // A position from a user's file whose seeds add up to 47: refused, and
    // the `go` after it answers the null move, never a move of the game
    // before.
    engine.send("position fen 0-0-0-0-2-1-0-0-1-1-0-2-20-20-S");
    let (_, error) = engine.until(|l| l.starts_with("info string error: position:"));
    assert!(error.contains("47 seeds"), "{error}");
    let best = go(&mut engine, "go depth 6 movetime 1200", |l| {
        assert!(l.starts_with("info string"), "{l}")
    });
    assert_eq!(auale_reads_bestmove(&best).0, "0000");
    // A known result shows in seeds: 27-21 under perfect play is 6.00.
    engine.send("position fen 1-0-1-2-0-1-1-0-1-0-0-0-20-21-S");
    engine.send("go depth 6 movetime 1200");
    let (before, best) = engine.until(|l| l.starts_with("bestmove"));
    let last = before.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last.contains(" score cp 600 "), "{last}");
    auale_reads_bestmove(&best);
    nothing_left(&mut engine);
}

#[test]
fn aalina_tournament_tool_gets_its_bestmove() {
    let mut engine = Engine::start(&[]);
    engine.ask("uci", "uciok");
    engine.send("debug on");
    engine.send("ucinewgame");
    engine.ask("isready", "readyok");
    engine.send("setoption name EngineTurn value south");
    engine.send("position startpos");
    engine.send("go movetime 50 depth 127");
    let (before, best) = engine.until(|l| l.starts_with("bestmove"));
    let (mv, _) = auale_reads_bestmove(&best);
    Line::new(Oware::default()).play_text(&mv).unwrap();
    // One warning for the depth, clamped; no error for `debug`.
    let depth = before
        .iter()
        .filter(|l| l.contains("depth 127 is out of range, 100 used"))
        .count();
    assert_eq!(depth, 1, "{before:?}");
    assert!(
        !before.iter().any(|l| l.contains("unknown command")),
        "{before:?}"
    );
    // From then on the engine answers in the tool's dialect: one run of
    // letters, and the reply named.
    engine.send("position startpos moves FfE");
    let best = go(&mut engine, "go depth 6", auale_reads_info);
    assert!(auale_reads_bestmove(&best).1.is_some(), "{best}");
    nothing_left(&mut engine);
}

#[test]
fn a_cutechess_style_referee_plays_on_a_clock() {
    let mut engine = Engine::start(&[]);
    let (options, _) = engine.ask("uci", "uciok");
    assert!(options.iter().any(|l| l.starts_with("id name awale")));
    engine.send("setoption name Hash value 16");
    engine.send("setoption name Threads value 1");
    engine.ask("isready", "readyok");
    engine.send("ucinewgame");
    engine.ask("isready", "readyok");
    let mut line = Line::new(Oware::default());
    let mut clocks = [3000u64, 3000];
    for _ in 0..12 {
        let moves = line.moves_text().join(" ");
        if moves.is_empty() {
            engine.send("position startpos");
        } else {
            engine.send(&format!("position startpos moves {moves}"));
        }
        let command = format!("go wtime {} btime {} winc 20 binc 20", clocks[0], clocks[1]);
        let best = go(&mut engine, &command, standard_reads_info);
        let words: Vec<&str> = best.split_whitespace().collect();
        assert_eq!(words.len(), 2, "without Ponder, the move alone: {best}");
        line.play_text(words[1]).unwrap();
        let mover = (line.len() + 1) % 2;
        clocks[mover] = clocks[mover].saturating_sub(100) + 20;
    }
    // `stop` with nothing running answers nothing.
    engine.send("stop");
    nothing_left(&mut engine);
    engine.send("quit");
    assert!(engine.wait_exit().success());
}

#[test]
fn every_go_is_answered_once_whatever_its_words() {
    let mut engine = Engine::start(&[]);
    for command in [
        "go depth 0",
        "go nodes 0",
        "go movetime 0",
        "go movetime -5",
        "go wtime -100 btime -100",
        "go wtime 99999999999999999999999 btime 1 movestogo 0 depth 4",
        "go depth x movetime 50",
        "go fast depth 3",
        "go searchmoves Z nodes 500",
        "go searchmoves Z A depth 3",
        "go depth 3 searchmoves",
    ] {
        let best = go(&mut engine, command, |l| {
            assert!(l.starts_with("info "), "{l}")
        });
        let mv = best.strip_prefix("bestmove ").unwrap();
        Line::new(Oware::default())
            .play_text(mv)
            .unwrap_or_else(|e| panic!("{command}: {best}: {e}"));
    }
    // Only a legal move of `searchmoves` is searched.
    let best = go(&mut engine, "go searchmoves Z A depth 3", |_| {});
    assert_eq!(best, "bestmove A");
    // A finished game has no move: the null move.
    engine.send("position fen 0-0-0-0-0-0-1-0-0-0-0-0-23-24-S");
    let best = go(&mut engine, "go depth 3", |_| {});
    assert_eq!(best, "bestmove 0000");
    nothing_left(&mut engine);
}

#[test]
fn readyok_comes_after_the_output_of_the_commands_before_it() {
    // Piped together, as a script sends them: `d`'s last line, the search,
    // then `readyok` (during the search, or after it).
    let out = run_with_input(&[], "d\ngo depth 5\nisready\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let position = lines.iter().position(|l| l.starts_with("Game over:"));
    let ready = lines.iter().position(|l| *l == "readyok");
    assert!(position.unwrap() < ready.unwrap(), "{lines:?}");
    // `isready` while a search runs is still answered at once.
    let mut engine = Engine::start(&[]);
    engine.send("go infinite");
    engine.until(|l| l.starts_with("info depth"));
    engine.send("position startpos moves F");
    engine.ask("isready", "readyok");
    engine.send("stop");
    engine.until(|l| l.starts_with("bestmove"));
    nothing_left(&mut engine);
}

#[test]
fn the_class_harness_gets_one_line_per_move() {
    let out = run_with_input(&["arbiter", "--movetime", "50"], "START\nf\nRESULT\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let mut line = Line::new(Oware::default());
    line.play_text(lines[0]).unwrap();
    line.play_text("f").unwrap();
    line.play_text(lines[1]).unwrap();
    assert!(out.status.success());
}
