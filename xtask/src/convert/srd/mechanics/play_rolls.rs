//! Class features whose rolls vary with what play spends or rolls: a roll over the spell slot
//! a feature spends (Divine Smite), and a percentage against a d100 (Divine Intervention).
//!
//! Why a module of its own: these entries need more of the `feature` content type than
//! [`super::FEATURE_ROLLS`] does: the type's `slot` parameter (rules.md, "Content types:
//! rolls, parameters"), the same parameter spells roll over, from a 1st-level slot to the
//! character's highest; and a `chance` value roll. Keeping them apart keeps the plain feature
//! table free of parameters and shows in one place what the `slot` parameter is for.

use serde_json::{Value, json};

use super::PropertyEntry;

/// Feature rolls over the slot spent, or a percentage: `(feature, rule, [(property, value)])`.
pub const PLAY_FEATURE_ROLLS: &[PropertyEntry] = &[
    (
        "divine-smite",
        "Divine Smite (paladin 2): expend a spell slot on a melee weapon hit for 2d8 radiant with a 1st-level slot, 1d8 more per slot level above 1st, at most 5d8 (1d8 more against an undead or a fiend: the target's, no number of the sheet)",
        &[
            ("damage", "(min(slot + 1, 5))d8"),
            ("damage_type", "damage-types.radiant"),
        ],
    ),
    (
        "divine-intervention",
        "Divine Intervention (cleric 10): succeeds when a d100 rolls no higher than the cleric level; from cleric 20 it succeeds without a roll (Divine Intervention Improvement)",
        &[(
            "chance",
            "if(levels(\"classes.cleric\") >= 20, 100, levels(\"classes.cleric\"))",
        )],
    ),
];

/// The `feature` type's parameters: `slot`, the level of the spell slot a feature spends, from
/// 1st to the character's highest (the rolls that do not read it have one entry).
pub fn feature_parameters() -> Value {
    json!({ "slot": { "from": "1", "to": "spellcasting.max_slot" } })
}

/// The labels of [`feature_parameters`].
pub const PARAMETER_LABELS: &[(&str, &str)] = &[("parameter.feature.slot.label", "Slot level")];

/// The `chance` property (a percentage: succeeds on a d100 at or under it) and its value roll,
/// for the feature type: `(property, type, label)`, the roll, the roll's label.
pub fn chance_declaration() -> (
    (&'static str, Value, &'static str),
    Value,
    (&'static str, &'static str),
) {
    (
        (
            "chance",
            json!({ "type": "formula" }),
            "Chance in percent (d100 at or under)",
        ),
        json!({ "value": "item.chance", "requires": ["chance"] }),
        ("chance", "Chance (d100 at or under)"),
    )
}
