//! Reading the source as the engine would: its limits, its IDs, its closed lists, and the
//! Capability API gates of a packaged ruleset.

use opencharacter_spec::Diagnostic;
use opencharacter_spec::diagnostic::{Phrase, Reason, Word, codes, reasons};
use serde_json::Value;

/// The engine's largest ruleset file.
pub const MAX_FILE_BYTES: u64 = 256 * 1024;
/// The engine's longest ruleset ID.
pub const MAX_ID_CHARS: usize = 64;
/// The engine's longest summary, in characters (the ruleset's `coverage.summary`, an entry's).
pub const MAX_SUMMARY_CHARS: usize = 300;
/// IDs the engine keeps for itself.
pub const RESERVED_IDS: [&str; 2] = ["engine-legacy", "traditional"];
/// Top-level keys the engine reads; any other refuses the file.
pub const TOP_LEVEL_KEYS: [&str; 17] = [
    "$schema",
    "$comment",
    "schemaVersion",
    "id",
    "version",
    "name",
    "edition",
    "license",
    "coverage",
    "resolution",
    "sheet",
    "rests",
    "gm",
    "catalogs",
    "items",
    "battle",
    "combat",
];
const REQUIRED: [&str; 8] = [
    "schemaVersion",
    "id",
    "version",
    "name",
    "coverage",
    "resolution",
    "sheet",
    "gm",
];

/// Counted limits: (pointer of an array, what, limit).
const COUNTS: [(&str, &Reason, usize); 13] = [
    ("/catalogs", &reasons::IMPORT_LIMIT_CATALOGS, 12),
    ("/layers", &reasons::IMPORT_LIMIT_LAYERS, 12),
    ("/resolution/adjust", &reasons::IMPORT_LIMIT_ADJUSTMENTS, 8),
    ("/resolution/reroll", &reasons::IMPORT_LIMIT_REROLLS, 6),
    ("/resolution/spend", &reasons::IMPORT_LIMIT_SPEND, 4),
    ("/sheet/live/states", &reasons::IMPORT_LIMIT_LIVE_STATES, 12),
    ("/items/currencies", &reasons::IMPORT_LIMIT_CURRENCIES, 6),
    ("/items/categories", &reasons::IMPORT_LIMIT_CATEGORIES, 24),
    ("/items/rarities", &reasons::IMPORT_LIMIT_RARITIES, 12),
    ("/items/tags", &reasons::IMPORT_LIMIT_TAGS, 48),
    ("/items/stats", &reasons::IMPORT_LIMIT_STATS, 24),
    ("/items/slots", &reasons::IMPORT_LIMIT_SLOTS, 12),
    ("/items/rarityCaps", &reasons::IMPORT_LIMIT_RARITY_CAPS, 12),
];

/// A `ruleset-json-invalid`: `what` is a key of the format as written (text) or words of ours
/// (a reason), `reason` always words of ours, so both read in the language shown.
fn invalid(pointer: &str, what: impl Into<Word>, reason: impl Into<Phrase>) -> Diagnostic {
    Diagnostic::new(&codes::RULESET_JSON_INVALID)
        .with_word("what", what)
        .with_word("reason", reason.into())
        .with_pointer(pointer)
}

fn limit(
    pointer: &str,
    what: &'static Reason,
    count: impl std::fmt::Display,
    max: usize,
) -> Diagnostic {
    Diagnostic::new(&codes::RULESET_JSON_LIMIT)
        .with_word("what", what)
        .with_arg("count", count)
        .with_arg("limit", max)
        .with_pointer(pointer)
}

/// Whether `id` is `lower_snake` starting with a letter (the engine's sheet IDs).
pub fn is_lower_snake(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Whether `id` is kebab-case (the ruleset ID, catalog entry IDs).
pub fn is_kebab(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && !id.contains("--")
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn len(value: &Value, pointer: &str) -> usize {
    value
        .pointer(pointer)
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The engine's checks of one ruleset value: shape, IDs, limits. `bytes` is the file's size
/// when it was read from one.
pub fn check_ruleset(source: &Value, bytes: Option<u64>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Some(bytes) = bytes
        && bytes > MAX_FILE_BYTES
    {
        out.push(limit(
            "",
            &reasons::IMPORT_LIMIT_FILE_BYTES,
            bytes,
            256 * 1024,
        ));
    }
    let Some(top) = source.as_object() else {
        out.push(invalid(
            "",
            &reasons::IMPORT_WHAT_RULESET,
            &reasons::IMPORT_NOT_OBJECT,
        ));
        return out;
    };
    for key in REQUIRED {
        if !top.contains_key(key) {
            out.push(invalid("", key, &reasons::IMPORT_REQUIRED));
        }
    }
    for key in top.keys() {
        if !TOP_LEVEL_KEYS.contains(&key.as_str()) && key != "layers" {
            out.push(invalid(
                &format!("/{key}"),
                key.as_str(),
                &reasons::IMPORT_NOT_A_KEY,
            ));
        }
    }
    if let Some(version) = top.get("schemaVersion")
        && version.as_u64() != Some(1)
    {
        out.push(invalid(
            "/schemaVersion",
            "schemaVersion",
            &reasons::IMPORT_MUST_BE_1,
        ));
    }
    match top.get("id").and_then(Value::as_str) {
        Some(id) if !is_kebab(id) || id.len() > MAX_ID_CHARS => out.push(invalid(
            "/id",
            &reasons::IMPORT_WHAT_RULESET_ID,
            &reasons::IMPORT_ID_KEBAB_64,
        )),
        Some(id) if RESERVED_IDS.contains(&id) => {
            out.push(invalid(
                "/id",
                &reasons::IMPORT_WHAT_RULESET_ID,
                &reasons::IMPORT_ID_RESERVED,
            ));
        }
        Some(_) => {}
        None if top.contains_key("id") => out.push(invalid(
            "/id",
            &reasons::IMPORT_WHAT_RULESET_ID,
            &reasons::IMPORT_NOT_TEXT,
        )),
        None => {}
    }
    if let Some(version) = top.get("version")
        && version.as_u64().is_none_or(|v| v < 1)
    {
        out.push(invalid(
            "/version",
            "version",
            &reasons::IMPORT_VERSION_MIN_1,
        ));
    }
    if source.pointer("/coverage/summary").is_none() && top.contains_key("coverage") {
        out.push(invalid(
            "/coverage",
            "coverage.summary",
            &reasons::IMPORT_REQUIRED,
        ));
    }
    // The engine's summary limit holds for the ruleset's own summary as for each entry's (issue
    // 22: 100,000 characters were accepted here).
    if let Some(summary) = source.pointer("/coverage/summary").and_then(Value::as_str) {
        let chars = summary.chars().count();
        if chars > MAX_SUMMARY_CHARS {
            out.push(limit(
                "/coverage/summary",
                &reasons::IMPORT_LIMIT_SUMMARY_CHARS,
                chars,
                MAX_SUMMARY_CHARS,
            ));
        }
    }
    if source.pointer("/gm/checkGuidance").is_none() && top.contains_key("gm") {
        out.push(invalid(
            "/gm",
            "gm.checkGuidance",
            &reasons::IMPORT_REQUIRED,
        ));
    }
    match source.pointer("/resolution/kind").and_then(Value::as_str) {
        Some("dice-sum" | "dice-pool") => {}
        _ => out.push(invalid(
            "/resolution/kind",
            "resolution.kind",
            &reasons::IMPORT_RESOLUTION_KIND,
        )),
    }
    if source.pointer("/resolution/kind").and_then(Value::as_str) == Some("dice-sum")
        && source
            .pointer("/resolution/dice/count")
            .and_then(Value::as_u64)
            .is_some_and(|count| count > 1)
        && source
            .pointer("/resolution/naturals")
            .and_then(Value::as_str)
            .is_some_and(|naturals| naturals != "none")
    {
        out.push(invalid(
            "/resolution/naturals",
            "resolution.naturals",
            &reasons::IMPORT_NATURALS,
        ));
    }
    for (pointer, what, max) in COUNTS {
        let count = len(source, pointer);
        if count > max {
            out.push(limit(pointer, what, count, max));
        }
    }
    for (c, catalog) in top
        .get("catalogs")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let at = format!("/catalogs/{c}");
        let entries = len(catalog, "/entries");
        if entries > 2000 {
            out.push(limit(
                &format!("{at}/entries"),
                &reasons::IMPORT_LIMIT_ENTRIES,
                entries,
                2000,
            ));
        }
        let filters = len(catalog, "/filters");
        if filters > 8 {
            out.push(limit(
                &format!("{at}/filters"),
                &reasons::IMPORT_LIMIT_FILTERS,
                filters,
                8,
            ));
        }
        for (e, entry) in catalog
            .get("entries")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let at = format!("{at}/entries/{e}");
            if let Some(id) = entry.get("id").and_then(Value::as_str)
                && !is_kebab(id)
            {
                out.push(invalid(
                    &format!("{at}/id"),
                    &reasons::IMPORT_WHAT_ENTRY_ID,
                    &reasons::IMPORT_KEBAB,
                ));
            }
            if let Some(summary) = entry.get("summary").and_then(Value::as_str) {
                let chars = summary.chars().count();
                if chars > MAX_SUMMARY_CHARS {
                    out.push(limit(
                        &format!("{at}/summary"),
                        &reasons::IMPORT_LIMIT_SUMMARY_CHARS,
                        chars,
                        MAX_SUMMARY_CHARS,
                    ));
                }
            }
        }
    }
    for (f, family) in source
        .pointer("/items/currencies")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let units = len(family, "/units");
        if !(1..=10).contains(&units) {
            out.push(limit(
                &format!("/items/currencies/{f}/units"),
                &reasons::IMPORT_LIMIT_UNITS,
                units,
                10,
            ));
        }
    }
    for (l, layer) in top
        .get("layers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let chars: usize = ["/gm/guidance", "/gm/worldGuidance"]
            .iter()
            .filter_map(|p| layer.pointer(p).and_then(Value::as_str))
            .map(|text| text.chars().count())
            .sum();
        if chars > 4000 {
            out.push(limit(
                &format!("/layers/{l}/gm"),
                &reasons::IMPORT_LIMIT_GUIDANCE,
                chars,
                4000,
            ));
        }
    }
    // Sheet IDs are lower_snake.
    for list in [
        "/sheet/sections",
        "/sheet/abilities",
        "/sheet/skills",
        "/sheet/saves",
        "/sheet/fields",
        "/sheet/derived",
        "/sheet/lists",
        "/sheet/live/pools",
        "/sheet/live/tracks",
        "/sheet/live/conditions",
        "/sheet/live/states",
        "/layers",
    ] {
        for (i, item) in source
            .pointer(list)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            if let Some(id) = item.get("id").and_then(Value::as_str)
                && !is_lower_snake(id)
            {
                out.push(invalid(
                    &format!("{list}/{i}/id"),
                    &reasons::IMPORT_WHAT_SHEET_ID,
                    Phrase::new(&reasons::IMPORT_SHEET_ID).with_arg("id", id),
                ));
            }
        }
    }
    out
}

/// One gated feature the ruleset uses: its minor version, a name, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gate {
    /// The Capability API minor version (major 1) the feature needs; written as the engine
    /// writes it (`1.794` is minor 794).
    pub minor: u64,
    /// The feature, in words of the standard text.
    pub feature: &'static Reason,
    /// Where the ruleset uses it.
    pub pointer: String,
}

fn any_under(value: &Value, pointer: &str, key: &str) -> Option<String> {
    let items = value.pointer(pointer)?.as_array()?;
    items
        .iter()
        .position(|item| item.get(key).is_some())
        .map(|index| format!("{pointer}/{index}/{key}"))
}

/// The gated features a ruleset uses (`translations` when locale files come with it).
pub fn gates(source: &Value, translations: bool) -> Vec<Gate> {
    let mut out = Vec::new();
    let mut add = |minor: u64, feature: &'static Reason, pointer: Option<String>| {
        if let Some(pointer) = pointer {
            out.push(Gate {
                minor,
                feature,
                pointer,
            });
        }
    };
    let at = |pointer: &str| source.pointer(pointer).map(|_| pointer.to_owned());
    add(20, &reasons::IMPORT_GATE_PACKAGED, Some(String::new()));
    let catalogs = source
        .get("catalogs")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    add(
        21,
        &reasons::IMPORT_GATE_CATALOG_ASSETS,
        any_under(source, "/catalogs", "asset"),
    );
    add(22, &reasons::IMPORT_GATE_BATTLE, at("/battle"));
    add(
        24,
        &reasons::IMPORT_GATE_DICE_POOL,
        source
            .pointer("/resolution/kind")
            .and_then(Value::as_str)
            .filter(|kind| *kind == "dice-pool")
            .map(|_| "/resolution/kind".to_owned()),
    );
    add(25, &reasons::IMPORT_GATE_LAYERS, at("/layers"));
    add(
        25,
        &reasons::IMPORT_GATE_WORLD_GUIDANCE,
        at("/gm/worldGuidance"),
    );
    add(26, &reasons::IMPORT_GATE_COMBAT, at("/combat"));
    add(
        28,
        &reasons::IMPORT_GATE_COMBAT_DISTANCE,
        at("/combat/distance"),
    );
    add(
        30,
        &reasons::IMPORT_GATE_WOUND_TRACKS,
        source
            .pointer("/sheet/live/tracks")
            .and_then(Value::as_array)
            .and_then(|tracks| tracks.iter().position(|t| t.get("kinds").is_some()))
            .map(|i| format!("/sheet/live/tracks/{i}/kinds")),
    );
    add(38, &reasons::IMPORT_GATE_ADJUST, at("/resolution/adjust"));
    add(38, &reasons::IMPORT_GATE_REROLLS, at("/resolution/reroll"));
    add(
        39,
        &reasons::IMPORT_GATE_SKILL_CAPS,
        any_under(source, "/sheet/skills", "cap"),
    );
    add(
        40,
        &reasons::IMPORT_GATE_WOUND_EXTRA,
        any_under(source, "/sheet/live/tracks", "extra"),
    );
    add(
        41,
        &reasons::IMPORT_GATE_UNTRAINED,
        any_under(source, "/sheet/skills", "untrained"),
    );
    add(
        42,
        &reasons::IMPORT_GATE_LIVE_STATES,
        at("/sheet/live/states"),
    );
    add(
        43,
        &reasons::IMPORT_GATE_COMBAT_CHECKS,
        at("/combat/contests").or_else(|| at("/combat/checks")),
    );
    add(49, &reasons::IMPORT_GATE_ITEMS, at("/items"));
    add(
        51,
        &reasons::IMPORT_GATE_RARITY_CAPS,
        at("/items/rarityCaps"),
    );
    add(
        63,
        &reasons::IMPORT_GATE_LOOT_TABLES,
        at("/items/lootTables"),
    );
    add(63, &reasons::IMPORT_GATE_MARKETS, at("/items/market"));
    for (c, catalog) in catalogs.iter().enumerate() {
        add(
            27,
            &reasons::IMPORT_GATE_CREATURES,
            (catalog.get("holds").and_then(Value::as_str) == Some("creatures"))
                .then(|| format!("/catalogs/{c}/holds")),
        );
        add(
            28,
            &reasons::IMPORT_GATE_DISTANCE_UNITS,
            catalog.get("units").map(|_| format!("/catalogs/{c}/units")),
        );
        for (e, entry) in catalog
            .get("entries")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let here = format!("/catalogs/{c}/entries/{e}");
            add(
                23,
                &reasons::IMPORT_GATE_SCALED_ROWS,
                entry
                    .get("rows")
                    .and_then(Value::as_array)
                    .and_then(|rows| {
                        rows.iter()
                            .position(|r| r.get("scaled").is_some())
                            .map(|r| format!("{here}/rows/{r}/scaled"))
                    }),
            );
            add(
                34,
                &reasons::IMPORT_GATE_CREATURE_SHEETS,
                entry
                    .pointer("/creature/sheet")
                    .map(|_| format!("{here}/creature/sheet")),
            );
            add(
                53,
                &reasons::IMPORT_GATE_WORN_CARRIED,
                entry
                    .pointer("/item/worn")
                    .or(entry.pointer("/item/carried"))
                    .map(|_| format!("{here}/item")),
            );
            add(
                54,
                &reasons::IMPORT_GATE_ITEM_REQUIREMENTS,
                entry
                    .pointer("/item/requires")
                    .map(|_| format!("{here}/item/requires")),
            );
        }
    }
    for (l, layer) in source
        .get("layers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        add(
            64,
            &reasons::IMPORT_GATE_LAYER_COINS,
            layer
                .get("currencies")
                .map(|_| format!("/layers/{l}/currencies")),
        );
        add(
            813,
            &reasons::IMPORT_GATE_LAYER_ITEMS,
            layer.get("items").map(|_| format!("/layers/{l}/items")),
        );
    }
    if translations {
        add(811, &reasons::IMPORT_GATE_TRANSLATIONS, Some(String::new()));
    }
    out
}

/// The gates a package manifest's `capabilityApi` does not reach.
pub fn check_gates(source: &Value, manifest: &Value, translations: bool) -> Vec<Diagnostic> {
    let major = manifest
        .pointer("/capabilityApi/major")
        .and_then(Value::as_u64);
    let minor = manifest
        .pointer("/capabilityApi/minor")
        .and_then(Value::as_u64);
    let (Some(1), Some(minor)) = (major, minor) else {
        return vec![invalid(
            "manifest.json#/capabilityApi",
            &reasons::IMPORT_WHAT_CAPABILITY,
            &reasons::IMPORT_CAPABILITY_SHAPE,
        )];
    };
    gates(source, translations)
        .into_iter()
        .filter(|gate| gate.minor > minor)
        .map(|gate| {
            Diagnostic::new(&codes::RULESET_JSON_CAPABILITY)
                .with_word("feature", gate.feature)
                .with_arg("needs", format_args!("1.{}", gate.minor))
                .with_arg("declared", format_args!("1.{minor}"))
                .with_pointer(gate.pointer)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes_of(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
        diagnostics.iter().map(|d| d.code.name).collect()
    }

    #[test]
    fn the_engine_refuses_reserved_ids_unknown_keys_and_big_files() {
        let source = json!({"schemaVersion": 2, "id": "traditional", "version": 0, "name": "x",
            "coverage": {"summary": "s"}, "resolution": {"kind": "roll-under"},
            "sheet": {"abilities": [{"id": "Brawn"}]}, "gm": {"checkGuidance": "g"}, "extra": 1});
        let found = check_ruleset(&source, Some(300 * 1024));
        let pointers: Vec<_> = found
            .iter()
            .filter_map(|d| d.location.pointer.clone())
            .collect();
        for expected in [
            "",
            "/extra",
            "/schemaVersion",
            "/id",
            "/version",
            "/resolution/kind",
            "/sheet/abilities/0/id",
        ] {
            assert!(
                pointers.contains(&expected.to_owned()),
                "{expected} in {pointers:?}"
            );
        }
        assert!(codes_of(&found).contains(&"ruleset-json-limit"));
    }

    #[test]
    fn the_rulesets_summary_is_held_to_the_engines_300_characters() {
        let with = |chars: usize| {
            json!({"schemaVersion": 1, "id": "barrow", "version": 1, "name": "x",
                "coverage": {"summary": "s".repeat(chars)}, "resolution": {"kind": "dice-sum"},
                "sheet": {}, "gm": {"checkGuidance": "g"}})
        };
        let limits_at = |chars: usize| -> Vec<String> {
            check_ruleset(&with(chars), None)
                .iter()
                .filter(|d| d.code.name == "ruleset-json-limit")
                .filter_map(|d| d.location.pointer.clone())
                .collect()
        };
        // ruleset-json.md: "a summary of at most 300 characters".
        assert!(limits_at(300).is_empty());
        assert_eq!(limits_at(301), ["/coverage/summary"]);
        assert_eq!(limits_at(100_000), ["/coverage/summary"]);
    }

    #[test]
    fn gates_are_reported_against_the_manifest() {
        let source = json!({"gm": {"worldGuidance": "w"},
            "layers": [{"id": "a", "currencies": {"removeUnits": ["x"]}, "items": {}}]});
        let manifest = json!({"capabilityApi": {"major": 1, "minor": 27}});
        let found = check_gates(&source, &manifest, true);
        let needs: Vec<_> = found.iter().map(|d| d.args["needs"].clone()).collect();
        assert_eq!(needs, ["1.64", "1.813", "1.811"]);
        let newer = json!({"capabilityApi": {"major": 1, "minor": 900}});
        assert!(check_gates(&source, &newer, true).is_empty());
    }
}
