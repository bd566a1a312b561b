//! The registry of diagnostic codes: every code the toolkit can emit, once.
//!
//! A code's `name` is stable and kebab-case (the seeds' names verbatim where they give one); its
//! message template lives in the spec's standard text (`i18n/en.yaml`, key `diagnostics.<name>`)
//! and its documentation in `docs/spec/diagnostics.md`. Tests fail when either is missing, or when
//! a template uses an argument the code does not declare.
//!
//! To add a code: add a line to the `codes!` list below (the crate that emits it in the comment),
//! its template to `i18n/en.yaml`, its entry to `docs/spec/diagnostics.md`, and a fixture that
//! triggers it.

use super::Severity;

/// A stable diagnostic code with its default severity and the arguments its message uses.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// The stable kebab-case name (`missing-dependency`).
    pub name: &'static str,
    /// The severity a diagnostic of this code has unless a caller changes it.
    pub severity: Severity,
    /// The argument names its message template may use.
    pub args: &'static [&'static str],
    /// A one-line English summary, used where no template exists (never for shipped codes).
    pub summary: &'static str,
}

macro_rules! codes {
    ($($(#[$doc:meta])* $ident:ident = $name:literal, $severity:ident, [$($arg:literal),*], $summary:literal;)*) => {
        $(
            $(#[$doc])*
            pub static $ident: Code = Code {
                name: $name,
                severity: Severity::$severity,
                args: &[$($arg),*],
                summary: $summary,
            };
        )*

        /// Every registered code, in registry order.
        pub static ALL: &[&Code] = &[$(&$ident),*];
    };
}

/// Finds a registered code by its name.
pub fn by_name(name: &str) -> Option<&'static Code> {
    ALL.iter().copied().find(|code| code.name == name)
}

codes! {
    // ---- the seeds' own codes -------------------------------------------------------------
    /// A pack needs a newer spec than this library supports (resolve).
    SPEC_VERSION_UNSUPPORTED = "spec-version-unsupported", Error, ["pack", "needed", "supported"],
        "the pack needs a newer spec version than this library supports";
    /// A dependency is absent, or present outside its range (resolve).
    MISSING_DEPENDENCY = "missing-dependency", Error, ["pack", "dependency", "range", "found"],
        "a dependency is missing or outside its range";
    /// An `extends` chain loops (resolve).
    CIRCULAR_EXTENDS = "circular-extends", Error, ["id", "cycle"],
        "an extends chain loops";
    /// A character owns content that a loaded pack hides (resolve; a rules issue).
    CONTENT_HIDDEN = "content-hidden", Issue, ["id", "by"],
        "the character owns hidden content";

    // ---- IDs and files ----------------------------------------------------------------------
    /// A string where an ID belongs is not a valid ID (spec).
    INVALID_ID = "invalid-id", Error, ["id", "reason"],
        "not a valid ID";
    /// A YAML file does not parse, or does not fit the model (spec).
    YAML_INVALID = "yaml-invalid", Error, ["reason"],
        "the YAML file is not valid";

    // ---- dependencies and load order (resolve::dependencies) --------------------------------
    /// A dependency loads after a pack that depends on it (resolve).
    DEPENDENCY_LOADED_LATE = "dependency-loaded-late", Error, ["pack", "dependency"],
        "a dependency loads after a pack that depends on it";
    /// The same pack ID appears twice in a load order; positions are 1-based (resolve).
    DUPLICATE_PACK = "duplicate-pack", Error, ["pack", "first", "second"],
        "a pack is loaded twice";
    /// Packs depend on each other in a loop; `cycle` names it (resolve).
    DEPENDENCY_CYCLE = "dependency-cycle", Error, ["cycle"],
        "packs depend on each other in a loop";
    /// A dependency's version range is not an npm range (resolve).
    INVALID_VERSION_RANGE = "invalid-version-range", Error, ["pack", "dependency", "range", "column", "reason"],
        "a dependency's version range does not parse";
}
