//! SRD 5.1 (the 5e-bits JSON in `../shared/corpus/srd-5.1/`) → the pack `5e-srd-5.1`.
//!
//! Every entry becomes one content item with its mechanics as typed properties; names go to
//! `i18n/en.yaml`; no description or rules prose is carried (a `desc` field is read only for a
//! number the data leaves there: a magic item's attunement, a monster action's save DC).
//! Mechanics the data does not hold at all are the converter's own tables ([`mechanics`]), and
//! what is still missing is reported with its reason ([`coverage`]). The rules documents (fields, derived formulas, link slots, content types, bands,
//! actions, currencies, market, loot tables, GM guidance) are written by [`rules`], partly
//! from the data (abilities, skills, enum values) and partly in the converter's own words.
//!
//! What the data holds that the pack does not express is counted in [`Notes`] and printed in
//! the run's report, so nothing is dropped silently.

mod classes;
mod content;
pub mod coverage;
mod legendary;
mod mechanics;
mod monster_numbers;
mod rolls;
mod rules;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use indexmap::IndexMap;
use opencharacter_spec::ids::field_word;
use serde_json::{Map, Value, json};

use super::{Error, PackOutput, read_json, write_pack};

/// The pack's ID.
pub const PACK_ID: &str = "5e-srd-5.1";

/// The credit line CC-BY-4.0 asks for, exactly as the source's SOURCE.md gives it.
pub const CREDIT: &str = "This work includes material taken from the System Reference Document 5.1 (\"SRD 5.1\") by Wizards of the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available at https://creativecommons.org/licenses/by/4.0/legalcode.";

/// The corpus, one JSON array per file, by the file's short name (`Spells`, `Monsters`, …).
pub struct Corpus {
    files: BTreeMap<&'static str, Vec<Value>>,
}

const FILES: [&str; 23] = [
    "Ability-Scores",
    "Alignments",
    "Backgrounds",
    "Classes",
    "Conditions",
    "Damage-Types",
    "Equipment-Categories",
    "Equipment",
    "Feats",
    "Features",
    "Languages",
    "Levels",
    "Magic-Items",
    "Magic-Schools",
    "Monsters",
    "Proficiencies",
    "Races",
    "Skills",
    "Spells",
    "Subclasses",
    "Subraces",
    "Traits",
    "Weapon-Properties",
];

impl Corpus {
    fn read(folder: &Path) -> Result<Corpus, Error> {
        let mut files = BTreeMap::new();
        for name in FILES {
            let path = folder.join(format!("5e-SRD-{name}.json"));
            let Value::Array(mut entries) = read_json(&path)? else {
                return Err(Error::Data(format!(
                    "{} is not a JSON array",
                    path.display()
                )));
            };
            entries.iter_mut().for_each(normalize_indexes);
            files.insert(name, entries);
        }
        Ok(Corpus { files })
    }

    /// The entries of one file.
    pub fn get(&self, name: &str) -> &[Value] {
        self.files.get(name).map_or(&[], Vec::as_slice)
    }
}

/// Makes every `index` (and the last segment of every `url`) a valid content-ID word: a few
/// 5e-bits indexes join words with `---` (`dragon-ancestor-black---acid-damage`), which the
/// content-ID grammar refuses, so runs of hyphens become one.
fn normalize_indexes(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                match child {
                    Value::String(text) if key == "index" || key == "url" => {
                        while text.contains("--") {
                            *text = text.replace("--", "-");
                        }
                    }
                    _ => normalize_indexes(child),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(normalize_indexes),
        _ => {}
    }
}

/// What the data holds that the pack does not express, counted by kind.
#[derive(Debug, Default)]
pub struct Notes(pub BTreeMap<String, usize>);

impl Notes {
    /// Counts one thing left out.
    pub fn skip(&mut self, what: impl Into<String>) {
        *self.0.entry(what.into()).or_default() += 1;
    }
}

/// The conversion's state: the pack being written and what was left out.
pub struct Ctx<'c> {
    /// The source data.
    pub corpus: &'c Corpus,
    /// The pack being built.
    pub out: PackOutput,
    /// What was left out.
    pub notes: Notes,
    /// Content items by type, in the order written (for counts and the self-check).
    pub counts: IndexMap<String, usize>,
    /// Which items carry mechanics, for the coverage report.
    pub coverage: coverage::Coverage,
}

impl Ctx<'_> {
    /// Writes one content item `content/<folder>/<local>.yaml` (`<folder>.<local>`) with its
    /// English name. `body` holds what follows `id` and `type` (properties, price, tags, …);
    /// empty sections are dropped.
    pub fn item(
        &mut self,
        folder: &str,
        local: &str,
        content_type: &str,
        name: &str,
        body: Map<String, Value>,
    ) -> Result<String, Error> {
        let id = format!("{}.{local}", folder.replace('/', "."));
        let mut item = Map::new();
        item.insert("id".into(), json!(id));
        if let Some(parent) = body.get("extends") {
            item.insert("extends".into(), parent.clone());
        }
        item.insert("type".into(), json!(content_type));
        for (key, value) in body {
            if key == "extends" || is_empty(&value) {
                continue;
            }
            item.insert(key, value);
        }
        self.coverage.record(content_type, local, &item);
        self.out.file(
            format!("content/{folder}/{local}.yaml"),
            Value::Object(item),
        )?;
        self.out.text(format!("content.{id}.name"), name)?;
        *self.counts.entry(content_type.to_owned()).or_default() += 1;
        Ok(id)
    }
}

/// Whether a value carries nothing (`null`, `[]`, `{}`).
pub fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty(),
        _ => false,
    }
}

/// A map of properties, dropping the ones that carry nothing.
pub fn props(entries: impl IntoIterator<Item = (&'static str, Value)>) -> Map<String, Value> {
    entries
        .into_iter()
        .filter(|(_, value)| !is_empty(value))
        .map(|(key, value)| (key.to_owned(), value))
        .collect()
}

/// The text at `key`, if it is one.
pub fn text<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key).and_then(Value::as_str)
}

/// The list at `key`, or nothing.
pub fn list<'v>(value: &'v Value, key: &str) -> &'v [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The `index` of an entry or a `{index, name, url}` stub.
pub fn index(value: &Value) -> &str {
    text(value, "index").unwrap_or_default()
}

/// A label turned into a field-ID word: `Swarm of Tiny beasts` → `swarm_of_tiny_beasts`; one
/// that would start badly is written behind `n_` (the spec's [`field_word`]).
pub fn word(label: &str) -> String {
    field_word(label, "n")
}

/// The whole number at the start of a text (`"30 ft."` → 30, `"1,320 lb."` → 1320).
pub fn leading_number(text: &str) -> Option<i64> {
    let digits: String = text
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The project's own translations of the pack's text, kept beside the converter
/// (`xtask/data/srd-5.1/<lang>.yaml`) and copied into the pack's `i18n/`.
pub fn translations_folder() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/srd-5.1")
}

/// Reads every `<lang>.yaml` of a translations folder, by language, in name order.
fn read_translations(folder: &Path) -> Result<BTreeMap<String, String>, Error> {
    let mut out = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Ok(out);
    };
    for entry in entries {
        let path = entry
            .map_err(|source| Error::Io {
                path: folder.to_owned(),
                source,
            })?
            .path();
        let Some(language) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".yaml"))
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        out.insert(language.to_owned(), text);
    }
    Ok(out)
}

/// The lowest spec version the pack needs, by the spec's own feature table, over its rules and
/// its content.
fn lowest_spec_version(files: &BTreeMap<String, String>) -> Result<String, Error> {
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
    let languages: Vec<&str> = files
        .keys()
        .filter_map(|path| path.strip_prefix("i18n/")?.strip_suffix(".yaml"))
        .collect();
    // Content counts too: resources and an item's own `variantOf` are features of their own.
    let mut content = indexmap::IndexMap::new();
    for (path, text) in files
        .iter()
        .filter(|(path, _)| path.starts_with("content/"))
    {
        let item: opencharacter_spec::model::ContentItem = opencharacter_spec::yaml::from_str(text)
            .map_err(|error| Error::SelfCheck(format!("{path}: {error}")))?;
        if let Some(id) = item.id.clone() {
            content.insert(id, item);
        }
    }
    let pack = PackContents {
        rules: &rules,
        upgrades: &[],
        languages: &languages,
        default_language: "en",
        content: &content,
        templates: &indexmap::IndexMap::new(),
    };
    Ok(lowest_spec_version(&pack).to_string())
}

/// Runs the conversion and writes the pack; returns the report. Other languages' text is
/// copied from `translations` (when given) into the pack's `i18n/`; the coverage report is
/// written to `coverage` (when given) as well as printed.
pub fn run(
    corpus_folder: &Path,
    out: &Path,
    translations: Option<&Path>,
    coverage: Option<&Path>,
) -> Result<String, Error> {
    let started = Instant::now();
    let corpus = Corpus::read(corpus_folder)?;
    let read = started.elapsed();
    let mut ctx = Ctx {
        corpus: &corpus,
        out: PackOutput::default(),
        notes: Notes::default(),
        counts: IndexMap::new(),
        coverage: coverage::Coverage::default(),
    };
    let facts = content::convert_all(&mut ctx)?;
    rules::write_all(&mut ctx, &facts)?;
    ctx.out.text("pack.name", "SRD 5.1")?;
    ctx.out.text(
        "pack.description",
        "The System Reference Document 5.1 as a rules pack: fifth-edition-compatible rules, character options, equipment, spells, magic items and monsters.",
    )?;
    let mut files = ctx.out.render("en");
    if let Some(folder) = translations {
        for (language, text) in read_translations(folder)? {
            files.insert(format!("i18n/{language}.yaml"), text);
        }
    }
    // Languages beyond the default are published as the pack's `-i18n` package, which has its
    // own version (translation fixes never bump the pack); it starts with the pack's.
    if files
        .keys()
        .any(|path| path.starts_with("i18n/") && path != "i18n/en.yaml")
    {
        files.insert(
            "i18n-package/package.json".to_owned(),
            format!("{:#}\n", json!({ "version": "0.1.0" })),
        );
    }
    // A pack with text in more languages than its default needs the spec that has them.
    let spec_version = lowest_spec_version(&files)?;
    files.insert(
        "pack.yaml".to_owned(),
        crate::yaml::to_string(&json!({
            "id": PACK_ID,
            "version": "0.1.0",
            "specVersion": spec_version,
            "license": "CC-BY-4.0",
            "credit": CREDIT,
            "defaultLanguage": "en",
        })),
    );
    let built = started.elapsed();
    let problems = self_check(&files);
    if !problems.is_empty() {
        return Err(Error::SelfCheck(problems.join("\n")));
    }
    let checked = started.elapsed();
    let written = write_pack(out, PACK_ID, &files)?;
    let total = started.elapsed();

    let mut report = String::new();
    let _ = writeln!(report, "wrote {written} files to {}", out.display());
    let _ = writeln!(report, "content items by type:");
    let mut counts: Vec<_> = ctx.counts.iter().collect();
    counts.sort();
    for (content_type, count) in counts {
        let _ = writeln!(report, "  {content_type}: {count}");
    }
    let _ = writeln!(report, "not expressed (count of entries):");
    for (what, count) in &ctx.notes.0 {
        let _ = writeln!(report, "  {what}: {count}");
    }
    let coverage_report = ctx.coverage.report();
    if let Some(path) = coverage {
        std::fs::write(path, &coverage_report).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })?;
    }
    report.push_str(&coverage_report);
    let _ = writeln!(
        report,
        "time: read {:.0?}, convert {:.0?}, self-check {:.0?}, write {:.0?}, total {:.0?}",
        read,
        built - read,
        checked - built,
        total - checked,
        total
    );
    Ok(report)
}

/// Reads every rendered file back into its model type and parses every formula, so a broken
/// converter fails before it writes anything.
fn self_check(files: &BTreeMap<String, String>) -> Vec<String> {
    use opencharacter_spec::model::formulas::{content_formulas, rules_formulas};
    use opencharacter_spec::model::{ContentItem, I18nFile, Manifest, RulesDocument};
    use opencharacter_spec::yaml;

    let mut problems = Vec::new();
    let english: Option<I18nFile> = files
        .get("i18n/en.yaml")
        .and_then(|text| yaml::from_str(text).ok());
    let english_keys = english.map(|file| file.flat()).unwrap_or_default();
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
                Ok(file) => {
                    for error in file.key_errors() {
                        problems.push(format!("{path}: {error}"));
                    }
                    // A translation may only translate what the default language has.
                    for key in file.flat().keys() {
                        if !english_keys.contains_key(key) {
                            problems.push(format!("{path}: `{key}` is not a key of i18n/en.yaml"));
                        }
                    }
                }
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
    // Each item's written type, so an extension that writes none (a racial spell) is checked
    // against its parent's.
    let written_types: BTreeMap<String, String> = files
        .iter()
        .filter(|(path, _)| path.starts_with("content/"))
        .filter_map(|(_, text)| yaml::from_str::<ContentItem>(text).ok())
        .filter_map(|item| {
            let id = item.id.as_ref()?.to_string();
            let written = item.content_type.as_ref()?.local().to_string();
            Some((id, written))
        })
        .collect();
    for (path, text) in files
        .iter()
        .filter(|(path, _)| path.starts_with("content/"))
    {
        match yaml::from_str::<ContentItem>(text) {
            Ok(item) => {
                let type_id = item
                    .content_type
                    .as_ref()
                    .map(|t| t.local().to_string())
                    .or_else(|| {
                        let parent = item.extends.as_ref()?.to_string();
                        written_types.get(&parent).cloned()
                    });
                let declared = type_id.and_then(|t| {
                    content_types
                        .iter()
                        .find(|(id, _)| id.to_string() == t)
                        .map(|(_, d)| d)
                });
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

#[cfg(test)]
mod tests;
