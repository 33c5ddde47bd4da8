//! The fields that every variant's position string ends with:
//! `<south score>-<north score>-<S|N>`.

use crate::game::Side;

/// Reads the two score fields, South's then North's: digits only, each at
/// most `seeds` (the seeds of the game). The error names the field.
pub(crate) fn parse_scores(fields: &[&str], seeds: u32) -> Result<[u8; 2], String> {
    debug_assert!(fields.len() == 2 && seeds <= u8::MAX as u32);
    let mut scores = [0u8; 2];
    for (s, field) in fields.iter().enumerate() {
        let who = if s == 0 { "South's" } else { "North's" };
        match field.parse::<u32>() {
            Ok(v) if field.bytes().all(|b| b.is_ascii_digit()) && v <= seeds => scores[s] = v as u8,
            _ => {
                return Err(format!(
                    "{who} score '{field}' is not a number from 0 to {seeds}"
                ))
            }
        }
    }
    Ok(scores)
}

/// Writes the scores and the side to move (`0` South, `1` North) as they end
/// a position string, without a leading `-`.
pub(crate) fn scores_and_side(scores: [u32; 2], side: usize) -> String {
    format!(
        "{}-{}-{}",
        scores[0],
        scores[1],
        Side::from_index(side).letter()
    )
}

/// Writes a position string: the text of each hole in order, then the
/// scores and the side to move, separated by `-`.
pub(crate) fn format(holes: impl Iterator<Item = String>, scores: [u32; 2], side: usize) -> String {
    let mut out = String::with_capacity(100);
    for hole in holes {
        out.push_str(&hole);
        out.push('-');
    }
    out.push_str(&scores_and_side(scores, side));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_and_write() {
        assert_eq!(parse_scores(&["12", "0"], 64), Ok([12, 0]));
        assert_eq!(scores_and_side([12, 0], 1), "12-0-N");
        for bad in [["+1", "0"], ["1", "65"], ["", "0"], ["1", "x"]] {
            assert!(parse_scores(&bad, 64).is_err(), "{bad:?}");
        }
        let err = parse_scores(&["1", "65"], 64).unwrap_err();
        assert_eq!(err, "North's score '65' is not a number from 0 to 64");
    }
}
