//! The character fixtures: `tests/fixtures/characters/<code>/` holds a saved character
//! (`character.yaml`, the format of `docs/spec/characters.md`) that triggers `<code>` when an app
//! reads it, and `expected.json` listing every diagnostic reading it gives: `code`, `pointer`
//! (a JSON pointer into the character file; null for what is about the rules the character
//! meets, not one of its values: a cycle, a constraint, a formula) and `severity`. The lists must match exactly, so a
//! fixture also proves that nothing else is reported.
//!
//! Every fixture reads against the same small game, `tests/fixtures/characters/_pack/` (a folder of
//! source packs that must validate without a single diagnostic), through the facade's
//! `read_character_with` (migrate, then evaluate, whose issues start with `check_character`'s),
//! with the default evaluation options or those `options` changes (`max_owned`, `max_passes`).
//!
//! These cover the codes only a character can trigger: rules issues and the sheet's own
//! diagnostics. `OPENCHARACTER_BLESS=1 cargo test --test character_fixtures` rewrites the
//! `diagnostics` of every `expected.json` from what reading gives; read the diff before committing.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use opencharacter::sheet::EvaluateOptions;
use opencharacter::spec::model::{Character, Ruleset};
use serde_json::{Value, json};

fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/characters")
}

/// The shared game: every pack of `_pack`, validated (it must be clean), loaded together.
fn ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        crate::common::clean_ruleset(&fixtures_root().join("_pack"), "the fixtures' pack")
    })
}

fn options(overrides: &Value) -> EvaluateOptions {
    let mut options = EvaluateOptions::default();
    let number = |key: &str| {
        overrides
            .get(key)
            .and_then(Value::as_u64)
            .map(|n| usize::try_from(n).unwrap())
    };
    if let Some(n) = number("max_owned") {
        options.max_owned = n;
    }
    if let Some(n) = number("max_passes") {
        options.max_passes = n;
    }
    options
}

/// What reading the fixture's character gives, as `expected.json` lists it.
fn run_fixture(name: &str, expected: &Value) -> Vec<Value> {
    let folder = fixtures_root().join(name);
    let text = std::fs::read_to_string(folder.join("character.yaml")).unwrap();
    // A file that does not read as a character gives its own located diagnostics
    // (`character-file-empty`, `character-value-empty`, …) and nothing more.
    let character = match opencharacter::spec::model::character_file::read_character_text(&text) {
        Ok(character) => character,
        Err(problems) => return problems.iter().map(record).collect(),
    };
    let read =
        opencharacter::read_character_with(ruleset(), character, &options(&expected["options"]));
    read.issues.iter().map(record).collect()
}

fn record(d: &opencharacter::Diagnostic) -> Value {
    json!({
        "code": d.code.name,
        "pointer": d.location.pointer,
        "severity": d.severity.to_string(),
    })
}

#[test]
fn the_fixtures_pack_validates_clean_and_loads_every_pack() {
    let ids: Vec<String> = ruleset().packs.iter().map(|p| p.id.to_string()).collect();
    assert_eq!(ids, ["demo-core", "demo-extra"]);
}

#[test]
fn every_character_fixture_gives_exactly_its_expected_diagnostics() {
    // Each own-code diagnostic is checked at the severity the registry gives it. (A diagnostic
    // about the rules rather than a value of the character, such as `field-cycle`, has no pointer.)
    crate::fixture_harness::check_every_fixture(&fixtures_root(), run_fixture);
}

/// A character with nothing wrong reads without a single diagnostic: what the fixtures report
/// comes from their one fault, not from the pack.
#[test]
fn a_character_with_nothing_wrong_reads_clean() {
    let character: Character = opencharacter::spec::yaml::from_str(
        "packs: { demo-core: 1.0.0, demo-extra: 1.0.0 }\n\
         fields: { 'demo-core:level': 4, 'demo-core:str': 12, 'demo-core:calling': sailor }\n\
         choices: { 'demo-core:feat': ['demo-core:skills.insight'] }\n\
         content:\n\
         - { id: 'demo-core:classes.fighter', slot: 'demo-core:class',\n\
             choices: { skills: ['demo-core:skills.athletics', 'demo-core:skills.insight'] } }\n\
         - { id: 'demo-core:weapons.sword', templates: ['demo-core:plus-one'] }\n\
         live: { pools: { 'demo-core:hit_points': 7 }, woundTracks: { 'demo-core:harm': [lesser] } }\n\
         purse: { 'demo-core:sp': 3 }\n",
    )
    .unwrap();
    let read = opencharacter::read_character(ruleset(), character);
    assert!(read.issues.is_empty(), "{:#?}", read.issues);
    assert_eq!(read.sheet.integer("demo-core:attack"), Some(1));
}
