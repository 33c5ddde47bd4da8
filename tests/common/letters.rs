//! The simple reference models' reading and writing of position strings:
//! each hole as a vector of seed letters (`2R1T` is `['R', 'R', 'T']`).
//! Shared by the reference models of the colour variants; nothing here
//! comes from the engine.

/// The holes of a position string's first `holes` fields, indexed from 1
/// (`result[0]` is empty), then the two scores and the side (0 for `S`).
pub fn read(text: &str, holes: usize) -> (Vec<Vec<char>>, [u32; 2], usize) {
    let fields: Vec<&str> = text.split('-').collect();
    assert_eq!(fields.len(), holes + 3, "{text}");
    let mut out = vec![Vec::new(); holes + 1];
    for (i, field) in fields[..holes].iter().enumerate() {
        let mut count = 0;
        for c in field.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d as usize;
            } else {
                out[i + 1].extend(std::iter::repeat(c).take(count));
                count = 0;
            }
        }
    }
    let scores = [
        fields[holes].parse().unwrap(),
        fields[holes + 1].parse().unwrap(),
    ];
    let side = if fields[holes + 2] == "S" { 0 } else { 1 };
    (out, scores, side)
}

/// The position string of `holes` (indexed from 1), each hole's counts
/// written in the order of `letters`, then the scores and the side.
pub fn write(holes: &[Vec<char>], letters: &[char], scores: [u32; 2], side: usize) -> String {
    let mut out = String::new();
    for hole in &holes[1..] {
        let mut cell = String::new();
        for &letter in letters {
            let n = hole.iter().filter(|&&c| c == letter).count();
            if n > 0 {
                cell += &format!("{n}{letter}");
            }
        }
        if cell.is_empty() {
            cell.push('0');
        }
        out += &cell;
        out.push('-');
    }
    out + &format!(
        "{}-{}-{}",
        scores[0],
        scores[1],
        if side == 0 { 'S' } else { 'N' }
    )
}
