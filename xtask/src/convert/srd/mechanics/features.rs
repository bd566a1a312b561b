//! Class features (SRD 5.1, "Classes"): effects, granted proficiencies, and the dice and DCs
//! a feature's rolls show, by level.

use super::{Entry, PropertyEntry};

/// Class features (SRD 5.1, "Classes") beyond those the content converter already gives.
pub const FEATURES: &[Entry] = &[
    (
        "brutal-critical-1-die",
        "Brutal Critical (barbarian 9): one additional weapon damage die on a critical hit (a base, the highest kept: Savage Attacks adds on it)",
        &[("combat.critical_extra_dice", "best", "1", "")],
    ),
    (
        "brutal-critical-2-dice",
        "Brutal Critical (barbarian 13): two additional dice",
        &[("combat.critical_extra_dice", "best", "2", "")],
    ),
    (
        "brutal-critical-3-dice",
        "Brutal Critical (barbarian 17): three additional dice",
        &[("combat.critical_extra_dice", "best", "3", "")],
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
            "lookup(levels(\"classes.monk\"), 2, 10, 6, 15, 10, 20, 14, 25, 18, 30)",
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
    (
        "aura-of-protection",
        "Aura of Protection (paladin 6): + Charisma modifier (minimum +1) to saving throws",
        &[
            (
                "paladin.aura_of_protection",
                "set",
                "max(1, abilities.cha.mod)",
                "",
            ),
            ("saves.*", "add", "paladin.aura_of_protection", ""),
        ],
    ),
    (
        "additional-magical-secrets",
        "Additional Magical Secrets (College of Lore, bard 6): two more spells known from any class",
        &[
            ("spellcasting.bard.spells_known", "add", "2", ""),
            ("spellcasting.spells_known", "add", "2", ""),
        ],
    ),
    (
        "bonus-cantrip",
        "Bonus Cantrip (Circle of the Land, druid 2): one more druid cantrip known",
        &[
            ("spellcasting.druid.cantrips_known", "add", "1", ""),
            ("spellcasting.cantrips_known", "add", "1", ""),
        ],
    ),
    (
        "eldritch-invocation-armor-of-shadows",
        "Armor of Shadows: mage armor at will, AC 13 + DEX without armor (a base, the higher kept)",
        &[(
            "combat.ac.base",
            "best",
            "13 + abilities.dex.mod",
            "not(combat.armor.worn)",
        )],
    ),
    (
        "reckless-attack",
        "Reckless Attack (barbarian 2): advantage on Strength melee attacks (a flag)",
        &[("flags.reckless_attack", "set", "true", "")],
    ),
    (
        "uncanny-dodge",
        "Uncanny Dodge (rogue 5): half damage from an attacker you can see (a flag)",
        &[("flags.uncanny_dodge", "set", "true", "")],
    ),
    (
        "superior-hunters-defense-uncanny-dodge",
        "Superior Hunter's Defense, Uncanny Dodge (ranger 15) (a flag)",
        &[("flags.uncanny_dodge", "set", "true", "")],
    ),
    (
        "reliable-talent",
        "Reliable Talent (rogue 11): a d20 roll of 9 or lower counts as 10 on proficient checks (a flag)",
        &[("flags.reliable_talent", "set", "true", "")],
    ),
    (
        "potent-cantrip",
        "Potent Cantrip (School of Evocation, wizard 6): half damage from a cantrip on a successful save (a flag)",
        &[("flags.potent_cantrip", "set", "true", "")],
    ),
    (
        "supreme-healing",
        "Supreme Healing (Life Domain, cleric 17): healing dice give their maximum (a flag)",
        &[("flags.supreme_healing", "set", "true", "")],
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

/// Dice, DCs and numbers of class features, shown as the feature's rolls:
/// `(feature, rule, [(property, value)])`. Each scales with its class's own level (`levels("classes.monk")`).
pub const FEATURE_ROLLS: &[PropertyEntry] = &[
    (
        "sneak-attack",
        "Sneak Attack (rogue table): 1d6 at 1st level, a die more every odd level, 10d6 at 19th",
        &[("damage", "(ceil(levels(\"classes.rogue\") / 2))d6")],
    ),
    (
        "ki",
        "Ki (monk 2): the ki save DC, 8 + proficiency bonus + Wisdom modifier",
        &[("save_dc", "8 + proficiency + abilities.wis.mod")],
    ),
    (
        "dark-ones-own-luck",
        "Dark One's Own Luck (Fiend, warlock 6): add a d10 to an ability check or saving throw",
        &[("die", "1d10")],
    ),
    (
        "font-of-inspiration",
        "Font of Inspiration (bard 5): the Bardic Inspiration die of the bard's level, shown with the uses it carries",
        &[(
            "die",
            "1d(lookup(levels(\"classes.bard\"), 1, 6, 5, 8, 10, 10, 15, 12))",
        )],
    ),
    (
        "cutting-words",
        "Cutting Words (College of Lore, bard 3): a Bardic Inspiration die subtracted from a roll",
        &[(
            "die",
            "1d(lookup(levels(\"classes.bard\"), 1, 6, 5, 8, 10, 10, 15, 12))",
        )],
    ),
    (
        "peerless-skill",
        "Peerless Skill (College of Lore, bard 14): a Bardic Inspiration die added to a check",
        &[(
            "die",
            "1d(lookup(levels(\"classes.bard\"), 1, 6, 5, 8, 10, 10, 15, 12))",
        )],
    ),
    (
        "relentless-rage",
        "Relentless Rage (barbarian 11): a DC 10 Constitution save to drop to 1 hit point instead (+5 each time after, back to 10 on a rest)",
        &[("save_dc", "10"), ("save_ability", "abilities.con")],
    ),
    (
        "second-wind",
        "Second Wind (fighter 1): regain 1d10 + fighter level hit points",
        &[("heal", "1d10 + levels(\"classes.fighter\")")],
    ),
    (
        "martial-arts",
        "Martial Arts (monk table): an unarmed strike with DEX or STR, proficient: d4 bludgeoning, d6 at 5th, d8 at 11th, d10 at 17th, + DEX or STR",
        &[
            (
                "damage",
                "1d(lookup(levels(\"classes.monk\"), 1, 4, 5, 6, 11, 8, 17, 10)) + max(abilities.str.mod, abilities.dex.mod)",
            ),
            (
                "die",
                "1d(lookup(levels(\"classes.monk\"), 1, 4, 5, 6, 11, 8, 17, 10))",
            ),
            (
                "attack_bonus",
                "proficiency + max(abilities.str.mod, abilities.dex.mod)",
            ),
            ("damage_type", "damage-types.bludgeoning"),
        ],
    ),
    (
        "bardic-inspiration-d6",
        "Bardic Inspiration (bard table): a d6, d8 at 5th level, d10 at 10th, d12 at 15th (the die the feature gives now)",
        &[(
            "die",
            "1d(lookup(levels(\"classes.bard\"), 1, 6, 5, 8, 10, 10, 15, 12))",
        )],
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
        "Song of Rest (bard table): an extra 1d6 hit points, 1d8 at 9th level, 1d10 at 13th, 1d12 at 17th (the die now)",
        &[(
            "heal",
            "1d(lookup(levels(\"classes.bard\"), 2, 6, 9, 8, 13, 10, 17, 12))",
        )],
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
            (
                "damage",
                "(lookup(levels(\"classes.cleric\"), 8, 1, 14, 2))d8",
            ),
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
        &[("heal", "5 * levels(\"classes.cleric\")")],
    ),
    (
        "wholeness-of-body",
        "Wholeness of Body (Way of the Open Hand, monk 6): regain 3 × monk level hit points",
        &[("heal", "3 * levels(\"classes.monk\")")],
    ),
    (
        "survivor",
        "Survivor (Champion, fighter 18): regain 5 + CON modifier hit points each turn (below half, above 0)",
        &[("heal", "5 + abilities.con.mod")],
    ),
    (
        "dark-ones-blessing",
        "Dark One's Blessing (Fiend, warlock 1): temporary hit points = CHA modifier + warlock level (minimum 1)",
        &[(
            "temp_hp",
            "max(1, abilities.cha.mod + levels(\"classes.warlock\"))",
        )],
    ),
    (
        "hurl-through-hell",
        "Hurl Through Hell (Fiend, warlock 14): 10d10 psychic damage",
        &[("damage", "10d10"), ("damage_type", "damage-types.psychic")],
    ),
    (
        "deflect-missiles",
        "Deflect Missiles (monk 3): damage reduced by 1d10 + DEX modifier + monk level",
        &[(
            "reduction",
            "1d10 + abilities.dex.mod + levels(\"classes.monk\")",
        )],
    ),
    (
        "slow-fall",
        "Slow Fall (monk 4): falling damage reduced by 5 × monk level",
        &[("reduction", "5 * levels(\"classes.monk\")")],
    ),
];
