//! What a content type declares its items give a sheet: the rolls of each item (an attack, a
//! save with its DC, damage or healing dice, a value), the parameters those rolls vary over
//! (a spell's slot level, a cantrip's caster level), and, for a type whose items are creatures,
//! the stat block that makes an item a sheet of its own. Specified in `docs/spec/rules.md`
//! (Content types: rolls, parameters, stat blocks) and `docs/spec/characters.md` (Rolls).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::check::{Problem, ProblemKind};
use super::common::{DiceFormula, Effect, Formula};
use super::formulas::escape_segment;
use super::rules::{ContentTypeDef, ValueType};
use crate::ids::{FieldId, Reference};

/// Most parameters a content type may declare.
pub const MAX_ROLL_PARAMETERS: usize = 4;

/// Most rolls a content type may declare.
pub const MAX_CONTENT_ROLLS: usize = 64;

/// A number a content type's rolls vary over, from `from` to `to` (both formulas read for the
/// item and the character, both ends included).
///
/// ```yaml
/// slot: { from: item.level, to: spellcasting.max_slot }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RollParameter {
    /// The lowest value (a whole number).
    pub from: Formula,
    /// The highest value (a whole number); below `from`, the parameter has no value and the rolls
    /// that read it cannot be made.
    pub to: Formula,
}

/// A roll every item of a content type gives its owner: exactly one of `check`, `dc`, `dice`
/// and `value`.
///
/// ```yaml
/// attack: { check: spellcasting.attack, bands: attack, requires: [attack_kind] }
/// save: { dc: spellcasting.save_dc, about: save_ability, requires: [save_ability] }
/// damage: { dice: item.damage, about: damage_type, times: item.instances }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ContentRollDef {
    /// A check of the ruleset's resolution with this modifier (pool size, target): an attack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<Formula>,
    /// A save the target makes against this DC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<Formula>,
    /// A plain roll: damage, healing. May be dice-valued through the item's properties.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceFormula>,
    /// A computed value (a number of targets, a range).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Formula>,
    /// The result-band set that reads a `check` (default: the resolution's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bands: Option<Reference<FieldId>>,
    /// A `content` property of the type naming what the roll is about: the ability a save is
    /// made with, the damage type of a damage roll. The sheet shows the item's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<FieldId>,
    /// How many times the roll is made (darts, rays, beams): a formula giving a whole number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<Formula>,
    /// The properties an item must set to have this roll. Default: every `item.<property>`
    /// without a `default` that the roll's `check`, `dc`, `dice` or `value` reads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires: Option<Vec<FieldId>>,
    /// The item has the roll only while this condition holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Formula>,
    /// The situational choices a player may take on a `check` or `dc`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub situational_choices: Vec<Reference<FieldId>>,
}

/// What a roll is, by which of its formulas is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ContentRollKind {
    /// `check`.
    Check,
    /// `dc`.
    Save,
    /// `dice`.
    Dice,
    /// `value`.
    Value,
}

impl ContentRollDef {
    /// Which of `check`, `dc`, `dice` and `value` the roll sets, and its text; `None` unless
    /// exactly one is set (the shape check reports it).
    pub fn main(&self) -> Option<(ContentRollKind, &str)> {
        let set: Vec<(ContentRollKind, &str)> = [
            (
                ContentRollKind::Check,
                self.check.as_ref().map(Formula::as_str),
            ),
            (ContentRollKind::Save, self.dc.as_ref().map(Formula::as_str)),
            (
                ContentRollKind::Dice,
                self.dice.as_ref().map(DiceFormula::as_str),
            ),
            (
                ContentRollKind::Value,
                self.value.as_ref().map(Formula::as_str),
            ),
        ]
        .into_iter()
        .filter_map(|(kind, text)| Some((kind, text?)))
        .collect();
        match set.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

/// The stat block of a content type whose items are creatures: an item of the type evaluates
/// as a sheet of its own (`evaluate_stat_block`), its effects setting the sheet's fields from
/// the item's properties and the items its `owns` properties list owned by that sheet.
///
/// ```yaml
/// statBlock:
///   effects:
///     - { target: abilities.str, op: set, value: item.str }
///     - { target: combat.ac, op: set, value: item.armor_class }
///   owns: [actions]
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StatBlock {
    /// Effects on the stat block's own sheet, reading the item's properties as `item.<property>`;
    /// an effect reading a property the item does not set (and that has no `default`) does
    /// not apply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// `content` properties of the type whose items the sheet owns (a monster's actions), so
    /// their rolls are listed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owns: Vec<FieldId>,
}

/// The shape problems of a content type's rolls, parameters, stat block and property defaults
/// that need nothing beyond the type itself: exactly one of `check`, `dc`, `dice`, `value`;
/// `bands` and `situationalChoices` only where they are read; `about`, `requires` and `owns`
/// naming properties the type declares (`about` and `owns` `content` ones); a `default` of its
/// property's type; the counts. `at` is the type's pointer. Names inside formulas are the
/// reference checker's (`opencharacter-resolve`).
pub(crate) fn problems(type_id: &str, def: &ContentTypeDef, at: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut push = |pointer: String, kind: ProblemKind| out.push(Problem { pointer, kind });
    let unknown = |property: &str| ProblemKind::UnknownProperty {
        property: property.to_owned(),
        content_type: type_id.to_owned(),
    };
    // A property named by `about` or `owns`: declared, and a `content` one.
    let content_property = |property: &FieldId| -> Option<ProblemKind> {
        match def.properties.get(property) {
            None => Some(unknown(property.as_str())),
            Some(found) if found.value_type != ValueType::Content => {
                Some(ProblemKind::PropertyTypeMismatch {
                    property: property.to_string(),
                    expected: crate::diagnostic::Phrase::new(
                        &crate::diagnostic::reasons::TYPE_CONTENT_PROPERTY,
                    ),
                    found: crate::diagnostic::Phrase::new(
                        &crate::diagnostic::reasons::TYPE_PROPERTY_OF,
                    )
                    .with_arg("type", found.value_type.name())
                    .into(),
                })
            }
            Some(_) => None,
        }
    };
    for (id, property) in &def.properties {
        if let Some(default) = &property.default
            && let Err((expected, found)) = crate::validate::value_fits(property, default)
        {
            push(
                format!("{at}/properties/{}/default", escape_segment(id.as_str())),
                ProblemKind::PropertyTypeMismatch {
                    property: "default".to_owned(),
                    expected,
                    found,
                },
            );
        }
    }
    for (what, found, limit, section) in [
        (
            &crate::diagnostic::reasons::COUNT_ROLL_PARAMETERS,
            def.parameters.len(),
            MAX_ROLL_PARAMETERS,
            "parameters",
        ),
        (
            &crate::diagnostic::reasons::COUNT_CONTENT_ROLLS,
            def.rolls.len(),
            MAX_CONTENT_ROLLS,
            "rolls",
        ),
    ] {
        if found > limit {
            push(
                format!("{at}/{section}"),
                ProblemKind::Limit { what, found, limit },
            );
        }
    }
    for (id, roll) in &def.rolls {
        let here = format!("{at}/rolls/{}", escape_segment(id.as_str()));
        let main = roll.main();
        if main.is_none() {
            push(
                here.clone(),
                ProblemKind::ExactlyOneOf {
                    properties: "`check`, `dc`, `dice`, `value`",
                },
            );
        }
        let kind = main.map(|(kind, _)| kind);
        if roll.bands.is_some() && kind.is_some_and(|k| k != ContentRollKind::Check) {
            push(
                format!("{here}/bands"),
                ProblemKind::NotAllowed {
                    property: "bands",
                    on: crate::diagnostic::Phrase::new(
                        &crate::diagnostic::reasons::ON_ROLL_WITHOUT_CHECK,
                    ),
                },
            );
        }
        if !roll.situational_choices.is_empty()
            && kind.is_some_and(|k| matches!(k, ContentRollKind::Dice | ContentRollKind::Value))
        {
            push(
                format!("{here}/situationalChoices"),
                ProblemKind::NotAllowed {
                    property: "situationalChoices",
                    on: crate::diagnostic::Phrase::new(
                        &crate::diagnostic::reasons::ON_DICE_OR_VALUE_ROLL,
                    ),
                },
            );
        }
        if let Some(about) = &roll.about
            && let Some(problem) = content_property(about)
        {
            push(format!("{here}/about"), problem);
        }
        for (index, required) in roll.requires.iter().flatten().enumerate() {
            if !def.properties.contains_key(required) {
                push(
                    format!("{here}/requires/{index}"),
                    unknown(required.as_str()),
                );
            }
        }
    }
    if let Some(stat_block) = &def.stat_block {
        for (index, owned) in stat_block.owns.iter().enumerate() {
            if let Some(problem) = content_property(owned) {
                push(format!("{at}/statBlock/owns/{index}"), problem);
            }
        }
    }
    out
}
