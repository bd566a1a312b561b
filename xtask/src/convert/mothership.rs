//! Mothership 1e numbers (`../shared/corpus/mothership/database.json`) → the pack
//! `mothership-1e`, under `license: mechanics-only`.
//!
//! Mothership has no open license, so the pack carries mechanics and neutral labels only: the
//! names, costs, damage dice, shots, ranges, wound columns, armor points, oxygen and speed of
//! the weapons, armor and equipment, and the rules' shape (four stats and three saves checked
//! by a d100 roll under them, health and wounds, stress and the panic check). No description,
//! `special` text or table prose is carried; from `special` only a few plain facts are read as
//! tags (two-handed, heavy, one-handed) or numbers (damage reduction), and the Scalpel's
//! `special` (a copy of the Rigging Gun's) is skipped whole. Unarmed damage, given as
//! "Str/10", is the formula `floor(stats.strength / 10)`. Classes are left out: the corpus has
//! no numbers for them.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Map, Value, json};

use super::fitd::{finish, object, slug};
use super::{Error, PackOutput, read_json};

/// The pack's ID.
pub const PACK_ID: &str = "mothership-1e";

/// The notice a mechanics-only pack of a game it is not licensed for carries.
pub const NOT_AFFILIATED: &str = "This pack is an independent production and is not affiliated with or endorsed by Tuesday Knight Games. Mothership is a trademark and copyright of Tuesday Knight Games. The pack carries game mechanics only: numbers, dice and neutral labels, no text of the game.";

/// Where the numbers were checked.
pub const DATA_SOURCES: &str = "Weapon, armor and equipment numbers were taken from the TaleSpire Mothership 1e Toolset by Ken Barnett (MIT License), and the character sheet's shape from the unofficial Foundry MoSh system (MIT License).";

const STATS: [&str; 4] = ["strength", "speed", "intellect", "combat"];
const SAVES: [&str; 3] = ["sanity", "fear", "body"];
const WOUNDS: [(&str, &str, &str); 5] = [
    ("Blunt Force", "blunt_force", "Blunt force"),
    ("Bleeding", "bleeding", "Bleeding"),
    ("Gunshot", "gunshot", "Gunshot"),
    ("Fire/Explosives", "fire_explosives", "Fire and explosives"),
    ("Gore", "gore", "Gore"),
];

fn title(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_ascii_uppercase().to_string() + chars.as_str()
    })
}

fn text<'v>(value: &'v Value, key: &str, what: &str) -> Result<&'v str, Error> {
    value
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| Error::Data(format!("{what}: no text `{key}`")))
}

fn number(value: &Value, key: &str, what: &str) -> Result<i64, Error> {
    value
        .get(key)
        .and_then(Value::as_i64)
        .ok_or_else(|| Error::Data(format!("{what}: no whole number `{key}`")))
}

/// A weapon's damage: the dice (a formula), the extra dice when removed, and whether it is
/// anti-armor.
pub fn damage(source: &str) -> Result<(String, Option<String>, bool), Error> {
    let mut text = source.trim().to_owned();
    let anti_armor = text.contains("(Anti-Armor)");
    text = text.replace("(Anti-Armor)", "").trim().to_owned();
    if text == "Str/10" {
        // One tenth of Strength, rounded down.
        return Ok(("floor(stats.strength / 10)".to_owned(), None, anti_armor));
    }
    let mut removal = None;
    if let Some(rest) = text.strip_suffix(" when removed") {
        let (now, later) = rest
            .split_once(" + ")
            .ok_or_else(|| Error::Data(format!("damage `{source}`: no removal dice")))?;
        removal = Some(later.trim().to_owned());
        text = now.trim().to_owned();
    }
    for formula in std::iter::once(&text).chain(removal.as_ref()) {
        opencharacter_formula::parse(formula)
            .map_err(|error| Error::Data(format!("damage `{source}`: {error}")))?;
    }
    Ok((text, removal, anti_armor))
}

/// A weapon's wound columns, how the wound roll is made (`[+]`, `[-]`) and whether every
/// column is rolled (`A + B`) rather than one of them (`A or B`).
pub fn wound(source: &str) -> Result<(Vec<&'static str>, &'static str, bool), Error> {
    let all = source.contains(" + ");
    let roll = if source.contains("[+]") {
        "advantage"
    } else if source.contains("[-]") {
        "disadvantage"
    } else {
        "normal"
    };
    let mut columns = Vec::new();
    for part in source.split(" or ").flat_map(|part| part.split(" + ")) {
        let name = part.replace("[+]", "").replace("[-]", "");
        let column = WOUNDS
            .iter()
            .find(|(source_name, _, _)| *source_name == name.trim())
            .ok_or_else(|| Error::Data(format!("wound `{source}`: unknown column `{part}`")))?;
        columns.push(column.1);
    }
    Ok((columns, roll, all))
}

/// Builds the pack in memory (no file written).
pub fn build(corpus: &Path) -> Result<(PackOutput, BTreeMap<String, usize>), Error> {
    let database = read_json(&corpus.join("database.json"))?;
    let mut out = PackOutput::default();
    let mut counts = BTreeMap::new();
    rules(&mut out)?;
    content(&database, &mut out, &mut counts)?;
    out.text("pack.name", "Mothership 1e (mechanics)")?;
    out.text(
        "pack.description",
        "Mechanics of a science-fiction horror game: four stats and three saves rolled under on d100, health, wounds, stress and panic, weapons, armor and equipment.",
    )?;
    Ok((out, counts))
}

/// Runs the conversion and writes the pack; returns the report.
pub fn run(corpus: &Path, out: &Path) -> Result<String, Error> {
    let (pack, counts) = build(corpus)?;
    let manifest = json!({
        "id": PACK_ID,
        "version": "0.1.0",
        "license": "mechanics-only",
        "notices": { "not-affiliated": NOT_AFFILIATED, "data-sources": DATA_SOURCES },
        "defaultLanguage": "en",
    });
    let mut report = finish(&pack, object(manifest), PACK_ID, out)?;
    report.push('\n');
    for (content_type, count) in counts {
        let _ = writeln!(report, "  {content_type}: {count}");
    }
    Ok(report)
}

fn rules(out: &mut PackOutput) -> Result<(), Error> {
    let mut fields = Map::new();
    fields.insert("name".into(), json!({ "type": "text", "maxLength": 60 }));
    out.text("field.name.label", "Name")?;
    let mut checks = Map::new();
    let adv = json!(["advantage", "disadvantage"]);
    for (group, role, verb) in [("stats", "ability", "check"), ("saves", "save", "save")] {
        let names: &[&str] = if group == "stats" { &STATS } else { &SAVES };
        for name in names {
            fields.insert(
                format!("{group}.{name}"),
                json!({ "type": "number", "role": role, "min": 0, "max": 99, "default": 0 }),
            );
            out.text(format!("field.{group}.{name}.label"), title(name))?;
            checks.insert(
                format!("{name}_{verb}"),
                json!({ "use": { "check": format!("{group}.{name}") }, "situationalChoices": adv }),
            );
            out.text(
                format!("action.{name}_{verb}.label"),
                format!("{} {verb}", title(name)),
            )?;
        }
    }
    // The sheet's own defaults (the Foundry data model): 10 health, 2 wounds.
    for (id, min, default, label) in [
        ("health_max", 1, 10, "Maximum health"),
        ("wounds_max", 1, 2, "Maximum wounds"),
        ("armor_points", 0, 0, "Armor points"),
        ("damage_reduction", 0, 0, "Damage reduction"),
    ] {
        fields.insert(
            id.into(),
            json!({ "type": "number", "min": min, "default": default }),
        );
        out.text(format!("field.{id}.label"), label)?;
    }
    // The panic check: a d20 at or under current stress is a panic.
    checks.insert(
        "panic_check".into(),
        json!({ "use": { "roll": "if(d20 <= stress, 1, 0)" } }),
    );
    out.text("action.panic_check.label", "Panic check (1: panic)")?;
    for (key, text) in [
        ("field.health.label", "Health"),
        ("field.wounds.label", "Wounds"),
        ("field.stress.label", "Stress"),
        ("situational.advantage.label", "Advantage [+]"),
        ("situational.disadvantage.label", "Disadvantage [-]"),
        ("band.stat_check.critical_failure.label", "Critical failure"),
        ("band.stat_check.always_fails.label", "Failure (90 or more)"),
        ("band.stat_check.critical_success.label", "Critical success"),
        ("band.stat_check.success.label", "Success"),
        ("band.stat_check.failure.label", "Failure"),
        ("hint.stats.label", "Stats"),
        ("hint.saves.label", "Saves"),
        ("hint.condition.label", "Condition"),
        ("family.credits.label", "Credits"),
        ("currency.cr.label", "cr"),
    ] {
        out.text(key, text)?;
    }
    let stat_fields: Vec<String> = STATS.iter().map(|s| format!("stats.{s}")).collect();
    let save_fields: Vec<String> = SAVES.iter().map(|s| format!("saves.{s}")).collect();
    out.file(
        "rules/character.yaml",
        json!({
            "fields": fields,
            "live": {
                "pools": { "health": { "max": "health_max" } },
                "tracks": {
                    "wounds": { "max": "wounds_max" },
                    "stress": { "min": 2, "max": "20", "default": 2 },
                },
            },
            "displayHints": {
                "stats": { "fields": stat_fields, "order": 1 },
                "saves": { "fields": save_fields, "order": 2 },
                "condition": { "fields": ["health_max", "wounds_max", "armor_points", "damage_reduction"], "order": 3 },
            },
            "currencies": { "credits": { "units": { "cr": { "value": 1 } } } },
        }),
    )?;
    out.file(
        "rules/resolution.yaml",
        json!({
            "situationalChoices": {
                "advantage": { "excludes": ["disadvantage"] },
                "disadvantage": {},
            },
            "resolution": { "kind": "roll-under", "dice": "1d100 - 1", "compare": "below", "bands": "stat_check" },
            // Doubles are criticals; 90 and above always fails.
            "resultBands": { "stat_check": { "bands": {
                "critical_failure": { "success": false, "doubles": true },
                "always_fails": { "roll": { "min": 90 } },
                "critical_success": { "success": true, "doubles": true },
                "success": { "success": true },
                "failure": {},
            } } },
            "actions": checks,
        }),
    )?;

    let wound_values: Vec<&str> = WOUNDS.iter().map(|(_, id, _)| *id).collect();
    for (_, id, label) in WOUNDS {
        out.text(format!("value.weapon.wound.{id}.label"), label)?;
    }
    for (key, text) in [
        ("contentType.weapon.label", "Weapon"),
        ("property.weapon.category.label", "Category"),
        ("value.weapon.category.melee.label", "Melee"),
        ("value.weapon.category.firearm.label", "Firearm"),
        (
            "value.weapon.category.industrial_equipment.label",
            "Industrial equipment",
        ),
        ("property.weapon.range.label", "Range"),
        ("value.weapon.range.adjacent.label", "Adjacent"),
        ("value.weapon.range.close.label", "Close"),
        ("value.weapon.range.long.label", "Long"),
        ("value.weapon.range.extreme.label", "Extreme"),
        ("property.weapon.damage.label", "Damage"),
        (
            "property.weapon.removal_damage.label",
            "Damage when removed",
        ),
        ("property.weapon.anti_armor.label", "Anti-armor"),
        ("property.weapon.shots.label", "Shots"),
        ("property.weapon.wound.label", "Wound"),
        ("property.weapon.wound_roll.label", "Wound roll"),
        ("value.weapon.wound_roll.normal.label", "Normal"),
        ("value.weapon.wound_roll.advantage.label", "Advantage [+]"),
        (
            "value.weapon.wound_roll.disadvantage.label",
            "Disadvantage [-]",
        ),
        ("property.weapon.wound_all.label", "Roll every wound column"),
        ("filter.weapon.category.label", "Category"),
        ("filter.weapon.range.label", "Range"),
        ("contentType.armor.label", "Armor"),
        ("property.armor.armor_points.label", "Armor points"),
        ("property.armor.oxygen_hours.label", "Oxygen (hours)"),
        ("property.armor.speed.label", "Speed"),
        ("value.armor.speed.normal.label", "Normal"),
        ("value.armor.speed.disadvantage.label", "Disadvantage [-]"),
        ("property.armor.damage_reduction.label", "Damage reduction"),
        ("filter.armor.armor_points.label", "Armor points"),
        ("contentType.equipment.label", "Equipment"),
        ("property.equipment.quantity.label", "Quantity"),
        ("linkSlot.armor.label", "Worn armor"),
        ("linkSlot.hands.label", "In hand"),
    ] {
        out.text(key, text)?;
    }
    out.file(
        "rules/content-types.yaml",
        json!({
            "contentTypes": {
                "weapon": {
                    "properties": {
                        "category": { "type": "enum", "values": ["melee", "firearm", "industrial_equipment"], "required": true },
                        "range": { "type": "enum", "values": ["adjacent", "close", "long", "extreme"], "required": true },
                        "damage": { "type": "dice", "required": true },
                        "removal_damage": { "type": "dice" },
                        "anti_armor": { "type": "boolean" },
                        "shots": { "type": "number", "min": 0 },
                        "wound": { "type": "enum", "many": true, "values": wound_values },
                        "wound_roll": { "type": "enum", "values": ["normal", "advantage", "disadvantage"] },
                        "wound_all": { "type": "boolean" },
                    },
                    "filters": { "category": { "type": "text" }, "range": { "type": "text" } },
                },
                "armor": {
                    "properties": {
                        "armor_points": { "type": "number", "min": 0, "required": true },
                        "oxygen_hours": { "type": "number", "min": 0 },
                        "speed": { "type": "enum", "values": ["normal", "disadvantage"] },
                        "damage_reduction": { "type": "number", "min": 0 },
                    },
                    "filters": { "armor_points": { "type": "number" } },
                },
                "equipment": { "properties": { "quantity": { "type": "number", "min": 1 } } },
            },
            "linkSlots": {
                "armor": { "types": ["armor"], "max": 1 },
                "hands": { "types": ["weapon", "equipment"], "max": 2 },
            },
        }),
    )?;
    Ok(())
}

fn price(cost: i64) -> Option<Value> {
    (cost > 0).then(|| json!({ "amount": cost, "unit": "cr" }))
}

fn content(
    database: &Value,
    out: &mut PackOutput,
    counts: &mut BTreeMap<String, usize>,
) -> Result<(), Error> {
    let list = |key: &str| -> Result<&Vec<Value>, Error> {
        database
            .get(key)
            .and_then(Value::as_array)
            .ok_or_else(|| Error::Data(format!("database.json: no list `{key}`")))
    };
    let mut add = |out: &mut PackOutput,
                   id: String,
                   content_type: &str,
                   name: &str,
                   properties: Map<String, Value>,
                   cost: i64,
                   tags: Vec<String>|
     -> Result<(), Error> {
        let mut item = Map::new();
        item.insert("id".into(), json!(id));
        item.insert("type".into(), json!(content_type));
        item.insert("properties".into(), Value::Object(properties));
        if let Some(price) = price(cost) {
            item.insert("price".into(), price);
        }
        if !tags.is_empty() {
            item.insert("tags".into(), json!(tags));
        }
        out.file(
            format!("content/{}.yaml", id.replace('.', "/")),
            Value::Object(item),
        )?;
        // The source's names carry stray spaces (`Ghost  Contract`).
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        out.text(format!("content.{id}.name"), name)?;
        *counts.entry(content_type.to_owned()).or_default() += 1;
        Ok(())
    };

    for weapon in list("weapons")? {
        let name = text(weapon, "name", "weapon")?;
        let (dice, removal, anti_armor) = damage(text(weapon, "damage", name)?)?;
        let (columns, roll, all) = wound(text(weapon, "wound", name)?)?;
        let category = match text(weapon, "category", name)? {
            "Melee" => "melee",
            "Firearm" => "firearm",
            "Industrial Equipment" => "industrial_equipment",
            other => return Err(Error::Data(format!("{name}: category `{other}`"))),
        };
        let mut props = Map::new();
        props.insert("category".into(), json!(category));
        props.insert(
            "range".into(),
            json!(text(weapon, "range", name)?.to_ascii_lowercase()),
        );
        props.insert("damage".into(), json!(dice));
        if let Some(removal) = removal {
            props.insert("removal_damage".into(), json!(removal));
        }
        if anti_armor {
            props.insert("anti_armor".into(), json!(true));
        }
        let shots = number(weapon, "shots", name)?;
        if shots > 0 {
            props.insert("shots".into(), json!(shots));
        }
        props.insert("wound".into(), json!(columns));
        if roll != "normal" {
            props.insert("wound_roll".into(), json!(roll));
        }
        if all {
            props.insert("wound_all".into(), json!(true));
        }
        let mut tags = vec![category.replace('_', "-")];
        // The Scalpel's `special` is the Rigging Gun's, copied by mistake: never read it.
        let special = if name == "Scalpel" {
            ""
        } else {
            text(weapon, "special", name)?
        };
        for (phrase, tag) in [
            ("Two-handed", "two-handed"),
            ("Heavy.", "heavy"),
            ("one-handed", "one-handed"),
        ] {
            if special.contains(phrase) {
                tags.push(tag.to_owned());
            }
        }
        add(
            out,
            format!("weapons.{}", slug(name)),
            "weapon",
            name,
            props,
            number(weapon, "cost", name)?,
            tags,
        )?;
    }
    for armor in list("armor")? {
        let name = text(armor, "name", "armor")?;
        let mut props = Map::new();
        props.insert(
            "armor_points".into(),
            json!(number(armor, "armorPoints", name)?),
        );
        let oxygen = number(armor, "oxygen", name)?;
        if oxygen > 0 {
            props.insert("oxygen_hours".into(), json!(oxygen));
        }
        let speed = match text(armor, "speed", name)? {
            "Normal" => "normal",
            "[-]" => "disadvantage",
            other => return Err(Error::Data(format!("{name}: speed `{other}`"))),
        };
        props.insert("speed".into(), json!(speed));
        let special = text(armor, "special", name)?;
        if let Some((_, rest)) = special.split_once("Damage Reduction:") {
            let digits: String = rest
                .trim()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let reduction: i64 = digits
                .parse()
                .map_err(|_| Error::Data(format!("{name}: damage reduction `{rest}`")))?;
            props.insert("damage_reduction".into(), json!(reduction));
        }
        add(
            out,
            format!("armor.{}", slug(name)),
            "armor",
            name,
            props,
            number(armor, "cost", name)?,
            Vec::new(),
        )?;
    }
    for item in list("equipment")? {
        let full = text(item, "name", "equipment")?;
        let mut name = full;
        let mut props = Map::new();
        // `Automed (x5)`: five of them for the price.
        if let Some((before, count)) = full
            .strip_suffix(')')
            .and_then(|rest| rest.rsplit_once(" (x"))
            && let Ok(count) = count.parse::<i64>()
        {
            name = before;
            props.insert("quantity".into(), json!(count));
        }
        add(
            out,
            format!("equipment.{}", slug(name)),
            "equipment",
            full,
            props,
            number(item, "cost", full)?,
            Vec::new(),
        )?;
    }
    // Armor a character wears adds its points and reduction (one suit at a time).
    for (path, value) in &mut out.files {
        if path.starts_with("content/armor/")
            && let Some(props) = value.get("properties").cloned()
        {
            let mut effects = Vec::new();
            for (property, field) in [
                ("armor_points", "armor_points"),
                ("damage_reduction", "damage_reduction"),
            ] {
                if let Some(points) = props.get(property).and_then(Value::as_i64) {
                    effects
                        .push(json!({ "target": field, "op": "add", "value": points.to_string() }));
                }
            }
            if let Value::Object(item) = value {
                item.insert("effects".into(), Value::Array(effects));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_corpus() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let database = json!({
            "weapons": [
                { "name": "Unarmed", "cost": 0, "category": "Melee", "range": "Adjacent", "damage": "Str/10", "shots": 0, "wound": "Blunt Force", "special": "" },
                { "name": "Pulse Rifle", "cost": 2400, "category": "Firearm", "range": "Long", "damage": "3d10", "shots": 5, "wound": "Gunshot", "special": "" },
                { "name": "Scalpel", "cost": 50, "category": "Melee", "range": "Adjacent", "damage": "1d5", "shots": 0, "wound": "Bleeding [+]", "special": "Two-handed. Heavy." },
            ],
            "armor": [
                { "name": "Heavy Suit", "cost": 9, "armorPoints": 10, "oxygen": 1, "speed": "[-]", "special": "Damage Reduction: 3." },
            ],
            "equipment": [ { "name": "Automed (x5)", "cost": 1500, "description": "not read" } ],
        });
        std::fs::write(dir.path().join("database.json"), database.to_string()).unwrap();
        dir
    }

    #[test]
    fn a_run_writes_the_same_bytes_twice_with_facts_and_no_prose() {
        let corpus = tiny_corpus();
        let out = tempfile::tempdir().unwrap();
        let (a, b) = (out.path().join("a"), out.path().join("b"));
        run(corpus.path(), &a).unwrap();
        run(corpus.path(), &b).unwrap();
        let (pack_a, _) = build(corpus.path()).unwrap();
        let (pack_b, _) = build(corpus.path()).unwrap();
        assert_eq!(pack_a.render("en"), pack_b.render("en"));
        for (path, _) in pack_a.render("en") {
            assert_eq!(
                std::fs::read(a.join(&path)).unwrap(),
                std::fs::read(b.join(&path)).unwrap(),
                "{path}"
            );
        }
        let read = |path: &str| std::fs::read_to_string(a.join(path)).unwrap();
        let rifle = read("content/weapons/pulse-rifle.yaml");
        assert!(
            rifle.contains("damage: 3d10") && rifle.contains("shots: 5"),
            "{rifle}"
        );
        assert!(
            read("content/weapons/unarmed.yaml").contains("damage: floor(stats.strength / 10)")
        );
        // The Scalpel's `special` is never read, whatever it says.
        assert!(read("content/weapons/scalpel.yaml").contains("tags: [melee]\n"));
        let suit = read("content/armor/heavy-suit.yaml");
        assert!(
            suit.contains("damage_reduction: 3") && suit.contains("speed: disadvantage"),
            "{suit}"
        );
        assert!(read("content/equipment/automed.yaml").contains("quantity: 5"));
        assert!(!read("i18n/en.yaml").contains("not read"));
        let manifest = read("pack.yaml");
        assert!(
            manifest.contains("license: mechanics-only") && manifest.contains("not-affiliated:")
        );
    }

    #[test]
    fn an_unknown_category_is_refused() {
        let corpus = tiny_corpus();
        let path = corpus.path().join("database.json");
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("Firearm", "Raygun");
        std::fs::write(&path, text).unwrap();
        assert!(matches!(build(corpus.path()), Err(Error::Data(_))));
    }

    #[test]
    fn damage_texts_become_formulas() {
        assert_eq!(
            damage("Str/10").unwrap(),
            ("floor(stats.strength / 10)".into(), None, false)
        );
        assert_eq!(
            damage("4d10 (Anti-Armor)").unwrap(),
            ("4d10".into(), None, true)
        );
        assert_eq!(
            damage("1d10 + 2d10 when removed").unwrap(),
            ("1d10".into(), Some("2d10".into()), false)
        );
        assert!(damage("3d10 lasers").is_err());
    }

    #[test]
    fn wound_texts_become_columns() {
        assert_eq!(
            wound("Bleeding [+] or Gore [+]").unwrap(),
            (vec!["bleeding", "gore"], "advantage", false)
        );
        assert_eq!(
            wound("Bleeding + Gore").unwrap(),
            (vec!["bleeding", "gore"], "normal", true)
        );
        assert_eq!(
            wound("Fire/Explosives [-]").unwrap(),
            (vec!["fire_explosives"], "disadvantage", false)
        );
        assert!(wound("Lasers").is_err());
    }
}
