//! Openings: the first plies of each pair of games, so that engines do not
//! play the same game over and over. Each opening is played twice, with
//! colours swapped (see [`super::schedule`]).
//!
//! - `--openings-random K`: K random legal plies, drawn from the event seed
//!   and the pair number, so the same command gives the same openings (and a
//!   resumed run replays exactly the missing games). An opening that would
//!   end the game is drawn again.
//! - `--openings FILE`: one opening per line, moves separated by spaces in
//!   any notation the variant accepts; blank lines and lines starting with
//!   `#` are skipped. Pairs use the lines in order, starting over at the end.

use std::path::Path;

use super::RefereeError;
use crate::game::{Game, Line};
use crate::rng::Rng;

/// The largest openings file read (a line of a few moves each: millions
/// of openings); a larger file is refused before it is read.
pub const MAX_FILE_LEN: u64 = 64 << 20;

/// Where openings come from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Openings {
    /// Every game starts from the start position.
    None,
    /// `plies` random legal plies from `seed`.
    Random {
        /// How many plies.
        plies: usize,
        /// The event's seed.
        seed: u64,
    },
    /// Move sequences read from a file, already checked.
    List(Vec<Vec<String>>),
}

impl Openings {
    /// Reads and checks an openings file (a regular file of at most
    /// [`MAX_FILE_LEN`] bytes): every line must be legal from the start
    /// position and must not end the game.
    pub fn from_file<G: Game>(game: &G, path: &Path) -> Result<Openings, RefereeError> {
        let text =
            crate::files::read_text_bounded(path, MAX_FILE_LEN, "openings file").map_err(|e| {
                RefereeError::new(format!("cannot read openings '{}': {e}", path.display()))
            })?;
        Openings::from_text(game, &text)
            .map_err(|e| RefereeError::new(format!("openings '{}': {e}", path.display())))
    }

    /// Parses openings from the text of a file (see the module docs).
    pub fn from_text<G: Game>(game: &G, text: &str) -> Result<Openings, RefereeError> {
        let mut list = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut played = Line::new(game.clone());
            let mut moves = Vec::new();
            for text in line.split_whitespace() {
                if played.is_over() {
                    return Err(RefereeError::new(format!(
                        "line {}: the game is over before '{text}'",
                        number + 1
                    )));
                }
                played
                    .play_text(text)
                    .map_err(|e| RefereeError::new(format!("line {}: {e}", number + 1)))?;
                moves.extend(played.last_move_text());
            }
            if played.is_over() {
                return Err(RefereeError::new(format!(
                    "line {}: the opening ends the game",
                    number + 1
                )));
            }
            list.push(moves);
        }
        if list.is_empty() {
            return Err(RefereeError::new("no opening in the file"));
        }
        Ok(Openings::List(list))
    }

    /// The opening of pair number `pair` (0-based).
    pub fn for_pair<G: Game>(&self, game: &G, pair: usize) -> Vec<String> {
        match self {
            Openings::None => Vec::new(),
            Openings::List(list) => list[pair % list.len()].clone(),
            Openings::Random { plies, seed } => {
                let mut rng = Rng::new(seed ^ (pair as u64).wrapping_mul(0xA076_1D64_78BD_642F));
                let mut best = Vec::new();
                for _attempt in 0..100 {
                    let moves = random_line(game, *plies, &mut rng);
                    if moves.len() == *plies {
                        return moves;
                    }
                    if moves.len() > best.len() {
                        best = moves;
                    }
                }
                best
            }
        }
    }
}

/// Up to `plies` random legal moves that do not end the game.
fn random_line<G: Game>(game: &G, plies: usize, rng: &mut Rng) -> Vec<String> {
    let mut line = Line::new(game.clone());
    while line.len() < plies {
        let list = line.legal_moves();
        if list.is_empty() {
            break;
        }
        if line.play(list[rng.below(list.len())]).is_err() || line.is_over() {
            break;
        }
    }
    // The last move is dropped if it ended the game.
    if line.is_over() {
        line.undo();
    }
    line.moves_text()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::Oware;

    #[test]
    fn random_openings_are_legal_reproducible_and_varied() {
        let game = Oware::default();
        let openings = Openings::Random { plies: 6, seed: 7 };
        let a = openings.for_pair(&game, 0);
        assert_eq!(a.len(), 6);
        assert_eq!(a, openings.for_pair(&game, 0));
        let text: String = (0..20)
            .map(|p| openings.for_pair(&game, p).join(" ") + "\n")
            .collect();
        // Every line replays legally.
        let Openings::List(list) = Openings::from_text(&game, &text).unwrap() else {
            panic!("a list")
        };
        let distinct: std::collections::HashSet<_> = list.iter().collect();
        assert!(distinct.len() > 10, "{distinct:?}");
    }

    #[test]
    fn opening_files_are_checked() {
        let game = Oware::default();
        let ok = Openings::from_text(&game, "# comment\nA f\n\n3 12 B\n").unwrap();
        assert_eq!(
            ok,
            Openings::List(vec![
                vec!["A".into(), "f".into()],
                vec!["C".into(), "f".into(), "B".into()]
            ])
        );
        assert_eq!(ok.for_pair(&game, 3), vec!["C", "f", "B"]);
        let err = Openings::from_text(&game, "A f\nA B\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 2"), "{err}");
        assert!(Openings::from_text(&game, "\n# nothing\n").is_err());
    }
}
