//! Situational choices taken on a roll: their `dice` replace the check's, their `bonus` adds to
//! its value, and those that `modify` fields make the roll read a sheet evaluated again with
//! their effects (half cover: AC and Dexterity saves +2 for that roll only).

use opencharacter_formula::{Expr, Number, Value};
use opencharacter_spec::diagnostic::{Kind, Phrase, reasons};
use opencharacter_spec::model::{Character, Ruleset};

use super::{RollError, RollOptions};
use crate::engine::{Engine, Env};
use crate::evaluate::{EvaluateOptions, Sheet};

/// The first situational choice of `options` the ruleset does not have.
pub(super) fn unknown(ruleset: &Ruleset, options: &RollOptions) -> Option<RollError> {
    options
        .situational
        .iter()
        .find(|id| !ruleset.situational_choices.contains_key(*id))
        .map(|id| RollError::Unknown(Kind::SituationalChoice, id.to_string()))
}

/// A check's value and dice with the choices of `options` taken: the last choice with `dice`
/// gives the dice (folded for the character), each `bonus` (read in its choice's pack) adds.
pub(super) fn apply(
    engine: &Engine<'_>,
    env: &Env<'_, '_>,
    mut value: Number,
    options: &RollOptions,
) -> Result<(Number, Option<Expr>), Phrase> {
    let mut dice = None;
    for id in &options.situational {
        let Some(choice) = engine.ruleset.situational_choices.get(id) else {
            return Err(RollError::Unknown(Kind::SituationalChoice, id.to_string()).phrase());
        };
        if let Some(d) = &choice.dice {
            match &*engine.parse(d.as_str()) {
                Ok(expr) => dice = expr.fold_dice(env).ok(),
                Err(reason) => return Err(reason.clone()),
            }
        }
        if let Some(bonus) = &choice.bonus {
            let bonus_env = Env {
                ctx: &id.pack,
                ..*env
            };
            match engine
                .parse(bonus.as_str())
                .as_ref()
                .as_ref()
                .map(|e| bonus_env.value(e))
            {
                Ok(Ok(Value::Number(b))) => value = crate::value::add(value, b).unwrap_or(value),
                _ => return Err(Phrase::new(&reasons::ROLL_BONUS_NO_NUMBER).with_arg("id", id)),
            }
        }
    }
    Ok((value, dice))
}

/// The sheet evaluated again with the `modify` effects of the choices `options` takes, when
/// one of them modifies fields; `None` when none does (the sheet itself is read).
pub(super) fn modified(
    sheet: &Sheet,
    ruleset: &Ruleset,
    character: &Character,
    options: &RollOptions,
) -> Option<Sheet> {
    modifies(ruleset, options).then(|| {
        let evaluate_options = EvaluateOptions {
            situational: options.situational.clone(),
            ..sheet.options.clone()
        };
        crate::evaluate::evaluate(ruleset, character, &evaluate_options)
    })
}

/// Whether a choice `options` takes modifies fields.
pub(super) fn modifies(ruleset: &Ruleset, options: &RollOptions) -> bool {
    options.situational.iter().any(|id| {
        ruleset
            .situational_choices
            .get(id)
            .is_some_and(|choice| !choice.modify.is_empty())
    })
}
