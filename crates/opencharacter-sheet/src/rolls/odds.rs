//! Exact odds: [`Odds`], a roll's outcomes as whole numbers with weights over a common total
//! ([`Analysed`]), and the cache of analysed dice a sheet's checks share.

use std::collections::HashMap;

use opencharacter_formula::{Distribution, Expr, MapEnv, Number, Value};
use opencharacter_resolve::formula_words::{eval_error, parse_error};
use opencharacter_spec::diagnostic::{Phrase, Reason, reasons};
use serde::Serialize;

use super::RollError;
use crate::value::SheetValue;

/// An exact probability. In JSON: `{"exact": "11/20", "percent": 55.0}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Odds {
    num: u128,
    den: u128,
}

impl Odds {
    pub(super) fn new(num: u128, den: u128) -> Odds {
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

/// A roll the odds of which cannot be counted, and why.
pub(super) fn analysis_error(reason: &'static Reason) -> RollError {
    RollError::Analysis(Phrase::new(reason))
}

pub(super) fn analyze(expr: &Expr) -> Result<Distribution, RollError> {
    expr.analyze(&MapEnv::default())
        .map_err(|e| RollError::Analysis(eval_error(&e)))
}

/// A roll's outcomes as whole numbers with weights over a common total, and its least,
/// greatest and mean value.
#[derive(Debug)]
pub(crate) struct Analysed {
    pub(super) outcomes: Vec<(i64, u128)>,
    pub(super) total: u128,
    pub(super) min: Option<Number>,
    pub(super) max: Option<Number>,
    pub(super) mean: Option<Number>,
}

/// Analysed rolls by canonical text, kept across the checks of a sheet (most share the
/// resolution's dice).
pub(crate) type DiceCache = std::cell::RefCell<HashMap<String, std::rc::Rc<Analysed>>>;

pub(super) fn analysed(
    expr: &Expr,
    cache: Option<&DiceCache>,
) -> Result<std::rc::Rc<Analysed>, RollError> {
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

/// The dice a `dice-sum` or `roll-under` check rolls: a situational choice's, else the
/// resolution's.
pub(super) fn check_dice(
    resolution: &opencharacter_spec::model::Resolution,
    input: &super::CheckInput<'_>,
) -> Result<Expr, RollError> {
    match &input.dice {
        Some(dice) => Ok(dice.clone()),
        None => parse(
            resolution
                .dice
                .as_ref()
                .ok_or(RollError::Incomplete("dice"))?
                .as_str(),
        ),
    }
}

pub(super) fn parse(text: &str) -> Result<Expr, RollError> {
    opencharacter_formula::parse(text).map_err(|e| RollError::Analysis(parse_error(&e.kind)))
}

pub(super) fn whole(n: Number) -> Result<i64, RollError> {
    n.to_integer()
        .ok_or_else(|| RollError::NotWhole(n.to_string()))
}

pub(super) fn num(n: Option<Number>) -> Option<SheetValue> {
    n.map(|n| SheetValue(Value::Number(n)))
}

pub(super) fn offset(n: Option<Number>, by: Number) -> Option<SheetValue> {
    num(n.and_then(|n| crate::value::add(n, by)))
}

/// Every outcome of a distribution as a whole number with its weight over a common total.
pub(super) fn weights(dist: &Distribution) -> Result<(Vec<(i64, u128)>, u128), RollError> {
    let mut den: u128 = 1;
    for (_, p) in dist.outcomes() {
        den = (den / gcd(den, p.denom()))
            .checked_mul(p.denom())
            .ok_or_else(|| analysis_error(&reasons::ROLL_ODDS_TOO_LARGE))?;
    }
    let mut out = Vec::new();
    for (value, p) in dist.outcomes() {
        let Value::Number(n) = value else {
            return Err(analysis_error(&reasons::ROLL_NOT_NUMBER));
        };
        let n = n
            .to_integer()
            .ok_or_else(|| analysis_error(&reasons::ROLL_NOT_WHOLE_NUMBER))?;
        let w = p
            .numer()
            .checked_mul(den / p.denom())
            .ok_or_else(|| analysis_error(&reasons::ROLL_ODDS_TOO_LARGE))?;
        out.push((n, w));
    }
    Ok((out, den))
}
