//! Mechanics the SRD 5.1 states only in its text, written here as data tables so the pack stays
//! regenerable: racial traits, races, magic items and class features that change a number or
//! set a flag, each entry naming the SRD rule it encodes. The numbers are facts (a score of 19,
//! resistance to fire, 2d4 + 2 hit points); no rules prose is copied.
//!
//! Beside effects, the tables use the format's other mechanisms: magic weapons, armor and
//! ammunition are variants of the base the character names (`variants`); charges and daily
//! uses are resources with their recovery (`charges`, and `races::TRAIT_RESOURCES`); racial
//! spells are the race's own copies of a spell (an extension cast with the race's ability,
//! `races::RACIAL_SPELLS`); what a potion, a scroll or a lasting spell gives is a roll of the
//! item (`item_rolls`, `spells`).
//!
//! Why a separate module: the content converter maps what the 5e-database holds structured;
//! these tables hold what it does not, one table per concern, so an entry is easy to check
//! against the SRD and the coverage report ([`super::coverage`]) can tell what is done from
//! what waits for a mechanism of the format.
//!
//! The flags the tables set (resistances, immunities, advantages, Evasion) are boolean fields
//! of their own rules document, `rules/defenses.yaml`, written by [`write_rules`].

use serde_json::{Map, Value, json};

use super::{Ctx, Error};

/// One effect: `(target, op, value, when)`; an empty `when` is "always". A target of
/// `saves.*` or `skills.*` stands for every save or every skill.
pub type Fx = (&'static str, &'static str, &'static str, &'static str);

/// A table entry: the content's local ID, the SRD rule it encodes, and its effects.
pub type Entry = (&'static str, &'static str, &'static [Fx]);

/// A table entry of properties (or grants): the content's local ID, the SRD rule it encodes,
/// and `(property, value)` pairs.
pub type PropertyEntry = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// What a content type declares for its table rolls: its roll properties, the rolls, and
/// their labels.
pub type RollDeclarations = (Vec<RollProperty>, Value, Vec<(String, String)>);

mod charges;
mod features;
mod item_rolls;
mod items;
mod play_rolls;
mod races;
mod roll_modifiers;
mod spells;
mod states;
mod variants;
pub mod weapon_rules;

pub use features::{FEATURE_GRANTS, FEATURE_ROLLS, FEATURES};
pub use item_rolls::ITEM_ROLLS;
pub use items::{ITEMS, raised_score_effects};
pub use play_rolls::{PARAMETER_LABELS, PLAY_FEATURE_ROLLS, feature_parameters};
pub use races::{
    RACES, RACIAL_SPELLS, TRAIT_CHOICES, TRAIT_GRANTS, TRAITS, ability_bonus_choice, racial_choice,
};
pub use roll_modifiers::{
    FIELD_EFFECTS as ROLL_MODIFIER_FIELD_EFFECTS, FIELDS as ROLL_MODIFIER_FIELDS,
    feature_roll_modifiers,
};
pub use spells::SPELLS;
pub use variants::{variant, variant_properties};

/// The SRD's damage types, for the resistance and immunity flags.
pub const DAMAGE_TYPES: [&str; 13] = [
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "radiant",
    "slashing",
    "thunder",
];

/// The skills' field words, for effects on every skill (`skills.*`).
pub(crate) const SKILLS: [&str; 18] = [
    "acrobatics",
    "animal_handling",
    "arcana",
    "athletics",
    "deception",
    "history",
    "insight",
    "intimidation",
    "investigation",
    "medicine",
    "nature",
    "perception",
    "performance",
    "persuasion",
    "religion",
    "sleight_of_hand",
    "stealth",
    "survival",
];

/// Flags beside the damage types' resistances and immunities: `(field, label)`.
const FLAGS: [(&str, &str); 14] = [
    (
        "advantage.saves_vs_poison",
        "Advantage on saves against poison",
    ),
    (
        "advantage.saves_vs_charmed",
        "Advantage on saves against being charmed",
    ),
    (
        "advantage.saves_vs_frightened",
        "Advantage on saves against being frightened",
    ),
    (
        "advantage.mental_saves_vs_magic",
        "Advantage on Intelligence, Wisdom and Charisma saves against magic",
    ),
    (
        "advantage.dex_saves_vs_seen_effects",
        "Advantage on Dexterity saves against effects you can see",
    ),
    ("immune.magical_sleep", "Magic cannot put you to sleep"),
    ("immune.disease", "Immune to disease"),
    ("flags.evasion", "Evasion"),
    (
        "flags.reroll_natural_one",
        "Reroll a natural 1 on an attack, check or save",
    ),
    (
        "flags.reckless_attack",
        "Reckless Attack: advantage on Strength melee attacks",
    ),
    (
        "flags.uncanny_dodge",
        "Uncanny Dodge: half damage from an attacker you can see",
    ),
    (
        "flags.reliable_talent",
        "Reliable Talent: a d20 of 9 or lower counts as 10 on proficient checks",
    ),
    (
        "flags.potent_cantrip",
        "Potent Cantrip: half damage from a cantrip on a successful save",
    ),
    (
        "flags.supreme_healing",
        "Supreme Healing: healing dice give their maximum",
    ),
];

/// One table effect as the pack writes it, `saves.*` and `skills.*` spread over each save and
/// skill.
fn render(effects: &[Fx]) -> Vec<Value> {
    let mut out = Vec::new();
    for (target, op, value, when) in effects {
        let targets: Vec<String> = match *target {
            "saves.*" => ["str", "dex", "con", "int", "wis", "cha"]
                .iter()
                .map(|a| format!("saves.{a}"))
                .collect(),
            "skills.*" => SKILLS.iter().map(|s| format!("skills.{s}")).collect(),
            other => vec![other.to_owned()],
        };
        for target in targets {
            let mut effect = Map::new();
            effect.insert("target".into(), json!(target));
            effect.insert("op".into(), json!(op));
            effect.insert("value".into(), json!(value));
            if !when.is_empty() {
                effect.insert("when".into(), json!(when));
            }
            out.push(Value::Object(effect));
        }
    }
    out
}

/// The effects of the item `folder.local` that come with the weapon rules (Martial Arts) and
/// with a state of play (Rage, Shillelagh, Mage Armor: `whileActive`).
pub fn play_effects(folder: &str, local: &str) -> Vec<Value> {
    let mut out = effects(weapon_rules::FEATURE_EFFECTS, &format!("{folder}.{local}"));
    out.extend(states::effects(folder, local));
    out
}

/// The effects a table gives the content item `local`.
pub fn effects(table: &[Entry], local: &str) -> Vec<Value> {
    table
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, effects)| render(effects))
        .collect()
}

/// The grants [`TRAIT_GRANTS`] gives a trait.
pub fn trait_grants(local: &str) -> Vec<Value> {
    TRAIT_GRANTS
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, grants)| grants.iter())
        .map(|(item, when)| {
            if when.is_empty() {
                json!({ "item": item })
            } else {
                json!({ "item": item, "when": when })
            }
        })
        .collect()
}

/// The grants [`FEATURE_GRANTS`] gives a feature.
pub fn feature_grants(local: &str) -> Vec<Value> {
    FEATURE_GRANTS
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, items)| items.iter())
        .map(|item| json!({ "item": item }))
        .collect()
}

/// The choices [`TRAIT_CHOICES`] gives a trait, by choice ID.
pub fn trait_choices(local: &str) -> Map<String, Value> {
    let mut out = Map::new();
    for (_, _, id, count, items) in TRAIT_CHOICES.iter().filter(|c| c.0 == local) {
        let mut choice = Map::new();
        if *count != 1 {
            choice.insert("count".into(), json!(count));
        }
        choice.insert("items".into(), json!(items));
        out.insert((*id).to_owned(), Value::Object(choice));
    }
    out
}

/// The resources [`races::TRAIT_RESOURCES`] gives a racial trait: `{<id>: {max, recovery}}`.
pub fn trait_resources(local: &str) -> Option<Value> {
    let mut out = Map::new();
    for (_, _, id, max, on) in races::TRAIT_RESOURCES.iter().filter(|r| r.0 == local) {
        out.insert(
            (*id).to_owned(),
            json!({ "max": max, "recovery": { "on": on } }),
        );
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// Writes the racial spells ([`RACIAL_SPELLS`]): each an extension of its spell in
/// `content/racial-spells/`, cast with the race's ability.
pub fn write_racial_spells(
    ctx: &mut Ctx<'_>,
    spell_names: &Map<String, Value>,
) -> Result<(), Error> {
    for (local, rule, spell, ability, extra) in RACIAL_SPELLS {
        // Only a spell the corpus has (a trimmed corpus may lack it).
        let Some(spell_name) = spell_names.get(*spell).and_then(Value::as_str) else {
            continue;
        };
        let mut properties = Map::new();
        properties.insert(
            "attack_bonus".into(),
            json!(format!("proficiency + abilities.{ability}.mod")),
        );
        properties.insert(
            "save_dc".into(),
            json!(format!("8 + proficiency + abilities.{ability}.mod")),
        );
        for (key, value) in *extra {
            properties.insert((*key).to_owned(), json!(value));
        }
        // "Fire Bolt (High Elf Cantrip)": the spell's name and the trait that gives it.
        let trait_name = rule.split(':').next().unwrap_or_default();
        let name = format!("{spell_name} ({trait_name})");
        // Written without `type` (it is its spell's): an item of a type that some items
        // extend is typed as partial for apps (the npm package's `Content`), and the SRD's
        // spells stay fully typed. Not one of the SRD's spells, so not in the coverage report.
        let id = format!("racial-spells.{local}");
        ctx.out.file(
            format!("content/racial-spells/{local}.yaml"),
            json!({
                "id": id,
                "extends": format!("spells.{spell}"),
                "properties": Value::Object(properties),
            }),
        )?;
        ctx.out.text(format!("content.{id}.name"), &name)?;
    }
    Ok(())
}

/// The resources [`charges::CHARGES`] gives a magic item: `{<id>: {max, recovery}}`.
pub fn item_resources(local: &str) -> Option<Value> {
    let mut out = Map::new();
    for (_, _, id, max, on, amount) in charges::CHARGES.iter().filter(|c| c.0 == local) {
        let mut recovery = Map::new();
        recovery.insert("on".into(), json!(on));
        if !amount.is_empty() {
            recovery.insert("amount".into(), json!(amount));
        }
        out.insert(
            (*id).to_owned(),
            json!({ "max": max, "recovery": Value::Object(recovery) }),
        );
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

/// The `number` properties of the magic-item type's rolls (the rest are dice, formulas or
/// content references, written as text).
const NUMBER_ROLL_PROPERTIES: [&str; 6] = [
    "save_dc",
    "score",
    "ac_bonus",
    "fly_speed",
    "swim_speed",
    "magic_bonus",
];

/// The roll properties [`ITEM_ROLLS`] gives a magic item.
pub fn item_roll_properties(local: &str) -> Map<String, Value> {
    ITEM_ROLLS
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, properties)| properties.iter())
        .map(|(key, value)| {
            let value = match value.parse::<i64>() {
                Ok(n) if NUMBER_ROLL_PROPERTIES.contains(key) => json!(n),
                _ => json!(value),
            };
            ((*key).to_owned(), value)
        })
        .collect()
}

/// A roll property's declaration: `(property, type, label)`.
pub type RollProperty = (&'static str, Value, &'static str);

/// What the magic-item and feature content types declare for [`ITEM_ROLLS`] and
/// [`FEATURE_ROLLS`]: their roll properties, with labels, the rolls they give, and the rolls'
/// labels; `None` for other types.
pub fn roll_declarations(type_id: &str) -> Option<RollDeclarations> {
    let dice = || json!({ "type": "dice" });
    let mut properties: Vec<RollProperty> = vec![
        ("heal", dice(), "Healing"),
        ("damage", dice(), "Damage"),
        (
            "damage_type",
            json!({ "type": "content", "types": ["damage_type"] }),
            "Damage type",
        ),
        (
            "save_ability",
            json!({ "type": "content", "types": ["ability"] }),
            "Saving throw",
        ),
    ];
    let mut rolls = json!({
        "healing": { "dice": "item.heal", "requires": ["heal"] },
        "damage": { "dice": "item.damage", "about": "damage_type", "requires": ["damage"] },
        "save": { "dc": "item.save_dc", "about": "save_ability", "requires": ["save_dc"] },
    });
    let mut labels = vec![
        ("healing", "Healing"),
        ("damage", "Damage"),
        ("save", "Saving throw"),
    ];
    match type_id {
        "magic_item" => {
            let number = || json!({ "type": "number" });
            properties.extend([
                ("save_dc", number(), "Save DC"),
                ("reduction", dice(), "Damage reduced by"),
                ("attack_bonus", json!({ "type": "formula" }), "Attack bonus"),
                ("temp_hp", dice(), "Temporary hit points"),
                ("score", number(), "Ability score"),
                (
                    "score_ability",
                    json!({ "type": "content", "types": ["ability"] }),
                    "Ability",
                ),
                ("ac_bonus", number(), "Bonus to AC"),
                ("fly_speed", number(), "Flying speed"),
                ("swim_speed", number(), "Swimming speed"),
            ]);
            // The item's own numbers: its spells' attack bonus (a spell scroll's +5), what it
            // gives while it lasts (a potion's score, temporary hit points, AC, speeds), its
            // +N where it is no variant (Oil of Sharpness), its extra damage.
            rolls["reduction"] = json!({ "dice": "item.reduction", "requires": ["reduction"] });
            rolls["attack"] = json!({ "check": "item.attack_bonus", "bands": "attack",
                                      "requires": ["attack_bonus"] });
            rolls["temporary_hit_points"] =
                json!({ "dice": "item.temp_hp", "requires": ["temp_hp"] });
            rolls["score"] =
                json!({ "value": "item.score", "about": "score_ability", "requires": ["score"] });
            rolls["ac_bonus"] = json!({ "value": "item.ac_bonus", "requires": ["ac_bonus"] });
            rolls["fly_speed"] = json!({ "value": "item.fly_speed", "requires": ["fly_speed"] });
            rolls["swim_speed"] = json!({ "value": "item.swim_speed", "requires": ["swim_speed"] });
            rolls["magic_bonus"] =
                json!({ "value": "item.magic_bonus", "requires": ["magic_bonus"] });
            rolls["extra_damage"] = json!({ "dice": "item.extra_damage", "about": "extra_damage_type",
                                             "requires": ["extra_damage"] });
            labels.extend([
                ("reduction", "Damage reduced by"),
                ("attack", "Attack"),
                ("temporary_hit_points", "Temporary hit points"),
                ("score", "Ability score"),
                ("ac_bonus", "Bonus to AC"),
                ("fly_speed", "Flying speed"),
                ("swim_speed", "Swimming speed"),
                ("magic_bonus", "Bonus to attack and damage"),
                ("extra_damage", "Extra damage"),
            ]);
        }
        "feature" => {
            properties.push(("save_dc", json!({ "type": "formula" }), "Save DC"));
            properties.push(("temp_hp", dice(), "Temporary hit points"));
            properties.push(("die", dice(), "Die"));
            properties.push(("reduction", dice(), "Damage reduced by"));
            rolls["temporary_hit_points"] =
                json!({ "dice": "item.temp_hp", "requires": ["temp_hp"] });
            rolls["die"] = json!({ "dice": "item.die", "requires": ["die"] });
            rolls["reduction"] = json!({ "dice": "item.reduction", "requires": ["reduction"] });
            // A feature that is an attack of its own (the monk's unarmed strike, Martial Arts).
            properties.push(("attack_bonus", json!({ "type": "formula" }), "Attack bonus"));
            rolls["attack"] = json!({
                "check": "item.attack_bonus", "bands": "attack",
                "situationalChoices": ["advantage", "disadvantage"], "requires": ["attack_bonus"]
            });
            labels.extend([
                ("attack", "Attack"),
                ("temporary_hit_points", "Temporary hit points"),
                ("die", "Die"),
                ("reduction", "Damage reduced by"),
            ]);
            // A percentage against a d100 (Divine Intervention, `play_rolls`).
            let (property, roll, label) = play_rolls::chance_declaration();
            properties.push(property);
            rolls[label.0] = roll;
            labels.push(label);
        }
        _ => return None,
    }
    let labels = labels
        .iter()
        .map(|(roll, text)| (format!("roll.{type_id}.{roll}.label"), (*text).to_owned()))
        .collect();
    Some((properties, rolls, labels))
}

/// The properties a [`PropertyEntry`] table gives the content item `local`.
pub fn table_properties(table: &[PropertyEntry], local: &str) -> Map<String, Value> {
    table
        .iter()
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, properties)| properties.iter())
        .map(|(key, value)| ((*key).to_owned(), json!(value)))
        .collect()
}

/// The roll properties [`FEATURE_ROLLS`] and [`PLAY_FEATURE_ROLLS`] give a feature.
pub fn feature_roll_properties(local: &str) -> Map<String, Value> {
    FEATURE_ROLLS
        .iter()
        .chain(PLAY_FEATURE_ROLLS)
        .filter(|(index, _, _)| *index == local)
        .flat_map(|(_, _, properties)| properties.iter())
        .map(|(key, value)| ((*key).to_owned(), json!(value)))
        .collect()
}

/// Writes `rules/defenses.yaml`: a boolean field per damage type's resistance and immunity,
/// the advantage and feature flags the tables set, the extra critical dice and the Dueling
/// damage bonus; each with its English label and a display group.
pub fn write_rules(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut fields = Map::new();
    let mut shown = Vec::new();
    let mut labels: Vec<(String, String)> = Vec::new();
    for (prefix, text) in [("resistance", "Resistance"), ("immunity", "Immunity")] {
        for kind in DAMAGE_TYPES {
            let field = format!("{prefix}.{kind}");
            fields.insert(
                field.clone(),
                json!({ "type": "boolean", "default": false }),
            );
            labels.push((field.clone(), format!("{text}: {kind}")));
            shown.push(field);
        }
    }
    for (field, text) in FLAGS {
        fields.insert(
            field.to_owned(),
            json!({ "type": "boolean", "default": false }),
        );
        labels.push((field.to_owned(), text.to_owned()));
        shown.push(field.to_owned());
    }
    for (field, text) in [
        (
            "combat.critical_extra_dice",
            "Extra weapon dice on a critical hit",
        ),
        (
            "combat.dueling_damage_bonus",
            "Damage bonus with one one-handed melee weapon",
        ),
    ] {
        fields.insert(field.to_owned(), json!({ "type": "number", "default": 0 }));
        labels.push((field.to_owned(), text.to_owned()));
        shown.push(field.to_owned());
    }
    for (field, text) in labels {
        ctx.out.text(format!("field.{field}.label"), &text)?;
    }
    ctx.out
        .text("hint.defenses.label", "Resistances, immunities and flags")?;
    ctx.out.file(
        "rules/defenses.yaml",
        json!({
            "fields": fields,
            "displayHints": { "defenses": { "fields": shown, "order": 7 } },
        }),
    )
}
