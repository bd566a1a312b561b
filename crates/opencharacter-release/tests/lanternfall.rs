//! The example game, `packs/lanternfall`: it validates clean, uses every section of the model,
//! and its content pack's override, extension and hide reach the loaded ruleset.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::PathBuf;

use opencharacter_release::validate::{ValidateOptions, Validation, validate_paths};
use opencharacter_spec::features::{PackContents, lowest_spec_version};
use opencharacter_spec::ids::QualifiedContentId;
use opencharacter_spec::model::rules::ValueType;

fn packs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../packs/lanternfall")
}

fn validation() -> Validation {
    let options = ValidateOptions {
        keep_rulesets: true,
        ..ValidateOptions::default()
    };
    validate_paths(&[packs()], &[], &options).unwrap()
}

/// An item as the river-trade pack's ruleset (the pack and the core) holds it.
fn content(validation: &Validation, id: &str) -> serde_json::Value {
    let id: QualifiedContentId = id.parse().unwrap();
    let ruleset = validation.rulesets[1].as_ref().unwrap();
    serde_json::to_value(&ruleset.content[&id].item).unwrap()
}

#[test]
fn it_validates_clean() {
    let validation = validation();
    let found: Vec<String> = validation
        .reading
        .all_diagnostics()
        .map(|d| format!("{} {:?}: {}", d.code.name, d.location, d.message()))
        .collect();
    assert!(found.is_empty(), "{found:#?}");
    let ids: Vec<&str> = validation
        .reading
        .packs
        .iter()
        .map(|p| p.id.as_ref().unwrap().as_str())
        .collect();
    assert_eq!(ids, ["lanternfall-core", "lanternfall-river-trade"]);
}

#[test]
fn the_core_uses_every_section_of_the_model() {
    let validation = validation();
    let core = validation.assembled[0].as_ref().unwrap();
    let rules = &core.release.rules;
    let types: Vec<ValueType> = rules.fields.values().map(|f| f.value_type).collect();
    for wanted in [
        ValueType::Number,
        ValueType::Text,
        ValueType::Boolean,
        ValueType::Enum,
        ValueType::Dice,
        ValueType::List,
    ] {
        assert!(types.contains(&wanted), "no {wanted:?} field");
    }
    assert!(rules.fields.values().any(|f| f.formula.is_some()));
    assert!(rules.fields.values().any(|f| f.hide_when.is_some()));
    assert!(
        rules
            .fields
            .values()
            .any(|f| f.min.is_some() && f.max.is_some())
    );
    assert!(rules.fields.values().any(|f| !f.parts.is_empty()));
    assert!(!rules.live.pools.is_empty() && !rules.live.tracks.is_empty());
    assert!(!rules.live.wound_tracks.is_empty());
    let resolution = rules.resolution.as_ref().unwrap();
    assert!(!resolution.difficulty_ladder.is_empty());
    assert!(!rules.result_bands.is_empty());
    let filters: Vec<_> = rules
        .content_types
        .values()
        .flat_map(|t| t.filters.values().map(|f| f.filter_type))
        .collect();
    for wanted in ["Number", "Text", "Tags"] {
        assert!(
            filters.iter().any(|f| format!("{f:?}") == wanted),
            "no {wanted} filter"
        );
    }
    assert!(!rules.link_slots.is_empty() && !rules.settings.is_empty());
    assert!(!rules.situational_choices.is_empty() && !rules.actions.is_empty());
    assert!(!rules.effects.is_empty() && !rules.choices.is_empty());
    assert!(!rules.constraints.is_empty() && !rules.display_hints.is_empty());
    assert_eq!(rules.currencies.len(), 2);
    let market = rules.market.as_ref().unwrap();
    assert!(!market.sellers.is_empty() && !market.unsold.is_empty() && !market.sold.is_empty());
    assert!(!rules.loot_tables.is_empty());
    let gm = rules.gm.as_ref().unwrap();
    assert!(gm.check_guidance.is_some() && gm.world_guidance.is_some());
    let layers = &rules.layers;
    assert!(layers.values().any(|l| !l.fields.is_empty()));
    assert!(layers.values().any(|l| l.difficulty_ladder.is_some()));
    assert!(layers.values().any(|l| !l.catalogs.is_empty()));
    assert!(layers.values().any(|l| l.currencies.is_some()));
    assert!(layers.values().any(|l| l.items.is_some()));
    assert!(!core.release.templates.is_empty());
    // Its specVersion is exactly the newest feature it uses.
    let languages = ["en"];
    let contents = PackContents {
        rules,
        upgrades: &core.release.upgrades,
        languages: &languages,
        default_language: "en",
        content: &core.release.content,
        templates: &core.release.templates,
    };
    assert_eq!(
        lowest_spec_version(&contents),
        core.release.manifest.spec_version
    );
    // Every formula of the pack is in its table, compiled.
    assert!(core.release.formulas.len() > 20);
    assert_eq!(
        core.release.formulas["abilities.wick - 2"].text,
        "abilities.wick - 2"
    );
}

#[test]
fn the_content_pack_overrides_extends_and_hides() {
    let validation = validation();
    // The override: the tin lamp shines brighter, keeping its other properties.
    let tin = content(&validation, "lanternfall-core:lantern.tin-lamp");
    assert_eq!(tin["properties"]["glow"], 3);
    assert_eq!(tin["properties"]["fuel"], "oil");
    // The extension: the storm lantern's properties with its own fuel.
    let river = content(&validation, "lanternfall-river-trade:lantern.river-lamp");
    assert_eq!(river["properties"]["fuel"], "tallow");
    assert_eq!(river["properties"]["glow"], 3);
    assert_eq!(river["type"], "lanternfall-core:lantern");
    // The hide.
    let id: QualifiedContentId = "lanternfall-core:kit.wick-trimmer".parse().unwrap();
    let hidden = &validation.rulesets[1].as_ref().unwrap().content[&id].hidden_by;
    // The core alone hides nothing.
    assert!(
        validation.rulesets[0].as_ref().unwrap().content[&id]
            .hidden_by
            .is_empty()
    );
    assert_eq!(hidden.len(), 1);
    assert_eq!(hidden[0].as_str(), "lanternfall-river-trade");
}

#[test]
fn alone_the_content_pack_misses_its_dependency_and_with_it_is_clean() {
    let river = packs().join("river-trade");
    let alone = validate_paths(
        std::slice::from_ref(&river),
        &[],
        &ValidateOptions::default(),
    )
    .unwrap();
    let codes: Vec<&str> = alone
        .reading
        .all_diagnostics()
        .map(|d| d.code.name)
        .collect();
    assert!(codes.contains(&"missing-dependency"), "{codes:?}");
    assert!(codes.contains(&"unresolved-reference"), "{codes:?}");
    let with = validate_paths(
        &[river],
        &[packs().join("core")],
        &ValidateOptions::default(),
    )
    .unwrap();
    assert_eq!(with.reading.all_diagnostics().count(), 0);
    assert_eq!(with.reading.packs.len(), 1);
}

#[test]
fn a_release_file_given_with_resolves_like_its_source() {
    let core = validation().assembled[0].clone().unwrap().release;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("release.json");
    std::fs::write(&file, serde_json::to_string(&core).unwrap()).unwrap();
    let river = packs().join("river-trade");
    let with = validate_paths(&[river], &[file], &ValidateOptions::default()).unwrap();
    let found: Vec<String> = with
        .reading
        .all_diagnostics()
        .map(|d| format!("{}: {}", d.code.name, d.message()))
        .collect();
    assert!(found.is_empty(), "{found:#?}");
}
