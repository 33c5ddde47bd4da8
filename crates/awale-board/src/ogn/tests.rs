//! The OGN reader and writer: Aualé's own file back byte for byte, every
//! construct of the format, the errors of malformed files, the records
//! conversions, and random legal games through a round trip.

use proptest::prelude::*;

use super::*;
use crate::records::parse_records;
use awale_core::game::{EndReason, Game, Line};

/// Two games saved by Aualé (a copy of `shared/vectors/oware-selfplay.ogn`).
const VECTOR: &str = include_str!("../../../../tests/data/oware-selfplay.ogn");

fn err(text: &str) -> OgnError {
    parse(text).expect_err(text)
}

#[test]
fn the_aualé_file_round_trips_byte_for_byte() {
    let games = parse(VECTOR).unwrap();
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.moves.len(), 126);
    assert_eq!(first.result, Some([13, 26]));
    assert_eq!(first.tag("Round"), Some("1"));
    assert_eq!(
        first.moves[9].comment.as_deref(),
        Some("a comment after the tenth move")
    );
    let end = first.line().unwrap().end().unwrap();
    assert_eq!((end.reason, end.scores), (EndReason::Target, [13, 26]));
    assert_eq!(write_games(&games).unwrap(), VECTOR);
}

#[test]
fn every_construct_is_read() {
    let text = "\u{feff}[Variant \"Oware Abapa\"]\n\
        [Event \"say \\\"hi\\\" \\\\ bye\"]\n\
        [Site \"?\"]\n\
        [Annotator \"me\"]\n\
        [FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N\"]\n\
        [Result \"*\"]\n\
        \n\
        { before } 1... f 2. F! { two\n lines } { and more } e (2... a (3. B) { (x) })\n\
        3. A $4 ; to the end\n b *\n";
    let games = parse(text).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.tag("Event"), Some("say \"hi\" \\ bye"));
    assert_eq!(g.tag("Site"), None, "a roster ? is no value");
    assert_eq!(g.tag("Annotator"), Some("me"));
    assert_eq!(g.comment.as_deref(), Some("before"));
    assert_eq!(g.moves_text(), ["f", "F", "e", "A", "b"]);
    assert_eq!(g.moves[1].comment.as_deref(), Some("two lines and more"));
    assert_eq!(g.moves[2].variations, ["2... a (3. B) { (x) }"]);
    assert_eq!(g.moves[3].comment.as_deref(), Some("to the end"));
    assert_eq!(g.result, None);
    assert_ne!(g.start, g.rules.start());
    // Written again, it reads the same (the variation aside).
    let again = parse(&write_game(g).unwrap()).unwrap();
    let mut without = g.clone();
    without.moves[2].variations.clear();
    assert_eq!(again, vec![without]);
    assert!(write_game(g)
        .unwrap()
        .contains("\n\n{ before } 1... f 2. F { two lines and more } e 3. A"));
}

#[test]
fn options_captures_and_several_games() {
    // Grand slam allowed to capture: South's F takes North's only seeds.
    let text = "[Variant \"oware\"]\n[Options \"GrandSlam=capture\"]\n\
        [FEN \"0-0-0-0-0-2-1-1-0-0-0-0-22-22-S\"]\n\n1. F+4 26-22\n\n\
        [Variant \"Oware Abapa\"]\n\n1. C *\n";
    let games = parse(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].rules.grand_slam.name(), "capture");
    assert_eq!(games[0].result, Some([26, 22]));
    let written = write_games(&games).unwrap();
    assert!(
        written.contains("[Options \"GrandSlam=capture\"]"),
        "{written}"
    );
    assert!(written.contains("\n1. F+4 26-22\n"), "{written}");
    assert_eq!(parse(&written).unwrap(), games);
}

#[test]
fn malformed_files_are_errors_naming_the_line() {
    for (text, line, wanted) in [
        (
            "[Variant \"Oware Abapa\"]\n[Event \"x\n\n1. F *",
            2,
            "bad tag",
        ),
        (
            "[Variant \"Kalah\"]\n\n1. F *",
            1,
            "variant 'Kalah' is not supported",
        ),
        ("[Variant \"colors16\"]\n\n*", 1, "not supported"),
        ("[Result \"1-0-0\"]\n\n*", 1, "bad tag: Result"),
        ("[FEN \"4-4\"]\n\n*", 1, "bad tag: FEN"),
        ("[Options \"Frob=1\"]\n\n*", 1, "bad tag: Options"),
        ("\n1. F f\n2. F *", 3, "move 3 'F' (South): illegal move F"),
        (
            "1. F a+2 *",
            1,
            "says it captures 2, but it captures nothing",
        ),
        ("1. F f 2. E+1 *", 1, "says it captures 1"),
        ("1. F f 3. E *", 1, "move number 3. where 2. was expected"),
        (
            "1. F 1. f *",
            1,
            "comes before a move of South, but North is to move",
        ),
        ("1. F f\n25-20", 2, "contradicts the moves"),
        ("1. F f\n{ open", 2, "never closed"),
        ("1. F f 30-30 ", 1, "contradicts the moves"),
        (
            "[FEN \"0-0-0-0-0-1-1-0-0-0-0-0-22-24-N\"]\n\n1... a 25-20",
            3,
            "contradicts",
        ),
        (
            "[Result \"0-0\"]\n\n1. F f\n*",
            4,
            "disagrees with the Result tag 0-0 of line 1",
        ),
        ("1. F f", 1, "has no result"),
        ("(a) 1. F *", 1, "a variation before the first move"),
        ("1. F f }", 1, "closes nothing"),
    ] {
        let e = err(text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(wanted), "{text:?}: {e}");
    }
    let e = parse_bytes(b"1. F f\n2. E \xff *").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.to_string().contains("not valid UTF-8"), "{e}");
}

#[test]
fn a_finished_game_must_have_its_final_scores() {
    // South to move with nothing to play: the game is over at once, each
    // side keeping the seeds on its own side.
    let fen = "[FEN \"0-0-0-0-0-0-1-0-0-0-0-0-23-24-S\"]\n\n";
    assert_eq!(
        parse(&format!("{fen}23-25")).unwrap()[0].result,
        Some([23, 25])
    );
    // An adjudication shares out every seed.
    assert_eq!(parse("1. F f 24-24").unwrap()[0].result, Some([24, 24]));
    let e = err(&format!("{fen}*"));
    assert!(e.to_string().contains("they end the game 23-25"), "{e}");
}

#[test]
fn records_convert_to_ogn_and_back() {
    let record = "[Event \"awale match\"]\n[Game \"3\"]\n[Variant \"oware\"]\n\
        [Options \"MustFeed=false\"]\n[South \"a\"]\n[North \"b\"]\n[Opening \"C f\"]\n\
        [Result \"0-1\"]\n[Scores \"-\"]\n[Reason \"South (a) forfeits: timeout\"]\n[Plies \"3\"]\n\n\
        C f B\n0-1\n\n";
    let (records, _) = parse_records(record);
    let game = from_record(&records[0]).unwrap();
    assert_eq!(game.result, None);
    assert_eq!(game.tag("Outcome"), Some("0-1"));
    assert!(!game.rules.must_feed);
    let text = write_game(&game).unwrap();
    assert!(is_ogn(&text) && !is_ogn(record), "{text}");
    let back = records_of_text(&text).unwrap();
    assert_eq!(back.len(), 1);
    let r = &back[0];
    assert_eq!(r.tags[0], ("Event".to_string(), "awale match".to_string()));
    for tag in ["Game", "Opening", "Reason", "South", "North", "Options"] {
        assert_eq!(r.tag(tag), records[0].tag(tag), "{tag}");
    }
    assert_eq!((r.tag("Result"), r.tag("Scores")), (Some("0-1"), Some("-")));
    assert_eq!(r.moves, ["C", "f", "B"]);
    // The records text of it reads back with the referee's reader.
    let again = parse_records(&r.to_text()).0;
    assert_eq!(again, back);
    // A colour variant has no OGN.
    let colors = record.replace("oware", "colors16");
    let e = from_record(&parse_records(&colors).0[0]).unwrap_err();
    assert!(e.contains("OGN holds oware games only"), "{e}");
}

#[test]
fn a_finished_records_game_gets_its_scores_as_the_result() {
    let games = parse(VECTOR).unwrap();
    let record = to_record(&games[0]).unwrap();
    assert_eq!(record.tag("Result"), Some("0-1"));
    assert_eq!(record.tag("Scores"), Some("13-26"));
    assert_eq!(
        record.tag("Reason"),
        Some("a player reached the winning total")
    );
    let ogn = from_record(&record).unwrap();
    assert_eq!(ogn.result, Some([13, 26]));
    assert_eq!(ogn.moves.len(), 126);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A random legal game (from the start or a position reached at
    /// random, finished or not, with comments) is read back the same.
    #[test]
    fn random_legal_games_round_trip(
        choices in proptest::collection::vec(0usize..12, 0..160),
        from_north in any::<bool>(),
        comment_every in 1usize..9,
        slam in 0usize..3,
    ) {
        let mut rules = Oware::default();
        rules.set_option("GrandSlam", ["nocapture", "forbidden", "capture"][slam]).unwrap();
        let start = if from_north {
            rules.parse_position("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N").unwrap()
        } else {
            rules.start()
        };
        let mut line = Line::from_position(rules, start);
        for c in &choices {
            let moves = line.legal_moves();
            if moves.is_empty() {
                break;
            }
            line.play(moves[c % moves.len()]).unwrap();
        }
        let mut game = OgnGame::from_line(&line);
        game.set_tag("Event", "prop");
        for (i, m) in game.moves.iter_mut().enumerate() {
            if i % comment_every == 0 {
                m.comment = Some(format!("note {i} {{x}}"));
            }
        }
        let text = write_game(&game).unwrap();
        prop_assert!(text.lines().all(|l| l.chars().count() <= 79), "{}", text);
        let read = parse(&text).unwrap();
        prop_assert_eq!(read.len(), 1);
        prop_assert_eq!(&read[0].moves.iter().map(|m| m.mv).collect::<Vec<_>>(), line.moves());
        prop_assert_eq!(read[0].result, game.result);
        prop_assert_eq!(read[0].start, game.start);
        prop_assert_eq!(write_game(&read[0]).unwrap(), text);
    }
}
