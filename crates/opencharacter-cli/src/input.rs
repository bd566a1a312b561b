//! The command's one way to read a file it was given (a character, a ruleset JSON, a manifest, a
//! locale file, an imported release): `opencharacter-fs`'s bounded reader, with the command's limits
//! in one place so that docs/spec/limits.md can name each. A link to `/dev/zero`, a FIFO with no
//! writer or an 8 GiB sparse file is refused at once with a message naming the file and the limit.

use std::path::Path;

use opencharacter::fs::{ReadError, read_input};

/// Longest character file read (`sheet`, `migrate`), in bytes: 256 MiB, as a built release.
pub const MAX_CHARACTER_BYTES: u64 = 256 * 1024 * 1024;

/// Longest file `import-ruleset` reads (the ruleset, `--manifest`, each `--locales` file): 4 MiB,
/// well above the engine's own 256 KiB ruleset limit, so the engine's limit is reported by the
/// importer's check, not by the reader.
pub const MAX_IMPORT_JSON_BYTES: u64 = 4 * 1024 * 1024;

/// The reader's refusal as one line: the diagnostic's message and its code.
pub fn message(path: &Path, error: &ReadError) -> String {
    let diagnostic = error.diagnostic(&path.display().to_string());
    format!("{} ({})", diagnostic.message(), diagnostic.code.name)
}

/// The bytes of the regular file at `path`, at most `limit`.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    read_input(path, limit).map_err(|error| message(path, &error))
}

/// The UTF-8 text of the regular file at `path`, at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    let bytes = read_bytes(path, limit)?;
    String::from_utf8(bytes).map_err(|_| message(path, &ReadError::NotUtf8 { path: path.into() }))
}
