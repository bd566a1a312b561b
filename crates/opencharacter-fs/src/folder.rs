//! Replacing a whole folder of generated files (a pack's `dist/`), the sibling of
//! [`crate::Locked::replace`] for folders.
//!
//! The files go into a hidden temporary folder beside the target, each synced; the target then
//! steps aside and the new folder takes its name by renames, and the parent is synced. A reader
//! therefore sees the old folder or the new one, never a mix: a write that fails leaves the old
//! folder as it was, and a process killed at any step leaves at worst a hidden temporary folder
//! (and, in the instant between the two renames, the old folder under a hidden name), which the
//! next write of the same folder removes before it starts. An advisory lock on the parent
//! serialises two writers of the same folder, as [`crate::lock`] does for files.

use std::fs::File;
use std::path::{Component, Path};

use crate::replace::{MARK, WriteError, io};

/// Replaces the folder `target` with exactly `files` (path relative to the folder with `/`,
/// bytes); any other file in it goes. The parent folders are created when missing. A folder
/// that already holds exactly these bytes is left as it is (a rebuild of an unchanged pack
/// touches nothing, so file watchers and modification times stay quiet).
///
/// # Errors
/// When a file or folder cannot be written or renamed, or a file's path climbs out of the
/// folder; `target` is then as it was before and the temporary folder is removed.
pub fn replace_folder(target: &Path, files: &[(&str, &[u8])]) -> Result<(), WriteError> {
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_owned();
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    std::fs::create_dir_all(&parent).map_err(io(&parent))?;
    let lock = File::open(&parent).map_err(io(&parent))?;
    lock.lock().map_err(io(&parent))?;
    remove_leftovers(&parent, &name)?;
    if holds_exactly(target, files) {
        return Ok(());
    }
    // Hidden, so a pack reader walking the parent skips them; the process ID keeps the names of
    // two processes apart.
    let pid = std::process::id();
    let temporary = parent.join(format!(".{name}.{MARK}{pid}"));
    let old = parent.join(format!(".{name}.{MARK}old-{pid}"));
    let result = fill(&temporary, files).and_then(|()| swap(target, &temporary, &old));
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&temporary);
        return result;
    }
    // The renames are durable once the parent is synced (where a folder can be synced).
    let _ = lock.sync_all();
    Ok(())
}

/// Removes what an interrupted writer of `name` left in `parent`: `.<name>.oc-tmp-…` (this
/// crate's) and `.<name>.tmp-<pid>` / `.<name>.old-<pid>` (the builder's before it). Called under
/// the lock, so no writer is using them.
fn remove_leftovers(parent: &Path, name: &str) -> Result<(), WriteError> {
    let prefix = format!(".{name}.");
    let entries = std::fs::read_dir(parent).map_err(io(parent))?;
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        let old_style = ["tmp-", "old-"].iter().any(|mark| {
            rest.strip_prefix(mark)
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        });
        if !(rest.starts_with(MARK) || old_style) {
            continue;
        }
        let path = entry.path();
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => std::fs::remove_dir_all(&path).map_err(io(&path))?,
            Ok(kind) if kind.is_file() => std::fs::remove_file(&path).map_err(io(&path))?,
            _ => {}
        }
    }
    Ok(())
}

/// Whether `folder` holds exactly `files`: the same paths, the same bytes, nothing else. Any
/// doubt (a link, an unreadable file) is a no, and the folder is rewritten.
fn holds_exactly(folder: &Path, files: &[(&str, &[u8])]) -> bool {
    let mut found = Vec::new();
    if !list(folder, "", &mut found) || found.len() != files.len() {
        return false;
    }
    found.sort();
    let mut wanted: Vec<&str> = files.iter().map(|(path, _)| *path).collect();
    wanted.sort_unstable();
    found == wanted
        && files
            .iter()
            .all(|(path, bytes)| std::fs::read(folder.join(path)).is_ok_and(|b| b == *bytes))
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

fn fill(temporary: &Path, files: &[(&str, &[u8])]) -> Result<(), WriteError> {
    if temporary.exists() {
        // Left by a process with this ID that was killed mid-write.
        std::fs::remove_dir_all(temporary).map_err(io(temporary))?;
    }
    std::fs::create_dir_all(temporary).map_err(io(temporary))?;
    for (relative, bytes) in files {
        let relative = Path::new(relative);
        // The caller names every file; a name climbing out of the folder is refused.
        let inside = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        let path = temporary.join(relative);
        if !inside {
            return Err(WriteError::Io {
                path,
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "a file's path must stay inside its folder",
                ),
            });
        }
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(io(folder))?;
        }
        let mut file = File::create(&path).map_err(io(&path))?;
        std::io::Write::write_all(&mut file, bytes).map_err(io(&path))?;
        file.sync_all().map_err(io(&path))?;
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
        return Err(WriteError::Io {
            path: target.to_owned(),
            source,
        });
    }
    if had_old {
        // The new folder is in place; an old one that cannot be removed now is removed by the
        // next write.
        let _ = std::fs::remove_dir_all(old);
    }
    Ok(())
}

/// Where the old folder waits during a swap, for tests of an interrupted one.
#[cfg(test)]
pub(crate) fn old_name(target: &Path) -> std::path::PathBuf {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    target.with_file_name(format!(".{name}.{MARK}old-{}", std::process::id()))
}
