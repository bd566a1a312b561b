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
//! Its `checks` module holds the checks every hand-built converter of this crate runs before it
//! writes ([`checks::self_check`], [`checks::spec_version`]); `mothership` uses them too.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use opencharacter_spec::ids::content_word;
use serde_json::{Map, Value, json};

use super::{Error, PackOutput};

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

mod checks;
mod content;

pub(super) use checks::finish;
use content::content;

#[cfg(test)]
mod tests;
