//! The mapping from the engine's ruleset JSON to a pack's files. Every node read is marked on
//! the [`Tracker`]: mapped (to where) or reported (why); see docs/spec/ruleset-json.md.

use std::collections::BTreeMap;

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::{Phrase, reasons};
use opencharacter_spec::features::SUPPORTED;
use opencharacter_spec::ids::field_word;
use serde_json::{Map, Value, json};

use crate::track::Tracker;
use crate::{ReportEntry, yaml_out};

/// Concepts many rulesets need that the pack model has no place for: said in the report rather
/// than bent into the model.
pub const MODEL_GAPS: [&str; 8] = [
    "live states (one value of a list, changing in play): imported as enumerated fields, which a \
     sheet keeps but play does not reset",
    "live conditions (on or off in play): imported as boolean fields `conditions.<id>`",
    "rests (what a rest restores or clears): no rests in the model",
    "dice-pool options beyond die, pool size, target and ladder (explode, double, cancel, botch, \
     exceptional, rerolls, spends, situational dice)",
    "check adjustments and a wound-track penalty riding on every roll (`adjust`, `penaltyFrom`), \
     and untrained rules other than a flat modifier (refuse, harder)",
    "item mechanics: slots, worn/carried bonuses, attacks, uses, charges, requirements, binding, \
     carrying capacity",
    "combat, battle and creatures' fighting numbers",
    "IDs: a content type's ID cannot hold `_` (it is also a content ID word), so a catalog ID \
     loses its underscores",
];

const COMMENT: &opencharacter_spec::diagnostic::Reason = &reasons::IMPORT_COMMENT;

pub(crate) struct Mapped {
    pub pack_id: String,
    pub files: BTreeMap<String, String>,
    pub english: IndexMap<String, String>,
    pub extra_report: Vec<ReportEntry>,
}

fn items<'a>(source: &'a Value, pointer: &str) -> Vec<(String, &'a Value)> {
    source
        .pointer(pointer)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, v)| (format!("{pointer}/{i}"), v))
        .collect()
}

fn text<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

/// A label as an ID of the field grammar (`Plain work` → `plain_work`), the spec's one way
/// ([`field_word`]); a word that would start badly is written behind `step_`.
pub(crate) fn slug(label: &str) -> String {
    field_word(label, "step")
}

/// A JSON scalar as a formula literal.
fn literal(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

struct Names {
    conditions: Vec<String>,
}

impl Names {
    fn field(&self, id: &str) -> String {
        id.to_owned()
    }
}

/// A value reference as a formula, or why it cannot be one.
fn value_ref(value: &Value) -> Result<String, Phrase> {
    let Some(map) = value.as_object() else {
        return Err(Phrase::new(&reasons::IMPORT_REF_NOT_OBJECT));
    };
    let get = |key: &str| map.get(key).and_then(Value::as_str);
    if let Some(n) = map.get("const") {
        return Ok(n.to_string());
    }
    if let Some(id) = get("field").or(get("derived")).or(get("livePool")) {
        return Ok(id.to_owned());
    }
    if let Some(id) = get("abilityScore") {
        return Ok(format!("abilities.{id}"));
    }
    if let Some(id) = get("abilityMod") {
        return Ok(format!("abilities.{id}.mod"));
    }
    if let Some(id) = get("skillMod") {
        return Ok(format!("skills.{id}"));
    }
    if let Some(id) = get("saveMod") {
        return Ok(format!("saves.{id}"));
    }
    if let Some(id) = get("liveTrack") {
        return match get("read").unwrap_or("value") {
            "value" | "filled" => Ok(id.to_owned()),
            other => Err(Phrase::new(&reasons::IMPORT_REF_TRACK_READ).with_arg("read", other)),
        };
    }
    if map.contains_key("listSum") {
        return Err(Phrase::new(&reasons::IMPORT_REF_LIST_SUM));
    }
    if map.contains_key("itemStat") {
        return Err(Phrase::new(&reasons::IMPORT_REF_ITEM_STAT));
    }
    if map.contains_key("abilityModFromField") {
        return Err(Phrase::new(&reasons::IMPORT_REF_ABILITY_FROM_FIELD));
    }
    Err(Phrase::new(&reasons::IMPORT_REF_UNKNOWN))
}

/// `hideWhen {field, equals | notEquals | in}` as a formula.
fn hide_when(value: &Value) -> Option<String> {
    let field = text(value, "field")?;
    if let Some(v) = value.get("equals") {
        return Some(format!("{field} == {}", literal(v)));
    }
    if let Some(v) = value.get("notEquals") {
        return Some(format!("{field} != {}", literal(v)));
    }
    let any: Vec<String> = value
        .get("in")?
        .as_array()?
        .iter()
        .map(|v| format!("{field} == {}", literal(v)))
        .collect();
    (!any.is_empty()).then(|| format!("({})", any.join(" or ")))
}

fn scalar_type(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "number" => "number",
        "text" | "longtext" => "text",
        "boolean" => "boolean",
        "enum" => "enum",
        "dice" => "dice",
        _ => return None,
    })
}

struct Ctx<'a> {
    source: &'a Value,
    tracker: &'a mut Tracker,
    english: IndexMap<String, String>,
    names: Names,
}

impl Ctx<'_> {
    fn say(&mut self, pointer: &str, key: String, value: Option<&str>) {
        if let Some(value) = value {
            self.english.insert(key.clone(), value.to_owned());
            self.tracker.map(pointer, format!("i18n/en.yaml `{key}`"));
        }
    }

    /// Maps the common keys of a typed column-like definition into `out`.
    fn column(
        &mut self,
        at: &str,
        def: &Value,
        out: &mut Map<String, Value>,
        label_key: &str,
        value_key: &str,
    ) {
        let kind = text(def, "type").unwrap_or("text");
        match scalar_type(kind) {
            Some(t) => {
                out.insert("type".into(), json!(t));
            }
            None => {
                out.insert("type".into(), json!("text"));
                self.tracker.report(
                    &format!("{at}/type"),
                    Phrase::new(&reasons::IMPORT_TYPE_AS_TEXT).with_arg("type", kind),
                );
            }
        }
        for key in ["required", "min", "max", "maxLength", "default"] {
            if let Some(v) = def.get(key) {
                let v = match (kind, key, v.as_str()) {
                    ("enum", "default", Some(text)) => json!(slug(text)),
                    _ => v.clone(),
                };
                out.insert(key.into(), v);
            }
        }
        if let Some(values) = def.get("values").and_then(Value::as_array) {
            out.insert(
                "values".into(),
                json!(
                    values
                        .iter()
                        .filter_map(Value::as_str)
                        .map(slug)
                        .collect::<Vec<_>>()
                ),
            );
            if let Some(labels) = def.get("valueLabels").and_then(Value::as_object) {
                for (v, l) in labels {
                    self.say(
                        &format!("{at}/valueLabels/{v}"),
                        format!("value.{value_key}.{}.label", slug(v)),
                        l.as_str(),
                    );
                }
            }
            // A value without a label reads as itself, as the engine shows it.
            for v in values.iter().filter_map(Value::as_str) {
                self.english
                    .entry(format!("value.{value_key}.{}.label", slug(v)))
                    .or_insert_with(|| v.to_owned());
            }
        }
        if let Some(id) = def.get("id") {
            let _ = id;
            self.tracker.map(&format!("{at}/id"), "the field's ID");
        }
        self.say(
            &format!("{at}/label"),
            format!("{label_key}.label"),
            text(def, "label"),
        );
        if def.get("example").is_some() {
            self.tracker
                .report(&format!("{at}/example"), &reasons::IMPORT_EXAMPLE);
        }
        if kind == "longtext" {
            self.tracker.map(
                &format!("{at}/type"),
                "type text (longtext has no own type)",
            );
        }
    }
}

/// Maps a ruleset; the English text is in `english`, the other files in `files`.
/// A catalog ID as a content type ID: a word of both the field and the content grammars, so
/// underscores are dropped (`road_trouble` → `roadtrouble`).
pub(crate) fn type_id(catalog: &str) -> String {
    catalog.replace('_', "")
}

pub(crate) fn map_ruleset(source: &Value, tracker: &mut Tracker, pack_id: Option<&str>) -> Mapped {
    let names = Names {
        conditions: Vec::new(),
    };
    let mut ctx = Ctx {
        source,
        tracker,
        english: IndexMap::new(),
        names,
    };
    let mut files = BTreeMap::new();
    let pack_id = pack_id
        .map(str::to_owned)
        .unwrap_or_else(|| text(source, "id").unwrap_or("imported-ruleset").to_owned());

    // ---- manifest ----
    let mut manifest = Map::new();
    manifest.insert("id".into(), json!(pack_id));
    ctx.tracker.map("/id", "pack.yaml id");
    let version = source.get("version").and_then(Value::as_u64).unwrap_or(1);
    manifest.insert("version".into(), json!(format!("{version}.0.0")));
    ctx.tracker.map(
        "/version",
        "pack.yaml version (N.0.0: the engine's integer is the major)",
    );
    manifest.insert("specVersion".into(), json!(SUPPORTED.to_string()));
    let spdx = source
        .pointer("/license/spdx")
        .and_then(Value::as_str)
        .unwrap_or("LicenseRef-unstated");
    manifest.insert("license".into(), json!(spdx));
    ctx.tracker.map("/license/spdx", "pack.yaml license");
    let mut credit: Vec<String> = Vec::new();
    if let Some(attribution) = source
        .pointer("/license/attribution")
        .and_then(Value::as_str)
    {
        credit.push(attribution.to_owned());
        ctx.tracker.map("/license/attribution", "pack.yaml credit");
    }
    if let Some(edition) = text(source, "edition") {
        credit.push(format!("Edition: {edition}."));
        ctx.tracker
            .map("/edition", "pack.yaml credit (the edition)");
    }
    if !credit.is_empty() {
        manifest.insert("credit".into(), json!(credit.join(" ")));
    }
    manifest.insert("defaultLanguage".into(), json!("en"));
    files.insert(
        "pack.yaml".into(),
        yaml_out::to_string(&Value::Object(manifest)),
    );
    ctx.tracker.map(
        "/$schema",
        "nothing: the pack's files name their own schemas",
    );
    ctx.tracker
        .map("/schemaVersion", "checked: the format's version (always 1)");
    ctx.say("/name", "pack.name".into(), text(source, "name"));
    ctx.say(
        "/coverage/summary",
        "pack.description".into(),
        source.pointer("/coverage/summary").and_then(Value::as_str),
    );
    for key in ["checks", "saves", "sheet", "resources", "rests", "combat"] {
        ctx.tracker
            .report(&format!("/coverage/{key}"), &reasons::IMPORT_COVERAGE);
    }

    // ---- sheet → fields and live state ----
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
        let formula = derived_formula(&mut ctx, &at, def, op);
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
    let resolution = map_resolution(&mut ctx);

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
    files.insert(
        "rules/sheet.yaml".into(),
        yaml_out::to_string(&Value::Object(sheet)),
    );

    // ---- the world: catalogs, items, GM guidance, layers ----
    let mut world = Map::new();
    let mut content_files = BTreeMap::new();
    crate::map::catalogs::map_catalogs(&mut ctx, &mut world, &mut content_files);
    map_gm(&mut ctx, &mut world);
    map_layers(&mut ctx, &mut world);
    for key in ["rests", "battle", "combat"] {
        let why = match key {
            "rests" => &reasons::IMPORT_RESTS,
            "battle" => &reasons::IMPORT_BATTLE,
            _ => &reasons::IMPORT_COMBAT,
        };
        ctx.tracker.report(&format!("/{key}"), why);
    }
    if !world.is_empty() {
        files.insert(
            "rules/world.yaml".into(),
            yaml_out::to_string(&Value::Object(world)),
        );
    }
    files.extend(content_files);

    // Comments, wherever they are.
    let comments: Vec<String> = ctx
        .tracker
        .outcomes()
        .into_iter()
        .map(|(pointer, _)| pointer)
        .filter(|pointer| pointer.ends_with("/$comment"))
        .collect();
    for pointer in comments {
        ctx.tracker.report(&pointer, COMMENT);
    }

    Mapped {
        pack_id,
        files,
        english: ctx.english,
        extra_report: Vec::new(),
    }
}

mod catalogs;

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

fn map_resolution(ctx: &mut Ctx<'_>) -> Option<Value> {
    let source = ctx.source;
    let r = source.get("resolution")?;
    let kind = text(r, "kind")?;
    ctx.tracker.map("/resolution/kind", "resolution.kind");
    let mut out = Map::new();
    out.insert("kind".into(), json!(kind));
    match kind {
        "dice-sum" => {
            let count = r
                .pointer("/dice/count")
                .and_then(Value::as_u64)
                .unwrap_or(1);
            let sides = r
                .pointer("/dice/sides")
                .and_then(Value::as_u64)
                .unwrap_or(20);
            out.insert("dice".into(), json!(format!("{count}d{sides}")));
            ctx.tracker.map("/resolution/dice", "resolution.dice");
            if let Some(naturals) = text(r, "naturals") {
                out.insert("naturals".into(), json!(naturals));
                ctx.tracker
                    .map("/resolution/naturals", "resolution.naturals");
            }
            match r.get("advantage").and_then(Value::as_bool) {
                Some(false) => ctx.tracker.map(
                    "/resolution/advantage",
                    "nothing: no advantage is the model's default",
                ),
                Some(true) => ctx
                    .tracker
                    .report("/resolution/advantage", &reasons::IMPORT_ADVANTAGE),
                None => {}
            }
        }
        _ => {
            if let Some(sides) = r.pointer("/die/sides") {
                out.insert("die".into(), sides.clone());
                ctx.tracker.map("/resolution/die", "resolution.die");
            }
            if let Some(pool) = r.get("pool") {
                let mut p = Map::new();
                for key in ["min", "max"] {
                    if let Some(v) = pool.get(key) {
                        p.insert(key.into(), v.clone());
                        ctx.tracker.map(
                            &format!("/resolution/pool/{key}"),
                            format!("resolution.pool.{key}"),
                        );
                    }
                }
                out.insert("pool".into(), Value::Object(p));
                ctx.tracker.report(
                    "/resolution/pool/abilityPlusAbility",
                    &reasons::IMPORT_ABILITY_PLUS_ABILITY,
                );
            }
            if let Some(target) = r.get("target") {
                out.insert("target".into(), target.clone());
                ctx.tracker.map("/resolution/target", "resolution.target");
            }
            for key in [
                "double",
                "explode",
                "cancel",
                "botch",
                "exceptional",
                "situationalDice",
                "reroll",
                "spend",
            ] {
                ctx.tracker.report(
                    &format!("/resolution/{key}"),
                    Phrase::new(&reasons::IMPORT_POOL_OPTION).with_arg("key", key),
                );
            }
        }
    }
    ctx.tracker
        .report("/resolution/adjust", &reasons::IMPORT_ADJUST);
    ctx.tracker
        .report("/resolution/penaltyFrom", &reasons::IMPORT_PENALTY_FROM);
    let ladder = ladder(ctx, "/resolution/difficultyLadder");
    if !ladder.is_empty() {
        out.insert("difficultyLadder".into(), Value::Array(ladder));
    }
    Some(Value::Object(out))
}

fn ladder(ctx: &mut Ctx<'_>, pointer: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for (at, step) in items(ctx.source, pointer) {
        let Some(label) = text(step, "label") else {
            continue;
        };
        let key = slug(label);
        let mut s = Map::new();
        s.insert("label".into(), json!(key));
        for k in ["dc", "successes", "target"] {
            if let Some(v) = step.get(k) {
                s.insert(k.into(), v.clone());
            }
        }
        out.push(Value::Object(s));
        ctx.tracker.map(
            &at,
            format!("difficultyLadder (label `ladder.{key}.label`)"),
        );
        ctx.english
            .entry(format!("ladder.{key}.label"))
            .or_insert_with(|| label.to_owned());
    }
    out
}

fn map_gm(ctx: &mut Ctx<'_>, world: &mut Map<String, Value>) {
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

fn map_layers(ctx: &mut Ctx<'_>, world: &mut Map<String, Value>) {
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

/// The English file: `_meta`, then every key in the order it was found.
pub(crate) fn english_file(english: &IndexMap<String, String>) -> Value {
    let mut out = Map::new();
    out.insert(
        "_meta".into(),
        json!({"language": "en", "direction": "ltr"}),
    );
    for (key, text) in english {
        out.insert(key.clone(), json!(text));
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_multiply_the_proficiency_bonus_and_normal_untrained_is_the_default() {
        let source = json!({"id": "x", "resolution": {"kind": "dice-sum",
            "proficiency": {"bonus": {"derived": "prof"}},
            "proficiencyTiers": [{"id": "none", "label": "None"},
                                 {"id": "half", "label": "Half", "multiplier": 0.5},
                                 {"id": "full", "label": "Full", "multiplier": 1, "flat": 1}]},
            "sheet": {"skills": [{"id": "climb", "label": "Climb", "ability": "str", "untrained": "normal"}]}});
        let mut tracker = Tracker::new(&source);
        let mapped = map_ruleset(&source, &mut tracker, None);
        let sheet = &mapped.files["rules/sheet.yaml"];
        assert!(
            sheet.contains(r#"if(skills.climb.tier == \"half\", floor(0.5 * (prof)), if(skills.climb.tier == \"full\", 1 + (prof), 0))"#),
            "{sheet}"
        );
        assert!(matches!(
            tracker.outcome("/sheet/skills/0/untrained"),
            crate::Outcome::Mapped(_)
        ));
        assert!(matches!(
            tracker.outcome("/resolution/proficiency"),
            crate::Outcome::Mapped(_)
        ));
    }

    #[test]
    fn labels_become_ids_of_the_field_grammar() {
        assert_eq!(slug("Plain work"), "plain_work");
        assert_eq!(slug("Shown once!"), "shown_once");
        assert_eq!(slug("1st"), "step_1st");
        assert_eq!(slug("If"), "step_if");
        // A dice term is no field word: a formula would read `d6` as a roll.
        assert_eq!(slug("D6"), "step_d6");
    }

    #[test]
    fn value_references_become_formulas_or_reasons() {
        assert_eq!(
            value_ref(&json!({"abilityMod": "wits"})).ok(),
            Some("abilities.wits.mod".into())
        );
        assert_eq!(value_ref(&json!({"const": 4})).ok(), Some("4".into()));
        assert!(value_ref(&json!({"listSum": {}})).is_err());
        assert_eq!(
            hide_when(&json!({"field": "watch", "in": ["dusk", "dawn"]})).as_deref(),
            Some("(watch == \"dusk\" or watch == \"dawn\")")
        );
    }
}
