//! Value types shared by every part of the model: formula strings, scalars, tags, ranges,
//! effects, grants, choices and the filters that pick content.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ids::{ContentId, FieldId, Reference};

/// Implements `Display`, `as_str` and a string schema for a string newtype.
macro_rules! text_newtype {
    ($ty:ident, $what:literal) => {
        impl $ty {
            /// Wraps source text as written.
            pub fn new(text: impl Into<String>) -> Self {
                $ty(text.into())
            }

            /// The text as written.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $ty {
            fn from(text: &str) -> Self {
                $ty(text.to_owned())
            }
        }

        impl Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                // A formula that is a plain number is written as one, the way YAML reads `max: 10`.
                match self.0.parse::<serde_json::Number>() {
                    Ok(number) if number.to_string() == self.0 => number.serialize(serializer),
                    _ => serializer.serialize_str(&self.0),
                }
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_any(FormulaTextVisitor($what)).map($ty)
            }
        }

        impl JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($ty).into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "type": ["string", "number"],
                    "description": $what,
                    "minLength": 1,
                    "maxLength": MAX_FORMULA_LEN,
                })
            }
        }
    };
}

/// Reads a formula's text from a string, or from a number written bare (`max: 10`).
struct FormulaTextVisitor(&'static str);

impl serde::de::Visitor<'_> for FormulaTextVisitor {
    type Value = String;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<String, E> {
        Ok(text.to_owned())
    }

    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<String, E> {
        Ok(text)
    }

    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<String, E> {
        Ok(value.to_string())
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<String, E> {
        Ok(value.to_string())
    }

    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<String, E> {
        serde_json::Number::from_f64(value)
            .map(|number| number.to_string())
            .ok_or_else(|| E::custom("a formula cannot be NaN or infinite"))
    }
}

/// Longest formula text accepted, in bytes; the formula crate enforces it when parsing.
pub const MAX_FORMULA_LEN: usize = 4096;

/// A formula of the formula language (`floor((abilities.str.score - 10) / 2)`), kept as written.
///
/// The model only carries the text: `opencharacter-formula` parses it, and a release's
/// `formulas` table holds its canonical text and tree. Where the model types a string as a
/// `Formula`, it is one (see [`crate::model::formulas`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Formula(pub String);
text_newtype!(
    Formula,
    "a formula (docs/spec/formulas.md): numbers, field IDs, operators, function calls, dice"
);

/// A dice expression (`1d8`, `2d6+1`, `4d6kh3`): a formula that rolls. Kept as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiceFormula(pub String);
text_newtype!(
    DiceFormula,
    "a dice expression (docs/spec/formulas.md): a formula with dice terms such as `2d6+1`"
);

/// A plain value: a boolean, a number or a text (an enumerated value is its key as text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Scalar {
    /// `true` / `false`.
    Bool(bool),
    /// An integer or decimal number.
    Number(serde_json::Number),
    /// A text, or the key of an enumerated value.
    Text(String),
}

impl Scalar {
    /// The value as a number, when it is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Scalar::Number(number) => number.as_f64(),
            _ => None,
        }
    }

    /// The value as a text, when it is one.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Scalar::Text(text) => Some(text),
            _ => None,
        }
    }
}

impl From<i64> for Scalar {
    fn from(value: i64) -> Self {
        Scalar::Number(value.into())
    }
}

impl From<&str> for Scalar {
    fn from(value: &str) -> Self {
        Scalar::Text(value.to_owned())
    }
}

impl From<bool> for Scalar {
    fn from(value: bool) -> Self {
        Scalar::Bool(value)
    }
}

/// A tag on content (`magical`, `two-handed`): one word of the content-ID grammar, no dots.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Tag(String);

impl Tag {
    /// The tag as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Tag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for Tag {
    type Err = crate::ids::IdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // A tag is one segment of a content ID: lowercase words joined by hyphens.
        let id: ContentId = text.parse()?;
        if let Some(dot) = text.find('.') {
            return Err(crate::ids::IdError::Unexpected {
                kind: &crate::diagnostic::reasons::ID_KIND_TAG,
                id: text.to_owned(),
                found: '.',
                column: text[..dot].chars().count() + 1,
                expected: &crate::diagnostic::reasons::ID_TAG_DOT,
            });
        }
        Ok(Tag(id.as_str().to_owned()))
    }
}

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Tag {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Tag".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "tag: lowercase words joined by hyphens",
            "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
            "maxLength": crate::ids::MAX_ID_LEN,
        })
    }
}

/// An inclusive range of whole numbers; a missing end is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// Lowest value in the range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// Highest value in the range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
}

impl Range {
    /// Whether `value` lies in the range.
    pub fn contains(&self, value: i64) -> bool {
        self.min.is_none_or(|min| value >= min) && self.max.is_none_or(|max| value <= max)
    }
}

/// How an effect changes its target field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum EffectOp {
    /// Adds the value to the field.
    Add,
    /// Sets the field to the value (the last `set` in load order wins).
    Set,
    /// Raises the field to at least the value.
    Min,
    /// Lowers the field to at most the value.
    Max,
    /// Offers the value as a base: the field takes the highest of its value after every
    /// `set` and each `best` that applies, before any `add` (Unarmored Defense beside armor's
    /// formula). Spec 1.8.0.
    Best,
}

/// Which of a field's bounds an effect changes, instead of its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum EffectBound {
    /// The field's `min`.
    Min,
    /// The field's `max` (an ability's cap raised from 20 to 24).
    Max,
}

/// An always-on change to a field: `target op value`, optionally only `when` a condition holds.
///
/// ```yaml
/// target: combat.ac
/// op: add
/// value: "1"
/// when: not(has("conditions.prone"))
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Effect {
    /// The field the effect changes.
    pub target: Reference<FieldId>,
    /// How it changes it.
    pub op: EffectOp,
    /// The value, a formula.
    pub value: Formula,
    /// A condition (a formula giving true or false); without one the effect always applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Formula>,
    /// Changes the field's bound (`min` or `max`) rather than its value (spec 1.8.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<EffectBound>,
    /// An `add` on a content item that counts once per unit of the owned quantity (three
    /// charms of +1 add 3); otherwise an item's effects apply once whatever its quantity.
    #[serde(default, skip_serializing_if = "is_default")]
    pub by_quantity: bool,
    /// An effect of a content item that holds only while the character file lists the item
    /// as in play (`active:`, a spell up, a feature in use: Rage, Mage Armor); otherwise an
    /// item's effects hold whenever it is owned and in use (spec 1.9.0, states of play).
    #[serde(default, skip_serializing_if = "is_default")]
    pub while_active: bool,
}

/// Content that an item grants its owner (a class grants its level-1 features).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Grant {
    /// The content granted.
    pub item: Reference<ContentId>,
    /// Only while this condition holds (`class.level >= 3`); always without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Formula>,
}

/// A query over content: every item of a content type that has all the tags and passes `where`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Query {
    /// The content type searched.
    #[serde(rename = "type")]
    pub content_type: Reference<FieldId>,
    /// Tags an item must all carry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    /// A condition over the item's properties (`item.level <= 3`).
    #[serde(rename = "where", default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Formula>,
}

/// A choice a character makes: pick `count` of a list of items or of a query's results.
/// Exactly one of `items` and `query` is set.
///
/// ```yaml
/// count: 2
/// query: { type: skill }
/// when: class.level >= 1
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Choice {
    /// How many to pick (default 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u32,
    /// The items to pick from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Reference<ContentId>>,
    /// The query whose results to pick from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<Query>,
    /// When the choice is offered (`level >= 4`); always without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Formula>,
}

pub(crate) fn one() -> u32 {
    1
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
pub(crate) fn is_one(value: &u32) -> bool {
    *value == 1
}

/// Whether a value is its type's default: `skip_serializing_if` for properties whose default
/// (`false`, `0`) is left out when writing.
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Which goods a rule is about: every condition given must hold; at least one is given.
///
/// ```yaml
/// { type: item, tag: magical }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(extend("minProperties" = 1))]
pub struct GoodsFilter {
    /// Content of this type.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<Reference<FieldId>>,
    /// Content carrying this tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<Tag>,
    /// This one content item.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<Reference<ContentId>>,
    /// Content whose filter (declared by its content type) has this value.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub filters: IndexMap<FieldId, Scalar>,
}

/// A price: an amount of one currency unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Price {
    /// How many units.
    pub amount: u64,
    /// The currency unit (`crown`, `gp`).
    pub unit: Reference<FieldId>,
}

/// The schema of a semver version string (`1.2.0`, `1.0.0-rc.1`): model fields hold
/// [`semver::Version`] and name this type in `#[schemars(with = …)]`.
pub struct SemverText;

impl JsonSchema for SemverText {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Version".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "semver version: MAJOR.MINOR.PATCH, with optional -prerelease and +build",
            "pattern": "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?(\\+[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?$",
        })
    }
}
