//! The opening book: moves the engine found by long searches of the first
//! plies of the game, so that a timed game starts with moves better than a
//! short search would find, and with variety (a weighted choice among moves
//! that score nearly the same).
//!
//! - [`format`]: the file (header, sorted entries, checksum);
//! - [`build`]: how the engine makes a book (an expansion of the lines its
//!   own searches find best, scores backed up through the tree);
//! - [`check`]: walks a book from the start position and checks that every
//!   move it holds is legal.
//!
//! A book knows positions by a key of their text ([`position_key`]) and
//! serves one variant with one set of rule options ([`Book::fits`]). The
//! book of `oware` under the default rules is built into the binary
//! ([`Book::builtin`]); docs/book.md tells how it was made.

pub mod build;
pub mod check;
pub mod format;

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::game::Game;
use crate::rng::Rng;
use crate::search::Score;
use format::{Contents, Entry, FormatError};

/// How the `Book` option names the book built into the binary.
pub const BUILTIN: &str = "<builtin>";

/// The moves a timed game chooses among: those within this many hundredths
/// of a seed of the best move of the position.
pub const PLAY_MARGIN: i32 = 15;

/// The book of `oware` under the default rules, made by `awale book build`
/// (see docs/book.md).
static BUILTIN_BYTES: &[u8] = include_bytes!("oware.bin");

/// A book that could not be opened.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BookError(String);

impl From<FormatError> for BookError {
    fn from(e: FormatError) -> BookError {
        BookError(e.0)
    }
}

/// The key a book knows a position by: the 64-bit FNV-1a hash of its
/// position string ([`Game::format_position`]), which names the board, the
/// captured seeds and the side to move, and does not change with the
/// engine's internals.
pub fn position_key(text: &str) -> u64 {
    crate::checksum::fnv1a_64(text.as_bytes())
}

/// A variant's rule options as a book's header records them,
/// `Name=value` joined by commas; `Notation` is left out, since it changes
/// only how moves are written, not the game.
pub fn rules_text<G: Game>(game: &G) -> String {
    game.options()
        .iter()
        .filter(|o| !o.name.eq_ignore_ascii_case("Notation"))
        .map(|o| format!("{}={}", o.name, o.current))
        .collect::<Vec<_>>()
        .join(",")
}

/// A book move of a position, with what the book says of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove<M> {
    /// The move.
    pub mv: M,
    /// Its score for the side to move, in hundredths of a seed.
    pub score: i32,
    /// The depth of the search behind the score.
    pub depth: u32,
}

impl<M> BookMove<M> {
    /// Whether this book move should be played rather than the choice of a
    /// search whose last completed iteration reached `depth` with `score`:
    /// the book looked deeper than the search, and the search proved no
    /// result (a game end or a table value outranks any book). A book built
    /// by searches of a given size thus helps a shorter search and gives way
    /// to a longer one.
    pub fn outweighs(&self, depth: u32, score: Score) -> bool {
        depth < self.depth && !score.is_proven()
    }
}

/// An opening book: for each position it knows, its moves and their scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    contents: Contents,
}

impl Book {
    /// A book of `variant` under `rules` holding `entries` (in any order).
    pub fn new(variant: &str, rules: &str, mut entries: Vec<Entry>) -> Book {
        format::sort(&mut entries);
        Book {
            contents: Contents {
                variant: variant.to_string(),
                rules: rules.to_string(),
                entries,
            },
        }
    }

    /// Reads a book from the bytes of its file; see [`format::decode`].
    pub fn decode(bytes: &[u8]) -> Result<Book, BookError> {
        Ok(Book {
            contents: format::decode(bytes)?,
        })
    }

    /// The bytes of the book's file.
    pub fn encode(&self) -> Result<Vec<u8>, BookError> {
        Ok(format::encode(&self.contents)?)
    }

    /// Reads and checks the book file at `path`, a regular file of at most
    /// [`format::MAX_FILE_LEN`] bytes: its format (see [`format::decode`])
    /// and its moves (see [`Book::verify`]).
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let bytes = crate::files::read_bounded(path, format::MAX_FILE_LEN, "book file")
            .map_err(|e| BookError(format!("cannot read {}: {e}", path.display())))?;
        Book::decode(&bytes)
            .and_then(|book| book.verify().map(|()| book))
            .map_err(|e| BookError(format!("{}: {e}", path.display())))
    }

    /// Refuses a book whose moves are not legal where a walk from the start
    /// through its moves finds them, under the variant and rules it was
    /// built for: what `awale book check` reports (a crafted or damaged
    /// book can keep a valid checksum). Positions the walk does not reach
    /// are left to `book check`, which reports them: a book of a chosen
    /// position is of use, and an illegal move of one is never played.
    pub fn verify(&self) -> Result<(), BookError> {
        struct Walk<'a>(&'a Book);
        impl crate::registry::Visitor for Walk<'_> {
            type Output = check::Report;
            fn visit<G: crate::registry::Variant>(self, game: G) -> check::Report {
                check::check(self.0, &game)
            }
        }
        let variant = self.variant();
        let name = crate::registry::NAMES
            .iter()
            .find(|n| **n == variant)
            .ok_or_else(|| BookError(format!("the book is for an unknown variant '{variant}'")))?;
        let options: Vec<(String, String)> = self
            .rules()
            .split(',')
            .filter(|pair| !pair.is_empty())
            .map(|pair| {
                let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                (name.to_string(), value.to_string())
            })
            .collect();
        let report = crate::registry::visit(name, &options, Walk(self))
            .map_err(|e| BookError(format!("the book's rules '{}': {e}", self.rules())))?;
        if report.illegal > 0 {
            let first = report.problems.first().map_or("", String::as_str);
            return Err(BookError(format!(
                "{} book moves are not legal where they are played (the first: {first}); \
                 `awale book check` lists them",
                report.illegal
            )));
        }
        Ok(())
    }

    /// Writes the book to `path` by [`crate::files::write_atomic`], so that
    /// `path` is always a whole book.
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        let bytes = self.encode()?;
        crate::files::write_atomic(path, &bytes)
            .map_err(|e| BookError(format!("cannot write {}: {e}", path.display())))
    }

    /// The book built into the binary, read once; `None` (and an error in
    /// the log) if it does not pass its checks, which a test rules out.
    pub fn builtin() -> Option<Arc<Book>> {
        static BUILTIN_BOOK: OnceLock<Option<Arc<Book>>> = OnceLock::new();
        BUILTIN_BOOK
            .get_or_init(|| match Book::decode(BUILTIN_BYTES) {
                Ok(book) => Some(Arc::new(book)),
                Err(e) => {
                    log::error!("the built-in opening book is damaged: {e}");
                    None
                }
            })
            .clone()
    }

    /// Opens the book the `Book` option names: [`BUILTIN`] or a file.
    pub fn open(spec: &str) -> Result<Arc<Book>, BookError> {
        if spec.trim() == BUILTIN {
            Book::builtin().ok_or_else(|| BookError("the built-in book is damaged".into()))
        } else {
            Book::load(Path::new(spec.trim())).map(Arc::new)
        }
    }

    /// The variant the book is for.
    pub fn variant(&self) -> &str {
        &self.contents.variant
    }

    /// The rule options it was built under ([`rules_text`]).
    pub fn rules(&self) -> &str {
        &self.contents.rules
    }

    /// Its entries, sorted by key and best score first.
    pub fn entries(&self) -> &[Entry] {
        &self.contents.entries
    }

    /// How many positions it knows.
    pub fn positions(&self) -> usize {
        let e = self.entries();
        e.iter()
            .enumerate()
            .filter(|&(i, x)| i == 0 || e[i - 1].key != x.key)
            .count()
    }

    /// Whether the book was made for `game`: the same variant and rules.
    pub fn fits<G: Game>(&self, game: &G) -> bool {
        self.variant() == game.name() && self.rules() == rules_text(game)
    }

    /// The entries of the position with key `key`, best first.
    pub fn entries_of(&self, key: u64) -> &[Entry] {
        let e = self.entries();
        let from = e.partition_point(|x| x.key < key);
        let to = e.partition_point(|x| x.key <= key);
        &e[from..to]
    }

    /// The book's moves of `pos`, best first; none when the book does not
    /// fit the game or does not know the position. An entry whose move index
    /// is not a legal move (a damaged book that kept its checksum) is left out.
    pub fn moves<G: Game>(&self, game: &G, pos: &G::Position) -> Vec<BookMove<G::Move>> {
        if !self.fits(game) {
            return Vec::new();
        }
        let entries = self.entries_of(position_key(&game.format_position(pos)));
        if entries.is_empty() {
            return Vec::new();
        }
        let mut legal = G::Moves::default();
        game.legal_moves(pos, &mut legal);
        entries
            .iter()
            .filter_map(|e| {
                legal.get(usize::from(e.mv)).map(|&mv| BookMove {
                    mv,
                    score: i32::from(e.score),
                    depth: u32::from(e.depth),
                })
            })
            .collect()
    }

    /// [`Book::choose`] with a draw that depends on `seed` and the position
    /// only, or, when `seed` is 0, is new each time.
    pub fn pick<G: Game>(
        &self,
        game: &G,
        pos: &G::Position,
        seed: u64,
    ) -> Option<BookMove<G::Move>> {
        let seed = match seed {
            0 => {
                use std::hash::BuildHasher;
                std::collections::hash_map::RandomState::new().hash_one(game.hash(pos))
            }
            seed => seed ^ game.hash(pos),
        };
        self.choose(game, pos, &mut Rng::new(seed))
    }

    /// The move to play at `pos`, if the book knows it: one of the moves
    /// within [`PLAY_MARGIN`] of the best, drawn with a weight that falls
    /// linearly from `PLAY_MARGIN + 1` for the best to 1 at the margin.
    pub fn choose<G: Game>(
        &self,
        game: &G,
        pos: &G::Position,
        rng: &mut Rng,
    ) -> Option<BookMove<G::Move>> {
        let moves = self.moves(game, pos);
        let best = moves.first()?.score;
        let weight = |m: &BookMove<G::Move>| (PLAY_MARGIN + 1 - (best - m.score)).max(0) as usize;
        let total: usize = moves.iter().map(weight).sum();
        let mut pick = rng.below(total);
        for m in &moves {
            let w = weight(m);
            if pick < w {
                return Some(*m);
            }
            pick -= w;
        }
        moves.first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::Oware;
    use std::fs;

    #[test]
    fn a_book_move_gives_way_to_a_search_as_deep_or_a_proof() {
        let m = BookMove {
            mv: 0u8,
            score: 40,
            depth: 20,
        };
        assert!(m.outweighs(19, Score(300)));
        assert!(m.outweighs(0, Score(0)), "no iteration completed yet");
        assert!(!m.outweighs(20, Score(-300)), "as deep: the search decides");
        assert!(!m.outweighs(25, Score(0)));
        assert!(!m.outweighs(6, Score::win_in(9)), "a proved win");
        assert!(!m.outweighs(6, Score::loss_in(4)), "a proved loss");
        assert!(!m.outweighs(6, Score::table(20, 28, 3)), "a table result");
    }

    /// A book of the start position of oware: F best, E 10 below, A 30 below.
    fn start_book(game: &Oware) -> Book {
        let key = position_key(&game.format_position(&game.start()));
        let entry = |mv, score| Entry {
            key,
            score,
            mv,
            depth: 9,
        };
        Book::new(
            "oware",
            &rules_text(game),
            vec![entry(0, -20), entry(5, 10), entry(4, 0)],
        )
    }

    #[test]
    fn the_key_is_fnv1a() {
        assert_eq!(position_key(""), 0xCBF2_9CE4_8422_2325);
        assert_eq!(position_key("a"), 0xAF63_DC4C_8601_EC8C);
    }

    #[test]
    fn rules_leave_the_notation_out() {
        let mut game = Oware::default();
        let plain = rules_text(&game);
        assert_eq!(plain, "GrandSlam=nocapture,MustFeed=true");
        game.set_option("Notation", "numbers").unwrap();
        assert_eq!(rules_text(&game), plain);
        game.set_option("GrandSlam", "capture").unwrap();
        assert_ne!(rules_text(&game), plain);
    }

    #[test]
    fn moves_come_best_first_and_only_for_the_same_rules() {
        let game = Oware::default();
        let book = start_book(&game);
        let moves = book.moves(&game, &game.start());
        let text: Vec<String> = moves
            .iter()
            .map(|m| format!("{}{}", game.format_move(&game.start(), m.mv), m.score))
            .collect();
        assert_eq!(text, ["F10", "E0", "A-20"]);
        assert_eq!(book.positions(), 1);
        let mut other = game.clone();
        other.set_option("MustFeed", "false").unwrap();
        assert!(book.moves(&other, &other.start()).is_empty());
        let next = game.play(&game.start(), moves[0].mv);
        assert!(book.moves(&game, &next).is_empty());
    }

    #[test]
    fn the_choice_is_weighted_within_the_margin() {
        let game = Oware::default();
        let book = start_book(&game);
        let mut rng = Rng::new(5);
        let mut counts = [0usize; 6];
        for _ in 0..3000 {
            let m = book.choose(&game, &game.start(), &mut rng).unwrap();
            counts[game.format_move(&game.start(), m.mv).as_bytes()[0] as usize - b'A' as usize] +=
                1;
        }
        // Weights 16 (F) and 6 (E); A is 30 below the best.
        assert_eq!(counts[0], 0);
        assert!(counts[5] > 2 * counts[4] && counts[4] > 500, "{counts:?}");
        let again: Vec<_> = (0..20)
            .map(|_| book.choose(&game, &game.start(), &mut Rng::new(9)))
            .collect();
        assert!(
            again.windows(2).all(|w| w[0] == w[1]),
            "a seed repeats its choice"
        );
    }

    #[test]
    fn a_saved_book_reads_back_and_a_damaged_one_is_refused() {
        let dir = crate::scratch::dir("book-unit");
        let path = dir.join("b.bin");
        let game = Oware::default();
        let book = start_book(&game);
        book.save(&path).unwrap();
        assert_eq!(Book::load(&path).unwrap(), book);
        let left = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name());
        assert!(
            !left
                .into_iter()
                .any(|n| n.to_string_lossy().contains(".tmp")),
            "no temporary file is left"
        );
        let mut bytes = fs::read(&path).unwrap();
        let last = bytes.len() - 3;
        bytes[last] ^= 1;
        fs::write(&path, &bytes).unwrap();
        let err = Book::load(&path).unwrap_err().to_string();
        assert!(err.contains("b.bin") && err.contains("checksum"), "{err}");
        let err = Book::open(dir.join("missing.bin").to_str().unwrap()).unwrap_err();
        assert!(err.to_string().contains("cannot read"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
