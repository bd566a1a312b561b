//! The SRD 5.1 pack's spells that change their target while they last
//! (`xtask/src/convert/srd/mechanics/spells.rs`): their numbers are rolls of the spell (an
//! armor class, a bonus, a die, temporary hit points), which the app applies while the spell is
//! up. Worked by hand from each spell's SRD text, for a level-1 caster (proficiency +2) with a
//! spellcasting modifier of +3, DEX 14 (+2) and slots of every level.

use std::sync::OnceLock;

use opencharacter::sheet::{RollKind, Sheet};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

const P: &str = "5e-srd-5.1";

fn srd() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| common::ruleset(&common::validation("packs/5e/srd-5.1")))
}

fn sheet(spells: &[&str]) -> Sheet {
    let slots: String = (1..=9)
        .map(|n| format!("  '{P}:spellcasting.slots.level{n}': 1\n"))
        .collect();
    let content: String = spells
        .iter()
        .map(|s| format!("  - id: '{P}:spells.{s}'\n"))
        .collect();
    let text = format!(
        "packs: {{ {P}: 0.1.0 }}\nsetup: {{ packs: {{ {P}: 0.1.0 }} }}\n\
         fields:\n  '{P}:spellcasting.mod': 3\n  '{P}:abilities.dex': 14\n{slots}content:\n{content}"
    );
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    evaluate(srd(), &character, &EvaluateOptions::default())
}

/// Each entry of a spell's roll, as text.
fn rolls(sheet: &Sheet, spell: &str, roll: &str) -> Vec<String> {
    let id = format!("item:{P}:spells.{spell}:{roll}");
    sheet
        .rolls
        .iter()
        .filter(|r| r.id == id)
        .map(|r| match &r.kind {
            RollKind::Dice(d) => d.formula.clone(),
            RollKind::Check(c) => c.formula.clone(),
            RollKind::Value { value, .. } => value
                .as_ref()
                .map_or_else(|| "?".to_owned(), ToString::to_string),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn spells_that_last_show_the_numbers_they_give() {
    let sheet = sheet(&[
        "mage-armor",
        "barkskin",
        "shield",
        "shield-of-faith",
        "bless",
        "heroism",
        "longstrider",
        "fly",
        "magic-weapon",
        "shillelagh",
    ]);
    let failed: Vec<_> = sheet
        .issues
        .iter()
        .filter(|d| d.code.name.starts_with("sheet-"))
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
    // Mage Armor: base AC 13 + DEX modifier (2) = 15. Barkskin: AC at least 16.
    assert_eq!(rolls(&sheet, "mage-armor", "armor_class"), ["15"]);
    assert_eq!(rolls(&sheet, "barkskin", "armor_class"), ["16"]);
    // Shield +5, Shield of Faith +2.
    assert_eq!(rolls(&sheet, "shield", "ac_bonus"), ["5"]);
    assert_eq!(rolls(&sheet, "shield-of-faith", "ac_bonus"), ["2"]);
    // Bless: a d4. Heroism: temporary hit points equal to the spellcasting modifier, 3.
    assert_eq!(rolls(&sheet, "bless", "bonus_die"), ["d4"]);
    assert_eq!(rolls(&sheet, "heroism", "temporary_hit_points"), ["3"]);
    // Longstrider +10 feet; Fly: a flying speed of 60 feet.
    assert_eq!(rolls(&sheet, "longstrider", "speed_bonus"), ["10"]);
    assert_eq!(rolls(&sheet, "fly", "fly_speed"), ["60"]);
    // Magic Weapon, a 2nd-level spell: +1 from 2nd- and 3rd-level slots, +2 from 4th and 5th,
    // +3 from 6th to 9th.
    assert_eq!(
        rolls(&sheet, "magic-weapon", "magic_bonus"),
        ["1", "1", "2", "2", "3", "3", "3", "3"]
    );
    // Shillelagh: a melee attack with the spellcasting ability, proficiency 2 + modifier 3 =
    // d20 + 5; its damage die a d8 (the weapon's roll adds the modifier while it is in play).
    assert_eq!(rolls(&sheet, "shillelagh", "attack"), ["d20 + 5"]);
    assert_eq!(rolls(&sheet, "shillelagh", "damage"), ["d8"]);
}

#[test]
fn areas_are_data_where_the_srd_prints_them() {
    // Fireball: a 20-foot-radius sphere (the data's); Hypnotic Pattern: a 30-foot cube (its
    // text only, the converter's table).
    let property = |spell: &str, key: &str| {
        let id: opencharacter::spec::ids::QualifiedContentId =
            format!("{P}:spells.{spell}").parse().unwrap();
        srd().content[&id].item.properties[key].clone()
    };
    assert_eq!(property("fireball", "area_shape"), "sphere");
    assert_eq!(property("fireball", "area_size"), 20);
    assert_eq!(property("hypnotic-pattern", "area_shape"), "cube");
    assert_eq!(property("hypnotic-pattern", "area_size"), 30);
    // Durations: Hypnotic Pattern up to 1 minute (concentration).
    assert_eq!(property("hypnotic-pattern", "duration"), 1);
    assert_eq!(property("hypnotic-pattern", "duration_unit"), "minute");
}
