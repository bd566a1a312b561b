//! Qualified IDs (`5e-srd-5.1:weapons.longsword`) and references that may be local or qualified.

use std::fmt;
use std::str::FromStr;

use super::{ContentId, FieldId, IdError, PackId};

/// A local ID together with the pack that defines it, written `pack:local`.
///
/// ```
/// use opencharacter_spec::ids::QualifiedContentId;
/// let id: QualifiedContentId = "5e-srd-5.1:weapons.longsword".parse().unwrap();
/// assert_eq!(id.pack.as_str(), "5e-srd-5.1");
/// assert_eq!(id.to_string(), "5e-srd-5.1:weapons.longsword");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Qualified<L> {
    /// The pack that defines the item. May be `homebrew` (a character's own content).
    pub pack: PackId,
    /// The item's ID inside that pack.
    pub local: L,
}

/// A qualified content ID.
pub type QualifiedContentId = Qualified<ContentId>;
/// A qualified field (or rules item) ID.
pub type QualifiedFieldId = Qualified<FieldId>;

impl<L> Qualified<L> {
    /// Joins a pack and a local ID.
    pub fn new(pack: PackId, local: L) -> Self {
        Qualified { pack, local }
    }
}

impl<L: fmt::Display> fmt::Display for Qualified<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.pack, self.local)
    }
}

impl<L: fmt::Display> fmt::Debug for Qualified<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Qualified({self})")
    }
}

/// Moves a column of a part-parse error to where the part sits in the whole string.
fn shift(error: IdError, by: usize, whole: &str) -> IdError {
    match error {
        IdError::Unexpected {
            kind,
            found,
            column,
            expected,
            ..
        } => IdError::Unexpected {
            kind,
            id: whole.to_owned(),
            found,
            column: column + by,
            expected,
        },
        IdError::ReservedSegment {
            kind,
            segment,
            column,
            reason,
            ..
        } => IdError::ReservedSegment {
            kind,
            id: whole.to_owned(),
            segment,
            column: column + by,
            reason,
        },
        IdError::Truncated { kind, expected, .. } => IdError::Truncated {
            kind,
            id: whole.to_owned(),
            expected,
        },
        other => other,
    }
}

impl<L: FromStr<Err = IdError>> FromStr for Qualified<L> {
    type Err = IdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let Some((pack, local)) = text.split_once(':') else {
            return Err(IdError::Truncated {
                kind: &crate::diagnostic::reasons::ID_KIND_QUALIFIED,
                id: text.to_owned(),
                expected: &crate::diagnostic::reasons::ID_QUALIFIED,
            });
        };
        // A qualified ID may name the reserved `homebrew` pack: only characters write those.
        let pack = PackId::parse_in_character(pack).map_err(|error| shift(error, 0, text))?;
        let offset = text[..=text.find(':').unwrap_or(0)].chars().count();
        let local = local.parse().map_err(|error| shift(error, offset, text))?;
        Ok(Qualified { pack, local })
    }
}

/// A reference as rules and content write it: local (resolved against the referring pack and
/// its direct dependencies) or qualified.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reference<L> {
    /// `weapons.longsword`
    Local(L),
    /// `5e-srd-5.1:weapons.longsword`
    Qualified(Qualified<L>),
}

impl<L> Reference<L> {
    /// The local part, whether or not the reference names its pack.
    pub fn local(&self) -> &L {
        match self {
            Reference::Local(local) => local,
            Reference::Qualified(qualified) => &qualified.local,
        }
    }

    /// The pack, when the reference names one.
    pub fn pack(&self) -> Option<&PackId> {
        match self {
            Reference::Local(_) => None,
            Reference::Qualified(qualified) => Some(&qualified.pack),
        }
    }
}

impl<L: fmt::Display> fmt::Display for Reference<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reference::Local(local) => local.fmt(f),
            Reference::Qualified(qualified) => qualified.fmt(f),
        }
    }
}

impl<L: fmt::Display> fmt::Debug for Reference<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reference({self})")
    }
}

impl<L: FromStr<Err = IdError>> FromStr for Reference<L> {
    type Err = IdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.contains(':') {
            text.parse().map(Reference::Qualified)
        } else {
            text.parse().map(Reference::Local)
        }
    }
}

macro_rules! serde_via_string {
    ($($ty:ident),*) => {$(
        impl<L: fmt::Display> serde::Serialize for $ty<L> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de, L: FromStr<Err = IdError>> serde::Deserialize<'de> for $ty<L> {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        impl<L: schemars::JsonSchema> schemars::JsonSchema for $ty<L> {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                format!("{}{}", stringify!($ty), L::schema_name()).into()
            }

            fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                let local = L::json_schema(generator);
                let local_pattern = local.get("pattern").and_then(|p| p.as_str()).unwrap_or(".+");
                let local_body = local_pattern.trim_start_matches('^').trim_end_matches('$');
                let pack = "[a-z0-9]+(-[a-z0-9]+)*(\\.[a-z0-9]+(-[a-z0-9]+)*)*";
                let pattern = if stringify!($ty) == "Qualified" {
                    format!("^{pack}:{local_body}$")
                } else {
                    format!("^({pack}:)?{local_body}$")
                };
                schemars::json_schema!({
                    "type": "string",
                    "description": if stringify!($ty) == "Qualified" { "qualified ID: `pack:local`" } else { "local or qualified (`pack:local`) reference" },
                    "pattern": pattern,
                })
            }
        }
    )*};
}
serde_via_string!(Qualified, Reference);
