//! The program's files, read and written safely.
//!
//! Every file the program reads (weights, books, tables, records,
//! openings, training data) is opened here, so that no file name makes it
//! hang or exhaust its memory.
//!
//! A file is opened without blocking (a FIFO given as a file name would
//! otherwise wait for a writer for ever), must then be a regular file
//! (not a FIFO, a device such as `/dev/zero`, a directory or a socket),
//! no larger than its format allows, and is read through a bound, so that
//! a file growing while it is read cannot take more either. Errors keep
//! the [`io::ErrorKind`] of the system's (a missing file stays
//! [`io::ErrorKind::NotFound`]) and say the limit; the caller names the
//! file.
//!
//! Every file the program writes whole (weights, books, table levels, a
//! saved game) is written by [`write_atomic`]: under a temporary name in
//! the same directory, synced, then renamed over the final name, so that a
//! full disk or a kill never leaves a truncated file under the final name
//! (an older file there stays whole). The records and training-data files
//! are not written this way: they grow by appending one whole game at a
//! time, synced, and their readers cut a partial last game, which is what
//! lets a killed event or data run resume without rewriting its file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// No limit on a file's size: for the streaming readers of formats made
/// of bounded blocks, which never hold a whole file.
pub const UNLIMITED: u64 = u64::MAX;

/// Opens `path` for reading, checks that it is a regular file of at most
/// `max` bytes and returns it with its length. `what` names the kind of
/// file in the errors ("weight file").
pub fn open_regular(path: &Path, max: u64, what: &str) -> io::Result<(File, u64)> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO blocks until a writer comes, unless non-blocking;
        // on a regular file the flag changes nothing.
        options.custom_flags(libc::O_NONBLOCK);
    }
    #[cfg(not(target_os = "linux"))]
    check(&std::fs::metadata(path)?, max, what)?;
    let file = options.open(path)?;
    let meta = file.metadata()?;
    check(&meta, max, what)?;
    Ok((file, meta.len()))
}

/// Refuses what is not a regular file of at most `max` bytes.
fn check(meta: &std::fs::Metadata, max: u64, what: &str) -> io::Result<()> {
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: {}", kind_of(meta), allowed(max, what)),
        ));
    }
    if meta.len() > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{} bytes, larger than the {max} bytes a {what} may have",
                meta.len()
            ),
        ));
    }
    Ok(())
}

/// What a file that is not a regular one is, for the error.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO, not a regular file";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device, not a regular file";
        }
        if t.is_socket() {
            return "a socket, not a regular file";
        }
    }
    if meta.is_dir() {
        "a directory, not a regular file"
    } else {
        "not a regular file"
    }
}

/// "a weight file is a regular file of at most N bytes".
fn allowed(max: u64, what: &str) -> String {
    if max == UNLIMITED {
        format!("a {what} is a regular file")
    } else {
        format!("a {what} is a regular file of at most {max} bytes")
    }
}

/// The bytes of the file at `path`, a regular file of at most `max` bytes
/// (see [`open_regular`]); read through that bound, so a file growing
/// meanwhile is refused rather than read on.
pub fn read_bounded(path: &Path, max: u64, what: &str) -> io::Result<Vec<u8>> {
    let (file, len) = open_regular(path, max, what)?;
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("grew past the {max} bytes a {what} may have while it was read"),
        ));
    }
    Ok(bytes)
}

/// The text of the file at `path`, as [`read_bounded`] reads it; text
/// that is not UTF-8 is an error.
pub fn read_text_bounded(path: &Path, max: u64, what: &str) -> io::Result<String> {
    String::from_utf8(read_bounded(path, max, what)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (byte {}): a {what} is text",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Writes the file at `path` whole or not at all: `write` fills a
/// temporary file of the same directory, which is synced and renamed to
/// `path` (the directory then synced where the platform allows it). On
/// an error the temporary file is removed and `path` is as it was.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    /// Tells apart the temporary files of one process.
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let tmp = dir.join(format!(
        ".{}.tmp{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut out = BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
        write(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // Make the rename itself durable where the platform allows it.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// [`write_atomic_with`] of `bytes`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |out| out.write_all(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads with a limit of 5 bytes a file that holds `bytes`, in a
    /// scratch directory of its own named `name`.
    fn read_file_holding(name: &str, bytes: &[u8]) -> (io::Result<Vec<u8>>, io::Result<String>) {
        let dir = crate::scratch::dir(name);
        let path = dir.join("f");
        std::fs::write(&path, bytes).unwrap();
        let read = (
            read_bounded(&path, 5, "test file"),
            read_text_bounded(&path, 5, "test file"),
        );
        let _ = std::fs::remove_dir_all(&dir);
        read
    }

    #[test]
    fn a_small_regular_file_is_read_whole() {
        let (bytes, text) = read_file_holding("files-small", b"hello");
        assert_eq!(bytes.unwrap(), b"hello");
        assert_eq!(text.unwrap(), "hello");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_naming_the_limit() {
        let (bytes, text) = read_file_holding("files-large", b"hello!");
        for e in [bytes.unwrap_err(), text.unwrap_err()] {
            assert_eq!(e.kind(), io::ErrorKind::InvalidData);
            assert!(e.to_string().contains("5 bytes a test file"), "{e}");
        }
    }

    #[test]
    fn a_missing_file_stays_not_found() {
        let e = read_bounded(Path::new("/no/such/file"), 5, "test file").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn devices_and_directories_are_refused() {
        for path in ["/dev/zero", "/dev/null", "/"] {
            let e = read_bounded(Path::new(path), 100, "test file").unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{path}: {e}");
            assert!(e.to_string().contains("at most 100 bytes"), "{path}: {e}");
        }
    }

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = crate::scratch::dir("files-write");
        let path = dir.join("out.bin");
        std::fs::write(&path, b"old").unwrap();
        write_atomic(&path, b"new contents").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new contents");
        let failed = write_atomic_with(&path, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("the disk is full"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"new contents");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["out.bin"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn text_must_be_utf8() {
        let (bytes, text) = read_file_holding("files-text", b"ok\xff");
        assert_eq!(bytes.unwrap(), b"ok\xff");
        let e = text.unwrap_err();
        assert!(e.to_string().contains("byte 2"), "{e}");
    }
}
