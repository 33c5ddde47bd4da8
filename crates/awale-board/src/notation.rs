//! Moves as people and other programs write them, read into the engine's
//! notation.

/// Splits every word made only of two or more ASCII letters into one move
/// per letter, so that a run such as `FfEaCe` (how Aalina's GUI writes oware
/// moves) reads as `F f E a C e`. No variant has a move written with letters
/// only and longer than one letter, so the rule is safe for all of them.
/// The command line's `--moves` reads moves the same way.
pub fn expand_moves<'a>(moves: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for m in moves {
        if m.len() >= 2 && m.bytes().all(|b| b.is_ascii_alphabetic()) {
            for c in m.chars() {
                out.push(c);
                out.push(' ');
            }
        } else {
            out.push_str(m);
            out.push(' ');
        }
    }
    out
}
