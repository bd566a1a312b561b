//! Resolving pack releases into a `Ruleset`: dependency graph, version ranges, load order,
//! reference resolution, overrides, `extends` and `hides`, with conflict reporting.
//!
//! **Owns:** turning releases, in the app's load order, into one ruleset, and the rules issues
//! about what a character owns (`check_character`).
//!
//! **Does not own:** reading files (the release builder hands it releases), evaluating a
//! character (`opencharacter-sheet`), or layers (`opencharacter-layers`).
//!
//! Depends on `opencharacter-spec` and `opencharacter-formula` only. Its contents arrive with
//! the resolution issue.

pub mod overlay;
