//! Forged in the Dark data (`../shared/corpus/fitd/foundry-bitd/`) → the pack `fitd-scoundrel`.
//!
//! The Foundry data is GPL-3.0 as arranged, so only **names and numbers** are taken from it:
//! playbook names and their starting action dots, special-ability names by playbook, item names
//! and loads, heritages, backgrounds, vices, crew types and crew-ability names, the trauma
//! conditions. No description string is ever read. The rules (three attributes rated from
//! twelve actions, stress, trauma, harm, the d6 pool read by its highest die, position and
//! effect, resistance) are written here in the converter's own terms, after the CC-BY-3.0 SRD.
//!
//! Design: an action rating is a dice pool (its dots); an attribute's rating is the number of
//! its actions with at least one dot, so both are fields and the attribute is derived. A
//! playbook's starting dots are effects that raise the action to at least that many dots
//! (`op: min`), so a character file that stores its full dots reads the same with or without
//! the playbook.
//!
//! This module also holds the checks every hand-built converter of this crate runs before it
//! writes ([`self_check`], [`spec_version`]); `mothership` uses them too.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use indexmap::IndexMap;
use opencharacter_spec::ids::content_word;
use serde_json::{Map, Value, json};

use super::{Error, PackOutput, read_json, write_pack};

/// The pack's ID.
pub const PACK_ID: &str = "fitd-scoundrel";

/// The attribution line `fitd/SOURCE.md` asks for (CC-BY-3.0), verbatim.
pub const CREDIT: &str = "This work is based on Blades in the Dark (found at http://www.bladesinthedark.com/), product of One Seven Design, developed and authored by John Harper, and licensed for our use under the Creative Commons Attribution 3.0 Unported license (http://creativecommons.org/licenses/by/3.0/).";

/// The three attributes and their four actions each, in the game's order.
pub const ATTRIBUTES: [(&str, [&str; 4]); 3] = [
    ("insight", ["hunt", "study", "survey", "tinker"]),
    ("prowess", ["finesse", "prowl", "skirmish", "wreck"]),
    ("resolve", ["attune", "command", "consort", "sway"]),
];

/// Harm levels, lightest first, with how many boxes each row has (lesser 2, moderate 2,
/// severe 1; fatal has no row: a fourth level ends the character).
const HARM: [(&str, &str, i64); 4] = [
    ("lesser", "Lesser harm", 2),
    ("moderate", "Moderate harm", 2),
    ("severe", "Severe harm", 1),
    ("fatal", "Fatal harm", 0),
];

/// Position and effect (each a set of mutually exclusive situational choices) and the extra
/// die a player can take.
const POSITIONS: [(&str, &str); 3] = [
    ("controlled", "Controlled"),
    ("risky", "Risky"),
    ("desperate", "Desperate"),
];
const EFFECTS: [(&str, &str); 3] = [
    ("limited_effect", "Limited effect"),
    ("standard_effect", "Standard effect"),
    ("great_effect", "Great effect"),
];
const BONUS_DICE: [(&str, &str); 3] = [
    ("push_yourself", "Push yourself (+1d)"),
    ("assist", "Assisted (+1d)"),
    ("devils_bargain", "Devil's bargain (+1d)"),
];

/// A name turned into one content-ID segment: `Fine hand weapon` → `fine-hand-weapon`,
/// `+ Heavy` → `heavy`.
pub fn slug(name: &str) -> String {
    content_word(name).unwrap_or_default()
}

/// The crew type a `(Sh) ` prefix names, if the name has a prefix.
fn crew_of_prefix(name: &str) -> Result<Option<String>, Error> {
    let Some((prefix, _)) = name
        .strip_prefix('(')
        .and_then(|rest| rest.split_once(") "))
    else {
        return Ok(None);
    };
    let crew = match prefix {
        "A" => "assassins",
        "B" | "Br" => "bravos",
        "C" => "cult",
        "H" => "hawkers",
        "Sh" => "shadows",
        "Sm" => "smugglers",
        other => {
            return Err(Error::Data(format!(
                "{name}: unknown crew prefix ({other})"
            )));
        }
    };
    Ok(Some(crew.to_owned()))
}

/// A Foundry name without its `(C) ` playbook or crew prefix.
fn bare_name(name: &str) -> &str {
    let name = name.trim();
    match name
        .strip_prefix('(')
        .and_then(|rest| rest.split_once(") "))
    {
        Some((_, rest)) => rest.trim(),
        None => name,
    }
}

fn str_at<'v>(value: &'v Value, pointer: &str) -> Result<&'v str, Error> {
    value
        .pointer(pointer)
        .and_then(Value::as_str)
        .ok_or_else(|| Error::Data(format!("no text at {pointer} in {value:.80}")))
}

/// The Foundry documents of one file, sorted by name (the file's order is not meaningful).
fn documents(folder: &Path, file: &str) -> Result<Vec<Value>, Error> {
    let value = read_json(&folder.join(file))?;
    let Value::Array(mut items) = value else {
        return Err(Error::Data(format!("{file}: not a list")));
    };
    items.sort_by(|a, b| {
        let key = |v: &Value| {
            v.get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned()
        };
        key(a).cmp(&key(b))
    });
    Ok(items)
}

/// Reads every rendered file back into its model type and parses every formula, so a broken
/// converter fails before it writes anything.
pub(super) fn self_check(files: &BTreeMap<String, String>) -> Vec<String> {
    use opencharacter_spec::model::formulas::{content_formulas, rules_formulas};
    use opencharacter_spec::model::{ContentItem, I18nFile, Manifest, RulesDocument};
    use opencharacter_spec::yaml;

    let mut problems = Vec::new();
    let mut content_types = IndexMap::new();
    let mut rules_docs = Vec::new();
    for (path, text) in files {
        if path.starts_with("rules/") {
            match yaml::from_str::<RulesDocument>(text) {
                Ok(rules) => {
                    content_types.extend(rules.content_types.clone());
                    rules_docs.push((path, rules));
                }
                Err(error) => problems.push(format!("{path}: {error}")),
            }
        } else if path == "pack.yaml" {
            if let Err(error) = yaml::from_str::<Manifest>(text) {
                problems.push(format!("{path}: {error}"));
            }
        } else if path.starts_with("i18n/") {
            match yaml::from_str::<I18nFile>(text) {
                Ok(file) => problems.extend(
                    file.key_errors()
                        .into_iter()
                        .map(|error| format!("{path}: {error}")),
                ),
                Err(error) => problems.push(format!("{path}: {error}")),
            }
        }
    }
    let check = |problems: &mut Vec<String>, path: &str, text: &str| {
        if let Err(error) = opencharacter_formula::parse(text) {
            problems.push(format!("{path}: formula `{text}`: {error}"));
        }
    };
    for (path, rules) in &rules_docs {
        for site in rules_formulas(rules) {
            check(&mut problems, &format!("{path}{}", site.pointer), site.text);
        }
    }
    for (path, text) in files.iter().filter(|(p, _)| p.starts_with("content/")) {
        match yaml::from_str::<ContentItem>(text) {
            Ok(item) => {
                let declared = item
                    .content_type
                    .as_ref()
                    .and_then(|t| content_types.get(t.local()));
                if declared.is_none() {
                    problems.push(format!("{path}: undeclared content type"));
                }
                for site in content_formulas(&item, declared) {
                    check(&mut problems, &format!("{path}{}", site.pointer), site.text);
                }
            }
            Err(error) => problems.push(format!("{path}: {error}")),
        }
    }
    problems
}

/// The lowest spec version the rendered pack needs, by the spec's own feature table.
pub(super) fn spec_version(files: &BTreeMap<String, String>) -> Result<String, Error> {
    use opencharacter_spec::features::{PackContents, lowest_spec_version};
    use opencharacter_spec::model::RulesDocument;
    let mut rules = RulesDocument::default();
    for (path, text) in files.iter().filter(|(path, _)| path.starts_with("rules/")) {
        let document: RulesDocument = opencharacter_spec::yaml::from_str(text)
            .map_err(|error| Error::SelfCheck(format!("{path}: {error}")))?;
        let duplicates = rules.merge(document);
        if !duplicates.is_empty() {
            return Err(Error::SelfCheck(format!(
                "{path}: defined twice: {duplicates:?}"
            )));
        }
    }
    let pack = PackContents {
        rules: &rules,
        upgrades: &[],
        languages: &["en"],
        default_language: "en",
        content: &indexmap::IndexMap::new(),
        templates: &indexmap::IndexMap::new(),
    };
    Ok(lowest_spec_version(&pack).to_string())
}

/// Renders, checks and writes a pack whose manifest fields are given (its `specVersion` is
/// computed); returns the report's first line.
pub(super) fn finish(
    out_pack: &PackOutput,
    manifest: Map<String, Value>,
    pack_id: &str,
    out: &Path,
) -> Result<String, Error> {
    let mut files = out_pack.render("en");
    let version = spec_version(&files)?;
    let mut full = Map::new();
    for (key, value) in manifest {
        full.insert(key.clone(), value);
        if key == "version" {
            full.insert("specVersion".to_owned(), Value::String(version.clone()));
        }
    }
    files.insert(
        "pack.yaml".to_owned(),
        crate::yaml::to_string(&Value::Object(full)),
    );
    let problems = self_check(&files);
    if !problems.is_empty() {
        return Err(Error::SelfCheck(problems.join("\n")));
    }
    let written = write_pack(out, pack_id, &files)?;
    Ok(format!("wrote {written} files to {}", out.display()))
}

/// Builds the pack in memory (no file written).
pub fn build(corpus: &Path) -> Result<(PackOutput, BTreeMap<String, usize>), Error> {
    let foundry = corpus.join("foundry-bitd");
    let mut out = PackOutput::default();
    let mut counts = BTreeMap::new();
    rules(&mut out)?;
    content(&foundry, &mut out, &mut counts)?;
    out.text("pack.name", "Scoundrel (Forged in the Dark)")?;
    out.text(
        "pack.description",
        "Forged in the Dark rules as a pack: twelve actions under three attributes, a d6 pool read by its highest die, stress, trauma and harm, playbooks, gear and crews.",
    )?;
    Ok((out, counts))
}

/// Runs the conversion and writes the pack; returns the report.
pub fn run(corpus: &Path, out: &Path) -> Result<String, Error> {
    let (pack, counts) = build(corpus)?;
    let manifest = json!({
        "id": PACK_ID,
        "version": "0.1.0",
        "license": "CC-BY-3.0",
        "credit": CREDIT,
        "defaultLanguage": "en",
    });
    let mut report = finish(&pack, object(manifest), PACK_ID, out)?;
    report.push('\n');
    for (content_type, count) in counts {
        let _ = writeln!(report, "  {content_type}: {count}");
    }
    Ok(report)
}

/// The map inside a `json!({...})` (anything else gives an empty map).
pub(super) fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn title(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_ascii_uppercase().to_string() + chars.as_str()
    })
}

/// The rules documents: character fields and live state, resolution and bands, actions,
/// situational choices, link slots, content types and display hints.
fn rules(out: &mut PackOutput) -> Result<(), Error> {
    let mut fields = Map::new();
    fields.insert("name".into(), json!({ "type": "text", "maxLength": 60 }));
    fields.insert("alias".into(), json!({ "type": "text", "maxLength": 60 }));
    fields.insert("look".into(), json!({ "type": "text", "maxLength": 200 }));
    out.text("field.name.label", "Name")?;
    out.text("field.alias.label", "Alias")?;
    out.text("field.look.label", "Look")?;
    let mut hints = Map::new();
    for (order, (attribute, actions)) in ATTRIBUTES.iter().enumerate() {
        for action in actions {
            fields.insert(
                format!("actions.{action}"),
                json!({ "type": "number", "role": "skill", "min": 0, "max": 4, "default": 0 }),
            );
            out.text(format!("field.actions.{action}.label"), title(action))?;
        }
        // An attribute is rated by how many of its actions have at least one dot.
        let formula = actions
            .iter()
            .map(|action| format!("if(actions.{action} > 0, 1, 0)"))
            .collect::<Vec<_>>()
            .join(" + ");
        fields.insert(
            format!("attributes.{attribute}"),
            json!({ "type": "number", "role": "ability", "formula": formula }),
        );
        out.text(
            format!("field.attributes.{attribute}.label"),
            title(attribute),
        )?;
        let mut group = vec![json!(format!("attributes.{attribute}"))];
        group.extend(actions.iter().map(|a| json!(format!("actions.{a}"))));
        hints.insert(
            (*attribute).to_owned(),
            json!({ "fields": group, "order": order + 1 }),
        );
        out.text(format!("hint.{attribute}.label"), title(attribute))?;
    }
    fields.insert(
        "coin".into(),
        json!({ "type": "number", "min": 0, "max": 4, "default": 0 }),
    );
    fields.insert(
        "stash".into(),
        json!({ "type": "number", "min": 0, "max": 40, "default": 0 }),
    );
    fields.insert(
        "load_level".into(),
        json!({ "type": "enum", "values": ["light", "normal", "heavy"], "default": "normal" }),
    );
    // Light 3, normal 5, heavy 6 (7 to 9 is encumbered: over the limit).
    fields.insert(
        "load_max".into(),
        json!({ "type": "number", "formula": "if(load_level == \"light\", 3, if(load_level == \"normal\", 5, 6))" }),
    );
    for (key, text) in [
        ("field.coin.label", "Coin"),
        ("field.stash.label", "Stash"),
        ("field.load_level.label", "Load"),
        ("value.load_level.light.label", "Light"),
        ("value.load_level.normal.label", "Normal"),
        ("value.load_level.heavy.label", "Heavy"),
        ("field.load_max.label", "Load limit"),
        ("hint.gear.label", "Coin and load"),
    ] {
        out.text(key, text)?;
    }
    hints.insert(
        "gear".into(),
        json!({ "fields": ["coin", "stash", "load_level", "load_max"], "order": 4 }),
    );

    let mut tracks = Map::new();
    for (id, max, label) in [
        ("stress", 9, "Stress"),
        ("trauma", 4, "Trauma"),
        ("healing", 4, "Healing clock"),
        ("xp.playbook", 8, "Playbook advancement"),
        ("xp.insight", 6, "Insight advancement"),
        ("xp.prowess", 6, "Prowess advancement"),
        ("xp.resolve", 6, "Resolve advancement"),
    ] {
        tracks.insert(id.into(), json!({ "max": max.to_string() }));
        out.text(format!("field.{id}.label"), label)?;
    }
    let mut marks = Map::new();
    for (severity, (mark, label, _)) in HARM.iter().enumerate() {
        marks.insert((*mark).to_owned(), json!({ "severity": severity + 1 }));
        out.text(format!("mark.harm.{mark}.label"), *label)?;
    }
    let boxes: i64 = HARM.iter().map(|(_, _, boxes)| boxes).sum();
    out.text("field.harm.label", "Harm")?;
    // Armor boxes: one for armor, one more for heavy armor, while the character carries them.
    out.text("field.armor.label", "Armor")?;
    let live = json!({
        "pools": {
            "armor": { "max": "count(\"items.armor\") + count(\"items.heavy\")" },
        },
        "tracks": tracks,
        "woundTracks": {
            "harm": { "boxes": boxes.to_string(), "marks": marks },
        },
    });
    out.file(
        "rules/character.yaml",
        json!({ "fields": fields, "live": live, "displayHints": hints }),
    )?;

    // Resolution: a pool of d6 read by its highest die; zero dice roll two and keep the lowest.
    let mut situational = Map::new();
    for group in [&POSITIONS, &EFFECTS] {
        for (index, (id, label)) in group.iter().enumerate() {
            let later: Vec<&str> = group[index + 1..].iter().map(|(id, _)| *id).collect();
            let choice = if later.is_empty() {
                json!({})
            } else {
                json!({ "excludes": later })
            };
            situational.insert((*id).to_owned(), choice);
            out.text(format!("situational.{id}.label"), *label)?;
        }
    }
    for (id, label) in BONUS_DICE {
        situational.insert(id.to_owned(), json!({ "bonus": "1" }));
        out.text(format!("situational.{id}.label"), label)?;
    }
    let all_choices: Vec<&str> = situational.keys().map(String::as_str).collect();
    let mut actions = Map::new();
    for (_, names) in ATTRIBUTES {
        for action in names {
            actions.insert(
                action.to_owned(),
                json!({ "use": { "check": format!("actions.{action}") }, "situationalChoices": all_choices }),
            );
            out.text(format!("action.{action}.label"), title(action))?;
        }
    }
    for (attribute, _) in ATTRIBUTES {
        actions.insert(
            format!("resist_{attribute}"),
            json!({ "use": { "check": format!("attributes.{attribute}"), "bands": "resistance" } }),
        );
        out.text(
            format!("action.resist_{attribute}.label"),
            format!("Resist with {}", title(attribute)),
        )?;
    }
    let mut resistance = Map::new();
    resistance.insert(
        "critical".into(),
        json!({ "face": 6, "count": { "min": 2 } }),
    );
    out.text("band.resistance.critical.label", "Critical: clear 1 stress")?;
    // Stress taken is 6 minus the highest die.
    for cost in 0..=5 {
        let highest = 6 - cost;
        resistance.insert(
            format!("stress_{cost}"),
            json!({ "highest": { "min": highest, "max": highest } }),
        );
        out.text(
            format!("band.resistance.stress_{cost}.label"),
            format!("Take {cost} stress"),
        )?;
    }
    for (band, label) in [
        ("critical", "Critical success"),
        ("success", "Full success"),
        ("partial", "Partial success"),
        ("miss", "Bad outcome"),
    ] {
        out.text(format!("band.action_roll.{band}.label"), label)?;
    }
    out.file(
        "rules/resolution.yaml",
        json!({
            "situationalChoices": situational,
            "resolution": {
                "kind": "highest-die", "die": 6, "pool": { "min": 0, "max": 6 },
                "zeroDice": "lowest-of-two", "bands": "action_roll",
            },
            "resultBands": {
                "action_roll": { "bands": {
                    "critical": { "face": 6, "count": { "min": 2 } },
                    "success": { "highest": { "min": 6 } },
                    "partial": { "highest": { "min": 4, "max": 5 } },
                    "miss": { "highest": { "max": 3 } },
                } },
                "resistance": { "bands": resistance },
            },
            "actions": actions,
        }),
    )?;

    // Content types and where a character links them.
    let playbook_ref = json!({ "type": "content", "types": ["playbook"] });
    let content_types = json!({
        "playbook": {},
        "special_ability": { "properties": { "playbook": playbook_ref } },
        "item": {
            "properties": {
                "load": { "type": "number", "min": 0, "max": 3, "required": true },
                "playbook": playbook_ref,
            },
            "filters": { "load": { "type": "number" } },
        },
        "heritage": {},
        "background": {},
        "vice": {},
        "trauma_condition": {},
        "crew_type": {},
        "crew_ability": {
            "properties": { "crew_type": { "type": "content", "types": ["crew_type"] } },
        },
        "crew_upgrade": {
            "properties": {
                "cost": { "type": "number", "min": 0, "required": true },
                "crew_type": { "type": "content", "types": ["crew_type"] },
            },
            "filters": { "cost": { "type": "number" } },
        },
        "crew_reputation": {},
    });
    for (key, text) in [
        ("contentType.playbook.label", "Playbook"),
        ("contentType.special_ability.label", "Special ability"),
        ("property.special_ability.playbook.label", "Playbook"),
        ("contentType.item.label", "Item"),
        ("property.item.load.label", "Load"),
        ("property.item.playbook.label", "Playbook"),
        ("filter.item.load.label", "Load"),
        ("contentType.heritage.label", "Heritage"),
        ("contentType.background.label", "Background"),
        ("contentType.vice.label", "Vice"),
        ("contentType.trauma_condition.label", "Trauma condition"),
        ("contentType.crew_type.label", "Crew type"),
        ("contentType.crew_ability.label", "Crew special ability"),
        ("property.crew_ability.crew_type.label", "Crew type"),
        ("contentType.crew_upgrade.label", "Crew upgrade"),
        ("property.crew_upgrade.cost.label", "Upgrade boxes"),
        ("property.crew_upgrade.crew_type.label", "Crew type"),
        ("filter.crew_upgrade.cost.label", "Upgrade boxes"),
        ("contentType.crew_reputation.label", "Crew reputation"),
        ("linkSlot.playbook.label", "Playbook"),
        ("linkSlot.heritage.label", "Heritage"),
        ("linkSlot.background.label", "Background"),
        ("linkSlot.vice.label", "Vice"),
        ("linkSlot.trauma.label", "Trauma"),
    ] {
        out.text(key, text)?;
    }
    out.file(
        "rules/content-types.yaml",
        json!({
            "contentTypes": content_types,
            "linkSlots": {
                "playbook": { "types": ["playbook"], "max": 1 },
                "heritage": { "types": ["heritage"], "max": 1 },
                "background": { "types": ["background"], "max": 1 },
                "vice": { "types": ["vice"], "max": 1 },
                "trauma": { "types": ["trauma_condition"], "max": 4 },
            },
        }),
    )?;
    Ok(())
}

/// Every content item, from the Foundry files' names and numbers.
fn content(
    foundry: &Path,
    out: &mut PackOutput,
    counts: &mut BTreeMap<String, usize>,
) -> Result<(), Error> {
    let mut add = |out: &mut PackOutput,
                   id: String,
                   content_type: &str,
                   name: &str,
                   rest: Map<String, Value>|
     -> Result<(), Error> {
        let mut item = Map::new();
        item.insert("id".into(), json!(id));
        item.insert("type".into(), json!(content_type));
        item.extend(rest);
        let path = format!("content/{}.yaml", id.replace('.', "/"));
        out.file(path, Value::Object(item))?;
        // The source's names carry stray spaces (`Ghost  Contract`).
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        out.text(format!("content.{id}.name"), name)?;
        *counts.entry(content_type.to_owned()).or_default() += 1;
        Ok(())
    };

    // Special abilities by playbook, so the playbook can offer them as a choice.
    let mut abilities: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for doc in documents(foundry, "abilities.json")? {
        let playbook = slug(str_at(&doc, "/system/class")?);
        let name = bare_name(str_at(&doc, "/name")?);
        let id = format!("special-abilities.{playbook}.{}", slug(name));
        let props = json!({ "properties": { "playbook": format!("playbooks.{playbook}") } });
        add(out, id.clone(), "special_ability", name, object(props))?;
        abilities.entry(playbook).or_default().push(id);
    }
    for doc in documents(foundry, "classes.json")? {
        let name = str_at(&doc, "/name")?;
        let playbook = slug(name);
        let dots = doc
            .pointer("/system/base_skills")
            .and_then(Value::as_object)
            .ok_or_else(|| Error::Data(format!("playbook {name}: no base_skills")))?;
        let mut effects = Vec::new();
        // In the game's order of actions, so the file reads like the sheet.
        for (_, actions) in ATTRIBUTES {
            for action in actions {
                let value = dots
                    .get(action)
                    .and_then(|v| v.get(0))
                    .and_then(Value::as_i64)
                    .ok_or_else(|| Error::Data(format!("playbook {name}: no dots for {action}")))?;
                if value > 0 {
                    effects.push(json!({ "target": format!("actions.{action}"), "op": "min", "value": value.to_string() }));
                }
            }
        }
        let offered = abilities.get(&playbook).cloned().unwrap_or_default();
        if offered.is_empty() {
            return Err(Error::Data(format!(
                "playbook {name}: no special abilities"
            )));
        }
        let mut rest = Map::new();
        rest.insert("effects".into(), Value::Array(effects));
        rest.insert(
            "choices".into(),
            json!({ "special_ability": { "count": 1, "items": offered } }),
        );
        add(out, format!("playbooks.{playbook}"), "playbook", name, rest)?;
    }
    for doc in documents(foundry, "items.json")? {
        let name = bare_name(str_at(&doc, "/name")?);
        let playbook = slug(str_at(&doc, "/system/class")?);
        let load: i64 = match doc.pointer("/system/load") {
            Some(Value::String(text)) => text.trim().parse().ok(),
            Some(Value::Number(n)) => n.as_i64(),
            _ => None,
        }
        .ok_or_else(|| Error::Data(format!("item {name}: no load")))?;
        let (id, properties) = if playbook.is_empty() {
            (format!("items.{}", slug(name)), json!({ "load": load }))
        } else {
            (
                format!("items.{playbook}.{}", slug(name)),
                json!({ "load": load, "playbook": format!("playbooks.{playbook}") }),
            )
        };
        let mut rest = Map::new();
        rest.insert("properties".into(), properties);
        add(out, id, "item", name, rest)?;
    }
    for (file, folder, content_type) in [
        ("heritages.json", "heritages", "heritage"),
        ("backgrounds.json", "backgrounds", "background"),
        ("vices.json", "vices", "vice"),
        ("crew_types.json", "crew-types", "crew_type"),
    ] {
        for doc in documents(foundry, file)? {
            let name = str_at(&doc, "/name")?;
            add(
                out,
                format!("{folder}.{}", slug(name)),
                content_type,
                name,
                Map::new(),
            )?;
        }
    }
    for doc in documents(foundry, "crew_abilities.json")? {
        let crew = slug(str_at(&doc, "/system/class")?);
        let name = bare_name(str_at(&doc, "/name")?);
        let mut rest = Map::new();
        rest.insert(
            "properties".into(),
            json!({ "crew_type": format!("crew-types.{crew}") }),
        );
        add(
            out,
            format!("crew-abilities.{crew}.{}", slug(name)),
            "crew_ability",
            name,
            rest,
        )?;
    }
    // Crew upgrades: the crew type comes from `class`, else from the name's prefix (a few
    // crew-specific upgrades leave `class` empty); the cost is in upgrade boxes.
    for doc in documents(foundry, "crew_upgrades.json")? {
        let full = str_at(&doc, "/name")?;
        let name = bare_name(full);
        let crew = match slug(str_at(&doc, "/system/class")?) {
            crew if !crew.is_empty() => Some(crew),
            _ => crew_of_prefix(full)?,
        };
        let cost: i64 = str_at(&doc, "/system/price")?
            .trim()
            .parse()
            .map_err(|_| Error::Data(format!("crew upgrade {full}: cost")))?;
        let mut properties = Map::new();
        properties.insert("cost".into(), json!(cost));
        let id = match &crew {
            Some(crew) => {
                properties.insert("crew_type".into(), json!(format!("crew-types.{crew}")));
                format!("crew-upgrades.{crew}.{}", slug(name))
            }
            None => format!("crew-upgrades.{}", slug(name)),
        };
        let mut rest = Map::new();
        rest.insert("properties".into(), Value::Object(properties));
        add(out, id, "crew_upgrade", name, rest)?;
    }
    for doc in documents(foundry, "crew_reputation.json")? {
        let name = str_at(&doc, "/name")?;
        add(
            out,
            format!("crew-reputations.{}", slug(name)),
            "crew_reputation",
            name,
            Map::new(),
        )?;
    }
    let template = read_json(&foundry.join("template.json"))?;
    let conditions = template
        .pointer("/Actor/character/trauma/options")
        .and_then(Value::as_array)
        .ok_or_else(|| Error::Data("template.json: no trauma options".into()))?;
    for condition in conditions {
        let word = condition
            .as_str()
            .ok_or_else(|| Error::Data("template.json: a trauma option is not text".into()))?;
        add(
            out,
            format!("trauma-conditions.{}", slug(word)),
            "trauma_condition",
            &title(word),
            Map::new(),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_content_segments() {
        assert_eq!(slug("Fine hand weapon"), "fine-hand-weapon");
        assert_eq!(slug("+ Heavy"), "heavy");
        assert_eq!(slug("Cloak & Dagger"), "cloak-dagger");
        assert_eq!(slug("Spirit bottles (2)"), "spirit-bottles-2");
        assert_eq!(bare_name("(C) Fine hand weapon"), "Fine hand weapon");
        assert_eq!(bare_name("(Sl) Cloak & Dagger"), "Cloak & Dagger");
        assert_eq!(bare_name("Lantern"), "Lantern");
    }

    /// A corpus of a few documents in the Foundry shape (names and numbers only), written to a
    /// temporary folder: tests never read the shared corpus.
    fn tiny_corpus() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let foundry = dir.path().join("foundry-bitd");
        std::fs::create_dir_all(&foundry).unwrap();
        let dots = |skirmish: i64, command: i64| {
            let mut all = serde_json::Map::new();
            for (_, actions) in ATTRIBUTES {
                for action in actions {
                    all.insert(action.to_owned(), json!([0]));
                }
            }
            all.insert("skirmish".into(), json!([skirmish]));
            all.insert("command".into(), json!([command]));
            Value::Object(all)
        };
        let files = [
            (
                "classes.json",
                json!([{ "name": "Cutter", "system": { "base_skills": dots(2, 1) } }]),
            ),
            (
                "abilities.json",
                json!([
                    { "name": "(C) Vigorous", "system": { "class": "Cutter" } },
                    { "name": "(C) Battleborn", "system": { "class": "Cutter" } },
                ]),
            ),
            (
                "items.json",
                json!([
                    { "name": "(C) Fine hand weapon", "system": { "class": "Cutter", "load": "1" } },
                    { "name": "+ Heavy", "system": { "class": "", "load": "3" } },
                ]),
            ),
            (
                "crew_upgrades.json",
                json!([
                    { "name": "(C) Ordained", "system": { "class": "", "price": "3" } },
                    { "name": "Vault 1", "system": { "class": "", "price": "1" } },
                ]),
            ),
            ("crew_reputation.json", json!([{ "name": "Daring" }])),
            ("heritages.json", json!([{ "name": "The Dagger Isles" }])),
            ("backgrounds.json", json!([{ "name": "Labor" }])),
            ("vices.json", json!([{ "name": "Weird" }])),
            ("crew_types.json", json!([{ "name": "Bravos" }])),
            (
                "crew_abilities.json",
                json!([{ "name": "(Br) Dangerous", "system": { "class": "Bravos" } }]),
            ),
            (
                "template.json",
                json!({ "Actor": { "character": { "trauma": { "options": ["cold", "soft"] } } } }),
            ),
        ];
        for (name, value) in files {
            std::fs::write(foundry.join(name), value.to_string()).unwrap();
        }
        dir
    }

    fn read_tree(dir: &Path) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(folder) = stack.pop() {
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let key = path.strip_prefix(dir).unwrap().display().to_string();
                    out.insert(key, std::fs::read_to_string(&path).unwrap());
                }
            }
        }
        out
    }

    #[test]
    fn a_run_writes_the_same_bytes_twice_and_the_playbook_holds_its_dots() {
        let corpus = tiny_corpus();
        let out = tempfile::tempdir().unwrap();
        let (first, second) = (out.path().join("a"), out.path().join("b"));
        run(corpus.path(), &first).unwrap();
        run(corpus.path(), &second).unwrap();
        // Running over an existing pack of ours rewrites it to the same bytes.
        run(corpus.path(), &second).unwrap();
        let files = read_tree(&first);
        assert_eq!(files, read_tree(&second));
        let cutter = &files["content/playbooks/cutter.yaml"];
        assert!(
            cutter.contains("{ target: actions.skirmish, op: min, value: \"2\" }"),
            "{cutter}"
        );
        assert!(
            cutter.contains("{ target: actions.command, op: min, value: \"1\" }"),
            "{cutter}"
        );
        // Abilities are offered sorted by name, whatever the source's order.
        let battleborn = cutter.find("special-abilities.cutter.battleborn").unwrap();
        let vigorous = cutter.find("special-abilities.cutter.vigorous").unwrap();
        assert!(battleborn < vigorous);
        assert!(files.contains_key("content/items/heavy.yaml"));
        assert!(
            files["content/items/cutter/fine-hand-weapon.yaml"]
                .contains("playbook: playbooks.cutter")
        );
        assert!(
            files["i18n/en.yaml"]
                .contains("content.heritages.the-dagger-isles.name: The Dagger Isles")
        );
        assert!(files["pack.yaml"].contains("license: CC-BY-3.0"));
        // A crew upgrade's crew comes from its prefix when `class` is empty.
        let ordained = &files["content/crew-upgrades/cult/ordained.yaml"];
        assert!(ordained.contains("crew_type: crew-types.cult") && ordained.contains("cost: 3"));
        assert!(files.contains_key("content/crew-upgrades/vault-1.yaml"));
    }

    #[test]
    fn a_folder_that_is_not_this_pack_is_never_wiped() {
        let corpus = tiny_corpus();
        let out = tempfile::tempdir().unwrap();
        std::fs::write(out.path().join("keep.txt"), "mine").unwrap();
        assert!(matches!(
            run(corpus.path(), out.path()),
            Err(Error::NotOurs(_))
        ));
        assert!(out.path().join("keep.txt").exists());
    }

    #[test]
    fn a_playbook_without_dots_is_refused() {
        let corpus = tiny_corpus();
        let classes = corpus.path().join("foundry-bitd/classes.json");
        std::fs::write(
            &classes,
            json!([{ "name": "Cutter", "system": {} }]).to_string(),
        )
        .unwrap();
        assert!(matches!(build(corpus.path()), Err(Error::Data(_))));
    }

    #[test]
    fn the_rules_pass_their_own_checks() {
        let mut out = PackOutput::default();
        rules(&mut out).unwrap();
        let files = out.render("en");
        assert_eq!(self_check(&files), Vec::<String>::new());
        assert!(files["rules/character.yaml"].contains("if(actions.hunt > 0, 1, 0)"));
    }
}
