//! The balanced openings of the strength tests (`scripts/openings-oware.txt`)
//! stay usable: every line is legal from the start, leaves the game going,
//! and reaches a position of its own.

use std::collections::HashSet;
use std::path::Path;

use awale::game::{Game, Line};
use awale::referee::openings::Openings;
use awale::variants::oware::Oware;

#[test]
fn the_balanced_openings_are_legal_unfinished_and_distinct() {
    let game = Oware::default();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/openings-oware.txt");
    let Openings::List(lines) = Openings::from_file(&game, &path).unwrap() else {
        panic!("a list of openings");
    };
    assert_eq!(lines.len(), 250);
    let mut positions = HashSet::new();
    for moves in &lines {
        assert_eq!(moves.len(), 6, "{moves:?}");
        let mut line = Line::new(game.clone());
        line.play_all(&moves.join(" ")).unwrap();
        assert_eq!(line.end(), None, "{moves:?} ends the game");
        assert!(
            positions.insert(game.key(line.position())),
            "{moves:?} repeats a position"
        );
    }
}
