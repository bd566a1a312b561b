//! The rules document (`rules/*.yaml`): fields, live state, link slots, content types,
//! settings, situational choices, actions, effects, choices, constraints, display hints and
//! GM guidance. Resolution and result bands are in [`super::resolution`], currencies, market
//! and loot tables in [`super::economy`], layers in [`super::layer`].
//!
//! Every rules item is keyed by an ID of the field-ID grammar, local to the pack; the loaded
//! ruleset knows it by its qualified ID (`5e-srd-5.1:abilities.str`).

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{Choice, DiceFormula, Effect, Formula, Scalar, is_default};
use super::content_rolls::{ContentRollDef, RollParameter, StatBlock};
use super::economy::{CurrencyFamily, LootTable, Market};
use super::layer::Layer;
use super::resolution::{BandSet, Resolution};
use crate::ids::{FieldId, Reference};

/// One rules document. A pack may split its rules over several files; the build merges them
/// into one (an ID defined twice is an error) and a release holds the merged document.
///
/// ```
/// use opencharacter_spec::model::RulesDocument;
/// let rules: RulesDocument = opencharacter_spec::yaml::from_str(
///     "fields:\n  level:\n    type: number\n    min: 1\n    max: 20\n    default: 1\n",
/// ).unwrap();
/// assert!(rules.fields.contains_key("level"));
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(
    title = "OpenCharacter rules document (rules/*.yaml)",
    description = "One rules document; a pack may split its rules over several files, which the build merges (an ID defined twice is an error). Every section is optional."
)]
pub struct RulesDocument {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Character fields by field ID.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub fields: IndexMap<FieldId, FieldDef>,
    /// Resources that change in play: pools, plain tracks, wound tracks.
    #[serde(default, skip_serializing_if = "LiveState::is_empty")]
    pub live: LiveState,
    /// Where a character links content (a class, a background, equipped items).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub link_slots: IndexMap<FieldId, LinkSlot>,
    /// Content types: their typed properties and declared filters.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub content_types: IndexMap<FieldId, ContentTypeDef>,
    /// Table options a game picks, readable from formulas as `settings.<id>`.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub settings: IndexMap<FieldId, SettingDef>,
    /// Per-roll options (advantage, cover) and what each changes.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub situational_choices: IndexMap<FieldId, SituationalChoice>,
    /// How a check is rolled and read. At most one pack of a ruleset defines it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution: Option<Resolution>,
    /// Named sets of bands mapping a roll to an outcome.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub result_bands: IndexMap<FieldId, BandSet>,
    /// Actions every character has, with what they use.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub actions: IndexMap<FieldId, Action>,
    /// Always-on effects on fields.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub effects: IndexMap<FieldId, Effect>,
    /// Character-level choices.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub choices: IndexMap<FieldId, Choice>,
    /// Formulas that must hold, each naming the rules issue it raises.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub constraints: IndexMap<FieldId, Constraint>,
    /// Groups and order of fields for screens.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub display_hints: IndexMap<FieldId, DisplayHint>,
    /// Currency families, each a set of units worth whole numbers of its smallest unit.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub currencies: IndexMap<FieldId, CurrencyFamily>,
    /// Who sells what, where.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market: Option<Market>,
    /// Weighted tables of items and coins.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub loot_tables: IndexMap<FieldId, LootTable>,
    /// Text for a game master model, in the pack's default language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gm: Option<GmGuidance>,
    /// Variants a game switches on when it is created (spec 1.1.0).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub layers: IndexMap<FieldId, Layer>,
}

impl RulesDocument {
    /// Merges another rules file of the same pack into this one, keeping this one's order and
    /// appending the other's items. Returns every ID the two both define, by section (`fields`,
    /// `live.pools`, …; `resolution`, `market` and `gm.checkGuidance` count as one item each):
    /// those keep this document's definition.
    pub fn merge(&mut self, other: RulesDocument) -> Vec<(&'static str, String)> {
        let mut duplicates = Vec::new();
        fn into<K: std::hash::Hash + Eq + ToString, V>(
            section: &'static str,
            target: &mut IndexMap<K, V>,
            source: IndexMap<K, V>,
            duplicates: &mut Vec<(&'static str, String)>,
        ) {
            for (key, value) in source {
                if target.contains_key(&key) {
                    duplicates.push((section, key.to_string()));
                } else {
                    target.insert(key, value);
                }
            }
        }
        fn single<T>(
            section: &'static str,
            target: &mut Option<T>,
            source: Option<T>,
            duplicates: &mut Vec<(&'static str, String)>,
        ) {
            match (target.is_some(), source) {
                (true, Some(_)) => duplicates.push((section, section.to_owned())),
                (false, Some(value)) => *target = Some(value),
                (_, None) => {}
            }
        }
        let d = &mut duplicates;
        into("fields", &mut self.fields, other.fields, d);
        into("live.pools", &mut self.live.pools, other.live.pools, d);
        into("live.tracks", &mut self.live.tracks, other.live.tracks, d);
        into(
            "live.woundTracks",
            &mut self.live.wound_tracks,
            other.live.wound_tracks,
            d,
        );
        into("linkSlots", &mut self.link_slots, other.link_slots, d);
        into(
            "contentTypes",
            &mut self.content_types,
            other.content_types,
            d,
        );
        into("settings", &mut self.settings, other.settings, d);
        into(
            "situationalChoices",
            &mut self.situational_choices,
            other.situational_choices,
            d,
        );
        single("resolution", &mut self.resolution, other.resolution, d);
        into("resultBands", &mut self.result_bands, other.result_bands, d);
        into("actions", &mut self.actions, other.actions, d);
        into("effects", &mut self.effects, other.effects, d);
        into("choices", &mut self.choices, other.choices, d);
        into("constraints", &mut self.constraints, other.constraints, d);
        into(
            "displayHints",
            &mut self.display_hints,
            other.display_hints,
            d,
        );
        into("currencies", &mut self.currencies, other.currencies, d);
        single("market", &mut self.market, other.market, d);
        into("lootTables", &mut self.loot_tables, other.loot_tables, d);
        if let Some(gm) = other.gm {
            let own = self.gm.get_or_insert_with(GmGuidance::default);
            single(
                "gm.checkGuidance",
                &mut own.check_guidance,
                gm.check_guidance,
                d,
            );
            single(
                "gm.worldGuidance",
                &mut own.world_guidance,
                gm.world_guidance,
                d,
            );
        }
        into("layers", &mut self.layers, other.layers, d);
        duplicates
    }

    /// Every field with its full ID, parts after their field (`abilities.str`,
    /// `abilities.str.mod`), in declaration order. A part whose full ID is not a valid field
    /// ID (too long) is left out; [`super::check::rules_problems`] reports it.
    pub fn fields_with_parts(&self) -> Vec<(FieldId, &FieldDef)> {
        let mut out = Vec::new();
        for (id, field) in &self.fields {
            out.push((id.clone(), field));
            for (part, def) in &field.parts {
                if let Ok(full) = format!("{id}.{part}").parse::<FieldId>() {
                    out.push((full, def));
                }
            }
        }
        out
    }
}

/// The type of a field, a list column, a setting or a content-type property.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ValueType {
    /// A number (integer or decimal).
    Number,
    /// A text.
    Text,
    /// `true` or `false`.
    Boolean,
    /// One of the declared `values`.
    Enum,
    /// A dice expression.
    Dice,
    /// A formula (content-type properties only: evaluated where the item is used).
    Formula,
    /// A reference to a content item (content-type properties only).
    Content,
    /// Rows of typed columns (fields only).
    List,
}

impl ValueType {
    /// The type's name as a pack writes it in `type:` (`number`, `enum`, …).
    pub fn name(self) -> &'static str {
        match self {
            ValueType::Number => "number",
            ValueType::Text => "text",
            ValueType::Boolean => "boolean",
            ValueType::Enum => "enum",
            ValueType::Dice => "dice",
            ValueType::Formula => "formula",
            ValueType::Content => "content",
            ValueType::List => "list",
        }
    }
}

/// What part an ability, skill or save field plays, so upgrade scripts can rename it with
/// everything that hangs under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum FieldRole {
    /// An ability (`abilities.str`).
    Ability,
    /// A skill (`skills.athletics`).
    Skill,
    /// A saving throw (`saves.str`).
    Save,
}

/// A character field.
///
/// Which properties apply depends on `type` (docs/spec/rules.md#fields); the build refuses a
/// property that does not apply to the field's type. A field with a `formula` is derived and
/// read-only. An ability's, skill's or save's own values (its modifier, bonus, proficiency)
/// are its `parts`: `abilities.str` with part `mod` defines the field `abilities.str.mod`, and
/// renaming `abilities.str` takes them along.
///
/// ```yaml
/// abilities.str:
///   type: number
///   role: ability
///   min: 1
///   max: 30
///   default: 10
///   parts:
///     mod: { type: number, formula: floor((abilities.str - 10) / 2) }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FieldDef {
    /// The field's type.
    #[serde(rename = "type")]
    pub value_type: ValueType,
    /// Ability, skill or save, when the field is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<FieldRole>,
    /// Value before anything sets it (of the field's type; an `enum` names one of `values`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Scalar>,
    /// Lowest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<serde_json::Number>,
    /// Highest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<serde_json::Number>,
    /// Longest text, in characters (`text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u32>,
    /// The values an `enum` field may hold, in display order; each is labelled by the i18n
    /// key `value.<field-id>.<value>.label`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<FieldId>,
    /// A derived field's formula; the field is then read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<Formula>,
    /// Hides the field while this condition holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hide_when: Option<Formula>,
    /// A `list` field's columns, in order.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub columns: IndexMap<FieldId, ColumnDef>,
    /// Most rows a `list` may hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rows: Option<u32>,
    /// Values that hang under this field's ID (an ability's `mod`, a save's `bonus`). Parts
    /// have no parts of their own.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub parts: IndexMap<FieldId, FieldDef>,
}

/// A column of a `list` field.
///
/// ```yaml
/// ability: { type: enum, values: [str, dex, finesse], required: true }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ColumnDef {
    /// The column's type (`number`, `text`, `boolean`, `enum`, `dice` or `content`).
    #[serde(rename = "type")]
    pub value_type: ValueType,
    /// Whether every row must set it.
    #[serde(default, skip_serializing_if = "is_default")]
    pub required: bool,
    /// Value of a new row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Scalar>,
    /// Lowest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<serde_json::Number>,
    /// Highest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<serde_json::Number>,
    /// Longest text (`text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u32>,
    /// Allowed values (`enum`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<FieldId>,
}

/// Live state: resources that change in play and are saved apart from the fields.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LiveState {
    /// Spendable pools with a maximum (hit points, hit dice, spell slots).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub pools: IndexMap<FieldId, PoolDef>,
    /// Plain tracks holding a number (stress, heat).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub tracks: IndexMap<FieldId, TrackDef>,
    /// Wound tracks holding marks (harm, strain).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub wound_tracks: IndexMap<FieldId, WoundTrackDef>,
}

impl LiveState {
    /// Whether no live state is declared.
    pub fn is_empty(&self) -> bool {
        self.pools.is_empty() && self.tracks.is_empty() && self.wound_tracks.is_empty()
    }
}

/// Whether a pool starts full or empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum PoolStart {
    /// At its maximum (hit points).
    #[default]
    Full,
    /// At zero (inspiration).
    Empty,
}

impl PoolStart {
    fn is_full(&self) -> bool {
        *self == PoolStart::Full
    }
}

/// A spendable pool.
///
/// ```yaml
/// hit_points: { max: hp.max }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PoolDef {
    /// The pool's maximum, a formula.
    pub max: Formula,
    /// Where a new character's pool stands (default `full`).
    #[serde(default, skip_serializing_if = "PoolStart::is_full")]
    pub start: PoolStart,
    /// Hides the pool while this condition holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hide_when: Option<Formula>,
}

/// A plain track: a number between `min` and `max`.
///
/// ```yaml
/// stress: { max: "9" }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TrackDef {
    /// Lowest value (default 0).
    #[serde(default, skip_serializing_if = "is_default")]
    pub min: i64,
    /// Highest value, a formula.
    pub max: Formula,
    /// A new character's value (default `min`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<i64>,
    /// Hides the track while this condition holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hide_when: Option<Formula>,
}

/// A wound track: boxes that take marks of declared kinds, with a penalty as they fill.
///
/// ```yaml
/// harm:
///   boxes: "6"
///   marks: { lesser: { severity: 1 }, moderate: { severity: 2 }, severe: { severity: 3 } }
///   penalty: -count(marks)
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct WoundTrackDef {
    /// How many boxes, a formula.
    pub boxes: Formula,
    /// The kinds of mark a box can hold, lightest first; each labelled by the i18n key
    /// `mark.<track-id>.<mark>.label`.
    pub marks: IndexMap<FieldId, MarkKind>,
    /// The penalty the track gives to rolls, a formula over `marks` and `boxes`; none without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<Formula>,
}

/// A kind of mark on a wound track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MarkKind {
    /// How bad the mark is, 1 (lightest) to 6.
    #[schemars(range(min = 1, max = 6))]
    pub severity: u8,
}

/// A slot where a character links content.
///
/// ```yaml
/// class: { types: [class], max: 1 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LinkSlot {
    /// The content types the slot accepts.
    pub types: Vec<Reference<FieldId>>,
    /// Fewest items (default 0).
    #[serde(default, skip_serializing_if = "is_default")]
    pub min: u32,
    /// Most items; unbounded without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
}

/// A content type: its typed properties and its declared filters.
///
/// ```yaml
/// weapon:
///   properties:
///     damage: { type: dice, required: true }
///     weight: { type: number }
///   filters:
///     weight: { type: number }
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ContentTypeDef {
    /// The properties an item of the type may set, in display order.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub properties: IndexMap<FieldId, PropertyDef>,
    /// The filters pickers and layers may use on items of the type (the seed's catalog filters).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub filters: IndexMap<FieldId, FilterDef>,
    /// The numbers the type's rolls vary over, by name (`slot`); the type's roll formulas and
    /// its items' `formula` and `dice` properties read them by that name (spec 1.7.0).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub parameters: IndexMap<FieldId, RollParameter>,
    /// The rolls each item of the type gives, by roll ID (spec 1.7.0). A type that declares
    /// none gives the rolls of the property-name convention (`attack_bonus`, `<dice>_bonus`).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub rolls: IndexMap<FieldId, ContentRollDef>,
    /// Makes each item of the type a sheet of its own: a creature's stat block (spec 1.7.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stat_block: Option<StatBlock>,
    /// Makes the type's items hold levels (a class): a character's entry may say how many,
    /// and formulas read them with `levels` and `first` (spec 1.8.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<ContentLevels>,
    /// Makes each item of the type a variant: a change the character applies to a base item of
    /// one of these content types (`+1 armor` on plate), the two shown as one owned thing. An
    /// item's own `variantOf` replaces it (spec 1.8.0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variant_of: Vec<Reference<FieldId>>,
}

/// How the items of a content type hold levels.
///
/// ```yaml
/// class:
///   levels: { defaultFrom: level }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ContentLevels {
    /// A number field whose saved value (else its `default`) an owned entry of the type holds
    /// when the character does not give the entry a `level`: a file written before levels per
    /// item reads as it did. Without it, such an entry holds 1 level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_from: Option<Reference<FieldId>>,
}

/// A property of a content type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PropertyDef {
    /// The property's type (not `list`; use `many` for several values).
    #[serde(rename = "type")]
    pub value_type: ValueType,
    /// Whether every item of the type must set it (after `extends`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub required: bool,
    /// Whether the property holds a list of values of its type.
    #[serde(default, skip_serializing_if = "is_default")]
    pub many: bool,
    /// Allowed values (`enum`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<FieldId>,
    /// Lowest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<serde_json::Number>,
    /// Highest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<serde_json::Number>,
    /// The content types a `content` property may name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<Reference<FieldId>>,
    /// What `item.<property>` reads for an item that does not set it (a value of the
    /// property's type; for `formula` and `dice`, a formula). Spec 1.7.0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<serde_json::Value>,
}

/// What a filter compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum FilterType {
    /// A number: compared with `above` / `below`.
    Number,
    /// A text: compared with `equals` / `notIn`.
    Text,
    /// A set of tags: compared with `equals` / `notIn`.
    Tags,
}

/// A declared filter of a content type.
///
/// ```yaml
/// grit: { type: number }
/// callings: { type: tags, property: callings, startFrom: calling }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FilterDef {
    /// What the filter compares.
    #[serde(rename = "type")]
    pub filter_type: FilterType,
    /// The item property it reads (default: the property with the filter's own ID; for
    /// `tags`, the item's `tags` when no such property exists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property: Option<FieldId>,
    /// A character field whose value a picker starts the filter from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_from: Option<Reference<FieldId>>,
}

/// A table option a game picks, readable from formulas as `settings.<id>`.
///
/// ```yaml
/// encumbrance: { type: boolean, default: false }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SettingDef {
    /// `boolean`, `number` or `enum`.
    #[serde(rename = "type")]
    pub value_type: ValueType,
    /// The value when a game does not pick one.
    pub default: Scalar,
    /// Allowed values (`enum`); each labelled by `value.settings.<id>.<value>.label`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<FieldId>,
    /// Lowest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<serde_json::Number>,
    /// Highest value (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<serde_json::Number>,
}

/// A per-roll option (advantage, cover) and what it changes.
///
/// ```yaml
/// advantage: { dice: 2d20kh1 }
/// half_cover: { modify: [{ target: combat.ac, op: add, value: "2" }] }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SituationalChoice {
    /// Replaces the roll's dice while chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceFormula>,
    /// Adds to the roll's total (or pool size) while chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<Formula>,
    /// Changes fields for that roll while chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modify: Vec<Effect>,
    /// Choices that cannot be taken together with this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<FieldId>,
}

/// An action every character has.
///
/// ```yaml
/// attack_str: { use: { check: abilities.str.mod + proficiency, bands: dc_ladder } }
/// dodge: { use: { formula: combat.ac + 2 } }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Action {
    /// What the action uses.
    #[serde(rename = "use")]
    pub uses: ActionUse,
    /// The situational choices a player may take on it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub situational_choices: Vec<Reference<FieldId>>,
}

/// What an action uses: exactly one of a check of the ruleset's resolution, a plain roll, or a
/// formula's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ActionUse {
    /// A check rolled by the resolution: the modifier (`dice-sum`), the pool size (`dice-pool`,
    /// `highest-die`) or the target (`roll-under`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<Formula>,
    /// A plain roll (damage, healing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<DiceFormula>,
    /// A computed value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<Formula>,
    /// The result-band set that reads the outcome (default: the resolution's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bands: Option<Reference<FieldId>>,
}

/// A formula that must hold; when it does not, the character has the rules issue `issue`.
///
/// ```yaml
/// one_armor: { formula: count("armor") <= 1, issue: too_much_armor }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Constraint {
    /// The condition that must hold.
    pub formula: Formula,
    /// The rules issue raised when it does not; its text is the i18n key `issue.<issue>.message`.
    pub issue: FieldId,
}

/// A group of fields for screens, shown in `order` (then declaration order).
///
/// ```yaml
/// abilities: { fields: [abilities.str, abilities.dex], order: 1 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DisplayHint {
    /// The fields of the group, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<Reference<FieldId>>,
    /// Groups nested inside this one, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<FieldId>,
    /// Position among groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<i32>,
}

/// Text for a game master model, in the pack's default language. Player-facing text lives in
/// i18n files; this is not player-facing.
///
/// ```yaml
/// checkGuidance: Ask for a check only when failure would be interesting.
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GmGuidance {
    /// How to ask for checks; joined across packs in load order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_guidance: Option<String>,
    /// Read once when a world is generated (spec 1.1.0); joined across packs in load order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub world_guidance: Option<String>,
}
