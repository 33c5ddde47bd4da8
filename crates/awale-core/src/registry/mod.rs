//! The one list of the variants: each with its name, what it offers beyond
//! its rules (endgame tables, weight files, training data, the built-in
//! book, OGN, the kinds of its seeds, its default arbiter time) and the one
//! dispatch from a name chosen at run time to the variant's type.
//!
//! Every caller asks here: what a variant offers is read from its
//! [`Entry`], never worked out from its name, and code generic over a
//! variant asks the game itself through [`Capabilities`] (its endgame
//! tables, the evaluation it plays with). Adding a variant is its folder,
//! one line in [`registry!`]'s invocation below and its [`Capabilities`]
//! (`docs/variants.md`). The registry sits above the variants, the search,
//! the endgame tables and the book: it names them, they never name it.

mod capabilities;

pub use capabilities::Capabilities;

use crate::game::{Features, Game, GameError, OptionInfo};
use crate::variants::view::{BoardView, SeedKind};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tiny;

/// The evaluation weight files load (`--eval`, `EvalFile`): that of the
/// variant whose entry says [`Entry::weight_files`] (`oware`); the others
/// play with their own built-in weights and ignore it.
pub type Evaluation = crate::variants::oware::eval::Evaluation;

/// What the registry knows of a variant besides its rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name: [`Game::name`], what `--variant` and the `Variant` option
    /// take (case-insensitively).
    pub name: &'static str,
    /// The kinds of its seeds, as displays draw them (each display picks
    /// the colours of a kind).
    pub seeds: &'static [SeedKind],
    /// Whether it has endgame tables: its [`Game::endgame_rules`] is
    /// `Some` (`awale tables`, the `Tables` option, adjudication).
    pub tables: bool,
    /// Whether [`Evaluation`] is its evaluation: `--eval`, `EvalFile` and
    /// `tune --net` weight files are for it.
    pub weight_files: bool,
    /// Whether `awale datagen` plays it and `awale tune --data` reads its
    /// positions.
    pub training_data: bool,
    /// Whether the built-in opening book is a book of it.
    pub book: bool,
    /// Whether OGN files hold its games (`docs/ogn.md`).
    pub ogn: bool,
    /// The time per move `awale arbiter` takes when `--movetime` is not
    /// given, in milliseconds (the referee it plays for sets it).
    pub arbiter_movetime_ms: u64,
    /// How many plies shallower than the bench depth the bench searches
    /// this variant's positions (a tree that grows faster with depth).
    pub bench_shallower: u32,
}

impl Entry {
    /// A variant called `name` with plain seeds that offers nothing beyond
    /// its rules: the entries below change what differs from it.
    pub const fn plain(name: &'static str) -> Entry {
        Entry {
            name,
            seeds: &[SeedKind::Plain],
            tables: false,
            weight_files: false,
            training_data: false,
            book: false,
            ogn: false,
            arbiter_movetime_ms: 2000,
            bench_shallower: 0,
        }
    }
}

/// What code run with a chosen variant may use of it: its rules
/// ([`Game`]), its board view, its features for the tuner and what it
/// offers beyond its rules ([`Capabilities`]).
pub trait Variant: BoardView + Features + Capabilities {}

impl<G: BoardView + Features + Capabilities> Variant for G {}

/// Code that runs with whichever variant was chosen. The generic method is
/// monomorphised for each variant, so the chosen game is a concrete type
/// inside it (no dynamic dispatch in hot loops).
pub trait Visitor {
    /// What the visit produces.
    type Output;
    /// Runs with the chosen variant, already configured.
    fn visit<G: Variant>(self, game: G) -> Self::Output;
}

/// Declares a registry: `Type => entry,` per variant, the default first.
/// It defines `ENTRIES` (the entries in that order) and `visit(name,
/// options, visitor)` (the dispatch) in the module it is invoked in; the
/// registry's tests invoke it again with a test-only variant.
macro_rules! registry {
    ($($variant:ty => $entry:expr,)+) => {
        /// Every variant's entry, the default first.
        pub const ENTRIES: &[$crate::registry::Entry] = &[$($entry),+];

        /// Builds the variant called `name` (case-insensitive), applies the
        /// rule options `(name, value)` in order, and hands it to `visitor`.
        pub fn visit<V: $crate::registry::Visitor>(
            name: &str,
            options: &[(String, String)],
            visitor: V,
        ) -> Result<V::Output, $crate::game::GameError> {
            let index = $crate::registry::index(ENTRIES, name)?;
            let mut i = 0;
            $(
                if i == index {
                    let game = $crate::registry::configured::<$variant>(options)?;
                    return Ok(visitor.visit(game));
                }
                i += 1;
            )+
            let _ = i;
            Err($crate::registry::unknown(ENTRIES, name))
        }
    };
}
#[cfg(test)]
pub(crate) use registry;

registry! {
    crate::variants::oware::Oware => Entry {
        tables: true,
        weight_files: true,
        training_data: true,
        book: true,
        ogn: true,
        ..Entry::plain("oware")
    },
    crate::variants::colors12::Colors12 => Entry {
        seeds: &[SeedKind::Red, SeedKind::Black, SeedKind::Special],
        bench_shallower: 7,
        ..Entry::plain("colors12")
    },
    crate::variants::colors16::Colors16 => Entry {
        seeds: &[SeedKind::Red, SeedKind::Blue],
        bench_shallower: 5,
        ..Entry::plain("colors16")
    },
    crate::variants::transparent::Transparent80 => Entry {
        seeds: &[SeedKind::Red, SeedKind::Blue, SeedKind::Clear],
        bench_shallower: 7,
        ..Entry::plain("transparent80")
    },
    // The 2025/26 referee disqualifies a move after 1 s: 800 ms leaves
    // 200 ms for the relay and a loaded machine.
    crate::variants::transparent::Transparent96 => Entry {
        seeds: &[SeedKind::Red, SeedKind::Blue, SeedKind::Clear],
        arbiter_movetime_ms: 800,
        bench_shallower: 7,
        ..Entry::plain("transparent96")
    },
}

/// A variant with its default rules, then each option applied in order.
pub fn configured<G: Game>(options: &[(String, String)]) -> Result<G, GameError> {
    let mut game = G::default();
    for (name, value) in options {
        game.set_option(name, value)?;
    }
    Ok(game)
}

/// The names of every variant, the default first.
pub const NAMES: &[&str] = &names::<{ ENTRIES.len() }>(ENTRIES);

/// The names of `entries`, in order.
const fn names<const N: usize>(entries: &[Entry]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = entries[i].name;
        i += 1;
    }
    out
}

/// The default variant: the first entry.
pub const DEFAULT: &Entry = &ENTRIES[0];

/// The entry of the variant called `name` (case-insensitive).
pub fn find(name: &str) -> Option<&'static Entry> {
    ENTRIES.iter().find(|e| e.name.eq_ignore_ascii_case(name))
}

/// The entry of `game`'s variant; `None` for a game the registry does not
/// list (a test's).
pub fn entry_of<G: Game>(game: &G) -> Option<&'static Entry> {
    find(game.name())
}

/// Whether `name` (case-insensitive) is the default variant.
pub fn is_default(name: &str) -> bool {
    name.eq_ignore_ascii_case(DEFAULT.name)
}

/// The names of the variants whose entry satisfies `offers`, in order.
pub fn names_where(offers: impl Fn(&Entry) -> bool) -> Vec<&'static str> {
    ENTRIES
        .iter()
        .filter(|e| offers(e))
        .map(|e| e.name)
        .collect()
}

/// Whether `name` (case-insensitive) names the variant `G`: for code that
/// works on one variant's type (OGN, `datagen`, `tables probe`).
pub fn is_variant<G: Game>(name: &str) -> bool {
    name.eq_ignore_ascii_case(G::default().name())
}

/// The variant `G` with the rule options `(name, value)` applied in order,
/// when `name` names it; an error naming the variant `G` otherwise.
pub fn build<G: Game>(name: &str, options: &[(String, String)]) -> Result<G, GameError> {
    if !is_variant::<G>(name) {
        return Err(GameError::new(format!(
            "variant '{name}': only {} is supported here",
            G::default().name()
        )));
    }
    configured(options)
}

/// The rule options of the variant called `name`, with their defaults.
pub fn options(name: &str) -> Result<Vec<OptionInfo>, GameError> {
    struct Options;
    impl Visitor for Options {
        type Output = Vec<OptionInfo>;
        fn visit<G: Variant>(self, game: G) -> Vec<OptionInfo> {
            game.options()
        }
    }
    visit(name, &[], Options)
}

/// The index in `entries` of the variant called `name` (case-insensitive).
pub(crate) fn index(entries: &[Entry], name: &str) -> Result<usize, GameError> {
    entries
        .iter()
        .position(|e| e.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| unknown(entries, name))
}

/// The error for a variant name `entries` does not list.
pub(crate) fn unknown(entries: &[Entry], name: &str) -> GameError {
    let names: Vec<&str> = entries.iter().map(|e| e.name).collect();
    GameError::new(format!(
        "unknown variant '{name}' (expected one of: {})",
        names.join(", ")
    ))
}
