#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! The engine's JSON rulesets, imported: the fixtures under `tests/fixtures/ruleset-json/` (two
//! small rulesets written for these tests, in the engine's format) become packs that validate
//! clean, re-import to identical files, load, play their layers (the long night's crown, the
//! hard winter's ladder, guidance and knack hiding) and evaluate a character sheet.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use opencharacter::layers::apply_layers;
use opencharacter::layers::economy::{PriceDisplay, price_display};
use opencharacter::release::build::{BuildOptions, build_paths};
use opencharacter::release::validate::{ValidateOptions, validate_paths};
use opencharacter::ruleset_json::{Import, ImportOptions, import_ruleset};
use opencharacter::sheet::{EvaluateOptions, evaluate};
use opencharacter::spec::ids::{QualifiedContentId, QualifiedFieldId};
use opencharacter::spec::model::{Character, Ruleset};
use serde_json::Value;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ruleset-json")
}

fn read(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixtures().join(name)).unwrap()).unwrap()
}

fn options(game: &str) -> ImportOptions {
    let mut options = ImportOptions {
        pack_id: Some(format!("{game}-core")),
        manifest: Some(read("manifest.json")),
        ..ImportOptions::default()
    };
    if game == "barrowlight" {
        options.locales = vec![
            ("en".to_owned(), read("locales/en.json")),
            ("fr".to_owned(), read("locales/fr.json")),
        ];
    }
    options
}

fn import(game: &str) -> Import {
    import_ruleset(&read(&format!("{game}.json")), &options(game))
}

fn write(root: &Path, game: &str, files: &BTreeMap<String, String>) -> PathBuf {
    let pack = root.join(game).join("core");
    for (path, text) in files {
        let target = pack.join(path);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::write(target, text).unwrap();
    }
    pack
}

/// Imports, writes, validates (nothing may be found) and returns the loaded ruleset.
fn loaded(game: &str) -> Ruleset {
    let dir = tempfile::tempdir().unwrap();
    let pack = write(dir.path(), game, &import(game).files);
    let validation = validate_paths(
        &[pack],
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
                "{:?} {:?}: {}",
                d.location.file,
                d.location.pointer,
                d.message()
            )
        })
        .collect();
    assert!(found.is_empty(), "{game}: {found:#?}");
    validation.rulesets[0].clone().unwrap()
}

fn id<T: std::str::FromStr>(text: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    text.parse().unwrap()
}

#[test]
fn both_fixtures_import_into_packs_that_validate_and_build_clean() {
    for game in ["tallow-roads", "barrowlight"] {
        let ruleset = loaded(game);
        assert!(ruleset.layers.len() >= 2, "{game}");
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), game, &import(game).files);
        let options = BuildOptions {
            validate: ValidateOptions::default(),
            out: Some(dir.path().join("dist")),
        };
        let build = build_paths(&[dir.path().join(game)], &[], &options).unwrap();
        assert!(!build.has_errors() && !build.write_failed, "{game}");
        assert_eq!(build.built.len(), 1, "{game}");
    }
    // The French locale is published as the pack's -i18n package.
    assert!(
        import("barrowlight")
            .files
            .contains_key("i18n-package/package.json")
    );
}

#[test]
fn re_importing_gives_identical_files() {
    for game in ["tallow-roads", "barrowlight"] {
        let first = import(game);
        let second = import(game);
        assert_eq!(first.files, second.files, "{game}");
        assert_eq!(first.report_text(), second.report_text(), "{game}");
    }
}

#[test]
fn with_the_long_night_a_3_crown_pistol_costs_15_shillings_and_the_ladder_is_the_layers() {
    let ruleset = loaded("barrowlight");
    let pistol = id("barrowlight-core:kit.guard-pistol");
    let Some(PriceDisplay::Price(before)) = price_display(&ruleset, &pistol) else {
        panic!("the pistol has a price")
    };
    assert_eq!(
        (before.amount, before.unit.to_string().as_str()),
        (3, "barrowlight-core:crown")
    );

    let (game, report) = apply_layers(&ruleset, &[id("barrowlight-core:long_night")]);
    assert!(report.not_applied.is_empty());
    let Some(PriceDisplay::Price(price)) = price_display(&game, &pistol) else {
        panic!("the pistol keeps a price")
    };
    assert_eq!(
        (price.amount, price.unit.to_string().as_str()),
        (15, "barrowlight-core:shilling")
    );
    let ladder = &game
        .resolution
        .as_ref()
        .unwrap()
        .resolution
        .difficulty_ladder;
    let steps: Vec<(String, Option<u32>, Option<u32>)> = ladder
        .iter()
        .map(|s| (s.label.to_string(), s.successes, s.target))
        .collect();
    assert_eq!(
        steps,
        [
            ("routine".to_owned(), Some(1), Some(7)),
            ("tricky".to_owned(), Some(2), Some(8)),
            ("dire".to_owned(), Some(4), Some(9)),
            ("hopeless".to_owned(), Some(6), Some(9)),
        ]
    );
    // The base ladder was the ruleset's own.
    let base = &ruleset
        .resolution
        .as_ref()
        .unwrap()
        .resolution
        .difficulty_ladder;
    assert_eq!(base.len(), 3);
    assert_eq!(base[1].target, None);
}

#[test]
fn with_hard_winter_the_ladder_guidance_and_knack_hiding_are_the_layers() {
    let ruleset = loaded("tallow-roads");
    let (game, report) = apply_layers(&ruleset, &[id("tallow-roads-core:hard_winter")]);
    assert!(report.not_applied.is_empty());
    let dcs: Vec<Option<i64>> = game
        .resolution
        .as_ref()
        .unwrap()
        .resolution
        .difficulty_ladder
        .iter()
        .map(|s| s.dc)
        .collect();
    assert_eq!(dcs, [Some(7), Some(9), Some(11), Some(13)]);
    let guidance: Vec<&str> = game
        .gm
        .check_guidance
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(
        guidance,
        [
            "Ask for a roll when the road pushes back.",
            "Hard winter: failures cost warmth."
        ]
    );
    let world: Vec<&str> = game
        .gm
        .world_guidance
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(world, ["Hard winter: roads are shut and stores thin."]);
    let hidden = |name: &str| {
        let item: QualifiedContentId = id(&format!("tallow-roads-core:knacks.{name}"));
        // Layers never delete: a hidden entry stays, listed as withdrawn from the picker.
        game.withdrawn.content.contains(&item) || game.content[&item].withdrawn
    };
    assert!(
        hidden("flare") && hidden("warm-hands"),
        "knacks costing wick are hidden"
    );
    assert!(!hidden("lamp-sense"), "a knack costing nothing stays");
    // Without the layer nothing is hidden and the ladder is the base one.
    assert!(ruleset.withdrawn.content.is_empty());
}

#[test]
fn a_character_sheet_of_each_game_evaluates() {
    let tallow = loaded("tallow-roads");
    let character: Character = serde_json::from_value(serde_json::json!({
        "packs": {"tallow-roads-core": "3.0.0"},
        "fields": {
            "tallow-roads-core:abilities.grip": 2,
            "tallow-roads-core:abilities.guile": 1,
            "tallow-roads-core:stamina": 3,
            "tallow-roads-core:skills.pick.tier": "green",
            "tallow-roads-core:skills.haul.tier": "seasoned",
            "tallow-roads-core:calling": "scout"
        }
    }))
    .unwrap();
    let sheet = evaluate(&tallow, &character, &EvaluateOptions::default());
    let issues: Vec<String> = sheet.issues.iter().map(|d| d.message()).collect();
    assert!(issues.is_empty(), "{issues:#?}");
    let value = |field: &str| {
        sheet
            .integer(&format!("tallow-roads-core:{field}"))
            .unwrap()
    };
    assert_eq!(value("wick_max"), 4 + 3 + 2);
    assert_eq!(value("skills.haul"), 2 + 2, "grip + seasoned");
    assert_eq!(value("skills.pick"), 1 - 2, "guile, untrained −2");
    let wick: QualifiedFieldId = id("tallow-roads-core:wick");
    let max = sheet.pools[&wick].max.as_ref().and_then(|v| v.as_integer());
    assert_eq!(max, Some(9));

    let barrow = loaded("barrowlight");
    let character: Character = serde_json::from_value(serde_json::json!({
        "packs": {"barrowlight-core": "2.0.0"},
        "fields": {
            "barrowlight-core:abilities.calm": 3,
            "barrowlight-core:shift": "dawn",
            "barrowlight-core:skills.hush.tier": "rank_2",
            "barrowlight-core:lamp": "dim"
        },
        "live": {"pools": {"barrowlight-core:nerve": 2}}
    }))
    .unwrap();
    let sheet = evaluate(&barrow, &character, &EvaluateOptions::default());
    let issues: Vec<String> = sheet.issues.iter().map(|d| d.message()).collect();
    assert!(issues.is_empty(), "{issues:#?}");
    let value = |field: &str| sheet.integer(&format!("barrowlight-core:{field}")).unwrap();
    assert_eq!(value("nerve_max"), 2 + 3 + 1, "the dawn shift adds one");
    assert_eq!(
        value("skills.hush"),
        2,
        "calm 3 + veteran 2, capped by the nerve left"
    );
    assert_eq!(value("gloom_pull"), -1);
}

#[test]
fn the_locale_becomes_a_language_of_the_pack() {
    let import = import("barrowlight");
    let french = &import.files["i18n/fr.yaml"];
    assert!(
        french.contains("field.abilities.brawn.label: Carrure"),
        "{french}"
    );
    assert!(
        french.contains("layer.long_night.label: La longue nuit"),
        "{french}"
    );
    assert!(
        french.contains("content.kit.guard-pistol.name: Pistolet de garde"),
        "{french}"
    );
    // "Routine" is a ladder label: one key, shared by the base ladder and the layer's.
    assert!(
        french.contains("ladder.routine.label: Routinier"),
        "{french}"
    );
    assert!(
        !french.contains("skills.dig.label"),
        "an empty string is not translated yet"
    );
    let unmatched: Vec<&str> = import
        .diagnostics
        .iter()
        .filter(|d| d.code.name == "ruleset-json-locale-unmatched")
        .map(|d| d.args["text"].as_str())
        .collect();
    assert_eq!(unmatched, ["Not a text of this ruleset"]);
    // The English package file names the pack.
    assert!(import.files["i18n/en.yaml"].contains("Keepers of the barrow lights"));
}

#[test]
fn capability_gates_are_reported_against_the_manifest() {
    let import = import("barrowlight");
    let mut needs: Vec<(String, String)> = import
        .diagnostics
        .iter()
        .filter(|d| d.code.name == "ruleset-json-capability")
        // The feature is a registered reason (its words follow `--lang`): matched by its key.
        .map(|d| {
            let feature = d.reason("feature").map_or("", |reason| reason.key);
            (feature.to_owned(), d.args["needs"].clone())
        })
        .collect();
    needs.sort();
    for expected in [
        ("import-gate-layer-coins", "1.64"),
        ("import-gate-layer-items", "1.813"),
        ("import-gate-translations", "1.811"),
        ("import-gate-items", "1.49"),
    ] {
        assert!(
            needs.contains(&(expected.0.to_owned(), expected.1.to_owned())),
            "{expected:?} in {needs:?}"
        );
    }
    // Layers (1.25) are within the manifest's 1.30.
    assert!(
        !needs
            .iter()
            .any(|(feature, _)| feature == "import-gate-layers")
    );
    assert!(import.diagnostics.iter().all(|d| !d.is_error()));
}

#[test]
fn the_report_lists_what_does_not_map_with_pointers() {
    let import = import("tallow-roads");
    let pointers: Vec<&str> = import.report.iter().map(|e| e.pointer.as_str()).collect();
    for expected in [
        "/combat",
        "/battle",
        "/rests",
        "/gm/sheetGuidance",
        "/resolution/adjust",
    ] {
        assert!(pointers.contains(&expected), "{expected} in {pointers:#?}");
    }
    let text = import.report_text();
    assert!(text.contains("- `/combat`: "), "{text}");
    assert!(text.contains("## Concepts the pack model lacks"), "{text}");
}
