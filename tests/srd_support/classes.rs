//! The SRD 5.1 character rules the hand-worked characters are recomputed with: per class (hit
//! die, saving throws, when the subclass is chosen, ability score improvement levels, cantrips
//! and spells known), per race (speed, ability increases), and the armor and weapon tables.
//! Every table is the SRD's, as the 5e-database gives it (file and entry named on each).

/// A class's hit die (5e-SRD-Classes.json `hit_die`).
pub fn hit_die(class: &str) -> Option<i64> {
    Some(match class {
        "barbarian" => 12,
        "fighter" | "paladin" | "ranger" => 10,
        "bard" | "cleric" | "druid" | "monk" | "rogue" | "warlock" => 8,
        "sorcerer" | "wizard" => 6,
        _ => return None,
    })
}

/// A class's saving throw proficiencies (5e-SRD-Classes.json `saving_throws`); a multiclassed
/// character has only its first class's.
pub fn class_saves(class: &str) -> &'static [&'static str] {
    match class {
        "barbarian" | "fighter" => &["str", "con"],
        "bard" => &["dex", "cha"],
        "cleric" | "paladin" | "warlock" => &["wis", "cha"],
        "druid" | "wizard" => &["int", "wis"],
        "monk" | "ranger" => &["str", "dex"],
        "rogue" => &["dex", "int"],
        "sorcerer" => &["con", "cha"],
        _ => &[],
    }
}

/// The SRD subclass of each class and the class level it is chosen at (5e-SRD-Subclasses.json;
/// the class features `primal-path` 3, `bard-college` 3, `divine-domain` 1, `druid-circle` 2,
/// `martial-archetype` 3, `monastic-tradition` 3, `sacred-oath` 3, `ranger-archetype` 3,
/// `roguish-archetype` 3, `sorcerous-origin` 1, `otherworldly-patron` 1, `arcane-tradition` 2).
pub fn subclass(class: &str) -> Option<(&'static str, i64)> {
    Some(match class {
        "barbarian" => ("berserker", 3),
        "bard" => ("lore", 3),
        "cleric" => ("life", 1),
        "druid" => ("land", 2),
        "fighter" => ("champion", 3),
        "monk" => ("open-hand", 3),
        "paladin" => ("devotion", 3),
        "ranger" => ("hunter", 3),
        "rogue" => ("thief", 3),
        "sorcerer" => ("draconic", 1),
        "warlock" => ("fiend", 1),
        "wizard" => ("evocation", 2),
        _ => return None,
    })
}

/// The class levels with an Ability Score Improvement: 4, 8, 12, 16, 19; the fighter also 6
/// and 14, the rogue also 10 (5e-SRD-Levels.json `ability_score_bonuses` stepping up).
pub fn asi_levels(class: &str) -> &'static [i64] {
    match class {
        "fighter" => &[4, 6, 8, 12, 14, 16, 19],
        "rogue" => &[4, 8, 10, 12, 16, 19],
        _ => &[4, 8, 12, 16, 19],
    }
}

/// A race's walking speed (5e-SRD-Races.json `speed`).
pub fn race_speed(race: &str) -> Option<i64> {
    Some(match race {
        "dwarf" | "halfling" | "gnome" => 25,
        "elf" | "human" | "dragonborn" | "half-elf" | "half-orc" | "tiefling" => 30,
        _ => return None,
    })
}

/// A race's and subrace's fixed ability increases (5e-SRD-Races.json and 5e-SRD-Subraces.json
/// `ability_bonuses`); the half-elf's two free +1s are checked by the caller.
pub fn race_increases(race: &str, subrace: &str) -> Option<Vec<(&'static str, i64)>> {
    let mut out: Vec<(&'static str, i64)> = match race {
        "dwarf" => vec![("con", 2)],
        "elf" | "halfling" => vec![("dex", 2)],
        "human" => super::ABILITIES.iter().map(|a| (*a, 1)).collect(),
        "dragonborn" => vec![("str", 2), ("cha", 1)],
        "gnome" => vec![("int", 2)],
        "half-elf" => vec![("cha", 2)],
        "half-orc" => vec![("str", 2), ("con", 1)],
        "tiefling" => vec![("int", 1), ("cha", 2)],
        _ => return None,
    };
    match (race, subrace) {
        ("dwarf", "hill-dwarf") => out.push(("wis", 1)),
        ("elf", "high-elf") => out.push(("int", 1)),
        ("halfling", "lightfoot-halfling") => out.push(("cha", 1)),
        ("gnome", "rock-gnome") => out.push(("con", 1)),
        (_, "none") => {}
        _ => return None,
    }
    Some(out)
}

/// Body armor: (base AC, the cap on the DEX bonus — `None` none, `Some(0)` no DEX —, the STR a
/// heavy armor needs) (5e-SRD-Equipment.json `armor_class`, `str_minimum`).
pub fn armor(index: &str) -> Option<(i64, Option<i64>, i64, &'static str)> {
    Some(match index {
        "padded-armor" | "leather-armor" => (11, None, 0, "light"),
        "studded-leather-armor" => (12, None, 0, "light"),
        "hide-armor" => (12, Some(2), 0, "medium"),
        "chain-shirt" => (13, Some(2), 0, "medium"),
        "scale-mail" | "breastplate" => (14, Some(2), 0, "medium"),
        "half-plate-armor" => (15, Some(2), 0, "medium"),
        "ring-mail" => (14, Some(0), 0, "heavy"),
        "chain-mail" => (16, Some(0), 13, "heavy"),
        "splint-armor" => (17, Some(0), 15, "heavy"),
        "plate-armor" => (18, Some(0), 15, "heavy"),
        _ => return None,
    })
}

/// A weapon's damage die and its versatile (two-handed) die (5e-SRD-Equipment.json `damage`,
/// `two_handed_damage`).
pub fn weapon_dice(index: &str) -> Option<(&'static str, Option<&'static str>)> {
    Some(match index {
        "greataxe" => ("1d12", None),
        "greatsword" => ("2d6", None),
        "handaxe" | "javelin" | "scimitar" | "shortsword" | "shortbow" | "mace" => ("1d6", None),
        "rapier" | "light-crossbow" | "longbow" => ("1d8", None),
        "dagger" | "dart" | "sling" => ("1d4", None),
        "warhammer" | "longsword" => ("1d8", Some("1d10")),
        "quarterstaff" => ("1d6", Some("1d8")),
        "heavy-crossbow" => ("1d10", None),
        "unarmed-strike" => ("1", None),
        _ => return None,
    })
}

/// Cantrips known by class level (the class tables' Cantrips Known column; 5e-SRD-Levels.json
/// `spellcasting.cantrips_known`).
pub fn cantrips_known(class: &str, level: i64) -> Option<i64> {
    let steps: [i64; 3] = match class {
        "bard" | "druid" | "warlock" => [2, 3, 4],
        "cleric" | "wizard" => [3, 4, 5],
        "sorcerer" => [4, 5, 6],
        _ => return None,
    };
    Some(match level {
        ..=3 => steps[0],
        4..=9 => steps[1],
        _ => steps[2],
    })
}

/// Spells known by class level (the Spells Known columns; 5e-SRD-Levels.json
/// `spellcasting.spells_known`); `None` for classes that prepare.
pub fn spells_known(class: &str, level: i64) -> Option<i64> {
    let table: [i64; 20] = match class {
        "bard" => [
            4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 15, 16, 18, 19, 19, 20, 22, 22, 22,
        ],
        "sorcerer" => [
            2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15, 15, 15, 15,
        ],
        "warlock" => [
            2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15,
        ],
        "ranger" => [
            0, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
        ],
        _ => return None,
    };
    usize::try_from(level - 1)
        .ok()
        .and_then(|i| table.get(i).copied())
}

/// A class's spellcasting ability and kind: `full`, `half` (paladin, ranger: from 2nd level)
/// or `pact` (warlock).
pub fn caster(class: &str) -> Option<(&'static str, &'static str)> {
    Some(match class {
        "bard" | "sorcerer" => ("cha", "full"),
        "cleric" | "druid" => ("wis", "full"),
        "wizard" => ("int", "full"),
        "paladin" => ("cha", "half"),
        "ranger" => ("wis", "half"),
        "warlock" => ("cha", "pact"),
        _ => return None,
    })
}
