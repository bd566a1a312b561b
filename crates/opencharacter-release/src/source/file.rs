//! Reading one file with limits: never through a symbolic link, never more than the size limit,
//! UTF-8 only. Every refusal is a diagnostic; nothing here panics on what it reads.

use std::path::Path;

use opencharacter_spec::diagnostic::{Diagnostic, codes};

/// Reads `path` (shown as `shown`) as UTF-8 text of at most `max_bytes` bytes.
/// Boxed, as a diagnostic is large beside the text.
pub(super) fn read_text(
    path: &Path,
    shown: &str,
    max_bytes: u64,
) -> Result<String, Box<Diagnostic>> {
    let unreadable = |error: std::io::Error| {
        Box::new(
            Diagnostic::new(&codes::FILE_UNREADABLE)
                .with_arg("path", shown)
                .with_arg("reason", error)
                .with_file(shown),
        )
    };
    let metadata = std::fs::symlink_metadata(path).map_err(unreadable)?;
    if metadata.file_type().is_symlink() {
        return Err(Box::new(symlink(shown)));
    }
    if !metadata.is_file() {
        // A FIFO or a device would block or never end; only plain files are read.
        return Err(unreadable(std::io::Error::other("it is not a plain file")));
    }
    if metadata.len() > max_bytes {
        // Refused before it is opened, as reading.md says.
        return Err(Box::new(
            opencharacter_fs::ReadError::TooLarge {
                path: path.to_owned(),
                size: Some(metadata.len()),
                limit: max_bytes,
            }
            .diagnostic(shown),
        ));
    }
    // The one bounded reader: the kind is checked again on the open handle (a file swapped for a
    // FIFO after the check above cannot block), and the read stops one byte past the limit.
    let bytes = opencharacter_fs::read_input(path, max_bytes)
        .map_err(|error| Box::new(error.diagnostic(shown)))?;
    String::from_utf8(bytes).map_err(|error| {
        let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        // The valid prefix is UTF-8 by definition; the lossy call never replaces anything.
        let prefix = String::from_utf8_lossy(valid);
        let (line, column) = line_column_at_end(&prefix);
        Box::new(
            Diagnostic::new(&codes::FILE_NOT_UTF8)
                .with_arg("path", shown)
                .with_file(shown)
                .at(line, column),
        )
    })
}

/// The diagnostic for a symbolic link at `shown`.
pub(super) fn symlink(shown: &str) -> Diagnostic {
    Diagnostic::new(&codes::FILE_SYMLINK)
        .with_arg("path", shown)
        .with_file(shown)
}

/// The 1-based line and character column just past the end of `text`.
fn line_column_at_end(text: &str) -> (u32, u32) {
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let line = text.matches('\n').count() + 1;
    let last_line = text.rsplit('\n').next().unwrap_or("");
    (clamp(line), clamp(last_line.chars().count() + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_of_the_first_bad_byte() {
        assert_eq!(line_column_at_end(""), (1, 1));
        assert_eq!(line_column_at_end("ab"), (1, 3));
        assert_eq!(line_column_at_end("a\nñé"), (2, 3));
        assert_eq!(line_column_at_end("a\n"), (2, 1));
    }
}
