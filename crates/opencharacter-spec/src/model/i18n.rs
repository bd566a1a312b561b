//! Translation files (`i18n/<lang>.yaml`, or several files under `i18n/<lang>/`).
//!
//! A file declares its language and text direction in `_meta`; every other key is flat,
//! `<kind>.<local-id>.<property>` (`pack.name`, `content.spells.fireball.name`,
//! `field.abilities.str.label`, `layer.hard_winter.summary`). A nested YAML map reads as the
//! same keys joined by dots, so `field: {level: {label: Level}}` is `field.level.label`.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::standard_text::{Direction, TextMeta};

/// The first segment of every i18n key: what kind of thing the key names.
pub const KEY_KINDS: [&str; 27] = [
    "pack",
    "content",
    "template",
    "field",
    "value",
    "mark",
    "linkSlot",
    "contentType",
    "property",
    "filter",
    "roll",
    "parameter",
    "setting",
    "situational",
    "ladder",
    "band",
    "action",
    "effect",
    "choice",
    "issue",
    "hint",
    "currency",
    "family",
    "price",
    "place",
    "seller",
    "layer",
];

/// Extra kinds that are not rules items: loot tables are named `lootTable.<id>.label`.
pub const EXTRA_KEY_KINDS: [&str; 1] = ["lootTable"];

/// One translation file.
///
/// ```
/// use opencharacter_spec::model::I18nFile;
/// let file: I18nFile = opencharacter_spec::yaml::from_str(
///     "_meta: { language: en, direction: ltr }\npack:\n  name: Example\nfield.level.label: Level\n",
/// ).unwrap();
/// let flat = file.flat();
/// assert_eq!(flat["pack.name"], "Example");
/// assert_eq!(flat["field.level.label"], "Level");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(
    title = "OpenCharacter translation file (i18n/<lang>.yaml)",
    description = "`_meta` (language and direction), then text by flat key `<kind>.<local-id>.<property>`; a nested map reads as its keys joined by dots."
)]
pub struct I18nFile {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The file's language (BCP 47, the one that names the file) and text direction.
    #[serde(rename = "_meta")]
    pub meta: TextMeta,
    /// The text by key, as written (flat or nested).
    #[serde(flatten)]
    pub text: IndexMap<String, I18nValue>,
}

/// A text, or a group of keys under a common prefix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum I18nValue {
    /// The text of one key. An empty string is not translated yet.
    Text(String),
    /// Keys under this prefix.
    Group(IndexMap<String, I18nValue>),
}

/// Why an i18n key is not well formed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// The first segment is not a known kind.
    #[error("`{key}` does not start with a known kind (`pack`, `content`, `field`, …)")]
    UnknownKind {
        /// The key.
        key: String,
    },
    /// Too few segments (`field.label`).
    #[error("`{key}` needs a kind, an ID and a property (`field.level.label`)")]
    TooShort {
        /// The key.
        key: String,
    },
    /// An empty segment (`field..label`).
    #[error("`{key}` has an empty segment")]
    EmptySegment {
        /// The key.
        key: String,
    },
    /// The same key written twice (once flat, once nested).
    #[error("`{key}` is written twice")]
    Duplicate {
        /// The key.
        key: String,
    },
}

impl KeyError {
    /// The error as a phrase of the standard text, so it reads in the author's language.
    pub fn phrase(&self) -> crate::diagnostic::Phrase {
        use crate::diagnostic::{Phrase, reasons};
        let (reason, key) = match self {
            KeyError::UnknownKind { key } => (&reasons::KEY_UNKNOWN_KIND, key),
            KeyError::TooShort { key } => (&reasons::KEY_TOO_SHORT, key),
            KeyError::EmptySegment { key } => (&reasons::KEY_EMPTY_SEGMENT, key),
            KeyError::Duplicate { key } => (&reasons::KEY_WRITTEN_TWICE, key),
        };
        Phrase::new(reason).with_arg("key", key)
    }
}

impl I18nFile {
    /// Every key with its text, nested groups joined by dots, in file order. A key written
    /// twice keeps its first text; [`I18nFile::key_errors`] reports it.
    pub fn flat(&self) -> IndexMap<String, String> {
        let mut out = IndexMap::new();
        for (key, value) in &self.text {
            flatten_into(key, value, &mut out, &mut Vec::new());
        }
        out
    }

    /// Every malformed or duplicate key, in file order.
    pub fn key_errors(&self) -> Vec<KeyError> {
        let mut out = IndexMap::new();
        let mut duplicates = Vec::new();
        for (key, value) in &self.text {
            flatten_into(key, value, &mut out, &mut duplicates);
        }
        let mut errors: Vec<KeyError> = out.keys().filter_map(|key| check_key(key).err()).collect();
        errors.extend(
            duplicates
                .into_iter()
                .map(|key| KeyError::Duplicate { key }),
        );
        errors
    }
}

fn flatten_into(
    prefix: &str,
    value: &I18nValue,
    out: &mut IndexMap<String, String>,
    duplicates: &mut Vec<String>,
) {
    match value {
        I18nValue::Text(text) => {
            if out.contains_key(prefix) {
                duplicates.push(prefix.to_owned());
            } else {
                out.insert(prefix.to_owned(), text.clone());
            }
        }
        I18nValue::Group(group) => {
            for (key, value) in group {
                flatten_into(&format!("{prefix}.{key}"), value, out, duplicates);
            }
        }
    }
}

/// Checks the shape of one flat key: a known kind, then at least an ID and a property
/// (`pack.name` and `pack.description` are the two keys of kind `pack`, which has no ID).
pub fn check_key(key: &str) -> Result<(), KeyError> {
    let segments: Vec<&str> = key.split('.').collect();
    if segments.iter().any(|segment| segment.is_empty()) {
        return Err(KeyError::EmptySegment {
            key: key.to_owned(),
        });
    }
    let kind = segments[0];
    if !KEY_KINDS.contains(&kind) && !EXTRA_KEY_KINDS.contains(&kind) {
        return Err(KeyError::UnknownKind {
            key: key.to_owned(),
        });
    }
    let needed = if kind == "pack" { 2 } else { 3 };
    if segments.len() < needed {
        return Err(KeyError::TooShort {
            key: key.to_owned(),
        });
    }
    Ok(())
}
