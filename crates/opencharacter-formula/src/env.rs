//! What a formula reads from the world: the [`Environment`] a caller supplies (field values,
//! settings, owned content and its aggregates), and [`MapEnv`], a plain map-backed one.

use std::collections::{BTreeMap, BTreeSet};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::eval::{EvalErrorKind, Value, number};
use crate::number::Number;
use crate::tree::{Expr, Function};

/// What a formula reads from the world: field values, settings and owned content.
///
/// Every method but [`Environment::field`] has a default that knows nothing.
pub trait Environment {
    /// The value of a field, `pack` set for a qualified name; `None` when there is no such field.
    fn field(&self, pack: Option<&str>, name: &str) -> Option<Value>;

    /// The value of a setting; `None` when there is no such setting.
    fn setting(&self, _id: &str) -> Option<Value> {
        None
    }

    /// Whether the character owns the content item.
    fn has(&self, _content: &str) -> bool {
        false
    }

    /// How many of the content item the character owns.
    fn count(&self, _content: &str) -> i64 {
        0
    }

    /// `total(property)` and `total(property, tag)`: the sum, over the owned content (only
    /// the items carrying `tag` when one is given), of each item's numeric `property` times
    /// its quantity; an item without the property adds 0.
    ///
    /// The default knows no owned content's properties: it fails with
    /// [`EvalErrorKind::UnknownAggregate`], so an environment that cannot answer says so rather
    /// than giving a wrong 0.
    fn total(&self, property: &str, tag: Option<&str>) -> Result<Number, EvalErrorKind> {
        Err(EvalErrorKind::UnknownAggregate(aggregate_text(
            Function::Total,
            property,
            tag,
        )))
    }

    /// `tagged(tag)`: how many owned items carry `tag`, each counted with its quantity.
    ///
    /// The default fails with [`EvalErrorKind::UnknownAggregate`], as [`Environment::total`].
    fn tagged(&self, tag: &str) -> Result<i64, EvalErrorKind> {
        Err(EvalErrorKind::UnknownAggregate(aggregate_text(
            Function::Tagged,
            tag,
            None,
        )))
    }

    /// `levels(id)`: the levels the character holds in the content item `id` (a class), or,
    /// when `id` names a content type and no item, in every item of that type.
    ///
    /// The default fails with [`EvalErrorKind::UnknownAggregate`], as [`Environment::total`].
    fn levels(&self, id: &str) -> Result<i64, EvalErrorKind> {
        Err(EvalErrorKind::UnknownAggregate(aggregate_text(
            Function::Levels,
            id,
            None,
        )))
    }

    /// `first(id)`: whether the content item `id` is the first item of its content type the
    /// character lists.
    ///
    /// The default fails with [`EvalErrorKind::UnknownAggregate`], as [`Environment::total`].
    fn first(&self, id: &str) -> Result<bool, EvalErrorKind> {
        Err(EvalErrorKind::UnknownAggregate(aggregate_text(
            Function::First,
            id,
            None,
        )))
    }

    /// `linked(tag)`: how many owned items that fill a link slot carry `tag`, each counted
    /// with its quantity.
    ///
    /// The default fails with [`EvalErrorKind::UnknownAggregate`], as [`Environment::total`].
    fn linked(&self, tag: &str) -> Result<i64, EvalErrorKind> {
        Err(EvalErrorKind::UnknownAggregate(aggregate_text(
            Function::Linked,
            tag,
            None,
        )))
    }
}

/// The call's text for messages: `total("weight", "gear")`.
fn aggregate_text(function: Function, first: &str, second: Option<&str>) -> String {
    let args: Vec<Expr> = std::iter::once(first)
        .chain(second)
        .map(|value| Expr::String {
            value: value.to_owned(),
        })
        .collect();
    Expr::Call { function, args }.to_string()
}

/// A plain map-backed environment, for tests, tools and the command line.
///
/// ```
/// use opencharacter_formula::{MapEnv, MapItem, SplitMix64, Value, parse};
/// let mut env = MapEnv::default();
/// env.fields.insert("abilities.str.score".into(), Value::from(15));
/// env.owned.insert("feats.alert".into(), 1);
/// let tree = parse("floor((abilities.str.score - 10) / 2) + if(has(\"feats.alert\"), 5, 0)")?;
/// assert_eq!(tree.eval(&env, &mut SplitMix64::new(1))?, Value::from(7));
///
/// // Three torches of 1 lb each: `total("weight")` is 3.
/// env.owned.insert("items.torch".into(), 3);
/// let torch = MapItem::default().with_tag("gear").with_property("weight", Value::from(1));
/// env.items.insert("items.torch".into(), torch);
/// let carried = parse("total(\"weight\", \"gear\") + tagged(\"gear\")")?;
/// assert_eq!(carried.eval(&env, &mut SplitMix64::new(1))?, Value::from(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MapEnv {
    /// Field values by name (`abilities.str.mod`, or `@pack:name` for a qualified name).
    pub fields: BTreeMap<String, Value>,
    /// Setting values by ID.
    pub settings: BTreeMap<String, Value>,
    /// Owned content: ID → how many.
    pub owned: BTreeMap<String, i64>,
    /// What content items carry, by ID, for `total` and `tagged`. An item counts with its
    /// quantity in `owned` (not at all when it is not owned there).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub items: BTreeMap<String, MapItem>,
}

/// A content item's tags and properties, as [`MapEnv`] reads them for `total` and `tagged`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MapItem {
    /// The item's tags.
    pub tags: BTreeSet<String>,
    /// The item's property values, by property ID.
    pub properties: BTreeMap<String, Value>,
}

impl MapItem {
    /// The item with one more tag.
    pub fn with_tag(mut self, tag: &str) -> MapItem {
        self.tags.insert(tag.to_owned());
        self
    }

    /// The item with a property set.
    pub fn with_property(mut self, property: &str, value: Value) -> MapItem {
        self.properties.insert(property.to_owned(), value);
        self
    }
}

impl MapEnv {
    /// Each owned item described in `items` (quantity above 0) with its quantity, carrying
    /// `tag` when one is given.
    fn owned_items<'a>(
        &'a self,
        tag: Option<&'a str>,
    ) -> impl Iterator<Item = (i64, &'a MapItem)> + 'a {
        self.items.iter().filter_map(move |(id, item)| {
            let quantity = self.owned.get(id).copied().unwrap_or(0);
            let carries = tag.is_none_or(|tag| item.tags.contains(tag));
            (quantity > 0 && carries).then_some((quantity, item))
        })
    }
}

impl Environment for MapEnv {
    fn field(&self, pack: Option<&str>, name: &str) -> Option<Value> {
        match pack {
            None => self.fields.get(name).cloned(),
            Some(pack) => self.fields.get(&format!("@{pack}:{name}")).cloned(),
        }
    }

    fn setting(&self, id: &str) -> Option<Value> {
        self.settings.get(id).cloned()
    }

    fn has(&self, content: &str) -> bool {
        self.owned.get(content).is_some_and(|n| *n > 0)
    }

    fn count(&self, content: &str) -> i64 {
        self.owned.get(content).copied().unwrap_or(0)
    }

    /// A property that is not a number (a text, a boolean) is `formula-wrong-type`.
    fn total(&self, property: &str, tag: Option<&str>) -> Result<Number, EvalErrorKind> {
        let mut sum = Number::ZERO;
        for (quantity, item) in self.owned_items(tag) {
            let Some(value) = item.properties.get(property) else {
                continue;
            };
            let each = number(value.clone())?;
            sum = sum.checked_add(each.checked_mul(Number::from(quantity))?)?;
        }
        Ok(sum)
    }

    fn tagged(&self, tag: &str) -> Result<i64, EvalErrorKind> {
        self.owned_items(Some(tag))
            .try_fold(0i64, |n, (quantity, _)| n.checked_add(quantity))
            .ok_or(EvalErrorKind::Overflow)
    }
}
