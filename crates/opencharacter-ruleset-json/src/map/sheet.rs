//! The ruleset's `sheet` (sections, abilities, skills, derived values, lists, pools, tracks,
//! states and conditions) and its resolution → the pack's `rules/sheet.yaml`. Apart from the
//! manifest and the world because it is most of the mapping and reads only the sheet's keys.

use std::collections::BTreeMap;

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::{Phrase, reasons};
use serde_json::{Map, Value, json};

use super::resolution::map_resolution;
use crate::track::Tracker;

use super::{Ctx, hide_when, items, slug, text, value_ref};

/// Maps the sheet and the resolution into the body of `rules/sheet.yaml`.
pub(super) fn map_sheet(ctx: &mut Ctx<'_>) -> Map<String, Value> {
    let source = ctx.source;

    let mut fields = Map::new();
    let mut live_pools = Map::new();
    let mut live_tracks = Map::new();
    let mut wound_tracks = Map::new();
    let mut hints: IndexMap<String, Vec<String>> = IndexMap::new();
    let mut untrained_by_section: BTreeMap<String, Value> = BTreeMap::new();
    ctx.tracker
        .report("/sheet/version", &reasons::IMPORT_SHEET_VERSION);
    ctx.tracker
        .report("/sheet/bonusRange", &reasons::IMPORT_BONUS_RANGE);
    for (at, section) in items(source, "/sheet/sections") {
        let Some(id) = text(section, "id") else {
            continue;
        };
        hints.entry(id.to_owned()).or_default();
        ctx.tracker
            .map(&format!("{at}/id"), format!("displayHints.{id}"));
        ctx.say(
            &format!("{at}/label"),
            format!("hint.{id}.label"),
            text(section, "label"),
        );
        if let Some(rule) = section.get("untrained") {
            untrained_by_section.insert(id.to_owned(), rule.clone());
            ctx.tracker.map(
                &format!("{at}/untrained"),
                "the section's skills' untrained rule",
            );
        }
    }
    let in_section = |hints: &mut IndexMap<String, Vec<String>>,
                      tracker: &mut Tracker,
                      at: &str,
                      def: &Value,
                      field: &str| {
        if let Some(section) = text(def, "section") {
            hints
                .entry(section.to_owned())
                .or_default()
                .push(field.to_owned());
            tracker.map(
                &format!("{at}/section"),
                format!("displayHints.{section}.fields"),
            );
        }
    };

    let modifier_op = source
        .pointer("/resolution/abilityModifier/op")
        .and_then(Value::as_str)
        .unwrap_or("identity");
    let modifier_table = source.pointer("/resolution/abilityModifier/table").cloned();
    ctx.tracker
        .map("/resolution/abilityModifier", "each ability's part `mod`");
    for (at, ability) in items(source, "/sheet/abilities") {
        let Some(id) = text(ability, "id") else {
            continue;
        };
        let field = format!("abilities.{id}");
        let mut def = Map::new();
        def.insert("type".into(), json!("number"));
        def.insert("role".into(), json!("ability"));
        for key in ["min", "max", "default"] {
            if let Some(v) = ability.get(key) {
                def.insert(key.into(), v.clone());
                ctx.tracker
                    .map(&format!("{at}/{key}"), format!("fields.{field}.{key}"));
            }
        }
        let formula = match (modifier_op, &modifier_table) {
            ("floorHalfMinusTen", _) => format!("floor(({field} - 10) / 2)"),
            ("stepTable", Some(Value::Array(rows))) => step_table(&field, rows),
            _ => field.clone(),
        };
        def.insert(
            "parts".into(),
            json!({"mod": {"type": "number", "formula": formula}}),
        );
        ctx.tracker
            .map(&format!("{at}/id"), format!("fields.{field}"));
        ctx.say(
            &format!("{at}/label"),
            format!("field.{field}.label"),
            text(ability, "label"),
        );
        ctx.english.insert(
            format!("field.{field}.mod.label"),
            format!("{} modifier", text(ability, "label").unwrap_or(id)),
        );
        ctx.tracker
            .report(&format!("{at}/short"), &reasons::IMPORT_SHORT);
        in_section(&mut hints, ctx.tracker, &at, ability, &field);
        fields.insert(field, Value::Object(def));
    }

    // Proficiency tiers: each skill and save gets a part `tier`.
    // Each tier's bonus as a formula term: its `flat`, plus its `multiplier` times the
    // proficiency bonus when that reference has a formula.
    let proficiency = source
        .pointer("/resolution/proficiency/bonus")
        .map(value_ref);
    match &proficiency {
        Some(Ok(formula)) => ctx.tracker.map(
            "/resolution/proficiency",
            format!("the tiers' multiplier reads `{formula}`"),
        ),
        Some(Err(why)) => ctx.tracker.report("/resolution/proficiency", why.clone()),
        None => {}
    }
    let mut tiers: Vec<(String, String)> = Vec::new();
    for (at, tier) in items(source, "/resolution/proficiencyTiers") {
        let Some(tid) = text(tier, "id") else {
            continue;
        };
        ctx.tracker.map(
            &at,
            "each skill's and save's part `tier` (values and their bonus)",
        );
        let flat = tier.get("flat").and_then(Value::as_i64).unwrap_or(0);
        let mut term = if flat != 0 {
            flat.to_string()
        } else {
            String::new()
        };
        if let Some(multiplier) = tier.get("multiplier").and_then(Value::as_f64) {
            match &proficiency {
                Some(Ok(bonus)) => {
                    let times = tier
                        .get("multiplier")
                        .map_or_else(String::new, Value::to_string);
                    let scaled = if times == "1" {
                        format!("({bonus})")
                    } else {
                        format!("floor({times} * ({bonus}))")
                    };
                    term = if term.is_empty() {
                        scaled
                    } else {
                        format!("{term} + {scaled}")
                    };
                }
                _ => ctx.tracker.report(
                    &format!("{at}/multiplier"),
                    Phrase::new(&reasons::IMPORT_MULTIPLIER).with_arg("multiplier", multiplier),
                ),
            }
        }
        tiers.push((tid.to_owned(), term));
    }
    for list in ["skills", "saves"] {
        let role = if list == "skills" { "skill" } else { "save" };
        for (at, skill) in items(source, &format!("/sheet/{list}")) {
            let Some(id) = text(skill, "id") else {
                continue;
            };
            let field = format!("{list}.{id}");
            let ability = text(skill, "ability").unwrap_or_default();
            let mut formula = format!("abilities.{ability}.mod");
            let tier_field = format!("{field}.tier");
            if !tiers.is_empty() {
                let mut bonus = "0".to_owned();
                for (tier, term) in tiers.iter().rev() {
                    if !term.is_empty() {
                        bonus = format!("if({tier_field} == {tier:?}, {term}, {bonus})");
                    }
                }
                if bonus != "0" {
                    formula = format!("{formula} + {bonus}");
                }
            }
            let rule = skill.get("untrained").cloned().or_else(|| {
                text(skill, "section").and_then(|s| untrained_by_section.get(s).cloned())
            });
            if let Some(rule) = &rule {
                match rule.get("by").and_then(Value::as_i64) {
                    Some(by) if !tiers.is_empty() => {
                        formula =
                            format!("{formula} + if({tier_field} == {:?}, {by}, 0)", tiers[0].0);
                        if skill.get("untrained").is_some() {
                            ctx.tracker.map(
                                &format!("{at}/untrained"),
                                format!("fields.{field}.formula (untrained modifier)"),
                            );
                        }
                    }
                    _ if rule.as_str() == Some("normal") => {
                        if skill.get("untrained").is_some() {
                            ctx.tracker.map(
                                &format!("{at}/untrained"),
                                "nothing: an untrained check as any other is the model's default",
                            );
                        }
                    }
                    _ => {
                        if skill.get("untrained").is_some() {
                            let why = match rule.as_str() {
                                Some(what) => {
                                    Phrase::new(&reasons::IMPORT_UNTRAINED).with_arg("rule", what)
                                }
                                None => Phrase::new(&reasons::IMPORT_UNTRAINED_OTHER),
                            };
                            ctx.tracker.report(&format!("{at}/untrained"), why);
                        }
                    }
                }
            }
            if let Some(cap) = skill.get("cap") {
                match value_ref(cap) {
                    Ok(cap) => {
                        formula = format!("min({formula}, {cap})");
                        ctx.tracker.map(
                            &format!("{at}/cap"),
                            format!("fields.{field}.formula (min with the cap)"),
                        );
                    }
                    Err(why) => ctx.tracker.report(&format!("{at}/cap"), why),
                }
            }
            let mut def = json!({"type": "number", "role": role, "formula": formula});
            if !tiers.is_empty() {
                let values: Vec<&str> = tiers.iter().map(|(t, _)| t.as_str()).collect();
                def["parts"] =
                    json!({"tier": {"type": "enum", "values": values, "default": values[0]}});
                ctx.english.insert(
                    format!("field.{tier_field}.label"),
                    format!("{} training", text(skill, "label").unwrap_or(id)),
                );
                for (tat, tier) in items(source, "/resolution/proficiencyTiers") {
                    if let (Some(t), Some(label)) = (text(tier, "id"), text(tier, "label")) {
                        ctx.english
                            .insert(format!("value.{tier_field}.{t}.label"), label.to_owned());
                        ctx.tracker.map(
                            &format!("{tat}/label"),
                            "i18n/en.yaml `value.<skill>.tier.<tier>.label`",
                        );
                    }
                }
            }
            ctx.tracker
                .map(&format!("{at}/id"), format!("fields.{field}"));
            ctx.tracker
                .map(&format!("{at}/ability"), format!("fields.{field}.formula"));
            ctx.say(
                &format!("{at}/label"),
                format!("field.{field}.label"),
                text(skill, "label"),
            );
            in_section(&mut hints, ctx.tracker, &at, skill, &field);
            fields.insert(field, def);
        }
    }

    for (at, def) in items(source, "/sheet/fields") {
        let Some(id) = text(def, "id") else { continue };
        let field = ctx.names.field(id);
        let mut out = Map::new();
        ctx.column(&at, def, &mut out, &format!("field.{field}"), &field);
        ctx.tracker.map(&at, format!("fields.{field}"));
        if let Some(formula) = def.get("hideWhen").and_then(hide_when) {
            out.insert("hideWhen".into(), json!(formula));
            ctx.tracker.map(
                &format!("{at}/hideWhen"),
                format!("fields.{field}.hideWhen"),
            );
        }
        in_section(&mut hints, ctx.tracker, &at, def, &field);
        fields.insert(field, Value::Object(out));
    }

    for (at, def) in items(source, "/sheet/derived") {
        let Some(id) = text(def, "id") else { continue };
        let op = text(def, "op").unwrap_or_default();
        let formula = derived_formula(ctx, &at, def, op);
        match formula {
            Some(formula) if formula.is_empty() => {
                fields.insert(id.to_owned(), json!({"type": "number"}));
                ctx.tracker.map(
                    &at,
                    format!("fields.{id} (a number the player keeps: no term has a formula)"),
                );
                ctx.say(
                    &format!("{at}/label"),
                    format!("field.{id}.label"),
                    text(def, "label"),
                );
                in_section(&mut hints, ctx.tracker, &at, def, id);
            }
            Some(formula) => {
                fields.insert(id.to_owned(), json!({"type": "number", "formula": formula}));
                ctx.tracker.map(&at, format!("fields.{id} (a formula)"));
                ctx.say(
                    &format!("{at}/label"),
                    format!("field.{id}.label"),
                    text(def, "label"),
                );
                in_section(&mut hints, ctx.tracker, &at, def, id);
            }
            None => ctx.tracker.report(
                &at,
                Phrase::new(&reasons::IMPORT_DERIVED_OP).with_arg("op", op),
            ),
        }
    }

    for (at, list) in items(source, "/sheet/lists") {
        let Some(id) = text(list, "id") else { continue };
        let mut columns = Map::new();
        for (cat, column) in items(list, "/columns") {
            let Some(cid) = text(column, "id") else {
                continue;
            };
            let mut out = Map::new();
            let cat = format!("{at}{cat}");
            ctx.column(
                &cat,
                column,
                &mut out,
                &format!("field.{id}.{cid}"),
                &format!("{id}.{cid}"),
            );
            ctx.tracker.map(&cat, format!("fields.{id}.columns.{cid}"));
            columns.insert(cid.to_owned(), Value::Object(out));
        }
        let mut def = json!({"type": "list", "columns": columns});
        if let Some(max) = list.get("maxItems") {
            def["maxRows"] = max.clone();
        }
        if let Some(formula) = list.get("hideWhen").and_then(hide_when) {
            def["hideWhen"] = json!(formula);
        }
        ctx.tracker.map(&at, format!("fields.{id} (a list)"));
        ctx.say(
            &format!("{at}/label"),
            format!("field.{id}.label"),
            text(list, "label"),
        );
        if list.get("pools").is_some() {
            ctx.tracker
                .report(&format!("{at}/pools"), &reasons::IMPORT_LIST_POOLS);
        }
        in_section(&mut hints, ctx.tracker, &at, list, id);
        fields.insert(id.to_owned(), def);
    }

    for (at, pool) in items(source, "/sheet/live/pools") {
        let Some(id) = text(pool, "id") else { continue };
        let max = pool.get("max").map(value_ref).unwrap_or(Ok("0".into()));
        match max {
            Ok(max) => {
                let mut def = json!({"max": max});
                if text(pool, "start") == Some("empty") {
                    def["start"] = json!("empty");
                }
                live_pools.insert(id.to_owned(), def);
                ctx.tracker.map(&at, format!("live.pools.{id}"));
                ctx.say(
                    &format!("{at}/label"),
                    format!("field.{id}.label"),
                    text(pool, "label"),
                );
            }
            Err(why) => ctx.tracker.report(&at, why),
        }
        if pool.get("group").is_some() {
            ctx.tracker
                .report(&format!("{at}/group"), &reasons::IMPORT_POOL_GROUP);
        }
    }

    for (at, track) in items(source, "/sheet/live/tracks") {
        let Some(id) = text(track, "id") else {
            continue;
        };
        let max = match track.get("max") {
            Some(Value::Number(n)) => Ok(n.to_string()),
            Some(other) => value_ref(other),
            None => Ok(items(track, "/levels").len().to_string()),
        };
        let max = match max {
            Ok(max) => max,
            Err(why) => {
                ctx.tracker.report(&at, why);
                continue;
            }
        };
        ctx.say(
            &format!("{at}/label"),
            format!("field.{id}.label"),
            text(track, "label"),
        );
        if track.get("kinds").is_some() {
            let kinds = items(track, "/kinds");
            let lowest = kinds
                .iter()
                .filter_map(|(_, k)| k.get("severity").and_then(Value::as_i64))
                .min()
                .unwrap_or(1);
            let shift = if lowest < 1 { 1 - lowest } else { 0 };
            let mut marks = Map::new();
            for (kat, kind) in &kinds {
                let Some(kid) = text(kind, "id") else {
                    continue;
                };
                let severity = kind.get("severity").and_then(Value::as_i64).unwrap_or(1) + shift;
                marks.insert(kid.to_owned(), json!({"severity": severity.clamp(1, 6)}));
                let kat = format!("{at}{kat}");
                ctx.tracker.map(
                    &kat,
                    format!(
                        "live.woundTracks.{id}.marks.{kid}{}",
                        if shift > 0 {
                            " (severities shifted to start at 1)"
                        } else {
                            ""
                        }
                    ),
                );
                ctx.say(
                    &format!("{kat}/label"),
                    format!("mark.{id}.{kid}.label"),
                    text(kind, "label"),
                );
            }
            wound_tracks.insert(id.to_owned(), json!({"boxes": max, "marks": marks}));
            ctx.tracker.map(&at, format!("live.woundTracks.{id}"));
            ctx.tracker
                .report(&format!("{at}/levels"), &reasons::IMPORT_TRACK_LEVELS);
            ctx.tracker
                .report(&format!("{at}/boxes"), &reasons::IMPORT_TRACK_BOXES);
            for key in ["fill", "onFull", "extra", "min"] {
                ctx.tracker
                    .report(&format!("{at}/{key}"), &reasons::IMPORT_TRACK_FILL);
            }
        } else {
            let mut def = json!({"max": max});
            if let Some(min) = track.get("min").and_then(Value::as_i64)
                && min != 0
            {
                def["min"] = json!(min);
            }
            if let Some(default) = track.get("default") {
                def["default"] = default.clone();
            }
            if let Some(formula) = track.get("hideWhen").and_then(hide_when) {
                def["hideWhen"] = json!(formula);
            }
            live_tracks.insert(id.to_owned(), def);
            ctx.tracker.map(&at, format!("live.tracks.{id}"));
            ctx.tracker.report(
                &format!("{at}/alwaysShow"),
                &reasons::IMPORT_TRACK_ALWAYS_SHOW,
            );
        }
    }

    for (at, state) in items(source, "/sheet/live/states") {
        let Some(id) = text(state, "id") else {
            continue;
        };
        let mut out = Map::new();
        let mut def = state.clone();
        def["type"] = json!("enum");
        ctx.column(&at, &def, &mut out, &format!("field.{id}"), id);
        if let Some(formula) = state.get("hideWhen").and_then(hide_when) {
            out.insert("hideWhen".into(), json!(formula));
        }
        if let Some(d) = text(state, "default") {
            out.insert("default".into(), json!(slug(d)));
        }
        fields.insert(id.to_owned(), Value::Object(out));
        ctx.tracker.map(
            &at,
            format!("fields.{id} (an enumerated field: the model has no live state of this kind)"),
        );
    }
    for (at, condition) in items(source, "/sheet/live/conditions") {
        let Some(id) = text(condition, "id") else {
            continue;
        };
        let field = format!("conditions.{id}");
        ctx.names.conditions.push(id.to_owned());
        fields.insert(field.clone(), json!({"type": "boolean", "default": false}));
        ctx.tracker.map(
            &at,
            format!("fields.{field} (a boolean field: the model has no live conditions)"),
        );
        ctx.say(
            &format!("{at}/label"),
            format!("field.{field}.label"),
            text(condition, "label"),
        );
    }
    if source.pointer("/sheet/live/text").is_some() {
        ctx.tracker
            .report("/sheet/live/text", &reasons::IMPORT_LIVE_TEXT);
    }

    // ---- resolution ----
    let resolution = map_resolution(ctx);

    let mut display = Map::new();
    for (order, (section, members)) in hints.iter().enumerate() {
        display.insert(section.clone(), json!({"fields": members, "order": order}));
    }
    let mut sheet = Map::new();
    sheet.insert("fields".into(), Value::Object(fields));
    let mut live = Map::new();
    if !live_pools.is_empty() {
        live.insert("pools".into(), Value::Object(live_pools));
    }
    if !live_tracks.is_empty() {
        live.insert("tracks".into(), Value::Object(live_tracks));
    }
    if !wound_tracks.is_empty() {
        live.insert("woundTracks".into(), Value::Object(wound_tracks));
    }
    if !live.is_empty() {
        sheet.insert("live".into(), Value::Object(live));
    }
    if let Some(resolution) = resolution {
        sheet.insert("resolution".into(), resolution);
    }
    if !display.is_empty() {
        sheet.insert("displayHints".into(), Value::Object(display));
    }
    sheet
}

fn step_table(from: &str, rows: &[Value]) -> String {
    let mut args = vec![from.to_owned()];
    for row in rows {
        if let Some(pair) = row.as_array()
            && pair.len() == 2
        {
            args.push(pair[0].to_string());
            args.push(pair[1].to_string());
        }
    }
    format!("lookup({})", args.join(", "))
}

fn derived_formula(ctx: &mut Ctx<'_>, at: &str, def: &Value, op: &str) -> Option<String> {
    match op {
        "sum" | "min" | "max" => {
            let mut terms = Vec::new();
            for (tat, term) in items(def, "/of") {
                let tat = format!("{at}{tat}");
                match value_ref(term) {
                    Ok(formula) => {
                        ctx.tracker.map(&tat, "a term of the field's formula");
                        terms.push(formula);
                    }
                    Err(why) => ctx.tracker.report(
                        &tat,
                        Phrase::new(&reasons::IMPORT_LEFT_OUT_OF_FORMULA).with_word("why", why),
                    ),
                }
            }
            let written = def
                .get("of")
                .and_then(Value::as_array)
                .is_some_and(|of| !of.is_empty());
            Some(match (op, terms.len()) {
                // Nothing it adds up has a formula: the player keeps the number.
                (_, 0) if written => String::new(),
                (_, 0) => "0".to_owned(),
                ("sum", _) => terms.join(" + "),
                (_, 1) => terms.remove(0),
                (name, _) => format!("{name}({})", terms.join(", ")),
            })
        }
        "stepTable" => {
            let from = value_ref(def.get("from")?).ok()?;
            let rows = def.get("table")?.as_array()?;
            Some(step_table(&from, rows))
        }
        "enumTable" => {
            let from = def.get("from")?;
            let from = text(from, "field").or(text(from, "liveState"))?;
            let default = def.get("default").map_or("0".to_owned(), Value::to_string);
            let mut formula = default;
            for (value, n) in def.get("table")?.as_object()?.iter().rev() {
                formula = format!("if({from} == {:?}, {n}, {formula})", slug(value));
            }
            Some(formula)
        }
        "scale" => {
            let from = value_ref(def.get("from")?).ok()?;
            let times = def.get("times").or(def.get("by"))?;
            Some(format!("{from} * {times}"))
        }
        _ => None,
    }
}
