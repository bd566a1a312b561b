//! One small source pack per mechanism of issue 18, under `tests/packs/`, validated (each must
//! be clean) and evaluated with numbers worked out by hand in the comments:
//!
//! - `rollcraft/core`: the rolls a content type declares (`docs/spec/rules.md#rolls-of-content`):
//!   spells over the circle they are cast at and the caster's level, a wand over the charges
//!   spent, a target's AC and save modifier, advantage, a blade by the property-name convention;
//! - `bestiary/core`: stat blocks (`docs/spec/rules.md#stat-blocks`): a creature's sheet, its
//!   actions' rolls, a template that changes a score.

use std::sync::OnceLock;

use opencharacter::sheet::{Roll, RollKind, RollOptions, RollSource, Sheet, stat_block_character};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate, evaluate_stat_block};

use crate::common;

fn rollcraft() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(&common::root().join("tests/packs/rollcraft"), "rollcraft")
    })
}

fn bestiary() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(&common::root().join("tests/packs/bestiary"), "bestiary")
    })
}

/// A level-5 caster with Wits 16 (+3) who casts up to the 3rd circle, owning everything:
/// proficiency 2 + floor(4 / 4) = 3, spell attack 3 + 3 = 6, spell DC 8 + 3 + 3 = 14.
fn caster(circles: i64) -> Character {
    let text = format!(
        "packs: {{ rollcraft-core: 0.1.0 }}\n\
         setup: {{ packs: {{ rollcraft-core: 0.1.0 }} }}\n\
         fields: {{ 'rollcraft-core:level': 5, 'rollcraft-core:wits': 16, 'rollcraft-core:circles': {circles} }}\n\
         content:\n\
         \x20 - id: rollcraft-core:spells.ember-dart\n\
         \x20 - id: rollcraft-core:spells.fire-wave\n\
         \x20 - id: rollcraft-core:spells.sparks\n\
         \x20 - id: rollcraft-core:wands.storm\n\
         \x20 - id: rollcraft-core:blades.knife\n"
    );
    opencharacter::spec::yaml::from_str(&text).unwrap()
}

fn of<'r>(rolls: &'r [Roll], id: &str) -> Vec<&'r Roll> {
    rolls
        .iter()
        .filter(|r| r.id == format!("item:rollcraft-core:{id}"))
        .collect()
}

fn text(roll: &Roll) -> String {
    match &roll.kind {
        RollKind::Dice(d) => d.formula.clone(),
        RollKind::Check(c) => c.formula.clone(),
        RollKind::Save(s) => format!("DC {}", s.dc),
        RollKind::Value { value, .. } => format!("{value:?}"),
        RollKind::Unavailable { reason } => format!("unavailable: {reason}"),
    }
}

fn texts(rolls: &[Roll], id: &str) -> Vec<String> {
    of(rolls, id).into_iter().map(text).collect()
}

#[test]
fn spells_vary_over_the_circle_and_the_casters_level() {
    let sheet: Sheet = evaluate(rollcraft(), &caster(3), &EvaluateOptions::default());
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    let rolls = &sheet.rolls;
    // Ember dart at caster level 5: lookup gives 2 dice: 2d8; its attack d20 + 6.
    assert_eq!(texts(rolls, "spells.ember-dart:damage"), ["2d8"]);
    assert_eq!(
        of(rolls, "spells.ember-dart:damage")[0].at["caster_level"],
        5
    );
    assert_eq!(texts(rolls, "spells.ember-dart:attack"), ["d20 + 6"]);
    // Fire wave from its 2nd circle to the caster's 3rd: (2 + 2)d6, (3 + 2)d6; save DC 14,
    // about agility; no attack (it sets no `attack`).
    assert_eq!(texts(rolls, "spells.fire-wave:damage"), ["4d6", "5d6"]);
    assert_eq!(texts(rolls, "spells.fire-wave:save"), ["DC 14"]);
    let save = of(rolls, "spells.fire-wave:save")[0];
    assert_eq!(
        save.about.as_ref().map(ToString::to_string).as_deref(),
        Some("rollcraft-core:abilities.agility")
    );
    assert!(of(rolls, "spells.fire-wave:attack").is_empty());
    // Sparks: motes 1 + 1, 2 + 1, 3 + 1 at circles 1 to 3, each d4 + 1; the fire wave's
    // damage, which reads no `motes`, is rolled once (the property's default, 1).
    let motes: Vec<Option<i64>> = of(rolls, "spells.sparks:damage")
        .iter()
        .map(|r| r.times)
        .collect();
    assert_eq!(motes, [Some(2), Some(3), Some(4)]);
    assert_eq!(texts(rolls, "spells.sparks:damage"), ["d4 + 1"; 3]);
    assert!(
        of(rolls, "spells.fire-wave:damage")
            .iter()
            .all(|r| r.times == Some(1))
    );
    // Everything here is the types' own rolls.
    assert!(
        of(rolls, "spells.sparks:damage")
            .iter()
            .all(|r| r.source == RollSource::Declared)
    );
}

#[test]
fn a_parameter_the_pack_names_ranges_over_its_formulas() {
    // The storm wand spends 1 to its 3 charges: (spent)d6 is d6, 2d6, 3d6.
    let sheet = evaluate(rollcraft(), &caster(3), &EvaluateOptions::default());
    assert_eq!(
        texts(&sheet.rolls, "wands.storm:blast"),
        ["d6", "2d6", "3d6"]
    );
    let spent: Vec<i64> = of(&sheet.rolls, "wands.storm:blast")
        .iter()
        .map(|r| r.at["spent"])
        .collect();
    assert_eq!(spent, [1, 2, 3]);
}

#[test]
fn a_spell_above_every_circle_the_caster_has_cannot_be_cast() {
    // Casting up to the 1st circle only: the 2nd-circle fire wave has no circle to be cast at.
    let sheet = evaluate(rollcraft(), &caster(1), &EvaluateOptions::default());
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(
        texts(&sheet.rolls, "spells.fire-wave:damage"),
        ["unavailable: `cast_at` has no value from 2 to 1"]
    );
    // The caller can still ask for it at circles 2 to 5: 4d6 … 7d6.
    let options = RollOptions {
        parameters: [("cast_at".parse().unwrap(), 2..=5)].into_iter().collect(),
        ..RollOptions::default()
    };
    let rolls = sheet
        .content_rolls(rollcraft(), &caster(1), &options)
        .unwrap();
    assert_eq!(
        texts(&rolls, "spells.fire-wave:damage"),
        ["4d6", "5d6", "6d6", "7d6"]
    );
}

#[test]
fn the_caller_gives_a_target_ac_a_save_modifier_and_advantage() {
    let character = caster(3);
    let sheet = evaluate(rollcraft(), &character, &EvaluateOptions::default());
    let options = RollOptions {
        dc: Some(14),
        save_modifier: Some(1),
        ..RollOptions::default()
    };
    let rolls = sheet
        .content_rolls(rollcraft(), &character, &options)
        .unwrap();
    // Ember dart d20 + 6 against AC 14 hits on 8 or more: 13/20.
    let RollKind::Check(attack) = &of(&rolls, "spells.ember-dart:attack")[0].kind else {
        panic!()
    };
    assert_eq!(attack.odds.len(), 1);
    assert_eq!(
        attack.odds[0].success.map(|o| o.to_string()),
        Some("13/20".into())
    );
    // A target with +1 saves against DC 14 on 13 or more: 8/20 = 2/5.
    let RollKind::Save(save) = &of(&rolls, "spells.fire-wave:save")[0].kind else {
        panic!()
    };
    let target = save.target.as_ref().unwrap();
    assert_eq!(target.formula, "d20 + 1");
    assert_eq!(
        target.odds[0].success.map(|o| o.to_string()),
        Some("2/5".into())
    );
    // With advantage the attack keeps the better of two d20s: it misses only when both roll
    // 7 or less, (7/20)² = 49/400, so it hits 351/400.
    let advantage = RollOptions {
        situational: vec!["rollcraft-core:advantage".parse().unwrap()],
        ..options
    };
    let rolls = sheet
        .content_rolls(rollcraft(), &character, &advantage)
        .unwrap();
    let RollKind::Check(attack) = &of(&rolls, "spells.ember-dart:attack")[0].kind else {
        panic!()
    };
    assert_eq!(attack.formula, "2d20kh1 + 6");
    assert_eq!(
        attack.odds[0].success.map(|o| o.to_string()),
        Some("351/400".into())
    );
}

#[test]
fn a_type_without_declared_rolls_rolls_by_the_convention_of_names() {
    // The knife: attack_bonus proficiency 3 + Wits 3 = d20 + 6; damage d4 + damage_bonus 3.
    let sheet = evaluate(rollcraft(), &caster(3), &EvaluateOptions::default());
    let knife: Vec<(String, RollSource, String)> = sheet
        .item_rolls("rollcraft-core:blades.knife")
        .map(|r| (r.id.clone(), r.source, text(r)))
        .collect();
    assert_eq!(
        knife,
        [
            (
                "item:rollcraft-core:blades.knife:attack_bonus".to_owned(),
                RollSource::Convention,
                "d20 + 6".to_owned()
            ),
            (
                "item:rollcraft-core:blades.knife:damage".to_owned(),
                RollSource::Convention,
                "d4 + 3".to_owned()
            ),
        ]
    );
}

fn creature_rolls(sheet: &Sheet) -> Vec<(String, String)> {
    sheet
        .rolls
        .iter()
        .filter(|r| r.content.is_some())
        .map(|r| (r.id.clone(), text(r)))
        .collect()
}

#[test]
fn a_creature_is_a_sheet_of_its_own() {
    // The bandit: might 12 (+1), agility 14, proficiency 2, printed defence 12, 11 vitality.
    // Its club: 2 + 1 to hit, d6 + 1. No calling, yet no link-slot issue: it is no character.
    let ruleset = bestiary();
    let bandit = "bestiary-core:creatures.bandit".parse().unwrap();
    let sheet = evaluate_stat_block(ruleset, &bandit, &[], &EvaluateOptions::default()).unwrap();
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(sheet.integer("bestiary-core:might.mod"), Some(1));
    assert_eq!(sheet.integer("bestiary-core:defence"), Some(12));
    let wounds = &sheet.pools[&"bestiary-core:wounds"
        .parse::<opencharacter::spec::ids::QualifiedFieldId>()
        .unwrap()];
    assert_eq!(wounds.max.as_ref().and_then(|v| v.as_integer()), Some(11));
    assert_eq!(
        creature_rolls(&sheet),
        [
            (
                "item:bestiary-core:creature-actions.bandit.club:attack".to_owned(),
                "d20 + 3".to_owned()
            ),
            (
                "item:bestiary-core:creature-actions.bandit.club:damage".to_owned(),
                "d6 + 1".to_owned()
            ),
        ]
    );
    // A character of the same game with no calling has the link-slot issue.
    let character: Character = opencharacter::spec::yaml::from_str(
        "packs: { bestiary-core: 0.1.0 }\nsetup: { packs: { bestiary-core: 0.1.0 } }\n",
    )
    .unwrap();
    let codes: Vec<&str> = evaluate(ruleset, &character, &EvaluateOptions::default())
        .issues
        .iter()
        .map(|d| d.code.name)
        .collect();
    assert_eq!(codes, ["link-slot-count"]);
}

#[test]
fn a_template_moves_what_reads_the_score_it_changes() {
    // A brute bandit: might 16 (+3): the club is 2 + 3 to hit, d6 + 3; the printed defence
    // stays 12.
    let ruleset = bestiary();
    let bandit = "bestiary-core:creatures.bandit".parse().unwrap();
    let brute: opencharacter::spec::ids::QualifiedContentId =
        "bestiary-core:brute".parse().unwrap();
    let sheet = evaluate_stat_block(
        ruleset,
        &bandit,
        std::slice::from_ref(&brute),
        &EvaluateOptions::default(),
    )
    .unwrap();
    assert_eq!(sheet.integer("bestiary-core:might"), Some(16));
    assert_eq!(
        creature_rolls(&sheet),
        [
            (
                "item:bestiary-core:creature-actions.bandit.club:attack".to_owned(),
                "d20 + 5".to_owned()
            ),
            (
                "item:bestiary-core:creature-actions.bandit.club:damage".to_owned(),
                "d6 + 3".to_owned()
            ),
        ]
    );
    assert_eq!(sheet.integer("bestiary-core:defence"), Some(12));
    // Read against defence 15 later, from the stat block's character: d20 + 5 hits on 10 or
    // more, 11/20.
    let character = stat_block_character(ruleset, &bandit, &[brute]).unwrap();
    let options = RollOptions {
        dc: Some(15),
        ..RollOptions::default()
    };
    let rolls = sheet.content_rolls(ruleset, &character, &options).unwrap();
    let RollKind::Check(attack) = &rolls[0].kind else {
        panic!("{rolls:?}")
    };
    assert_eq!(
        attack.odds[0].success.map(|o| o.to_string()),
        Some("11/20".into())
    );
}

#[test]
fn a_creature_without_a_printed_defence_reads_the_rules_formula() {
    // The wisp prints no defence: 10 + agility 18's +4 = 14; vitality 3.
    let ruleset = bestiary();
    let wisp = "bestiary-core:creatures.wisp".parse().unwrap();
    let sheet = evaluate_stat_block(ruleset, &wisp, &[], &EvaluateOptions::default()).unwrap();
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(sheet.integer("bestiary-core:defence"), Some(14));
    assert!(creature_rolls(&sheet).is_empty());
}
