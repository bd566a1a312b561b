//! The coverage report: for class features, racial traits, races, magic items, spells and
//! monsters, how many carry mechanics in the pack and, for each that carries none, why.
//!
//! Why a table of reasons: the SRD pack's worth is that its sheets compute, and a reader (or a
//! reviewer of the next engine mechanism) needs to know what is missing and what it waits for.
//! Each reason is either "none needed" (the rule has no number the sheet shows) or "waits for"
//! a named mechanism of the format; when a mechanism lands, its entries move to the mechanics
//! tables ([`super::mechanics`]) and the list shrinks. Content matched by no entry is reported
//! as unreviewed, so nothing is silently counted as done.
//!
//! The report is printed by `convert srd` and written beside the tests
//! (`tests/data/srd-coverage.txt`), where `tests/srd_coverage.rs` checks it against the pack.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Map, Value};

/// Why a content item carries no mechanics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Why {
    /// The rule has no number or flag the sheet shows.
    NoneNeeded(&'static str),
    /// The rule has numbers the format cannot express yet; the mechanism it waits for.
    Waits(&'static str),
}

// The mechanisms content waits for. Those of issue 18 are being added on the branches named.
const RESOURCES: &str = "resources on content (issue 18, branch engine-resources)";
const VARIANTS: &str = "item variants of a base item (issue 18, branch engine-resources)";
const GRANT_CHOICES: &str = "choices inside granted content (issue 18, branch engine-resources)";
const EXPERTISE: &str = "expertise and half proficiency (issue 18, branch engine-classes)";
const BEST_OF: &str = "best-of base formulas (issue 18, branch engine-classes)";
const RAISE_MAX: &str = "raising a maximum (issue 18, branch engine-classes)";
const WORN: &str = "conditions on what is worn or wielded (issue 18, branch engine-classes)";
const CHOSEN: &str = "effects chosen in the character file (an ability score improvement's +2, or +1 and +1): no mechanism yet";
const WHILE_ACTIVE: &str =
    "effects that hold while a consumable or an activated feature lasts: no mechanism yet";
const SLOT_ROLLS: &str = "a feature's roll over the spell slot it spends (roll parameters on features): not yet in the pack";
const TARGET: &str = "a bonus that depends on the target, the roll being made or the spell cast, not on the sheet: no mechanism yet";
const ITEM_SPELLS: &str =
    "an item's spells at the item's own DC and attack bonus: no mechanism yet";
const SENSES: &str =
    "senses beyond darkvision (blindsight, tremorsense) and speeds beyond walking: no field yet";
const NOT_YET: &str = "expressible now (a save, DC or damage the data gives only in text): not yet in the converter's tables";
const SUMMONS: &str =
    "summons or creates a creature or object: its own stat block carries the numbers";
const CHOICE_POINT: &str = "a choice point: the subclass or option chosen carries the numbers";
const ADVANTAGE: &str = "advantage on a roll, or a reaction: the sheet shows no number for it";

/// Reasons, first match wins: `(content type, pattern, why)`. A pattern is a local ID, or
/// `prefix*`, `*suffix` or `*part*`.
pub const REASONS: &[(&str, &str, Why)] = &[
    // Class features (SRD 5.1, "Classes").
    ("feature", "*ability-score-improvement*", Why::Waits(CHOSEN)),
    (
        "feature",
        "spellcasting-*",
        Why::NoneNeeded(
            "the class levels carry the slots, cantrips and spells known, the class its spellcasting ability",
        ),
    ),
    (
        "feature",
        "pact-magic",
        Why::NoneNeeded("the warlock's levels carry the pact slots"),
    ),
    (
        "feature",
        "*-improvement-*",
        Why::NoneNeeded(
            "a placeholder: the subclass's own feature at that level carries the numbers",
        ),
    ),
    ("feature", "*-improvement", Why::Waits(RESOURCES)),
    ("feature", "rage", Why::Waits(RESOURCES)),
    ("feature", "bardic-inspiration-*", Why::Waits(RESOURCES)),
    ("feature", "font-of-inspiration", Why::Waits(RESOURCES)),
    ("feature", "superior-inspiration", Why::Waits(RESOURCES)),
    ("feature", "cutting-words", Why::Waits(RESOURCES)),
    ("feature", "peerless-skill", Why::Waits(RESOURCES)),
    ("feature", "channel-divinity*", Why::Waits(RESOURCES)),
    (
        "feature",
        "destroy-undead-*",
        Why::NoneNeeded("a challenge-rating threshold for Turn Undead, no number on the sheet"),
    ),
    ("feature", "wild-shape-*", Why::Waits(RESOURCES)),
    ("feature", "second-wind", Why::Waits(RESOURCES)),
    ("feature", "action-surge-*", Why::Waits(RESOURCES)),
    ("feature", "indomitable-*", Why::Waits(RESOURCES)),
    ("feature", "ki", Why::Waits(RESOURCES)),
    ("feature", "flurry-of-blows", Why::Waits(RESOURCES)),
    ("feature", "patient-defense", Why::Waits(RESOURCES)),
    ("feature", "step-of-the-wind", Why::Waits(RESOURCES)),
    ("feature", "stunning-strike", Why::Waits(RESOURCES)),
    ("feature", "wholeness-of-body", Why::Waits(RESOURCES)),
    ("feature", "empty-body", Why::Waits(RESOURCES)),
    ("feature", "quivering-palm", Why::Waits(RESOURCES)),
    ("feature", "lay-on-hands", Why::Waits(RESOURCES)),
    ("feature", "divine-sense", Why::Waits(RESOURCES)),
    ("feature", "cleansing-touch", Why::Waits(RESOURCES)),
    ("feature", "holy-nimbus", Why::Waits(RESOURCES)),
    ("feature", "font-of-magic", Why::Waits(RESOURCES)),
    ("feature", "flexible-casting-*", Why::Waits(RESOURCES)),
    ("feature", "metamagic-*", Why::Waits(RESOURCES)),
    ("feature", "sorcerous-restoration", Why::Waits(RESOURCES)),
    ("feature", "arcane-recovery", Why::Waits(RESOURCES)),
    ("feature", "natural-recovery", Why::Waits(RESOURCES)),
    ("feature", "relentless-rage", Why::Waits(RESOURCES)),
    ("feature", "divine-intervention", Why::Waits(RESOURCES)),
    ("feature", "mystic-arcanum-*", Why::Waits(RESOURCES)),
    ("feature", "signature-spell", Why::Waits(RESOURCES)),
    ("feature", "spell-mastery", Why::Waits(RESOURCES)),
    ("feature", "dark-ones-own-luck", Why::Waits(RESOURCES)),
    ("feature", "hurl-through-hell", Why::Waits(RESOURCES)),
    ("feature", "eldritch-master", Why::Waits(RESOURCES)),
    ("feature", "stroke-of-luck", Why::Waits(RESOURCES)),
    ("feature", "overchannel", Why::Waits(RESOURCES)),
    ("feature", "bard-expertise-*", Why::Waits(EXPERTISE)),
    ("feature", "rogue-expertise-*", Why::Waits(EXPERTISE)),
    ("feature", "jack-of-all-trades", Why::Waits(EXPERTISE)),
    ("feature", "remarkable-athlete", Why::Waits(EXPERTISE)),
    ("feature", "reliable-talent", Why::Waits(EXPERTISE)),
    ("feature", "bonus-proficiencies", Why::Waits(GRANT_CHOICES)),
    (
        "feature",
        "additional-fighting-style",
        Why::Waits(GRANT_CHOICES),
    ),
    ("feature", "magical-secrets-*", Why::Waits(GRANT_CHOICES)),
    (
        "feature",
        "additional-magical-secrets",
        Why::Waits(GRANT_CHOICES),
    ),
    ("feature", "bonus-cantrip", Why::Waits(GRANT_CHOICES)),
    (
        "feature",
        "beast-spells",
        Why::NoneNeeded("casting in wild shape, no number"),
    ),
    ("feature", "divine-smite", Why::Waits(SLOT_ROLLS)),
    (
        "feature",
        "hunters-prey-*",
        Why::NoneNeeded("an extra attack or a reaction attack with the weapon's own roll"),
    ),
    (
        "feature",
        "retaliation",
        Why::NoneNeeded("a reaction attack with the weapon's own roll"),
    ),
    (
        "feature",
        "frenzy",
        Why::NoneNeeded("an extra attack while raging, the weapon's own roll"),
    ),
    ("feature", "disciple-of-life", Why::Waits(TARGET)),
    ("feature", "blessed-healer", Why::Waits(TARGET)),
    ("feature", "supreme-healing", Why::Waits(TARGET)),
    ("feature", "potent-cantrip", Why::Waits(TARGET)),
    ("feature", "empowered-evocation", Why::Waits(TARGET)),
    ("feature", "elemental-affinity", Why::Waits(TARGET)),
    (
        "feature",
        "sculpt-spells",
        Why::NoneNeeded("protects allies from the wizard's spells, no number"),
    ),
    (
        "feature",
        "evocation-savant",
        Why::NoneNeeded("gold and time to copy spells, no number on the sheet"),
    ),
    ("feature", "draconic-presence", Why::Waits(RESOURCES)),
    (
        "feature",
        "dragon-wings",
        Why::NoneNeeded("a flying speed equal to the walking speed while the wings are out"),
    ),
    ("feature", "dragon-ancestor*", Why::Waits(GRANT_CHOICES)),
    (
        "feature",
        "favored-enemy-*",
        Why::NoneNeeded(
            "Favored Enemy has no number (advantage on tracking and recall, a language)",
        ),
    ),
    (
        "feature",
        "natural-explorer-*",
        Why::NoneNeeded("Natural Explorer has no number"),
    ),
    ("feature", "foe-slayer", Why::Waits(TARGET)),
    (
        "feature",
        "feral-senses",
        Why::NoneNeeded("no disadvantage against unseen creatures, no number"),
    ),
    (
        "feature",
        "fighting-style-protection",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "feature",
        "*fighting-style-protection",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "feature",
        "*fighting-style-great-weapon-fighting",
        Why::Waits(WORN),
    ),
    (
        "feature",
        "fighting-style-great-weapon-fighting",
        Why::Waits(WORN),
    ),
    (
        "feature",
        "*fighting-style-two-weapon-fighting",
        Why::Waits(WORN),
    ),
    (
        "feature",
        "*fighting-style",
        Why::NoneNeeded("a choice point: the fighting style chosen carries the numbers"),
    ),
    ("feature", "aura-of-protection", Why::Waits(TARGET)),
    ("feature", "aura-of-devotion", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "aura-of-courage", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "aura-improvements", Why::Waits(TARGET)),
    ("feature", "purity-of-spirit", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "oath-spells", Why::Waits(GRANT_CHOICES)),
    ("feature", "domain-spells-*", Why::Waits(GRANT_CHOICES)),
    ("feature", "circle-spells-*", Why::Waits(GRANT_CHOICES)),
    ("feature", "circle-of-the-land*", Why::Waits(GRANT_CHOICES)),
    ("feature", "indomitable-might", Why::Waits(BEST_OF)),
    (
        "feature",
        "persistent-rage",
        Why::NoneNeeded("rage ends only when chosen, no number"),
    ),
    ("feature", "mindless-rage", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "feral-instinct", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "reckless-attack", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "uncanny-dodge", Why::NoneNeeded(ADVANTAGE)),
    (
        "feature",
        "superior-hunters-defense-uncanny-dodge",
        Why::NoneNeeded(ADVANTAGE),
    ),
    ("feature", "arcane-tradition", Why::NoneNeeded(CHOICE_POINT)),
    ("feature", "bard-college", Why::NoneNeeded(CHOICE_POINT)),
    ("feature", "divine-domain", Why::NoneNeeded(CHOICE_POINT)),
    ("feature", "druid-circle", Why::NoneNeeded(CHOICE_POINT)),
    (
        "feature",
        "martial-archetype",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    (
        "feature",
        "monastic-tradition",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    (
        "feature",
        "otherworldly-patron",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    ("feature", "primal-path", Why::NoneNeeded(CHOICE_POINT)),
    ("feature", "ranger-archetype", Why::NoneNeeded(CHOICE_POINT)),
    (
        "feature",
        "roguish-archetype",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    ("feature", "sacred-oath", Why::NoneNeeded(CHOICE_POINT)),
    ("feature", "sorcerous-origin", Why::NoneNeeded(CHOICE_POINT)),
    ("feature", "pact-boon", Why::NoneNeeded(CHOICE_POINT)),
    (
        "feature",
        "eldritch-invocations",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    ("feature", "hunters-prey", Why::NoneNeeded(CHOICE_POINT)),
    (
        "feature",
        "defensive-tactics",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    ("feature", "multiattack", Why::NoneNeeded(CHOICE_POINT)),
    (
        "feature",
        "superior-hunters-defense",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    (
        "feature",
        "eldritch-invocation-agonizing-blast",
        Why::Waits(TARGET),
    ),
    (
        "feature",
        "eldritch-invocation-armor-of-shadows",
        Why::Waits(BEST_OF),
    ),
    (
        "feature",
        "eldritch-invocation-fiendish-vigor",
        Why::Waits(WHILE_ACTIVE),
    ),
    (
        "feature",
        "eldritch-invocation-thirsting-blade",
        Why::Waits(WORN),
    ),
    (
        "feature",
        "eldritch-invocation-lifedrinker",
        Why::Waits(WORN),
    ),
    (
        "feature",
        "eldritch-invocation-book-of-ancient-secrets",
        Why::Waits(GRANT_CHOICES),
    ),
    (
        "feature",
        "eldritch-invocation-bewitching-whispers",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-chains-of-carceri",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-dreadful-word",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-mire-the-mind",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-minions-of-chaos",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-sculptor-of-flesh",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-sign-of-ill-omen",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-thief-of-five-fates",
        Why::Waits(RESOURCES),
    ),
    (
        "feature",
        "eldritch-invocation-*",
        Why::NoneNeeded(
            "casts a spell at will or changes what the warlock perceives; no number of its own",
        ),
    ),
    ("feature", "pact-of-the-tome", Why::Waits(GRANT_CHOICES)),
    ("feature", "pact-of-the-chain", Why::NoneNeeded(SUMMONS)),
    ("feature", "pact-of-the-blade", Why::NoneNeeded(SUMMONS)),
    ("feature", "archdruid", Why::Waits(RESOURCES)),
    ("feature", "perfect-self", Why::Waits(RESOURCES)),
    ("feature", "tranquility", Why::Waits(RESOURCES)),
    ("feature", "blindsense", Why::Waits(SENSES)),
    ("feature", "fiendish-resilience", Why::Waits(GRANT_CHOICES)),
    ("feature", "hide-in-plain-sight", Why::Waits(WHILE_ACTIVE)),
    (
        "feature",
        "defensive-tactics-multiattack-defense",
        Why::Waits(TARGET),
    ),
    ("feature", "countercharm", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "elusive", Why::NoneNeeded(ADVANTAGE)),
    ("feature", "supreme-sneak", Why::NoneNeeded(ADVANTAGE)),
    (
        "feature",
        "defensive-tactics-escape-the-horde",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "feature",
        "superior-hunters-defense-stand-against-the-tide",
        Why::NoneNeeded(ADVANTAGE),
    ),
    (
        "feature",
        "cunning-action",
        Why::NoneNeeded("bonus-action options, no number"),
    ),
    (
        "feature",
        "fast-hands",
        Why::NoneNeeded("bonus-action options, no number"),
    ),
    (
        "feature",
        "multiattack-volley",
        Why::NoneNeeded("an attack option with the weapon's own roll"),
    ),
    (
        "feature",
        "multiattack-whirlwind-attack",
        Why::NoneNeeded("an attack option with the weapon's own roll"),
    ),
    (
        "feature",
        "druid-lands-stride",
        Why::NoneNeeded("moving through difficult terrain, no number"),
    ),
    (
        "feature",
        "ranger-lands-stride",
        Why::NoneNeeded("moving through difficult terrain, no number"),
    ),
    (
        "feature",
        "druid-timeless-body",
        Why::NoneNeeded("ageing, no number on the sheet"),
    ),
    (
        "feature",
        "monk-timeless-body",
        Why::NoneNeeded("ageing, no number on the sheet"),
    ),
    (
        "feature",
        "druidic",
        Why::NoneNeeded("a secret language, no number"),
    ),
    (
        "feature",
        "thieves-cant",
        Why::NoneNeeded("a secret language, no number"),
    ),
    (
        "feature",
        "tongue-of-the-sun-and-moon",
        Why::NoneNeeded("understanding every language, no number"),
    ),
    (
        "feature",
        "ki-empowered-strikes",
        Why::NoneNeeded("unarmed strikes count as magical, no number"),
    ),
    (
        "feature",
        "natures-sanctuary",
        Why::NoneNeeded(
            "beasts and plants must save against the spell save DC the sheet already shows",
        ),
    ),
    (
        "feature",
        "primeval-awareness",
        Why::NoneNeeded("spends a spell slot to sense creatures, no number"),
    ),
    (
        "feature",
        "second-story-work",
        Why::NoneNeeded("climbing costs no extra movement; jump distance is not on the sheet"),
    ),
    (
        "feature",
        "stillness-of-mind",
        Why::NoneNeeded("an action that ends charmed or frightened, no number"),
    ),
    (
        "feature",
        "thiefs-reflexes",
        Why::NoneNeeded("two turns in the first round, no number"),
    ),
    (
        "feature",
        "unarmored-movement-2",
        Why::NoneNeeded("moving along walls and water, no number"),
    ),
    (
        "feature",
        "use-magic-device",
        Why::NoneNeeded("ignores use requirements, no number"),
    ),
    (
        "feature",
        "vanish",
        Why::NoneNeeded("Hide as a bonus action, no number"),
    ),
    // Racial traits (SRD 5.1, "Races").
    ("trait", "stonecunning", Why::Waits(EXPERTISE)),
    ("trait", "artificers-lore", Why::Waits(EXPERTISE)),
    ("trait", "draconic-ancestry", Why::Waits(GRANT_CHOICES)),
    ("trait", "breath-weapon", Why::Waits(RESOURCES)),
    ("trait", "relentless-endurance", Why::Waits(RESOURCES)),
    (
        "trait",
        "damage-resistance",
        Why::NoneNeeded("the resistance sits on the chosen draconic ancestry"),
    ),
    (
        "trait",
        "trance",
        Why::NoneNeeded("a long rest in 4 hours, no number on the sheet"),
    ),
    (
        "trait",
        "halfling-nimbleness",
        Why::NoneNeeded("moving through larger creatures, no number"),
    ),
    (
        "trait",
        "naturally-stealthy",
        Why::NoneNeeded("hiding behind larger creatures, no number"),
    ),
    (
        "trait",
        "tinker",
        Why::NoneNeeded("clockwork devices, no number on the sheet"),
    ),
    // Magic items (SRD 5.1, "Magic Items").
    ("magic_item", "armor", Why::Waits(VARIANTS)),
    ("magic_item", "weapon*", Why::Waits(VARIANTS)),
    ("magic_item", "ammunition*", Why::Waits(VARIANTS)),
    ("magic_item", "spell-scroll*", Why::Waits(ITEM_SPELLS)),
    (
        "magic_item",
        "potion-of-healing",
        Why::NoneNeeded("the variants carry the dice"),
    ),
    ("magic_item", "potion-*", Why::Waits(WHILE_ACTIVE)),
    ("magic_item", "oil-of-*", Why::Waits(WHILE_ACTIVE)),
    ("magic_item", "manual-of-*", Why::Waits(RAISE_MAX)),
    ("magic_item", "tome-of-*", Why::Waits(RAISE_MAX)),
    (
        "magic_item",
        "ioun-stone-of-absorption",
        Why::Waits(RESOURCES),
    ),
    (
        "magic_item",
        "ioun-stone-of-greater-absorption",
        Why::Waits(RESOURCES),
    ),
    ("magic_item", "ioun-stone-of-*", Why::Waits(RAISE_MAX)),
    (
        "magic_item",
        "wand-of-the-war-mage",
        Why::NoneNeeded("the variants carry the bonus"),
    ),
    ("magic_item", "wand-*", Why::Waits(RESOURCES)),
    ("magic_item", "staff-*", Why::Waits(RESOURCES)),
    ("magic_item", "rod-*", Why::Waits(RESOURCES)),
    (
        "magic_item",
        "ring-of-resistance",
        Why::NoneNeeded("the variants carry the resistance"),
    ),
    ("magic_item", "dragon-scale-mail", Why::Waits(VARIANTS)),
    (
        "magic_item",
        "belt-of-giant-strength",
        Why::NoneNeeded("the variants carry the score"),
    ),
    ("magic_item", "*-armor", Why::Waits(VARIANTS)),
    ("magic_item", "*-shield", Why::Waits(VARIANTS)),
    ("magic_item", "*-plate", Why::Waits(VARIANTS)),
    ("magic_item", "elven-chain", Why::Waits(VARIANTS)),
    ("magic_item", "*sword*", Why::Waits(VARIANTS)),
    ("magic_item", "*blade*", Why::Waits(VARIANTS)),
    ("magic_item", "mace-*", Why::Waits(VARIANTS)),
    ("magic_item", "*-axe", Why::Waits(VARIANTS)),
    ("magic_item", "oathbow", Why::Waits(VARIANTS)),
    ("magic_item", "defender", Why::Waits(VARIANTS)),
    ("magic_item", "holy-avenger", Why::Waits(VARIANTS)),
    ("magic_item", "dwarven-thrower", Why::Waits(VARIANTS)),
    (
        "magic_item",
        "trident-of-fish-command",
        Why::Waits(RESOURCES),
    ),
    ("magic_item", "hammer-of-thunderbolts", Why::Waits(VARIANTS)),
    ("magic_item", "nine-lives-stealer", Why::Waits(VARIANTS)),
    ("magic_item", "armor-of-*", Why::Waits(VARIANTS)),
    ("magic_item", "ring-of-*", Why::Waits(RESOURCES)),
    (
        "magic_item",
        "ioun-stone",
        Why::NoneNeeded("the variants carry the numbers"),
    ),
    (
        "magic_item",
        "plate-armor-of-etherealness",
        Why::Waits(VARIANTS),
    ),
    (
        "magic_item",
        "shield-of-missile-attraction",
        Why::Waits(VARIANTS),
    ),
    ("magic_item", "scimitar-of-speed", Why::Waits(VARIANTS)),
    ("magic_item", "vicious-weapon", Why::Waits(VARIANTS)),
    ("magic_item", "bracers-of-archery", Why::Waits(WORN)),
    ("magic_item", "belt-of-dwarvenkind", Why::Waits(RAISE_MAX)),
    ("magic_item", "boots-of-speed", Why::Waits(WHILE_ACTIVE)),
    ("magic_item", "wings-of-flying", Why::Waits(WHILE_ACTIVE)),
    ("magic_item", "winged-boots", Why::Waits(RESOURCES)),
    ("magic_item", "cloak-of-the-manta-ray", Why::Waits(SENSES)),
    (
        "magic_item",
        "slippers-of-spider-climbing",
        Why::Waits(SENSES),
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
        "gloves-of-missile-snaring",
        Why::Waits(NOT_YET),
    ),
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
    ("magic_item", "scarab-of-protection", Why::Waits(RESOURCES)),
    ("magic_item", "cloak-of-the-bat", Why::Waits(SENSES)),
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
    ("magic_item", "arrow-of-slaying", Why::Waits(NOT_YET)),
    (
        "magic_item",
        "dust-of-sneezing-and-choking",
        Why::Waits(NOT_YET),
    ),
    ("magic_item", "sphere-of-annihilation", Why::Waits(NOT_YET)),
    ("magic_item", "rope-of-entanglement", Why::Waits(NOT_YET)),
    ("magic_item", "iron-bands-of-binding", Why::Waits(NOT_YET)),
    ("magic_item", "dimensional-shackles", Why::Waits(NOT_YET)),
    ("magic_item", "mirror-of-life-trapping", Why::Waits(NOT_YET)),
    ("magic_item", "immovable-rod", Why::Waits(NOT_YET)),
    ("magic_item", "talisman-of-pure-good", Why::Waits(RESOURCES)),
    (
        "magic_item",
        "talisman-of-ultimate-evil",
        Why::Waits(RESOURCES),
    ),
    ("magic_item", "talisman-of-the-sphere", Why::Waits(TARGET)),
    ("magic_item", "helm-of-brilliance", Why::Waits(RESOURCES)),
    ("magic_item", "circlet-of-blasting", Why::Waits(ITEM_SPELLS)),
    ("magic_item", "eyes-of-charming", Why::Waits(RESOURCES)),
    ("magic_item", "pipes-of-haunting", Why::Waits(RESOURCES)),
    ("magic_item", "medallion-of-thoughts", Why::Waits(RESOURCES)),
    (
        "magic_item",
        "necklace-of-prayer-beads",
        Why::Waits(RESOURCES),
    ),
    ("magic_item", "cube-of-force", Why::Waits(RESOURCES)),
    ("magic_item", "cubic-gate", Why::Waits(RESOURCES)),
    ("magic_item", "helm-of-teleportation", Why::Waits(RESOURCES)),
    ("magic_item", "gem-of-brightness", Why::Waits(RESOURCES)),
    ("magic_item", "gem-of-seeing", Why::Waits(RESOURCES)),
    (
        "magic_item",
        "robe-of-scintillating-colors",
        Why::Waits(RESOURCES),
    ),
    ("magic_item", "pearl-of-power", Why::Waits(RESOURCES)),
    ("magic_item", "orb-of-dragonkind", Why::Waits(ITEM_SPELLS)),
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
    ("spell", "mage-armor", Why::Waits(BEST_OF)),
    ("spell", "barkskin", Why::Waits(WHILE_ACTIVE)),
    ("spell", "shield", Why::Waits(WHILE_ACTIVE)),
    ("spell", "shield-of-faith", Why::Waits(WHILE_ACTIVE)),
    ("spell", "bless", Why::Waits(WHILE_ACTIVE)),
    ("spell", "bane", Why::Waits(WHILE_ACTIVE)),
    ("spell", "aid", Why::Waits(WHILE_ACTIVE)),
    ("spell", "false-life", Why::Waits(WHILE_ACTIVE)),
    ("spell", "heroism", Why::Waits(WHILE_ACTIVE)),
    ("spell", "longstrider", Why::Waits(WHILE_ACTIVE)),
    ("spell", "haste", Why::Waits(WHILE_ACTIVE)),
    ("spell", "enhance-ability", Why::Waits(WHILE_ACTIVE)),
    ("spell", "guidance", Why::Waits(WHILE_ACTIVE)),
    ("spell", "resistance", Why::Waits(WHILE_ACTIVE)),
    ("spell", "protection-from-energy", Why::Waits(WHILE_ACTIVE)),
    ("spell", "stoneskin", Why::Waits(WHILE_ACTIVE)),
    ("spell", "death-ward", Why::Waits(WHILE_ACTIVE)),
    ("spell", "heroes-feast", Why::Waits(WHILE_ACTIVE)),
    ("spell", "magic-weapon", Why::Waits(WHILE_ACTIVE)),
    ("spell", "shillelagh", Why::Waits(WHILE_ACTIVE)),
    ("spell", "hunters-mark", Why::Waits(WHILE_ACTIVE)),
    ("spell", "warding-bond", Why::Waits(WHILE_ACTIVE)),
    ("spell", "mirror-image", Why::Waits(WHILE_ACTIVE)),
    ("spell", "holy-aura", Why::Waits(WHILE_ACTIVE)),
    ("spell", "beacon-of-hope", Why::Waits(WHILE_ACTIVE)),
    ("spell", "foresight", Why::Waits(WHILE_ACTIVE)),
    ("spell", "true-strike", Why::Waits(WHILE_ACTIVE)),
    ("spell", "expeditious-retreat", Why::Waits(WHILE_ACTIVE)),
    ("spell", "fly", Why::Waits(WHILE_ACTIVE)),
    ("spell", "jump", Why::Waits(WHILE_ACTIVE)),
    ("spell", "darkvision", Why::Waits(WHILE_ACTIVE)),
    ("spell", "goodberry", Why::Waits(NOT_YET)),
    ("spell", "spike-growth", Why::Waits(NOT_YET)),
    ("spell", "web", Why::Waits(NOT_YET)),
    ("spell", "sleet-storm", Why::Waits(NOT_YET)),
    ("spell", "sanctuary", Why::Waits(NOT_YET)),
    ("spell", "wall-of-stone", Why::Waits(NOT_YET)),
    ("spell", "earthquake", Why::Waits(NOT_YET)),
    ("spell", "prismatic-wall", Why::Waits(NOT_YET)),
    ("spell", "symbol", Why::Waits(NOT_YET)),
    ("spell", "irresistible-dance", Why::Waits(NOT_YET)),
    ("spell", "maze", Why::Waits(NOT_YET)),
    ("spell", "forcecage", Why::Waits(NOT_YET)),
    ("spell", "antipathy-sympathy", Why::Waits(NOT_YET)),
    ("spell", "zone-of-truth", Why::Waits(NOT_YET)),
    ("spell", "power-word-kill", Why::Waits(NOT_YET)),
    ("spell", "power-word-stun", Why::Waits(NOT_YET)),
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

/// Whether a pattern of [`REASONS`] matches a local ID.
fn matches(pattern: &str, local: &str) -> bool {
    match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(rest), _) if rest.ends_with('*') => local.contains(rest.trim_end_matches('*')),
        (Some(suffix), _) => local.ends_with(suffix),
        (None, Some(prefix)) => local.starts_with(prefix),
        (None, None) => local == pattern,
    }
}

/// The reason a content item without mechanics has, if the table gives one.
pub fn reason(content_type: &str, local: &str) -> Option<Why> {
    REASONS
        .iter()
        .find(|(t, pattern, _)| *t == content_type && matches(pattern, local))
        .map(|(_, _, why)| *why)
}

/// The content types the report covers, with their headings, in the report's order.
pub const COVERED: [(&str, &str); 7] = [
    ("feature", "class features"),
    ("trait", "racial traits"),
    ("race", "races"),
    ("subrace", "subraces"),
    ("magic_item", "magic items"),
    ("spell", "spells"),
    ("monster", "monsters"),
];

/// Properties that are mechanics by themselves: rolls' dice and DCs, a stat block.
const MECHANICAL_PROPERTIES: [&str; 13] = [
    "breath_damage",
    "temp_hp",
    "die",
    "reduction",
    "heal",
    "damage",
    "save_dc",
    "save_ability",
    "attack_kind",
    "affects_hit_points",
    "armor_class",
    "hit_points",
    "speed",
];

/// Whether a written content item carries mechanics: effects, grants or choices, or a
/// property that gives a roll or a stat block.
pub fn has_mechanics(item: &Map<String, Value>) -> bool {
    let nonempty = |key: &str| item.get(key).is_some_and(|v| !super::is_empty(v));
    if nonempty("effects") || nonempty("grants") || nonempty("choices") {
        return true;
    }
    item.get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| MECHANICAL_PROPERTIES.iter().any(|k| p.contains_key(*k)))
}

/// What the conversion wrote, for the report: by content type, each local ID with whether it
/// carries mechanics.
#[derive(Debug, Default)]
pub struct Coverage(BTreeMap<String, Vec<(String, bool)>>);

impl Coverage {
    /// Records one written item.
    pub fn record(&mut self, content_type: &str, local: &str, item: &Map<String, Value>) {
        if COVERED.iter().any(|(t, _)| *t == content_type) {
            self.0
                .entry(content_type.to_owned())
                .or_default()
                .push((local.to_owned(), has_mechanics(item)));
        }
    }

    /// The report: per content type, how many carry mechanics, then those that carry none,
    /// grouped by reason, each group sorted.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# SRD 5.1 pack coverage, written by `cargo run -p xtask -- convert srd` (xtask/src/convert/srd/coverage.rs)."
        );
        let _ = writeln!(
            out,
            "# Per content type: items with mechanics (effects, grants, choices, rolls or a stat block) of all;"
        );
        let _ = writeln!(
            out,
            "# then each item without, under its reason. Checked against the pack by tests/srd_coverage.rs."
        );
        for (content_type, heading) in COVERED {
            let items = self.0.get(content_type).map_or(&[][..], Vec::as_slice);
            let with = items.iter().filter(|(_, m)| *m).count();
            let _ = writeln!(
                out,
                "{heading} ({content_type}): {with} of {} carry mechanics",
                items.len()
            );
            let mut groups: BTreeMap<String, Vec<&str>> = BTreeMap::new();
            for (local, _) in items.iter().filter(|(_, m)| !*m) {
                let key = match reason(content_type, local) {
                    Some(Why::NoneNeeded(why)) => format!("none needed: {why}"),
                    Some(Why::Waits(mechanism)) => format!("waits for {mechanism}"),
                    None => "unreviewed".to_owned(),
                };
                groups.entry(key).or_default().push(local);
            }
            for (why, mut locals) in groups {
                locals.sort_unstable();
                let _ = writeln!(out, "  {} {why}: {}", locals.len(), locals.join(" "));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_as_documented() {
        assert!(matches("spellcasting-*", "spellcasting-bard"));
        assert!(matches("*-improvement-*", "primal-path-improvement-1"));
        assert!(matches("*fighting-style", "ranger-fighting-style"));
        assert!(matches("rage", "rage"));
        assert!(!matches("rage", "rage-2"));
        assert!(!matches("*fighting-style", "fighting-style-defense"));
    }

    #[test]
    fn an_item_with_effects_or_a_roll_property_carries_mechanics() {
        let with_effects =
            serde_json::json!({ "effects": [{ "target": "x", "op": "add", "value": "1" }] });
        let with_roll = serde_json::json!({ "properties": { "heal": "2d4 + 2" } });
        let bare = serde_json::json!({ "properties": { "level": 3 }, "effects": [] });
        assert!(has_mechanics(with_effects.as_object().unwrap()));
        assert!(has_mechanics(with_roll.as_object().unwrap()));
        assert!(!has_mechanics(bare.as_object().unwrap()));
    }
}
