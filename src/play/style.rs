//! Colour for the terminal game: the seeds of the colour variants in their
//! colour, oware's seed counts in the seeds' own (empty holes faint), the
//! captured totals, the last move and captures highlighted. Colour is only ever
//! added to text that reads the same without it, so a pipe, a
//! non-terminal or `NO_COLOR` simply gets the plain text.

use std::ffi::OsStr;
use std::io::IsTerminal;

use crate::registry;
use crate::variants::view::SeedKind;

/// ANSI colour codes (SGR parameters).
const RED: &str = "31";
const BLUE: &str = "34";
const GREY: &str = "90";
const YELLOW: &str = "33";
const FAINT: &str = "2";
const MOVE: &str = "1;33";
const CAPTURE: &str = "1;32";
/// Plain seeds (a count alone, as oware's).
const SEEDS: &str = "33";
/// The captured totals of a drawing.
const CAPTURED: &str = "32";

/// Whether and how to colour the output.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    on: bool,
}

impl Style {
    /// Plain text: no escape codes at all.
    pub const PLAIN: Style = Style { on: false };
    /// Colour, whatever the output is.
    pub const COLOUR: Style = Style { on: true };

    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty
    /// (see no-color.org).
    pub fn detect() -> Style {
        Style::choose(
            std::env::var_os("NO_COLOR").as_deref(),
            std::io::stdout().is_terminal(),
        )
    }

    /// The choice of [`Style::detect`] for a `NO_COLOR` value and whether
    /// stdout is a terminal.
    fn choose(no_color: Option<&OsStr>, terminal: bool) -> Style {
        let no_color = no_color.is_some_and(|v| !v.is_empty());
        Style {
            on: terminal && !no_color,
        }
    }

    /// Whether escape codes are written.
    pub fn is_colour(self) -> bool {
        self.on
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// A move just played.
    pub fn played(self, text: &str) -> String {
        self.paint(MOVE, text)
    }

    /// A capture.
    pub fn capture(self, text: &str) -> String {
        self.paint(CAPTURE, text)
    }

    /// A variant's board drawing with each count of coloured seeds (a
    /// number followed by its colour letter, as `3R2B`) in its colour, the
    /// bare counts of a row of holes (a line that starts with its side's
    /// name, as oware's) in the seeds' colour, faint when 0, and the
    /// captured totals (from the word `captured` on) in green. Hole labels
    /// are left alone.
    pub fn board(self, variant: &str, text: &str) -> String {
        if !self.on {
            return text.to_string();
        }
        let lines: Vec<String> = text
            .split('\n')
            .map(|line| {
                let row = line.starts_with("North") || line.starts_with("South");
                let (holes, captured) = line.split_at(line.find("captured").unwrap_or(line.len()));
                let mut out = self.seeds(variant, holes, row);
                if !captured.is_empty() {
                    out += &self.paint(CAPTURED, captured);
                }
                out
            })
            .collect();
        lines.join("\n")
    }

    /// One line of a drawing with its seeds painted; `row` when the line's
    /// bare numbers are seed counts.
    fn seeds(self, variant: &str, text: &str, row: bool) -> String {
        let mut out = String::with_capacity(text.len() * 2);
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let code = chars
                .get(i)
                .filter(|_| i > start)
                .and_then(|&c| seed_colour(variant, c));
            match code {
                Some(code) => {
                    let seeds: String = chars[start..=i].iter().collect();
                    out += &self.paint(code, &seeds);
                    i += 1;
                }
                None if i > start && row => {
                    let count: String = chars[start..i].iter().collect();
                    let code = if count.bytes().all(|b| b == b'0') {
                        FAINT
                    } else {
                        SEEDS
                    };
                    out += &self.paint(code, &count);
                }
                None if i > start => out.extend(&chars[start..i]),
                None => {
                    out.push(chars[i]);
                    i += 1;
                }
            }
        }
        out
    }
}

/// The colour of a seed letter of `variant`'s drawings, found by the kind
/// of seed the letter stands for in that variant (its registry entry):
/// red seeds red, blue seeds blue, black seeds grey (black is invisible on
/// most terminals), special seeds yellow, transparent seeds faint.
fn seed_colour(variant: &str, letter: char) -> Option<&'static str> {
    let kind = registry::find(variant)?
        .seeds
        .iter()
        .find(|k| k.letter() == Some(letter))?;
    match kind {
        SeedKind::Plain => None,
        SeedKind::Red => Some(RED),
        SeedKind::Blue => Some(BLUE),
        SeedKind::Black => Some(GREY),
        SeedKind::Special => Some(YELLOW),
        SeedKind::Clear => Some(FAINT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_on_a_terminal_unless_no_color_is_set() {
        let set = Some(OsStr::new("1"));
        let empty = Some(OsStr::new(""));
        assert_eq!(Style::choose(None, true), Style::COLOUR);
        assert_eq!(Style::choose(empty, true), Style::COLOUR);
        assert_eq!(Style::choose(set, true), Style::PLAIN);
        assert_eq!(Style::choose(None, false), Style::PLAIN);
        assert_eq!(Style::choose(set, false), Style::PLAIN);
    }

    #[test]
    fn plain_text_is_left_alone() {
        let text = " 1*2R2B   2 0     \nSouth 4 4";
        assert_eq!(Style::PLAIN.board("colors16", text), text);
        assert_eq!(Style::PLAIN.played("C"), "C");
    }

    #[test]
    fn seeds_are_painted_in_their_colour() {
        let out = Style::COLOUR.board("colors16", " 1*2R12B  3 0");
        assert_eq!(out, " 1*\x1b[31m2R\x1b[0m\x1b[34m12B\x1b[0m  3 0");
        let out = Style::COLOUR.board("colors12", "3R3B1S");
        assert_eq!(out, "\x1b[31m3R\x1b[0m\x1b[90m3B\x1b[0m\x1b[33m1S\x1b[0m");
        let out = Style::COLOUR.board("transparent96", "2R2B2T");
        assert!(out.ends_with("\x1b[2m2T\x1b[0m"), "{out:?}");
        // Oware's hole labels are left alone.
        let text = "   A   B\n";
        assert_eq!(Style::COLOUR.board("oware", text), text);
    }

    #[test]
    fn oware_pits_are_painted_when_colour_is_on() {
        use crate::game::Game;
        let game = crate::variants::oware::Oware::default();
        let start = game.start();
        let pos = game.play(&start, game.parse_move(&start, "C").unwrap());
        let drawing = game.render(&pos);
        let out = Style::COLOUR.board(game.name(), &drawing);
        // C emptied its hole and made D, E, F and a 5: every pit painted,
        // the empty one faint.
        let four = format!("\x1b[{SEEDS}m4\x1b[0m");
        let five = format!("\x1b[{SEEDS}m5\x1b[0m");
        assert_eq!(out.matches(&four).count(), 7, "{out}");
        assert_eq!(out.matches(&five).count(), 4, "{out}");
        assert_eq!(out.matches("\x1b[2m0\x1b[0m").count(), 1, "{out}");
        assert_eq!(out.matches("\x1b[32mcaptured 0\x1b[0m").count(), 2, "{out}");
        // The labels are not painted, and without colour nothing is.
        assert!(out.contains("   A   B   C"), "{out}");
        assert_eq!(Style::PLAIN.board(game.name(), &drawing), drawing);
    }
}
