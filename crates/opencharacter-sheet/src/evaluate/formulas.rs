//! Reading one formula for the sheet: a value, a condition, dice text, or a diagnostic that
//! names what could not be worked out.

use std::collections::HashSet;

use opencharacter_formula::Value;
use opencharacter_resolve::formula_words::eval_error;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, Phrase, codes};
use opencharacter_spec::ids::QualifiedFieldId;

use crate::engine::{Engine, Env};

/// Whether a condition holds; a condition that cannot be evaluated does not.
pub(crate) fn holds(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    when: Option<&opencharacter_spec::model::Formula>,
) -> bool {
    let Some(when) = when else { return true };
    match &*engine.parse(when.as_str()) {
        Ok(expr) => matches!(env.value(expr), Ok(Value::Bool(true))),
        Err(_) => false,
    }
}
/// A formula's value, or none with a diagnostic (none without one when it only lacks a value
/// that already failed).
pub(crate) fn formula_value(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    text: &str,
    failed: &HashSet<QualifiedFieldId>,
    diagnostics: &mut Diagnostics,
) -> Option<Value> {
    match &*engine.parse(text) {
        Ok(expr) => match env.value(expr) {
            Ok(value) => Some(value),
            Err(error) => {
                if !env.failed_dependency(&error, failed) {
                    diagnostics.push(formula_failed(env, text, eval_error(&error)));
                }
                None
            }
        },
        Err(reason) => {
            diagnostics.push(formula_failed(env, text, reason.clone()));
            None
        }
    }
}

/// A formula of the sheet that could not be worked out for this character.
pub(crate) fn formula_failed(env: &Env<'_, '_>, text: &str, reason: Phrase) -> Diagnostic {
    Diagnostic::new(&codes::SHEET_FORMULA_FAILED)
        // Bounded: a formula near the length limit is not echoed whole (limits.md).
        .with_arg("formula", opencharacter_formula::excerpt(text, 1).0)
        .with_word("reason", reason)
        .with_pack(env.ctx.clone())
}

pub(crate) fn hidden(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    when: Option<&opencharacter_spec::model::Formula>,
) -> bool {
    when.is_some() && holds(env, engine, when)
}

/// A dice-typed formula's canonical dice text: every part that does not roll worked out and
/// every `lookup`, `if` or `choose` over fixed values resolved to its branch (the formula
/// crate's [`Expr::fold_dice`](opencharacter_formula::Expr::fold_dice)).
pub(crate) fn dice_text(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    text: &str,
    failed: &HashSet<QualifiedFieldId>,
    diagnostics: &mut Diagnostics,
) -> Option<Value> {
    match &*engine.parse(text) {
        Ok(expr) => match expr.fold_dice(env) {
            Ok(folded) => Some(Value::String(folded.to_string())),
            Err(error) => {
                if !env.failed_dependency(&error, failed) {
                    diagnostics.push(formula_failed(env, text, eval_error(&error)));
                }
                None
            }
        },
        Err(reason) => {
            diagnostics.push(formula_failed(env, text, reason.clone()));
            None
        }
    }
}
