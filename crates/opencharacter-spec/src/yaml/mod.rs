//! The one place that reads YAML text (through `serde-saphyr`'s event parser), so the parser can
//! be swapped, and writes it ([`to_string`], deterministic, for tools that generate packs).
//!
//! A text is read into a [`Document`]: a `serde_json::Value` (maps keep their key order) and a
//! side table of [`Spans`], JSON pointer → where the node's key and value start. Model types stay
//! plain serde values; a check that knows only a pointer still points at a line and column
//! ([`Spans::locate`]). [`Document::deserialize`] reads a model type from the value and locates
//! its error (an unknown key, a wrong type, a missing property) at the offending key.
//!
//! Scalars are typed by the YAML 1.2 core schema, as JSON Schema tools for YAML read them, so
//! the committed schemas and the model agree on every file: `2024` is a number, `"2024"` a
//! string, `no` a string. Reading is bounded by [`Limits`] (bytes, nesting, nodes counting each
//! alias as a copy, aliases), so an alias bomb or a deeply nested text is a located error, never
//! a hang or a crash. A key written twice in a mapping is an error naming both places.
//!
//! ```
//! use opencharacter_spec::yaml::{Document, Position};
//!
//! let document = Document::parse("id: 5e-srd-5.1\nnotices:\n  orc: text\n")?;
//! assert_eq!(document.value["notices"]["orc"], "text");
//! let span = document.spans.get("/notices/orc").unwrap();
//! assert_eq!(span.key, Some(Position::new(3, 3)));
//! assert_eq!(span.value, Position::new(3, 8));
//! # Ok::<(), Vec<opencharacter_spec::yaml::YamlError>>(())
//! ```

mod build;
mod error;
mod reason;
mod recover;
mod scalar;
mod spans;
mod write;

use serde::de::DeserializeOwned;

pub use error::{YamlError, YamlErrorKind};
pub use recover::{MAX_RECOVERIES, Recovered};
pub use spans::{NodeSpan, Position, Spans};
pub use write::{scalar_text, to_string};

/// Largest YAML text accepted, in bytes.
pub const MAX_YAML_BYTES: usize = 16 * 1024 * 1024;
/// Deepest nesting of lists and mappings accepted.
pub const MAX_YAML_DEPTH: usize = 64;
/// Most nodes a document may hold, counting what each alias copies.
pub const MAX_YAML_NODES: usize = 1_000_000;
/// Most aliases (`*name`) a document may use.
pub const MAX_YAML_ALIASES: usize = 10_000;

/// The bounds of one read. Each exceeded bound is a `yaml-limit` error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest text, in bytes ([`MAX_YAML_BYTES`]).
    pub max_bytes: usize,
    /// Deepest nesting ([`MAX_YAML_DEPTH`]).
    pub max_depth: usize,
    /// Most nodes, each alias counting as a copy of what it names ([`MAX_YAML_NODES`]); the
    /// anchored nodes kept for aliases have a budget of the same size.
    pub max_nodes: usize,
    /// Most aliases ([`MAX_YAML_ALIASES`]).
    pub max_aliases: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: MAX_YAML_BYTES,
            max_depth: MAX_YAML_DEPTH,
            max_nodes: MAX_YAML_NODES,
            max_aliases: MAX_YAML_ALIASES,
        }
    }
}

/// A YAML text read into a JSON value, with where each node was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// The value; `null` for an empty text.
    pub value: serde_json::Value,
    /// JSON pointer → where the node's key and value start.
    pub spans: Spans,
}

impl Document {
    /// Reads `text` within the default [`Limits`].
    ///
    /// # Errors
    /// Every problem found: one syntax or limit error stops the read; duplicate keys and
    /// unsupported values are all collected.
    pub fn parse(text: &str) -> Result<Document, Vec<YamlError>> {
        Document::parse_with_limits(text, Limits::default())
    }

    /// Reads `text` within `limits`.
    ///
    /// # Errors
    /// As [`Document::parse`].
    pub fn parse_with_limits(text: &str, limits: Limits) -> Result<Document, Vec<YamlError>> {
        build::Builder::new(text, limits).run()
    }

    /// Reads a `T` from the value; an error is located at the key of the offending node (an
    /// unknown key at itself, a missing property at the mapping's key).
    ///
    /// ```
    /// use opencharacter_spec::model::Manifest;
    /// use opencharacter_spec::yaml::Document;
    /// let text = "id: 5e-srd-5.1\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\n\
    ///             defaultLanguage: en\nnmae: typo\n";
    /// let error = Document::parse(text).unwrap().deserialize::<Manifest>().unwrap_err();
    /// assert_eq!(error.pointer.as_deref(), Some("/nmae"));
    /// assert_eq!((error.line, error.column), (Some(6), Some(1)));
    /// assert!(error.message.starts_with("unknown field `nmae`"));
    /// ```
    ///
    /// # Errors
    /// A [`YamlErrorKind::Invalid`] error with the pointer, line and column
    /// ([`YamlErrorKind::InvalidId`] when the value is an ID that does not parse).
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, YamlError> {
        serde_path_to_error::deserialize(&self.value).map_err(|error| {
            let pointer = pointer_of(error.path());
            let message = error.inner().to_string();
            let error = match invalid_id(&self.value, &pointer, &message) {
                Some((id, error)) => {
                    YamlError::with_reason(YamlErrorKind::InvalidId { id }, error.phrase())
                        .with_message(message)
                }
                None => YamlError::new(YamlErrorKind::Invalid, message),
            };
            error.at(self.spans.locate(&pointer)).with_pointer(pointer)
        })
    }

    /// Where to point for `pointer` ([`Spans::locate`]); the start of the text when nothing
    /// nearer is known.
    pub fn locate(&self, pointer: &str) -> Position {
        self.spans.locate(pointer).unwrap_or(Position::START)
    }
}

/// The text a deserializing error is about when the error is that text's own ID error: an ID
/// that does not parse is `invalid-id`, not a generic `yaml-invalid`. Serde keeps only the
/// message, so the candidates near the error (the string at the pointer, its last segment, the
/// keys of the mapping there) are parsed as each kind of ID and the one whose error reads
/// exactly as the message is it.
fn invalid_id(
    value: &serde_json::Value,
    pointer: &str,
    message: &str,
) -> Option<(String, crate::ids::IdError)> {
    use crate::ids::{
        ContentId, FieldId, IdError, PackId, QualifiedContentId, QualifiedFieldId, Reference,
    };
    let its_error = |text: &str| {
        let errors: [Option<IdError>; 7] = [
            text.parse::<PackId>().err(),
            text.parse::<ContentId>().err(),
            text.parse::<FieldId>().err(),
            text.parse::<QualifiedContentId>().err(),
            text.parse::<QualifiedFieldId>().err(),
            text.parse::<Reference<ContentId>>().err(),
            text.parse::<Reference<FieldId>>().err(),
        ];
        errors
            .into_iter()
            .flatten()
            .find(|error| error.to_string() == message)
    };
    let node = value.pointer(pointer);
    let mut candidates: Vec<String> = Vec::new();
    if let Some(serde_json::Value::String(text)) = node {
        candidates.push(text.clone());
    }
    if let Some(last) = crate::pointer::last_token(pointer) {
        candidates.push(last.into_owned());
    }
    if let Some(serde_json::Value::Object(map)) = node {
        candidates.extend(map.keys().cloned());
    }
    candidates
        .into_iter()
        .find_map(|text| its_error(&text).map(|error| (text, error)))
}

/// The JSON pointer of a serde error path. Enum variants are keys in the value, so they are
/// segments too; an unknown segment ends the pointer at its parent.
fn pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        pointer = match segment {
            Segment::Seq { index } => crate::pointer::child(&pointer, &index.to_string()),
            Segment::Map { key } => crate::pointer::child(&pointer, key),
            Segment::Enum { variant } => crate::pointer::child(&pointer, variant),
            Segment::Unknown => break,
        };
    }
    pointer
}

/// Parses `text` as a `T`: [`Document::parse`], then [`Document::deserialize`], reporting the
/// first error.
///
/// # Errors
/// The first problem, located.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    let document = Document::parse(text).map_err(|errors| {
        errors.into_iter().next().unwrap_or_else(|| {
            YamlError::with_reason(
                YamlErrorKind::Syntax,
                crate::diagnostic::Phrase::new(&crate::diagnostic::reasons::SYNTAX_OTHER),
            )
        })
    })?;
    document.deserialize()
}

#[cfg(test)]
mod tests;
