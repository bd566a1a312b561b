#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! Every key the fixtures use, and where it went or why it did not: the importer must know
//! each one (mapped to a place in the pack, or reported with a reason), and together the
//! fixtures use every key of the engine's two example rulesets (`engine-keys.txt`: the key
//! paths of those files, names only, array indexes as `*` and IDs the author chose as `{id}`).
//!
//! Run with `-- --nocapture` to print the table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use opencharacter::ruleset_json::{ImportOptions, Outcome, import_ruleset, key_outcomes};
use serde_json::Value;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ruleset-json")
}

fn read(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixtures().join(name)).unwrap()).unwrap()
}

const FIXTURES: [&str; 2] = ["tallow-roads.json", "barrowlight.json"];

/// Maps whose keys are IDs an author chose (a creature's `abilities`, an item's `stats` …).
const ID_MAPS: [&str; 13] = [
    "valueLabels",
    "stats",
    "table",
    "slots",
    "filters",
    "byKind",
    "byType",
    "fields",
    "lists",
    "skills",
    "saves",
    "values",
    "scaled",
];

/// A key path as `engine-keys.txt` writes it.
fn normalise(pointer: &str) -> String {
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    let mut out: Vec<String> = Vec::new();
    for (i, segment) in segments.iter().enumerate() {
        let parent = if i >= 1 { segments[i - 1] } else { "" };
        let grand = if i >= 2 { segments[i - 2] } else { "" };
        let n = out.len();
        let next = if segment.chars().all(|c| c.is_ascii_digit()) {
            "*".to_owned()
        } else if (ID_MAPS.contains(&parent) && !parent.chars().all(|c| c.is_ascii_digit()))
            || (parent == "abilities" && ["creature", "sheet", "worn", "carried"].contains(&grand))
            || (n >= 4
                && out[n - 1] == "*"
                && out[n - 2] == "{id}"
                && out[n - 3] == "lists"
                && out[n - 4] == "sheet")
        {
            "{id}".to_owned()
        } else {
            (*segment).replace("~1", "/").replace("~0", "~")
        };
        out.push(next);
    }
    format!("/{}", out.join("/"))
}

fn describe(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Mapped(to) => format!("→ {to}"),
        Outcome::Reported(why) => format!("reported: {why}"),
        Outcome::Unrecognised => "NEITHER MAPPED NOR REPORTED".to_owned(),
    }
}

#[test]
fn every_key_of_the_fixtures_is_mapped_or_reported_and_the_table_says_where() {
    let mut unknown = Vec::new();
    for name in FIXTURES {
        let import = import_ruleset(&read(name), &ImportOptions::default());
        let table = key_outcomes(&import.tracker);
        println!("== {name}: {} keys", table.len());
        for (key, outcomes) in &table {
            let said: Vec<String> = outcomes.iter().map(describe).collect();
            println!("{key}  {}", said.join(" | "));
            if outcomes.contains(&Outcome::Unrecognised) {
                unknown.push(format!("{name}: {key}"));
            }
        }
        assert!(table.len() > 300, "{name}: the table covers the file");
    }
    assert!(
        unknown.is_empty(),
        "neither mapped nor reported: {unknown:#?}"
    );
}

#[test]
fn a_key_the_importer_does_not_know_is_caught_and_reported() {
    let mut source = read("barrowlight.json");
    source["sheet"]["inventedKey"] = serde_json::json!({"deep": 1});
    let import = import_ruleset(&source, &ImportOptions::default());
    let table = key_outcomes(&import.tracker);
    assert_eq!(table["/sheet/inventedKey/deep"], [Outcome::Unrecognised]);
    // Never dropped silently: it is in the report, located.
    assert!(
        import
            .report
            .iter()
            .any(|entry| entry.pointer == "/sheet/inventedKey/deep")
    );
}

#[test]
fn the_fixtures_use_every_key_of_the_engines_example_rulesets() {
    let mut used = BTreeSet::new();
    for name in FIXTURES {
        let import = import_ruleset(&read(name), &ImportOptions::default());
        for (pointer, _) in import.tracker.outcomes() {
            used.insert(normalise(&pointer));
        }
    }
    let expected = std::fs::read_to_string(fixtures().join("engine-keys.txt")).unwrap();
    let missing: Vec<&str> = expected
        .lines()
        .filter(|key| !key.is_empty() && !used.contains(*key))
        .collect();
    assert!(missing.is_empty(), "keys no fixture uses: {missing:#?}");
    assert!(expected.lines().count() > 700);
}

#[test]
fn the_seed_layer_examples_are_among_the_fixtures() {
    // The seed's layer shapes: a field narrowed with a new default, a number hide, a text
    // `notIn` and `equals` hide, coin and family removal, market and loot-table changes.
    let mut keys: BTreeMap<String, usize> = BTreeMap::new();
    for name in FIXTURES {
        let import = import_ruleset(&read(name), &ImportOptions::default());
        for (key, _) in key_outcomes(&import.tracker) {
            *keys.entry(key).or_default() += 1;
        }
    }
    for key in [
        "/layers/*/fields/*/removeValues",
        "/layers/*/fields/*/default",
        "/layers/*/catalogs/*/hide/above",
        "/layers/*/catalogs/*/hide/notIn",
        "/layers/*/catalogs/*/hide/equals",
        "/layers/*/currencies/removeUnits",
        "/layers/*/currencies/removeFamilies",
        "/layers/*/items/market/removeSellers",
        "/layers/*/items/market/unsold/*/tag",
        "/layers/*/items/lootTables/*/entries/*/coins",
        "/layers/*/conflicts",
    ] {
        assert!(keys.contains_key(key), "{key}");
    }
}
