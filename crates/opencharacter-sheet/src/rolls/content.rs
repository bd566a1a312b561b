//! The rolls an owned item's content type declares (`rolls` in `docs/spec/rules.md`): for each
//! roll the item has (its `requires` set, its `when` holding), one entry at each value of the
//! parameters the roll reads (directly or through the item's properties), each a check, a save
//! with its DC, a plain roll or a value, with how many times it is made and what it is about.

use indexmap::IndexMap;
use opencharacter_formula::{Expr, Value};
use opencharacter_resolve::formula_words::{eval_error, type_reason};
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, Phrase, codes, reasons};
use opencharacter_spec::ids::{FieldId, QualifiedContentId, QualifiedFieldId, Reference};
use opencharacter_spec::model::{ContentRollDef, ContentRollKind, ContentTypeDef};

use super::checks::{check_of, check_value, dice_roll};
use super::modifiers::{Active, Target};
use super::{Roll, RollKind, RollOptions, RollSource, SaveRoll};
use crate::engine::{Engine, Env, Extra};
use crate::evaluate::{Owned, Sheet, item_type_def};
use crate::item_scope::ItemScope;
use crate::value::SheetValue;

/// Most entries one roll of one item may have (the product of its parameters' ranges).
const MAX_ENTRIES: usize = 1_000;

/// An owned item's content type, when it declares rolls.
pub(super) struct Declared<'r> {
    type_id: QualifiedFieldId,
    def: &'r ContentTypeDef,
}

/// The declaration of an owned item's content type, when it declares any rolls.
pub(super) fn declared<'r>(engine: &Engine<'r>, item: &Owned<'_>) -> Option<Declared<'r>> {
    let (type_id, def) = item_type_def(engine, item)?;
    (!def.rolls.is_empty()).then_some(Declared { type_id, def })
}

/// A roll's formulas, read for one item: `item.<property>` replaced.
struct Formulas {
    main: Expr,
    times: Option<Expr>,
    when: Option<Expr>,
}

/// Every roll `declared` gives `item`, at each value of its parameters.
pub(super) fn item_rolls(
    engine: &Engine<'_>,
    sheet: &Sheet,
    item: &Owned<'_>,
    declared: &Declared<'_>,
    options: &RollOptions,
    modifiers: &[Active<'_>],
    diagnostics: &mut Diagnostics,
) -> Vec<Roll> {
    let scope = ItemScope {
        engine,
        item: &item.item,
        ctx: &item.ctx,
        def: declared.def,
    };
    let mut rolls = Vec::new();
    for (roll_id, def) in &declared.def.rolls {
        let Some((kind, text)) = def.main() else {
            continue; // The build reports it (`exactly-one-of`).
        };
        if !has_roll(engine, &scope, def, text) {
            continue;
        }
        let roll = RollAt {
            engine,
            sheet,
            scope: &scope,
            content: &item.id,
            roll_id,
            def,
            kind,
            ctx: &declared.type_id.pack,
            options,
            type_id: &declared.type_id,
            modifiers,
        };
        let (mut entries, failure) = roll.entries();
        if let Some(reason) = failure {
            diagnostics.push(
                Diagnostic::new(&codes::SHEET_ROLL_FAILED)
                    .with_arg("content", &item.id)
                    .with_arg("roll", roll_id)
                    .with_word("reason", reason)
                    .with_pack(declared.type_id.pack.clone()),
            );
        }
        rolls.append(&mut entries);
    }
    rolls
}

/// Whether the item has the roll: every property it `requires` is set (by default those the
/// main formula reads without a `default`).
fn has_roll(
    engine: &Engine<'_>,
    scope: &ItemScope<'_, '_>,
    def: &ContentRollDef,
    text: &str,
) -> bool {
    match &def.requires {
        Some(required) => required
            .iter()
            .all(|p| scope.item.properties.contains_key(p)),
        None => match &*engine.parse(text) {
            Ok(expr) => expr.references().fields.iter().all(|name| {
                let Some(property) = name.strip_prefix("item.") else {
                    return true;
                };
                property
                    .parse::<FieldId>()
                    .is_ok_and(|p| scope.value(&p).is_some())
            }),
            Err(_) => true, // The build reports it; the roll shows why it cannot be made.
        },
    }
}

/// One roll of one item, about to be read at each value of its parameters.
struct RollAt<'x, 'a> {
    engine: &'x Engine<'a>,
    sheet: &'x Sheet,
    scope: &'x ItemScope<'x, 'a>,
    content: &'x QualifiedContentId,
    roll_id: &'x FieldId,
    def: &'x ContentRollDef,
    kind: ContentRollKind,
    /// The content type's pack, where the roll's names resolve.
    ctx: &'x opencharacter_spec::ids::PackId,
    options: &'x RollOptions,
    /// The content type, qualified, which roll modifiers name.
    type_id: &'x QualifiedFieldId,
    /// The owner's roll modifiers (`modifiers`).
    modifiers: &'x [Active<'x>],
}

impl RollAt<'_, '_> {
    fn env<'e>(&'e self, extra: Option<&'e Extra>) -> Env<'e, 'e> {
        Env {
            engine: self.engine,
            ctx: self.ctx,
            values: &self.sheet.values,
            owned: &self.sheet.owned,
            extra,
        }
    }

    fn unavailable(&self, reason: Phrase) -> Roll {
        Roll::item(
            self.content,
            self.roll_id,
            RollSource::Declared,
            RollKind::Unavailable { reason },
        )
    }

    /// The roll's entries, and why it could not be worked out when it could not (a fault of
    /// the pack to report); a parameter without a value (a spell above every slot the
    /// character has) gives one unavailable entry and no fault.
    fn entries(&self) -> (Vec<Roll>, Option<Phrase>) {
        let formulas = match self.formulas() {
            Ok(formulas) => formulas,
            Err(reason) => return (vec![self.unavailable(reason.clone())], Some(reason)),
        };
        let ranges = match self.ranges(&formulas) {
            Ok(ranges) => ranges,
            Err(reason) => return (vec![self.unavailable(reason.clone())], Some(reason)),
        };
        if let Some((name, range)) = ranges.iter().find(|(_, range)| range.is_empty()) {
            let reason = Phrase::new(&reasons::ROLL_NO_VALUE_IN_RANGE)
                .with_arg("name", name)
                .with_arg("from", range.start())
                .with_arg("to", range.end());
            return (vec![self.unavailable(reason)], None);
        }
        let total = ranges.iter().try_fold(1usize, |n, (_, range)| {
            let len = usize::try_from(range.end() - range.start() + 1).ok()?;
            n.checked_mul(len).filter(|n| *n <= MAX_ENTRIES)
        });
        if total.is_none() {
            let reason = Phrase::new(&reasons::ROLL_TOO_MANY_VALUES).with_arg("limit", MAX_ENTRIES);
            return (vec![self.unavailable(reason.clone())], Some(reason));
        }
        let about = self.about();
        let mut entries = Vec::new();
        let mut failure = None;
        for at in combinations(&ranges) {
            let extra: Extra = at
                .iter()
                .map(|(name, value)| (name.to_string(), Value::from(*value)))
                .collect();
            let env = self.env(Some(&extra));
            if let Some(when) = &formulas.when
                && !matches!(env.value(when), Ok(Value::Bool(true)))
            {
                continue;
            }
            let (kind, times) = match self.read(&env, &formulas) {
                Ok(read) => read,
                Err(reason) => {
                    failure.get_or_insert_with(|| reason.clone());
                    (RollKind::Unavailable { reason }, None)
                }
            };
            if let RollKind::Unavailable { reason } = &kind {
                failure.get_or_insert_with(|| reason.clone());
            }
            let mut roll = Roll::item(self.content, self.roll_id, RollSource::Declared, kind);
            roll.times = times;
            Target {
                engine: self.engine,
                sheet: self.sheet,
                scope: self.scope,
                type_id: self.type_id,
                content: self.content,
                roll_id: self.roll_id,
                at: &extra,
                env: &env,
            }
            .apply(self.modifiers, &formulas.main, &mut roll);
            if let RollKind::Unavailable { reason } = &roll.kind {
                failure.get_or_insert_with(|| reason.clone());
            }
            roll.at = at;
            roll.about.clone_from(&about);
            entries.push(roll);
        }
        (entries, failure)
    }

    /// The roll's formulas with the item's properties read in.
    fn formulas(&self) -> Result<Formulas, Phrase> {
        let read = |text: &str| -> Result<Expr, Phrase> {
            match &*self.engine.parse(text) {
                Ok(expr) => self.scope.substitute(expr),
                Err(reason) => Err(reason.clone()),
            }
        };
        let text = self.def.main().map_or("", |(_, text)| text);
        Ok(Formulas {
            main: read(text)?,
            times: self
                .def
                .times
                .as_ref()
                .map(|t| read(t.as_str()))
                .transpose()?,
            when: self
                .def
                .when
                .as_ref()
                .map(|w| read(w.as_str()))
                .transpose()?,
        })
    }

    /// The range of each parameter the roll reads, in the type's order: the caller's, else
    /// the parameter's `from` and `to` read for the item.
    fn ranges(
        &self,
        formulas: &Formulas,
    ) -> Result<Vec<(FieldId, std::ops::RangeInclusive<i64>)>, Phrase> {
        let mut read: std::collections::BTreeSet<String> = formulas.main.references().fields;
        for expr in formulas.times.iter().chain(&formulas.when) {
            read.extend(expr.references().fields);
        }
        // A roll also varies over the parameters its modifiers read (a bonus of 2 + the slot
        // level on healing that is the same at every slot).
        let reaching = (self.modifiers.iter()).filter(|m| m.reaches(self.type_id, self.roll_id));
        for text in reaching.flat_map(|m| m.formulas()) {
            if let Ok(expr) = &*self.engine.parse(text)
                && let Ok(expr) = self.scope.substitute(expr)
            {
                read.extend(expr.references().fields);
            }
        }
        let mut ranges = Vec::new();
        for (name, parameter) in &self.scope.def.parameters {
            if !read.contains(name.as_str()) {
                continue;
            }
            if let Some(range) = self.options.parameters.get(name) {
                ranges.push((name.clone(), range.clone()));
                continue;
            }
            let end = |formula: &opencharacter_spec::model::Formula| -> Result<i64, Phrase> {
                let expr = match &*self.engine.parse(formula.as_str()) {
                    Ok(expr) => self.scope.substitute(expr)?,
                    Err(reason) => return Err(reason.clone()),
                };
                match self.env(None).value(&expr) {
                    Ok(Value::Number(n)) => n.to_integer().ok_or_else(|| {
                        Phrase::new(&reasons::ROLL_RANGE_NOT_WHOLE).with_arg("name", name)
                    }),
                    Ok(other) => Err(Phrase::new(&reasons::ROLL_RANGE_TYPE)
                        .with_arg("name", name)
                        .with_word("type", type_reason(other.type_word()))),
                    Err(e) => Err(Phrase::new(&reasons::ROLL_RANGE_FAILED)
                        .with_arg("name", name)
                        .with_word("reason", eval_error(&e))),
                }
            };
            ranges.push((name.clone(), end(&parameter.from)?..=end(&parameter.to)?));
        }
        Ok(ranges)
    }

    /// What the roll is at one value of its parameters, and how many times it is made.
    fn read(
        &self,
        env: &Env<'_, '_>,
        formulas: &Formulas,
    ) -> Result<(RollKind, Option<i64>), Phrase> {
        let times = match &formulas.times {
            None => None,
            Some(expr) => match env.value(expr) {
                Ok(Value::Number(n)) => match n.to_integer() {
                    Some(n) if n >= 0 => Some(n),
                    _ => {
                        return Err(
                            Phrase::new(&reasons::ROLL_TIMES_NOT_WHOLE).with_arg("value", n)
                        );
                    }
                },
                Ok(other) => {
                    return Err(Phrase::new(&reasons::ROLL_TIMES_TYPE)
                        .with_word("type", type_reason(other.type_word())));
                }
                Err(e) => return Err(eval_error(&e)),
            },
        };
        let kind = match self.kind {
            ContentRollKind::Check => {
                let value = check_value(env, &formulas.main)?;
                check_of(
                    self.engine,
                    env,
                    value,
                    self.def.bands.as_ref(),
                    self.options,
                )
            }
            ContentRollKind::Save => RollKind::Save(self.save(env, &formulas.main)?),
            ContentRollKind::Dice => dice_roll(env, &formulas.main),
            ContentRollKind::Value => RollKind::Value {
                formula: self
                    .def
                    .value
                    .as_ref()
                    .map_or_else(String::new, ToString::to_string),
                value: Some(SheetValue(
                    env.value(&formulas.main).map_err(|e| eval_error(&e))?,
                )),
            },
        };
        Ok((kind, times))
    }

    /// A save against the DC `expr` gives; with the caller's modifier for the target, its odds.
    fn save(&self, env: &Env<'_, '_>, expr: &Expr) -> Result<SaveRoll, Phrase> {
        let dc = check_value(env, expr)?;
        let whole = dc
            .to_integer()
            .ok_or_else(|| Phrase::new(&reasons::ROLL_DC_NOT_WHOLE).with_arg("dc", dc))?;
        let target = match self.options.save_modifier {
            None => None,
            Some(modifier) => {
                let options = RollOptions {
                    dc: Some(whole),
                    ..self.options.clone()
                };
                match check_of(self.engine, env, modifier.into(), None, &options) {
                    RollKind::Check(check) => Some(check),
                    RollKind::Unavailable { reason } => return Err(reason),
                    _ => None,
                }
            }
        };
        Ok(SaveRoll {
            dc: SheetValue(Value::Number(dc)),
            target,
        })
    }

    /// The content the item's `about` property names, qualified.
    fn about(&self) -> Option<QualifiedContentId> {
        let property = self.def.about.as_ref()?;
        let text = self.scope.value(property)?.as_str()?;
        let reference: Reference<_> = text.parse().ok()?;
        self.engine.resolve_content(self.scope.ctx, &reference)
    }
}

/// Every combination of the ranges' values, the first parameter varying slowest; one empty
/// combination without parameters.
fn combinations(
    ranges: &[(FieldId, std::ops::RangeInclusive<i64>)],
) -> Vec<IndexMap<FieldId, i64>> {
    let mut out = vec![IndexMap::new()];
    for (name, range) in ranges {
        out = out
            .into_iter()
            .flat_map(|at| {
                range.clone().map(move |value| {
                    let mut next = at.clone();
                    next.insert(name.clone(), value);
                    next
                })
            })
            .collect();
    }
    out
}
