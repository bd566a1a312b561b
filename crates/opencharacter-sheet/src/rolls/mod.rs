//! Rolls: the checks, dice and values a character's actions and items give, as formulas ready
//! to roll, with their minimum, maximum, mean and exact odds against the ruleset's result bands.
//!
//! Every distribution comes from the formula crate ([`Expr::analyze`]); this module only reads
//! each possible outcome against the bands of the check's kind:
//!
//! - `dice-sum`: the resolution's dice (or a situational choice's, `2d20kh1`) plus the check's
//!   modifier, against each DC of the ladder; `natural` reads the die when one die is kept;
//! - `dice-pool`: `<n>d<die>s<target>` counts successes, against each ladder step;
//! - `highest-die`: `<n>d<die>p` reads the highest die, two top faces as a critical; zero dice
//!   roll two and keep the lowest (never a critical);
//! - `roll-under`: the resolution's dice against the check's target; with advantage or
//!   disadvantage, the better or worse of two rolls, ranked critical failure < failure <
//!   success < critical success (the formula language's `under`).
//!
//! Owned items give the rolls their content type declares (`content`: a check, a save, dice or a
//! value at each value of the parameters it reads, read with the caller's [`RollOptions`]: a
//! target's AC or DC, a target's save modifier, parameter ranges), or, for a type that declares
//! none, those of the property-name convention (`convention`).
//!
//! One module a concern: the types and the sheet's list of rolls here; exact odds and the
//! shared dice cache in `odds`; reading result bands in `bands`; a check of each resolution kind
//! in `sum`, `pools` and `under`; checks and plain rolls from formulas and
//! [`Sheet::action_roll`] in `checks`; situational choices in `situational`; items' declared
//! rolls in `content` (their properties read through `crate::item_scope`); the convention in
//! `convention`.

mod bands;
mod checks;
mod content;
mod convention;
mod modifiers;

mod odds;
mod pools;
mod situational;
mod sum;
#[cfg(test)]
mod tests;
mod under;

use indexmap::IndexMap;
use opencharacter_formula::{Expr, Number};
use opencharacter_spec::diagnostic::{Diagnostics, Kind, Phrase, reasons};
use opencharacter_spec::ids::{FieldId, QualifiedContentId, QualifiedFieldId};
use opencharacter_spec::model::{BandSet, Resolution, ResolutionKind};
use serde::Serialize;

use crate::engine::{Engine, Env};
use crate::evaluate::{Owned, Sheet};
use crate::value::SheetValue;

use self::checks::action_kind;
pub(crate) use self::odds::DiceCache;
pub use self::odds::Odds;
use self::pools::{dice_pool, highest_die};
use self::sum::dice_sum;
use self::under::roll_under;

/// A roll the character can make.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Roll {
    /// `pack:action` for an action; `item:<content-id>:<roll>` for an owned item's (the roll's
    /// ID its content type declares, or the property it comes from by the convention of names).
    /// A roll that varies over parameters has one entry per value, all with this ID.
    pub id: String,
    /// Where the roll comes from.
    pub source: RollSource,
    /// The owned item it comes from (an item's roll).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<QualifiedContentId>,
    /// The roll's own ID: the one its content type declares, or the property (an item's roll).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<FieldId>,
    /// The value of each parameter the roll varies over, at this entry (`slot: 4`).
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub at: IndexMap<FieldId, i64>,
    /// How many times the roll is made (darts, rays), when its type says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times: Option<i64>,
    /// On a roll made several times: what a roll modifier scoped `once` adds to one of them
    /// (a dice formula ready to roll, `5`), shown apart from the formula each roll uses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub once: Option<String>,
    /// What the roll is about: the ability of a save, the damage type of a damage roll.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub about: Option<QualifiedContentId>,
    /// What it is.
    #[serde(flatten)]
    pub kind: RollKind,
}

impl Roll {
    /// A roll of the ruleset's action `id`.
    pub(crate) fn action(id: &QualifiedFieldId, kind: RollKind) -> Roll {
        Roll {
            id: id.to_string(),
            source: RollSource::Action,
            content: None,
            roll: None,
            at: IndexMap::new(),
            times: None,
            once: None,
            about: None,
            kind,
        }
    }

    /// A roll of an owned item.
    pub(crate) fn item(
        content: &QualifiedContentId,
        roll: &FieldId,
        source: RollSource,
        kind: RollKind,
    ) -> Roll {
        Roll {
            id: format!("item:{content}:{roll}"),
            source,
            content: Some(content.clone()),
            roll: Some(roll.clone()),
            at: IndexMap::new(),
            times: None,
            once: None,
            about: None,
            kind,
        }
    }
}

/// Where a roll comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum RollSource {
    /// An action of the rules.
    Action,
    /// A roll an owned item's content type declares (`rolls`).
    Declared,
    /// An owned item's property, by the convention of names (`attack_bonus`, `<dice>_bonus`),
    /// for a content type that declares no rolls.
    Convention,
}

/// What a roll is.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum RollKind {
    /// A check rolled by the ruleset's resolution.
    Check(CheckRoll),
    /// A plain roll (damage, healing).
    Dice(DiceRoll),
    /// A save a target makes against the character's DC.
    Save(SaveRoll),
    /// A computed value.
    Value {
        /// The formula as written.
        formula: String,
        /// Its value; none when it could not be computed.
        value: Option<SheetValue>,
    },
    /// A roll that cannot be made for this character, and why.
    Unavailable {
        /// Why: a phrase of the standard text, serialized as its stable `code`, its `args` and
        /// its English `text` (docs/spec/characters.md); shown in any language with
        /// [`Phrase::render`].
        reason: Phrase,
    },
}

/// A plain roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DiceRoll {
    /// The formula ready to roll: every name replaced by its value (`d8 + 3`).
    pub formula: String,
    /// The least result.
    pub min: Option<SheetValue>,
    /// The greatest result.
    pub max: Option<SheetValue>,
    /// The exact mean.
    pub mean: Option<SheetValue>,
}

/// A save a target makes against a DC the character's item sets.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveRoll {
    /// The DC.
    pub dc: SheetValue,
    /// The target's save: a check of the ruleset's resolution with the modifier the caller gives
    /// ([`RollOptions::save_modifier`]), read against the DC; its success is the target's. None
    /// without a modifier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<CheckRoll>,
}

/// A check with its odds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckRoll {
    /// The resolution kind.
    pub resolution: ResolutionKind,
    /// The check's value: the modifier (`dice-sum`), the pool size (`dice-pool`,
    /// `highest-die`) or the target (`roll-under`).
    pub value: SheetValue,
    /// The formula ready to roll (`d20 + 5`, `3d10s7`, `2d6p`, `under(35)`).
    pub formula: String,
    /// The result-band set that reads the outcome.
    pub bands: Option<QualifiedFieldId>,
    /// The least roll (the total, the successes, the highest die, the d100 read).
    pub min: Option<SheetValue>,
    /// The greatest roll (a `highest-die` critical reads one above the die's top face).
    pub max: Option<SheetValue>,
    /// The exact mean roll.
    pub mean: Option<SheetValue>,
    /// The odds, one entry per difficulty (each step of the ladder; one entry without a ladder).
    pub odds: Vec<CheckOdds>,
}

/// The odds of a check at one difficulty.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckOdds {
    /// The difficulty: a ladder step, or none.
    pub difficulty: Option<Difficulty>,
    /// The chance of success: margin at least 0 (`dice-sum`, `dice-pool`, naturals applied);
    /// under the target (`roll-under`); none for `highest-die`, whose bands say it all.
    pub success: Option<Odds>,
    /// Each band's chance, in the set's order; empty when the bands cannot be read exactly at
    /// this difficulty (a `margin` without a difficulty, a `count` the roll does not tell).
    pub bands: IndexMap<FieldId, Odds>,
}

/// A difficulty a check is read against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Difficulty {
    /// The ladder step's label, or none for a DC the caller gave.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<FieldId>,
    /// The DC (`dice-sum`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dc: Option<i64>,
    /// Successes needed (`dice-pool`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub successes: Option<u32>,
    /// The face a die must reach (`dice-pool`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
}

/// Advantage on a `roll-under` check: roll twice, keep the better (or the worse).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Advantage {
    /// One roll.
    #[default]
    None,
    /// The better of two rolls.
    Advantage,
    /// The worse of two rolls.
    Disadvantage,
}

/// How to roll a check, beyond the character's own values.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RollOptions {
    /// Situational choices taken (their `dice` replace the roll's, their `bonus` adds to the
    /// check's value, their `modify` effects change the character's fields for the roll). On a
    /// save, they are the target's (a target with advantage on its save).
    pub situational: Vec<QualifiedFieldId>,
    /// Advantage on a `roll-under` check.
    pub advantage: Advantage,
    /// Read against this DC only, instead of the ladder (`dice-sum`): the target's AC for an
    /// attack, the DC of an ability check.
    pub dc: Option<i64>,
    /// The target's modifier on a save an item's roll asks for: the save's odds are read for it.
    pub save_modifier: Option<i64>,
    /// Ranges that replace those the content type gives its parameters, by parameter name
    /// (`slot: 3..=9` shows a spell at every slot, whatever the character has).
    pub parameters: IndexMap<FieldId, std::ops::RangeInclusive<i64>>,
}

/// Why a check cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    /// The ruleset has no resolution.
    #[error("the ruleset has no resolution")]
    NoResolution,
    /// The resolution lacks what its kind needs.
    #[error("the resolution has no {0}")]
    Incomplete(&'static str),
    /// The check's value is not a whole number where one is needed.
    #[error("the check's value `{0}` is not a whole number")]
    NotWhole(String),
    /// A pool of zero dice where the resolution refuses them.
    #[error("a pool of zero dice cannot roll")]
    ZeroDice,
    /// The formula crate could not analyse the roll.
    #[error("{0}")]
    Analysis(Phrase),
    /// An unknown action or situational choice.
    #[error("no {0} `{1}`")]
    Unknown(Kind, String),
    /// A margin (the roll plus the value, less the DC) past what a 64-bit integer holds: the
    /// sum as written, never a saturated, wrong margin.
    #[error("the margin {0} is past what a 64-bit integer holds")]
    TooLarge(String),
}

impl RollError {
    /// Why, as a phrase of the standard text (shown in the language asked for).
    pub fn phrase(&self) -> Phrase {
        match self {
            RollError::NoResolution => Phrase::new(&reasons::ROLL_NO_RESOLUTION),
            RollError::Incomplete(what) => {
                Phrase::new(&reasons::ROLL_INCOMPLETE).with_arg("what", what)
            }
            RollError::NotWhole(value) => {
                Phrase::new(&reasons::ROLL_NOT_WHOLE).with_arg("value", value)
            }
            RollError::ZeroDice => Phrase::new(&reasons::ROLL_ZERO_DICE),
            RollError::Analysis(phrase) => phrase.clone(),
            RollError::Unknown(kind, id) => Phrase::new(&reasons::ROLL_UNKNOWN)
                .with_word("kind", *kind)
                .with_arg("id", id),
            RollError::TooLarge(margin) => {
                Phrase::new(&reasons::ROLL_MARGIN_TOO_LARGE).with_arg("margin", margin)
            }
        }
    }
}

/// What a check is rolled with.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckInput<'r> {
    /// The check's value: the modifier, pool size or target.
    pub value: Number,
    /// The band set that reads it.
    pub bands: Option<(&'r QualifiedFieldId, &'r BandSet)>,
    /// Dice that replace the resolution's (a situational choice's).
    pub dice: Option<Expr>,
    /// Advantage (`roll-under`).
    pub advantage: Advantage,
    /// A single DC instead of the ladder (`dice-sum`).
    pub dc: Option<i64>,
}

/// Analyses a check of `resolution` with the formula crate's exact distributions.
///
/// ```
/// use opencharacter_formula::Number;
/// use opencharacter_sheet::{CheckInput, Advantage, analyze_check};
/// use opencharacter_spec::model::Resolution;
///
/// let resolution: Resolution = serde_json::from_value(serde_json::json!({
///     "kind": "dice-sum", "dice": "1d20",
///     "difficultyLadder": [{"label": "medium", "dc": 15}]
/// }))?;
/// let input = CheckInput { value: Number::from(5), bands: None, dice: None,
///                          advantage: Advantage::None, dc: None };
/// let check = analyze_check(&resolution, &input)?;
/// assert_eq!(check.formula, "d20 + 5");
/// assert_eq!(check.odds[0].success.unwrap().to_string(), "11/20"); // 55%
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyze_check(
    resolution: &Resolution,
    input: &CheckInput<'_>,
) -> Result<CheckRoll, RollError> {
    analyze_check_with(resolution, input, None)
}

pub(crate) fn analyze_check_with(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    match resolution.kind {
        ResolutionKind::DiceSum => dice_sum(resolution, input, cache),
        ResolutionKind::DicePool => dice_pool(resolution, input, cache),
        ResolutionKind::HighestDie => highest_die(resolution, input, cache),
        ResolutionKind::RollUnder => roll_under(resolution, input, cache),
    }
}

/// Most roll entries the owned items of one sheet give (every parameter value counting one).
pub const MAX_ITEM_ROLLS: usize = 10_000;

/// Every roll of the sheet: each action of the ruleset, then each owned item's (those its
/// content type declares, else those of the convention of names), read with `options`; what a
/// declared roll could not work out is also a diagnostic.
pub(crate) fn sheet_rolls(
    engine: &Engine<'_>,
    sheet: &Sheet,
    owned: &[Owned<'_>],
    options: &RollOptions,
    diagnostics: &mut Diagnostics,
) -> Vec<Roll> {
    let mut rolls = Vec::new();
    let action_options = RollOptions::default();
    for (id, action) in &engine.ruleset.actions {
        let env = Env {
            engine,
            ctx: &id.pack,
            values: &sheet.values,
            owned: &sheet.owned,
            extra: None,
        };
        rolls.push(Roll::action(
            id,
            action_kind(engine, &env, action, &action_options),
        ));
    }
    let actions = rolls.len();
    let modifiers = modifiers::active(engine, owned);
    for item in owned {
        match content::declared(engine, item) {
            Some(declared) => {
                rolls.extend(content::item_rolls(
                    engine,
                    sheet,
                    item,
                    &declared,
                    options,
                    &modifiers,
                    diagnostics,
                ));
            }
            None => rolls.extend(convention::item_rolls(engine, sheet, item, options)),
        }
        if rolls.len() - actions > MAX_ITEM_ROLLS {
            // So a pack and a character cannot make a sheet roll without end: the rest are left out.
            diagnostics.push(
                opencharacter_spec::diagnostic::Diagnostic::new(
                    &opencharacter_spec::diagnostic::codes::SHEET_LIMIT,
                )
                .with_arg("what", "roll entries of owned items")
                .with_arg("limit", MAX_ITEM_ROLLS),
            );
            rolls.truncate(actions + MAX_ITEM_ROLLS);
            break;
        }
    }
    rolls
}

impl Sheet {
    /// The rolls of everything the character owns, read with `options`: against a target's AC
    /// or DC (`dc`), a target's save modifier (`save_modifier`), with parameter ranges the
    /// caller gives (`parameters`), and with situational choices taken (their `modify`
    /// effects change the fields the rolls read). One entry per parameter value, in the order
    /// the character owns the items; each has the item (`content`) and its roll (`roll`).
    ///
    /// The ruleset and character must be the ones the sheet was evaluated from.
    ///
    /// # Errors
    /// [`RollError::Unknown`] for a situational choice the ruleset does not have.
    pub fn content_rolls(
        &self,
        ruleset: &opencharacter_spec::model::Ruleset,
        character: &opencharacter_spec::model::Character,
        options: &RollOptions,
    ) -> Result<Vec<Roll>, RollError> {
        if let Some(unknown) = situational::unknown(ruleset, options) {
            return Err(unknown);
        }
        let evaluate_options = crate::evaluate::EvaluateOptions {
            situational: if situational::modifies(ruleset, options) {
                options.situational.clone()
            } else {
                self.options.situational.clone()
            },
            rolls: options.clone(),
            ..self.options.clone()
        };
        let sheet = crate::evaluate::evaluate(ruleset, character, &evaluate_options);
        Ok(sheet
            .rolls
            .into_iter()
            .filter(|roll| roll.content.is_some())
            .collect())
    }

    /// The rolls of one owned item (`pack:content-id`), in the sheet's order.
    pub fn item_rolls<'s>(&'s self, content: &str) -> impl Iterator<Item = &'s Roll> + 's {
        let id = content.parse::<QualifiedContentId>().ok();
        self.rolls
            .iter()
            .filter(move |roll| id.is_some() && roll.content == id)
    }
}
