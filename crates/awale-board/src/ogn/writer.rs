//! Writing OGN as Aualé does: its tag roster first, then the moves with
//! their numbers, capture counts and comments, filled into lines of at
//! most 79 characters. Variations are not written.

use super::reader::result_text;
use super::{OgnError, OgnGame, RESERVED, ROSTER, VARIANT};
use crate::records::push_tag;
use crate::saved::changed_options;
use awale_core::game::{Game, Line, Side};

/// The longest line of moves.
const WIDTH: usize = 79;

/// Writes games one after the other, separated by a blank line.
pub fn write_games(games: &[OgnGame]) -> Result<String, OgnError> {
    let texts = games
        .iter()
        .enumerate()
        .map(|(i, g)| write_game(g).map_err(|e| OgnError::new(0, format!("game {}: {e}", i + 1))))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(texts.join("\n"))
}

/// Writes one game: tags, a blank line, the moves and the result, each
/// line ended by a newline. Fails when a move is not legal where it is
/// played (a game read from a file always is).
pub fn write_game(game: &OgnGame) -> Result<String, OgnError> {
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| push_tag(&mut text, name, value);
    tag("Variant", VARIANT);
    for name in ROSTER {
        tag(name, game.tag(name).unwrap_or("?"));
    }
    tag("Result", &result_text(game.result));
    if game.start != game.rules.start() {
        tag("FEN", &game.rules.format_position(&game.start));
    }
    let options = changed_options(&game.rules);
    if !options.is_empty() {
        tag("Options", &options.join(" "));
    }
    for (name, value) in &game.tags {
        let known = ROSTER.contains(&name.as_str()) || RESERVED.contains(&name.as_str());
        let word = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !known && word {
            tag(name, value);
        }
    }
    text.push('\n');
    let mut filler = Filler::default();
    if let Some(comment) = &game.comment {
        filler.comment(comment);
    }
    let mut line = Line::from_position(game.rules.clone(), game.start);
    for (i, m) in game.moves.iter().enumerate() {
        let pos = *line.position();
        let side = game.rules.side_to_move(&pos);
        let north_first = game.rules.side_to_move(&game.start) == Side::North;
        let number = game.first_number as usize + (i + usize::from(north_first)) / 2;
        match side {
            Side::South => filler.word(&format!("{number}.")),
            Side::North if i == 0 => filler.word(&format!("{number}...")),
            Side::North => {}
        }
        line.play(m.mv)
            .map_err(|e| OgnError::new(0, format!("move {}: {e}", i + 1)))?;
        let captured = game.rules.scores(line.position())[side.index()]
            - game.rules.scores(&pos)[side.index()];
        let letter = awale_core::variants::oware::Notation::Letters.format(m.mv.hole());
        match captured {
            0 => filler.word(&letter),
            n => filler.word(&format!("{letter}+{n}")),
        }
        if let Some(comment) = &m.comment {
            filler.comment(comment);
        }
    }
    filler.word(&result_text(game.result));
    text.push_str(&filler.finish());
    Ok(text)
}

/// Lines filled word by word up to [`WIDTH`] characters.
#[derive(Default)]
struct Filler {
    done: String,
    line: String,
}

impl Filler {
    fn word(&mut self, word: &str) {
        if self.line.is_empty() {
            self.line.push_str(word);
        } else if self.line.chars().count() + 1 + word.chars().count() <= WIDTH {
            self.line.push(' ');
            self.line.push_str(word);
        } else {
            self.done.push_str(&self.line);
            self.done.push('\n');
            self.line = word.to_string();
        }
    }

    /// `{ words }`, braces inside the text written as parentheses (a
    /// comment cannot hold its own end).
    fn comment(&mut self, text: &str) {
        self.word("{");
        for word in text.split_whitespace() {
            self.word(&word.replace('{', "(").replace('}', ")"));
        }
        self.word("}");
    }

    fn finish(mut self) -> String {
        if !self.line.is_empty() {
            self.done.push_str(&self.line);
            self.done.push('\n');
        }
        self.done
    }
}
