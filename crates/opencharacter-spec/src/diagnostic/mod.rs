//! Diagnostics: every problem the toolkit finds, as a value with a stable code.
//!
//! A [`Diagnostic`] carries its [`Code`], its arguments and where it applies; its message is
//! rendered from a template of the spec's standard text ([`crate::standard_text`]), so the same
//! diagnostic can be shown in another language. All codes live in one registry, [`codes`].

pub mod codes;
pub mod kept;
pub mod reasons;
mod render;
pub mod suggest;
mod words;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

pub use codes::Code;
pub use render::{placeholders, render_template};
pub use words::{Kind, Phrase, Reason, Word};

use crate::ids::PackId;
use crate::standard_text::StandardText;

/// How serious a diagnostic is.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Severity {
    /// The pack, release or input is refused.
    Error,
    /// Accepted, but probably a mistake or against a SHOULD of the spec.
    Warning,
    /// A rules issue about a character: shown to the player, never blocking.
    Issue,
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Issue => "issue",
        })
    }
}

/// Where a diagnostic applies: a file, a JSON pointer into the value read from it, and the line
/// and column the reader's span table gives for that pointer.
///
/// Checks that do not see files fill in `pointer` only; the reader adds `file`, `line` and
/// `column` from its side table, so the model never carries spans.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Location {
    /// Path of the file, relative to the pack folder (or as given on the command line).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// JSON pointer (RFC 6901) to the value inside the file or release.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    /// 1-based line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// 1-based column, counted in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// Line where the text it is about ends, when known (the span's end).
    #[serde(rename = "endLine", skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u32>,
    /// Column just past the last character of the text it is about, when known: the human
    /// report underlines from `column` up to here.
    #[serde(rename = "endColumn", skip_serializing_if = "Option::is_none")]
    pub end_column: Option<u32>,
}

/// A second place that matters to a diagnostic ("first defined here"), with its note from the
/// standard text's `labels` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub location: Location,
    /// The key of its note in the standard text's `labels` (`first-defined-here`).
    pub note: &'static str,
}

/// A `help:` line: a key of the standard text's `help` section and its arguments
/// (`did-you-mean` with `{suggestion}`, `allowed-values` with `{values}`, `spec-page`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Help {
    /// The key of its template in the standard text's `help` section.
    pub key: &'static str,
    /// The values its template names.
    pub args: IndexMap<String, String>,
}

impl Help {
    /// A help line with no arguments yet.
    pub fn new(key: &'static str) -> Help {
        Help {
            key,
            args: IndexMap::new(),
        }
    }

    /// Adds an argument.
    pub fn with_arg(mut self, name: &str, value: impl std::fmt::Display) -> Help {
        self.args.insert(name.to_owned(), value.to_string());
        self
    }

    /// The line in the given standard text, falling back to English.
    pub fn text_in(&self, text: &StandardText) -> String {
        let template = text
            .help
            .get(self.key)
            .filter(|t| !t.is_empty())
            .or_else(|| StandardText::english().help.get(self.key))
            .map_or(self.key, String::as_str);
        render_template(template, &self.args)
    }
}

/// One problem found. Build it with [`Diagnostic::new`] and the `with_*` methods.
///
/// ```
/// use opencharacter_spec::diagnostic::{Diagnostic, codes};
/// let d = Diagnostic::new(&codes::MISSING_DEPENDENCY)
///     .with_arg("pack", "5e-homebrew-example")
///     .with_arg("dependency", "5e-srd-5.1")
///     .with_arg("range", "^0.2.0")
///     .with_arg("found", "0.1.0");
/// assert_eq!(d.code.name, "missing-dependency");
/// assert!(d.message().contains("^0.2.0"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code, with its default severity and the names of its arguments.
    pub code: &'static Code,
    /// The severity; the code's default unless a caller raised or lowered it.
    pub severity: Severity,
    /// The values the message template refers to, by name: text as the author wrote it, and
    /// numbers. Words of our own (kinds, reasons) are in `words`.
    pub args: IndexMap<String, String>,
    /// The typed arguments, by name: a [`Kind`] or a [`Phrase`], rendered in the language the
    /// message is shown in. Match these, never the English text.
    pub words: IndexMap<String, Word>,
    /// The pack it concerns, when it concerns one.
    pub pack: Option<PackId>,
    /// Where it applies.
    pub location: Location,
    /// Other places that matter, each with a note.
    pub labels: Vec<Label>,
    /// `help:` lines: how to fix it, when a fix can be named.
    pub help: Vec<Help>,
}

impl Diagnostic {
    /// A diagnostic with the code's default severity, no arguments and no location.
    pub fn new(code: &'static Code) -> Self {
        Diagnostic {
            code,
            severity: code.severity,
            args: IndexMap::new(),
            words: IndexMap::new(),
            pack: None,
            location: Location::default(),
            labels: Vec::new(),
            help: Vec::new(),
        }
    }

    /// Adds an argument for the message template.
    pub fn with_arg(mut self, name: &str, value: impl std::fmt::Display) -> Self {
        self.args.insert(name.to_owned(), value.to_string());
        self
    }

    /// Adds a typed argument: a [`Kind`], a [`Phrase`] or a bare [`Reason`].
    pub fn with_word(mut self, name: &str, word: impl Into<Word>) -> Self {
        let word = word.into();
        self.args.shift_remove(name);
        self.words.insert(name.to_owned(), word);
        self
    }

    /// Sets the `kind` argument.
    pub fn with_kind(self, kind: Kind) -> Self {
        self.with_word("kind", kind)
    }

    /// The `kind` argument, when it has one.
    pub fn kind(&self) -> Option<Kind> {
        match self.words.get("kind") {
            Some(Word::Kind(kind)) => Some(*kind),
            _ => None,
        }
    }

    /// The reason of the typed argument `name`, when it is a phrase.
    pub fn reason(&self, name: &str) -> Option<&'static Reason> {
        match self.words.get(name) {
            Some(Word::Phrase(phrase)) => Some(phrase.reason),
            _ => None,
        }
    }

    /// Every argument, typed ones rendered in the given standard text.
    pub fn args_in(&self, text: &StandardText) -> IndexMap<String, String> {
        let mut args = self.args.clone();
        for (name, word) in &self.words {
            args.insert(name.clone(), word.render(text));
        }
        args
    }

    /// Sets the pack it concerns.
    pub fn with_pack(mut self, pack: PackId) -> Self {
        self.pack = Some(pack);
        self
    }

    /// Sets the file it concerns.
    pub fn with_file(mut self, file: impl Into<String>) -> Self {
        self.location.file = Some(file.into());
        self
    }

    /// Sets the JSON pointer of the value it concerns.
    pub fn with_pointer(mut self, pointer: impl Into<String>) -> Self {
        self.location.pointer = Some(pointer.into());
        self
    }

    /// Sets the line and column (1-based).
    pub fn at(mut self, line: u32, column: u32) -> Self {
        self.location.line = Some(line);
        self.location.column = Some(column);
        self
    }

    /// Sets where the text it is about ends (line, and the column just past its last
    /// character).
    pub fn to(mut self, line: u32, column: u32) -> Self {
        self.location.end_line = Some(line);
        self.location.end_column = Some(column);
        self
    }

    /// Adds a second place, with its note.
    pub fn with_label(mut self, location: Location, note: &'static str) -> Self {
        self.labels.push(Label { location, note });
        self
    }

    /// Adds a `help:` line.
    pub fn with_help(mut self, help: Help) -> Self {
        self.help.push(help);
        self
    }

    /// Overrides the severity.
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Whether this diagnostic refuses the input.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The message in the spec's standard English text.
    pub fn message(&self) -> String {
        self.message_in(StandardText::english())
    }

    /// The message in the given standard text, falling back to English when it lacks the template.
    pub fn message_in(&self, text: &StandardText) -> String {
        let template = text
            .diagnostic_template(self.code.name)
            .or_else(|| StandardText::english().diagnostic_template(self.code.name))
            .unwrap_or(self.code.summary);
        // Kinds and reasons are typed: each renders in the text's language.
        render_template(template, &self.args_in(text))
    }

    /// The flat JSON record the command prints with `--format json`: `code`, `severity`, `pack`,
    /// `file`, `line`, `column`, `message` (and `pointer` and `args` for tools that want them).
    pub fn to_json(&self, text: &StandardText) -> serde_json::Value {
        serde_json::json!({
            "code": self.code.name,
            "severity": self.severity,
            "pack": self.pack.as_ref().map(PackId::as_str),
            "file": self.location.file,
            "line": self.location.line,
            "column": self.location.column,
            "message": self.message_in(text),
            "endLine": self.location.end_line,
            "endColumn": self.location.end_column,
            "pointer": self.location.pointer,
            "args": self.args_in(text),
            "labels": self.labels.iter().map(|label| serde_json::json!({
                "file": label.location.file,
                "line": label.location.line,
                "column": label.location.column,
                "message": text.labels.get(label.note).filter(|t| !t.is_empty())
                    .or_else(|| StandardText::english().labels.get(label.note))
                    .map_or(label.note, String::as_str),
            })).collect::<Vec<_>>(),
            "help": self.help.iter().map(|help| help.text_in(text)).collect::<Vec<_>>(),
        })
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}[{}]: {}",
            self.severity,
            self.code.name,
            self.message()
        )?;
        if let Some(file) = &self.location.file {
            write!(f, " ({file}")?;
            if let (Some(line), Some(column)) = (self.location.line, self.location.column) {
                write!(f, ":{line}:{column}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Diagnostics collected by a check; every check collects all it finds instead of stopping.
pub type Diagnostics = Vec<Diagnostic>;

/// Whether any diagnostic in the list is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_kebab_case_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for code in codes::ALL {
            assert!(seen.insert(code.name), "{} is registered twice", code.name);
            let kebab = code.name.split('-').all(|w| {
                !w.is_empty()
                    && w.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            });
            assert!(kebab, "{} is not kebab-case", code.name);
        }
    }

    #[test]
    fn every_code_has_an_english_template_using_only_its_arguments() {
        let english = StandardText::english();
        for code in codes::ALL {
            let template = english
                .diagnostic_template(code.name)
                .unwrap_or_else(|| panic!("no template for {}", code.name));
            for name in placeholders(template) {
                assert!(
                    code.args.contains(&name),
                    "template of {} uses `{name}`, not among {:?}",
                    code.name,
                    code.args
                );
            }
        }
        for key in english.diagnostics.keys() {
            assert!(
                codes::by_name(key).is_some(),
                "template for unregistered code {key}"
            );
        }
    }

    #[test]
    fn messages_render_in_another_language_with_fallback() {
        let spanish = StandardText::from_yaml(
            "_meta: {language: es, direction: ltr}\ndiagnostics:\n  circular-extends: \"`{id}` se extiende a sí mismo por {cycle}\"\n  invalid-id: \"\"\n",
        )
        .unwrap();
        let d = Diagnostic::new(&codes::CIRCULAR_EXTENDS)
            .with_arg("id", "a.b")
            .with_arg("cycle", "a.b → a.c → a.b");
        assert_eq!(
            d.message_in(&spanish),
            "`a.b` se extiende a sí mismo por a.b → a.c → a.b"
        );
        // An empty string is untranslated: English answers.
        let d = Diagnostic::new(&codes::INVALID_ID)
            .with_arg("id", "X")
            .with_arg("reason", "IDs are lowercase");
        assert_eq!(
            d.message_in(&spanish),
            "`X` is not a valid ID: IDs are lowercase"
        );
    }

    #[test]
    fn json_record_has_the_flat_fields() {
        let d = Diagnostic::new(&codes::YAML_INVALID)
            .with_arg("reason", "unknown field `nmae`")
            .with_pack("5e-srd-5.1".parse().unwrap())
            .with_file("content/spells/fireball.yaml")
            .at(3, 1);
        let json = d.to_json(StandardText::english());
        assert_eq!(json["code"], "yaml-invalid");
        assert_eq!(json["severity"], "error");
        assert_eq!(json["pack"], "5e-srd-5.1");
        assert_eq!(json["file"], "content/spells/fireball.yaml");
        assert_eq!(json["line"], 3);
        assert_eq!(json["column"], 1);
        assert_eq!(json["message"], "unknown field `nmae`");
        assert_eq!(
            d.to_string(),
            "error[yaml-invalid]: unknown field `nmae` (content/spells/fireball.yaml:3:1)"
        );
    }

    #[test]
    fn the_bundled_english_parses() {
        assert_eq!(
            StandardText::from_yaml(crate::standard_text::ENGLISH_SOURCE)
                .unwrap()
                .meta
                .language,
            "en"
        );
    }
}
