//! Variants of a base item (`docs/spec/content.md#variants`): an owned entry whose item is a
//! variant (its own or its type's `variantOf`) names the base it is applied to (`base:`), and
//! the character holds one thing: the base item (its type, so it fills the base's slots, its
//! properties, tags, effects, grants, choices and resources) with the variant's properties set
//! over it and the variant's tags, grants, choices and resources added; the variant's effects
//! apply beside the base's, read in the variant's pack.
//!
//! Why the base's type and not the variant's: what a slot accepts, which rolls the item gives
//! and which properties they read are the base's (`+2 weapon` on a longsword rolls as a
//! longsword); the variant only changes them.

use std::borrow::Cow;

use opencharacter_resolve::NameKind;
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::ids::{FieldId, QualifiedContentId, QualifiedFieldId, Reference};
use opencharacter_spec::model::{ContentItem, Effect, OwnedContent};

use super::Pass;
use super::ownership::{item_type, lookup};
use crate::engine::Engine;

/// What applying an owned entry's variant gave.
pub(crate) struct Applied<'a> {
    /// The character's copy: the base with the variant over it, or the listed item as it is.
    pub(crate) item: Cow<'a, ContentItem>,
    /// The base, when the variant applies to one.
    pub(crate) base: Option<QualifiedContentId>,
    /// The variant's own effects (read in the variant's pack), when it applies to a base.
    pub(crate) effects: Vec<Effect>,
    /// A variant without a base: carried, its effects and grants waiting for one.
    pub(crate) waiting: bool,
}

/// The content types the item is a variant of: its own `variantOf`, else its type's.
fn variant_types(
    engine: &Engine<'_>,
    id: &QualifiedContentId,
    item: &ContentItem,
) -> Vec<QualifiedFieldId> {
    let written: Vec<Reference<FieldId>> = match &item.variant_of {
        Some(types) => types.clone(),
        None => {
            let Some(type_id) = item_type(engine, &id.pack, item.content_type.as_ref()) else {
                return Vec::new();
            };
            let def = if type_id.pack.is_homebrew() {
                engine.character.homebrew.content_types.get(&type_id.local)
            } else {
                engine.ruleset.content_types.get(&type_id)
            };
            match def {
                // A type's references are read in the type's pack.
                Some(def) => {
                    return def
                        .variant_of
                        .iter()
                        .filter_map(|t| {
                            engine.resolve_kind(&type_id.pack, t, NameKind::ContentType)
                        })
                        .collect();
                }
                None => return Vec::new(),
            }
        }
    };
    written
        .iter()
        .filter_map(|t| match t {
            Reference::Qualified(q) => Some(q.clone()),
            local => engine.resolve_kind(&id.pack, local, NameKind::ContentType),
        })
        .collect()
}

/// Applies the listed entry's variant to its base, or explains why it cannot.
pub(crate) fn apply<'a>(
    engine: &Engine<'a>,
    listed: &OwnedContent,
    index: usize,
    item: &'a ContentItem,
    pass: &mut Pass<'a>,
) -> Applied<'a> {
    let plain = |waiting| Applied {
        item: Cow::Borrowed(item),
        base: None,
        effects: Vec::new(),
        waiting,
    };
    let types = variant_types(engine, &listed.id, item);
    let Some(base_id) = &listed.base else {
        if types.is_empty() {
            return plain(false);
        }
        pass.diagnostics.push(
            Diagnostic::new(&codes::VARIANT_BASE_MISSING)
                .with_arg("id", &listed.id)
                .with_pointer(format!("/content/{index}")),
        );
        return plain(true);
    };
    let pointer = format!("/content/{index}/base");
    if types.is_empty() {
        pass.diagnostics.push(
            Diagnostic::new(&codes::VARIANT_BASE_UNEXPECTED)
                .with_arg("id", &listed.id)
                .with_arg("base", base_id)
                .with_pointer(pointer),
        );
        return plain(false);
    }
    let Some((base, _)) = lookup(engine, base_id) else {
        return plain(true); // check_character reports the unknown base.
    };
    let base_type = item_type(engine, &base_id.pack, base.content_type.as_ref());
    if !base_type.as_ref().is_some_and(|t| types.contains(t)) {
        let wanted: Vec<String> = types.iter().map(ToString::to_string).collect();
        pass.diagnostics.push(
            Diagnostic::new(&codes::VARIANT_BASE_WRONG_TYPE)
                .with_arg("id", &listed.id)
                .with_arg("base", base_id)
                .with_arg("types", wanted.join(", "))
                .with_pointer(pointer),
        );
        return plain(true);
    }
    let mut copy = base.clone();
    copy.content_type = base_type.map(Reference::Qualified);
    for (key, value) in &item.properties {
        copy.properties.insert(key.clone(), value.clone());
    }
    if let Some(tags) = &item.tags {
        let into = copy.tags.get_or_insert_with(Vec::new);
        for tag in tags {
            if !into.contains(tag) {
                into.push(tag.clone());
            }
        }
    }
    if let Some(grants) = &item.grants {
        copy.grants
            .get_or_insert_with(Vec::new)
            .extend(grants.iter().cloned());
    }
    if let Some(choices) = &item.choices {
        let into = copy.choices.get_or_insert_with(Default::default);
        for (key, choice) in choices {
            into.insert(key.clone(), choice.clone());
        }
    }
    if let Some(resources) = &item.resources {
        let into = copy.resources.get_or_insert_with(Default::default);
        for (key, resource) in resources {
            into.insert(key.clone(), resource.clone());
        }
    }
    if item.deprecated.is_some() {
        copy.deprecated.clone_from(&item.deprecated);
    }
    Applied {
        item: Cow::Owned(copy),
        base: Some(base_id.clone()),
        effects: item.effects.clone().unwrap_or_default(),
        waiting: false,
    }
}
