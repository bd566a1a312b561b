//! The rolls content types declare, on a small hand-built game: parameters, `requires`,
//! `times`, `about`, saves with a target's modifier, caller-given ranges, and the failures a
//! sheet reports. Every expected number is worked out by hand in the comment beside it.

use indexmap::IndexMap;
use opencharacter_spec::model::Ruleset;

use crate::tests::{codes, load, release, sheet};
use crate::*;

const RULES: &str = r#"
fields:
  level: { type: number, default: 1 }
  mod: { type: number, default: 3 }
  attack: { type: number, formula: mod + 2 }
  dc: { type: number, formula: 8 + attack }
  max_slot: { type: number, default: 5 }
resolution: { kind: dice-sum, dice: 1d20, difficultyLadder: [{ label: medium, dc: 15 }] }
contentTypes:
  ability: {}
  spell:
    properties:
      level: { type: number }
      damage: { type: dice }
      heal: { type: dice }
      darts: { type: formula, default: "1" }
      attack_kind: { type: enum, values: [ranged] }
      save_ability: { type: content, types: [ability] }
    parameters:
      slot: { from: item.level, to: max_slot }
      caster_level: { from: level, to: level }
    rolls:
      attack: { check: attack, requires: [attack_kind] }
      save: { dc: dc, about: save_ability, requires: [save_ability] }
      damage: { dice: item.damage, times: item.darts }
      healing: { dice: item.heal + mod }
  feature: {}
  blade:
    properties:
      attack_bonus: { type: formula }
      damage: { type: dice }
      damage_bonus: { type: formula }
"#;

fn game() -> Ruleset {
    let content = [
        ("abilities.dex", "{ id: abilities.dex, type: ability }"),
        (
            "spells.blast",
            "{ id: spells.blast, type: spell, properties: { level: 3, damage: '(5 + slot)d6', save_ability: abilities.dex } }",
        ),
        (
            "spells.bolt",
            "{ id: spells.bolt, type: spell, properties: { level: 0, attack_kind: ranged, damage: '(lookup(caster_level, 1, 1, 5, 2, 11, 3, 17, 4))d10' } }",
        ),
        (
            "spells.missile",
            "{ id: spells.missile, type: spell, properties: { level: 1, damage: 'd4 + 1', darts: 2 + slot } }",
        ),
        (
            "spells.mend",
            "{ id: spells.mend, type: spell, properties: { level: 1, heal: '(slot)d8' } }",
        ),
        (
            "spells.broken",
            "{ id: spells.broken, type: spell, properties: { level: 1, damage: '(slot / 0)d6' } }",
        ),
        (
            "features.focus",
            "{ id: features.focus, type: feature, rollModifiers: [{ type: spell, rolls: [damage], where: 'item.level >= 1', add: mod }] }",
        ),
        (
            "features.unstable",
            "{ id: features.unstable, type: feature, rollModifiers: [{ type: spell, rolls: [healing], add: slot / 0 }] }",
        ),
        (
            "blades.knife",
            "{ id: blades.knife, type: blade, properties: { attack_bonus: mod, damage: d4, damage_bonus: mod } }",
        ),
    ];
    load(&[release("g", &[], RULES, &content, &[])])
}

fn owning(items: &[&str], fields: &str) -> String {
    let content: Vec<String> = items.iter().map(|i| format!("{{ id: 'g:{i}' }}")).collect();
    format!(
        "packs: {{ g: 1.0.0 }}\nfields: {{ {fields} }}\ncontent: [{}]\n",
        content.join(", ")
    )
}

/// `(formula, at)` of each entry of one item's roll.
fn entries(sheet: &Sheet, content: &str, roll: &str) -> Vec<(String, IndexMap<String, i64>)> {
    sheet
        .item_rolls(&format!("g:{content}"))
        .filter(|r| r.roll.as_ref().is_some_and(|id| id.as_str() == roll))
        .map(|r| {
            let text = match &r.kind {
                RollKind::Dice(dice) => dice.formula.clone(),
                RollKind::Check(check) => check.formula.clone(),
                RollKind::Save(save) => format!("DC {}", save.dc),
                RollKind::Value { value, .. } => format!("{value:?}"),
                RollKind::Unavailable { reason } => format!("unavailable: {reason}"),
            };
            let at = r.at.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            (text, at)
        })
        .collect()
}

fn at(pairs: &[(&str, i64)]) -> IndexMap<String, i64> {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect()
}

#[test]
fn a_roll_is_listed_at_every_value_of_the_parameters_it_reads() {
    let ruleset = game();
    let sheet = sheet(&ruleset, &owning(&["spells.blast"], ""));
    assert!(codes(&sheet).is_empty(), "{:?}", sheet.issues);
    // `(5 + slot)d6` from the spell's level 3 to the highest slot 5: 8d6, 9d6, 10d6.
    assert_eq!(
        entries(&sheet, "spells.blast", "damage"),
        [
            ("8d6".to_owned(), at(&[("slot", 3)])),
            ("9d6".to_owned(), at(&[("slot", 4)])),
            ("10d6".to_owned(), at(&[("slot", 5)])),
        ]
    );
    // `darts` is not set on the spell: its default, 1, is how many times the damage is rolled.
    assert!(
        sheet
            .item_rolls("g:spells.blast")
            .filter(|r| r.id.ends_with(":damage"))
            .all(|r| r.times == Some(1))
    );
    // The save reads no parameter: one entry, DC 8 + (mod 3 + 2) = 13, about the ability.
    assert_eq!(
        entries(&sheet, "spells.blast", "save"),
        [("DC 13".to_owned(), at(&[]))]
    );
    let save = sheet
        .item_rolls("g:spells.blast")
        .find(|r| r.id.ends_with(":save"));
    assert_eq!(
        save.and_then(|r| r.about.as_ref()).map(ToString::to_string),
        Some("g:abilities.dex".to_owned())
    );
    // No `attack_kind`: no attack roll; no `heal`: no healing roll (their `requires`).
    assert!(entries(&sheet, "spells.blast", "attack").is_empty());
    assert!(entries(&sheet, "spells.blast", "healing").is_empty());
    // 8d6 lies in 8..48 with mean 8 × 3.5 = 28.
    let first = sheet
        .item_rolls("g:spells.blast")
        .find(|r| r.at.get("slot") == Some(&3));
    let Some(RollKind::Dice(dice)) = first.map(|r| &r.kind) else {
        panic!("{first:?}")
    };
    assert_eq!(
        (dice.min.clone(), dice.max.clone(), dice.mean.clone()),
        (
            Some(SheetValue::from(opencharacter_formula::Value::from(8))),
            Some(SheetValue::from(opencharacter_formula::Value::from(48))),
            Some(SheetValue::from(opencharacter_formula::Value::from(28)))
        )
    );
}

#[test]
fn a_cantrip_reads_the_caster_level_and_an_attack_its_check() {
    let ruleset = game();
    // Character level 1: lookup gives 1 die; level 5: 2 dice.
    for (level, dice) in [
        (1, "d10"),
        (4, "d10"),
        (5, "2d10"),
        (11, "3d10"),
        (17, "4d10"),
    ] {
        let sheet = sheet(
            &ruleset,
            &owning(&["spells.bolt"], &format!("'g:level': {level}")),
        );
        assert_eq!(
            entries(&sheet, "spells.bolt", "damage"),
            [(dice.to_owned(), at(&[("caster_level", level)]))],
            "level {level}"
        );
        // The attack: d20 + (mod 3 + 2).
        assert_eq!(
            entries(&sheet, "spells.bolt", "attack"),
            [("d20 + 5".to_owned(), at(&[]))]
        );
    }
}

#[test]
fn times_says_how_many_darts_and_a_default_stands_in_for_an_unset_property() {
    let ruleset = game();
    let sheet = sheet(&ruleset, &owning(&["spells.missile", "spells.mend"], ""));
    // Darts `2 + slot`: 3 at slot 1 up to 7 at slot 5, each d4 + 1.
    let darts: Vec<(Option<i64>, Option<i64>)> = sheet
        .item_rolls("g:spells.missile")
        .map(|r| (r.at.get("slot").copied(), r.times))
        .collect();
    assert_eq!(
        darts,
        [1, 2, 3, 4, 5].map(|slot| (Some(slot), Some(slot + 2)))
    );
    assert!(
        entries(&sheet, "spells.missile", "damage")
            .iter()
            .all(|(text, _)| text == "d4 + 1")
    );
    // Mend sets no `damage` (the damage roll's `requires`); its healing is `(slot)d8 + mod`
    // with mod 3.
    assert!(entries(&sheet, "spells.mend", "damage").is_empty());
    assert_eq!(
        entries(&sheet, "spells.mend", "healing")[..2],
        [
            ("d8 + 3".to_owned(), at(&[("slot", 1)])),
            ("2d8 + 3".to_owned(), at(&[("slot", 2)])),
        ]
    );
}

#[test]
fn the_caller_gives_a_target_and_parameter_ranges() {
    let ruleset = game();
    let text = owning(&["spells.blast", "spells.bolt"], "");
    let character = crate::tests::character(&text);
    let sheet = evaluate(&ruleset, &character, &EvaluateOptions::default());
    let options = RollOptions {
        dc: Some(15),
        save_modifier: Some(2),
        parameters: [("slot".parse().unwrap(), 3..=9)].into_iter().collect(),
        ..RollOptions::default()
    };
    let rolls = sheet.content_rolls(&ruleset, &character, &options).unwrap();
    // Slots 3 to 9, whatever the character has: 8d6 … 14d6.
    let blast: Vec<String> = rolls
        .iter()
        .filter(|r| r.id == "item:g:spells.blast:damage")
        .map(|r| match &r.kind {
            RollKind::Dice(d) => d.formula.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        blast,
        ["8d6", "9d6", "10d6", "11d6", "12d6", "13d6", "14d6"]
    );
    // Against AC 15, d20 + 5 hits on 10 or more: 11/20.
    let attack = rolls.iter().find(|r| r.id == "item:g:spells.bolt:attack");
    let Some(RollKind::Check(check)) = attack.map(|r| &r.kind) else {
        panic!("{attack:?}")
    };
    assert_eq!(check.odds.len(), 1);
    assert_eq!(
        check.odds[0].success.map(|o| o.to_string()),
        Some("11/20".into())
    );
    // A target with +2 saves against DC 13 on d20 + 2 >= 13, a roll of 11 or more: 1/2.
    let save = rolls.iter().find(|r| r.id == "item:g:spells.blast:save");
    let Some(RollKind::Save(save)) = save.map(|r| &r.kind) else {
        panic!("{save:?}")
    };
    let target = save.target.as_ref().unwrap();
    assert_eq!(target.formula, "d20 + 2");
    assert_eq!(
        target.odds[0].success.map(|o| o.to_string()),
        Some("1/2".into())
    );
}

#[test]
fn a_parameter_without_a_value_and_a_failing_roll() {
    let ruleset = game();
    // The highest slot is 2: a 3rd-level spell has no slot to be cast with. Not a fault.
    let low = sheet(&ruleset, &owning(&["spells.blast"], "'g:max_slot': 2"));
    assert!(codes(&low).is_empty(), "{:?}", low.issues);
    assert_eq!(
        entries(&low, "spells.blast", "damage"),
        [(
            "unavailable: `slot` has no value from 3 to 2".to_owned(),
            at(&[])
        )]
    );
    // A roll that divides by zero is the pack's fault: a warning naming the item and roll.
    let broken = sheet(&ruleset, &owning(&["spells.broken"], ""));
    assert_eq!(codes(&broken), ["sheet-roll-failed"]);
    let d = &broken.issues[0];
    assert_eq!(
        d.args.get("content").map(String::as_str),
        Some("g:spells.broken")
    );
    assert_eq!(d.args.get("roll").map(String::as_str), Some("damage"));
}

#[test]
fn a_type_without_declared_rolls_keeps_the_convention_of_names() {
    let ruleset = game();
    let sheet = sheet(&ruleset, &owning(&["blades.knife"], ""));
    let knife: Vec<(&str, RollSource)> = sheet
        .item_rolls("g:blades.knife")
        .map(|r| (r.id.as_str(), r.source))
        .collect();
    assert_eq!(
        knife,
        [
            ("item:g:blades.knife:attack_bonus", RollSource::Convention),
            ("item:g:blades.knife:damage", RollSource::Convention),
        ]
    );
    // d4 + mod 3.
    assert_eq!(
        entries(&sheet, "blades.knife", "damage"),
        [("d4 + 3".to_owned(), at(&[]))]
    );
}

#[test]
fn a_sheet_gives_at_most_its_limit_of_item_roll_entries() {
    // Eleven items of a type whose roll takes 1,000 values: 11,000 entries, over the 10,000 a
    // sheet gives; the rest are left out with `sheet-limit`.
    let rules = r#"
contentTypes:
  heap:
    parameters:
      n: { from: "1", to: "1000" }
    rolls:
      count: { value: n }
"#;
    let content: Vec<(String, String)> = (0..11)
        .map(|i| {
            (
                format!("heaps.h{i}"),
                format!("{{ id: heaps.h{i}, type: heap }}"),
            )
        })
        .collect();
    let content: Vec<(&str, &str)> = content
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let ruleset = load(&[release("g", &[], rules, &content, &[])]);
    let items: Vec<String> = (0..11).map(|i| format!("heaps.h{i}")).collect();
    let items: Vec<&str> = items.iter().map(String::as_str).collect();
    let sheet = sheet(&ruleset, &owning(&items, ""));
    assert_eq!(codes(&sheet), ["sheet-limit"]);
    let entries = sheet.rolls.iter().filter(|r| r.content.is_some()).count();
    assert_eq!(entries, super::MAX_ITEM_ROLLS);
}

#[test]
fn a_roll_modifier_adds_once_to_a_roll_made_several_times_and_a_failing_one_is_reported() {
    let ruleset = game();
    let sheet = sheet(
        &ruleset,
        &owning(
            &[
                "spells.missile",
                "spells.bolt",
                "spells.mend",
                "features.focus",
            ],
            "",
        ),
    );
    assert!(codes(&sheet).is_empty(), "{:?}", sheet.issues);
    // Focus adds `mod` (3) to one damage roll of a spell of level 1 or more: the missile's
    // 2 + slot darts of d4 + 1 each, one of them 3 more (its `once`); the bolt (level 0) is
    // not reached: no `once`, 1d10 at caster level 1.
    let missile: Vec<(Option<i64>, Option<String>)> = sheet
        .item_rolls("g:spells.missile")
        .map(|r| (r.times, r.once.clone()))
        .collect();
    assert_eq!(
        missile,
        (3..=7)
            .map(|t| (Some(t), Some("3".to_owned())))
            .collect::<Vec<_>>()
    );
    assert!(sheet.item_rolls("g:spells.bolt").all(|r| r.once.is_none()));
    assert_eq!(
        entries(&sheet, "spells.bolt", "damage"),
        [("d10".to_owned(), at(&[("caster_level", 1)]))]
    );
    // A modifier whose `add` cannot be worked out (a division by 0) leaves the roll
    // unavailable at each slot, and the sheet reports it once.
    let sheet = self::sheet(&ruleset, &owning(&["spells.mend", "features.unstable"], ""));
    let mend = entries(&sheet, "spells.mend", "healing");
    assert_eq!(mend.len(), 5);
    assert!(
        mend.iter()
            .all(|(text, _)| text.starts_with("unavailable: a roll modifier")),
        "{mend:?}"
    );
    assert_eq!(codes(&sheet), ["sheet-roll-failed"]);
}
