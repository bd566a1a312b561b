//! The `classes/core` test pack (`tests/packs/classes/`): levels per class (multiclassing) and
//! the effects real features need, each number worked by hand from the SRD 5.1's rules as the
//! pack writes them (`docs/spec/rules.md`, "Levels of content" and "Effects").

use std::sync::OnceLock;

use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate, sheet::Sheet};

use crate::common;

fn classes() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(&common::root().join("tests/packs/classes"), "classes")
    })
}

/// A character of the pack: its saved fields (`str: 16`) and its content lines, each written
/// in local IDs (`classes.fighter, slot: class, level: 2`).
fn character(fields: &[(&str, i64)], content: &[&str]) -> Character {
    let mut text = String::from(
        "packs: { classes-core: 0.1.0 }\nsetup: { packs: { classes-core: 0.1.0 } }\nfields: {}\n",
    );
    if !fields.is_empty() {
        text = text.replace("fields: {}", "fields:");
    }
    for (field, value) in fields {
        text.push_str(&format!("  'classes-core:{field}': {value}\n"));
    }
    text.push_str("content:\n");
    for line in content {
        let (id, rest) = line.split_once(',').unwrap_or((line, ""));
        let rest = rest.replace("slot: ", "slot: classes-core:");
        text.push_str(&format!(
            "  - {{ id: 'classes-core:{id}'{}{rest} }}\n",
            if rest.is_empty() { "" } else { "," }
        ));
    }
    opencharacter::spec::yaml::from_str(&text).unwrap()
}

fn sheet(fields: &[(&str, i64)], content: &[&str]) -> Sheet {
    evaluate(
        classes(),
        &character(fields, content),
        &EvaluateOptions::default(),
    )
}

/// A field's value as text (`38`, `2d10 + 3d6`).
fn value(sheet: &Sheet, field: &str) -> String {
    let id = format!("classes-core:{field}");
    let found = sheet
        .fields
        .iter()
        .find(|(k, _)| k.to_string() == id)
        .unwrap_or_else(|| panic!("no field {field}"));
    found
        .1
        .value
        .as_ref()
        .map_or_else(|| "-".to_owned(), |v| v.to_string())
}

fn issues(sheet: &Sheet) -> Vec<String> {
    sheet
        .issues
        .iter()
        .map(|d| format!("{} {}", d.code.name, d.message()))
        .collect()
}

/// Skill picks of a class's `skills` choice, as a content line's tail.
fn picks(skills: &[&str]) -> String {
    let list: Vec<String> = skills
        .iter()
        .map(|s| format!("'classes-core:proficiencies.skill-{s}'"))
        .collect();
    format!(", choices: {{ skills: [{}] }}", list.join(", "))
}

fn values(sheet: &Sheet, fields: &[&str]) -> Vec<String> {
    fields.iter().map(|f| value(sheet, f)).collect()
}

#[test]
fn a_fighter_2_wizard_3_holds_each_class_at_its_own_level() {
    // STR 16 (+3), CON 14 (+2), INT 14 (+2), the rest 10 (+0).
    let fighter = format!(
        "classes.fighter, slot: class, level: 2{}",
        picks(&["athletics", "perception"])
    );
    let s = sheet(
        &[
            ("abilities.str", 16),
            ("abilities.con", 14),
            ("abilities.int", 14),
        ],
        &[&fighter, "classes.wizard, slot: class, level: 3"],
    );
    // The fighter's skill choice is the first class's; the wizard's is not offered.
    assert!(issues(&s).is_empty(), "{:#?}", issues(&s));
    // Character level 2 + 3 = 5; proficiency 2 + floor((5 - 1) / 4) = 3.
    assert_eq!(values(&s, &["level", "proficiency"]), ["5", "3"]);
    // SRD fixed hit points: fighter 1st level 10 + 2, 2nd 6 + 2; wizard 3 x (4 + 2):
    // 12 + 8 + 18 = 38. Hit dice: 2d10 from the fighter, 3d6 from the wizard.
    assert_eq!(values(&s, &["hp.max", "hit_dice"]), ["38", "2d10 + 3d6"]);
    // Saves from the first class only: STR 3 + 3, CON 2 + 3; INT and WIS without proficiency.
    assert_eq!(
        values(&s, &["saves.str", "saves.con", "saves.int", "saves.wis"]),
        ["6", "5", "2", "0"]
    );
    // Athletics 3 + 3 and Perception 0 + 3 (picked), Arcana 2 + 0.
    assert_eq!(
        values(
            &s,
            &["skills.athletics", "skills.perception", "skills.arcana"]
        ),
        ["6", "3", "2"]
    );
    // Caster level 3 (the wizard's 3; the fighter casts nothing): slots 4 / 2 / 0 by the
    // SRD's Multiclass Spellcaster table. No Extra Attack: the fighter is level 2, not 5.
    assert_eq!(
        values(
            &s,
            &[
                "spellcasting.level",
                "spellcasting.slots_1",
                "spellcasting.slots_2",
                "spellcasting.slots_3",
                "combat.attacks"
            ]
        ),
        ["3", "4", "2", "0", "1"]
    );
}

#[test]
fn the_first_class_listed_gives_the_saves_and_the_first_levels_hit_points() {
    // The same levels, the wizard first: its saves (INT 2 + 3, WIS 0 + 3), the STR save
    // without proficiency (3); hit points 6 + 2, then 2 x (4 + 2), then the fighter's
    // 2 x (6 + 2): 8 + 12 + 16 = 36.
    let wizard = format!(
        "classes.wizard, slot: class, level: 3{}",
        picks(&["arcana", "perception"])
    );
    let s = sheet(
        &[
            ("abilities.str", 16),
            ("abilities.con", 14),
            ("abilities.int", 14),
        ],
        &[&wizard, "classes.fighter, slot: class, level: 2"],
    );
    assert!(issues(&s).is_empty(), "{:#?}", issues(&s));
    assert_eq!(
        values(&s, &["saves.int", "saves.wis", "saves.str", "hp.max"]),
        ["5", "3", "3", "36"]
    );
    // The dice in the order the classes are listed.
    assert_eq!(value(&s, "hit_dice"), "3d6 + 2d10");
}

#[test]
fn a_multiclass_skill_choice_is_offered_only_to_a_later_class() {
    // A rogue taken second offers one skill (`multiclass_skill`), not the rogue's four.
    let fighter = format!(
        "classes.fighter, slot: class, level: 1{}",
        picks(&["athletics", "perception"])
    );
    let s = sheet(&[], &[&fighter, "classes.rogue, slot: class, level: 1"]);
    assert_eq!(
        issues(&s),
        ["choice-open the choice `classes-core:classes.rogue/multiclass_skill` has 0 of 1 picks"]
    );
}

#[test]
fn a_file_without_levels_per_class_reads_as_before() {
    // Written before levels per class: `level: 5` saved, one class without a `level`. The
    // class holds the saved level (`defaultFrom: level`), so the sheet is the one of a
    // fighter 5 written with `level: 5` on the class.
    let old = sheet(
        &[("level", 5), ("abilities.con", 14)],
        &[&format!(
            "classes.fighter, slot: class{}",
            picks(&["athletics", "perception"])
        )],
    );
    let new = sheet(
        &[("abilities.con", 14)],
        &[&format!(
            "classes.fighter, slot: class, level: 5{}",
            picks(&["athletics", "perception"])
        )],
    );
    assert!(issues(&old).is_empty(), "{:#?}", issues(&old));
    // Fighter 5, CON +2: 12 + 4 x 8 = 44 hit points, 5d10, Extra Attack (2 attacks).
    assert_eq!(
        values(&old, &["level", "hp.max", "hit_dice", "combat.attacks"]),
        ["5", "44", "5d10", "2"]
    );
    let all: Vec<&str> = old.fields.keys().map(|k| k.local.as_str()).collect();
    assert_eq!(values(&old, &all), values(&new, &all));
}

#[test]
fn attacks_per_action_take_the_highest_extra_attack() {
    // Fighter 1: 1; 5: 2; 11: 3; 20: 4 (each Extra Attack raises the count with `min`).
    for (level, attacks) in [(1, "1"), (5, "2"), (11, "3"), (20, "4")] {
        let line = format!("classes.fighter, slot: class, level: {level}");
        assert_eq!(
            value(&sheet(&[], &[&line]), "combat.attacks"),
            attacks,
            "fighter {level}"
        );
    }
    // A fighter 5 / barbarian 5 has two Extra Attacks of 2: they do not add up to 3.
    let s = sheet(
        &[],
        &[
            "classes.fighter, slot: class, level: 5",
            "classes.barbarian, slot: class, level: 5",
        ],
    );
    assert_eq!(value(&s, "combat.attacks"), "2");
}

#[test]
fn expertise_adds_proficiency_a_second_time() {
    // Rogue 1, DEX 16 (+3), proficiency 2: Stealth with expertise 3 + 2 x 2 = 7; Acrobatics,
    // proficient without expertise, 3 + 2 = 5; Arcana untrained 0.
    let rogue = format!(
        "classes.rogue, slot: class, level: 1{}",
        picks(&["stealth", "acrobatics", "athletics", "perception"])
    );
    let s = sheet(&[("abilities.dex", 16)], &[&rogue]);
    assert!(issues(&s).is_empty(), "{:#?}", issues(&s));
    assert_eq!(
        values(
            &s,
            &["skills.stealth", "skills.acrobatics", "skills.arcana"]
        ),
        ["7", "5", "0"]
    );
}

#[test]
fn jack_of_all_trades_adds_half_proficiency_rounded_down_where_there_is_none() {
    // Bard 5, DEX 14 (+2), proficiency 3: untrained skills get floor(3 / 2) = 1
    // (Acrobatics 2 + 1, Athletics 0 + 1); a proficient one keeps all of it (Stealth 2 + 3).
    let bard = format!(
        "classes.bard, slot: class, level: 5{}",
        picks(&["stealth", "arcana", "perception"])
    );
    let s = sheet(&[("abilities.dex", 14)], &[&bard]);
    assert!(issues(&s).is_empty(), "{:#?}", issues(&s));
    assert_eq!(
        values(
            &s,
            &["skills.acrobatics", "skills.athletics", "skills.stealth"]
        ),
        ["3", "1", "5"]
    );
    // A bard 1 has no Jack of All Trades yet: Acrobatics 2.
    let bard = format!(
        "classes.bard, slot: class, level: 1{}",
        picks(&["stealth", "arcana", "perception"])
    );
    assert_eq!(
        value(
            &sheet(&[("abilities.dex", 14)], &[&bard]),
            "skills.acrobatics"
        ),
        "2"
    );
}

#[test]
fn remarkable_athlete_rounds_up_and_the_better_half_applies() {
    // Fighter 11 / bard 2: level 13, proficiency 2 + floor(12 / 4) = 5. Jack of All Trades
    // gives floor(5 / 2) = 2 to untrained skills, Remarkable Athlete ceil(5 / 2) = 3 to
    // untrained STR, DEX and CON skills: Athletics, Acrobatics and Stealth 0 + 3, Arcana
    // 0 + 5 (picked), Perception 0 + 5 (picked). Fighter 11: three attacks.
    let fighter = format!(
        "classes.fighter, slot: class, level: 11{}",
        picks(&["arcana", "perception"])
    );
    let s = sheet(&[], &[&fighter, "classes.bard, slot: class, level: 2"]);
    assert_eq!(
        values(
            &s,
            &[
                "proficiency",
                "skills.athletics",
                "skills.acrobatics",
                "skills.stealth",
                "skills.arcana",
                "combat.attacks"
            ]
        ),
        ["5", "3", "3", "3", "5", "3"]
    );
}

#[test]
fn unarmored_defense_is_the_best_base_beside_armor() {
    // Barbarian 1, DEX 14 (+2), CON 16 (+3): 10 + 2 + 3 = 15 unarmored; a shield adds 2 to
    // the better base (17); chain mail sets 16 and Unarmored Defense no longer applies;
    // chain mail and a shield 18.
    let barbarian = "classes.barbarian, slot: class, level: 1";
    let stats = [("abilities.dex", 14), ("abilities.con", 16)];
    let ac = |content: &[&str]| value(&sheet(&stats, content), "combat.ac");
    assert_eq!(ac(&[barbarian]), "15");
    assert_eq!(ac(&[barbarian, "armor.shield, slot: off_hand"]), "17");
    assert_eq!(ac(&[barbarian, "armor.chain-mail, slot: armor"]), "16");
    assert_eq!(
        ac(&[
            barbarian,
            "armor.chain-mail, slot: armor",
            "armor.shield, slot: off_hand"
        ]),
        "18"
    );
    // Chain mail only carried (in no slot) is not worn: 15.
    assert_eq!(ac(&[barbarian, "armor.chain-mail"]), "15");
}

#[test]
fn mage_armor_and_a_monks_unarmored_defense_take_the_highest() {
    // Monk 1, DEX 16 (+3), WIS 12 (+1): Unarmored Defense 10 + 3 + 1 = 14; Mage Armor
    // 13 + 3 = 16 is higher; with a shield and no Mage Armor the monk's defense is off:
    // 10 + 3 + 2 = 15; Mage Armor under plate gives nothing: 18.
    let monk = "classes.monk, slot: class, level: 1";
    let stats = [("abilities.dex", 16), ("abilities.wis", 12)];
    let ac = |content: &[&str]| value(&sheet(&stats, content), "combat.ac");
    assert_eq!(ac(&[monk]), "14");
    assert_eq!(ac(&[monk, "spell-effects.mage-armor"]), "16");
    assert_eq!(ac(&[monk, "armor.shield, slot: off_hand"]), "15");
    assert_eq!(
        ac(&[monk, "spell-effects.mage-armor", "armor.plate, slot: armor"]),
        "18"
    );
}

#[test]
fn primal_champion_raises_the_ability_cap_to_24() {
    // Barbarian 20, STR 20, CON 16: STR 24 and CON 20, within the raised maximum of 24.
    let s = sheet(
        &[("abilities.str", 20), ("abilities.con", 16)],
        &["classes.barbarian, slot: class, level: 20"],
    );
    assert_eq!(
        values(&s, &["abilities.str", "abilities.con"]),
        ["24", "20"]
    );
    assert!(
        !issues(&s)
            .iter()
            .any(|i| i.starts_with("value-out-of-bounds")),
        "{:#?}",
        issues(&s)
    );
    let str_field = s
        .fields
        .iter()
        .find(|(k, _)| k.local.as_str() == "abilities.str")
        .map(|(_, v)| v)
        .unwrap();
    assert_eq!(
        str_field.max.as_ref().map(ToString::to_string).as_deref(),
        Some("24")
    );
    // STR 21 saved: 25 is above 24. A barbarian 19 keeps the cap of 20: 22 is above it.
    for (level, score, shown, max) in [(20, 21, "25", "24"), (19, 22, "22", "20")] {
        let line = format!("classes.barbarian, slot: class, level: {level}");
        let s = sheet(&[("abilities.str", score)], &[&line]);
        assert_eq!(value(&s, "abilities.str"), shown);
        let bounds: Vec<String> = s
            .issues
            .iter()
            .filter(|d| d.code.name == "value-out-of-bounds")
            .map(|d| {
                d.args
                    .get("max")
                    .map(ToString::to_string)
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(bounds, [max], "barbarian {level}");
    }
}

#[test]
fn a_dwarfs_speed_is_not_reduced_by_heavy_armor() {
    // Plate needs STR 15: below it, speed 10 lower. A human (base 30) with STR 10 in plate:
    // 20; with STR 15: 30. A dwarf (base 25) with STR 10 in plate keeps 25; plate carried
    // but not worn takes nothing from a human either.
    let speed =
        |fields: &[(&str, i64)], content: &[&str]| value(&sheet(fields, content), "speed.walk");
    let fighter = "classes.fighter, slot: class, level: 1";
    let plate = "armor.plate, slot: armor";
    assert_eq!(
        speed(&[], &[fighter, "races.human, slot: race", plate]),
        "20"
    );
    assert_eq!(
        speed(
            &[("abilities.str", 15)],
            &[fighter, "races.human, slot: race", plate]
        ),
        "30"
    );
    assert_eq!(
        speed(&[], &[fighter, "races.dwarf, slot: race", plate]),
        "25"
    );
    assert_eq!(
        speed(&[], &[fighter, "races.human, slot: race", "armor.plate"]),
        "30"
    );
}

#[test]
fn a_caster_level_adds_full_and_half_casters() {
    // Paladin 4 / wizard 1: floor(4 / 2) + 1 = 3: slots 4 / 2 / 0. Paladin 5 / wizard 3:
    // 2 + 3 = 5: slots 4 / 3 / 2 (the SRD's Multiclass Spellcaster table).
    let slots = [
        "spellcasting.level",
        "spellcasting.slots_1",
        "spellcasting.slots_2",
        "spellcasting.slots_3",
    ];
    let s = sheet(
        &[],
        &[
            "classes.paladin, slot: class, level: 4",
            "classes.wizard, slot: class, level: 1",
        ],
    );
    assert_eq!(values(&s, &slots), ["3", "4", "2", "0"]);
    let s = sheet(
        &[],
        &[
            "classes.paladin, slot: class, level: 5",
            "classes.wizard, slot: class, level: 3",
        ],
    );
    assert_eq!(values(&s, &slots), ["5", "4", "3", "2"]);
}

#[test]
fn a_level_on_an_item_without_levels_is_an_issue() {
    let s = sheet(
        &[],
        &[
            "classes.fighter, slot: class, level: 1",
            "armor.plate, slot: armor, level: 2",
        ],
    );
    let found: Vec<(&str, Option<&str>)> = s
        .issues
        .iter()
        .filter(|d| d.code.name == "content-level-unexpected")
        .map(|d| (d.code.name, d.location.pointer.as_deref()))
        .collect();
    assert_eq!(
        found,
        [("content-level-unexpected", Some("/content/1/level"))]
    );
}
