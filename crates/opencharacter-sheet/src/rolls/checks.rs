//! Checks and plain rolls from formulas: a formula's value as a check of the ruleset's
//! resolution (with situational choices' dice and bonuses, and the band set read for the
//! character), a plain roll folded and analysed, an action's use, and [`Sheet::action_roll`].
//! Situational choices are `situational`'s.

use opencharacter_formula::{Expr, Number, Value};
use opencharacter_resolve::formula_words::{eval_error, type_reason};
use opencharacter_spec::diagnostic::{Kind, Phrase, reasons};
use opencharacter_spec::ids::{FieldId, QualifiedFieldId, Reference};
use opencharacter_spec::model::Ruleset;

use super::bands::{band_set, resolve_band_formulas};
use super::odds::{DiceCache, analyze, num};
use super::situational;
use super::{CheckInput, DiceRoll, Roll, RollError, RollKind, RollOptions, analyze_check_with};
use crate::engine::{Engine, Env};
use crate::evaluate::Sheet;
use crate::value::SheetValue;

/// A plain roll's formula folded to its dice and analysed.
pub(super) fn dice_roll(env: &Env<'_, '_>, expr: &Expr) -> RollKind {
    match expr.fold_dice(env) {
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
            reason: eval_error(&e),
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
    match &*engine.parse(check) {
        Ok(expr) => match check_value(env, expr) {
            Ok(value) => check_of(engine, env, value, bands, options),
            Err(reason) => RollKind::Unavailable { reason },
        },
        Err(reason) => RollKind::Unavailable {
            reason: reason.clone(),
        },
    }
}

/// A check's value: a number, never a roll.
pub(super) fn check_value(env: &Env<'_, '_>, expr: &Expr) -> Result<Number, Phrase> {
    match env.value(expr) {
        Ok(Value::Number(n)) => Ok(n),
        Ok(other) => Err(Phrase::new(&reasons::ROLL_CHECK_GIVES)
            .with_word("type", type_reason(other.type_word()))),
        Err(e) => Err(eval_error(&e)),
    }
}

/// A check of the ruleset's resolution with `value`, the situational choices of `options`
/// taken, read by the band set `bands` names (written in `env`'s pack; the resolution's
/// without one) with its formula ends read for the character.
pub(super) fn check_of(
    engine: &Engine<'_>,
    env: &Env<'_, '_>,
    value: Number,
    bands: Option<&Reference<FieldId>>,
    options: &RollOptions,
) -> RollKind {
    let Some(resolution) = &engine.ruleset.resolution else {
        return RollKind::Unavailable {
            reason: RollError::NoResolution.phrase(),
        };
    };
    let (value, dice) = match situational::apply(engine, env, value, options) {
        Ok(taken) => taken,
        Err(reason) => return RollKind::Unavailable { reason },
    };
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
        Err(e) => RollKind::Unavailable { reason: e.phrase() },
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
        reason: Phrase::new(&reasons::ROLL_USES_NOTHING),
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
            .ok_or_else(|| RollError::Unknown(Kind::Action, action.to_string()))?;
        if let Some(unknown) = situational::unknown(ruleset, options) {
            return Err(unknown);
        }
        let modified = situational::modified(self, ruleset, character, options);
        let sheet = modified.as_ref().unwrap_or(self);
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
        Ok(Roll::action(action, kind))
    }
}
