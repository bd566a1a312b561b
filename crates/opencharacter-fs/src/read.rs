//! Reading one input file through a byte limit, without blocking and without following it into a
//! device or a pipe.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use opencharacter_spec::diagnostic::{Diagnostic, codes};

/// Why an input file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Nothing at the path.
    #[error("`{}` does not exist", path.display())]
    Missing {
        /// The path given.
        path: PathBuf,
    },
    /// A device, a FIFO, a socket or a folder: reading it could block or never end.
    #[error("`{}` is {kind}, not a regular file", path.display())]
    NotRegular {
        /// The path given.
        path: PathBuf,
        /// What it is, as a phrase (`a FIFO`, `a device`, `a folder`).
        kind: &'static str,
    },
    /// Larger than the limit (its size when the system says it, else found while reading).
    #[error("`{}` is {} bytes; the limit is {limit}", path.display(), size.map_or_else(|| format!("more than {limit}"), |s| s.to_string()))]
    TooLarge {
        /// The path given.
        path: PathBuf,
        /// The size the system reports, when above the limit.
        size: Option<u64>,
        /// The limit, in bytes.
        limit: u64,
    },
    /// Not UTF-8 text (only from [`read_input_text`]).
    #[error("`{}` is not UTF-8 text", path.display())]
    NotUtf8 {
        /// The path given.
        path: PathBuf,
    },
    /// The system refused.
    #[error("`{}` could not be read: {source}", path.display())]
    Io {
        /// The path given.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl ReadError {
    /// The path the error is about.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            ReadError::Missing { path }
            | ReadError::NotRegular { path, .. }
            | ReadError::TooLarge { path, .. }
            | ReadError::NotUtf8 { path }
            | ReadError::Io { path, .. } => path,
        }
    }

    /// The error as a diagnostic about the file `shown` (the name a reader should see):
    /// `file-too-large` naming the limit, `file-not-utf8`, else `file-unreadable` with the reason.
    #[must_use]
    pub fn diagnostic(&self, shown: &str) -> Diagnostic {
        let diagnostic = match self {
            ReadError::TooLarge { size, limit, .. } => Diagnostic::new(&codes::FILE_TOO_LARGE)
                .with_arg(
                    "size",
                    size.map_or_else(|| format!("more than {limit}"), |s| s.to_string()),
                )
                .with_arg("limit", limit),
            ReadError::NotUtf8 { .. } => Diagnostic::new(&codes::FILE_NOT_UTF8),
            ReadError::Missing { .. } => {
                Diagnostic::new(&codes::FILE_UNREADABLE).with_arg("reason", "it does not exist")
            }
            ReadError::NotRegular { kind, .. } => Diagnostic::new(&codes::FILE_UNREADABLE)
                .with_arg("reason", format!("it is {kind}, not a regular file")),
            ReadError::Io { source, .. } => {
                Diagnostic::new(&codes::FILE_UNREADABLE).with_arg("reason", source)
            }
        };
        diagnostic.with_arg("path", shown).with_file(shown)
    }
}

/// Reads the regular file at `path` (a symbolic link to one is followed), at most `limit` bytes.
///
/// The file is opened without blocking, then its kind is taken from the open handle (so a path
/// swapped between a check and the open cannot slip a device in): anything but a regular file is
/// [`ReadError::NotRegular`]. A size above `limit` is refused before reading; the read itself stops
/// one byte past the limit, so a file that grows while read is refused too.
///
/// # Errors
/// As [`ReadError`] says.
pub fn read_input(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |source: std::io::Error| {
        if source.kind() == std::io::ErrorKind::NotFound {
            ReadError::Missing {
                path: path.to_owned(),
            }
        } else {
            ReadError::Io {
                path: path.to_owned(),
                source,
            }
        }
    };
    let file = open_nonblocking(path).map_err(io)?;
    let metadata = file.metadata().map_err(io)?;
    let kind = metadata.file_type();
    if !kind.is_file() {
        return Err(ReadError::NotRegular {
            path: path.to_owned(),
            kind: describe(&kind),
        });
    }
    if metadata.len() > limit {
        return Err(ReadError::TooLarge {
            path: path.to_owned(),
            size: Some(metadata.len()),
            limit,
        });
    }
    let capacity = usize::try_from(metadata.len()).unwrap_or(0);
    read_limited(file, capacity, limit).map_err(|error| match error {
        Limited::Over => ReadError::TooLarge {
            path: path.to_owned(),
            size: None,
            limit,
        },
        Limited::Io(source) => io(source),
    })
}

/// [`read_input`] of a file that may not be there yet (a store's state, an index being
/// written for the first time): `None` when it is missing, every other failure as it is.
///
/// # Errors
/// As [`read_input`], but never [`ReadError::Missing`].
pub fn read_input_if_present(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, ReadError> {
    match read_input(path, limit) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(ReadError::Missing { .. }) => Ok(None),
        Err(error) => Err(error),
    }
}

/// [`read_input`], as UTF-8 text.
///
/// # Errors
/// As [`read_input`], and [`ReadError::NotUtf8`].
pub fn read_input_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    String::from_utf8(read_input(path, limit)?).map_err(|_| ReadError::NotUtf8 {
        path: path.to_owned(),
    })
}

/// Reads standard input through `limit`, for the verbs that document reading it (`-`). A pipe may
/// be endless; this stops one byte past the limit.
///
/// # Errors
/// [`ReadError::TooLarge`] past the limit, [`ReadError::Io`] when the read fails.
pub fn read_stdin(limit: u64) -> Result<Vec<u8>, ReadError> {
    let path = PathBuf::from("-");
    read_limited(std::io::stdin().lock(), 0, limit).map_err(|error| match error {
        Limited::Over => ReadError::TooLarge {
            path,
            size: None,
            limit,
        },
        Limited::Io(source) => ReadError::Io { path, source },
    })
}

enum Limited {
    Over,
    Io(std::io::Error),
}

fn read_limited(reader: impl Read, capacity: usize, limit: u64) -> Result<Vec<u8>, Limited> {
    let mut bytes = Vec::with_capacity(capacity);
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(Limited::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Limited::Over);
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    // O_NONBLOCK: opening a FIFO with no writer returns at once (and is then refused by kind);
    // O_NOCTTY: a terminal named as input never becomes the controlling terminal. Neither changes
    // how a regular file reads.
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

fn describe(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}
