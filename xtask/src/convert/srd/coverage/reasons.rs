//! The reasons content carries no mechanics, one table per concern: class features and racial
//! traits (in `feature_reasons`), then magic items and spells. Each names the SRD rule's gap: none needed, or the
//! mechanism of the format it waits for.

use super::{Reason, Why};

pub use super::feature_reasons::FEATURES_AND_TRAITS;

// The mechanisms content waits for.
pub const NONMAGICAL: &str = "resistance to nonmagical damage only (Stoneskin, Gaseous Form): the resistance flags do not tell magical from nonmagical damage";
pub const CAST_CHOICE: &str =
    "a damage type chosen when the spell is cast or the potion made: no choice per casting yet";
pub const SIZE: &str =
    "a size change (its advantage, its damage die): the sheet has no size field yet";
pub const AT_WILL_SPELL: &str =
    "a spell cast at will (False Life): the feature's own roll of the spell, not yet in the pack";
pub const TARGET: &str = "a bonus that depends on the target, the roll being made or the spell cast, not on the sheet: no mechanism yet";
pub const ITEM_SPELLS: &str =
    "an item's spells at the item's own DC and attack bonus: no mechanism yet";
pub const SENSES: &str =
    "senses beyond darkvision (blindsight, tremorsense) and speeds beyond walking: no field yet";
pub const SUMMONS: &str =
    "summons or creates a creature or object: its own stat block carries the numbers";
pub const CHOICE_POINT: &str = "a choice point: the subclass or option chosen carries the numbers";
pub const ADVANTAGE: &str = "advantage on a roll, or a reaction: the sheet shows no number for it";
pub const SPELL_EFFECT: &str = "a spell's effect or a speed equal to the walking speed while it lasts, with no number of its own";
pub const CAPPED: &str = "an increase of 2 to a maximum of 20 that reads the score it raises (an effect's condition on its own target): no mechanism yet";
pub const BOWS_ONLY: &str =
    "a +2 bonus on the damage of longbows and shortbows only: no field the bows' own damage reads";
pub const PLAIN_VARIANT: &str =
    "a variant of a base item with no number of its own: the base's rolls and armor class hold";
pub const ITEM_CHOICE: &str = "a damage type chosen per copy of the item (a choice of a variant on its base): no mechanism yet";
pub const TIMED_RECOVERY: &str = "a recovery over time other than a rest or dawn (hours unused, ten days): no recovery event for it";
pub const ROLLED_MAX: &str = "a maximum rolled when the item is found (1d4 + 2 beads, 1d10 diamonds): a maximum per copy, no mechanism yet";

/// Magic items (SRD 5.1, "Magic Items") and spells ("Spells").
pub const ITEMS_AND_SPELLS: &[Reason] = &[
    // Magic items (SRD 5.1, "Magic Items").
    (
        "magic_item",
        "weapon",
        Why::NoneNeeded("the variants (+1, +2, +3) carry the bonus"),
    ),
    (
        "magic_item",
        "armor",
        Why::NoneNeeded("the variants (+1, +2, +3) carry the bonus"),
    ),
    (
        "magic_item",
        "ammunition",
        Why::NoneNeeded("the variants (+1, +2, +3) carry the bonus"),
    ),
    (
        "magic_item",
        "spell-scroll",
        Why::NoneNeeded("the variants carry the numbers, by spell level"),
    ),
    (
        "magic_item",
        "potion-of-healing",
        Why::NoneNeeded("the variants carry the dice"),
    ),
    (
        "magic_item",
        "potion-of-giant-strength",
        Why::NoneNeeded("the variants carry the score"),
    ),
    (
        "magic_item",
        "potion-of-resistance",
        Why::Waits(CAST_CHOICE),
    ),
    ("magic_item", "potion-of-diminution", Why::Waits(SIZE)),
    ("magic_item", "potion-of-*", Why::NoneNeeded(SPELL_EFFECT)),
    ("magic_item", "oil-of-*", Why::NoneNeeded(SPELL_EFFECT)),
    (
        "magic_item",
        "boots-of-speed",
        Why::NoneNeeded(SPELL_EFFECT),
    ),
    (
        "magic_item",
        "slippers-of-spider-climbing",
        Why::NoneNeeded(SPELL_EFFECT),
    ),
    ("magic_item", "manual-of-golems*", Why::NoneNeeded(SUMMONS)),
    (
        "magic_item",
        "ioun-stone-of-awareness",
        Why::NoneNeeded("can't be surprised, no number"),
    ),
    (
        "magic_item",
        "ioun-stone-of-sustenance",
        Why::NoneNeeded("no need to eat or drink, no number"),
    ),
    ("magic_item", "ioun-stone-of-*", Why::Waits(CAPPED)),
    (
        "magic_item",
        "wand-of-the-war-mage",
        Why::NoneNeeded("the variants carry the bonus"),
    ),
    (
        "magic_item",
        "ring-of-resistance",
        Why::NoneNeeded("the variants carry the resistance"),
    ),
    (
        "magic_item",
        "belt-of-giant-strength",
        Why::NoneNeeded("the variants carry the score"),
    ),
    (
        "magic_item",
        "ioun-stone",
        Why::NoneNeeded("the variants carry the numbers"),
    ),
    // Variants of a base item with no number of their own: the base's rolls and AC hold.
    (
        "magic_item",
        "adamantine-armor",
        Why::NoneNeeded(PLAIN_VARIANT),
    ),
    (
        "magic_item",
        "armor-of-invulnerability",
        Why::NoneNeeded(PLAIN_VARIANT),
    ),
    ("magic_item", "armor-of-resistance", Why::Waits(ITEM_CHOICE)),
    (
        "magic_item",
        "armor-of-vulnerability",
        Why::Waits(ITEM_CHOICE),
    ),
    (
        "magic_item",
        "plate-armor-of-etherealness",
        Why::NoneNeeded(PLAIN_VARIANT),
    ),
    (
        "magic_item",
        "animated-shield",
        Why::NoneNeeded(PLAIN_VARIANT),
    ),
    ("magic_item", "arrow-catching-shield", Why::Waits(TARGET)),
    (
        "magic_item",
        "shield-of-missile-attraction",
        Why::NoneNeeded(PLAIN_VARIANT),
    ),
    (
        "magic_item",
        "spellguard-shield",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "magic_item",
        "dancing-sword",
        Why::NoneNeeded(PLAIN_VARIANT),
    ),
    ("magic_item", "bracers-of-archery", Why::Waits(BOWS_ONLY)),
    ("magic_item", "winged-boots", Why::Waits(TIMED_RECOVERY)),
    ("magic_item", "rod-of-security", Why::Waits(TIMED_RECOVERY)),
    (
        "magic_item",
        "necklace-of-prayer-beads",
        Why::Waits(ROLLED_MAX),
    ),
    ("magic_item", "helm-of-brilliance", Why::Waits(ROLLED_MAX)),
    ("magic_item", "ring-of-x-ray-vision", Why::Waits(SENSES)),
    (
        "magic_item",
        "ring-of-djinni-summoning",
        Why::NoneNeeded(SUMMONS),
    ),
    (
        "magic_item",
        "staff-of-the-python",
        Why::NoneNeeded(SUMMONS),
    ),
    (
        "magic_item",
        "ring-of-spell-turning",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "magic_item",
        "ring-of-*",
        Why::NoneNeeded("a spell or an effect at will, with no roll or number of its own"),
    ),
    (
        "magic_item",
        "boots-of-levitation",
        Why::NoneNeeded("casts levitate at will, no number of its own"),
    ),
    (
        "magic_item",
        "gloves-of-swimming-and-climbing",
        Why::Waits(TARGET),
    ),
    ("magic_item", "periapt-of-wound-closure", Why::Waits(TARGET)),
    (
        "magic_item",
        "cloak-of-elvenkind",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "magic_item",
        "boots-of-elvenkind",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "magic_item",
        "eyes-of-the-eagle",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "magic_item",
        "cloak-of-displacement",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "magic_item",
        "mantle-of-spell-resistance",
        Why::NoneNeeded(ADVANTAGE),
    ),
    ("magic_item", "bag-of-tricks*", Why::NoneNeeded(SUMMONS)),
    (
        "magic_item",
        "figurine-of-wondrous-power*",
        Why::NoneNeeded(SUMMONS),
    ),
    ("magic_item", "horn-of-valhalla*", Why::NoneNeeded(SUMMONS)),
    ("magic_item", "elemental-gem*", Why::NoneNeeded(SUMMONS)),
    ("magic_item", "efreeti-bottle", Why::NoneNeeded(SUMMONS)),
    (
        "magic_item",
        "bowl-of-commanding-water-elementals",
        Why::NoneNeeded(SUMMONS),
    ),
    (
        "magic_item",
        "brazier-of-commanding-fire-elementals",
        Why::NoneNeeded(SUMMONS),
    ),
    (
        "magic_item",
        "censer-of-controlling-air-elementals",
        Why::NoneNeeded(SUMMONS),
    ),
    (
        "magic_item",
        "stone-of-controlling-earth-elementals",
        Why::NoneNeeded(SUMMONS),
    ),
    ("magic_item", "feather-token*", Why::NoneNeeded(SUMMONS)),
    (
        "magic_item",
        "apparatus-of-the-crab",
        Why::NoneNeeded(SUMMONS),
    ),
    ("magic_item", "folding-boat", Why::NoneNeeded(SUMMONS)),
    ("magic_item", "instant-fortress", Why::NoneNeeded(SUMMONS)),
    ("magic_item", "carpet-of-flying*", Why::NoneNeeded(SUMMONS)),
    ("magic_item", "broom-of-flying", Why::NoneNeeded(SUMMONS)),
    (
        "magic_item",
        "immovable-rod",
        Why::NoneNeeded(
            "a DC 30 Strength check another creature makes to move it; no roll of the owner's",
        ),
    ),
    (
        "magic_item",
        "iron-bands-of-binding",
        Why::NoneNeeded(
            "a DC 20 Strength check the bound creature makes to break them; no roll of the owner's (the attack is the owner's ranged attack)",
        ),
    ),
    (
        "magic_item",
        "dimensional-shackles",
        Why::NoneNeeded(
            "a DC 30 Strength (Athletics) check the bound creature makes; no roll of the owner's",
        ),
    ),
    ("magic_item", "talisman-of-the-sphere", Why::Waits(TARGET)),
    ("magic_item", "circlet-of-blasting", Why::Waits(ITEM_SPELLS)),
    ("magic_item", "crystal-ball*", Why::Waits(ITEM_SPELLS)),
    ("magic_item", "helm-of-telepathy", Why::Waits(ITEM_SPELLS)),
    (
        "magic_item",
        "horseshoes-of-speed",
        Why::NoneNeeded("a mount's speed, not the character's"),
    ),
    (
        "magic_item",
        "horseshoes-of-a-zephyr",
        Why::NoneNeeded("a mount's movement, not the character's"),
    ),
    (
        "magic_item",
        "*",
        Why::NoneNeeded(
            "no number the sheet shows: a container, a utility effect, or a spell cast with no roll of its own",
        ),
    ),
    // Spells (SRD 5.1, "Spells"): the pack carries every attack, save, damage and healing roll.
    // Spells whose effect while they last has no number: advantage, a resistance, a Dash.
    ("spell", "beacon-of-hope", Why::NoneNeeded(ADVANTAGE)),
    ("spell", "foresight", Why::NoneNeeded(ADVANTAGE)),
    ("spell", "true-strike", Why::NoneNeeded(ADVANTAGE)),
    (
        "spell",
        "death-ward",
        Why::NoneNeeded("drops to 1 hit point instead of 0 once, no number"),
    ),
    (
        "spell",
        "expeditious-retreat",
        Why::NoneNeeded("the Dash action as a bonus action, no number"),
    ),
    (
        "spell",
        "jump",
        Why::NoneNeeded("jump distance tripled; jump distance is not on the sheet"),
    ),
    (
        "spell",
        "mirror-image",
        Why::NoneNeeded(
            "the duplicates' d20 and AC (10 + Dexterity) are rolled against the attacker, no roll of the caster's",
        ),
    ),
    ("spell", "gaseous-form", Why::Waits(NONMAGICAL)),
    (
        "spell",
        "meld-into-stone",
        Why::NoneNeeded(
            "6d6 damage the caster takes if the stone is destroyed, no roll the caster makes",
        ),
    ),
    (
        "spell",
        "raise-dead",
        Why::NoneNeeded(
            "a -4 penalty on the raised creature that fades with rests, no roll of the caster's",
        ),
    ),
    (
        "spell",
        "resurrection",
        Why::NoneNeeded(
            "a -4 penalty on the raised creature that fades with rests, no roll of the caster's",
        ),
    ),
    (
        "spell",
        "time-stop",
        Why::NoneNeeded(
            "1d4 + 1 turns in a row, a count of turns the GM rolls, no roll on the sheet",
        ),
    ),
    (
        "spell",
        "control-weather",
        Why::NoneNeeded("1d4 x 10 minutes for the weather to change, no roll on the sheet"),
    ),
    (
        "spell",
        "counterspell",
        Why::NoneNeeded(
            "an ability check with the spellcasting ability against DC 10 + the spell's level: the check is the spellcasting modifier the sheet shows",
        ),
    ),
    (
        "spell",
        "dispel-magic",
        Why::NoneNeeded(
            "an ability check with the spellcasting ability against DC 10 + the spell's level: the check is the spellcasting modifier the sheet shows",
        ),
    ),
    ("spell", "protection-from-energy", Why::Waits(CAST_CHOICE)),
    ("spell", "stoneskin", Why::Waits(NONMAGICAL)),
    (
        "spell",
        "maze",
        Why::NoneNeeded(
            "the target's escape is a DC 20 Intelligence check, the spell's own number; no roll of the caster's",
        ),
    ),
    (
        "spell",
        "power-word-kill",
        Why::NoneNeeded("a hit point threshold (100) the target is compared with, no roll"),
    ),
    (
        "spell",
        "power-word-stun",
        Why::NoneNeeded("a hit point threshold (150) the target is compared with, no roll"),
    ),
    ("spell", "animate-*", Why::NoneNeeded(SUMMONS)),
    ("spell", "conjure-*", Why::NoneNeeded(SUMMONS)),
    ("spell", "create-undead", Why::NoneNeeded(SUMMONS)),
    ("spell", "find-familiar", Why::NoneNeeded(SUMMONS)),
    ("spell", "find-steed", Why::NoneNeeded(SUMMONS)),
    ("spell", "giant-insect", Why::NoneNeeded(SUMMONS)),
    ("spell", "planar-ally", Why::NoneNeeded(SUMMONS)),
    ("spell", "gate", Why::NoneNeeded(SUMMONS)),
    ("spell", "simulacrum", Why::NoneNeeded(SUMMONS)),
    ("spell", "awaken", Why::NoneNeeded(SUMMONS)),
    (
        "spell",
        "*",
        Why::NoneNeeded("no attack, save, damage or healing roll (a utility spell)"),
    ),
];
