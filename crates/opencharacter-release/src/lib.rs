//! Reading pack folders, validating them with located diagnostics, and building releases.
//!
//! **Owns:** the file system side of packs: reading `pack.yaml`, `rules/`, `content/`, `i18n/`
//! and `upgrades/` with a side table of spans, calling each crate's own checks and locating what
//! they report, and writing `dist/` outputs atomically.
//!
//! **Does not own:** the checks themselves: each crate validates what it owns; this crate only
//! reads, locates and collects.
//!
//! Depends on every crate above it. Its contents arrive with the validation and build issues.
