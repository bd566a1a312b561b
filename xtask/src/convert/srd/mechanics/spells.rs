//! Spells (SRD 5.1, "Spells") whose saving throw or dice the data gives only in their text:
//! the properties their rolls read (`save_ability`, `damage`, `damage_type`, `heal`), and the
//! numbers of spells that change the target while they last, shown as values the app applies
//! while the spell is up (`ac_base`, `ac_bonus`, `bonus_die`, `temp_hp`, `speed_bonus`,
//! `fly_speed`, `darkvision_range`, `magic_bonus`): these are the spell's numbers; what a
//! spell changes on the sheet while the character file lists it as active is `states`.

use super::PropertyEntry;

/// Spells' roll properties the data leaves out.
pub const SPELLS: &[PropertyEntry] = &[
    (
        "spike-growth",
        "Spike Growth: 2d4 piercing damage for every 5 feet moved",
        &[("damage", "2d4"), ("damage_type", "damage-types.piercing")],
    ),
    (
        "goodberry",
        "Goodberry: a berry restores 1 hit point",
        &[("heal", "1")],
    ),
    (
        "prismatic-wall",
        "Prismatic Wall: Dexterity save; each layer deals 10d6 (the first, red, fire)",
        &[
            ("damage", "10d6"),
            ("damage_type", "damage-types.fire"),
            ("save_ability", "abilities.dex"),
        ],
    ),
    (
        "symbol",
        "Symbol, Death: 10d10 necrotic damage, Constitution save for half",
        &[
            ("damage", "10d10"),
            ("damage_type", "damage-types.necrotic"),
            ("save_ability", "abilities.con"),
        ],
    ),
    (
        "web",
        "Web: Dexterity save",
        &[("save_ability", "abilities.dex")],
    ),
    (
        "sleet-storm",
        "Sleet Storm: Dexterity save",
        &[("save_ability", "abilities.dex")],
    ),
    (
        "sanctuary",
        "Sanctuary: Wisdom save",
        &[("save_ability", "abilities.wis")],
    ),
    (
        "wall-of-stone",
        "Wall of Stone: Dexterity save",
        &[("save_ability", "abilities.dex")],
    ),
    (
        "earthquake",
        "Earthquake: Dexterity save against falling into a fissure",
        &[("save_ability", "abilities.dex")],
    ),
    (
        "irresistible-dance",
        "Irresistible Dance: Wisdom save to end it",
        &[("save_ability", "abilities.wis")],
    ),
    (
        "forcecage",
        "Forcecage: Charisma save to leave by magic",
        &[("save_ability", "abilities.cha")],
    ),
    (
        "antipathy-sympathy",
        "Antipathy/Sympathy: Wisdom save",
        &[("save_ability", "abilities.wis")],
    ),
    (
        "zone-of-truth",
        "Zone of Truth: Charisma save",
        &[("save_ability", "abilities.cha")],
    ),
    (
        "barkskin",
        "Barkskin: the target's AC can't be less than 16",
        &[("ac_base", "16")],
    ),
    (
        "mage-armor",
        "Mage Armor: the target's base AC becomes 13 + its Dexterity modifier",
        &[("ac_base", "13 + abilities.dex.mod")],
    ),
    (
        "shield",
        "Shield: +5 bonus to AC until the start of your next turn",
        &[("ac_bonus", "5")],
    ),
    (
        "shield-of-faith",
        "Shield of Faith: +2 bonus to AC",
        &[("ac_bonus", "2")],
    ),
    (
        "haste",
        "Haste: +2 bonus to AC, speed doubled",
        &[("ac_bonus", "2")],
    ),
    (
        "warding-bond",
        "Warding Bond: +1 bonus to AC and saving throws",
        &[("ac_bonus", "1")],
    ),
    (
        "bless",
        "Bless: a d4 added to attack rolls and saving throws",
        &[("bonus_die", "1d4")],
    ),
    (
        "guidance",
        "Guidance: a d4 added to one ability check",
        &[("bonus_die", "1d4")],
    ),
    (
        "resistance",
        "Resistance: a d4 added to one saving throw",
        &[("bonus_die", "1d4")],
    ),
    (
        "enhance-ability",
        "Enhance Ability (Bear's Endurance): 2d6 temporary hit points",
        &[("temp_hp", "2d6")],
    ),
    (
        "heroism",
        "Heroism: temporary hit points equal to your spellcasting ability modifier each turn",
        &[("temp_hp", "spellcasting.mod")],
    ),
    (
        "heroes-feast",
        "Heroes' Feast: hit point maximum increases by 2d10, and as many hit points gained",
        &[("heal", "2d10")],
    ),
    (
        "hunters-mark",
        "Hunter's Mark: an extra 1d6 damage on a weapon hit against the target",
        &[("damage", "1d6")],
    ),
    (
        "shillelagh",
        "Shillelagh: the weapon's damage die becomes a d8 (the weapon's attack and damage with the spellcasting ability are the weapon's rolls while the spell is active: `states`)",
        &[
            ("attack_kind", "melee"),
            ("damage", "1d8"),
            ("damage_type", "damage-types.bludgeoning"),
        ],
    ),
    (
        "holy-aura",
        "Holy Aura: a fiend or undead that hits makes a Constitution save or is blinded",
        &[("save_ability", "abilities.con")],
    ),
    (
        "longstrider",
        "Longstrider: speed increases by 10 feet",
        &[("speed_bonus", "10")],
    ),
    (
        "fly",
        "Fly: a flying speed of 60 feet",
        &[("fly_speed", "60")],
    ),
    (
        "darkvision",
        "Darkvision: darkvision out to 60 feet",
        &[("darkvision_range", "60")],
    ),
    (
        "magic-weapon",
        "Magic Weapon: +1 to attack and damage rolls, +2 from a 4th-level slot, +3 from a 6th-level slot",
        &[("magic_bonus", "lookup(slot, 2, 1, 4, 2, 6, 3)")],
    ),
    (
        "alter-self",
        "Alter Self (Natural Weapons): unarmed strikes deal 1d6, +1 to attack and damage",
        &[("damage", "1d6"), ("magic_bonus", "1")],
    ),
    (
        "forbiddance",
        "Forbiddance: 5d10 radiant (or necrotic) damage to a chosen creature in the area",
        &[("damage", "5d10"), ("damage_type", "damage-types.radiant")],
    ),
    (
        "teleport",
        "Teleport, Mishap: 3d10 force damage to each teleporting creature",
        &[("damage", "3d10"), ("damage_type", "damage-types.force")],
    ),
    (
        "detect-thoughts",
        "Detect Thoughts: probing deeper, the target makes a Wisdom save",
        &[("save_ability", "abilities.wis")],
    ),
    (
        "levitate",
        "Levitate: an unwilling creature makes a Constitution save",
        &[("save_ability", "abilities.con")],
    ),
    (
        "seeming",
        "Seeming: an unwilling target makes a Charisma save",
        &[("save_ability", "abilities.cha")],
    ),
    (
        "true-polymorph",
        "True Polymorph: an unwilling creature makes a Wisdom save",
        &[("save_ability", "abilities.wis")],
    ),
    (
        "hypnotic-pattern",
        "Hypnotic Pattern: a 30-foot cube",
        &[("area_shape", "cube"), ("area_size", "30")],
    ),
    (
        "glyph-of-warding",
        "Glyph of Warding (Explosive Runes): a 20-foot-radius sphere",
        &[("area_shape", "sphere"), ("area_size", "20")],
    ),
    (
        "plant-growth",
        "Plant Growth (Overgrowth): a 100-foot radius",
        &[("area_shape", "sphere"), ("area_size", "100")],
    ),
];
