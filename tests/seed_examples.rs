//! The seeds' own examples, written as pack files (`tests/fixtures/schema-samples/<kind>/`):
//! each valid sample deserializes into its model type, re-serializes to the same value and
//! validates against its committed schema; each invalid sample is refused by the schema, and
//! by the model or one of its shape checks. Errors point at the offending key's line and column.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};

use opencharacter::spec::features::{self, Feature, PackContents};
use opencharacter::spec::model::formulas::{self, FormulaKind};
use opencharacter::spec::model::{
    Character, CompiledFormula, ContentForm, ContentItem, Game, I18nFile, Manifest, PackRelease,
    ResolutionKind, RulesDocument, Template, Upgrade, UpgradeScript, UpgradeStep,
};
use opencharacter::spec::yaml;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Each sample folder and the schema its files follow.
const KINDS: [(&str, &str); 9] = [
    ("pack", "pack.schema.json"),
    ("rules", "rules.schema.json"),
    ("content-item", "content-item.schema.json"),
    ("template", "template.schema.json"),
    ("i18n", "i18n.schema.json"),
    ("upgrade", "upgrade.schema.json"),
    ("game", "game.schema.json"),
    ("character", "character.schema.json"),
    ("standard-text", "standard-text.schema.json"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sample_dir(kind: &str) -> PathBuf {
    root().join("tests/fixtures/schema-samples").join(kind)
}

fn read(kind: &str, name: &str) -> String {
    std::fs::read_to_string(sample_dir(kind).join(name)).unwrap()
}

fn samples(kind: &str) -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(sample_dir(kind))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

fn validator(schema: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("schemas").join(schema)).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft202012::new(&schema).unwrap()
}

fn schema_errors(validator: &jsonschema::Validator, value: &serde_json::Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

/// Reads `text` as a `T` and writes it back; the written value must equal the text's own.
fn round_trip<T: DeserializeOwned + Serialize>(name: &str, text: &str) -> Result<T, String> {
    let typed: T = yaml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    let written = serde_json::to_value(&typed).unwrap();
    let read: serde_json::Value = yaml::from_str(text).unwrap();
    if written != read {
        return Err(format!(
            "{name} re-serializes differently:\nread:    {read}\nwritten: {written}"
        ));
    }
    // Written back as YAML text, it reads as the same value again.
    let text = serde_saphyr::to_string(&typed).map_err(|e| format!("{name}: {e}"))?;
    let again: T = yaml::from_str(&text).map_err(|e| format!("{name} as written: {e}\n{text}"))?;
    if serde_json::to_value(&again).unwrap() != written {
        return Err(format!("{name} does not survive YAML text:\n{text}"));
    }
    Ok(typed)
}

/// Round-trips a sample through the model type of its kind.
fn model_round_trip(kind: &str, name: &str, text: &str) -> Result<(), String> {
    match kind {
        "pack" => round_trip::<Manifest>(name, text).map(drop),
        "rules" => round_trip::<RulesDocument>(name, text).map(drop),
        "content-item" => round_trip::<ContentItem>(name, text).map(drop),
        "template" => round_trip::<Template>(name, text).map(drop),
        "i18n" => round_trip::<I18nFile>(name, text).map(drop),
        "upgrade" => round_trip::<UpgradeScript>(name, text).map(drop),
        "game" => round_trip::<Game>(name, text).map(drop),
        "character" => round_trip::<Character>(name, text).map(drop),
        "standard-text" => {
            round_trip::<opencharacter::spec::standard_text::StandardText>(name, text).map(drop)
        }
        other => panic!("no model type for {other}"),
    }
}

#[test]
fn every_valid_sample_round_trips_and_validates() {
    let mut failures = Vec::new();
    for (kind, schema) in KINDS {
        let validator = validator(schema);
        let valid: Vec<_> = samples(kind)
            .into_iter()
            .filter(|(name, _)| name.starts_with("valid-"))
            .collect();
        assert!(!valid.is_empty(), "no valid samples for {kind}");
        for (name, text) in valid {
            if let Err(error) = model_round_trip(kind, &name, &text) {
                failures.push(format!("{kind}/{error}"));
            }
            let value: serde_json::Value = yaml::from_str(&text).unwrap();
            let errors = schema_errors(&validator, &value);
            if !errors.is_empty() {
                failures.push(format!("{kind}/{name} fails {schema}: {errors:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Invalid samples the model reads but a shape check refuses (the schema says it alone).
const REFUSED_BY_A_CHECK: [&str; 1] = ["rules/invalid-hide-two-comparisons.yaml"];

#[test]
fn every_invalid_sample_is_refused_by_schema_and_model() {
    let mut failures = Vec::new();
    for (kind, schema) in KINDS {
        let validator = validator(schema);
        for (name, text) in samples(kind) {
            if !name.starts_with("invalid-") {
                continue;
            }
            let value: serde_json::Value = yaml::from_str(&text).unwrap();
            if validator.is_valid(&value) {
                failures.push(format!("{kind}/{name} passes {schema}"));
            }
            let path = format!("{kind}/{name}");
            let model_accepts = model_round_trip(kind, &name, &text).is_ok();
            if model_accepts != REFUSED_BY_A_CHECK.contains(&path.as_str()) {
                failures.push(format!("{path}: the model accepts it: {model_accepts}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_valid_samples_pass_the_shape_checks_and_the_invalid_one_does_not() {
    use opencharacter::spec::model::check;
    for (name, text) in samples("rules") {
        let Ok(rules) = yaml::from_str::<RulesDocument>(&text) else {
            continue;
        };
        let problems: Vec<String> = check::rules_problems(&rules)
            .iter()
            .map(|p| format!("{} {}", p.pointer, p.to_diagnostic().message()))
            .collect();
        if name.starts_with("valid-") {
            assert!(problems.is_empty(), "{name}: {problems:?}");
        } else {
            assert_eq!(
                problems,
                [
                    "/layers/hard_winter/catalogs/0/hide exactly one of `above`, `below`, `equals`, `notIn` must be set"
                ],
                "{name}"
            );
        }
    }
    for (name, text) in samples("pack") {
        if let Ok(manifest) = yaml::from_str::<Manifest>(&text) {
            assert_eq!(check::manifest_problems(&manifest), [], "{name}");
        }
    }
    for (name, text) in samples("content-item") {
        if let Ok(item) = yaml::from_str::<ContentItem>(&text) {
            assert_eq!(check::content_problems(&item), [], "{name}");
        }
    }
    let character: Character =
        yaml::from_str(&read("character", "valid-seed-character.yaml")).unwrap();
    assert_eq!(check::character_problems(&character), []);
}

#[test]
fn a_hide_rule_with_two_comparisons_has_no_comparison() {
    let rules: RulesDocument =
        yaml::from_str(&read("rules", "invalid-hide-two-comparisons.yaml")).unwrap();
    let rule = &rules.layers["hard_winter"].catalogs[0].hide;
    assert_eq!(rule.comparison(), None);
    let rules: RulesDocument = yaml::from_str(&read("rules", "valid-ember-roads.yaml")).unwrap();
    let rule = &rules.layers["hard_winter"].catalogs[0].hide;
    assert!(matches!(
        rule.comparison(),
        Some(opencharacter::spec::model::layer::Comparison::Above(n)) if n.as_i64() == Some(0)
    ));
}

fn contents<'a>(rules: &'a RulesDocument, upgrades: &'a [Upgrade]) -> PackContents<'a> {
    PackContents {
        rules,
        upgrades,
        languages: &["en"],
        default_language: "en",
        // The seed's examples are rules documents alone; an empty content set lives as long as
        // the test binary.
        content: Box::leak(Box::default()),
        templates: Box::leak(Box::default()),
    }
}

#[test]
fn the_seed_layers_have_the_seed_shapes() {
    let ember: RulesDocument = yaml::from_str(&read("rules", "valid-ember-roads.yaml")).unwrap();
    let resolution = ember.resolution.as_ref().unwrap();
    assert_eq!(resolution.kind, ResolutionKind::DiceSum);
    assert!(resolution.problems().is_empty());
    let winter = &ember.layers["hard_winter"];
    assert_eq!(winter.conflicts[0].as_str(), "mud_season");
    let calling = &winter.fields["calling"];
    assert_eq!(calling.remove_values[0].as_str(), "sailor");
    assert_eq!(calling.default.as_ref().unwrap().as_str(), "hauler");
    let ladder = winter.difficulty_ladder.as_ref().unwrap();
    assert_eq!(
        ladder.iter().map(|s| s.dc.unwrap()).collect::<Vec<_>>(),
        [7, 9, 11, 13]
    );
    assert!(
        ladder
            .iter()
            .all(|s| s.problems(resolution.kind).is_empty())
    );
    // The same ladder does not fit a pool resolution.
    assert!(!ladder[0].problems(ResolutionKind::DicePool).is_empty());
    assert!(winter.gm.as_ref().unwrap().chars() < 4000);
    let magic = ember.layers["scarce_magic"].items.as_ref().unwrap();
    assert_eq!(magic.market.as_ref().unwrap().remove_sellers.len(), 2);
    assert!(magic.loot_tables.contains_key("treasure_low"));
    assert!(ember.rules_ok_for_layers());

    let grave: RulesDocument = yaml::from_str(&read("rules", "valid-gravewatch.yaml")).unwrap();
    let resolution = grave.resolution.as_ref().unwrap();
    assert_eq!(resolution.kind, ResolutionKind::DicePool);
    let night = &grave.layers["long_night"];
    let ladder = night.difficulty_ladder.as_ref().unwrap();
    assert_eq!(
        ladder
            .iter()
            .map(|s| (s.successes.unwrap(), s.target.unwrap()))
            .collect::<Vec<_>>(),
        [(1, 7), (2, 8), (4, 9), (6, 9)]
    );
    assert!(
        ladder
            .iter()
            .all(|s| s.problems(resolution.kind).is_empty())
    );
    assert_eq!(
        night.currencies.as_ref().unwrap().remove_units[0].as_str(),
        "crown"
    );
    // A crown is five shillings, so a 3-crown pistol costs 15 shillings in the long night.
    let coin = &grave.currencies["coin"];
    assert_eq!(coin.units["crown"].value / coin.units["shilling"].value, 5);
    assert_eq!(coin.units["crown"].value % coin.units["shilling"].value, 0);
    assert_eq!(coin.smallest().unwrap().as_str(), "penny");
    let pistol: ContentItem = yaml::from_str(&read("content-item", "valid-item.yaml")).unwrap();
    let price = pistol.price.as_ref().unwrap();
    assert_eq!(
        price.amount * coin.units[price.unit.local().as_str()].value / coin.units["shilling"].value,
        15
    );
}

/// The ember roads' result bands and the highest-die and roll-under bands fit their kinds.
#[test]
fn band_shapes_fit_their_resolution_kinds() {
    for (name, kind) in [
        ("valid-ember-roads.yaml", ResolutionKind::DiceSum),
        ("valid-gravewatch.yaml", ResolutionKind::DicePool),
        ("valid-highest-die.yaml", ResolutionKind::HighestDie),
        ("valid-roll-under.yaml", ResolutionKind::RollUnder),
    ] {
        let rules: RulesDocument = yaml::from_str(&read("rules", name)).unwrap();
        let resolution = rules.resolution.as_ref().unwrap();
        assert_eq!(resolution.kind, kind, "{name}");
        assert_eq!(resolution.problems(), [], "{name}");
        for set in rules.result_bands.values() {
            for (id, band) in &set.bands {
                assert_eq!(band.problems(kind), [], "{name}: band {id}");
            }
        }
    }
    let blades: RulesDocument = yaml::from_str(&read("rules", "valid-highest-die.yaml")).unwrap();
    let critical = &blades.result_bands["action_roll"].bands["critical"];
    assert!(!critical.problems(ResolutionKind::DiceSum).is_empty());
    assert_eq!(
        blades.resolution.unwrap().zero_dice,
        Some(opencharacter::spec::model::resolution::ZeroDice::LowestOfTwo)
    );
}

trait LayerRules {
    fn rules_ok_for_layers(&self) -> bool;
}

impl LayerRules for RulesDocument {
    /// Every value a layer removes is one the field has, and a surviving default is named.
    fn rules_ok_for_layers(&self) -> bool {
        self.layers.values().all(|layer| {
            layer.fields.iter().all(|(id, change)| {
                let field = &self.fields[id];
                change
                    .remove_values
                    .iter()
                    .all(|v| field.values.contains(v))
                    && change
                        .default
                        .as_ref()
                        .is_none_or(|d| !change.remove_values.contains(d))
            })
        })
    }
}

#[test]
fn manifests_declare_the_lowest_spec_version_their_rules_need() {
    let cases = [
        ("valid-orc-seed.yaml", "valid-ember-roads.yaml"),
        ("valid-gravewatch.yaml", "valid-gravewatch.yaml"),
    ];
    for (manifest, rules) in cases {
        let manifest: Manifest = yaml::from_str(&read("pack", manifest)).unwrap();
        let rules: RulesDocument = yaml::from_str(&read("rules", rules)).unwrap();
        let needed = features::lowest_spec_version(&contents(&rules, &[]));
        assert_eq!(manifest.spec_version, needed, "{}", manifest.id);
    }
    let ember: RulesDocument = yaml::from_str(&read("rules", "valid-ember-roads.yaml")).unwrap();
    let used: Vec<(Feature, String)> = features::features_used(&contents(&ember, &[]))
        .into_iter()
        .map(|u| (u.feature, u.pointer))
        .collect();
    assert_eq!(
        used,
        [
            (Feature::Layers, "/rules/layers".to_owned()),
            (Feature::WorldGuidance, "/rules/gm/worldGuidance".to_owned()),
            (
                Feature::LayerItems,
                "/rules/layers/scarce_magic/items".to_owned()
            ),
        ]
    );
}

#[test]
fn the_seed_migrations_are_an_upgrade_script() {
    let script: UpgradeScript =
        yaml::from_str(&read("upgrade", "valid-seed-migrations.yaml")).unwrap();
    let names: Vec<&str> = script.steps.iter().map(UpgradeStep::name).collect();
    assert_eq!(
        names,
        [
            "rename",
            "rename",
            "route",
            "routeLive",
            "setColumn",
            "moveContent"
        ]
    );
    let UpgradeStep::Route(route) = &script.steps[2] else {
        panic!("step 3 is a route")
    };
    assert_eq!(route.otherwise.as_str(), "level_other");
    assert_eq!(route.cases[1].to.as_str(), "level_wizard");
    let (from, to) =
        opencharacter::spec::model::upgrade::versions_from_file_name("0.3.0-to-0.4.0.yaml")
            .unwrap();
    let upgrades = [Upgrade {
        from,
        to,
        steps: script.steps,
    }];
    let rules = RulesDocument::default();
    let used = features::features_used(&contents(&rules, &upgrades));
    assert_eq!(
        used.iter().map(|u| u.feature).collect::<Vec<_>>(),
        [Feature::UpgradeScripts, Feature::SetColumn]
    );
    assert_eq!(used[1].pointer, "/upgrades/0/steps/4/setColumn");
    assert_eq!(
        features::lowest_spec_version(&contents(&rules, &upgrades)).to_string(),
        "1.4.0"
    );
    assert!(
        opencharacter::spec::model::upgrade::versions_from_file_name("0.4.0-to-0.3.0.yaml")
            .is_err()
    );
}

#[test]
fn content_files_take_one_of_three_forms() {
    let form = |name: &str| {
        let item: ContentItem = yaml::from_str(&read("content-item", name)).unwrap();
        match item.form().unwrap() {
            ContentForm::Item { id, .. } => format!("item {id}"),
            ContentForm::Override { target } => format!("override {target}"),
            ContentForm::Extends { id, parent } => format!("{id} extends {parent}"),
        }
    };
    assert_eq!(form("valid-item.yaml"), "item kit.watch-pistol");
    assert_eq!(
        form("valid-override.yaml"),
        "override 5e-srd-5.1:weapons.longsword"
    );
    assert_eq!(
        form("valid-extends.yaml"),
        "weapons.longsword-of-the-north extends weapons.longsword"
    );
    let bad: ContentItem =
        yaml::from_str("override: 5e:weapons.dagger\nid: weapons.dagger\n").unwrap();
    assert_eq!(
        bad.form().unwrap_err().to_string(),
        "an override names only its target and the properties it changes, not `id`"
    );
}

/// Builds a release from the Gravewatch samples, with a formulas table built by walking it.
fn gravewatch_release() -> PackRelease {
    let pistol: ContentItem = yaml::from_str(&read("content-item", "valid-item.yaml")).unwrap();
    let blessed: Template = yaml::from_str(&read("template", "valid-blessed.yaml")).unwrap();
    let mut release = PackRelease {
        schema: None,
        manifest: yaml::from_str(&read("pack", "valid-gravewatch.yaml")).unwrap(),
        rules: yaml::from_str(&read("rules", "valid-gravewatch.yaml")).unwrap(),
        content: [(pistol.id.clone().unwrap(), pistol)].into_iter().collect(),
        templates: [(blessed.id.clone(), blessed)].into_iter().collect(),
        upgrades: Vec::new(),
        i18n: yaml::from_str(&read("i18n", "valid-en.yaml")).unwrap(),
        formulas: Default::default(),
    };
    // The tree belongs to the formula crate; the spec model carries it as an opaque value.
    let table = formulas::release_formulas(&release, |_| None)
        .into_iter()
        .map(|site| {
            let compiled = CompiledFormula {
                text: site.text.to_owned(),
                tree: serde_json::json!({ "opaque": site.text }),
            };
            (site.text.to_owned(), compiled)
        })
        .collect();
    release.formulas = table;
    release
}

#[test]
fn every_formula_of_a_release_is_found_with_its_pointer() {
    let release = gravewatch_release();
    let found: Vec<(String, FormulaKind, &str)> = formulas::release_formulas(&release, |_| None)
        .into_iter()
        .map(|site| (site.pointer, site.kind, site.text))
        .collect();
    let expected: Vec<(String, FormulaKind, &str)> = [
        (
            "/rules/fields/attacks/columns/damage/default",
            FormulaKind::Dice,
            "1d4",
        ),
        (
            "/rules/live/pools/resolve/max",
            FormulaKind::Formula,
            "abilities.nerve + 2",
        ),
        ("/rules/live/tracks/dread/max", FormulaKind::Formula, "6"),
        (
            "/rules/live/woundTracks/harm/boxes",
            FormulaKind::Formula,
            "4",
        ),
        (
            "/rules/live/woundTracks/harm/penalty",
            FormulaKind::Formula,
            "-marks",
        ),
        (
            "/rules/market/sellers/chapel/only",
            FormulaKind::Formula,
            "abilities.nerve >= 3",
        ),
        (
            "/rules/lootTables/grave_goods/rolls",
            FormulaKind::Dice,
            "1d2",
        ),
        (
            "/rules/lootTables/grave_goods/entries/0/count",
            FormulaKind::Dice,
            "1d4",
        ),
        (
            "/rules/lootTables/grave_goods/entries/3/count",
            FormulaKind::Dice,
            "1d6",
        ),
        (
            "/content/kit.watch-pistol/properties/damage",
            FormulaKind::Dice,
            "2d10",
        ),
        (
            "/content/kit.watch-pistol/effects/0/value",
            FormulaKind::Formula,
            "1",
        ),
        (
            "/content/kit.watch-pistol/effects/0/when",
            FormulaKind::Formula,
            "settings.lantern_rules",
        ),
        (
            "/templates/blessed/properties/damage",
            FormulaKind::Dice,
            "2d10 + 1",
        ),
        (
            "/templates/blessed/effects/0/value",
            FormulaKind::Formula,
            "1",
        ),
    ]
    .into_iter()
    .map(|(p, k, t)| (p.to_owned(), k, t))
    .collect();
    assert_eq!(found, expected);
    // Every pointer names the formula's text in the release as JSON.
    let value = serde_json::to_value(&release).unwrap();
    for (pointer, _, text) in &found {
        let at = value
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{pointer}"));
        let written = at
            .as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| at.to_string());
        assert_eq!(&written, text, "{pointer}");
    }
}

#[test]
fn a_release_round_trips_and_validates() {
    let release = gravewatch_release();
    assert_eq!(release.formulas.len(), 12, "{:?}", release.formulas.keys());
    let value = serde_json::to_value(&release).unwrap();
    let again: PackRelease = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(again, release);
    let errors = schema_errors(&validator("pack-release.schema.json"), &value);
    assert!(errors.is_empty(), "{errors:?}");
    let contents = PackContents::of_release(&release, &["en"]);
    assert_eq!(
        features::lowest_spec_version(&contents),
        release.manifest.spec_version
    );
    let with_russian = PackContents::of_release(&release, &["en", "ru"]);
    assert_eq!(
        features::features_beyond(&with_russian, &release.manifest.spec_version)
            .iter()
            .map(|u| (u.feature, u.pointer.as_str()))
            .collect::<Vec<_>>(),
        [(Feature::Translations, "/i18n/ru")]
    );
}

#[test]
fn the_character_uses_qualified_ids_and_homebrew() {
    let character: Character =
        yaml::from_str(&read("character", "valid-seed-character.yaml")).unwrap();
    let setup = character.setup.as_ref().unwrap();
    assert_eq!(setup.layers[0].to_string(), "gravewatch-1e:long_night");
    assert_eq!(character.packs["gravewatch-1e"].to_string(), "0.2.0");
    // The crown the long night removes stays in the purse.
    let crown = character
        .purse
        .keys()
        .find(|unit| unit.local.as_str() == "crown")
        .unwrap();
    assert_eq!(character.purse[crown], 1);
    let charm = character.content.last().unwrap();
    assert!(charm.id.pack.is_homebrew());
    let sites = formulas::character_formulas(&character, |_| None);
    let pointers: Vec<&str> = sites.iter().map(|s| s.pointer.as_str()).collect();
    assert_eq!(
        pointers,
        [
            "/homebrew/content/kit.grandmothers-charm/properties/bonus",
            "/homebrew/content/kit.grandmothers-charm/effects/0/value",
            "/homebrew/content/kit.grandmothers-charm/effects/0/when",
        ]
    );
    let game: Game = yaml::from_str(&read("game", "valid-long-night.yaml")).unwrap();
    assert_eq!(&game.setup(), setup);
    // `homebrew` is not a pack a character is saved with.
    let error = yaml::from_str::<Character>("packs: { homebrew: 0.1.0 }\n").unwrap_err();
    assert!(error.message.contains("reserved"), "{error}");
}

/// The line and column an error reports, with its message.
fn located<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> (u32, u32, String) {
    let error = yaml::from_str::<T>(text).unwrap_err();
    (
        error.line.unwrap(),
        error.column.unwrap(),
        error.message.clone(),
    )
}

#[test]
fn unknown_keys_are_refused_at_the_key() {
    // A key that a layer may not write: `addValues`, line 7, column 18.
    let (line, column, message) =
        located::<RulesDocument>(&read("rules", "invalid-layer-adds-value.yaml"));
    assert_eq!((line, column), (7, 18), "{message}");
    assert!(message.contains("addValues"), "{message}");
    // Live state in a layer.
    let (line, column, message) =
        located::<RulesDocument>(&read("rules", "invalid-layer-touches-live-state.yaml"));
    assert_eq!((line, column), (4, 5), "{message}");
    assert!(message.contains("live"), "{message}");
    // A content property written at the top level.
    let (line, column, message) =
        located::<ContentItem>(&read("content-item", "invalid-flat-property.yaml"));
    assert_eq!((line, column), (4, 1), "{message}");
    assert!(message.contains("damage"), "{message}");
    // An upgrade step nobody defined.
    let (line, column, message) =
        located::<UpgradeScript>(&read("upgrade", "invalid-unknown-step.yaml"));
    assert_eq!((line, column), (2, 5), "{message}");
    assert!(message.contains("delete"), "{message}");
    // A typo deep in a character.
    let text = "packs: { gravewatch-1e: 0.2.0 }\ngame: barrow-road\nlive:\n  pool:\n    gravewatch-1e:resolve: 4\n";
    let (line, column, message) = located::<Character>(text);
    assert_eq!((line, column), (4, 3), "{message}");
}

#[test]
fn wrong_types_are_refused_at_their_key() {
    // A weight that is text: the key `weight` is on line 4, column 22.
    let text = "lootTables:\n  t:\n    entries:\n      - { coins: sp, weight: heavy }\n";
    let (line, column, message) = located::<RulesDocument>(text);
    assert_eq!((line, column), (4, 22), "{message}");
    assert!(message.contains("heavy"), "{message}");
    // A tag that is not lowercase.
    let (line, column, message) =
        located::<ContentItem>(&read("content-item", "invalid-tag-case.yaml"));
    assert_eq!((line, column), (3, 8), "{message}");
    // A local field ID where a character needs a qualified one.
    let (line, column, message) =
        located::<Character>(&read("character", "invalid-local-field.yaml"));
    assert_eq!((line, column), (5, 3), "{message}");
}

#[test]
fn fixture_dir_has_no_unlisted_kind() {
    let listed: Vec<&str> = KINDS.iter().map(|(kind, _)| *kind).collect();
    for entry in std::fs::read_dir(root().join("tests/fixtures/schema-samples")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            listed.contains(&name.as_str()) || Path::new(&name).extension().is_some(),
            "schema-samples/{name} is not checked by any test"
        );
    }
}
