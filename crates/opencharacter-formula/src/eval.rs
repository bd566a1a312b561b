//! Evaluation: a tree, a caller's environment and a dice roller give a [`Value`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::env::Environment;
use crate::eval_error::{Counted, OutOfRange, TypeName, Whole};
pub use crate::eval_error::{EvalError, EvalErrorKind};
use crate::number::{Number, Overflow};
use crate::tree::{BinaryOp, DiceModifier, Expr, Function, UnaryOp};

/// Most dice one dice term may roll.
pub const MAX_DICE: i64 = 1000;
/// Most sides a die may have.
pub const MAX_SIDES: i64 = 1_000_000;
/// Most dice one evaluation may roll in all.
pub const MAX_ROLLS: u64 = 10_000;

/// What a formula evaluates to.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Value {
    /// An exact rational number.
    Number(#[schemars(with = "String")] Number),
    /// A boolean.
    Bool(bool),
    /// A string (a string literal, or a setting's value).
    String(String),
}

impl Value {
    /// `a number`, `a boolean` or `a string`, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            Value::String(_) => "a string",
        }
    }

    /// Its type, as a typed value a caller can word in any language.
    pub fn type_word(&self) -> TypeName {
        match self {
            Value::Number(_) => TypeName::Number,
            Value::Bool(_) => TypeName::Boolean,
            Value::String(_) => TypeName::String,
        }
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Number(Number::from(n))
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

/// `12`, `7/2`, `true`, or a quoted string.
impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Number(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::String(s) => write!(f, "{s:?}"),
        }
    }
}

impl Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(|_| {
            serde::de::Error::custom(format!("`{text}` is not a number (`12`, `-7/2`, `1.5`)"))
        })
    }
}

/// Rolls dice.
pub trait Roller {
    /// A uniformly random integer in `1..=sides` (`sides >= 1`).
    fn roll(&mut self, sides: u64) -> u64;
}

/// A roller for formulas that roll nothing: it is never asked (and would give 1).
pub(crate) struct NoDice;

impl Roller for NoDice {
    fn roll(&mut self, _sides: u64) -> u64 {
        1
    }
}

/// The default roller: SplitMix64, so seeded rolls are identical on every machine and in every
/// port. `roll(sides)` draws 64-bit outputs, rejects those at or above the largest multiple of
/// `sides` below 2^64, and returns `x % sides + 1`.
///
/// ```
/// use opencharacter_formula::{Roller, SplitMix64};
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xE220A8397B1DCDAF);
/// assert!((1..=20).contains(&rng.roll(20)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose state starts at `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Roller for SplitMix64 {
    fn roll(&mut self, sides: u64) -> u64 {
        let sides = sides.max(1);
        // 2^64 mod sides, computed without 128-bit arithmetic: (2^64 - sides) mod sides.
        let rejected = sides.wrapping_neg() % sides;
        loop {
            let x = self.next_u64();
            // x < 2^64 - rejected ⇔ x is below the largest multiple of `sides`.
            if rejected == 0 || x < rejected.wrapping_neg() {
                return x % sides + 1;
            }
        }
    }
}

/// An error not yet tied to the node it happened in.
pub(crate) type Raw<T> = Result<T, Located>;

/// An error, with the node text filled in by the innermost node that raised it.
#[derive(Debug)]
pub(crate) struct Located {
    pub(crate) kind: EvalErrorKind,
    pub(crate) at: Option<String>,
}

impl From<EvalErrorKind> for Located {
    fn from(kind: EvalErrorKind) -> Located {
        Located { kind, at: None }
    }
}

impl From<Overflow> for Located {
    fn from(_: Overflow) -> Located {
        EvalErrorKind::Overflow.into()
    }
}

impl Located {
    pub(crate) fn finish(self, node: &Expr) -> EvalError {
        EvalError {
            kind: self.kind,
            at: self.at.unwrap_or_else(|| node.to_string()),
        }
    }
}

pub(crate) fn wrong(expected: TypeName, found: &Value) -> EvalErrorKind {
    EvalErrorKind::WrongType {
        expected,
        found: found.type_word(),
    }
}

pub(crate) fn number(value: Value) -> Result<Number, EvalErrorKind> {
    match value {
        Value::Number(n) => Ok(n),
        other => Err(wrong(TypeName::Number, &other)),
    }
}

pub(crate) fn boolean(value: Value) -> Result<bool, EvalErrorKind> {
    match value {
        Value::Bool(b) => Ok(b),
        other => Err(wrong(TypeName::Boolean, &other)),
    }
}

pub(crate) fn integer(value: Value, what: Whole) -> Result<i64, EvalErrorKind> {
    let n = number(value)?;
    n.to_integer()
        .ok_or(EvalErrorKind::OutOfRange(OutOfRange::NotWhole {
            what,
            value: n,
        }))
}

/// Applies a binary operator to two evaluated operands (not `and`/`or`, which short-circuit).
pub(crate) fn binary(op: BinaryOp, left: Value, right: Value) -> Result<Value, EvalErrorKind> {
    use BinaryOp as B;
    Ok(match op {
        B::Add | B::Sub | B::Mul | B::Div | B::Rem => {
            let (a, b) = (number(left)?, number(right)?);
            Value::Number(match op {
                B::Add => a.checked_add(b)?,
                B::Sub => a.checked_sub(b)?,
                B::Mul => a.checked_mul(b)?,
                B::Div => a.checked_div(b).ok_or(EvalErrorKind::DivisionByZero)??,
                _ => a.checked_rem(b).ok_or(EvalErrorKind::DivisionByZero)??,
            })
        }
        B::Lt | B::Le | B::Gt | B::Ge => {
            let (a, b) = (number(left)?, number(right)?);
            Value::Bool(match op {
                B::Lt => a < b,
                B::Le => a <= b,
                B::Gt => a > b,
                _ => a >= b,
            })
        }
        B::Eq | B::Ne => {
            if std::mem::discriminant(&left) != std::mem::discriminant(&right) {
                return Err(EvalErrorKind::WrongType {
                    expected: left.type_word(),
                    found: right.type_word(),
                });
            }
            Value::Bool((left == right) == (op == B::Eq))
        }
        B::And | B::Or => {
            let (a, b) = (boolean(left)?, boolean(right)?);
            Value::Bool(if op == B::And { a && b } else { a || b })
        }
    })
}

/// The outcome of one d100 roll-under read 0–99: 3 critical success (doubles under the
/// target), 2 success, 1 failure, 0 critical failure (doubles at or above it).
pub(crate) fn under_outcome(read: i64, target: Number) -> i64 {
    let success = Number::from(read) < target;
    let doubles = read / 10 == read % 10;
    match (success, doubles) {
        (true, true) => 3,
        (true, false) => 2,
        (false, false) => 1,
        (false, true) => 0,
    }
}

/// Checked dice-term parameters.
pub(crate) struct DiceSpec {
    pub(crate) count: i64,
    pub(crate) sides: i64,
}

pub(crate) fn dice_spec(count: Value, sides: Value) -> Result<DiceSpec, EvalErrorKind> {
    let count = integer(count, Whole::DiceCount)?;
    let sides = integer(sides, Whole::Sides)?;
    if count < 0 {
        return Err(EvalErrorKind::OutOfRange(OutOfRange::NegativeDiceCount(
            count,
        )));
    }
    if count > MAX_DICE {
        return Err(EvalErrorKind::LimitExceeded {
            what: Counted::DiceCount,
            limit: MAX_DICE as u64,
        });
    }
    if sides < 1 {
        return Err(EvalErrorKind::OutOfRange(OutOfRange::NoSides(sides)));
    }
    if sides > MAX_SIDES {
        return Err(EvalErrorKind::LimitExceeded {
            what: Counted::Sides,
            limit: MAX_SIDES as u64,
        });
    }
    Ok(DiceSpec { count, sides })
}

/// The 0-based position of `choose`'s option `index` (1-based) among `options`.
pub(crate) fn choose_position(index: i64, options: usize) -> Result<usize, EvalErrorKind> {
    usize::try_from(index)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .filter(|i| *i < options)
        .ok_or(EvalErrorKind::OutOfRange(OutOfRange::ChooseIndex {
            index,
            options,
        }))
}

/// `lookup`'s value below its first threshold.
pub(crate) fn below_first_threshold(x: Number) -> EvalErrorKind {
    EvalErrorKind::OutOfRange(OutOfRange::BelowFirstThreshold(x))
}

/// `under`'s advantage argument: 1 advantage, -1 disadvantage, 0 neither.
pub(crate) fn advantage(value: Value) -> Result<i64, EvalErrorKind> {
    let adv = integer(value, Whole::Advantage)?;
    if !(-1..=1).contains(&adv) {
        return Err(EvalErrorKind::OutOfRange(OutOfRange::Advantage(adv)));
    }
    Ok(adv)
}

/// What a function of string literals reads from the environment: `has`, `count`, `setting`,
/// `total` (its optional tag is `tag`) and `tagged`. Shared by evaluation, odds and bounds.
pub(crate) fn read_id<E: Environment + ?Sized>(
    env: &E,
    function: Function,
    id: &str,
    tag: Option<&Expr>,
) -> Result<Value, EvalErrorKind> {
    Ok(match function {
        Function::Has => Value::Bool(env.has(id)),
        Function::Count => Value::from(env.count(id)),
        Function::Setting => env
            .setting(id)
            .ok_or_else(|| EvalErrorKind::UnknownSetting(id.to_owned()))?,
        Function::Total => {
            let tag = match tag {
                None => None,
                Some(Expr::String { value }) => Some(value.as_str()),
                Some(_) => {
                    return Err(EvalErrorKind::OutOfRange(OutOfRange::TotalTakesStrings));
                }
            };
            Value::Number(env.total(id, tag)?)
        }
        Function::Tagged => Value::from(env.tagged(id)?),
        Function::Levels => Value::from(env.levels(id)?),
        Function::First => Value::Bool(env.first(id)?),
        Function::Linked => Value::from(env.linked(id)?),
        _ => {
            return Err(EvalErrorKind::OutOfRange(OutOfRange::ReadsNoId(
                function.name(),
            )));
        }
    })
}

struct Evaluator<'a, E: ?Sized, R: ?Sized> {
    env: &'a E,
    roller: &'a mut R,
    rolls: u64,
}

impl Expr {
    /// Evaluates the formula, rolling dice with `roller`.
    ///
    /// ```
    /// use opencharacter_formula::{MapEnv, SplitMix64, Value, parse};
    /// let value = parse("7 / 2")?.eval(&MapEnv::default(), &mut SplitMix64::new(0))?;
    /// assert_eq!(value.to_string(), "7/2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eval<E, R>(&self, env: &E, roller: &mut R) -> Result<Value, EvalError>
    where
        E: Environment + ?Sized,
        R: Roller + ?Sized,
    {
        let mut evaluator = Evaluator {
            env,
            roller,
            rolls: 0,
        };
        evaluator.eval(self).map_err(|e| e.finish(self))
    }
}

impl<E: Environment + ?Sized, R: Roller + ?Sized> Evaluator<'_, E, R> {
    fn eval(&mut self, expr: &Expr) -> Raw<Value> {
        self.node(expr).map_err(|mut e| {
            if e.at.is_none() {
                e.at = Some(expr.to_string());
            }
            e
        })
    }

    fn num(&mut self, expr: &Expr) -> Raw<Number> {
        let value = self.eval(expr)?;
        number(value).map_err(|k| located(k, expr))
    }

    fn node(&mut self, expr: &Expr) -> Raw<Value> {
        Ok(match expr {
            Expr::Number { value } => Value::Number(value.value()),
            Expr::Bool { value } => Value::Bool(*value),
            Expr::String { value } => Value::String(value.clone()),
            Expr::Field { pack, name } => {
                self.env.field(pack.as_deref(), name).ok_or_else(|| {
                    EvalErrorKind::UnknownField(match pack {
                        Some(pack) => format!("@{pack}:{name}"),
                        None => name.clone(),
                    })
                })?
            }
            Expr::Unary { op, arg } => {
                let value = self.eval(arg)?;
                match op {
                    UnaryOp::Neg => Value::Number(number(value)?.checked_neg()?),
                    UnaryOp::Not => Value::Bool(!boolean(value)?),
                }
            }
            Expr::Binary { op, left, right } => {
                let left = self.eval(left)?;
                match op {
                    BinaryOp::And | BinaryOp::Or => {
                        let a = boolean(left)?;
                        if a == (*op == BinaryOp::Or) {
                            return Ok(Value::Bool(a));
                        }
                        let value = self.eval(right)?;
                        Value::Bool(boolean(value).map_err(|k| located(k, right))?)
                    }
                    _ => {
                        let right = self.eval(right)?;
                        binary(*op, left, right)?
                    }
                }
            }
            Expr::Call { function, args } => self.call(*function, args)?,
            Expr::Dice {
                count,
                sides,
                modifier,
            } => self.dice(count, sides, modifier.as_ref())?,
        })
    }

    fn call(&mut self, function: Function, args: &[Expr]) -> Raw<Value> {
        let first = args.first().ok_or_else(|| {
            EvalErrorKind::OutOfRange(OutOfRange::NeedsArguments(function.name()))
        })?;
        Ok(match function {
            Function::Floor => Value::Number(self.num(first)?.floor()),
            Function::Ceil => Value::Number(self.num(first)?.ceil()),
            Function::Round => Value::Number(self.num(first)?.round()),
            Function::Trunc => Value::Number(self.num(first)?.trunc()),
            Function::Abs => Value::Number(self.num(first)?.checked_abs()?),
            Function::Min | Function::Max => {
                let mut best = self.num(first)?;
                for arg in &args[1..] {
                    let n = self.num(arg)?;
                    if (function == Function::Min && n < best)
                        || (function == Function::Max && n > best)
                    {
                        best = n;
                    }
                }
                Value::Number(best)
            }
            Function::Clamp => {
                let x = self.num(first)?;
                let lo = self.num(&args[1])?;
                let hi = self.num(&args[2])?;
                Value::Number(x.max(lo).min(hi))
            }
            Function::If => {
                let condition = self.eval(first)?;
                let condition = boolean(condition).map_err(|k| located(k, first))?;
                self.eval(&args[if condition { 1 } else { 2 }])?
            }
            Function::Has
            | Function::Count
            | Function::Setting
            | Function::Total
            | Function::Tagged
            | Function::Levels
            | Function::First
            | Function::Linked => {
                let Expr::String { value: id } = first else {
                    let value = self.eval(first)?;
                    return Err(wrong(TypeName::StringLiteral, &value).into());
                };
                read_id(self.env, function, id, args.get(1))?
            }
            Function::Choose => {
                let index = self.eval(first)?;
                let index = integer(index, Whole::ChooseIndex).map_err(|k| located(k, first))?;
                let options = &args[1..];
                self.eval(&options[choose_position(index, options.len())?])?
            }
            Function::Lookup => {
                let x = self.num(first)?;
                let mut chosen = None;
                for pair in args[1..].chunks(2) {
                    if self.num(&pair[0])? > x {
                        break;
                    }
                    chosen = pair.get(1);
                }
                let chosen = chosen.ok_or_else(|| below_first_threshold(x))?;
                self.eval(chosen)?
            }
            Function::Under => {
                let target = self.num(first)?;
                let adv = match args.get(1) {
                    Some(arg) => {
                        let value = self.eval(arg)?;
                        advantage(value).map_err(|k| located(k, arg))?
                    }
                    None => 0,
                };
                let first_roll = under_outcome(self.roll(100)? - 1, target);
                let outcome = match adv {
                    0 => first_roll,
                    1 => first_roll.max(under_outcome(self.roll(100)? - 1, target)),
                    _ => first_roll.min(under_outcome(self.roll(100)? - 1, target)),
                };
                Value::from(outcome)
            }
        })
    }

    fn roll(&mut self, sides: i64) -> Raw<i64> {
        self.rolls += 1;
        if self.rolls > MAX_ROLLS {
            return Err(EvalErrorKind::LimitExceeded {
                what: Counted::DiceRolled,
                limit: MAX_ROLLS,
            }
            .into());
        }
        let sides_u = u64::try_from(sides).unwrap_or(1);
        let rolled = self.roller.roll(sides_u).clamp(1, sides_u);
        Ok(i64::try_from(rolled).unwrap_or(1))
    }

    fn dice(&mut self, count: &Expr, sides: &Expr, modifier: Option<&DiceModifier>) -> Raw<Value> {
        let count_value = self.eval(count)?;
        let sides_value = self.eval(sides)?;
        let DiceSpec { count, sides } = dice_spec(count_value, sides_value)?;
        let arg = match modifier.and_then(DiceModifier::arg) {
            Some(arg) => {
                let value = self.eval(arg)?;
                Some(integer(value, Whole::DiceModifier).map_err(|k| located(k, arg))?)
            }
            None => None,
        };
        let total: i64 = match modifier {
            None => {
                let mut sum = 0;
                for _ in 0..count {
                    sum += self.roll(sides)?;
                }
                sum
            }
            Some(DiceModifier::KeepHighest(_) | DiceModifier::KeepLowest(_)) => {
                let keep = arg.unwrap_or(0);
                if keep < 0 {
                    return Err(EvalErrorKind::OutOfRange(OutOfRange::NegativeKeep(keep)).into());
                }
                let mut dice = Vec::with_capacity(count as usize);
                for _ in 0..count {
                    dice.push(self.roll(sides)?);
                }
                dice.sort_unstable();
                if matches!(modifier, Some(DiceModifier::KeepHighest(_))) {
                    dice.reverse();
                }
                dice.iter().take(keep as usize).sum()
            }
            Some(DiceModifier::Successes(_)) => {
                let target = arg.unwrap_or(0);
                let mut hits = 0;
                for _ in 0..count {
                    if self.roll(sides)? >= target {
                        hits += 1;
                    }
                }
                hits
            }
            Some(DiceModifier::Pool) => {
                if count == 0 {
                    let a = self.roll(sides)?;
                    let b = self.roll(sides)?;
                    a.min(b)
                } else {
                    let (mut best, mut tops) = (0, 0);
                    for _ in 0..count {
                        let die = self.roll(sides)?;
                        best = best.max(die);
                        if die == sides {
                            tops += 1;
                        }
                    }
                    if tops >= 2 { sides + 1 } else { best }
                }
            }
        };
        Ok(Value::from(total))
    }
}

fn located(kind: EvalErrorKind, node: &Expr) -> Located {
    Located {
        kind,
        at: Some(node.to_string()),
    }
}
