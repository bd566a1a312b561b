//! Reading pack folders, validating them with located diagnostics, and building releases.
//!
//! **Owns:** the file system side of packs: reading `pack.yaml`, `rules/`, `content/`, `i18n/`
//! and `upgrades/` with a side table of spans, calling each crate's own checks and locating what
//! they report, and writing `dist/` outputs atomically.
//!
//! **Does not own:** the checks themselves: each crate validates what it owns; this crate only
//! reads, locates and collects.
//!
//! Depends on every crate above it.
//!
//! [`source`] reads pack folders: it finds packs under a path, lists each pack's files by kind,
//! reads them with limits (no symbolic links, UTF-8, bounded sizes and counts), parses the YAML
//! ones with a side table of spans, and turns a (file, JSON pointer) into a located diagnostic.
//!
//! [`assemble`] turns a pack read from its folder into the in-memory release (merged rules,
//! content and templates by their path IDs, every language's text, upgrades, the formula table)
//! and runs the checks that need only the pack; [`validate`] validates every pack under some
//! paths at once: it assembles each, checks the manifests together, loads each pack with its
//! dependencies (and the `--with` packs) and runs the reference, property, text, layer and
//! upgrade checks, every diagnostic located (docs/spec/validation.md).
//!
//! [`build`] writes what valid packs become: each pack's `dist/` (its npm package), the
//! `-i18n` package's languages, the `@opencharacter/packs` aggregate and the spec's text.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use opencharacter_release::source::{ReadLimits, read_path};
//!
//! let dir = tempfile::tempdir()?;
//! let pack = dir.path().join("demo").join("core");
//! std::fs::create_dir_all(pack.join("content/weapons"))?;
//! std::fs::write(
//!     pack.join("pack.yaml"),
//!     "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
//! )?;
//! std::fs::write(pack.join("content/weapons/club.yaml"), "id: weapons.club\ntype: weapons\n")?;
//! std::fs::write(pack.join("notes.txt"), "not part of a pack")?;
//!
//! let reading = read_path(dir.path(), &ReadLimits::default())?;
//! let source = &reading.packs[0];
//! assert_eq!(source.id.as_ref().map(|id| id.as_str()), Some("demo-core"));
//! assert_eq!(source.content[0].path, "content/weapons/club.yaml");
//! let codes: Vec<_> = reading.all_diagnostics().map(|d| d.code.name).collect();
//! assert_eq!(codes, ["unknown-file"]);
//! # Ok(())
//! # }
//! ```

pub mod assemble;
pub mod build;
mod follow_on;
pub mod index;
mod loads;
pub mod packs;
pub mod source;
pub mod validate;
