//! Writing a folder of built files: through `opencharacter-fs`'s [`replace_folder`], the one
//! way the workspace replaces what it writes (a hidden temporary folder, each file synced,
//! swapped in by renames, leftovers of an interrupted build removed by the next). A build that
//! fails while writing leaves the last good folder as it was; a reader never sees half a
//! `dist/`.

use std::path::{Path, PathBuf};

use opencharacter_fs::replace_folder;

use super::render::OutputFile;

/// A folder that could not be written, and why.
#[derive(Debug, thiserror::Error)]
#[error("cannot write `{}`: {source}", path.display())]
pub struct WriteError {
    /// The file or folder the system refused.
    pub path: PathBuf,
    /// What the system said.
    pub source: std::io::Error,
}

/// Replaces the folder `target` with exactly `files` (any other file in it goes), through
/// [`replace_folder`]: the parent folders are created when missing, and a folder that already
/// holds exactly these bytes is left as it is.
///
/// # Errors
/// When a file or folder cannot be written or renamed; `target` is then as it was before.
pub fn write_folder(target: &Path, files: &[OutputFile]) -> Result<(), WriteError> {
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|file| (file.path.as_str(), file.bytes.as_slice()))
        .collect();
    replace_folder(target, &files).map_err(|error| match error {
        opencharacter_fs::WriteError::Io { path, source } => WriteError { path, source },
        opencharacter_fs::WriteError::NotAFile { path } => WriteError {
            source: std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("`{}` is not a regular file", path.display()),
            ),
            path,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, text: &str) -> OutputFile {
        OutputFile {
            path: path.to_owned(),
            bytes: text.as_bytes().to_vec(),
        }
    }

    #[test]
    fn replaces_the_whole_folder_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("pack").join("dist");
        write_folder(&target, &[file("a.json", "1"), file("i18n/en.json", "2")]).unwrap();
        write_folder(&target, &[file("b.json", "3")]).unwrap();
        assert!(!target.join("a.json").exists());
        assert_eq!(std::fs::read_to_string(target.join("b.json")).unwrap(), "3");
        let beside: Vec<_> = std::fs::read_dir(dir.path().join("pack"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(beside, ["dist"]);
    }

    #[test]
    fn an_unchanged_folder_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("dist");
        let files = [file("a.json", "1"), file("i18n/en.json", "2")];
        write_folder(&target, &files).unwrap();
        let inode = |path: &Path| {
            use std::os::unix::fs::MetadataExt as _;
            std::fs::metadata(path).unwrap().ino()
        };
        let written = inode(&target.join("a.json"));
        // Same bytes: nothing touched (a rewrite makes new files, with new inodes).
        write_folder(&target, &files).unwrap();
        assert_eq!(inode(&target.join("a.json")), written);
        // A file more: the folder is written again, without it.
        std::fs::write(target.join("stray.txt"), "x").unwrap();
        write_folder(&target, &files).unwrap();
        assert!(!target.join("stray.txt").exists());
        assert_ne!(inode(&target.join("a.json")), written);
    }

    #[test]
    fn a_failed_write_keeps_the_old_folder() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("dist");
        write_folder(&target, &[file("release.json", "good")]).unwrap();
        let error = write_folder(&target, &[file("../escape.json", "bad")]).unwrap_err();
        assert_eq!(error.source.kind(), std::io::ErrorKind::InvalidInput);
        assert_eq!(
            std::fs::read_to_string(target.join("release.json")).unwrap(),
            "good"
        );
        assert!(!dir.path().join("escape.json").exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
