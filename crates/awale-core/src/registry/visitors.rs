//! The registry's dispatch for code that needs less of a variant than all
//! it offers: only its rules ([`VariantVisitor`]), or its rules and board
//! view ([`ViewVisitor`]).

use super::{visit, Variant, Visitor};
use crate::game::{Game, GameError};
use crate::variants::view::BoardView;

/// Code that runs with whichever variant the user chose and needs only its
/// rules: a [`Visitor`] that asks less.
pub trait VariantVisitor {
    /// What the visit produces.
    type Output;
    /// Runs with the chosen variant, already configured.
    fn visit<G: Game>(self, game: G) -> Self::Output;
}

/// Builds the variant called `name` (case-insensitive), applies the rule
/// options `(name, value)` in order, and hands it to `visitor`: the
/// registry's dispatch ([`visit`]) for a visit that needs only
/// the game.
pub fn with_variant<V: VariantVisitor>(
    name: &str,
    options: &[(String, String)],
    visitor: V,
) -> Result<V::Output, GameError> {
    /// A plain visitor seen as one that may use the whole variant.
    struct Plain<V>(V);
    impl<V: VariantVisitor> Visitor for Plain<V> {
        type Output = V::Output;
        fn visit<G: Variant>(self, game: G) -> V::Output {
            self.0.visit(game)
        }
    }
    visit(name, options, Plain(visitor))
}

/// Code that runs with whichever variant was chosen, with its board view.
pub trait ViewVisitor {
    /// What the visit produces.
    type Output;
    /// Runs with the chosen variant, already configured.
    fn visit<G: BoardView>(self, game: G) -> Self::Output;
}

/// Builds the variant called `name` (case-insensitive) with the rule
/// options `(name, value)` applied in order, and hands it to `visitor`: the
/// registry's dispatch ([`visit`]) for code that needs the board
/// view.
pub fn with_view<V: ViewVisitor>(
    name: &str,
    options: &[(String, String)],
    visitor: V,
) -> Result<V::Output, GameError> {
    /// A view visitor seen as one that may use the whole variant.
    struct Viewing<V>(V);
    impl<V: ViewVisitor> Visitor for Viewing<V> {
        type Output = V::Output;
        fn visit<G: Variant>(self, game: G) -> V::Output {
            self.0.visit(game)
        }
    }
    visit(name, options, Viewing(visitor))
}
