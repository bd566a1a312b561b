//! The mapping from the engine's ruleset JSON to a pack's files. Every node read is marked on
//! the [`Tracker`]: mapped (to where) or reported (why); see docs/spec/ruleset-json.md. This file
//! holds the manifest and the shared helpers; the sheet, the resolution, the catalogs and the world
//! (GM guidance, layers) are mapped in the modules named for them.

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
    let sheet = sheet::map_sheet(&mut ctx);
    files.insert(
        "rules/sheet.yaml".into(),
        yaml_out::to_string(&Value::Object(sheet)),
    );

    // ---- the world: catalogs, items, GM guidance, layers ----
    let mut world = Map::new();
    let mut content_files = BTreeMap::new();
    crate::map::catalogs::map_catalogs(&mut ctx, &mut world, &mut content_files);
    world::map_gm(&mut ctx, &mut world);
    world::map_layers(&mut ctx, &mut world);
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
mod resolution;
mod sheet;
mod world;

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
