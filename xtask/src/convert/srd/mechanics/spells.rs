//! Spells (SRD 5.1, "Spells") whose saving throw or dice the data gives only in their text:
//! the properties their rolls read (`save_ability`, `damage`, `damage_type`, `heal`).

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
];
