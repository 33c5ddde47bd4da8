//! The terminal game's input, read on a thread of its own, so that `quit`
//! typed while the engine thinks stops its search at once instead of
//! being read only once the engine has moved. The lines still reach the
//! game one by one, in order: a `quit` stops a search only once every line
//! before it has been handled (the game would read it next), so a script
//! piped in gets the same game however fast it is read. The end of input
//! stops a search too when the caller says so (at a terminal, where it is
//! typed); through a pipe the input ends with the script, and the engine's
//! turns play on.

use std::io::{self, BufReader, Read};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::protocol::io::{Line, LineReader};
use crate::sync::{lock, Stop};

/// What the reader thread hands to the game.
pub enum Typed {
    /// A line, without its line ending.
    Line(String),
    /// The end of input.
    End,
    /// Reading failed.
    Failed(io::Error),
}

/// The lines of the input, and the signal that stops the engine's search
/// when `quit` comes while it thinks.
pub struct Input {
    lines: Receiver<Typed>,
    shared: Arc<Mutex<Shared>>,
}

/// What the reader thread and the game share, under one lock.
struct Shared {
    /// The stop signal of the engine's latest search.
    search: Arc<Stop>,
    /// How many lines the game has taken.
    taken: u64,
    /// The number of the first line that leaves (a `quit`, or the end of
    /// input when it stops a search), once read.
    leave_at: Option<u64>,
}

impl Shared {
    /// Whether the next thing the game reads makes it leave.
    fn leaving_next(&self) -> bool {
        self.leave_at == Some(self.taken)
    }
}

/// Whether `line` is the `quit` command. None of its words is a move in
/// any variant's notation, so the reader may act on it before the game
/// reads it.
pub fn is_quit(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let first = words.next().map(str::to_ascii_lowercase);
    words.next().is_none() && matches!(first.as_deref(), Some("quit" | "exit" | "q"))
}

impl Input {
    /// Starts reading `input` on a thread; `end_stops` when the end of
    /// input stops a search as `quit` does. The thread is not joined: at
    /// the end of the game it may still wait on a terminal's next line.
    pub fn spawn<R: Read + Send + 'static>(input: R, end_stops: bool) -> io::Result<Input> {
        let shared = Arc::new(Mutex::new(Shared {
            search: Stop::new(),
            taken: 0,
            leave_at: None,
        }));
        let (tx, rx) = mpsc::channel();
        let theirs = Arc::clone(&shared);
        thread::Builder::new()
            .name("awale-play-input".into())
            .spawn(move || read_lines(input, end_stops, &tx, &theirs))?;
        Ok(Input { lines: rx, shared })
    }

    /// The next line, waiting for it.
    pub fn next(&self) -> Typed {
        let typed = self.lines.recv().unwrap_or(Typed::End);
        lock(&self.shared).taken += 1;
        typed
    }

    /// The stop signal for a new search of the engine, or `None` when the
    /// next line makes the game leave (no search then).
    pub fn search_stop(&self) -> Option<Arc<Stop>> {
        let mut shared = lock(&self.shared);
        shared.search = Stop::new();
        (!shared.leaving_next()).then(|| Arc::clone(&shared.search))
    }

    /// Whether the next line makes the game leave: a search that ends
    /// now was cut short by it.
    pub fn leaving_next(&self) -> bool {
        lock(&self.shared).leaving_next()
    }
}

/// The reader thread: each line to the game; the first `quit` (or the end
/// of input, when `end_stops`) stops the search under way once the game
/// has taken every line before it.
fn read_lines<R: Read>(input: R, end_stops: bool, tx: &Sender<Typed>, shared: &Mutex<Shared>) {
    let mut reader = LineReader::new(BufReader::new(input));
    let mut number = 0u64;
    loop {
        let (typed, leaves) = match reader.next_line() {
            Ok(Some(Line::Text(text) | Line::TooLong(text, _))) => {
                let quit = is_quit(&text);
                (Typed::Line(text), quit)
            }
            Ok(None) => (Typed::End, end_stops),
            Err(e) => (Typed::Failed(e), end_stops),
        };
        let last = !matches!(typed, Typed::Line(_));
        if leaves {
            let mut shared = lock(shared);
            if shared.leave_at.is_none() {
                shared.leave_at = Some(number);
            }
            if shared.leaving_next() {
                shared.search.trigger();
            }
        }
        if tx.send(typed).is_err() || last {
            return;
        }
        number += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quit_is_one_word_in_any_case() {
        for line in ["quit", " Q ", "EXIT", "q"] {
            assert!(is_quit(line), "{line:?}");
        }
        for line in ["quit now", "", "undo", "qq", "A"] {
            assert!(!is_quit(line), "{line:?}");
        }
    }

    #[test]
    fn lines_come_in_order() {
        let input = Input::spawn(io::Cursor::new(b"A\nquit\nB\n".to_vec()), true).unwrap();
        for want in ["A", "quit", "B"] {
            assert!(
                matches!(input.next(), Typed::Line(l) if l == want),
                "{want}"
            );
        }
        assert!(matches!(input.next(), Typed::End));
        assert!(matches!(input.next(), Typed::End));
    }

    /// Input that hands over the bytes it is sent, when they are sent: a
    /// person typing.
    struct Typing(mpsc::Receiver<Vec<u8>>, Vec<u8>);

    impl Read for Typing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(bytes) => self.1 = bytes,
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.1.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    /// A person's input, with `first` typed and taken by the game, and a
    /// search started.
    fn thinking(first: &str, end_stops: bool) -> (mpsc::Sender<Vec<u8>>, Input, Arc<Stop>) {
        let (keys, rx) = mpsc::channel();
        let input = Input::spawn(Typing(rx, Vec::new()), end_stops).unwrap();
        keys.send(format!("{first}\n").into_bytes()).unwrap();
        assert!(matches!(input.next(), Typed::Line(l) if l == first));
        let stop = input.search_stop().expect("a search may start");
        assert!(!stop.is_set());
        (keys, input, stop)
    }

    #[test]
    fn quit_typed_during_a_search_stops_it() {
        let (keys, input, stop) = thinking("hint", false);
        keys.send(b"quit\n".to_vec()).unwrap();
        // Triggered before the line is handed over.
        assert!(matches!(input.next(), Typed::Line(l) if l == "quit"));
        assert!(stop.is_set());
    }

    #[test]
    fn quit_behind_another_line_waits_for_it() {
        let (keys, input, stop) = thinking("hint", false);
        keys.send(b"moves\nquit\n".to_vec()).unwrap();
        assert!(matches!(input.next(), Typed::Line(l) if l == "moves"));
        // Now quit is next: a search does not start (quit already read)
        // or is stopped once quit is read.
        let second = input.search_stop();
        assert!(matches!(input.next(), Typed::Line(l) if l == "quit"));
        assert!(second.map_or(true, |s| s.is_set()));
        assert!(!stop.is_set(), "the search before `moves` was not stopped");
    }

    #[test]
    fn the_end_of_input_stops_a_search_when_asked_to() {
        for end_stops in [true, false] {
            let (keys, input, stop) = thinking("A", end_stops);
            drop(keys);
            assert!(matches!(input.next(), Typed::End));
            assert_eq!(stop.is_set(), end_stops);
        }
    }
}
