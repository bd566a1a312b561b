//! Magic items (SRD 5.1, "Magic Items"): effects on the owner's sheet (bonuses, set and
//! raised scores, resistances, senses); the dice and DCs their rolls show are in
//! `item_rolls`, their charges in `charges`, what they apply to in `variants`.

use super::Entry;

/// Magic items (SRD 5.1, "Magic Items") whose numbers the format expresses now.
pub const ITEMS: &[Entry] = &[
    (
        "ring-of-protection",
        "Ring of Protection: +1 bonus to AC and saving throws",
        &[
            ("combat.ac_bonus", "add", "1", ""),
            ("saves.*", "add", "1", ""),
        ],
    ),
    (
        "cloak-of-protection",
        "Cloak of Protection: +1 bonus to AC and saving throws",
        &[
            ("combat.ac_bonus", "add", "1", ""),
            ("saves.*", "add", "1", ""),
        ],
    ),
    (
        "ioun-stone-of-protection",
        "Ioun Stone (Protection): +1 bonus to AC",
        &[("combat.ac_bonus", "add", "1", "")],
    ),
    (
        "ioun-stone-of-mastery",
        "Ioun Stone (Mastery): proficiency bonus increases by 1",
        &[("proficiency", "add", "1", "")],
    ),
    (
        "mithral-armor",
        "Mithral Armor: no Strength requirement (the base's own requirement lowered to 0)",
        &[("combat.armor.str_minimum", "max", "0", "")],
    ),
    (
        "robe-of-stars",
        "Robe of Stars: +1 bonus to saving throws",
        &[("saves.*", "add", "1", "")],
    ),
    (
        "luck-blade",
        "Luck Blade: +1 bonus to saving throws while on your person",
        &[("saves.*", "add", "1", "")],
    ),
    (
        "stone-of-good-luck-luckstone",
        "Stone of Good Luck: +1 bonus to ability checks and saving throws",
        &[("saves.*", "add", "1", ""), ("skills.*", "add", "1", "")],
    ),
    (
        "bracers-of-defense",
        "Bracers of Defense: +2 bonus to AC while wearing no armor and using no shield",
        &[(
            "combat.ac_bonus",
            "add",
            "2",
            "not(combat.armor.worn) and combat.shield_bonus == 0",
        )],
    ),
    (
        "staff-of-power",
        "Staff of Power: +2 bonus to AC, saving throws and spell attack rolls",
        &[
            ("combat.ac_bonus", "add", "2", ""),
            ("saves.*", "add", "2", ""),
            ("spellcasting.attack", "add", "2", ""),
        ],
    ),
    (
        "staff-of-the-magi",
        "Staff of the Magi: +2 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "2", "")],
    ),
    (
        "robe-of-the-archmagi",
        "Robe of the Archmagi: base AC 15 + Dexterity without armor; spell save DC and spell attack +2",
        &[
            ("combat.armor.base", "set", "15", "not(combat.armor.worn)"),
            ("spellcasting.save_dc", "add", "2", ""),
            ("spellcasting.attack", "add", "2", ""),
        ],
    ),
    (
        "wand-of-the-war-mage-1",
        "Wand of the War Mage, +1: +1 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "1", "")],
    ),
    (
        "wand-of-the-war-mage-2",
        "Wand of the War Mage, +2: +2 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "2", "")],
    ),
    (
        "wand-of-the-war-mage-3",
        "Wand of the War Mage, +3: +3 bonus to spell attack rolls",
        &[("spellcasting.attack", "add", "3", "")],
    ),
    (
        "berserker-axe",
        "Berserker Axe: hit point maximum +1 per level",
        &[("hp.bonus_per_level", "add", "1", "")],
    ),
    (
        "headband-of-intellect",
        "Headband of Intellect: Intelligence 19 (no effect if already 19 or higher)",
        &[("abilities.int", "min", "19", "")],
    ),
    (
        "amulet-of-health",
        "Amulet of Health: Constitution 19 (no effect if already 19 or higher)",
        &[("abilities.con", "min", "19", "")],
    ),
    (
        "gauntlets-of-ogre-power",
        "Gauntlets of Ogre Power: Strength 19 (no effect if already 19 or higher)",
        &[("abilities.str", "min", "19", "")],
    ),
    (
        "belt-of-giant-strength-hill",
        "Belt of Hill Giant Strength: Strength 21 unless already higher",
        &[("abilities.str", "min", "21", "")],
    ),
    (
        "belt-of-giant-strength-stone",
        "Belt of Stone Giant Strength: Strength 23 unless already higher",
        &[("abilities.str", "min", "23", "")],
    ),
    (
        "belt-of-giant-strength-frost",
        "Belt of Frost Giant Strength: Strength 23 unless already higher",
        &[("abilities.str", "min", "23", "")],
    ),
    (
        "belt-of-giant-strength-fire",
        "Belt of Fire Giant Strength: Strength 25 unless already higher",
        &[("abilities.str", "min", "25", "")],
    ),
    (
        "belt-of-giant-strength-cloud",
        "Belt of Cloud Giant Strength: Strength 27 unless already higher",
        &[("abilities.str", "min", "27", "")],
    ),
    (
        "belt-of-giant-strength-storm",
        "Belt of Storm Giant Strength: Strength 29 unless already higher",
        &[("abilities.str", "min", "29", "")],
    ),
    (
        "boots-of-striding-and-springing",
        "Boots of Striding and Springing: walking speed 30 feet unless higher",
        &[("speed.walk", "min", "30", "")],
    ),
    (
        "boots-of-the-winterlands",
        "Boots of the Winterlands: resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "cloak-of-arachnida",
        "Cloak of Arachnida: resistance to poison damage",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "goggles-of-night",
        "Goggles of Night: darkvision 60 feet, or 60 feet more if you already have it",
        &[("senses.darkvision", "add", "60", "")],
    ),
    (
        "robe-of-eyes",
        "Robe of Eyes: darkvision 120 feet",
        &[("senses.darkvision", "min", "120", "")],
    ),
    (
        "belt-of-dwarvenkind",
        "Belt of Dwarvenkind: darkvision 60 feet; advantage on saves against poison and resistance to poison damage (its +2 Constitution waits for a raised maximum)",
        &[
            ("senses.darkvision", "min", "60", ""),
            ("advantage.saves_vs_poison", "set", "true", ""),
            ("resistance.poison", "set", "true", ""),
        ],
    ),
    (
        "brooch-of-shielding",
        "Brooch of Shielding: resistance to force damage",
        &[("resistance.force", "set", "true", "")],
    ),
    (
        "ring-of-warmth",
        "Ring of Warmth: resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "frost-brand",
        "Frost Brand: resistance to fire damage while holding the sword",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "periapt-of-proof-against-poison",
        "Periapt of Proof against Poison: immune to poison damage",
        &[("immunity.poison", "set", "true", "")],
    ),
    (
        "periapt-of-health",
        "Periapt of Health: immune to contracting any disease",
        &[("immune.disease", "set", "true", "")],
    ),
    (
        "ring-of-resistance-acid",
        "Ring of Resistance (acid): resistance to acid damage",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "ring-of-resistance-cold",
        "Ring of Resistance (cold): resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "ring-of-resistance-fire",
        "Ring of Resistance (fire): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "ring-of-resistance-force",
        "Ring of Resistance (force): resistance to force damage",
        &[("resistance.force", "set", "true", "")],
    ),
    (
        "ring-of-resistance-lightning",
        "Ring of Resistance (lightning): resistance to lightning damage",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "ring-of-resistance-necrotic",
        "Ring of Resistance (necrotic): resistance to necrotic damage",
        &[("resistance.necrotic", "set", "true", "")],
    ),
    (
        "ring-of-resistance-poison",
        "Ring of Resistance (poison): resistance to poison damage",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "ring-of-resistance-psychic",
        "Ring of Resistance (psychic): resistance to psychic damage",
        &[("resistance.psychic", "set", "true", "")],
    ),
    (
        "ring-of-resistance-radiant",
        "Ring of Resistance (radiant): resistance to radiant damage",
        &[("resistance.radiant", "set", "true", "")],
    ),
    (
        "ring-of-resistance-thunder",
        "Ring of Resistance (thunder): resistance to thunder damage",
        &[("resistance.thunder", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-black",
        "Dragon Scale Mail (black): resistance to acid damage",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-blue",
        "Dragon Scale Mail (blue): resistance to lightning damage",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-brass",
        "Dragon Scale Mail (brass): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-bronze",
        "Dragon Scale Mail (bronze): resistance to lightning damage",
        &[("resistance.lightning", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-copper",
        "Dragon Scale Mail (copper): resistance to acid damage",
        &[("resistance.acid", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-gold",
        "Dragon Scale Mail (gold): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-green",
        "Dragon Scale Mail (green): resistance to poison damage",
        &[("resistance.poison", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-red",
        "Dragon Scale Mail (red): resistance to fire damage",
        &[("resistance.fire", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-silver",
        "Dragon Scale Mail (silver): resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
    (
        "dragon-scale-mail-white",
        "Dragon Scale Mail (white): resistance to cold damage",
        &[("resistance.cold", "set", "true", "")],
    ),
];

/// Magic items that raise an ability score by 2 and its maximum by 2 (SRD 5.1: the manuals
/// and tomes, "your Strength score increases by 2, as does your maximum for that score"):
/// `(item, rule, ability)`.
pub const RAISED_SCORES: &[(&str, &str, &str)] = &[
    (
        "manual-of-bodily-health",
        "Manual of Bodily Health: Constitution +2, maximum +2",
        "con",
    ),
    (
        "manual-of-gainful-exercise",
        "Manual of Gainful Exercise: Strength +2, maximum +2",
        "str",
    ),
    (
        "manual-of-quickness-of-action",
        "Manual of Quickness of Action: Dexterity +2, maximum +2",
        "dex",
    ),
    (
        "tome-of-clear-thought",
        "Tome of Clear Thought: Intelligence +2, maximum +2",
        "int",
    ),
    (
        "tome-of-leadership-and-influence",
        "Tome of Leadership and Influence: Charisma +2, maximum +2",
        "cha",
    ),
    (
        "tome-of-understanding",
        "Tome of Understanding: Wisdom +2, maximum +2",
        "wis",
    ),
];

/// The effects [`RAISED_SCORES`] gives an item: the score up by 2, and its `max` bound up by 2.
pub fn raised_score_effects(local: &str) -> Vec<serde_json::Value> {
    RAISED_SCORES
        .iter()
        .filter(|(item, _, _)| *item == local)
        .flat_map(|(_, _, ability)| {
            let target = format!("abilities.{ability}");
            [
                serde_json::json!({ "target": target, "op": "add", "value": "2" }),
                serde_json::json!({ "target": target, "op": "add", "value": "2", "bound": "max" }),
            ]
        })
        .collect()
}
