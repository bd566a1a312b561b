//! The engine's text-keyed locale files (`locales/<lang>.json`: `_meta`, `package`,
//! `ruleset`) → a language of the pack: each English text is found among the pack's English
//! keys, and its translation goes to every key with that text.

use indexmap::IndexMap;
use opencharacter_spec::Diagnostic;
use opencharacter_spec::diagnostic::{Reason, codes, reasons};
use opencharacter_spec::pointer::escape_token;
use serde_json::{Map, Value, json};

/// The engine's shape of a locale file: `$schema`, `_meta`, `package` and `ruleset` and nothing
/// else, every value under `package` and `ruleset` a text string.
pub(crate) fn check_locale(language: &str, locale: &Value) -> Vec<Diagnostic> {
    let invalid = |pointer: String, reason: &'static Reason| {
        Diagnostic::new(&codes::RULESET_JSON_INVALID)
            .with_arg("what", format_args!("locales/{language}.json"))
            .with_word("reason", reason)
            .with_pointer(format!("locales/{language}.json#{pointer}"))
    };
    let Some(top) = locale.as_object() else {
        return vec![invalid(String::new(), &reasons::IMPORT_LOCALE_NOT_OBJECT)];
    };
    let mut out = Vec::new();
    for (key, value) in top {
        match key.as_str() {
            "$schema" | "_meta" => {}
            "package" | "ruleset" => {
                for (inner, text) in value.as_object().into_iter().flatten() {
                    if !text.is_string() {
                        let token = escape_token(inner);
                        out.push(invalid(
                            format!("/{key}/{token}"),
                            &reasons::IMPORT_LOCALE_NOT_TEXT,
                        ));
                    }
                }
            }
            other => out.push(invalid(
                format!("/{}", escape_token(other)),
                &reasons::IMPORT_LOCALE_KEYS,
            )),
        }
    }
    out
}

pub(crate) struct LocaleFile {
    /// The pack's `i18n/<lang>.yaml`.
    pub value: Value,
    /// For English: the package's own name and description, which the pack's English keeps.
    pub english_overrides: Vec<(String, String)>,
}

/// Maps one locale file; returns the file and the (pointer, text) of texts matching nothing.
pub(crate) fn map_locale(
    language: &str,
    locale: &Value,
    english: &IndexMap<String, String>,
) -> (LocaleFile, Vec<(String, String)>) {
    let mut out = Map::new();
    let direction = locale
        .pointer("/_meta/direction")
        .and_then(Value::as_str)
        .unwrap_or("ltr");
    out.insert(
        "_meta".into(),
        json!({"language": language, "direction": direction}),
    );
    let mut overrides = Vec::new();
    for (key, ours) in [("name", "pack.name"), ("description", "pack.description")] {
        if let Some(text) = locale
            .pointer(&format!("/package/{key}"))
            .and_then(Value::as_str)
        {
            out.insert(ours.into(), json!(text));
            overrides.push((ours.to_owned(), text.to_owned()));
        }
    }
    let mut unmatched = Vec::new();
    if let Some(texts) = locale.get("ruleset").and_then(Value::as_object) {
        for (source_text, translation) in texts {
            // An empty string is not translated yet: the English shows.
            if translation.as_str() == Some("") {
                continue;
            }
            let Some(translation) = translation.as_str() else {
                unmatched.push((
                    format!("/ruleset/{}", escape_token(source_text)),
                    source_text.clone(),
                ));
                continue;
            };
            let keys: Vec<&String> = english
                .iter()
                .filter(|(_, text)| *text == source_text)
                .map(|(key, _)| key)
                .collect();
            if keys.is_empty() {
                unmatched.push((
                    format!("/ruleset/{}", escape_token(source_text)),
                    source_text.clone(),
                ));
            }
            for key in keys {
                out.insert(key.clone(), json!(translation));
            }
        }
    }
    (
        LocaleFile {
            value: Value::Object(out),
            english_overrides: overrides,
        },
        unmatched,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locale_holds_only_the_engines_keys_and_text() {
        let locale = json!({"_meta": {"locale": "fr"}, "ruleset": {"A": 1}, "extra": {}});
        let found: Vec<_> = check_locale("fr", &locale)
            .into_iter()
            .filter_map(|d| d.location.pointer)
            .collect();
        assert_eq!(
            found,
            ["locales/fr.json#/ruleset/A", "locales/fr.json#/extra"]
        );
    }

    #[test]
    fn english_text_keys_find_every_key_with_that_text() {
        let mut english = IndexMap::new();
        english.insert("field.grip.label".to_owned(), "Grip".to_owned());
        english.insert("hint.grip.label".to_owned(), "Grip".to_owned());
        let locale = json!({"_meta": {"locale": "fr", "direction": "ltr"},
            "package": {"name": "Routes"}, "ruleset": {"Grip": "Poigne", "Nothing": "Rien"}});
        let (file, unmatched) = map_locale("fr", &locale, &english);
        assert_eq!(file.value["field.grip.label"], "Poigne");
        assert_eq!(file.value["hint.grip.label"], "Poigne");
        assert_eq!(file.value["pack.name"], "Routes");
        assert_eq!(
            unmatched,
            [("/ruleset/Nothing".to_owned(), "Nothing".to_owned())]
        );
    }
}
