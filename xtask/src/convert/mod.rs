//! Converters from real game data to packs, one module per source, and what they share: the
//! error type, the deterministic writer of a pack folder, and the checks run before writing.

pub mod fitd;
pub mod mothership;
pub mod srd;
pub mod srd_monster_table;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use serde_json::Value;

/// Why a conversion failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A source file is not the JSON expected.
    #[error("{path}: {source}")]
    Json {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: serde_json::Error,
    },
    /// The source data breaks an assumption of the converter.
    #[error("source data: {0}")]
    Data(String),
    /// The output folder exists but is not a pack this converter wrote.
    #[error("{0}: refusing to wipe a folder that is not this converter's pack")]
    NotOurs(PathBuf),
    /// What the converter built does not read back into the model, or a formula does not parse.
    #[error("generated pack fails its own checks:\n{0}")]
    SelfCheck(String),
}

/// A pack being built: every file by its path inside the pack, and the default language's
/// text by flat key.
#[derive(Debug, Default)]
pub struct PackOutput {
    /// Path inside the pack → the value written there as YAML.
    pub files: BTreeMap<String, Value>,
    /// Flat i18n key → text, in insertion order (written sorted).
    pub text: IndexMap<String, String>,
}

impl PackOutput {
    /// Adds a file; a path written twice is a converter bug.
    pub fn file(&mut self, path: impl Into<String>, value: Value) -> Result<(), Error> {
        let path = path.into();
        if self.files.insert(path.clone(), value).is_some() {
            return Err(Error::Data(format!("two files at {path}")));
        }
        Ok(())
    }

    /// Adds a text; the same key with another text is a converter bug.
    pub fn text(&mut self, key: impl Into<String>, text: impl Into<String>) -> Result<(), Error> {
        let key = key.into();
        let text = text.into();
        if let Some(old) = self.text.get(&key)
            && *old != text
        {
            return Err(Error::Data(format!(
                "i18n key {key} given `{old}` and `{text}`"
            )));
        }
        self.text.insert(key, text);
        Ok(())
    }

    /// Every file's bytes, by path (the i18n file included), in path order.
    pub fn render(&self, language: &str) -> BTreeMap<String, String> {
        let mut out: BTreeMap<String, String> = self
            .files
            .iter()
            .map(|(path, value)| (path.clone(), crate::yaml::to_string(value)))
            .collect();
        let mut i18n = String::new();
        let _ = writeln!(i18n, "_meta: {{ language: {language}, direction: ltr }}");
        let mut keys: Vec<&String> = self.text.keys().collect();
        keys.sort();
        for key in keys {
            let _ = writeln!(
                i18n,
                "{}: {}",
                crate::yaml::scalar_text(key),
                crate::yaml::scalar_text(&self.text[key])
            );
        }
        out.insert(format!("i18n/{language}.yaml"), i18n);
        out
    }
}

/// Wipes `out` (only when it is missing, empty, or holds a `pack.yaml` naming `pack_id`) and
/// writes every file. Returns how many files were written.
pub fn write_pack(
    out: &Path,
    pack_id: &str,
    files: &BTreeMap<String, String>,
) -> Result<usize, Error> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| Error::Io { path, source }
    };
    if out.exists() {
        let manifest = out.join("pack.yaml");
        let ours = match std::fs::read_to_string(&manifest) {
            Ok(text) => text
                .lines()
                .any(|line| line.trim() == format!("id: {pack_id}")),
            Err(_) => std::fs::read_dir(out).map_err(io(out))?.next().is_none(),
        };
        if !ours {
            return Err(Error::NotOurs(out.to_owned()));
        }
        std::fs::remove_dir_all(out).map_err(io(out))?;
    }
    for (relative, text) in files {
        let path = out.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::write(&path, text).map_err(io(&path))?;
    }
    Ok(files.len())
}

/// Reads a JSON file of the corpus.
pub fn read_json(path: &Path) -> Result<Value, Error> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| Error::Json {
        path: path.to_owned(),
        source,
    })
}
