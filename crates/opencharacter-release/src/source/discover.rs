//! Finding pack folders under the paths given: a path is a pack folder (it holds `pack.yaml`) or
//! a folder of packs, searched a bounded number of folders deep.

use std::path::{Path, PathBuf};

use opencharacter_spec::diagnostic::kept::Budget;
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use thiserror::Error;

use super::{ReadLimits, Reading, file, read_pack_in, slash_path};

/// A path given to read that cannot be read at all: a usage or I/O failure, not a problem of a
/// pack (those are diagnostics).
#[derive(Debug, Error)]
pub enum ReadError {
    /// The path does not exist or cannot be opened.
    #[error("cannot read `{}`: {source}", path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The path is a file, not a folder.
    #[error("`{}` is not a folder; give a pack folder or a folder of packs", path.display())]
    NotAFolder {
        /// The path as given.
        path: PathBuf,
    },
}

/// Reads every pack under each of `paths`, in order; a pack found twice is read once.
///
/// # Errors
/// The first path that does not exist or is not a folder.
pub fn read_paths(paths: &[PathBuf], limits: &ReadLimits) -> Result<Reading, ReadError> {
    let mut reading = Reading {
        budget: limits.budget(),
        ..Reading::default()
    };
    // The pack folders taken, to drop one named twice (by two paths) with one lookup, not a
    // scan of every pack read so far per pack (10,000 packs took a minute and a half).
    let mut roots: std::collections::HashSet<PathBuf> = std::collections::HashSet::new();
    for path in paths {
        // One bound for the whole run: every path's packs count against it.
        let one = read_path_in(path, limits, &reading.budget)?;
        reading.diagnostics.extend(one.diagnostics);
        for pack in one.packs {
            if roots.insert(pack.root.clone()) {
                reading.packs.push(pack);
            }
        }
    }
    Ok(reading)
}

/// Reads every pack under `path`: `path` itself when it holds `pack.yaml`, else each pack
/// folder found below it (at most [`ReadLimits::max_search_depth`] folders deep; a pack folder
/// is not searched for packs inside it; hidden folders, `node_modules`, `target` and `dist` are
/// skipped).
///
/// # Errors
/// When `path` does not exist or is not a folder.
pub fn read_path(path: &Path, limits: &ReadLimits) -> Result<Reading, ReadError> {
    read_path_in(path, limits, &limits.budget())
}

fn read_path_in(path: &Path, limits: &ReadLimits, budget: &Budget) -> Result<Reading, ReadError> {
    // The path as given may itself be a link (the user chose it); links inside are refused.
    let root = std::fs::canonicalize(path).map_err(|source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if !root.is_dir() {
        return Err(ReadError::NotAFolder {
            path: path.to_path_buf(),
        });
    }
    let mut reading = Reading {
        budget: budget.clone(),
        ..Reading::default()
    };
    let mut roots = Vec::new();
    find(&root, path, 0, limits, &mut roots, &mut reading.diagnostics);
    if roots.is_empty() {
        let shown = slash_path(path);
        reading
            .diagnostics
            .push(Diagnostic::new(&codes::NO_PACKS_FOUND).with_arg("path", shown));
    }
    // A pack folder named directly is a lone pack unless it sits at `packs/<game>/<pack>/`; a
    // pack found by searching a folder is in a tree of packs.
    let lone = roots.len() == 1
        && roots[0] == root
        && root
            .parent()
            .and_then(Path::parent)
            .and_then(Path::file_name)
            .is_none_or(|name| name != "packs");
    reading.packs = roots
        .iter()
        .map(|root| read_pack_in(root, limits, !lone, budget))
        .collect();
    Ok(reading)
}

fn is_pack_folder(folder: &Path) -> bool {
    std::fs::symlink_metadata(folder.join("pack.yaml")).is_ok()
}

fn find(
    folder: &Path,
    shown: &Path,
    depth: usize,
    limits: &ReadLimits,
    roots: &mut Vec<PathBuf>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if is_pack_folder(folder) {
        roots.push(folder.to_path_buf());
        return;
    }
    if depth >= limits.max_search_depth {
        return;
    }
    let mut entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries.filter_map(Result::ok).collect::<Vec<_>>(),
        Err(error) => {
            let path = slash_path(shown);
            diagnostics.push(
                Diagnostic::new(&codes::FILE_UNREADABLE)
                    .with_arg("path", &path)
                    .with_arg("reason", error)
                    .with_file(path),
            );
            return;
        }
    };
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let name = entry.file_name();
        let name_text = name.to_string_lossy();
        if name_text.starts_with('.') || matches!(&*name_text, "node_modules" | "target" | "dist") {
            continue;
        }
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        let child_shown = shown.join(&name);
        if file_type.is_symlink() {
            diagnostics.push(file::symlink(&slash_path(&child_shown)));
        } else if file_type.is_dir() {
            // Recursion is bounded by `max_search_depth`, so the stack stays small.
            find(
                &entry.path(),
                &child_shown,
                depth + 1,
                limits,
                roots,
                diagnostics,
            );
        }
    }
}
