//! The SRD 5.1 monsters' printed numbers (`../shared/corpus/srd-5.1/5e-SRD-Monsters.json`) →
//! one committed test table, `tests/data/srd-monsters.json`, that the end-to-end tests check
//! against the SRD's rules (`tests/srd_monster_rules.rs`) and that the SRD pack's monster sheets
//! are compared with. Tests never read the corpus, so this table is what they read.
//!
//! For each monster: ability scores, armor class (with the printed numbers of the armor it
//! names, from `5e-SRD-Equipment.json`), hit points and hit dice, challenge rating, proficiency
//! bonus and XP, saving throws and skills as printed, passive Perception, and for every action,
//! legendary action, reaction and special ability that prints a number: its attack rolls,
//! damage (average, dice and bonus per part, type) and difficulty classes (value, kind,
//! ability); spellcasting traits give their ability, spell save DC, spell attack bonus, caster
//! level and slots.
//!
//! Numbers come from the structured fields first; a number the structured fields lack but the
//! action's text prints (`+4 to hit`, `DC 13`, a damage part, every printed average) is read
//! from the text by [`text`], number only, no prose. Each number says where it was found when
//! that is not both: `text_only`, `structured_only`; a disagreement keeps both values
//! (`to_hit_structured`), so the table shows where the 5e-database disagrees with itself.

pub(crate) mod text;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Map, Value, json};

use super::srd::{CREDIT, index, list, text as text_at};
use super::{Error, read_json};
use text::{TextDc, TextDice};

/// The four sections of a stat block that hold actions, in stat-block order.
const SECTIONS: [&str; 4] = [
    "special_abilities",
    "actions",
    "reactions",
    "legendary_actions",
];

/// The six ability scores' field names in the source and their index.
const ABILITY_FIELDS: [(&str, &str); 6] = [
    ("strength", "str"),
    ("dexterity", "dex"),
    ("constitution", "con"),
    ("intelligence", "int"),
    ("wisdom", "wis"),
    ("charisma", "cha"),
];

/// What the extraction found, counted for the run's report.
#[derive(Debug, Default)]
struct Tally(BTreeMap<&'static str, usize>);

impl Tally {
    fn add(&mut self, what: &'static str) {
        self.add_n(what, 1);
    }

    fn add_n(&mut self, what: &'static str, n: usize) {
        *self.0.entry(what).or_default() += n;
    }
}

/// Reads the monsters and the armor table from `corpus_folder` (the `srd-5.1/` folder) and
/// writes the table to `out`; returns the report.
pub fn run(corpus_folder: &Path, out: &Path) -> Result<String, Error> {
    let monsters = read_json(&corpus_folder.join("5e-SRD-Monsters.json"))?;
    let equipment = read_json(&corpus_folder.join("5e-SRD-Equipment.json"))?;
    let armor = armor_table(&equipment);
    let mut tally = Tally::default();
    let Some(monsters) = monsters.as_array() else {
        return Err(Error::Data(
            "5e-SRD-Monsters.json is not a JSON array".into(),
        ));
    };
    let rows = monsters
        .iter()
        .map(|monster| monster_row(monster, &armor, &mut tally))
        .collect::<Result<Vec<_>, _>>()?;
    let table = json!({
        "about": "The printed numbers of the SRD 5.1 stat blocks, extracted by `cargo run -p xtask -- convert srd-monster-table` from the 5e-database (5e-SRD-Monsters.json, 5e-SRD-Equipment.json). Numbers only; no rules prose.",
        "license": "CC-BY-4.0",
        "credit": CREDIT,
        "monsters": rows,
    });
    let mut bytes = String::new();
    render(&table, 0, &mut bytes);
    bytes.push('\n');
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).map_err(|source| Error::Io {
            path: parent.to_owned(),
            source,
        })?;
    }
    std::fs::write(out, bytes).map_err(|source| Error::Io {
        path: out.to_owned(),
        source,
    })?;
    let mut report = String::new();
    let _ = writeln!(report, "wrote {} monsters to {}", rows.len(), out.display());
    for (what, count) in &tally.0 {
        let _ = writeln!(report, "  {what}: {count}");
    }
    Ok(report)
}

/// Writes the table as JSON with one monster field, and one action, per line: the top three
/// levels and lists of objects one level deeper are broken over lines, the rest is compact, so
/// a change to one number is a one-line diff.
fn render(value: &Value, depth: usize, out: &mut String) {
    let indent = |out: &mut String, depth: usize| out.push_str(&"  ".repeat(depth));
    let items_are_objects = |items: &[Value]| items.first().is_some_and(Value::is_object);
    match value {
        Value::Object(map) if depth < 3 && !map.is_empty() => {
            out.push_str("{\n");
            for (i, (key, child)) in map.iter().enumerate() {
                indent(out, depth + 1);
                out.push_str(&Value::String(key.clone()).to_string());
                out.push_str(": ");
                render(child, depth + 1, out);
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            indent(out, depth);
            out.push('}');
        }
        Value::Array(items)
            if (depth < 3 || items_are_objects(items)) && depth < 4 && !items.is_empty() =>
        {
            out.push_str("[\n");
            for (i, child) in items.iter().enumerate() {
                indent(out, depth + 1);
                render(child, depth + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            indent(out, depth);
            out.push(']');
        }
        _ => out.push_str(&value.to_string()),
    }
}

/// Armor index → its printed numbers (`base`, `dex_bonus`, `max_bonus`).
fn armor_table(equipment: &Value) -> BTreeMap<String, Value> {
    equipment
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|item| {
            let class = item.get("armor_class")?;
            Some((
                index(item).to_owned(),
                json!({
                    "index": index(item),
                    "base": class.get("base"),
                    "dex_bonus": class.get("dex_bonus"),
                    "max_bonus": class.get("max_bonus"),
                }),
            ))
        })
        .collect()
}

/// One monster's row of the table.
fn monster_row(
    monster: &Value,
    armor: &BTreeMap<String, Value>,
    tally: &mut Tally,
) -> Result<Value, Error> {
    let name = text_at(monster, "name").unwrap_or_default();
    let number = |key: &str| {
        monster
            .get(key)
            .filter(|v| v.is_number())
            .cloned()
            .ok_or_else(|| Error::Data(format!("monster {name}: no number `{key}`")))
    };
    let mut abilities = Map::new();
    for (field, ability) in ABILITY_FIELDS {
        abilities.insert(ability.into(), number(field)?);
    }
    let (saving_throws, skills) = proficiencies(monster, tally);
    let roll = text_at(monster, "hit_points_roll").unwrap_or_default();
    let Some((count, sides, bonus)) = text::parse_dice(roll) else {
        return Err(Error::Data(format!(
            "monster {name}: hit_points_roll `{roll}` is not dice"
        )));
    };
    let mut actions = Vec::new();
    let mut spellcasting = Vec::new();
    for section in SECTIONS {
        for action in list(monster, section) {
            if let Some(cast) = action.get("spellcasting") {
                spellcasting.push(spellcasting_row(action, cast, tally));
            } else if let Some(row) = action_row(section, action, tally) {
                actions.push(row);
            }
        }
    }
    tally.add("monsters");
    let mut row = Map::new();
    row.insert("index".into(), json!(index(monster)));
    row.insert("name".into(), json!(name));
    row.insert("size".into(), json!(text_at(monster, "size")));
    row.insert("challenge_rating".into(), number("challenge_rating")?);
    row.insert("proficiency_bonus".into(), number("proficiency_bonus")?);
    row.insert("xp".into(), number("xp")?);
    row.insert("abilities".into(), Value::Object(abilities));
    row.insert("armor_class".into(), armor_class(monster, armor));
    row.insert("hit_points".into(), number("hit_points")?);
    row.insert("hit_dice".into(), json!(text_at(monster, "hit_dice")));
    row.insert(
        "hit_points_roll".into(),
        json!({ "dice": format!("{count}d{sides}"), "bonus": bonus }),
    );
    row.insert("saving_throws".into(), Value::Object(saving_throws));
    row.insert("skills".into(), Value::Object(skills));
    row.insert(
        "passive_perception".into(),
        monster
            .pointer("/senses/passive_perception")
            .cloned()
            .unwrap_or(Value::Null),
    );
    row.insert("actions".into(), Value::Array(actions));
    if !spellcasting.is_empty() {
        row.insert("spellcasting".into(), Value::Array(spellcasting));
    }
    Ok(Value::Object(row))
}

/// The printed saving throws and skills: `{dex: 6}`, `{stealth: 6}`.
fn proficiencies(monster: &Value, tally: &mut Tally) -> (Map<String, Value>, Map<String, Value>) {
    let mut saves = Map::new();
    let mut skills = Map::new();
    for entry in list(monster, "proficiencies") {
        let Some(proficiency) = entry.get("proficiency") else {
            continue;
        };
        let value = entry.get("value").cloned().unwrap_or(Value::Null);
        let id = index(proficiency);
        if let Some(ability) = id.strip_prefix("saving-throw-") {
            saves.insert(ability.to_owned(), value);
            tally.add("saving throws");
        } else if let Some(skill) = id.strip_prefix("skill-") {
            skills.insert(skill.to_owned(), value);
            tally.add("skills");
        }
    }
    (saves, skills)
}

/// Each armor class line: its value and kind, and what it names (the armor's printed
/// numbers, a spell, a condition, or armor the equipment table does not have).
fn armor_class(monster: &Value, armor: &BTreeMap<String, Value>) -> Value {
    let lines = list(monster, "armor_class").iter().map(|line| {
        let mut out = Map::new();
        out.insert(
            "value".into(),
            line.get("value").cloned().unwrap_or_default(),
        );
        out.insert("kind".into(), json!(text_at(line, "type")));
        let worn: Vec<Value> = list(line, "armor")
            .iter()
            .map(|piece| {
                armor
                    .get(index(piece))
                    .cloned()
                    .unwrap_or_else(|| json!({ "index": index(piece) }))
            })
            .collect();
        if !worn.is_empty() {
            out.insert("armor".into(), Value::Array(worn));
        }
        if let Some(named) = text_at(line, "desc") {
            out.insert("armor_named".into(), json!(named));
        }
        for key in ["spell", "condition"] {
            if let Some(stub) = line.get(key) {
                out.insert(key.into(), json!(index(stub)));
            }
        }
        Value::Object(out)
    });
    Value::Array(lines.collect())
}

/// A damage part of the structured fields: dice (none for flat damage), bonus and type, and
/// the choice it is one option of (`choose 1 from …`), if any.
#[derive(Debug)]
struct Part {
    dice: Option<(i64, i64)>,
    bonus: i64,
    damage_type: String,
    choice: Option<usize>,
}

/// Every structured damage part under an action (its `damage`, the options of a choice, the
/// options of a breath weapon), in document order. `choice` numbers the `choose` objects met.
fn structured_damage(value: &Value, choice: Option<usize>, next: &mut usize, out: &mut Vec<Part>) {
    match value {
        Value::Object(map) => {
            let choice = if map.contains_key("choose") {
                *next += 1;
                Some(*next)
            } else {
                choice
            };
            if let Some(dice) = map.get("damage_dice").and_then(Value::as_str) {
                let damage_type = map
                    .get("damage_type")
                    .map(|stub| index(stub).to_owned())
                    .unwrap_or_default();
                let part = match text::parse_dice(dice) {
                    Some((count, sides, bonus)) => Some(Part {
                        dice: Some((count, sides)),
                        bonus,
                        damage_type,
                        choice,
                    }),
                    None => dice.trim().parse().ok().map(|flat| Part {
                        dice: None,
                        bonus: flat,
                        damage_type,
                        choice,
                    }),
                };
                out.extend(part);
            }
            map.values()
                .for_each(|child| structured_damage(child, choice, next, out));
        }
        Value::Array(items) => items
            .iter()
            .for_each(|item| structured_damage(item, choice, next, out)),
        _ => {}
    }
}

/// Every structured difficulty class under an action: (value, ability index).
fn structured_dcs(value: &Value, out: &mut Vec<(i64, String)>) {
    match value {
        Value::Object(map) => {
            if let Some(dc) = map.get("dc_value").and_then(Value::as_i64) {
                let ability = map
                    .get("dc_type")
                    .map(|stub| index(stub).to_owned())
                    .unwrap_or_default();
                out.push((dc, ability));
            }
            map.values().for_each(|child| structured_dcs(child, out));
        }
        Value::Array(items) => items.iter().for_each(|item| structured_dcs(item, out)),
        _ => {}
    }
}

/// One action's row, or nothing when it prints no number.
fn action_row(section: &str, action: &Value, tally: &mut Tally) -> Option<Value> {
    let desc = text_at(action, "desc").unwrap_or_default();
    let mut row = Map::new();
    row.insert("section".into(), json!(section));
    row.insert("name".into(), json!(text_at(action, "name")));
    let printed = text::to_hit(desc);
    let structured = action.get("attack_bonus").and_then(Value::as_i64);
    let kind = text::attack_kind(desc);
    match (printed.first(), structured) {
        (Some(first), Some(given)) if *first != given => {
            row.insert("to_hit_structured".into(), json!(given));
            tally.add("to-hit: structured and text disagree");
        }
        (None, Some(given)) if given != 0 || kind.is_some() => {
            row.insert("to_hit".into(), json!([given]));
            row.insert("to_hit_structured_only".into(), json!(true));
            tally.add("to-hit: structured only");
        }
        (None, Some(_)) => tally.add("to-hit: structured 0 without a printed attack (dropped)"),
        (Some(_), None) => tally.add("to-hit: text only"),
        _ => {}
    }
    if !printed.is_empty() {
        tally.add_n("to-hit", printed.len());
        row.insert("to_hit".into(), json!(printed));
        let conditions: Vec<Option<String>> = text::to_hit_with(desc)
            .into_iter()
            .map(|(_, condition)| condition)
            .collect();
        if conditions.iter().any(Option::is_some) {
            row.insert("to_hit_with".into(), json!(conditions));
        }
    }
    if row.contains_key("to_hit") {
        row.insert("attack_kind".into(), json!(kind));
    }
    let damage = damage_rows(action, desc, tally);
    if !damage.is_empty() {
        row.insert("damage".into(), Value::Array(damage));
    }
    let dcs = dc_rows(action, desc, tally);
    if !dcs.is_empty() {
        row.insert("dcs".into(), Value::Array(dcs));
    }
    (row.len() > 2).then_some(Value::Object(row))
}

/// An action's damage parts: the printed ones in text order (each with its average), typed
/// from the structured part they match; then structured parts the text does not print. A
/// printed part that is a choice of types (`3 (1d6) lightning or thunder damage`) stands for
/// every option of the structured choice with the same dice.
fn damage_rows(action: &Value, desc: &str, tally: &mut Tally) -> Vec<Value> {
    let mut structured = Vec::new();
    structured_damage(action, None, &mut 0, &mut structured);
    let mut used = vec![false; structured.len()];
    let mut take = |dice: Option<(i64, i64)>, bonus: i64| {
        let same = |part: &Part| part.dice == dice && part.bonus == bonus;
        let found = (0..structured.len()).find(|&i| !used[i] && same(&structured[i]))?;
        used[found] = true;
        let mut types = vec![structured[found].damage_type.clone()];
        if let Some(choice) = structured[found].choice {
            for i in found + 1..structured.len() {
                if !used[i] && structured[i].choice == Some(choice) && same(&structured[i]) {
                    used[i] = true;
                    types.push(structured[i].damage_type.clone());
                }
            }
        }
        Some(types.join(" or "))
    };
    let mut rows = Vec::new();
    for TextDice {
        average,
        dice,
        bonus,
        counts,
        damage_type,
        ..
    } in text::dice(desc)
    {
        let matched = if counts == "damage" {
            take(dice, bonus)
        } else {
            None
        };
        let mut row = Map::new();
        row.insert("average".into(), json!(average));
        row.insert(
            "dice".into(),
            json!(dice.map(|(count, sides)| format!("{count}d{sides}"))),
        );
        row.insert("bonus".into(), json!(bonus));
        if counts == "damage" {
            row.insert("type".into(), json!(matched.clone().unwrap_or(damage_type)));
        }
        row.insert("counts".into(), json!(counts));
        if matched.is_none() {
            row.insert("text_only".into(), json!(true));
            tally.add("dice or flat damage: text only");
        }
        tally.add(if dice.is_some() {
            "dice"
        } else {
            "flat damage"
        });
        rows.push(Value::Object(row));
    }
    for (part, used) in structured.iter().zip(&used) {
        if *used {
            continue;
        }
        let mut row = Map::new();
        row.insert("average".into(), Value::Null);
        row.insert(
            "dice".into(),
            json!(part.dice.map(|(count, sides)| format!("{count}d{sides}"))),
        );
        row.insert("bonus".into(), json!(part.bonus));
        row.insert("type".into(), json!(part.damage_type));
        row.insert("counts".into(), json!("damage"));
        row.insert("structured_only".into(), json!(true));
        tally.add("dice: structured only");
        rows.push(Value::Object(row));
    }
    rows
}

/// An action's difficulty classes: the printed ones in text order, then structured ones the
/// text does not print.
fn dc_rows(action: &Value, desc: &str, tally: &mut Tally) -> Vec<Value> {
    let mut structured = Vec::new();
    structured_dcs(action, &mut structured);
    let mut used = vec![false; structured.len()];
    let mut rows = Vec::new();
    for TextDc {
        value,
        kind,
        abilities,
    } in text::dcs(desc)
    {
        let found = structured
            .iter()
            .enumerate()
            .position(|(i, (dc, ability))| {
                !used[i] && *dc == value && abilities.contains(&ability.as_str())
            });
        let mut row = Map::new();
        row.insert("value".into(), json!(value));
        row.insert("kind".into(), json!(kind));
        row.insert("abilities".into(), json!(abilities));
        match found {
            Some(i) => used[i] = true,
            None => {
                row.insert("text_only".into(), json!(true));
                tally.add("DC: text only");
            }
        }
        tally.add("DC");
        rows.push(Value::Object(row));
    }
    for ((value, ability), used) in structured.iter().zip(&used) {
        if !*used {
            rows.push(json!({ "value": value, "kind": "save", "abilities": [ability], "structured_only": true }));
            tally.add("DC: structured only");
        }
    }
    rows
}

/// A spellcasting trait's numbers: ability, spell save DC, spell attack bonus, caster level,
/// slots by spell level.
fn spellcasting_row(action: &Value, cast: &Value, tally: &mut Tally) -> Value {
    let desc = text_at(action, "desc").unwrap_or_default();
    let printed_dc = text::dcs(desc)
        .into_iter()
        .find(|dc| dc.kind == "spell")
        .map(|dc| dc.value);
    let printed_attack = text::spell_attack(desc);
    let mut row = Map::new();
    row.insert("name".into(), json!(text_at(action, "name")));
    row.insert(
        "ability".into(),
        json!(cast.get("ability").map(|stub| index(stub).to_owned())),
    );
    let mut number = |key: &str, structured: Option<i64>, printed: Option<i64>| {
        let Some(value) = structured.or(printed) else {
            return;
        };
        row.insert(key.into(), json!(value));
        match (structured, printed) {
            (Some(s), Some(p)) if s != p => {
                row.insert(format!("{key}_text"), json!(p));
                tally.add("spellcasting: structured and text disagree");
            }
            (Some(_), None) => {
                row.insert(format!("{key}_structured_only"), json!(true));
                tally.add("spellcasting: structured only");
            }
            (None, Some(_)) => tally.add("spellcasting: text only"),
            _ => {}
        }
    };
    number("dc", cast.get("dc").and_then(Value::as_i64), printed_dc);
    // A structured spell attack bonus of 0 where the text prints none is a placeholder (the
    // drow's innate spellcasting has no spell attack), not a printed number.
    let structured_attack = cast
        .get("modifier")
        .and_then(Value::as_i64)
        .filter(|bonus| *bonus != 0 || printed_attack.is_some());
    number("attack_bonus", structured_attack, printed_attack);
    if let Some(level) = cast.get("level") {
        row.insert("caster_level".into(), level.clone());
    }
    if let Some(class) = text_at(cast, "school") {
        row.insert("class".into(), json!(class));
    }
    if let Some(slots) = cast.get("slots") {
        row.insert("slots".into(), slots.clone());
    }
    tally.add("spellcasting traits");
    Value::Object(row)
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a panic in a test is its failure report"
    )]

    use serde_json::{Value, json};

    /// A two-monster corpus written by the test (tests never read `../shared/`): a goblin as the
    /// 5e-database has it, and a creature whose numbers are partly only in its text.
    fn corpus(dir: &std::path::Path) {
        let stub = |folder: &str, index: &str| json!({ "index": index, "name": index, "url": format!("/api/2014/{folder}/{index}") });
        let goblin = json!({
            "index": "goblin", "name": "Goblin", "size": "Small", "challenge_rating": 0.25,
            "proficiency_bonus": 2, "xp": 50,
            "strength": 8, "dexterity": 14, "constitution": 10, "intelligence": 10, "wisdom": 8, "charisma": 8,
            "armor_class": [{ "type": "armor", "value": 15, "armor": [stub("equipment", "leather-armor"), stub("equipment", "shield")] }],
            "hit_points": 7, "hit_dice": "2d6", "hit_points_roll": "2d6",
            "proficiencies": [{ "value": 6, "proficiency": stub("proficiencies", "skill-stealth") }],
            "senses": { "darkvision": "60 ft.", "passive_perception": 9 },
            "special_abilities": [{ "name": "Nimble Escape", "desc": "words that must not be copied" }],
            "actions": [{
                "name": "Scimitar",
                "desc": "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage.",
                "attack_bonus": 4,
                "damage": [{ "damage_type": stub("damage-types", "slashing"), "damage_dice": "1d6+2" }]
            }]
        });
        let spider = json!({
            "index": "giant-spider", "name": "Giant Spider", "size": "Large", "challenge_rating": 1,
            "proficiency_bonus": 2, "xp": 200,
            "strength": 14, "dexterity": 16, "constitution": 12, "intelligence": 2, "wisdom": 11, "charisma": 4,
            "armor_class": [{ "type": "natural", "value": 14 }],
            "hit_points": 26, "hit_dice": "4d10", "hit_points_roll": "4d10+4",
            "proficiencies": [], "senses": { "passive_perception": 10 },
            "actions": [{
                "name": "Bite",
                "desc": "Melee Weapon Attack: +5 to hit, reach 5 ft., one creature. Hit: 7 (1d8 + 3) piercing damage, and the target must make a DC 11 Constitution saving throw, taking 9 (2d8) poison damage on a failed save.",
                "attack_bonus": 5,
                "damage": [{ "damage_type": stub("damage-types", "piercing"), "damage_dice": "1d8+3" }]
            }, {
                "name": "Web", "desc": "must not be copied: no attack roll printed", "attack_bonus": 0
            }]
        });
        let equipment = json!([
            { "index": "leather-armor", "name": "Leather Armor", "armor_class": { "base": 11, "dex_bonus": true } },
            { "index": "shield", "name": "Shield", "armor_class": { "base": 2, "dex_bonus": false } },
        ]);
        std::fs::write(
            dir.join("5e-SRD-Monsters.json"),
            json!([goblin, spider]).to_string(),
        )
        .unwrap();
        std::fs::write(dir.join("5e-SRD-Equipment.json"), equipment.to_string()).unwrap();
    }

    #[test]
    fn extracts_printed_numbers_from_fields_and_text() {
        let dir = tempfile::tempdir().unwrap();
        corpus(dir.path());
        let out = dir.path().join("table.json");
        let report = super::run(dir.path(), &out).unwrap();
        assert!(report.contains("wrote 2 monsters"), "{report}");
        let table: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let goblin = &table["monsters"][0];
        assert_eq!(goblin["abilities"]["dex"], 14);
        assert_eq!(goblin["skills"]["stealth"], 6);
        assert_eq!(goblin["passive_perception"], 9);
        assert_eq!(
            goblin["hit_points_roll"],
            json!({ "dice": "2d6", "bonus": 0 })
        );
        assert_eq!(goblin["armor_class"][0]["armor"][0]["base"], 11);
        // An action without numbers is left out; the scimitar's average comes from the text.
        let actions = goblin["actions"].as_array().unwrap();
        assert_eq!(actions.len(), 1);
        assert_eq!(actions[0]["to_hit"], json!([4]));
        assert_eq!(actions[0]["attack_kind"], "melee weapon");
        assert_eq!(
            actions[0]["damage"][0],
            json!({ "average": 5, "dice": "1d6", "bonus": 2, "type": "slashing", "counts": "damage" })
        );
        let spider = &table["monsters"][1];
        assert_eq!(spider["hit_points_roll"]["bonus"], 4);
        let bite = &spider["actions"][0];
        // The poison damage and the DC exist only in the text: read, and marked so.
        assert_eq!(bite["damage"][1]["dice"], "2d8");
        assert_eq!(bite["damage"][1]["text_only"], true);
        assert_eq!(
            bite["dcs"][0],
            json!({ "value": 11, "kind": "save", "abilities": ["con"], "text_only": true })
        );
        // A structured attack bonus of 0 without a printed attack roll is not a number.
        assert_eq!(spider["actions"].as_array().unwrap().len(), 1);
        assert!(!table.to_string().contains("must not be copied"));
    }
}
