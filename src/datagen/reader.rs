//! Reading a training-data file: [`Reader`] walks its games and positions
//! (for the tuner), and [`scan`] finds where the good blocks end (for
//! resuming after a kill).

use std::io::{self, BufReader, Read, Seek};
use std::path::Path;

use super::format::{GameRecord, Header, Record, BLOCK_HEAD_LEN, BLOCK_MARKER, HEADER_LEN};
use super::Error;

/// A training-data file opened for reading: the header is checked on open,
/// then games (or positions) come one at a time, each block checked before
/// it is handed out. A damaged block ends the iteration with an error; the
/// file is never trusted blindly and never makes the reader panic.
pub struct Reader {
    header: Header,
    input: Box<dyn Read + Send>,
    /// The offset of the next block.
    offset: u64,
    /// Set after an error or the end: nothing more is read.
    done: bool,
}

/// What the next block of a file is.
enum Next {
    Game(GameRecord, usize),
    End,
    Bad(String),
}

impl Reader {
    /// Opens `path`, a regular file of any size (it is read a bounded
    /// block at a time), and checks its header.
    pub fn open(path: &Path) -> Result<Reader, Error> {
        let (file, _) =
            crate::files::open_regular(path, crate::files::UNLIMITED, "training-data file")
                .map_err(|e| Error::io(path, e))?;
        Reader::new(BufReader::with_capacity(1 << 16, file)).map_err(|e| e.in_file(path))
    }

    /// Reads from any byte source (a file, a buffer in memory).
    pub fn new(input: impl Read + Send + 'static) -> Result<Reader, Error> {
        let mut input: Box<dyn Read + Send> = Box::new(input);
        let mut head = [0u8; HEADER_LEN];
        let got = read_full(&mut input, &mut head).map_err(Error::Io)?;
        let header = Header::decode(&head[..got]).map_err(Error::Format)?;
        Ok(Reader {
            header,
            input,
            offset: HEADER_LEN as u64,
            done: false,
        })
    }

    /// The settings the file was made with.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The next game, `None` at the end of the file, or an error for a
    /// damaged or cut block (after which the reader stops).
    pub fn next_game(&mut self) -> Option<Result<GameRecord, Error>> {
        if self.done {
            return None;
        }
        match next_block(&mut self.input) {
            Ok(Next::Game(game, len)) => {
                self.offset += len as u64;
                Some(Ok(game))
            }
            Ok(Next::End) => {
                self.done = true;
                None
            }
            Ok(Next::Bad(why)) => {
                self.done = true;
                Some(Err(Error::Format(format!(
                    "at byte {}: {why}",
                    self.offset
                ))))
            }
            Err(e) => {
                self.done = true;
                Some(Err(Error::Io(e)))
            }
        }
    }

    /// Every game, in file order.
    pub fn games(self) -> impl Iterator<Item = Result<GameRecord, Error>> {
        let mut reader = self;
        std::iter::from_fn(move || reader.next_game())
    }

    /// Every position of every game, in file order.
    pub fn positions(self) -> impl Iterator<Item = Result<Record, Error>> {
        self.games().flat_map(|game| {
            let items: Vec<Result<Record, Error>> = match game {
                Ok(game) => game.positions.into_iter().map(Ok).collect(),
                Err(e) => vec![Err(e)],
            };
            items
        })
    }
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Reads the next block: a game and its length, the clean end of the
/// input, or why the bytes there are not a good block.
fn next_block(input: &mut dyn Read) -> io::Result<Next> {
    let mut head = [0u8; BLOCK_HEAD_LEN];
    let got = read_full(input, &mut head)?;
    if got == 0 {
        return Ok(Next::End);
    }
    if got < BLOCK_HEAD_LEN {
        return Ok(Next::Bad("the last game block is cut short".into()));
    }
    let n = match GameRecord::announced(&head) {
        Ok(n) => n,
        Err(why) => return Ok(Next::Bad(why)),
    };
    let len = GameRecord::block_len(n);
    let mut block = vec![0u8; len];
    block[..BLOCK_HEAD_LEN].copy_from_slice(&head);
    let got = read_full(input, &mut block[BLOCK_HEAD_LEN..])?;
    if got < len - BLOCK_HEAD_LEN {
        return Ok(Next::Bad("the last game block is cut short".into()));
    }
    Ok(match GameRecord::decode(&block) {
        Ok(game) => Next::Game(game, len),
        Err(why) => Next::Bad(why),
    })
}

/// What [`scan`] found in an existing file.
#[derive(Debug)]
pub struct Scan {
    /// The file's header.
    pub header: Header,
    /// The games of the good blocks, in file order.
    pub done: Vec<u32>,
    /// Positions in the good blocks.
    pub positions: u64,
    /// Where the good blocks end.
    pub good_len: u64,
    /// Why the bytes after `good_len` are not a good block, if there are any.
    pub damage: Option<String>,
}

/// Reads the header and every good block of the file at `path`, stopping
/// at the first block that is cut or damaged (the caller truncates there).
pub fn scan(path: &Path) -> Result<Scan, Error> {
    let mut reader = Reader::open(path)?;
    let mut done = Vec::new();
    let mut positions = 0;
    let mut damage = None;
    while let Some(game) = reader.next_game() {
        match game {
            Ok(game) => {
                positions += game.positions.len() as u64;
                done.push(game.index);
            }
            Err(Error::Format(why)) => damage = Some(why),
            Err(e) => return Err(e.in_file(path)),
        }
    }
    Ok(Scan {
        header: reader.header.clone(),
        done,
        positions,
        good_len: reader.offset,
        damage,
    })
}

/// How many game blocks start at or after byte `from` of the file at
/// `path`, counted by their marker: what cutting the file there takes
/// away. A damaged block's length cannot be trusted, so the blocks are
/// found by their markers, not by walking them (a marker inside a
/// record's bytes would count one too many: the count is a report).
pub fn blocks_from(path: &Path, from: u64) -> Result<u64, Error> {
    let fail = |e| Error::io(path, e);
    let (mut file, _) =
        crate::files::open_regular(path, crate::files::UNLIMITED, "training-data file")
            .map_err(fail)?;
    file.seek(io::SeekFrom::Start(from)).map_err(fail)?;
    let mut input = BufReader::with_capacity(1 << 16, file);
    let mut buf = vec![0u8; 1 << 16];
    // The last bytes of the previous read, for a marker split across two.
    let mut carry: Vec<u8> = Vec::new();
    let mut count = 0;
    loop {
        let got = match input.read(&mut buf) {
            Ok(0) => return Ok(count),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(fail(e)),
        };
        carry.extend_from_slice(&buf[..got]);
        count += carry
            .windows(BLOCK_MARKER.len())
            .filter(|w| *w == BLOCK_MARKER.as_slice())
            .count() as u64;
        let keep = carry.len().min(BLOCK_MARKER.len() - 1);
        carry.drain(..carry.len() - keep);
    }
}
