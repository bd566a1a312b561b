//! Errors of reading YAML, each located and each mapping to one diagnostic code.

use thiserror::Error;

use super::Position;
use crate::diagnostic::{Diagnostic, Help, Phrase, codes, suggest};

/// What kind of problem a [`YamlError`] is; decides its diagnostic code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum YamlErrorKind {
    /// Not YAML at all (`yaml-syntax`).
    Syntax,
    /// A key written twice in one mapping (`yaml-duplicate-key`); the error's own position is
    /// the second occurrence.
    DuplicateKey {
        /// The key, as written.
        key: String,
        /// Where the first occurrence starts.
        first: Position,
    },
    /// A limit of [`super::Limits`] was reached (`yaml-limit`).
    Limit,
    /// Valid YAML that this format does not use: tags, merge keys, complex keys, several
    /// documents, numbers JSON cannot hold (`yaml-unsupported`).
    Unsupported,
    /// Valid YAML that does not fit the expected type: an unknown key, a wrong type, a missing
    /// property (`yaml-invalid`).
    Invalid,
    /// A string where an ID belongs that is not a valid ID (`invalid-id`); the message is the
    /// ID's error.
    InvalidId {
        /// The text written where the ID belongs.
        id: String,
    },
}

/// A YAML text that does not parse, or does not fit the expected type, with where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}{}", located(*.line, *.column))]
pub struct YamlError {
    /// Which kind of problem.
    pub kind: YamlErrorKind,
    /// What went wrong, without location, as the parser or serde said it (English, for logs
    /// and `Display`).
    pub message: String,
    /// What went wrong as a phrase of the standard text: what the diagnostic shows, in the
    /// author's language.
    pub reason: Box<Phrase>,
    /// JSON pointer of the offending node, when known.
    pub pointer: Option<String>,
    /// 1-based line, when known.
    pub line: Option<u32>,
    /// 1-based column in characters, when known.
    pub column: Option<u32>,
    /// Where the offending text ends (just past it), when it is on one line.
    pub end: Option<Position>,
}

fn located(line: Option<u32>, column: Option<u32>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!(" (line {line}, column {column})"),
        _ => String::new(),
    }
}

impl YamlError {
    /// An error from the parser's or serde's own message, sorted into a reason.
    pub(super) fn new(kind: YamlErrorKind, message: impl Into<String>) -> YamlError {
        let message = message.into();
        let reason = match kind {
            YamlErrorKind::Syntax => super::reason::syntax(&message),
            _ => super::reason::invalid(&message),
        };
        YamlError::with_reason(kind, reason).with_message(message)
    }

    /// An error of the reader's own, with its reason.
    pub(super) fn with_reason(kind: YamlErrorKind, reason: Phrase) -> YamlError {
        YamlError {
            kind,
            message: reason.english(),
            reason: Box::new(reason),
            pointer: None,
            line: None,
            column: None,
            end: None,
        }
    }

    pub(super) fn with_message(mut self, message: String) -> YamlError {
        self.message = message;
        self
    }

    pub(super) fn at(mut self, position: Option<Position>) -> YamlError {
        if let Some(position) = position {
            self.line = Some(position.line);
            self.column = Some(position.column);
        }
        self
    }

    pub(super) fn with_pointer(mut self, pointer: impl Into<String>) -> YamlError {
        self.pointer = Some(pointer.into());
        self
    }

    /// The `help:` lines this error can name: for a key or value not among those allowed,
    /// the nearest allowed one (did you mean) and, for a key, every allowed key.
    fn help(&self) -> Vec<Help> {
        let unknown = ["unknown field `", "unknown variant `"]
            .iter()
            .find_map(|start| self.message.strip_prefix(start));
        let Some(rest) = unknown else {
            return Vec::new();
        };
        let word = rest.split('`').next().unwrap_or_default();
        let allowed = suggest::expected_names(rest);
        let mut help: Vec<Help> = suggest::did_you_mean(word, allowed.iter().copied())
            .into_iter()
            .collect();
        if !allowed.is_empty() {
            let keys = allowed
                .iter()
                .map(|name| format!("`{name}`"))
                .collect::<Vec<_>>()
                .join(", ");
            help.push(Help::new("allowed-keys").with_arg("keys", keys));
        }
        help
    }

    /// Where it points, when it points somewhere.
    pub fn position(&self) -> Option<Position> {
        Some(Position::new(self.line?, self.column?))
    }

    /// The diagnostic for this error, with its pointer, line and column; the caller adds the
    /// pack and the file.
    ///
    /// ```
    /// use opencharacter_spec::yaml::Document;
    /// let errors = Document::parse("a: 1\na: 2\n").unwrap_err();
    /// let diagnostic = errors[0].to_diagnostic();
    /// assert_eq!(diagnostic.code.name, "yaml-duplicate-key");
    /// assert_eq!((diagnostic.location.line, diagnostic.location.column), (Some(2), Some(1)));
    /// assert_eq!(diagnostic.message(), "the key `a` is already in this mapping, at line 1, column 1");
    /// ```
    pub fn to_diagnostic(&self) -> Diagnostic {
        let diagnostic = match &self.kind {
            YamlErrorKind::Syntax => {
                Diagnostic::new(&codes::YAML_SYNTAX).with_word("reason", (*self.reason).clone())
            }
            YamlErrorKind::DuplicateKey { key, first } => {
                let place = crate::diagnostic::Location {
                    line: Some(first.line),
                    column: Some(first.column),
                    ..Default::default()
                };
                Diagnostic::new(&codes::YAML_DUPLICATE_KEY)
                    .with_arg("key", key)
                    .with_arg("line", first.line)
                    .with_arg("column", first.column)
                    .with_label(place, "first-defined-here")
            }
            YamlErrorKind::Limit => {
                Diagnostic::new(&codes::YAML_LIMIT).with_word("reason", (*self.reason).clone())
            }
            YamlErrorKind::Unsupported => Diagnostic::new(&codes::YAML_UNSUPPORTED)
                .with_word("reason", (*self.reason).clone()),
            YamlErrorKind::Invalid => {
                Diagnostic::new(&codes::YAML_INVALID).with_word("reason", (*self.reason).clone())
            }
            YamlErrorKind::InvalidId { id } => Diagnostic::new(&codes::INVALID_ID)
                .with_arg("id", id)
                .with_word("reason", (*self.reason).clone()),
        };
        let diagnostic = match &self.pointer {
            Some(pointer) => diagnostic.with_pointer(pointer.clone()),
            None => diagnostic,
        };
        let diagnostic = self
            .help()
            .into_iter()
            .fold(diagnostic, Diagnostic::with_help);
        let diagnostic = match self.position() {
            Some(position) => diagnostic.at(position.line, position.column),
            None => diagnostic,
        };
        match self.end {
            Some(end) => diagnostic.to(end.line, end.column),
            None => diagnostic,
        }
    }
}
