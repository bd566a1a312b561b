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

    // ---- reading YAML (spec::yaml) ----------------------------------------------------------
    /// A text is not YAML (spec).
    YAML_SYNTAX = "yaml-syntax", Error, ["reason"],
        "the file is not valid YAML";
    /// A key written twice in one mapping; `line` and `column` give the first (spec).
    YAML_DUPLICATE_KEY = "yaml-duplicate-key", Error, ["key", "line", "column"],
        "a key is written twice in one mapping";
    /// A YAML text exceeds a reading limit: bytes, nesting, nodes, aliases (spec).
    YAML_LIMIT = "yaml-limit", Error, ["reason"],
        "the YAML text exceeds a reading limit";
    /// Valid YAML that the format does not use: tags, merge keys, complex keys, several
    /// documents, numbers JSON cannot hold (spec).
    YAML_UNSUPPORTED = "yaml-unsupported", Error, ["reason"],
        "the YAML text uses a feature the format does not use";

    // ---- reading pack folders (release) -----------------------------------------------------
    /// A symbolic link inside a pack or a folder of packs; never followed (release).
    FILE_SYMLINK = "file-symlink", Error, ["path"],
        "a symbolic link where a file or folder belongs";
    /// A pack file that is not UTF-8 text (release).
    FILE_NOT_UTF8 = "file-not-utf8", Error, ["path"],
        "a file is not UTF-8 text";
    /// A pack file larger than the reader's limit (release).
    FILE_TOO_LARGE = "file-too-large", Error, ["path", "size", "limit"],
        "a file is larger than the limit";
    /// A file or folder that could not be read (release).
    FILE_UNREADABLE = "file-unreadable", Error, ["path", "reason"],
        "a file or folder could not be read";
    /// A pack exceeds a limit of the reader: files, folder depth, bytes in all (release).
    PACK_LIMIT = "pack-limit", Error, ["reason"],
        "a pack exceeds a reading limit";
    /// More diagnostics about one file than a file keeps; the rest are counted (release;
    /// `diagnostic::kept`). Its severity is the most serious of those not kept.
    DIAGNOSTICS_NOT_KEPT = "diagnostics-not-kept", Warning, ["count", "errors", "warnings", "limit"],
        "more diagnostics about a file than are kept";
    /// More diagnostics in one run than a run keeps; the rest are counted (release).
    DIAGNOSTICS_NOT_KEPT_RUN = "diagnostics-not-kept-run", Warning, ["count", "errors", "warnings", "limit"],
        "more diagnostics in a run than are kept";
    /// A path given to read holds no pack folder (release).
    NO_PACKS_FOUND = "no-packs-found", Error, ["path"],
        "no pack folder found";
    /// A content file's path does not give a valid content ID (release).
    CONTENT_PATH_INVALID = "content-path-invalid", Error, ["path", "segment", "reason"],
        "a content file path does not give a valid content ID";
    /// A built release read in place of its pack's sources is older than one of them (release).
    RELEASE_OLDER_THAN_SOURCES = "release-older-than-sources", Warning, ["pack", "release"],
        "a built release is older than its pack's sources";
    /// A pack's ID is not `<game>-<pack>` from its folders (release).
    PACK_ID_MISMATCH = "pack-id-mismatch", Error, ["id", "expected"],
        "the pack ID does not match its folders";
    /// A game or pack folder named like a version (`v1`, `v2`) (release).
    PACK_FOLDER_VERSIONED = "pack-folder-versioned", Warning, ["folder"],
        "a pack folder is named like a version";
    /// An upgrade script not named `<from>-to-<to>.yaml` with two versions (release).
    UPGRADE_NAME_INVALID = "upgrade-name-invalid", Error, ["name", "reason"],
        "an upgrade script's name is not <from>-to-<to>.yaml";
    /// A file or folder that is not part of the pack layout; not read (release).
    UNKNOWN_FILE = "unknown-file", Warning, ["path"],
        "a file or folder outside the pack layout";

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

    // ---- loading a ruleset (resolve::load) --------------------------------------------------
    /// A second pack defines the `resolution`; the first one's stands (resolve).
    RESOLUTION_REDEFINED = "resolution-redefined", Error, ["pack", "first"],
        "a second pack defines the resolution";
    /// A release's formula table entry does not match its canonical text (resolve).
    FORMULA_TABLE_MISMATCH = "formula-table-mismatch", Error, ["pack", "formula", "reason"],
        "a compiled formula does not match its text";
    /// A formula of a release is missing from its formula table (resolve).
    FORMULA_NOT_IN_TABLE = "formula-not-in-table", Error, ["pack", "formula"],
        "a formula is missing from the release's formula table";
    /// A content item of a release fits none of the three forms (resolve).
    CONTENT_FORM_INVALID = "content-form-invalid", Error, ["pack", "id", "reason"],
        "a content item is neither an item, an override nor an extension";
    /// An override names content that no loaded pack has (resolve).
    OVERRIDE_TARGET_MISSING = "override-target-missing", Error, ["pack", "target"],
        "an override names content that does not exist";
    /// An override or an extension writes `null` (resolve).
    OVERRIDE_NULL = "override-null", Error, ["pack", "id", "path"],
        "an override writes null";
    /// An `extends` chain is longer than the `maxExtendsDepth` limit (resolve).
    EXTENDS_TOO_DEEP = "extends-too-deep", Error, ["id", "chain", "limit"],
        "an extends chain is longer than the limit";
    /// A reference names nothing the pack or its direct dependencies have (resolve).
    UNRESOLVED_REFERENCE = "unresolved-reference", Error, ["pack", "reference", "kind"],
        "a reference names nothing loaded";
    /// A local reference matches in more than one direct dependency (resolve).
    AMBIGUOUS_REFERENCE = "ambiguous-reference", Error, ["pack", "reference", "candidates"],
        "a local reference matches in more than one dependency";
    /// `hides` names content that no loaded pack has (resolve).
    HIDES_UNKNOWN = "hides-unknown", Error, ["pack", "id"],
        "hides names content that does not exist";

    // ---- rules issues about a character (resolve::check_character) ---------------------------
    /// A character uses a pack that is not loaded (resolve; a rules issue).
    CHARACTER_PACK_NOT_LOADED = "character-pack-not-loaded", Issue, ["pack", "saved"],
        "the character uses a pack that is not loaded";
    /// A pack is loaded at an older version than the character was saved with (resolve; a rules issue).
    CHARACTER_PACK_OLDER = "character-pack-older", Issue, ["pack", "saved", "loaded"],
        "a pack is loaded at an older version than the character's";
    /// A character owns or picks content that no loaded pack has (resolve; a rules issue).
    CHARACTER_CONTENT_UNKNOWN = "character-content-unknown", Issue, ["id"],
        "the character holds content no loaded pack has";
    /// A character holds a field, live value, coin or choice that no loaded pack has (resolve; a rules issue).
    CHARACTER_FIELD_UNKNOWN = "character-field-unknown", Issue, ["id", "kind"],
        "the character holds a value no loaded pack declares";
    /// A character's enum field holds a value the field does not have (resolve; a rules issue).
    CHARACTER_VALUE_UNKNOWN = "character-value-unknown", Issue, ["field", "value"],
        "the character's field holds a value the field does not have";

    // ---- translations (i18n) ----------------------------------------------------------------
    /// A value of an i18n file that is not a text: a number, boolean, list or null (i18n).
    I18N_VALUE_NOT_TEXT = "i18n-value-not-text", Error, ["key", "found"],
        "an i18n value is not a text";
    /// An i18n key that names no rules item, content item or template of the pack (i18n).
    I18N_KEY_UNKNOWN = "i18n-key-unknown", Warning, ["key", "language"],
        "an i18n key names nothing in the pack";

    // ---- the pack index (i18n::index) -------------------------------------------------------
    /// A release or language-pack entry of a pack index breaks the index format (i18n).
    INDEX_ENTRY_INVALID = "index-entry-invalid", Error, ["pack", "version", "what", "reason"],
        "a pack index entry breaks the index format";
    /// A pack index is over one of its limits (i18n).
    INDEX_LIMIT = "index-limit", Error, ["pack", "version", "what", "count", "limit"],
        "a pack index is over one of its limits";
    /// The installer could not download the index or a file it lists (i18n).
    INSTALL_DOWNLOAD_FAILED = "install-download-failed", Error, ["url", "reason"],
        "a file of the pack index could not be downloaded; the store is as it was";
    /// An install, sync, import or rollback was refused (i18n).
    INSTALL_FAILED = "install-failed", Error, ["reason"],
        "an install, sync, import or rollback was refused; the store is as it was";

    // ---- layers and games (layers) ----------------------------------------------------------
    /// A layer names a field, value, content type, filter, coin, family, seller, loot table,
    /// market or layer that its own pack does not have (layers).
    LAYER_TARGET_UNKNOWN = "layer-target-unknown", Error, ["layer", "kind", "id"],
        "a layer names something its pack does not have";
    /// A layer removes every value of an enumerated field (layers).
    LAYER_FIELD_EMPTIED = "layer-field-emptied", Error, ["layer", "field"],
        "a layer removes every value of a field";
    /// A layer removes a field's default without naming a surviving one, or names a `default`
    /// that does not survive (layers).
    LAYER_DEFAULT_INVALID = "layer-default-invalid", Error, ["layer", "field", "reason"],
        "a layer leaves a field without a surviving default";
    /// A catalog rule compares a filter the wrong way for its type (layers).
    LAYER_HIDE_COMPARISON = "layer-hide-comparison", Error, ["layer", "filter", "type", "comparison"],
        "a catalog rule's comparison does not fit its filter";
    /// A layer removes a family's smallest coin without the family (layers).
    LAYER_SMALLEST_COIN = "layer-smallest-coin", Error, ["layer", "unit", "family"],
        "a layer removes a family's smallest coin without its family";
    /// A layer removes every seller of its pack's market (layers).
    LAYER_SELLERS_EMPTIED = "layer-sellers-emptied", Error, ["layer"],
        "a layer removes every seller";
    /// A layer declares a ladder in a pack that defines no resolution (layers).
    LAYER_LADDER_WITHOUT_RESOLUTION = "layer-ladder-without-resolution", Error, ["layer"],
        "a layer replaces a ladder its pack does not have";
    /// A layer tries what no layer can do: add values, fields, sellers or tables, change the
    /// resolution kind, touch live state or combat numbers, call a model (layers).
    LAYER_EFFECT_NOT_ALLOWED = "layer-effect-not-allowed", Error, ["layer", "property", "reason"],
        "a layer tries something no layer can do";
    /// A chosen layer conflicts with one kept before it and is dropped (layers; a report).
    LAYER_CONFLICT_DROPPED = "layer-conflict-dropped", Warning, ["layer", "kept"],
        "a chosen layer conflicts with one kept before it";
    /// An active layer's removal is not applied: it would empty a field or the sellers, or
    /// names what is not there (layers; a report).
    LAYER_REMOVAL_NOT_APPLIED = "layer-removal-not-applied", Warning, ["layer", "what", "reason"],
        "a layer's removal is not applied";
    /// A chosen layer is declared by no loaded pack (layers).
    LAYER_UNKNOWN = "layer-unknown", Error, ["layer"],
        "a chosen layer is declared by no loaded pack";
    /// A game's packs change other than by moving a pin up: added, removed or reordered (layers).
    GAME_PACKS_FIXED = "game-packs-fixed", Error, ["pack", "change"],
        "a game's packs are fixed for its life";
    /// A pack a character, game or `--on` names is not in the packs given (the command).
    PACK_NOT_FOUND = "pack-not-found", Error, ["pack", "wanted", "found"],
        "a pack that is wanted is not among the packs given";
    /// The installer falls back to a pack's default language (i18n).
    LANGUAGE_PACK_FALLBACK = "language-pack-fallback", Warning, ["pack", "language", "default", "reason"],
        "no language pack is installed for the language asked for: the default language is shown";
    /// An ID given to `opencharacter show` names no text of the packs read (the command).
    SHOW_ID_UNKNOWN = "show-id-unknown", Error, ["id"],
        "an ID given to show names no text of the packs";
    /// A game's pack re-pinned to an older version (layers).
    GAME_PACK_DOWNGRADE = "game-pack-downgrade", Error, ["pack", "pinned", "requested"],
        "a game's pack may only move to a newer version";
    /// A game's layer choice changed (layers).
    GAME_LAYERS_FIXED = "game-layers-fixed", Error, ["before", "after"],
        "a game's layers are fixed for its life";
    /// A game opened with a release that is not its pinned version, or without it (layers).
    GAME_PACK_VERSION_MISMATCH = "game-pack-version-mismatch", Error, ["pack", "pinned", "found"],
        "a game's pack is not at its pinned version";

    // ---- the data model's shape checks (spec::model::check) ---------------------------------
    /// A property set where it does not apply: `min` on a text field, `dc` in a pool ladder (spec).
    PROPERTY_NOT_ALLOWED = "property-not-allowed", Error, ["property", "on"],
        "a property does not apply where it is set";
    /// A property that must be set for what it is on (spec).
    PROPERTY_REQUIRED = "property-required", Error, ["property", "on"],
        "a required property is missing";
    /// More or fewer than one of a set of properties is set (spec).
    EXACTLY_ONE_OF = "exactly-one-of", Error, ["properties"],
        "exactly one of a set of properties must be set";
    /// None of a set of properties is set (spec).
    AT_LEAST_ONE_OF = "at-least-one-of", Error, ["properties"],
        "at least one of a set of properties must be set";
    /// A value outside what its property allows (spec).
    VALUE_NOT_ALLOWED = "value-not-allowed", Error, ["value", "allowed"],
        "a value is not allowed";
    /// A limit of the format is exceeded: layers, guidance, ID length (spec).
    RULES_LIMIT = "rules-limit", Error, ["what", "found", "limit"],
        "a limit of the format is exceeded";
    /// An ID defined twice in one section (spec: merging rules files, parts, currency units).
    DUPLICATE_ID = "duplicate-id", Error, ["section", "id"],
        "an ID is defined twice";

    // ---- validating packs (spec::validate, resolve::references, release::validate) ----------
    /// A rules item defined in two rules files of one pack; `first` is where it was defined first (release).
    DUPLICATE_RULES_ID = "duplicate-rules-id", Error, ["section", "id", "first"],
        "a rules item is defined in two rules files";
    /// A content or template file's `id` is not the one its path gives (release).
    CONTENT_ID_MISMATCH = "content-id-mismatch", Error, ["id", "expected"],
        "a content ID does not match its path";
    /// A `license` that is no SPDX identifier, `LicenseRef-…`, `ORC`, `OGL-1.0a` or `mechanics-only` (spec).
    LICENSE_UNKNOWN = "license-unknown", Error, ["license", "reason"],
        "the license is not a known identifier";
    /// A notice the license recommends is missing (OGL-1.0a: Product Identity, Open Game Content) (spec).
    LICENSE_NOTICE_RECOMMENDED = "license-notice-recommended", Warning, ["license", "notice"],
        "a notice the license recommends is missing";
    /// A language tag that is not BCP 47 (spec).
    LANGUAGE_TAG_INVALID = "language-tag-invalid", Error, ["tag", "reason"],
        "not a BCP 47 language tag";
    /// A pack version below 0.1.0 (spec).
    PACK_VERSION_EARLY = "pack-version-early", Warning, ["version"],
        "the pack version is below 0.1.0";
    /// `deprecated.since` names a version above the pack's own (spec).
    DEPRECATED_SINCE_TOO_NEW = "deprecated-since-too-new", Error, ["id", "since", "version"],
        "an item is deprecated since a version the pack has not reached";
    /// The pack uses a feature newer than its `specVersion` (spec).
    FEATURE_TOO_NEW = "feature-too-new", Error, ["feature", "needed", "declared"],
        "the pack uses a feature newer than its specVersion";
    /// A formula that does not parse; `error` is the formula crate's code (formula, via release).
    FORMULA_INVALID = "formula-invalid", Error, ["formula", "reason", "error"],
        "a formula does not parse";
    /// A formula where the model expects dice that can never give dice or a number
    /// (formula's kinds, via release).
    FORMULA_NOT_DICE = "formula-not-dice", Error, ["formula", "found"],
        "a dice formula can never give dice or a number";
    /// The default language has no i18n file (spec).
    I18N_FILE_MISSING = "i18n-file-missing", Error, ["language"],
        "the default language has no i18n file";
    /// A required key is missing from the default-language i18n text (spec).
    I18N_KEY_MISSING = "i18n-key-missing", Error, ["key", "language"],
        "a required i18n key is missing";
    /// An i18n key that is not `<kind>.<id>.<property>`, or is written twice (spec).
    I18N_KEY_INVALID = "i18n-key-invalid", Error, ["key", "reason"],
        "an i18n key is malformed or written twice";
    /// An i18n file's `_meta.language` is not the language its path names (spec).
    I18N_LANGUAGE_MISMATCH = "i18n-language-mismatch", Error, ["language", "expected"],
        "an i18n file's language is not the one its path names";
    /// A content item's property value is not of its declared type (spec).
    PROPERTY_TYPE_MISMATCH = "property-type-mismatch", Error, ["property", "expected", "found"],
        "a content property's value is not of its declared type";
    /// A content type's roll, parameter or stat block names a property the type does not
    /// declare (spec, resolve).
    CONTENT_TYPE_PROPERTY_UNKNOWN = "content-type-property-unknown", Error, ["property", "type"],
        "a roll or stat block names a property its content type does not have";
    /// A content type's roll parameter has the name of something formulas already read (resolve).
    ROLL_PARAMETER_NAME = "roll-parameter-name", Error, ["name", "type", "kind"],
        "a roll parameter hides a name formulas read";
    /// An effect with `op: best` or a `bound` targets a field that is not a number (resolve).
    EFFECT_NOT_NUMBER = "effect-not-number", Error, ["target", "what"],
        "an effect that compares numbers targets a field that is not a number";
    /// An effect marked `whileActive` where no item can be in play: the rules' own effects, a
    /// situational choice's `modify`, a stat block's effects (resolve).
    EFFECT_WHILE_ACTIVE_MISPLACED = "effect-while-active-misplaced", Error, [],
        "`whileActive` on an effect no item carries";
    /// A content type's `levels.defaultFrom` names a field that is not a number (resolve).
    LEVELS_DEFAULT_NOT_NUMBER = "levels-default-not-number", Error, ["type", "field"],
        "a content type's levels default from a field that is not a number";
    /// A roll modifier names a roll its content type does not declare as a `dice` roll
    /// (resolve).
    ROLL_MODIFIER_ROLL_UNKNOWN = "roll-modifier-roll-unknown", Error, ["roll", "type"],
        "a roll modifier names a roll that is not a dice roll of its content type";

    // ---- evaluating a character (sheet) -------------------------------------------------------
    /// Derived fields or pools read each other in a loop; `cycle` names it (sheet).
    FIELD_CYCLE = "field-cycle", Error, ["cycle"],
        "derived fields depend on each other in a loop";
    /// A formula could not be evaluated for this character (sheet).
    SHEET_FORMULA_FAILED = "sheet-formula-failed", Warning, ["formula", "reason"],
        "a formula could not be evaluated for this character";
    /// A roll an owned item's content type declares could not be worked out for it (sheet).
    SHEET_ROLL_FAILED = "sheet-roll-failed", Warning, ["content", "roll", "reason"],
        "an item's roll could not be worked out for this character";
    /// An effect target, a grant or a setting names nothing loaded (sheet).
    SHEET_REFERENCE_UNKNOWN = "sheet-reference-unknown", Warning, ["name", "kind"],
        "a name used while evaluating a character names nothing";
    /// A character exceeds a limit of evaluation: owned content items (sheet).
    SHEET_LIMIT = "sheet-limit", Error, ["what", "limit"],
        "a limit of evaluation is exceeded";
    /// A character lists under `active` content it does not own or does not use (sheet; a rules issue).
    CHARACTER_ACTIVE_NOT_OWNED = "character-active-not-owned", Issue, ["id"],
        "content in play is not owned";
    /// What a character owns kept changing with its grants' conditions (sheet).
    GRANTS_UNSTABLE = "grants-unstable", Warning, ["passes"],
        "grants did not settle";
    /// A constraint of the rules does not hold for the character (sheet; a rules issue).
    CONSTRAINT_FAILED = "constraint-failed", Issue, ["constraint", "issue"],
        "a constraint does not hold";
    /// A value outside its bounds: a field's min/max or maxLength, a pool, track, wound track or list (sheet; a rules issue).
    VALUE_OUT_OF_BOUNDS = "value-out-of-bounds", Issue, ["id", "value", "min", "max"],
        "a value is outside its bounds";
    /// A saved number the number type cannot hold exactly (`1e20`, `9223372036854775808`), or a
    /// purse total past 2^64 - 1; the default is used, the total shown at its largest (sheet; a
    /// rules issue).
    VALUE_TOO_LARGE = "value-too-large", Issue, ["id", "value"],
        "a saved number does not fit the number type";
    /// A saved field value of the wrong type; the default is used (sheet; a rules issue).
    VALUE_WRONG_TYPE = "value-wrong-type", Issue, ["id", "expected"],
        "a saved value is not of its field's type";
    /// A choice that is offered has fewer picks than it asks for (sheet; a rules issue).
    CHOICE_OPEN = "choice-open", Issue, ["choice", "picked", "count"],
        "a choice is left open";
    /// A choice has more picks than it asks for (sheet; a rules issue).
    CHOICE_TOO_MANY = "choice-too-many", Issue, ["choice", "picked", "count"],
        "a choice has too many picks";
    /// A pick that the choice does not offer (sheet; a rules issue).
    CHOICE_PICK_NOT_OFFERED = "choice-pick-not-offered", Issue, ["choice", "id"],
        "a pick is not among what the choice offers";
    /// A character owns or picks deprecated content (sheet; a rules issue).
    CONTENT_DEPRECATED = "content-deprecated", Issue, ["id", "since", "replacement"],
        "the character holds deprecated content";
    /// A link slot holds fewer or more items than it allows (sheet; a rules issue).
    LINK_SLOT_COUNT = "link-slot-count", Issue, ["slot", "count", "min", "max"],
        "a link slot holds too few or too many items";
    /// An item fills a link slot that does not take its content type (sheet; a rules issue).
    LINK_SLOT_TYPE = "link-slot-type", Issue, ["id", "slot"],
        "an item is in a link slot that does not take its type";
    /// A template is applied to an item of a type it does not apply to (sheet; a rules issue).
    TEMPLATE_NOT_APPLICABLE = "template-not-applicable", Issue, ["template", "id"],
        "a template does not apply to the item";
    /// A character gives a `level` to an item whose content type declares no `levels` (sheet;
    /// a rules issue).
    CONTENT_LEVEL_UNEXPECTED = "content-level-unexpected", Issue, ["id"],
        "an item of a type without levels is given a level";
    /// A variant is listed without the base it applies to (sheet; a rules issue).
    VARIANT_BASE_MISSING = "variant-base-missing", Issue, ["id"],
        "a variant names no base item";
    /// An owned entry names a base for an item that is no variant (sheet; a rules issue).
    VARIANT_BASE_UNEXPECTED = "variant-base-unexpected", Issue, ["id", "base"],
        "a base is named for an item that is no variant";
    /// A variant's base is not of a content type the variant applies to (sheet; a rules issue).
    VARIANT_BASE_WRONG_TYPE = "variant-base-wrong-type", Issue, ["id", "base", "types"],
        "a variant's base is of a type it does not apply to";
    /// Saved live values for a resource the character's content does not carry (sheet; a rules
    /// issue).
    RESOURCE_UNKNOWN = "resource-unknown", Issue, ["id", "resource"],
        "a saved resource belongs to no owned item";
    /// Answers under `granted` for content the entry does not bring (sheet; a rules issue).
    GRANTED_ANSWER_UNKNOWN = "granted-answer-unknown", Issue, ["id"],
        "answers for content the entry does not bring";
    /// A wound track holds a mark of a kind it does not have (sheet; a rules issue).
    WOUND_MARK_UNKNOWN = "wound-mark-unknown", Issue, ["track", "mark"],
        "a wound track holds an unknown mark";

    // ---- upgrade scripts (migrate::check) ---------------------------------------------------
    /// An upgrade script of a release whose `from` is not below its `to` (migrate).
    UPGRADE_RANGE_INVALID = "upgrade-range-invalid", Error, ["from", "to"],
        "an upgrade script's from version is not below its to version";
    /// An upgrade script that moves to a version above the pack's own (migrate).
    UPGRADE_ABOVE_VERSION = "upgrade-above-version", Error, ["from", "to", "version"],
        "an upgrade script moves to a version above the pack's";
    /// Two upgrade scripts of one pack whose version ranges overlap (migrate).
    UPGRADE_OVERLAP = "upgrade-overlap", Error, ["script", "other"],
        "two upgrade scripts of one pack overlap";
    /// A step writes to an ID the pack does not have, after following later renames (migrate).
    UPGRADE_TARGET_UNKNOWN = "upgrade-target-unknown", Error, ["step", "id", "end"],
        "an upgrade step writes to an ID the pack does not have";
    /// A `route` or `routeLive` names the same case twice (migrate).
    UPGRADE_CASE_DUPLICATE = "upgrade-case-duplicate", Error, ["step", "case"],
        "an upgrade step names a case twice";
    /// A `rename` or `routeLive` reads from an ID the pack still has (migrate).
    UPGRADE_SOURCE_CURRENT = "upgrade-source-current", Error, ["step", "id"],
        "an upgrade step reads from an ID the pack still has";
    /// A `route` target that is not a number or text field with no default, 0 or empty (migrate).
    UPGRADE_ROUTE_TARGET_INVALID = "upgrade-route-target-invalid", Error, ["id", "reason"],
        "a route target is not a number or text field without a default";
    /// A `routeLive` of tracks whose cases mix wound and plain tracks (migrate).
    UPGRADE_TRACK_KINDS_MIXED = "upgrade-track-kinds-mixed", Error, ["from"],
        "a routeLive mixes wound and plain tracks";
    /// A `setColumn` whose list is not a list field of the pack (migrate).
    UPGRADE_LIST_UNKNOWN = "upgrade-list-unknown", Error, ["list"],
        "a setColumn names a list the pack does not have";
    /// A `setColumn` naming a column its list does not have (migrate).
    UPGRADE_COLUMN_UNKNOWN = "upgrade-column-unknown", Error, ["list", "column"],
        "a setColumn names a column its list does not have";
    /// A `moveContent` whose item is not a deprecated item of the pack with a `replacedBy` (migrate).
    UPGRADE_MOVE_NOT_DEPRECATED = "upgrade-move-not-deprecated", Error, ["id"],
        "a moveContent names an item that is not deprecated with a replacement";
    /// A `moveContent` whose `replacedBy` names no content item (migrate).
    UPGRADE_MOVE_TARGET_MISSING = "upgrade-move-target-missing", Error, ["id", "replacement"],
        "a moveContent's replacement does not exist";

    // ---- building releases (release::build) -------------------------------------------------
    /// A pack has languages beyond its default but no `i18n-package/package.json` (release).
    I18N_PACKAGE_MISSING = "i18n-package-missing", Error, ["pack", "languages"],
        "a pack with other languages has no -i18n package";
    /// A pack's `i18n-package/package.json` is not what the build needs (release).
    I18N_PACKAGE_INVALID = "i18n-package-invalid", Error, ["pack", "reason"],
        "the -i18n package's package.json is invalid";
    /// A built file or folder could not be written (release).
    BUILD_WRITE_FAILED = "build-write-failed", Error, ["path", "reason"],
        "a built file could not be written";

    // ---- importing the engine's JSON rulesets (opencharacter-ruleset-json) ------------------
    /// The source is not a ruleset the engine would read: its JSON shape, a required key, an ID
    /// (ruleset-json).
    RULESET_JSON_INVALID = "ruleset-json-invalid", Error, ["what", "reason"],
        "the ruleset JSON breaks the engine's format";
    /// The source is over one of the engine's own limits (ruleset-json).
    RULESET_JSON_LIMIT = "ruleset-json-limit", Error, ["what", "count", "limit"],
        "the ruleset JSON is over one of the engine's limits";
    /// A feature needs a Capability API newer than the package manifest declares (ruleset-json).
    RULESET_JSON_CAPABILITY = "ruleset-json-capability", Warning, ["feature", "needs", "declared"],
        "the package manifest declares a Capability API too old for a feature the ruleset uses";
    /// A part of the source has no place in a pack; it is listed, never dropped silently
    /// (ruleset-json).
    RULESET_JSON_UNMAPPED = "ruleset-json-unmapped", Warning, ["what", "reason"],
        "a part of the ruleset JSON does not map to a pack";
    /// A locale file's text matches no English text of the ruleset (ruleset-json).
    RULESET_JSON_LOCALE_UNMATCHED = "ruleset-json-locale-unmatched", Warning, ["language", "text"],
        "a locale text matches no English text of the ruleset";

    // ---- validation that recovers (issue 20): character files and checks the seed names -----
    /// A character file holds nothing (spec, read by the facade and the command).
    CHARACTER_FILE_EMPTY = "character-file-empty", Error, [],
        "the character file is empty";
    /// A character file is a list or a plain value, not a mapping (spec).
    CHARACTER_FILE_NOT_MAPPING = "character-file-not-mapping", Error, ["found"],
        "the character file is not a mapping";
    /// A key of a character file has no value (spec).
    CHARACTER_VALUE_EMPTY = "character-value-empty", Error, ["key"],
        "a key of the character file has no value";
    /// A `route` step's `by` is neither a field of the pack nor one an earlier rename moved
    /// (migrate).
    UPGRADE_ROUTE_BY_UNKNOWN = "upgrade-route-by-unknown", Error, ["step", "by"],
        "a route's `by` names no field";
    /// A dice-pool ladder step names a target outside the resolution's `target` range (spec).
    LADDER_TARGET_OUTSIDE = "ladder-target-outside", Error, ["label", "target", "min", "max"],
        "a ladder step's target is outside the resolution's range";
    /// A layer removes values of a field that exists but is not an enumerated field (layers).
    LAYER_FIELD_NOT_ENUM = "layer-field-not-enum", Error, ["layer", "field", "type"],
        "a layer removes values of a field that is not enumerated";
}
