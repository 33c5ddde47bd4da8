//! Reading input lines robustly and writing output lines.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::sync::lock;
pub use crate::sync::Stop;

/// The longest input line kept, in bytes; the rest of a longer line is read
/// and dropped.
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, its bytes decoded as UTF-8 (invalid sequences replaced),
    /// without its line ending.
    Text(String),
    /// A line longer than [`MAX_LINE`]; holds its first bytes, decoded, and
    /// its length.
    TooLong(String, usize),
}

/// Reads lines of raw bytes: any byte sequence is accepted, and memory stays
/// bounded however long a line is.
pub struct LineReader<R> {
    inner: R,
}

impl<R: BufRead> LineReader<R> {
    /// Wraps a buffered reader.
    pub fn new(inner: R) -> LineReader<R> {
        LineReader { inner }
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut kept: Vec<u8> = Vec::new();
        let mut length = 0usize;
        let mut seen_any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                if !seen_any {
                    return Ok(None);
                }
                break;
            }
            seen_any = true;
            let (chunk, used, ended) = match buf.iter().position(|&b| b == b'\n') {
                Some(at) => (&buf[..at], at + 1, true),
                None => (buf, buf.len(), false),
            };
            let room = MAX_LINE.saturating_sub(kept.len());
            kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
            length += chunk.len();
            self.inner.consume(used);
            if ended {
                break;
            }
        }
        if kept.last() == Some(&b'\r') && length <= MAX_LINE {
            kept.pop();
        }
        let text = String::from_utf8_lossy(&kept).into_owned();
        Ok(Some(if length > MAX_LINE {
            Line::TooLong(text, length)
        } else {
            Line::Text(text)
        }))
    }
}

/// A line-oriented writer shared by threads; every line is flushed at once.
/// After a write error (the reader went away) it remembers being broken.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
    broken: Arc<AtomicBool>,
}

impl Output {
    /// Wraps a writer.
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(writer)),
            broken: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Writes `text` (one or more lines) and flushes.
    pub fn text(&self, text: &str) {
        let mut w = lock(&self.inner);
        let mut result = w.write_all(text.as_bytes());
        if result.is_ok() && !text.ends_with('\n') {
            result = w.write_all(b"\n");
        }
        if let Err(e) = result.and_then(|_| w.flush()) {
            if !self.broken.swap(true, Ordering::Relaxed) {
                log::error!("cannot write the output: {e}");
            }
        }
    }

    /// Writes one line and flushes.
    pub fn line(&self, line: &str) {
        self.text(line);
    }

    /// Whether a write has failed.
    pub fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }
}

/// An adapter so that code writing to `dyn Write` (the bench) prints through
/// an [`Output`], whole lines at a time.
pub struct LineWriter {
    out: Output,
    pending: Vec<u8>,
}

impl LineWriter {
    /// Writes through `out`.
    pub fn new(out: Output) -> LineWriter {
        LineWriter {
            out,
            pending: Vec::new(),
        }
    }
}

impl Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(at) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=at).collect();
            self.out
                .line(String::from_utf8_lossy(&line[..at]).trim_end_matches('\r'));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            self.out.line(&String::from_utf8_lossy(&line));
        }
        Ok(())
    }
}

impl Drop for LineWriter {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut r = LineReader::new(io::BufReader::with_capacity(7, input));
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn reads_lines_of_any_bytes() {
        assert_eq!(
            lines(b"uci\r\nis\xffready\n\nlast"),
            vec![
                Line::Text("uci".into()),
                Line::Text("is\u{fffd}ready".into()),
                Line::Text(String::new()),
                Line::Text("last".into()),
            ]
        );
        assert_eq!(lines(b""), vec![]);
    }

    #[test]
    fn long_lines_are_cut_and_reported() {
        let mut input = vec![b'a'; MAX_LINE + 10];
        input.extend_from_slice(b"\nuci\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        match &got[0] {
            Line::TooLong(text, len) => {
                assert_eq!(*len, MAX_LINE + 10);
                assert_eq!(text.len(), MAX_LINE);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(got[1], Line::Text("uci".into()));
    }
}
