//! The store of installed releases and their language packs, on disk.
//!
//! ```text
//! <store>/.lock                                    held (an OS file lock) by every writer
//! <store>/packs/<pack-id>/state.json               {"current": "1.1.0", "previous": "1.0.0", "index": "https://…"}
//! <store>/packs/<pack-id>/<version>/release.json   the release, default language only
//! <store>/packs/<pack-id>/<version>/<lang>.json    at most one language pack, current version only
//! ```
//!
//! Every file is written atomically: into a hidden temporary file beside it, flushed to disk,
//! read back and compared, then renamed over its name; `state.json` is written last, so it
//! only ever names files already complete. Writers hold the store's lock from start to end;
//! a writer that dies leaves at most a temporary file, which the next writer removes.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::{I18nFile, PackRelease};
use serde::{Deserialize, Serialize};

use crate::index::{MAX_LANGUAGE_PACK_BYTES, MAX_RELEASE_BYTES, split_release};
use crate::tag::LanguageTag;
use crate::text::{LanguageText, PackText, Texts};

/// Why the store could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A file system operation failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
    /// A stored file does not read (it was changed outside the installer).
    #[error("{path}: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Which versions of one pack are installed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PackState {
    /// The version in use.
    pub current: semver::Version,
    /// The version an update replaced, kept (without its language pack) to go back to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<semver::Version>,
    /// The index the pack was installed from, which sync asks for its language packs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<String>,
}

/// One installed pack, as a reader sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Installed {
    /// The pack.
    pub id: PackId,
    /// Its versions.
    pub state: PackState,
    /// The language of the pack kept with the current version, if any.
    pub language: Option<LanguageTag>,
}

/// The store's lock, held while writing; released when dropped (or when the process ends).
#[derive(Debug)]
pub struct StoreLock {
    _file: fs::File,
}

/// A store folder.
#[derive(Debug, Clone)]
pub struct Store {
    root: PathBuf,
}

/// Longest `state.json` read, in bytes (limits.md): the state names two versions.
pub const MAX_STATE_BYTES: u64 = 1024 * 1024;

const TEMPORARY_MARK: &str = ".tmp-";

impl Store {
    /// The store at `root`, created when missing.
    pub fn open(root: impl Into<PathBuf>) -> Result<Store, StoreError> {
        let root = root.into();
        let packs = root.join("packs");
        fs::create_dir_all(&packs).map_err(io_error(&packs))?;
        Ok(Store { root })
    }

    /// The store's folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Waits for the store's lock, then removes what an interrupted writer left behind.
    pub fn lock(&self) -> Result<StoreLock, StoreError> {
        let path = self.root.join(".lock");
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io_error(&path))?;
        file.lock().map_err(io_error(&path))?;
        let lock = StoreLock { _file: file };
        self.remove_temporaries()?;
        Ok(lock)
    }

    fn remove_temporaries(&self) -> Result<(), StoreError> {
        for id in self.pack_ids()? {
            let dir = self.pack_dir(&id);
            let mut dirs = vec![dir.clone()];
            for entry in fs::read_dir(&dir).map_err(io_error(&dir))? {
                let entry = entry.map_err(io_error(&dir))?;
                if entry.path().is_dir() {
                    dirs.push(entry.path());
                }
            }
            for dir in dirs {
                for entry in fs::read_dir(&dir).map_err(io_error(&dir))? {
                    let path = entry.map_err(io_error(&dir))?.path();
                    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    // This crate's temporary files before the shared writer, and the writer's.
                    let temporary = name.contains(TEMPORARY_MARK)
                        || name.contains(opencharacter_fs::TEMPORARY_MARK);
                    if name.starts_with('.') && temporary && path.is_file() {
                        fs::remove_file(&path).map_err(io_error(&path))?;
                    }
                }
            }
        }
        Ok(())
    }

    fn pack_dir(&self, id: &PackId) -> PathBuf {
        self.root.join("packs").join(id.as_str())
    }

    fn version_dir(&self, id: &PackId, version: &semver::Version) -> PathBuf {
        self.pack_dir(id).join(version.to_string())
    }

    /// The IDs of every pack with a state, sorted.
    pub fn pack_ids(&self) -> Result<Vec<PackId>, StoreError> {
        let packs = self.root.join("packs");
        let mut ids = Vec::new();
        for entry in fs::read_dir(&packs).map_err(io_error(&packs))? {
            let entry = entry.map_err(io_error(&packs))?;
            let name = entry.file_name();
            if let Some(id) = name.to_str().and_then(|n| n.parse::<PackId>().ok())
                // Anything named `state.json` counts, so that one that is not a regular file (a
                // link to a device, a FIFO) is reported by the bounded reader, not skipped.
                && fs::symlink_metadata(entry.path().join("state.json")).is_ok()
            {
                ids.push(id);
            }
        }
        ids.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        Ok(ids)
    }

    /// The state of one pack, if installed.
    pub fn state(&self, id: &PackId) -> Result<Option<PackState>, StoreError> {
        let path = self.pack_dir(id).join("state.json");
        match read_bounded(&path, MAX_STATE_BYTES)? {
            Some(bytes) => {
                serde_json::from_slice(&bytes)
                    .map(Some)
                    .map_err(|error| StoreError::Corrupt {
                        path,
                        reason: error.to_string(),
                    })
            }
            None => Ok(None),
        }
    }

    /// Every installed pack.
    pub fn installed(&self) -> Result<Vec<Installed>, StoreError> {
        let mut all = Vec::new();
        for id in self.pack_ids()? {
            if let Some(state) = self.state(&id)? {
                let language = self.language_pack(&id, &state.current)?.map(|(tag, _)| tag);
                all.push(Installed {
                    id,
                    state,
                    language,
                });
            }
        }
        Ok(all)
    }

    /// The stored bytes of a release version.
    pub fn release_bytes(
        &self,
        id: &PackId,
        version: &semver::Version,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let path = self.version_dir(id, version).join("release.json");
        read_bounded(&path, MAX_RELEASE_BYTES)
    }

    /// The language pack kept with a version: its language and bytes. A file whose name is not
    /// a language tag is ignored.
    pub fn language_pack(
        &self,
        id: &PackId,
        version: &semver::Version,
    ) -> Result<Option<(LanguageTag, Vec<u8>)>, StoreError> {
        for (tag, path) in self.language_pack_paths(id, version)? {
            if let Some(bytes) = read_bounded(&path, MAX_LANGUAGE_PACK_BYTES)? {
                return Ok(Some((tag, bytes)));
            }
        }
        Ok(None)
    }

    fn language_pack_paths(
        &self,
        id: &PackId,
        version: &semver::Version,
    ) -> Result<Vec<(LanguageTag, PathBuf)>, StoreError> {
        let dir = self.version_dir(id, version);
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(io_error(&dir)(error)),
        };
        let mut found = Vec::new();
        for entry in entries {
            let path = entry.map_err(io_error(&dir))?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if name == "release.json" || name.starts_with('.') {
                continue;
            }
            if let Some(tag) = name
                .strip_suffix(".json")
                .and_then(|stem| LanguageTag::parse(stem).ok())
            {
                found.push((tag, path));
            }
        }
        found.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(found)
    }

    /// The release in use for a pack.
    pub fn release(&self, id: &PackId) -> Result<Option<PackRelease>, StoreError> {
        let Some(state) = self.state(id)? else {
            return Ok(None);
        };
        let path = self.version_dir(id, &state.current).join("release.json");
        let Some(bytes) = self.release_bytes(id, &state.current)? else {
            return Err(StoreError::Corrupt {
                path,
                reason: "the state names a version whose release is missing".into(),
            });
        };
        split_release(&bytes)
            .map(|(release, _)| Some(release))
            .map_err(|reason| StoreError::Corrupt { path, reason })
    }

    /// The text of a pack in use: its default language, and its language pack when one is
    /// kept and reads (one that does not is skipped: the pack reads in its default language).
    pub fn pack_text(&self, id: &PackId) -> Result<Option<PackText>, StoreError> {
        let Some(release) = self.release(id)? else {
            return Ok(None);
        };
        let path = self.pack_dir(id);
        let mut text = PackText::from_release(&release).map_err(|error| StoreError::Corrupt {
            path,
            reason: error.to_string(),
        })?;
        if let Some((tag, bytes)) = self.language_pack(id, &release.manifest.version)?
            && let Ok(file) = serde_json::from_slice::<I18nFile>(&bytes)
            && let Ok(language) = LanguageText::from_file(&file)
            && language.language == tag
        {
            text.add(language);
        }
        Ok(Some(text))
    }

    /// The text of every pack in use.
    pub fn texts(&self) -> Result<Texts, StoreError> {
        let mut texts = Texts::new();
        for id in self.pack_ids()? {
            if let Some(text) = self.pack_text(&id)? {
                texts.insert(text);
            }
        }
        Ok(texts)
    }

    // ---- writing (under the lock) ------------------------------------------------------------

    /// Writes a pack's state (the commit point of every change).
    pub(crate) fn write_state(
        &self,
        _lock: &StoreLock,
        id: &PackId,
        state: &PackState,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec_pretty(state).map_err(|error| StoreError::Corrupt {
            path: self.pack_dir(id),
            reason: error.to_string(),
        })?;
        write_atomic(&self.pack_dir(id), "state.json", &bytes)
    }

    /// Writes a release version's bytes.
    pub(crate) fn write_release(
        &self,
        _lock: &StoreLock,
        id: &PackId,
        version: &semver::Version,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        write_atomic(&self.version_dir(id, version), "release.json", bytes)
    }

    /// Keeps `bytes` as the language pack of a version, then removes any other language's.
    pub(crate) fn write_language_pack(
        &self,
        lock: &StoreLock,
        id: &PackId,
        version: &semver::Version,
        language: &LanguageTag,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        write_atomic(
            &self.version_dir(id, version),
            &format!("{language}.json"),
            bytes,
        )?;
        self.remove_language_packs(lock, id, version, Some(language))
    }

    /// Removes the language packs of a version, but the one in `except`.
    pub(crate) fn remove_language_packs(
        &self,
        _lock: &StoreLock,
        id: &PackId,
        version: &semver::Version,
        except: Option<&LanguageTag>,
    ) -> Result<(), StoreError> {
        for (tag, path) in self.language_pack_paths(id, version)? {
            if Some(&tag) != except {
                fs::remove_file(&path).map_err(io_error(&path))?;
            }
        }
        Ok(())
    }

    /// Removes every version folder the state does not name.
    pub(crate) fn prune(
        &self,
        _lock: &StoreLock,
        id: &PackId,
        state: &PackState,
    ) -> Result<(), StoreError> {
        let dir = self.pack_dir(id);
        for entry in fs::read_dir(&dir).map_err(io_error(&dir))? {
            let path = entry.map_err(io_error(&dir))?.path();
            let Some(version) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.parse::<semver::Version>().ok())
            else {
                continue;
            };
            if path.is_dir()
                && version != state.current
                && Some(&version) != state.previous.as_ref()
            {
                fs::remove_dir_all(&path).map_err(io_error(&path))?;
            }
        }
        Ok(())
    }
}

/// A file's bytes through the one bounded reader (`opencharacter-fs`): never past `limit`, never a
/// device or a FIFO (a `state.json` linked to `/dev/zero` would otherwise fill memory); `None` when
/// the file is not there.
fn read_bounded(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, StoreError> {
    use opencharacter_fs::ReadError;
    match opencharacter_fs::read_input_if_present(path, limit) {
        Ok(bytes) => Ok(bytes),
        Err(ReadError::Io { source, .. }) => Err(io_error(path)(source)),
        Err(error) => Err(StoreError::Corrupt {
            path: path.to_owned(),
            reason: error.to_string(),
        }),
    }
}

/// Writes `bytes` as `dir/name` through `opencharacter-fs`'s writer, the one way the workspace
/// replaces a file: a temporary file beside it, synced, renamed over the name, the folder synced.
/// On any failure the temporary file is removed and the file that was there stays as it was.
fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), StoreError> {
    use opencharacter_fs::{Backup, WriteError};
    fs::create_dir_all(dir).map_err(io_error(dir))?;
    let written = opencharacter_fs::lock(&dir.join(name))
        .and_then(|locked| locked.replace(bytes, Backup::None));
    written.map_err(|error| match error {
        WriteError::Io { path, source } => StoreError::Io { path, source },
        WriteError::NotAFile { path } => StoreError::Corrupt {
            path,
            reason: "it is not a regular file".into(),
        },
    })
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a panic in a test is its failure report"
    )]
    use super::*;

    #[test]
    fn an_atomic_write_replaces_whole_files_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        write_atomic(dir.path(), "a.json", b"first").unwrap();
        write_atomic(dir.path(), "a.json", b"second").unwrap();
        assert_eq!(fs::read(dir.path().join("a.json")).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.json"]);
        // A target that cannot be replaced (a folder): the write fails, nothing is left behind.
        fs::create_dir(dir.path().join("b.json")).unwrap();
        fs::write(dir.path().join("b.json/x"), b"x").unwrap();
        assert!(write_atomic(dir.path(), "b.json", b"new").is_err());
        let mut names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["a.json", "b.json"]);
    }

    #[test]
    fn the_lock_removes_what_an_interrupted_writer_left() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let id: PackId = "demo".parse().unwrap();
        let version: semver::Version = "1.0.0".parse().unwrap();
        let state = PackState {
            current: version.clone(),
            previous: None,
            index: None,
        };
        {
            let lock = store.lock().unwrap();
            store.write_state(&lock, &id, &state).unwrap();
        }
        let left = store
            .version_dir(&id, &version)
            .join(".release.json.tmp-1-0");
        fs::create_dir_all(left.parent().unwrap()).unwrap();
        fs::write(&left, b"half a rel").unwrap();
        let _lock = store.lock().unwrap();
        assert!(!left.exists());
        assert_eq!(store.state(&id).unwrap(), Some(state));
        // A store that names a version whose release is missing says so, it does not panic.
        assert!(matches!(
            store.release(&id),
            Err(StoreError::Corrupt { .. })
        ));
    }
}
