//! The file primitives of OpenCharacter, in one crate so that every verb of the command, the release
//! builder and the language-pack store read and write files the same way, and a fix to one of them
//! is a fix to all.
//!
//! - [`read_input`] reads a file a user named: only a regular file (a link to one is followed), opened
//!   without blocking (a FIFO with no writer must not hang the command), through a byte limit that is
//!   checked before reading and again while reading (a sparse or growing file never fills memory).
//! - [`lock`] and [`Locked::replace`] replace a file in place: the new bytes go to a temporary file
//!   beside it with the original's mode, are synced, the original is kept as a backup by a hard link
//!   (never written through a link, never replacing an earlier backup), the temporary file is renamed
//!   into place and the folder synced. An advisory lock serialises writers of one folder, so a
//!   read-modify-write done under [`lock`] sees the last writer's bytes; temporary files an
//!   interrupted run left behind are removed by the next.
//! - [`replace_folder`] does the same for a whole folder of generated files (a pack's `dist/`): a
//!   hidden temporary folder, each file synced, swapped in by renames, leftovers of an
//!   interrupted run removed by the next, writers of one folder serialised by the same lock.
//!
//! Layering: this crate depends only on the spec crate (for the diagnostics it produces). It is the
//! only crate whose purpose is the file system; the release builder, the installer in `-i18n` and the
//! command call it (ARCHITECTURE.md).

mod folder;
mod read;
mod replace;

pub use folder::replace_folder;
pub use read::{ReadError, read_input, read_input_if_present, read_input_text, read_stdin};
pub use replace::{Backup, Locked, MARK as TEMPORARY_MARK, WriteError, lock};

#[cfg(test)]
mod tests;
