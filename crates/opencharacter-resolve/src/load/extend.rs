//! `extend_ruleset`: a loaded ruleset extended by one more pack, at the cost of that pack.
//!
//! Why: validation loads each pack with its dependencies (as an app would load it). Loading
//! every pack's closure from scratch costs the closure's size per pack, so a chain of `n` packs
//! each depending on the one before cost `n²/2` pack loads (issue 22: 800 tiny packs took 3 s,
//! 10,000 did not finish in twenty minutes). When a pack's dependencies are all inside one
//! dependency's loaded ruleset, that ruleset extended by the pack is exactly what a full load
//! of the pack's closure gives, so the caller keeps it and extends it instead.
//!
//! Exactness: the pack is added by the same steps a full load takes ([`add_release`], then
//! reference resolution and `extends` on its own items). What a new pack can change in the
//! packs before it is refused here and left to a full load: an override (it changes another
//! pack's item, and so every extension of that item) and an `extends` whose parent is another
//! pack's item (its chain's depth and final state are a full load's to settle). `hides` only
//! marks items, and is applied as a full load applies it, after the pack's own; a `hides` entry
//! the base does not hold is left to a full load too (it may name an item the base left out).

use std::collections::HashMap;

use opencharacter_spec::diagnostic::Diagnostics;
use opencharacter_spec::ids::{PackId, QualifiedContentId, Reference};
use opencharacter_spec::model::{ContentForm, PackRelease, Ruleset};

use super::{
    LoadOptions, Override, add_release, apply_overlays, formulas, hides_unknown, resolve_references,
};
use crate::overlay::WriteLog;

/// `base` (a ruleset [`load_ruleset`](super::load_ruleset) or this function made) extended by
/// `release`, with the diagnostics about `release`; or `base` back, untouched, when `release`
/// overrides content or extends another pack's item (load the closure in full then).
///
/// The caller guarantees what makes the result a full load's: `release` is not among `base`'s
/// packs, and every pack it depends on that is loaded at all is among them (`release` comes
/// last in a valid load order of `base`'s packs and itself). The manifests are not checked
/// here (`check_dependencies` checks them all together, once); with
/// [`LoadOptions::check_formulas`], only `release`'s formula table is.
///
/// # Errors
/// `base`, untouched (boxed: a ruleset is large to move), when `release` cannot be added exactly (see above).
pub fn extend_ruleset(
    mut base: Ruleset,
    release: &PackRelease,
    options: &LoadOptions,
) -> Result<(Ruleset, Diagnostics), Box<Ruleset>> {
    if !extends_only_itself(release) || !hides_known(&base, release) {
        return Err(Box::new(base));
    }
    let mut diagnostics = Diagnostics::new();
    let mut defined = Vec::new();
    let mut overrides: Vec<Override<'_>> = Vec::new();
    add_release(
        &mut base,
        release,
        options,
        &mut defined,
        &mut overrides,
        &mut diagnostics,
    );
    // Checked above: the pack overrides nothing.
    debug_assert!(overrides.is_empty());

    let resolved = resolve_references(&base, &defined, &mut diagnostics);
    let pack = &release.manifest.id;
    let mut hides = Vec::new();
    for (index, id) in release.manifest.hides.iter().enumerate() {
        if base.content.contains_key(id) {
            hides.push(id.clone());
        } else {
            diagnostics.push(hides_unknown(pack, id, index));
        }
    }
    // No override: nothing is written over another pack's item, so no conflict is added and
    // the log stays empty (the base's conflicts stand).
    let mut log: WriteLog<QualifiedContentId, PackId> = WriteLog::new();
    apply_overlays(
        &mut base,
        &defined,
        &resolved,
        &HashMap::new(),
        options.max_extends_depth,
        &mut log,
        &mut diagnostics,
    );
    for id in hides {
        if let Some(content) = base.content.get_mut(&id)
            && !content.hidden_by.contains(pack)
        {
            content.hidden_by.push(pack.clone());
        }
    }
    if options.check_formulas {
        diagnostics.extend(formulas::check_presence(release, &base));
    }
    Ok((base, diagnostics))
}

/// Whether every item `release` hides is known without loading more: in `base`, or one of the
/// pack's own. An unknown one is left to a full load, which also knows the items that were
/// defined and then left out (a failed `extends`): hiding one of those is not `hides-unknown`.
fn hides_known(base: &Ruleset, release: &PackRelease) -> bool {
    release.manifest.hides.iter().all(|id| {
        base.content.contains_key(id)
            || (id.pack == release.manifest.id && release.content.contains_key(&id.local))
    })
}

/// Whether `release` overrides nothing and each of its extensions names one of its own items
/// as its parent (a local name is looked up in the pack first, so one of its own items' names
/// is its own).
fn extends_only_itself(release: &PackRelease) -> bool {
    let pack = &release.manifest.id;
    let own = |local: &opencharacter_spec::ids::ContentId| {
        release.content.get(local).is_some_and(|item| {
            matches!(
                item.form(),
                Ok(ContentForm::Item { .. } | ContentForm::Extends { .. })
            )
        })
    };
    release.content.values().all(|item| {
        if matches!(item.form(), Ok(ContentForm::Override { .. })) {
            return false;
        }
        match &item.extends {
            None => true,
            Some(Reference::Local(local)) => own(local),
            Some(Reference::Qualified(qualified)) => {
                &qualified.pack == pack && own(&qualified.local)
            }
        }
    })
}

#[cfg(test)]
mod tests;
