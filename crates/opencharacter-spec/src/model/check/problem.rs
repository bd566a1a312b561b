//! [`Problem`] and [`ProblemKind`]: what a shape check finds, and how each becomes a diagnostic
//! with its code and words; apart from the checks so the catalogue of problems reads on its own.

use crate::diagnostic::{Diagnostic, Phrase, Word, codes};

/// One shape problem and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON pointer, from the document's root, of the object the problem is about (for a
    /// property that should not be there, the property itself).
    pub pointer: String,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// What is wrong, with the words a diagnostic needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// A property that does not apply to what it is set on (`min` on a `text` field).
    NotAllowed {
        /// The property.
        property: &'static str,
        /// What it is set on (`a field of type text`), in words of the standard text.
        on: Phrase,
    },
    /// A property that must be set is not.
    Required {
        /// The property.
        property: &'static str,
        /// What needs it, in words of the standard text.
        on: Phrase,
    },
    /// More or fewer than one of a set of properties is set.
    ExactlyOneOf {
        /// The properties, as written (`` `items`, `query` ``).
        properties: &'static str,
    },
    /// None of a set of properties is set.
    AtLeastOneOf {
        /// The properties.
        properties: &'static str,
    },
    /// A value outside what is allowed.
    ValueNotAllowed {
        /// The value, as written (or, for a value that is missing, words saying so).
        value: Word,
        /// What is allowed, in words of the standard text.
        allowed: Phrase,
    },
    /// A limit of the format is exceeded.
    Limit {
        /// What is counted: a registered reason (`count-*`), so it reads in the author's language.
        what: &'static crate::diagnostic::Reason,
        /// How many there are.
        found: usize,
        /// The limit.
        limit: usize,
    },
    /// A property a content type's roll or stat block names that the type does not declare.
    UnknownProperty {
        /// The property, as named.
        property: String,
        /// The content type.
        content_type: String,
    },
    /// A value of the wrong type for a property: a property's `default`, or a roll's `about`
    /// naming a property that is not a `content` one.
    PropertyTypeMismatch {
        /// The property.
        property: String,
        /// What was expected, in words of the standard text.
        expected: Phrase,
        /// What was found: the value as written, or words of the standard text.
        found: Word,
    },
    /// A dice-pool ladder step whose `target` is outside the resolution's `target` range.
    LadderTargetOutside {
        /// The step's label.
        label: String,
        /// The target it names.
        target: u32,
        /// The lowest target a step may name.
        min: u32,
        /// The highest.
        max: u32,
    },
    /// An ID defined twice.
    DuplicateId {
        /// The section.
        section: String,
        /// The ID.
        id: String,
    },
}

impl Problem {
    /// The problem as a diagnostic, located by its pointer (the reader adds file, line and column).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let diagnostic = match &self.kind {
            ProblemKind::NotAllowed { property, on } => {
                Diagnostic::new(&codes::PROPERTY_NOT_ALLOWED)
                    .with_arg("property", property)
                    .with_word("on", on.clone())
            }
            ProblemKind::Required { property, on } => Diagnostic::new(&codes::PROPERTY_REQUIRED)
                .with_arg("property", property)
                .with_word("on", on.clone()),
            ProblemKind::ExactlyOneOf { properties } => {
                Diagnostic::new(&codes::EXACTLY_ONE_OF).with_arg("properties", properties)
            }
            ProblemKind::AtLeastOneOf { properties } => {
                Diagnostic::new(&codes::AT_LEAST_ONE_OF).with_arg("properties", properties)
            }
            ProblemKind::ValueNotAllowed { value, allowed } => {
                Diagnostic::new(&codes::VALUE_NOT_ALLOWED)
                    .with_word("value", value.clone())
                    .with_word("allowed", allowed.clone())
            }
            ProblemKind::Limit { what, found, limit } => Diagnostic::new(&codes::RULES_LIMIT)
                .with_word("what", crate::diagnostic::Phrase::new(what))
                .with_arg("found", found)
                .with_arg("limit", limit),
            ProblemKind::UnknownProperty {
                property,
                content_type,
            } => Diagnostic::new(&codes::CONTENT_TYPE_PROPERTY_UNKNOWN)
                .with_arg("property", property)
                .with_arg("type", content_type),
            ProblemKind::PropertyTypeMismatch {
                property,
                expected,
                found,
            } => Diagnostic::new(&codes::PROPERTY_TYPE_MISMATCH)
                .with_arg("property", property)
                .with_word("expected", expected.clone())
                .with_word("found", found.clone()),
            ProblemKind::LadderTargetOutside {
                label,
                target,
                min,
                max,
            } => Diagnostic::new(&codes::LADDER_TARGET_OUTSIDE)
                .with_arg("label", label)
                .with_arg("target", target)
                .with_arg("min", min)
                .with_arg("max", max),
            ProblemKind::DuplicateId { section, id } => Diagnostic::new(&codes::DUPLICATE_ID)
                .with_arg("section", section)
                .with_arg("id", id),
        };
        diagnostic.with_pointer(&self.pointer)
    }
}
