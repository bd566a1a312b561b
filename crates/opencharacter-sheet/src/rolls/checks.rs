//! Checks and plain rolls from formulas: a formula's value as a check of the ruleset's
//! resolution (with situational choices' dice and bonuses, and the band set read for the
//! character), a plain roll folded and analysed, an action's use, and [`Sheet::action_roll`].

use opencharacter_formula::{Expr, Value};
use opencharacter_spec::ids::{FieldId, QualifiedFieldId, Reference};
use opencharacter_spec::model::Ruleset;

use super::bands::{band_set, resolve_band_formulas};
use super::odds::{DiceCache, analyze, num};
use super::{CheckInput, DiceRoll, Roll, RollError, RollKind, RollOptions, analyze_check_with};
use crate::engine::{Engine, Env};
use crate::evaluate::{EvaluateOptions, Sheet};
use crate::value::SheetValue;

/// A plain roll's formula folded and analysed.
pub(super) fn dice_roll(env: &Env<'_, '_>, expr: &Expr) -> RollKind {
    match env.fold(expr) {
        Ok(folded) => {
            let dist = analyze(&folded);
            let (min, max, mean) = match &dist {
                Ok(d) => (num(d.min()), num(d.max()), num(d.mean())),
                Err(_) => (None, None, None),
            };
            RollKind::Dice(DiceRoll {
                formula: folded.to_string(),
                min,
                max,
                mean,
            })
        }
        Err(e) => RollKind::Unavailable {
            reason: e.to_string(),
        },
    }
}

/// A check of the ruleset's resolution with the value of `check`, read in pack `ctx`.
pub(super) fn check_roll(
    engine: &Engine<'_>,
    env: &Env<'_, '_>,
    check: &str,
    bands: Option<&Reference<FieldId>>,
    options: &RollOptions,
) -> RollKind {
    let Some(resolution) = &engine.ruleset.resolution else {
        return RollKind::Unavailable {
            reason: RollError::NoResolution.to_string(),
        };
    };
    let value = match &*engine.parse(check) {
        Ok(expr) => env.value(expr),
        Err(reason) => {
            return RollKind::Unavailable {
                reason: reason.clone(),
            };
        }
    };
    let mut value = match value {
        Ok(Value::Number(n)) => n,
        Ok(other) => {
            return RollKind::Unavailable {
                reason: format!("the check gives {}", other.type_name()),
            };
        }
        Err(e) => {
            return RollKind::Unavailable {
                reason: e.to_string(),
            };
        }
    };
    let mut dice = None;
    for id in &options.situational {
        let Some(choice) = engine.ruleset.situational_choices.get(id) else {
            return RollKind::Unavailable {
                reason: RollError::Unknown("situational choice", id.to_string()).to_string(),
            };
        };
        if let Some(d) = &choice.dice {
            match &*engine.parse(d.as_str()) {
                Ok(expr) => dice = env.fold(expr).ok(),
                Err(reason) => {
                    return RollKind::Unavailable {
                        reason: reason.clone(),
                    };
                }
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
                _ => {
                    return RollKind::Unavailable {
                        reason: format!("the bonus of `{id}` has no number"),
                    };
                }
            }
        }
    }
    let bands = band_set(engine, env.ctx, bands);
    // Bands whose ends read the character's fields (a critical on `combat.critical_min`) are
    // read for this character before the odds are counted.
    let resolved = bands
        .filter(|(_, set)| set.reads_formulas())
        .map(|(id, set)| resolve_band_formulas(env, &id.pack, set));
    let bands = match (&resolved, bands) {
        (Some(set), Some((id, _))) => Some((id, set)),
        (_, bands) => bands,
    };
    let input = CheckInput {
        value,
        bands,
        dice,
        advantage: options.advantage,
        dc: options.dc,
    };
    match analyze_check_with(&resolution.resolution, &input, Some(engine.dice)) {
        Ok(check) => RollKind::Check(check),
        Err(e) => RollKind::Unavailable {
            reason: e.to_string(),
        },
    }
}

pub(super) fn action_kind(
    engine: &Engine<'_>,
    env: &Env<'_, '_>,
    action: &opencharacter_spec::model::rules::Action,
    options: &RollOptions,
) -> RollKind {
    let uses = &action.uses;
    if let Some(check) = &uses.check {
        return check_roll(engine, env, check.as_str(), uses.bands.as_ref(), options);
    }
    if let Some(roll) = &uses.roll {
        return match &*engine.parse(roll.as_str()) {
            Ok(expr) => dice_roll(env, expr),
            Err(reason) => RollKind::Unavailable {
                reason: reason.clone(),
            },
        };
    }
    if let Some(formula) = &uses.formula {
        let value = match &*engine.parse(formula.as_str()) {
            Ok(expr) => env.value(expr).ok().map(SheetValue),
            Err(_) => None,
        };
        return RollKind::Value {
            formula: formula.to_string(),
            value,
        };
    }
    RollKind::Unavailable {
        reason: "the action uses nothing".into(),
    }
}

impl Sheet {
    /// Rolls an action with options (situational choices, advantage, a DC) for this character.
    ///
    /// The ruleset and character must be the ones the sheet was evaluated from.
    pub fn action_roll(
        &self,
        ruleset: &Ruleset,
        character: &opencharacter_spec::model::Character,
        action: &QualifiedFieldId,
        options: &RollOptions,
    ) -> Result<Roll, RollError> {
        let def = ruleset
            .actions
            .get(action)
            .ok_or_else(|| RollError::Unknown("action", action.to_string()))?;
        if let Some(unknown) = options
            .situational
            .iter()
            .find(|id| !ruleset.situational_choices.contains_key(*id))
        {
            return Err(RollError::Unknown(
                "situational choice",
                unknown.to_string(),
            ));
        }
        // Choices that modify fields (cover: AC +2) change the sheet for this roll: it is
        // evaluated again with their effects, so what reads a modified field follows it.
        let modifies = options.situational.iter().any(|id| {
            ruleset
                .situational_choices
                .get(id)
                .is_some_and(|choice| !choice.modify.is_empty())
        });
        let modified;
        let sheet = if modifies {
            let evaluate_options = EvaluateOptions {
                situational: options.situational.clone(),
                ..self.options.clone()
            };
            modified = crate::evaluate::evaluate(ruleset, character, &evaluate_options);
            &modified
        } else {
            self
        };
        let parsed = crate::engine::ParseCache::default();
        let dice = DiceCache::default();
        let mut engine = Engine::new(ruleset, character, &parsed, &dice);
        engine.settings = sheet.settings_values.clone();
        let env = Env {
            engine: &engine,
            ctx: &action.pack,
            values: &sheet.values,
            owned: &sheet.owned,
            extra: None,
        };
        let kind = action_kind(&engine, &env, def, options);
        Ok(Roll {
            id: action.to_string(),
            kind,
        })
    }
}
