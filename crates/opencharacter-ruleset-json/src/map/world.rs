//! GM guidance and layers → the world file's `gm` and `layers`; apart from the catalogs
//! (catalogs.rs) because they map the ruleset's prose and optional rules, not its content.

use opencharacter_spec::diagnostic::reasons;
use serde_json::{Map, Value, json};

use super::resolution::ladder;
use super::{Ctx, catalogs, items, slug, text, type_id};

pub(super) fn map_gm(ctx: &mut Ctx<'_>, world: &mut Map<String, Value>) {
    let mut gm = Map::new();
    for key in ["checkGuidance", "worldGuidance"] {
        if let Some(text) = ctx
            .source
            .pointer(&format!("/gm/{key}"))
            .and_then(Value::as_str)
        {
            gm.insert(key.into(), json!(text));
            ctx.tracker.map(&format!("/gm/{key}"), format!("gm.{key}"));
        }
    }
    ctx.tracker
        .report("/gm/sheetGuidance", &reasons::IMPORT_SHEET_GUIDANCE);
    ctx.tracker
        .report("/gm/sheetSummary", &reasons::IMPORT_SHEET_SUMMARY);
    if !gm.is_empty() {
        world.insert("gm".into(), Value::Object(gm));
    }
}

pub(super) fn map_layers(ctx: &mut Ctx<'_>, world: &mut Map<String, Value>) {
    let mut layers = Map::new();
    for (at, layer) in items(ctx.source, "/layers") {
        let Some(id) = text(layer, "id") else {
            continue;
        };
        let mut out = Map::new();
        ctx.tracker.map(&at, format!("layers.{id}"));
        ctx.say(
            &format!("{at}/label"),
            format!("layer.{id}.label"),
            text(layer, "label"),
        );
        ctx.say(
            &format!("{at}/summary"),
            format!("layer.{id}.summary"),
            text(layer, "summary"),
        );
        if let Some(conflicts) = layer.get("conflicts") {
            out.insert("conflicts".into(), conflicts.clone());
        }
        if let Some(gm) = layer.get("gm") {
            out.insert("gm".into(), gm.clone());
        }
        let mut fields = Map::new();
        for (fat, change) in items(layer, "/fields") {
            let Some(field) = text(change, "id") else {
                continue;
            };
            let mut c = Map::new();
            let values: Vec<String> = change
                .get("removeValues")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(slug)
                .collect();
            c.insert("removeValues".into(), json!(values));
            if let Some(d) = text(change, "default") {
                c.insert("default".into(), json!(slug(d)));
            }
            fields.insert(field.to_owned(), Value::Object(c));
            ctx.tracker
                .map(&format!("{at}{fat}"), format!("layers.{id}.fields.{field}"));
        }
        if !fields.is_empty() {
            out.insert("fields".into(), Value::Object(fields));
        }
        let ladder = ladder(ctx, &format!("{at}/difficultyLadder"));
        if !ladder.is_empty() {
            out.insert("difficultyLadder".into(), Value::Array(ladder));
        }
        let hides: Vec<Value> = items(layer, "/catalogs")
            .into_iter()
            .filter_map(|(_, c)| {
                Some(json!({"type": type_id(text(c, "id")?), "hide": c.get("hide")?}))
            })
            .collect();
        if !hides.is_empty() {
            out.insert("catalogs".into(), Value::Array(hides));
        }
        if let Some(currencies) = layer.get("currencies") {
            let mut kept = Map::new();
            for key in ["removeUnits", "removeFamilies"] {
                match currencies.get(key).and_then(Value::as_array) {
                    Some(list) if !list.is_empty() => {
                        kept.insert(key.into(), Value::Array(list.clone()));
                    }
                    Some(_) => ctx.tracker.report(
                        &format!("{at}/currencies/{key}"),
                        &reasons::IMPORT_EMPTY_REMOVAL,
                    ),
                    None => {}
                }
            }
            if !kept.is_empty() {
                out.insert("currencies".into(), Value::Object(kept));
            }
        }
        if let Some(items) = layer.get("items") {
            out.insert("items".into(), catalogs::layer_items(items));
            for (tat, table) in self::items(layer, "/items/lootTables") {
                if table.get("label").is_some() {
                    ctx.tracker
                        .report(&format!("{at}{tat}/label"), &reasons::IMPORT_LOOT_LABEL);
                }
            }
        }
        layers.insert(id.to_owned(), Value::Object(out));
    }
    if !layers.is_empty() {
        world.insert("layers".into(), Value::Object(layers));
    }
}
