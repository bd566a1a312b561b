//! Every content item of `fitd-scoundrel`, from the Foundry files' names and numbers (never a
//! description); apart from the rules, which are written in the converter's own terms.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value, json};

use super::{ATTRIBUTES, object, slug, title};
use crate::convert::{Error, PackOutput, read_json};

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
pub(super) fn bare_name(name: &str) -> &str {
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

/// Every content item, from the Foundry files' names and numbers.
pub(super) fn content(
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
