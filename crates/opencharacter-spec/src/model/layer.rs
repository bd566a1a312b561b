//! Layers: named variants of a pack's own rules that a game switches on when it is created.
//!
//! A layer has exactly the seed's closed list of effects, and nothing else has a place to be
//! written: it narrows an enumerated field, replaces the difficulty ladder, hides catalog
//! entries by one filter comparison, removes coins, removes sellers or goods from the market,
//! replaces loot tables, and appends GM guidance. Its label and summary are player-facing, so
//! they are the i18n keys `layer.<id>.label` and `layer.<id>.summary`, not properties.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::GoodsFilter;
use super::economy::LootTable;
use super::resolution::LadderStep;
use crate::ids::FieldId;

/// Most layers one pack may declare.
pub const MAX_LAYERS: usize = 12;
/// Most characters of guidance one layer may add, `guidance` and `worldGuidance` together.
pub const MAX_LAYER_GUIDANCE_CHARS: usize = 4000;

/// One layer, keyed by its ID in the rules document's `layers`.
///
/// ```yaml
/// hard_winter:
///   conflicts: [mud_season]
///   gm:
///     guidance: Hard winter is on. Let a failed check cost warmth or food.
///   fields:
///     calling: { removeValues: [sailor], default: hauler }
///   difficultyLadder: [{ label: easy, dc: 7 }]
///   catalogs: [{ type: knack, hide: { filter: grit, above: 0 } }]
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Layer {
    /// Layers of the same pack that cannot be on together with this one (naming one side of a
    /// pair is enough).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<FieldId>,
    /// Guidance appended after the pack's own and any earlier layer's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gm: Option<LayerGuidance>,
    /// Values removed from enumerated fields, by field ID.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub fields: IndexMap<FieldId, LayerFieldChange>,
    /// A ladder replacing the resolution's, in the resolution's shape; the last active layer
    /// that declares one wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty_ladder: Option<Vec<LadderStep>>,
    /// Catalog entries hidden from pickers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub catalogs: Vec<CatalogHide>,
    /// Coins removed (spec 1.2.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currencies: Option<LayerCurrencies>,
    /// Changes to where things are sold and what drops (spec 1.6.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<LayerItems>,
}

/// Guidance a layer appends.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LayerGuidance {
    /// Appended to the ruleset's `gm.checkGuidance`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guidance: Option<String>,
    /// Appended to the ruleset's `gm.worldGuidance`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub world_guidance: Option<String>,
}

impl LayerGuidance {
    /// Characters of guidance, both strings together (the limit is [`MAX_LAYER_GUIDANCE_CHARS`]).
    pub fn chars(&self) -> usize {
        [&self.guidance, &self.world_guidance]
            .into_iter()
            .flatten()
            .map(|text| text.chars().count())
            .sum()
    }
}

/// Values a layer removes from one enumerated field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LayerFieldChange {
    /// Values the field already has; at least one value must survive.
    pub remove_values: Vec<FieldId>,
    /// A surviving value, required when the field's default is removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<FieldId>,
}

/// A rule hiding entries of one content type from pickers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CatalogHide {
    /// The content type (the seed's catalog).
    #[serde(rename = "type")]
    pub content_type: FieldId,
    /// Which entries to hide.
    pub hide: HideRule,
}

/// One filter and exactly one comparison: `above` or `below` for a `number` filter, `equals`
/// or `notIn` for a `text` or `tags` filter. An entry that does not set the filter is never
/// hidden.
///
/// ```yaml
/// { filter: grit, above: 0 }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(extend("minProperties" = 2, "maxProperties" = 2))]
pub struct HideRule {
    /// One of the filters the content type declares.
    pub filter: FieldId,
    /// Hide entries whose number is above this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above: Option<serde_json::Number>,
    /// Hide entries whose number is below this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below: Option<serde_json::Number>,
    /// Hide entries whose text equals this (for `tags`: that carry this tag).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equals: Option<String>,
    /// Hide entries whose text is none of these (for `tags`: that carry none of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_in: Option<Vec<String>>,
}

/// The comparison of a [`HideRule`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Comparison<'a> {
    /// `above`
    Above(&'a serde_json::Number),
    /// `below`
    Below(&'a serde_json::Number),
    /// `equals`
    Equals(&'a str),
    /// `notIn`
    NotIn(&'a [String]),
}

impl HideRule {
    /// The rule's comparison, or `None` unless exactly one is set.
    pub fn comparison(&self) -> Option<Comparison<'_>> {
        let all = [
            self.above.as_ref().map(Comparison::Above),
            self.below.as_ref().map(Comparison::Below),
            self.equals.as_deref().map(Comparison::Equals),
            self.not_in.as_deref().map(Comparison::NotIn),
        ];
        let mut set = all.into_iter().flatten();
        match (set.next(), set.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    }
}

/// Coins a layer removes (spec 1.2.0). The smallest coin of a family leaves only with its family.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LayerCurrencies {
    /// Single coins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_units: Vec<FieldId>,
    /// Whole families.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_families: Vec<FieldId>,
}

/// A layer's changes to where things are sold and what drops (spec 1.6.0); never to what exists.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LayerItems {
    /// Changes to the market.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market: Option<LayerMarket>,
    /// Loot tables replaced, by the ID of a table the pack already has; the last active layer
    /// that replaces a table wins.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub loot_tables: IndexMap<FieldId, LootTable>,
}

/// A layer's changes to the market.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LayerMarket {
    /// Sellers removed (never the last one: a removal that would empty the market is not applied).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_sellers: Vec<FieldId>,
    /// Goods removed from every seller, appended to the market's `unsold`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsold: Vec<GoodsFilter>,
}
