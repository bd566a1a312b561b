#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! End to end: the SRD 5.1 pack's source files, loaded into a ruleset, evaluate the level-3
//! fighter of `examples/characters/fighter-3.yaml` to the numbers of the printed rules; and
//! random characters against the same pack never panic, whatever the order of their keys.

use std::path::Path;
use std::sync::OnceLock;

use opencharacter::sheet::{EvaluateOptions, RollKind, Sheet, evaluate};
use opencharacter::spec::model::{
    Character, ContentItem, I18nFile, Manifest, PackRelease, RulesDocument, Ruleset, Template,
};
use opencharacter::{LoadOptions, load_ruleset};
use proptest::prelude::*;

const PACK: &str = "packs/5e/srd-5.1";
const P: &str = "5e-srd-5.1";

fn read<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    let text = std::fs::read_to_string(path).unwrap();
    opencharacter::spec::yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.yaml` file under `dir`, with its path below `dir` as a dotted ID, sorted by path.
fn yaml_files(dir: &Path) -> Vec<(String, std::path::PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml") {
                let relative = path.strip_prefix(dir).unwrap().with_extension("");
                let id = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(".");
                out.push((id, path));
            }
        }
    }
    out.sort();
    out
}

/// The pack's release, assembled from its source files the way the release builder does
/// (rules merged, content keyed by path), without the formula table (not checked here).
fn srd_release() -> PackRelease {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(PACK);
    let manifest: Manifest = read(&root.join("pack.yaml"));
    let mut rules = RulesDocument::default();
    for (_, path) in yaml_files(&root.join("rules")) {
        let duplicates = rules.merge(read(&path));
        assert!(duplicates.is_empty(), "{duplicates:?}");
    }
    let content = yaml_files(&root.join("content"))
        .into_iter()
        .map(|(id, path)| (id.parse().unwrap(), read::<ContentItem>(&path)))
        .collect();
    let templates = yaml_files(&root.join("templates"))
        .into_iter()
        .map(|(id, path)| (id.parse().unwrap(), read::<Template>(&path)))
        .collect();
    let i18n: I18nFile = read(&root.join("i18n/en.yaml"));
    PackRelease {
        schema: None,
        manifest,
        rules,
        content,
        templates,
        upgrades: Vec::new(),
        i18n,
        formulas: Default::default(),
    }
}

fn srd() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        let release = srd_release();
        let options = LoadOptions {
            check_formulas: false,
            ..LoadOptions::default()
        };
        let (ruleset, diagnostics) = load_ruleset([&release], &options);
        assert!(
            !opencharacter::spec::diagnostic::has_errors(&diagnostics),
            "{diagnostics:#?}"
        );
        ruleset
    })
}

fn fighter_text() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/characters/fighter-3.yaml"),
    )
    .unwrap()
}

fn fighter() -> Sheet {
    let character: Character = opencharacter::spec::yaml::from_str(&fighter_text()).unwrap();
    evaluate(srd(), &character, &EvaluateOptions::default())
}

fn id(field: &str) -> opencharacter::spec::ids::QualifiedFieldId {
    format!("{P}:{field}").parse().unwrap()
}

fn int(sheet: &Sheet, field: &str) -> i64 {
    sheet.integer(&format!("{P}:{field}")).unwrap_or_else(|| {
        panic!(
            "{field} has no whole value: {:?}",
            sheet.value(&format!("{P}:{field}"))
        )
    })
}

#[test]
fn the_level_3_fighter_evaluates_to_the_printed_numbers() {
    let sheet = fighter();
    let modifiers: Vec<i64> = ["str", "dex", "con", "int", "wis", "cha"]
        .iter()
        .map(|a| int(&sheet, &format!("abilities.{a}.mod")))
        .collect();
    assert_eq!(modifiers, [3, 2, 2, 0, 1, -1]);
    assert_eq!(int(&sheet, "proficiency"), 2);
    assert_eq!(
        int(&sheet, "combat.ac"),
        19,
        "{:#?}",
        sheet.fields[&id("combat.ac")]
    );
    assert_eq!(int(&sheet, "hp.max"), 28);
    let hp = &sheet.pools[&id("hit_points")];
    assert_eq!(hp.max.as_ref().and_then(|v| v.as_integer()), Some(28));
    assert_eq!(
        sheet
            .value(&format!("{P}:hit_dice.roll"))
            .and_then(|v| v.as_text()),
        Some("3d10")
    );
    let saves: Vec<i64> = ["str", "dex", "con", "int", "wis", "cha"]
        .iter()
        .map(|a| int(&sheet, &format!("saves.{a}")))
        .collect();
    assert_eq!(saves, [5, 2, 4, 0, 1, -1]);
    assert_eq!(int(&sheet, "skills.athletics"), 5);
    assert_eq!(int(&sheet, "skills.perception"), 3);
    assert_eq!(int(&sheet, "skills.insight"), 3);
    assert_eq!(int(&sheet, "skills.religion"), 2);
    assert_eq!(int(&sheet, "combat.initiative"), 2);
    assert_eq!(int(&sheet, "senses.passive_perception"), 13);
    assert_eq!(int(&sheet, "speed.walk"), 30);
    assert_eq!(int(&sheet, "carrying.capacity"), 240);
    // Champion's Improved Critical at level 3.
    assert_eq!(int(&sheet, "combat.critical_min"), 19);

    // The longsword: +5 to hit, 1d8 + 3 (slashing).
    let RollKind::Check(attack) = &sheet
        .roll(&format!("item:{P}:weapons.longsword:attack"))
        .unwrap()
        .kind
    else {
        panic!("the longsword has no attack roll")
    };
    assert_eq!(attack.value.as_integer(), Some(5));
    assert_eq!(attack.formula, "d20 + 5");
    let RollKind::Dice(damage) = &sheet
        .roll(&format!("item:{P}:weapons.longsword:damage"))
        .unwrap()
        .kind
    else {
        panic!("the longsword has no damage roll")
    };
    let expected = opencharacter::formula::parse("1d8 + 3")
        .unwrap()
        .to_string();
    assert_eq!(damage.formula, expected);
    let sword = sheet
        .content
        .iter()
        .find(|c| c.id.to_string() == format!("{P}:weapons.longsword"))
        .unwrap();
    assert_eq!(
        sword.properties["damage_type"],
        format!("damage-types.slashing")
    );

    // Athletics +5 against the ladder's medium DC 15: 55%.
    let RollKind::Check(athletics) = &sheet.roll(&format!("{P}:skill_athletics")).unwrap().kind
    else {
        panic!("no athletics check")
    };
    let medium = athletics
        .odds
        .iter()
        .find(|o| o.difficulty.as_ref().and_then(|d| d.dc) == Some(15))
        .unwrap();
    assert_eq!(medium.success.unwrap().percent(), 55.0);
}

#[test]
fn the_fighter_has_no_rules_issue_the_pack_does_not_cause() {
    let sheet = fighter();
    let found: Vec<String> = sheet.issues.iter().map(|d| d.message()).collect();
    assert!(sheet.issues.is_empty(), "{found:#?}");
}

fn band(name: &str) -> opencharacter::spec::ids::FieldId {
    name.parse().unwrap()
}

/// The longsword's attack roll of a sheet.
fn longsword_attack(sheet: &Sheet) -> &opencharacter::sheet::CheckRoll {
    let RollKind::Check(attack) = &sheet
        .roll(&format!("item:{P}:weapons.longsword:attack"))
        .unwrap()
        .kind
    else {
        panic!("the longsword has no attack roll")
    };
    attack
}

#[test]
fn the_champion_crits_on_19_and_20_and_a_fighter_without_it_on_20() {
    let sheet = fighter();
    let attack = longsword_attack(&sheet);
    assert_eq!(
        attack.bands.as_ref().unwrap().to_string(),
        format!("{P}:attack")
    );
    // The band reads `combat.critical_min` (19): 2 faces of 20, at every DC of the ladder.
    assert!(!attack.odds.is_empty());
    for odds in &attack.odds {
        let critical = odds.bands[&band("critical")];
        assert_eq!((critical.numer(), critical.denom()), (1, 10), "{odds:?}");
        assert_eq!(critical.percent(), 10.0);
        // The fumble band is still the natural 1 alone.
        assert_eq!(odds.bands[&band("fumble")].to_string(), "1/20");
    }

    // The same fighter without the Champion's subclass keeps the pack's default of 20.
    let text = fighter_text().replace(
        "  - id: 5e-srd-5.1:subclasses.champion\n    slot: 5e-srd-5.1:subclass\n",
        "",
    );
    assert!(!text.contains("champion"));
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    let plain = evaluate(srd(), &character, &EvaluateOptions::default());
    assert_eq!(int(&plain, "level"), 3);
    assert_eq!(int(&plain, "combat.critical_min"), 20);
    let attack = longsword_attack(&plain);
    assert_eq!(attack.formula, "d20 + 5");
    for odds in &attack.odds {
        let critical = odds.bands[&band("critical")];
        assert_eq!(critical.to_string(), "1/20", "{odds:?}");
        assert_eq!(critical.percent(), 5.0);
    }
}

#[test]
fn the_longsword_two_handed_adds_strength_too() {
    let sheet = fighter();
    let RollKind::Dice(versatile) = &sheet
        .roll(&format!("item:{P}:weapons.longsword:versatile_damage"))
        .unwrap()
        .kind
    else {
        panic!("the longsword has no two-handed damage roll")
    };
    let expected = opencharacter::formula::parse("1d10 + 3")
        .unwrap()
        .to_string();
    assert_eq!(versatile.formula, expected);
    assert_eq!(versatile.min.as_ref().and_then(|v| v.as_integer()), Some(4));
    assert_eq!(
        versatile.max.as_ref().and_then(|v| v.as_integer()),
        Some(13)
    );
}

#[test]
fn cover_modifies_the_fields_its_choice_declares_for_the_roll() {
    use opencharacter::sheet::RollOptions;
    let character: Character = opencharacter::spec::yaml::from_str(&fighter_text()).unwrap();
    let sheet = evaluate(srd(), &character, &EvaluateOptions::default());
    let roll = |action: &str, situational: &[&str]| {
        let options = RollOptions {
            situational: situational.iter().map(|c| id(c)).collect(),
            ..RollOptions::default()
        };
        sheet
            .action_roll(srd(), &character, &id(action), &options)
            .unwrap()
            .kind
    };
    let dex_save = |situational: &[&str]| match roll("save_dex", situational) {
        RollKind::Check(check) => (check.value.as_integer().unwrap(), check.formula),
        other => panic!("no Dexterity save: {other:?}"),
    };
    let ac = |situational: &[&str]| match roll("dodge", situational) {
        RollKind::Value { value, .. } => value.unwrap().as_integer().unwrap(),
        other => panic!("dodge gives no value: {other:?}"),
    };
    assert_eq!(dex_save(&[]), (2, "d20 + 2".to_owned()));
    assert_eq!(ac(&[]), 19);
    // Half cover: +2 to AC and to Dexterity saves, as the pack's choice declares.
    assert_eq!(dex_save(&["half_cover"]), (4, "d20 + 4".to_owned()));
    assert_eq!(ac(&["half_cover"]), 21);
    // Three-quarters cover: +5; with advantage too, the dice change and the bonus stays.
    assert_eq!(ac(&["three_quarters_cover"]), 24);
    assert_eq!(
        dex_save(&["three_quarters_cover", "advantage"]),
        (7, "2d20kh1 + 7".to_owned())
    );
    // The sheet itself is untouched: cover is for the roll only.
    assert_eq!(int(&sheet, "combat.ac"), 19);
    assert_eq!(int(&sheet, "saves.dex"), 2);
    // An unknown choice is refused, not ignored.
    let unknown = RollOptions {
        situational: vec![id("total_cover")],
        ..RollOptions::default()
    };
    assert!(
        sheet
            .action_roll(srd(), &character, &id("save_dex"), &unknown)
            .is_err()
    );
}

// ---- random characters against the real pack --------------------------------------------

fn any_character() -> impl Strategy<Value = serde_json::Value> {
    let content = prop::sample::select(vec![
        "races.human",
        "races.dwarf",
        "classes.fighter",
        "classes.wizard",
        "subclasses.champion",
        "backgrounds.acolyte",
        "armor.chain-mail",
        "armor.shield",
        "weapons.longsword",
        "features.improved-critical",
        "feats.grappler",
        "no.such-thing",
    ]);
    let slots = prop::sample::select(vec![
        "race",
        "class",
        "armor",
        "main_hand",
        "off_hand",
        "nowhere",
    ]);
    let fields = prop::sample::select(vec![
        "level",
        "abilities.str",
        "abilities.dex",
        "abilities.con",
        "xp",
        "alignment",
        "name",
        "combat.ac",
    ]);
    let value = prop_oneof![
        (-3i64..40).prop_map(serde_json::Value::from),
        Just(serde_json::json!("lawful_good")),
        Just(serde_json::json!(false)),
        Just(serde_json::json!(0.5)),
    ];
    let owned = (
        content.clone(),
        prop::option::of(slots),
        0u32..3,
        prop::collection::vec(content, 0..3),
    )
        .prop_map(|(id, slot, quantity, picks)| {
            let mut o = serde_json::json!({
                "id": format!("{P}:{id}"),
                "quantity": quantity,
                "choices": {"skills": picks.iter().map(|p| format!("{P}:{p}")).collect::<Vec<_>>()}
            });
            if let Some(slot) = slot {
                o["slot"] = serde_json::json!(format!("{P}:{slot}"));
            }
            o
        });
    (
        prop::collection::vec((fields, value), 0..8),
        prop::collection::vec(owned, 0..8),
        -5i64..40,
    )
        .prop_map(|(fields, content, hp)| {
            let fields: serde_json::Map<String, serde_json::Value> = fields
                .into_iter()
                .map(|(k, v)| (format!("{P}:{k}"), v))
                .collect();
            serde_json::json!({
                "packs": {P: "0.1.0"},
                "fields": fields,
                "content": content,
                "live": {"pools": {format!("{P}:hit_points"): hp}},
                "purse": {format!("{P}:gp"): 3, format!("{P}:cp"): 12},
            })
        })
}

fn reversed(value: &serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => serde_json::Value::Object(
            map.iter()
                .rev()
                .map(|(k, v)| (k.clone(), reversed(v)))
                .collect(),
        ),
        serde_json::Value::Array(items) => {
            serde_json::Value::Array(items.iter().map(reversed).collect())
        }
        other => other.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_characters_evaluate_without_panicking_whatever_their_key_order(json in any_character()) {
        let character: Character = serde_json::from_value(json.clone()).unwrap();
        let sheet = evaluate(srd(), &character, &EvaluateOptions::default());
        prop_assert_eq!(sheet.fields.len(), srd().fields.len() - srd().fields.values().filter(|f| f.value_type == opencharacter::spec::model::ValueType::List).count());
        let flipped: Character = serde_json::from_value(reversed(&json)).unwrap();
        let again = evaluate(srd(), &flipped, &EvaluateOptions::default());
        prop_assert_eq!(&sheet.fields, &again.fields);
        prop_assert_eq!(&sheet.pools, &again.pools);
        prop_assert_eq!(&sheet.rolls, &again.rolls);
        prop_assert_eq!(&sheet.purse, &again.purse);
        let key = |s: &Sheet| {
            let mut v: Vec<String> = s.issues.iter().map(|d| format!("{} {:?} {:?}", d.code.name, d.location.pointer, d.args)).collect();
            v.sort();
            v
        };
        prop_assert_eq!(key(&sheet), key(&again));
    }
}
