//! The computed sheet and its parts: what `evaluate` returns.

use std::collections::HashMap;

use indexmap::IndexMap;
use opencharacter_formula::Value;
use opencharacter_spec::diagnostic::Diagnostics;
use opencharacter_spec::ids::{FieldId, QualifiedContentId, QualifiedFieldId};
use opencharacter_spec::model::EffectOp;
use serde::Serialize;

use super::EvaluateOptions;
use crate::rolls::Roll;
use crate::value::SheetValue;

/// A character's computed sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Sheet {
    /// Every field of the ruleset, in ruleset order.
    pub fields: IndexMap<QualifiedFieldId, FieldValue>,
    /// Every setting's value.
    pub settings: IndexMap<QualifiedFieldId, SheetValue>,
    /// Pools, with their maxima evaluated for this character.
    pub pools: IndexMap<QualifiedFieldId, PoolValue>,
    /// Resources owned content carries, in the order the content is owned, each item's in its
    /// declared order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<super::ResourceValue>,
    /// Plain tracks.
    pub tracks: IndexMap<QualifiedFieldId, TrackValue>,
    /// Wound tracks.
    pub wound_tracks: IndexMap<QualifiedFieldId, WoundTrackValue>,
    /// List fields' rows, each with its columns' defaults filled in.
    pub lists: IndexMap<QualifiedFieldId, Vec<IndexMap<FieldId, SheetValue>>>,
    /// The purse, by currency family.
    pub purse: Vec<PurseFamily>,
    /// Everything the character owns: listed, granted and picked, in that order of discovery.
    pub content: Vec<OwnedItem>,
    /// The rolls the character can make: the ruleset's actions, then owned items' rolls.
    pub rolls: Vec<Roll>,
    /// Rules issues and evaluation problems, each with the character path it concerns.
    #[serde(skip)]
    pub issues: Diagnostics,
    /// Every name's value, for analysing rolls later.
    #[serde(skip)]
    pub(crate) values: HashMap<QualifiedFieldId, Value>,
    /// What is owned, for analysing rolls later.
    #[serde(skip)]
    pub(crate) owned: crate::holdings::Holdings,
    #[serde(skip)]
    pub(crate) settings_values: HashMap<QualifiedFieldId, Value>,
    /// The options the sheet was evaluated with, to evaluate it again for a roll's situational
    /// choices.
    #[serde(skip)]
    pub(crate) options: EvaluateOptions,
}

impl Sheet {
    /// A field's final value.
    pub fn value(&self, field: &str) -> Option<&SheetValue> {
        let id: QualifiedFieldId = field.parse().ok()?;
        self.fields.get(&id)?.value.as_ref()
    }

    /// A field's final value as a whole number.
    pub fn integer(&self, field: &str) -> Option<i64> {
        self.value(field)?.as_integer()
    }

    /// Whether the character owns a content item (listed, granted or picked).
    pub fn owns(&self, content: &str) -> bool {
        content
            .parse::<QualifiedContentId>()
            .is_ok_and(|id| self.owned.count(&id) > 0)
    }

    /// The roll with this ID (`pack:action`, or `item:<content-id>:<property>`).
    pub fn roll(&self, id: &str) -> Option<&Roll> {
        self.rolls.iter().find(|roll| roll.id == id)
    }
}

/// A field's value and where it came from, for a tooltip.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldValue {
    /// The final value; none when it could not be computed (see the sheet's issues).
    pub value: Option<SheetValue>,
    /// The value before effects.
    pub base: Option<SheetValue>,
    /// Where the base value came from.
    pub source: ValueSource,
    /// The effects that changed it, in the order they applied.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<AppliedEffect>,
    /// Whether its `hideWhen` holds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Its lowest value, when an effect changed the field's `min` (spec 1.8.0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<SheetValue>,
    /// Its highest value, when an effect changed the field's `max` (an ability's cap raised
    /// to 24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<SheetValue>,
}

/// Where a field's base value came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ValueSource {
    /// Its formula (a derived field).
    Formula {
        /// The formula as written.
        formula: String,
    },
    /// The character file.
    Stored,
    /// The field's `default`.
    Default,
    /// Nothing: the type's empty value (0, false, "").
    Empty,
}

/// An effect that applied to a field.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppliedEffect {
    /// Who it comes from.
    pub from: EffectSource,
    /// How it changed the field.
    pub op: EffectOp,
    /// The effect's formula as written.
    pub formula: String,
    /// What the formula gave.
    pub value: SheetValue,
    /// The bound it changed instead of the value, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<opencharacter_spec::model::EffectBound>,
}

/// Where an effect comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum EffectSource {
    /// A rules document's always-on effect, or the `modify` of a situational choice taken for a
    /// roll (the choice's ID).
    Rules {
        /// Its qualified ID.
        id: QualifiedFieldId,
    },
    /// An owned content item (or a template on the character's copy of it).
    Content {
        /// The item.
        id: QualifiedContentId,
        /// The template the effect comes with, when it does.
        #[serde(skip_serializing_if = "Option::is_none")]
        template: Option<QualifiedContentId>,
    },
}

/// A pool: its current value and its maximum for this character.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PoolValue {
    /// The current value (saved, or where a new pool starts).
    pub current: Option<SheetValue>,
    /// The maximum.
    pub max: Option<SheetValue>,
    /// Whether its `hideWhen` holds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// A plain track.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackValue {
    /// The current value.
    pub value: i64,
    /// The lowest value.
    pub min: i64,
    /// The highest value.
    pub max: Option<SheetValue>,
    /// Whether its `hideWhen` holds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// A wound track.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WoundTrackValue {
    /// How many boxes.
    pub boxes: Option<SheetValue>,
    /// The marks, box by box.
    pub marks: Vec<FieldId>,
    /// The penalty the marks give, when the track has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub penalty: Option<SheetValue>,
}

/// The coins of one currency family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PurseFamily {
    /// The family.
    pub family: QualifiedFieldId,
    /// Coins carried, by unit, in the family's order (units not carried left out).
    pub coins: IndexMap<FieldId, u64>,
    /// Their worth in the family's smallest unit (saturating).
    pub total: u64,
    /// The smallest unit.
    pub smallest: Option<FieldId>,
}

/// How the character came to own an item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Origin {
    /// Listed in the character's `content`, at this index.
    Listed {
        /// The index in the character's `content`.
        index: usize,
    },
    /// Granted by an owned item.
    Granted {
        /// The granting item.
        by: QualifiedContentId,
    },
    /// Picked for a choice.
    Picked {
        /// The choice: a rules choice's qualified ID, or `<item>/<choice>` for an item's own.
        choice: String,
    },
}

/// An owned content item as the character holds it (templates applied).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnedItem {
    /// The item.
    pub id: QualifiedContentId,
    /// How it came to be owned.
    pub origin: Origin,
    /// How many.
    pub quantity: u32,
    /// The link slot it fills.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<QualifiedFieldId>,
    /// Templates on the character's copy, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub templates: Vec<QualifiedContentId>,
    /// For a variant: the base item it is applied to; the properties and tags shown are the
    /// base's with the variant's over them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<QualifiedContentId>,
    /// Whether a pack hides it (it still counts).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Whether it is only carried: listed without filling a slot that its type could fill. It
    /// counts for `has` and `count`, but its effects and grants wait until it fills a slot.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub carried: bool,
    /// Its properties: `formula` properties evaluated for this character, the rest as written.
    pub properties: IndexMap<FieldId, serde_json::Value>,
    /// Its tags (with those templates add).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}
