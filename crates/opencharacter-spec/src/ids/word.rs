//! Pack IDs and content IDs: dot-separated segments of lowercase words joined by hyphens.

use super::{IdError, MAX_ID_LEN, string_id};

/// The pack ID reserved for a character's own homebrew content.
pub const HOMEBREW_PACK: &str = "homebrew";

/// Checks `text` against the word grammar: `segment ("." segment)*`, `segment = word ("-" word)*`,
/// `word = [a-z0-9]+`.
fn check_words(kind: &'static crate::diagnostic::Reason, text: &str) -> Result<(), IdError> {
    if text.is_empty() {
        return Err(IdError::Empty { kind });
    }
    if text.len() > MAX_ID_LEN {
        return Err(IdError::TooLong {
            kind,
            len: text.len(),
            limit: MAX_ID_LEN,
        });
    }
    // `after_separator` is true at the start and right after `.` or `-`: a word must begin there.
    let mut after_separator = true;
    for (index, ch) in text.chars().enumerate() {
        let unexpected = |expected| IdError::Unexpected {
            kind,
            id: text.to_owned(),
            found: ch,
            column: index + 1,
            expected,
        };
        match ch {
            'a'..='z' | '0'..='9' => after_separator = false,
            '.' | '-' if after_separator => {
                return Err(unexpected(&crate::diagnostic::reasons::ID_WORD_START));
            }
            '.' | '-' => after_separator = true,
            'A'..='Z' => return Err(unexpected(&crate::diagnostic::reasons::ID_LOWERCASE)),
            _ => {
                return Err(unexpected(&crate::diagnostic::reasons::ID_WORD_CHAR));
            }
        }
    }
    if after_separator {
        return Err(IdError::Truncated {
            kind,
            id: text.to_owned(),
            expected: &crate::diagnostic::reasons::ID_WORD_AFTER,
        });
    }
    Ok(())
}

/// A pack's ID (`5e-srd-5.1`): lowercase words joined by hyphens, dots allowed between them.
///
/// `homebrew` is reserved for a character's own content: [`str::parse`] refuses it, and
/// [`PackId::homebrew`] is the one way to name it.
///
/// ```
/// use opencharacter_spec::ids::PackId;
/// let id: PackId = "5e-srd-5.1".parse().unwrap();
/// assert_eq!(id.as_str(), "5e-srd-5.1");
/// assert!("homebrew".parse::<PackId>().is_err());
/// assert!(PackId::homebrew().is_homebrew());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PackId(String);

impl PackId {
    /// The reserved pack of a character's own homebrew content.
    pub fn homebrew() -> PackId {
        PackId(HOMEBREW_PACK.to_owned())
    }

    /// Whether this is the reserved [`HOMEBREW_PACK`].
    pub fn is_homebrew(&self) -> bool {
        self.0 == HOMEBREW_PACK
    }

    /// Parses a pack ID as a character file writes it, where `homebrew` is allowed.
    pub fn parse_in_character(text: &str) -> Result<PackId, IdError> {
        if text == HOMEBREW_PACK {
            Ok(PackId::homebrew())
        } else {
            text.parse()
        }
    }
}

impl std::str::FromStr for PackId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        check_words(&crate::diagnostic::reasons::ID_KIND_PACK, text)?;
        if text == HOMEBREW_PACK {
            return Err(IdError::ReservedPack);
        }
        Ok(PackId(text.to_owned()))
    }
}

string_id!(
    PackId,
    "pack ID: lowercase words joined by hyphens, dots between them",
    "^[a-z0-9]+(-[a-z0-9]+)*(\\.[a-z0-9]+(-[a-z0-9]+)*)*$"
);

/// A content item's local ID (`magic-items.flame-tongue`): dot-separated segments of
/// lowercase words joined by hyphens. The first segment is the content folder path's
/// first directory, so an item's ID follows from where its file lives.
///
/// ```
/// use opencharacter_spec::ids::ContentId;
/// let id: ContentId = "magic-items.flame-tongue".parse().unwrap();
/// assert_eq!(id.segments().collect::<Vec<_>>(), ["magic-items", "flame-tongue"]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContentId(String);

impl ContentId {
    /// The dot-separated segments.
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        self.0.split('.')
    }
}

impl std::str::FromStr for ContentId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        check_words(&crate::diagnostic::reasons::ID_KIND_CONTENT, text)?;
        Ok(ContentId(text.to_owned()))
    }
}

string_id!(
    ContentId,
    "content ID: dot-separated segments of lowercase words joined by hyphens",
    "^[a-z0-9]+(-[a-z0-9]+)*(\\.[a-z0-9]+(-[a-z0-9]+)*)*$"
);
