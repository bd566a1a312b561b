//! Coins, prices, sellers and loot under the effective ruleset: what an app shows and rolls
//! once layers have withdrawn coins, sellers and replaced tables.

use opencharacter_formula::{Roller, SplitMix64, Value};
use opencharacter_resolve::{NameKind, Resolver};
use opencharacter_spec::ids::{
    FieldId, PackId, Qualified, QualifiedContentId, QualifiedFieldId, Reference,
};
use opencharacter_spec::model::common::GoodsFilter;
use opencharacter_spec::model::{Character, LootTable, Ruleset, Scalar, Seller};
use serde::Serialize;

/// A coin of the ruleset: its unit, its family and its worth in the family's smallest unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Coin {
    /// The unit (`gravewatch-1e:shilling`).
    pub unit: QualifiedFieldId,
    /// Its family (`gravewatch-1e:coin`).
    pub family: QualifiedFieldId,
    /// Its worth in the family's smallest unit.
    pub value: u64,
}

/// Every coin nobody has withdrawn, in family order then unit order: what can be earned, paid
/// with, picked and dropped.
pub fn active_coins(ruleset: &Ruleset) -> Vec<Coin> {
    all_coins(ruleset)
        .into_iter()
        .filter(|coin| !ruleset.withdrawn.coins.contains(&coin.unit))
        .collect()
}

fn all_coins(ruleset: &Ruleset) -> Vec<Coin> {
    ruleset
        .currencies
        .iter()
        .flat_map(|(family, def)| {
            def.units.iter().map(move |(unit, u)| Coin {
                unit: Qualified::new(family.pack.clone(), unit.clone()),
                family: family.clone(),
                value: u.value,
            })
        })
        .collect()
}

fn coin(ruleset: &Ruleset, unit: &QualifiedFieldId) -> Option<Coin> {
    all_coins(ruleset).into_iter().find(|c| c.unit == *unit)
}

/// An amount of one coin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Amount {
    /// How many.
    pub amount: u64,
    /// Of which unit; apps label it with `currency.<unit>.label`.
    pub unit: QualifiedFieldId,
}

/// An amount of a coin, shown in the largest remaining coin of its family that pays it exactly
/// with the same value; `None` when the coin's whole family is withdrawn (or the amount does not
/// fit a number). An amount in a coin nobody withdrew is returned as it is.
///
/// With the crown (60 pennies) withdrawn and the shilling (12 pennies) left, 3 crowns are 15
/// shillings.
pub fn re_express(ruleset: &Ruleset, amount: u64, unit: &QualifiedFieldId) -> Option<Amount> {
    if !ruleset.withdrawn.coins.contains(unit) {
        return Some(Amount {
            amount,
            unit: unit.clone(),
        });
    }
    let coin = coin(ruleset, unit)?;
    let total = u128::from(amount) * u128::from(coin.value);
    active_coins(ruleset)
        .into_iter()
        .filter(|c| c.family == coin.family && c.value > 0)
        .filter(|c| total % u128::from(c.value) == 0)
        .max_by_key(|c| c.value)
        .and_then(|c| {
            Some(Amount {
                amount: u64::try_from(total / u128::from(c.value)).ok()?,
                unit: c.unit,
            })
        })
}

/// What an item's price shows under the effective ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "price", rename_all = "camelCase")]
pub enum PriceDisplay {
    /// The item has a price: this amount of this coin (re-expressed if its coin was withdrawn).
    Price(Amount),
    /// The item has no price: it sets none, or its coin's whole family is withdrawn.
    NoPrice,
}

/// The price of a content item as shown under the effective ruleset: in its own coin, or, when
/// a layer withdrew that coin, in the largest remaining coin of the family paying it exactly;
/// no price when the whole family is gone. `None` when the ruleset has no such item.
pub fn price_display(ruleset: &Ruleset, item: &QualifiedContentId) -> Option<PriceDisplay> {
    let content = ruleset.content.get(item)?;
    let Some(price) = &content.item.price else {
        return Some(PriceDisplay::NoPrice);
    };
    let Ok(unit) =
        Resolver::new(ruleset).resolve_kind(&item.pack, &price.unit, NameKind::CurrencyUnit)
    else {
        return Some(PriceDisplay::NoPrice);
    };
    Some(match re_express(ruleset, price.amount, &unit) {
        Some(amount) => PriceDisplay::Price(amount),
        None => PriceDisplay::NoPrice,
    })
}

/// A character's purse as a sheet shows it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PurseLine {
    /// The purse line: every coin carried that nobody withdrew, in family then unit order
    /// (largest first within a family, as a purse is read).
    pub coins: Vec<Amount>,
    /// Coins carried that a layer withdrew: they stay in the purse and the sheet shows them
    /// apart, without a rules issue, but they are not on the purse line.
    pub withdrawn: Vec<Amount>,
}

/// The purse line of a character under the effective ruleset. The character is never
/// rewritten: withdrawn coins it carries are kept and listed apart.
pub fn purse_line(ruleset: &Ruleset, character: &Character) -> PurseLine {
    let mut line = PurseLine::default();
    let mut coins = all_coins(ruleset);
    // Within a family, largest first; families keep their order.
    let order: Vec<QualifiedFieldId> = ruleset.currencies.keys().cloned().collect();
    coins.sort_by_key(|c| {
        (
            order.iter().position(|f| *f == c.family),
            std::cmp::Reverse(c.value),
        )
    });
    for coin in coins {
        let Some(&amount) = character.purse.get(&coin.unit) else {
            continue;
        };
        if amount == 0 {
            continue;
        }
        let entry = Amount {
            amount,
            unit: coin.unit.clone(),
        };
        if ruleset.withdrawn.coins.contains(&coin.unit) {
            line.withdrawn.push(entry);
        } else {
            line.coins.push(entry);
        }
    }
    line
}

/// The sellers of a pack's market that no layer withdrew, in declaration order.
pub fn active_sellers<'r>(ruleset: &'r Ruleset, pack: &PackId) -> Vec<(&'r FieldId, &'r Seller)> {
    ruleset
        .markets
        .get(pack)
        .map(|market| {
            market
                .sellers
                .iter()
                .filter(|(id, _)| {
                    !ruleset
                        .withdrawn
                        .sellers
                        .contains(&Qualified::new(pack.clone(), (*id).clone()))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The sellers of every market that sell an item under the effective ruleset, in market then
/// declaration order: sellers no layer withdrew, whose `sells` matches the item, in markets whose
/// `unsold` (with what layers appended) does not match it. An item nobody sells is still an item:
/// it is carried, used, handed out and found in loot.
pub fn sellers_of(ruleset: &Ruleset, item: &QualifiedContentId) -> Vec<QualifiedFieldId> {
    let resolver = Resolver::new(ruleset);
    let mut out = Vec::new();
    for (pack, market) in &ruleset.markets {
        if market
            .unsold
            .iter()
            .any(|filter| goods_match_with(&resolver, pack, filter, item))
        {
            continue;
        }
        for (id, seller) in active_sellers(ruleset, pack) {
            if seller
                .sells
                .iter()
                .any(|filter| goods_match_with(&resolver, pack, filter, item))
            {
                out.push(Qualified::new(pack.clone(), id.clone()));
            }
        }
    }
    out
}

/// Most rolls of one loot table (its `rolls` formula is capped here).
pub const MAX_LOOT_ROLLS: u64 = 1000;

/// What a loot roll produced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "drop", rename_all = "camelCase")]
pub enum Drop {
    /// Content items.
    Item {
        /// The item.
        id: QualifiedContentId,
        /// How many.
        count: u64,
    },
    /// Coins (a withdrawn coin is re-expressed in the largest remaining coin of its family
    /// paying the same value exactly; nothing drops when its whole family is gone).
    Coins(Amount),
}

/// Why a loot table cannot be rolled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LootError {
    /// The ruleset has no such table.
    #[error("no loot table `{0}`")]
    UnknownTable(QualifiedFieldId),
    /// A `rolls` or `count` formula does not parse or evaluate to a number.
    #[error("the formula `{formula}` of `{table}` cannot be rolled: {reason}")]
    Formula {
        /// The table.
        table: QualifiedFieldId,
        /// The formula.
        formula: String,
        /// Why.
        reason: String,
    },
}

/// Rolls a loot table of the effective ruleset (a table a layer replaced rolls its
/// replacement), seeded: the same seed gives the same drops on every machine (the formula
/// crate's SplitMix64). Entries are picked with probability weight / total weight; a `filter`
/// entry picks one matching item, each equally likely, among content no pack hides and no layer
/// withdrew (an item nobody sells still drops).
pub fn roll_loot(
    ruleset: &Ruleset,
    table: &QualifiedFieldId,
    seed: u64,
) -> Result<Vec<Drop>, LootError> {
    let def = ruleset
        .loot_tables
        .get(table)
        .ok_or_else(|| LootError::UnknownTable(table.clone()))?;
    let mut roller = SplitMix64::new(seed);
    roll_table(ruleset, table, def, &mut roller)
}

/// Rolls a seller's `stock` table, if it has one.
pub fn roll_stock(
    ruleset: &Ruleset,
    pack: &PackId,
    seller: &Seller,
    seed: u64,
) -> Option<Result<Vec<Drop>, LootError>> {
    let reference = seller.stock.as_ref()?;
    let table = match reference {
        Reference::Qualified(q) => q.clone(),
        Reference::Local(local) => Qualified::new(pack.clone(), local.clone()),
    };
    Some(roll_loot(ruleset, &table, seed))
}

fn roll_formula(
    table: &QualifiedFieldId,
    text: &str,
    roller: &mut SplitMix64,
) -> Result<u64, LootError> {
    let error = |reason: String| LootError::Formula {
        table: table.clone(),
        formula: text.to_owned(),
        reason,
    };
    let tree = opencharacter_formula::parse(text).map_err(|e| error(e.to_string()))?;
    let value = tree
        .eval(&opencharacter_formula::MapEnv::default(), roller)
        .map_err(|e| error(e.to_string()))?;
    match value {
        // Fractions round down; a negative count drops nothing.
        Value::Number(n) => {
            Ok(u64::try_from(n.floor().to_integer().unwrap_or(0).max(0)).unwrap_or(0))
        }
        other => Err(error(format!("it gives {}", other.type_name()))),
    }
}

fn roll_table(
    ruleset: &Ruleset,
    id: &QualifiedFieldId,
    table: &LootTable,
    roller: &mut SplitMix64,
) -> Result<Vec<Drop>, LootError> {
    let rolls = match &table.rolls {
        Some(formula) => roll_formula(id, formula.as_str(), roller)?,
        None => 1,
    }
    .min(MAX_LOOT_ROLLS);
    let total: u64 = table.entries.iter().map(|e| u64::from(e.weight)).sum();
    let mut out = Vec::new();
    if total == 0 {
        return Ok(out);
    }
    let resolver = Resolver::new(ruleset);
    // What each `filter` entry can drop, found once per roll of the table, not once per roll.
    let mut matching: Vec<Option<Vec<&QualifiedContentId>>> = vec![None; table.entries.len()];
    for _ in 0..rolls {
        let mut pick = roller.roll(total);
        let Some((index, entry)) = table.entries.iter().enumerate().find(|(_, e)| {
            let weight = u64::from(e.weight);
            if pick <= weight {
                true
            } else {
                pick -= weight;
                false
            }
        }) else {
            continue;
        };
        let count = match &entry.count {
            Some(formula) => roll_formula(id, formula.as_str(), roller)?,
            None => 1,
        };
        if let Some(item) = &entry.item {
            if let Ok(found) = resolver.content(&id.pack, item) {
                out.push(Drop::Item { id: found, count });
            }
        } else if let Some(filter) = &entry.filter {
            let matching = matching[index].get_or_insert_with(|| {
                ruleset
                    .content
                    .iter()
                    .filter(|(_, c)| !c.hidden() && !c.withdrawn)
                    .filter(|(cid, _)| goods_match_with(&resolver, &id.pack, filter, cid))
                    .map(|(cid, _)| cid)
                    .collect()
            });
            if !matching.is_empty() {
                let len = u64::try_from(matching.len()).unwrap_or(u64::MAX);
                let index = usize::try_from(roller.roll(len) - 1).unwrap_or(0);
                if let Some(found) = matching.get(index) {
                    out.push(Drop::Item {
                        id: (*found).clone(),
                        count,
                    });
                }
            }
        } else if let Some(coins) = &entry.coins
            && let Ok(unit) = resolver.resolve_kind(&id.pack, coins, NameKind::CurrencyUnit)
            && let Some(amount) = re_express(ruleset, count, &unit)
        {
            out.push(Drop::Coins(amount));
        }
    }
    Ok(out)
}

/// Whether a content item matches a goods filter written in `pack` (every condition given must
/// hold).
pub fn goods_match(
    ruleset: &Ruleset,
    pack: &PackId,
    filter: &GoodsFilter,
    item: &QualifiedContentId,
) -> bool {
    goods_match_with(&Resolver::new(ruleset), pack, filter, item)
}

fn goods_match_with(
    resolver: &Resolver<'_>,
    pack: &PackId,
    filter: &GoodsFilter,
    item: &QualifiedContentId,
) -> bool {
    let ruleset = resolver.ruleset();
    let Some(content) = ruleset.content.get(item) else {
        return false;
    };
    let item_type = content.item.content_type.as_ref().and_then(|t| {
        resolver
            .resolve_kind(&item.pack, t, NameKind::ContentType)
            .ok()
    });
    if let Some(wanted) = &filter.content_type {
        let Ok(wanted) = resolver.resolve_kind(pack, wanted, NameKind::ContentType) else {
            return false;
        };
        if item_type.as_ref() != Some(&wanted) {
            return false;
        }
    }
    if let Some(tag) = &filter.tag
        && !content
            .item
            .tags
            .as_deref()
            .unwrap_or_default()
            .contains(tag)
    {
        return false;
    }
    if let Some(wanted) = &filter.item {
        let wanted: Result<QualifiedContentId, _> = resolver.content(pack, wanted);
        if wanted.ok().as_ref() != Some(item) {
            return false;
        }
    }
    filter.filters.iter().all(|(name, value)| {
        let type_def = item_type
            .as_ref()
            .and_then(|t| ruleset.content_types.get(t));
        let property = type_def
            .and_then(|t| t.filters.get(name))
            .and_then(|f| f.property.clone())
            .unwrap_or_else(|| name.clone());
        match content.item.properties.get(&property) {
            Some(serde_json::Value::Array(values)) => values.iter().any(|v| scalar_eq(v, value)),
            Some(v) => scalar_eq(v, value),
            None => false,
        }
    })
}

fn scalar_eq(value: &serde_json::Value, wanted: &Scalar) -> bool {
    match wanted {
        Scalar::Bool(b) => value.as_bool() == Some(*b),
        Scalar::Number(n) => value.as_f64().is_some() && value.as_f64() == n.as_f64(),
        Scalar::Text(t) => value.as_str() == Some(t.as_str()),
    }
}
