//! Replacing a file in place without ever losing a byte of it.
//!
//! The order of the steps is the point: the new bytes are complete and synced in a temporary file
//! before anything that exists is touched; the backup is a hard link (no bytes written, so a full
//! disk cannot leave half of one) created only where no backup exists; the rename that puts the
//! new file in place is atomic, so a reader sees the old file or the new one, never a mix, and a
//! crash at any step leaves the original readable under its own name.

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::read::{ReadError, read_input};

/// Whether to keep the file being replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backup {
    /// Replace the file, keep nothing.
    None,
    /// Keep the original as `<name>.orig` beside it, unless a `<name>.orig` is already there: the
    /// earliest original is the one worth keeping, so an existing backup is never replaced.
    KeepOriginal,
}

/// Why a file was not replaced. In every case the file and any backup are as they were.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The system refused a step.
    #[error("cannot write `{}`: {source}", path.display())]
    Io {
        /// The file or folder the step was about.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file to replace, or the backup's name, is something other than a regular file (a
    /// symbolic link where a backup goes, a folder): nothing is written through it.
    #[error("`{}` is not a regular file; nothing was written through it", path.display())]
    NotAFile {
        /// What is there.
        path: PathBuf,
    },
}

pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        path: path.to_owned(),
        source,
    }
}

static TEMPORARY: AtomicU64 = AtomicU64::new(0);
/// Marks this crate's temporary files: `.<name>.oc-tmp-<pid>-<n>`.
pub const MARK: &str = "oc-tmp-";

/// A file locked for replacing: the advisory lock of its folder is held until this is dropped.
#[derive(Debug)]
pub struct Locked {
    target: PathBuf,
    folder: PathBuf,
    name: String,
    _lock: File,
}

/// Locks the file at `path` for a read-modify-write.
///
/// A `path` that is a symbolic link is resolved: the file it points to is the one replaced (and
/// its backup sits beside it), so the link stays a link. The lock is an advisory lock on the
/// file's folder, held until the returned value is dropped: every writer going through this crate
/// waits for it, so a writer that reads under the lock sees the previous writer's bytes. Temporary
/// files that an interrupted writer of this file left in the folder are removed.
///
/// # Errors
/// When the link cannot be resolved, the folder cannot be opened or locked, or a leftover cannot be
/// removed.
pub fn lock(path: &Path) -> Result<Locked, WriteError> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(path).map_err(io(path))?
    } else {
        path.to_owned()
    };
    let name = target
        .file_name()
        .ok_or_else(|| WriteError::NotAFile {
            path: target.clone(),
        })?
        .to_string_lossy()
        .into_owned();
    let folder = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_owned();
    let lock = File::open(&folder).map_err(io(&folder))?;
    lock.lock().map_err(io(&folder))?;
    let locked = Locked {
        target,
        folder,
        name,
        _lock: lock,
    };
    locked.remove_leftovers()?;
    Ok(locked)
}

impl Locked {
    /// The file that is replaced (a link given to [`lock`] resolved).
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The path of the backup [`Backup::KeepOriginal`] keeps.
    #[must_use]
    pub fn backup_path(&self) -> PathBuf {
        self.folder.join(format!("{}.orig", self.name))
    }

    /// Reads the file as it is now, under the lock, through `limit` ([`read_input`]).
    ///
    /// # Errors
    /// As [`read_input`].
    pub fn read(&self, limit: u64) -> Result<Vec<u8>, ReadError> {
        read_input(&self.target, limit)
    }

    /// Replaces the file with `bytes`.
    ///
    /// # Errors
    /// As [`Locked::replace_with`].
    pub fn replace(&self, bytes: &[u8], backup: Backup) -> Result<(), WriteError> {
        self.replace_with(backup, |file| file.write_all(bytes))
    }

    /// Replaces the file with what `write` writes into a temporary file beside it (the temporary
    /// file is given the original's permissions, synced, then renamed into place, and the folder
    /// synced). With [`Backup::KeepOriginal`], the original is kept first as `<name>.orig` by a hard
    /// link (a copy where the file system has no links), unless that name already holds a regular
    /// file; a `<name>.orig` that is a link or anything else is refused before anything is written.
    ///
    /// # Errors
    /// When `write` fails (a full disk) or any step is refused; the file and its backup are then as
    /// they were, and the temporary file is removed.
    pub fn replace_with(
        &self,
        backup: Backup,
        write: impl FnOnce(&mut File) -> std::io::Result<()>,
    ) -> Result<(), WriteError> {
        let original = match std::fs::symlink_metadata(&self.target) {
            Ok(meta) if meta.is_file() => Some(meta),
            Ok(_) => {
                return Err(WriteError::NotAFile {
                    path: self.target.clone(),
                });
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
            Err(error) => return Err(io(&self.target)(error)),
        };
        let backup_to = match (backup, &original) {
            (Backup::KeepOriginal, Some(_)) => self.backup_needed()?,
            _ => None,
        };
        let temporary = self.temporary();
        let result = self
            .fill(&temporary, original.as_ref(), write)
            .and_then(|()| {
                if let Some(backup_to) = &backup_to {
                    self.keep(backup_to)?;
                }
                std::fs::rename(&temporary, &self.target).map_err(io(&self.target))
            });
        if result.is_err() {
            let _ = std::fs::remove_file(&temporary);
            return result;
        }
        // The rename is durable once the folder is synced; where a folder cannot be synced (some
        // platforms), the file itself already is.
        if let Ok(folder) = File::open(&self.folder) {
            let _ = folder.sync_all();
        }
        Ok(())
    }

    /// Where the backup goes, or `None` when an earlier one is there and stays.
    fn backup_needed(&self) -> Result<Option<PathBuf>, WriteError> {
        let path = self.backup_path();
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_file() => Ok(None),
            Ok(_) => Err(WriteError::NotAFile { path }),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Some(path)),
            Err(error) => Err(io(&path)(error)),
        }
    }

    fn temporary(&self) -> PathBuf {
        self.folder.join(format!(
            ".{}.{MARK}{}-{}",
            self.name,
            std::process::id(),
            TEMPORARY.fetch_add(1, Ordering::Relaxed)
        ))
    }

    fn fill(
        &self,
        temporary: &Path,
        original: Option<&std::fs::Metadata>,
        write: impl FnOnce(&mut File) -> std::io::Result<()>,
    ) -> Result<(), WriteError> {
        let mut file = create_new(temporary, original.is_some()).map_err(io(temporary))?;
        write(&mut file).map_err(io(temporary))?;
        if let Some(original) = original {
            file.set_permissions(original.permissions())
                .map_err(io(temporary))?;
        }
        file.sync_all().map_err(io(temporary))
    }

    /// Keeps the current file as `backup_to`: a hard link (nothing written, so nothing to fail
    /// half-way), else a synced copy renamed into place.
    fn keep(&self, backup_to: &Path) -> Result<(), WriteError> {
        match std::fs::hard_link(&self.target, backup_to) {
            Ok(()) => return Ok(()),
            // Someone made a backup since the check: it is the earlier one, and stays.
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => return Ok(()),
            Err(_) => {}
        }
        let copy = self.temporary();
        let result = (|| {
            std::fs::copy(&self.target, &copy).map_err(io(&copy))?;
            File::open(&copy)
                .and_then(|f| f.sync_all())
                .map_err(io(&copy))?;
            std::fs::rename(&copy, backup_to).map_err(io(backup_to))
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&copy);
        }
        result
    }

    /// Removes what an interrupted writer of this file left: `.<name>.oc-tmp-…` (this crate's) and
    /// `.<name>.<pid>.tmp` (the command's before it). Only regular files are removed.
    fn remove_leftovers(&self) -> Result<(), WriteError> {
        let prefix = format!(".{}.", self.name);
        let entries = std::fs::read_dir(&self.folder).map_err(io(&self.folder))?;
        for entry in entries.flatten() {
            let file_name = entry.file_name();
            let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
                continue;
            };
            let old_style = rest
                .strip_suffix(".tmp")
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
            if (rest.starts_with(MARK) || old_style)
                && entry.file_type().is_ok_and(|kind| kind.is_file())
            {
                let path = entry.path();
                std::fs::remove_file(&path).map_err(io(&path))?;
            }
        }
        Ok(())
    }
}

/// A new file; `private` (owner only) when an original's mode will be copied onto it, so a 0600
/// character is never readable by others, not even while the temporary file exists. A file with no
/// original gets the system's default mode (the umask applies).
#[cfg(unix)]
fn create_new(path: &Path, private: bool) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    if private {
        options.mode(0o600);
    }
    options.open(path)
}

#[cfg(not(unix))]
fn create_new(path: &Path, _private: bool) -> std::io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}
