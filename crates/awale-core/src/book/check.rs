//! Checks a book against the rules: a walk from the start position through
//! the book's moves must find every position it holds, and every move it
//! holds must be legal there.

use std::collections::{HashSet, VecDeque};

use super::{position_key, Book};
use crate::game::Game;

/// What [`check`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions in the book.
    pub positions: usize,
    /// Moves in the book.
    pub entries: usize,
    /// Positions the walk from the start reached.
    pub reached: usize,
    /// Moves that are not legal where the walk found them (the first
    /// problems listed).
    pub illegal: usize,
    /// Each fault, one line each; none for a sound book.
    pub problems: Vec<String>,
}

/// Walks `book` from the start of `game`, following every move it holds.
pub fn check<G: Game>(book: &Book, game: &G) -> Report {
    let mut report = Report {
        positions: book.positions(),
        entries: book.entries().len(),
        ..Report::default()
    };
    if !book.fits(game) {
        report.problems.push(format!(
            "the book is for {} ({}), not {} ({})",
            book.variant(),
            book.rules(),
            game.name(),
            super::rules_text(game)
        ));
        return report;
    }
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([game.start()]);
    while let Some(pos) = queue.pop_front() {
        let text = game.format_position(&pos);
        let key = position_key(&text);
        let entries = book.entries_of(key);
        if entries.is_empty() || !seen.insert(key) {
            continue;
        }
        let mut legal = G::Moves::default();
        game.legal_moves(&pos, &mut legal);
        for e in entries {
            match legal.get(usize::from(e.mv)) {
                Some(&mv) => queue.push_back(game.play(&pos, mv)),
                None => {
                    report.illegal += 1;
                    report.problems.push(format!(
                        "{text}: move {} is not legal ({} legal moves)",
                        e.mv,
                        legal.len()
                    ))
                }
            }
        }
    }
    report.reached = seen.len();
    if report.reached < report.positions {
        report.problems.push(format!(
            "{} of the book's {} positions cannot be reached from the start through its moves",
            report.positions - report.reached,
            report.positions
        ));
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::format::Entry;
    use crate::book::rules_text;
    use crate::variants::oware::Oware;

    #[test]
    fn an_illegal_move_and_a_stray_position_are_reported() {
        let game = Oware::default();
        let start = position_key(&game.format_position(&game.start()));
        let entry = |key, mv| Entry {
            key,
            score: 0,
            mv,
            depth: 1,
        };
        let good = Book::new("oware", &rules_text(&game), vec![entry(start, 5)]);
        let report = check(&good, &game);
        assert_eq!((report.reached, report.problems.len()), (1, 0));
        let bad = Book::new(
            "oware",
            &rules_text(&game),
            vec![entry(start, 6), entry(start ^ 1, 0)],
        );
        let report = check(&bad, &game);
        assert_eq!(report.problems.len(), 2, "{:?}", report.problems);
        assert_eq!(report.illegal, 1);
        assert!(report.problems[0].contains("move 6 is not legal"));
        assert!(report.problems[1].contains("1 of the book's 2 positions"));
        let other = Book::new("oware", "GrandSlam=capture,MustFeed=true", vec![]);
        assert!(check(&other, &game).problems[0].contains("not oware"));
    }

    /// The book built into the binary is sound: every move legal, every
    /// position reachable, and the start position known.
    #[test]
    fn the_builtin_book_is_sound() {
        let game = Oware::default();
        let book = Book::builtin().expect("the built-in book reads");
        let report = check(&book, &game);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert!(report.positions > 0 && report.reached == report.positions);
        assert_eq!(book.moves(&game, &game.start()).len(), 6);
    }
}
