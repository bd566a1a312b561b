//! The serde data model of every file of the format.
//!
//! Every type refuses unknown keys (a typo must not pass silently), keeps the order of maps where
//! order shows (`IndexMap`), and derives a JSON Schema ([`crate::schema`]). Top-level file types
//! accept one key beyond the model, `$schema`, so YAML files can name their schema for editors.

pub mod manifest;

pub use manifest::{License, LicenseKind, Manifest};
