//! `awale play`: a person against the engine, or two people, in the
//! terminal. Commands are read line by line, so a game can be driven through
//! a pipe:
//!
//! - a move in the variant's notation (e.g. `C` or `3` in `oware`): a word
//!   that is a legal move is always played, even where it looks like a
//!   command's abbreviation;
//! - `undo`: take back the last move (and the engine's answer, so that it is
//!   your turn again);
//! - `hint`: the engine's suggestion;
//! - `level easy|medium|hard`, `movetime MS`: the engine's strength and time;
//! - `save FILE`: the game in the records format ([`crate::referee::saved`]), or in OGN
//!   ([`crate::ogn`]) when FILE ends in `.ogn`, which `awale play --load
//!   FILE` continues;
//! - `board`, `moves`, `new`, `help`, `quit`.
//!
//! The game is a [`Line`]; the engine is a protocol session told the game
//! before each search, which the thinker ([`crate::think`]) runs, as the
//! protocol loop and the arbiter mode do. The input is read on a thread
//! ([`input`]), so that `quit` stops a search under way. The board is the
//! variant's own drawing ([`Game::render`]), whose line naming the side to
//! move gives way to the game's own (with who plays it); [`style`] colours
//! its seeds, the last move and captures when the output is a terminal.
//! Bad input gets a message and changes nothing.

pub mod input;
pub mod style;

use std::fmt;
use std::io::{Read, Write};
use std::time::Duration;

use crate::game::{Game, GameError, Line, Side};
use crate::protocol::command::Start;
use crate::protocol::session::{self as engine, AnySession, Settings};
use crate::referee::saved;
use crate::registry::{Evaluation, Variant};
#[cfg(test)]
use crate::search::Level;
use crate::search::{Limits, Skill};
use crate::sync::Stop;
use crate::tables::loader::Source;
use crate::think::{think, Request};
use input::{Input, Typed};
use style::Style;

/// Who plays each side, and how the engine plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayConfig {
    /// Whether a person plays `[south, north]`; the engine plays the others.
    pub humans: [bool; 2],
    /// The engine's strength.
    pub skill: Skill,
    /// The engine's time per move.
    pub movetime: Duration,
    /// The seed of the engine's random choices.
    pub seed: u64,
    /// The position string to begin from (`None`: the variant's start).
    pub position: Option<String>,
    /// Moves played from there before the game is handed over.
    pub moves: Vec<String>,
    /// Colour or plain text.
    pub style: Style,
    /// Whether the end of input stops the engine's search as `quit` does:
    /// at a terminal, where it is typed. Through a pipe the input ends
    /// with the script, and the engine's turns play on.
    pub end_stops: bool,
    /// The evaluation the engine plays with (`--eval`).
    pub eval: Evaluation,
}

/// Why a terminal game could not run.
#[derive(Debug)]
pub enum PlayError {
    /// The starting position or moves are not valid.
    Setup(GameError),
    /// Reading the commands or writing the game failed.
    Io(std::io::Error),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Setup(e) => write!(f, "{e}"),
            PlayError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Setup(e) => Some(e),
            PlayError::Io(e) => Some(e),
        }
    }
}

impl From<std::io::Error> for PlayError {
    fn from(e: std::io::Error) -> PlayError {
        PlayError::Io(e)
    }
}

/// The commands, one line each, for `help`.
const COMMANDS: &str = "\
Commands (a legal move always wins over a command):
  undo          take back your last move (and the engine's answer)
  hint          ask the engine for a move
  moves         the legal moves and the moves played so far
  board         draw the board again
  level L       the engine's strength: a step from 0 (random) to 20
                (full), a step's word, or easy, medium or hard
  movetime MS   the engine's time per move, in ms
  new           start again from the first position
  save FILE     write the game to FILE (OGN if it ends in .ogn); awale play
                --load FILE goes on with it
  help, ?       this help
  quit, q       leave (at once, even while the engine thinks)
The rules of each variant: docs/rules.md";

/// What the `*` of a drawing means (the 16-hole boards mark the holes of
/// the side to move with it).
const STAR_LEGEND: &str = "* marks the holes of the side to move.";

/// A game in the terminal: the game line, and the engine that thinks
/// about it.
struct Session<'a, G: Variant> {
    game: &'a G,
    config: PlayConfig,
    /// The game.
    line: Line<G>,
    /// The engine: a session told the game before each search (`None` when
    /// a failed search lost it; the next search builds another).
    engine: Option<Box<dyn AnySession>>,
    /// The commands, read on their own thread.
    input: &'a Input,
}

impl<G: Variant> Session<'_, G> {
    fn pos(&self) -> G::Position {
        *self.line.position()
    }

    fn restart(&mut self) {
        self.line.rewind();
        if let Some(engine) = &mut self.engine {
            engine.clear_hash();
        }
    }

    fn legal(&self) -> Vec<String> {
        self.line.legal_moves_text()
    }

    /// The engine's search settings: the strength and seed of the game, and
    /// no endgame tables (a terminal game starts at once).
    fn settings(&self) -> Settings {
        Settings {
            skill: self.config.skill,
            seed: self.config.seed,
            tables: Source::Off,
            eval: self.config.eval.clone(),
            ..Settings::default()
        }
    }

    fn who(&self, side: Side) -> String {
        let role = match (self.config.humans[side.index()], self.config.humans) {
            (true, [true, true]) => "player",
            (true, _) => "you",
            (false, _) => "engine",
        };
        format!("{side} ({role})")
    }

    /// The players' names for a saved game.
    fn player_names(&self) -> [String; 2] {
        Side::BOTH.map(|side| {
            if self.config.humans[side.index()] {
                "human".to_string()
            } else {
                format!("awale (level {})", self.config.skill.label())
            }
        })
    }

    fn show(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let pos = self.pos();
        let scores = self.game.scores(&pos);
        let style = self.config.style;
        let side = self.game.side_to_move(&pos);
        let board = self.game.render(&pos);
        let (drawing, turn) = split_turn(board.trim_end(), side);
        writeln!(out, "{}", style.board(self.game.name(), drawing))?;
        // Every drawing shows the captures; one that did not gets them here.
        if !drawing.to_ascii_lowercase().contains("captured") {
            writeln!(out, "Captured: South {} - North {}", scores[0], scores[1])?;
        }
        match self.line.end() {
            Some(end) => {
                let result = match end.winner() {
                    Some(side) => format!("{} wins", self.who(side)),
                    None => "a draw".to_string(),
                };
                writeln!(
                    out,
                    "Game over: {} ({}): final score South {} - North {}.",
                    result, end.reason, end.scores[0], end.scores[1]
                )?;
                writeln!(out, "Type new for another game, undo, save FILE or quit.")?;
            }
            None => {
                let who = self.who(side);
                let turn = turn.unwrap_or(" to move");
                // "South (player)" and " (odd holes) to move" read as
                // "South (player, odd holes) to move".
                let said = match (who.strip_suffix(')'), turn.strip_prefix(" (")) {
                    (Some(who), Some(turn)) => format!("{who}, {turn}"),
                    _ => format!("{who}{turn}"),
                };
                writeln!(out, "Move {}: {said}.", self.line.len() + 1)?;
                if self.config.humans[side.index()] {
                    writeln!(out, "Legal moves: {}", self.legal().join(" "))?;
                }
            }
        }
        Ok(())
    }

    /// The prompt before a command is read: whose turn it is.
    fn prompt(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let pos = self.pos();
        if self.over() {
            write!(out, "game over> ")?;
        } else {
            write!(out, "{}> ", self.game.side_to_move(&pos))?;
        }
        out.flush()
    }

    fn over(&self) -> bool {
        self.line.is_over()
    }

    /// The engine's move here, as the thinker finds it, after a line
    /// saying that `who` thinks; `None` when the game is over, or when a
    /// `quit` or the end of input came (which stops the search at once).
    fn think(&mut self, who: &str, out: &mut dyn Write) -> std::io::Result<Option<G::Move>> {
        let Some(stop) = self.input.search_stop() else {
            return Ok(None);
        };
        writeln!(
            out,
            "{who} is thinking ({} ms; quit stops it)...",
            self.config.movetime.as_millis()
        )?;
        out.flush()?;
        Ok(self.search(&stop))
    }

    /// The search of [`Session::think`], stopped by `stop`.
    fn search(&mut self, stop: &std::sync::Arc<Stop>) -> Option<G::Move> {
        let settings = self.settings();
        let mut engine = match self.engine.take() {
            Some(engine) => engine,
            None => Box::new(engine::Session::new(self.game.clone(), &settings)),
        };
        if let Err(e) = engine.configure(&settings) {
            log::warn!("the engine keeps its settings: {e}");
        }
        let start = Start::Fen(self.game.format_position(self.line.start()));
        if let Err(e) = engine.set_position(&start, &self.line.moves_text()) {
            log::error!("the engine cannot follow the game: {e}");
            return None;
        }
        let request = Request {
            limits: Limits {
                movetime: Some(self.config.movetime),
                multipv: 1,
                ..Limits::default()
            },
            ..Request::default()
        };
        let thought = think(engine, request, stop, |_| {});
        self.engine = thought.session.wait();
        if self.input.leaving_next() {
            // Cut short by `quit`: its move is not played.
            return None;
        }
        let text = thought.best?.mv;
        self.game
            .parse_move(self.line.position(), &text)
            .map_err(|e| log::error!("the engine answered {text:?}: {e}"))
            .ok()
    }

    /// Plays `mv` for the side to move, says so (with the seeds it
    /// captured) and shows the board.
    fn announce_and_play(&mut self, mv: G::Move, out: &mut dyn Write) -> std::io::Result<()> {
        let pos = self.pos();
        let side = self.game.side_to_move(&pos);
        let style = self.config.style;
        let text = self.game.format_move(&pos, mv);
        if let Err(e) = self.line.play(mv) {
            return writeln!(out, "{text}: {e}.");
        }
        let before = self.game.scores(&pos)[side.index()];
        let after = self.game.scores(&self.pos())[side.index()];
        let captured = match after.saturating_sub(before) {
            0 => String::new(),
            1 => format!(" and {}", style.capture("captures 1 seed")),
            n => format!(" and {}", style.capture(&format!("captures {n} seeds"))),
        };
        writeln!(
            out,
            "{} plays {}{captured}",
            self.who(side),
            style.played(&text)
        )?;
        self.show(out)
    }

    /// Takes back moves until a person is to move again (at the start, the
    /// engine may then play its first move again).
    fn undo(&mut self) -> bool {
        let humans = self.config.humans;
        self.line.undo_turn(|side| humans[side.index()]) > 0
    }

    /// Lets the engine play while it is its turn.
    fn engine_turns(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        while !self.over() {
            let side = self.game.side_to_move(&self.pos());
            if self.config.humans[side.index()] {
                break;
            }
            let Some(mv) = self.think(&self.who(side), out)? else {
                break;
            };
            self.announce_and_play(mv, out)?;
        }
        Ok(())
    }

    /// The legal move `word` stands for, if it is one: a move wins over a
    /// command (`D` and `d` are holes in `oware`, not `board`).
    fn as_move(&self, word: &str) -> Option<G::Move> {
        let pos = self.pos();
        let side = self.game.side_to_move(&pos);
        if self.over() || !self.config.humans[side.index()] {
            return None;
        }
        self.game.parse_move(&pos, word).ok()
    }

    /// Writes the game to `path`: in OGN when the name ends in `.ogn`
    /// (oware only), else in the records format; atomically either way.
    fn save(&self, path: &str, out: &mut dyn Write) -> std::io::Result<()> {
        let names = self.player_names();
        let record = saved::record(
            self.game,
            self.line.start(),
            &self.line.moves_text(),
            [&names[0], &names[1]],
            self.line.end(),
        );
        let text = if is_ogn_name(path) {
            crate::ogn::from_record(&record)
                .and_then(|game| crate::ogn::write_game(&game).map_err(|e| e.to_string()))
        } else {
            Ok(record.to_text())
        };
        let written = text.and_then(|text| {
            crate::files::write_atomic(std::path::Path::new(path), text.as_bytes())
                .map_err(|e| e.to_string())
        });
        match written {
            Ok(()) => writeln!(
                out,
                "Saved {} moves to {path} (continue with: awale play --load {path}).",
                self.line.len()
            ),
            Err(e) => writeln!(out, "Cannot save to {path}: {e}."),
        }
    }

    /// Writes the help: how moves are written here, then the commands.
    fn help(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let legal = self.legal();
        if legal.is_empty() {
            writeln!(out, "Moves: none, the game is over.")?;
        } else {
            writeln!(out, "Moves: type one as the board labels it. Legal now:")?;
            writeln!(out, "  {}", legal.join(" "))?;
        }
        writeln!(
            out,
            "The engine: level {}, {} ms per move.",
            self.config.skill.label(),
            self.config.movetime.as_millis()
        )?;
        if self.game.render(&self.pos()).contains('*') {
            writeln!(out, "{STAR_LEGEND}")?;
        }
        writeln!(out, "{COMMANDS}")
    }

    /// Handles one line; returns false on `quit`.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = words.collect();
        if rest.is_empty() {
            if let Some(mv) = self.as_move(first) {
                self.announce_and_play(mv, out)?;
                self.engine_turns(out)?;
                return Ok(true);
            }
        }
        match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" => self.help(out)?,
            "board" => self.show(out)?,
            "moves" => self.list_moves(out)?,
            "new" => {
                self.restart();
                writeln!(out, "New game.")?;
                self.show(out)?;
                self.engine_turns(out)?;
            }
            "undo" => {
                if self.undo() {
                    writeln!(out, "Move taken back.")?;
                    self.show(out)?;
                    self.engine_turns(out)?;
                } else {
                    writeln!(out, "Nothing to take back.")?;
                }
            }
            "hint" => {
                if self.over() {
                    writeln!(out, "The game is over: no hint.")?;
                } else if let Some(mv) = self.think("The engine", out)? {
                    writeln!(out, "Hint: {}", self.game.format_move(&self.pos(), mv))?;
                }
            }
            "save" => match rest.as_slice() {
                [path] => self.save(path, out)?,
                _ => writeln!(out, "Usage: save FILE (a file name without spaces).")?,
            },
            "level" => self.set_level(&rest, out)?,
            "movetime" => self.set_movetime(&rest, out)?,
            _ => self.not_understood(line, first, &rest, out)?,
        }
        Ok(true)
    }

    /// `moves`: the legal moves (or how the game ended) and those played.
    fn list_moves(&self, out: &mut dyn Write) -> std::io::Result<()> {
        if let Some(end) = self.line.end() {
            writeln!(
                out,
                "The game is over ({}): final score South {} - North {}.",
                end.reason, end.scores[0], end.scores[1]
            )?;
        } else {
            writeln!(out, "Legal moves: {}", self.legal().join(" "))?;
        }
        if !self.line.is_empty() {
            writeln!(out, "Played: {}", self.line.moves_text().join(" "))?;
        }
        Ok(())
    }

    /// `level L`: the engine's strength from now on.
    fn set_level(&mut self, rest: &[&str], out: &mut dyn Write) -> std::io::Result<()> {
        match rest.join(" ").parse::<Skill>() {
            Ok(skill) if !rest.is_empty() => {
                self.config.skill = skill;
                writeln!(out, "Level set to {}.", skill.label())
            }
            _ => writeln!(
                out,
                "Usage: level 0-{}|easy|medium|hard (now {}).",
                Skill::MAX,
                self.config.skill.label()
            ),
        }
    }

    /// `movetime MS`: the engine's time per move from now on.
    fn set_movetime(&mut self, rest: &[&str], out: &mut dyn Write) -> std::io::Result<()> {
        match rest.first().map(|t| t.parse::<u64>()) {
            Some(Ok(ms)) if rest.len() == 1 && (1..=3_600_000).contains(&ms) => {
                self.config.movetime = Duration::from_millis(ms);
                writeln!(out, "The engine now thinks {ms} ms per move.")
            }
            _ => writeln!(
                out,
                "Usage: movetime MS, from 1 to 3600000 (now {}).",
                self.config.movetime.as_millis()
            ),
        }
    }

    /// A `line` (its first word `first`, then `rest`) that is neither a
    /// command nor a move to play now: why.
    fn not_understood(
        &self,
        line: &str,
        first: &str,
        rest: &[&str],
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let pos = self.pos();
        let side = self.game.side_to_move(&pos);
        if self.over() {
            writeln!(out, "The game is over. Type new, undo or quit.")?;
        } else if !self.config.humans[side.index()] {
            writeln!(out, "It is the engine's turn.")?;
        } else if !rest.is_empty() {
            writeln!(
                out,
                "'{line}': one move at a time. Type help for the commands."
            )?;
        } else if let Err(e) = self.game.parse_move(&pos, first) {
            writeln!(out, "Not a move here: {e}.")?;
            writeln!(out, "Legal moves: {}", self.legal().join(" "))?;
            writeln!(out, "Type help for the commands.")?;
        }
        Ok(())
    }
}

/// Whether a file name asks for OGN: it ends in `.ogn`, in any case.
fn is_ogn_name(path: &str) -> bool {
    let name = path.as_bytes();
    name.len() > 4 && name[name.len() - 4..].eq_ignore_ascii_case(b".ogn")
}

/// The variant's drawing without its last line when that line names the
/// side to move (`side`), and what that line says after the side's name
/// (`" to move"`, `" to place a special seed"`): the game says it itself,
/// with who plays the side, so that it is not said twice.
fn split_turn(drawing: &str, side: Side) -> (&str, Option<&str>) {
    let Some((body, last)) = drawing.rsplit_once('\n') else {
        return (drawing, None);
    };
    match last.strip_prefix(&side.to_string()) {
        Some(rest) if !rest.contains(|c: char| c.is_ascii_digit()) => {
            (body, Some(rest.trim_end().trim_end_matches('.')))
        }
        _ => (drawing, None),
    }
}

/// The opening lines: what is played, by whom, and how to get help; each
/// fits in 80 columns.
fn header<G: Game>(game: &G, config: &PlayConfig) -> String {
    let players = match config.humans {
        [true, false] => "you (South) against the engine (North)",
        [false, true] => "the engine (South) against you (North)",
        [true, true] => "two players",
        [false, false] => "the engine against itself",
    };
    let mut text = format!(
        "awale play: {}, {players}.\nEngine: level {}, {} ms per move. Type help for the commands.",
        game.name(),
        config.skill.label(),
        config.movetime.as_millis()
    );
    if game.render(&game.start()).contains('*') {
        text = format!("{text}\n{STAR_LEGEND}");
    }
    text
}

/// Runs a game in the terminal: reads commands from `input` (on a thread
/// of its own) until `quit` or the end of input, writes everything to
/// `output`. Fails before the game starts when the configured position or
/// moves are not valid.
pub fn run_play<G: Variant, R: Read + Send + 'static>(
    game: &G,
    config: PlayConfig,
    input: R,
    output: &mut dyn Write,
) -> Result<(), PlayError> {
    let start = match &config.position {
        Some(text) => game
            .parse_position(text)
            .map_err(|e| PlayError::Setup(GameError::new(format!("position: {e}"))))?,
        None => game.start(),
    };
    let mut line = Line::from_position(game.clone(), start);
    line.play_all(&config.moves.join(" "))
        .map_err(PlayError::Setup)?;
    let input = Input::spawn(input, config.end_stops)?;
    let mut session = Session {
        game,
        config,
        line,
        engine: None,
        input: &input,
    };
    writeln!(output, "{}", header(game, &session.config))?;
    session.show(output)?;
    session.engine_turns(output)?;
    loop {
        session.prompt(output)?;
        match input.next() {
            Typed::Line(line) => {
                if !session.command(line.trim(), output)? {
                    break;
                }
            }
            Typed::End => {
                writeln!(output)?;
                break;
            }
            Typed::Failed(e) => return Err(e.into()),
        }
    }
    writeln!(output, "Bye.")?;
    output.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::Oware;

    fn run(humans: [bool; 2], script: &[u8]) -> String {
        let config = PlayConfig {
            humans,
            skill: Level::Easy.skill(),
            movetime: Duration::from_millis(5),
            seed: 1,
            position: None,
            moves: Vec::new(),
            style: Style::PLAIN,
            end_stops: false,
            eval: Evaluation::default(),
        };
        let mut out = Vec::new();
        let input = std::io::Cursor::new(script.to_vec());
        run_play(&Oware::default(), config, input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Checks that `out` has each of `parts`.
    fn says_all(out: &str, parts: &[&str]) {
        for part in parts {
            assert!(out.contains(part), "{part:?} not in {out}");
        }
    }

    #[test]
    fn two_people_play_and_undo() {
        let out = run([true, true], b"C\nf\nundo\nmoves\nquit\n");
        says_all(
            &out,
            &[
                "South (player) plays C",
                "North (player) plays f",
                "Move taken back.",
                "Played: C\n",
            ],
        );
        assert!(out.ends_with("Bye.\n"), "{out}");
    }

    #[test]
    fn bad_input_is_explained() {
        let out = run(
            [true, false],
            b"Z\na\nlevel extreme\nmovetime x\nC C\n\x00\xff\nlevel medium\nmovetime 7\nundo\n",
        );
        says_all(
            &out,
            &[
                "Not a move here: malformed move 'Z'",
                "illegal move a",
                "Usage: level",
                "Usage: movetime",
                "one move at a time",
                "Level set to 10 (club).",
                "7 ms per move",
                "Nothing to take back.",
            ],
        );
    }

    #[test]
    fn the_engine_answers_and_undo_returns_to_the_person() {
        let out = run([true, false], b"A\nhint\nundo\nmoves\n");
        assert!(out.contains("North (engine) plays "), "{out}");
        assert!(out.contains("Hint: "), "{out}");
        let tail = out.rsplit("Move taken back.").next().unwrap();
        assert!(tail.contains("Move 1: South (you) to move."), "{out}");
        assert!(!out.contains("Played:"), "back at the start: {out}");
    }

    #[test]
    fn engine_against_engine_reaches_the_result() {
        let out = run([false, false], b"");
        assert!(out.contains("Game over: "), "{out}");
    }
}
