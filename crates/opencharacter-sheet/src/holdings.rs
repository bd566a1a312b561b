//! What a character owns, as its formulas read it: how many of each content item (`has`,
//! `count`), and each owned entry's quantity, tags and property values (`total`, `tagged`).
//!
//! The reading is deliberately plain, so weights, inventory slots and other aggregates can be
//! built on it: every owned entry counts (listed, granted or picked; carried or in a slot;
//! hidden or not), each with its quantity; its tags and properties are those of the
//! character's copy (templates applied; a variant's copy is its base with the variant's
//! properties over it, so `+1 plate` weighs what plate weighs). A property counts with its value as written: a
//! number adds its value times the quantity, a property the item does not set adds its content
//! type's `default` (else 0), and any other value
//! (a text, a formula, a list) is not a number to add.

use std::collections::HashMap;

use opencharacter_formula::{EvalErrorKind, Number, TypeName};
use opencharacter_spec::ids::{QualifiedContentId, QualifiedFieldId};

use crate::evaluate::Owned;
use crate::value::json_number;

/// What a character owns, for formulas.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Holdings {
    /// How many of each item, over every entry that holds it.
    pub(crate) counts: HashMap<QualifiedContentId, i64>,
    entries: Vec<Held>,
}

/// One owned entry: its quantity, tags and properties; its content type, whether it fills
/// a link slot and the levels it holds (`levels`, `first`, `linked`).
#[derive(Debug, Clone, PartialEq)]
struct Held {
    id: QualifiedContentId,
    content_type: Option<QualifiedFieldId>,
    linked: bool,
    levels: Option<i64>,
    quantity: i64,
    tags: Vec<String>,
    /// Property values by property ID: a number, or the kind of value that is not one.
    properties: HashMap<String, Result<Number, TypeName>>,
}

impl Holdings {
    /// The holdings of every entry of `owned`.
    pub(crate) fn of(owned: &[Owned<'_>]) -> Holdings {
        let mut holdings = Holdings::default();
        for item in owned {
            holdings.push(item);
        }
        holdings
    }

    /// Adds one owned entry.
    pub(crate) fn push(&mut self, item: &Owned<'_>) {
        let quantity = i64::from(item.quantity);
        *self.counts.entry(item.id.clone()).or_insert(0) += quantity;
        // A variant on a base is both: `has("armor.plate")` holds for +1 plate.
        if let Some(base) = &item.base {
            *self.counts.entry(base.clone()).or_insert(0) += quantity;
        }
        self.entries.push(Held {
            id: item.id.clone(),
            content_type: item.content_type.clone(),
            linked: item.slot.is_some(),
            levels: item.levels,
            quantity,
            tags: item
                .item
                .tags
                .iter()
                .flatten()
                .map(|t| t.as_str().to_owned())
                .collect(),
            // A property the item does not set counts with its type's `default` (one inventory
            // slot each unless an item says otherwise).
            properties: item
                .type_def
                .into_iter()
                .flat_map(|def| &def.properties)
                .filter_map(|(k, p)| Some((k, p.default.as_ref()?)))
                .chain(&item.item.properties)
                .map(|(k, v)| (k.as_str().to_owned(), number_or_kind(v)))
                .collect(),
        });
    }

    /// How many of the item are owned.
    pub(crate) fn count(&self, id: &QualifiedContentId) -> i64 {
        self.counts.get(id).copied().unwrap_or(0)
    }

    /// The sum of `property` times the quantity over the entries carrying `tag` (all when
    /// `None`); `formula-wrong-type` for a value that is not a number.
    pub(crate) fn total(&self, property: &str, tag: Option<&str>) -> Result<Number, EvalErrorKind> {
        let mut sum = Number::ZERO;
        for held in self.carrying(tag) {
            let value = match held.properties.get(property) {
                None => continue,
                Some(Ok(n)) => *n,
                Some(Err(found)) => {
                    return Err(EvalErrorKind::WrongType {
                        expected: TypeName::Number,
                        found: *found,
                    });
                }
            };
            sum = sum.checked_add(value.checked_mul(Number::from(held.quantity))?)?;
        }
        Ok(sum)
    }

    /// How many owned items carry `tag`, each counted with its quantity.
    pub(crate) fn tagged(&self, tag: &str) -> Result<i64, EvalErrorKind> {
        self.carrying(Some(tag))
            .try_fold(0i64, |n, held| n.checked_add(held.quantity))
            .ok_or(EvalErrorKind::Overflow)
    }

    /// The levels held in the item `id`, over every entry that holds it.
    pub(crate) fn levels_in(&self, id: &QualifiedContentId) -> Result<i64, EvalErrorKind> {
        self.sum_levels(|held| &held.id == id)
    }

    /// The levels held in every item of the content type `type_id`.
    pub(crate) fn levels_of_type(&self, type_id: &QualifiedFieldId) -> Result<i64, EvalErrorKind> {
        self.sum_levels(|held| held.content_type.as_ref() == Some(type_id))
    }

    fn sum_levels(&self, wanted: impl Fn(&Held) -> bool) -> Result<i64, EvalErrorKind> {
        self.entries
            .iter()
            .filter(|held| wanted(held))
            .filter_map(|held| held.levels)
            .try_fold(0i64, i64::checked_add)
            .ok_or(EvalErrorKind::Overflow)
    }

    /// Whether `id` is the first owned entry of its content type (the order of step 2:
    /// listed items first, in the file's order).
    pub(crate) fn first(&self, id: &QualifiedContentId) -> bool {
        let Some(own) = self.entries.iter().find(|held| &held.id == id) else {
            return false;
        };
        let Some(content_type) = &own.content_type else {
            return true;
        };
        self.entries
            .iter()
            .find(|held| held.content_type.as_ref() == Some(content_type))
            .is_some_and(|held| &held.id == id)
    }

    /// How many owned items that fill a link slot carry `tag`, with their quantities.
    pub(crate) fn linked(&self, tag: &str) -> Result<i64, EvalErrorKind> {
        self.carrying(Some(tag))
            .filter(|held| held.linked)
            .try_fold(0i64, |n, held| n.checked_add(held.quantity))
            .ok_or(EvalErrorKind::Overflow)
    }

    fn carrying<'h>(&'h self, tag: Option<&'h str>) -> impl Iterator<Item = &'h Held> + 'h {
        self.entries
            .iter()
            .filter(move |held| tag.is_none_or(|tag| held.tags.iter().any(|t| t == tag)))
    }
}

/// A property's JSON value as a number, or what kind of value it is instead.
fn number_or_kind(value: &serde_json::Value) -> Result<Number, TypeName> {
    match value {
        serde_json::Value::Number(n) => json_number(n).ok_or(TypeName::LargeNumber),
        serde_json::Value::String(_) => Err(TypeName::String),
        serde_json::Value::Bool(_) => Err(TypeName::Boolean),
        serde_json::Value::Array(_) => Err(TypeName::List),
        serde_json::Value::Object(_) => Err(TypeName::Mapping),
        serde_json::Value::Null => Err(TypeName::Nothing),
    }
}
