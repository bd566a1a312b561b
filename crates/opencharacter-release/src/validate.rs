//! Validating packs: read every pack under the paths given, assemble each one, load them all
//! (with the packs and releases given to resolve against) into one ruleset, and run every
//! check, each located at the file, line and column it is about.
//!
//! The checks, by the crate that owns them: the reader's (files, limits, IDs against folders);
//! the model's shape checks and the manifest, feature, property and i18n checks
//! (`opencharacter-spec`); formula parsing (`opencharacter-formula`); dependency checks,
//! `type`, `extends`, overrides, `hides` and every other reference (`opencharacter-resolve`).
//! The layers' and upgrade scripts' checks, which need the loaded ruleset, run as [`PackCheck`]s.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use opencharacter_resolve::{
    LoadOptions, check_dependencies, check_references, is_dependency_check, suggest_load_order,
};
use opencharacter_spec::diagnostic::{Diagnostic, Kind, codes};
use opencharacter_spec::ids::{PackId, Qualified, QualifiedContentId, Reference};
use opencharacter_spec::model::{
    ContentForm, ContentItem, ContentTypeDef, Manifest, PackRelease, Ruleset,
};
use opencharacter_spec::validate::{property_diagnostics, required_keys};

use crate::assemble::{AssembledPack, assemble};
use crate::loads::Loads;
use crate::source::{PackSource, ReadError, ReadLimits, Reading, read_path, read_paths};

/// A check that slots into validation: given an assembled pack and the ruleset every pack was
/// loaded into, its problems, with pointers from the release's root (the validator locates
/// them). Layers and upgrade scripts add theirs here.
pub type PackCheck = fn(&AssembledPack, &Ruleset) -> Vec<Diagnostic>;

/// How to validate.
#[derive(Debug, Clone)]
pub struct ValidateOptions {
    /// The bounds of reading.
    pub limits: ReadLimits,
    /// Checks beyond this crate's, run on every pack validated; by default [`DEFAULT_CHECKS`].
    pub checks: Vec<PackCheck>,
    /// Keep each pack's loaded ruleset in [`Validation::rulesets`] (off by default). Each pack is
    /// loaded with its dependencies, so keeping every ruleset holds a chain of `n` packs
    /// `n (n + 1) / 2` times over: 800 tiny packs took more than a gigabyte. Without it, one
    /// ruleset is alive at a time and memory grows with the packs, not their square.
    pub keep_rulesets: bool,
}

impl Default for ValidateOptions {
    fn default() -> Self {
        ValidateOptions {
            limits: ReadLimits::default(),
            checks: DEFAULT_CHECKS.to_vec(),
            keep_rulesets: false,
        }
    }
}

/// The checks other crates own that every validation runs: layers (`opencharacter-layers`)
/// and upgrade scripts (`opencharacter-migrate`).
pub const DEFAULT_CHECKS: [PackCheck; 2] = [layer_checks, upgrade_checks];

fn layer_checks(pack: &AssembledPack, _: &Ruleset) -> Vec<Diagnostic> {
    opencharacter_layers::check_release(&pack.release)
}

fn upgrade_checks(pack: &AssembledPack, _: &Ruleset) -> Vec<Diagnostic> {
    opencharacter_migrate::check_upgrades(&pack.release)
}

/// What validation found: the packs read, each with every diagnostic about it (reading and
/// checks, sorted by file and place), and what was assembled of each.
#[derive(Debug, Clone)]
pub struct Validation {
    /// The packs validated and the diagnostics outside any pack.
    pub reading: Reading,
    /// Each pack of `reading.packs`, assembled (`None` where its manifest could not be read).
    pub assembled: Vec<Option<AssembledPack>>,
    /// Each pack of `reading.packs` loaded with its dependencies, in a suggested order: what
    /// its references resolved in (`None` where it could not be assembled, and for every pack
    /// unless [`ValidateOptions::keep_rulesets`]).
    pub rulesets: Vec<Option<Ruleset>>,
}

/// Validates every pack under `paths`, resolving against them and the packs and releases under
/// `with` (which are not validated themselves).
///
/// # Errors
/// When a path does not exist or is not a folder, or a `with` path cannot be read.
pub fn validate_paths(
    paths: &[PathBuf],
    with: &[PathBuf],
    options: &ValidateOptions,
) -> Result<Validation, ReadError> {
    let reading = read_paths(paths, &options.limits)?;
    let mut others = Vec::new();
    for path in with {
        others.extend(read_with(path, &options.limits)?);
    }
    Ok(validate_reading(reading, &others, options))
}

/// Reads what `--with PATH` names: a `release.json` file, a built pack folder (with
/// `dist/release.json`), or a pack folder or folder of source packs, assembled.
fn read_with(path: &Path, limits: &ReadLimits) -> Result<Vec<PackRelease>, ReadError> {
    // Anything that is not a folder is read as a release file, so that a FIFO or a device given
    // here is refused by the bounded reader instead of walked as a folder.
    let release_file = if !path.is_dir() && std::fs::symlink_metadata(path).is_ok() {
        Some(path.to_path_buf())
    } else {
        let built = path.join("dist").join("release.json");
        built.is_file().then_some(built)
    };
    if let Some(file) = release_file {
        // The same bounded read as `load` and `sheet` (an 8 GiB sparse file is refused unread).
        let release = crate::packs::read_release(&file).map_err(|error| ReadError::Io {
            path: file.clone(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, error.to_string()),
        })?;
        return Ok(vec![release]);
    }
    let reading = read_path(path, limits)?;
    Ok(reading
        .packs
        .iter()
        .filter_map(|source| assemble(source).0.map(|pack| pack.release))
        .collect())
}

/// Validates packs already read, resolving against `others` as well.
pub fn validate_reading(
    mut reading: Reading,
    others: &[PackRelease],
    options: &ValidateOptions,
) -> Validation {
    let mut assembled: Vec<Option<AssembledPack>> = Vec::new();
    for source in &mut reading.packs {
        let (pack, mut diagnostics) = assemble(source);
        source.diagnostics.append(&mut diagnostics);
        assembled.push(pack);
    }

    // Every release known: the packs validated, then the packs given to resolve against (a
    // pack validated wins over one given with the same ID).
    let mut releases: Vec<&PackRelease> = assembled
        .iter()
        .flatten()
        .map(|pack| &pack.release)
        .collect();
    let own_ids: HashSet<&PackId> = releases.iter().map(|r| &r.manifest.id).collect();
    releases.extend(
        others
            .iter()
            .filter(|other| !own_ids.contains(&other.manifest.id)),
    );
    // Each validated pack's index in `reading.packs`, by ID (the first with it): a lookup per
    // diagnostic, so a flood of them costs no scan each.
    let mut positions: HashMap<&PackId, usize> = HashMap::new();
    for (index, slot) in assembled.iter().enumerate() {
        if let Some(pack) = slot {
            positions.entry(&pack.release.manifest.id).or_insert(index);
        }
    }
    let load = LoadOptions {
        // The tables were built here, from the formula crate.
        check_formulas: false,
        ..LoadOptions::default()
    };

    // The manifests checked together once, in a suggested load order (as found when there is
    // none): duplicate packs, cycles, ranges, missing dependencies, spec versions.
    let (order, order_valid) = load_order(&releases);
    for diagnostic in check_dependencies(order.iter().map(|r| &r.manifest)) {
        let target = diagnostic
            .pack
            .as_ref()
            .and_then(|pack| positions.get(pack).copied());
        match target {
            Some(index) => {
                if let Some(assembled_pack) = &assembled[index] {
                    let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
                    let located = assembled_pack.locate(
                        &reading.packs[index],
                        diagnostic.with_pointer(format!("/manifest{pointer}")),
                    );
                    reading.packs[index].diagnostics.push(located);
                }
            }
            None if diagnostic.pack.is_none() => reading.diagnostics.push(diagnostic),
            None => {}
        }
    }

    // Each pack is loaded with its dependencies (and theirs), as an app would load it: packs
    // of the same tree that do not depend on each other never meet. Packs are loaded in load
    // order, each extending a dependency's ruleset where it can (`loads`), so a chain, a star
    // or diamonds of packs cost the packs and their edges, not the square of their number.
    let mut rulesets: Vec<Option<Ruleset>> = vec![None; assembled.len()];
    // What the formula step below needs from each ruleset, when the rulesets are not kept: the
    // loaded content type of each item whose type is a dependency's.
    let mut dependency_types: Vec<HashMap<QualifiedContentId, ContentTypeDef>> =
        vec![HashMap::new(); assembled.len()];
    let graph = Loads::new(&order, order_valid);
    // Each position in the order with the validated packs there (two with one ID share the
    // first's closure, as they always did; the manifest checks report the repeat).
    let mut at_position: HashMap<usize, Vec<usize>> = HashMap::new();
    for (index, slot) in assembled.iter().enumerate() {
        if let Some(at) = slot
            .as_ref()
            .and_then(|pack| graph.position(&pack.release.manifest.id))
        {
            at_position.entry(at).or_default().push(index);
        }
    }
    let wanted: HashSet<usize> = at_position.keys().copied().collect();
    graph.run(&wanted, &load, |at, ruleset, loaded| {
        let indexes = at_position.get(&at).map_or(&[][..], Vec::as_slice);
        for &index in indexes {
            let Some(pack) = &assembled[index] else {
                continue;
            };
            let mut found = check_pack(pack, &reading.packs[index], ruleset, &loaded, options);
            reading.packs[index].diagnostics.append(&mut found);
            dependency_types[index] = dependency_types_of(pack, ruleset);
            if options.keep_rulesets {
                rulesets[index] = Some(ruleset.clone());
            }
        }
    });
    drop(graph);
    drop(order);
    drop(releases);

    // The formulas of content whose type is a dependency's complete each pack's table.
    for ((slot, source), types) in assembled
        .iter_mut()
        .zip(&mut reading.packs)
        .zip(&dependency_types)
    {
        if let Some(pack) = slot {
            let id = pack.release.manifest.id.clone();
            let found = pack.compile_more_formulas(source, |item| {
                loaded_item_id(&id, item).and_then(|key| types.get(&key))
            });
            source.diagnostics.extend(found);
        }
    }

    // Follow-on errors of what reading left out are dropped: the one error about it was given.
    let left_out = crate::follow_on::LeftOut::of(&reading, &assembled);
    if !left_out.is_empty() {
        for (source, pack) in reading.packs.iter_mut().zip(&assembled) {
            let dependencies: Vec<PackId> = pack
                .as_ref()
                .map(|pack| pack.release.manifest.dependencies.keys().cloned().collect())
                .unwrap_or_default();
            let id = source.id.clone();
            source
                .diagnostics
                .retain(|diagnostic| !left_out.explains(diagnostic, id.as_ref(), &dependencies));
        }
    }

    for source in &mut reading.packs {
        if let Some(id) = &source.id {
            for diagnostic in &mut source.diagnostics {
                diagnostic.pack.get_or_insert_with(|| id.clone());
            }
        }
        source.diagnostics.sort_by(|a, b| {
            let key =
                |d: &Diagnostic| (d.location.file.clone(), d.location.line, d.location.column);
            key(a).cmp(&key(b))
        });
        source.diagnostics.dedup();
    }
    // Last, what was not kept: each file's count after the pack's diagnostics, the run's after
    // everything.
    reading.note_not_kept();
    Validation {
        reading,
        assembled,
        rulesets,
    }
}

/// Every check of one pack against the ruleset it was loaded into, located: what loading it
/// found about it (`loaded`: the manifest checks ran once, for every pack), its references,
/// properties, i18n keys and package, and the other crates' checks.
fn check_pack(
    pack: &AssembledPack,
    source: &PackSource,
    ruleset: &Ruleset,
    loaded: &[Diagnostic],
    options: &ValidateOptions,
) -> opencharacter_spec::diagnostic::kept::Kept {
    // Kept within the pack's bound as found (`diagnostic::kept`).
    let mut found = source.diagnostics.sibling();
    // The names in scope, made only for a did-you-mean: making them costs the whole ruleset.
    let mut in_scope: Option<Vec<String>> = None;
    let mut suggest = |diagnostic: Diagnostic| {
        if diagnostic.code != &codes::UNRESOLVED_REFERENCE {
            return diagnostic;
        }
        with_did_you_mean(
            diagnostic,
            in_scope.get_or_insert_with(|| names_in_scope(ruleset)),
        )
    };
    for diagnostic in loaded {
        let own_pack = diagnostic.pack.as_ref() == Some(&pack.release.manifest.id);
        // The manifests were checked above, all together.
        if own_pack && !is_dependency_check(diagnostic) {
            found.push(pack.locate(source, suggest(diagnostic.clone())));
        }
    }
    for diagnostic in check_references(&pack.release, ruleset) {
        let diagnostic = suggest(diagnostic);
        // A name a formula reads points at the name, inside the formula.
        let in_formula = matches!(diagnostic.kind(), Some(Kind::FieldName | Kind::Setting));
        let name = diagnostic.args.get("reference").cloned();
        found.push(match name {
            Some(name) if in_formula => pack.locate_name(source, diagnostic, &name),
            _ => pack.locate(source, diagnostic),
        });
    }
    found.extend(property_checks(pack, source, ruleset));
    found.extend(i18n_checks(pack, source));
    // The `-i18n` package: checked here, so `validate` refuses what `build` would. With a
    // default language that is not a tag (reported), no language is "beyond" it.
    if opencharacter_spec::validate::language_tag(&pack.release.manifest.default_language).is_ok() {
        found.extend(crate::build::i18n_package(pack, source).1);
    }
    for check in &options.checks {
        for diagnostic in check(pack, ruleset) {
            found.push(pack.locate(source, diagnostic));
        }
    }
    found
}

/// The loaded content type of each item of `pack` whose type is a dependency's: what the
/// formula step needs from the ruleset once it is gone.
fn dependency_types_of(
    pack: &AssembledPack,
    ruleset: &Ruleset,
) -> HashMap<QualifiedContentId, ContentTypeDef> {
    let id = &pack.release.manifest.id;
    pack.release
        .content
        .iter()
        .filter_map(|(_, item)| {
            let def = loaded_type(ruleset, id, item)?;
            Some((loaded_item_id(id, item)?, def.clone()))
        })
        .collect()
}

/// Every ID a reference can name in a loaded ruleset, unqualified: the candidates of a
/// did-you-mean.
fn names_in_scope(ruleset: &Ruleset) -> Vec<String> {
    let mut names: Vec<String> = ruleset
        .content
        .keys()
        .map(|id| id.local.to_string())
        .collect();
    let local = |id: &opencharacter_spec::ids::QualifiedFieldId| id.local.to_string();
    names.extend(ruleset.fields.keys().map(local));
    names.extend(ruleset.pools.keys().map(local));
    names.extend(ruleset.tracks.keys().map(local));
    names.extend(ruleset.wound_tracks.keys().map(local));
    names.extend(ruleset.link_slots.keys().map(local));
    names.extend(ruleset.content_types.keys().map(local));
    names.extend(ruleset.settings.keys().map(local));
    names.extend(ruleset.actions.keys().map(local));
    names.extend(ruleset.effects.keys().map(local));
    names.sort();
    names.dedup();
    names
}

/// An unresolved reference with a `help:` line naming the nearest ID in scope, when one is
/// near (`weapons.longswrd` → `weapons.longsword`).
fn with_did_you_mean(diagnostic: Diagnostic, in_scope: &[String]) -> Diagnostic {
    if diagnostic.code != &codes::UNRESOLVED_REFERENCE {
        return diagnostic;
    }
    let Some(reference) = diagnostic.args.get("reference").cloned() else {
        return diagnostic;
    };
    let local = reference.rsplit(':').next().unwrap_or(&reference);
    match opencharacter_spec::diagnostic::suggest::did_you_mean(
        local,
        in_scope.iter().map(String::as_str),
    ) {
        Some(help) => diagnostic.with_help(help),
        None => diagnostic,
    }
}

/// The loaded declaration of an item's content type (after `extends` and overrides): the
/// item's own for an item or an extension, its target's for an override.
fn loaded_type<'r>(
    ruleset: &'r Ruleset,
    pack: &PackId,
    item: &ContentItem,
) -> Option<&'r ContentTypeDef> {
    let (_, declared) = loaded_type_named(ruleset, pack, item)?;
    Some(declared)
}

/// The loaded item whose type an item of `pack` ends with: its override's target, else itself.
fn loaded_item_id(pack: &PackId, item: &ContentItem) -> Option<QualifiedContentId> {
    match (&item.overrides, &item.id) {
        (Some(target), _) => Some(target.clone()),
        (None, Some(id)) => Some(Qualified::new(pack.clone(), id.clone())),
        (None, None) => None,
    }
}

fn loaded_type_named<'r>(
    ruleset: &'r Ruleset,
    pack: &PackId,
    item: &ContentItem,
) -> Option<(String, &'r ContentTypeDef)> {
    let id = loaded_item_id(pack, item)?;
    match ruleset.content.get(&id)?.item.content_type.as_ref()? {
        Reference::Qualified(qualified) => ruleset
            .content_types
            .get(qualified)
            .map(|declared| (qualified.local.to_string(), declared)),
        Reference::Local(_) => None,
    }
}

/// Each content item's properties against its type: the item's own properties where they are
/// written, and the required ones on the item it ends as (after `extends` and overrides).
fn property_checks(
    pack: &AssembledPack,
    source: &PackSource,
    ruleset: &Ruleset,
) -> Vec<Diagnostic> {
    let id = &pack.release.manifest.id;
    let mut out = Vec::new();
    for (key, item) in &pack.release.content {
        let Some((type_name, declared)) = loaded_type_named(ruleset, id, item) else {
            continue;
        };
        let at = format!(
            "/content/{}",
            opencharacter_spec::model::formulas::escape_segment(key.as_str())
        );
        let relocate = |d: Diagnostic| {
            let inner = d.location.pointer.clone().unwrap_or_default();
            pack.locate(source, d.with_pointer(format!("{at}{inner}")))
        };
        // A `null` in an override or an extension is `override-null`, reported by the loader.
        let own: indexmap::IndexMap<_, _> = item
            .properties
            .iter()
            .filter(|(_, value)| {
                !value.is_null() || matches!(item.form(), Ok(ContentForm::Item { .. }))
            })
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        out.extend(
            property_diagnostics(&own, declared, &type_name, false)
                .into_iter()
                .map(relocate),
        );
        if matches!(
            item.form(),
            Ok(ContentForm::Item { .. } | ContentForm::Extends { .. })
        ) {
            let final_item = ruleset
                .content
                .get(&Qualified::new(id.clone(), key.clone()));
            if let Some(final_item) = final_item {
                out.extend(
                    property_diagnostics(&final_item.item.properties, declared, &type_name, true)
                        .into_iter()
                        .filter(|d| d.code == &codes::PROPERTY_REQUIRED)
                        .map(relocate),
                );
            }
        }
    }
    out
}

/// Every required key in the default language (when it has a file at all: a missing file was
/// reported once).
fn i18n_checks(pack: &AssembledPack, source: &PackSource) -> Vec<Diagnostic> {
    let language = &pack.release.manifest.default_language;
    let Some(text) = pack.languages.get(language) else {
        return Vec::new();
    };
    required_keys(&pack.release)
        .into_iter()
        .filter(|key| text.get(&key.key).is_none_or(|t| t.trim().is_empty()))
        .map(|key| {
            pack.locate(
                source,
                Diagnostic::new(&codes::I18N_KEY_MISSING)
                    .with_arg("key", &key.key)
                    .with_arg("language", language)
                    .with_pointer(key.pointer),
            )
        })
        .collect()
}

/// `releases` in a suggested load order, dependencies first, and `true`; as given and `false`
/// when no order exists (a cycle, a repeated pack: the manifest checks say why).
fn load_order<'a>(releases: &[&'a PackRelease]) -> (Vec<&'a PackRelease>, bool) {
    // Each manifest back to its release by address: one lookup each, not a scan.
    let by_manifest: HashMap<*const Manifest, &'a PackRelease> = releases
        .iter()
        .map(|r| (std::ptr::from_ref(&r.manifest), *r))
        .collect();
    match suggest_load_order(releases.iter().map(|r| &r.manifest)) {
        Ok(manifests) => (
            manifests
                .iter()
                .filter_map(|m| by_manifest.get(&std::ptr::from_ref(*m)).copied())
                .collect(),
            true,
        ),
        Err(_) => (releases.to_vec(), false),
    }
}
