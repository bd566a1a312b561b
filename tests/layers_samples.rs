#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! Layers through the facade, on the seed's example rules under `tests/fixtures/schema-samples/`
//! and on a pack folder read and assembled from YAML: the checks a pack author gets, the reasons
//! for what a layer cannot do, and the effective ruleset of a game.

use std::path::Path;

use opencharacter::layers::economy::{self, PriceDisplay};
use opencharacter::layers::game::open_game;
use opencharacter::layers::{apply_layers, check_layer_attempts, check_layers};
use opencharacter::release::assemble::assemble;
use opencharacter::release::source::{ReadLimits, read_path};
use opencharacter::spec::model::{GameSetup, RulesDocument};
use opencharacter::{LoadOptions, load_ruleset};

fn sample(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/schema-samples/rules")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn the_seed_example_layers_pass_every_layer_check() {
    for name in ["valid-ember-roads.yaml", "valid-gravewatch.yaml"] {
        let rules: RulesDocument = opencharacter::spec::yaml::from_str(&sample(name)).unwrap();
        assert_eq!(check_layers(&rules), [], "{name}");
        let raw: serde_json::Value = opencharacter::spec::yaml::from_str(&sample(name)).unwrap();
        assert_eq!(check_layer_attempts(&raw), [], "{name}");
    }
}

#[test]
fn what_a_layer_cannot_do_is_refused_with_the_reason() {
    let cases = [
        (
            "invalid-layer-adds-value.yaml",
            "/layers/hard_winter/fields/calling/addValues",
            "cannot add an enumerated value",
        ),
        (
            "invalid-layer-touches-live-state.yaml",
            "/layers/hard_winter/live",
            "live state",
        ),
    ];
    for (name, pointer, reason) in cases {
        // The model has no place for it …
        assert!(opencharacter::spec::yaml::from_str::<RulesDocument>(&sample(name)).is_err());
        // … and the layer check says why.
        let raw: serde_json::Value = opencharacter::spec::yaml::from_str(&sample(name)).unwrap();
        let found = check_layer_attempts(&raw);
        assert_eq!(found.len(), 1, "{name}: {found:?}");
        assert_eq!(found[0].code.name, "layer-effect-not-allowed");
        assert_eq!(found[0].location.pointer.as_deref(), Some(pointer));
        assert!(
            found[0].message().contains(reason),
            "{}",
            found[0].message()
        );
    }
}

/// Writes a Gravewatch pack folder: the seed sample's rules, an arm priced in crowns.
fn gravewatch_folder(root: &Path) {
    let pack = root.join("gravewatch").join("1e");
    std::fs::create_dir_all(pack.join("rules")).unwrap();
    std::fs::create_dir_all(pack.join("content/arms")).unwrap();
    std::fs::create_dir_all(pack.join("i18n")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "id: gravewatch-1e\nversion: 0.2.0\nspecVersion: 1.6.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("rules/rules.yaml"),
        sample("valid-gravewatch.yaml"),
    )
    .unwrap();
    std::fs::write(
        pack.join("content/arms/guard-pistol.yaml"),
        "id: arms.guard-pistol\ntype: arm\nproperties: { damage: 1d10, shots: 1 }\nprice: { amount: 3, unit: crown }\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("i18n/en.yaml"),
        "_meta: { language: en, direction: ltr }\n",
    )
    .unwrap();
}

#[test]
fn a_game_over_a_pack_folder_shows_the_long_night_pistol_in_shillings() {
    let dir = tempfile::tempdir().unwrap();
    gravewatch_folder(dir.path());
    let reading = read_path(dir.path(), &ReadLimits::default()).unwrap();
    let (pack, _) = assemble(&reading.packs[0]);
    let release = pack.unwrap().release;

    let (ruleset, diagnostics) = load_ruleset([&release], &LoadOptions::default());
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let pistol = "gravewatch-1e:arms.guard-pistol".parse().unwrap();
    let (effective, report) =
        apply_layers(&ruleset, &["gravewatch-1e:long_night".parse().unwrap()]);
    assert!(report.not_applied.is_empty(), "{:?}", report.not_applied);
    let Some(PriceDisplay::Price(price)) = economy::price_display(&effective, &pistol) else {
        panic!("the pistol keeps a price");
    };
    assert_eq!(
        (price.amount, price.unit.to_string()),
        (15, "gravewatch-1e:shilling".to_owned())
    );

    // The same through the game's setup, as the seed's sample game saves it.
    let setup: GameSetup = opencharacter::spec::yaml::from_str(
        "packs: { gravewatch-1e: 0.2.0 }\nlayers: [gravewatch-1e:long_night]\n",
    )
    .unwrap();
    let game = open_game(&setup, [&release]);
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    assert_eq!(game.ruleset, effective);
    let ladder = &game
        .ruleset
        .resolution
        .as_ref()
        .unwrap()
        .resolution
        .difficulty_ladder;
    assert_eq!(ladder[3].successes, Some(6), "the long night's ladder");
}
