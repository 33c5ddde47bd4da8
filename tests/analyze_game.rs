//! `awale analyze --game`: a short game with a deliberate blunder, analysed
//! at a small depth, through the built binary (OGN, JSON, --out, records).

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::process::{succeed, AWALE};
use crate::common::scratch;

/// South to move with A, B, C and D holding one seed each and North's f
/// three: D leaves A, B and C at one seed for f to make them two each, a
/// capture of 6 that the file states (`f+6`) and the reader checks; C
/// would leave the chain broken.
const BLUNDER: &str = "[Variant \"Oware Abapa\"]\n[Event \"blunder\"]\n\
    [FEN \"1-1-1-1-0-0-1-1-1-1-1-3-18-18-S\"]\n\n1. D f+6 *\n";

fn analyse(file: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "analyze",
        "--game",
        file.to_str().unwrap(),
        "--depth",
        "2",
        "--tables",
        "<none>",
    ];
    args.extend_from_slice(extra);
    succeed(Command::new(AWALE).args(&args)).1
}

#[test]
fn a_blunder_is_marked_with_the_better_move() {
    let dir = scratch::dir("analyze-game");
    let file = dir.join("blunder.ogn");
    std::fs::write(&file, BLUNDER).unwrap();
    let text = analyse(&file, &[]);
    let games = awale::ogn::parse(&text).unwrap();
    assert_eq!(games.len(), 1, "{text}");
    let g = &games[0];
    assert_eq!(g.tag("Event"), Some("blunder"));
    assert_eq!(g.moves_text(), ["D", "f"]);
    let blunder = g.moves[0].comment.as_deref().unwrap();
    assert!(blunder.starts_with("? "), "{text}");
    assert!(blunder.contains(" -> "), "{text}");
    let best = blunder.rsplit("best ").next().unwrap();
    assert!(["A", "B", "C"].contains(&best), "{text}");
    let capture = g.moves[1].comment.as_deref().unwrap();
    assert!(
        !capture.starts_with('?') && !capture.contains("best"),
        "{text}"
    );

    // The same as JSON.
    let json: Value = serde_json::from_str(&analyse(&file, &["--json"])).unwrap();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0]["move"], "D");
    assert_eq!(moves[0]["side"], "South");
    assert_eq!(moves[0]["mark"], "?");
    assert_eq!(moves[0]["best"], best);
    assert!(
        moves[0]["before"]["score"]["value"].as_i64()
            > moves[0]["after"]["score"]["value"].as_i64()
    );
    assert_eq!(moves[1]["mark"], Value::Null);
    assert_eq!(moves[1]["best"], Value::Null);
    assert_eq!(json["result"], "*");

    // --out writes the file instead of the standard output.
    let out = dir.join("annotated.ogn");
    assert_eq!(analyse(&file, &["--out", out.to_str().unwrap()]), "");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    assert!(!dir.join("annotated.ogn.tmp").exists());

    // A records file of the same game gives the same marks.
    let records = dir.join("blunder.txt");
    std::fs::write(
        &records,
        "[Event \"e\"]\n[Variant \"oware\"]\n[Options \"\"]\n\
         [Position \"1-1-1-1-0-0-1-1-1-1-1-3-18-18-S\"]\n[Result \"*\"]\n\nD f\n*\n\n",
    )
    .unwrap();
    let from_records = awale::ogn::parse(&analyse(&records, &[])).unwrap();
    assert_eq!(from_records[0].moves[0].comment.as_deref(), Some(blunder));
    let _ = std::fs::remove_dir_all(&dir);
}

/// With six seeds on the board the endgame tables (levels built in
/// memory) know the game: South wins 27-21 with A, while D loses 22-26, as
/// `tables probe` says. D is a `??`, A is not marked.
#[test]
fn a_win_thrown_away_is_marked_by_the_tables() {
    let dir = scratch::dir("analyze-game-tables");
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let position = "2-0-0-1-0-0-0-0-1-0-0-1-22-21-S";
    let (_, probe) = succeed(Command::new(AWALE).args([
        "tables",
        "probe",
        "--position",
        position,
        "--tables",
        tables.to_str().unwrap(),
        "--json",
    ]));
    let probe: Value = serde_json::from_str(&probe).unwrap();
    assert_eq!(
        probe["final_scores"],
        serde_json::json!([27, 21]),
        "{probe}"
    );
    let d = probe["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "D")
        .unwrap();
    assert_eq!(d["final_scores"], serde_json::json!([22, 26]), "{probe}");
    for (played, wanted) in [("D", Some("??")), ("A", None)] {
        let file = dir.join(format!("{played}.ogn"));
        std::fs::write(&file, format!("[FEN \"{position}\"]\n\n1. {played} *\n")).unwrap();
        let (_, out) = succeed(Command::new(AWALE).args([
            "analyze",
            "--game",
            file.to_str().unwrap(),
            "--depth",
            "2",
            "--tables",
            tables.to_str().unwrap(),
            "--json",
        ]));
        let json: Value = serde_json::from_str(&out).unwrap();
        let m = &json["moves"][0];
        assert_eq!(m["mark"].as_str(), wanted, "{out}");
        assert_eq!(m["before"]["result"], "win", "{out}");
        let after = if played == "D" { "loss" } else { "win" };
        assert_eq!(m["after"]["result"], after, "{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_oware_games_are_analysed() {
    let dir = scratch::dir("analyze-game-colours");
    let file = dir.join("c.txt");
    std::fs::write(
        &file,
        "[Event \"e\"]\n[Variant \"colors16\"]\n[Options \"\"]\n[Result \"*\"]\n\n1R\n*\n\n",
    )
    .unwrap();
    let out = Command::new(AWALE)
        .args(["analyze", "--game", file.to_str().unwrap(), "--depth", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("OGN holds oware games only"), "{err}");
    let out = Command::new(AWALE)
        .args(["analyze", "--game", file.to_str().unwrap(), "--moves", "F"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "--game and --moves conflict");
    let _ = std::fs::remove_dir_all(&dir);
}
