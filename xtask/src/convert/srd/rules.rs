//! The rules documents of the pack, split by topic over `rules/*.yaml`, with their English
//! labels. Abilities, skills and enum values come from the data; formulas, actions, bands and
//! guidance are the converter's own.

use serde_json::{Map, Value, json};

use super::content::Facts;
use super::{Ctx, Error, word};

/// Writes every rules file and its labels.
pub fn write_all(ctx: &mut Ctx<'_>, facts: &Facts) -> Result<(), Error> {
    abilities_and_skills(ctx, facts)?;
    core(ctx, facts)?;
    combat(ctx)?;
    spellcasting(ctx)?;
    economy(ctx)?;
    content_types(ctx, facts)?;
    gm(ctx)?;
    super::mechanics::write_rules(ctx)?;
    super::classes::write_rules(ctx)?;
    Ok(())
}

fn label(ctx: &mut Ctx<'_>, key: String, text: &str) -> Result<(), Error> {
    ctx.out.text(key, text)
}

/// `str` → the field word of an ability (already a word).
fn skill_word(index: &str) -> String {
    word(index)
}

fn abilities_and_skills(ctx: &mut Ctx<'_>, facts: &Facts) -> Result<(), Error> {
    let mut fields = Map::new();
    let mut actions = Map::new();
    for (ability, name) in &facts.abilities {
        fields.insert(
            format!("abilities.{ability}"),
            json!({
                "type": "number", "role": "ability", "min": 1, "max": 30, "default": 10,
                "parts": { "mod": { "type": "number", "formula": format!("floor((abilities.{ability} - 10) / 2)") } }
            }),
        );
        label(ctx, format!("field.abilities.{ability}.label"), name)?;
        label(
            ctx,
            format!("field.abilities.{ability}.mod.label"),
            &format!("{name} modifier"),
        )?;
    }
    for (ability, name) in &facts.abilities {
        fields.insert(
            format!("saves.{ability}"),
            json!({
                "type": "number", "role": "save",
                "formula": format!("abilities.{ability}.mod + if(has(\"proficiencies.saving-throw-{ability}\"), proficiency, 0)")
            }),
        );
        label(
            ctx,
            format!("field.saves.{ability}.label"),
            &format!("{name} saving throw"),
        )?;
        actions.insert(
            format!("check_{ability}"),
            json!({ "use": { "check": format!("abilities.{ability}.mod") }, "situationalChoices": ["advantage", "disadvantage"] }),
        );
        label(
            ctx,
            format!("action.check_{ability}.label"),
            &format!("{name} check"),
        )?;
        actions.insert(
            format!("save_{ability}"),
            json!({ "use": { "check": format!("saves.{ability}") }, "situationalChoices": ["advantage", "disadvantage"] }),
        );
        label(
            ctx,
            format!("action.save_{ability}.label"),
            &format!("{name} saving throw"),
        )?;
    }
    let mut skill_fields = Vec::new();
    for (skill, name, ability) in &facts.skills {
        let field = format!("skills.{}", skill_word(skill));
        fields.insert(
            field.clone(),
            json!({
                "type": "number", "role": "skill",
                "formula": format!("abilities.{ability}.mod + {field}.training"),
                // What proficiency adds: all of it when proficient; expertise adds it again,
                // Jack of All Trades and Remarkable Athlete raise it to half (rules.md, "Effects").
                "parts": { "training": {
                    "type": "number",
                    "formula": format!("if(has(\"proficiencies.skill-{skill}\"), proficiency, 0)"),
                } },
            }),
        );
        label(ctx, format!("field.{field}.label"), name)?;
        label(
            ctx,
            format!("field.{field}.training.label"),
            &format!("{name}: proficiency added"),
        )?;
        let action = format!("skill_{}", skill_word(skill));
        actions.insert(
            action.clone(),
            json!({ "use": { "check": field.clone() }, "situationalChoices": ["advantage", "disadvantage"] }),
        );
        label(
            ctx,
            format!("action.{action}.label"),
            &format!("{name} check"),
        )?;
        skill_fields.push(field);
    }
    for (sense, skill, name) in [
        ("passive_perception", "perception", "Passive Perception"),
        (
            "passive_investigation",
            "investigation",
            "Passive Investigation",
        ),
        ("passive_insight", "insight", "Passive Insight"),
    ] {
        fields.insert(
            format!("senses.{sense}"),
            json!({ "type": "number", "formula": format!("10 + skills.{skill}") }),
        );
        label(ctx, format!("field.senses.{sense}.label"), name)?;
    }
    let ability_fields: Vec<String> = facts
        .abilities
        .iter()
        .map(|(a, _)| format!("abilities.{a}"))
        .collect();
    let save_fields: Vec<String> = facts
        .abilities
        .iter()
        .map(|(a, _)| format!("saves.{a}"))
        .collect();
    let hints = json!({
        "abilities": { "fields": ability_fields, "order": 1 },
        "saves": { "fields": save_fields, "order": 2 },
        "skills": { "fields": skill_fields, "order": 3 },
    });
    for (hint, text) in [
        ("abilities", "Abilities"),
        ("saves", "Saving throws"),
        ("skills", "Skills"),
    ] {
        label(ctx, format!("hint.{hint}.label"), text)?;
    }
    ctx.out.file(
        "rules/abilities.yaml",
        json!({ "fields": fields, "actions": actions, "displayHints": hints }),
    )
}

fn core(ctx: &mut Ctx<'_>, facts: &Facts) -> Result<(), Error> {
    let alignments: Vec<String> = facts.alignments.iter().map(|(a, _)| word(a)).collect();
    for (index, name) in &facts.alignments {
        label(ctx, format!("value.alignment.{}.label", word(index)), name)?;
    }
    let fields = json!({
        "name": { "type": "text", "maxLength": 100 },
        "alignment": { "type": "enum", "values": alignments, "default": "neutral" },
        "level": { "type": "number", "min": 1, "max": 20, "default": 1 },
        "xp": { "type": "number", "min": 0, "default": 0 },
        "proficiency": { "type": "number", "formula": "2 + floor((level - 1) / 4)" },
        "hp.bonus_per_level": { "type": "number", "default": 0 },
        // Each class adds its own hit points and hit dice (classes::effects::class_effects).
        "hp.max": { "type": "number", "formula": "level * hp.bonus_per_level" },
        "hit_dice.roll": { "type": "dice" },
        "speed.walk": { "type": "number", "min": 0, "default": 30 },
        "senses.darkvision": { "type": "number", "min": 0, "default": 0 },
        "carrying.capacity": { "type": "number", "formula": "abilities.str * 15" },
        "carrying.push_drag_lift": { "type": "number", "formula": "abilities.str * 30" },
        "inspiration": { "type": "boolean", "default": false },
    });
    for (field, text) in [
        ("name", "Name"),
        ("alignment", "Alignment"),
        ("level", "Level"),
        ("xp", "Experience points"),
        ("proficiency", "Proficiency bonus"),
        ("hp.bonus_per_level", "Extra hit points per level"),
        ("hp.max", "Hit point maximum"),
        ("hit_dice.roll", "Hit dice"),
        ("speed.walk", "Speed"),
        ("senses.darkvision", "Darkvision"),
        ("carrying.capacity", "Carrying capacity"),
        ("carrying.push_drag_lift", "Push, drag or lift"),
        ("inspiration", "Inspiration"),
    ] {
        label(ctx, format!("field.{field}.label"), text)?;
    }
    let live = json!({
        "pools": {
            "hit_points": { "max": "hp.max" },
            "hit_dice_left": { "max": "level" },
        },
        "tracks": {
            "temp_hp": { "max": "999" },
            "exhaustion": { "max": "6" },
            "death_successes": { "max": "3" },
            "death_failures": { "max": "3" },
        }
    });
    for (id, text) in [
        ("hit_points", "Hit points"),
        ("hit_dice_left", "Hit dice left"),
        ("temp_hp", "Temporary hit points"),
        ("exhaustion", "Exhaustion"),
        ("death_successes", "Death save successes"),
        ("death_failures", "Death save failures"),
    ] {
        label(ctx, format!("field.{id}.label"), text)?;
    }
    let slots = json!({
        "race": { "types": ["race"], "min": 1, "max": 1 },
        "subrace": { "types": ["subrace"], "max": 1 },
        // Several classes (multiclassing), each with its level and its subclass.
        "class": { "types": ["class"], "min": 1 },
        "subclass": { "types": ["subclass"] },
        "background": { "types": ["background"], "max": 1 },
        "feats": { "types": ["feat"] },
        "armor": { "types": ["armor", "magic_item"], "max": 1 },
        "main_hand": { "types": ["weapon", "magic_item"], "max": 1 },
        "off_hand": { "types": ["weapon", "armor", "magic_item"], "max": 1 },
        "attuned": { "types": ["magic_item"], "max": 3 },
        "worn": { "types": ["gear", "magic_item"] },
    });
    for (id, text) in [
        ("race", "Race"),
        ("subrace", "Subrace"),
        ("class", "Class"),
        ("subclass", "Subclass"),
        ("background", "Background"),
        ("feats", "Feats"),
        ("armor", "Armor worn"),
        ("main_hand", "Main hand"),
        ("off_hand", "Off hand"),
        ("attuned", "Attuned magic items"),
        ("worn", "Other worn items"),
    ] {
        label(ctx, format!("linkSlot.{id}.label"), text)?;
    }
    let settings = json!({
        "variant_encumbrance": { "type": "boolean", "default": false },
        "feats": { "type": "boolean", "default": true },
        "multiclassing": { "type": "boolean", "default": false },
    });
    for (id, text) in [
        ("variant_encumbrance", "Variant: encumbrance"),
        ("feats", "Optional rule: feats"),
        ("multiclassing", "Optional rule: multiclassing"),
    ] {
        label(ctx, format!("setting.{id}.label"), text)?;
    }
    let constraints = json!({
        "feats_allowed": { "formula": "setting(\"feats\") or not(has(\"feats.grappler\"))", "issue": "feats_off" },
    });
    label(
        ctx,
        "issue.feats_off.message".into(),
        "This table does not use feats, but the character has one.",
    )?;
    let hints = json!({
        "character": { "fields": ["name", "alignment", "level", "xp", "proficiency", "inspiration"], "order": 0 },
        "body": { "fields": ["hp.max", "hit_dice.roll", "speed.walk", "senses.darkvision", "carrying.capacity"], "order": 4 },
    });
    label(ctx, "hint.character.label".into(), "Character")?;
    label(ctx, "hint.body.label".into(), "Hit points and movement")?;
    ctx.out.file(
        "rules/character.yaml",
        json!({
            "fields": fields, "live": live, "linkSlots": slots, "settings": settings,
            "constraints": constraints, "displayHints": hints,
        }),
    )
}

fn combat(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let fields = json!({
        "combat.armor.base": { "type": "number", "default": 10 },
        "combat.armor.dex_cap": { "type": "number", "default": 99 },
        "combat.armor.worn": { "type": "boolean", "default": false },
        "combat.armor.str_minimum": { "type": "number", "default": 0 },
        "combat.shield_bonus": { "type": "number", "default": 0 },
        "combat.ac_bonus": { "type": "number", "default": 0 },
        // The base (armor's, or the best of Unarmored Defense, Draconic Resilience, Mage Armor:
        // `best` effects on `combat.ac.base`), then the shield and every bonus on top.
        "combat.ac": {
            "type": "number",
            "formula": "combat.ac.base + combat.shield_bonus + combat.ac_bonus",
            "parts": { "base": { "type": "number", "formula": "combat.armor.base + min(abilities.dex.mod, combat.armor.dex_cap)" } },
        },
        // A Dexterity check: half proficiency reaches it (Jack of All Trades, Remarkable Athlete).
        "combat.initiative": {
            "type": "number",
            "formula": "abilities.dex.mod + combat.initiative.training",
            "parts": { "training": { "type": "number", "default": 0 } },
        },
        "combat.critical_min": { "type": "number", "min": 2, "max": 20, "default": 20 },
        "combat.attacks": { "type": "number", "min": 1, "default": 1 },
        "combat.ranged_attack_bonus": { "type": "number", "default": 0 },
        "combat.attack.melee": { "type": "number", "formula": "abilities.str.mod + proficiency" },
        "combat.attack.ranged": { "type": "number", "formula": "abilities.dex.mod + proficiency + combat.ranged_attack_bonus" },
        "combat.unarmed_damage": { "type": "number", "formula": "max(1, 1 + abilities.str.mod)" },
    });
    // The fields the weapon rules read (Martial Arts, Shillelagh, Rage).
    let mut fields = fields;
    for (field, definition, text) in super::mechanics::weapon_rules::fields() {
        if let Value::Object(map) = &mut fields {
            map.insert(field.to_owned(), definition);
        }
        label(ctx, format!("field.{field}.label"), text)?;
    }
    for (field, text) in [
        ("combat.armor.base", "Armor base"),
        ("combat.armor.dex_cap", "Most Dexterity added to armor"),
        ("combat.armor.worn", "Wearing armor"),
        ("combat.armor.str_minimum", "Strength the armor asks for"),
        ("combat.shield_bonus", "Shield"),
        ("combat.ac.base", "Armor class before shield and bonuses"),
        (
            "combat.initiative.training",
            "Initiative: proficiency added",
        ),
        ("combat.ac_bonus", "Other armor class bonuses"),
        ("combat.ac", "Armor class"),
        ("combat.initiative", "Initiative"),
        ("combat.critical_min", "Critical hit on"),
        ("combat.attacks", "Attacks per Attack action"),
        ("combat.ranged_attack_bonus", "Ranged attack bonus"),
        ("combat.attack.melee", "Melee attack bonus"),
        ("combat.attack.ranged", "Ranged attack bonus"),
        ("combat.unarmed_damage", "Unarmed strike damage"),
    ] {
        label(ctx, format!("field.{field}.label"), text)?;
    }
    let resolution = json!({
        "kind": "dice-sum", "dice": "1d20", "naturals": "none", "bands": "check",
        "difficultyLadder": [
            { "label": "very_easy", "dc": 5 },
            { "label": "easy", "dc": 10 },
            { "label": "medium", "dc": 15 },
            { "label": "hard", "dc": 20 },
            { "label": "very_hard", "dc": 25 },
            { "label": "nearly_impossible", "dc": 30 },
        ]
    });
    for (step, text) in [
        ("very_easy", "Very easy"),
        ("easy", "Easy"),
        ("medium", "Medium"),
        ("hard", "Hard"),
        ("very_hard", "Very hard"),
        ("nearly_impossible", "Nearly impossible"),
    ] {
        label(ctx, format!("ladder.{step}.label"), text)?;
    }
    let bands = json!({
        "check": { "bands": { "success": { "margin": { "min": 0 } }, "failure": {} } },
        "attack": { "bands": {
            // A critical follows the character's `combat.critical_min` (19 with the
            // Champion's Improved Critical), read per character.
            "critical": { "natural": { "min": "combat.critical_min" } },
            "fumble": { "natural": { "max": 1 } },
            "hit": { "margin": { "min": 0 } },
            "miss": {},
        } },
    });
    for (key, text) in [
        ("check.success", "Success"),
        ("check.failure", "Failure"),
        ("attack.critical", "Critical hit"),
        ("attack.fumble", "Automatic miss"),
        ("attack.hit", "Hit"),
        ("attack.miss", "Miss"),
    ] {
        label(ctx, format!("band.{key}.label"), text)?;
    }
    let situational = json!({
        "advantage": { "dice": "2d20kh1", "excludes": ["disadvantage"] },
        "disadvantage": { "dice": "2d20kl1", "excludes": ["advantage"] },
        "half_cover": {
            "modify": [{ "target": "combat.ac", "op": "add", "value": "2" }, { "target": "saves.dex", "op": "add", "value": "2" }],
            "excludes": ["three_quarters_cover"]
        },
        "three_quarters_cover": {
            "modify": [{ "target": "combat.ac", "op": "add", "value": "5" }, { "target": "saves.dex", "op": "add", "value": "5" }],
            "excludes": ["half_cover"]
        },
    });
    for (id, text) in [
        ("advantage", "Advantage"),
        ("disadvantage", "Disadvantage"),
        ("half_cover", "Half cover"),
        ("three_quarters_cover", "Three-quarters cover"),
    ] {
        label(ctx, format!("situational.{id}.label"), text)?;
    }
    let roll = json!(["advantage", "disadvantage"]);
    let actions = json!({
        "attack": { "use": { "check": "combat.attack.melee", "bands": "attack" }, "situationalChoices": roll },
        "attack_ranged": { "use": { "check": "combat.attack.ranged", "bands": "attack" }, "situationalChoices": roll },
        "cast_a_spell": { "use": { "check": "spellcasting.attack", "bands": "attack" }, "situationalChoices": roll },
        "dash": { "use": { "formula": "speed.walk * 2" } },
        "disengage": { "use": { "formula": "speed.walk" } },
        "dodge": { "use": { "formula": "combat.ac" } },
        "help": { "use": { "formula": "1" } },
        "hide": { "use": { "check": "skills.stealth" }, "situationalChoices": roll },
        "ready": { "use": { "formula": "1" } },
        "search": { "use": { "check": "skills.perception" }, "situationalChoices": roll },
        "use_an_object": { "use": { "formula": "1" } },
        "grapple": { "use": { "check": "skills.athletics" }, "situationalChoices": roll },
        "shove": { "use": { "check": "skills.athletics" }, "situationalChoices": roll },
        "initiative": { "use": { "check": "combat.initiative" }, "situationalChoices": roll },
        "death_save": { "use": { "check": "0" }, "situationalChoices": roll },
        "unarmed_strike": { "use": { "roll": "combat.unarmed_damage" } },
    });
    for (id, text) in [
        ("attack", "Attack"),
        ("attack_ranged", "Ranged attack"),
        ("cast_a_spell", "Cast a spell"),
        ("dash", "Dash"),
        ("disengage", "Disengage"),
        ("dodge", "Dodge"),
        ("help", "Help"),
        ("hide", "Hide"),
        ("ready", "Ready"),
        ("search", "Search"),
        ("use_an_object", "Use an object"),
        ("grapple", "Grapple"),
        ("shove", "Shove"),
        ("initiative", "Initiative"),
        ("death_save", "Death saving throw"),
        ("unarmed_strike", "Unarmed strike"),
    ] {
        label(ctx, format!("action.{id}.label"), text)?;
    }
    let effects = json!({
        "heavy_armor_slows": {
            "target": "speed.walk", "op": "add", "value": "-10",
            "when": "combat.armor.str_minimum > abilities.str"
        },
    });
    label(
        ctx,
        "effect.heavy_armor_slows.label".into(),
        "Armor too heavy: speed −10",
    )?;
    let hints = json!({
        "combat": { "fields": ["combat.ac", "combat.initiative", "combat.critical_min", "combat.attacks", "combat.attack.melee", "combat.attack.ranged"], "order": 5 },
    });
    label(ctx, "hint.combat.label".into(), "Combat")?;
    ctx.out.file(
        "rules/combat.yaml",
        json!({
            "fields": fields, "situationalChoices": situational, "resolution": resolution,
            "resultBands": bands, "actions": actions, "effects": effects, "displayHints": hints,
        }),
    )
}

fn spellcasting(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut fields = Map::new();
    fields.insert(
        "spellcasting.mod".into(),
        json!({ "type": "number", "default": 0 }),
    );
    fields.insert(
        "spellcasting.save_dc".into(),
        json!({ "type": "number", "formula": "8 + proficiency + spellcasting.mod" }),
    );
    fields.insert(
        "spellcasting.attack".into(),
        json!({ "type": "number", "formula": "proficiency + spellcasting.mod" }),
    );

    fields.insert(
        "spellcasting.cantrips_known".into(),
        json!({ "type": "number", "default": 0 }),
    );
    fields.insert(
        "spellcasting.spells_known".into(),
        json!({ "type": "number", "default": 0 }),
    );
    for (field, text) in [
        ("spellcasting.mod", "Spellcasting ability modifier"),
        ("spellcasting.save_dc", "Spell save DC"),
        ("spellcasting.attack", "Spell attack bonus"),
        ("spellcasting.max_slot", "Highest spell slot"),
        ("spellcasting.cantrips_known", "Cantrips known"),
        ("spellcasting.spells_known", "Spells known"),
    ] {
        label(ctx, format!("field.{field}.label"), text)?;
    }
    let mut pools = Map::new();
    for level in 1..=9 {
        let field = format!("spellcasting.slots.level{level}");
        fields.insert(
            field.clone(),
            json!({ "type": "number", "min": 0, "default": 0 }),
        );
        label(
            ctx,
            format!("field.{field}.label"),
            &format!("Spell slots, level {level}"),
        )?;
        pools.insert(
            format!("slots_level{level}"),
            json!({ "max": field.clone(), "hideWhen": format!("{field} == 0") }),
        );
        label(
            ctx,
            format!("field.slots_level{level}.label"),
            &format!("Level {level} slots left"),
        )?;
    }
    // The highest slot level the character has a slot of: what a spell's `slot` ranges up to.
    let mut highest: Vec<String> = (1..=9)
        .map(|level| format!("if(spellcasting.slots.level{level} > 0, {level}, 0)"))
        .collect();
    // Pact Magic's slots count too (rules/classes.yaml).
    highest.push("spellcasting.pact.level".into());
    fields.insert(
        "spellcasting.max_slot".into(),
        json!({ "type": "number", "formula": format!("max({})", highest.join(", ")) }),
    );
    let hints = json!({
        "spellcasting": { "fields": ["spellcasting.save_dc", "spellcasting.attack", "spellcasting.max_slot", "spellcasting.cantrips_known", "spellcasting.spells_known"], "order": 6 },
    });
    label(ctx, "hint.spellcasting.label".into(), "Spellcasting")?;
    ctx.out.file(
        "rules/spellcasting.yaml",
        json!({ "fields": fields, "live": { "pools": pools }, "displayHints": hints }),
    )
}

fn economy(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    // The SRD's coins: 10 cp = 1 sp, 5 sp = 1 ep, 2 ep = 1 gp, 10 gp = 1 pp; fifty coins weigh a pound.
    let currencies = json!({
        "coins": {
            "units": { "cp": { "value": 1 }, "sp": { "value": 10 }, "ep": { "value": 50 }, "gp": { "value": 100 }, "pp": { "value": 1000 } },
            "perWeight": 50,
        }
    });
    label(ctx, "family.coins.label".into(), "Coins")?;
    for (unit, text) in [
        ("cp", "copper pieces"),
        ("sp", "silver pieces"),
        ("ep", "electrum pieces"),
        ("gp", "gold pieces"),
        ("pp", "platinum pieces"),
    ] {
        label(ctx, format!("currency.{unit}.label"), text)?;
    }
    // Who sells what, by kind of goods. The SRD gives prices, not places, so the market names
    // no places; magic items have prices in no SRD table, so no seller sells them.
    let market = json!({
        "sellers": {
            "general_store": { "sells": [{ "type": "gear" }, { "type": "tool" }] },
            "smith": { "sells": [{ "type": "weapon" }, { "type": "armor" }] },
            "stable": { "sells": [{ "type": "mount" }] },
        },
        "unsold": [{ "type": "magic_item" }],
    });
    for (seller, text) in [
        ("general_store", "General store"),
        ("smith", "Smith and armorer"),
        ("stable", "Stable and shipwright"),
    ] {
        label(ctx, format!("seller.{seller}.label"), text)?;
    }
    let mut tables = Map::new();
    for (rarity, text) in [
        ("common", "Common magic item"),
        ("uncommon", "Uncommon magic item"),
        ("rare", "Rare magic item"),
        ("very_rare", "Very rare magic item"),
        ("legendary", "Legendary magic item"),
    ] {
        // One table per rarity, every item of it equally likely: the SRD gives rarities, not
        // weights.
        let id = format!("magic_{rarity}");
        tables.insert(
            id.clone(),
            json!({ "entries": [{ "filter": { "type": "magic_item", "filters": { "rarity": rarity } }, "weight": 1 }] }),
        );
        label(ctx, format!("lootTable.{id}.label"), text)?;
    }
    ctx.out.file(
        "rules/economy.yaml",
        json!({ "currencies": currencies, "market": market, "lootTables": tables }),
    )
}

fn gm(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    ctx.out.file(
        "rules/gm.yaml",
        json!({ "gm": { "checkGuidance": "Call for a roll only when the outcome is uncertain and failing would change something. Pick the difficulty from the ladder: 10 for a task most people could manage with effort, 15 for one that needs skill, 20 or more for the remarkable. Let advantage stand for a real edge and disadvantage for a real hindrance, never both at once. Tell the player what is at stake before the die is rolled." } }),
    )
}

/// A content type as declared here: ID, English label, properties (ID, declaration, label)
/// and filters (property, filter kind).
type TypeDecl<'a> = (
    &'a str,
    &'a str,
    Vec<(String, Value, String)>,
    Vec<(&'a str, &'a str)>,
);

/// A property declaration.
fn prop(value_type: &str) -> Value {
    json!({ "type": value_type })
}

fn many(value_type: &str) -> Value {
    json!({ "type": value_type, "many": true })
}

fn content(types: &[&str]) -> Value {
    json!({ "type": "content", "types": types })
}

fn content_many(types: &[&str]) -> Value {
    json!({ "type": "content", "many": true, "types": types })
}

fn content_types(ctx: &mut Ctx<'_>, facts: &Facts) -> Result<(), Error> {
    let enum_of = |content_type: &str, property: &str, many_values: bool| -> Value {
        let values: Vec<&String> = facts
            .enums
            .get(&(content_type.to_owned(), property.to_owned()))
            .map(|set| set.iter().collect())
            .unwrap_or_default();
        let mut def = json!({ "type": "enum", "values": values });
        if many_values {
            def["many"] = json!(true);
        }
        def
    };
    let equipment = ["weapon", "armor", "gear", "tool", "mount"];
    let mut types: Vec<TypeDecl<'_>> = Vec::new();
    let p = |name: &str, def: Value, text: &str| (name.to_owned(), def, text.to_owned());
    types.push((
        "ability",
        "Ability",
        vec![p("skills", content_many(&["skill"]), "Skills")],
        vec![],
    ));
    types.push((
        "skill",
        "Skill",
        vec![p(
            "ability",
            json!({ "type": "content", "types": ["ability"], "required": true }),
            "Ability",
        )],
        vec![],
    ));
    types.push(("alignment", "Alignment", vec![], vec![]));
    types.push(("condition", "Condition", vec![], vec![]));
    types.push(("damage_type", "Damage type", vec![], vec![]));
    types.push(("magic_school", "School of magic", vec![], vec![]));
    types.push(("weapon_property", "Weapon property", vec![], vec![]));
    types.push((
        "language",
        "Language",
        vec![
            p("kind", enum_of("language", "kind", false), "Kind"),
            p("script", content(&["language"]), "Script"),
        ],
        vec![("kind", "text")],
    ));
    types.push((
        "proficiency",
        "Proficiency",
        vec![
            p("kind", enum_of("proficiency", "kind", false), "Kind"),
            p("skill", content(&["skill"]), "Skill"),
            p("saving_throw", content(&["ability"]), "Saving throw"),
            p("equipment", content_many(&equipment), "Equipment"),
            p("classes", content_many(&["class"]), "Classes"),
            p("races", content_many(&["race", "subrace"]), "Races"),
        ],
        vec![("kind", "text")],
    ));
    let weapon = vec![
        p(
            "category",
            required(enum_of("weapon", "category", false)),
            "Category",
        ),
        p(
            "range_kind",
            required(enum_of("weapon", "range_kind", false)),
            "Melee or ranged",
        ),
        p("damage", prop("dice"), "Damage"),
        p("damage_type", content(&["damage_type"]), "Damage type"),
        p("versatile_damage", prop("dice"), "Two-handed damage"),
        p(
            "properties",
            content_many(&["weapon_property"]),
            "Properties",
        ),
        p("range_normal", prop("number"), "Range"),
        p("range_long", prop("number"), "Long range"),
        p("throw_normal", prop("number"), "Thrown range"),
        p("throw_long", prop("number"), "Thrown long range"),
        p("weight", prop("number"), "Weight"),
        p("attack_bonus", prop("formula"), "Attack bonus"),
        p(
            "damage_bonus",
            json!({ "type": "formula", "default": "0" }),
            "Damage bonus",
        ),
        p(
            "versatile_damage_bonus",
            json!({ "type": "formula", "default": "0" }),
            "Two-handed damage bonus",
        ),
        p(
            "thrown_damage_bonus",
            prop("formula"),
            "Thrown damage bonus",
        ),
    ]
    .into_iter()
    .chain(magic_properties(&p))
    .collect();
    types.push((
        "weapon",
        "Weapon",
        weapon,
        vec![
            ("category", "text"),
            ("range_kind", "text"),
            ("weight", "number"),
        ],
    ));
    types.push((
        "armor",
        "Armor",
        vec![
            p(
                "category",
                required(enum_of("armor", "category", false)),
                "Category",
            ),
            p(
                "base_ac",
                json!({ "type": "number", "required": true, "min": 0 }),
                "Armor class",
            ),
            p("dex_bonus", prop("boolean"), "Adds Dexterity"),
            p("dex_cap", prop("number"), "Most Dexterity added"),
            p("str_minimum", prop("number"), "Strength needed"),
            p(
                "stealth_disadvantage",
                prop("boolean"),
                "Disadvantage on Stealth",
            ),
            p("weight", prop("number"), "Weight"),
            p(
                "magic_bonus",
                json!({ "type": "number", "default": 0 }),
                "Magic bonus",
            ),
        ],
        vec![
            ("category", "text"),
            ("base_ac", "number"),
            ("weight", "number"),
        ],
    ));
    types.push((
        "gear",
        "Adventuring gear",
        vec![
            p("category", enum_of("gear", "category", false), "Category"),
            p("bundle", prop("number"), "Sold in bundles of"),
            p("contents", content_many(&equipment), "Contents"),
            p(
                "contents_quantity",
                many("number"),
                "Quantities of the contents",
            ),
            p("weight", prop("number"), "Weight"),
        ]
        .into_iter()
        .chain(magic_properties(&p))
        .collect(),
        vec![("category", "text"), ("weight", "number")],
    ));
    types.push((
        "tool",
        "Tool",
        vec![
            p("category", enum_of("tool", "category", false), "Category"),
            p("weight", prop("number"), "Weight"),
        ],
        vec![("category", "text")],
    ));
    types.push((
        "mount",
        "Mount or vehicle",
        vec![
            p("category", enum_of("mount", "category", false), "Category"),
            p("speed", prop("number"), "Speed"),
            p(
                "speed_unit",
                enum_of("mount", "speed_unit", false),
                "Speed unit",
            ),
            p("capacity_lb", prop("number"), "Carrying capacity (lb.)"),
            p("weight", prop("number"), "Weight"),
        ],
        vec![("category", "text")],
    ));
    types.push((
        "magic_item",
        "Magic item",
        vec![
            p(
                "category",
                required(enum_of("magic_item", "category", false)),
                "Category",
            ),
            p(
                "rarity",
                required(enum_of("magic_item", "rarity", false)),
                "Rarity",
            ),
            p("attunement", prop("boolean"), "Requires attunement"),
            p("magic_bonus", prop("number"), "Magic bonus"),
            p("extra_damage", prop("dice"), "Extra damage"),
            p(
                "extra_damage_type",
                content(&["damage_type"]),
                "Extra damage type",
            ),
            // What a magic armor changes of its base (Mithral Armor).
            p("str_minimum", prop("number"), "Strength needed"),
            p(
                "stealth_disadvantage",
                prop("boolean"),
                "Disadvantage on Stealth",
            ),
        ]
        .into_iter()
        .chain(
            super::mechanics::roll_declarations("magic_item")
                .map(|(properties, _, _)| properties)
                .unwrap_or_default()
                .into_iter()
                .map(|(name, def, text)| p(name, def, text)),
        )
        .collect(),
        vec![("category", "text"), ("rarity", "text")],
    ));
    types.push((
        "spell",
        "Spell",
        vec![
            p(
                "level",
                json!({ "type": "number", "required": true, "min": 0, "max": 9 }),
                "Level",
            ),
            p(
                "school",
                json!({ "type": "content", "types": ["magic_school"], "required": true }),
                "School",
            ),
            p("casting_time", prop("number"), "Casting time"),
            p(
                "casting_time_unit",
                enum_of("spell", "casting_time_unit", false),
                "Casting time unit",
            ),
            p("range_kind", enum_of("spell", "range_kind", false), "Range"),
            p("range_feet", prop("number"), "Range in feet"),
            p(
                "components",
                enum_of("spell", "components", true),
                "Components",
            ),
            p("ritual", prop("boolean"), "Ritual"),
            p("concentration", prop("boolean"), "Concentration"),
            p("duration", prop("number"), "Duration"),
            p(
                "duration_unit",
                enum_of("spell", "duration_unit", false),
                "Duration unit",
            ),
            p("damage", prop("dice"), "Damage"),
            p("damage_type", content(&["damage_type"]), "Damage type"),
            p("heal", prop("dice"), "Healing"),
            p(
                "instances",
                json!({ "type": "formula", "default": "1" }),
                "Darts, rays or beams",
            ),
            p(
                "attack_bonus",
                json!({ "type": "formula", "default": "spellcasting.attack" }),
                "Spell attack bonus",
            ),
            p("bonus_die", prop("dice"), "Bonus die"),
            p("temp_hp", prop("dice"), "Temporary hit points"),
            p("ac_base", prop("formula"), "Armor class"),
            p("ac_bonus", prop("formula"), "Bonus to AC"),
            p("speed_bonus", prop("formula"), "Bonus to speed"),
            p("fly_speed", prop("formula"), "Flying speed"),
            p("darkvision_range", prop("formula"), "Darkvision"),
            p("magic_bonus", prop("formula"), "Bonus to attack and damage"),
            p(
                "save_dc",
                json!({ "type": "formula", "default": "spellcasting.save_dc" }),
                "Spell save DC",
            ),
            p(
                "affects_hit_points",
                prop("dice"),
                "Hit points of creatures affected",
            ),
            p("save_ability", content(&["ability"]), "Saving throw"),
            p(
                "save_success",
                enum_of("spell", "save_success", false),
                "On a successful save",
            ),
            p(
                "attack_kind",
                enum_of("spell", "attack_kind", false),
                "Spell attack",
            ),
            p("area_shape", enum_of("spell", "area_shape", false), "Area"),
            p("area_size", prop("number"), "Area size"),
            p("classes", content_many(&["class"]), "Classes"),
            p("subclasses", content_many(&["subclass"]), "Subclasses"),
        ],
        vec![("level", "number"), ("school", "text"), ("classes", "tags")],
    ));
    let mut monster = vec![
        p("size", required(enum_of("monster", "size", false)), "Size"),
        p(
            "creature_type",
            required(enum_of("monster", "creature_type", false)),
            "Type",
        ),
        p("subtype", enum_of("monster", "subtype", false), "Subtype"),
        p(
            "alignment",
            enum_of("monster", "alignment", false),
            "Alignment",
        ),
        p(
            "armor_class",
            json!({ "type": "number", "required": true }),
            "Armor class",
        ),
        p(
            "armor_class_kind",
            enum_of("monster", "armor_class_kind", false),
            "Armor class from",
        ),
        p("armor", content_many(&["armor"]), "Armor worn"),
        p("armor_class_other", many("number"), "Other armor classes"),
        p(
            "hit_points",
            json!({ "type": "number", "required": true }),
            "Hit points",
        ),
        p(
            "hit_dice",
            json!({ "type": "dice", "required": true }),
            "Hit dice",
        ),
        p("hit_points_roll", prop("dice"), "Hit point roll"),
        p("speed_walk", prop("number"), "Speed"),
        p("speed_fly", prop("number"), "Flying speed"),
        p("speed_swim", prop("number"), "Swimming speed"),
        p("speed_climb", prop("number"), "Climbing speed"),
        p("speed_burrow", prop("number"), "Burrowing speed"),
        p("hover", prop("boolean"), "Hovers"),
    ];
    for (ability, name) in &facts.abilities {
        monster.push((
            ability.clone(),
            json!({ "type": "number", "required": true }),
            name.clone(),
        ));
    }
    for key in &facts.monster_numbers {
        monster.push((
            key.clone(),
            prop("formula"),
            monster_number_label(key, facts),
        ));
    }
    for kind in ["vulnerabilities", "resistances", "immunities"] {
        monster.push((
            format!("damage_{kind}"),
            content_many(&["damage_type"]),
            format!("Damage {kind}"),
        ));
        monster.push((
            format!("damage_{kind}_special"),
            enum_of("monster", &format!("damage_{kind}_special"), true),
            format!("Other damage {kind}"),
        ));
    }
    monster.extend([
        p(
            "condition_immunities",
            content_many(&["condition"]),
            "Condition immunities",
        ),
        p("darkvision", prop("number"), "Darkvision"),
        p("blindsight", prop("number"), "Blindsight"),
        p("truesight", prop("number"), "Truesight"),
        p("tremorsense", prop("number"), "Tremorsense"),
        p(
            "blind_beyond",
            prop("boolean"),
            "Blind beyond its blindsight",
        ),
        p("passive_perception", prop("number"), "Passive Perception"),
        p(
            "passive_perception_adjustment",
            prop("number"),
            "Passive Perception beyond the rules",
        ),
        p("languages", content_many(&["language"]), "Languages"),
        p(
            "languages_special",
            enum_of("monster", "languages_special", true),
            "Other languages",
        ),
        p("telepathy", prop("number"), "Telepathy"),
        p(
            "challenge_rating",
            json!({ "type": "number", "required": true, "min": 0, "max": 30 }),
            "Challenge rating",
        ),
        p("xp", prop("number"), "Experience points"),
        p("proficiency_bonus", prop("number"), "Proficiency bonus"),
        p("traits", content_many(&["monster_action"]), "Traits"),
        p("actions", content_many(&["monster_action"]), "Actions"),
        p("reactions", content_many(&["monster_action"]), "Reactions"),
        p(
            "legendary_actions",
            content_many(&["monster_action"]),
            "Legendary actions",
        ),
    ]);
    types.push((
        "monster",
        "Monster",
        monster,
        vec![
            ("challenge_rating", "number"),
            ("creature_type", "text"),
            ("size", "text"),
        ],
    ));
    let mut action = vec![
        p(
            "kind",
            required(enum_of("monster_action", "kind", false)),
            "Kind",
        ),
        p("attack_bonus", prop("formula"), "Attack bonus"),
        p("damage", prop("dice"), "Damage"),
        p("damage_type", content(&["damage_type"]), "Damage type"),
        p("versatile_damage", prop("dice"), "Two-handed damage"),
        p(
            "versatile_damage_type",
            content(&["damage_type"]),
            "Two-handed damage type",
        ),
        p("extra_damage", prop("dice"), "Extra damage"),
        p(
            "extra_damage_type",
            content(&["damage_type"]),
            "Extra damage type",
        ),
        p("save_dc", prop("formula"), "Saving throw DC"),
        p("save_ability", content(&["ability"]), "Saving throw"),
        p(
            "save_success",
            enum_of("monster_action", "save_success", false),
            "On a successful save",
        ),
        p("usage", enum_of("monster_action", "usage", false), "Usage"),
        p("usage_times", prop("number"), "Uses"),
        p("recharge_min", prop("number"), "Recharges on"),
        p(
            "multiattack_actions",
            content_many(&["monster_action"]),
            "Attacks made",
        ),
        p("multiattack_counts", many("number"), "How many of each"),
        p(
            "same_as",
            content(&["monster_action"]),
            "The action it takes",
        ),
        p("heal", prop("dice"), "Hit points regained"),
        p(
            "spellcasting_ability",
            content(&["ability"]),
            "Spellcasting ability",
        ),
        p("spell_save_dc", prop("number"), "Spell save DC"),
        p("spell_attack_bonus", prop("number"), "Spell attack bonus"),
        p("caster_level", prop("number"), "Caster level"),
        p("spells", content_many(&["spell"]), "Spells"),
    ];
    for slot in 1..=9 {
        action.push((
            format!("slots_{slot}"),
            prop("number"),
            format!("Level {slot} slots"),
        ));
    }
    types.push(("monster_action", "Monster action", action, vec![]));
    types.push((
        "class",
        "Class",
        vec![
            p(
                "hit_die",
                json!({ "type": "number", "required": true }),
                "Hit die",
            ),
            p("saving_throws", content_many(&["ability"]), "Saving throws"),
            p(
                "spellcasting_ability",
                content(&["ability"]),
                "Spellcasting ability",
            ),
            p(
                "spellcasting_level",
                prop("number"),
                "Spellcasting from level",
            ),
            p("subclasses", content_many(&["subclass"]), "Subclasses"),
            p(
                "multiclass_abilities",
                content_many(&["ability"]),
                "Multiclassing needs",
            ),
            p(
                "multiclass_minimum",
                prop("number"),
                "Multiclassing minimum score",
            ),
            p(
                "multiclass_any",
                prop("boolean"),
                "Any one of the abilities suffices",
            ),
            p(
                "starting_equipment",
                content_many(&equipment),
                "Starting equipment",
            ),
            p(
                "starting_equipment_quantity",
                many("number"),
                "Starting equipment quantities",
            ),
        ],
        vec![],
    ));
    let mut level = vec![
        p(
            "class",
            json!({ "type": "content", "types": ["class"], "required": true }),
            "Class",
        ),
        p("subclass", content(&["subclass"]), "Subclass"),
        p(
            "level",
            json!({ "type": "number", "required": true, "min": 1, "max": 20 }),
            "Level",
        ),
        p("prof_bonus", prop("number"), "Proficiency bonus"),
        p(
            "ability_score_bonuses",
            prop("number"),
            "Ability score improvements so far",
        ),
        p("features", content_many(&["feature"]), "Features"),
        p("cantrips_known", prop("number"), "Cantrips known"),
        p("spells_known", prop("number"), "Spells known"),
    ];
    for slot in 1..=9 {
        level.push((
            format!("slots_{slot}"),
            prop("number"),
            format!("Level {slot} spell slots"),
        ));
    }
    for (counter, kind) in &facts.class_counters {
        level.push((counter.clone(), prop(kind), sentence(counter)));
    }
    types.push((
        "class_level",
        "Class level",
        level,
        vec![("level", "number")],
    ));
    types.push((
        "subclass",
        "Subclass",
        vec![p(
            "class",
            json!({ "type": "content", "types": ["class"], "required": true }),
            "Class",
        )],
        vec![],
    ));
    types.push((
        "feature",
        "Class feature",
        vec![
            p("class", content(&["class"]), "Class"),
            p("subclass", content(&["subclass"]), "Subclass"),
            p("level", prop("number"), "Level"),
            p("parent", content(&["feature"]), "Part of"),
            p("requires_level", prop("number"), "Needs level"),
            p("requires_spell", content(&["spell"]), "Needs spell"),
            p("requires_feature", content(&["feature"]), "Needs feature"),
        ]
        .into_iter()
        .chain(
            super::mechanics::roll_declarations("feature")
                .map(|(properties, _, _)| properties)
                .unwrap_or_default()
                .into_iter()
                .map(|(name, def, text)| p(name, def, text)),
        )
        .collect(),
        vec![("level", "number")],
    ));
    let mut race = vec![
        p(
            "speed",
            json!({ "type": "number", "required": true }),
            "Speed",
        ),
        p("size", required(enum_of("race", "size", false)), "Size"),
        p("subraces", content_many(&["subrace"]), "Subraces"),
    ];
    let mut subrace = vec![p(
        "race",
        json!({ "type": "content", "types": ["race"], "required": true }),
        "Race",
    )];
    for (ability, name) in &facts.abilities {
        race.push((
            format!("bonus_{ability}"),
            prop("number"),
            format!("{name} increase"),
        ));
        subrace.push((
            format!("bonus_{ability}"),
            prop("number"),
            format!("{name} increase"),
        ));
    }
    types.push(("race", "Race", race, vec![]));
    types.push(("subrace", "Subrace", subrace, vec![]));
    types.push((
        "trait",
        "Racial trait",
        vec![
            p("races", content_many(&["race"]), "Races"),
            p("subraces", content_many(&["subrace"]), "Subraces"),
            p("parent", content(&["trait"]), "Part of"),
            p("damage_type", content(&["damage_type"]), "Damage type"),
            p(
                "breath_area",
                enum_of("trait", "breath_area", false),
                "Breath area",
            ),
            p("breath_size", prop("number"), "Breath size"),
            p("breath_save", content(&["ability"]), "Breath saving throw"),
            p("breath_damage", prop("dice"), "Breath damage"),
            p(
                "critical_extra_dice",
                prop("number"),
                "Extra weapon dice on a critical hit",
            ),
        ],
        vec![],
    ));
    types.push((
        "background",
        "Background",
        vec![
            p(
                "starting_equipment",
                content_many(&equipment),
                "Starting equipment",
            ),
            p(
                "starting_equipment_quantity",
                many("number"),
                "Starting equipment quantities",
            ),
            p("starting_gold", prop("number"), "Starting gold"),
        ],
        vec![],
    ));
    types.push((
        "feat",
        "Feat",
        vec![
            p("requires_ability", content(&["ability"]), "Needs ability"),
            p("requires_minimum", prop("number"), "Needs at least"),
        ],
        vec![],
    ));

    let mut out = Map::new();
    for (id, type_label, properties, filters) in types {
        label(ctx, format!("contentType.{id}.label"), type_label)?;
        let mut props_map = Map::new();
        for (property, def, text) in properties {
            label(ctx, format!("property.{id}.{property}.label"), &text)?;
            if def["type"] == "enum" {
                for value in def["values"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                {
                    let shown = facts
                        .enum_labels
                        .get(&(id.to_owned(), property.clone(), value.to_owned()))
                        .cloned()
                        .unwrap_or_else(|| sentence(value));
                    label(ctx, format!("value.{id}.{property}.{value}.label"), &shown)?;
                }
            }
            props_map.insert(property, def);
        }
        let mut filter_map = Map::new();
        for (filter, kind) in filters {
            filter_map.insert(filter.to_owned(), json!({ "type": kind }));
            label(
                ctx,
                format!("filter.{id}.{filter}.label"),
                &sentence(filter),
            )?;
        }
        let mut def = Map::new();
        if !props_map.is_empty() {
            def.insert("properties".into(), Value::Object(props_map));
        }
        if !filter_map.is_empty() {
            def.insert("filters".into(), Value::Object(filter_map));
        }
        if id == "class" {
            // A character holds levels in each class (rules.md, "Levels of content"); a file
            // that saved one `level` for its one class reads as that class's level.
            def.insert("levels".into(), json!({ "defaultFrom": "level" }));
        }
        let numbers: Vec<String> = facts.monster_numbers.iter().cloned().collect();
        let declarations = super::rolls::declarations(id, &numbers).or_else(|| {
            super::mechanics::roll_declarations(id).map(|(_, rolls, mut labels)| {
                let mut declared = Map::new();
                if id == "feature" {
                    // The slot a feature spends (Divine Smite), as spells' `slot`.
                    declared.insert("parameters".into(), super::mechanics::feature_parameters());
                    labels.extend(
                        super::mechanics::PARAMETER_LABELS
                            .iter()
                            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
                    );
                }
                declared.insert("rolls".into(), rolls);
                (declared, labels)
            })
        });
        if let Some((declared, labels)) = declarations {
            def.extend(declared);
            for (key, text) in labels {
                label(ctx, key, &text)?;
            }
        }
        out.insert(id.to_owned(), Value::Object(def));
    }
    ctx.out
        .file("rules/content-types.yaml", json!({ "contentTypes": out }))
}

/// What a weapon or a piece of ammunition carries when a magic item is applied to it (a
/// variant, `mechanics::variants`): its +N, 0 on a plain one, an extra damage on a hit and a
/// save the hit asks for (Flame Tongue's 2d6 fire, Dagger of Venom's DC 15 Constitution).
fn magic_properties<F>(p: &F) -> Vec<(String, Value, String)>
where
    F: Fn(&str, Value, &str) -> (String, Value, String),
{
    vec![
        p(
            "magic_bonus",
            json!({ "type": "number", "default": 0 }),
            "Magic bonus",
        ),
        p("extra_damage", prop("dice"), "Extra damage"),
        p(
            "extra_damage_type",
            content(&["damage_type"]),
            "Extra damage type",
        ),
        p("save_dc", prop("number"), "Save DC"),
        p("save_ability", content(&["ability"]), "Saving throw"),
    ]
}

fn required(mut def: Value) -> Value {
    def["required"] = json!(true);
    def
}

/// A property word as a short English label: `rage_count` → `Rage count`.
fn sentence(word: &str) -> String {
    let spaced = word.replace('_', " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn monster_number_label(key: &str, facts: &Facts) -> String {
    if let Some(ability) = key.strip_prefix("save_") {
        let name = facts
            .abilities
            .iter()
            .find(|(a, _)| a == ability)
            .map_or(ability, |(_, n)| n.as_str());
        return format!("{name} saving throw");
    }
    if let Some(skill) = key.strip_prefix("skill_") {
        let name = facts
            .skills
            .iter()
            .find(|(s, _, _)| word(s) == skill)
            .map_or(skill, |(_, n, _)| n.as_str());
        return name.to_owned();
    }
    sentence(key)
}
