//! Writing a folder of built files atomically: everything goes into a hidden temporary folder
//! beside the target, which then takes the target's place by renames. A build that fails while
//! writing leaves the last good folder as it was; a reader never sees half a `dist/`.

use std::path::{Component, Path, PathBuf};

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

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
    move |source| WriteError {
        path: path.to_owned(),
        source,
    }
}

/// Replaces the folder `target` with exactly `files` (any other file in it goes). The parent
/// folders are created when missing. A folder that already holds exactly these bytes is left
/// as it is (a rebuild of an unchanged pack touches nothing, so file watchers and modification
/// times stay quiet).
///
/// # Errors
/// When a file or folder cannot be written or renamed; `target` is then as it was before.
pub fn write_folder(target: &Path, files: &[OutputFile]) -> Result<(), WriteError> {
    if holds_exactly(target, files) {
        return Ok(());
    }
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    std::fs::create_dir_all(parent).map_err(io(parent))?;
    // Hidden, so a pack reader walking the parent skips them; the process ID keeps two builds
    // running at once apart.
    let temporary = parent.join(format!(".{name}.tmp-{}", std::process::id()));
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let result = fill(&temporary, files).and_then(|()| swap(target, &temporary, &old));
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&temporary);
    }
    result
}

/// Whether `folder` holds exactly `files`: the same paths, the same bytes, nothing else. Any
/// doubt (a link, an unreadable file) is a no, and the folder is rewritten.
fn holds_exactly(folder: &Path, files: &[OutputFile]) -> bool {
    let mut found = Vec::new();
    if !list(folder, "", &mut found) || found.len() != files.len() {
        return false;
    }
    found.sort();
    let mut wanted: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    wanted.sort_unstable();
    found == wanted
        && files.iter().all(|file| {
            std::fs::read(folder.join(&file.path)).is_ok_and(|bytes| bytes == file.bytes)
        })
}

/// Every file under `folder`, relative with `/`; false when something is not a plain file or
/// folder, or cannot be read.
fn list(folder: &Path, prefix: &str, out: &mut Vec<String>) -> bool {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return false;
    };
    for entry in entries {
        let Ok(entry) = entry else { return false };
        let Ok(kind) = entry.file_type() else {
            return false;
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        let relative = format!("{prefix}{name}");
        if kind.is_dir() {
            if !list(&entry.path(), &format!("{relative}/"), out) {
                return false;
            }
        } else if kind.is_file() {
            out.push(relative);
        } else {
            return false;
        }
    }
    true
}

fn fill(temporary: &Path, files: &[OutputFile]) -> Result<(), WriteError> {
    if temporary.exists() {
        // Left by a process with this ID that was killed mid-write.
        std::fs::remove_dir_all(temporary).map_err(io(temporary))?;
    }
    std::fs::create_dir_all(temporary).map_err(io(temporary))?;
    for file in files {
        let relative = Path::new(&file.path);
        // The renderer names every file; a name climbing out of the folder is a bug, not input.
        let inside = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        let path = temporary.join(relative);
        if !inside {
            return Err(WriteError {
                path,
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "a built file's path must stay inside its folder",
                ),
            });
        }
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(io(folder))?;
        }
        std::fs::write(&path, &file.bytes).map_err(io(&path))?;
    }
    Ok(())
}

fn swap(target: &Path, temporary: &Path, old: &Path) -> Result<(), WriteError> {
    // `rename` cannot replace a folder that has files, so the old one steps aside first.
    let had_old = std::fs::symlink_metadata(target).is_ok();
    if had_old {
        if old.exists() {
            std::fs::remove_dir_all(old).map_err(io(old))?;
        }
        std::fs::rename(target, old).map_err(io(target))?;
    }
    if let Err(source) = std::fs::rename(temporary, target) {
        if had_old {
            let _ = std::fs::rename(old, target);
        }
        return Err(WriteError {
            path: target.to_owned(),
            source,
        });
    }
    if had_old {
        // The new folder is in place; an old one that cannot be removed is only clutter.
        let _ = std::fs::remove_dir_all(old);
    }
    Ok(())
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
        assert!(holds_exactly(&target, &files));
        // A file more, a file changed, a file less: each one is written again.
        std::fs::write(target.join("stray.txt"), "x").unwrap();
        assert!(!holds_exactly(&target, &files));
        write_folder(&target, &files).unwrap();
        assert!(!target.join("stray.txt").exists());
        assert_ne!(inode(&target.join("a.json")), written);
        assert!(!holds_exactly(
            &target,
            &[file("a.json", "1"), file("i18n/en.json", "3")]
        ));
        assert!(!holds_exactly(&target, &[file("a.json", "1")]));
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
