//! The hole number that starts a move in the colour variants' notation
//! (`14B`, `3R2`, `5`): read here, the rest is the variant's.

use crate::game::GameError;

/// Splits the move `t` (already trimmed) into the hole index its leading
/// number names (1..=`holes`, as an index 0..`holes`) and the text after it.
/// Without a leading number the error is `malformed move '<t>': <expected>`.
pub(crate) fn hole_number<'a>(
    t: &'a str,
    holes: usize,
    expected: &str,
) -> Result<(usize, &'a str), GameError> {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let (number, rest) = t.split_at(digits);
    if number.is_empty() {
        return Err(GameError::new(format!("malformed move '{t}': {expected}")));
    }
    match number.parse::<usize>() {
        Ok(n) if (1..=holes).contains(&n) => Ok((n - 1, rest)),
        _ => Err(GameError::new(format!(
            "malformed move '{t}': hole numbers run from 1 to {holes}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_number_and_the_rest() {
        assert_eq!(hole_number("14B", 16, "x"), Ok((13, "B")));
        assert_eq!(hole_number("5", 12, "x"), Ok((4, "")));
        assert_eq!(
            hole_number("R3", 12, "expected a hole")
                .unwrap_err()
                .to_string(),
            "malformed move 'R3': expected a hole"
        );
        assert_eq!(
            hole_number("13R", 12, "x").unwrap_err().to_string(),
            "malformed move '13R': hole numbers run from 1 to 12"
        );
        assert!(hole_number("0B", 16, "x").is_err());
    }
}
