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

use std::collections::HashMap;

use indexmap::IndexMap;
use opencharacter_formula::{DiceModifier, Distribution, Expr, MapEnv, Number, Value};
use opencharacter_resolve::NameKind;
use opencharacter_spec::ids::{FieldId, PackId, Qualified, QualifiedFieldId, Reference};
use opencharacter_spec::model::resolution::{Naturals, UnderCompare, ZeroDice};
use opencharacter_spec::model::{
    Band, BandRange, BandSet, Bound, Resolution, ResolutionKind, Ruleset, ValueType,
};
use serde::Serialize;

use crate::engine::{Engine, Env};
use crate::evaluate::{EvaluateOptions, Owned, Sheet, item_property_types};
use crate::value::SheetValue;

/// A roll the character can make.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Roll {
    /// `pack:action` for an action; `item:<content-id>:<property>` for an owned item's.
    pub id: String,
    /// What it is.
    #[serde(flatten)]
    pub kind: RollKind,
}

/// What a roll is.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum RollKind {
    /// A check rolled by the ruleset's resolution.
    Check(CheckRoll),
    /// A plain roll (damage, healing).
    Dice(DiceRoll),
    /// A computed value.
    Value {
        /// The formula as written.
        formula: String,
        /// Its value; none when it could not be computed.
        value: Option<SheetValue>,
    },
    /// A roll that cannot be made for this character, and why.
    Unavailable {
        /// Why.
        reason: String,
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

/// An exact probability. In JSON: `{"exact": "11/20", "percent": 55.0}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Odds {
    num: u128,
    den: u128,
}

impl Odds {
    fn new(num: u128, den: u128) -> Odds {
        let g = gcd(num, den).max(1);
        Odds {
            num: num / g,
            den: (den / g).max(1),
        }
    }

    /// The numerator, reduced.
    pub fn numer(self) -> u128 {
        self.num
    }

    /// The denominator, reduced.
    pub fn denom(self) -> u128 {
        self.den
    }

    /// As a percentage, for display.
    pub fn percent(self) -> f64 {
        self.num as f64 * 100.0 / self.den as f64
    }
}

/// `11/20`, `0` or `1`.
impl std::fmt::Display for Odds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Serialize for Odds {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Odds", 2)?;
        s.serialize_field("exact", &self.to_string())?;
        s.serialize_field("percent", &self.percent())?;
        s.end()
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
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
    /// check's value, their `modify` effects change the character's fields for the roll).
    pub situational: Vec<QualifiedFieldId>,
    /// Advantage on a `roll-under` check.
    pub advantage: Advantage,
    /// Read against this DC only, instead of the ladder (`dice-sum`).
    pub dc: Option<i64>,
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
    Analysis(String),
    /// An unknown action or situational choice.
    #[error("no {0} `{1}`")]
    Unknown(&'static str, String),
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

fn analysis_error(e: impl std::fmt::Display) -> RollError {
    RollError::Analysis(e.to_string())
}

fn analyze(expr: &Expr) -> Result<Distribution, RollError> {
    expr.analyze(&MapEnv::default()).map_err(analysis_error)
}

/// A roll's outcomes as whole numbers with weights over a common total, and its least,
/// greatest and mean value.
#[derive(Debug)]
pub(crate) struct Analysed {
    outcomes: Vec<(i64, u128)>,
    total: u128,
    min: Option<Number>,
    max: Option<Number>,
    mean: Option<Number>,
}

/// Analysed rolls by canonical text, kept across the checks of a sheet (most share the
/// resolution's dice).
pub(crate) type DiceCache = std::cell::RefCell<HashMap<String, std::rc::Rc<Analysed>>>;

fn analysed(expr: &Expr, cache: Option<&DiceCache>) -> Result<std::rc::Rc<Analysed>, RollError> {
    let key = cache.map(|_| expr.to_string());
    if let (Some(cache), Some(key)) = (cache, &key)
        && let Some(found) = cache.borrow().get(key)
    {
        return Ok(std::rc::Rc::clone(found));
    }
    let dist = analyze(expr)?;
    let (outcomes, total) = weights(&dist)?;
    let found = std::rc::Rc::new(Analysed {
        outcomes,
        total,
        min: dist.min(),
        max: dist.max(),
        mean: dist.mean(),
    });
    if let (Some(cache), Some(key)) = (cache, key) {
        cache.borrow_mut().insert(key, std::rc::Rc::clone(&found));
    }
    Ok(found)
}

fn parse(text: &str) -> Result<Expr, RollError> {
    opencharacter_formula::parse(text).map_err(analysis_error)
}

fn whole(n: Number) -> Result<i64, RollError> {
    n.to_integer()
        .ok_or_else(|| RollError::NotWhole(n.to_string()))
}

fn num(n: Option<Number>) -> Option<SheetValue> {
    n.map(|n| SheetValue(Value::Number(n)))
}

fn offset(n: Option<Number>, by: Number) -> Option<SheetValue> {
    num(n.and_then(|n| crate::value::add(n, by)))
}

/// Every outcome of a distribution as a whole number with its weight over a common total.
fn weights(dist: &Distribution) -> Result<(Vec<(i64, u128)>, u128), RollError> {
    let mut den: u128 = 1;
    for (_, p) in dist.outcomes() {
        den = (den / gcd(den, p.denom()))
            .checked_mul(p.denom())
            .ok_or_else(|| RollError::Analysis("the odds do not fit".into()))?;
    }
    let mut out = Vec::new();
    for (value, p) in dist.outcomes() {
        let Value::Number(n) = value else {
            return Err(RollError::Analysis(
                "the roll does not give a number".into(),
            ));
        };
        let n = n
            .to_integer()
            .ok_or_else(|| RollError::Analysis("the roll does not give a whole number".into()))?;
        let w = p
            .numer()
            .checked_mul(den / p.denom())
            .ok_or_else(|| RollError::Analysis("the odds do not fit".into()))?;
        out.push((n, w));
    }
    Ok((out, den))
}

/// The first band of a set whose conditions hold, given how each condition reads; `None` when
/// a condition cannot be decided.
fn first_band(set: &BandSet, decide: impl Fn(&Band) -> Option<bool>) -> Option<Option<&FieldId>> {
    for (id, band) in &set.bands {
        if decide(band)? {
            return Some(Some(id));
        }
    }
    Some(None)
}

/// Whether `value` lies in a band's range; `None` when it cannot be told (no value to read, or
/// an end that is a formula nobody read for a character: see [`resolve_band_formulas`]).
fn range_holds(range: Option<&BandRange>, value: Option<i64>) -> Option<bool> {
    match (range, value) {
        (None, _) => Some(true),
        (Some(r), Some(v)) => Some(r.fixed()?.contains(v)),
        (Some(_), None) => None,
    }
}

/// Band odds from weighted band hits; an empty map when any outcome was undecidable.
fn band_odds(
    set: &BandSet,
    hits: Option<HashMap<&FieldId, u128>>,
    total: u128,
) -> IndexMap<FieldId, Odds> {
    let Some(hits) = hits else {
        return IndexMap::new();
    };
    set.bands
        .keys()
        .map(|id| {
            (
                id.clone(),
                Odds::new(hits.get(id).copied().unwrap_or(0), total),
            )
        })
        .collect()
}

/// The die of a single-die roll (`d20`, `2d20kh1`): its number of sides.
fn single_die(dice: &Expr) -> Option<i64> {
    let Expr::Dice {
        count,
        sides,
        modifier,
    } = dice
    else {
        return None;
    };
    let literal_int = |e: &Expr| match e {
        Expr::Number { value } => value.value().to_integer(),
        _ => None,
    };
    let kept_one = match modifier {
        None => literal_int(count) == Some(1),
        Some(DiceModifier::KeepHighest(k) | DiceModifier::KeepLowest(k)) => {
            literal_int(k) == Some(1)
        }
        _ => false,
    };
    kept_one.then(|| literal_int(sides)).flatten()
}

fn dice_sum(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let dice = match &input.dice {
        Some(dice) => dice.clone(),
        None => parse(
            resolution
                .dice
                .as_ref()
                .ok_or(RollError::Incomplete("dice"))?
                .as_str(),
        )?,
    };
    let m = whole(input.value)?;
    let dist = analysed(&dice, cache)?;
    let (outcomes, total) = (&dist.outcomes, dist.total);
    let natural_die = single_die(&dice);
    let naturals = resolution.naturals.unwrap_or(Naturals::None);
    let steps: Vec<Difficulty> = match input.dc {
        Some(dc) => vec![Difficulty {
            label: None,
            dc: Some(dc),
            successes: None,
            target: None,
        }],
        None => resolution
            .difficulty_ladder
            .iter()
            .map(|s| Difficulty {
                label: Some(s.label.clone()),
                dc: s.dc,
                successes: None,
                target: None,
            })
            .collect(),
    };
    let read = |dc: Option<i64>| -> CheckOdds {
        let mut successes: u128 = 0;
        let mut hits: Option<HashMap<&FieldId, u128>> = Some(HashMap::new());
        for &(v, w) in outcomes.iter() {
            let margin = dc.map(|dc| v.saturating_add(m).saturating_sub(dc));
            let natural = natural_die.map(|_| v);
            if let Some(margin) = margin {
                let mut success = margin >= 0;
                if let Some(sides) = natural_die {
                    let top = v == sides && matches!(naturals, Naturals::Both | Naturals::MaxOnly);
                    let bottom = v == 1 && matches!(naturals, Naturals::Both | Naturals::MinOnly);
                    success = (success || top) && !bottom;
                }
                if success {
                    successes += w;
                }
            }
            if let (Some((_, set)), Some(map)) = (input.bands, hits.as_mut()) {
                let band = first_band(set, |band| {
                    let by_margin = range_holds(band.margin.as_ref(), margin)?;
                    // A band reading the natural die never holds for a roll of several dice.
                    let by_natural = match (band.natural.as_ref(), natural) {
                        (Some(_), None) => false,
                        (r, n) => range_holds(r, n)?,
                    };
                    Some(by_margin && by_natural)
                });
                match band {
                    Some(Some(id)) => *map.entry(id).or_insert(0) += w,
                    Some(None) => {}
                    None => hits = None,
                }
            }
        }
        CheckOdds {
            difficulty: None,
            success: dc.map(|_| Odds::new(successes, total)),
            bands: input
                .bands
                .map(|(_, set)| band_odds(set, hits, total))
                .unwrap_or_default(),
        }
    };
    let odds = if steps.is_empty() {
        vec![read(None)]
    } else {
        steps
            .into_iter()
            .map(|step| CheckOdds {
                difficulty: Some(step.clone()),
                ..read(step.dc)
            })
            .collect()
    };
    let value = Number::from(m);
    Ok(CheckRoll {
        resolution: ResolutionKind::DiceSum,
        value: SheetValue(Value::Number(value)),
        formula: dice.plus(&Expr::literal(&Value::Number(value))).to_string(),
        bands: input.bands.map(|(id, _)| id.clone()),
        min: offset(dist.min, value),
        max: offset(dist.max, value),
        mean: offset(dist.mean, value),
        odds,
    })
}

fn pool_size(resolution: &Resolution, value: Number) -> Result<i64, RollError> {
    let n = whole(value)?;
    let (min, max) = resolution
        .pool
        .map_or((0, i64::MAX), |p| (i64::from(p.min), i64::from(p.max)));
    Ok(n.max(min).min(max).max(0))
}

fn pool_dice(n: i64, die: u32, modifier: Option<DiceModifier>) -> Expr {
    Expr::Dice {
        count: Box::new(Expr::number(n)),
        sides: Box::new(Expr::number(i64::from(die))),
        modifier,
    }
}

fn dice_pool(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let die = resolution.die.ok_or(RollError::Incomplete("die"))?;
    let default_target = resolution
        .target
        .ok_or(RollError::Incomplete("target"))?
        .default;
    let n = pool_size(resolution, input.value)?;
    let mut steps: Vec<Difficulty> = resolution
        .difficulty_ladder
        .iter()
        .map(|s| Difficulty {
            label: Some(s.label.clone()),
            dc: None,
            successes: s.successes,
            target: Some(s.target.unwrap_or(default_target)),
        })
        .collect();
    let laddered = !steps.is_empty();
    if !laddered {
        // Without a ladder: one success needed, at the default target.
        steps.push(Difficulty {
            label: None,
            dc: None,
            successes: Some(1),
            target: Some(default_target),
        });
    }
    let mut odds = Vec::new();
    for step in steps {
        let target = step.target.unwrap_or(default_target);
        let needed = i64::from(step.successes.unwrap_or(1));
        let expr = pool_dice(
            n,
            die,
            Some(DiceModifier::Successes(Box::new(Expr::number(i64::from(
                target,
            ))))),
        );
        let found = analysed(&expr, cache)?;
        let (outcomes, total) = (&found.outcomes, found.total);
        let mut successes = 0;
        let mut hits: Option<HashMap<&FieldId, u128>> = Some(HashMap::new());
        for &(k, w) in outcomes.iter() {
            if k >= needed {
                successes += w;
            }
            if let (Some((_, set)), Some(map)) = (input.bands, hits.as_mut()) {
                match first_band(set, |band| {
                    range_holds(band.margin.as_ref(), Some(k.saturating_sub(needed)))
                }) {
                    Some(Some(id)) => *map.entry(id).or_insert(0) += w,
                    Some(None) => {}
                    None => hits = None,
                }
            }
        }
        odds.push(CheckOdds {
            difficulty: laddered.then_some(step),
            success: Some(Odds::new(successes, total)),
            bands: input
                .bands
                .map(|(_, set)| band_odds(set, hits, total))
                .unwrap_or_default(),
        });
    }
    let shown = pool_dice(
        n,
        die,
        Some(DiceModifier::Successes(Box::new(Expr::number(i64::from(
            default_target,
        ))))),
    );
    let dist = analysed(&shown, cache)?;
    Ok(CheckRoll {
        resolution: ResolutionKind::DicePool,
        value: SheetValue(Value::from(n)),
        formula: shown.to_string(),
        bands: input.bands.map(|(id, _)| id.clone()),
        min: num(dist.min),
        max: num(dist.max),
        mean: num(dist.mean),
        odds,
    })
}

fn highest_die(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let die = resolution.die.ok_or(RollError::Incomplete("die"))?;
    let n = pool_size(resolution, input.value)?;
    if n == 0 && resolution.zero_dice != Some(ZeroDice::LowestOfTwo) {
        return Err(RollError::ZeroDice);
    }
    let expr = pool_dice(n, die, Some(DiceModifier::Pool));
    let dist = analysed(&expr, cache)?;
    let (outcomes, total) = (&dist.outcomes, dist.total);
    let top = i64::from(die);
    let mut hits: Option<HashMap<&FieldId, u128>> = Some(HashMap::new());
    if let Some((_, set)) = input.bands {
        for &(v, w) in outcomes.iter() {
            let highest = v.min(top);
            // How many dice show the top face: none below it, one at it, two or more (up to
            // the pool) for a critical. Zero dice keep the lowest of two: never a critical.
            let top_count: (i64, i64) = if v > top {
                (2, n)
            } else if v == top {
                (1, 1)
            } else {
                (0, 0)
            };
            let band = first_band(set, |band| {
                let by_highest = range_holds(band.highest.as_ref(), Some(highest))?;
                let by_count = match (band.face, band.count.as_ref()) {
                    (Some(face), Some(range)) => {
                        let range = range.fixed()?;
                        let (lo, hi) = if i64::from(face) == top {
                            top_count
                        } else if i64::from(face) > top {
                            (0, 0)
                        } else {
                            return None;
                        };
                        let all = (lo..=hi).all(|c| range.contains(c));
                        let none = (lo..=hi).all(|c| !range.contains(c));
                        if all {
                            true
                        } else if none {
                            false
                        } else {
                            return None;
                        }
                    }
                    _ => true,
                };
                Some(by_highest && by_count)
            });
            match (band, hits.as_mut()) {
                (Some(Some(id)), Some(map)) => *map.entry(id).or_insert(0) += w,
                (None, _) => hits = None,
                _ => {}
            }
        }
    }
    Ok(CheckRoll {
        resolution: ResolutionKind::HighestDie,
        value: SheetValue(Value::from(n)),
        formula: expr.to_string(),
        bands: input.bands.map(|(id, _)| id.clone()),
        min: num(dist.min),
        max: num(dist.max),
        mean: num(dist.mean),
        odds: vec![CheckOdds {
            difficulty: None,
            success: None,
            bands: input
                .bands
                .map(|(_, set)| band_odds(set, hits, total))
                .unwrap_or_default(),
        }],
    })
}

fn roll_under(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let dice = match &input.dice {
        Some(dice) => dice.clone(),
        None => parse(
            resolution
                .dice
                .as_ref()
                .ok_or(RollError::Incomplete("dice"))?
                .as_str(),
        )?,
    };
    let target = input.value;
    let compare = resolution.compare.unwrap_or(UnderCompare::Below);
    let dist = analysed(&dice, cache)?;
    let (outcomes, total) = (&dist.outcomes, dist.total);
    // Each read's class (0 critical failure, 1 failure, 2 success, 3 critical success) and band.
    let mut joint: Vec<(usize, Option<&FieldId>, u128)> = Vec::new();
    let mut decidable = true;
    for &(r, w) in outcomes.iter() {
        let success = match compare {
            UnderCompare::Below => Number::from(r) < target,
            UnderCompare::AtOrBelow => Number::from(r) <= target,
        };
        let doubles = (0..=99).contains(&r) && r / 10 == r % 10;
        let class = match (success, doubles) {
            (false, true) => 0,
            (false, false) => 1,
            (true, false) => 2,
            (true, true) => 3,
        };
        let band = match input.bands {
            Some((_, set)) => first_band(set, |band| {
                Some(
                    band.success.is_none_or(|s| s == success)
                        && band.doubles.is_none_or(|d| d == doubles)
                        && range_holds(band.roll.as_ref(), Some(r))?,
                )
            }),
            None => Some(None),
        };
        match band {
            Some(band) => joint.push((class, band, w)),
            None => {
                decidable = false;
                joint.push((class, None, w));
            }
        }
    }
    // With advantage the kept roll has class c with weight w·(2·W(<c) + W(c)) over total²
    // (either roll may be the kept one; a tie keeps one of two of the same class).
    let mut class_weight = [0u128; 4];
    for (class, _, w) in &joint {
        class_weight[*class] += w;
    }
    let (scale, den): (Box<dyn Fn(usize) -> u128>, u128) = match input.advantage {
        Advantage::None => (Box::new(|_| 1), total),
        Advantage::Advantage => {
            let cw = class_weight;
            (
                Box::new(move |c| 2 * cw[..c].iter().sum::<u128>() + cw[c]),
                total
                    .checked_mul(total)
                    .ok_or_else(|| analysis_error("the odds do not fit"))?,
            )
        }
        Advantage::Disadvantage => {
            let cw = class_weight;
            (
                Box::new(move |c| 2 * cw[c + 1..].iter().sum::<u128>() + cw[c]),
                total
                    .checked_mul(total)
                    .ok_or_else(|| analysis_error("the odds do not fit"))?,
            )
        }
    };
    let mut success: u128 = 0;
    let mut hits: HashMap<&FieldId, u128> = HashMap::new();
    for (class, band, w) in &joint {
        let weight = w * scale(*class);
        if *class >= 2 {
            success += weight;
        }
        if let Some(band) = band {
            *hits.entry(band).or_insert(0) += weight;
        }
    }
    let canonical_d100 = dice.to_string() == "d100 - 1";
    let formula = if canonical_d100 {
        let t = match compare {
            UnderCompare::Below => target,
            UnderCompare::AtOrBelow => crate::value::add(target, Number::from(1)).unwrap_or(target),
        };
        let mut args = vec![Expr::literal(&Value::Number(t))];
        match input.advantage {
            Advantage::None => {}
            Advantage::Advantage => args.push(Expr::number(1)),
            Advantage::Disadvantage => args.push(Expr::literal(&Value::from(-1))),
        }
        Expr::Call {
            function: opencharacter_formula::Function::Under,
            args,
        }
        .to_string()
    } else {
        dice.to_string()
    };
    Ok(CheckRoll {
        resolution: ResolutionKind::RollUnder,
        value: SheetValue(Value::Number(target)),
        formula,
        bands: input.bands.map(|(id, _)| id.clone()),
        min: num(dist.min),
        max: num(dist.max),
        mean: num(dist.mean),
        odds: vec![CheckOdds {
            difficulty: None,
            success: Some(Odds::new(success, den)),
            bands: match input.bands {
                Some((_, set)) if decidable => set
                    .bands
                    .keys()
                    .map(|id| {
                        (
                            id.clone(),
                            Odds::new(hits.get(id).copied().unwrap_or(0), den),
                        )
                    })
                    .collect(),
                _ => IndexMap::new(),
            },
        }],
    })
}

/// The band set a check reads: the action's own, else the resolution's.
fn band_set<'r>(
    engine: &Engine<'r>,
    ctx: &PackId,
    named: Option<&Reference<FieldId>>,
) -> Option<(&'r QualifiedFieldId, &'r BandSet)> {
    let ruleset = engine.ruleset;
    let id = match named {
        Some(reference) => engine.resolve_kind(ctx, reference, NameKind::ResultBands)?,
        None => {
            let resolution = ruleset.resolution.as_ref()?;
            Qualified::new(
                resolution.pack.clone(),
                resolution.resolution.bands.clone()?,
            )
        }
    };
    ruleset.result_bands.get_key_value(&id)
}

/// The band set with every formula end read for this character, in the set's own pack `pack`
/// (where its names resolve). An end that does not give a whole number stays a formula: the
/// bands it decides are then not told (the check's band odds are left empty), never guessed.
fn resolve_band_formulas(env: &Env<'_, '_>, pack: &PackId, set: &BandSet) -> BandSet {
    let env = Env { ctx: pack, ..*env };
    let mut resolved = set.clone();
    for band in resolved.bands.values_mut() {
        for range in band.ranges_mut() {
            for bound in [&mut range.min, &mut range.max].into_iter().flatten() {
                let Bound::Formula(formula) = bound else {
                    continue;
                };
                let value = match &*env.engine.parse(formula.as_str()) {
                    Ok(expr) => env.value(expr).ok(),
                    Err(_) => None,
                };
                if let Some(Value::Number(n)) = value
                    && let Some(n) = n.to_integer()
                {
                    *bound = Bound::Fixed(n);
                }
            }
        }
    }
    resolved
}

/// A plain roll's formula folded to its dice and analysed.
fn dice_roll(env: &Env<'_, '_>, expr: &Expr) -> RollKind {
    match expr.fold_dice(env) {
        Ok(folded) => {
            let dist = analyze(&folded);
            let (min, max, mean) = match &dist {
                Ok(d) => (num(d.min()), num(d.max()), num(d.mean())),
                Err(_) => (None, None, None),
            };
            RollKind::Dice(DiceRoll {
                formula: folded.to_string(),
                min,
                max,
                mean,
            })
        }
        Err(e) => RollKind::Unavailable {
            reason: e.to_string(),
        },
    }
}

/// A check of the ruleset's resolution with the value of `check`, read in pack `ctx`.
fn check_roll(
    engine: &Engine<'_>,
    env: &Env<'_, '_>,
    check: &str,
    bands: Option<&Reference<FieldId>>,
    options: &RollOptions,
) -> RollKind {
    let Some(resolution) = &engine.ruleset.resolution else {
        return RollKind::Unavailable {
            reason: RollError::NoResolution.to_string(),
        };
    };
    let value = match &*engine.parse(check) {
        Ok(expr) => env.value(expr),
        Err(reason) => {
            return RollKind::Unavailable {
                reason: reason.clone(),
            };
        }
    };
    let mut value = match value {
        Ok(Value::Number(n)) => n,
        Ok(other) => {
            return RollKind::Unavailable {
                reason: format!("the check gives {}", other.type_name()),
            };
        }
        Err(e) => {
            return RollKind::Unavailable {
                reason: e.to_string(),
            };
        }
    };
    let mut dice = None;
    for id in &options.situational {
        let Some(choice) = engine.ruleset.situational_choices.get(id) else {
            return RollKind::Unavailable {
                reason: RollError::Unknown("situational choice", id.to_string()).to_string(),
            };
        };
        if let Some(d) = &choice.dice {
            match &*engine.parse(d.as_str()) {
                Ok(expr) => dice = expr.fold_dice(env).ok(),
                Err(reason) => {
                    return RollKind::Unavailable {
                        reason: reason.clone(),
                    };
                }
            }
        }
        if let Some(bonus) = &choice.bonus {
            let bonus_env = Env {
                ctx: &id.pack,
                ..*env
            };
            match engine
                .parse(bonus.as_str())
                .as_ref()
                .as_ref()
                .map(|e| bonus_env.value(e))
            {
                Ok(Ok(Value::Number(b))) => value = crate::value::add(value, b).unwrap_or(value),
                _ => {
                    return RollKind::Unavailable {
                        reason: format!("the bonus of `{id}` has no number"),
                    };
                }
            }
        }
    }
    let bands = band_set(engine, env.ctx, bands);
    // Bands whose ends read the character's fields (a critical on `combat.critical_min`) are
    // read for this character before the odds are counted.
    let resolved = bands
        .filter(|(_, set)| set.reads_formulas())
        .map(|(id, set)| resolve_band_formulas(env, &id.pack, set));
    let bands = match (&resolved, bands) {
        (Some(set), Some((id, _))) => Some((id, set)),
        (_, bands) => bands,
    };
    let input = CheckInput {
        value,
        bands,
        dice,
        advantage: options.advantage,
        dc: options.dc,
    };
    match analyze_check_with(&resolution.resolution, &input, Some(engine.dice)) {
        Ok(check) => RollKind::Check(check),
        Err(e) => RollKind::Unavailable {
            reason: e.to_string(),
        },
    }
}

/// Every roll of the sheet: each action of the ruleset, then each owned item's.
pub(crate) fn sheet_rolls(engine: &Engine<'_>, sheet: &Sheet, owned: &[Owned<'_>]) -> Vec<Roll> {
    let mut rolls = Vec::new();
    let options = RollOptions::default();
    for (id, action) in &engine.ruleset.actions {
        let env = Env {
            engine,
            ctx: &id.pack,
            values: &sheet.values,
            owned: &sheet.owned,
            extra: None,
        };
        rolls.push(Roll {
            id: id.to_string(),
            kind: action_kind(engine, &env, action, &options),
        });
    }
    for item in owned {
        let types = item_property_types(engine, item);
        let env = Env {
            engine,
            ctx: &item.ctx,
            values: &sheet.values,
            owned: &sheet.owned,
            extra: None,
        };
        for (key, value) in &item.item.properties {
            let Some(text) = value.as_str() else { continue };
            let kind = match types.get(key) {
                Some(ValueType::Formula) if key.as_str() == "attack_bonus" => {
                    let attack: Reference<FieldId> =
                        Reference::Local("attack".parse().expect("a valid field ID"));
                    let has_attack = engine
                        .resolve_kind(&item.ctx, &attack, NameKind::ResultBands)
                        .is_some();
                    check_roll(engine, &env, text, has_attack.then_some(&attack), &options)
                }
                Some(ValueType::Dice) => {
                    // A dice property with a `<name>_bonus` formula beside it rolls with it.
                    let bonus = format!("{key}_bonus");
                    let with_bonus = item
                        .item
                        .properties
                        .iter()
                        .find(|(k, _)| {
                            k.as_str() == bonus && types.get(*k) == Some(&ValueType::Formula)
                        })
                        .and_then(|(_, v)| v.as_str());
                    let damage = engine.parse(text);
                    let bonus = with_bonus.map(|b| engine.parse(b));
                    match (&*damage, bonus.as_deref()) {
                        (Ok(damage), None) => dice_roll(&env, damage),
                        (Ok(damage), Some(Ok(bonus))) => dice_roll(&env, &damage.plus(bonus)),
                        (Err(reason), _) | (_, Some(Err(reason))) => RollKind::Unavailable {
                            reason: reason.clone(),
                        },
                    }
                }
                _ => continue,
            };
            rolls.push(Roll {
                id: format!("item:{}:{key}", item.id),
                kind,
            });
        }
    }
    rolls
}

fn action_kind(
    engine: &Engine<'_>,
    env: &Env<'_, '_>,
    action: &opencharacter_spec::model::rules::Action,
    options: &RollOptions,
) -> RollKind {
    let uses = &action.uses;
    if let Some(check) = &uses.check {
        return check_roll(engine, env, check.as_str(), uses.bands.as_ref(), options);
    }
    if let Some(roll) = &uses.roll {
        return match &*engine.parse(roll.as_str()) {
            Ok(expr) => dice_roll(env, expr),
            Err(reason) => RollKind::Unavailable {
                reason: reason.clone(),
            },
        };
    }
    if let Some(formula) = &uses.formula {
        let value = match &*engine.parse(formula.as_str()) {
            Ok(expr) => env.value(expr).ok().map(SheetValue),
            Err(_) => None,
        };
        return RollKind::Value {
            formula: formula.to_string(),
            value,
        };
    }
    RollKind::Unavailable {
        reason: "the action uses nothing".into(),
    }
}

impl Sheet {
    /// Rolls an action with options (situational choices, advantage, a DC) for this character.
    ///
    /// The ruleset and character must be the ones the sheet was evaluated from.
    pub fn action_roll(
        &self,
        ruleset: &Ruleset,
        character: &opencharacter_spec::model::Character,
        action: &QualifiedFieldId,
        options: &RollOptions,
    ) -> Result<Roll, RollError> {
        let def = ruleset
            .actions
            .get(action)
            .ok_or_else(|| RollError::Unknown("action", action.to_string()))?;
        if let Some(unknown) = options
            .situational
            .iter()
            .find(|id| !ruleset.situational_choices.contains_key(*id))
        {
            return Err(RollError::Unknown(
                "situational choice",
                unknown.to_string(),
            ));
        }
        // Choices that modify fields (cover: AC +2) change the sheet for this roll: it is
        // evaluated again with their effects, so what reads a modified field follows it.
        let modifies = options.situational.iter().any(|id| {
            ruleset
                .situational_choices
                .get(id)
                .is_some_and(|choice| !choice.modify.is_empty())
        });
        let modified;
        let sheet = if modifies {
            let evaluate_options = EvaluateOptions {
                situational: options.situational.clone(),
                ..self.options.clone()
            };
            modified = crate::evaluate::evaluate(ruleset, character, &evaluate_options);
            &modified
        } else {
            self
        };
        let parsed = crate::engine::ParseCache::default();
        let dice = DiceCache::default();
        let mut engine = Engine::new(ruleset, character, &parsed, &dice);
        engine.settings = sheet.settings_values.clone();
        let env = Env {
            engine: &engine,
            ctx: &action.pack,
            values: &sheet.values,
            owned: &sheet.owned,
            extra: None,
        };
        let kind = action_kind(&engine, &env, def, options);
        Ok(Roll {
            id: action.to_string(),
            kind,
        })
    }
}
