//! Reading a loaded ruleset: content by qualified ID, queries by type, tags and declared
//! filters, the packs with what their licenses ask apps to pass on, and the conflicts.
//!
//! Lookups by ID find everything, hidden content included (flagged: a character that owns it
//! keeps it). Queries are what pickers and grant lists use: hidden and withdrawn content is not
//! in them.

use opencharacter_spec::diagnostic::Diagnostics;
use opencharacter_spec::ids::{FieldId, QualifiedContentId, QualifiedFieldId, Reference};
use opencharacter_spec::model::rules::{FilterDef, FilterType};
use opencharacter_spec::model::{
    Character, Conflict, ContentItem, ContentTypeDef, Ruleset, RulesetContent, RulesetPack, Tag,
};
use serde_json::{Number, Value};

use crate::resolver::Resolver;

/// One comparison of a declared filter: `above` / `below` for a `number` filter, `equals` /
/// `notIn` for a `text` or `tags` filter (for tags: carries the tag / carries none of them).
#[derive(Debug, Clone, PartialEq)]
pub enum FilterComparison {
    /// The number is above this.
    Above(Number),
    /// The number is below this.
    Below(Number),
    /// The text equals this (tags: the item carries it).
    Equals(String),
    /// The text is none of these (tags: the item carries none of them).
    NotIn(Vec<String>),
}

/// A declared filter of the queried type and what to compare it with.
#[derive(Debug, Clone, PartialEq)]
pub struct FilterTest {
    /// The filter's ID, as the content type declares it.
    pub filter: FieldId,
    /// The comparison an item must pass.
    pub comparison: FilterComparison,
}

/// A query over a ruleset's content. Every part is optional; filters need a type.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ContentQuery {
    /// Only items of this content type.
    pub content_type: Option<QualifiedFieldId>,
    /// Tags an item must all carry.
    pub tags: Vec<Tag>,
    /// Declared filters an item must all pass; an item that does not set a filter's value
    /// does not pass it.
    pub filters: Vec<FilterTest>,
}

/// Why a query cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// Filters were given without a content type (filters are declared by a type).
    #[error("filters need a content type")]
    FiltersWithoutType,
    /// The content type is not in the ruleset.
    #[error("no content type `{0}`")]
    UnknownType(QualifiedFieldId),
    /// The type does not declare the filter.
    #[error("`{content_type}` declares no filter `{filter}`")]
    UnknownFilter {
        /// The type.
        content_type: QualifiedFieldId,
        /// The filter.
        filter: FieldId,
    },
    /// `above`/`below` on a text or tags filter, or `equals`/`notIn` on a number filter.
    #[error("filter `{0}` cannot be compared that way")]
    WrongComparison(FieldId),
}

/// The content item with this qualified ID, hidden or not.
pub fn lookup<'r>(ruleset: &'r Ruleset, id: &QualifiedContentId) -> Option<&'r RulesetContent> {
    ruleset.content.get(id)
}

/// Every item that matches the query, in ruleset order, leaving out hidden and withdrawn items.
pub fn query<'r>(
    ruleset: &'r Ruleset,
    query: &ContentQuery,
) -> Result<Vec<(&'r QualifiedContentId, &'r RulesetContent)>, QueryError> {
    let type_def = match &query.content_type {
        Some(id) => Some(
            ruleset
                .content_types
                .get(id)
                .ok_or_else(|| QueryError::UnknownType(id.clone()))?,
        ),
        None => None,
    };
    let mut filters = Vec::with_capacity(query.filters.len());
    for test in &query.filters {
        let (Some(type_id), Some(type_def)) = (&query.content_type, type_def) else {
            return Err(QueryError::FiltersWithoutType);
        };
        let def = type_def
            .filters
            .get(&test.filter)
            .ok_or_else(|| QueryError::UnknownFilter {
                content_type: type_id.clone(),
                filter: test.filter.clone(),
            })?;
        let numeric = matches!(
            test.comparison,
            FilterComparison::Above(_) | FilterComparison::Below(_)
        );
        if numeric != (def.filter_type == FilterType::Number) {
            return Err(QueryError::WrongComparison(test.filter.clone()));
        }
        filters.push((test, def));
    }
    let wanted_type = query.content_type.clone().map(Reference::Qualified);
    Ok(ruleset
        .content
        .iter()
        .filter(|(_, content)| !content.hidden() && !content.withdrawn)
        .filter(|(_, content)| wanted_type.is_none() || content.item.content_type == wanted_type)
        .filter(|(_, content)| {
            let tags = content.item.tags.as_deref().unwrap_or_default();
            query.tags.iter().all(|tag| tags.contains(tag))
        })
        .filter(|(_, content)| {
            filters.iter().all(|(test, def)| {
                type_def.is_some_and(|type_def| {
                    filter_passes(&content.item, type_def, &test.filter, def, &test.comparison)
                        == Some(true)
                })
            })
        })
        .collect())
}

/// Whether `item` passes a declared filter's comparison; `None` when the item does not set the
/// filter's value (or sets it as the wrong kind of value). Layers use the same reading for their
/// catalog rules.
pub fn filter_passes(
    item: &ContentItem,
    content_type: &ContentTypeDef,
    filter: &FieldId,
    def: &FilterDef,
    comparison: &FilterComparison,
) -> Option<bool> {
    let property = def.property.as_ref().unwrap_or(filter);
    match def.filter_type {
        FilterType::Number => {
            let value = item.properties.get(property)?.as_f64()?;
            match comparison {
                FilterComparison::Above(n) => Some(value > n.as_f64()?),
                FilterComparison::Below(n) => Some(value < n.as_f64()?),
                _ => None,
            }
        }
        FilterType::Text => {
            let value = item.properties.get(property)?.as_str()?;
            match comparison {
                FilterComparison::Equals(text) => Some(value == text),
                FilterComparison::NotIn(texts) => Some(!texts.iter().any(|t| t == value)),
                _ => None,
            }
        }
        FilterType::Tags => {
            // The property of that name when the type declares one, else the item's tags.
            let carried: Vec<&str> = if content_type.properties.contains_key(property) {
                match item.properties.get(property)? {
                    Value::Array(values) => values.iter().filter_map(Value::as_str).collect(),
                    Value::String(one) => vec![one.as_str()],
                    _ => return None,
                }
            } else {
                item.tags.as_deref()?.iter().map(Tag::as_str).collect()
            };
            match comparison {
                FilterComparison::Equals(tag) => Some(carried.contains(&tag.as_str())),
                FilterComparison::NotIn(tags) => {
                    Some(!tags.iter().any(|tag| carried.contains(&tag.as_str())))
                }
                _ => None,
            }
        }
    }
}

/// The ruleset API as methods: lookups, queries, packs, conflicts, references and the rules
/// issues of a character.
///
/// ```
/// use opencharacter_resolve::RulesetExt;
/// use opencharacter_spec::model::Ruleset;
/// let ruleset = Ruleset::default();
/// assert!(ruleset.lookup(&"base:weapons.sword".parse().unwrap()).is_none());
/// assert!(ruleset.packs_in_load_order().is_empty());
/// ```
pub trait RulesetExt {
    /// [`lookup`].
    fn lookup(&self, id: &QualifiedContentId) -> Option<&RulesetContent>;
    /// [`query`].
    fn query(
        &self,
        query: &ContentQuery,
    ) -> Result<Vec<(&QualifiedContentId, &RulesetContent)>, QueryError>;
    /// The packs, in load order, each with its `credit` and `notices`.
    fn packs_in_load_order(&self) -> &[RulesetPack];
    /// Every leaf property two or more packs overrode on the same item.
    fn conflicts(&self) -> &[Conflict];
    /// A [`Resolver`] for references written in the ruleset's packs.
    fn resolver(&self) -> Resolver<'_>;
    /// [`crate::check_character`].
    fn check_character(&self, character: &Character) -> Diagnostics;
}

impl RulesetExt for Ruleset {
    fn lookup(&self, id: &QualifiedContentId) -> Option<&RulesetContent> {
        lookup(self, id)
    }

    fn query(
        &self,
        content_query: &ContentQuery,
    ) -> Result<Vec<(&QualifiedContentId, &RulesetContent)>, QueryError> {
        query(self, content_query)
    }

    fn packs_in_load_order(&self) -> &[RulesetPack] {
        &self.packs
    }

    fn conflicts(&self) -> &[Conflict] {
        &self.conflicts
    }

    fn resolver(&self) -> Resolver<'_> {
        Resolver::new(self)
    }

    fn check_character(&self, character: &Character) -> Diagnostics {
        crate::character::check_character(self, character)
    }
}
