//! Resolving pack releases into a `Ruleset`: dependency graph, version ranges, load order,
//! reference resolution, overrides, `extends` and `hides`, with conflict reporting.
//!
//! **Owns:** turning releases, in the app's load order, into one ruleset ([`load_ruleset`]), and
//! the rules issues about what a character owns ([`check_character`]). It holds npm-style version
//! ranges ([`range`]), the dependency checks over manifests in load order
//! ([`check_dependencies`]), a suggested load order ([`suggest_load_order`]), content overlays
//! ([`overlay`]), reference resolution over direct dependencies ([`Resolver`]) and the ruleset's
//! read API ([`mod@query`], [`RulesetExt`]).
//!
//! **Does not own:** reading files (the release builder hands it releases), evaluating a
//! character (`opencharacter-sheet`), or layers (`opencharacter-layers`).
//!
//! Depends on `opencharacter-spec` and `opencharacter-formula` only.
//!
//! ```
//! use opencharacter_resolve::{check_dependencies, suggest_load_order};
//! use opencharacter_spec::model::Manifest;
//!
//! let manifest = |yaml: &str| -> Manifest { opencharacter_spec::yaml::from_str(yaml).unwrap() };
//! let srd = manifest("id: 5e-srd-5.1\nversion: 1.2.0\nspecVersion: 1.0.0\nlicense: CC-BY-4.0\n\
//!                     credit: x\ndefaultLanguage: en\n");
//! let homebrew = manifest("id: 5e-homebrew\nversion: 0.1.0\nspecVersion: 1.0.0\n\
//!                          license: CC0-1.0\ndefaultLanguage: en\n\
//!                          dependencies: {5e-srd-5.1: ^1.1}\n");
//!
//! // The app asked for the homebrew first: a dependency would load after its dependent.
//! let asked = [&homebrew, &srd];
//! let diagnostics = check_dependencies(asked);
//! assert_eq!(diagnostics[0].code.name, "dependency-loaded-late");
//!
//! // The suggested order keeps the app's order where it can, and passes the checks.
//! let order = suggest_load_order(asked)?;
//! assert_eq!(order.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), ["5e-srd-5.1", "5e-homebrew"]);
//! assert!(check_dependencies(order).is_empty());
//! # Ok::<(), opencharacter_resolve::LoadOrderError>(())
//! ```

mod character;
pub mod dependencies;
pub mod formula_words;
pub mod load;
pub mod overlay;
pub mod query;
pub mod range;
pub mod references;
pub mod resolver;

pub use character::check_character;
pub use dependencies::{
    DEPENDENCY_CHECK_CODES, LoadOrderError, check_dependencies, is_dependency_check,
    suggest_load_order,
};
pub use load::{DEFAULT_MAX_EXTENDS_DEPTH, LoadOptions, extend_ruleset, load_ruleset};
pub use query::{
    ContentQuery, FilterComparison, FilterTest, QueryError, RulesetExt, filter_passes, lookup,
    query,
};
pub use range::{RangeError, VersionRange};
pub use references::check_references;
pub use resolver::{NameKind, ResolveError, Resolver};
