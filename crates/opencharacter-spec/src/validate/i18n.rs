//! Which i18n keys a pack's default language must hold (docs/spec/i18n.md#required-keys).

use crate::model::formulas::escape_segment;
use crate::model::rules::ValueType;
use crate::model::{ContentForm, PackRelease};

/// A key the default language must hold, and the JSON pointer (from the release's root) of
/// what needs it, so a missing key points at the item that lacks its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredKey {
    /// The flat key (`field.abilities.str.label`).
    pub key: String,
    /// What needs it (`/rules/fields/abilities.str`).
    pub pointer: String,
}

struct Keys(Vec<RequiredKey>);

impl Keys {
    fn need(&mut self, key: String, pointer: String) {
        if !self.0.iter().any(|k| k.key == key) {
            self.0.push(RequiredKey { key, pointer });
        }
    }
}

fn at(segments: &[&str]) -> String {
    segments
        .iter()
        .map(|s| format!("/{}", escape_segment(s)))
        .collect()
}

/// Every key the default-language text of `release` must hold, in the order of the release:
/// `pack.name`; the name of every content item and extension (not overrides) and template;
/// and the label of every rules item that is shown: fields, parts, list columns and enum
/// values; pools, tracks, wound tracks and marks; link slots; content types, their properties,
/// filters, enum values, roll parameters and rolls; settings and their values; situational choices; ladder steps (of
/// the resolution and of every layer); result bands; actions, effects, choices and display
/// hints; each constraint's issue message; currency units and families; price levels, places
/// and sellers; loot tables; and each layer's label and summary.
///
/// ```
/// use opencharacter_spec::model::PackRelease;
/// use opencharacter_spec::validate::required_keys;
/// let release: PackRelease = serde_json::from_value(serde_json::json!({
///     "manifest": {"id": "demo", "version": "0.1.0", "specVersion": "1.0.0",
///                  "license": "CC0-1.0", "defaultLanguage": "en"},
///     "rules": {"fields": {"mood": {"type": "enum", "values": ["calm", "wild"]}}},
///     "content": {}, "i18n": {"_meta": {"language": "en", "direction": "ltr"}}, "formulas": {}
/// })).unwrap();
/// let keys: Vec<String> = required_keys(&release).into_iter().map(|k| k.key).collect();
/// assert_eq!(keys, ["pack.name", "field.mood.label", "value.mood.calm.label", "value.mood.wild.label"]);
/// ```
pub fn required_keys(release: &PackRelease) -> Vec<RequiredKey> {
    let mut keys = Keys(Vec::new());
    keys.need("pack.name".to_owned(), "/manifest/id".to_owned());
    let rules = &release.rules;
    for (id, field) in &rules.fields {
        let id = id.as_str();
        let here = at(&["rules", "fields", id]);
        keys.need(format!("field.{id}.label"), here.clone());
        if field.value_type == ValueType::Enum {
            for value in &field.values {
                keys.need(
                    format!("value.{id}.{value}.label"),
                    format!("{here}/values"),
                );
            }
        }
        for (column_id, column) in &field.columns {
            let column_here = format!("{here}/columns/{}", escape_segment(column_id.as_str()));
            keys.need(format!("field.{id}.{column_id}.label"), column_here.clone());
            if column.value_type == ValueType::Enum {
                for value in &column.values {
                    keys.need(
                        format!("value.{id}.{column_id}.{value}.label"),
                        format!("{column_here}/values"),
                    );
                }
            }
        }
        for (part_id, part) in &field.parts {
            let part_here = format!("{here}/parts/{}", escape_segment(part_id.as_str()));
            keys.need(format!("field.{id}.{part_id}.label"), part_here.clone());
            if part.value_type == ValueType::Enum {
                for value in &part.values {
                    keys.need(
                        format!("value.{id}.{part_id}.{value}.label"),
                        format!("{part_here}/values"),
                    );
                }
            }
        }
    }
    for (section, ids) in [
        ("pools", rules.live.pools.keys().collect::<Vec<_>>()),
        ("tracks", rules.live.tracks.keys().collect()),
        ("woundTracks", rules.live.wound_tracks.keys().collect()),
    ] {
        for id in ids {
            keys.need(
                format!("field.{id}.label"),
                at(&["rules", "live", section, id.as_str()]),
            );
        }
    }
    for (id, track) in &rules.live.wound_tracks {
        for mark in track.marks.keys() {
            keys.need(
                format!("mark.{id}.{mark}.label"),
                at(&[
                    "rules",
                    "live",
                    "woundTracks",
                    id.as_str(),
                    "marks",
                    mark.as_str(),
                ]),
            );
        }
    }
    for id in rules.link_slots.keys() {
        keys.need(
            format!("linkSlot.{id}.label"),
            at(&["rules", "linkSlots", id.as_str()]),
        );
    }
    for (id, content_type) in &rules.content_types {
        let here = at(&["rules", "contentTypes", id.as_str()]);
        keys.need(format!("contentType.{id}.label"), here.clone());
        for (property_id, property) in &content_type.properties {
            let property_here =
                format!("{here}/properties/{}", escape_segment(property_id.as_str()));
            keys.need(
                format!("property.{id}.{property_id}.label"),
                property_here.clone(),
            );
            if property.value_type == ValueType::Enum {
                for value in &property.values {
                    keys.need(
                        format!("value.{id}.{property_id}.{value}.label"),
                        format!("{property_here}/values"),
                    );
                }
            }
        }
        for filter_id in content_type.filters.keys() {
            keys.need(
                format!("filter.{id}.{filter_id}.label"),
                format!("{here}/filters/{}", escape_segment(filter_id.as_str())),
            );
        }
        for parameter in content_type.parameters.keys() {
            keys.need(
                format!("parameter.{id}.{parameter}.label"),
                format!("{here}/parameters/{}", escape_segment(parameter.as_str())),
            );
        }
        for roll in content_type.rolls.keys() {
            keys.need(
                format!("roll.{id}.{roll}.label"),
                format!("{here}/rolls/{}", escape_segment(roll.as_str())),
            );
        }
    }
    for (id, setting) in &rules.settings {
        let here = at(&["rules", "settings", id.as_str()]);
        keys.need(format!("setting.{id}.label"), here.clone());
        if setting.value_type == ValueType::Enum {
            for value in &setting.values {
                keys.need(
                    format!("value.settings.{id}.{value}.label"),
                    format!("{here}/values"),
                );
            }
        }
    }
    for id in rules.situational_choices.keys() {
        keys.need(
            format!("situational.{id}.label"),
            at(&["rules", "situationalChoices", id.as_str()]),
        );
    }
    if let Some(resolution) = &rules.resolution {
        for (index, step) in resolution.difficulty_ladder.iter().enumerate() {
            keys.need(
                format!("ladder.{}.label", step.label),
                format!("/rules/resolution/difficultyLadder/{index}"),
            );
        }
    }
    for (id, layer) in &rules.layers {
        if let Some(ladder) = &layer.difficulty_ladder {
            for (index, step) in ladder.iter().enumerate() {
                keys.need(
                    format!("ladder.{}.label", step.label),
                    format!(
                        "{}/difficultyLadder/{index}",
                        at(&["rules", "layers", id.as_str()])
                    ),
                );
            }
        }
    }
    for (id, set) in &rules.result_bands {
        for band in set.bands.keys() {
            keys.need(
                format!("band.{id}.{band}.label"),
                at(&["rules", "resultBands", id.as_str(), "bands", band.as_str()]),
            );
        }
    }
    for (kind, section, ids) in [
        (
            "action",
            "actions",
            rules.actions.keys().collect::<Vec<_>>(),
        ),
        ("effect", "effects", rules.effects.keys().collect()),
        ("choice", "choices", rules.choices.keys().collect()),
        ("hint", "displayHints", rules.display_hints.keys().collect()),
    ] {
        for id in ids {
            keys.need(
                format!("{kind}.{id}.label"),
                at(&["rules", section, id.as_str()]),
            );
        }
    }
    for (id, constraint) in &rules.constraints {
        keys.need(
            format!("issue.{}.message", constraint.issue),
            at(&["rules", "constraints", id.as_str(), "issue"]),
        );
    }
    for (id, family) in &rules.currencies {
        let here = at(&["rules", "currencies", id.as_str()]);
        keys.need(format!("family.{id}.label"), here.clone());
        for unit in family.units.keys() {
            keys.need(
                format!("currency.{unit}.label"),
                format!("{here}/units/{}", escape_segment(unit.as_str())),
            );
        }
    }
    if let Some(market) = &rules.market {
        for id in market.prices.keys() {
            keys.need(
                format!("price.{id}.label"),
                at(&["rules", "market", "prices", id.as_str()]),
            );
        }
        for (index, place) in market.places.iter().enumerate() {
            keys.need(
                format!("place.{place}.label"),
                format!("/rules/market/places/{index}"),
            );
        }
        for id in market.sellers.keys() {
            keys.need(
                format!("seller.{id}.label"),
                at(&["rules", "market", "sellers", id.as_str()]),
            );
        }
    }
    for id in rules.loot_tables.keys() {
        keys.need(
            format!("lootTable.{id}.label"),
            at(&["rules", "lootTables", id.as_str()]),
        );
    }
    for id in rules.layers.keys() {
        let here = at(&["rules", "layers", id.as_str()]);
        keys.need(format!("layer.{id}.label"), here.clone());
        keys.need(format!("layer.{id}.summary"), here);
    }
    for (id, item) in &release.content {
        if matches!(
            item.form(),
            Ok(ContentForm::Item { .. } | ContentForm::Extends { .. })
        ) {
            keys.need(format!("content.{id}.name"), at(&["content", id.as_str()]));
        }
    }
    for id in release.templates.keys() {
        keys.need(
            format!("template.{id}.name"),
            at(&["templates", id.as_str()]),
        );
    }
    keys.0
}
