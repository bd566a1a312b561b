//! Unit tests of the model: formula text, tags, i18n keys, content forms, merging rules files,
//! shape checks, formula enumeration and feature use.

use proptest::prelude::*;

use super::check::{ProblemKind, character_problems, content_problems, rules_problems};
use super::formulas::{FormulaKind, rules_formulas};
use super::*;
use crate::features::{Feature, PackContents, features_beyond, features_used};
use crate::yaml;

fn rules(text: &str) -> RulesDocument {
    yaml::from_str(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_formula_written_as_a_number_is_written_back_as_one() {
    let pool: rules::PoolDef = yaml::from_str("max: 10\n").unwrap();
    assert_eq!(pool.max.as_str(), "10");
    assert_eq!(serde_json::to_value(&pool).unwrap()["max"], 10);
    let pool: rules::PoolDef = yaml::from_str("max: 2.5\n").unwrap();
    assert_eq!(serde_json::to_value(&pool).unwrap()["max"], 2.5);
    let pool: rules::PoolDef = yaml::from_str("max: level + 1\n").unwrap();
    assert_eq!(serde_json::to_value(&pool).unwrap()["max"], "level + 1");
    for text in [
        "-0",
        "0.0",
        "-0.0",
        "1.50",
        "1e5",
        "007",
        "18446744073709551616",
        "-5",
    ] {
        let formula = Formula::new(text);
        let json = serde_json::to_string(&formula).unwrap();
        let back: Formula = serde_json::from_str(&json).unwrap();
        assert_eq!(back.as_str(), text, "written as {json}");
    }
    // Text that only looks like a number in another spelling stays text.
    let pool: rules::PoolDef = yaml::from_str("max: \"010\"\n").unwrap();
    assert_eq!(serde_json::to_value(&pool).unwrap()["max"], "010");
    assert!(yaml::from_str::<rules::PoolDef>("max: [1]\n").is_err());
}

#[test]
fn tags_are_one_lowercase_segment() {
    assert_eq!("two-handed".parse::<Tag>().unwrap().as_str(), "two-handed");
    let error = "a.b".parse::<Tag>().unwrap_err();
    assert_eq!(error.column(), Some(2));
    assert!("Magical".parse::<Tag>().is_err());
    assert!("".parse::<Tag>().is_err());
}

#[test]
fn i18n_keys_flatten_and_are_checked() {
    let file: I18nFile = yaml::from_str(
        "_meta: { language: en, direction: ltr }\n\
         pack: { name: Example }\n\
         field.level.label: Level\n\
         field: { level: { label: Again } }\n\
         weapon.x.name: Sword\n\
         field.label: Short\n",
    )
    .unwrap();
    let flat = file.flat();
    assert_eq!(flat["pack.name"], "Example");
    assert_eq!(flat["field.level.label"], "Level");
    let errors: Vec<String> = file.key_errors().iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            "`weapon.x.name` does not start with a known kind (`pack`, `content`, `field`, …)",
            "`field.label` needs a kind, an ID and a property (`field.level.label`)",
            "`field.level.label` is written twice",
        ]
    );
    assert!(i18n::check_key("pack.name").is_ok());
    assert!(i18n::check_key("layer.hard_winter.summary").is_ok());
    assert!(i18n::check_key("layer..summary").is_err());
}

#[test]
fn content_forms_and_their_problems() {
    let item: ContentItem = yaml::from_str("properties: { damage: 1d8 }\n").unwrap();
    let problems = content_problems(&item);
    assert_eq!(problems.len(), 1);
    assert_eq!(
        problems[0].to_diagnostic().message(),
        "a content item needs `id`"
    );
    let item: ContentItem = yaml::from_str("id: weapons.x\n").unwrap();
    assert_eq!(
        content_problems(&item)[0].to_diagnostic().message(),
        "a content item needs `type`"
    );
    let item: ContentItem = yaml::from_str("override: a:weapons.x\nextends: weapons.y\n").unwrap();
    let problem = &content_problems(&item)[0];
    assert_eq!(problem.pointer, "/extends");
    assert_eq!(
        problem.to_diagnostic().message(),
        "`extends` does not apply to an override"
    );
}

#[test]
fn upgrade_file_names_give_two_rising_versions() {
    use upgrade::versions_from_file_name as names;
    assert!(names("0.1.0-to-0.2.0.yaml").is_ok());
    assert!(names("0.1.0-to-0.2.0.yml").is_ok());
    assert!(names("1.0.0-rc.1-to-1.0.0.yaml").is_ok());
    for bad in [
        "0.2.0-to-0.1.0.yaml",
        "0.1.0-to-0.1.0.yaml",
        "0.1-to-0.2.yaml",
        "0.1.0_0.2.0.yaml",
        "0.1.0-to-0.2.0.json",
    ] {
        let error = names(bad).unwrap_err();
        assert_eq!(error.name, bad);
    }
}

#[test]
fn merging_rules_files_reports_ids_defined_twice() {
    let mut first = rules(
        "fields:\n  level: { type: number }\nresolution: { kind: dice-sum, dice: 1d20 }\n\
         gm: { checkGuidance: a }\n",
    );
    let second = rules(
        "fields:\n  level: { type: text }\n  name: { type: text }\n\
         resolution: { kind: dice-sum, dice: 2d6 }\ngm: { checkGuidance: b, worldGuidance: c }\n\
         live: { pools: { hp: { max: 10 } } }\n",
    );
    let duplicates = first.merge(second);
    assert_eq!(
        duplicates,
        [
            ("fields", "level".to_owned()),
            ("resolution", "resolution".to_owned()),
            ("gm.checkGuidance", "gm.checkGuidance".to_owned()),
        ]
    );
    assert_eq!(
        first.fields.keys().map(|k| k.as_str()).collect::<Vec<_>>(),
        ["level", "name"]
    );
    assert_eq!(first.fields["level"].value_type, ValueType::Number);
    assert_eq!(
        first.gm.as_ref().unwrap().world_guidance.as_deref(),
        Some("c")
    );
    assert!(first.live.pools.contains_key("hp"));
}

#[test]
fn parts_are_fields_under_their_field() {
    let doc = rules(
        "fields:\n  abilities.str:\n    type: number\n    role: ability\n    parts:\n      \
         mod: { type: number, formula: abilities.str - 10 }\n      save: { type: number }\n  \
         level: { type: number }\n",
    );
    let ids: Vec<String> = doc
        .fields_with_parts()
        .iter()
        .map(|(id, _)| id.to_string())
        .collect();
    assert_eq!(
        ids,
        [
            "abilities.str",
            "abilities.str.mod",
            "abilities.str.save",
            "level"
        ]
    );
}

#[test]
fn shape_checks_find_every_problem_with_its_pointer() {
    let doc = rules(
        "fields:\n\
         \x20 name: { type: text, min: 1 }\n\
         \x20 calling: { type: enum, default: sailor }\n\
         \x20 size: { type: enum, values: [small, large], default: huge }\n\
         \x20 a: { type: number, parts: { b: { type: number, parts: { c: { type: number } } } } }\n\
         \x20 a.b: { type: number }\n\
         \x20 bag: { type: list }\n\
         \x20 f: { type: formula }\n\
         settings:\n\
         \x20 s: { type: text, default: x }\n\
         resolution: { kind: dice-pool, die: 10, dice: 1d10, difficultyLadder: [{ label: easy, dc: 5 }] }\n\
         resultBands:\n\
         \x20 check: { bands: { crit: { natural: { min: 20 } } } }\n\
         actions:\n\
         \x20 x: { use: { check: a, roll: 1d6 } }\n\
         choices:\n\
         \x20 c: { count: 2 }\n\
         currencies:\n\
         \x20 coin: { units: { sp: { value: 10 } } }\n\
         \x20 other: { units: { sp: { value: 1 } } }\n\
         lootTables:\n\
         \x20 t: { entries: [{ item: x.y, coins: sp, weight: 0 }] }\n\
         layers:\n\
         \x20 l:\n\
         \x20   catalogs: [{ type: knack, hide: { filter: grit, above: 0, below: 1 } }]\n\
         \x20   currencies: {}\n\
         \x20   fields: { size: { removeValues: [] } }\n\
         \x20   difficultyLadder: [{ label: hard, dc: 9 }]\n",
    );
    let found: Vec<(String, String)> = rules_problems(&doc)
        .iter()
        .map(|p| (p.pointer.clone(), p.to_diagnostic().message()))
        .collect();
    let expected = [
        (
            "/fields/name/min",
            "`min` does not apply to a field of type `text`",
        ),
        ("/fields/calling", "a field of type `enum` needs `values`"),
        (
            "/fields/calling/default",
            "`sailor` is not allowed here: expected one of ",
        ),
        (
            "/fields/size/default",
            "`huge` is not allowed here: expected one of `small`, `large`",
        ),
        (
            "/fields/a/parts/b/parts",
            "`parts` does not apply to a part",
        ),
        ("/fields", "`a.b` is defined twice in `fields`"),
        ("/fields/bag", "a field of type `list` needs `columns`"),
        (
            "/fields/f/type",
            "`formula` is not allowed here: expected `number`, `text`, `boolean`, `enum`, `dice` or `list`",
        ),
        (
            "/settings/s/type",
            "`text` is not allowed here: expected `boolean`, `number` or `enum`",
        ),
        (
            "/resolution/dice",
            "`dice` does not apply to a `dice-pool` resolution",
        ),
        ("/resolution", "a `dice-pool` resolution needs `target`"),
        (
            "/resolution/difficultyLadder/0",
            "a `dice-pool` ladder step needs `successes`",
        ),
        (
            "/resolution/difficultyLadder/0/dc",
            "`dc` does not apply to a `dice-pool` ladder step",
        ),
        (
            "/resultBands/check/bands/crit/natural",
            "`natural` does not apply to a band of a `dice-pool` roll",
        ),
        (
            "/actions/x/use",
            "exactly one of `check`, `roll`, `formula` must be set",
        ),
        ("/choices/c", "exactly one of `items`, `query` must be set"),
        (
            "/currencies/coin/units",
            "`no unit worth 1` is not allowed here: expected a smallest unit whose `value` is 1",
        ),
        (
            "/currencies/other/units/sp",
            "`sp` is defined twice in `currencies`",
        ),
        (
            "/lootTables/t/entries/0",
            "exactly one of `item`, `filter`, `coins` must be set",
        ),
        (
            "/lootTables/t/entries/0/weight",
            "`0` is not allowed here: expected a whole number of at least 1",
        ),
        (
            "/layers/l/fields/size",
            "a layer's field change needs `removeValues`",
        ),
        (
            "/layers/l/difficultyLadder/0",
            "a `dice-pool` ladder step needs `successes`",
        ),
        (
            "/layers/l/difficultyLadder/0/dc",
            "`dc` does not apply to a `dice-pool` ladder step",
        ),
        (
            "/layers/l/catalogs/0/hide",
            "exactly one of `above`, `below`, `equals`, `notIn` must be set",
        ),
        (
            "/layers/l/currencies",
            "at least one of `removeUnits`, `removeFamilies` must be set",
        ),
    ];
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for ((pointer, message), (want_pointer, want_message)) in found.iter().zip(expected) {
        assert_eq!(pointer, want_pointer, "{message}");
        assert!(
            message.starts_with(want_message),
            "{pointer}: {message} (wanted {want_message})"
        );
    }
}

#[test]
fn layer_limits() {
    let mut text = String::from("layers:\n");
    for n in 0..13 {
        text.push_str(&format!("  l{n}: {{}}\n"));
    }
    text.push_str(&format!(
        "  long: {{ gm: {{ guidance: {} }} }}\n",
        "x".repeat(4001)
    ));
    let problems = rules_problems(&rules(&text));
    let kinds: Vec<&ProblemKind> = problems.iter().map(|p| &p.kind).collect();
    assert_eq!(
        kinds,
        [
            &ProblemKind::Limit {
                what: &crate::diagnostic::reasons::COUNT_LAYERS,
                found: 14,
                limit: 12
            },
            &ProblemKind::Limit {
                what: &crate::diagnostic::reasons::COUNT_GUIDANCE_CHARS,
                found: 4001,
                limit: 4000
            },
        ]
    );
    assert_eq!(problems[1].pointer, "/layers/long/gm");
}

#[test]
fn a_ladder_in_a_layer_of_a_resolution_without_one_is_refused() {
    let doc = rules(
        "resolution: { kind: highest-die, die: 6 }\n\
         layers: { l: { difficultyLadder: [{ label: hard, dc: 9 }] } }\n",
    );
    let messages: Vec<String> = rules_problems(&doc)
        .iter()
        .map(|p| format!("{} {}", p.pointer, p.to_diagnostic().message()))
        .collect();
    assert_eq!(
        messages,
        [
            "/layers/l/difficultyLadder `difficultyLadder` does not apply to a layer of a `highest-die` resolution"
        ]
    );
}

#[test]
fn the_seed_shapes_have_no_problems() {
    let doc = rules(
        "fields:\n  calling: { type: enum, values: [hauler, sailor], default: sailor }\n\
         resolution: { kind: dice-sum, dice: 2d6, difficultyLadder: [{ label: easy, dc: 6 }] }\n\
         layers:\n  hard_winter:\n    conflicts: [mud_season]\n    \
         fields: { calling: { removeValues: [sailor], default: hauler } }\n    \
         difficultyLadder: [{ label: easy, dc: 7 }]\n    \
         catalogs: [{ type: knack, hide: { filter: grit, above: 0 } }]\n  mud_season: {}\n",
    );
    assert_eq!(rules_problems(&doc), []);
}

#[test]
fn a_character_names_its_game_or_its_setup() {
    let character: Character = yaml::from_str("packs: { a: 0.1.0 }\n").unwrap();
    let problems = character_problems(&character);
    assert_eq!(
        problems[0].to_diagnostic().message(),
        "exactly one of `game`, `setup` must be set"
    );
    let character: Character = yaml::from_str(
        "packs: { a: 0.1.0 }\ngame: g\nhomebrew:\n  content:\n    x.y: { id: x.z, type: homebrew:t }\n",
    )
    .unwrap();
    let problems = character_problems(&character);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].pointer, "/homebrew/content/x.y/id");
}

#[test]
fn every_formula_of_a_rules_document() {
    let doc = rules(
        "fields:\n\
         \x20 hd: { type: dice, default: 1d8 }\n\
         \x20 hd.roll: { type: dice, formula: (level)d8 }\n\
         \x20 a: { type: number, hideWhen: level < 2, parts: { mod: { type: number, formula: a / 2 } } }\n\
         \x20 attacks: { type: list, columns: { dmg: { type: dice, default: 1d4 }, n: { type: text, default: x } } }\n\
         situationalChoices:\n\
         \x20 adv: { dice: 2d20kh1, bonus: 1, modify: [{ target: ac, op: add, value: 2, when: x }] }\n\
         resolution: { kind: dice-sum, dice: 1d20 }\n\
         resultBands:\n\
         \x20 attack: { bands: { crit: { natural: { min: crit_min, max: 20 } }, hit: { margin: { min: 0 } } } }\n\
         actions:\n\
         \x20 hit: { use: { check: a.mod } }\n\
         \x20 hurt: { use: { roll: 1d6 } }\n\
         effects:\n\
         \x20 e: { target: ac, op: set, value: 10 }\n\
         choices:\n\
         \x20 c: { query: { type: feat, where: item.level < 3 }, when: level >= 4 }\n\
         constraints:\n\
         \x20 k: { formula: a > 0, issue: weak }\n\
         layers:\n\
         \x20 l: { items: { lootTables: { t: { rolls: 2, entries: [{ coins: sp, weight: 1, count: 4d6 }] } } } }\n",
    );
    let found: Vec<(String, FormulaKind, &str)> = rules_formulas(&doc)
        .into_iter()
        .map(|f| (f.pointer, f.kind, f.text))
        .collect();
    use FormulaKind::{Dice, Formula};
    let expected: Vec<(String, FormulaKind, &str)> = [
        ("/fields/hd/default", Dice, "1d8"),
        ("/fields/hd.roll/formula", Dice, "(level)d8"),
        ("/fields/a/hideWhen", Formula, "level < 2"),
        ("/fields/a/parts/mod/formula", Formula, "a / 2"),
        ("/fields/attacks/columns/dmg/default", Dice, "1d4"),
        ("/situationalChoices/adv/dice", Dice, "2d20kh1"),
        ("/situationalChoices/adv/bonus", Formula, "1"),
        ("/situationalChoices/adv/modify/0/value", Formula, "2"),
        ("/situationalChoices/adv/modify/0/when", Formula, "x"),
        ("/resolution/dice", Dice, "1d20"),
        (
            "/resultBands/attack/bands/crit/natural/min",
            Formula,
            "crit_min",
        ),
        ("/actions/hit/use/check", Formula, "a.mod"),
        ("/actions/hurt/use/roll", Dice, "1d6"),
        ("/effects/e/value", Formula, "10"),
        ("/choices/c/query/where", Formula, "item.level < 3"),
        ("/choices/c/when", Formula, "level >= 4"),
        ("/constraints/k/formula", Formula, "a > 0"),
        ("/layers/l/items/lootTables/t/rolls", Dice, "2"),
        ("/layers/l/items/lootTables/t/entries/0/count", Dice, "4d6"),
    ]
    .into_iter()
    .map(|(p, k, t)| (p.to_owned(), k, t))
    .collect();
    assert_eq!(found, expected);
}

#[test]
fn pointer_segments_are_escaped() {
    assert_eq!(formulas::escape_segment("a/b~c"), "a~1b~0c");
}

#[test]
fn translations_and_features_beyond_the_declared_version() {
    let doc = rules("gm: { worldGuidance: text }\n");
    let pack = PackContents {
        rules: &doc,
        upgrades: &[],
        languages: &["en", "pt-BR"],
        default_language: "en",
        content: &indexmap::IndexMap::new(),
        templates: &indexmap::IndexMap::new(),
    };
    let used = features_used(&pack);
    assert_eq!(
        used.iter()
            .map(|u| (u.feature, u.pointer.as_str()))
            .collect::<Vec<_>>(),
        [
            (Feature::WorldGuidance, "/rules/gm/worldGuidance"),
            (Feature::Translations, "/i18n/pt-BR"),
        ]
    );
    let beyond = features_beyond(&pack, &semver::Version::new(1, 1, 0));
    assert_eq!(beyond.len(), 1);
    assert_eq!(beyond[0].feature, Feature::Translations);
    assert!(features_beyond(&pack, &semver::Version::new(1, 5, 0)).is_empty());
}

#[test]
fn every_problem_message_fills_its_placeholders() {
    let doc = rules(
        "fields: { n: { type: text, min: 1 }, e: { type: enum } }\n\
         actions: { x: { use: {} } }\nlayers: { l: { currencies: {} } }\n\
         lootTables: { t: { entries: [{ weight: 0, coins: a }] } }\n",
    );
    let problems = rules_problems(&doc);
    assert!(problems.len() >= 5);
    for problem in problems {
        let message = problem.to_diagnostic().message();
        assert!(!message.contains('{'), "{message}");
    }
}

proptest! {
    #[test]
    fn any_text_reads_as_rules_or_errs_without_panicking(text in "[a-zA-Z:{}\\[\\], \\n\\-0-9.]{0,120}") {
        if let Ok(doc) = yaml::from_str::<RulesDocument>(&text) {
            let _ = rules_problems(&doc);
            let _ = rules_formulas(&doc);
        }
    }
}

proptest! {
    #[test]
    fn formula_text_survives_writing_and_reading(text in "-?[0-9]{0,4}(\\.[0-9]{0,3})?(e-?[0-9])?|[a-z0-9 +.-]{0,12}") {
        prop_assume!(!text.is_empty());
        let formula = Formula::new(text.clone());
        let json = serde_json::to_string(&formula).unwrap();
        let back: Formula = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.as_str(), text.as_str(), "through JSON {}", json);
        let yaml_text = format!("max: {json}\n");
        let pool: rules::PoolDef = yaml::from_str(&yaml_text).unwrap();
        prop_assert_eq!(pool.max.as_str(), text.as_str(), "through YAML {}", yaml_text);
    }
}

/// A type's name is the word a pack writes in `type:`, so a message naming it can be copied back.
#[test]
fn a_value_types_name_is_its_written_form() {
    use super::ValueType;
    for value_type in [
        ValueType::Number,
        ValueType::Text,
        ValueType::Boolean,
        ValueType::Enum,
        ValueType::Dice,
        ValueType::Formula,
        ValueType::Content,
        ValueType::List,
    ] {
        let written = serde_json::to_value(value_type).unwrap();
        assert_eq!(written, value_type.name(), "{value_type:?}");
    }
}
