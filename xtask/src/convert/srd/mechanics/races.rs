//! Racial traits and races (SRD 5.1, "Races"): the numbers and flags their data leaves in
//! text, with the grants and choices it leaves out.

use serde_json::{Map, Value, json};

use super::{Ctx, Entry, Error, PropertyEntry};
use crate::convert::srd::{index, list, props};

/// Racial traits (SRD 5.1, "Races").
pub const TRAITS: &[Entry] = &[
    (
        "dwarven-resilience",
        "Dwarf: advantage on saves against poison, resistance to poison damage",
        &[
            ("advantage.saves_vs_poison", "set", "true", ""),
            ("resistance.poison", "set", "true", ""),
        ],
    ),
    (
        "fey-ancestry",
        "Elf, half-elf: advantage on saves against being charmed; magic can't put you to sleep",
        &[
            ("advantage.saves_vs_charmed", "set", "true", ""),
            ("immune.magical_sleep", "set", "true", ""),
        ],
    ),
    (
        "lucky",
        "Halfling: reroll a natural 1 on an attack roll, ability check or saving throw",
        &[("flags.reroll_natural_one", "set", "true", "")],
    ),
    (
        "brave",
        "Halfling: advantage on saves against being frightened",
        &[("advantage.saves_vs_frightened", "set", "true", "")],
    ),
    (
        "gnome-cunning",
        "Gnome: advantage on Intelligence, Wisdom and Charisma saves against magic",
        &[("advantage.mental_saves_vs_magic", "set", "true", "")],
    ),
    (
        "hellish-resistance",
        "Tiefling: resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "savage-attacks",
        "Half-orc: one extra weapon damage die on a melee critical hit",
        &[(
            "combat.critical_extra_dice",
            "add",
            "item.critical_extra_dice",
            "",
        )],
    ),
    (
        "draconic-ancestry-black",
        "Dragonborn Damage Resistance: the ancestry's damage type (black: acid)",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "draconic-ancestry-blue",
        "Dragonborn Damage Resistance: the ancestry's damage type (blue: lightning)",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "draconic-ancestry-brass",
        "Dragonborn Damage Resistance: the ancestry's damage type (brass: fire)",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "draconic-ancestry-bronze",
        "Dragonborn Damage Resistance: the ancestry's damage type (bronze: lightning)",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "draconic-ancestry-copper",
        "Dragonborn Damage Resistance: the ancestry's damage type (copper: acid)",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "draconic-ancestry-gold",
        "Dragonborn Damage Resistance: the ancestry's damage type (gold: fire)",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "draconic-ancestry-green",
        "Dragonborn Damage Resistance: the ancestry's damage type (green: poison)",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "draconic-ancestry-red",
        "Dragonborn Damage Resistance: the ancestry's damage type (red: fire)",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "draconic-ancestry-silver",
        "Dragonborn Damage Resistance: the ancestry's damage type (silver: cold)",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "draconic-ancestry-white",
        "Dragonborn Damage Resistance: the ancestry's damage type (white: cold)",
        &[("resistance.cold", "set", "true", "")],
    ),
];

/// What racial traits grant beyond the data: `(trait, rule, [(item, when)])`. Racial spells
/// are the race's own copies ([`RACIAL_SPELLS`]).
pub const TRAIT_GRANTS: &[PropertyEntry] = &[(
    "infernal-legacy",
    "Tiefling: thaumaturgy; hellish rebuke from 3rd level; darkness from 5th level",
    &[
        ("racial-spells.tiefling-thaumaturgy", ""),
        ("racial-spells.tiefling-hellish-rebuke", "level >= 3"),
        ("racial-spells.tiefling-darkness", "level >= 5"),
    ],
)];

/// A racial spell: `(local ID under racial-spells, SRD rule, the spell it extends, the
/// ability it is cast with, properties that differ)`.
pub type RacialSpell = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// Spells a race casts with its own ability, not a class's (SRD 5.1, "Races"): each is an
/// extension of the spell whose attack bonus and save DC read that ability (`proficiency +
/// abilities.<a>.mod`, `8 + proficiency + abilities.<a>.mod`, the spell-attack and save-DC
/// rules of "Spellcasting").
pub const RACIAL_SPELLS: &[RacialSpell] = &[
    (
        "tiefling-thaumaturgy",
        "Infernal Legacy: thaumaturgy, Charisma",
        "thaumaturgy",
        "cha",
        &[],
    ),
    (
        "tiefling-hellish-rebuke",
        "Infernal Legacy: hellish rebuke once a day as a 2nd-level spell (2d10 + 1d10 for the level above 1st), Charisma",
        "hellish-rebuke",
        "cha",
        &[("damage", "3d10")],
    ),
    (
        "tiefling-darkness",
        "Infernal Legacy: darkness once a day, Charisma",
        "darkness",
        "cha",
        &[],
    ),
    (
        "high-elf-acid-splash",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "acid-splash",
        "int",
        &[],
    ),
    (
        "high-elf-chill-touch",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "chill-touch",
        "int",
        &[],
    ),
    (
        "high-elf-dancing-lights",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "dancing-lights",
        "int",
        &[],
    ),
    (
        "high-elf-fire-bolt",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "fire-bolt",
        "int",
        &[],
    ),
    (
        "high-elf-light",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "light",
        "int",
        &[],
    ),
    (
        "high-elf-mage-hand",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "mage-hand",
        "int",
        &[],
    ),
    (
        "high-elf-mending",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "mending",
        "int",
        &[],
    ),
    (
        "high-elf-message",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "message",
        "int",
        &[],
    ),
    (
        "high-elf-minor-illusion",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "minor-illusion",
        "int",
        &[],
    ),
    (
        "high-elf-poison-spray",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "poison-spray",
        "int",
        &[],
    ),
    (
        "high-elf-prestidigitation",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "prestidigitation",
        "int",
        &[],
    ),
    (
        "high-elf-ray-of-frost",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "ray-of-frost",
        "int",
        &[],
    ),
    (
        "high-elf-shocking-grasp",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "shocking-grasp",
        "int",
        &[],
    ),
    (
        "high-elf-true-strike",
        "High Elf Cantrip: a wizard cantrip, Intelligence",
        "true-strike",
        "int",
        &[],
    ),
];

/// The racial copy a trait's choice offers in place of the spell `spell` (`spells.fire-bolt`
/// in the high elf's cantrip becomes `racial-spells.high-elf-fire-bolt`).
pub fn racial_choice(trait_index: &str, spell: &str) -> Option<String> {
    let prefix = match trait_index {
        "high-elf-cantrip" => "high-elf",
        _ => return None,
    };
    let local = spell.strip_prefix("spells.")?;
    RACIAL_SPELLS
        .iter()
        .find(|(id, _, extends, _, _)| *extends == local && id.starts_with(prefix))
        .map(|(id, _, _, _, _)| format!("racial-spells.{id}"))
}

/// A trait's resource: `(trait, SRD rule, resource ID, maximum, recovery event)`.
pub type TraitResource = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// Racial traits used a number of times between rests (SRD 5.1, "Races").
pub const TRAIT_RESOURCES: &[TraitResource] = &[
    (
        "breath-weapon",
        "Dragonborn Breath Weapon: once, then not again until a short or long rest",
        "uses",
        "1",
        "shortRest",
    ),
    (
        "relentless-endurance",
        "Half-Orc Relentless Endurance: once, then not again until a long rest",
        "uses",
        "1",
        "longRest",
    ),
    (
        "infernal-legacy",
        "Tiefling Infernal Legacy: hellish rebuke once a day from 3rd level (a long rest)",
        "hellish_rebuke",
        "if(level >= 3, 1, 0)",
        "longRest",
    ),
    (
        "infernal-legacy",
        "Tiefling Infernal Legacy: darkness once a day from 5th level (a long rest)",
        "darkness",
        "if(level >= 5, 1, 0)",
        "longRest",
    ),
];

/// Choices racial traits offer that the data leaves as text: `(trait, rule, choice, count,
/// items)`.
pub const TRAIT_CHOICES: &[(&str, &str, &str, u64, &[&str])] = &[
    (
        "tool-proficiency",
        "Dwarf: proficiency with one of smith's tools, brewer's supplies or mason's tools",
        "tool",
        1,
        &[
            "proficiencies.smiths-tools",
            "proficiencies.brewers-supplies",
            "proficiencies.masons-tools",
        ],
    ),
    (
        "skill-versatility",
        "Half-elf: proficiency in two skills of your choice",
        "skills",
        2,
        &[
            "proficiencies.skill-acrobatics",
            "proficiencies.skill-animal-handling",
            "proficiencies.skill-arcana",
            "proficiencies.skill-athletics",
            "proficiencies.skill-deception",
            "proficiencies.skill-history",
            "proficiencies.skill-insight",
            "proficiencies.skill-intimidation",
            "proficiencies.skill-investigation",
            "proficiencies.skill-medicine",
            "proficiencies.skill-nature",
            "proficiencies.skill-perception",
            "proficiencies.skill-performance",
            "proficiencies.skill-persuasion",
            "proficiencies.skill-religion",
            "proficiencies.skill-sleight-of-hand",
            "proficiencies.skill-stealth",
            "proficiencies.skill-survival",
        ],
    ),
];

/// Races (SRD 5.1, "Races"), beyond the data's ability increases and speed.
pub const RACES: &[Entry] = &[(
    "dwarf",
    "Dwarf Speed: not reduced by wearing heavy armor (cancels the rules' heavy-armor slowing)",
    &[(
        "speed.walk",
        "add",
        "10",
        "combat.armor.str_minimum > abilities.str",
    )],
)];

/// A race's ability-score increases of the player's choice (SRD 5.1, Half-Elf, "Ability Score
/// Increase": two abilities other than Charisma, +1 each), from the data's
/// `ability_bonus_options`. Each option becomes a trait of the race that adds its bonus
/// (`traits.half-elf-ability-bonus-dex`), and the race asks a choice of `choose` of them, as
/// Draconic Ancestry asks its subtrait: the format has no "pick an ability" item, and a trait
/// the character owns is what carries an effect. The same trait picked twice is owned once,
/// so the two +1s go to two different abilities, as the SRD asks.
pub fn ability_bonus_choice(
    ctx: &mut Ctx<'_>,
    race: &str,
    options: &Value,
) -> Result<Value, Error> {
    let mut items = Vec::new();
    for option in list(&options["from"], "options") {
        let ability = index(&option["ability_score"]);
        let Some(bonus) = option["bonus"].as_i64() else {
            continue;
        };
        if ability.is_empty() {
            continue;
        }
        let label = option["ability_score"]["name"].as_str().unwrap_or(ability);
        let local = format!("{race}-ability-bonus-{ability}");
        let id = ctx.item(
            "traits",
            &local,
            "trait",
            &format!("Ability Score Increase ({label} +{bonus})"),
            props([
                (
                    "properties",
                    json!({ "races": [format!("races.{race}")] }),
                ),
                (
                    "effects",
                    json!([{ "target": format!("abilities.{ability}"), "op": "add", "value": bonus.to_string() }]),
                ),
            ]),
        )?;
        items.push(json!(id));
    }
    let mut choice = Map::new();
    let count = options["choose"].as_u64().unwrap_or(1);
    if count != 1 {
        choice.insert("count".into(), json!(count));
    }
    choice.insert("items".into(), Value::Array(items));
    Ok(Value::Object(choice))
}
