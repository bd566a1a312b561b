//! Identifiers of the format: pack IDs, content IDs, field IDs and qualified IDs.
//!
//! Each type can only hold a valid value: the only ways in are [`str::parse`] (which
//! reports the first offending character and its position) and serde, which goes through
//! the same parser. See `docs/spec/ids.md` for the grammar.

mod error;
mod field;
mod label;
mod qualified;
mod word;

pub use error::IdError;
pub use field::{FieldId, RESERVED_WORDS, is_dice_term, is_reserved_word};
pub use label::{content_word, field_word};
pub use qualified::{Qualified, QualifiedContentId, QualifiedFieldId, Reference};
pub use word::{ContentId, HOMEBREW_PACK, PackId};

/// Longest ID accepted, in bytes. IDs are names, not documents; the limit keeps hostile input cheap.
pub const MAX_ID_LEN: usize = 256;

/// Implements the serde, schema and display plumbing shared by every string-backed ID type.
macro_rules! string_id {
    ($ty:ident, $what:literal, $pattern:expr) => {
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({:?})", stringify!($ty), self.0)
            }
        }

        impl $ty {
            /// The ID as written.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $ty {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::borrow::Borrow<str> for $ty {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        impl schemars::JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($ty).into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "type": "string",
                    "description": $what,
                    "pattern": $pattern,
                    "maxLength": $crate::ids::MAX_ID_LEN,
                })
            }
        }
    };
}
pub(crate) use string_id;

#[cfg(test)]
mod tests;
