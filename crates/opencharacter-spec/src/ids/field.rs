//! Field IDs: dot-separated identifier segments (`abilities.str.mod`, `combat.critRange`).
//!
//! Formulas name fields bare, so a field segment must never read as anything else in a formula:
//! no hyphens (subtraction), no keyword, no dice term. The formula crate's lexer follows the same
//! two rules ([`RESERVED_WORDS`], [`is_dice_term`]); a test in the workspace checks they agree.

use super::{IdError, MAX_ID_LEN, string_id};

/// Words the formula language reserves; no field segment may be one of them.
pub const RESERVED_WORDS: [&str; 6] = ["and", "or", "not", "true", "false", "if"];

/// Whether `segment` is one of the [`RESERVED_WORDS`].
pub fn is_reserved_word(segment: &str) -> bool {
    RESERVED_WORDS.contains(&segment)
}

/// Whether `segment` reads as a dice term in a formula: the letter `d` followed by a digit
/// (`d20`, `d6`, `d100x`). The formula lexer reads any such run as dice, so it may not start a
/// field segment.
pub fn is_dice_term(segment: &str) -> bool {
    let mut chars = segment.chars();
    chars.next() == Some('d') && chars.next().is_some_and(|ch| ch.is_ascii_digit())
}

/// A field ID (`abilities.str.mod`): segments of ASCII letters, digits and `_`, each starting
/// with a letter or `_`, none a formula keyword or a dice term. Also the ID grammar of every
/// rules item (layers, sellers, settings, …).
///
/// ```
/// use opencharacter_spec::ids::FieldId;
/// let id: FieldId = "abilities.str.mod".parse().unwrap();
/// assert_eq!(id.prefix(), Some("abilities.str"));
/// let err = "abilities.d20".parse::<FieldId>().unwrap_err();
/// assert_eq!(err.column(), Some(11));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldId(String);

impl FieldId {
    /// The dot-separated segments.
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        self.0.split('.')
    }

    /// Everything before the last segment, if there is more than one.
    pub fn prefix(&self) -> Option<&str> {
        self.0.rsplit_once('.').map(|(prefix, _)| prefix)
    }

    /// Whether this ID is `prefix` itself or lies under it (`abilities.str.mod` under `abilities.str`).
    pub fn is_under(&self, prefix: &FieldId) -> bool {
        self.0 == prefix.0
            || (self.0.starts_with(&prefix.0)
                && self.0.as_bytes().get(prefix.0.len()) == Some(&b'.'))
    }
}

impl std::str::FromStr for FieldId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        const KIND: &crate::diagnostic::Reason = &crate::diagnostic::reasons::ID_KIND_FIELD;
        if text.is_empty() {
            return Err(IdError::Empty { kind: KIND });
        }
        if text.len() > MAX_ID_LEN {
            return Err(IdError::TooLong {
                kind: KIND,
                len: text.len(),
                limit: MAX_ID_LEN,
            });
        }
        let mut column = 1;
        for segment in text.split('.') {
            check_segment(text, segment, column)?;
            column += segment.chars().count() + 1;
        }
        Ok(FieldId(text.to_owned()))
    }
}

fn check_segment(id: &str, segment: &str, start: usize) -> Result<(), IdError> {
    const KIND: &crate::diagnostic::Reason = &crate::diagnostic::reasons::ID_KIND_FIELD;
    let mut chars = segment.chars().enumerate();
    match chars.next() {
        None if start > id.chars().count() => {
            return Err(IdError::Truncated {
                kind: KIND,
                id: id.to_owned(),
                expected: &crate::diagnostic::reasons::ID_SEGMENT_AFTER,
            });
        }
        None => {
            let found = '.';
            let expected = &crate::diagnostic::reasons::ID_SEGMENT_START;
            return Err(IdError::Unexpected {
                kind: KIND,
                id: id.to_owned(),
                found,
                column: start,
                expected,
            });
        }
        Some((_, ch)) if ch.is_ascii_alphabetic() || ch == '_' => {}
        Some((_, ch)) => {
            let expected = if ch == '-' {
                &crate::diagnostic::reasons::ID_FIELD_HYPHEN
            } else {
                &crate::diagnostic::reasons::ID_SEGMENT_START
            };
            return Err(IdError::Unexpected {
                kind: KIND,
                id: id.to_owned(),
                found: ch,
                column: start,
                expected,
            });
        }
    }
    for (offset, ch) in chars {
        if !(ch.is_ascii_alphanumeric() || ch == '_') {
            let expected = if ch == '-' {
                &crate::diagnostic::reasons::ID_FIELD_HYPHEN
            } else {
                &crate::diagnostic::reasons::ID_FIELD_CHAR
            };
            return Err(IdError::Unexpected {
                kind: KIND,
                id: id.to_owned(),
                found: ch,
                column: start + offset,
                expected,
            });
        }
    }
    let reason = if is_reserved_word(segment) {
        &crate::diagnostic::reasons::ID_KEYWORD
    } else if is_dice_term(segment) {
        &crate::diagnostic::reasons::ID_DICE_TERM
    } else {
        return Ok(());
    };
    Err(IdError::ReservedSegment {
        kind: KIND,
        id: id.to_owned(),
        segment: segment.to_owned(),
        column: start,
        reason,
    })
}

string_id!(
    FieldId,
    "field ID: dot-separated identifier segments, none a formula keyword or a dice term",
    "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$"
);
