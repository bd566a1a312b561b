//! Assembling a pack read from its folder into the in-memory [`PackRelease`]: the manifest, the
//! rules files merged (an ID defined twice names both places), the content items and templates
//! (each ID must be the one its path gives), the text of every language (nested maps read as
//! dotted keys), the upgrade scripts, and the `formulas` table (source text → canonical text and
//! tree, from the formula crate).
//!
//! The pack's own checks run here too, each crate's on what it owns: the model's shape checks,
//! the manifest's license, language and version checks, retirement versions, the feature table
//! against `specVersion`, i18n keys and languages, and formula parsing. Every problem is a
//! diagnostic located in the file it is about ([`AssembledPack::locate`] turns a pointer into
//! the release into a file, line and column). The checks that need other packs (references,
//! properties against dependency types, required i18n keys) run in [`crate::validate`].

use std::borrow::Cow;
use std::collections::HashSet;

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::kept::Kept;
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::features::PackContents;
use opencharacter_spec::ids::ContentId;
use opencharacter_spec::model::check::{content_problems, rules_problems};
use opencharacter_spec::model::{
    ContentItem, I18nFile, I18nValue, PackRelease, RulesDocument, Template, Upgrade, UpgradeScript,
};
use opencharacter_spec::pointer;
use opencharacter_spec::validate::{
    deprecation_diagnostic, feature_diagnostics, manifest_diagnostics,
};

use crate::source::{FileKind, PackSource};

/// A pack assembled in memory: its release, the text of every language, and where each part of
/// the release was written.
#[derive(Debug, Clone, PartialEq)]
pub struct AssembledPack {
    /// The release, as `dist/release.json` would hold it.
    pub release: PackRelease,
    /// Every language's text, flat (`field.level.label` → text), the default language first.
    pub languages: IndexMap<String, IndexMap<String, String>>,
    /// Where each part of the release was written.
    pub origins: Origins,
    /// Formula sites already compiled (pointers from the release's root), so a second pass
    /// with dependency content types adds only the sites the first could not see.
    compiled_sites: HashSet<String>,
    /// What reading left out, each reported once: (file, JSON pointer into it as written) of
    /// every node removed so the rest could be read. Checks that would miss them stay quiet
    /// (the `follow_on` module).
    pub removed: Vec<(String, String)>,
}

/// Assembles a pack read from its folder. `None` when its manifest could not be read (the
/// reader already said why); otherwise the assembled pack, with every problem found on the way,
/// located. Nothing stops at the first problem: a file that does not fit the model is left out
/// and the others are still assembled and checked.
///
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use opencharacter_release::{assemble::assemble, source::read_pack};
///
/// let dir = tempfile::tempdir()?;
/// let pack = dir.path().join("demo").join("core");
/// std::fs::create_dir_all(pack.join("rules"))?;
/// std::fs::create_dir_all(pack.join("i18n"))?;
/// std::fs::write(
///     pack.join("pack.yaml"),
///     "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
/// )?;
/// std::fs::write(pack.join("rules/core.yaml"), "fields:\n  level: { type: number, formula: 1 + }\n")?;
/// std::fs::write(pack.join("i18n/en.yaml"), "_meta: { language: en, direction: ltr }\npack:\n  name: Demo\n")?;
///
/// let source = read_pack(&pack, &Default::default());
/// let (assembled, diagnostics) = assemble(&source);
/// let assembled = assembled.expect("the manifest reads");
/// assert_eq!(assembled.languages["en"]["pack.name"], "Demo");
/// // The formula's fault is located at the character inside the YAML file: the end of `1 +`.
/// let found = &diagnostics[0];
/// assert_eq!(found.code.name, "formula-invalid");
/// assert_eq!(found.location.file.as_deref(), Some("rules/core.yaml"));
/// assert_eq!((found.location.line, found.location.column), (Some(2), Some(38)));
/// # Ok(())
/// # }
/// ```
pub fn assemble(source: &PackSource) -> (Option<AssembledPack>, Kept) {
    // Counted against the pack's own bound as they are found (`diagnostic::kept`).
    let mut out = source.diagnostics.sibling();
    let Some(manifest) = source.manifest.clone() else {
        return (None, out);
    };
    let mut origins = Origins::default();
    let mut removed: Vec<(String, String)> = Vec::new();
    // A default language that is not a tag was reported; looking for its files would only
    // report it again.
    let mut default_is_tag = true;
    for diagnostic in manifest_diagnostics(&manifest) {
        if diagnostic.code == &codes::LANGUAGE_TAG_INVALID
            && diagnostic.location.pointer.as_deref() == Some("/defaultLanguage")
        {
            default_is_tag = false;
        }
        out.push(source.locate_pointer("pack.yaml", diagnostic));
    }

    // Rules: each file read on its own, then merged in path order.
    let mut rules = RulesDocument::default();
    for file in &source.rules {
        let Some(read) = source.read_model::<RulesDocument>(file) else {
            continue;
        };
        removed.extend(read.removed.iter().map(|p| (file.path.clone(), p.clone())));
        if !read.diagnostics.is_empty() {
            // A layer that tries what a layer cannot do (add a value, touch live state, …)
            // fails the model as an unknown key; the layers crate says why instead.
            let attempts = file
                .value()
                .map(opencharacter_layers::check_layer_attempts)
                .unwrap_or_default();
            let explained: Vec<String> = attempts
                .iter()
                .filter_map(|attempt| attempt.location.pointer.clone())
                .collect();
            for diagnostic in read.diagnostics {
                let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
                let is_explained = explained.iter().any(|attempt| {
                    attempt == &pointer
                        || attempt.starts_with(&format!("{pointer}/"))
                        || pointer.starts_with(&format!("{attempt}/"))
                });
                if !is_explained {
                    out.push(diagnostic);
                }
            }
            for attempt in attempts {
                let pointer = attempt.location.pointer.clone().unwrap_or_default();
                out.push(source.locate(&file.path, &pointer, attempt));
            }
        }
        let Some(document) = read.value else {
            continue;
        };
        for item in file.value().map(rules_items).unwrap_or_default() {
            match origins.rules.get(&item) {
                Some(first) if !first.is_empty() => {
                    let first_position = source.file(first).and_then(|f| f.locate(&item));
                    let first_place = first_position.map_or_else(
                        || first.clone(),
                        |p| format!("{first}:{}:{}", p.line, p.column),
                    );
                    let label = opencharacter_spec::diagnostic::Location {
                        file: Some(first.clone()),
                        line: first_position.map(|p| p.line),
                        column: first_position.map(|p| p.column),
                        ..Default::default()
                    };
                    let (section, id) = describe_item(&item);
                    out.push(
                        source.locate(
                            &file.path,
                            &item,
                            Diagnostic::new(&codes::DUPLICATE_RULES_ID)
                                .with_arg("section", section)
                                .with_arg("id", id)
                                .with_arg("first", first_place)
                                .with_label(label, "first-defined-here"),
                        ),
                    );
                }
                _ => {
                    origins.rules.insert(item, file.path.clone());
                }
            }
        }
        // Duplicates were reported above with both places; the first definition stands.
        let _ = rules.merge(document);
    }
    let mut release = PackRelease {
        schema: None,
        manifest,
        rules,
        content: IndexMap::new(),
        templates: IndexMap::new(),
        upgrades: Vec::new(),
        i18n: I18nFile {
            schema: None,
            meta: opencharacter_spec::model::i18n::TextMeta {
                language: String::new(),
                direction: opencharacter_spec::model::i18n::Direction::Ltr,
            },
            text: IndexMap::new(),
        },
        formulas: IndexMap::new(),
    };
    let mut pending = Vec::new();
    for problem in rules_problems(&release.rules) {
        pending.push(
            problem
                .to_diagnostic()
                .with_pointer(format!("/rules{}", problem.pointer)),
        );
    }

    // Content and templates: one item per file, its ID from its path.
    for file in &source.content {
        let FileKind::Content { expected_id } = &file.kind else {
            continue;
        };
        let Some(read) = source.read_model::<ContentItem>(file) else {
            continue;
        };
        out.extend(read.diagnostics);
        removed.extend(read.removed.iter().map(|p| (file.path.clone(), p.clone())));
        // Something of the item was left out (and reported): what it then lacks is a
        // consequence, not a second mistake.
        let partial = !read.removed.is_empty();
        let Some(mut item) = read.value else {
            continue;
        };
        if let Some(id) = &item.id
            && id != expected_id
        {
            out.push(id_mismatch(source, &file.path, id, expected_id));
            // Reported; the release knows the item by its path, so the rest of the checks
            // (and the packs that use it) see one ID.
            item.id = Some(expected_id.clone());
        }
        let problems = content_problems(&item);
        let form_ok = item.form().is_ok();
        for problem in problems {
            let diagnostic = problem.to_diagnostic();
            let lacking = [
                &codes::PROPERTY_REQUIRED,
                &codes::EXACTLY_ONE_OF,
                &codes::AT_LEAST_ONE_OF,
                &codes::CONTENT_FORM_INVALID,
            ]
            .contains(&diagnostic.code);
            if !(partial && lacking) {
                out.push(source.locate(&file.path, &problem.pointer, diagnostic));
            }
        }
        if let Some(diagnostic) =
            deprecation_diagnostic(expected_id.as_str(), &item, &release.manifest.version)
        {
            out.push(source.locate_pointer(&file.path, diagnostic));
        }
        origins
            .content
            .insert(expected_id.clone(), file.path.clone());
        // An item that fits none of the three forms was reported; loading it would only
        // report it again.
        if form_ok {
            release.content.insert(expected_id.clone(), item);
        }
    }
    for file in &source.templates {
        let FileKind::Template { expected_id } = &file.kind else {
            continue;
        };
        let Some(read) = source.read_model::<Template>(file) else {
            continue;
        };
        out.extend(read.diagnostics);
        removed.extend(read.removed.iter().map(|p| (file.path.clone(), p.clone())));
        let Some(mut template) = read.value else {
            continue;
        };
        if template.id != *expected_id {
            out.push(id_mismatch(source, &file.path, &template.id, expected_id));
            template.id = expected_id.clone();
        }
        origins
            .templates
            .insert(expected_id.clone(), file.path.clone());
        release.templates.insert(expected_id.clone(), template);
    }

    // Upgrade scripts, ordered by the version they move from.
    let mut upgrades: Vec<(Upgrade, String)> = Vec::new();
    for file in &source.upgrades {
        let FileKind::Upgrade { from, to } = &file.kind else {
            continue;
        };
        let Some(read) = source.read_model::<UpgradeScript>(file) else {
            continue;
        };
        out.extend(read.diagnostics);
        removed.extend(read.removed.iter().map(|p| (file.path.clone(), p.clone())));
        if let Some(script) = read.value {
            upgrades.push((
                Upgrade {
                    from: from.clone(),
                    to: to.clone(),
                    steps: script.steps,
                },
                file.path.clone(),
            ));
        }
    }
    upgrades.sort_by(|a, b| a.0.from.cmp(&b.0.from));
    for (upgrade, path) in upgrades {
        release.upgrades.push(upgrade);
        origins.upgrades.push(path);
    }

    // Languages.
    let languages = read_languages(source, &release, &mut origins, &mut out, &mut removed);
    let default = release.manifest.default_language.clone();
    if let Some(text) = languages.get(&default) {
        release.i18n.meta.language = default.clone();
        if let Some(meta) = origins
            .i18n
            .get(&default)
            .and_then(|files| files.first())
            .and_then(|path| source.file(path))
            .and_then(|file| source.read_model::<I18nFile>(file))
            .and_then(|read| read.value)
        {
            release.i18n.meta = meta.meta;
        }
        release.i18n.text = text
            .iter()
            .map(|(key, value)| (key.clone(), I18nValue::Text(value.clone())))
            .collect();
    } else {
        release.i18n.meta.language = default.clone();
        if default_is_tag {
            out.push(source.locate(
                "pack.yaml",
                "/defaultLanguage",
                Diagnostic::new(&codes::I18N_FILE_MISSING).with_arg("language", &default),
            ));
        }
    }

    let mut assembled = AssembledPack {
        release,
        languages,
        origins,
        compiled_sites: HashSet::new(),
        removed,
    };

    // Features against specVersion.
    // With a default language that is not a tag (reported), no file is its language: the
    // files' languages are not "beyond the default one".
    let language_names: Vec<&str> = if default_is_tag {
        assembled.languages.keys().map(String::as_str).collect()
    } else {
        Vec::new()
    };
    let contents = PackContents {
        rules: &assembled.release.rules,
        upgrades: &assembled.release.upgrades,
        languages: &language_names,
        default_language: &assembled.release.manifest.default_language,
        content: &assembled.release.content,
        templates: &assembled.release.templates,
    };
    pending.extend(feature_diagnostics(
        &contents,
        &assembled.release.manifest.spec_version,
    ));
    for diagnostic in pending {
        out.push(assembled.locate(source, diagnostic));
    }

    // Formulas whose place the pack alone decides.
    out.extend(assembled.compile_more_formulas(source, |_| None));
    (Some(assembled), out)
}

/// `(section, id)` of a rules item pointer, as a diagnostic names them (`live.pools`, `hp`).
fn describe_item(item: &str) -> (String, String) {
    let segments: Vec<String> = pointer::tokens(item).map(Cow::into_owned).collect();
    match segments.as_slice() {
        [single] => (single.clone(), single.clone()),
        [rest @ .., last] => (rest.join("."), last.clone()),
        [] => (String::new(), String::new()),
    }
}

fn id_mismatch(
    source: &PackSource,
    path: &str,
    id: &ContentId,
    expected: &ContentId,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(&codes::CONTENT_ID_MISMATCH)
        .with_arg("id", id)
        .with_arg("expected", expected);
    let located = source.locate(path, "/id", diagnostic);
    match source.file(path).and_then(|f| f.locate_in_string("/id", 0)) {
        Some(position) => located.at(position.line, position.column),
        None => located,
    }
}

mod languages;
mod locate;
mod origins;

use languages::read_languages;
pub use origins::Origins;
use origins::rules_items;

#[cfg(test)]
mod tests;
