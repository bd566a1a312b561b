//! A game's setup (`game.yaml`) and the character file.
//!
//! Character files always use qualified IDs. The pack ID `homebrew` names the character's own
//! content, which lives in the file under `homebrew`.

use indexmap::IndexMap;
use schemars::JsonSchema;
use semver::Version;
use serde::{Deserialize, Serialize};

use super::common::Scalar;
use super::content::{ContentItem, Template};
use super::rules::ContentTypeDef;
use crate::ids::{ContentId, FieldId, PackId, QualifiedContentId, QualifiedFieldId};

/// What a game fixes for its whole life: its packs in load order, each pinned to a version, the
/// layers it switched on, and its settings. A pack's pin may only move up.
///
/// ```yaml
/// packs: { gravewatch-1e: 0.2.0 }
/// layers: [gravewatch-1e:long_night]
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GameSetup {
    /// Pack ID → the version pinned, in load order.
    #[schemars(with = "IndexMap<PackId, super::common::SemverText>")]
    pub packs: IndexMap<PackId, Version>,
    /// The layers switched on, by qualified ID, in the order chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub layers: Vec<QualifiedFieldId>,
    /// Values the game picked for settings; the rest keep their defaults.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub settings: IndexMap<QualifiedFieldId, Scalar>,
}

/// A game file: its ID (what a character names) and its setup, fixed for the game's life.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "OpenCharacter game (game.yaml)")]
pub struct Game {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The game's ID (lowercase words joined by hyphens).
    pub id: ContentId,
    /// Pack ID → the version pinned, in load order.
    #[schemars(with = "IndexMap<PackId, super::common::SemverText>")]
    pub packs: IndexMap<PackId, Version>,
    /// The layers switched on, by qualified ID, in the order chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub layers: Vec<QualifiedFieldId>,
    /// Values the game picked for settings; the rest keep their defaults.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub settings: IndexMap<QualifiedFieldId, Scalar>,
}

impl Game {
    /// The game's setup.
    pub fn setup(&self) -> GameSetup {
        GameSetup {
            packs: self.packs.clone(),
            layers: self.layers.clone(),
            settings: self.settings.clone(),
        }
    }
}

/// A saved character.
///
/// ```yaml
/// packs: { gravewatch-1e: 0.2.0 }
/// game: barrow-road
/// fields: { "gravewatch-1e:abilities.nerve": 3 }
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "OpenCharacter character file")]
pub struct Character {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The version of each pack the character was saved with; upgrade scripts move it up on read.
    #[schemars(with = "IndexMap<PackId, super::common::SemverText>")]
    pub packs: IndexMap<PackId, Version>,
    /// The game the character belongs to, by ID; exactly one of `game` and `setup` is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<ContentId>,
    /// The character's own setup, for a character outside any game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<GameSetup>,
    /// Field values (not derived fields, which are computed).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub fields: IndexMap<QualifiedFieldId, Scalar>,
    /// Rows of list fields, each a map of column → value.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub lists: IndexMap<QualifiedFieldId, Vec<IndexMap<FieldId, Scalar>>>,
    /// Live state.
    #[serde(default, skip_serializing_if = "LiveValues::is_empty")]
    pub live: LiveValues,
    /// Coins carried, by currency unit (coins a layer removed stay here).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub purse: IndexMap<QualifiedFieldId, u64>,
    /// Answers to character-level choices: choice → the content picked.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub choices: IndexMap<QualifiedFieldId, Vec<QualifiedContentId>>,
    /// Content the character owns, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub content: Vec<OwnedContent>,
    /// The state of play: owned content in play now (a spell up, a feature in use), listed or
    /// granted. Effects marked `whileActive` hold only for the items listed here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<QualifiedContentId>,
    /// The character's own content, types and templates, known as `homebrew:<id>`.
    #[serde(default, skip_serializing_if = "Homebrew::is_empty")]
    pub homebrew: Homebrew,
}

/// The live state of a character.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LiveValues {
    /// Current value of each pool.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub pools: IndexMap<QualifiedFieldId, i64>,
    /// Current value of each plain track.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub tracks: IndexMap<QualifiedFieldId, i64>,
    /// The marks on each wound track, box by box (a mark kind of that track).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub wound_tracks: IndexMap<QualifiedFieldId, Vec<FieldId>>,
    /// Current value of each resource content carries: the owned item's ID → the resource's
    /// local ID → its value.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub resources: IndexMap<QualifiedContentId, IndexMap<FieldId, i64>>,
}

impl LiveValues {
    /// Whether no live value is saved.
    pub fn is_empty(&self) -> bool {
        self.pools.is_empty()
            && self.tracks.is_empty()
            && self.wound_tracks.is_empty()
            && self.resources.is_empty()
    }
}

/// A content item a character owns.
///
/// ```yaml
/// - id: 5e-srd-5.1:weapons.longsword
///   slot: 5e-srd-5.1:main_hand
///   templates: [5e-srd-5.1:plus-one]
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct OwnedContent {
    /// The item.
    pub id: QualifiedContentId,
    /// How many (default 1).
    #[serde(
        default = "super::common::one",
        skip_serializing_if = "super::common::is_one"
    )]
    pub quantity: u32,
    /// The link slot it fills, if it is linked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<QualifiedFieldId>,
    /// Answers to the item's choices: choice ID → the content picked.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub choices: IndexMap<FieldId, Vec<QualifiedContentId>>,
    /// Templates applied to the character's copy, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub templates: Vec<QualifiedContentId>,
    /// The levels the character holds in the item, for an item of a content type that
    /// declares `levels` (a fighter 2 / wizard 3 lists each class with its level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<std::num::NonZeroU32>,
    /// For a variant (an item whose type or own declaration has `variantOf`): the base item it
    /// is applied to (`+1 armor` on plate). The two are one owned thing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<QualifiedContentId>,
    /// Answers to the choices of content this entry brings (granted, or picked for one of its
    /// choices), by that content's ID; nested for what it brings in turn.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub granted: IndexMap<QualifiedContentId, GrantedAnswers>,
}

/// The answers for one item an owned entry brings: its own choices, and those of what it
/// brings in turn, by the path of the grant.
///
/// ```yaml
/// - id: 5e-srd-5.1:races.dragonborn
///   granted:
///     5e-srd-5.1:traits.draconic-ancestry:
///       choices: { ancestry: [5e-srd-5.1:ancestries.red] }
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GrantedAnswers {
    /// Answers to the item's choices: choice ID → the content picked.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub choices: IndexMap<FieldId, Vec<QualifiedContentId>>,
    /// Answers for what the item brings in turn.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub granted: IndexMap<QualifiedContentId, GrantedAnswers>,
}

/// A character's own homebrew: content types, content and templates under the reserved pack
/// ID `homebrew`. Homebrew content may be of its own types (`type: homebrew:charm`) or of a
/// loaded pack's (`type: 5e-srd-5.1:weapon`); homebrew references are always qualified.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Homebrew {
    /// Content types, by local ID.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub content_types: IndexMap<FieldId, ContentTypeDef>,
    /// Content, by local ID (each item's `id` equals its key).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub content: IndexMap<ContentId, ContentItem>,
    /// Templates, by local ID.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub templates: IndexMap<ContentId, Template>,
    /// Player-facing text of the homebrew, flat keys in the character's language.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub text: IndexMap<String, String>,
}

impl Homebrew {
    /// Whether the character has no homebrew.
    pub fn is_empty(&self) -> bool {
        self.content_types.is_empty()
            && self.content.is_empty()
            && self.templates.is_empty()
            && self.text.is_empty()
    }

    /// The pack ID homebrew content is known by.
    pub fn pack() -> PackId {
        PackId::homebrew()
    }
}
