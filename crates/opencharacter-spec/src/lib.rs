//! The OpenCharacter pack format: its data model, IDs, diagnostics, feature table and schemas.
//!
//! **Owns:** the serde types of every file and of the loaded ruleset ([`model`]); the ID types
//! ([`ids`]); the [`Diagnostic`] type and the one registry of stable
//! codes ([`diagnostic::codes`]); the spec's standard text that renders diagnostics
//! ([`standard_text`]); the spec feature table ([`features`]); schema generation ([`schema`]);
//! and the one module that reads YAML text ([`yaml`]); the checks of a pack that need no other
//! pack ([`validate`]).
//!
//! **Does not own:** parsing formulas (`opencharacter-formula`), combining packs
//! (`opencharacter-resolve`), or anything that touches the file system (`opencharacter-release`).
//! Every other crate of the workspace depends on this one; it depends on none of them.
//!
//! ```
//! use opencharacter_spec::{diagnostic::{Diagnostic, codes}, ids::QualifiedContentId};
//!
//! let id: QualifiedContentId = "5e-srd-5.1:weapons.longsword".parse()?;
//! let issue = Diagnostic::new(&codes::CONTENT_HIDDEN)
//!     .with_arg("id", &id)
//!     .with_arg("by", "5e-homebrew-example");
//! assert_eq!(
//!     issue.message(),
//!     "the character owns `5e-srd-5.1:weapons.longsword`, which `5e-homebrew-example` hides"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod diagnostic;
pub mod features;
pub mod ids;
pub mod model;
pub mod pointer;
pub mod schema;
pub mod standard_text;
pub mod validate;
pub mod yaml;

pub use diagnostic::{Diagnostic, Severity};
