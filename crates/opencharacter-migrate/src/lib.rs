//! Upgrade scripts: migrating saved characters between pack versions (`rename`, `route`,
//! `routeLive`, `setColumn`, `moveContent`), and their build-time checks.
//!
//! **Owns:** what happens to a character's values when a pack changes shape ([`migrate`], with a
//! [`MigrationReport`] of every value copied, moved, dropped or set), and refusing scripts that
//! could lose or overwrite data ([`check_upgrades`]). The format is `docs/spec/upgrades.md`.
//!
//! **Does not own:** evaluating the migrated character (`opencharacter-sheet`), loading packs
//! (`opencharacter-resolve`) or reading files (`opencharacter-release` reads, and locates what
//! [`check_upgrades`] reports).
//!
//! Depends on `opencharacter-spec`, `-formula`, `-resolve` and `-sheet`: the one question a
//! migration asks of the sheet (does the migrated character show this pool or track?) is answered
//! by evaluating it with the sheet crate, only when a `routeLive` has a value to send.
//!
//! ```
//! use opencharacter_migrate::migrate;
//! use opencharacter_spec::ids::QualifiedFieldId;
//! use opencharacter_spec::model::{Character, Ruleset};
//!
//! // Version 0.2.0 splits `level` into one level per class.
//! let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
//!     "packs": [{"id": "demo", "version": "0.2.0", "specVersion": "1.3.0",
//!                "license": "CC0-1.0", "defaultLanguage": "en"}],
//!     "fields": {"demo:class": {"type": "text"}, "demo:level_fighter": {"type": "number"},
//!                "demo:level_wizard": {"type": "number"}, "demo:level_other": {"type": "number"}},
//!     "upgrades": {"demo": [{"from": "0.1.0", "to": "0.2.0", "steps": [{"route": {
//!         "from": "level", "by": "class",
//!         "cases": [{"words": ["fighter"], "to": "level_fighter"},
//!                   {"words": ["wizard"], "to": "level_wizard"}],
//!         "else": "level_other", "default": 1}}]}]}
//! }))?;
//! let saved = |class: &str| -> Character {
//!     serde_json::from_value(serde_json::json!({"packs": {"demo": "0.1.0"},
//!         "fields": {"demo:class": class, "demo:level": 3}})).unwrap()
//! };
//! let level_at = |class: &str| {
//!     let (character, _) = migrate(&ruleset, saved(class));
//!     ["level_fighter", "level_wizard", "level_other"]
//!         .into_iter()
//!         .find(|f| {
//!             let id: QualifiedFieldId = format!("demo:{f}").parse().unwrap();
//!             character.fields.contains_key(&id)
//!         })
//! };
//! assert_eq!(level_at("Fighter3"), Some("level_fighter"));
//! // Two classes win: one number cannot be split without asking.
//! assert_eq!(level_at("Fighter 3 / Wizard 2"), Some("level_other"));
//! # Ok::<(), serde_json::Error>(())
//! ```

mod apply;
pub mod check;
mod plan;
mod report;
mod shows;

pub use apply::{cell_matches, kept_by_upgrade, migrate, winning_case, words};
pub use check::check_upgrades;
pub use plan::Plan;
pub use report::{Action, AppliedStep, Change, MigrationReport, Place, VersionChange};

#[cfg(test)]
mod tests;
