//! The loaded `Ruleset`: releases combined in the app's load order, and what layers a game
//! switched on did to it. `opencharacter-resolve` builds it; `opencharacter-layers` turns it into
//! the effective ruleset; sheets, migrations and translations read it.

use indexmap::IndexMap;
use schemars::JsonSchema;
use semver::Version;
use serde::{Deserialize, Serialize};

use super::common::{Choice, Effect, is_default};
use super::content::{ContentItem, Template};
use super::economy::{CurrencyFamily, LootTable, Market};
use super::layer::Layer;
use super::manifest::License;
use super::release::CompiledFormula;
use super::resolution::{BandSet, Resolution};
use super::rules::{
    Action, Constraint, ContentTypeDef, DisplayHint, FieldDef, LinkSlot, PoolDef, SettingDef,
    SituationalChoice, TrackDef, WoundTrackDef,
};
use super::upgrade::Upgrade;
use crate::ids::{FieldId, PackId, QualifiedContentId, QualifiedFieldId};

/// Every pack of a ruleset combined, with each rules item and content item known by its
/// qualified ID.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "OpenCharacter loaded ruleset")]
pub struct Ruleset {
    /// The packs, in load order, with what their licenses ask apps to pass on.
    pub packs: Vec<RulesetPack>,
    /// Fields by qualified ID (parts flattened: `pack:abilities.str.mod`).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub fields: IndexMap<QualifiedFieldId, FieldDef>,
    /// Live pools.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub pools: IndexMap<QualifiedFieldId, PoolDef>,
    /// Plain tracks.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub tracks: IndexMap<QualifiedFieldId, TrackDef>,
    /// Wound tracks.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub wound_tracks: IndexMap<QualifiedFieldId, WoundTrackDef>,
    /// Link slots.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub link_slots: IndexMap<QualifiedFieldId, LinkSlot>,
    /// Content types.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub content_types: IndexMap<QualifiedFieldId, ContentTypeDef>,
    /// Settings.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub settings: IndexMap<QualifiedFieldId, SettingDef>,
    /// Situational choices.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub situational_choices: IndexMap<QualifiedFieldId, SituationalChoice>,
    /// The one resolution, and the pack that defines it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution: Option<RulesetResolution>,
    /// Result-band sets.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub result_bands: IndexMap<QualifiedFieldId, BandSet>,
    /// Actions.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub actions: IndexMap<QualifiedFieldId, Action>,
    /// Always-on effects.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub effects: IndexMap<QualifiedFieldId, Effect>,
    /// Character-level choices.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub choices: IndexMap<QualifiedFieldId, Choice>,
    /// Constraints.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub constraints: IndexMap<QualifiedFieldId, Constraint>,
    /// Display hints.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub display_hints: IndexMap<QualifiedFieldId, DisplayHint>,
    /// Currency families.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub currencies: IndexMap<QualifiedFieldId, CurrencyFamily>,
    /// Each pack's market, by pack, in load order.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub markets: IndexMap<PackId, Market>,
    /// Loot tables (after layers: a replaced table holds its replacement).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub loot_tables: IndexMap<QualifiedFieldId, LootTable>,
    /// GM guidance, in load order, then each active layer's.
    #[serde(default, skip_serializing_if = "RulesetGuidance::is_empty")]
    pub gm: RulesetGuidance,
    /// Every layer the packs declare.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub layers: IndexMap<QualifiedFieldId, Layer>,
    /// The layers applied, in the order they were applied (empty before layers are applied).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active_layers: Vec<QualifiedFieldId>,
    /// Content, by qualified ID, after overrides and `extends`.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub content: IndexMap<QualifiedContentId, RulesetContent>,
    /// Templates, by qualified ID.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub templates: IndexMap<QualifiedContentId, Template>,
    /// What active layers withdrew: kept, so a sheet that holds it still shows it.
    #[serde(default, skip_serializing_if = "Withdrawn::is_empty")]
    pub withdrawn: Withdrawn,
    /// Each pack's upgrade scripts.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub upgrades: IndexMap<PackId, Vec<Upgrade>>,
    /// Every formula of every pack: source text → canonical text and tree.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub formulas: IndexMap<String, CompiledFormula>,
    /// Properties that more than one pack set; the later pack won.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<Conflict>,
}

/// A pack of a ruleset, as apps credit it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RulesetPack {
    /// The pack's ID.
    pub id: PackId,
    /// The version loaded.
    #[schemars(with = "super::common::SemverText")]
    pub version: Version,
    /// The spec version it needs.
    #[schemars(with = "super::common::SemverText")]
    pub spec_version: Version,
    /// Its license.
    pub license: License,
    /// The credit line apps must pass on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<String>,
    /// The notices apps must pass on after `credit`, in order.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub notices: IndexMap<String, String>,
    /// Its default language.
    pub default_language: String,
    /// The packs it depends on, in declaration order, with their version ranges: local
    /// references made in this pack search these (and never their own dependencies).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub dependencies: IndexMap<PackId, String>,
}

/// The ruleset's resolution and the pack that defines it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RulesetResolution {
    /// The defining pack.
    pub pack: PackId,
    /// The resolution (after layers: with the winning layer's ladder).
    pub resolution: Resolution,
}

/// GM guidance of a ruleset, part by part; apps join the parts in order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RulesetGuidance {
    /// Check guidance parts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub check_guidance: Vec<GuidancePart>,
    /// World guidance parts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub world_guidance: Vec<GuidancePart>,
}

impl RulesetGuidance {
    /// Whether there is no guidance at all.
    pub fn is_empty(&self) -> bool {
        self.check_guidance.is_empty() && self.world_guidance.is_empty()
    }
}

/// One part of joined guidance and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GuidancePart {
    /// The pack whose rules (or whose layer) wrote it.
    pub pack: PackId,
    /// The layer that wrote it, when a layer did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layer: Option<FieldId>,
    /// The text.
    pub text: String,
}

/// A content item of the ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RulesetContent {
    /// The item after overrides and `extends` (always the `id` + `type` form).
    pub item: ContentItem,
    /// Packs whose `hides` hide it; hidden content resolves by ID but leaves queries and pickers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden_by: Vec<PackId>,
    /// Whether an active layer hides it from pickers (a catalog rule).
    #[serde(default, skip_serializing_if = "is_default")]
    pub withdrawn: bool,
}

impl RulesetContent {
    /// Whether a pack hides it.
    pub fn hidden(&self) -> bool {
        !self.hidden_by.is_empty()
    }
}

/// What active layers withdrew, by kind. Nothing is deleted: pickers skip these, a sheet that
/// already holds one shows it without a rules issue.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Withdrawn {
    /// Enumerated values, by field.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub values: IndexMap<QualifiedFieldId, Vec<FieldId>>,
    /// Currency units (a removed family lists all its units).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coins: Vec<QualifiedFieldId>,
    /// Sellers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sellers: Vec<QualifiedFieldId>,
    /// Content hidden from pickers (also flagged on [`RulesetContent::withdrawn`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub content: Vec<QualifiedContentId>,
    /// Layers dropped because they conflict with one declared earlier.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub layers: Vec<QualifiedFieldId>,
}

impl Withdrawn {
    /// Whether nothing was withdrawn.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
            && self.coins.is_empty()
            && self.sellers.is_empty()
            && self.content.is_empty()
            && self.layers.is_empty()
    }
}

/// Two or more packs set the same property of the same content item; the last one won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Conflict {
    /// The item.
    pub target: QualifiedContentId,
    /// The leaf property, a JSON pointer into the item (`/properties/damage`).
    pub path: String,
    /// The packs that set it, in load order.
    pub packs: Vec<PackId>,
    /// The pack whose value stands (the last of `packs`).
    pub winner: PackId,
}
