//! Mechanics the SRD 5.1 states only in its text, written here as data tables so the pack stays
//! regenerable: racial traits, races, magic items and class features that change a number or
//! set a flag, each entry naming the SRD rule it encodes. The numbers are facts (a score of 19,
//! resistance to fire, 2d4 + 2 hit points); no rules prose is copied.
//!
//! Why a separate module: the content converter maps what the 5e-database holds structured;
//! these tables hold what it does not, one table per concern, so an entry is easy to check
//! against the SRD and the coverage report ([`super::coverage`]) can tell what is done from
//! what waits for a mechanism of the format.
//!
//! The flags the tables set (resistances, immunities, advantages, Evasion) are boolean fields
//! of their own rules document, `rules/defenses.yaml`, written by [`write_rules`].

use serde_json::{Map, Value, json};

use super::{Ctx, Error};

/// One effect: `(target, op, value, when)`; an empty `when` is "always". A target of
/// `saves.*` or `skills.*` stands for every save or every skill.
pub type Fx = (&'static str, &'static str, &'static str, &'static str);

/// A table entry: the content's local ID, the SRD rule it encodes, and its effects.
pub type Entry = (&'static str, &'static str, &'static [Fx]);

/// The SRD's damage types, for the resistance and immunity flags.
pub const DAMAGE_TYPES: [&str; 13] = [
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
];

/// The skills' field words, for effects on every skill (`skills.*`).
const SKILLS: [&str; 18] = [
    "acrobatics",
    "animal_handling",
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
    "sleight_of_hand",
    "stealth",
    "survival",
];

/// Flags beside the damage types' resistances and immunities: `(field, label)`.
const FLAGS: [(&str, &str); 9] = [
    (
        "advantage.saves_vs_poison",
        "Advantage on saves against poison",
    ),
    (
        "advantage.saves_vs_charmed",
        "Advantage on saves against being charmed",
    ),
    (
        "advantage.saves_vs_frightened",
        "Advantage on saves against being frightened",
    ),
    (
        "advantage.mental_saves_vs_magic",
        "Advantage on Intelligence, Wisdom and Charisma saves against magic",
    ),
    (
        "advantage.dex_saves_vs_seen_effects",
        "Advantage on Dexterity saves against effects you can see",
    ),
    ("immune.magical_sleep", "Magic cannot put you to sleep"),
    ("immune.disease", "Immune to disease"),
    ("flags.evasion", "Evasion"),
    (
        "flags.reroll_natural_one",
        "Reroll a natural 1 on an attack, check or save",
    ),
];

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
pub const TRAIT_GRANTS: &[(&str, &str, &[(&str, &str)])] = &[(
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

/// Magic items (SRD 5.1, "Magic Items") whose numbers the format expresses now.
pub const ITEMS: &[Entry] = &[
    (
        "ring-of-protection",
        "Ring of Protection: +1 bonus to AC and saving throws",
        &[
            ("combat.ac_bonus", "add", "1", ""),
            ("saves.*", "add", "1", ""),
        ],
    ),
    (
        "cloak-of-protection",
        "Cloak of Protection: +1 bonus to AC and saving throws",
        &[
            ("combat.ac_bonus", "add", "1", ""),
            ("saves.*", "add", "1", ""),
        ],
    ),
    (
        "ioun-stone-of-protection",
        "Ioun Stone (Protection): +1 bonus to AC",
        &[("combat.ac_bonus", "add", "1", "")],
    ),
    (
        "ioun-stone-of-mastery",
        "Ioun Stone (Mastery): proficiency bonus increases by 1",
        &[("proficiency", "add", "1", "")],
    ),
    (
        "robe-of-stars",
        "Robe of Stars: +1 bonus to saving throws",
        &[("saves.*", "add", "1", "")],
    ),
    (
        "luck-blade",
        "Luck Blade: +1 bonus to saving throws while on your person",
        &[("saves.*", "add", "1", "")],
    ),
    (
        "stone-of-good-luck-luckstone",
        "Stone of Good Luck: +1 bonus to ability checks and saving throws",
        &[("saves.*", "add", "1", ""), ("skills.*", "add", "1", "")],
    ),
    (
        "bracers-of-defense",
        "Bracers of Defense: +2 bonus to AC while wearing no armor and using no shield",
        &[(
            "combat.ac_bonus",
            "add",
            "2",
            "not(combat.armor.worn) and combat.shield_bonus == 0",
        )],
    ),
    (
        "staff-of-power",
        "Staff of Power: +2 bonus to AC, saving throws and spell attack rolls",
        &[
            ("combat.ac_bonus", "add", "2", ""),
            ("saves.*", "add", "2", ""),
            ("spellcasting.attack", "add", "2", ""),
        ],
    ),
    (
        "staff-of-the-magi",
        "Staff of the Magi: +2 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "2", "")],
    ),
    (
        "robe-of-the-archmagi",
        "Robe of the Archmagi: base AC 15 + Dexterity without armor; spell save DC and spell attack +2",
        &[
            ("combat.armor.base", "set", "15", "not(combat.armor.worn)"),
            ("spellcasting.save_dc", "add", "2", ""),
            ("spellcasting.attack", "add", "2", ""),
        ],
    ),
    (
        "wand-of-the-war-mage-1",
        "Wand of the War Mage, +1: +1 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "1", "")],
    ),
    (
        "wand-of-the-war-mage-2",
        "Wand of the War Mage, +2: +2 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "2", "")],
    ),
    (
        "wand-of-the-war-mage-3",
        "Wand of the War Mage, +3: +3 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "3", "")],
    ),
    (
        "berserker-axe",
        "Berserker Axe: hit point maximum +1 per level",
        &[("hp.bonus_per_level", "add", "1", "")],
    ),
    (
        "headband-of-intellect",
        "Headband of Intellect: Intelligence 19 (no effect if already 19 or higher)",
        &[("abilities.int", "min", "19", "")],
    ),
    (
        "amulet-of-health",
        "Amulet of Health: Constitution 19 (no effect if already 19 or higher)",
        &[("abilities.con", "min", "19", "")],
    ),
    (
        "gauntlets-of-ogre-power",
        "Gauntlets of Ogre Power: Strength 19 (no effect if already 19 or higher)",
        &[("abilities.str", "min", "19", "")],
    ),
    (
        "belt-of-giant-strength-hill",
        "Belt of Hill Giant Strength: Strength 21 unless already higher",
        &[("abilities.str", "min", "21", "")],
    ),
    (
        "belt-of-giant-strength-stone",
        "Belt of Stone Giant Strength: Strength 23 unless already higher",
        &[("abilities.str", "min", "23", "")],
    ),
    (
        "belt-of-giant-strength-frost",
        "Belt of Frost Giant Strength: Strength 23 unless already higher",
        &[("abilities.str", "min", "23", "")],
    ),
    (
        "belt-of-giant-strength-fire",
        "Belt of Fire Giant Strength: Strength 25 unless already higher",
        &[("abilities.str", "min", "25", "")],
    ),
    (
        "belt-of-giant-strength-cloud",
        "Belt of Cloud Giant Strength: Strength 27 unless already higher",
        &[("abilities.str", "min", "27", "")],
    ),
    (
        "belt-of-giant-strength-storm",
        "Belt of Storm Giant Strength: Strength 29 unless already higher",
        &[("abilities.str", "min", "29", "")],
    ),
    (
        "boots-of-striding-and-springing",
        "Boots of Striding and Springing: walking speed 30 feet unless higher",
        &[("speed.walk", "min", "30", "")],
    ),
    (
        "boots-of-the-winterlands",
        "Boots of the Winterlands: resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "cloak-of-arachnida",
        "Cloak of Arachnida: resistance to poison damage",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "goggles-of-night",
        "Goggles of Night: darkvision 60 feet, or 60 feet more if you already have it",
        &[("senses.darkvision", "add", "60", "")],
    ),
    (
        "robe-of-eyes",
        "Robe of Eyes: darkvision 120 feet",
        &[("senses.darkvision", "min", "120", "")],
    ),
    (
        "belt-of-dwarvenkind",
        "Belt of Dwarvenkind: darkvision 60 feet; advantage on saves against poison and resistance to poison damage (its +2 Constitution waits for a raised maximum)",
        &[
            ("senses.darkvision", "min", "60", ""),
            ("advantage.saves_vs_poison", "set", "true", ""),
            ("resistance.poison", "set", "true", ""),
        ],
    ),
    (
        "brooch-of-shielding",
        "Brooch of Shielding: resistance to force damage",
        &[("resistance.force", "set", "true", "")],
    ),
    (
        "ring-of-warmth",
        "Ring of Warmth: resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "frost-brand",
        "Frost Brand: resistance to fire damage while holding the sword",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "periapt-of-proof-against-poison",
        "Periapt of Proof against Poison: immune to poison damage",
        &[("immunity.poison", "set", "true", "")],
    ),
    (
        "periapt-of-health",
        "Periapt of Health: immune to contracting any disease",
        &[("immune.disease", "set", "true", "")],
    ),
    (
        "ring-of-resistance-acid",
        "Ring of Resistance (acid): resistance to acid damage",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "ring-of-resistance-cold",
        "Ring of Resistance (cold): resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "ring-of-resistance-fire",
        "Ring of Resistance (fire): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "ring-of-resistance-force",
        "Ring of Resistance (force): resistance to force damage",
        &[("resistance.force", "set", "true", "")],
    ),
    (
        "ring-of-resistance-lightning",
        "Ring of Resistance (lightning): resistance to lightning damage",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "ring-of-resistance-necrotic",
        "Ring of Resistance (necrotic): resistance to necrotic damage",
        &[("resistance.necrotic", "set", "true", "")],
    ),
    (
        "ring-of-resistance-poison",
        "Ring of Resistance (poison): resistance to poison damage",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "ring-of-resistance-psychic",
        "Ring of Resistance (psychic): resistance to psychic damage",
        &[("resistance.psychic", "set", "true", "")],
    ),
    (
        "ring-of-resistance-radiant",
        "Ring of Resistance (radiant): resistance to radiant damage",
        &[("resistance.radiant", "set", "true", "")],
    ),
    (
        "ring-of-resistance-thunder",
        "Ring of Resistance (thunder): resistance to thunder damage",
        &[("resistance.thunder", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-black",
        "Dragon Scale Mail (black): resistance to acid damage",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-blue",
        "Dragon Scale Mail (blue): resistance to lightning damage",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-brass",
        "Dragon Scale Mail (brass): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-bronze",
        "Dragon Scale Mail (bronze): resistance to lightning damage",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-copper",
        "Dragon Scale Mail (copper): resistance to acid damage",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-gold",
        "Dragon Scale Mail (gold): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-green",
        "Dragon Scale Mail (green): resistance to poison damage",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-red",
        "Dragon Scale Mail (red): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-silver",
        "Dragon Scale Mail (silver): resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-white",
        "Dragon Scale Mail (white): resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
];

/// Dice and DCs of magic items, shown as the item's rolls: `(item, rule, [(property, value)])`.
/// Properties: `heal` and `damage` (dice), `damage_type`, `save_dc`, `save_ability`.
pub const ITEM_ROLLS: &[(&str, &str, &[(&str, &str)])] = &[
    (
        "potion-of-healing-common",
        "Potion of Healing: regain 2d4 + 2 hit points",
        &[("heal", "2d4 + 2")],
    ),
    (
        "potion-of-healing-greater",
        "Potion of Greater Healing: regain 4d4 + 4 hit points",
        &[("heal", "4d4 + 4")],
    ),
    (
        "potion-of-healing-superior",
        "Potion of Superior Healing: regain 8d4 + 8 hit points",
        &[("heal", "8d4 + 8")],
    ),
    (
        "potion-of-healing-supreme",
        "Potion of Supreme Healing: regain 10d4 + 20 hit points",
        &[("heal", "10d4 + 20")],
    ),
    (
        "restorative-ointment",
        "Restorative Ointment: one dose heals 2d8 + 2 hit points",
        &[("heal", "2d8 + 2")],
    ),
    (
        "ring-of-regeneration",
        "Ring of Regeneration: regain 1d6 hit points every 10 minutes",
        &[("heal", "1d6")],
    ),
    (
        "potion-of-poison",
        "Potion of Poison: 3d6 poison damage, DC 13 Constitution save",
        &[
            ("damage", "3d6"),
            ("damage_type", "damage-types.poison"),
            ("save_dc", "13"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "necklace-of-fireballs",
        "Necklace of Fireballs: a bead is a 3rd-level fireball (8d6 fire, DC 15 Dexterity save)",
        &[
            ("damage", "8d6"),
            ("damage_type", "damage-types.fire"),
            ("save_dc", "15"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "wand-of-fireballs",
        "Wand of Fireballs: fireball (8d6 fire, save DC 15 Dexterity)",
        &[
            ("damage", "8d6"),
            ("damage_type", "damage-types.fire"),
            ("save_dc", "15"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "wand-of-lightning-bolts",
        "Wand of Lightning Bolts: lightning bolt (8d6 lightning, save DC 15 Dexterity)",
        &[
            ("damage", "8d6"),
            ("damage_type", "damage-types.lightning"),
            ("save_dc", "15"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "javelin-of-lightning",
        "Javelin of Lightning: 4d6 lightning damage, DC 13 Dexterity save",
        &[
            ("damage", "4d6"),
            ("damage_type", "damage-types.lightning"),
            ("save_dc", "13"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "dagger-of-venom",
        "Dagger of Venom: 2d10 poison damage, DC 15 Constitution save",
        &[
            ("damage", "2d10"),
            ("damage_type", "damage-types.poison"),
            ("save_dc", "15"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "horn-of-blasting",
        "Horn of Blasting: 5d6 thunder damage, DC 15 Constitution save",
        &[
            ("damage", "5d6"),
            ("damage_type", "damage-types.thunder"),
            ("save_dc", "15"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "bead-of-force",
        "Bead of Force: 5d4 force damage, DC 15 Dexterity save",
        &[
            ("damage", "5d4"),
            ("damage_type", "damage-types.force"),
            ("save_dc", "15"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "flame-tongue",
        "Flame Tongue: an extra 2d6 fire damage on a hit while ablaze",
        &[("damage", "2d6"), ("damage_type", "damage-types.fire")],
    ),
    (
        "frost-brand",
        "Frost Brand: an extra 1d6 cold damage on a hit",
        &[("damage", "1d6"), ("damage_type", "damage-types.cold")],
    ),
    (
        "giant-slayer",
        "Giant Slayer: an extra 2d6 damage against a giant",
        &[("damage", "2d6")],
    ),
    (
        "dragon-slayer",
        "Dragon Slayer: an extra 3d6 damage against a dragon",
        &[("damage", "3d6")],
    ),
];

/// Class features (SRD 5.1, "Classes") beyond those the content converter already gives.
pub const FEATURES: &[Entry] = &[
    (
        "brutal-critical-1-die",
        "Brutal Critical (barbarian 9): one additional weapon damage die on a critical hit",
        &[("combat.critical_extra_dice", "min", "1", "")],
    ),
    (
        "brutal-critical-2-dice",
        "Brutal Critical (barbarian 13): two additional dice",
        &[("combat.critical_extra_dice", "min", "2", "")],
    ),
    (
        "brutal-critical-3-dice",
        "Brutal Critical (barbarian 17): three additional dice",
        &[("combat.critical_extra_dice", "min", "3", "")],
    ),
    (
        "danger-sense",
        "Danger Sense (barbarian 2): advantage on Dexterity saves against effects you can see",
        &[("advantage.dex_saves_vs_seen_effects", "set", "true", "")],
    ),
    (
        "monk-evasion",
        "Evasion (monk 7): no damage on a successful Dexterity save for half",
        &[("flags.evasion", "set", "true", "")],
    ),
    (
        "rogue-evasion",
        "Evasion (rogue 7): no damage on a successful Dexterity save for half",
        &[("flags.evasion", "set", "true", "")],
    ),
    (
        "superior-hunters-defense-evasion",
        "Superior Hunter's Defense, Evasion (ranger 15)",
        &[("flags.evasion", "set", "true", "")],
    ),
    (
        "purity-of-body",
        "Purity of Body (monk 10): immune to disease and poison",
        &[
            ("immune.disease", "set", "true", ""),
            ("immunity.poison", "set", "true", ""),
        ],
    ),
    (
        "divine-health",
        "Divine Health (paladin 3): immune to disease",
        &[("immune.disease", "set", "true", "")],
    ),
    (
        "unarmored-movement-1",
        "Unarmored Movement (monk 2): +10 feet of speed without armor or shield (the class table: +15 at 6, +20 at 10, +25 at 14, +30 at 18)",
        &[(
            "speed.walk",
            "add",
            "lookup(level, 2, 10, 6, 15, 10, 20, 14, 25, 18, 30)",
            "not(combat.armor.worn) and combat.shield_bonus == 0",
        )],
    ),
    (
        "primal-champion",
        "Primal Champion (barbarian 20): Strength and Constitution +4 (their maximum becomes 24)",
        &[
            ("abilities.str", "add", "4", ""),
            ("abilities.con", "add", "4", ""),
        ],
    ),
    (
        "fighter-fighting-style-dueling",
        "Fighting Style, Dueling: +2 damage with a one-handed melee weapon and no other weapon (a flag: the weapon in hand decides)",
        &[("combat.dueling_damage_bonus", "set", "2", "")],
    ),
    (
        "fighting-style-dueling",
        "Fighting Style, Dueling (paladin)",
        &[("combat.dueling_damage_bonus", "set", "2", "")],
    ),
    (
        "ranger-fighting-style-dueling",
        "Fighting Style, Dueling (ranger)",
        &[("combat.dueling_damage_bonus", "set", "2", "")],
    ),
    (
        "barbarian-extra-attack",
        "Extra Attack (barbarian 5): two attacks per Attack action",
        &[("combat.attacks", "min", "2", "")],
    ),
    (
        "monk-extra-attack",
        "Extra Attack (monk 5): two attacks per Attack action",
        &[("combat.attacks", "min", "2", "")],
    ),
    (
        "paladin-extra-attack",
        "Extra Attack (paladin 5): two attacks per Attack action",
        &[("combat.attacks", "min", "2", "")],
    ),
    (
        "ranger-extra-attack",
        "Extra Attack (ranger 5): two attacks per Attack action",
        &[("combat.attacks", "min", "2", "")],
    ),
    (
        "eldritch-invocation-devils-sight",
        "Devil's Sight: see normally in darkness to 120 feet",
        &[("senses.darkvision", "min", "120", "")],
    ),
    (
        "natures-ward",
        "Nature's Ward (Circle of the Land, druid 10): immune to poison and disease",
        &[
            ("immunity.poison", "set", "true", ""),
            ("immune.disease", "set", "true", ""),
        ],
    ),
    (
        "defensive-tactics-steel-will",
        "Defensive Tactics, Steel Will (ranger 7): advantage on saves against being frightened",
        &[("advantage.saves_vs_frightened", "set", "true", "")],
    ),
];

/// Proficiencies features grant beyond the data: `(feature, rule, [items])`.
pub const FEATURE_GRANTS: &[(&str, &str, &[&str])] = &[
    (
        "eldritch-invocation-beguiling-influence",
        "Beguiling Influence: proficiency in Deception and Persuasion",
        &[
            "proficiencies.skill-deception",
            "proficiencies.skill-persuasion",
        ],
    ),
    (
        "bonus-proficiency",
        "Bonus Proficiency (Life Domain, cleric 1): proficiency with heavy armor",
        &["proficiencies.heavy-armor"],
    ),
    (
        "slippery-mind",
        "Slippery Mind (rogue 15): proficiency in Wisdom saving throws",
        &["proficiencies.saving-throw-wis"],
    ),
    (
        "diamond-soul",
        "Diamond Soul (monk 14): proficiency in all saving throws",
        &[
            "proficiencies.saving-throw-str",
            "proficiencies.saving-throw-dex",
            "proficiencies.saving-throw-con",
            "proficiencies.saving-throw-int",
            "proficiencies.saving-throw-wis",
            "proficiencies.saving-throw-cha",
        ],
    ),
];

/// One table effect as the pack writes it, `saves.*` and `skills.*` spread over each save and
/// skill.
fn render(effects: &[Fx]) -> Vec<Value> {
    let mut out = Vec::new();
    for (target, op, value, when) in effects {
        let targets: Vec<String> = match *target {
            "saves.*" => ["str", "dex", "con", "int", "wis", "cha"]
                .iter()
                .map(|a| format!("saves.{a}"))
                .collect(),
            "skills.*" => SKILLS.iter().map(|s| format!("skills.{s}")).collect(),
            other => vec![other.to_owned()],
        };
        for target in targets {
            let mut effect = Map::new();
            effect.insert("target".into(), json!(target));
            effect.insert("op".into(), json!(op));
            effect.insert("value".into(), json!(value));
            if !when.is_empty() {
                effect.insert("when".into(), json!(when));
            }
            out.push(Value::Object(effect));
        }
    }
    out
}

/// The effects a table gives the content item `local`.
pub fn effects(table: &[Entry], local: &str) -> Vec<Value> {
    table
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, effects)| render(effects))
        .collect()
}

/// The grants [`TRAIT_GRANTS`] gives a trait.
pub fn trait_grants(local: &str) -> Vec<Value> {
    TRAIT_GRANTS
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, grants)| grants.iter())
        .map(|(item, when)| {
            if when.is_empty() {
                json!({ "item": item })
            } else {
                json!({ "item": item, "when": when })
            }
        })
        .collect()
}

/// The grants [`FEATURE_GRANTS`] gives a feature.
pub fn feature_grants(local: &str) -> Vec<Value> {
    FEATURE_GRANTS
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, items)| items.iter())
        .map(|item| json!({ "item": item }))
        .collect()
}

/// The choices [`TRAIT_CHOICES`] gives a trait, by choice ID.
pub fn trait_choices(local: &str) -> Map<String, Value> {
    let mut out = Map::new();
    for (_, _, id, count, items) in TRAIT_CHOICES.iter().filter(|c| c.0 == local) {
        let mut choice = Map::new();
        if *count != 1 {
            choice.insert("count".into(), json!(count));
        }
        choice.insert("items".into(), json!(items));
        out.insert((*id).to_owned(), Value::Object(choice));
    }
    out
}

/// The roll properties [`ITEM_ROLLS`] gives a magic item.
pub fn item_roll_properties(local: &str) -> Map<String, Value> {
    ITEM_ROLLS
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, properties)| properties.iter())
        .map(|(key, value)| {
            let value = match value.parse::<i64>() {
                Ok(n) if *key == "save_dc" => json!(n),
                _ => json!(value),
            };
            ((*key).to_owned(), value)
        })
        .collect()
}

/// A roll property's declaration: `(property, type, label)`.
pub type RollProperty = (&'static str, Value, &'static str);

/// What the magic-item and feature content types declare for [`ITEM_ROLLS`] and
/// [`FEATURE_ROLLS`]: their roll properties, with labels, the rolls they give, and the rolls'
/// labels; `None` for other types.
pub fn roll_declarations(
    type_id: &str,
) -> Option<(Vec<RollProperty>, Value, Vec<(String, String)>)> {
    let dice = || json!({ "type": "dice" });
    let mut properties: Vec<RollProperty> = vec![
        ("heal", dice(), "Healing"),
        ("damage", dice(), "Damage"),
        (
            "damage_type",
            json!({ "type": "content", "types": ["damage_type"] }),
            "Damage type",
        ),
        (
            "save_ability",
            json!({ "type": "content", "types": ["ability"] }),
            "Saving throw",
        ),
    ];
    let mut rolls = json!({
        "healing": { "dice": "item.heal", "requires": ["heal"] },
        "damage": { "dice": "item.damage", "about": "damage_type", "requires": ["damage"] },
        "save": { "dc": "item.save_dc", "about": "save_ability", "requires": ["save_dc"] },
    });
    let mut labels = vec![
        ("healing", "Healing"),
        ("damage", "Damage"),
        ("save", "Saving throw"),
    ];
    match type_id {
        "magic_item" => properties.push(("save_dc", json!({ "type": "number" }), "Save DC")),
        "feature" => {
            properties.push(("save_dc", json!({ "type": "formula" }), "Save DC"));
            properties.push(("temp_hp", dice(), "Temporary hit points"));
            properties.push(("die", dice(), "Die"));
            properties.push(("reduction", dice(), "Damage reduced by"));
            rolls["temporary_hit_points"] =
                json!({ "dice": "item.temp_hp", "requires": ["temp_hp"] });
            rolls["die"] = json!({ "dice": "item.die", "requires": ["die"] });
            rolls["reduction"] = json!({ "dice": "item.reduction", "requires": ["reduction"] });
            labels.extend([
                ("temporary_hit_points", "Temporary hit points"),
                ("die", "Die"),
                ("reduction", "Damage reduced by"),
            ]);
        }
        _ => return None,
    }
    let labels = labels
        .iter()
        .map(|(roll, text)| (format!("roll.{type_id}.{roll}.label"), (*text).to_owned()))
        .collect();
    Some((properties, rolls, labels))
}

/// Dice, DCs and numbers of class features, shown as the feature's rolls:
/// `(feature, rule, [(property, value)])`. `level` is the character's level (one class; levels
/// per class wait for issue 18's multiclassing).
pub const FEATURE_ROLLS: &[(&str, &str, &[(&str, &str)])] = &[
    (
        "sneak-attack",
        "Sneak Attack (rogue table): 1d6 at 1st level, a die more every odd level, 10d6 at 19th",
        &[("damage", "(ceil(level / 2))d6")],
    ),
    (
        "second-wind",
        "Second Wind (fighter 1): regain 1d10 + fighter level hit points",
        &[("heal", "1d10 + level")],
    ),
    (
        "martial-arts",
        "Martial Arts (monk table): d4, d6 at 5th, d8 at 11th, d10 at 17th, + DEX or STR",
        &[(
            "damage",
            "1d(lookup(level, 1, 4, 5, 6, 11, 8, 17, 10)) + max(abilities.str.mod, abilities.dex.mod)",
        )],
    ),
    (
        "bardic-inspiration-d6",
        "Bardic Inspiration (bard 1): a d6",
        &[("die", "1d6")],
    ),
    (
        "bardic-inspiration-d8",
        "Bardic Inspiration (bard 5): a d8",
        &[("die", "1d8")],
    ),
    (
        "bardic-inspiration-d10",
        "Bardic Inspiration (bard 10): a d10",
        &[("die", "1d10")],
    ),
    (
        "bardic-inspiration-d12",
        "Bardic Inspiration (bard 15): a d12",
        &[("die", "1d12")],
    ),
    (
        "song-of-rest-d6",
        "Song of Rest (bard 2): an extra 1d6 hit points",
        &[("heal", "1d6")],
    ),
    (
        "song-of-rest-d8",
        "Song of Rest (bard 9): 1d8",
        &[("heal", "1d8")],
    ),
    (
        "song-of-rest-d10",
        "Song of Rest (bard 13): 1d10",
        &[("heal", "1d10")],
    ),
    (
        "song-of-rest-d12",
        "Song of Rest (bard 17): 1d12",
        &[("heal", "1d12")],
    ),
    (
        "improved-divine-smite",
        "Improved Divine Smite (paladin 11): an extra 1d8 radiant damage on a melee weapon hit",
        &[("damage", "1d8"), ("damage_type", "damage-types.radiant")],
    ),
    (
        "divine-strike",
        "Divine Strike (Life Domain, cleric 8): an extra 1d8 radiant damage, 2d8 at 14th level",
        &[
            ("damage", "(lookup(level, 8, 1, 14, 2))d8"),
            ("damage_type", "damage-types.radiant"),
        ],
    ),
    (
        "hunters-prey-colossus-slayer",
        "Colossus Slayer (Hunter, ranger 3): an extra 1d8 damage once per turn",
        &[("damage", "1d8")],
    ),
    (
        "quivering-palm",
        "Quivering Palm (Way of the Open Hand, monk 17): 10d6 necrotic on a successful Constitution save; ki save DC",
        &[
            ("damage", "10d6"),
            ("damage_type", "damage-types.necrotic"),
            ("save_dc", "8 + proficiency + abilities.wis.mod"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "stunning-strike",
        "Stunning Strike (monk 5): Constitution save against the ki save DC, 8 + proficiency + WIS",
        &[
            ("save_dc", "8 + proficiency + abilities.wis.mod"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "open-hand-technique",
        "Open Hand Technique (monk 3): Dexterity save against the ki save DC",
        &[
            ("save_dc", "8 + proficiency + abilities.wis.mod"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "intimidating-presence",
        "Intimidating Presence (Berserker, barbarian 10): Wisdom save, DC 8 + proficiency + CHA",
        &[
            ("save_dc", "8 + proficiency + abilities.cha.mod"),
            ("save_ability", "abilities.wis"),
        ],
    ),
    (
        "channel-divinity-turn-undead",
        "Turn Undead (cleric 2): Wisdom save against the spell save DC",
        &[
            ("save_dc", "spellcasting.save_dc"),
            ("save_ability", "abilities.wis"),
        ],
    ),
    (
        "channel-divinity-turn-the-unholy",
        "Turn the Unholy (Oath of Devotion, paladin 3): Wisdom save against the spell save DC",
        &[
            ("save_dc", "spellcasting.save_dc"),
            ("save_ability", "abilities.wis"),
        ],
    ),
    (
        "draconic-presence",
        "Draconic Presence (Draconic Bloodline, sorcerer 18): Wisdom save against the spell save DC",
        &[
            ("save_dc", "spellcasting.save_dc"),
            ("save_ability", "abilities.wis"),
        ],
    ),
    (
        "channel-divinity-preserve-life",
        "Preserve Life (Life Domain, cleric 2): 5 × cleric level hit points to divide",
        &[("heal", "5 * level")],
    ),
    (
        "wholeness-of-body",
        "Wholeness of Body (Way of the Open Hand, monk 6): regain 3 × monk level hit points",
        &[("heal", "3 * level")],
    ),
    (
        "survivor",
        "Survivor (Champion, fighter 18): regain 5 + CON modifier hit points each turn (below half, above 0)",
        &[("heal", "5 + abilities.con.mod")],
    ),
    (
        "dark-ones-blessing",
        "Dark One's Blessing (Fiend, warlock 1): temporary hit points = CHA modifier + warlock level (minimum 1)",
        &[("temp_hp", "max(1, abilities.cha.mod + level)")],
    ),
    (
        "hurl-through-hell",
        "Hurl Through Hell (Fiend, warlock 14): 10d10 psychic damage",
        &[("damage", "10d10"), ("damage_type", "damage-types.psychic")],
    ),
    (
        "deflect-missiles",
        "Deflect Missiles (monk 3): damage reduced by 1d10 + DEX modifier + monk level",
        &[("reduction", "1d10 + abilities.dex.mod + level")],
    ),
    (
        "slow-fall",
        "Slow Fall (monk 4): falling damage reduced by 5 × monk level",
        &[("reduction", "5 * level")],
    ),
];

/// The roll properties [`FEATURE_ROLLS`] gives a feature.
pub fn feature_roll_properties(local: &str) -> Map<String, Value> {
    FEATURE_ROLLS
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, properties)| properties.iter())
        .map(|(key, value)| ((*key).to_owned(), json!(value)))
        .collect()
}

/// Writes `rules/defenses.yaml`: a boolean field per damage type's resistance and immunity,
/// the advantage and feature flags the tables set, the extra critical dice and the Dueling
/// damage bonus; each with its English label and a display group.
pub fn write_rules(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut fields = Map::new();
    let mut shown = Vec::new();
    let mut labels: Vec<(String, String)> = Vec::new();
    for (prefix, text) in [("resistance", "Resistance"), ("immunity", "Immunity")] {
        for kind in DAMAGE_TYPES {
            let field = format!("{prefix}.{kind}");
            fields.insert(
                field.clone(),
                json!({ "type": "boolean", "default": false }),
            );
            labels.push((field.clone(), format!("{text}: {kind}")));
            shown.push(field);
        }
    }
    for (field, text) in FLAGS {
        fields.insert(
            field.to_owned(),
            json!({ "type": "boolean", "default": false }),
        );
        labels.push((field.to_owned(), text.to_owned()));
        shown.push(field.to_owned());
    }
    for (field, text) in [
        (
            "combat.critical_extra_dice",
            "Extra weapon dice on a critical hit",
        ),
        (
            "combat.dueling_damage_bonus",
            "Damage bonus with one one-handed melee weapon",
        ),
    ] {
        fields.insert(field.to_owned(), json!({ "type": "number", "default": 0 }));
        labels.push((field.to_owned(), text.to_owned()));
        shown.push(field.to_owned());
    }
    for (field, text) in labels {
        ctx.out.text(format!("field.{field}.label"), &text)?;
    }
    ctx.out
        .text("hint.defenses.label", "Resistances, immunities and flags")?;
    ctx.out.file(
        "rules/defenses.yaml",
        json!({
            "fields": fields,
            "displayHints": { "defenses": { "fields": shown, "order": 7 } },
        }),
    )
}
