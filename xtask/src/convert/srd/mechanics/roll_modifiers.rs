//! Class features that change the rolls of the spells a character casts (SRD 5.1, "Classes"):
//! each a bonus of its own class field (the feature's number on the sheet, set by an effect)
//! and roll modifiers that add it to, or maximise, the rolls of the spells it reaches, picked by
//! their properties (school, damage type, level) or their ID, at every slot level.

use serde_json::{Value, json};

use super::Entry;

/// The class fields these features set, each with its English label: the feature's number.
pub const FIELDS: [(&str, &str); 4] = [
    (
        "wizard.empowered_evocation",
        "Wizard: Empowered Evocation bonus to an evocation spell's damage",
    ),
    (
        "sorcerer.elemental_affinity",
        "Sorcerer: Elemental Affinity bonus to a spell of the ancestry's damage type",
    ),
    (
        "cleric.disciple_of_life",
        "Cleric: Disciple of Life's healing bonus before the spell's level",
    ),
    (
        "ranger.foe_slayer",
        "Ranger: Foe Slayer bonus against a favored enemy",
    ),
];

/// The effects that set [`FIELDS`], by feature.
pub const FIELD_EFFECTS: &[Entry] = &[
    (
        "empowered-evocation",
        "Empowered Evocation (School of Evocation, wizard 10): + Intelligence modifier to one damage roll of a wizard evocation spell",
        &[("wizard.empowered_evocation", "set", "abilities.int.mod", "")],
    ),
    (
        "elemental-affinity",
        "Elemental Affinity (Draconic Bloodline, sorcerer 6): + Charisma modifier to one damage roll of a spell of the ancestry's damage type",
        &[(
            "sorcerer.elemental_affinity",
            "set",
            "abilities.cha.mod",
            "",
        )],
    ),
    (
        "disciple-of-life",
        "Disciple of Life (Life Domain, cleric 1): a healing spell of 1st level or higher restores 2 + the spell's level more",
        &[("cleric.disciple_of_life", "set", "2", "")],
    ),
    (
        "foe-slayer",
        "Foe Slayer (ranger 20): + Wisdom modifier to one attack or damage roll a turn against a favored enemy (the number; no roll knows its target)",
        &[("ranger.foe_slayer", "set", "abilities.wis.mod", "")],
    ),
];

/// Draconic ancestors (SRD 5.1, Draconic Bloodline, "Dragon Ancestor" table): the feature's
/// local ID suffix and the damage type it associates.
const ANCESTORS: [(&str, &str); 10] = [
    ("black-acid-damage", "acid"),
    ("blue-lightning-damage", "lightning"),
    ("brass-fire-damage", "fire"),
    ("bronze-lightning-damage", "lightning"),
    ("copper-acid-damage", "acid"),
    ("gold-fire-damage", "fire"),
    ("green-poison-damage", "poison"),
    ("red-fire-damage", "fire"),
    ("silver-cold-damage", "cold"),
    ("white-cold-damage", "cold"),
];

/// The roll modifiers of a feature, as the content file writes them.
pub fn feature_roll_modifiers(local: &str) -> Vec<Value> {
    match local {
        // Empowered Evocation: once, to one damage roll of an evocation spell (one dart of
        // magic missile, not each).
        "empowered-evocation" => vec![json!({
            "type": "spell",
            "rolls": ["damage"],
            "where": "item.school == \"magic-schools.evocation\"",
            "add": "wizard.empowered_evocation",
        })],
        // Disciple of Life: 2 + the spell's level (the slot it is cast with), spells of 1st
        // level or higher.
        "disciple-of-life" => vec![json!({
            "type": "spell",
            "rolls": ["healing"],
            "where": "item.level >= 1",
            "add": "cleric.disciple_of_life + slot",
        })],
        // Supreme Healing (Life Domain, cleric 17): the healing dice give their highest number.
        "supreme-healing" => vec![json!({
            "type": "spell",
            "rolls": ["healing"],
            "maximize": true,
        })],
        // Agonizing Blast (invocation): + Charisma modifier to each beam's damage.
        "eldritch-invocation-agonizing-blast" => vec![json!({
            "type": "spell",
            "rolls": ["damage"],
            "items": ["spells.eldritch-blast"],
            "add": "abilities.cha.mod",
            "scope": "each",
        })],
        _ => ancestor(local).map_or_else(Vec::new, |damage_type| {
            // Elemental Affinity reaches the spells of the chosen ancestor's damage type: the
            // ancestor carries the modifier, which holds once Elemental Affinity is owned.
            vec![json!({
                "type": "spell",
                "rolls": ["damage"],
                "where": format!(
                    "has(\"features.elemental-affinity\") and item.damage_type == \"damage-types.{damage_type}\""
                ),
                "add": "sorcerer.elemental_affinity",
            })]
        }),
    }
}

/// The damage type of a Dragon Ancestor option feature (`dragon-ancestor-red-fire-damage`).
fn ancestor(local: &str) -> Option<&'static str> {
    let suffix = local.strip_prefix("dragon-ancestor-")?;
    ANCESTORS
        .iter()
        .find(|(s, _)| *s == suffix)
        .map(|(_, damage_type)| *damage_type)
}
