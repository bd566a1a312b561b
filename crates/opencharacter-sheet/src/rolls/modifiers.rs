//! Roll modifiers (`rollModifiers` on content, `docs/spec/content.md`): what the owner's items
//! change in the rolls of its other items. A modifier picks rolls by the rolled item's content
//! type, the roll's ID and a condition over the item's properties and the roll's parameters, so
//! a feature reaches every spell of a school or a damage type at every slot level without
//! naming one. Each is read at each entry of the roll (its `where` and `add` may read `slot`),
//! in the modifier's own pack: maximizing turns the roll's dice into their highest total, an
//! `add` joins the roll (each of its `times` rolls) or, scoped `once` on a roll made several
//! times, is shown apart as the bonus to one of them.

use opencharacter_formula::{BinaryOp, Expr, Value};
use opencharacter_resolve::NameKind;
use opencharacter_resolve::formula_words::{eval_error, type_reason};
use opencharacter_spec::diagnostic::{Phrase, reasons};
use opencharacter_spec::ids::{FieldId, PackId, QualifiedContentId, QualifiedFieldId, Reference};
use opencharacter_spec::model::{RollModifier, RollModifierScope};

use super::checks::dice_roll;
use super::odds::analyze;
use super::{Roll, RollKind};
use crate::engine::{Engine, Env, Extra};
use crate::evaluate::{Owned, Sheet};
use crate::item_scope::ItemScope;

/// A modifier of an owned item, its content type resolved from the item's pack.
pub(super) struct Active<'a> {
    def: &'a RollModifier,
    ctx: PackId,
    type_id: QualifiedFieldId,
    /// Its `items`, qualified (those that resolve to nothing match nothing).
    items: Vec<QualifiedContentId>,
}

impl Active<'_> {
    /// Whether it is about roll `roll_id` of the items of type `type_id`.
    pub(super) fn reaches(&self, type_id: &QualifiedFieldId, roll_id: &FieldId) -> bool {
        self.type_id == *type_id && self.def.rolls.contains(roll_id)
    }

    /// Its `where` and `add`, as written, for the parameters they read.
    pub(super) fn formulas(&self) -> impl Iterator<Item = &str> {
        (self.def.condition.iter().map(|f| f.as_str()))
            .chain(self.def.add.iter().map(|f| f.as_str()))
    }
}

/// Every modifier of the items that take effect (not those only carried), in owned order.
pub(super) fn active<'a>(engine: &Engine<'_>, owned: &'a [Owned<'_>]) -> Vec<Active<'a>> {
    let mut out = Vec::new();
    for item in owned.iter().filter(|item| !item.carried) {
        for def in &item.item.roll_modifiers {
            let type_id = match &def.content_type {
                Reference::Qualified(q) => Some(q.clone()),
                local => engine.resolve_kind(&item.ctx, local, NameKind::ContentType),
            };
            // An unknown type is the build's to report (`reference-unknown`); it changes nothing.
            if let Some(type_id) = type_id {
                let items = (def.items.iter())
                    .filter_map(|r| engine.resolve_content(&item.ctx, r))
                    .collect();
                out.push(Active {
                    def,
                    ctx: item.ctx.clone(),
                    type_id,
                    items,
                });
            }
        }
    }
    out
}

/// One entry of a dice roll, about to be modified.
pub(super) struct Target<'x, 'a> {
    pub(super) engine: &'x Engine<'a>,
    pub(super) sheet: &'x Sheet,
    pub(super) scope: &'x ItemScope<'x, 'a>,
    pub(super) type_id: &'x QualifiedFieldId,
    pub(super) content: &'x QualifiedContentId,
    pub(super) roll_id: &'x FieldId,
    /// The parameters' values at this entry.
    pub(super) at: &'x Extra,
    /// The roll's environment (the content type's pack) at this entry.
    pub(super) env: &'x Env<'x, 'a>,
}

impl Target<'_, '_> {
    fn env<'e>(&'e self, ctx: &'e PackId) -> Env<'e, 'e> {
        Env {
            engine: self.engine,
            ctx,
            values: &self.sheet.values,
            owned: &self.sheet.owned,
            extra: Some(self.at),
        }
    }

    /// A modifier's formula with the rolled item's properties read in.
    fn read(&self, text: &str) -> Result<Expr, Phrase> {
        match &*self.engine.parse(text) {
            Ok(expr) => self.scope.substitute(expr),
            Err(reason) => Err(reason.clone()),
        }
    }

    /// The modifiers that reach this roll: its type and ID, their `where` holding.
    fn matching<'m>(&self, modifiers: &'m [Active<'m>]) -> Result<Vec<&'m Active<'m>>, Phrase> {
        let mut out = Vec::new();
        for m in modifiers {
            if !m.reaches(self.type_id, self.roll_id)
                || !(m.def.items.is_empty() || m.items.contains(self.content))
            {
                continue;
            }
            if let Some(condition) = &m.def.condition {
                // A property the rolled item does not set (a spell without a damage type)
                // does not meet the condition: the modifier is not about that item.
                let Ok(expr) = self.read(condition.as_str()) else {
                    continue;
                };
                match self.env(&m.ctx).value(&expr) {
                    Ok(Value::Bool(true)) => {}
                    Ok(Value::Bool(false)) => continue,
                    Ok(other) => {
                        return Err(Phrase::new(&reasons::ROLL_MODIFIER_WHERE_TYPE)
                            .with_word("type", type_reason(other.type_word())));
                    }
                    Err(e) => {
                        return Err(Phrase::new(&reasons::ROLL_MODIFIER_WHERE_FAILED)
                            .with_word("reason", eval_error(&e)));
                    }
                }
            }
            out.push(m);
        }
        Ok(out)
    }

    /// `roll` (this entry, already read from `main`) with the modifiers that reach it applied;
    /// a modifier that cannot be worked out leaves the roll unavailable, with why.
    pub(super) fn apply(&self, modifiers: &[Active<'_>], main: &Expr, roll: &mut Roll) {
        if !matches!(roll.kind, RollKind::Dice(_)) {
            return;
        }
        if let Err(reason) = self.modify(modifiers, main, roll) {
            roll.kind = RollKind::Unavailable {
                reason: Phrase::new(&reasons::ROLL_MODIFIER_FAILED).with_word("reason", reason),
            };
        }
    }

    fn modify(&self, modifiers: &[Active<'_>], main: &Expr, roll: &mut Roll) -> Result<(), Phrase> {
        let matching = self.matching(modifiers)?;
        if matching.is_empty() {
            return Ok(());
        }
        let mut expr = main.clone();
        if matching.iter().any(|m| m.def.maximize) {
            let folded = expr.fold_dice(self.env).map_err(|e| eval_error(&e))?;
            let max = analyze(&folded)
                .map_err(|e| e.phrase())?
                .max()
                .ok_or_else(|| Phrase::new(&reasons::ROLL_NO_OUTCOME))?;
            expr = match &*self.engine.parse(&max.to_string()) {
                Ok(literal) => literal.clone(),
                Err(reason) => return Err(reason.clone()),
            };
        }
        let several = roll.times.is_some_and(|t| t > 1);
        let mut once: Vec<Expr> = Vec::new();
        for m in &matching {
            let Some(add) = &m.def.add else { continue };
            let add = self
                .read(add.as_str())?
                .fold_dice(&self.env(&m.ctx))
                .map_err(|e| {
                    Phrase::new(&reasons::ROLL_MODIFIER_ADD_FAILED)
                        .with_word("reason", eval_error(&e))
                })?;
            if several && m.def.scope == RollModifierScope::Once {
                once.push(add);
            } else {
                expr = plus(expr, add);
            }
        }
        roll.kind = dice_roll(self.env, &expr);
        if let Some(first) = once.pop() {
            let sum = once.into_iter().fold(first, plus);
            let folded = sum.fold_dice(self.env).map_err(|e| eval_error(&e))?;
            roll.once = Some(folded.to_string());
        }
        Ok(())
    }
}

fn plus(left: Expr, right: Expr) -> Expr {
    Expr::Binary {
        op: BinaryOp::Add,
        left: Box::new(left),
        right: Box::new(right),
    }
}
