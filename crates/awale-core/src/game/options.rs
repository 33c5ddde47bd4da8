//! Descriptions of rule options, so that the protocol can list them
//! (`option name ... type ...`) without knowing any variant.

use super::GameError;

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of a fixed list of words.
    Combo {
        /// Every accepted value, lower case.
        values: Vec<&'static str>,
    },
    /// `true` or `false`.
    Check,
}

/// One option of a variant, with its default and current value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The option's name as written in `setoption` (matched case-insensitively).
    pub name: &'static str,
    /// The values it takes.
    pub kind: OptionKind,
    /// The value of a fresh variant.
    pub default: String,
    /// The value now in force.
    pub current: String,
}

/// Parses a `check` option value (`true`/`false`, any case).
pub fn parse_bool(name: &str, value: &str) -> Result<bool, GameError> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(GameError::new(format!(
            "option {name}: '{value}' is not a valid value (expected true or false)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_are_case_insensitive_and_strict() {
        assert_eq!(parse_bool("MustFeed", "TRUE"), Ok(true));
        assert_eq!(parse_bool("MustFeed", "false"), Ok(false));
        let err = parse_bool("MustFeed", "yes").unwrap_err().to_string();
        assert!(err.contains("MustFeed") && err.contains("yes"), "{err}");
    }
}
