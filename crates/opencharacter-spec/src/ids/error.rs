use thiserror::Error;

/// Why a string is not a valid ID. Positions are 1-based character columns into the ID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IdError {
    /// The string is empty.
    #[error("{kind} is empty")]
    Empty {
        /// What was being parsed (`pack ID`, `content ID`, …).
        kind: &'static str,
    },
    /// A character that may not stand where it stands.
    #[error("{kind} `{id}` has {found:?} at column {column}: {expected}")]
    Unexpected {
        /// What was being parsed.
        kind: &'static str,
        /// The whole offending ID.
        id: String,
        /// The offending character.
        found: char,
        /// 1-based character position of `found`.
        column: usize,
        /// What may stand there instead.
        expected: &'static str,
    },
    /// The ID ends where something else was needed (after a `.`, `-` or `:`).
    #[error("{kind} `{id}` ends early: {expected}")]
    Truncated {
        /// What was being parsed.
        kind: &'static str,
        /// The whole offending ID.
        id: String,
        /// What was missing at the end.
        expected: &'static str,
    },
    /// A field segment that is a formula keyword or reads as a dice term.
    #[error("{kind} `{id}` has the segment `{segment}` at column {column}, which {reason}")]
    ReservedSegment {
        /// What was being parsed.
        kind: &'static str,
        /// The whole offending ID.
        id: String,
        /// The offending segment.
        segment: String,
        /// 1-based character position where the segment starts.
        column: usize,
        /// Why the segment is reserved.
        reason: &'static str,
    },
    /// The ID `homebrew`, reserved for a character's own content.
    #[error("the pack ID `homebrew` is reserved for a character's own homebrew content")]
    ReservedPack,
    /// Longer than [`super::MAX_ID_LEN`].
    #[error("{kind} is {len} bytes long; the limit is {limit}")]
    TooLong {
        /// What was being parsed.
        kind: &'static str,
        /// Its length in bytes.
        len: usize,
        /// The limit.
        limit: usize,
    },
}

impl IdError {
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
