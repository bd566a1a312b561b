//! The SRD 5.1 pack's races on real sheets: racial spells cast with the race's ability, not the
//! class's (`xtask/src/convert/srd/mechanics/races.rs`, `RACIAL_SPELLS`); the dragonborn's
//! breath weapon, its DC and its damage by character level, and its use per rest; the
//! half-elf's two +1s (the race's `ability_bonuses` choice); the choices
//! inside granted traits (Draconic Ancestry, the high elf's cantrip and language) answered in
//! the character file (docs/spec/characters.md#answers-inside-granted-content). Every number is
//! worked by hand from the SRD rule named beside it.

use std::sync::OnceLock;

use opencharacter::sheet::{RollKind, Sheet};
use opencharacter::spec::model::{Character, RecoveryEvent, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

const P: &str = "5e-srd-5.1";

fn srd() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| common::ruleset(&common::validation("packs/5e/srd-5.1")))
}

/// A character at `level` with `fields` (`abilities.int: 15`, without the pack prefix) and the
/// content entries `content`, in character-file YAML where `@` stands for the pack prefix.
fn sheet(level: i64, fields: &[(&str, i64)], content: &[&str]) -> Sheet {
    let fields: String = fields
        .iter()
        .map(|(field, value)| format!("  '{P}:{field}': {value}\n"))
        .collect();
    let content: String = content
        .iter()
        .map(|entry| format!("  - {}\n", entry.replace('@', &format!("{P}:"))))
        .collect();
    let text = format!(
        "packs: {{ {P}: 0.1.0 }}\nsetup: {{ packs: {{ {P}: 0.1.0 }} }}\n\
         fields:\n  '{P}:level': {level}\n{fields}content:\n{content}"
    );
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    evaluate(srd(), &character, &EvaluateOptions::default())
}

/// The issues but the class's own choices left open (skills, fighting style, spells), which
/// are not these tests' subject: no answer is refused and no roll fails.
fn issues(sheet: &Sheet) -> Vec<&str> {
    sheet
        .issues
        .iter()
        .filter(|d| d.code.name != "choice-open")
        .map(|d| d.code.name)
        .collect()
}

/// Each entry of an item's roll, as text: a check's modifier, a save's DC, a plain roll's dice.
fn rolls(sheet: &Sheet, item: &str, roll: &str) -> Vec<String> {
    let id = format!("item:{P}:{item}:{roll}");
    sheet
        .rolls
        .iter()
        .filter(|r| r.id == id)
        .map(|r| match &r.kind {
            RollKind::Dice(d) => d.formula.clone(),
            RollKind::Check(c) => c.formula.clone(),
            RollKind::Save(s) => format!("DC {}", s.dc.as_integer().unwrap_or(-1)),
            other => format!("{other:?}"),
        })
        .collect()
}

/// An item's resource `id`: its maximum and recovery event.
fn resource(sheet: &Sheet, item: &str, id: &str) -> (Option<String>, RecoveryEvent) {
    let r = sheet
        .resources
        .iter()
        .find(|r| r.item.to_string() == format!("{P}:{item}") && r.id.as_str() == id)
        .unwrap_or_else(|| panic!("no resource {item}/{id}: {:#?}", sheet.resources));
    (r.max.as_ref().map(ToString::to_string), r.recovers_on)
}

#[test]
fn a_tiefling_wizard_casts_hellish_rebuke_with_charisma_and_its_wizard_spells_with_intelligence() {
    // Level 5: proficiency +3. INT 15 + 1 (tiefling) = 16 (+3); CHA 12 + 2 = 14 (+2).
    // Wizard (Spellcasting): save DC 8 + 3 + 3 = 14. Infernal Legacy: Charisma is the
    // spellcasting ability for these spells: DC 8 + 3 + 2 = 13; hellish rebuke "as a 2nd-level
    // spell": 2d10 + 1d10 for the slot level above 1st = 3d10 fire.
    let sheet = sheet(
        5,
        &[("abilities.int", 15), ("abilities.cha", 12)],
        &[
            "{ id: '@races.tiefling', slot: '@race' }",
            "{ id: '@classes.wizard', slot: '@class' }",
            "{ id: '@spells.burning-hands' }",
        ],
    );
    assert!(issues(&sheet).is_empty(), "{:#?}", sheet.issues);
    assert_eq!(
        sheet.integer(&format!("{P}:spellcasting.save_dc")),
        Some(14)
    );
    let rebuke = "racial-spells.tiefling-hellish-rebuke";
    assert!(sheet.owns(&format!("{P}:{rebuke}")));
    assert_eq!(rolls(&sheet, rebuke, "save"), ["DC 13"]);
    assert_eq!(rolls(&sheet, rebuke, "damage"), ["3d10"]);
    // The wizard's own Burning Hands keeps the class's DC 14.
    assert_eq!(rolls(&sheet, "spells.burning-hands", "save"), ["DC 14"]);
    // Once per long rest each: hellish rebuke (from 3rd level) and darkness (from 5th).
    let legacy = "traits.infernal-legacy";
    assert_eq!(
        resource(&sheet, legacy, "hellish_rebuke"),
        (Some("1".into()), RecoveryEvent::LongRest)
    );
    assert_eq!(
        resource(&sheet, legacy, "darkness"),
        (Some("1".into()), RecoveryEvent::LongRest)
    );
}

#[test]
fn a_high_elf_fighter_picks_fire_bolt_and_casts_it_with_intelligence() {
    // Level 5: proficiency +3. INT 14 + 1 (high elf) = 15 (+2). High Elf Cantrip: Intelligence
    // is the spellcasting ability: attack d20 + 3 + 2 = d20 + 5. Fire Bolt at character level
    // 5: 2d10 ("This spell's damage increases by 1d10 when you reach 5th level").
    // Extra Language: Draconic, picked.
    let sheet = sheet(
        5,
        &[("abilities.int", 14)],
        &[
            "{ id: '@races.elf', slot: '@race' }",
            "{ id: '@subraces.high-elf', slot: '@subrace', granted: { '@traits.high-elf-cantrip': { choices: { spell: ['@racial-spells.high-elf-fire-bolt'] } }, '@traits.extra-language': { choices: { languages: ['@languages.draconic'] } } } }",
            "{ id: '@classes.fighter', slot: '@class' }",
        ],
    );
    assert!(issues(&sheet).is_empty(), "{:#?}", sheet.issues);
    let bolt = "racial-spells.high-elf-fire-bolt";
    assert!(sheet.owns(&format!("{P}:{bolt}")));
    assert!(sheet.owns(&format!("{P}:languages.draconic")));
    assert_eq!(rolls(&sheet, bolt, "attack"), ["d20 + 5"]);
    assert_eq!(rolls(&sheet, bolt, "damage"), ["2d10"]);
}

#[test]
fn a_blue_dragonborn_breathes_lightning_scaling_with_character_level() {
    // Draconic Ancestry (blue): lightning, a 5 by 30 ft. line, Dexterity save; resistance to
    // lightning. Breath Weapon: DC 8 + CON modifier + proficiency; 2d6, 3d6 at 6th level, 4d6 at
    // 11th, 5d6 at 16th; once per short or long rest. CON 14 (+2).
    let at = |level: i64| {
        let sheet = sheet(
            level,
            &[("abilities.con", 14)],
            &[
                "{ id: '@races.dragonborn', slot: '@race', granted: { '@traits.draconic-ancestry': { choices: { subtrait: ['@traits.draconic-ancestry-blue'] } } } }",
                "{ id: '@classes.fighter', slot: '@class' }",
            ],
        );
        assert!(issues(&sheet).is_empty(), "{:#?}", sheet.issues);
        assert_eq!(
            sheet
                .value(&format!("{P}:resistance.lightning"))
                .and_then(|v| v.as_bool()),
            Some(true)
        );
        assert_eq!(
            resource(&sheet, "traits.breath-weapon", "uses"),
            (Some("1".into()), RecoveryEvent::ShortRest)
        );
        let blue = "traits.draconic-ancestry-blue";
        (
            rolls(&sheet, blue, "breath_save").concat(),
            rolls(&sheet, blue, "breath").concat(),
        )
    };
    // Proficiency +2 at 1st level, +3 at 6th, +4 at 11th, +5 at 16th.
    assert_eq!(at(1), ("DC 12".into(), "2d6".into()));
    assert_eq!(at(6), ("DC 13".into(), "3d6".into()));
    assert_eq!(at(11), ("DC 14".into(), "4d6".into()));
    assert_eq!(at(16), ("DC 15".into(), "5d6".into()));
}

#[test]
fn a_half_orc_has_relentless_endurance_once_per_long_rest() {
    // Half-Orc, Relentless Endurance: "you can't use this feature again until you finish a
    // long rest".
    let sheet = sheet(
        1,
        &[],
        &[
            "{ id: '@races.half-orc', slot: '@race' }",
            "{ id: '@classes.fighter', slot: '@class' }",
        ],
    );
    assert_eq!(
        resource(&sheet, "traits.relentless-endurance", "uses"),
        (Some("1".into()), RecoveryEvent::LongRest)
    );
}

#[test]
fn a_half_elf_takes_plus_one_to_the_two_abilities_it_picks_and_two_to_charisma() {
    // Half-Elf, Ability Score Increase: "Your Charisma score increases by 2, and two other
    // ability scores of your choice increase by 1." Base DEX 14, CON 13, CHA 15, STR 10:
    // picking DEX and CON gives DEX 15, CON 14, CHA 17; STR stays 10.
    let half_elf = |picks: &str| {
        sheet(
            1,
            &[
                ("abilities.str", 10),
                ("abilities.dex", 14),
                ("abilities.con", 13),
                ("abilities.cha", 15),
            ],
            &[
                &format!(
                    "{{ id: '@races.half-elf', slot: '@race', choices: {{ ability_bonuses: [{picks}] }} }}"
                ),
                "{ id: '@classes.bard', slot: '@class' }",
            ],
        )
    };
    let sheet =
        half_elf("'@traits.half-elf-ability-bonus-dex', '@traits.half-elf-ability-bonus-con'");
    assert!(issues(&sheet).is_empty(), "{:#?}", sheet.issues);
    let score = |sheet: &Sheet, a: &str| sheet.integer(&format!("{P}:abilities.{a}"));
    assert_eq!(score(&sheet, "dex"), Some(15));
    assert_eq!(score(&sheet, "con"), Some(14));
    assert_eq!(score(&sheet, "cha"), Some(17));
    assert_eq!(score(&sheet, "str"), Some(10));
    // "Two other ability scores": there is no Charisma +1 to pick.
    let sheet =
        half_elf("'@traits.half-elf-ability-bonus-dex', '@traits.half-elf-ability-bonus-cha'");
    assert_eq!(issues(&sheet), ["character-content-unknown"]);
    assert_eq!(score(&sheet, "cha"), Some(17));
}
