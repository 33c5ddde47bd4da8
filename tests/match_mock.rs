//! Black-box tests of `awale match` and `awale tournament` with the mock
//! engines of `tests/engines/` (bash scripts that ask `awale perft 1` for
//! the legal moves, so they know no rules of their own).

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::process::{mock_engine, succeed, AWALE, LATE_MOVE_MARGIN};
use crate::common::records::{assert_scores_tag, replay};
use crate::common::scratch;
use awale::referee::records::{parse_records, read_records, scan_records, Record};
use awale::referee::resume::rejected_path;

/// The `--timemargin` (ms) of the tests where a silent engine must lose on
/// time: short, since each game it plays waits this long for its silence,
/// and a hundred times what their opponent needs, [`fast_good_engine`].
const SILENCE_MARGIN: &str = "3000";

/// The engine that must not lose on time where [`SILENCE_MARGIN`] is the
/// margin: the program's own engine at its easiest level without endgame
/// tables, which answers a 30 ms `go` in about that time, not a mock that
/// starts a process for every move (which a loaded machine can delay by
/// seconds).
fn fast_good_engine() -> String {
    format!("cmd={AWALE},arg=uci,name=good,option.Level=easy,option.Tables=<none>")
}

fn awale(args: &[&str], log: Option<&Path>) -> Command {
    let mut cmd = Command::new(AWALE);
    cmd.args(args).env("AWALE_BIN", AWALE);
    if let Some(log) = log {
        cmd.env("MOCK_LOG", log);
    }
    cmd
}

fn run(args: &[&str], log: Option<&Path>) -> (Output, String) {
    succeed(&mut awale(args, log))
}

/// Replays a record with the rules and checks its tags agree with the moves.
fn check_record(r: &Record) {
    let end = replay(r);
    assert_eq!(r.tag("Plies"), Some(r.moves.len().to_string().as_str()));
    assert!(r.moves.join(" ").starts_with(r.tag("Opening").unwrap()));
    for tag in [
        "Event",
        "EventId",
        "Date",
        "Variant",
        "Options",
        "TimeControl",
        "South",
        "North",
        "Reason",
    ] {
        assert!(r.tag(tag).is_some(), "tag {tag} in\n{}", r.to_text());
    }
    let reason = r.tag("Reason").unwrap();
    if reason.contains("forfeits") || reason.contains("adjudicated") {
        return;
    }
    let end = end.expect("a finished game");
    assert_scores_tag(r, &end);
    let result = match end.winner() {
        Some(awale::game::Side::South) => "1-0",
        Some(awale::game::Side::North) => "0-1",
        None => "1/2-1/2",
    };
    assert_eq!(r.tag("Result"), Some(result));
}

#[test]
fn a_mock_match_records_every_game() {
    let dir = scratch::dir("mock-match");
    let records = dir.join("games.txt");
    let a = format!("cmd={},name=alpha", mock_engine("random.sh"));
    let b = format!("cmd={},name=beta,proto=aalina", mock_engine("random.sh"));
    let (_, stdout) = run(
        &[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "4",
            "--timemargin",
            LATE_MOVE_MARGIN,
            "--movetime",
            "20",
            "--openings-random",
            "2",
            "--concurrency",
            "2",
            "--records",
            records.to_str().unwrap(),
        ],
        None,
    );
    assert!(stdout.contains("Score of alpha vs beta: "), "{stdout}");
    assert!(stdout.contains("Elo difference: "), "{stdout}");
    assert!(stdout.contains("LOS: "), "{stdout}");
    assert!(!stdout.contains("forfeits"), "{stdout}");
    let read = read_records(&records).unwrap();
    let mut games: Vec<usize> = read.iter().map(|r| r.game().unwrap()).collect();
    games.sort();
    assert_eq!(games, vec![1, 2, 3, 4]);
    for r in &read {
        check_record(r);
        assert!(r.moves.len() >= 2);
    }
    // Each opening is played twice, colours swapped.
    let by_game = |k: usize| read.iter().find(|r| r.game() == Some(k)).unwrap();
    for pair in [1, 3] {
        let (x, y) = (by_game(pair), by_game(pair + 1));
        assert_eq!(x.tag("Opening"), y.tag("Opening"));
        assert_eq!(x.tag("South"), y.tag("North"));
        assert_eq!(x.tag("Opening").unwrap().split_whitespace().count(), 2);
    }
}

#[test]
fn arbiter_engines_play_through_the_line_protocol() {
    let a = format!(
        "cmd={},name=student,proto=arbiter",
        mock_engine("random_arbiter.sh")
    );
    let b = format!("cmd={},name=uci", mock_engine("random.sh"));
    let (_, stdout) = run(
        &[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "2",
            "--timemargin",
            LATE_MOVE_MARGIN,
            "--movetime",
            "50",
        ],
        None,
    );
    assert!(stdout.contains("Score of student vs uci: "), "{stdout}");
    assert!(!stdout.contains("forfeits"), "{stdout}");
    assert!(stdout.contains("Games: 2 of 2"), "{stdout}");
}

#[test]
fn a_silent_arbiter_player_loses_on_time() {
    let mute = format!("cmd={},name=mute,proto=arbiter", mock_engine("silent.sh"));
    let good = fast_good_engine();
    let (_, stdout) = run(
        &[
            "match",
            "--engine",
            &mute,
            "--engine",
            &good,
            "--games",
            "1",
            "--movetime",
            "30",
            "--timemargin",
            SILENCE_MARGIN,
        ],
        None,
    );
    assert!(
        stdout.contains("South (mute) forfeits: timeout: no move in time"),
        "{stdout}"
    );
}

#[test]
fn faulty_engines_forfeit_with_the_right_reason_and_the_event_goes_on() {
    let dir = scratch::dir("match-faults");
    let records = dir.join("games.txt");
    let log = dir.join("starts.txt");
    let mut args: Vec<String> = vec!["tournament".into(), "--gauntlet".into()];
    let mut add = |spec: String| {
        args.push("--engine".into());
        args.push(spec);
    };
    add(fast_good_engine());
    for bad in ["crash", "illegal", "silent", "garbage"] {
        add(format!(
            "cmd={},name={bad}",
            mock_engine(&format!("{bad}.sh"))
        ));
    }
    args.extend(
        [
            "--games",
            "2",
            "--movetime",
            "30",
            "--timemargin",
            SILENCE_MARGIN,
            "--records",
        ]
        .map(String::from),
    );
    args.push(records.to_str().unwrap().into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (_, stdout) = run(&args, Some(&log));

    let read = read_records(&records).unwrap();
    assert_eq!(read.len(), 8, "every game is finished:\n{stdout}");
    let expected = [
        ("crash", "crash: its output closed", Some("exit status: 3")),
        (
            "illegal",
            "illegal move: '",
            Some("that hole belongs to the opponent"),
        ),
        // No detail: the reason is the whole text.
        ("silent", "timeout: no bestmove in time", None),
        (
            "garbage",
            "illegal move: '#@!x': malformed move '#@!x': expected a hole letter A-F or a-f, or a number 1-12",
            None,
        ),
    ];
    for (bad, reason, detail) in expected {
        let games: Vec<&Record> = read
            .iter()
            .filter(|r| r.tag("South") == Some(bad) || r.tag("North") == Some(bad))
            .collect();
        assert_eq!(games.len(), 2, "{bad}");
        for r in games {
            check_record(r);
            let side = if r.tag("South") == Some(bad) {
                "South"
            } else {
                "North"
            };
            let text = r.tag("Reason").unwrap();
            let head = format!("{side} ({bad}) forfeits: {reason}");
            match detail {
                Some(detail) => {
                    assert!(text.starts_with(&head), "{bad}: {text}");
                    assert!(text.contains(detail), "{bad}: {text}");
                }
                None => assert_eq!(text, head, "{bad}"),
            }
            let won = if side == "South" { "0-1" } else { "1-0" };
            assert_eq!(r.tag("Result"), Some(won), "{bad}");
        }
        assert!(stdout.contains(&format!("Forfeits by {bad}: ")), "{stdout}");
    }
    // The good engine won all eight games; the ranking shows it first.
    assert!(stdout.contains("Rank"), "{stdout}");
    let first = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    assert!(first.contains("good"), "{stdout}");
    // Every faulty engine was started again for its second game: the four
    // mocks log their starts.
    let starts = std::fs::read_to_string(&log).unwrap().lines().count();
    assert_eq!(starts, 4 * 2, "process starts");
}

/// The number of records of a records file's bytes, asserting that none
/// is damaged and none incomplete.
fn undamaged(bytes: &[u8]) -> usize {
    let scan = scan_records(bytes);
    for block in &scan.blocks {
        assert!(
            block.record.is_ok(),
            "{}: {:?}",
            block.describe(),
            block.record
        );
    }
    assert_eq!(scan.incomplete, None);
    scan.blocks.len()
}

fn count_games(records: &Path) -> Vec<usize> {
    let mut games: Vec<usize> = read_records(records)
        .unwrap()
        .iter()
        .map(|r| r.game().unwrap())
        .collect();
    games.sort();
    games
}

#[test]
fn a_run_cut_short_resumes_without_losing_or_repeating_games() {
    let dir = scratch::dir("match-resume");
    let records = dir.join("games.txt");
    let a = format!("cmd={},name=alpha", mock_engine("random.sh"));
    let b = format!("cmd={},name=beta", mock_engine("random.sh"));
    let args = |games: &str| -> Vec<String> {
        [
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            games,
            "--movetime",
            "20",
            "--timemargin",
            LATE_MOVE_MARGIN,
            "--openings-random",
            "2",
            "--records",
            records.to_str().unwrap(),
        ]
        .map(String::from)
        .to_vec()
    };
    let full: Vec<String> = args("6");
    let full: Vec<&str> = full.iter().map(String::as_str).collect();

    // A run killed while writing its third record: two complete records and
    // the beginning of a third.
    run(
        &args("3").iter().map(String::as_str).collect::<Vec<_>>(),
        None,
    );
    let text = std::fs::read_to_string(&records).unwrap();
    let third = text.match_indices("[Event ").nth(2).unwrap().0;
    std::fs::write(&records, &text[..third + 60]).unwrap();
    assert_eq!(count_games(&records), vec![1, 2]);

    let (out, stdout) = run(&full, None);
    assert!(stdout.contains("Resuming: 2 of 6 games"), "{stdout}");
    assert!(
        stdout.contains("(4 played now, 2 from the records file)"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cut off an incomplete last record (line "),
        "{stderr}"
    );
    assert_eq!(count_games(&records), vec![1, 2, 3, 4, 5, 6]);
    for r in read_records(&records).unwrap() {
        check_record(&r);
    }
    // The cut kept the blank line between the second record and the next.
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(
        text.matches("\n\n[Event ").count(),
        5,
        "every record after the first follows a blank line:\n{text}"
    );
    assert_eq!(undamaged(text.as_bytes()), 6);
    // The same command again has nothing left to play.
    let (_, stdout) = run(&full, None);
    assert!(
        stdout.contains("(0 played now, 6 from the records file)"),
        "{stdout}"
    );
    assert_eq!(count_games(&records), vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn a_killed_process_resumes_without_losing_or_repeating_games() {
    let dir = scratch::dir("match-kill");
    let records = dir.join("games.txt");
    let a = format!("cmd={},name=alpha", mock_engine("random.sh"));
    let b = format!("cmd={},name=beta", mock_engine("random.sh"));
    let args = [
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "8",
        "--movetime",
        "20",
        "--timemargin",
        LATE_MOVE_MARGIN,
        "--openings-random",
        "2",
        "--records",
        records.to_str().unwrap(),
    ];
    // Kill it once it has recorded a game: a run that finished first (a
    // fast machine) would need no resume, so it is tried again, a bounded
    // number of times, until the kill comes mid-match.
    let mut before = Vec::new();
    let mut mid_match = false;
    for _ in 0..5 {
        let _ = std::fs::remove_file(&records);
        let mut child = awale(&args, None)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let until = Instant::now() + Duration::from_secs(60);
        while read_records(&records).map_or(0, |r| r.len()) < 1
            && Instant::now() < until
            && child.try_wait().unwrap().is_none()
        {
            std::thread::sleep(Duration::from_millis(10));
        }
        let running = child.try_wait().unwrap().is_none();
        let _ = child.kill();
        child.wait().unwrap();
        before = count_games(&records);
        mid_match = running && (1..8).contains(&before.len());
        if mid_match {
            break;
        }
    }
    assert!(mid_match, "no kill came mid-match in 5 tries: {before:?}");
    let (_, stdout) = run(&args, None);
    assert!(
        stdout.contains(&format!(
            "({} played now, {} from the records file)",
            8 - before.len(),
            before.len()
        )),
        "{stdout}"
    );
    assert_eq!(count_games(&records), (1..=8).collect::<Vec<_>>());
}

#[test]
fn sprt_stops_the_match_when_it_decides() {
    let a = format!("cmd={},name=good", mock_engine("random.sh"));
    let b = format!("cmd={},name=bad", mock_engine("illegal.sh"));
    let (_, stdout) = run(
        &[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "200",
            "--movetime",
            "20",
            "--timemargin",
            LATE_MOVE_MARGIN,
            "--sprt",
            "elo0=0,elo1=10,alpha=0.05,beta=0.05",
            "--quiet",
        ],
        None,
    );
    assert!(stdout.contains("H1 was accepted"), "{stdout}");
    let line = stdout.lines().find(|l| l.starts_with("Games: ")).unwrap();
    let played: usize = line["Games: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((2..200).contains(&played), "{stdout}");
    assert!(!stdout.contains("Finished game"), "--quiet: {stdout}");
}

#[test]
fn bad_settings_are_refused_with_a_message() {
    let a = format!("cmd={}", mock_engine("random.sh"));
    for (args, message) in [
        (
            vec!["match", "--engine", a.as_str()],
            "at least two engines",
        ),
        (
            vec!["match", "--engine", a.as_str(), "--engine", a.as_str()],
            "two engines are called",
        ),
        (
            vec!["match", "--engine", "name=x", "--engine", a.as_str()],
            "cmd=PROGRAM is required",
        ),
        (
            vec![
                "match",
                "--engine",
                a.as_str(),
                "--engine",
                "cmd=x,name=y",
                "--tc",
                "abc",
            ],
            "--tc",
        ),
        (
            vec![
                "match",
                "--engine",
                a.as_str(),
                "--engine",
                "cmd=x,name=y",
                "--nodes",
                "0",
            ],
            "--nodes must be at least 1",
        ),
        (
            vec![
                "match",
                "--engine",
                a.as_str(),
                "--engine",
                "cmd=x,name=y",
                "--variant",
                "chess",
            ],
            "invalid value 'chess'",
        ),
    ] {
        let out = awale(&args, None).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// `match` between two correct mocks, alpha and beta, at 20 ms a move
/// (never lost on time), followed by `extra`.
fn alpha_beta(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "match",
        "--movetime",
        "20",
        "--timemargin",
        LATE_MOVE_MARGIN,
    ]
    .map(String::from)
    .to_vec();
    for name in ["alpha", "beta"] {
        args.push("--engine".into());
        args.push(format!("cmd={},name={name}", mock_engine("random.sh")));
    }
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn a_full_disk_stops_the_match_and_leaves_only_complete_records() {
    let dir = scratch::dir("match-full-disk");
    let records = dir.join("games.txt");
    let args = alpha_beta(&[
        "--games",
        "12",
        "--openings-random",
        "2",
        "--records",
        records.to_str().unwrap(),
    ]);
    // Files may not grow past 2 KB (SIGXFSZ ignored, so a write past the
    // limit fails with EFBIG, as on a full disk): a few records fit, the
    // next one is written only in part.
    let out = Command::new("bash")
        .args([
            "-c",
            r#"trap '' XFSZ; ulimit -f 2; exec "$@""#,
            "bash",
            AWALE,
        ])
        .args(&args)
        .env("AWALE_BIN", AWALE)
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("records '"), "{stderr}");
    let text = std::fs::read_to_string(&records).unwrap();
    let (complete, end) = parse_records(&text);
    assert!((1..12).contains(&complete.len()), "{text}");
    assert_eq!(end, text.len(), "a half-written record was left: {text}");
    for r in &complete {
        check_record(r);
    }
}

#[test]
fn the_screen_and_the_records_number_games_alike() {
    let dir = scratch::dir("match-numbering");
    let records = dir.join("games.txt");
    let args = alpha_beta(&[
        "--openings-random",
        "2",
        "--records",
        records.to_str().unwrap(),
    ]);
    let (_, stdout) = run(&strs(&args), None);
    let read = read_records(&records).unwrap();
    assert_eq!(read.len(), 2);
    for r in &read {
        let shown = format!(
            "Finished game {} ({} vs {}): {}",
            r.tag("Game").unwrap(),
            r.tag("South").unwrap(),
            r.tag("North").unwrap(),
            r.tag("Result").unwrap()
        );
        assert!(stdout.contains(&shown), "{shown} in\n{stdout}");
    }
    assert_eq!(count_games(&records), vec![1, 2]);
    // The terminal game continues a referee's record: the file's last game.
    use std::io::Write;
    let mut play = awale(
        &[
            "play",
            "--human",
            "both",
            "--load",
            records.to_str().unwrap(),
        ],
        None,
    )
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .spawn()
    .unwrap();
    play.stdin.take().unwrap().write_all(b"moves\n").unwrap();
    let out = play.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let last = read.last().unwrap();
    let played = format!("Played: {}\n", last.moves.join(" "));
    assert!(stdout.contains(&played), "{played} in\n{stdout}");
}

/// Runs `awale` expecting a failure: its stderr.
fn fail(args: &[&str]) -> String {
    let out = awale(args, None).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} succeeded: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_any_game() {
    let dir = scratch::dir("match-no-engine");
    let records = dir.join("games.txt");
    let good = format!("cmd={},name=good", mock_engine("random.sh"));
    for (bad, message) in [
        (
            "cmd=/nonexistent/engine,name=ghost".to_string(),
            "cannot start '/nonexistent/engine'",
        ),
        (
            format!("cmd={},name=mute", mock_engine("nouciok.sh")),
            "no uciok",
        ),
        (
            "cmd=/nonexistent/engine,name=ghost,proto=arbiter".to_string(),
            "cannot start '/nonexistent/engine'",
        ),
    ] {
        // The engine that cannot start is started first, so the event
        // stops before the good one is asked for its handshake: only the
        // mute engine's silence meets the (short) handshake timeout, and
        // nothing depends on how fast the good one would answer.
        let stderr = fail(&[
            "match",
            "--engine",
            &bad,
            "--engine",
            &good,
            "--movetime",
            "20",
            "--handshake-timeout",
            "500",
            "--records",
            records.to_str().unwrap(),
        ]);
        assert!(
            stderr.contains("cannot play, so no game was started"),
            "{stderr}"
        );
        assert!(stderr.contains(message), "{stderr}");
        assert!(read_records(&records).unwrap().is_empty(), "{bad}");
    }
}

#[test]
fn engine_options_the_engine_does_not_have_are_refused() {
    let good = format!("cmd={AWALE},arg=uci,name=ours,option.Level=easy,option.Hash=4");
    let bad = format!("cmd={AWALE},arg=uci,name=typo,option.Level=easy,option.Foo=1");
    let stderr = fail(&["match", "--engine", &good, "--engine", &bad]);
    assert!(stderr.contains("engine 'typo' cannot play"), "{stderr}");
    assert!(stderr.contains("it has no option 'Foo'"), "{stderr}");
    // An option it has, with a value it refuses: not played at its default.
    let wrong = format!("cmd={AWALE},arg=uci,name=wrong,option.Level=expert");
    let stderr = fail(&["match", "--engine", &good, "--engine", &wrong]);
    assert!(stderr.contains("engine 'wrong' cannot play"), "{stderr}");
    assert!(
        stderr.contains("it refused a command: setoption: option Level: 'expert'"),
        "{stderr}"
    );
    // An engine that lists no options cannot be checked: a warning, and
    // the match is played.
    let quiet = format!("cmd={},name=mock,option.Foo=1", mock_engine("random.sh"));
    let out = awale(
        &[
            "match",
            "--engine",
            &good,
            "--engine",
            &quiet,
            "--movetime",
            "20",
        ],
        None,
    )
    .output()
    .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "warning: engine 'mock': it lists no options, so option 'Foo' cannot be checked"
        ),
        "{stderr}"
    );
}

#[test]
fn a_match_without_openings_warns_of_repeated_games() {
    let warning = "warning: no openings";
    let stderr = |extra: &[&str]| {
        let args = alpha_beta(&[&["--quiet"], extra].concat());
        let (out, _) = succeed(&mut awale(&strs(&args), None));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let text = stderr(&["--games", "4"]);
    assert!(text.contains(warning), "{text}");
    assert!(text.contains("--openings-random"), "{text}");
    // Two games (colours swapped) repeat nothing; random openings vary.
    assert!(!stderr(&["--games", "2"]).contains(warning));
    let text = stderr(&["--games", "4", "--openings-random", "2"]);
    assert!(!text.contains(warning), "{text}");
}

#[test]
fn a_reader_that_goes_away_ends_the_match_quietly() {
    use std::io::{BufRead, BufReader};
    let args = alpha_beta(&["--games", "8"]);
    let mut child = awale(&strs(&args), None)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // As `| head -3`: read three lines, then close the pipe.
    let stdout = child.stdout.take().unwrap();
    let lines: Vec<String> = BufReader::new(stdout)
        .lines()
        .take(3)
        .map(Result::unwrap)
        .collect();
    assert_eq!(lines.len(), 3);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// A records file of `games` games between alpha and beta (random
/// openings), made by a match; the match's arguments, to resume it.
fn recorded_match(dir: &Path, games: usize) -> (PathBuf, Vec<String>) {
    let records = dir.join("games.txt");
    let count = games.to_string();
    let args = alpha_beta(&[
        "--games",
        &count,
        "--openings-random",
        "2",
        "--records",
        records.to_str().unwrap(),
    ]);
    run(&strs(&args), None);
    assert_eq!(count_games(&records), (1..=games).collect::<Vec<_>>());
    (records, args)
}

/// Where `needle` first is in `bytes`.
fn find(bytes: &[u8], needle: &[u8]) -> Option<usize> {
    bytes.windows(needle.len()).position(|w| w == needle)
}

/// Where game `n`'s record is in `bytes`, and the number of its first line.
fn record_of(bytes: &[u8], n: usize) -> (Range<usize>, usize) {
    let tag = find(bytes, format!("[Game \"{n}\"]").as_bytes()).unwrap();
    let start = bytes[..tag]
        .windows(7)
        .rposition(|w| w == b"[Event ")
        .unwrap();
    let end = find(&bytes[tag..], b"[Event ").map_or(bytes.len(), |e| tag + e);
    let line = bytes[..start].iter().filter(|&&b| b == b'\n').count() + 1;
    (start..end, line)
}

/// `bytes` with game `n`'s record changed by `tamper` (which gets the
/// record's lines); the number of the record's first line, and the
/// changed record.
fn tampered(
    bytes: &[u8],
    n: usize,
    tamper: impl Fn(&mut Vec<Vec<u8>>),
) -> (Vec<u8>, usize, Vec<u8>) {
    let (span, line) = record_of(bytes, n);
    let mut lines: Vec<Vec<u8>> = bytes[span.clone()]
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    tamper(&mut lines);
    let record = lines.concat();
    let changed = [&bytes[..span.start], &record, &bytes[span.end..]].concat();
    (changed, line, record)
}

/// The index of a record's move line among its lines (after the blank
/// line that ends the tags).
fn move_line(lines: &[Vec<u8>]) -> usize {
    lines.iter().position(|l| l.as_slice() == b"\n").unwrap() + 1
}

/// A change made to a record's lines.
type Tamper = fn(&mut Vec<Vec<u8>>);

/// The tampering of the records of issue 59: an illegal move, a
/// terminator that contradicts `Result`, invalid UTF-8, a NUL byte; each
/// with the words the refusal must say.
fn tamperings() -> Vec<(Tamper, &'static str)> {
    vec![
        (
            // South's first move played from North's row.
            |lines| {
                let m = move_line(lines);
                let rest: Vec<u8> = lines[m].splitn(2, |&b| b == b' ').nth(1).unwrap().to_vec();
                lines[m] = [b"a ".as_slice(), &rest].concat();
            },
            "move 1 \"a\": illegal move a",
        ),
        (
            |lines| {
                let m = move_line(lines);
                let other: &[u8] = if lines[m + 1].starts_with(b"1-0") {
                    b"0-1\n"
                } else {
                    b"1-0\n"
                };
                lines[m + 1] = other.to_vec();
            },
            "contradicts [Result \"",
        ),
        (
            |lines| {
                let reason = lines
                    .iter()
                    .position(|l| l.starts_with(b"[Reason "))
                    .unwrap();
                lines[reason].insert(10, 0xff);
            },
            "invalid UTF-8",
        ),
        (
            |lines| {
                let m = move_line(lines);
                lines[m].insert(1, 0);
            },
            "a NUL byte on line",
        ),
    ]
}

#[test]
fn a_resumed_match_refuses_a_tampered_record_naming_the_game() {
    let dir = scratch::dir("match-tampered");
    let (records, args) = recorded_match(&dir, 2);
    let text = std::fs::read(&records).unwrap();
    for (tamper, why) in tamperings() {
        let (bytes, line, _) = tampered(&text, 2, tamper);
        std::fs::write(&records, &bytes).unwrap();
        let stderr = fail(&strs(&args));
        let error = stderr
            .lines()
            .find(|l| l.contains("game 2"))
            .unwrap_or_else(|| panic!("no game named: {stderr}"));
        let named = format!("{}: game 2 (line {line}): ", records.display());
        assert!(error.contains(&named), "{named} in {stderr}");
        assert!(error.contains(why), "{why} in {stderr}");
        assert!(error.contains("--repair"), "{stderr}");
        assert_eq!(
            std::fs::read(&records).unwrap(),
            bytes,
            "the file is unchanged"
        );
        assert!(!rejected_path(&records).exists());
    }
}

#[test]
fn repair_moves_bad_records_aside_and_plays_their_games_again() {
    let dir = scratch::dir("match-repair");
    let (records, args) = recorded_match(&dir, 5);
    let mut bytes = std::fs::read(&records).unwrap();
    // A record of another event is kept as it is, and not counted.
    let (first, _) = record_of(&bytes, 1);
    let other = String::from_utf8(bytes[first].to_vec()).unwrap().replacen(
        "[EventId \"",
        "[EventId \"other-",
        1,
    );
    bytes.extend_from_slice(other.as_bytes());
    // Games 2 to 5 tampered, one way each.
    let mut bad = Vec::new();
    for (n, (tamper, _)) in (2..).zip(tamperings()) {
        let (changed, _, record) = tampered(&bytes, n, tamper);
        bytes = changed;
        bad.push(record);
    }
    std::fs::write(&records, &bytes).unwrap();
    let mut repair = args.clone();
    repair.push("--repair".into());
    let (out, stdout) = run(&strs(&repair), None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "moved 4 bad records to '{}'",
            rejected_path(&records).display()
        )),
        "{stderr}"
    );
    for n in 2..=5 {
        assert!(stderr.contains(&format!("game {n} (line ")), "{stderr}");
    }
    assert!(
        stdout.contains("(4 played now, 1 from the records file)"),
        "{stdout}"
    );
    // One record per game, and the other event's record.
    let after = std::fs::read(&records).unwrap();
    assert_eq!(undamaged(&after), 6);
    assert_eq!(count_games(&records), vec![1, 1, 2, 3, 4, 5]);
    assert!(String::from_utf8_lossy(&after).contains(&other));
    for r in read_records(&records).unwrap() {
        check_record(&r);
    }
    assert_eq!(
        std::fs::read(rejected_path(&records)).unwrap(),
        bad.concat()
    );
    // Nothing is left to repair or play.
    let (_, stdout) = run(&strs(&args), None);
    assert!(
        stdout.contains("(0 played now, 5 from the records file)"),
        "{stdout}"
    );
}
