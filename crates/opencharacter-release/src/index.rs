//! Writing a pack index (`opencharacter build --index BASE_URL`): the built releases and their
//! language packs, published under their index names beside `index.json`, in one folder that
//! can be served as it is.
//!
//! The index model, its checks and the listing itself are the i18n crate's
//! (`opencharacter_i18n::index`); this module only reads the built files and writes the folder.
//! An `index.json` already in the folder keeps its entries for other versions (and their files
//! stay), so publishing a new version keeps the previous ones to go back to. Each file is
//! written atomically (temporary file, then rename), `index.json` last.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use opencharacter_i18n::index::{
    IndexError, IndexWriter, MAX_INDEX_BYTES, MAX_LANGUAGE_PACK_BYTES, MAX_RELEASE_BYTES, PackIndex,
};

use crate::build::BuiltPack;

/// Why the index could not be written.
#[derive(Debug, thiserror::Error)]
pub enum IndexWriteError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
    /// A file could not be read (not a regular file, over its limit).
    #[error(transparent)]
    Read(opencharacter_fs::ReadError),
    /// A file could not be replaced.
    #[error(transparent)]
    Write(#[from] opencharacter_fs::WriteError),
    /// A built file could not be listed.
    #[error("{path}: {source}")]
    Index {
        /// The file.
        path: PathBuf,
        /// Why.
        source: IndexError,
    },
    /// The `index.json` already in the folder does not read.
    #[error("{path}: not a pack index: {reason}")]
    Existing {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

/// Lists every built pack (its `dist/release.json` and the `<lang>.json` files of its `-i18n`
/// package) under `base_url` and writes them, with `index.json`, into `folder`.
pub fn write_index(
    built: &[BuiltPack],
    base_url: &str,
    folder: &Path,
) -> Result<(PackIndex, Vec<opencharacter_spec::Diagnostic>), IndexWriteError> {
    let index_path = folder.join("index.json");
    let mut writer = IndexWriter::new(base_url).map_err(|source| IndexWriteError::Index {
        path: index_path.clone(),
        source,
    })?;
    if let Some(bytes) = opencharacter_fs::read_input_if_present(&index_path, MAX_INDEX_BYTES)
        .map_err(IndexWriteError::Read)?
    {
        let existing: PackIndex =
            serde_json::from_slice(&bytes).map_err(|error| IndexWriteError::Existing {
                path: index_path.clone(),
                reason: error.to_string(),
            })?;
        for release in existing.releases {
            writer.keep(release);
        }
    }
    let mut files = Vec::new();
    for pack in built {
        let release_path = pack.dist.join("release.json");
        let release = opencharacter_fs::read_input_if_present(&release_path, MAX_RELEASE_BYTES)
            .map_err(IndexWriteError::Read)?
            .ok_or_else(|| IndexWriteError::Io {
                path: release_path.clone(),
                source: io::ErrorKind::NotFound.into(),
            })?;
        let mut languages = Vec::new();
        if let Some(dir) = &pack.i18n_package {
            let mut paths: Vec<PathBuf> = fs::read_dir(dir)
                .map_err(io_error(dir))?
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| {
                    path.extension().is_some_and(|e| e == "json")
                        && path.file_name().is_some_and(|n| n != "package.json")
                })
                .collect();
            paths.sort();
            for path in paths {
                if let Some(bytes) =
                    opencharacter_fs::read_input_if_present(&path, MAX_LANGUAGE_PACK_BYTES)
                        .map_err(IndexWriteError::Read)?
                {
                    languages.push(bytes);
                }
            }
        }
        let published =
            writer
                .add(&release, &languages)
                .map_err(|source| IndexWriteError::Index {
                    path: release_path.clone(),
                    source,
                })?;
        files.extend(published);
    }
    // What an installer would refuse is never written: the index lists only entries without a
    // problem, and only their files are published; the problems are returned.
    let (index, problems) = writer
        .finish()
        .without_refused(base_url.starts_with("http://"));
    fs::create_dir_all(folder).map_err(io_error(folder))?;
    let listed = |name: &str| {
        index.releases.iter().any(|r| {
            r.url.ends_with(&format!("/{name}"))
                || r.locales
                    .values()
                    .any(|l| l.url.ends_with(&format!("/{name}")))
        })
    };
    for file in files.iter().filter(|file| listed(&file.name)) {
        write_atomic(&folder.join(&file.name), &file.bytes)?;
    }
    let mut bytes = serde_json::to_vec_pretty(&index).map_err(|error| IndexWriteError::Io {
        path: index_path.clone(),
        source: io::Error::other(error),
    })?;
    bytes.push(b'\n');
    write_atomic(&index_path, &bytes)?;
    Ok((index, problems))
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> IndexWriteError + '_ {
    move |source| IndexWriteError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Replaces `path` with `bytes` through the one in-place writer (no backup: the index folder is
/// generated).
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), IndexWriteError> {
    opencharacter_fs::lock(path)?.replace(bytes, opencharacter_fs::Backup::None)?;
    Ok(())
}
