//! The effects an owned item gives (`docs/spec/rules.md#effects`): the item's own, its
//! templates' and, for a variant, the variant's; each with the item's properties read in
//! (`value: item.slots`) and, with `byQuantity`, its value times the owned quantity.
//!
//! Why the properties are read in here, once per owned entry: the effect lands on a field of
//! the character, where no item is in scope any more; substituting the item's values (its
//! copy's, templates and variant applied; its type's `default` for what it does not set) turns
//! the effect into a plain formula of fields.

use std::borrow::Cow;

use opencharacter_spec::diagnostic::{Diagnostic, Phrase, codes, reasons};
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::{ContentTypeDef, Effect, Formula};

use super::ownership::{Owned, item_type_def};
use super::sheet::EffectSource;
use crate::engine::Engine;
use crate::item_scope::ItemScope;

/// An effect of an owned item, ready to apply: `(effect, the pack its names read in, source)`.
pub(crate) type OwnedEffect<'a> = (Cow<'a, Effect>, PackId, EffectSource);

/// The effects of one owned entry that is in use (not only carried).
pub(crate) fn owned_effects<'a>(
    engine: &Engine<'a>,
    owned: &Owned<'a>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OwnedEffect<'a>> {
    let mut out: Vec<OwnedEffect<'a>> = Vec::new();
    let content = |template| EffectSource::Content {
        id: owned.id.clone(),
        template,
    };
    match &owned.item {
        Cow::Borrowed(item) => {
            for effect in item.effects.iter().flatten() {
                out.push((Cow::Borrowed(effect), owned.ctx.clone(), content(None)));
            }
        }
        Cow::Owned(item) => {
            for effect in item.effects.iter().flatten() {
                out.push((Cow::Owned(effect.clone()), owned.ctx.clone(), content(None)));
            }
        }
    }
    for effect in &owned.variant_effects {
        out.push((
            Cow::Owned(effect.clone()),
            owned.id.pack.clone(),
            content(None),
        ));
    }
    for (template, effect) in &owned.template_effects {
        out.push((
            Cow::Owned(effect.clone()),
            template.pack.clone(),
            content(Some(template.clone())),
        ));
    }
    let empty = ContentTypeDef::default();
    let def = item_type_def(engine, owned).map_or(&empty, |(_, def)| def);
    let scope = ItemScope {
        engine,
        item: &owned.item,
        ctx: &owned.ctx,
        def,
    };
    // An effect that holds only while its item is in play waits for the file's `active`.
    out.retain(|(effect, _, _)| super::active::holds(engine.character, owned, effect));
    out.into_iter()
        .filter_map(|(effect, ctx, from)| {
            let value = read_item(engine, &scope, &effect.value);
            let when = effect.when.as_ref().map(|w| read_item(engine, &scope, w));
            let scaled = effect.by_quantity && owned.quantity != 1;
            let changed = matches!(value, Ok(Some(_))) || matches!(when, Some(Ok(Some(_))));
            if !changed && !scaled {
                return Some((effect, ctx, from));
            }
            let failed = |reason: Phrase, text: &Formula| {
                Diagnostic::new(&codes::SHEET_FORMULA_FAILED)
                    .with_arg(
                        "formula",
                        opencharacter_formula::excerpt(text.as_str(), 1).0,
                    )
                    .with_word(
                        "reason",
                        Phrase::new(&reasons::SHEET_IN_EFFECT)
                            .with_arg("item", &owned.id)
                            .with_word("reason", reason),
                    )
                    .with_pack(ctx.clone())
            };
            let mut value = match value {
                Ok(read) => read.unwrap_or_else(|| effect.value.clone()),
                Err(reason) => {
                    diagnostics.push(failed(reason, &effect.value));
                    return None;
                }
            };
            let when = match when {
                None => None,
                Some(Ok(read)) => read.or_else(|| effect.when.clone()),
                Some(Err(reason)) => {
                    diagnostics.push(failed(reason, effect.when.as_ref()?));
                    return None;
                }
            };
            if scaled {
                value = Formula(format!("({value}) * {}", owned.quantity));
            }
            let effect = Effect {
                target: effect.target.clone(),
                op: effect.op,
                value,
                when,
                bound: effect.bound,
                by_quantity: effect.by_quantity,
                while_active: effect.while_active,
            };
            Some((Cow::Owned(effect), ctx, from))
        })
        .collect()
}

/// The formula with `item.<property>` read from the item; `Ok(None)` when it reads no
/// property (it stays as written).
fn read_item(
    engine: &Engine<'_>,
    scope: &ItemScope<'_, '_>,
    formula: &Formula,
) -> Result<Option<Formula>, Phrase> {
    let tree = engine.parse(formula.as_str());
    let Ok(tree) = tree.as_ref() else {
        return Ok(None); // Reported where it is read.
    };
    let reads_item = tree
        .references()
        .fields
        .iter()
        .any(|name| name.starts_with("item."));
    if !reads_item {
        return Ok(None);
    }
    scope.substitute(tree).map(|t| Some(Formula(t.to_string())))
}
