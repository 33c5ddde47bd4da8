//! The variants the engine plays, each in its folder, and how a name chosen
//! at run time selects one of them for code that is generic over [`Game`]
//! (through [`registry`], the one list of them).

pub mod colors12;
pub mod colors16;
pub mod family16;
pub(crate) mod hole_bytes;
pub(crate) mod hole_text;
pub(crate) mod move_text;
pub mod oware;
pub(crate) mod packing;
pub(crate) mod position_text;
pub mod registry;
pub mod transparent;
pub mod view;
pub mod weight_file;

use crate::game::{Game, GameError};

pub use registry::{Evaluation, NAMES};

/// Code that runs with whichever variant the user chose and needs only its
/// rules: a [`registry::Visitor`] that asks less.
pub trait VariantVisitor {
    /// What the visit produces.
    type Output;
    /// Runs with the chosen variant, already configured.
    fn visit<G: Game>(self, game: G) -> Self::Output;
}

/// Builds the variant called `name` (case-insensitive), applies the rule
/// options `(name, value)` in order, and hands it to `visitor`: the
/// registry's dispatch ([`registry::visit`]) for a visit that needs only
/// the game.
pub fn with_variant<V: VariantVisitor>(
    name: &str,
    options: &[(String, String)],
    visitor: V,
) -> Result<V::Output, GameError> {
    /// A plain visitor seen as one that may use the whole variant.
    struct Plain<V>(V);
    impl<V: VariantVisitor> registry::Visitor for Plain<V> {
        type Output = V::Output;
        fn visit<G: registry::Variant>(self, game: G) -> V::Output {
            self.0.visit(game)
        }
    }
    registry::visit(name, options, Plain(visitor))
}

/// A variant with its default rules, then each option applied in order.
pub fn configured<G: Game>(options: &[(String, String)]) -> Result<G, GameError> {
    let mut game = G::default();
    for (name, value) in options {
        game.set_option(name, value)?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl VariantVisitor for Name {
        type Output = &'static str;
        fn visit<G: Game>(self, game: G) -> &'static str {
            game.name()
        }
    }

    #[test]
    fn every_listed_name_builds() {
        for name in NAMES {
            assert_eq!(with_variant(name, &[], Name).unwrap(), *name);
        }
        assert_eq!(with_variant("OWARE", &[], Name).unwrap(), "oware");
    }

    #[test]
    fn unknown_variants_and_options_are_errors() {
        let err = with_variant("chess", &[], Name).unwrap_err().to_string();
        assert!(err.contains("chess") && err.contains("oware"), "{err}");
        let opts = vec![("Frobnicate".to_string(), "1".to_string())];
        let err = with_variant("oware", &opts, Name).unwrap_err().to_string();
        assert!(err.contains("Frobnicate"), "{err}");
    }
}
