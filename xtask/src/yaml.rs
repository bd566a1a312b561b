//! The converters write YAML with the spec crate's deterministic writer, the same one the JSON
//! ruleset importer uses, so every generated pack prints the same way.

pub use opencharacter_spec::yaml::{scalar_text, to_string};
