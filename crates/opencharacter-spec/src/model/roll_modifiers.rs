//! Roll modifiers: what an owned item changes in the rolls of the owner's other items, chosen
//! by the rolled item's properties rather than by its ID, so that one feature reaches every
//! spell of a school, of a damage type or of a level without a list of spells (a wizard's
//! bonus to evocation damage, a cleric's healing dice at their maximum). Specified in
//! `docs/spec/content.md` (Roll modifiers); the sheet applies them (`opencharacter-sheet`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{DiceFormula, Formula};
use crate::ids::{ContentId, FieldId, Reference};

/// A change to some rolls of the owner's items of one content type.
///
/// ```yaml
/// rollModifiers:
///   - type: spell
///     rolls: [damage]
///     where: item.school == "magic-schools.evocation"
///     add: abilities.int.mod
///     scope: once
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RollModifier {
    /// The content type whose items' rolls it changes.
    #[serde(rename = "type")]
    pub content_type: Reference<FieldId>,
    /// The rolls it changes, by the IDs the type declares; each must be a `dice` roll.
    pub rolls: Vec<FieldId>,
    /// Only the rolls of these items (one spell); every item of the type without it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Reference<ContentId>>,
    /// A condition the rolled item must meet, read like the roll's own formulas: the item's
    /// properties as `item.<property>`, the type's parameters by name, the owner's fields.
    #[serde(rename = "where", default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Formula>,
    /// Added to the roll: a formula read like `where` (a number or dice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add: Option<DiceFormula>,
    /// To each of the roll's `times` rolls (each beam), or once to one of them (default).
    #[serde(default, skip_serializing_if = "is_default")]
    pub scope: RollModifierScope,
    /// The roll's dice give their highest number instead of being rolled (before `add`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub maximize: bool,
}

/// Where a modifier's `add` goes on a roll made several times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum RollModifierScope {
    /// Once, to one of the rolls (a bonus "to one damage roll of the spell").
    #[default]
    Once,
    /// To each of them (a bonus to each beam).
    Each,
}

fn is_default(scope: &RollModifierScope) -> bool {
    *scope == RollModifierScope::Once
}
