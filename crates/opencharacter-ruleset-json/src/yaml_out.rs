//! The importer writes YAML with the spec crate's deterministic writer, the same one the
//! converters in `xtask/` use, so every generated pack prints the same way.

pub use opencharacter_spec::yaml::to_string;
