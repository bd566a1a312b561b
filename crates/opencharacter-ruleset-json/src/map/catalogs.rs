//! Catalogs → content types and content; the items block → item properties, currencies, the
//! market and loot tables.

use std::collections::BTreeMap;

use opencharacter_spec::diagnostic::{Phrase, reasons};
use serde_json::{Map, Value, json};

use super::{Ctx, items, slug, text, type_id};
use crate::yaml_out;

const CREATURE_NUMBERS: [&str; 4] = ["defense", "initiativeModifier", "speed", "signaturePoints"];

fn tag(id: &str) -> String {
    id.replace('_', "-").to_ascii_lowercase()
}

/// `catalog/entry` → `catalog.entry`.
fn content_ref(item: &str) -> String {
    match item.split_once('/') {
        Some((catalog, entry)) => format!("{}.{entry}", type_id(catalog)),
        None => item.to_owned(),
    }
}

fn goods_filter(filter: &Value) -> Value {
    let mut filters = Map::new();
    for key in ["category", "rarity"] {
        if let Some(v) = text(filter, key) {
            filters.insert(key.into(), json!(v));
        }
    }
    let mut out = Map::new();
    if let Some(t) = text(filter, "tag") {
        out.insert("tag".into(), json!(tag(t)));
    }
    if let Some(i) = text(filter, "item") {
        out.insert("item".into(), json!(content_ref(i)));
    }
    if !filters.is_empty() {
        out.insert("filters".into(), Value::Object(filters));
    }
    Value::Object(out)
}

fn loot_table(table: &Value) -> Value {
    let mut out = Map::new();
    if let Some(rolls) = table.get("rolls") {
        out.insert("rolls".into(), rolls.clone());
    }
    let entries: Vec<Value> = items(table, "/entries")
        .into_iter()
        .map(|(_, e)| {
            let mut o = Map::new();
            if let Some(i) = text(e, "item") {
                o.insert("item".into(), json!(content_ref(i)));
            }
            if let Some(f) = e.get("filter") {
                o.insert("filter".into(), goods_filter(f));
            }
            if let Some(c) = e.get("coins") {
                o.insert("coins".into(), c.clone());
            }
            o.insert(
                "weight".into(),
                e.get("weight").cloned().unwrap_or(json!(1)),
            );
            if let Some(c) = e.get("count") {
                o.insert("count".into(), c.clone());
            }
            Value::Object(o)
        })
        .collect();
    out.insert("entries".into(), Value::Array(entries));
    Value::Object(out)
}

/// A layer's `items` block (market sellers and goods, loot tables) in the model's shape.
pub(super) fn layer_items(block: &Value) -> Value {
    let mut out = Map::new();
    if let Some(market) = block.get("market") {
        let mut m = Map::new();
        if let Some(sellers) = market.get("removeSellers") {
            m.insert("removeSellers".into(), sellers.clone());
        }
        if let Some(unsold) = market.get("unsold").and_then(Value::as_array) {
            m.insert(
                "unsold".into(),
                json!(unsold.iter().map(goods_filter).collect::<Vec<_>>()),
            );
        }
        out.insert("market".into(), Value::Object(m));
    }
    if let Some(tables) = block.get("lootTables") {
        let mut t = Map::new();
        match tables {
            Value::Array(list) => {
                for table in list {
                    if let Some(id) = text(table, "id") {
                        t.insert(id.to_owned(), loot_table(table));
                    }
                }
            }
            Value::Object(map) => {
                for (id, table) in map {
                    t.insert(id.clone(), loot_table(table));
                }
            }
            _ => {}
        }
        out.insert("lootTables".into(), Value::Object(t));
    }
    Value::Object(out)
}

pub(super) fn map_catalogs(
    ctx: &mut Ctx<'_>,
    world: &mut Map<String, Value>,
    content: &mut BTreeMap<String, String>,
) {
    let source = ctx.source;
    // The items block's vocabulary, for item catalogs.
    let categories: Vec<String> = items(source, "/items/categories")
        .iter()
        .filter_map(|(_, c)| text(c, "id").map(slug))
        .collect();
    let rarities: Vec<String> = items(source, "/items/rarities")
        .iter()
        .filter_map(|(_, c)| text(c, "id").map(slug))
        .collect();
    let stats: Vec<(String, &Value)> = items(source, "/items/stats");
    for key in [
        "slots",
        "binding",
        "carry",
        "rarityCaps",
        "propose",
        "native",
        "freeform",
    ] {
        ctx.tracker.report(
            &format!("/items/{key}"),
            Phrase::new(&reasons::IMPORT_ITEMS_KEY).with_arg("key", key),
        );
    }
    for (at, t) in items(source, "/items/tags") {
        ctx.tracker.map(&format!("{at}/id"), "content tags");
        ctx.tracker
            .report(&format!("{at}/label"), &reasons::IMPORT_TAG_LABEL);
        let _ = t;
    }

    let mut types = Map::new();
    let mut sold_rules: Vec<Value> = Vec::new();
    for (at, catalog) in items(source, "/catalogs") {
        let Some(catalog_id) = text(catalog, "id") else {
            continue;
        };
        let id = type_id(catalog_id);
        let id = id.as_str();
        let holds = text(catalog, "holds").unwrap_or("rows");
        ctx.tracker
            .map(&format!("{at}/id"), format!("contentTypes.{id}"));
        ctx.tracker.map(
            &format!("{at}/holds"),
            format!("contentTypes.{id} (its properties)"),
        );
        ctx.say(
            &format!("{at}/label"),
            format!("contentType.{id}.label"),
            text(catalog, "label"),
        );
        let mut properties = Map::new();
        let mut filters = Map::new();
        for (fat, filter) in items(catalog, "/filters") {
            let Some(fid) = text(filter, "id") else {
                continue;
            };
            let fat = format!("{at}{fat}");
            let kind = text(filter, "type").unwrap_or("text");
            let property = match kind {
                "number" => json!({"type": "number"}),
                "tags" => json!({"type": "text", "many": true}),
                _ => json!({"type": "text"}),
            };
            properties.insert(fid.to_owned(), property);
            let mut f = json!({"type": kind});
            if let Some(field) = filter.pointer("/startFrom/field").and_then(Value::as_str) {
                f["startFrom"] = json!(field);
            }
            filters.insert(fid.to_owned(), f);
            ctx.tracker.map(
                &fat,
                format!("contentTypes.{id}.filters.{fid} and its property"),
            );
            ctx.say(
                &format!("{fat}/label"),
                format!("filter.{id}.{fid}.label"),
                text(filter, "label"),
            );
            ctx.english.insert(
                format!("property.{id}.{fid}.label"),
                text(filter, "label").unwrap_or(fid).to_owned(),
            );
        }
        ctx.tracker
            .report(&format!("{at}/units"), &reasons::IMPORT_CATALOG_UNITS);
        ctx.tracker
            .report(&format!("{at}/feeds"), &reasons::IMPORT_CATALOG_FEEDS);
        ctx.tracker
            .report(&format!("{at}/asset"), &reasons::IMPORT_CATALOG_ASSET);
        match holds {
            "items" => {
                if !categories.is_empty() {
                    properties.insert(
                        "category".into(),
                        json!({"type": "enum", "values": categories}),
                    );
                    filters.insert("category".into(), json!({"type": "text"}));
                    ctx.english
                        .insert(format!("property.{id}.category.label"), "Category".into());
                    ctx.english
                        .insert(format!("filter.{id}.category.label"), "Category".into());
                    for (cat, c) in items(source, "/items/categories") {
                        if let (Some(cid), Some(label)) = (text(c, "id"), text(c, "label")) {
                            ctx.english.insert(
                                format!("value.{id}.category.{}.label", slug(cid)),
                                label.to_owned(),
                            );
                            ctx.tracker.map(
                                &cat,
                                "item content types' property `category` (values and labels)",
                            );
                        }
                    }
                }
                if !rarities.is_empty() {
                    properties.insert("rarity".into(), json!({"type": "enum", "values": rarities}));
                    filters.insert("rarity".into(), json!({"type": "text"}));
                    ctx.english
                        .insert(format!("property.{id}.rarity.label"), "Rarity".into());
                    ctx.english
                        .insert(format!("filter.{id}.rarity.label"), "Rarity".into());
                    for (rat, r) in items(source, "/items/rarities") {
                        if let (Some(rid), Some(label)) = (text(r, "id"), text(r, "label")) {
                            ctx.english.insert(
                                format!("value.{id}.rarity.{}.label", slug(rid)),
                                label.to_owned(),
                            );
                            ctx.tracker.map(
                                &rat,
                                "item content types' property `rarity` (values and labels)",
                            );
                        }
                    }
                }
                for (sat, stat) in &stats {
                    let Some(sid) = text(stat, "id") else {
                        continue;
                    };
                    let mut out = Map::new();
                    ctx.column(
                        sat,
                        stat,
                        &mut out,
                        &format!("property.{id}.{sid}"),
                        &format!("{id}.{sid}"),
                    );
                    out.remove("default");
                    out.remove("maxLength");
                    out.remove("required");
                    ctx.tracker.map(sat, "item content types' properties");
                    if stat.get("promptVisible").is_some() {
                        ctx.tracker.report(
                            &format!("{sat}/promptVisible"),
                            &reasons::IMPORT_STAT_PROMPT,
                        );
                    }
                    if stat.get("default").is_some() {
                        ctx.tracker
                            .report(&format!("{sat}/default"), &reasons::IMPORT_STAT_DEFAULT);
                    }
                    properties.insert(sid.to_owned(), Value::Object(out));
                }
            }
            "creatures" => {
                properties.insert("tier".into(), json!({"type": "text"}));
                properties.insert("health".into(), json!({"type": "number"}));
                ctx.english
                    .insert(format!("property.{id}.tier.label"), "Tier".into());
                ctx.english
                    .insert(format!("property.{id}.health.label"), "Health".into());
                for key in CREATURE_NUMBERS {
                    properties.insert(key.into(), json!({"type": "number"}));
                    ctx.english
                        .insert(format!("property.{id}.{key}.label"), key.into());
                }
            }
            _ => {}
        }
        // Entries → content items.
        for (eat, entry) in items(catalog, "/entries") {
            let eat = format!("{at}{eat}");
            let Some(eid) = text(entry, "id") else {
                continue;
            };
            let cid = format!("{id}.{eid}");
            let mut props = Map::new();
            let mut item = Map::new();
            item.insert("id".into(), json!(cid));
            item.insert("type".into(), json!(id));
            ctx.tracker
                .map(&format!("{eat}/id"), format!("content/{id}/{eid}.yaml"));
            ctx.say(
                &format!("{eat}/label"),
                format!("content.{cid}.name"),
                text(entry, "label"),
            );
            ctx.say(
                &format!("{eat}/summary"),
                format!("content.{cid}.description"),
                text(entry, "summary"),
            );
            if let Some(values) = entry.get("filters").and_then(Value::as_object) {
                for (k, v) in values {
                    props.insert(k.clone(), v.clone());
                }
                ctx.tracker.map(
                    &format!("{eat}/filters"),
                    format!("content {cid} properties"),
                );
            }
            ctx.tracker
                .report(&format!("{eat}/rows"), &reasons::IMPORT_ENTRY_ROWS);
            ctx.tracker.report(
                &format!("{eat}/mechanics"),
                &reasons::IMPORT_ENTRY_MECHANICS,
            );
            if let Some(creature) = entry.get("creature") {
                let cat = format!("{eat}/creature");
                ctx.tracker.report(&cat, &reasons::IMPORT_CREATURE);
                if let Some(t) = creature.get("tier").and_then(Value::as_str) {
                    props.insert("tier".into(), json!(t));
                    ctx.tracker.map(
                        &format!("{cat}/tier"),
                        format!("content {cid} property tier"),
                    );
                }
                if let Some(h) = creature.get("health").and_then(Value::as_i64) {
                    props.insert("health".into(), json!(h));
                    ctx.tracker.map(
                        &format!("{cat}/health"),
                        format!("content {cid} property health"),
                    );
                }
                for key in CREATURE_NUMBERS {
                    if let Some(n) = creature.get(key).and_then(Value::as_i64) {
                        props.insert(key.into(), json!(n));
                        ctx.tracker.map(
                            &format!("{cat}/{key}"),
                            format!("content {cid} property {key}"),
                        );
                    }
                }
            }
            if let Some(it) = entry.get("item") {
                let iat = format!("{eat}/item");
                ctx.tracker.report(&iat, &reasons::IMPORT_ITEM_MECHANICS);
                for key in ["category", "rarity"] {
                    if let Some(v) = text(it, key) {
                        props.insert(key.into(), json!(slug(v)));
                        ctx.tracker.map(
                            &format!("{iat}/{key}"),
                            format!("content {cid} property {key}"),
                        );
                    }
                }
                if let Some(values) = it.get("stats").and_then(Value::as_object) {
                    for (k, v) in values {
                        let v = if stats.iter().any(|(_, s)| {
                            text(s, "id") == Some(k.as_str()) && text(s, "type") == Some("enum")
                        }) {
                            json!(v.as_str().map(slug))
                        } else {
                            v.clone()
                        };
                        props.insert(k.clone(), v);
                    }
                    ctx.tracker
                        .map(&format!("{iat}/stats"), format!("content {cid} properties"));
                }
                if let Some(tags) = it.get("tags").and_then(Value::as_array) {
                    item.insert(
                        "tags".into(),
                        json!(
                            tags.iter()
                                .filter_map(Value::as_str)
                                .map(tag)
                                .collect::<Vec<_>>()
                        ),
                    );
                    ctx.tracker
                        .map(&format!("{iat}/tags"), format!("content {cid} tags"));
                }
                if let Some(cost) = it.get("cost") {
                    item.insert("price".into(), json!({"amount": cost.get("amount").cloned().unwrap_or(json!(0)), "unit": cost.get("unit").cloned().unwrap_or(json!(""))}));
                    ctx.tracker
                        .map(&format!("{iat}/cost"), format!("content {cid} price"));
                }
                if let Some(place) = it.pointer("/sold/place") {
                    sold_rules.push(json!({"filter": {"item": cid}, "place": place}));
                    ctx.tracker.map(
                        &format!("{iat}/sold"),
                        format!("market.sold (filter item {cid})"),
                    );
                }
            }
            if !props.is_empty() {
                item.insert("properties".into(), Value::Object(props));
            }
            content.insert(
                format!("content/{id}/{eid}.yaml"),
                yaml_out::to_string(&Value::Object(item)),
            );
        }
        let mut def = Map::new();
        if !properties.is_empty() {
            def.insert("properties".into(), Value::Object(properties));
        }
        if !filters.is_empty() {
            def.insert("filters".into(), Value::Object(filters));
        }
        types.insert(id.to_owned(), Value::Object(def));
    }
    if !types.is_empty() {
        world.insert("contentTypes".into(), Value::Object(types));
    }

    // Currencies.
    let mut currencies = Map::new();
    for (at, family) in items(source, "/items/currencies") {
        let Some(fid) = text(family, "id") else {
            continue;
        };
        let mut units = Map::new();
        for (uat, unit) in items(family, "/units") {
            let Some(uid) = text(unit, "id") else {
                continue;
            };
            let uat = format!("{at}{uat}");
            units.insert(
                uid.to_owned(),
                json!({"value": unit.get("value").cloned().unwrap_or(json!(1))}),
            );
            ctx.tracker
                .map(&uat, format!("currencies.{fid}.units.{uid}"));
            ctx.say(
                &format!("{uat}/label"),
                format!("currency.{uid}.label"),
                text(unit, "label"),
            );
        }
        currencies.insert(fid.to_owned(), json!({"units": units}));
        ctx.tracker.map(&at, format!("currencies.{fid}"));
        ctx.say(
            &format!("{at}/label"),
            format!("family.{fid}.label"),
            text(family, "label"),
        );
        ctx.tracker
            .report(&format!("{at}/perWeight"), &reasons::IMPORT_PER_WEIGHT);
    }
    if !currencies.is_empty() {
        world.insert("currencies".into(), Value::Object(currencies));
    }

    // The market.
    if let Some(market) = source.pointer("/items/market") {
        let mut out = Map::new();
        let mut prices = Map::new();
        for (at, price) in items(source, "/items/market/prices") {
            let Some(pid) = text(price, "id") else {
                continue;
            };
            let mut p = json!({"times": price.get("times").cloned().unwrap_or(json!(1))});
            if price.get("default").and_then(Value::as_bool) == Some(true) {
                p["default"] = json!(true);
            }
            prices.insert(pid.to_owned(), p);
            ctx.tracker.map(&at, format!("market.prices.{pid}"));
            ctx.say(
                &format!("{at}/label"),
                format!("price.{pid}.label"),
                text(price, "label"),
            );
        }
        if !prices.is_empty() {
            out.insert("prices".into(), Value::Object(prices));
        }
        let mut market_sold: Vec<Value> = Vec::new();
        let mut places = Vec::new();
        for (at, place) in items(source, "/items/market/places") {
            let Some(pid) = text(place, "id") else {
                continue;
            };
            places.push(json!(pid));
            ctx.tracker.map(&at, "market.places (in order)");
            ctx.say(
                &format!("{at}/label"),
                format!("place.{pid}.label"),
                text(place, "label"),
            );
        }
        if !places.is_empty() {
            out.insert("places".into(), Value::Array(places));
        }
        for (at, rule) in items(source, "/items/market/sold") {
            if let (Some(filter), Some(place)) = (rule.get("filter"), rule.get("place")) {
                market_sold.push(json!({"filter": goods_filter(filter), "place": place}));
                ctx.tracker.map(&at, "market.sold");
            }
        }
        market_sold.append(&mut sold_rules);
        let mut sellers = Map::new();
        for (at, seller) in items(source, "/items/market/sellers") {
            let Some(sid) = text(seller, "id") else {
                continue;
            };
            let sells: Vec<Value> = seller
                .get("sells")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(goods_filter)
                .collect();
            let mut s = json!({"sells": sells});
            if let Some(place) = seller.get("place") {
                s["place"] = place.clone();
            }
            if let Some(only) = seller.get("only") {
                match (only.get("value").map(super::value_ref), only.get("atLeast")) {
                    (Some(Ok(value)), Some(at_least)) => {
                        s["only"] = json!(format!("{value} >= {at_least}"));
                        ctx.tracker.map(
                            &format!("{at}/only"),
                            format!("market.sellers.{sid}.only (a formula)"),
                        );
                        ctx.tracker
                            .report(&format!("{at}/only/label"), &reasons::IMPORT_SELLER_LABEL);
                    }
                    _ => ctx
                        .tracker
                        .report(&format!("{at}/only"), &reasons::IMPORT_SELLER_CONDITION),
                }
            }
            if let Some(stock) = text(seller, "stock") {
                s["stock"] = json!(stock);
            }
            sellers.insert(sid.to_owned(), s);
            ctx.tracker.map(&at, format!("market.sellers.{sid}"));
            ctx.say(
                &format!("{at}/label"),
                format!("seller.{sid}.label"),
                text(seller, "label"),
            );
        }
        if !sellers.is_empty() {
            out.insert("sellers".into(), Value::Object(sellers));
        }
        if let Some(unsold) = market.get("unsold").and_then(Value::as_array) {
            out.insert(
                "unsold".into(),
                json!(unsold.iter().map(goods_filter).collect::<Vec<_>>()),
            );
            ctx.tracker.map("/items/market/unsold", "market.unsold");
        }
        if !market_sold.is_empty() {
            out.insert("sold".into(), Value::Array(market_sold));
        }
        world.insert("market".into(), Value::Object(out));
    } else if !sold_rules.is_empty() {
        world.insert("market".into(), json!({"sold": sold_rules}));
    }

    // Loot tables.
    let mut tables = Map::new();
    for (at, table) in items(source, "/items/lootTables") {
        let Some(tid) = text(table, "id") else {
            continue;
        };
        tables.insert(tid.to_owned(), loot_table(table));
        ctx.tracker.map(&at, format!("lootTables.{tid}"));
        ctx.say(
            &format!("{at}/label"),
            format!("lootTable.{tid}.label"),
            text(table, "label"),
        );
    }
    if !tables.is_empty() {
        world.insert("lootTables".into(), Value::Object(tables));
    }
    // Creatures naming their loot table.
    for (at, catalog) in items(source, "/catalogs") {
        for (eat, entry) in items(catalog, "/entries") {
            if entry.pointer("/creature/loot").is_some() {
                ctx.tracker.report(
                    &format!("{at}{eat}/creature/loot"),
                    &reasons::IMPORT_CREATURE_LOOT,
                );
            }
        }
    }
}
