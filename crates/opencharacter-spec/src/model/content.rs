//! Content items (`content/<type>/<name>.yaml`, one item per file) and templates
//! (`templates/<name>.yaml`).

use indexmap::IndexMap;
use schemars::JsonSchema;
use semver::Version;
use serde::{Deserialize, Serialize};

use super::common::{Choice, Effect, Grant, Price, Tag};
use super::resources::ResourceDef;
use crate::ids::{ContentId, FieldId, QualifiedContentId, Reference};

/// One content item file. It takes one of three forms (see [`ContentItem::form`]):
///
/// - an **item**: `id` (matching its path) and `type`, with the type's `properties`;
/// - an **override**: `override: <qualified-id>` and only the properties it changes;
/// - an **extension**: `id` and `extends: <id>`, inheriting everything from its parent.
///
/// Overrides and extensions merge maps deeply and replace scalars and arrays whole.
///
/// ```yaml
/// id: weapons.longsword
/// type: weapon
/// properties: { damage: 1d8, weight: 3 }
/// price: { amount: 15, unit: gp }
/// tags: [martial, versatile]
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "OpenCharacter content item (content/<type>/<name>.yaml)")]
pub struct ContentItem {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The item's ID; must match its path (`content/weapons/longsword.yaml` → `weapons.longsword`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<ContentId>,
    /// The content type (declared in some pack's `contentTypes`).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<Reference<FieldId>>,
    /// Another pack's item this file changes.
    #[serde(rename = "override", default, skip_serializing_if = "Option::is_none")]
    pub overrides: Option<QualifiedContentId>,
    /// The item this one is a permanent variant of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<Reference<ContentId>>,
    /// Values of the content type's properties, typed by its declaration.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub properties: IndexMap<FieldId, serde_json::Value>,
    /// What the item costs, if it is sold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<Price>,
    /// Tags, for queries, filters and the market.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<Tag>>,
    /// Effects while a character owns (or links) the item.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<Vec<Effect>>,
    /// Content the owner gets with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grants: Option<Vec<Grant>>,
    /// Choices the owner makes, by choice ID.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices: Option<IndexMap<FieldId, Choice>>,
    /// Resources the owner gets with it, by local ID: live pools with a maximum and a recovery
    /// (a wand's `charges`), saved under `live.resources` by the item's ID.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<IndexMap<FieldId, ResourceDef>>,
    /// Makes the item a variant of a base item of one of these content types, which the
    /// character names (`base:`) on the owned entry; replaces its type's `variantOf`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_of: Option<Vec<Reference<FieldId>>>,
    /// Set when the item is retired: characters are moved off it by an upgrade script.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<Deprecation>,
    /// Changes to the rolls of the owner's other items, selected by the rolled item's
    /// properties (spec 1.8.0): a bonus to an evocation spell's damage, healing dice at their
    /// maximum.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roll_modifiers: Vec<super::roll_modifiers::RollModifier>,
}

/// When an item was retired, and what replaces it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Deprecation {
    /// The pack version that retired it.
    #[schemars(with = "super::common::SemverText")]
    pub since: Version,
    /// The item that replaces it, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<Reference<ContentId>>,
}

/// Which of the three forms a content file takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentForm<'a> {
    /// `id` + `type`.
    Item {
        /// The item's ID.
        id: &'a ContentId,
        /// Its content type.
        content_type: &'a Reference<FieldId>,
    },
    /// `override`.
    Override {
        /// The item overridden.
        target: &'a QualifiedContentId,
    },
    /// `id` + `extends` (with an optional `type`, which must equal the parent's).
    Extends {
        /// The item's ID.
        id: &'a ContentId,
        /// Its parent.
        parent: &'a Reference<ContentId>,
    },
}

/// Why a content file fits none of the three forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ContentFormError {
    /// `override` beside `id`, `type`, `extends` or `deprecated`.
    #[error("an override names only its target and the properties it changes, not `{0}`")]
    OverrideWith(&'static str),
    /// Neither `override` nor `id`.
    #[error("a content item needs an `id` (or is an `override`)")]
    MissingId,
    /// `id` without `type` or `extends`.
    #[error("a content item needs a `type` (or `extends` another item)")]
    MissingType,
}

impl ContentItem {
    /// Which form the file takes, or why it takes none.
    pub fn form(&self) -> Result<ContentForm<'_>, ContentFormError> {
        if let Some(target) = &self.overrides {
            let extra = [
                ("id", self.id.is_some()),
                ("type", self.content_type.is_some()),
                ("extends", self.extends.is_some()),
                ("deprecated", self.deprecated.is_some()),
            ];
            if let Some((name, _)) = extra.into_iter().find(|(_, set)| *set) {
                return Err(ContentFormError::OverrideWith(name));
            }
            return Ok(ContentForm::Override { target });
        }
        let id = self.id.as_ref().ok_or(ContentFormError::MissingId)?;
        match (&self.extends, &self.content_type) {
            (Some(parent), _) => Ok(ContentForm::Extends { id, parent }),
            (None, Some(content_type)) => Ok(ContentForm::Item { id, content_type }),
            (None, None) => Err(ContentFormError::MissingType),
        }
    }
}

/// A template (`templates/<name>.yaml`): a change applied to a character's own copy of an
/// owned content item during play ("+1", "elite", "silvered"). The pack's content is never
/// changed; only the copy the character holds reads differently while the template is on it.
///
/// A template may set properties, add tags, effects and grants, and add to the price. It
/// cannot change the item's ID, type or choices.
///
/// ```yaml
/// id: plus-one
/// appliesTo: [weapon]
/// properties: { magic_bonus: 1 }
/// addTags: [magical]
/// effects: [{ target: combat.attack_bonus, op: add, value: "1" }]
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "OpenCharacter template (templates/<name>.yaml)")]
pub struct Template {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The template's ID; must match its path under `templates/` (`templates/plus-one.yaml` →
    /// `plus-one`). Templates have their own ID space beside content.
    pub id: ContentId,
    /// The content types it may be applied to; any type without one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub applies_to: Vec<Reference<FieldId>>,
    /// Properties set on the copy (replacing the item's value), typed by the item's type.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub properties: IndexMap<FieldId, serde_json::Value>,
    /// Tags added to the copy.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_tags: Vec<Tag>,
    /// Effects added to the copy's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Grants added to the copy's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// Added to the copy's price (in the same family as the item's price).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_price: Option<Price>,
}
