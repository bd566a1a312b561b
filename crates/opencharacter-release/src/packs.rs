//! Turning the paths a user gives into pack releases: the one way every verb that loads packs
//! (`load`, `sheet`, `migrate`, `layers`, `validate --with`) reads them.
//!
//! A path is a `release.json` file, a built pack folder (one with `dist/release.json`), a source
//! pack folder (one with `pack.yaml`), or a folder holding any of these. A built pack's release
//! is read as it is; source packs are validated together (and against the built releases found),
//! so their formula tables are completed against their dependencies exactly as `build` completes
//! them, and their diagnostics are returned beside the releases.

use std::path::{Path, PathBuf};

use opencharacter_spec::Diagnostic;
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

/// Reads every pack under `paths`. A pack found twice is read once.
///
/// # Errors
/// The first path that does not exist, holds no pack, or names an unreadable `release.json`.
pub fn releases_at(paths: &[PathBuf], limits: &ReadLimits) -> Result<Packs, PacksError> {
    let mut found = Vec::new();
    for path in paths {
        let before = found.len();
        find(path, 0, &mut found)?;
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
                built.push(read_release(&file)?);
            }
            Found::Source(folder) if !sources.contains(&folder) => {
                order.push((false, sources.len(), folder.clone()));
                sources.push(folder);
            }
            Found::Source(_) => {}
        }
    }
    let mut assembled = Vec::new();
    let mut diagnostics = Vec::new();
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

fn find(path: &Path, depth: usize, found: &mut Vec<Found>) -> Result<(), PacksError> {
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
    if built.is_file() {
        found.push(Found::Built(built));
        return Ok(());
    }
    if path.join("pack.yaml").is_file() {
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
        find(&child, depth + 1, found)?;
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
