//! The SRD 5.1 pack's mechanics from the converter's tables (`xtask/src/convert/srd/mechanics.rs`)
//! on real sheets: racial traits (resistances, the dwarf's speed in heavy armour, the tiefling's
//! spells by level), magic items (Ring of Protection, set scores, potions' dice, DCs) and class
//! features (Diamond Soul, Unarmored Movement). Every expected number is worked from the SRD's
//! rule named beside it, never read from the program.

use std::sync::OnceLock;

use opencharacter::formula::MapEnv;
use opencharacter::sheet::{RollKind, Sheet};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

const P: &str = "5e-srd-5.1";

fn srd() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| common::ruleset(&common::validation("packs/5e/srd-5.1")))
}

/// A character with `fields` (`abilities.str: 10`, without the pack prefix) owning `content`
/// (`races.dwarf`, or `magic-items.x@attuned` to put it in a slot).
fn sheet(fields: &[(&str, i64)], content: &[&str]) -> Sheet {
    let fields: Vec<String> = fields
        .iter()
        .map(|(field, value)| format!("  '{P}:{field}': {value}\n"))
        .collect();
    let content: Vec<String> = content
        .iter()
        .map(|item| match item.split_once('@') {
            Some((id, slot)) => format!("  - {{ id: '{P}:{id}', slot: '{P}:{slot}' }}\n"),
            None => format!("  - {{ id: '{P}:{item}' }}\n"),
        })
        .collect();
    let fields = if fields.is_empty() {
        " {}\n".to_owned()
    } else {
        format!("\n{}", fields.concat())
    };
    let text = format!(
        "packs: {{ {P}: 0.1.0 }}\nsetup: {{ packs: {{ {P}: 0.1.0 }} }}\nfields:{fields}content:\n{}",
        content.concat()
    );
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    evaluate(srd(), &character, &EvaluateOptions::default())
}

fn int(sheet: &Sheet, field: &str) -> Option<i64> {
    sheet.integer(&format!("{P}:{field}"))
}

fn flag(sheet: &Sheet, field: &str) -> Option<bool> {
    sheet.value(&format!("{P}:{field}"))?.as_bool()
}

fn same_roll(actual: &str, expected: &str) -> bool {
    let dist = |text: &str| {
        opencharacter::formula::parse(text)
            .ok()
            .and_then(|e| e.analyze(&MapEnv::default()).ok())
    };
    dist(actual).is_some() && dist(actual) == dist(expected)
}

fn dice(sheet: &Sheet, item: &str, roll: &str) -> Option<String> {
    match &sheet.roll(&format!("item:{P}:{item}:{roll}"))?.kind {
        RollKind::Dice(dice) => Some(dice.formula.clone()),
        _ => None,
    }
}

fn dc(sheet: &Sheet, item: &str) -> Option<i64> {
    match &sheet.roll(&format!("item:{P}:{item}:save"))?.kind {
        RollKind::Save(save) => save.dc.as_integer(),
        _ => None,
    }
}

#[test]
fn a_dwarf_in_plate_keeps_its_speed_and_has_its_poison_defences() {
    // SRD, Dwarf: speed 25, "not reduced by wearing heavy armor". Plate needs STR 15; with
    // STR 10 the Armor table's rule slows other wearers by 10 feet: a human in plate has 20.
    let dwarf = sheet(
        &[("abilities.str", 10)],
        &[
            "races.dwarf@race",
            "subraces.hill-dwarf@subrace",
            "armor.plate-armor@armor",
        ],
    );
    assert_eq!(int(&dwarf, "speed.walk"), Some(25));
    let human = sheet(
        &[("abilities.str", 10)],
        &["races.human@race", "armor.plate-armor@armor"],
    );
    assert_eq!(int(&human, "speed.walk"), Some(20));
    // Dwarven Resilience: advantage on saves against poison, resistance to poison damage;
    // Darkvision 60 feet.
    assert_eq!(flag(&dwarf, "resistance.poison"), Some(true));
    assert_eq!(flag(&dwarf, "advantage.saves_vs_poison"), Some(true));
    assert_eq!(flag(&dwarf, "resistance.fire"), Some(false));
    assert_eq!(int(&dwarf, "senses.darkvision"), Some(60));
}

#[test]
fn a_tiefling_resists_fire_and_gains_its_legacy_spells_at_levels_3_and_5() {
    // SRD, Tiefling: Hellish Resistance (fire); Infernal Legacy: thaumaturgy, hellish rebuke
    // from 3rd level, darkness from 5th.
    let owns = |level: i64| {
        let s = sheet(&[("level", level)], &["races.tiefling@race"]);
        assert_eq!(flag(&s, "resistance.fire"), Some(true));
        // The race's own copies, cast with Charisma (tests/srd_races.rs).
        [
            "racial-spells.tiefling-thaumaturgy",
            "racial-spells.tiefling-hellish-rebuke",
            "racial-spells.tiefling-darkness",
        ]
        .map(|spell| s.owns(&format!("{P}:{spell}")))
    };
    assert_eq!(owns(1), [true, false, false]);
    assert_eq!(owns(3), [true, true, false]);
    assert_eq!(owns(5), [true, true, true]);
}

#[test]
fn a_red_dragonborn_resists_fire() {
    // SRD, Dragonborn: Damage Resistance to the ancestry's type; red is fire.
    let s = sheet(
        &[],
        &["races.dragonborn@race", "traits.draconic-ancestry-red"],
    );
    assert_eq!(flag(&s, "resistance.fire"), Some(true));
    assert_eq!(flag(&s, "resistance.cold"), Some(false));
}

#[test]
fn ring_of_protection_adds_one_to_ac_and_every_save() {
    // SRD, Ring of Protection: +1 to AC and saving throws. DEX 14 (+2), STR 10 (+0), no armor:
    // AC 10 + 2 + 1 = 13; DEX save 2 + 1 = 3; STR save 0 + 1 = 1.
    let s = sheet(
        &[("abilities.dex", 14), ("abilities.str", 10)],
        &["magic-items.ring-of-protection@attuned"],
    );
    assert_eq!(int(&s, "combat.ac"), Some(13));
    assert_eq!(int(&s, "saves.dex"), Some(3));
    assert_eq!(int(&s, "saves.str"), Some(1));
}

#[test]
fn set_scores_raise_a_lower_score_and_leave_a_higher_one() {
    // SRD, Headband of Intellect: INT 19, no effect if already 19 or higher.
    let low = sheet(
        &[("abilities.int", 8)],
        &["magic-items.headband-of-intellect@attuned"],
    );
    assert_eq!(int(&low, "abilities.int"), Some(19));
    assert_eq!(int(&low, "abilities.int.mod"), Some(4));
    let high = sheet(
        &[("abilities.int", 20)],
        &["magic-items.headband-of-intellect@attuned"],
    );
    assert_eq!(int(&high, "abilities.int"), Some(20));
    // Belt of Hill Giant Strength: STR 21; of Storm Giant Strength: 29; a 23 stays above the
    // hill giant's 21.
    let hill = |str_score: i64| {
        let s = sheet(
            &[("abilities.str", str_score)],
            &["magic-items.belt-of-giant-strength-hill@attuned"],
        );
        int(&s, "abilities.str")
    };
    assert_eq!(hill(12), Some(21));
    assert_eq!(hill(23), Some(23));
    let storm = sheet(
        &[("abilities.str", 12)],
        &["magic-items.belt-of-giant-strength-storm@attuned"],
    );
    assert_eq!(int(&storm, "abilities.str"), Some(29));
}

#[test]
fn potions_and_consumables_roll_their_dice_and_dcs() {
    let s = sheet(
        &[],
        &[
            "magic-items.potion-of-healing-common",
            "magic-items.potion-of-healing-supreme",
            "magic-items.potion-of-poison",
            "magic-items.necklace-of-fireballs",
        ],
    );
    // SRD, Potions of Healing table: 2d4 + 2 (common) … 10d4 + 20 (supreme).
    let common = dice(&s, "magic-items.potion-of-healing-common", "healing").unwrap();
    assert!(same_roll(&common, "2d4 + 2"), "{common}");
    let supreme = dice(&s, "magic-items.potion-of-healing-supreme", "healing").unwrap();
    assert!(same_roll(&supreme, "10d4 + 20"), "{supreme}");
    // Potion of Poison: 3d6 poison, DC 13 Constitution save.
    let poison = dice(&s, "magic-items.potion-of-poison", "damage").unwrap();
    assert!(same_roll(&poison, "3d6"), "{poison}");
    assert_eq!(dc(&s, "magic-items.potion-of-poison"), Some(13));
    // Necklace of Fireballs: a bead is a 3rd-level fireball, 8d6 fire, DC 15.
    assert_eq!(dc(&s, "magic-items.necklace-of-fireballs"), Some(15));
    // An item with no roll in the tables gives none.
    assert!(
        s.roll(&format!(
            "item:{P}:magic-items.potion-of-healing-common:damage"
        ))
        .is_none()
    );
}

#[test]
fn diamond_soul_gives_proficiency_in_every_save() {
    // SRD, Monk 14, Diamond Soul: proficiency in all saving throws. Level 14: proficiency +5;
    // INT 10 (+0): INT save 5.
    let s = sheet(
        &[("level", 14), ("abilities.int", 10)],
        &["features.diamond-soul"],
    );
    assert_eq!(int(&s, "saves.int"), Some(5));
}

#[test]
fn unarmored_movement_grows_with_monk_level_and_stops_in_armor() {
    // SRD, Monk table, Unarmored Movement: +10 ft. at 2nd level, +15 at 6th, … +30 at 18th;
    // only without armor or shield. Chain mail needs STR 13: STR 14 keeps the armour from
    // slowing.
    let speed = |level: i64, armor: bool| {
        // The monk's own level counts (levels per class): the monk holds the saved level.
        let mut content = vec!["features.unarmored-movement-1", "classes.monk@class"];
        if armor {
            content.push("armor.chain-mail@armor");
        }
        int(
            &sheet(&[("level", level), ("abilities.str", 14)], &content),
            "speed.walk",
        )
    };
    assert_eq!(speed(2, false), Some(40));
    assert_eq!(speed(6, false), Some(45));
    assert_eq!(speed(18, false), Some(60));
    assert_eq!(speed(6, true), Some(30));
}

#[test]
fn class_features_roll_their_dice_by_level() {
    // Each feature scales with its own class's level (levels per class), so the character
    // holds that class at the saved level.
    let roll = |level: i64, fields: &[(&str, i64)], feature: &str, roll: &str| {
        let mut all = vec![("level", level)];
        all.extend_from_slice(fields);
        let class = match feature {
            "sneak-attack" => "rogue",
            "second-wind" => "fighter",
            "martial-arts" => "monk",
            "divine-strike" => "cleric",
            _ => "bard",
        };
        let s = sheet(
            &all,
            &[
                &format!("features.{feature}"),
                &format!("classes.{class}@class"),
            ],
        );
        dice(&s, &format!("features.{feature}"), roll)
            .unwrap_or_else(|| panic!("{feature} at {level}: no {roll}"))
    };
    // SRD, Rogue table, Sneak Attack: 1d6 at 1st level, 3d6 at 5th, 10d6 at 19th.
    for (level, expected) in [(1, "1d6"), (5, "3d6"), (19, "10d6")] {
        let found = roll(level, &[], "sneak-attack", "damage");
        assert!(same_roll(&found, expected), "{level}: {found}");
    }
    // Second Wind: 1d10 + fighter level; at 3rd level 1d10 + 3.
    let found = roll(3, &[], "second-wind", "healing");
    assert!(same_roll(&found, "1d10 + 3"), "{found}");
    // Martial Arts: the Monk table's d6 at 5th level, d10 at 17th, + DEX 16 (+3) over STR 10.
    let monk = [("abilities.dex", 16), ("abilities.str", 10)];
    let found = roll(5, &monk, "martial-arts", "damage");
    assert!(same_roll(&found, "1d6 + 3"), "{found}");
    let found = roll(17, &monk, "martial-arts", "damage");
    assert!(same_roll(&found, "1d10 + 3"), "{found}");
    // Divine Strike: 1d8 at 8th level, 2d8 at 14th.
    let found = roll(14, &[], "divine-strike", "damage");
    assert!(same_roll(&found, "2d8"), "{found}");
    // Bardic Inspiration at 5th level is a d8.
    let found = roll(5, &[], "bardic-inspiration-d8", "die");
    assert!(same_roll(&found, "1d8"), "{found}");
}

#[test]
fn stunning_strike_uses_the_ki_save_dc() {
    // SRD, Monk, Ki: save DC = 8 + proficiency bonus + Wisdom modifier. Level 5 (+3), WIS 16
    // (+3): DC 14.
    let s = sheet(
        &[("level", 5), ("abilities.wis", 16)],
        &["features.stunning-strike"],
    );
    assert_eq!(dc(&s, "features.stunning-strike"), Some(14));
}
