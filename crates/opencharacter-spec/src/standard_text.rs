//! The spec's standard text: the templates of diagnostics and rules issues, and the comparison
//! and dice text that apps show, per language. English ships inside this crate
//! (`i18n/en.yaml`); other languages are loaded from text the caller supplies.

use std::sync::OnceLock;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::yaml;

/// The `_meta` map of a text file: its language and text direction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextMeta {
    /// BCP 47 language tag of the file.
    pub language: String,
    /// Text direction of the language.
    pub direction: Direction,
}

/// Text direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
}

/// One language of the spec's standard text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandardText {
    /// Optional `$schema` for editors.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Language and direction.
    #[serde(rename = "_meta")]
    pub meta: TextMeta,
    /// Message templates by diagnostic code.
    #[serde(default)]
    pub diagnostics: IndexMap<String, String>,
    /// Comparison words (`at least`, `below`, …) by key.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub comparisons: IndexMap<String, String>,
    /// Dice text (`advantage`, `critical`, …) by key.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub dice: IndexMap<String, String>,
    /// `help:` lines of diagnostics (`did-you-mean`, `allowed-values`, `spec-page`), by key.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub help: IndexMap<String, String>,
    /// Notes of a diagnostic's second places (`first-defined-here`), by key.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub labels: IndexMap<String, String>,
    /// The kinds of thing a diagnostic names (`content type`, `field`), by their English words:
    /// a diagnostic's `kind` argument is one of these keys, rendered in the text's language.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub kinds: IndexMap<String, String>,
    /// The words of typed arguments (reasons, types described in words, states), by the keys
    /// of [`crate::diagnostic::reasons`]: a diagnostic's [`crate::diagnostic::Phrase`] renders
    /// from these.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub reasons: IndexMap<String, String>,
    /// Words of the human report itself (`summary`, `error`, `warning`, `help`), by key.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub report: IndexMap<String, String>,
}

/// The English standard text as shipped, byte for byte.
pub const ENGLISH_SOURCE: &str = include_str!("../i18n/en.yaml");

/// The Spanish standard text as shipped, byte for byte.
pub const SPANISH_SOURCE: &str = include_str!("../i18n/es.yaml");

/// The languages of the standard text this crate ships, by BCP 47 tag.
pub const BUNDLED_LANGUAGES: [&str; 2] = ["en", "es"];

impl StandardText {
    /// The bundled English text.
    pub fn english() -> &'static StandardText {
        static ENGLISH: OnceLock<StandardText> = OnceLock::new();
        ENGLISH.get_or_init(|| {
            StandardText::from_yaml(ENGLISH_SOURCE)
                .expect("the bundled English text parses; a unit test checks it")
        })
    }

    /// The shipped standard text of exactly the language `tag` (one of [`BUNDLED_LANGUAGES`]).
    /// Choosing among a user's languages, with fallback to shorter tags, is the i18n crate's job.
    pub fn bundled(tag: &str) -> Option<&'static StandardText> {
        static SPANISH: OnceLock<StandardText> = OnceLock::new();
        match tag {
            "en" => Some(StandardText::english()),
            "es" => Some(SPANISH.get_or_init(|| {
                StandardText::from_yaml(SPANISH_SOURCE)
                    .expect("the bundled Spanish text parses; a test checks it")
            })),
            _ => None,
        }
    }

    /// Reads a language of the standard text from its YAML source.
    pub fn from_yaml(source: &str) -> Result<StandardText, yaml::YamlError> {
        yaml::from_str(source)
    }

    /// The template for a diagnostic code, if this language has a non-empty one.
    pub fn diagnostic_template(&self, code: &str) -> Option<&str> {
        self.diagnostics
            .get(code)
            .map(String::as_str)
            .filter(|text| !text.is_empty())
    }
}
