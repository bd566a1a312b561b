//! The SRD 5.1 rules the oracle tests recompute numbers with (`srd_monster_rules.rs`,
//! `srd_characters.rs`): small tables and formulas written out from the SRD, each naming the
//! rule it encodes. These tests never call the project's engine: they are the independent
//! expectation the SRD pack's sheets are compared with.
//!
//! Tables copied from the 5e-database (`../shared/corpus/srd-5.1/`) name their file and entry;
//! the rest is the SRD's text (the "Ability Scores and Modifiers" table, "Proficiency Bonus",
//! the monster statistics' "Hit Dice by Size", "Proficiency Bonus by Challenge Rating" and
//! "Experience Points by Challenge Rating" tables).

#![allow(dead_code, reason = "each oracle test uses the rules it needs")]

pub mod classes;

/// The SRD's six abilities, in the SRD's order.
pub const ABILITIES: [&str; 6] = ["str", "dex", "con", "int", "wis", "cha"];

/// Ability modifier: floor((score − 10) / 2) ("Ability Scores and Modifiers").
pub fn modifier(score: i64) -> i64 {
    (score - 10).div_euclid(2)
}

/// Proficiency bonus by character level: +2 at 1–4, +3 at 5–8, +4 at 9–12, +5 at 13–16,
/// +6 at 17–20 (each class table's Proficiency Bonus column; 5e-SRD-Levels.json `prof_bonus`).
pub fn proficiency_by_level(level: i64) -> i64 {
    2 + (level - 1).div_euclid(4)
}

/// Proficiency bonus by challenge rating ("Proficiency Bonus by Challenge Rating"): CR 0–4
/// +2, 5–8 +3, 9–12 +4, 13–16 +5, 17–20 +6, 21–24 +7, 25–28 +8, 29–30 +9. Fractional CRs
/// (1/8, 1/4, 1/2) are below 1, so +2.
pub fn proficiency_by_cr(cr: f64) -> i64 {
    if cr < 1.0 {
        2
    } else {
        // CR is a whole number from 1 up: the same steps of four as character levels.
        2 + (cr as i64 - 1).div_euclid(4)
    }
}

/// Experience points by challenge rating ("Experience Points by Challenge Rating"); CR 0 is
/// "0 or 10", so both values are given.
pub fn xp_by_cr(cr: f64) -> Vec<i64> {
    const WHOLE: [i64; 31] = [
        10, 200, 450, 700, 1_100, 1_800, 2_300, 2_900, 3_900, 5_000, 5_900, 7_200, 8_400, 10_000,
        11_500, 13_000, 15_000, 18_000, 20_000, 22_000, 25_000, 33_000, 41_000, 50_000, 62_000,
        75_000, 90_000, 105_000, 120_000, 135_000, 155_000,
    ];
    const FRACTIONS: [(f64, i64); 3] = [(0.125, 25), (0.25, 50), (0.5, 100)];
    if cr == 0.0 {
        return vec![0, 10];
    }
    if let Some((_, xp)) = FRACTIONS.iter().find(|(rating, _)| *rating == cr) {
        return vec![*xp];
    }
    WHOLE
        .get(cr as usize)
        .map(|xp| vec![*xp])
        .unwrap_or_default()
}

/// The hit die of a monster's size ("Hit Dice by Size"): Tiny d4, Small d6, Medium d8, Large
/// d10, Huge d12, Gargantuan d20.
pub fn hit_die_by_size(size: &str) -> Option<i64> {
    match size {
        "Tiny" => Some(4),
        "Small" => Some(6),
        "Medium" => Some(8),
        "Large" => Some(10),
        "Huge" => Some(12),
        "Gargantuan" => Some(20),
        _ => None,
    }
}

/// The average of `count` dice of `sides` sides, rounded down: each die averages
/// (sides + 1) / 2 (how the SRD prints a stat block's averages: "Hit Points", "Hit").
pub fn dice_average(count: i64, sides: i64) -> i64 {
    (count * (sides + 1)).div_euclid(2)
}

/// The ability each skill uses ("Using Each Ability"; 5e-SRD-Skills.json `ability_score`).
pub fn skill_ability(skill: &str) -> Option<&'static str> {
    Some(match skill {
        "athletics" => "str",
        "acrobatics" | "sleight-of-hand" | "stealth" => "dex",
        "arcana" | "history" | "investigation" | "nature" | "religion" => "int",
        "animal-handling" | "insight" | "medicine" | "perception" | "survival" => "wis",
        "deception" | "intimidation" | "performance" | "persuasion" => "cha",
        _ => return None,
    })
}

/// Every skill of the SRD, in alphabetical order (5e-SRD-Skills.json).
pub const SKILLS: [&str; 18] = [
    "acrobatics",
    "animal-handling",
    "arcana",
    "athletics",
    "deception",
    "history",
    "insight",
    "intimidation",
    "investigation",
    "medicine",
    "nature",
    "perception",
    "performance",
    "persuasion",
    "religion",
    "sleight-of-hand",
    "stealth",
    "survival",
];

/// Spell slots per spell level 1–9 of a full caster of `level` (the Wizard, Cleric, Druid,
/// Bard and Sorcerer tables, and the multiclass "Multiclass Spellcaster: Spell Slots per
/// Spell Level" table by caster level; 5e-SRD-Levels.json `wizard-1` … `wizard-20`,
/// `spellcasting.spell_slots_level_N`).
pub fn full_caster_slots(level: i64) -> [i64; 9] {
    const TABLE: [[i64; 9]; 20] = [
        [2, 0, 0, 0, 0, 0, 0, 0, 0],
        [3, 0, 0, 0, 0, 0, 0, 0, 0],
        [4, 2, 0, 0, 0, 0, 0, 0, 0],
        [4, 3, 0, 0, 0, 0, 0, 0, 0],
        [4, 3, 2, 0, 0, 0, 0, 0, 0],
        [4, 3, 3, 0, 0, 0, 0, 0, 0],
        [4, 3, 3, 1, 0, 0, 0, 0, 0],
        [4, 3, 3, 2, 0, 0, 0, 0, 0],
        [4, 3, 3, 3, 1, 0, 0, 0, 0],
        [4, 3, 3, 3, 2, 0, 0, 0, 0],
        [4, 3, 3, 3, 2, 1, 0, 0, 0],
        [4, 3, 3, 3, 2, 1, 0, 0, 0],
        [4, 3, 3, 3, 2, 1, 1, 0, 0],
        [4, 3, 3, 3, 2, 1, 1, 0, 0],
        [4, 3, 3, 3, 2, 1, 1, 1, 0],
        [4, 3, 3, 3, 2, 1, 1, 1, 0],
        [4, 3, 3, 3, 2, 1, 1, 1, 1],
        [4, 3, 3, 3, 3, 1, 1, 1, 1],
        [4, 3, 3, 3, 3, 2, 1, 1, 1],
        [4, 3, 3, 3, 3, 2, 2, 1, 1],
    ];
    match usize::try_from(level) {
        Ok(level @ 1..=20) => TABLE[level - 1],
        _ => [0; 9],
    }
}

/// Spell slots of a half caster (Paladin, Ranger) of class `level`: none at 1; from 2 the
/// full-caster row of half the level rounded up (the Paladin and Ranger tables;
/// 5e-SRD-Levels.json `paladin-N`, `ranger-N`).
pub fn half_caster_slots(level: i64) -> [i64; 9] {
    if level < 2 {
        [0; 9]
    } else {
        full_caster_slots((level + 1) / 2)
    }
}

/// A warlock's Pact Magic at warlock `level`: (slots, slot level) — 1 slot at 1, 2 at 2–10,
/// 3 at 11–16, 4 at 17–20; slot level 1 at 1–2, 2 at 3–4, 3 at 5–6, 4 at 7–8, 5 at 9+ (the
/// Warlock table; 5e-SRD-Levels.json `warlock-N`).
pub fn pact_slots(level: i64) -> (i64, i64) {
    let slots = match level {
        1 => 1,
        2..=10 => 2,
        11..=16 => 3,
        _ => 4,
    };
    (slots, ((level + 1) / 2).min(5))
}

#[test]
fn the_tables_hold_their_rules() {
    // Spot values straight from the SRD's tables.
    assert_eq!(
        (
            modifier(1),
            modifier(9),
            modifier(10),
            modifier(11),
            modifier(30)
        ),
        (-5, -1, 0, 0, 10)
    );
    assert_eq!(
        (1..=20).map(proficiency_by_level).collect::<Vec<_>>(),
        [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6]
    );
    assert_eq!(
        [
            0.0, 0.5, 4.0, 5.0, 12.0, 13.0, 20.0, 21.0, 24.0, 25.0, 28.0, 29.0, 30.0
        ]
        .map(proficiency_by_cr),
        [2, 2, 2, 3, 4, 5, 6, 7, 7, 8, 8, 9, 9]
    );
    assert_eq!(xp_by_cr(0.0), [0, 10]);
    assert_eq!(xp_by_cr(0.125), [25]);
    assert_eq!(xp_by_cr(17.0), [18_000]);
    assert_eq!(xp_by_cr(30.0), [155_000]);
    assert_eq!(dice_average(2, 6), 7);
    assert_eq!(dice_average(19, 12), 123);
    assert_eq!(half_caster_slots(5), [4, 2, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(half_caster_slots(20), [4, 3, 3, 3, 2, 0, 0, 0, 0]);
    assert_eq!(pact_slots(1), (1, 1));
    assert_eq!(pact_slots(11), (3, 5));
    assert_eq!(pact_slots(20), (4, 5));
}
