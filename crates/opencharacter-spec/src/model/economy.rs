//! Currencies, the market and loot tables of a rules document.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{DiceFormula, Formula, GoodsFilter, is_default};
use crate::ids::{ContentId, FieldId, Reference};

/// A family of coins that convert into each other. Every unit is worth a whole number of the
/// family's smallest unit, whose `value` is 1; families never convert into each other.
///
/// ```yaml
/// coin:
///   units:
///     penny: { value: 1 }
///     shilling: { value: 12 }
///     crown: { value: 60 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CurrencyFamily {
    /// The units, smallest first; each labelled by `currency.<unit>.label`. Unit IDs are unique
    /// across every family of the pack.
    pub units: IndexMap<FieldId, CurrencyUnit>,
    /// How many coins of the family weigh one unit of weight; coins weigh nothing without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_weight: Option<u32>,
}

/// One coin of a currency family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CurrencyUnit {
    /// Its worth in the family's smallest unit (at least 1; the smallest is exactly 1).
    #[schemars(range(min = 1))]
    pub value: u64,
}

impl CurrencyFamily {
    /// The family's smallest unit: the one whose value is 1, else the one of least value.
    pub fn smallest(&self) -> Option<&FieldId> {
        self.units
            .iter()
            .min_by_key(|(_, unit)| unit.value)
            .map(|(id, _)| id)
    }
}

/// Who sells what, where, and at what price.
///
/// ```yaml
/// places: [hamlet, village, town, city]
/// sold: [{ filter: { tag: rare }, place: town }]
/// sellers:
///   smith: { sells: [{ type: weapon }], place: village }
/// unsold: [{ tag: cursed }]
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Market {
    /// Price levels a game master may apply; each labelled by `price.<id>.label`.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub prices: IndexMap<FieldId, PriceLevel>,
    /// Kinds of place, smallest first; each labelled by `place.<id>.label`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<FieldId>,
    /// The smallest place where goods matching a filter are sold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sold: Vec<SoldRule>,
    /// The sellers; each labelled by `seller.<id>.label`. A market without sellers lets anyone
    /// sell everything.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub sellers: IndexMap<FieldId, Seller>,
    /// Goods no seller sells (they still exist, drop as loot and can be handed out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsold: Vec<GoodsFilter>,
}

/// A price level: prices are multiplied by `times`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PriceLevel {
    /// The multiplier (`0.75`, `1`, `1.5`).
    pub times: serde_json::Number,
    /// Whether this level applies unless the game master picks another (exactly one has it).
    #[serde(default, skip_serializing_if = "is_default")]
    pub default: bool,
}

/// Where goods matching `filter` start being sold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SoldRule {
    /// The goods.
    pub filter: GoodsFilter,
    /// The smallest place that sells them.
    pub place: FieldId,
}

/// A seller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Seller {
    /// What the seller sells: goods matching any of the filters.
    pub sells: Vec<GoodsFilter>,
    /// The smallest place with this seller; every place without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<FieldId>,
    /// A loot table rolled for what the seller has in stock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<Reference<FieldId>>,
    /// Sells only to characters for whom this condition holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<Formula>,
}

/// A weighted table of items and coins.
///
/// ```yaml
/// treasure_low:
///   rolls: "1"
///   entries:
///     - { coins: sp, weight: 1, count: 4d6 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LootTable {
    /// How many times the table is rolled, a dice expression (default once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolls: Option<DiceFormula>,
    /// The entries; each roll picks one with probability weight / total weight.
    pub entries: Vec<LootEntry>,
}

/// One entry of a loot table: exactly one of `item`, `filter` and `coins`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LootEntry {
    /// One content item.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<Reference<ContentId>>,
    /// Any content item matching the filter, each equally likely.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<GoodsFilter>,
    /// Coins of this currency unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coins: Option<Reference<FieldId>>,
    /// The entry's weight (at least 1).
    #[schemars(range(min = 1))]
    pub weight: u32,
    /// How many items or coins, a dice expression (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<DiceFormula>,
}

impl LootEntry {
    /// Whether exactly one of `item`, `filter` and `coins` is set.
    pub fn is_well_formed(&self) -> bool {
        [
            self.item.is_some(),
            self.filter.is_some(),
            self.coins.is_some(),
        ]
        .into_iter()
        .filter(|set| *set)
        .count()
            == 1
    }
}
