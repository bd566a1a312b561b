//! Why a string is not a valid ID, with the column at fault, in words of the standard text.

use thiserror::Error;

use crate::diagnostic::{Phrase, Reason, reasons};

/// Why a string is not a valid ID. Positions are 1-based character columns into the ID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IdError {
    /// The string is empty.
    #[error("{kind} is empty")]
    Empty {
        /// What was being parsed (`pack ID`, `content ID`, …).
        kind: &'static Reason,
    },
    /// A character that may not stand where it stands.
    #[error("{kind} `{id}` has {found:?} at column {column}: {expected}")]
    Unexpected {
        /// What was being parsed.
        kind: &'static Reason,
        /// The whole offending ID.
        id: String,
        /// The offending character.
        found: char,
        /// 1-based character position of `found`.
        column: usize,
        /// What may stand there instead.
        expected: &'static Reason,
    },
    /// The ID ends where something else was needed (after a `.`, `-` or `:`).
    #[error("{kind} `{id}` ends early: {expected}")]
    Truncated {
        /// What was being parsed.
        kind: &'static Reason,
        /// The whole offending ID.
        id: String,
        /// What was missing at the end.
        expected: &'static Reason,
    },
    /// A field segment that is a formula keyword or reads as a dice term.
    #[error("{kind} `{id}` has the segment `{segment}` at column {column}, which {reason}")]
    ReservedSegment {
        /// What was being parsed.
        kind: &'static Reason,
        /// The whole offending ID.
        id: String,
        /// The offending segment.
        segment: String,
        /// 1-based character position where the segment starts.
        column: usize,
        /// Why the segment is reserved.
        reason: &'static Reason,
    },
    /// The ID `homebrew`, reserved for a character's own content.
    #[error("the pack ID `homebrew` is reserved for a character's own homebrew content")]
    ReservedPack,
    /// Longer than [`super::MAX_ID_LEN`].
    #[error("{kind} is {len} bytes long; the limit is {limit}")]
    TooLong {
        /// What was being parsed.
        kind: &'static Reason,
        /// Its length in bytes.
        len: usize,
        /// The limit.
        limit: usize,
    },
}

impl IdError {
    /// The error as a phrase of the standard text, so it reads in the author's language.
    pub fn phrase(&self) -> Phrase {
        match self {
            IdError::Empty { kind } => Phrase::new(&reasons::ID_EMPTY).with_word("kind", *kind),
            IdError::Unexpected {
                kind,
                id,
                found,
                column,
                expected,
            } => Phrase::new(&reasons::ID_UNEXPECTED)
                .with_word("kind", *kind)
                .with_arg("id", id)
                .with_arg("found", found)
                .with_arg("column", column)
                .with_word("expected", *expected),
            IdError::Truncated { kind, id, expected } => Phrase::new(&reasons::ID_TRUNCATED)
                .with_word("kind", *kind)
                .with_arg("id", id)
                .with_word("expected", *expected),
            IdError::ReservedSegment {
                kind,
                id,
                segment,
                column,
                reason,
            } => Phrase::new(&reasons::ID_RESERVED_SEGMENT)
                .with_word("kind", *kind)
                .with_arg("id", id)
                .with_arg("segment", segment)
                .with_arg("column", column)
                .with_word("reason", *reason),
            IdError::ReservedPack => Phrase::new(&reasons::ID_RESERVED_PACK),
            IdError::TooLong { kind, len, limit } => Phrase::new(&reasons::ID_TOO_LONG)
                .with_word("kind", *kind)
                .with_arg("len", len)
                .with_arg("limit", limit),
        }
    }

    /// The 1-based character column the error points at, when it points at one.
    pub fn column(&self) -> Option<usize> {
        match self {
            IdError::Unexpected { column, .. } | IdError::ReservedSegment { column, .. } => {
                Some(*column)
            }
            IdError::Truncated { id, .. } => Some(id.chars().count() + 1),
            IdError::Empty { .. } => Some(1),
            IdError::ReservedPack | IdError::TooLong { .. } => None,
        }
    }
}
