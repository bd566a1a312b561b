//! Importing the Marinara engine's JSON rulesets as OpenCharacter packs.
//!
//! **Owns:** reading one ruleset JSON value (and optionally the engine's package manifest and
//! its text-keyed locale files) the way the engine would ([`check`]: its own limits, IDs and
//! Capability API gates), turning it into the files of a pack (manifest, rules, content, i18n)
//! and a located report of everything that does not map ([`Import::report`]): every node of the
//! source is either mapped somewhere or reported with a reason, never dropped silently.
//!
//! **Does not own:** the file system (the command reads the JSON and writes the folder), nor
//! validating the pack it writes (the release builder does that like for any pack).
//!
//! Depends on `opencharacter-spec` only (IDs, diagnostics, the supported spec version).
//!
//! ```
//! use opencharacter_ruleset_json::{ImportOptions, import_ruleset};
//!
//! let source = serde_json::json!({
//!     "schemaVersion": 1, "id": "tiny-roads", "version": 2, "name": "Tiny Roads",
//!     "coverage": {"checks": true, "saves": false, "sheet": true, "resources": false,
//!                  "rests": false, "combat": false, "summary": "A very small test game."},
//!     "resolution": {"kind": "dice-sum", "dice": {"count": 2, "sides": 6},
//!                    "difficultyLadder": [{"label": "Fair", "dc": 7}]},
//!     "sheet": {"version": 1, "abilities": [{"id": "grip", "label": "Grip", "short": "GRP",
//!                                             "min": 0, "max": 3, "default": 1}]},
//!     "gm": {"checkGuidance": "Ask for a roll when the road fights back."},
//!     "combat": {"kind": "attack-vs-defense"}
//! });
//! let import = import_ruleset(&source, &ImportOptions::default());
//! assert!(import.diagnostics.iter().all(|d| !d.is_error()));
//! assert_eq!(import.pack_id, "tiny-roads");
//! assert!(import.files["rules/sheet.yaml"].contains("abilities.grip:"));
//! assert!(import.files["i18n/en.yaml"].contains("ladder.fair.label: Fair"));
//! // Combat has no place in a pack: it is reported, with where it was.
//! assert!(import.report.iter().any(|entry| entry.pointer == "/combat"));
//! ```

pub mod check;
mod locale;
mod map;
mod track;
mod yaml_out;

use std::collections::BTreeMap;

use opencharacter_spec::Diagnostic;
use opencharacter_spec::diagnostic::{Phrase, codes, reasons};
use serde_json::Value;

pub use track::{Outcome, Tracker, key_outcomes};

/// What to import beside the ruleset itself.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// The size of the source file in bytes, when read from one (the engine refuses > 256 KB).
    pub source_bytes: Option<u64>,
    /// The engine's package manifest (`manifest.json`): its `capabilityApi` is checked against
    /// what the ruleset uses.
    pub manifest: Option<Value>,
    /// Locale files, each `(language, value)` (`locales/<lang>.json`, keyed by English text).
    pub locales: Vec<(String, Value)>,
    /// The pack's ID; by default the ruleset's. A pack in `packs/<game>/<pack>` is
    /// `<game>-<pack>`, so the command passes that.
    pub pack_id: Option<String>,
}

/// One thing of the source that does not map to a pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportEntry {
    /// A JSON pointer into the source (or into a locale file, prefixed `locales/<lang>.json#`).
    pub pointer: String,
    /// Why it has no place in a pack, in words of the standard text (rendered in the language
    /// shown; its `Display` is the English).
    pub reason: Phrase,
}

/// What an import produced.
#[derive(Debug, Clone)]
pub struct Import {
    /// The pack's ID (the ruleset's).
    pub pack_id: String,
    /// The pack's files: path relative to the pack folder → text. Sorted, so writing is
    /// deterministic.
    pub files: BTreeMap<String, String>,
    /// What does not map, in source order.
    pub report: Vec<ReportEntry>,
    /// Where each node of the source went (see [`Tracker`]).
    pub tracker: Tracker,
    /// The engine's own checks, gates, and one `ruleset-json-unmapped` per report entry.
    pub diagnostics: Vec<Diagnostic>,
    /// Concepts many rulesets need that the pack model has no place for (for the report).
    pub model_gaps: Vec<String>,
}

impl Import {
    /// The report as a Markdown comment file, written beside the pack.
    pub fn report_text(&self) -> String {
        let mut out = format!(
            "# Import report for `{}`\n\nWhat the ruleset JSON holds that this pack does not. \
             Each line: a JSON pointer into the source, then why.\n\n",
            self.pack_id
        );
        for entry in &self.report {
            out.push_str(&format!("- `{}`: {}\n", entry.pointer, entry.reason));
        }
        if !self.model_gaps.is_empty() {
            out.push_str("\n## Concepts the pack model lacks\n\n");
            for gap in &self.model_gaps {
                out.push_str(&format!("- {gap}\n"));
            }
        }
        let problems: Vec<&Diagnostic> = self
            .diagnostics
            .iter()
            .filter(|d| d.code != &codes::RULESET_JSON_UNMAPPED)
            .collect();
        if !problems.is_empty() {
            out.push_str("\n## What the engine would say\n\n");
            for problem in problems {
                let at = problem.location.pointer.clone().unwrap_or_default();
                out.push_str(&format!("- `{at}`: {}\n", problem.message()));
            }
        }
        out
    }
}

/// Imports one ruleset: the engine's checks, then the mapping to a pack.
pub fn import_ruleset(source: &Value, options: &ImportOptions) -> Import {
    let mut diagnostics = check::check_ruleset(source, options.source_bytes);
    if let Some(manifest) = &options.manifest {
        diagnostics.extend(check::check_gates(
            source,
            manifest,
            !options.locales.is_empty(),
        ));
    }
    let mut tracker = Tracker::new(source);
    let mut mapped = map::map_ruleset(source, &mut tracker, options.pack_id.as_deref());
    for (language, locale) in &options.locales {
        let named = locale.pointer("/_meta/locale").and_then(Value::as_str);
        if named != Some(language.as_str()) {
            diagnostics.push(
                Diagnostic::new(&codes::RULESET_JSON_INVALID)
                    .with_arg("what", format_args!("locales/{language}.json"))
                    .with_word("reason", &reasons::IMPORT_LOCALE_META)
                    .with_pointer(format!("locales/{language}.json#/_meta/locale")),
            );
        }
        diagnostics.extend(locale::check_locale(language, locale));
        let (file, unmatched) = locale::map_locale(language, locale, &mapped.english);
        if language == "en" {
            for (key, text) in file.english_overrides {
                mapped.english.insert(key, text);
            }
        } else {
            mapped.files.insert(
                format!("i18n/{language}.yaml"),
                yaml_out::to_string(&file.value),
            );
        }
        for (pointer, text) in unmatched {
            diagnostics.push(
                Diagnostic::new(&codes::RULESET_JSON_LOCALE_UNMATCHED)
                    .with_arg("language", language)
                    .with_arg("text", &text)
                    .with_pointer(format!("locales/{language}.json#{pointer}")),
            );
            mapped.extra_report.push(ReportEntry {
                pointer: format!("locales/{language}.json#{pointer}"),
                reason: Phrase::new(&reasons::IMPORT_LOCALE_UNMATCHED),
            });
        }
    }
    // Languages beyond English are published as the pack's `-i18n` package, which names its
    // own version: the ruleset's, like the pack's.
    if options.locales.iter().any(|(language, _)| language != "en") {
        let version = source.get("version").and_then(Value::as_u64).unwrap_or(1);
        let package = serde_json::json!({
            "version": format!("{version}.0.0"),
            "description": "Imported from the ruleset's locale files",
        });
        mapped
            .files
            .insert("i18n-package/package.json".into(), format!("{package:#}\n"));
    }
    mapped.files.insert(
        "i18n/en.yaml".into(),
        yaml_out::to_string(&map::english_file(&mapped.english)),
    );
    let mut report = tracker.entries();
    report.extend(mapped.extra_report);
    for entry in &report {
        diagnostics.push(
            Diagnostic::new(&codes::RULESET_JSON_UNMAPPED)
                .with_arg("what", &entry.pointer)
                .with_word("reason", entry.reason.clone())
                .with_pointer(entry.pointer.clone()),
        );
    }
    Import {
        pack_id: mapped.pack_id,
        files: mapped.files,
        report,
        tracker,
        diagnostics,
        model_gaps: map::MODEL_GAPS
            .iter()
            .map(|gap| (*gap).to_owned())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i32>().prop_map(Value::from),
            "[a-z_ -]{0,8}".prop_map(Value::String),
        ];
        leaf.prop_recursive(5, 64, 6, |inner| {
            let keys = prop_oneof![
                Just("sheet".to_owned()),
                Just("abilities".to_owned()),
                Just("id".to_owned()),
                Just("layers".to_owned()),
                Just("catalogs".to_owned()),
                Just("entries".to_owned()),
                Just("items".to_owned()),
                Just("resolution".to_owned()),
                Just("kind".to_owned()),
                Just("live".to_owned()),
                Just("tracks".to_owned()),
                Just("kinds".to_owned()),
                Just("of".to_owned()),
                Just("table".to_owned()),
                Just("market".to_owned()),
                "[a-z]{1,6}",
            ];
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::vec((keys, inner), 0..5)
                    .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
            ]
        })
    }

    proptest! {
        /// Whatever the JSON, the import returns (no panic), and every node of the source is
        /// mapped or reported.
        #[test]
        fn any_json_imports_without_a_panic_and_nothing_is_dropped(source in json_value()) {
            let import = import_ruleset(&source, &ImportOptions::default());
            for (pointer, outcome) in import.tracker.outcomes() {
                if outcome == Outcome::Unrecognised {
                    prop_assert!(
                        import.report.iter().any(|e| pointer == e.pointer
                            || pointer.starts_with(&format!("{}/", e.pointer))),
                        "{pointer} is neither mapped nor reported"
                    );
                }
            }
        }
    }
}
