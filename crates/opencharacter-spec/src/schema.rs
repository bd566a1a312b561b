//! JSON Schemas generated from the model, one per kind of file.
//!
//! The committed copies live in the repository's `schemas/` folder; a test in the workspace
//! compares them with [`files`] and fails with a [`diff`] when they drift
//! (`OPENCHARACTER_UPDATE_SCHEMAS=1` rewrites them).

use schemars::{JsonSchema, generate::SchemaSettings};

use crate::model::{
    Character, ContentItem, Game, I18nFile, Manifest, PackRelease, RulesDocument, Ruleset,
    Template, UpgradeScript,
};
use crate::standard_text::StandardText;

/// A generated schema and the file name it is committed under.
#[derive(Debug, Clone, PartialEq)]
pub struct SchemaFile {
    /// File name inside `schemas/` (`pack.schema.json`).
    pub name: &'static str,
    /// The schema document.
    pub schema: serde_json::Value,
}

/// The schema of one type, draft 2020-12, with `$id` set to its file name.
pub fn schema_of<T: JsonSchema>(name: &'static str) -> SchemaFile {
    let generator = SchemaSettings::draft2020_12().into_generator();
    let mut schema = generator.into_root_schema_for::<T>().to_value();
    if let Some(object) = schema.as_object_mut() {
        // `$id` right after `$schema`, so editors and validators resolve the file by name.
        let mut ordered = serde_json::Map::new();
        if let Some(dialect) = object.remove("$schema") {
            ordered.insert("$schema".to_owned(), dialect);
        }
        ordered.insert("$id".to_owned(), serde_json::Value::String(name.to_owned()));
        ordered.extend(std::mem::take(object));
        *object = ordered;
    }
    SchemaFile { name, schema }
}

/// Every schema of the spec crate's file kinds.
pub fn files() -> Vec<SchemaFile> {
    vec![
        schema_of::<Manifest>("pack.schema.json"),
        schema_of::<RulesDocument>("rules.schema.json"),
        schema_of::<ContentItem>("content-item.schema.json"),
        schema_of::<Template>("template.schema.json"),
        schema_of::<I18nFile>("i18n.schema.json"),
        schema_of::<UpgradeScript>("upgrade.schema.json"),
        schema_of::<PackRelease>("pack-release.schema.json"),
        schema_of::<Ruleset>("ruleset.schema.json"),
        schema_of::<Game>("game.schema.json"),
        schema_of::<Character>("character.schema.json"),
        schema_of::<StandardText>("standard-text.schema.json"),
    ]
}

/// The exact text a schema is committed as: pretty JSON with a final newline.
pub fn render(schema: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(schema).expect("a JSON value always serializes");
    text.push('\n');
    text
}

/// A line diff of `committed` against `generated`, or `None` when they are equal. Lines only in
/// the committed file start with `-`, lines only in the generated one with `+`.
pub fn diff(committed: &str, generated: &str) -> Option<String> {
    if committed == generated {
        return None;
    }
    let old: Vec<&str> = committed.lines().collect();
    let new: Vec<&str> = generated.lines().collect();
    // Longest common subsequence table: schema files are small, so quadratic is fine.
    let mut lcs = vec![vec![0u32; new.len() + 1]; old.len() + 1];
    for i in (0..old.len()).rev() {
        for j in (0..new.len()).rev() {
            lcs[i][j] = if old[i] == new[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < old.len() || j < new.len() {
        if i < old.len() && j < new.len() && old[i] == new[j] {
            i += 1;
            j += 1;
        } else if j < new.len() && (i == old.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("+{:>5} {}\n", j + 1, new[j]));
            j += 1;
        } else {
            out.push_str(&format!("-{:>5} {}\n", i + 1, old[i]));
            i += 1;
        }
    }
    if out.is_empty() {
        out.push_str("(the files differ only in line endings)\n");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_shows_changed_lines() {
        assert_eq!(diff("a\nb\n", "a\nb\n"), None);
        let d = diff("a\nb\nc\n", "a\nx\nc\n").unwrap();
        assert!(d.contains("-    2 b"), "{d}");
        assert!(d.contains("+    2 x"), "{d}");
    }

    #[test]
    fn every_schema_names_its_file_and_dialect() {
        for file in files() {
            assert_eq!(file.schema["$id"], file.name);
            assert_eq!(
                file.schema["$schema"],
                "https://json-schema.org/draft/2020-12/schema"
            );
        }
    }
}
