//! Reading and writing the text files people hand to the tools and get
//! back (saved games, records, OGN): a read takes only a regular file no
//! larger than its limit, so that a wrong path (a device, a directory, a
//! huge file) gets a clear error instead of a hang or an exhausted memory;
//! a write goes to a temporary name beside the file, is synced, then
//! renamed over it, so that the file is always either the old one or the
//! whole new one.

use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be read or written; the message names the file.
#[derive(Debug)]
pub struct FileError(String);

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FileError {}

/// Reads the whole of the regular file `path`, refusing a file of more
/// than `limit` bytes (checked on the bytes read too, in case the file
/// grows meanwhile).
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let fail = |e: io::Error| FileError(format!("{}: {e}", path.display()));
    let file = fs::File::open(path).map_err(fail)?;
    let meta = file.metadata().map_err(fail)?;
    if !meta.is_file() {
        return Err(FileError(format!("{}: not a regular file", path.display())));
    }
    let too_large = || {
        FileError(format!(
            "{}: too large, more than {limit} bytes",
            path.display()
        ))
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(fail)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The temporary name a write to `path` goes through: `path` with `.tmp`
/// added, in the same directory (so that the rename stays on one disk).
pub fn temporary_name(path: &Path) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    PathBuf::from(tmp)
}

/// Writes `bytes` to `path` through [`temporary_name`]: written, synced,
/// then renamed over `path`; on failure the temporary file is removed and
/// `path` is left as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temporary_name(path);
    let written = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(e) = written.and_then(|()| fs::rename(&tmp, path)) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // Make the rename itself durable where the platform allows it.
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Ok(d) = fs::File::open(dir.unwrap_or(Path::new("."))) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("awale-files-{name}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn reads_are_bounded_and_take_regular_files_only() {
        let dir = scratch("read");
        let path = dir.join("a.txt");
        fs::write(&path, b"12345").unwrap();
        assert_eq!(read_bounded(&path, 5).unwrap(), b"12345");
        let err = read_bounded(&path, 4).unwrap_err().to_string();
        assert!(err.contains("too large"), "{err}");
        let err = read_bounded(&dir, 100).unwrap_err().to_string();
        assert!(err.contains("not a regular file"), "{err}");
        let err = read_bounded(&dir.join("none"), 100)
            .unwrap_err()
            .to_string();
        assert!(err.contains("No such file"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary() {
        let dir = scratch("write");
        let path = dir.join("b.txt");
        fs::write(&path, b"old").unwrap();
        write_atomic(&path, b"new text").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new text");
        assert!(!temporary_name(&path).exists());
        // A write into a missing directory fails and changes nothing.
        assert!(write_atomic(&dir.join("no/such/c.txt"), b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
