#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! The homebrew packs over the SRD (`packs/5e/homebrew-example`, `packs/5e/homebrew-rival`),
//! read from their committed files with the SRD pack they depend on.
//!
//! Checked: validation of every 5e pack finds nothing; every homebrew file reads into its model
//! type; loaded with the SRD alone, the example's longsword override stands without a
//! conflict, its `extends` family inherits the longsword's final state, its hidden SRD weapons
//! leave queries but are still found by ID, and its rune type is queryable; loaded with both
//! homebrews, exactly one conflict (the longsword's damage), won by the later pack, in either
//! order.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use opencharacter::release::validate::{ValidateOptions, Validation, validate_paths};
use opencharacter::resolve::{ContentQuery, RulesetExt};
use opencharacter::spec::model::{ContentItem, I18nFile, Manifest, PackRelease, Ruleset};
use opencharacter::spec::yaml;
use opencharacter::{LoadOptions, load_ruleset};
use serde_json::{Value, json};

const SRD: &str = "5e-srd-5.1";
const EXAMPLE: &str = "5e-homebrew-example";
const RIVAL: &str = "5e-homebrew-rival";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Validation of `packs/5e` (the SRD and both homebrews), run once.
fn validation() -> &'static Validation {
    static ONCE: std::sync::OnceLock<Validation> = std::sync::OnceLock::new();
    ONCE.get_or_init(|| {
        validate_paths(
            &[root().join("packs/5e")],
            &[],
            &ValidateOptions {
                keep_rulesets: true,
                ..ValidateOptions::default()
            },
        )
        .unwrap()
    })
}

/// The assembled releases by pack ID (formula tables completed against their dependencies).
fn releases() -> BTreeMap<String, PackRelease> {
    validation()
        .assembled
        .iter()
        .flatten()
        .map(|pack| (pack.release.manifest.id.to_string(), pack.release.clone()))
        .collect()
}

/// The packs loaded in this order; the loader must find nothing wrong.
fn load(order: &[&str]) -> Ruleset {
    let all = releases();
    let (ruleset, diagnostics) =
        load_ruleset(order.iter().map(|id| &all[*id]), &LoadOptions::default());
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    ruleset
}

fn item(ruleset: &Ruleset, id: &str) -> Value {
    serde_json::to_value(&ruleset.lookup(&id.parse().unwrap()).unwrap().item).unwrap()
}

fn damage(ruleset: &Ruleset, id: &str) -> String {
    match &item(ruleset, id)["properties"]["damage"] {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

fn weapons(ruleset: &Ruleset) -> Vec<String> {
    let query = ContentQuery {
        content_type: Some(format!("{SRD}:weapon").parse().unwrap()),
        ..ContentQuery::default()
    };
    ruleset
        .query(&query)
        .unwrap()
        .iter()
        .map(|(id, _)| id.to_string())
        .collect()
}

fn conflicts(ruleset: &Ruleset) -> Vec<Value> {
    ruleset
        .conflicts
        .iter()
        .map(|c| {
            json!({
                "target": c.target.to_string(),
                "path": c.path,
                "packs": c.packs.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "winner": c.winner.to_string(),
            })
        })
        .collect()
}

#[test]
fn validation_of_the_5e_packs_reports_no_diagnostics() {
    let found: Vec<String> = validation()
        .reading
        .all_diagnostics()
        .map(|d| format!("{d:?}"))
        .collect();
    assert!(found.is_empty(), "{found:#?}");
    let ids: Vec<String> = releases().into_keys().collect();
    assert_eq!(ids, [EXAMPLE, RIVAL, SRD]);
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
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

#[test]
fn every_homebrew_file_reads_and_depends_on_the_srd_by_range() {
    for folder in ["packs/5e/homebrew-example", "packs/5e/homebrew-rival"] {
        let dir = root().join(folder);
        let mut paths = Vec::new();
        files_under(&dir, &mut paths);
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let relative = path
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let read = if relative == "pack.yaml" {
                yaml::from_str::<Manifest>(&text).map(|_| ())
            } else if relative.starts_with("content/") {
                yaml::from_str::<ContentItem>(&text).map(|_| ())
            } else if relative.starts_with("rules/") {
                yaml::from_str::<opencharacter::spec::model::RulesDocument>(&text).map(|_| ())
            } else {
                yaml::from_str::<I18nFile>(&text).map(|_| ())
            };
            assert!(read.is_ok(), "{folder}/{relative}: {read:?}");
        }
        let manifest: Manifest =
            yaml::from_str(&std::fs::read_to_string(dir.join("pack.yaml")).unwrap()).unwrap();
        let manifest = serde_json::to_value(&manifest).unwrap();
        assert_eq!(manifest["dependencies"], json!({ SRD: "^0.1.0" }));
    }
}

#[test]
fn the_example_alone_overrides_the_longsword_without_a_conflict() {
    let ruleset = load(&[SRD, EXAMPLE]);
    assert_eq!(conflicts(&ruleset), Vec::<Value>::new());
    let longsword = format!("{SRD}:weapons.longsword");
    assert_eq!(damage(&ruleset, &longsword), "1d10");
    // The override changes only what it names.
    assert_eq!(
        item(&ruleset, &longsword)["properties"]["versatile_damage"],
        "1d10"
    );
    assert_eq!(
        item(&ruleset, &longsword)["properties"]["category"],
        "martial"
    );
    // Without the homebrew the SRD's own value stands.
    assert_eq!(damage(&load(&[SRD]), &longsword), "1d8");
}

#[test]
fn the_extends_family_inherits_the_longswords_final_state() {
    let ruleset = load(&[SRD, EXAMPLE]);
    let blade = item(&ruleset, &format!("{EXAMPLE}:weapons.rune-blade"));
    assert_eq!(blade["type"], format!("{SRD}:weapon"));
    assert_eq!(
        damage(&ruleset, &format!("{EXAMPLE}:weapons.rune-blade")),
        "1d10"
    );
    assert_eq!(blade["properties"]["damage_type"], "damage-types.slashing");
    let frost = item(&ruleset, &format!("{EXAMPLE}:weapons.rune-blade-frost"));
    assert_eq!(frost["properties"]["damage_type"], "damage-types.cold");
    assert_eq!(
        damage(&ruleset, &format!("{EXAMPLE}:weapons.rune-blade-frost")),
        "1d10"
    );
    // Two links down: the storm blade's type and weight, then the heavy blade's own damage.
    let heavy = item(&ruleset, &format!("{EXAMPLE}:weapons.rune-blade-heavy"));
    assert_eq!(heavy["properties"]["damage_type"], "damage-types.lightning");
    assert_eq!(heavy["properties"]["weight"], 6);
    assert_eq!(
        damage(&ruleset, &format!("{EXAMPLE}:weapons.rune-blade-heavy")),
        "2d6"
    );
    let found = weapons(&ruleset);
    for id in [
        "rune-blade",
        "rune-blade-frost",
        "rune-blade-storm",
        "rune-blade-heavy",
    ] {
        assert!(found.contains(&format!("{EXAMPLE}:weapons.{id}")), "{id}");
    }
}

#[test]
fn hidden_srd_weapons_leave_queries_but_are_found_by_id() {
    let plain = weapons(&load(&[SRD]));
    let ruleset = load(&[SRD, EXAMPLE]);
    let found = weapons(&ruleset);
    for hidden in ["weapons.net", "weapons.blowgun"] {
        let id = format!("{SRD}:{hidden}");
        assert!(plain.contains(&id), "{id} is an SRD weapon");
        assert!(!found.contains(&id), "{id} is hidden");
        let entry = ruleset.lookup(&id.parse().unwrap()).unwrap();
        assert!(entry.hidden());
        assert_eq!(entry.hidden_by[0].as_str(), EXAMPLE);
    }
    assert!(found.contains(&format!("{SRD}:weapons.longsword")));
}

#[test]
fn the_example_has_its_own_content_type() {
    let ruleset = load(&[SRD, EXAMPLE]);
    let query = ContentQuery {
        content_type: Some(format!("{EXAMPLE}:rune").parse().unwrap()),
        ..ContentQuery::default()
    };
    let runes: Vec<String> = ruleset
        .query(&query)
        .unwrap()
        .iter()
        .map(|(id, _)| id.to_string())
        .collect();
    assert_eq!(runes.len(), 4, "{runes:?}");
    let frost = item(&ruleset, &format!("{EXAMPLE}:runes.frost"));
    assert_eq!(frost["properties"]["power"], 1);
}

#[test]
fn both_homebrews_conflict_on_the_longsword_and_the_later_wins() {
    let ruleset = load(&[SRD, EXAMPLE, RIVAL]);
    assert_eq!(
        conflicts(&ruleset),
        [json!({
            "target": format!("{SRD}:weapons.longsword"),
            "path": "/properties/damage",
            "packs": [EXAMPLE, RIVAL],
            "winner": RIVAL,
        })]
    );
    assert_eq!(damage(&ruleset, &format!("{SRD}:weapons.longsword")), "2d4");
    // The family extends the final longsword, so it follows the winner.
    assert_eq!(
        damage(&ruleset, &format!("{EXAMPLE}:weapons.rune-blade")),
        "2d4"
    );

    let reversed = load(&[SRD, RIVAL, EXAMPLE]);
    assert_eq!(conflicts(&reversed).len(), 1);
    assert_eq!(conflicts(&reversed)[0]["winner"], EXAMPLE);
    assert_eq!(
        damage(&reversed, &format!("{SRD}:weapons.longsword")),
        "1d10"
    );
}
