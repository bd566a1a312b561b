//! The migrations fixture pack, `demo-heroes`, at three versions: `tests/fixtures/migrations/
//! <version>/release.yaml` is each release as written (without its formula table), and
//! `release.json` beside it the release with its table, as `opencharacter migrate` reads it.
//! `OPENCHARACTER_BLESS=1` rewrites the JSON files from the YAML ones.

#![allow(dead_code, reason = "each test file uses part of the support module")]

use std::path::{Path, PathBuf};

use opencharacter::formula::parse;
use opencharacter::spec::model::formulas::release_formulas;
use opencharacter::spec::model::{Character, CompiledFormula, PackRelease, Ruleset};
use opencharacter::{LoadOptions, load_ruleset};

pub const VERSIONS: [&str; 3] = ["0.1.0", "0.2.0", "0.3.0"];

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/migrations")
}

/// The release of one version, built from its YAML with its formula table filled in.
pub fn release(version: &str) -> PackRelease {
    let text = std::fs::read_to_string(root().join(version).join("release.yaml")).unwrap();
    let mut value: serde_json::Value = opencharacter::spec::yaml::from_str(&text).unwrap();
    value["formulas"] = serde_json::json!({});
    let mut release: PackRelease = serde_json::from_value(value).unwrap();
    let table = formula_table(&release);
    release.formulas = table.into_iter().collect();
    release
}

/// Every formula of the release, by source text, in text order.
fn formula_table(release: &PackRelease) -> std::collections::BTreeMap<String, CompiledFormula> {
    release_formulas(release, |_| None)
        .into_iter()
        .map(|site| {
            let tree = parse(site.text).unwrap();
            (
                site.text.to_owned(),
                CompiledFormula {
                    text: tree.to_string(),
                    tree: serde_json::to_value(&tree).unwrap(),
                },
            )
        })
        .collect()
}

/// The committed `release.json` of one version.
pub fn release_json_path(version: &str) -> PathBuf {
    root().join(version).join("release.json")
}

/// The ruleset of one version of the pack alone, refusing any diagnostic.
pub fn ruleset(version: &str) -> Ruleset {
    let release = release(version);
    let (ruleset, diagnostics) = load_ruleset([&release], &LoadOptions::default());
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    ruleset
}

/// A character from JSON.
pub fn character(json: serde_json::Value) -> Character {
    serde_json::from_value(json).unwrap()
}
