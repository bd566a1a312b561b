//! The SRD 5.1 pack's rolls on real sheets, every number worked out by hand from the SRD before
//! the program ran: Fire Bolt by character level, Fireball by slot, Magic Missile's darts, Cure
//! Wounds with the spellcasting modifier; every spell with dice, at every slot level (or
//! character level, for cantrips) it can be cast at, against a table written from the SRD's
//! own "At Higher Levels" text; the goblin as a monster sheet; the level-5 wizard example.
//!
//! Where a test compares dice it compares their exact distributions: `4d6 + 5d6` and `9d6` are
//! the same roll.

use std::path::Path;
use std::sync::OnceLock;

use opencharacter::formula::{Distribution, MapEnv};
use opencharacter::sheet::{Roll, RollKind, RollOptions, Sheet};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate, evaluate_stat_block};

use crate::common;

const P: &str = "5e-srd-5.1";

/// The SRD pack, validated (it must be clean) and loaded once.
fn srd() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        let validation = common::validation("packs/5e/srd-5.1");
        let found: Vec<_> = validation.reading.all_diagnostics().collect();
        assert!(found.is_empty(), "{found:#?}");
        common::ruleset(&validation)
    })
}

fn character(yaml: &str) -> Character {
    opencharacter::spec::yaml::from_str(yaml).unwrap()
}

/// A character owning `spells`, with `fields` (`'5e-srd-5.1:level': 5`) set.
fn caster(fields: &str, spells: &[&str]) -> Character {
    let content: Vec<String> = spells
        .iter()
        .map(|s| format!("  - id: '{P}:spells.{s}'\n"))
        .collect();
    character(&format!(
        "packs: {{ {P}: 0.1.0 }}\nsetup: {{ packs: {{ {P}: 0.1.0 }} }}\nfields: {{ {fields} }}\ncontent:\n{}",
        content.concat()
    ))
}

/// The sheet of [`caster`].
fn sheet_of(fields: &str, spells: &[&str]) -> Sheet {
    evaluate(srd(), &caster(fields, spells), &EvaluateOptions::default())
}

/// Slots of every level, so a spell's `slot` ranges from its own level up to 9.
const ALL_SLOTS: &str = "'5e-srd-5.1:spellcasting.slots.level1': 1, '5e-srd-5.1:spellcasting.slots.level2': 1, '5e-srd-5.1:spellcasting.slots.level3': 1, '5e-srd-5.1:spellcasting.slots.level4': 1, '5e-srd-5.1:spellcasting.slots.level5': 1, '5e-srd-5.1:spellcasting.slots.level6': 1, '5e-srd-5.1:spellcasting.slots.level7': 1, '5e-srd-5.1:spellcasting.slots.level8': 1, '5e-srd-5.1:spellcasting.slots.level9': 1";

/// The entries of one roll of one spell, by the value of `parameter` (`slot`, `caster_level`).
fn entries<'s>(sheet: &'s Sheet, spell: &str, roll: &str) -> Vec<&'s Roll> {
    let id = format!("item:{P}:spells.{spell}:{roll}");
    sheet.rolls.iter().filter(|r| r.id == id).collect()
}

fn dice_text(roll: &Roll) -> &str {
    match &roll.kind {
        RollKind::Dice(dice) => &dice.formula,
        other => panic!("{}: not dice: {other:?}", roll.id),
    }
}

fn distribution(text: &str) -> Distribution {
    opencharacter::formula::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .analyze(&MapEnv::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether two dice formulas are the same roll.
fn same_roll(actual: &str, expected: &str) -> bool {
    distribution(actual) == distribution(expected)
}

#[test]
fn fire_bolt_gains_a_die_at_character_levels_5_11_and_17() {
    // SRD, Fire Bolt: 1d10 fire; "This spell's damage increases by 1d10 when you reach 5th
    // level (2d10), 11th level (3d10), and 17th level (4d10)."
    for level in 1..=20 {
        let dice = match level {
            1..=4 => "d10",
            5..=10 => "2d10",
            11..=16 => "3d10",
            _ => "4d10",
        };
        let fields = format!("'{P}:level': {level}");
        let sheet = sheet_of(&fields, &["fire-bolt"]);
        let damage = entries(&sheet, "fire-bolt", "damage");
        assert_eq!(damage.len(), 1, "level {level}");
        assert_eq!(dice_text(damage[0]), dice, "level {level}");
        assert_eq!(damage[0].at.get("caster_level"), Some(&level));
        assert_eq!(
            damage[0].about.as_ref().map(ToString::to_string),
            Some(format!("{P}:damage-types.fire"))
        );
    }
}

#[test]
fn fireball_is_8d6_at_3rd_level_and_a_die_more_per_slot_level_up_to_14d6() {
    // SRD, Fireball: 8d6 fire, Dexterity save for half; "When you cast this spell using a
    // spell slot of 4th level or higher, the damage increases by 1d6 for each slot level
    // above 3rd": 3rd 8d6, 4th 9d6, … 9th 14d6.
    let sheet = sheet_of(ALL_SLOTS, &["fireball"]);
    let by_slot: Vec<(i64, &str)> = entries(&sheet, "fireball", "damage")
        .into_iter()
        .map(|r| (r.at["slot"], dice_text(r)))
        .collect();
    assert_eq!(
        by_slot,
        [
            (3, "8d6"),
            (4, "9d6"),
            (5, "10d6"),
            (6, "11d6"),
            (7, "12d6"),
            (8, "13d6"),
            (9, "14d6")
        ]
    );
    // 8d6: 8 to 48, mean 8 × 3.5 = 28.
    let RollKind::Dice(first) = &entries(&sheet, "fireball", "damage")[0].kind else {
        unreachable!()
    };
    let int =
        |v: &Option<opencharacter::sheet::SheetValue>| v.as_ref().and_then(|v| v.as_integer());
    assert_eq!(
        (int(&first.min), int(&first.max), int(&first.mean)),
        (Some(8), Some(48), Some(28))
    );
}

#[test]
fn magic_missile_has_three_darts_and_one_more_per_slot_level() {
    // SRD, Magic Missile: three darts, each 1d4 + 1 force; "the spell creates one more dart
    // for each slot level above 1st": 3 at 1st … 11 at 9th. Each dart: 2 to 5, mean 3.5.
    let sheet = sheet_of(ALL_SLOTS, &["magic-missile"]);
    let darts: Vec<(i64, Option<i64>, &str)> = entries(&sheet, "magic-missile", "damage")
        .into_iter()
        .map(|r| (r.at["slot"], r.times, dice_text(r)))
        .collect();
    let expected: Vec<(i64, Option<i64>, &str)> = (1..=9)
        .map(|slot| (slot, Some(slot + 2), "d4 + 1"))
        .collect();
    assert_eq!(darts, expected);
}

#[test]
fn cure_wounds_heals_1d8_per_slot_level_plus_the_spellcasting_modifier() {
    // SRD, Cure Wounds: 1d8 + your spellcasting ability modifier; "the healing increases by
    // 1d8 for each slot level above 1st". With a modifier of +3: (slot)d8 + 3.
    let fields = format!("{ALL_SLOTS}, '{P}:spellcasting.mod': 3");
    let sheet = sheet_of(&fields, &["cure-wounds"]);
    let healing: Vec<(i64, String)> = entries(&sheet, "cure-wounds", "healing")
        .into_iter()
        .map(|r| (r.at["slot"], dice_text(r).to_owned()))
        .collect();
    let expected: Vec<(i64, String)> = (1..=9)
        .map(|slot| {
            (
                slot,
                if slot == 1 {
                    "d8 + 3".into()
                } else {
                    format!("{slot}d8 + 3")
                },
            )
        })
        .collect();
    assert_eq!(healing, expected);
}

/// A spell's dice as the SRD gives them, at one slot level (or character level for cantrips).
type Expected = fn(i64) -> String;

/// Spells whose dice grow by a fixed number of dice per slot level above their own, from the
/// SRD's "At Higher Levels": (spell, roll, its level, its dice there, the die added
/// `per` slot level, how many).
const PER_SLOT: &[(&str, &str, i64, &str, &str, i64)] = &[
    ("acid-arrow", "damage", 2, "4d4", "d4", 1),
    ("blight", "damage", 4, "8d8", "d8", 1),
    ("branding-smite", "damage", 2, "2d6", "d6", 1),
    ("burning-hands", "damage", 1, "3d6", "d6", 1),
    ("call-lightning", "damage", 3, "3d10", "d10", 1),
    ("circle-of-death", "damage", 6, "8d6", "d6", 2),
    ("cloudkill", "damage", 5, "5d8", "d8", 1),
    ("cone-of-cold", "damage", 5, "8d8", "d8", 1),
    ("delayed-blast-fireball", "damage", 7, "12d6", "d6", 1),
    ("disintegrate", "damage", 6, "10d6 + 40", "d6", 3),
    ("fireball", "damage", 3, "8d6", "d6", 1),
    ("flaming-sphere", "damage", 2, "2d6", "d6", 1),
    // The fire or the radiant damage (the caster's choice) grows: the total is the same.
    ("flame-strike", "damage", 5, "4d6 + 4d6", "d6", 1),
    ("freezing-sphere", "damage", 6, "10d6", "d6", 1),
    ("glyph-of-warding", "damage", 3, "5d8", "d8", 1),
    ("guiding-bolt", "damage", 1, "4d6", "d6", 1),
    ("heat-metal", "damage", 2, "2d8", "d8", 1),
    ("hellish-rebuke", "damage", 1, "2d10", "d10", 1),
    // The bludgeoning 2d8 grows; the cold 4d6 does not.
    ("ice-storm", "damage", 4, "2d8 + 4d6", "d8", 1),
    ("inflict-wounds", "damage", 1, "3d10", "d10", 1),
    ("insect-plague", "damage", 5, "4d10", "d10", 1),
    ("lightning-bolt", "damage", 3, "8d6", "d6", 1),
    ("moonbeam", "damage", 2, "2d10", "d10", 1),
    ("phantasmal-killer", "damage", 4, "4d10", "d10", 1),
    ("shatter", "damage", 2, "3d8", "d8", 1),
    ("spirit-guardians", "damage", 3, "3d8", "d8", 1),
    ("thunderwave", "damage", 1, "2d8", "d8", 1),
    ("vampiric-touch", "damage", 3, "3d6", "d6", 1),
    ("wall-of-fire", "damage", 4, "5d8", "d8", 1),
    // The wall's damage when it appears (10d6, 2d6 more per slot level).
    ("wall-of-ice", "damage", 6, "10d6", "d6", 2),
    ("wall-of-thorns", "damage", 6, "7d8", "d8", 1),
    // The clenched fist (4d8, 2d8 more per slot level).
    ("arcane-hand", "damage", 5, "4d8", "d8", 2),
    ("cure-wounds", "healing", 1, "1d8 + MOD", "d8", 1),
    ("healing-word", "healing", 1, "1d4 + MOD", "d4", 1),
    ("mass-cure-wounds", "healing", 5, "3d8 + MOD", "d8", 1),
    ("mass-healing-word", "healing", 3, "1d4 + MOD", "d4", 1),
    ("prayer-of-healing", "healing", 2, "2d8 + MOD", "d8", 1),
    // Hit points of creatures affected, not damage: 2 dice more per slot level.
    ("sleep", "hit_points_affected", 1, "5d8", "d8", 2),
    ("color-spray", "hit_points_affected", 1, "6d10", "d10", 2),
];

/// Spells whose dice do not change with the slot (the SRD gives them no "At Higher Levels",
/// or one about something else: Chain Lightning's extra bolts): (spell, roll, level, dice).
const FIXED: &[(&str, &str, i64, &str)] = &[
    // "Your unarmed strikes deal 1d6 … damage" (Alter Self, Natural Weapons).
    ("alter-self", "damage", 2, "1d6"),
    // "takes 5d10 radiant or necrotic damage" (Forbiddance).
    ("forbiddance", "damage", 6, "5d10"),
    // "hit point maximum also increases by 2d10, and it gains the same number" (Heroes' Feast).
    ("heroes-feast", "healing", 6, "2d10"),
    // "an extra 1d6 damage to the target whenever you hit it" (Hunter's Mark).
    ("hunters-mark", "damage", 1, "1d6"),
    // "the weapon's damage die becomes a d8": the spell's number is the die; the club's or
    // quarterstaff's roll adds the spellcasting modifier while the spell is in play
    // (tests/srd_characters, the druids' "Quarterstaff (Shillelagh)").
    ("shillelagh", "damage", 0, "1d8"),
    // Mishap: "takes 3d10 force damage" (Teleport).
    ("teleport", "damage", 7, "3d10"),
    ("arcane-sword", "damage", 7, "3d10"),
    ("black-tentacles", "damage", 4, "3d6"),
    ("blade-barrier", "damage", 6, "6d10"),
    ("chain-lightning", "damage", 6, "10d8"),
    ("control-water", "damage", 4, "2d8"),
    ("dimension-door", "damage", 4, "4d6"),
    ("divine-favor", "damage", 1, "1d4"),
    ("dream", "damage", 5, "3d6"),
    ("faithful-hound", "damage", 4, "4d8"),
    ("feeblemind", "damage", 8, "4d6"),
    ("finger-of-death", "damage", 7, "7d8 + 30"),
    ("fire-shield", "damage", 4, "2d8"),
    ("fire-storm", "damage", 7, "7d10"),
    ("guardian-of-faith", "damage", 4, "20"),
    ("harm", "damage", 6, "14d6"),
    ("incendiary-cloud", "damage", 8, "10d8"),
    ("meteor-swarm", "damage", 9, "20d6 + 20d6"),
    ("prismatic-spray", "damage", 7, "10d6"),
    ("storm-of-vengeance", "damage", 9, "2d6"),
    ("sunbeam", "damage", 6, "6d8"),
    ("sunburst", "damage", 8, "12d6"),
    ("wind-wall", "damage", 3, "3d8"),
    // Spike Growth: 2d4 per 5 feet; Prismatic Wall: each layer 10d6; Symbol (Death): 10d10;
    // Goodberry: 1 hit point a berry.
    ("spike-growth", "damage", 2, "2d4"),
    ("prismatic-wall", "damage", 9, "10d6"),
    ("symbol", "damage", 7, "10d10"),
    ("goodberry", "healing", 1, "1"),
    ("regenerate", "healing", 7, "4d8 + 15"),
    ("mass-heal", "healing", 9, "700"),
];

/// Cantrips: one die at character levels 1–4, two at 5–10, three at 11–16, four at 17–20
/// ("This spell's damage increases by one die when you reach 5th level, 11th level and 17th
/// level"): (spell, die).
const CANTRIPS: &[(&str, &str)] = &[
    ("acid-splash", "d6"),
    ("chill-touch", "d8"),
    ("fire-bolt", "d10"),
    ("poison-spray", "d12"),
    ("produce-flame", "d8"),
    ("ray-of-frost", "d8"),
    ("sacred-flame", "d8"),
    ("shocking-grasp", "d8"),
    ("vicious-mockery", "d4"),
];

/// Spells whose scaling is not "+N dice per slot level", each worked from the SRD's text:
/// (spell, roll, level, dice at a slot level, how many times it is rolled there).
#[allow(clippy::type_complexity, reason = "a table of hand-written rules")]
const BY_HAND: &[(&str, &str, i64, Expected, fn(i64) -> Option<i64>)] = &[
    // "one more dart for each slot level above 1st": 3 darts at 1st, each 1d4 + 1.
    (
        "magic-missile",
        "damage",
        1,
        |_| "1d4 + 1".into(),
        |s| Some(s + 2),
    ),
    // "one additional ray for each slot level above 2nd": 3 rays at 2nd, each 2d6.
    (
        "scorching-ray",
        "damage",
        2,
        |_| "2d6".into(),
        |s| Some(s + 1),
    ),
    // "1d8 for every two slot levels above the 2nd": 1d8 at 2nd and 3rd, 2d8 at 4th and 5th…
    (
        "spiritual-weapon",
        "damage",
        2,
        |s| format!("{}d8 + MOD", 1 + (s - 2) / 2),
        |_| Some(1),
    ),
    // "1d6 for every two slot levels above 2nd": 3d6 at 2nd and 3rd, 4d6 at 4th and 5th…
    (
        "flame-blade",
        "damage",
        2,
        |s| format!("{}d6", 3 + (s - 2) / 2),
        |_| Some(1),
    ),
    // "an additional 5 for each slot level above 2nd": 5 at 2nd … 40 at 9th.
    ("aid", "healing", 2, |s| (5 * (s - 1)).to_string(), |_| None),
    // 1d4 + 4, "5 additional temporary hit points for each slot level above 1st".
    (
        "false-life",
        "healing",
        1,
        |s| format!("1d4 + {}", 4 + 5 * (s - 1)),
        |_| None,
    ),
    // 70, "increases by 10 for each slot level above 6th".
    (
        "heal",
        "healing",
        6,
        |s| (70 + 10 * (s - 6)).to_string(),
        |_| None,
    ),
];

/// Every spell of the pack with dice, at every slot level it can be cast at (from its own
/// level to 9th) and, for cantrips, every character level: each entry of its damage, healing
/// or hit-points-affected roll against the table above. The character is a caster with every
/// slot and a spellcasting modifier of +3; no spell's roll fails.
#[test]
fn every_spell_with_dice_rolls_what_the_srd_says_at_every_slot_and_level() {
    let ruleset = srd();
    let spells: Vec<String> = ruleset
        .content
        .keys()
        .filter(|id| id.pack.as_str() == P && id.local.as_str().starts_with("spells."))
        .map(|id| id.local.as_str().trim_start_matches("spells.").to_owned())
        .collect();
    let names: Vec<&str> = spells.iter().map(String::as_str).collect();
    let fields = format!("{ALL_SLOTS}, '{P}:spellcasting.mod': 3, '{P}:level': 20");
    let character = caster(&fields, &names);
    let sheet = evaluate(ruleset, &character, &EvaluateOptions::default());
    let failed: Vec<_> = sheet
        .issues
        .iter()
        .filter(|d| matches!(d.code.name, "sheet-formula-failed" | "sheet-roll-failed"))
        .map(|d| d.message())
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
    // Cantrips at every character level: the caller ranges `caster_level` over 1..=20.
    let options = RollOptions {
        parameters: [("caster_level".parse().unwrap(), 1..=20)]
            .into_iter()
            .collect(),
        ..RollOptions::default()
    };
    let rolls = sheet.content_rolls(ruleset, &character, &options).unwrap();
    let of = |spell: &str, roll: &str| -> Vec<&Roll> {
        let id = format!("item:{P}:spells.{spell}:{roll}");
        rolls.iter().filter(|r| r.id == id).collect()
    };
    let with_mod = |text: String| text.replace("MOD", "3");
    let mut checked: Vec<&str> = Vec::new();
    for (spell, roll, level, dice) in FIXED {
        // A roll that reads no parameter has one entry, whatever the slot.
        let found = of(spell, roll);
        assert_eq!(found.len(), 1, "{spell}: one entry");
        assert!(found[0].at.is_empty(), "{spell} varies: {:?}", found[0].at);
        assert!(
            same_roll(dice_text(found[0]), dice),
            "{spell}: {} is not {dice}",
            dice_text(found[0])
        );
        // Its level is the one the table says.
        let id: opencharacter::spec::ids::QualifiedContentId =
            format!("{P}:spells.{spell}").parse().unwrap();
        let item = &ruleset.content[&id];
        assert_eq!(item.item.properties["level"], *level, "{spell}: level");
        checked.push(spell);
    }
    let mut check = |spell: &'static str,
                     roll: &str,
                     level: i64,
                     expected: &dyn Fn(i64) -> (String, Option<i64>)| {
        let found = of(spell, roll);
        let slots: Vec<Option<i64>> = found.iter().map(|r| r.at.get("slot").copied()).collect();
        let slots: Vec<i64> = slots
            .into_iter()
            .map(|slot| slot.unwrap_or_else(|| panic!("{spell}: an entry without a slot")))
            .collect();
        assert_eq!(slots, (level..=9).collect::<Vec<_>>(), "{spell}: slots");
        for entry in found {
            let slot = entry.at["slot"];
            let (dice, times) = expected(slot);
            let dice = with_mod(dice);
            assert!(
                same_roll(dice_text(entry), &dice),
                "{spell} at slot {slot}: {} is not {dice}",
                dice_text(entry)
            );
            if times.is_some() {
                assert_eq!(entry.times, times, "{spell} at slot {slot}: times");
            }
        }
        checked.push(spell);
    };
    for (spell, roll, level, base, die, per) in PER_SLOT {
        check(spell, roll, *level, &|slot| {
            let more = per * (slot - level);
            let dice = if more == 0 {
                (*base).to_owned()
            } else {
                format!("{base} + {more}{die}")
            };
            (dice, None)
        });
    }

    for (spell, roll, level, dice, times) in BY_HAND {
        check(spell, roll, *level, &|slot| (dice(slot), times(slot)));
    }
    for (spell, die) in CANTRIPS {
        let found = of(spell, "damage");
        let levels: Vec<i64> = found.iter().map(|r| r.at["caster_level"]).collect();
        assert_eq!(levels, (1..=20).collect::<Vec<_>>(), "{spell}: levels");
        for entry in found {
            let level = entry.at["caster_level"];
            let count = match level {
                1..=4 => 1,
                5..=10 => 2,
                11..=16 => 3,
                _ => 4,
            };
            let dice = format!("{count}{die}");
            assert!(
                same_roll(dice_text(entry), &dice),
                "{spell} at level {level}: {}",
                dice_text(entry)
            );
        }
        checked.push(spell);
    }
    // Eldritch Blast: one 1d10 beam, two at 5th level, three at 11th, four at 17th.
    for entry in of("eldritch-blast", "damage") {
        let level = entry.at["caster_level"];
        let beams = match level {
            1..=4 => 1,
            5..=10 => 2,
            11..=16 => 3,
            _ => 4,
        };
        assert_eq!(
            (dice_text(entry), entry.times),
            ("d10", Some(beams)),
            "at {level}"
        );
    }
    checked.push("eldritch-blast");
    // Every spell the pack gives dice is in the table, and the table's every spell is checked.
    let with_dice: Vec<&str> = spells
        .iter()
        .filter(|spell| {
            ["damage", "healing", "hit_points_affected"]
                .iter()
                .any(|roll| !of(spell, roll).is_empty())
        })
        .map(String::as_str)
        .collect();
    let mut sorted = checked.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), checked.len(), "a spell is in the table twice");
    assert_eq!(
        sorted, with_dice,
        "the spells with dice and the table differ"
    );
    // 39 growing by dice per slot, 34 fixed (28 from the data, 6 from the converter's
    // spell table), 7 by hand, 9 cantrips and Eldritch Blast.
    assert_eq!(checked.len(), 90);
}

#[test]
fn the_goblin_is_a_monster_sheet_with_its_stat_block_numbers() {
    // SRD, Goblin: AC 15 (leather armor, shield), 7 (2d6) hit points, STR 8 DEX 14 CON 10
    // INT 10 WIS 8 CHA 8, passive Perception 9 (10 + WIS −1); proficiency +2 (CR 1/4).
    // Scimitar: melee +4 to hit (2 + DEX +2), 5 (1d6 + 2) slashing. Shortbow: ranged +4,
    // 5 (1d6 + 2) piercing.
    let ruleset = srd();
    let goblin = format!("{P}:monsters.goblin").parse().unwrap();
    let sheet = evaluate_stat_block(ruleset, &goblin, &[], &EvaluateOptions::default()).unwrap();
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    let int = |field: &str| sheet.integer(&format!("{P}:{field}"));
    assert_eq!(int("combat.ac"), Some(15));
    assert_eq!(int("hp.max"), Some(7));
    assert_eq!(
        sheet
            .value(&format!("{P}:hit_dice.roll"))
            .and_then(|v| v.as_text()),
        Some("2d6")
    );
    let hp = &sheet.pools[&format!("{P}:hit_points")
        .parse::<opencharacter::spec::ids::QualifiedFieldId>()
        .unwrap()];
    assert_eq!(hp.max.as_ref().and_then(|v| v.as_integer()), Some(7));
    assert_eq!(int("senses.passive_perception"), Some(9));
    assert_eq!(int("abilities.dex.mod"), Some(2));
    assert_eq!(int("skills.stealth"), Some(6));
    for (action, kind) in [("scimitar", "slashing"), ("shortbow", "piercing")] {
        let id = format!("item:{P}:monster-actions.goblin.{action}");
        let attack = sheet.roll(&format!("{id}:attack")).unwrap();
        let RollKind::Check(check) = &attack.kind else {
            panic!("{attack:?}")
        };
        assert_eq!(check.formula, "d20 + 4", "{action}");
        let damage = sheet.roll(&format!("{id}:damage")).unwrap();
        assert!(
            same_roll(dice_text(damage), "1d6 + 2"),
            "{action}: {}",
            dice_text(damage)
        );
        assert_eq!(
            damage.about.as_ref().map(ToString::to_string),
            Some(format!("{P}:damage-types.{kind}"))
        );
    }
    // Against AC 15: d20 + 4 hits on 11 or more, 10/20 (the natural 1 misses, the natural 20
    // hits, within that range anyway).
    let character = opencharacter::sheet::stat_block_character(ruleset, &goblin, &[]).unwrap();
    let options = RollOptions {
        dc: Some(15),
        ..RollOptions::default()
    };
    let rolls = sheet.content_rolls(ruleset, &character, &options).unwrap();
    let attack = rolls
        .iter()
        .find(|r| r.id == format!("item:{P}:monster-actions.goblin.scimitar:attack"))
        .unwrap();
    let RollKind::Check(check) = &attack.kind else {
        panic!("{attack:?}")
    };
    assert_eq!(
        check.odds[0].success.map(|o| o.to_string()),
        Some("1/2".into())
    );
}

#[test]
fn the_level_5_wizard_example_has_its_spells_at_the_slots_it_has() {
    // See examples/characters/wizard-5.yaml: INT 16 (+3), proficiency +3, so the spell attack
    // is +6 and the save DC 14; slots of 1st to 3rd level.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/characters/wizard-5.yaml"),
    )
    .unwrap();
    let sheet = evaluate(srd(), &character(&text), &EvaluateOptions::default());
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    let int = |field: &str| sheet.integer(&format!("{P}:{field}"));
    assert_eq!(int("spellcasting.attack"), Some(6));
    assert_eq!(int("spellcasting.save_dc"), Some(14));
    assert_eq!(int("spellcasting.max_slot"), Some(3));
    assert_eq!(int("hp.max"), Some(32));
    // Fire Bolt at character level 5: 2d10, attack d20 + 6.
    assert_eq!(dice_text(entries(&sheet, "fire-bolt", "damage")[0]), "2d10");
    let RollKind::Check(attack) = &entries(&sheet, "fire-bolt", "attack")[0].kind else {
        panic!()
    };
    assert_eq!(attack.formula, "d20 + 6");
    // Fireball only from its 3rd-level slot; Burning Hands from 1st to 3rd: 3d6, 4d6, 5d6.
    let fireball: Vec<&str> = entries(&sheet, "fireball", "damage")
        .into_iter()
        .map(dice_text)
        .collect();
    assert_eq!(fireball, ["8d6"]);
    let hands: Vec<&str> = entries(&sheet, "burning-hands", "damage")
        .into_iter()
        .map(dice_text)
        .collect();
    assert_eq!(hands, ["3d6", "4d6", "5d6"]);
    let RollKind::Save(save) = &entries(&sheet, "burning-hands", "save")[0].kind else {
        panic!()
    };
    assert_eq!(save.dc.as_integer(), Some(14));
    // Scorching Ray: 3 rays at 2nd, 4 at 3rd, each an attack at +6.
    let rays: Vec<Option<i64>> = entries(&sheet, "scorching-ray", "attack")
        .into_iter()
        .map(|r| r.times)
        .collect();
    assert_eq!(rays, [Some(3), Some(4)]);
}
