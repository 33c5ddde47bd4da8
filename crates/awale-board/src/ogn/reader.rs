//! Reading OGN: the tokens of [`super::lexer`] grouped into games, each
//! replayed with the `oware` rules so that every move, capture count and
//! result is checked; the first problem is an error naming its line.

use super::lexer::{tokens, Lexed, Token};
use super::{OgnError, OgnGame, OgnMove, ROSTER, VARIANT};
use awale_core::game::{Game, Line, Side};
use awale_core::registry;
use awale_core::variants::oware::{Board, Oware, SEEDS};

/// Reads the games of an OGN file's bytes: the text must be UTF-8 (a
/// leading byte-order mark is skipped).
pub fn parse_bytes(bytes: &[u8]) -> Result<Vec<OgnGame>, OgnError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let good = e.valid_up_to();
            let line = 1 + bytes[..good].iter().filter(|&&b| b == b'\n').count();
            Err(OgnError::new(
                line,
                format!("the text is not valid UTF-8 (byte {good} of the file)"),
            ))
        }
    }
}

/// Reads the games of an OGN text, in order.
pub fn parse(text: &str) -> Result<Vec<OgnGame>, OgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut pending: Option<Pending> = None;
    for lexed in tokens(text)? {
        let starts_game = match &pending {
            None => true,
            Some(p) => matches!(lexed.token, Token::Tag(..)) && !p.body.is_empty(),
        };
        if starts_game {
            if let Some(done) = pending.take() {
                games.push(done.build()?);
            }
            pending = Some(Pending {
                tags: Vec::new(),
                body: Vec::new(),
                line: lexed.line,
            });
        }
        let Some(p) = pending.as_mut() else {
            continue;
        };
        p.line = lexed.line;
        let ends = matches!(lexed.token, Token::Result(_));
        match lexed.token {
            Token::Tag(name, value) => p.tags.push((name, value, lexed.line)),
            _ => p.body.push(lexed),
        }
        if ends {
            if let Some(done) = pending.take() {
                games.push(done.build()?);
            }
        }
    }
    if let Some(done) = pending {
        games.push(done.build()?);
    }
    Ok(games)
}

/// One game's tokens, not yet checked.
struct Pending {
    /// `(name, value, line)`.
    tags: Vec<(String, String, usize)>,
    /// The tokens after the tags, the result last when there is one.
    body: Vec<Lexed>,
    /// The line of the last token read.
    line: usize,
}

/// Reads a result as the `Result` tag writes it: `S-N` or `*`.
fn parse_result(text: &str, line: usize) -> Result<Option<[u32; 2]>, OgnError> {
    let bad = || {
        OgnError::new(
            line,
            format!("bad tag: Result '{text}' is not the final scores (such as 25-20) or *"),
        )
    };
    if text.trim() == "*" {
        return Ok(None);
    }
    let (s, n) = text.trim().split_once('-').ok_or_else(bad)?;
    let number = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
    };
    match (number(s), number(n)) {
        (Some(s), Some(n)) => Ok(Some([s, n])),
        _ => Err(bad()),
    }
}

/// A result as written: `S-N` or `*`.
pub(crate) fn result_text(result: Option<[u32; 2]>) -> String {
    match result {
        Some([s, n]) => format!("{s}-{n}"),
        None => "*".to_string(),
    }
}

/// A value and the line it was read on.
type Placed<T> = (T, usize);

impl Pending {
    /// Checks the game: its tags, then its moves replayed one by one, then
    /// its result against both the `Result` tag and the moves.
    fn build(self) -> Result<OgnGame, OgnError> {
        let header = Header::read(self.tags)?;
        let rules = header.rules()?;
        let start = header.start(&rules)?;
        let mut replay = Replay::new(rules, start, header.tags);
        let mut terminator = None;
        for Lexed { token, line: at } in self.body {
            match token {
                Token::Tag(name, _) => {
                    // The grouping puts tags before the moves; kept as an
                    // error rather than a panic should that ever change.
                    return Err(OgnError::new(at, format!("tag {name} among the moves")));
                }
                Token::Number { number, north } => replay.number(number, north, at)?,
                Token::Move { letter, captured } => replay.play(letter, captured, at)?,
                Token::Comment(text) => replay.comment(text),
                Token::Variation(text) => replay.variation(text, at)?,
                Token::Result(result) => terminator = Some((result, at)),
            }
        }
        let (result, at) = final_result(terminator, header.result, self.line)?;
        replay.finish(result, at)
    }
}

/// The tags of a game, sorted into those [`OgnGame`] holds in fields of
/// their own and the others.
struct Header {
    /// The tags kept as they are, in file order.
    tags: Vec<(String, String)>,
    fen: Option<Placed<String>>,
    options: Option<Placed<String>>,
    result: Option<Placed<Option<[u32; 2]>>>,
}

impl Header {
    /// Sorts the tags, checking `Variant` and `Result` in file order.
    fn read(tags: Vec<(String, String, usize)>) -> Result<Header, OgnError> {
        let mut header = Header {
            tags: Vec::new(),
            fen: None,
            options: None,
            result: None,
        };
        for (name, value, line) in tags {
            match name.as_str() {
                "Variant" => {
                    if !value.eq_ignore_ascii_case(VARIANT)
                        && !registry::is_variant::<Oware>(&value)
                    {
                        return Err(OgnError::new(
                            line,
                            format!(
                                "variant '{value}' is not supported: OGN is read for {VARIANT} (awale's oware) only"
                            ),
                        ));
                    }
                }
                "FEN" => header.fen = Some((value, line)),
                "Options" => header.options = Some((value, line)),
                "Result" => header.result = Some((parse_result(&value, line)?, line)),
                // The writer fills the roster with `?` for what is unknown.
                _ if value == "?" && ROSTER.contains(&name.as_str()) => {}
                _ => header.tags.push((name, value)),
            }
        }
        Ok(header)
    }

    /// The rules with the options of the `Options` tag.
    fn rules(&self) -> Result<Oware, OgnError> {
        let mut rules = Oware::default();
        if let Some((text, line)) = &self.options {
            for pair in text.split_whitespace() {
                let (name, value) = pair.split_once('=').ok_or_else(|| {
                    OgnError::new(*line, format!("bad tag: option '{pair}' is not NAME=VALUE"))
                })?;
                rules
                    .set_option(name, value)
                    .map_err(|e| OgnError::new(*line, format!("bad tag: Options: {e}")))?;
            }
        }
        Ok(rules)
    }

    /// The position of the `FEN` tag, or the rules' start.
    fn start(&self, rules: &Oware) -> Result<Board, OgnError> {
        match &self.fen {
            Some((text, line)) => rules
                .parse_position(text)
                .map_err(|e| OgnError::new(*line, format!("bad tag: FEN: {e}"))),
            None => Ok(rules.start()),
        }
    }
}

/// The result a game ends with: the one after its moves or, without one,
/// that of its `Result` tag; the two must agree. `last_line` is the line
/// of the game's last token, named when it has neither.
fn final_result(
    terminator: Option<Placed<Option<[u32; 2]>>>,
    tag: Option<Placed<Option<[u32; 2]>>>,
    last_line: usize,
) -> Result<Placed<Option<[u32; 2]>>, OgnError> {
    match (terminator, tag) {
        (Some((end, at)), Some((tag, tag_line))) if end != tag => Err(OgnError::new(
            at,
            format!(
                "the result {} disagrees with the Result tag {} of line {tag_line}",
                result_text(end),
                result_text(tag)
            ),
        )),
        (Some(found), _) | (None, Some(found)) => Ok(found),
        (None, None) => Err(OgnError::new(
            last_line,
            "the game has no result: end its moves with the final scores (such as 25-20) or *",
        )),
    }
}

/// A game's moves replayed as they are read: each move number, move and
/// capture count checked against the rules.
struct Replay {
    rules: Oware,
    /// The moves played so far.
    line: Line<Oware>,
    /// The game read so far.
    game: OgnGame,
    /// Whether North made the first move.
    north_first: bool,
    /// The number of the first move, known at the first move number.
    first_number: Option<u32>,
}

impl Replay {
    fn new(rules: Oware, start: Board, tags: Vec<(String, String)>) -> Replay {
        let mut game = OgnGame::new(rules.clone(), start);
        game.tags = tags;
        Replay {
            line: Line::from_position(rules.clone(), start),
            north_first: rules.side_to_move(&start) == Side::North,
            rules,
            game,
            first_number: None,
        }
    }

    /// A move number: it must name the side to move, and count on from
    /// the numbers before it.
    fn number(&mut self, number: u32, north: bool, at: usize) -> Result<(), OgnError> {
        let line = &self.line;
        let side = self.rules.side_to_move(line.position());
        let dots = if north { "..." } else { "." };
        if north != (side == Side::North) || line.is_over() {
            let whose = if north { Side::North } else { Side::South };
            let now = if line.is_over() {
                "the game is over".to_string()
            } else {
                format!("{side} is to move")
            };
            return Err(OgnError::new(
                at,
                format!("move number {number}{dots} comes before a move of {whose}, but {now}"),
            ));
        }
        let full = ((self.game.moves.len() + usize::from(self.north_first)) / 2) as u32;
        match self.first_number {
            None => {
                let first =
                    number
                        .checked_sub(full)
                        .filter(|&f| f >= 1)
                        .ok_or_else(|| {
                            OgnError::new(
                        at,
                        format!("move number {number}{dots} is too small for the moves before it"),
                    )
                        })?;
                self.first_number = Some(first);
            }
            Some(first) if first + full != number => {
                return Err(OgnError::new(
                    at,
                    format!(
                        "move number {number}{dots} where {}{dots} was expected",
                        first + full
                    ),
                ))
            }
            Some(_) => {}
        }
        Ok(())
    }

    /// A move: it must be legal, and capture what its `+N` says.
    fn play(&mut self, letter: char, captured: Option<u32>, at: usize) -> Result<(), OgnError> {
        let rules = &self.rules;
        let line = &mut self.line;
        let pos = *line.position();
        let side = rules.side_to_move(&pos);
        let written = match captured {
            Some(n) => format!("{letter}+{n}"),
            None => letter.to_string(),
        };
        let number = self.game.moves.len() + 1;
        let mv = line
            .play_text(&letter.to_string())
            .map_err(|e| OgnError::new(at, format!("move {number} '{written}' ({side}): {e}")))?;
        let got = rules.scores(line.position())[side.index()] - rules.scores(&pos)[side.index()];
        if let Some(n) = captured.filter(|&n| n != got) {
            let what = match got {
                0 => "nothing".to_string(),
                1 => "1 seed".to_string(),
                g => format!("{g} seeds"),
            };
            return Err(OgnError::new(
                at,
                format!("move {number} '{written}' ({side}) says it captures {n}, but it captures {what}"),
            ));
        }
        self.game.moves.push(OgnMove::new(mv));
        Ok(())
    }

    /// A comment: on the last move, or on the game before its first move;
    /// comments in a row are joined by a space.
    fn comment(&mut self, text: String) {
        let slot = match self.game.moves.last_mut() {
            Some(m) => &mut m.comment,
            None => &mut self.game.comment,
        };
        *slot = Some(match slot.take() {
            Some(before) if !text.is_empty() => format!("{before} {text}"),
            Some(before) => before,
            None => text,
        });
    }

    /// A variation: it belongs to the move before it.
    fn variation(&mut self, text: String, at: usize) -> Result<(), OgnError> {
        match self.game.moves.last_mut() {
            Some(m) => {
                m.variations.push(text);
                Ok(())
            }
            None => Err(OgnError::new(
                at,
                "a variation before the first move (variations follow the move they replace)",
            )),
        }
    }

    /// The game, once its result (read at line `at`) agrees with its moves.
    fn finish(self, result: Option<[u32; 2]>, at: usize) -> Result<OgnGame, OgnError> {
        let mut game = self.game;
        game.first_number = self.first_number.unwrap_or(1);
        check_result(&self.line, result).map_err(|why| {
            OgnError::new(
                at,
                format!(
                    "the result {} contradicts the moves: {why}",
                    result_text(result)
                ),
            )
        })?;
        game.result = result;
        Ok(game)
    }
}

/// Whether `result` can end the game of `line`: a game the rules ended
/// has their final scores; one still going on may have been stopped (`*`)
/// or adjudicated (at a ply limit, by the endgame tables), each side
/// keeping what it captured and the seeds left shared out.
pub(crate) fn check_result(line: &Line<Oware>, result: Option<[u32; 2]>) -> Result<(), String> {
    match (line.end(), result) {
        (Some(end), Some(scores)) if scores == end.scores => Ok(()),
        (Some(end), _) => Err(format!(
            "they end the game {}-{} ({})",
            end.scores[0], end.scores[1], end.reason
        )),
        (None, None) => Ok(()),
        (None, Some([s, n])) => {
            let now = line.game().scores(line.position());
            if s >= now[0] && n >= now[1] && s.checked_add(n) == Some(SEEDS) {
                Ok(())
            } else {
                Err(format!(
                    "the game goes on (South has captured {} and North {}, with {} seeds on the board), and an adjudicated result shares out all 48 seeds",
                    now[0],
                    now[1],
                    SEEDS - now[0] - now[1]
                ))
            }
        }
    }
}
