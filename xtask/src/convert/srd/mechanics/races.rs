//! Racial traits and races (SRD 5.1, "Races"): the numbers and flags their data leaves in
//! text, with the grants and choices it leaves out.

use super::{Entry, PropertyEntry};

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
        &[("combat.critical_extra_dice", "add", "1", "")],
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

/// What racial traits grant beyond the data: `(trait, rule, [(item, when)])`.
pub const TRAIT_GRANTS: &[PropertyEntry] = &[(
    "infernal-legacy",
    "Tiefling: thaumaturgy; hellish rebuke from 3rd level; darkness from 5th level",
    &[
        ("spells.thaumaturgy", ""),
        ("spells.hellish-rebuke", "level >= 3"),
        ("spells.darkness", "level >= 5"),
    ],
)];

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
