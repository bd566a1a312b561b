//! Effects that hold only while their item is in play (SRD 5.1): a feature in use (Rage) or a
//! spell that lasts (Shillelagh, Mage Armor). Each is written `whileActive: true`, so it holds
//! only while the character file lists the item under `active` (its state of play,
//! `docs/spec/characters.md#state-of-play`). Each entry names the SRD rule it encodes. A potion
//! is in play once drunk, for its duration.

use serde_json::Value;

use super::Entry;

/// The effects of items in play: `(folder.local, rule, effects)`.
pub const STATES: &[Entry] = &[
    (
        "features.rage",
        "Rage (barbarian 1): while raging, melee weapon attacks using Strength add the Rage Damage column (+2, +3 at 9, +4 at 16)",
        &[(
            "combat.rage_damage",
            "add",
            "barbarian.rage_damage_bonus",
            "",
        )],
    ),
    (
        "spells.shillelagh",
        "Shillelagh: while it lasts, the club or quarterstaff may use the spellcasting ability for attack and damage, and its damage die becomes a d8",
        &[
            ("combat.shillelagh.mod", "best", "spellcasting.mod", ""),
            ("combat.shillelagh.die", "best", "8", ""),
        ],
    ),
    (
        "spells.mage-armor",
        "Mage Armor: while it lasts, a creature wearing no armor has a base AC of 13 + its Dexterity modifier",
        &[(
            "combat.ac.base",
            "best",
            "13 + abilities.dex.mod",
            "not(combat.armor.worn)",
        )],
    ),
    (
        "features.hide-in-plain-sight",
        "Hide in Plain Sight (ranger 10): while camouflaged and still, +10 to Dexterity (Stealth) checks",
        &[("skills.stealth", "add", "10", "")],
    ),
    (
        "spells.pass-without-trace",
        "Pass without Trace: while it lasts, +10 to Dexterity (Stealth) checks",
        &[("skills.stealth", "add", "10", "")],
    ),
    (
        "spells.protection-from-poison",
        "Protection from Poison: while it lasts, advantage on saves against being poisoned and resistance to poison damage",
        &[
            ("advantage.saves_vs_poison", "set", "true", ""),
            ("resistance.poison", "set", "true", ""),
        ],
    ),
    (
        "magic-items.potion-of-resistance-acid",
        "Potion of Resistance (acid): resistance to acid damage for 1 hour",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-cold",
        "Potion of Resistance (cold): resistance to cold damage for 1 hour",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-fire",
        "Potion of Resistance (fire): resistance to fire damage for 1 hour",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-force",
        "Potion of Resistance (force): resistance to force damage for 1 hour",
        &[("resistance.force", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-lightning",
        "Potion of Resistance (lightning): resistance to lightning damage for 1 hour",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-necrotic",
        "Potion of Resistance (necrotic): resistance to necrotic damage for 1 hour",
        &[("resistance.necrotic", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-poison",
        "Potion of Resistance (poison): resistance to poison damage for 1 hour",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-psychic",
        "Potion of Resistance (psychic): resistance to psychic damage for 1 hour",
        &[("resistance.psychic", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-radiant",
        "Potion of Resistance (radiant): resistance to radiant damage for 1 hour",
        &[("resistance.radiant", "set", "true", "")],
    ),
    (
        "magic-items.potion-of-resistance-thunder",
        "Potion of Resistance (thunder): resistance to thunder damage for 1 hour",
        &[("resistance.thunder", "set", "true", "")],
    ),
];

/// The in-play effects of the item `folder.local`, each marked `whileActive`.
pub fn effects(folder: &str, local: &str) -> Vec<Value> {
    let id = format!("{folder}.{local}");
    let mut out = super::effects(STATES, &id);
    for effect in &mut out {
        if let Value::Object(map) = effect {
            map.insert("whileActive".into(), Value::Bool(true));
        }
    }
    out
}
