//! The checks every hand-built converter of this crate runs before it writes (render, read
//! each file back into its model type, parse every formula, compute `specVersion`); here, not in
//! fitd.rs, because `mothership` uses them too.

use std::collections::BTreeMap;
use std::path::Path;

use indexmap::IndexMap;
use serde_json::{Map, Value};

use crate::convert::{Error, PackOutput, write_pack};

/// Reads every rendered file back into its model type and parses every formula, so a broken
/// converter fails before it writes anything.
pub(super) fn self_check(files: &BTreeMap<String, String>) -> Vec<String> {
    use opencharacter_spec::model::formulas::{content_formulas, rules_formulas};
    use opencharacter_spec::model::{ContentItem, I18nFile, Manifest, RulesDocument};
    use opencharacter_spec::yaml;

    let mut problems = Vec::new();
    let mut content_types = IndexMap::new();
    let mut rules_docs = Vec::new();
    for (path, text) in files {
        if path.starts_with("rules/") {
            match yaml::from_str::<RulesDocument>(text) {
                Ok(rules) => {
                    content_types.extend(rules.content_types.clone());
                    rules_docs.push((path, rules));
                }
                Err(error) => problems.push(format!("{path}: {error}")),
            }
        } else if path == "pack.yaml" {
            if let Err(error) = yaml::from_str::<Manifest>(text) {
                problems.push(format!("{path}: {error}"));
            }
        } else if path.starts_with("i18n/") {
            match yaml::from_str::<I18nFile>(text) {
                Ok(file) => problems.extend(
                    file.key_errors()
                        .into_iter()
                        .map(|error| format!("{path}: {error}")),
                ),
                Err(error) => problems.push(format!("{path}: {error}")),
            }
        }
    }
    let check = |problems: &mut Vec<String>, path: &str, text: &str| {
        if let Err(error) = opencharacter_formula::parse(text) {
            problems.push(format!("{path}: formula `{text}`: {error}"));
        }
    };
    for (path, rules) in &rules_docs {
        for site in rules_formulas(rules) {
            check(&mut problems, &format!("{path}{}", site.pointer), site.text);
        }
    }
    for (path, text) in files.iter().filter(|(p, _)| p.starts_with("content/")) {
        match yaml::from_str::<ContentItem>(text) {
            Ok(item) => {
                let declared = item
                    .content_type
                    .as_ref()
                    .and_then(|t| content_types.get(t.local()));
                if declared.is_none() {
                    problems.push(format!("{path}: undeclared content type"));
                }
                for site in content_formulas(&item, declared) {
                    check(&mut problems, &format!("{path}{}", site.pointer), site.text);
                }
            }
            Err(error) => problems.push(format!("{path}: {error}")),
        }
    }
    problems
}

/// The lowest spec version the rendered pack needs, by the spec's own feature table.
pub(super) fn spec_version(files: &BTreeMap<String, String>) -> Result<String, Error> {
    use opencharacter_spec::features::{PackContents, lowest_spec_version};
    use opencharacter_spec::model::RulesDocument;
    let mut rules = RulesDocument::default();
    for (path, text) in files.iter().filter(|(path, _)| path.starts_with("rules/")) {
        let document: RulesDocument = opencharacter_spec::yaml::from_str(text)
            .map_err(|error| Error::SelfCheck(format!("{path}: {error}")))?;
        let duplicates = rules.merge(document);
        if !duplicates.is_empty() {
            return Err(Error::SelfCheck(format!(
                "{path}: defined twice: {duplicates:?}"
            )));
        }
    }
    let pack = PackContents {
        rules: &rules,
        upgrades: &[],
        languages: &["en"],
        default_language: "en",
        content: &indexmap::IndexMap::new(),
        templates: &indexmap::IndexMap::new(),
    };
    Ok(lowest_spec_version(&pack).to_string())
}

/// Renders, checks and writes a pack whose manifest fields are given (its `specVersion` is
/// computed); returns the report's first line.
pub(in crate::convert) fn finish(
    out_pack: &PackOutput,
    manifest: Map<String, Value>,
    pack_id: &str,
    out: &Path,
) -> Result<String, Error> {
    let mut files = out_pack.render("en");
    let version = spec_version(&files)?;
    let mut full = Map::new();
    for (key, value) in manifest {
        full.insert(key.clone(), value);
        if key == "version" {
            full.insert("specVersion".to_owned(), Value::String(version.clone()));
        }
    }
    files.insert(
        "pack.yaml".to_owned(),
        crate::yaml::to_string(&Value::Object(full)),
    );
    let problems = self_check(&files);
    if !problems.is_empty() {
        return Err(Error::SelfCheck(problems.join("\n")));
    }
    let written = write_pack(out, pack_id, &files)?;
    Ok(format!("wrote {written} files to {}", out.display()))
}
