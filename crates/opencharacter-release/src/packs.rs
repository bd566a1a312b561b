//! Turning the paths a user gives into pack releases: the one way every verb that loads packs
//! (`load`, `sheet`, `migrate`, `layers`, `validate --with`) reads them.
//!
//! A path is a `release.json` file, a pack folder, or a folder holding pack folders. A pack
//! folder with sources (`pack.yaml`) is always read from its sources, so an author sees the file
//! they just edited; its `dist/release.json` is read only when the path names that file, or when
//! the caller asks for built releases ([`Prefer::Built`]), and then a release older than a source
//! file of its pack is a `release-older-than-sources` warning. A folder holding only
//! `dist/release.json` is a built pack. Source packs are validated together (and against the
//! built releases found), so their formula tables are completed against their dependencies
//! exactly as `build` completes them, and their diagnostics are returned beside the releases.

use std::path::{Path, PathBuf};

use opencharacter_spec::Diagnostic;
use opencharacter_spec::diagnostic::codes;
use opencharacter_spec::model::PackRelease;
use thiserror::Error;

use crate::source::{ReadError, ReadLimits, read_paths};
use crate::validate::{ValidateOptions, validate_reading};

/// Largest `release.json` read, in bytes.
pub const MAX_RELEASE_BYTES: u64 = 256 * 1024 * 1024;

/// Deepest folder searched below a path: `packs/<game>/<pack>`, with one level to spare.
const MAX_SEARCH_DEPTH: usize = 4;

/// A path that cannot give releases.
#[derive(Debug, Error)]
pub enum PacksError {
    /// A source folder could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A `release.json` could not be read or is not a release.
    #[error("`{}` is not a readable pack release: {reason}", path.display())]
    Release {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A `release.json` refused by the bounded reader (not a regular file, over the limit): the
    /// message names the file and the limit, then the diagnostic code.
    #[error("{0}")]
    Input(String),
    /// Nothing under the path is a pack.
    #[error("no pack (pack.yaml or dist/release.json) under `{}`", path.display())]
    NothingFound {
        /// The path as given.
        path: PathBuf,
    },
}

/// The releases under some paths, in the order found, and the diagnostics of the source packs.
#[derive(Debug, Default)]
pub struct Packs {
    /// The packs, in the order the paths (and folders, by name) give them.
    pub packs: Vec<PackAt>,
    /// What validating the source packs found (the built releases are taken as they are).
    pub diagnostics: Vec<Diagnostic>,
}

/// One pack found under a path.
#[derive(Debug, Clone)]
pub struct PackAt {
    /// Its release.
    pub release: PackRelease,
    /// The `release.json` it was read from, or its source folder.
    pub origin: PathBuf,
    /// Whether it was validated here (a source pack) rather than taken as built.
    pub validated: bool,
}

impl Packs {
    /// The releases, in order.
    pub fn releases(&self) -> impl Iterator<Item = &PackRelease> {
        self.packs.iter().map(|pack| &pack.release)
    }

    /// The releases, in order, and the diagnostics.
    pub fn into_parts(self) -> (Vec<PackRelease>, Vec<Diagnostic>) {
        (
            self.packs.into_iter().map(|pack| pack.release).collect(),
            self.diagnostics,
        )
    }
}

enum Found {
    Built(PathBuf),
    Source(PathBuf),
}

/// Which form of a pack folder holding both sources and `dist/release.json` is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Prefer {
    /// The sources (`pack.yaml` and the rest), always current.
    #[default]
    Sources,
    /// The built release, warning when a source file is newer than it.
    Built,
}

/// Reads every pack under `paths`, from its sources ([`releases_at_with`], [`Prefer::Sources`]).
///
/// # Errors
/// The first path that does not exist, holds no pack, or names an unreadable `release.json`.
pub fn releases_at(paths: &[PathBuf], limits: &ReadLimits) -> Result<Packs, PacksError> {
    releases_at_with(paths, limits, Prefer::Sources)
}

/// Reads every pack under `paths`, a folder with both forms in the form `prefer` says. A pack
/// found twice is read once.
///
/// # Errors
/// The first path that does not exist, holds no pack, or names an unreadable `release.json`.
pub fn releases_at_with(
    paths: &[PathBuf],
    limits: &ReadLimits,
    prefer: Prefer,
) -> Result<Packs, PacksError> {
    let mut found = Vec::new();
    let mut stale = Vec::new();
    for path in paths {
        let before = found.len();
        find(path, 0, prefer, &mut found)?;
        if found.len() == before {
            return Err(PacksError::NothingFound { path: path.clone() });
        }
    }
    let mut built = Vec::new();
    let mut sources = Vec::new();
    // Where each release of the result comes from, so the order found is kept.
    let mut order = Vec::new();
    for item in found {
        match item {
            Found::Built(file) => {
                order.push((true, built.len(), file.clone()));
                let release = read_release(&file)?;
                if is_stale(&file) {
                    stale.push(
                        Diagnostic::new(&codes::RELEASE_OLDER_THAN_SOURCES)
                            .with_arg("pack", &release.manifest.id)
                            .with_arg("release", file.display().to_string())
                            .with_pack(release.manifest.id.clone())
                            .with_file(file.display().to_string()),
                    );
                }
                built.push(release);
            }
            Found::Source(folder) if !sources.contains(&folder) => {
                order.push((false, sources.len(), folder.clone()));
                sources.push(folder);
            }
            Found::Source(_) => {}
        }
    }
    let mut assembled = Vec::new();
    let mut diagnostics = stale;
    if !sources.is_empty() {
        let reading = read_paths(&sources, limits)?;
        let options = ValidateOptions {
            limits: *limits,
            ..ValidateOptions::default()
        };
        let validation = validate_reading(reading, &built, &options);
        diagnostics.extend(validation.reading.all_diagnostics().cloned());
        assembled = validation
            .assembled
            .into_iter()
            .map(|pack| pack.map(|p| p.release))
            .collect();
    }
    let mut packs: Vec<PackAt> = Vec::with_capacity(order.len());
    for (is_built, index, origin) in order {
        let release = if is_built {
            Some(built[index].clone())
        } else {
            assembled.get(index).cloned().flatten()
        };
        // A source pack whose manifest did not read has no release; its diagnostics say why.
        if let Some(release) = release
            && !packs
                .iter()
                .any(|p| p.release.manifest.id == release.manifest.id)
        {
            packs.push(PackAt {
                release,
                origin,
                validated: !is_built,
            });
        }
    }
    Ok(Packs { packs, diagnostics })
}

fn find(
    path: &Path,
    depth: usize,
    prefer: Prefer,
    found: &mut Vec<Found>,
) -> Result<(), PacksError> {
    let meta = std::fs::metadata(path).map_err(|source| ReadError::Io {
        path: path.to_owned(),
        source,
    })?;
    if !meta.is_dir() {
        // A file, or something that is not one (a FIFO, a device): the bounded reader says which.
        found.push(Found::Built(path.to_owned()));
        return Ok(());
    }
    let built = path.join("dist").join("release.json");
    let sources = path.join("pack.yaml").is_file();
    if built.is_file() && (prefer == Prefer::Built || !sources) {
        found.push(Found::Built(built));
        return Ok(());
    }
    if sources {
        found.push(Found::Source(path.to_owned()));
        return Ok(());
    }
    if depth == MAX_SEARCH_DEPTH {
        return Ok(());
    }
    let entries = std::fs::read_dir(path).map_err(|source| ReadError::Io {
        path: path.to_owned(),
        source,
    })?;
    let mut children: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        // Links inside a tree are never followed (the reader refuses them the same way).
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_dir()))
        .map(|entry| entry.path())
        .filter(|child| {
            child
                .file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| {
                    !name.starts_with('.') && name != "dist" && name != "node_modules"
                })
        })
        .collect();
    // The file system's order is arbitrary; sort so the order found is deterministic.
    children.sort();
    for child in children {
        find(&child, depth + 1, prefer, found)?;
    }
    Ok(())
}

/// Reads a built `release.json` through the one bounded reader (`opencharacter-fs`): a regular
/// file of at most [`MAX_RELEASE_BYTES`], never a device or a FIFO.
///
/// # Errors
/// [`PacksError::Release`] when the file cannot be read or is not a release.
pub fn read_release(path: &Path) -> Result<PackRelease, PacksError> {
    let error = |reason: String| PacksError::Release {
        path: path.to_owned(),
        reason,
    };
    let bytes = opencharacter_fs::read_input(path, MAX_RELEASE_BYTES).map_err(|e| {
        let diagnostic = e.diagnostic(&path.display().to_string());
        PacksError::Input(format!(
            "{} ({})",
            diagnostic.message(),
            diagnostic.code.name
        ))
    })?;
    serde_json::from_slice(&bytes).map_err(|e| error(e.to_string()))
}

/// Whether a file of the pack a `dist/release.json` was built from is newer than the release.
/// Only a release inside `<pack>/dist/` beside a `pack.yaml` has sources to compare; the walk
/// skips `dist/`, hidden folders and links, and stops at the reader's folder depth.
fn is_stale(release: &Path) -> bool {
    let Some(pack) = release.parent().and_then(Path::parent) else {
        return false;
    };
    if release.parent().and_then(Path::file_name) != Some("dist".as_ref())
        || !pack.join("pack.yaml").is_file()
    {
        return false;
    }
    let Ok(built) = std::fs::metadata(release).and_then(|m| m.modified()) else {
        return false;
    };
    newer_than(pack, built, 0)
}

fn newer_than(folder: &Path, built: std::time::SystemTime, depth: usize) -> bool {
    if depth > ReadLimits::default().max_folder_depth {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return false;
    };
    entries.filter_map(Result::ok).any(|entry| {
        let name = entry.file_name();
        let skipped = name.to_string_lossy().starts_with('.') || (depth == 0 && name == "dist");
        match entry.file_type() {
            _ if skipped => false,
            Ok(kind) if kind.is_dir() => newer_than(&entry.path(), built, depth + 1),
            Ok(kind) if kind.is_file() => entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|modified| modified > built),
            _ => false,
        }
    })
}
