//! Helpers shared by the tests of the generated packs (`fitd_pack.rs`, `mothership_pack.rs`)
//! and of the small test games (`character_fixtures.rs`, `dice_values.rs`): reading every file
//! of a pack into its model type with every formula parsed, validating it, and loading it.

#![allow(dead_code, reason = "each test file uses the helpers it needs")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use opencharacter::release::validate::{ValidateOptions, Validation, validate_paths};
use opencharacter::spec::model::formulas::{content_formulas, rules_formulas};
use opencharacter::spec::model::{
    ContentItem, I18nFile, Manifest, PackRelease, RulesDocument, Ruleset,
};
use opencharacter::spec::yaml;
use opencharacter::{LoadOptions, load_ruleset};
use serde_json::Value;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        // `dist/` is what `opencharacter build` writes (never committed), not the pack.
        if path.is_dir() && path.file_name().is_some_and(|name| name == "dist") {
            continue;
        }
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Every file of the pack read into its model type; every formula parsed. Returns the merged
/// rules and the content by ID, as JSON for easy reading.
pub fn read_pack(
    pack: &str,
) -> (
    Manifest,
    RulesDocument,
    BTreeMap<String, Value>,
    BTreeMap<String, String>,
) {
    let dir = root().join(pack);
    let mut paths = Vec::new();
    files_under(&dir, &mut paths);
    paths.sort();
    let mut problems = Vec::new();
    let mut manifest = None;
    let mut rules = RulesDocument::default();
    let mut items = Vec::new();
    let mut text = BTreeMap::new();
    for path in &paths {
        let relative = path
            .strip_prefix(&dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let source = std::fs::read_to_string(path).unwrap();
        if relative == "pack.yaml" {
            manifest = Some(yaml::from_str::<Manifest>(&source).unwrap());
        } else if relative.starts_with("rules/") {
            let document: RulesDocument =
                yaml::from_str(&source).unwrap_or_else(|e| panic!("{relative}: {e}"));
            assert!(rules.merge(document).is_empty(), "{relative}: duplicates");
        } else if relative.starts_with("content/") {
            let item: ContentItem =
                yaml::from_str(&source).unwrap_or_else(|e| panic!("{relative}: {e}"));
            let id = relative
                .trim_start_matches("content/")
                .trim_end_matches(".yaml")
                .replace('/', ".");
            items.push((relative, id, item));
        } else if relative == "i18n/en.yaml" {
            let file: I18nFile = yaml::from_str(&source).unwrap();
            text = file
                .flat()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
        } else {
            problems.push(format!("unexpected file {relative}"));
        }
    }
    for site in rules_formulas(&rules) {
        if let Err(e) = opencharacter::formula::parse(site.text) {
            problems.push(format!("rules{}: `{}`: {e}", site.pointer, site.text));
        }
    }
    let mut content = BTreeMap::new();
    for (relative, id, item) in items {
        let declared = item
            .content_type
            .as_ref()
            .and_then(|t| rules.content_types.get(t.local()));
        assert!(declared.is_some(), "{relative}: undeclared type");
        for site in content_formulas(&item, declared) {
            if let Err(e) = opencharacter::formula::parse(site.text) {
                problems.push(format!("{relative}{}: `{}`: {e}", site.pointer, site.text));
            }
        }
        content.insert(id, serde_json::to_value(&item).unwrap());
    }
    assert!(problems.is_empty(), "{problems:#?}");
    (manifest.unwrap(), rules, content, text)
}

/// A formula's text, whether the model keeps it as a string or a number.
pub fn formula(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

pub fn validation(pack: &str) -> Validation {
    validate_paths(
        &[root().join(pack)],
        &[],
        &ValidateOptions {
            keep_rulesets: true,
            ..ValidateOptions::default()
        },
    )
    .unwrap()
}

pub fn ruleset(validation: &Validation) -> Ruleset {
    let releases: Vec<PackRelease> = validation
        .assembled
        .iter()
        .flatten()
        .map(|pack| pack.release.clone())
        .collect();
    let (ruleset, diagnostics) = load_ruleset(releases.iter(), &LoadOptions::default());
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    ruleset
}

/// The packs under `dir`, validated (they must be clean: the failure names `what` and lists
/// everything found), loaded together: each pack is loaded with its dependencies, so the
/// ruleset with the most packs holds them all.
pub fn clean_ruleset(dir: &Path, what: &str) -> Ruleset {
    let validation = validate_paths(
        &[dir.to_path_buf()],
        &[],
        &ValidateOptions {
            keep_rulesets: true,
            ..ValidateOptions::default()
        },
    )
    .unwrap();
    let found: Vec<String> = validation
        .reading
        .all_diagnostics()
        .map(|d| {
            format!(
                "{} {:?}:{:?} {}",
                d.code.name,
                d.location.file,
                d.location.line,
                d.message()
            )
        })
        .collect();
    assert!(found.is_empty(), "{what} is not clean: {found:#?}");
    validation
        .rulesets
        .into_iter()
        .flatten()
        .max_by_key(|ruleset| ruleset.packs.len())
        .unwrap()
}
