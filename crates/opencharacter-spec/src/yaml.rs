//! The one place that reads YAML text (through `serde-saphyr`), so the parser can be swapped.
//!
//! Reading is bounded: the budget caps nodes, nesting, aliases and bytes, so an alias bomb or a
//! deeply nested file gives an error, never a hang or a crash.

use serde::de::DeserializeOwned;
use thiserror::Error;

/// Largest YAML text accepted, in bytes.
pub const MAX_YAML_BYTES: usize = 16 * 1024 * 1024;
/// Deepest nesting accepted.
pub const MAX_YAML_DEPTH: usize = 64;

/// A YAML text that does not parse or does not fit the expected type.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct YamlError {
    /// What went wrong, without location.
    pub message: String,
    /// 1-based line the parser reports, when it reports one.
    pub line: Option<u32>,
    /// 1-based column the parser reports, when it reports one.
    pub column: Option<u32>,
}

fn options() -> serde_saphyr::Options {
    let mut options = serde_saphyr::Options::default();
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = MAX_YAML_DEPTH;
    budget.max_reader_input_bytes = Some(MAX_YAML_BYTES);
    options.budget = Some(budget);
    options.with_snippet = false;
    options
}

/// Parses `text` as a `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    if text.len() > MAX_YAML_BYTES {
        return Err(YamlError {
            message: format!(
                "the file is {} bytes; the limit is {MAX_YAML_BYTES}",
                text.len()
            ),
            line: None,
            column: None,
        });
    }
    serde_saphyr::from_str_with_options(text, options()).map_err(|error| {
        let location = error.location();
        YamlError {
            message: error.to_string(),
            line: location
                .as_ref()
                .map(|l| u32::try_from(l.line()).unwrap_or(u32::MAX))
                .filter(|&l| l > 0),
            column: location
                .as_ref()
                .map(|l| u32::try_from(l.column()).unwrap_or(u32::MAX))
                .filter(|&c| c > 0),
        }
    })
}
