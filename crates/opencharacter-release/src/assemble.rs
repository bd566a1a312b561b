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
use opencharacter_i18n::checks::{Nameable, check_file_into};
use opencharacter_spec::diagnostic::kept::Kept;
use opencharacter_spec::diagnostic::{Diagnostic, Phrase, codes, reasons};
use opencharacter_spec::features::PackContents;
use opencharacter_spec::ids::ContentId;
use opencharacter_spec::model::check::{content_problems, rules_problems};
use opencharacter_spec::model::formulas::{
    FormulaKind, FormulaSite, escape_segment, release_formulas,
};
use opencharacter_spec::model::i18n::check_key;
use opencharacter_spec::model::{
    CompiledFormula, ContentItem, ContentTypeDef, I18nFile, I18nValue, PackRelease, RulesDocument,
    Template, Upgrade, UpgradeScript,
};
use opencharacter_spec::pointer;
use opencharacter_spec::validate::{
    deprecation_diagnostic, feature_diagnostics, manifest_diagnostics,
};
use serde_json::Value;

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

/// Where the parts of a release were written: which rules file defined each rules item, which
/// file holds each content item, template, language and upgrade script.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origins {
    /// Rules items: their pointer inside a rules document (`/fields/level`, `/live/pools/hp`,
    /// `/resolution`) → the rules file that defined it first.
    pub rules: IndexMap<String, String>,
    /// Content ID → content file.
    pub content: IndexMap<ContentId, String>,
    /// Template ID → template file.
    pub templates: IndexMap<ContentId, String>,
    /// Language → its i18n files, by path.
    pub i18n: IndexMap<String, Vec<String>>,
    /// Each upgrade script of `release.upgrades`, in the same order → its file.
    pub upgrades: Vec<String>,
    /// Every i18n key of each language → the file and pointer where it is written.
    pub i18n_keys: IndexMap<String, IndexMap<String, (String, String)>>,
}

impl Origins {
    /// The file and the pointer inside it for a pointer into the release, when the release
    /// part it names came from a file.
    pub fn file_pointer(&self, pointer: &str) -> Option<(String, String)> {
        let (head, rest) = pointer::split_first(pointer)?;
        match head.as_ref() {
            "manifest" => Some(("pack.yaml".to_owned(), rest.to_owned())),
            "rules" => {
                let item = rules_item_prefix(rest);
                let file = self.rules.get(&item).or_else(|| {
                    // A section as a whole (`/rules/fields`): the first file that has it.
                    self.rules
                        .iter()
                        .find(|(key, _)| key.starts_with(&format!("{rest}/")))
                        .map(|(_, file)| file)
                })?;
                Some((file.clone(), rest.to_owned()))
            }
            "content" | "templates" => {
                let (id, rest) = pointer::split_first(rest).unwrap_or_default();
                let id: ContentId = id.parse().ok()?;
                let map = if head == "content" {
                    &self.content
                } else {
                    &self.templates
                };
                map.get(&id).map(|file| (file.clone(), rest.to_owned()))
            }
            "i18n" => {
                let (language, _) = pointer::split_first(rest).unwrap_or_default();
                let files = if language.is_empty() {
                    self.i18n.values().next()?
                } else {
                    self.i18n.get(language.as_ref())?
                };
                files.first().map(|file| (file.clone(), String::new()))
            }
            "upgrades" => {
                let (index, rest) = pointer::split_first(rest).unwrap_or_default();
                let file = match index.parse::<usize>() {
                    Ok(index) => self.upgrades.get(index)?,
                    Err(_) => self.upgrades.first()?,
                };
                Some((file.clone(), rest.to_owned()))
            }
            _ => None,
        }
    }
}

/// The pointer of the rules item a pointer inside a rules document is in: `live` items are
/// three segments deep, `gm` guidance two, `resolution` and `market` one, every other section's
/// items two (`/fields/level/min` → `/fields/level`).
fn rules_item_prefix(pointer: &str) -> String {
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    let depth = match segments.first().copied() {
        Some("live") => 3,
        Some("resolution" | "market" | "$schema") => 1,
        _ => 2,
    };
    segments
        .iter()
        .take(depth)
        .map(|segment| format!("/{segment}"))
        .collect()
}

/// The pointer inside a rules document of each item one file defines.
fn rules_items(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(map) = value.as_object() else {
        return out;
    };
    for (section, body) in map {
        let at = format!("/{}", escape_segment(section));
        match (section.as_str(), body) {
            // Not a rules item: every file may name its schema.
            ("$schema", _) => {}
            ("resolution" | "market", _) => out.push(at),
            ("live" | "gm", Value::Object(inner)) if section == "gm" => {
                out.extend(inner.keys().map(|k| format!("{at}/{}", escape_segment(k))));
            }
            ("live", Value::Object(inner)) => {
                for (sub, items) in inner {
                    let sub_at = format!("{at}/{}", escape_segment(sub));
                    if let Value::Object(items) = items {
                        out.extend(
                            items
                                .keys()
                                .map(|k| format!("{sub_at}/{}", escape_segment(k))),
                        );
                    }
                }
            }
            (_, Value::Object(items)) => {
                out.extend(items.keys().map(|k| format!("{at}/{}", escape_segment(k))));
            }
            _ => out.push(at),
        }
    }
    out
}

impl AssembledPack {
    /// Locates a diagnostic whose pointer is into the release: sets the file, the pointer in
    /// it and the line and column, through `source`'s span tables. A pointer no file holds
    /// (the formula table) keeps the release pointer and gets only the pack.
    pub fn locate(&self, source: &PackSource, diagnostic: Diagnostic) -> Diagnostic {
        let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
        match self.origins.file_pointer(&pointer) {
            Some((file, inner)) => source.locate(&file, &inner, diagnostic),
            None => match &source.id {
                Some(id) => diagnostic.with_pack(id.clone()),
                None => diagnostic,
            },
        }
    }

    /// Locates a diagnostic about a name inside a string (a formula's unresolved field name):
    /// as [`AssembledPack::locate`], then at the name's first character when the string at the
    /// pointer holds it.
    pub fn locate_name(
        &self,
        source: &PackSource,
        diagnostic: Diagnostic,
        name: &str,
    ) -> Diagnostic {
        let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
        let located = self.locate(source, diagnostic);
        let Some((file, inner)) = self.origins.file_pointer(&pointer) else {
            return located;
        };
        let Some(file) = source.file(&file) else {
            return located;
        };
        let offset = file
            .value()
            .and_then(|value| value.pointer(&inner))
            .and_then(serde_json::Value::as_str)
            .and_then(|text| {
                // The name as a whole word (`level`, not the start of `levels`).
                let word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '@' | ':');
                text.match_indices(name)
                    .find(|(at, _)| {
                        let before = text[..*at].chars().next_back();
                        let after = text[at + name.len()..].chars().next();
                        !before.is_some_and(word) && !after.is_some_and(word)
                    })
                    .map(|(at, _)| text[..at].chars().count())
            });
        match offset.and_then(|offset| file.locate_in_string(&inner, offset)) {
            Some(position) => located.at(position.line, position.column),
            None => located,
        }
    }

    /// Compiles the formulas of the release the first pass could not type: content properties
    /// whose content type is a dependency's, found through `dependency_type`. Adds them to the
    /// `formulas` table; returns the parse errors, located.
    pub fn compile_more_formulas<'d>(
        &mut self,
        source: &PackSource,
        dependency_type: impl Fn(&ContentItem) -> Option<&'d ContentTypeDef>,
    ) -> Vec<Diagnostic> {
        let mut table = std::mem::take(&mut self.release.formulas);
        let mut out = Vec::new();
        let sites: Vec<FormulaSite<'_>> = release_formulas(&self.release, dependency_type)
            .into_iter()
            .filter(|site| !self.compiled_sites.contains(&site.pointer))
            .collect();
        let mut seen = Vec::new();
        for site in &sites {
            seen.push(site.pointer.clone());
            if let Some(diagnostic) = compile(site, &mut table).or_else(|| not_dice(site)) {
                out.push(self.locate_formula(source, site, diagnostic));
            }
        }
        self.compiled_sites.extend(seen);
        self.release.formulas = table;
        out
    }

    fn locate_formula(
        &self,
        source: &PackSource,
        site: &FormulaSite<'_>,
        (diagnostic, offset): (Diagnostic, usize),
    ) -> Diagnostic {
        let diagnostic = diagnostic.with_pointer(site.pointer.clone());
        let Some((file, inner)) = self.origins.file_pointer(&site.pointer) else {
            return self.locate(source, diagnostic);
        };
        let located = source.locate(&file, &inner, diagnostic);
        match source
            .file(&file)
            .and_then(|f| f.locate_in_string(&inner, offset))
        {
            Some(position) => located.at(position.line, position.column),
            None => located,
        }
    }
}

/// Parses one formula into the table; on failure, the diagnostic and the character offset
/// (0-based) where parsing failed.
fn compile(
    site: &FormulaSite<'_>,
    table: &mut IndexMap<String, CompiledFormula>,
) -> Option<(Diagnostic, usize)> {
    if table.contains_key(site.text) {
        return None;
    }
    match opencharacter_formula::parse(site.text) {
        Ok(tree) => {
            let compiled = CompiledFormula {
                text: tree.to_string(),
                // A tree always serializes: it is plain data.
                tree: serde_json::to_value(&tree).unwrap_or(Value::Null),
            };
            table.insert(site.text.to_owned(), compiled);
            None
        }
        Err(error) => {
            let offset = site
                .text
                .get(..error.offset)
                .map_or(error.column.saturating_sub(1), |before| {
                    before.chars().count()
                });
            Some((
                // A formula over the length limit is shown around the fault, not whole.
                Diagnostic::new(&codes::FORMULA_INVALID)
                    .with_arg(
                        "formula",
                        opencharacter_formula::excerpt(site.text, offset + 1).0,
                    )
                    .with_word(
                        "reason",
                        opencharacter_resolve::formula_words::parse_error(&error.kind),
                    )
                    .with_arg("error", error.kind.code()),
                offset,
            ))
        }
    }
}

/// A formula where the model expects dice that, from its tree alone, can never give dice or a
/// number (`formula-not-dice`), located at its start. One that does not parse is
/// `formula-invalid`'s.
fn not_dice(site: &FormulaSite<'_>) -> Option<(Diagnostic, usize)> {
    if site.kind != FormulaKind::Dice {
        return None;
    }
    let kinds = opencharacter_formula::parse(site.text).ok()?.kinds();
    if kinds.may_be_numeric() {
        return None;
    }
    Some((
        Diagnostic::new(&codes::FORMULA_NOT_DICE)
            .with_arg("formula", opencharacter_formula::excerpt(site.text, 1).0)
            .with_arg("found", kinds),
        0,
    ))
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

/// Reads every language's files: each file's `_meta` against its path, each key's shape, a key
/// written twice in one language; returns each language's flat text (the default first).
fn read_languages(
    source: &PackSource,
    release: &PackRelease,
    origins: &mut Origins,
    out: &mut Kept,
    removed: &mut Vec<(String, String)>,
) -> IndexMap<String, IndexMap<String, String>> {
    let mut languages: IndexMap<String, IndexMap<String, String>> = IndexMap::new();
    let default = &release.manifest.default_language;
    let mut files: Vec<_> = source.i18n.iter().collect();
    // The default language first, then by path.
    files.sort_by_key(|file| match &file.kind {
        FileKind::I18n { language } => (language != default, file.path.clone()),
        _ => (true, file.path.clone()),
    });
    let nameable = Nameable::of_release(release);
    for file in files {
        let FileKind::I18n { language } = &file.kind else {
            continue;
        };
        let Some(value) = file.value() else { continue };
        // The i18n crate's checks of one file: its language against its path, values that are
        // not text, keys that name nothing in the pack.
        // Each located and kept (or counted) as it is made: a file of unknown keys can be
        // half a million diagnostics, never held at once.
        let mut sink = LocatedSink {
            source,
            path: &file.path,
            out,
            not_text: Vec::new(),
        };
        check_file_into(Some(&nameable), language, value, &mut sink);
        let not_text = sink.not_text;
        // A value that is not text was just reported, in words about text: it is left out
        // before the file is read (its text is a map of untagged values, where serde would
        // only say that the whole file does not fit).
        removed.extend(not_text.iter().map(|p| (file.path.clone(), p.clone())));
        let mut cleaned = file.clone();
        if let Some(document) = &mut cleaned.document {
            for pointer in &not_text {
                if let Some((parent, last)) = pointer.rsplit_once('/')
                    && let Some(serde_json::Value::Object(map)) = document.value.pointer_mut(parent)
                {
                    map.shift_remove(&*pointer::unescape_token(last));
                }
            }
        }
        let Some(read) = source.read_model::<I18nFile>(&cleaned) else {
            continue;
        };
        for diagnostic in read.diagnostics {
            // A value that is not text was just reported, in words about text.
            let pointer = diagnostic.location.pointer.as_deref().unwrap_or_default();
            let told = not_text
                .iter()
                .any(|told| told == pointer || pointer.starts_with(&format!("{told}/")));
            if !told {
                out.push(diagnostic);
            }
        }
        let Some(parsed) = read.value else {
            continue;
        };
        origins
            .i18n
            .entry(language.clone())
            .or_default()
            .push(file.path.clone());
        let text = languages.entry(language.clone()).or_default();
        let places = origins.i18n_keys.entry(language.clone()).or_default();
        let mut flat = Vec::new();
        for (key, value) in &parsed.text {
            flatten(key, &format!("/{}", escape_segment(key)), value, &mut flat);
        }
        for (key, pointer, value) in flat {
            let invalid = |reason: Phrase| {
                source.locate(
                    &file.path,
                    &pointer,
                    Diagnostic::new(&codes::I18N_KEY_INVALID)
                        .with_arg("key", &key)
                        .with_word("reason", reason),
                )
            };
            if let Err(error) = check_key(&key) {
                out.push(invalid(error.phrase()));
                continue;
            }
            if let Some((first_file, first_pointer)) = places.get(&key) {
                let first = source
                    .file(first_file)
                    .and_then(|f| f.locate(first_pointer))
                    .map_or_else(
                        || first_file.clone(),
                        |p| format!("{first_file}:{}:{}", p.line, p.column),
                    );
                out.push(invalid(
                    Phrase::new(&reasons::KEY_TWICE_AT).with_arg("first", first),
                ));
                continue;
            }
            places.insert(key.clone(), (file.path.clone(), pointer));
            text.insert(key, value);
        }
    }
    languages
}

/// Where the i18n checks of one file put what they find: located in the file, then kept within
/// the pack's bound; the pointers of values that are not text are noted for reading the file.
struct LocatedSink<'s> {
    source: &'s PackSource,
    path: &'s str,
    out: &'s mut Kept,
    not_text: Vec<String>,
}

impl Extend<Diagnostic> for LocatedSink<'_> {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        for diagnostic in iter {
            if diagnostic.code == &codes::I18N_VALUE_NOT_TEXT
                && let Some(pointer) = &diagnostic.location.pointer
            {
                self.not_text.push(pointer.clone());
            }
            self.out
                .push(self.source.locate_pointer(self.path, diagnostic));
        }
    }
}

/// Flattens one key of an i18n file with its pointer: a nested map reads as dotted keys.
fn flatten(key: &str, pointer: &str, value: &I18nValue, out: &mut Vec<(String, String, String)>) {
    match value {
        I18nValue::Text(text) => out.push((key.to_owned(), pointer.to_owned(), text.clone())),
        I18nValue::Group(group) => {
            for (inner, value) in group {
                flatten(
                    &format!("{key}.{inner}"),
                    &format!("{pointer}/{}", escape_segment(inner)),
                    value,
                    out,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{ReadLimits, read_pack};

    fn pack(files: &[(&str, &str)]) -> (tempfile::TempDir, PackSource) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("demo").join("core");
        for (path, text) in files {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let source = read_pack(&root, &ReadLimits::default());
        (dir, source)
    }

    const MANIFEST: &str = "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n";
    const TEXT: &str = "_meta: { language: en, direction: ltr }\npack.name: Demo\n";

    #[test]
    fn rules_item_prefixes() {
        assert_eq!(rules_item_prefix("/fields/level/min"), "/fields/level");
        assert_eq!(rules_item_prefix("/live/pools/hp/max"), "/live/pools/hp");
        assert_eq!(
            rules_item_prefix("/resolution/difficultyLadder/0"),
            "/resolution"
        );
        assert_eq!(rules_item_prefix("/gm/checkGuidance"), "/gm/checkGuidance");
        assert_eq!(
            describe_item("/live/pools/hp"),
            ("live.pools".into(), "hp".into())
        );
        assert_eq!(describe_item("/market"), ("market".into(), "market".into()));
    }

    #[test]
    fn release_pointers_map_to_the_file_that_wrote_them() {
        let (_dir, source) = pack(&[
            ("pack.yaml", MANIFEST),
            ("rules/a.yaml", "fields:\n  level: { type: number }\n"),
            (
                "rules/b.yaml",
                "live:\n  pools:\n    hp: { max: level }\nresolution: { kind: dice-sum, dice: 2d6 }\n",
            ),
            ("content/gear/rope.yaml", "id: gear.rope\ntype: gear\n"),
            ("i18n/en.yaml", TEXT),
        ]);
        let (assembled, _) = assemble(&source);
        let origins = assembled.unwrap().origins;
        let at = |pointer: &str| origins.file_pointer(pointer);
        assert_eq!(
            at("/rules/fields/level/type"),
            Some(("rules/a.yaml".into(), "/fields/level/type".into()))
        );
        assert_eq!(
            at("/rules/live/pools/hp/max"),
            Some(("rules/b.yaml".into(), "/live/pools/hp/max".into()))
        );
        assert_eq!(
            at("/rules/resolution/dice"),
            Some(("rules/b.yaml".into(), "/resolution/dice".into()))
        );
        assert_eq!(
            at("/content/gear.rope/type"),
            Some(("content/gear/rope.yaml".into(), "/type".into()))
        );
        assert_eq!(at("/manifest/id"), Some(("pack.yaml".into(), "/id".into())));
        assert_eq!(at("/i18n/en"), Some(("i18n/en.yaml".into(), String::new())));
        assert_eq!(at("/formulas/level"), None);
        assert_eq!(at("/content/gear.none/type"), None);
    }

    #[test]
    fn a_duplicate_names_both_places_and_the_first_stands() {
        let (_dir, source) = pack(&[
            ("pack.yaml", MANIFEST),
            ("rules/a.yaml", "fields:\n  level: { type: number }\n"),
            ("rules/b.yaml", "fields:\n  level: { type: text }\n"),
            (
                "i18n/en.yaml",
                "_meta: { language: en, direction: ltr }\npack.name: Demo\nfield.level.label: Level\n",
            ),
        ]);
        let (assembled, diagnostics) = assemble(&source);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert_eq!(
            diagnostics[0].message(),
            "`level` in `fields` is already defined at rules/a.yaml:2:3"
        );
        assert_eq!(
            diagnostics[0].location.file.as_deref(),
            Some("rules/b.yaml")
        );
        let rules = assembled.unwrap().release.rules;
        assert_eq!(
            rules.fields["level"].value_type,
            opencharacter_spec::model::rules::ValueType::Number
        );
    }

    #[test]
    fn languages_read_nested_keys_over_several_files() {
        let (_dir, source) = pack(&[
            ("pack.yaml", MANIFEST),
            ("i18n/en.yaml", TEXT),
            (
                "i18n/en/more.yaml",
                "_meta: { language: en, direction: ltr }\nfield:\n  level: { label: Level }\npack.name: Again\n",
            ),
        ]);
        let (assembled, diagnostics) = assemble(&source);
        let assembled = assembled.unwrap();
        assert_eq!(assembled.languages["en"]["field.level.label"], "Level");
        // `pack.name` written in two files of one language: the first stands.
        assert_eq!(assembled.languages["en"]["pack.name"], "Demo");
        let found: Vec<_> = diagnostics
            .iter()
            .map(|d| (d.code.name, d.location.file.clone(), d.location.line))
            .collect();
        assert!(
            found.contains(&(
                "i18n-key-invalid",
                Some("i18n/en/more.yaml".into()),
                Some(4)
            )),
            "{found:?}"
        );
        assert_eq!(
            assembled.release.i18n.text["field.level.label"],
            I18nValue::Text("Level".into())
        );
    }

    #[test]
    fn the_reserved_homebrew_id_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("home").join("brew");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(
            root.join("pack.yaml"),
            "id: homebrew\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
        )
        .unwrap();
        let source = read_pack(&root, &ReadLimits::default());
        let messages: Vec<String> = source.diagnostics.iter().map(Diagnostic::message).collect();
        assert!(
            messages.iter().any(|m| m.contains("reserved")),
            "{messages:?}"
        );
        assert!(source.manifest.is_none());
        assert_eq!(assemble(&source).0, None);
    }
}
