//! Magic items' dice, DCs and numbers shown as the item's rolls (SRD 5.1, "Magic Items"): a
//! potion's healing, a wand's save DC, a magic weapon's extra dice, a scroll's attack bonus, a
//! potion's score. Why a table: the 5e-database holds these only in each item's text.

use super::PropertyEntry;

/// Dice and DCs of magic items, shown as the item's rolls: `(item, rule, [(property, value)])`.
/// Properties: `heal` and `damage` (dice), `damage_type`, `save_dc`, `save_ability`; a magic
/// weapon or ammunition, a variant whose `damage` would replace its base's, has its extra dice
/// as `extra_damage` and `extra_damage_type` (rolls of the base's type).
pub const ITEM_ROLLS: &[PropertyEntry] = &[
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
            ("extra_damage", "4d6"),
            ("extra_damage_type", "damage-types.lightning"),
            ("save_dc", "13"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "dagger-of-venom",
        "Dagger of Venom: 2d10 poison damage, DC 15 Constitution save",
        &[
            ("extra_damage", "2d10"),
            ("extra_damage_type", "damage-types.poison"),
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
        &[
            ("extra_damage", "2d6"),
            ("extra_damage_type", "damage-types.fire"),
        ],
    ),
    (
        "frost-brand",
        "Frost Brand: an extra 1d6 cold damage on a hit",
        &[("damage", "1d6"), ("damage_type", "damage-types.cold")],
    ),
    (
        "giant-slayer",
        "Giant Slayer: an extra 2d6 damage against a giant",
        &[("extra_damage", "2d6")],
    ),
    (
        "dragon-slayer",
        "Dragon Slayer: an extra 3d6 damage against a dragon",
        &[("extra_damage", "3d6")],
    ),
    (
        "giant-slayer",
        "Giant Slayer: a giant hit makes a DC 15 Strength save or falls prone",
        &[("save_dc", "15"), ("save_ability", "abilities.str")],
    ),
    (
        "holy-avenger",
        "Holy Avenger: an extra 2d10 radiant damage to a fiend or an undead",
        &[
            ("extra_damage", "2d10"),
            ("extra_damage_type", "damage-types.radiant"),
        ],
    ),
    (
        "sun-blade",
        "Sun Blade: radiant damage instead of slashing; an extra 1d8 radiant to an undead",
        &[
            ("damage_type", "damage-types.radiant"),
            ("extra_damage", "1d8"),
            ("extra_damage_type", "damage-types.radiant"),
        ],
    ),
    (
        "mace-of-disruption",
        "Mace of Disruption: an extra 2d6 radiant damage to a fiend or an undead",
        &[
            ("extra_damage", "2d6"),
            ("extra_damage_type", "damage-types.radiant"),
        ],
    ),
    (
        "mace-of-smiting",
        "Mace of Smiting: an extra 2d6 bludgeoning damage on a 20",
        &[
            ("extra_damage", "2d6"),
            ("extra_damage_type", "damage-types.bludgeoning"),
        ],
    ),
    (
        "mace-of-terror",
        "Mace of Terror: DC 15 Wisdom save or frightened",
        &[("save_dc", "15"), ("save_ability", "abilities.wis")],
    ),
    (
        "oathbow",
        "Oathbow: an extra 3d6 piercing damage to the sworn enemy",
        &[
            ("extra_damage", "3d6"),
            ("extra_damage_type", "damage-types.piercing"),
        ],
    ),
    (
        "dwarven-thrower",
        "Dwarven Thrower: an extra 1d8 damage on a ranged hit (2d8 against a giant)",
        &[("extra_damage", "1d8")],
    ),
    (
        "vicious-weapon",
        "Vicious Weapon: an extra 2d6 damage of the weapon's type on a 20",
        &[("extra_damage", "2d6")],
    ),
    (
        "sword-of-life-stealing",
        "Sword of Life Stealing: an extra 3d6 necrotic damage on a 20",
        &[
            ("extra_damage", "3d6"),
            ("extra_damage_type", "damage-types.necrotic"),
        ],
    ),
    (
        "sword-of-sharpness",
        "Sword of Sharpness: an extra 4d6 slashing damage on a 20",
        &[
            ("extra_damage", "4d6"),
            ("extra_damage_type", "damage-types.slashing"),
        ],
    ),
    (
        "sword-of-wounding",
        "Sword of Wounding: 1d4 necrotic per wound each turn, DC 15 Constitution save ends them",
        &[
            ("extra_damage", "1d4"),
            ("extra_damage_type", "damage-types.necrotic"),
            ("save_dc", "15"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "vorpal-sword",
        "Vorpal Sword: an extra 6d8 slashing damage on a 20 to a creature that cannot lose its head",
        &[
            ("extra_damage", "6d8"),
            ("extra_damage_type", "damage-types.slashing"),
        ],
    ),
    (
        "hammer-of-thunderbolts",
        "Hammer of Thunderbolts: DC 17 Constitution save (a giant on a 20; stunned by the thrown hammer)",
        &[("save_dc", "17"), ("save_ability", "abilities.con")],
    ),
    (
        "trident-of-fish-command",
        "Trident of Fish Command: dominate beast, save DC 15 (Wisdom)",
        &[("save_dc", "15"), ("save_ability", "abilities.wis")],
    ),
    (
        "staff-of-power",
        "Staff of Power: an extra 1d6 force damage for a charge on a melee hit",
        &[
            ("extra_damage", "1d6"),
            ("extra_damage_type", "damage-types.force"),
        ],
    ),
    (
        "staff-of-striking",
        "Staff of Striking: an extra 1d6 force damage for each charge spent (up to 3)",
        &[
            ("extra_damage", "1d6"),
            ("extra_damage_type", "damage-types.force"),
        ],
    ),
    (
        "staff-of-thunder-and-lightning",
        "Staff of Thunder and Lightning: Lightning, an extra 2d6 lightning damage on a melee hit; Thunder, DC 17 Constitution save",
        &[
            ("extra_damage", "2d6"),
            ("extra_damage_type", "damage-types.lightning"),
            ("save_dc", "17"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "arrow-of-slaying",
        "Arrow of Slaying: DC 17 Constitution save or an extra 6d10 piercing damage",
        &[
            ("extra_damage", "6d10"),
            ("extra_damage_type", "damage-types.piercing"),
            ("save_dc", "17"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "staff-of-withering",
        "Staff of Withering: an extra 2d10 necrotic damage for a charge; DC 15 Constitution save",
        &[
            ("damage", "2d10"),
            ("damage_type", "damage-types.necrotic"),
            ("save_dc", "15"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "ring-of-the-ram",
        "Ring of the Ram: 2d10 force damage for each charge spent",
        &[("damage", "2d10"), ("damage_type", "damage-types.force")],
    ),
    (
        "ring-of-shooting-stars",
        "Ring of Shooting Stars: shooting stars, 5d4 fire damage, DC 15 Dexterity save",
        &[
            ("damage", "5d4"),
            ("damage_type", "damage-types.fire"),
            ("save_dc", "15"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "sphere-of-annihilation",
        "Sphere of Annihilation: DC 13 Dexterity save or 4d10 force damage",
        &[
            ("damage", "4d10"),
            ("damage_type", "damage-types.force"),
            ("save_dc", "13"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "dust-of-sneezing-and-choking",
        "Dust of Sneezing and Choking: DC 15 Constitution save",
        &[("save_dc", "15"), ("save_ability", "abilities.con")],
    ),
    (
        "rope-of-entanglement",
        "Rope of Entanglement: DC 15 Dexterity save or restrained",
        &[("save_dc", "15"), ("save_ability", "abilities.dex")],
    ),
    (
        "mirror-of-life-trapping",
        "Mirror of Life Trapping: DC 15 Charisma save or trapped",
        &[("save_dc", "15"), ("save_ability", "abilities.cha")],
    ),
    (
        "gloves-of-missile-snaring",
        "Gloves of Missile Snaring: ranged damage reduced by 1d10 + Dexterity modifier",
        &[("reduction", "1d10 + abilities.dex.mod")],
    ),
    (
        "wand-of-magic-missiles",
        "Wand of Magic Missiles: magic missile, three darts of 1d4 + 1 force (one more per extra charge)",
        &[("damage", "3d4 + 3"), ("damage_type", "damage-types.force")],
    ),
    (
        "wand-of-paralysis",
        "Wand of Paralysis: DC 15 Constitution save or paralyzed",
        &[("save_dc", "15"), ("save_ability", "abilities.con")],
    ),
    (
        "wand-of-fear",
        "Wand of Fear: DC 15 Wisdom save or frightened",
        &[("save_dc", "15"), ("save_ability", "abilities.wis")],
    ),
    (
        "wand-of-binding",
        "Wand of Binding: hold monster or hold person, save DC 17 (Wisdom)",
        &[("save_dc", "17"), ("save_ability", "abilities.wis")],
    ),
    (
        "wand-of-web",
        "Wand of Web: web, save DC 15 (Dexterity)",
        &[("save_dc", "15"), ("save_ability", "abilities.dex")],
    ),
    (
        "wand-of-polymorph",
        "Wand of Polymorph: polymorph, save DC 15 (Wisdom)",
        &[("save_dc", "15"), ("save_ability", "abilities.wis")],
    ),
    (
        "wand-of-wonder",
        "Wand of Wonder: DC 15 Constitution saves of its effects",
        &[("save_dc", "15"), ("save_ability", "abilities.con")],
    ),
    (
        "gem-of-brightness",
        "Gem of Brightness: DC 15 Constitution save or blinded",
        &[("save_dc", "15"), ("save_ability", "abilities.con")],
    ),
    (
        "eyes-of-charming",
        "Eyes of Charming: charm person, save DC 13 (Wisdom)",
        &[("save_dc", "13"), ("save_ability", "abilities.wis")],
    ),
    (
        "pipes-of-haunting",
        "Pipes of Haunting: DC 15 Wisdom save or frightened",
        &[("save_dc", "15"), ("save_ability", "abilities.wis")],
    ),
    (
        "talisman-of-pure-good",
        "Talisman of Pure Good: DC 20 Dexterity save or destroyed",
        &[("save_dc", "20"), ("save_ability", "abilities.dex")],
    ),
    (
        "talisman-of-ultimate-evil",
        "Talisman of Ultimate Evil: DC 20 Dexterity save or destroyed",
        &[("save_dc", "20"), ("save_ability", "abilities.dex")],
    ),
    (
        "robe-of-scintillating-colors",
        "Robe of Scintillating Colors: DC 15 Wisdom save or stunned",
        &[("save_dc", "15"), ("save_ability", "abilities.wis")],
    ),
    (
        "cubic-gate",
        "Cubic Gate: plane shift, save DC 17 (Charisma)",
        &[("save_dc", "17"), ("save_ability", "abilities.cha")],
    ),
    (
        "medallion-of-thoughts",
        "Medallion of Thoughts: detect thoughts, save DC 13 (Wisdom)",
        &[("save_dc", "13"), ("save_ability", "abilities.wis")],
    ),
    (
        "rod-of-rulership",
        "Rod of Rulership: DC 15 Wisdom save or charmed",
        &[("save_dc", "15"), ("save_ability", "abilities.wis")],
    ),
    (
        "rod-of-lordly-might",
        "Rod of Lordly Might: Drain Life, DC 17 Constitution save or an extra 4d6 necrotic damage",
        &[
            ("damage", "4d6"),
            ("damage_type", "damage-types.necrotic"),
            ("save_dc", "17"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "orb-of-dragonkind",
        "Orb of Dragonkind: its spells at save DC 18",
        &[("save_dc", "18"), ("save_ability", "abilities.wis")],
    ),
    (
        "spell-scroll-cantrip",
        "Spell Scroll (cantrip): save DC 13, attack bonus +5",
        &[("save_dc", "13"), ("attack_bonus", "5")],
    ),
    (
        "spell-scroll-1st",
        "Spell Scroll (1st level): save DC 13, attack bonus +5",
        &[("save_dc", "13"), ("attack_bonus", "5")],
    ),
    (
        "spell-scroll-2nd",
        "Spell Scroll (2nd level): save DC 13, attack bonus +5",
        &[("save_dc", "13"), ("attack_bonus", "5")],
    ),
    (
        "spell-scroll-3rd",
        "Spell Scroll (3rd level): save DC 15, attack bonus +7",
        &[("save_dc", "15"), ("attack_bonus", "7")],
    ),
    (
        "spell-scroll-4th",
        "Spell Scroll (4th level): save DC 15, attack bonus +7",
        &[("save_dc", "15"), ("attack_bonus", "7")],
    ),
    (
        "spell-scroll-5th",
        "Spell Scroll (5th level): save DC 17, attack bonus +9",
        &[("save_dc", "17"), ("attack_bonus", "9")],
    ),
    (
        "spell-scroll-6th",
        "Spell Scroll (6th level): save DC 17, attack bonus +9",
        &[("save_dc", "17"), ("attack_bonus", "9")],
    ),
    (
        "spell-scroll-7th",
        "Spell Scroll (7th level): save DC 18, attack bonus +10",
        &[("save_dc", "18"), ("attack_bonus", "10")],
    ),
    (
        "spell-scroll-8th",
        "Spell Scroll (8th level): save DC 18, attack bonus +10",
        &[("save_dc", "18"), ("attack_bonus", "10")],
    ),
    (
        "spell-scroll-9th",
        "Spell Scroll (9th level): save DC 19, attack bonus +11",
        &[("save_dc", "19"), ("attack_bonus", "11")],
    ),
    (
        "circlet-of-blasting",
        "Circlet of Blasting: scorching ray with an attack bonus of +5, 2d6 fire per ray",
        &[
            ("attack_bonus", "5"),
            ("damage", "2d6"),
            ("damage_type", "damage-types.fire"),
        ],
    ),
    (
        "crystal-ball",
        "Crystal Ball: scrying, save DC 17 (Wisdom)",
        &[("save_dc", "17"), ("save_ability", "abilities.wis")],
    ),
    (
        "crystal-ball-of-mind-reading",
        "Crystal Ball of Mind Reading: scrying and detect thoughts, save DC 17 (Wisdom)",
        &[("save_dc", "17"), ("save_ability", "abilities.wis")],
    ),
    (
        "crystal-ball-of-telepathy",
        "Crystal Ball of Telepathy: scrying and suggestion, save DC 17 (Wisdom)",
        &[("save_dc", "17"), ("save_ability", "abilities.wis")],
    ),
    (
        "crystal-ball-of-true-seeing",
        "Crystal Ball of True Seeing: scrying, save DC 17 (Wisdom)",
        &[("save_dc", "17"), ("save_ability", "abilities.wis")],
    ),
    (
        "helm-of-telepathy",
        "Helm of Telepathy: detect thoughts and suggestion, save DC 13 (Wisdom)",
        &[("save_dc", "13"), ("save_ability", "abilities.wis")],
    ),
    (
        "potion-of-heroism",
        "Potion of Heroism: 10 temporary hit points for 1 hour",
        &[("temp_hp", "10")],
    ),
    (
        "potion-of-giant-strength-hill",
        "Potion of Hill Giant Strength: Strength 21 for 1 hour",
        &[("score", "21"), ("score_ability", "abilities.str")],
    ),
    (
        "potion-of-giant-strength-frost",
        "Potion of Frost Giant Strength: Strength 23 for 1 hour",
        &[("score", "23"), ("score_ability", "abilities.str")],
    ),
    (
        "potion-of-giant-strength-stone",
        "Potion of Stone Giant Strength: Strength 23 for 1 hour",
        &[("score", "23"), ("score_ability", "abilities.str")],
    ),
    (
        "potion-of-giant-strength-fire",
        "Potion of Fire Giant Strength: Strength 25 for 1 hour",
        &[("score", "25"), ("score_ability", "abilities.str")],
    ),
    (
        "potion-of-giant-strength-cloud",
        "Potion of Cloud Giant Strength: Strength 27 for 1 hour",
        &[("score", "27"), ("score_ability", "abilities.str")],
    ),
    (
        "potion-of-giant-strength-storm",
        "Potion of Storm Giant Strength: Strength 29 for 1 hour",
        &[("score", "29"), ("score_ability", "abilities.str")],
    ),
    (
        "potion-of-growth",
        "Potion of Growth: enlarge, an extra 1d4 damage with weapons",
        &[("extra_damage", "1d4")],
    ),
    (
        "potion-of-speed",
        "Potion of Speed: haste, a +2 bonus to AC",
        &[("ac_bonus", "2")],
    ),
    (
        "potion-of-mind-reading",
        "Potion of Mind Reading: detect thoughts, save DC 13 (Wisdom)",
        &[("save_dc", "13"), ("save_ability", "abilities.wis")],
    ),
    (
        "potion-of-animal-friendship",
        "Potion of Animal Friendship: animal friendship, save DC 13 (Wisdom)",
        &[("save_dc", "13"), ("save_ability", "abilities.wis")],
    ),
    (
        "oil-of-sharpness",
        "Oil of Sharpness: +3 to attack and damage rolls for 1 hour",
        &[("magic_bonus", "3")],
    ),
    (
        "wings-of-flying",
        "Wings of Flying: a flying speed of 60 feet",
        &[("fly_speed", "60")],
    ),
    (
        "cloak-of-the-bat",
        "Cloak of the Bat: fly at a speed of 40 feet in dim light or darkness",
        &[("fly_speed", "40")],
    ),
    (
        "cloak-of-the-manta-ray",
        "Cloak of the Manta Ray: a swimming speed of 60 feet",
        &[("swim_speed", "60")],
    ),
    (
        "ring-of-swimming",
        "Ring of Swimming: a swimming speed of 40 feet",
        &[("swim_speed", "40")],
    ),
    (
        "ioun-stone-of-regeneration",
        "Ioun Stone (Regeneration): regain 15 hit points at the end of each hour",
        &[("heal", "15")],
    ),
];
