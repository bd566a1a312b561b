//! The checks of i18n files at build, and the coverage report.
//!
//! Each check returns diagnostics with a JSON pointer into the i18n file and no file name:
//! the release builder, which knows the file, adds it with the line and column.

use std::collections::HashSet;

use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::model::PackRelease;
use opencharacter_spec::model::i18n::check_key;
use opencharacter_spec::pointer::escape_token;
use opencharacter_spec::validate::required_keys;
use serde_json::Value;

use crate::tag::LanguageTag;
use crate::text::LanguageText;

/// One leaf of an i18n file: its flat key, its JSON pointer in the file, and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaf<'a> {
    /// The flat key (`content.spells.fireball.name`), nested groups joined by dots.
    pub key: String,
    /// Where it is written (`/content/spells.fireball/name`).
    pub pointer: String,
    /// The value as read.
    pub value: &'a Value,
}

/// Deepest nesting of groups read; a deeper file is not a translation (the YAML reader bounds
/// depth too, this keeps the walk bounded on any value it is given).
const MAX_GROUP_DEPTH: usize = 64;

/// Every leaf of an i18n file as read (a JSON value), in file order: `$schema` and `_meta` are
/// not text and are skipped; a map is a group whose keys join with dots.
pub fn leaves(file: &Value) -> Vec<Leaf<'_>> {
    let mut out = Vec::new();
    if let Value::Object(map) = file {
        for (key, value) in map {
            if key == "$schema" || key == "_meta" {
                continue;
            }
            walk(key.clone(), format!("/{}", escape(key)), value, 0, &mut out);
        }
    }
    out
}

fn walk<'a>(key: String, pointer: String, value: &'a Value, depth: usize, out: &mut Vec<Leaf<'a>>) {
    match value {
        Value::Object(map) if depth < MAX_GROUP_DEPTH => {
            for (child, value) in map {
                walk(
                    format!("{key}.{child}"),
                    format!("{pointer}/{}", escape(child)),
                    value,
                    depth + 1,
                    out,
                );
            }
        }
        _ => out.push(Leaf {
            key,
            pointer,
            value,
        }),
    }
}

fn escape(segment: &str) -> String {
    escape_token(segment).into_owned()
}

/// Checks that an i18n file's `_meta.language` is the language its path names
/// (`i18n/<language>.yaml` or `i18n/<language>/…`). Both must be BCP 47 tags written with `-`
/// (`language-tag-invalid`); they match when they are the same tag up to letter case
/// (`i18n/pt-BR.yaml` with `language: pt-br`), else `i18n-language-mismatch` at
/// `/_meta/language`.
///
/// ```
/// use opencharacter_i18n::checks::check_file_language;
/// assert!(check_file_language("pt-BR", "pt-br").is_empty());
/// let found = check_file_language("es", "en");
/// assert_eq!(found[0].code.name, "i18n-language-mismatch");
/// assert_eq!(found[0].location.pointer.as_deref(), Some("/_meta/language"));
/// ```
pub fn check_file_language(path_language: &str, declared: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut parse = |text: &str, pointer: Option<&str>| {
        let parsed = if text.contains('_') {
            Err(crate::tag::TagError {
                tag: text.to_owned(),
                reason: opencharacter_spec::diagnostic::Phrase::new(
                    &opencharacter_spec::diagnostic::reasons::TAG_UNDERSCORE,
                ),
            })
        } else {
            LanguageTag::parse(text)
        };
        match parsed {
            Ok(tag) => Some(tag),
            Err(error) => {
                let diagnostic = error.to_diagnostic();
                out.push(match pointer {
                    Some(pointer) => diagnostic.with_pointer(pointer),
                    None => diagnostic,
                });
                None
            }
        }
    };
    let from_path = parse(path_language, None);
    let from_meta = parse(declared, Some("/_meta/language"));
    if let (Some(from_path), Some(from_meta)) = (from_path, from_meta)
        && from_path != from_meta
    {
        out.push(
            Diagnostic::new(&codes::I18N_LANGUAGE_MISMATCH)
                .with_arg("language", declared)
                .with_arg("expected", path_language)
                .with_pointer("/_meta/language"),
        );
    }
    out
}

/// Checks that every value of an i18n file (other than `$schema` and `_meta`) is a text or a
/// group of texts: a number, a boolean, a list or `null` is `i18n-value-not-text` at its
/// pointer. Write `"20"` and `"yes"` quoted.
///
/// ```
/// use opencharacter_i18n::checks::check_values;
/// let file = serde_json::json!({"_meta": {"language": "en", "direction": "ltr"},
///     "pack.name": "Demo", "field": {"level": {"label": 3}}});
/// let found = check_values(&file);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].args["key"], "field.level.label");
/// assert_eq!(found[0].location.pointer.as_deref(), Some("/field/level/label"));
/// ```
pub fn check_values(file: &Value) -> Vec<Diagnostic> {
    leaves(file)
        .into_iter()
        .filter_map(|leaf| {
            let found = match leaf.value {
                Value::String(_) => return None,
                Value::Object(_) => "a group nested too deep",
                Value::Null => "nothing (null)",
                Value::Bool(_) => "a boolean",
                Value::Number(_) => "a number",
                Value::Array(_) => "a list",
            };
            Some(
                Diagnostic::new(&codes::I18N_VALUE_NOT_TEXT)
                    .with_arg("key", &leaf.key)
                    .with_arg("found", found)
                    .with_pointer(leaf.pointer),
            )
        })
        .collect()
}

/// What the keys of a pack can name: `<kind>.<id>` of every rules item, content item and
/// template the pack has (what [`required_keys`] asks text for, and every content item,
/// overrides included), and `pack`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Nameable {
    stems: HashSet<String>,
}

impl Nameable {
    /// What `release` (the pack's rules, content and templates) can name.
    pub fn of_release(release: &PackRelease) -> Nameable {
        let mut stems: HashSet<String> = required_keys(release)
            .into_iter()
            .filter_map(|required| stem(&required.key).map(str::to_owned))
            .collect();
        stems.insert("pack".to_owned());
        stems.extend(release.content.keys().map(|id| format!("content.{id}")));
        stems.extend(release.templates.keys().map(|id| format!("template.{id}")));
        Nameable { stems }
    }

    /// Whether `key` names something: its text of one property (`.name`, `.label`,
    /// `.description`, …) of a thing the pack has.
    pub fn names_something(&self, key: &str) -> bool {
        stem(key).is_some_and(|stem| self.stems.contains(stem))
    }
}

/// A key without its last segment (the property): the thing it names.
fn stem(key: &str) -> Option<&str> {
    key.rfind('.').map(|at| &key[..at])
}

/// Reports each well-formed key of an i18n file (as read) that names nothing in the pack: no
/// rules item, content item or template of the pack has that ID, so the text is never shown
/// (`i18n-key-unknown`, a warning, at the key's pointer). Malformed keys are left to the key
/// shape check (`i18n-key-invalid`).
///
/// The diagnostics are made one at a time, as the caller takes them: a file of half a million
/// unknown keys never holds half a million diagnostics when the caller keeps a bounded number
/// (`opencharacter_spec::diagnostic::kept`).
pub fn check_unknown_keys<'a>(
    nameable: &'a Nameable,
    language: &'a str,
    file: &'a Value,
) -> impl Iterator<Item = Diagnostic> + 'a {
    leaves(file)
        .into_iter()
        .filter(|leaf| check_key(&leaf.key).is_ok() && !nameable.names_something(&leaf.key))
        .map(move |leaf| {
            Diagnostic::new(&codes::I18N_KEY_UNKNOWN)
                .with_arg("key", &leaf.key)
                .with_arg("language", language)
                .with_pointer(leaf.pointer)
        })
}

/// Every check of this module on one i18n file as read (its JSON value), for the release
/// builder to call once per file: the declared language against `path_language` (when
/// `_meta.language` is a text; the model's shape check reports a missing one), values that are
/// not text, and keys that name nothing in the pack (when `nameable` is given: the pack's
/// release could be assembled). Pointers are into the file.
///
/// ```
/// use opencharacter_i18n::checks::check_file;
/// let file = serde_json::json!({"_meta": {"language": "fr", "direction": "ltr"}, "pack.name": 3});
/// let codes: Vec<_> = check_file(None, "es", &file).iter().map(|d| d.code.name).collect();
/// assert_eq!(codes, ["i18n-language-mismatch", "i18n-value-not-text"]);
/// ```
pub fn check_file(
    nameable: Option<&Nameable>,
    path_language: &str,
    file: &Value,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_file_into(nameable, path_language, file, &mut out);
    out
}

/// [`check_file`], each diagnostic given to `out` as it is made, so that a caller keeping a
/// bounded number never holds them all.
pub fn check_file_into(
    nameable: Option<&Nameable>,
    path_language: &str,
    file: &Value,
    out: &mut impl Extend<Diagnostic>,
) {
    let declared = file.pointer("/_meta/language").and_then(Value::as_str);
    if let Some(declared) = declared {
        out.extend(check_file_language(path_language, declared));
    }
    out.extend(check_values(file));
    if let Some(nameable) = nameable {
        out.extend(check_unknown_keys(
            nameable,
            declared.unwrap_or(path_language),
            file,
        ));
    }
}

/// How much of the default language one language translates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// The language measured.
    pub language: LanguageTag,
    /// The keys the default language has text for (non-empty).
    pub total: usize,
    /// How many of them this language has non-empty text for.
    pub translated: usize,
    /// The default language's keys it lacks (or leaves empty), in the default file's order.
    pub missing: Vec<String>,
}

impl Coverage {
    /// The share translated, from 0 to 1 (1 when the default language has no text).
    pub fn share(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            // Key counts are far below 2^52: the conversion is exact.
            #[expect(
                clippy::cast_precision_loss,
                reason = "counts of keys fit in f64 exactly"
            )]
            let share = self.translated as f64 / self.total as f64;
            share
        }
    }

    /// The share as a percentage with one decimal, rounded down so that only a complete
    /// translation reads `100.0%`.
    pub fn percent(&self) -> String {
        if self.total == 0 || self.translated == self.total {
            return "100.0%".to_owned();
        }
        let tenths = self.translated * 1000 / self.total;
        format!("{}.{}%", tenths / 10, tenths % 10)
    }
}

/// The coverage of `translation` against `default`: the share of the default language's keys
/// (those with non-empty text) that the translation has non-empty text for. Only the
/// translation's own text counts, not what a shorter tag would give at lookup.
///
/// ```
/// use opencharacter_i18n::{checks::coverage, text::LanguageText};
/// use opencharacter_spec::standard_text::Direction;
/// let text = |tag: &str, pairs: &[(&str, &str)]| LanguageText {
///     language: tag.parse().unwrap(),
///     direction: Direction::Ltr,
///     text: pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
/// };
/// let en = text("en", &[("pack.name", "Demo"), ("field.level.label", "Level"), ("field.hp.label", "HP")]);
/// let es = text("es", &[("pack.name", "Demo"), ("field.level.label", "")]);
/// let report = coverage(&en, &es);
/// assert_eq!((report.translated, report.total), (1, 3));
/// assert_eq!(report.percent(), "33.3%");
/// assert_eq!(report.missing, ["field.level.label", "field.hp.label"]);
/// ```
pub fn coverage(default: &LanguageText, translation: &LanguageText) -> Coverage {
    let mut total = 0;
    let mut missing = Vec::new();
    for (key, text) in &default.text {
        if text.is_empty() {
            continue;
        }
        total += 1;
        if translation.get(key).is_none() {
            missing.push(key.clone());
        }
    }
    Coverage {
        language: translation.language.clone(),
        total,
        translated: total - missing.len(),
        missing,
    }
}

/// The coverage of every language of a pack beyond its default, in the order given.
pub fn pack_coverage(text: &crate::PackText) -> Vec<Coverage> {
    let default = text.default_text();
    text.languages()
        .filter(|language| language.language != text.default_language)
        .map(|language| coverage(default, language))
        .collect()
}
