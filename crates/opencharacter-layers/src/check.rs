//! The checks a pack's layers must pass: every name a layer writes exists in its own pack, and
//! every removal leaves what the seed says must remain.
//!
//! The shape checks that need no other part of the pack (at most 12 layers, 4,000 characters of
//! guidance, exactly one comparison per catalog rule, a ladder step's properties for the
//! resolution kind, loot-table entries, goods filters) live in the model
//! ([`opencharacter_spec::model::check::rules_problems`]); [`check_layers`] adds the ones that
//! read the rest of the pack, and [`check_layer_attempts`] explains, on the document as written,
//! why a key that tries what a layer cannot do has no place.
//!
//! Each check is also what [`crate::apply_layers`] asks before applying one effect, so an effect
//! the builder would refuse is never applied.

use opencharacter_spec::diagnostic::Kind;
use opencharacter_spec::diagnostic::{Diagnostic, Phrase, Reason, Word, codes, reasons};
use opencharacter_spec::ids::FieldId;
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::layer::{
    CatalogHide, Comparison, LayerCurrencies, LayerFieldChange, LayerMarket,
};
use opencharacter_spec::model::rules::FilterType;
use opencharacter_spec::model::{LadderStep, Layer, RulesDocument, Scalar, ValueType};
use serde_json::Value;

use crate::view::PackView;

/// A JSON pointer from its segments.
pub(crate) fn pointer<S: AsRef<str>>(segments: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    for segment in segments {
        out.push('/');
        out.push_str(&escape_segment(segment.as_ref()));
    }
    out
}

fn at(layer: &FieldId, rest: &[&str]) -> String {
    pointer(
        ["layers", layer.as_str()]
            .into_iter()
            .chain(rest.iter().copied()),
    )
}

fn unknown(
    layer: &FieldId,
    kind: impl Into<Word>,
    id: impl std::fmt::Display,
    at: String,
) -> Diagnostic {
    Diagnostic::new(&codes::LAYER_TARGET_UNKNOWN)
        .with_arg("layer", layer)
        .with_word("kind", kind)
        .with_arg("id", id)
        .with_pointer(at)
}

/// Every problem of a pack's layers that needs the rest of its rules, with JSON pointers from
/// the rules document's root (`/layers/hard_winter/fields/calling/removeValues/0`). Pass the
/// pack's merged rules document; the reader adds file, line and column. Together with the
/// model's [`rules_problems`](opencharacter_spec::model::check::rules_problems) and
/// [`check_layer_attempts`] these are all the checks a layer gets.
///
/// ```
/// use opencharacter_spec::model::RulesDocument;
/// let rules: RulesDocument = opencharacter_spec::yaml::from_str(
///     "fields:\n  calling: { type: enum, values: [hauler, sailor], default: sailor }\n\
///      layers:\n  hard_winter:\n    fields:\n      calling: { removeValues: [sailor] }\n",
/// ).unwrap();
/// let found = opencharacter_layers::check_layers(&rules);
/// assert_eq!(found[0].code.name, "layer-default-invalid");
/// assert_eq!(found[0].location.pointer.as_deref(), Some("/layers/hard_winter/fields/calling"));
/// ```
pub fn check_layers(rules: &RulesDocument) -> Vec<Diagnostic> {
    let view = PackView::of_rules(rules);
    let mut out = Vec::new();
    for (id, layer) in &view.layers {
        out.extend(check_layer(&view, id, layer));
    }
    out
}

/// Every problem of one layer against its pack.
pub(crate) fn check_layer(view: &PackView<'_>, id: &FieldId, layer: &Layer) -> Vec<Diagnostic> {
    let mut out = conflicts(view, id, layer);
    for (field, change) in &layer.fields {
        out.extend(field_change(view, id, field, change));
    }
    if layer.difficulty_ladder.is_some() && view.resolution.is_none() {
        out.push(
            Diagnostic::new(&codes::LAYER_LADDER_WITHOUT_RESOLUTION)
                .with_arg("layer", id)
                .with_pointer(at(id, &["difficultyLadder"])),
        );
    }
    for (index, rule) in layer.catalogs.iter().enumerate() {
        out.extend(catalog_rule(view, id, index, rule));
    }
    if let Some(currencies) = &layer.currencies {
        out.extend(coins(view, id, currencies));
    }
    if let Some(items) = &layer.items {
        if let Some(market) = &items.market {
            out.extend(market_change(view, id, market));
        }
        for table in items.loot_tables.keys() {
            out.extend(loot_table(view, id, table));
        }
    }
    out
}

pub(crate) fn conflicts(view: &PackView<'_>, id: &FieldId, layer: &Layer) -> Vec<Diagnostic> {
    layer
        .conflicts
        .iter()
        .enumerate()
        .filter(|(_, other)| *other == id || !view.layers.contains_key(*other))
        .map(|(index, other)| {
            unknown(
                id,
                Kind::Layer,
                other,
                at(id, &["conflicts", &index.to_string()]),
            )
        })
        .collect()
}

pub(crate) fn field_change(
    view: &PackView<'_>,
    id: &FieldId,
    field: &FieldId,
    change: &LayerFieldChange,
) -> Vec<Diagnostic> {
    let here = |rest: &[&str]| {
        let mut segments = vec!["fields", field.as_str()];
        segments.extend_from_slice(rest);
        at(id, &segments)
    };
    let Some(def) = view.fields.get(field) else {
        return vec![unknown(id, Kind::EnumeratedField, field, here(&[]))];
    };
    if def.value_type != ValueType::Enum {
        // The field exists: saying its pack lacks it would send the author looking for a typo.
        let kind = serde_json::to_value(def.value_type)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        return vec![
            Diagnostic::new(&codes::LAYER_FIELD_NOT_ENUM)
                .with_arg("layer", id)
                .with_arg("field", field)
                .with_arg("type", kind)
                .with_pointer(here(&["removeValues"])),
        ];
    }
    let mut out = Vec::new();
    let kind = Phrase::new(&reasons::KIND_VALUE_OF).with_arg("field", field);
    for (index, value) in change.remove_values.iter().enumerate() {
        if !def.values.contains(value) {
            out.push(unknown(
                id,
                kind.clone(),
                value,
                here(&["removeValues", &index.to_string()]),
            ));
        }
    }
    let survives = |value: &str| {
        def.values.iter().any(|v| v.as_str() == value)
            && !change.remove_values.iter().any(|r| r.as_str() == value)
    };
    if !change.remove_values.is_empty() && !def.values.iter().any(|v| survives(v.as_str())) {
        out.push(
            Diagnostic::new(&codes::LAYER_FIELD_EMPTIED)
                .with_arg("layer", id)
                .with_arg("field", field)
                .with_pointer(here(&["removeValues"])),
        );
    }
    let invalid = |reason: Phrase, pointer: String| {
        Diagnostic::new(&codes::LAYER_DEFAULT_INVALID)
            .with_arg("layer", id)
            .with_arg("field", field)
            .with_word("reason", reason)
            .with_pointer(pointer)
    };
    match (
        &change.default,
        def.default.as_ref().and_then(Scalar::as_text),
    ) {
        (Some(default), _) if !survives(default.as_str()) => out.push(invalid(
            Phrase::new(&reasons::DEFAULT_NOT_SURVIVING).with_arg("default", default),
            here(&["default"]),
        )),
        (None, Some(current))
            if !survives(current) && def.values.iter().any(|v| v.as_str() == current) =>
        {
            out.push(invalid(
                Phrase::new(&reasons::DEFAULT_REMOVED).with_arg("default", current),
                here(&[]),
            ));
        }
        _ => {}
    }
    out
}

pub(crate) fn catalog_rule(
    view: &PackView<'_>,
    id: &FieldId,
    index: usize,
    rule: &CatalogHide,
) -> Vec<Diagnostic> {
    let index = index.to_string();
    let Some(content_type) = view.content_types.get(&rule.content_type) else {
        return vec![unknown(
            id,
            Kind::ContentType,
            &rule.content_type,
            at(id, &["catalogs", &index, "type"]),
        )];
    };
    let Some(filter) = content_type.filters.get(&rule.hide.filter) else {
        return vec![unknown(
            id,
            Phrase::new(&reasons::KIND_FILTER_OF).with_arg("type", &rule.content_type),
            &rule.hide.filter,
            at(id, &["catalogs", &index, "hide", "filter"]),
        )];
    };
    // More or fewer than one comparison is the model's `exactly-one-of`.
    let Some(comparison) = rule.hide.comparison() else {
        return Vec::new();
    };
    let (name, numeric) = match comparison {
        Comparison::Above(_) => ("above", true),
        Comparison::Below(_) => ("below", true),
        Comparison::Equals(_) => ("equals", false),
        Comparison::NotIn(_) => ("notIn", false),
    };
    if numeric == (filter.filter_type == FilterType::Number) {
        return Vec::new();
    }
    let type_name = match filter.filter_type {
        FilterType::Number => "number",
        FilterType::Text => "text",
        FilterType::Tags => "tags",
    };
    vec![
        Diagnostic::new(&codes::LAYER_HIDE_COMPARISON)
            .with_arg("layer", id)
            .with_arg("filter", &rule.hide.filter)
            .with_arg("type", type_name)
            .with_arg("comparison", name)
            .with_pointer(at(id, &["catalogs", &index, "hide", name])),
    ]
}

pub(crate) fn coins(
    view: &PackView<'_>,
    id: &FieldId,
    currencies: &LayerCurrencies,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (index, family) in currencies.remove_families.iter().enumerate() {
        if !view.currencies.contains_key(family) {
            out.push(unknown(
                id,
                Kind::CurrencyFamily,
                family,
                at(id, &["currencies", "removeFamilies", &index.to_string()]),
            ));
        }
    }
    for (index, unit) in currencies.remove_units.iter().enumerate() {
        let here = at(id, &["currencies", "removeUnits", &index.to_string()]);
        match view.family_of(unit) {
            None => out.push(unknown(id, Kind::CurrencyUnit, unit, here)),
            Some((family_id, family)) => {
                if family.smallest() == Some(unit)
                    && !currencies.remove_families.contains(family_id)
                {
                    out.push(
                        Diagnostic::new(&codes::LAYER_SMALLEST_COIN)
                            .with_arg("layer", id)
                            .with_arg("unit", unit)
                            .with_arg("family", family_id)
                            .with_pointer(here),
                    );
                }
            }
        }
    }
    out
}

pub(crate) fn market_change(
    view: &PackView<'_>,
    id: &FieldId,
    market: &LayerMarket,
) -> Vec<Diagnostic> {
    let Some(own) = view.market else {
        return vec![unknown(
            id,
            Kind::Market,
            "market",
            at(id, &["items", "market"]),
        )];
    };
    let mut out = Vec::new();
    for (index, seller) in market.remove_sellers.iter().enumerate() {
        if !own.sellers.contains_key(seller) {
            out.push(unknown(
                id,
                Kind::Seller,
                seller,
                at(
                    id,
                    &["items", "market", "removeSellers", &index.to_string()],
                ),
            ));
        }
    }
    if !own.sellers.is_empty()
        && own
            .sellers
            .keys()
            .all(|seller| market.remove_sellers.contains(seller))
    {
        out.push(
            Diagnostic::new(&codes::LAYER_SELLERS_EMPTIED)
                .with_arg("layer", id)
                .with_pointer(at(id, &["items", "market", "removeSellers"])),
        );
    }
    out
}

pub(crate) fn loot_table(view: &PackView<'_>, id: &FieldId, table: &FieldId) -> Vec<Diagnostic> {
    if view.loot_tables.contains_key(table) {
        return Vec::new();
    }
    vec![
        Diagnostic::new(&codes::LAYER_EFFECT_NOT_ALLOWED)
            .with_arg("layer", id)
            .with_arg("property", format!("items.lootTables.{table}"))
            .with_word(
                "reason",
                Phrase::new(&reasons::LAYER_NO_LOOT_TABLE).with_arg("table", table),
            )
            .with_pointer(at(id, &["items", "lootTables", table.as_str()])),
    ]
}

/// What is wrong with a layer's ladder for the kind of its pack's resolution (the same step
/// checks the resolution's own ladder gets).
pub(crate) fn ladder_fits(view: &PackView<'_>, ladder: &[LadderStep]) -> Result<(), Phrase> {
    let Some(resolution) = view.resolution else {
        return Err(Phrase::new(&reasons::LAYER_PACK_NO_RESOLUTION));
    };
    for (index, step) in ladder.iter().enumerate() {
        if let Some((property, problem)) = step.problems(resolution.kind).first() {
            return Err(Phrase::new(&reasons::LADDER_STEP_PROBLEM)
                .with_arg("index", index)
                .with_arg("property", property)
                .with_word("problem", *problem));
        }
    }
    Ok(())
}

/// The keys a layer may have, and for every other key why a layer cannot have it.
const LAYER_KEYS: &[&str] = &[
    "conflicts",
    "gm",
    "fields",
    "difficultyLadder",
    "catalogs",
    "currencies",
    "items",
];

/// Why a layer cannot hold `key` (at the layer's top level).
fn why_not(key: &str) -> &'static Reason {
    match key {
        "label" | "summary" => &reasons::LAYER_TEXT_KEYS,
        "resolution" | "kind" | "dice" | "die" | "target" | "naturals" | "pool" | "zeroDice"
        | "compare" | "resultBands" | "bands" => &reasons::LAYER_NO_RESOLUTION,
        "live" | "pools" | "tracks" | "woundTracks" | "rests" | "rest" => &reasons::LAYER_NO_LIVE,
        "abilities" | "ability" => &reasons::LAYER_NO_ABILITY,
        "combat" | "hp" | "ac" | "effects" | "actions" | "attacks" | "damage" => {
            &reasons::LAYER_NO_COMBAT
        }
        "model" | "models" | "prompt" | "prompts" | "call" | "calls" | "tools" | "llm" => {
            &reasons::LAYER_NO_MODEL
        }
        "sellers" | "market" | "lootTables" | "loot" => &reasons::LAYER_NO_SELLER,
        "values" | "addValues" | "addFields" | "newFields" => &reasons::LAYER_NO_FIELD,
        _ => &reasons::LAYER_ONLY,
    }
}

/// Checks a rules document *as written* (before it is read into the model, which refuses any
/// key outside a layer's closed list) and says, for each such key, why a layer cannot have it:
/// adding a value, a field, an ability, a pool, a rest, a seller or a loot table, changing the
/// resolution kind, touching live state or combat numbers, adding a call to a model. Pointers are
/// from the document's root. A reader that gets a model error inside `/layers` should report
/// these instead of the generic one.
///
/// ```
/// let rules = serde_json::json!({"layers": {"hard_winter": {
///     "fields": {"calling": {"addValues": ["trapper"]}}, "live": {"pools": {}}}}});
/// let found = opencharacter_layers::check_layer_attempts(&rules);
/// let pointers: Vec<_> = found.iter().map(|d| d.location.pointer.clone().unwrap()).collect();
/// assert_eq!(pointers, ["/layers/hard_winter/fields/calling/addValues", "/layers/hard_winter/live"]);
/// assert!(found[1].message().contains("live state"));
/// ```
pub fn check_layer_attempts(rules: &Value) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Some(layers) = rules.get("layers").and_then(Value::as_object) else {
        return out;
    };
    for (id, layer) in layers {
        let Some(layer) = layer.as_object() else {
            continue;
        };
        let refuse = |out: &mut Vec<Diagnostic>, path: &[&str], reason: &'static Reason| {
            out.push(
                Diagnostic::new(&codes::LAYER_EFFECT_NOT_ALLOWED)
                    .with_arg("layer", id)
                    .with_arg("property", path.join("."))
                    .with_word("reason", reason)
                    .with_pointer(pointer(
                        ["layers", id.as_str()]
                            .into_iter()
                            .chain(path.iter().copied()),
                    )),
            );
        };
        for (key, value) in layer {
            if !LAYER_KEYS.contains(&key.as_str()) {
                refuse(&mut out, &[key], why_not(key));
                continue;
            }
            let Some(inner) = value.as_object() else {
                continue;
            };
            match key.as_str() {
                "fields" => {
                    for (field, change) in inner {
                        for key in change.as_object().into_iter().flat_map(|c| c.keys()) {
                            if key == "removeValues" || key == "default" {
                                continue;
                            }
                            let reason = if key.starts_with("add") || key == "values" {
                                &reasons::LAYER_NO_VALUE
                            } else {
                                &reasons::LAYER_NO_FIELD_CHANGE
                            };
                            refuse(&mut out, &["fields", field, key], reason);
                        }
                    }
                }
                "currencies" => {
                    for key in inner.keys() {
                        if key != "removeUnits" && key != "removeFamilies" {
                            refuse(&mut out, &["currencies", key], &reasons::LAYER_NO_COINS);
                        }
                    }
                }
                "items" => {
                    for (key, value) in inner {
                        match key.as_str() {
                            "lootTables" => {}
                            "market" => {
                                for key in value.as_object().into_iter().flat_map(|m| m.keys()) {
                                    if key != "removeSellers" && key != "unsold" {
                                        let reason = if key.contains("eller") {
                                            &reasons::LAYER_NO_ADD_SELLER
                                        } else {
                                            &reasons::LAYER_MARKET_ONLY
                                        };
                                        refuse(&mut out, &["items", "market", key], reason);
                                    }
                                }
                            }
                            _ => refuse(&mut out, &["items", key], &reasons::LAYER_ITEMS_ONLY),
                        }
                    }
                }
                "gm" => {
                    for key in inner.keys() {
                        if key != "guidance" && key != "worldGuidance" {
                            refuse(&mut out, &["gm", key], &reasons::LAYER_GM_ONLY);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(yaml: &str) -> RulesDocument {
        opencharacter_spec::yaml::from_str(yaml).expect("test rules parse")
    }

    fn found(yaml: &str) -> Vec<(String, String)> {
        check_layers(&rules(yaml))
            .into_iter()
            .map(|d| {
                (
                    d.code.name.to_owned(),
                    d.location.pointer.unwrap_or_default(),
                )
            })
            .collect()
    }

    const BASE: &str = "fields:\n  calling: { type: enum, values: [hauler, sailor, scout], default: sailor }\n  \
        name: { type: text }\n\
        contentTypes:\n  knack:\n    filters:\n      grit: { type: number }\n      road: { type: text }\n\
        currencies:\n  coin:\n    units:\n      penny: { value: 1 }\n      shilling: { value: 12 }\n\
        market:\n  sellers:\n    smith: { sells: [{ type: knack }] }\n    chapel: { sells: [{ tag: litany }] }\n\
        lootTables:\n  grave: { entries: [{ coins: penny, weight: 1 }] }\n";

    #[test]
    fn a_valid_layer_has_no_problem() {
        let yaml = format!(
            "{BASE}layers:\n  a:\n    conflicts: [b]\n    fields:\n      calling: {{ removeValues: [sailor], default: hauler }}\n    \
             catalogs: [{{ type: knack, hide: {{ filter: grit, above: 0 }} }}]\n    \
             currencies: {{ removeUnits: [shilling] }}\n    \
             items: {{ market: {{ removeSellers: [smith] }}, lootTables: {{ grave: {{ entries: [{{ coins: penny, weight: 2 }}] }} }} }}\n  b: {{}}\n"
        );
        assert_eq!(found(&yaml), []);
    }

    #[test]
    fn every_name_must_exist_in_the_pack() {
        let yaml = format!(
            "{BASE}layers:\n  a:\n    conflicts: [nope, a]\n    fields:\n      name: {{ removeValues: [x] }}\n      \
             calling: {{ removeValues: [trapper] }}\n    \
             catalogs: [{{ type: spell, hide: {{ filter: grit, above: 0 }} }}, {{ type: knack, hide: {{ filter: weight, above: 0 }} }}]\n    \
             currencies: {{ removeUnits: [crown], removeFamilies: [gold] }}\n    \
             items: {{ market: {{ removeSellers: [scribe] }}, lootTables: {{ treasure: {{ entries: [] }} }} }}\n"
        );
        let pointers: Vec<String> = found(&yaml)
            .into_iter()
            .map(|(c, p)| format!("{c} {p}"))
            .collect();
        assert_eq!(
            pointers,
            [
                "layer-target-unknown /layers/a/conflicts/0",
                "layer-target-unknown /layers/a/conflicts/1",
                // `name` exists, as a `text` field: it is not missing, it has no values.
                "layer-field-not-enum /layers/a/fields/name/removeValues",
                "layer-target-unknown /layers/a/fields/calling/removeValues/0",
                "layer-target-unknown /layers/a/catalogs/0/type",
                "layer-target-unknown /layers/a/catalogs/1/hide/filter",
                "layer-target-unknown /layers/a/currencies/removeFamilies/0",
                "layer-target-unknown /layers/a/currencies/removeUnits/0",
                "layer-target-unknown /layers/a/items/market/removeSellers/0",
                "layer-effect-not-allowed /layers/a/items/lootTables/treasure",
            ]
        );
    }

    #[test]
    fn removals_leave_what_must_remain() {
        let yaml = format!(
            "{BASE}layers:\n  a:\n    fields:\n      calling: {{ removeValues: [hauler, sailor, scout] }}\n  \
             b:\n    fields:\n      calling: {{ removeValues: [scout], default: scout }}\n  \
             c:\n    currencies: {{ removeUnits: [penny] }}\n  \
             d:\n    currencies: {{ removeUnits: [penny], removeFamilies: [coin] }}\n  \
             e:\n    items: {{ market: {{ removeSellers: [smith, chapel] }} }}\n"
        );
        let pointers: Vec<String> = found(&yaml)
            .into_iter()
            .map(|(c, p)| format!("{c} {p}"))
            .collect();
        assert_eq!(
            pointers,
            [
                "layer-field-emptied /layers/a/fields/calling/removeValues",
                "layer-default-invalid /layers/a/fields/calling",
                "layer-default-invalid /layers/b/fields/calling/default",
                "layer-smallest-coin /layers/c/currencies/removeUnits/0",
                "layer-sellers-emptied /layers/e/items/market/removeSellers",
            ]
        );
    }

    #[test]
    fn comparisons_fit_the_filter_type() {
        let yaml = format!(
            "{BASE}layers:\n  a:\n    catalogs:\n      - {{ type: knack, hide: {{ filter: grit, equals: x }} }}\n      \
             - {{ type: knack, hide: {{ filter: road, below: 3 }} }}\n      \
             - {{ type: knack, hide: {{ filter: road, notIn: [north] }} }}\n"
        );
        let found = check_layers(&rules(&yaml));
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[0].location.pointer.as_deref(),
            Some("/layers/a/catalogs/0/hide/equals")
        );
        assert_eq!(found[1].args["type"], "text");
        assert_eq!(found[1].args["comparison"], "below");
    }

    #[test]
    fn a_ladder_needs_the_pack_own_resolution() {
        let found = check_layers(&rules(
            "layers:\n  a:\n    difficultyLadder: [{ label: easy, dc: 7 }]\n",
        ));
        assert_eq!(found[0].code.name, "layer-ladder-without-resolution");
    }

    #[test]
    fn attempts_say_why() {
        let value = serde_json::json!({"layers": {"a": {
            "resolution": {"kind": "dice-pool"},
            "abilities": {},
            "combat": {},
            "model": "x",
            "label": "A",
            "currencies": {"addUnits": ["x"]},
            "items": {"sellers": {}, "market": {"addSellers": ["x"], "prices": {}}},
            "gm": {"checkGuidance": "x"}
        }}});
        let found = check_layer_attempts(&value);
        let reasons: Vec<String> = found.iter().map(Diagnostic::message).collect();
        assert_eq!(found.len(), 10);
        assert!(reasons[0].contains("resolution kind"));
        assert!(reasons[1].contains("ability"));
        assert!(reasons[2].contains("combat numbers"));
        assert!(reasons[3].contains("call to a model"));
        assert!(reasons[4].contains("i18n"));
        assert!(reasons[5].contains("only removes them"));
        assert!(reasons[6].contains("never what exists"));
        assert!(reasons[7].contains("cannot add a seller"));
        assert!(reasons[8].contains("removing sellers"));
        assert!(reasons[9].contains("appends guidance"));
        assert!(
            check_layer_attempts(&serde_json::json!({"layers": {"a": {"gm": {"guidance": "x"}}}}))
                .is_empty()
        );
    }
}
