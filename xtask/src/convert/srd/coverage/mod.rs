//! The coverage report: for class features, racial traits, races, magic items, spells and
//! monsters, how many carry mechanics in the pack and, for each that carries none, why.
//!
//! Why a table of reasons: the SRD pack's worth is that its sheets compute, and a reader (or a
//! reviewer of the next engine mechanism) needs to know what is missing and what it waits for.
//! Each reason is either "none needed" (the rule has no number the sheet shows) or "waits for"
//! a named mechanism of the format; when a mechanism lands, its entries move to the mechanics
//! tables ([`super::mechanics`]) and the list shrinks. Content matched by no entry is reported
//! as unreviewed, so nothing is silently counted as done.
//!
//! The report is printed by `convert srd` and written beside the tests
//! (`tests/data/srd-coverage.txt`), where `tests/srd_coverage.rs` checks it against the pack.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Map, Value};

/// Why a content item carries no mechanics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Why {
    /// The rule has no number or flag the sheet shows.
    NoneNeeded(&'static str),
    /// The rule has numbers the format cannot express yet; the mechanism it waits for.
    Waits(&'static str),
}

/// The reasons, first match wins: `(content type, pattern, why)`. A pattern is a local ID, or
/// `prefix*`, `*suffix` or `*part*`.
pub const REASONS: [&[Reason]; 2] = [reasons::FEATURES_AND_TRAITS, reasons::ITEMS_AND_SPELLS];

/// One reason: `(content type, pattern, why)`.
pub type Reason = (&'static str, &'static str, Why);

mod feature_reasons;
mod reasons;

/// Whether a pattern of [`REASONS`] matches a local ID.
fn matches(pattern: &str, local: &str) -> bool {
    match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(rest), _) if rest.ends_with('*') => local.contains(rest.trim_end_matches('*')),
        (Some(suffix), _) => local.ends_with(suffix),
        (None, Some(prefix)) => local.starts_with(prefix),
        (None, None) => local == pattern,
    }
}

/// The reason a content item without mechanics has, if the table gives one.
pub fn reason(content_type: &str, local: &str) -> Option<Why> {
    REASONS
        .iter()
        .flat_map(|table| table.iter())
        .find(|(t, pattern, _)| *t == content_type && matches(pattern, local))
        .map(|(_, _, why)| *why)
}

/// The content types the report covers, with their headings, in the report's order.
pub const COVERED: [(&str, &str); 7] = [
    ("feature", "class features"),
    ("trait", "racial traits"),
    ("race", "races"),
    ("subrace", "subraces"),
    ("magic_item", "magic items"),
    ("spell", "spells"),
    ("monster", "monsters"),
];

/// Properties that are mechanics by themselves: rolls' dice and DCs, a stat block.
const MECHANICAL_PROPERTIES: [&str; 25] = [
    "breath_damage",
    "chance",
    "score",
    "swim_speed",
    "attack_bonus",
    "bonus_die",
    "ac_base",
    "ac_bonus",
    "speed_bonus",
    "fly_speed",
    "darkvision_range",
    "magic_bonus",
    "extra_damage",
    "temp_hp",
    "die",
    "reduction",
    "heal",
    "damage",
    "save_dc",
    "save_ability",
    "attack_kind",
    "affects_hit_points",
    "armor_class",
    "hit_points",
    "speed",
];

/// Whether a written content item carries mechanics: effects, grants, choices, resources or
/// roll modifiers,
/// or a property that gives a roll or a stat block.
pub fn has_mechanics(item: &Map<String, Value>) -> bool {
    let nonempty = |key: &str| item.get(key).is_some_and(|v| !super::is_empty(v));
    if nonempty("effects")
        || nonempty("grants")
        || nonempty("choices")
        || nonempty("resources")
        || nonempty("rollModifiers")
    {
        return true;
    }
    item.get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| MECHANICAL_PROPERTIES.iter().any(|k| p.contains_key(*k)))
}

/// What the conversion wrote, for the report: by content type, each local ID with whether it
/// carries mechanics.
#[derive(Debug, Default)]
pub struct Coverage(BTreeMap<String, Vec<(String, bool)>>);

impl Coverage {
    /// Records one written item.
    pub fn record(&mut self, content_type: &str, local: &str, item: &Map<String, Value>) {
        if COVERED.iter().any(|(t, _)| *t == content_type) {
            self.0
                .entry(content_type.to_owned())
                .or_default()
                .push((local.to_owned(), has_mechanics(item)));
        }
    }

    /// The report: per content type, how many carry mechanics, then those that carry none,
    /// grouped by reason, each group sorted.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# SRD 5.1 pack coverage, written by `cargo run -p xtask -- convert srd` (xtask/src/convert/srd/coverage/)."
        );
        let _ = writeln!(
            out,
            "# Per content type: items with mechanics (effects, grants, choices, resources, roll modifiers, rolls or a stat block) of all;"
        );
        let _ = writeln!(
            out,
            "# then each item without, under its reason. Checked against the pack by tests/srd_coverage.rs."
        );
        for (content_type, heading) in COVERED {
            let items = self.0.get(content_type).map_or(&[][..], Vec::as_slice);
            let with = items.iter().filter(|(_, m)| *m).count();
            let _ = writeln!(
                out,
                "{heading} ({content_type}): {with} of {} carry mechanics",
                items.len()
            );
            let mut groups: BTreeMap<String, Vec<&str>> = BTreeMap::new();
            for (local, _) in items.iter().filter(|(_, m)| !*m) {
                let key = match reason(content_type, local) {
                    Some(Why::NoneNeeded(why)) => format!("none needed: {why}"),
                    Some(Why::Waits(mechanism)) => format!("waits for {mechanism}"),
                    None => "unreviewed".to_owned(),
                };
                groups.entry(key).or_default().push(local);
            }
            for (why, mut locals) in groups {
                locals.sort_unstable();
                let _ = writeln!(out, "  {} {why}: {}", locals.len(), locals.join(" "));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_as_documented() {
        assert!(matches("spellcasting-*", "spellcasting-bard"));
        assert!(matches("*-improvement-*", "primal-path-improvement-1"));
        assert!(matches("*fighting-style", "ranger-fighting-style"));
        assert!(matches("rage", "rage"));
        assert!(!matches("rage", "rage-2"));
        assert!(!matches("*fighting-style", "fighting-style-defense"));
    }

    #[test]
    fn an_item_with_effects_or_a_roll_property_carries_mechanics() {
        let with_effects =
            serde_json::json!({ "effects": [{ "target": "x", "op": "add", "value": "1" }] });
        let with_roll = serde_json::json!({ "properties": { "heal": "2d4 + 2" } });
        let bare = serde_json::json!({ "properties": { "level": 3 }, "effects": [] });
        assert!(has_mechanics(with_effects.as_object().unwrap()));
        assert!(has_mechanics(with_roll.as_object().unwrap()));
        assert!(!has_mechanics(bare.as_object().unwrap()));
    }
}
