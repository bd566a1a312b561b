//! Resources content carries (`docs/spec/content.md#resources`): for each owned item with
//! `resources`, a live pool whose maximum is read for the character (the item's properties in
//! scope as `item.<property>`), whose current value is saved under
//! `live.resources.<item>.<resource>` (or stands where the resource starts), with its recovery.
//! Saved values for what no owned item carries are rules issues, kept in the file.
//!
//! Why after the fields and not as nodes of the field graph: nothing in the format reads a
//! resource's value in a formula, so no field can depend on one; reading them last keeps the
//! graph the rules' own.

use std::collections::HashSet;

use opencharacter_formula::{Number, Value};
use opencharacter_spec::diagnostic::{Diagnostic, Phrase, codes, reasons};
use opencharacter_spec::ids::{FieldId, QualifiedContentId};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::rules::PoolStart;
use opencharacter_spec::model::{ContentTypeDef, Formula, RecoveryEvent};
use serde::Serialize;

use super::after::After;
use super::formulas::{dice_text, formula_value};
use super::ownership::{Owned, item_type_def};
use crate::item_scope::ItemScope;
use crate::value::SheetValue;

/// A resource an owned item carries, as the sheet shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceValue {
    /// The owned item that carries it.
    pub item: QualifiedContentId,
    /// The resource's local ID on the item (`charges`).
    pub id: FieldId,
    /// The current value (saved, or where a new resource starts).
    pub current: Option<SheetValue>,
    /// The maximum for this character; none while its uses are `unlimited`.
    pub max: Option<SheetValue>,
    /// Whether its uses are unlimited now (the resource's `unlimited` condition holds): no
    /// maximum, nothing to spend down.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unlimited: bool,
    /// When it comes back.
    pub recovers_on: RecoveryEvent,
    /// How much comes back (canonical dice text or a number); back to the maximum when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovers: Option<SheetValue>,
    /// The further events that bring some back now (those whose `when` holds).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub regains: Vec<RegainValue>,
}

/// A further event that brings some of a resource back, as the sheet shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RegainValue {
    /// The event of play.
    pub on: RecoveryEvent,
    /// How much comes back (canonical dice text or a number); back to the maximum when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<SheetValue>,
    /// Only when none is left.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub when_empty: bool,
}

impl ResourceValue {
    /// The live path the value is saved under: `/live/resources/<item>/<id>`.
    pub fn pointer(&self) -> String {
        format!(
            "/live/resources/{}/{}",
            escape_segment(&self.item.to_string()),
            escape_segment(self.id.as_str())
        )
    }
}

impl After<'_, '_, '_> {
    /// Every owned item's resources, then the saved values that belong to none.
    pub(crate) fn resources(&mut self, owned: &[Owned<'_>]) {
        let saved = &self.engine.character.live.resources;
        let mut shown: HashSet<(QualifiedContentId, FieldId)> = HashSet::new();
        let mut diagnostics = Vec::new();
        let empty = ContentTypeDef::default();
        for item in owned {
            let Some(resources) = &item.item.resources else {
                continue;
            };
            let def = item_type_def(self.engine, item).map_or(&empty, |(_, def)| def);
            let scope = ItemScope {
                engine: self.engine,
                item: &item.item,
                ctx: &item.ctx,
                def,
            };
            for (id, resource) in resources {
                if !shown.insert((item.id.clone(), id.clone())) {
                    continue; // An item listed twice carries its resources once.
                }
                let read = |formula: &str| -> Result<String, Phrase> {
                    let tree = self.engine.parse(formula);
                    match tree.as_ref() {
                        Ok(tree) => scope.substitute(tree).map(|t| t.to_string()),
                        Err(reason) => Err(reason.clone()),
                    }
                };
                let env = self.env(&item.ctx, None);
                let failed = |formula: &Formula, reason: Phrase| {
                    Diagnostic::new(&codes::SHEET_FORMULA_FAILED)
                        .with_arg(
                            "formula",
                            opencharacter_formula::excerpt(formula.as_str(), 1).0,
                        )
                        .with_word(
                            "reason",
                            Phrase::new(&reasons::SHEET_IN_RESOURCE)
                                .with_arg("resource", id)
                                .with_arg("item", &item.id)
                                .with_word("reason", reason),
                        )
                        .with_pack(item.ctx.clone())
                };
                // A resource with a condition exists only while it holds.
                if let Some(when) = &resource.when {
                    let holds = match read(when.as_str()) {
                        Ok(text) => {
                            formula_value(&env, self.engine, &text, self.failed, &mut diagnostics)
                        }
                        Err(reason) => {
                            diagnostics.push(failed(when, reason));
                            None
                        }
                    };
                    if holds != Some(Value::Bool(true)) {
                        // Not carried now: a value saved for it is `resource-unknown`.
                        shown.remove(&(item.id.clone(), id.clone()));
                        continue;
                    }
                }
                // A condition (a resource's `when`, `unlimited`, a regain's `when`) read for
                // the owner: true only when it gives `true`.
                let holds = |formula: &Formula, diagnostics: &mut Vec<Diagnostic>| {
                    let value = match read(formula.as_str()) {
                        Ok(text) => {
                            formula_value(&env, self.engine, &text, self.failed, diagnostics)
                        }
                        Err(reason) => {
                            diagnostics.push(failed(formula, reason));
                            None
                        }
                    };
                    value == Some(Value::Bool(true))
                };
                let unlimited = resource
                    .unlimited
                    .as_ref()
                    .is_some_and(|u| holds(u, &mut diagnostics));
                let max = if unlimited {
                    None
                } else {
                    match read(resource.max.as_str()) {
                        Ok(text) => {
                            formula_value(&env, self.engine, &text, self.failed, &mut diagnostics)
                        }
                        Err(reason) => {
                            diagnostics.push(failed(&resource.max, reason));
                            None
                        }
                    }
                };
                let mut regains = Vec::new();
                for regain in &resource.regains {
                    if regain
                        .when
                        .as_ref()
                        .is_some_and(|w| !holds(w, &mut diagnostics))
                    {
                        continue;
                    }
                    let amount = match &regain.amount {
                        None => None,
                        Some(amount) => match read(amount.as_str()) {
                            Ok(text) => {
                                dice_text(&env, self.engine, &text, self.failed, &mut diagnostics)
                            }
                            Err(reason) => {
                                diagnostics.push(failed(&Formula(amount.to_string()), reason));
                                None
                            }
                        },
                    };
                    regains.push(RegainValue {
                        on: regain.on,
                        amount: amount.map(SheetValue),
                        when_empty: regain.when_empty,
                    });
                }
                let recovers = match &resource.recovery.amount {
                    None => None,
                    Some(amount) => match read(amount.as_str()) {
                        Ok(text) => {
                            dice_text(&env, self.engine, &text, self.failed, &mut diagnostics)
                        }
                        Err(reason) => {
                            diagnostics.push(failed(&Formula(amount.to_string()), reason));
                            None
                        }
                    },
                };
                let current = match saved.get(&item.id).and_then(|r| r.get(id)) {
                    Some(value) => Some(Value::from(*value)),
                    None => match resource.start {
                        PoolStart::Full => max.clone(),
                        PoolStart::Empty => Some(Value::from(0)),
                    },
                };
                let value = ResourceValue {
                    item: item.id.clone(),
                    id: id.clone(),
                    current: current.map(SheetValue),
                    max: max.map(SheetValue),
                    unlimited,
                    recovers_on: resource.recovery.on,
                    recovers: recovers.map(SheetValue),
                    regains,
                };
                self.sheet.resources.push(value);
            }
        }
        self.sheet.issues.append(&mut diagnostics);
        // Saved values: within 0..=max, and only for what is carried.
        for (item, values) in saved {
            for (id, value) in values {
                let pointer = format!(
                    "/live/resources/{}/{}",
                    escape_segment(&item.to_string()),
                    escape_segment(id.as_str())
                );
                if !shown.contains(&(item.clone(), id.clone())) {
                    self.issue(
                        Diagnostic::new(&codes::RESOURCE_UNKNOWN)
                            .with_arg("id", item)
                            .with_arg("resource", id)
                            .with_pointer(pointer),
                    );
                    continue;
                }
                let max = self
                    .sheet
                    .resources
                    .iter()
                    .find(|r| r.item == *item && r.id == *id)
                    .and_then(|r| r.max.clone());
                let too_high =
                    matches!(&max, Some(SheetValue(Value::Number(m))) if Number::from(*value) > *m);
                if *value < 0 || too_high {
                    self.out_of_bounds(
                        format!("{item}/{id}"),
                        value,
                        Some("0".into()),
                        max.map(|m| m.to_string()),
                        Some(pointer),
                    );
                }
            }
        }
    }
}
