//! The text of one hole in the colour variants' position strings: counts
//! each followed by a colour letter (`2R2B`, `3R3B1S`), or `0` when empty.
//! Shared by `colors16` and `colors12`, which differ only in their letters.

/// One kind of seed in a hole: the letter written and every letter accepted
/// for it on input (any case).
pub(crate) struct Kind {
    /// The letter written by the formatter.
    pub letter: char,
    /// The letters accepted by the parser, upper case.
    pub accepted: &'static [char],
    /// The seed's name, for messages.
    pub name: &'static str,
}

impl Kind {
    /// The kind written `letter`, read from any of `accepted` (upper case),
    /// called `name` in messages.
    pub const fn new(letter: char, accepted: &'static [char], name: &'static str) -> Kind {
        Kind {
            letter,
            accepted,
            name,
        }
    }
}

/// Red seeds, written and read `R` in every colour variant.
pub(crate) const RED: Kind = Kind::new('R', &['R'], "red");

/// Parses one hole field into one count per kind. `limit` bounds each count
/// (the seeds of that kind in the whole game) so no sum can overflow.
pub(crate) fn parse<const K: usize>(
    field: &str,
    kinds: &[Kind; K],
    limit: u32,
) -> Result<[u32; K], String> {
    if field.is_empty() {
        return Err("is empty (write 0 for an empty hole)".into());
    }
    if field == "0" {
        return Ok([0; K]);
    }
    let mut counts = [0u32; K];
    let mut seen = [false; K];
    let mut digits = String::new();
    for c in field.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let upper = c.to_ascii_uppercase();
        let Some(k) = kinds.iter().position(|k| k.accepted.contains(&upper)) else {
            let letters: Vec<String> = kinds.iter().map(|k| k.letter.to_string()).collect();
            return Err(format!(
                "'{c}' is not a seed letter (expected counts followed by {})",
                letters.join(", ")
            ));
        };
        if digits.is_empty() {
            return Err(format!("'{c}' has no count before it"));
        }
        if seen[k] {
            return Err(format!("gives the {} seeds twice", kinds[k].name));
        }
        seen[k] = true;
        let n: u32 = match digits.parse() {
            Ok(n) if n <= limit => n,
            _ => {
                return Err(format!(
                    "holds {digits} {} seeds, more than the game has",
                    kinds[k].name
                ))
            }
        };
        counts[k] = n;
        digits.clear();
    }
    if !digits.is_empty() {
        return Err(format!(
            "ends with the count {digits} but no seed letter after it"
        ));
    }
    Ok(counts)
}

/// Parses the hole fields of a position string (one per hole, in order)
/// into one row of counts per kind, and each kind's total over the holes.
/// The error names the hole and its field (`hole 3 '3X' ...`).
pub(crate) fn parse_holes<const K: usize, const H: usize>(
    fields: &[&str],
    kinds: &[Kind; K],
    limit: u32,
) -> Result<([[u8; H]; K], [u32; K]), String> {
    debug_assert!(fields.len() == H && limit <= u8::MAX as u32);
    let mut counts = [[0u8; H]; K];
    let mut totals = [0u32; K];
    for (i, field) in fields.iter().enumerate() {
        let hole =
            parse(field, kinds, limit).map_err(|why| format!("hole {} '{field}' {why}", i + 1))?;
        for k in 0..K {
            totals[k] += hole[k];
            counts[k][i] = hole[k] as u8;
        }
    }
    Ok((counts, totals))
}

/// Writes a hole: each non-zero count followed by its letter, or `0`.
pub(crate) fn format<const K: usize>(counts: [u32; K], kinds: &[Kind; K]) -> String {
    let mut out = String::new();
    for (n, kind) in counts.iter().zip(kinds) {
        if *n > 0 {
            out.push_str(&n.to_string());
            out.push(kind.letter);
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [Kind; 3] = [
        RED,
        Kind::new('B', &['B', 'N'], "black"),
        Kind::new('S', &['S'], "special"),
    ];

    #[test]
    fn reads_counts_in_any_order_and_case() {
        assert_eq!(parse("3R3B1S", &KINDS, 36), Ok([3, 3, 1]));
        assert_eq!(parse("1s12n", &KINDS, 36), Ok([0, 12, 1]));
        assert_eq!(parse("0", &KINDS, 36), Ok([0, 0, 0]));
        assert_eq!(format([3, 0, 1], &KINDS), "3R1S");
        assert_eq!(format([0, 0, 0], &KINDS), "0");
    }

    #[test]
    fn reads_rows_of_holes_and_their_totals() {
        let (counts, totals) = parse_holes::<3, 3>(&["3R1S", "0", "2B"], &KINDS, 36).unwrap();
        assert_eq!(counts, [[3, 0, 0], [0, 0, 2], [1, 0, 0]]);
        assert_eq!(totals, [3, 2, 1]);
        let err = parse_holes::<3, 3>(&["3R", "3X", "0"], &KINDS, 36).unwrap_err();
        assert!(err.starts_with("hole 2 '3X' "), "{err}");
    }

    #[test]
    fn refuses_malformed_fields() {
        for bad in ["", "R", "3X", "3R3R", "3R3", "99999999999999R", "37R"] {
            assert!(parse(bad, &KINDS, 36).is_err(), "{bad}");
        }
    }
}
