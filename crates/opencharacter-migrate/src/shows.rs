//! Whether the migrated character shows a live pool or track, which decides where a `routeLive`
//! sends its value: a pool whose maximum, evaluated for this character, is above 0 (and that its
//! `hideWhen` does not hide), a plain track its `hideWhen` does not hide, a wound track with at
//! least one box.
//!
//! The sheet crate did not yet offer an evaluation when this was written, so the formulas are
//! evaluated here with the formula crate over a small environment: saved field values, then
//! derived fields (evaluated the same way, depth-limited), then defaults; settings from the
//! character's own setup, then their defaults; owned content for `has` and `count`. Effects of
//! content are not applied. [`shows`] is the one place to swap for the sheet's evaluation.

use std::cell::RefCell;
use std::collections::HashSet;

use opencharacter_formula::{Environment, Number, SplitMix64, Value, parse};
use opencharacter_spec::ids::{PackId, Qualified, QualifiedFieldId};
use opencharacter_spec::model::common::Formula;
use opencharacter_spec::model::{Character, Ruleset, Scalar, ValueType};

/// Deepest chain of derived fields followed while evaluating one formula.
const MAX_DEPTH: usize = 32;

/// Which kind of live value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LiveKind {
    Pool,
    Track,
    WoundTrack,
}

/// Whether the character shows the live value `id` of kind `kind`. Anything that cannot be
/// evaluated (a missing name, a type error, a loop) counts as not shown, so the value goes to
/// the step's `else`.
pub(crate) fn shows(
    ruleset: &Ruleset,
    character: &Character,
    kind: LiveKind,
    id: &QualifiedFieldId,
) -> bool {
    let evaluator = Evaluator {
        ruleset,
        character,
        visiting: RefCell::new(HashSet::new()),
    };
    let pack = &id.pack;
    let hidden = |hide_when: Option<&Formula>| match hide_when {
        None => Some(false),
        Some(formula) => match evaluator.eval(pack, formula)? {
            Value::Bool(hidden) => Some(hidden),
            _ => None,
        },
    };
    let above_zero = |formula: &Formula| match evaluator.eval(pack, formula)? {
        Value::Number(n) => Some(n > Number::from(0)),
        _ => None,
    };
    let shown = match kind {
        LiveKind::Pool => ruleset
            .pools
            .get(id)
            .and_then(|pool| Some(!hidden(pool.hide_when.as_ref())? && above_zero(&pool.max)?)),
        LiveKind::Track => ruleset
            .tracks
            .get(id)
            .and_then(|track| Some(!hidden(track.hide_when.as_ref())?)),
        LiveKind::WoundTrack => ruleset
            .wound_tracks
            .get(id)
            .and_then(|track| above_zero(&track.boxes)),
    };
    shown.unwrap_or(false)
}

struct Evaluator<'a> {
    ruleset: &'a Ruleset,
    character: &'a Character,
    /// Derived fields being evaluated, to stop at a loop.
    visiting: RefCell<HashSet<QualifiedFieldId>>,
}

/// The evaluator seen from one pack: local names are that pack's, then its direct
/// dependencies', in declaration order.
struct Scope<'a, 'e> {
    evaluator: &'e Evaluator<'a>,
    pack: &'e PackId,
}

impl<'a> Evaluator<'a> {
    fn eval(&self, pack: &PackId, formula: &Formula) -> Option<Value> {
        let tree = parse(formula.as_str()).ok()?;
        let scope = Scope {
            evaluator: self,
            pack,
        };
        // A maximum with dice in it is rolled with a fixed seed, so a read is repeatable.
        tree.eval(&scope, &mut SplitMix64::new(0)).ok()
    }

    /// The packs a local name of `pack` may belong to, in search order.
    fn search_order(&self, pack: &PackId) -> Vec<PackId> {
        let mut order = vec![pack.clone()];
        if let Some(found) = self.ruleset.packs.iter().find(|p| &p.id == pack) {
            order.extend(found.dependencies.keys().cloned());
        }
        order
    }

    fn field(&self, id: &QualifiedFieldId) -> Option<Value> {
        let def = self.ruleset.fields.get(id)?;
        if let Some(saved) = self.character.fields.get(id) {
            return Some(scalar_value(saved));
        }
        if let Some(formula) = &def.formula {
            if self.visiting.borrow().len() >= MAX_DEPTH
                || !self.visiting.borrow_mut().insert(id.clone())
            {
                return None;
            }
            let value = self.eval(&id.pack, formula);
            self.visiting.borrow_mut().remove(id);
            return value;
        }
        if let Some(default) = &def.default {
            return Some(scalar_value(default));
        }
        // A field nobody set and without a default reads as its type's empty value.
        match def.value_type {
            ValueType::Number => Some(Value::from(0)),
            ValueType::Text | ValueType::Enum => Some(Value::String(String::new())),
            ValueType::Boolean => Some(Value::Bool(false)),
            _ => None,
        }
    }
}

impl Environment for Scope<'_, '_> {
    fn field(&self, pack: Option<&str>, name: &str) -> Option<Value> {
        let local = name.parse().ok()?;
        match pack {
            Some(pack) => {
                let pack: PackId = pack.parse().ok()?;
                self.evaluator.field(&Qualified::new(pack, local))
            }
            None => self
                .evaluator
                .search_order(self.pack)
                .into_iter()
                .find_map(|pack| self.evaluator.field(&Qualified::new(pack, local.clone()))),
        }
    }

    fn setting(&self, id: &str) -> Option<Value> {
        let local: opencharacter_spec::ids::FieldId =
            id.strip_prefix("settings.").unwrap_or(id).parse().ok()?;
        self.evaluator
            .search_order(self.pack)
            .into_iter()
            .map(|pack| Qualified::new(pack, local.clone()))
            .find_map(|id| {
                let chosen = self
                    .evaluator
                    .character
                    .setup
                    .as_ref()
                    .and_then(|setup| setup.settings.get(&id));
                let default = self.evaluator.ruleset.settings.get(&id).map(|s| &s.default);
                chosen.or(default).map(scalar_value)
            })
    }

    fn has(&self, content: &str) -> bool {
        self.count(content) > 0
    }

    fn count(&self, content: &str) -> i64 {
        let qualified = |owned: &opencharacter_spec::ids::QualifiedContentId| {
            owned.to_string() == content
                || (owned.pack == *self.pack && owned.local.as_str() == content)
        };
        self.evaluator
            .character
            .content
            .iter()
            .filter(|owned| qualified(&owned.id))
            .map(|owned| i64::from(owned.quantity))
            .sum()
    }
}

/// A saved value as the formula language sees it.
pub(crate) fn scalar_value(scalar: &Scalar) -> Value {
    match scalar {
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Text(text) => Value::String(text.clone()),
        Scalar::Number(number) => number
            .to_string()
            .parse::<Number>()
            .map_or_else(|_| Value::String(number.to_string()), Value::Number),
    }
}
