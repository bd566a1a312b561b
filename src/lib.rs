//! **opencharacter**: rules packs for tabletop RPGs, from YAML files to a character sheet.
//!
//! This facade re-exports the layer crates under short names and holds the few calls an app
//! needs (load a ruleset, open a game with its layers, read a character: migrate, then
//! evaluate, translate; evaluate a monster's stat block), so an app calls this crate alone. See
//! `ARCHITECTURE.md` for how the crates fit, and `examples/` for small programs to start from.
//!
//! The whole path: read the packs from disk, open a game with a layer, read a saved character
//! against it, and tell the player something about it in Spanish. Lanternfall's lamplighter plays
//! under hard frost; a character just started in the same game is told, in the language the app
//! asks for, which of its choices are still open.
//!
//! ```
//! use std::path::PathBuf;
//!
//! use opencharacter::{Character, ReadLimits, open_game, read_character, releases_at};
//!
//! let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
//! // A folder of packs (sources or built releases): every pack under it, validated.
//! let packs = releases_at(&[root.join("packs/lanternfall")], &ReadLimits::default())?;
//! assert!(packs.diagnostics.is_empty(), "{:?}", packs.diagnostics);
//!
//! let text = std::fs::read_to_string(root.join("examples/characters/lamplighter.yaml"))?;
//! let lamplighter: Character = opencharacter::spec::yaml::from_str(&text)?;
//! // The game the character belongs to: its pinned packs and the `hard_frost` layer.
//! let setup = lamplighter.setup.clone().ok_or("the character names its game")?;
//! let game = open_game(&setup, packs.releases());
//! assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
//!
//! let read = read_character(&game.ruleset, lamplighter);
//! // Lantern glow: 3 + her wick modifier (wick 3 - 2 = 1), +1 from the steady-flame knack.
//! assert_eq!(read.sheet.integer("lanternfall-core:lantern_glow"), Some(5));
//!
//! // A character just started in the same game: its first knack is not picked yet.
//! let started: Character = opencharacter::spec::yaml::from_str(
//!     "packs: {lanternfall-core: 0.1.0}\nfields: {lanternfall-core:name: Wren}\n",
//! )?;
//! let read = read_character(&game.ruleset, started);
//! let spanish = opencharacter::i18n::standard::standard_text(&"es".parse()?);
//! let open = read.issues.iter().find(|issue| issue.code.name == "choice-open");
//! let message = open.ok_or("a choice is open")?.message_in(spanish);
//! println!("{message}");
//! assert_eq!(message, "la elección `lanternfall-core:first_knack` tiene 0 de 1 selecciones");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! An ID, parsed and taken apart:
//!
//! ```
//! use opencharacter::spec::ids::FieldId;
//!
//! let field: FieldId = "abilities.str.mod".parse()?;
//! assert_eq!(field.prefix(), Some("abilities.str"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use opencharacter_formula as formula;
pub use opencharacter_fs as fs;
pub use opencharacter_i18n as i18n;
pub use opencharacter_layers as layers;
pub use opencharacter_migrate as migrate;
pub use opencharacter_release as release;
pub use opencharacter_resolve as resolve;
pub use opencharacter_ruleset_json as ruleset_json;
pub use opencharacter_sheet as sheet;
pub use opencharacter_spec as spec;

pub use opencharacter_spec::{Diagnostic, Severity};

/// The model types an app holds: a loaded ruleset, a saved character, a game's setup, a release.
pub use opencharacter_spec::model::{Character, GameSetup, PackRelease, Ruleset};

/// Reading packs from disk: every pack under some paths (a `release.json`, a pack folder or a
/// folder of packs), source packs validated ([`release::packs::releases_at`]); one built
/// release ([`release::packs::read_release`]).
pub use opencharacter_release::packs::{Packs, PacksError, read_release, releases_at};
pub use opencharacter_release::source::ReadLimits;

/// Opening a game: its pinned packs loaded and its layers applied ([`layers::game::open_game`]).
pub use opencharacter_layers::game::{OpenedGame, open_game};

/// Translating what a sheet shows: the packs' text in a language, with its fallbacks
/// ([`i18n::Translator`]).
pub use opencharacter_i18n::{LanguageTag, Texts, Translator};

/// Combines pack releases, in the app's load order, into one ruleset, with every problem found
/// (see [`resolve::load_ruleset`]).
pub use opencharacter_resolve::{LoadOptions, load_ruleset};

/// Evaluates a character against a (loaded or effective) ruleset: every field with the formula
/// and effects that made it, live state, the purse, what it owns, its rolls with exact odds, and
/// its rules issues (see [`sheet::evaluate`]).
pub use opencharacter_sheet::{EvaluateOptions, Sheet, evaluate};

/// Evaluates a content item whose type declares a stat block (a monster, by qualified content
/// ID) as a sheet of its own: its abilities, modifiers, AC, hit points and senses, each of its
/// actions' rolls with exact odds (see [`sheet::evaluate_stat_block`]). The character the sheet
/// reads is [`sheet::stat_block_character`], for rolls read later with options.
///
/// ```
/// use opencharacter::{EvaluateOptions, evaluate_stat_block};
/// # let ruleset: opencharacter::spec::model::Ruleset = serde_json::from_value(serde_json::json!({
/// #     "packs": [{"id": "g", "version": "1.0.0", "specVersion": "1.7.0",
/// #                "license": "CC0-1.0", "defaultLanguage": "en"}],
/// #     "fields": {"g:ac": {"type": "number", "default": 10}},
/// #     "contentTypes": {"g:monster": {"properties": {"ac": {"type": "number"}},
/// #         "statBlock": {"effects": [{"target": "ac", "op": "set", "value": "item.ac"}]}}},
/// #     "content": {"g:monsters.golem": {"item":
/// #         {"id": "monsters.golem", "type": "g:monster", "properties": {"ac": 17}}}}
/// # }))?;
/// let golem = "g:monsters.golem".parse()?;
/// let sheet = evaluate_stat_block(&ruleset, &golem, &[], &EvaluateOptions::default())?;
/// assert_eq!(sheet.integer("g:ac"), Some(17));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use opencharacter_sheet::{StatBlockError, evaluate_stat_block};

/// A saved character as an app reads it: migrated to the shapes of the loaded packs, then
/// evaluated against them. Save `character` on the next edit when `migration.changed` holds.
#[derive(Debug, Clone, PartialEq)]
pub struct CharacterRead {
    /// The character in the loaded packs' shapes, each pack's version moved up.
    pub character: spec::model::Character,
    /// What the upgrade scripts did, and whether anything changed.
    pub migration: migrate::MigrationReport,
    /// The migrated character's sheet ([`sheet::evaluate`]); its `issues` are [`Self::issues`].
    pub sheet: sheet::Sheet,
    /// The sheet's rules issues, less those about values a copy step kept at their old IDs
    /// ([`migrate::kept_by_upgrade`]): an earlier version of the pack still reads them there.
    pub issues: Vec<Diagnostic>,
}

/// Reads a saved character against a ruleset with the default evaluation options (see
/// [`read_character_with`]).
pub fn read_character(
    ruleset: &spec::model::Ruleset,
    character: spec::model::Character,
) -> CharacterRead {
    read_character_with(ruleset, character, &sheet::EvaluateOptions::default())
}

/// Reads a saved character against a ruleset: runs the packs' upgrade scripts
/// ([`migrate::migrate`]), then evaluates the result ([`sheet::evaluate`]). Reading the result
/// again changes nothing.
pub fn read_character_with(
    ruleset: &spec::model::Ruleset,
    character: spec::model::Character,
    options: &sheet::EvaluateOptions,
) -> CharacterRead {
    let (character, migration) = migrate::migrate(ruleset, character);
    let mut sheet = sheet::evaluate(ruleset, &character, options);
    let issues: Vec<Diagnostic> = sheet
        .issues
        .iter()
        .filter(|issue| {
            let kept = issue.code == &spec::diagnostic::codes::CHARACTER_FIELD_UNKNOWN
                && issue
                    .args
                    .get("id")
                    .and_then(|id| id.parse().ok())
                    .is_some_and(|id| migrate::kept_by_upgrade(ruleset, &id));
            !kept
        })
        .cloned()
        .collect();
    // The sheet an app keeps says the same: a value a copy step left behind is never reported.
    sheet.issues.clone_from(&issues);
    CharacterRead {
        character,
        migration,
        sheet,
        issues,
    }
}

/// What a character's `packs` say against the packs loaded, from the resolver's
/// [`resolve::check_character`]: a pack it was saved with at a newer version than the one
/// loaded (`character-pack-older`: no upgrade script runs backwards), and a pack it names that
/// is not loaded (`character-pack-not-loaded`: its values read as unknown). What `migrate`
/// warns of before it changes anything.
///
/// ```
/// # let ruleset: opencharacter::spec::model::Ruleset = serde_json::from_value(serde_json::json!({
/// #     "packs": [{"id": "g", "version": "1.0.0", "specVersion": "1.0.0",
/// #                "license": "CC0-1.0", "defaultLanguage": "en"}]}))?;
/// let character = opencharacter::spec::yaml::from_str("packs: {g: 1.2.0, h: 0.1.0}\n")?;
/// let codes: Vec<&str> = opencharacter::check_character_packs(&ruleset, &character)
///     .iter()
///     .map(|d| d.code.name)
///     .collect();
/// assert_eq!(codes, ["character-pack-older", "character-pack-not-loaded"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_character_packs(
    ruleset: &spec::model::Ruleset,
    character: &spec::model::Character,
) -> Vec<Diagnostic> {
    use spec::diagnostic::codes;
    resolve::check_character(ruleset, character)
        .into_iter()
        .filter(|d| {
            d.code == &codes::CHARACTER_PACK_OLDER || d.code == &codes::CHARACTER_PACK_NOT_LOADED
        })
        .collect()
}

/// Every JSON Schema the workspace generates, by the file name it is committed under in
/// `schemas/`.
pub fn schema_files() -> Vec<spec::schema::SchemaFile> {
    spec::schema::files()
        .into_iter()
        .chain([
            spec::schema::schema_of::<formula::Expr>("formula-tree.schema.json"),
            spec::schema::schema_of::<i18n::index::PackIndex>("pack-index.schema.json"),
        ])
        .collect()
}
