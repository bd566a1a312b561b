//! `load_ruleset`: pack releases, in the app's load order, combined into one [`Ruleset`].
//!
//! What it does, in order (docs/spec/overrides.md, docs/spec/dependencies.md):
//!
//! 1. checks the manifests ([`check_dependencies`]): spec versions, missing dependencies and
//!    ranges, load order, duplicate packs, cycles (a repeated pack is then left out);
//! 2. checks each release's formula table ([`formulas`]);
//! 3. adds each pack's rules items under their qualified IDs (a pack adds its own and never
//!    changes another's); the first pack defining `resolution` keeps it; GM guidance is joined
//!    in load order;
//! 4. resolves each content item's `type` and `extends` parent ([`Resolver`]), each override's
//!    target and each `hides` entry;
//! 5. applies overrides in load order, and `extends` on each parent's final state, recording
//!    every leaf two or more packs overrode in [`Ruleset::conflicts`];
//! 6. flags hidden content.
//!
//! Every problem is a diagnostic with the pack and a JSON pointer into that pack's release;
//! nothing stops at the first.

mod extend;
pub mod formulas;

pub use extend::extend_ruleset;

use opencharacter_spec::diagnostic::Kind;
use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::{
    ContentId, PackId, Qualified, QualifiedContentId, QualifiedFieldId, Reference,
};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::ruleset::{GuidancePart, RulesetResolution};
use opencharacter_spec::model::{
    Conflict, ContentForm, ContentItem, PackRelease, RulesDocument, Ruleset, RulesetContent,
    RulesetPack,
};
use serde_json::{Map, Value};

use crate::dependencies::check_dependencies;
use crate::overlay::{ExtendsError, MergeError, WriteLog, merge_into, resolve_extends_with};
use crate::resolver::{ResolveError, Resolver};

/// The default `maxExtendsDepth`: the most `extends` links a chain may have.
pub const DEFAULT_MAX_EXTENDS_DEPTH: usize = 16;

/// How to load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadOptions {
    /// The most `extends` links from an item to its root (`maxExtendsDepth`); default
    /// [`DEFAULT_MAX_EXTENDS_DEPTH`].
    pub max_extends_depth: usize,
    /// Whether to check each release's formula table (re-parse every canonical text and compare
    /// with its tree; look for formulas missing from it). Default on; an app that built the
    /// releases itself in this process may turn it off.
    pub check_formulas: bool,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            max_extends_depth: DEFAULT_MAX_EXTENDS_DEPTH,
            check_formulas: true,
        }
    }
}

/// Combines pack releases, given in the app's load order, into one ruleset; returns it with
/// every problem found. The ruleset is usable whatever the diagnostics say (what failed is left
/// out or left as it was), but an app should refuse it when [`has_errors`] holds.
///
/// [`has_errors`]: opencharacter_spec::diagnostic::has_errors
///
/// ```
/// use opencharacter_resolve::{LoadOptions, load_ruleset};
/// use opencharacter_spec::model::PackRelease;
///
/// let release = |id: &str, deps: serde_json::Value, content: serde_json::Value| -> PackRelease {
///     serde_json::from_value(serde_json::json!({
///         "manifest": {"id": id, "version": "1.0.0", "specVersion": "1.0.0",
///                      "license": "CC0-1.0", "defaultLanguage": "en", "dependencies": deps},
///         "rules": if id == "base" { serde_json::json!({"contentTypes": {"weapon": {}}}) }
///                  else { serde_json::json!({}) },
///         "content": content,
///         "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
///         "formulas": {}
///     })).unwrap()
/// };
/// let base = release("base", serde_json::json!({}), serde_json::json!({
///     "weapons.sword": {"id": "weapons.sword", "type": "weapon", "properties": {"damage": "1d8"}}
/// }));
/// let patch = |id| release(id, serde_json::json!({"base": "^1"}), serde_json::json!({
///     "weapons.sword": {"override": "base:weapons.sword", "properties": {"damage": "1d10"}}
/// }));
/// let (one, two) = (patch("one"), patch("two"));
///
/// let (ruleset, diagnostics) = load_ruleset([&base, &one, &two], &LoadOptions::default());
/// assert!(diagnostics.is_empty());
/// let id: opencharacter_spec::ids::QualifiedContentId = "base:weapons.sword".parse().unwrap();
/// let sword = &ruleset.content[&id];
/// assert_eq!(sword.item.properties["damage"], "1d10");
/// // Nothing is overridden silently: both packs wrote the damage, the later one won.
/// assert_eq!(ruleset.conflicts.len(), 1);
/// assert_eq!(ruleset.conflicts[0].path, "/properties/damage");
/// assert_eq!(ruleset.conflicts[0].winner.as_str(), "two");
/// ```
pub fn load_ruleset<'a>(
    releases: impl IntoIterator<Item = &'a PackRelease>,
    options: &LoadOptions,
) -> (Ruleset, Diagnostics) {
    let releases: Vec<&PackRelease> = releases.into_iter().collect();
    let mut diagnostics: Diagnostics = check_dependencies(releases.iter().map(|r| &r.manifest))
        .into_iter()
        .map(|d| {
            // Manifest pointers become pointers into the release.
            let pointer = d.location.pointer.clone().unwrap_or_default();
            d.with_pointer(format!("/manifest{pointer}"))
        })
        .collect();

    // A repeated pack (reported above) is left out: its first occurrence counts.
    let mut seen = HashSet::new();
    let releases: Vec<&PackRelease> = releases
        .into_iter()
        .filter(|release| seen.insert(release.manifest.id.clone()))
        .collect();

    let mut ruleset = Ruleset::default();
    let mut defined: Vec<Defined<'a>> = Vec::new();
    let mut overrides: Vec<Override<'a>> = Vec::new();
    for release in releases.iter().copied() {
        add_release(
            &mut ruleset,
            release,
            options,
            &mut defined,
            &mut overrides,
            &mut diagnostics,
        );
    }

    let resolved = resolve_references(&ruleset, &defined, &mut diagnostics);
    let hides = check_hides(&ruleset, &releases, &mut diagnostics);
    let mut by_target: HashMap<&QualifiedContentId, Vec<&Override<'a>>> = HashMap::new();
    for entry in &overrides {
        if ruleset.content.contains_key(entry.target) {
            by_target.entry(entry.target).or_default().push(entry);
        } else {
            diagnostics.push(
                Diagnostic::new(&codes::OVERRIDE_TARGET_MISSING)
                    .with_arg("pack", entry.pack)
                    .with_arg("target", entry.target)
                    .with_pack(entry.pack.clone())
                    .with_pointer(format!("{}/override", content_pointer(entry.key))),
            );
        }
    }

    let mut log: WriteLog<QualifiedContentId, PackId> = WriteLog::new();
    apply_overlays(
        &mut ruleset,
        &defined,
        &resolved,
        &by_target,
        options.max_extends_depth,
        &mut log,
        &mut diagnostics,
    );
    for (id, pack) in hides {
        if let Some(content) = ruleset.content.get_mut(&id)
            && !content.hidden_by.contains(&pack)
        {
            content.hidden_by.push(pack);
        }
    }
    ruleset.conflicts = log
        .conflicts()
        .into_iter()
        .map(|conflict| Conflict {
            winner: conflict.winner().clone(),
            path: conflict.path.to_string(),
            target: conflict.target,
            packs: conflict.packs,
        })
        .collect();
    if options.check_formulas {
        for release in &releases {
            diagnostics.extend(formulas::check_presence(release, &ruleset));
        }
    }
    (ruleset, diagnostics)
}

/// Adds one release to the ruleset being loaded: its pack, rules, templates, upgrades and
/// formulas at once, its content items as placeholders (in `defined`) and its overrides (in
/// `overrides`), resolved later. Shared by [`load_ruleset`] and [`extend_ruleset`], so that a
/// ruleset extended by one pack is built by the very steps a full load takes.
fn add_release<'a>(
    ruleset: &mut Ruleset,
    release: &'a PackRelease,
    options: &LoadOptions,
    defined: &mut Vec<Defined<'a>>,
    overrides: &mut Vec<Override<'a>>,
    diagnostics: &mut Diagnostics,
) {
    let pack = &release.manifest.id;
    if options.check_formulas {
        diagnostics.extend(formulas::check_table(release));
    }
    add_pack(ruleset, release);
    add_rules(ruleset, pack, &release.rules, diagnostics);
    for (id, template) in &release.templates {
        ruleset
            .templates
            .insert(Qualified::new(pack.clone(), id.clone()), template.clone());
    }
    if !release.upgrades.is_empty() {
        ruleset
            .upgrades
            .insert(pack.clone(), release.upgrades.clone());
    }
    for (source, compiled) in &release.formulas {
        if !ruleset.formulas.contains_key(source) {
            ruleset.formulas.insert(source.clone(), compiled.clone());
        }
    }
    for (key, item) in &release.content {
        match item.form() {
            Ok(ContentForm::Override { target }) => overrides.push(Override {
                pack,
                target,
                item,
                key,
            }),
            Ok(ContentForm::Item { .. } | ContentForm::Extends { .. }) => {
                let id = Qualified::new(pack.clone(), key.clone());
                // A placeholder until the item's final state is known: resolving needs only
                // the keys, and each item is then copied once.
                ruleset.content.insert(
                    id.clone(),
                    RulesetContent {
                        item: ContentItem::default(),
                        hidden_by: Vec::new(),
                        withdrawn: false,
                    },
                );
                defined.push(Defined {
                    id,
                    pack,
                    item,
                    key,
                });
            }
            Err(error) => diagnostics.push(
                Diagnostic::new(&codes::CONTENT_FORM_INVALID)
                    .with_arg("pack", pack)
                    .with_arg("id", key)
                    .with_arg("reason", error)
                    .with_pack(pack.clone())
                    .with_pointer(content_pointer(key)),
            ),
        }
    }
}

/// A content item defined by a pack (an item or an extension).
struct Defined<'a> {
    id: QualifiedContentId,
    pack: &'a PackId,
    item: &'a ContentItem,
    /// Its key in the release's `content` (pointers are made from it only when needed).
    key: &'a ContentId,
}

/// An override, as written.
struct Override<'a> {
    pack: &'a PackId,
    target: &'a QualifiedContentId,
    item: &'a ContentItem,
    key: &'a ContentId,
}

/// What an item's references resolved to; `None` where resolution failed (and was reported).
struct Resolved {
    content_type: Option<QualifiedFieldId>,
    /// `Some(Ok(parent))` for an extension, `Some(Err(()))` when its parent did not resolve.
    parent: Option<Result<QualifiedContentId, ()>>,
}

fn add_pack(ruleset: &mut Ruleset, release: &PackRelease) {
    let manifest = &release.manifest;
    ruleset.packs.push(RulesetPack {
        id: manifest.id.clone(),
        version: manifest.version.clone(),
        spec_version: manifest.spec_version.clone(),
        license: manifest.license.clone(),
        credit: manifest.credit.clone(),
        notices: manifest.notices.clone(),
        default_language: manifest.default_language.clone(),
        dependencies: manifest.dependencies.clone(),
    });
}

/// Adds a pack's rules items under its own pack ID: qualification alone keeps packs from
/// changing each other's rules.
fn add_rules(
    ruleset: &mut Ruleset,
    pack: &PackId,
    rules: &RulesDocument,
    diagnostics: &mut Diagnostics,
) {
    fn add<L: Clone + std::hash::Hash + Eq, T: Clone>(
        into: &mut IndexMap<Qualified<L>, T>,
        pack: &PackId,
        from: &IndexMap<L, T>,
    ) {
        into.extend(
            from.iter()
                .map(|(id, item)| (Qualified::new(pack.clone(), id.clone()), item.clone())),
        );
    }
    for (id, field) in &rules.fields {
        // Parts are fields of their own (`abilities.str` part `mod` is `abilities.str.mod`).
        let mut own = field.clone();
        let parts = std::mem::take(&mut own.parts);
        ruleset
            .fields
            .insert(Qualified::new(pack.clone(), id.clone()), own);
        for (part, def) in parts {
            if let Ok(part_id) = format!("{id}.{part}").parse() {
                ruleset
                    .fields
                    .insert(Qualified::new(pack.clone(), part_id), def);
            }
        }
    }
    add(&mut ruleset.pools, pack, &rules.live.pools);
    add(&mut ruleset.tracks, pack, &rules.live.tracks);
    add(&mut ruleset.wound_tracks, pack, &rules.live.wound_tracks);
    add(&mut ruleset.link_slots, pack, &rules.link_slots);
    add(&mut ruleset.content_types, pack, &rules.content_types);
    add(&mut ruleset.settings, pack, &rules.settings);
    add(
        &mut ruleset.situational_choices,
        pack,
        &rules.situational_choices,
    );
    add(&mut ruleset.result_bands, pack, &rules.result_bands);
    add(&mut ruleset.actions, pack, &rules.actions);
    add(&mut ruleset.effects, pack, &rules.effects);
    add(&mut ruleset.choices, pack, &rules.choices);
    add(&mut ruleset.constraints, pack, &rules.constraints);
    add(&mut ruleset.display_hints, pack, &rules.display_hints);
    add(&mut ruleset.currencies, pack, &rules.currencies);
    add(&mut ruleset.loot_tables, pack, &rules.loot_tables);
    add(&mut ruleset.layers, pack, &rules.layers);
    if let Some(market) = &rules.market {
        ruleset.markets.insert(pack.clone(), market.clone());
    }
    if let Some(resolution) = &rules.resolution {
        match &ruleset.resolution {
            Some(first) => diagnostics.push(
                Diagnostic::new(&codes::RESOLUTION_REDEFINED)
                    .with_arg("pack", pack)
                    .with_arg("first", &first.pack)
                    .with_pack(pack.clone())
                    .with_pointer("/rules/resolution"),
            ),
            None => {
                ruleset.resolution = Some(RulesetResolution {
                    pack: pack.clone(),
                    resolution: resolution.clone(),
                });
            }
        }
    }
    if let Some(gm) = &rules.gm {
        let part = |text: &String| GuidancePart {
            pack: pack.clone(),
            layer: None,
            text: text.clone(),
        };
        ruleset
            .gm
            .check_guidance
            .extend(gm.check_guidance.iter().map(part));
        ruleset
            .gm
            .world_guidance
            .extend(gm.world_guidance.iter().map(part));
    }
}

/// The diagnostic for a reference that did not resolve.
pub(crate) fn reference_diagnostic<L: std::fmt::Display>(
    pack: &PackId,
    reference: &impl std::fmt::Display,
    kind: Kind,
    error: &ResolveError<L>,
    pointer: String,
) -> Diagnostic {
    let diagnostic = match error {
        ResolveError::Ambiguous(candidates) => Diagnostic::new(&codes::AMBIGUOUS_REFERENCE)
            .with_arg("pack", pack)
            .with_arg("reference", reference)
            .with_arg(
                "candidates",
                candidates
                    .iter()
                    .map(|c| format!("`{c}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        ResolveError::NotFound | ResolveError::PackNotLoaded(_) => {
            Diagnostic::new(&codes::UNRESOLVED_REFERENCE)
                .with_arg("pack", pack)
                .with_arg("reference", reference)
                .with_kind(kind)
        }
    };
    diagnostic.with_pack(pack.clone()).with_pointer(pointer)
}

/// Resolves each defined item's `type` and `extends` parent.
fn resolve_references(
    ruleset: &Ruleset,
    defined: &[Defined<'_>],
    diagnostics: &mut Diagnostics,
) -> Vec<Resolved> {
    let resolver = Resolver::new(ruleset);
    defined
        .iter()
        .map(|entry| {
            let content_type = entry.item.content_type.as_ref().and_then(|reference| {
                resolver
                    .content_type(entry.pack, reference)
                    .map_err(|error| {
                        diagnostics.push(reference_diagnostic(
                            entry.pack,
                            reference,
                            Kind::ContentType,
                            &error,
                            format!("{}/type", content_pointer(entry.key)),
                        ));
                    })
                    .ok()
            });
            let parent = entry.item.extends.as_ref().map(|reference| {
                resolver.content(entry.pack, reference).map_err(|error| {
                    diagnostics.push(reference_diagnostic(
                        entry.pack,
                        reference,
                        Kind::Content,
                        &error,
                        format!("{}/extends", content_pointer(entry.key)),
                    ));
                })
            });
            Resolved {
                content_type,
                parent,
            }
        })
        .collect()
}

/// Checks each `hides` entry exists; returns what to hide and by whom, in load order.
fn check_hides(
    ruleset: &Ruleset,
    releases: &[&PackRelease],
    diagnostics: &mut Diagnostics,
) -> Vec<(QualifiedContentId, PackId)> {
    let mut hides = Vec::new();
    for release in releases {
        let pack = &release.manifest.id;
        for (index, id) in release.manifest.hides.iter().enumerate() {
            if ruleset.content.contains_key(id) {
                hides.push((id.clone(), pack.clone()));
            } else {
                diagnostics.push(hides_unknown(pack, id, index));
            }
        }
    }
    hides
}

/// The part of an item that overrides and `extends` merge: everything but what names the item
/// (`id`, `type`, `override`, `extends`), its retirement (`deprecated`, which belongs to one ID
/// and is not inherited) and `$schema`.
fn body(item: &ContentItem) -> Map<String, Value> {
    let mut map = match serde_json::to_value(item) {
        Ok(Value::Object(map)) => map,
        // A content item always serializes to a map.
        _ => Map::new(),
    };
    for key in ["$schema", "id", "type", "override", "extends", "deprecated"] {
        map.shift_remove(key);
    }
    map
}

/// Applies overrides (in load order) and `extends` (on final parent states), then writes each
/// item back in its final, `id` + qualified `type` form.
#[allow(
    clippy::too_many_arguments,
    reason = "one pass over the loader's state"
)]
fn apply_overlays(
    ruleset: &mut Ruleset,
    defined: &[Defined<'_>],
    resolved: &[Resolved],
    by_target: &HashMap<&QualifiedContentId, Vec<&Override<'_>>>,
    max_depth: usize,
    log: &mut WriteLog<QualifiedContentId, PackId>,
    diagnostics: &mut Diagnostics,
) {
    let index: HashMap<&QualifiedContentId, usize> = defined
        .iter()
        .enumerate()
        .map(|(i, entry)| (&entry.id, i))
        .collect();
    let parent_of = |i: usize| -> Option<&QualifiedContentId> {
        match &resolved[i].parent {
            Some(Ok(parent)) => Some(parent),
            _ => None,
        }
    };
    // Items on an `extends` chain: every extension and its ancestors (bounded: a loop stops at
    // an item already taken).
    let mut chained: HashSet<usize> = HashSet::new();
    for (i, item) in resolved.iter().enumerate() {
        if item.parent.is_none() {
            continue;
        }
        let mut at = Some(i);
        while let Some(current) = at {
            if !chained.insert(current) {
                break;
            }
            at = parent_of(current).and_then(|parent| index.get(parent).copied());
        }
    }

    let mut finals: HashMap<usize, Option<Map<String, Value>>> = HashMap::new();
    let chain_items: IndexMap<QualifiedContentId, (Option<QualifiedContentId>, Value)> = (0
        ..defined.len())
        .filter(|i| chained.contains(i))
        .filter(|&i| !matches!(resolved[i].parent, Some(Err(()))))
        .map(|i| {
            (
                defined[i].id.clone(),
                (parent_of(i).cloned(), Value::Object(body(defined[i].item))),
            )
        })
        .collect();
    let outcomes = resolve_extends_with(&chain_items, max_depth, |id, state| {
        apply_overrides(by_target, id, state, log, diagnostics);
    });
    // Items resolved along chains, each after its parent (the order `resolve_extends` settles them).
    let mut resolved_order: Vec<usize> = Vec::with_capacity(outcomes.len());
    for (id, outcome) in outcomes {
        let i = index[&id];
        let entry = &defined[i];
        match outcome {
            Ok(Value::Object(map)) => {
                finals.insert(i, Some(map));
                resolved_order.push(i);
            }
            Ok(_) => {
                finals.insert(i, None);
            }
            Err(error) => {
                finals.insert(i, None);
                let diagnostic = match error {
                    ExtendsError::Circular(cycle) => Some(
                        Diagnostic::new(&codes::CIRCULAR_EXTENDS)
                            .with_arg("id", &id)
                            .with_arg("cycle", join(&cycle)),
                    ),
                    ExtendsError::TooDeep { chain, limit } => Some(
                        Diagnostic::new(&codes::EXTENDS_TOO_DEEP)
                            .with_arg("id", &id)
                            .with_arg("chain", join(&chain))
                            .with_arg("limit", limit),
                    ),
                    // The parent itself failed to resolve, and was reported.
                    ExtendsError::MissingParent { .. } => None,
                    ExtendsError::Merge(MergeError::Null(path)) => Some(
                        Diagnostic::new(&codes::OVERRIDE_NULL)
                            .with_arg("pack", entry.pack)
                            .with_arg("id", &id)
                            .with_arg("path", &path),
                    ),
                };
                if let Some(diagnostic) = diagnostic {
                    diagnostics.push(
                        diagnostic
                            .with_pack(entry.pack.clone())
                            .with_pointer(format!("{}/extends", content_pointer(entry.key))),
                    );
                }
            }
        }
    }

    let mut failed = vec![false; defined.len()];
    for (i, entry) in defined.iter().enumerate() {
        let own_type = resolved[i].content_type.clone();
        let merged = if chained.contains(&i) {
            match finals.remove(&i).flatten() {
                Some(map) => Some(map),
                None => {
                    // A failed chain (reported): the item leaves the ruleset, below.
                    failed[i] = true;
                    continue;
                }
            }
        } else if by_target.contains_key(&entry.id) {
            let mut state = Value::Object(body(entry.item));
            apply_overrides(by_target, &entry.id, &mut state, log, diagnostics);
            match state {
                Value::Object(map) => Some(map),
                _ => None,
            }
        } else {
            None
        };
        let mut item = match merged {
            Some(map) => match serde_json::from_value::<ContentItem>(Value::Object(map)) {
                Ok(item) => item,
                Err(error) => {
                    diagnostics.push(
                        Diagnostic::new(&codes::CONTENT_FORM_INVALID)
                            .with_arg("pack", entry.pack)
                            .with_arg("id", &entry.id)
                            .with_arg("reason", error)
                            .with_pack(entry.pack.clone())
                            .with_pointer(content_pointer(entry.key)),
                    );
                    entry.item.clone()
                }
            },
            None => entry.item.clone(),
        };
        item.schema = None;
        if item.id.as_ref() != Some(&entry.id.local) {
            item.id = Some(entry.id.local.clone());
        }
        item.overrides = None;
        item.extends = None;
        item.deprecated = entry.item.deprecated.clone();
        item.content_type = own_type.map(Reference::Qualified);
        if let Some(content) = ruleset.content.get_mut(&entry.id) {
            content.item = item;
        }
    }
    // An extension without a `type` has its parent's; one pass with parents before children
    // settles every type.
    for i in resolved_order {
        let Some(parent) = parent_of(i) else { continue };
        let parent_type = ruleset
            .content
            .get(parent)
            .and_then(|p| p.item.content_type.clone());
        if let Some(content) = ruleset.content.get_mut(&defined[i].id)
            && content.item.content_type.is_none()
        {
            content.item.content_type = parent_type;
        }
    }
    // One pass, not one shift per failed item: hostile input may fail thousands. The content
    // map ends with exactly the defined items, in the same order (after the items of the
    // ruleset extended, when `extend_ruleset` adds one pack).
    if failed.contains(&true) {
        let before = ruleset.content.len() - defined.len();
        let mut at = 0;
        ruleset.content.retain(|_, _| {
            let keep = at < before || !failed[at - before];
            at += 1;
            keep
        });
    }
}

/// Merges the overrides of `id` into its state, in load order, recording what each pack wrote.
fn apply_overrides(
    by_target: &HashMap<&QualifiedContentId, Vec<&Override<'_>>>,
    id: &QualifiedContentId,
    state: &mut Value,
    log: &mut WriteLog<QualifiedContentId, PackId>,
    diagnostics: &mut Diagnostics,
) {
    let Some(entries) = by_target.get(id) else {
        return;
    };
    let Value::Object(map) = state else { return };
    for entry in entries {
        match merge_into(map, &body(entry.item)) {
            Ok(paths) => log.record(id, entry.pack, paths),
            Err(errors) => {
                for MergeError::Null(path) in errors {
                    diagnostics.push(
                        Diagnostic::new(&codes::OVERRIDE_NULL)
                            .with_arg("pack", entry.pack)
                            .with_arg("id", id)
                            .with_arg("path", &path)
                            .with_pack(entry.pack.clone())
                            .with_pointer(format!("{}{path}", content_pointer(entry.key))),
                    );
                }
            }
        }
    }
}

/// `/content/<key>` in a release.
fn content_pointer(key: &ContentId) -> String {
    format!("/content/{}", escape_segment(key.as_str()))
}

/// A chain as a message shows it: every link, or for a long one its first and last links
/// around the number left out (a message stays readable, and hostile input stays cheap).
fn join(chain: &[QualifiedContentId]) -> String {
    const SHOWN: usize = 8;
    let text = |links: &[QualifiedContentId]| {
        links
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" → ")
    };
    if chain.len() <= 2 * SHOWN {
        return text(chain);
    }
    format!(
        "{} → … ({} more) … → {}",
        text(&chain[..SHOWN]),
        chain.len() - 2 * SHOWN,
        text(&chain[chain.len() - SHOWN..])
    )
}

#[cfg(test)]
mod tests;

/// `hides-unknown`: `pack`'s `hides` entry `index` names `id`, which nothing loaded before it
/// defines (a full load and an extension report it alike).
pub(super) fn hides_unknown(pack: &PackId, id: &QualifiedContentId, index: usize) -> Diagnostic {
    Diagnostic::new(&codes::HIDES_UNKNOWN)
        .with_arg("pack", pack)
        .with_arg("id", id)
        .with_pack(pack.clone())
        .with_pointer(format!("/manifest/hides/{index}"))
}
