//! Why class features and racial traits carry no mechanics, where they carry none.

use super::reasons::*;
use super::{Reason, Why};

/// Why a class feature needs nothing of its own now that the class and its first feature carry
/// the numbers (issue 19).
const SPENDS: &str = "spends a pool or a use another feature carries (ki, sorcery points, Channel Divinity, Bardic Inspiration, a spell slot): that feature's resource";
const COUNT_ON_FIRST: &str = "a higher count of uses the first feature of its line carries: that resource's maximum follows the class table";
const CLASS_CHOICE: &str = "the class asks the choice: each pick (an expertise, an ability score increase) carries the effect";
const SUBCLASS_SPELLS: &str = "the subclass grants its spells by class level";
const CLASS_TABLE: &str =
    "the class computes its slots, cantrips, spells known and prepared from its own level";
const UNLIMITED: &str =
    "unlimited uses: the resource it raises carries them (`unlimited` from the class level)";
const SPELLS_FROM_ANY: &str =
    "spells chosen from any class: the spells known count carries the number";

/// Class features (SRD 5.1, "Classes") and racial traits ("Races").
pub const FEATURES_AND_TRAITS: &[Reason] = &[
    // Class features (SRD 5.1, "Classes").
    (
        "feature",
        "*ability-score-improvement*",
        Why::NoneNeeded(CLASS_CHOICE),
    ),
    ("feature", "spellcasting-*", Why::NoneNeeded(CLASS_TABLE)),
    (
        "feature",
        "pact-magic",
        Why::NoneNeeded("the warlock class computes its Pact Magic slots from its own level"),
    ),
    (
        "feature",
        "*-improvement-*",
        Why::NoneNeeded(
            "a placeholder: the subclass's own feature at that level carries the numbers",
        ),
    ),
    (
        "feature",
        "divine-intervention-improvement",
        Why::NoneNeeded("at 20th level the call succeeds without a roll: no number"),
    ),
    ("feature", "*-improvement", Why::NoneNeeded(COUNT_ON_FIRST)),
    (
        "feature",
        "superior-inspiration",
        Why::NoneNeeded(
            "regains one Bardic Inspiration when initiative is rolled with none left: Font of Inspiration's resource carries it (`regains`)",
        ),
    ),
    ("feature", "channel-divinity*", Why::NoneNeeded(SPENDS)),
    (
        "feature",
        "destroy-undead-*",
        Why::NoneNeeded("a challenge-rating threshold for Turn Undead, no number on the sheet"),
    ),
    ("feature", "wild-shape-*", Why::NoneNeeded(COUNT_ON_FIRST)),
    ("feature", "action-surge-*", Why::NoneNeeded(COUNT_ON_FIRST)),
    (
        "feature",
        "indomitable-2-uses",
        Why::NoneNeeded(COUNT_ON_FIRST),
    ),
    (
        "feature",
        "indomitable-3-uses",
        Why::NoneNeeded(COUNT_ON_FIRST),
    ),
    ("feature", "flurry-of-blows", Why::NoneNeeded(SPENDS)),
    ("feature", "patient-defense", Why::NoneNeeded(SPENDS)),
    ("feature", "step-of-the-wind", Why::NoneNeeded(SPENDS)),
    ("feature", "empty-body", Why::NoneNeeded(SPENDS)),
    ("feature", "flexible-casting-*", Why::NoneNeeded(SPENDS)),
    ("feature", "metamagic-*", Why::NoneNeeded(SPENDS)),
    (
        "feature",
        "sorcerous-restoration",
        Why::NoneNeeded("regains 4 sorcery points on a short rest: Font of Magic's pool"),
    ),
    (
        "feature",
        "mystic-arcanum-*",
        Why::NoneNeeded("counted together on the 6th-level arcanum's resource"),
    ),
    (
        "feature",
        "spell-mastery",
        Why::NoneNeeded("casting two chosen spells at will, no number"),
    ),
    (
        "feature",
        "overchannel",
        Why::NoneNeeded("necrotic damage to the wizard on a repeat use, no number on the sheet"),
    ),
    ("feature", "bard-expertise-*", Why::NoneNeeded(CLASS_CHOICE)),
    (
        "feature",
        "rogue-expertise-*",
        Why::NoneNeeded(CLASS_CHOICE),
    ),
    (
        "feature",
        "additional-fighting-style",
        Why::NoneNeeded(CHOICE_POINT),
    ),
    (
        "feature",
        "magical-secrets-*",
        Why::NoneNeeded(SPELLS_FROM_ANY),
    ),
    (
        "feature",
        "beast-spells",
        Why::NoneNeeded("casting in wild shape, no number"),
    ),
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
    ("feature", "blessed-healer", Why::Waits(TARGET)),
    ("feature", "supreme-healing", Why::Waits(TARGET)),
    ("feature", "potent-cantrip", Why::Waits(TARGET)),
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
    ("feature", "draconic-presence", Why::NoneNeeded(SPENDS)),
    (
        "feature",
        "dragon-wings",
        Why::NoneNeeded("a flying speed equal to the walking speed while the wings are out"),
    ),
    (
        "feature",
        "dragon-ancestor",
        Why::NoneNeeded(
            "the choice of ancestor: each option carries its damage type's Elemental Affinity modifier",
        ),
    ),
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
        Why::Waits(TARGET),
    ),
    (
        "feature",
        "fighting-style-great-weapon-fighting",
        Why::Waits(TARGET),
    ),
    (
        "feature",
        "*fighting-style-two-weapon-fighting",
        Why::Waits(TARGET),
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
    ("feature", "oath-spells", Why::NoneNeeded(SUBCLASS_SPELLS)),
    (
        "feature",
        "domain-spells-*",
        Why::NoneNeeded(SUBCLASS_SPELLS),
    ),
    (
        "feature",
        "circle-spells-*",
        Why::NoneNeeded(SUBCLASS_SPELLS),
    ),
    (
        "feature",
        "circle-of-the-land*",
        Why::Waits(
            "the circle spells of the land chosen: the data lists them only in text, not yet in the converter's tables",
        ),
    ),
    (
        "feature",
        "indomitable-might",
        Why::Waits(
            "a floor on one roll (a Strength check below the Strength score counts as the score): no mechanism yet",
        ),
    ),
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
        "eldritch-invocation-fiendish-vigor",
        Why::Waits(AT_WILL_SPELL),
    ),
    (
        "feature",
        "eldritch-invocation-thirsting-blade",
        Why::Waits(TARGET),
    ),
    (
        "feature",
        "eldritch-invocation-lifedrinker",
        Why::Waits(TARGET),
    ),
    (
        "feature",
        "eldritch-invocation-book-of-ancient-secrets",
        Why::NoneNeeded("rituals written in the Book of Shadows, no number"),
    ),
    (
        "feature",
        "eldritch-invocation-chains-of-carceri",
        Why::NoneNeeded(
            "hold monster at will on a celestial, fiend or elemental, once per creature per long rest: no count of its own",
        ),
    ),
    (
        "feature",
        "eldritch-invocation-*",
        Why::NoneNeeded(
            "casts a spell at will or changes what the warlock perceives; no number of its own",
        ),
    ),
    (
        "feature",
        "pact-of-the-tome",
        Why::NoneNeeded(
            "three cantrips from any class: the cantrips known count carries the number",
        ),
    ),
    ("feature", "pact-of-the-chain", Why::NoneNeeded(SUMMONS)),
    ("feature", "pact-of-the-blade", Why::NoneNeeded(SUMMONS)),
    ("feature", "archdruid", Why::NoneNeeded(UNLIMITED)),
    (
        "feature",
        "perfect-self",
        Why::NoneNeeded(
            "regains 4 ki when initiative is rolled with none left: Ki's resource carries it (`regains`)",
        ),
    ),
    (
        "feature",
        "tranquility",
        Why::NoneNeeded(
            "sanctuary at the end of a long rest, at the spell save DC the sheet shows",
        ),
    ),
    ("feature", "blindsense", Why::Waits(SENSES)),
    (
        "feature",
        "fiendish-resilience",
        Why::Waits("a resistance chosen anew after each rest: no mechanism yet"),
    ),
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
    // Double proficiency on History checks about stonework or about magic items: the subject
    // of the check, not on the sheet.
    ("trait", "stonecunning", Why::Waits(TARGET)),
    ("trait", "artificers-lore", Why::Waits(TARGET)),
    // The ancestry is a choice; each dragon's subtrait carries the resistance and the breath.
    (
        "trait",
        "draconic-ancestry",
        Why::NoneNeeded("a choice point: the dragon ancestor chosen carries the numbers"),
    ),
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
];
