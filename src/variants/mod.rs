//! The variants the engine plays, and how a name chosen at run time selects
//! one of them for code that is generic over [`Game`].

pub mod colors12;
pub mod colors16;
pub mod family16;
pub(crate) mod hole_bytes;
pub(crate) mod hole_text;
pub(crate) mod move_text;
pub mod oware;
pub(crate) mod packing;
pub(crate) mod position_text;
pub mod transparent;
pub mod view;

use crate::game::{Game, GameError};

/// The names of every variant, the default first.
pub const NAMES: &[&str] = &[
    "oware",
    "colors12",
    "colors16",
    "transparent80",
    "transparent96",
];

/// Code that runs with whichever variant the user chose. The generic method
/// is monomorphised for each variant, so the chosen game is a concrete type
/// inside it (no dynamic dispatch in hot loops).
pub trait VariantVisitor {
    /// What the visit produces.
    type Output;
    /// Runs with the chosen variant, already configured.
    fn visit<G: Game>(self, game: G) -> Self::Output;
}

/// Builds the variant called `name` (case-insensitive), applies the rule
/// options `(name, value)` in order, and hands it to `visitor`.
pub fn with_variant<V: VariantVisitor>(
    name: &str,
    options: &[(String, String)],
    visitor: V,
) -> Result<V::Output, GameError> {
    match name.to_ascii_lowercase().as_str() {
        "oware" => Ok(visitor.visit(configured::<oware::Oware>(options)?)),
        "colors12" => Ok(visitor.visit(configured::<colors12::Colors12>(options)?)),
        "colors16" => Ok(visitor.visit(configured::<colors16::Colors16>(options)?)),
        "transparent80" => Ok(visitor.visit(configured::<transparent::Transparent80>(options)?)),
        "transparent96" => Ok(visitor.visit(configured::<transparent::Transparent96>(options)?)),
        _ => Err(GameError::new(format!(
            "unknown variant '{name}' (expected one of: {})",
            NAMES.join(", ")
        ))),
    }
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
