//! Magic weapons, armor, shields and ammunition as **variants of a base item** (SRD 5.1, "Magic
//! Items"; the format's `variantOf`, docs/spec/content.md#variants): the character names the
//! base (`base: weapons.longsword`) and owns one thing with the base's rolls and the variant's
//! bonus.
//!
//! Why a table: the 5e-database gives "Weapon (any sword)" as text, so which content type a
//! magic item applies to, and its +N, are facts read from the SRD and written here. The pack's
//! weapon and gear rolls read `item.magic_bonus` (0 by default), so a +2 weapon adds 2 to its
//! base's attack and damage; an armor variant's `magic_bonus` is added to AC by one effect,
//! which acts only while the armor fills its slot (worn), as every listed armor's does.

/// One variant: `(magic item, SRD rule, the base's content types, magic bonus)`.
pub type Variant = (&'static str, &'static str, &'static [&'static str], i64);

const WEAPON: &[&str] = &["weapon"];
const ARMOR: &[&str] = &["armor"];
const AMMUNITION: &[&str] = &["gear"];

/// Magic items that are applied to a base item (SRD 5.1, "Magic Items").
pub const VARIANTS: &[Variant] = &[
    // Weapons (SRD: "You have a +N bonus to attack and damage rolls made with this magic weapon").
    ("weapon", "Weapon, +1, +2 or +3: any weapon", WEAPON, 0),
    (
        "weapon-1",
        "Weapon, +1: +1 to attack and damage rolls",
        WEAPON,
        1,
    ),
    (
        "weapon-2",
        "Weapon, +2: +2 to attack and damage rolls",
        WEAPON,
        2,
    ),
    (
        "weapon-3",
        "Weapon, +3: +3 to attack and damage rolls",
        WEAPON,
        3,
    ),
    (
        "berserker-axe",
        "Berserker Axe: any axe, +1 to attack and damage rolls",
        WEAPON,
        1,
    ),
    (
        "dagger-of-venom",
        "Dagger of Venom: a dagger, +1 to attack and damage rolls",
        WEAPON,
        1,
    ),
    (
        "dancing-sword",
        "Dancing Sword: any sword, no bonus",
        WEAPON,
        0,
    ),
    (
        "defender",
        "Defender: any sword, +3 to attack and damage rolls",
        WEAPON,
        3,
    ),
    (
        "dragon-slayer",
        "Dragon Slayer: any sword, +1 to attack and damage rolls",
        WEAPON,
        1,
    ),
    (
        "dwarven-thrower",
        "Dwarven Thrower: a warhammer, +3 to attack and damage rolls",
        WEAPON,
        3,
    ),
    (
        "flame-tongue",
        "Flame Tongue: any sword, no bonus",
        WEAPON,
        0,
    ),
    ("frost-brand", "Frost Brand: any sword, no bonus", WEAPON, 0),
    (
        "giant-slayer",
        "Giant Slayer: any axe or sword, +1 to attack and damage rolls",
        WEAPON,
        1,
    ),
    (
        "hammer-of-thunderbolts",
        "Hammer of Thunderbolts: a maul, +1 to attack and damage rolls",
        WEAPON,
        1,
    ),
    (
        "holy-avenger",
        "Holy Avenger: any sword, +3 to attack and damage rolls",
        WEAPON,
        3,
    ),
    (
        "javelin-of-lightning",
        "Javelin of Lightning: a javelin, no bonus",
        WEAPON,
        0,
    ),
    (
        "luck-blade",
        "Luck Blade: any sword, +1 to attack and damage rolls",
        WEAPON,
        1,
    ),
    (
        "mace-of-disruption",
        "Mace of Disruption: a mace, no bonus",
        WEAPON,
        0,
    ),
    (
        "mace-of-smiting",
        "Mace of Smiting: a mace, +1 to attack and damage rolls (+3 against constructs)",
        WEAPON,
        1,
    ),
    (
        "mace-of-terror",
        "Mace of Terror: a mace, no bonus",
        WEAPON,
        0,
    ),
    (
        "nine-lives-stealer",
        "Nine Lives Stealer: any sword, +2 to attack and damage rolls",
        WEAPON,
        2,
    ),
    ("oathbow", "Oathbow: a longbow, no bonus", WEAPON, 0),
    (
        "scimitar-of-speed",
        "Scimitar of Speed: a scimitar, +2 to attack and damage rolls",
        WEAPON,
        2,
    ),
    (
        "sun-blade",
        "Sun Blade: a longsword, +2 to attack and damage rolls, radiant damage",
        WEAPON,
        2,
    ),
    (
        "sword-of-life-stealing",
        "Sword of Life Stealing: any sword, no bonus",
        WEAPON,
        0,
    ),
    (
        "sword-of-sharpness",
        "Sword of Sharpness: a slashing sword, no bonus",
        WEAPON,
        0,
    ),
    (
        "sword-of-wounding",
        "Sword of Wounding: any sword, no bonus",
        WEAPON,
        0,
    ),
    (
        "trident-of-fish-command",
        "Trident of Fish Command: a trident, no bonus",
        WEAPON,
        0,
    ),
    (
        "vicious-weapon",
        "Vicious Weapon: any weapon, no bonus",
        WEAPON,
        0,
    ),
    (
        "vorpal-sword",
        "Vorpal Sword: a slashing sword, +3 to attack and damage rolls",
        WEAPON,
        3,
    ),
    // Staffs wielded as a magic quarterstaff (the character names the quarterstaff as base).
    (
        "staff-of-power",
        "Staff of Power: a magic quarterstaff, +2 to attack and damage rolls",
        WEAPON,
        2,
    ),
    (
        "staff-of-striking",
        "Staff of Striking: a magic quarterstaff, +3 to attack and damage rolls",
        WEAPON,
        3,
    ),
    (
        "staff-of-the-magi",
        "Staff of the Magi: a magic quarterstaff, +2 to attack and damage rolls",
        WEAPON,
        2,
    ),
    (
        "staff-of-the-woodlands",
        "Staff of the Woodlands: a magic quarterstaff, +2 to attack and damage rolls",
        WEAPON,
        2,
    ),
    (
        "staff-of-thunder-and-lightning",
        "Staff of Thunder and Lightning: a magic quarterstaff, +2 to attack and damage rolls",
        WEAPON,
        2,
    ),
    // Armor and shields (SRD: "You have a +N bonus to AC while wearing this armor").
    (
        "armor",
        "Armor, +1, +2 or +3: light, medium or heavy armor",
        ARMOR,
        0,
    ),
    ("armor-1", "Armor, +1: +1 to AC while worn", ARMOR, 1),
    ("armor-2", "Armor, +2: +2 to AC while worn", ARMOR, 2),
    ("armor-3", "Armor, +3: +3 to AC while worn", ARMOR, 3),
    (
        "adamantine-armor",
        "Adamantine Armor: medium or heavy armor, no bonus",
        ARMOR,
        0,
    ),
    (
        "armor-of-invulnerability",
        "Armor of Invulnerability: plate, no bonus",
        ARMOR,
        0,
    ),
    (
        "armor-of-resistance",
        "Armor of Resistance: light, medium or heavy armor, no bonus",
        ARMOR,
        0,
    ),
    (
        "armor-of-vulnerability",
        "Armor of Vulnerability: plate, no bonus",
        ARMOR,
        0,
    ),
    (
        "demon-armor",
        "Demon Armor: plate, +1 to AC while worn",
        ARMOR,
        1,
    ),
    (
        "dragon-scale-mail",
        "Dragon Scale Mail: scale mail, +1 to AC while worn",
        ARMOR,
        1,
    ),
    (
        "dwarven-plate",
        "Dwarven Plate: plate, +2 to AC while worn",
        ARMOR,
        2,
    ),
    (
        "elven-chain",
        "Elven Chain: a chain shirt, +1 to AC while worn",
        ARMOR,
        1,
    ),
    (
        "glamoured-studded-leather-armor",
        "Glamoured Studded Leather: studded leather, +1 to AC while worn",
        ARMOR,
        1,
    ),
    (
        "mithral-armor",
        "Mithral Armor: medium or heavy armor, no bonus",
        ARMOR,
        0,
    ),
    (
        "plate-armor-of-etherealness",
        "Plate Armor of Etherealness: plate, no bonus",
        ARMOR,
        0,
    ),
    (
        "animated-shield",
        "Animated Shield: a shield, no bonus beyond the shield's",
        ARMOR,
        0,
    ),
    (
        "arrow-catching-shield",
        "Arrow-Catching Shield: a shield (its +2 holds against ranged attacks only)",
        ARMOR,
        0,
    ),
    (
        "shield-of-missile-attraction",
        "Shield of Missile Attraction: a shield, no bonus",
        ARMOR,
        0,
    ),
    (
        "spellguard-shield",
        "Spellguard Shield: a shield, no bonus",
        ARMOR,
        0,
    ),
    // Ammunition (SRD: "a +N bonus to attack and damage rolls made with this piece of magic
    // ammunition"), applied to arrows, bolts, bullets or needles (gear).
    (
        "ammunition",
        "Ammunition, +1, +2 or +3: any ammunition",
        AMMUNITION,
        0,
    ),
    (
        "ammunition-1",
        "Ammunition, +1: +1 to attack and damage rolls",
        AMMUNITION,
        1,
    ),
    (
        "ammunition-2",
        "Ammunition, +2: +2 to attack and damage rolls",
        AMMUNITION,
        2,
    ),
    (
        "ammunition-3",
        "Ammunition, +3: +3 to attack and damage rolls",
        AMMUNITION,
        3,
    ),
    (
        "arrow-of-slaying",
        "Arrow of Slaying: an arrow, no bonus",
        AMMUNITION,
        0,
    ),
];

/// The variant entry of a magic item, if it is one; a dragon scale mail's colours are variants
/// of their parent's kind.
pub fn variant(local: &str) -> Option<&'static Variant> {
    VARIANTS.iter().find(|(index, _, _, _)| *index == local)
}

/// Properties a variant sets over its base's, beyond its bonus: `(magic item, SRD rule,
/// [(property, value)])`; a value is a number, `true` or `false`.
pub const VARIANT_PROPERTIES: &[super::PropertyEntry] = &[(
    "mithral-armor",
    "Mithral Armor: no Strength requirement and no disadvantage on Stealth checks",
    &[("str_minimum", "0"), ("stealth_disadvantage", "false")],
)];

/// The properties [`VARIANT_PROPERTIES`] gives a variant, typed.
pub fn variant_properties(local: &str) -> serde_json::Map<String, serde_json::Value> {
    VARIANT_PROPERTIES
        .iter()
        .filter(|(item, _, _)| *item == local)
        .flat_map(|(_, _, properties)| properties.iter())
        .map(|(key, value)| {
            let typed = match *value {
                "true" => serde_json::Value::Bool(true),
                "false" => serde_json::Value::Bool(false),
                number => number
                    .parse::<i64>()
                    .map_or_else(|_| serde_json::json!(number), serde_json::Value::from),
            };
            ((*key).to_owned(), typed)
        })
        .collect()
}
