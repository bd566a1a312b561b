//! Exact odds: the probability distribution of a formula's value, computed without rolling.
//!
//! Every dice term in a tree is a separate roll, so the sub-trees of a node never share a die
//! and their distributions are independent: a node's distribution is the product of its
//! children's, pushed through the node's operation. Weights are exact unsigned 128-bit counts
//! over a common total; anything that would overflow or grow past the size limits is a
//! [`EvalErrorKind::LimitExceeded`] error, never a wrong answer.

use std::collections::BTreeMap;
use std::fmt;

use crate::Environment;
use crate::eval::{
    EvalError, EvalErrorKind, Located, Raw, Value, advantage, below_first_threshold, binary,
    boolean, choose_position, dice_spec, integer, number, read_id, under_outcome, wrong,
};
use crate::eval_error::{Counted, OutOfRange, TypeName, Whole};
use crate::number::Number;
use crate::tree::{BinaryOp, DiceModifier, Expr, Function, UnaryOp};

/// Most distinct outcomes a distribution may have.
pub const MAX_OUTCOMES: usize = 100_000;
/// Most outcome pairs one operation may combine.
const MAX_PAIRS: usize = 250_000;
/// Most steps one dice term's dynamic programme may take.
const MAX_DICE_WORK: u128 = 5_000_000;
/// Most work (outcomes visited, pairs combined, dynamic-programme steps) one whole analysis may
/// do, so that a long formula of many operations each just under their limits cannot hang.
pub const MAX_ANALYSIS_WORK: u64 = 5_000_000;

fn limit(what: Counted, limit: u64) -> EvalErrorKind {
    EvalErrorKind::LimitExceeded { what, limit }
}

fn too_big() -> EvalErrorKind {
    limit(Counted::CountingBits, 128)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// An exact probability `num / den`, reduced.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Probability {
    num: u128,
    den: u128,
}

impl Probability {
    fn new(num: u128, den: u128) -> Probability {
        let g = gcd(num, den).max(1);
        Probability {
            num: num / g,
            den: den / g,
        }
    }

    /// The numerator.
    pub fn numer(self) -> u128 {
        self.num
    }

    /// The denominator.
    pub fn denom(self) -> u128 {
        self.den
    }

    /// A floating-point approximation, for display.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// `11/20`, `0` or `1`.
impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl fmt::Debug for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The exact distribution of a formula's value: each possible value with its weight, over a
/// common total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    /// Outcomes in ascending order of value, each with a positive weight.
    outcomes: Vec<(Value, u128)>,
    total: u128,
}

impl Distribution {
    /// A value that is certain.
    pub fn certain(value: Value) -> Distribution {
        Distribution {
            outcomes: vec![(value, 1)],
            total: 1,
        }
    }

    fn from_map(map: BTreeMap<Value, u128>, total: u128) -> Result<Distribution, EvalErrorKind> {
        if map.len() > MAX_OUTCOMES {
            return Err(limit(Counted::DistinctOutcomes, MAX_OUTCOMES as u64));
        }
        let mut outcomes: Vec<(Value, u128)> = map.into_iter().filter(|(_, w)| *w > 0).collect();
        let g = outcomes.iter().fold(total, |g, (_, w)| gcd(g, *w)).max(1);
        for (_, w) in &mut outcomes {
            *w /= g;
        }
        Ok(Distribution {
            outcomes,
            total: total / g,
        })
    }

    /// Every possible value with its probability, in ascending order of value.
    pub fn outcomes(&self) -> impl Iterator<Item = (&Value, Probability)> {
        self.outcomes
            .iter()
            .map(|(v, w)| (v, Probability::new(*w, self.total)))
    }

    /// The probability of exactly `value` (`None` when it cannot happen).
    pub fn probability(&self, value: &Value) -> Option<Probability> {
        self.outcomes
            .iter()
            .find(|(v, _)| v == value)
            .map(|(_, w)| Probability::new(*w, self.total))
    }

    /// The probability that the value is a number `>= threshold`.
    pub fn at_least(&self, threshold: Number) -> Probability {
        let weight = self
            .outcomes
            .iter()
            .filter(|(v, _)| matches!(v, Value::Number(n) if *n >= threshold))
            .map(|(_, w)| *w)
            .sum();
        Probability::new(weight, self.total)
    }

    /// The probability that the number lies in `low..=high`.
    pub fn between(&self, low: Number, high: Number) -> Probability {
        let weight = self
            .outcomes
            .iter()
            .filter(|(v, _)| matches!(v, Value::Number(n) if *n >= low && *n <= high))
            .map(|(_, w)| *w)
            .sum();
        Probability::new(weight, self.total)
    }

    fn numbers(&self) -> Option<impl Iterator<Item = (Number, u128)> + '_> {
        self.outcomes
            .iter()
            .all(|(v, _)| matches!(v, Value::Number(_)))
            .then(|| {
                self.outcomes.iter().filter_map(|(v, w)| match v {
                    Value::Number(n) => Some((*n, *w)),
                    _ => None,
                })
            })
    }

    /// The least possible value, when every outcome is a number.
    pub fn min(&self) -> Option<Number> {
        self.numbers()?.map(|(n, _)| n).min()
    }

    /// The greatest possible value, when every outcome is a number.
    pub fn max(&self) -> Option<Number> {
        self.numbers()?.map(|(n, _)| n).max()
    }

    /// The exact mean, when every outcome is a number and the mean fits a [`Number`].
    pub fn mean(&self) -> Option<Number> {
        // Accumulate Σ n·w as a fraction acc_num / acc_den in checked 128-bit arithmetic.
        let (mut acc_num, mut acc_den): (i128, i128) = (0, 1);
        for (n, w) in self.numbers()? {
            let w = i128::try_from(w).ok()?;
            let term_num = i128::from(n.numer()).checked_mul(w)?;
            let term_den = i128::from(n.denom());
            let g = gcd(acc_den.unsigned_abs(), term_den.unsigned_abs()) as i128;
            let num = acc_num
                .checked_mul(term_den / g)?
                .checked_add(term_num.checked_mul(acc_den / g)?)?;
            let den = acc_den.checked_mul(term_den / g)?;
            let r = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
            acc_num = num / r;
            acc_den = den / r;
        }
        let den = acc_den.checked_mul(i128::try_from(self.total).ok()?)?;
        Number::from_i128(acc_num, den).ok()
    }

    /// Applies `f` to every outcome.
    fn map(&self, f: impl Fn(&Value) -> Result<Value, EvalErrorKind>) -> Raw<Distribution> {
        let mut map = BTreeMap::new();
        for (v, w) in &self.outcomes {
            *map.entry(f(v)?).or_insert(0) += w;
        }
        Ok(Distribution::from_map(map, self.total)?)
    }

    /// Combines two independent distributions outcome by outcome.
    fn zip(
        &self,
        other: &Distribution,
        f: impl Fn(&Value, &Value) -> Result<Value, EvalErrorKind>,
    ) -> Raw<Distribution> {
        if self.outcomes.len().saturating_mul(other.outcomes.len()) > MAX_PAIRS {
            return Err(limit(Counted::OutcomePairs, MAX_PAIRS as u64).into());
        }
        let total = self.total.checked_mul(other.total).ok_or_else(too_big)?;
        let mut map = BTreeMap::new();
        for (a, wa) in &self.outcomes {
            for (b, wb) in &other.outcomes {
                let w = wa.checked_mul(*wb).ok_or_else(too_big)?;
                let slot = map.entry(f(a, b)?).or_insert(0u128);
                *slot = slot.checked_add(w).ok_or_else(too_big)?;
            }
        }
        Ok(Distribution::from_map(map, total)?)
    }

    /// The mixture `Σ p_i · D_i` of the distributions chosen with probabilities `p_i`.
    fn mixture(parts: Vec<(u128, Distribution)>, total: u128) -> Raw<Distribution> {
        let mut lcm: u128 = 1;
        for (_, d) in &parts {
            lcm = (lcm / gcd(lcm, d.total))
                .checked_mul(d.total)
                .ok_or_else(too_big)?;
        }
        let grand = total.checked_mul(lcm).ok_or_else(too_big)?;
        let mut map = BTreeMap::new();
        for (weight, d) in parts {
            let scale = weight.checked_mul(lcm / d.total).ok_or_else(too_big)?;
            for (v, w) in d.outcomes {
                let add = w.checked_mul(scale).ok_or_else(too_big)?;
                let slot = map.entry(v).or_insert(0u128);
                *slot = slot.checked_add(add).ok_or_else(too_big)?;
            }
        }
        Ok(Distribution::from_map(map, grand)?)
    }

    /// Numbers with integer weights over `total` (`counts[i]` is the weight of `offset + i`).
    fn from_counts(
        offset: i64,
        counts: &[u128],
        total: u128,
    ) -> Result<Distribution, EvalErrorKind> {
        let map = counts
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0)
            .map(|(i, w)| (Value::from(offset + i as i64), *w))
            .collect();
        Distribution::from_map(map, total)
    }
}

impl Expr {
    /// The exact distribution of the formula's value under `env`, without rolling.
    ///
    /// ```
    /// use opencharacter_formula::{MapEnv, Number, parse};
    /// let odds = parse("4d6kh3")?.analyze(&MapEnv::default())?;
    /// assert_eq!(odds.mean(), Number::new(15869, 1296));
    /// assert_eq!(odds.min(), Some(Number::from(3)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyze<E: Environment + ?Sized>(&self, env: &E) -> Result<Distribution, EvalError> {
        let analyzer = Analyzer {
            env,
            work: std::cell::Cell::new(0),
        };
        analyzer.node(self).map_err(|e| e.finish(self))
    }
}

struct Analyzer<'a, E: ?Sized> {
    env: &'a E,
    work: std::cell::Cell<u64>,
}

/// `n` choose `k` for every k, checked.
fn binomials(n: usize) -> Result<Vec<u128>, EvalErrorKind> {
    let mut row = vec![1u128];
    for _ in 0..n {
        let mut next = vec![1u128; row.len() + 1];
        for k in 1..row.len() {
            next[k] = row[k - 1].checked_add(row[k]).ok_or_else(too_big)?;
        }
        row = next;
    }
    Ok(row)
}

fn pow(base: u128, exp: i64) -> Result<u128, EvalErrorKind> {
    base.checked_pow(u32::try_from(exp).map_err(|_| too_big())?)
        .ok_or_else(too_big)
}

/// The distribution of one dice term with fixed parameters.
fn dice_distribution(
    count: i64,
    sides: i64,
    modifier: Option<&DiceModifier>,
    arg: Option<i64>,
) -> Result<Distribution, EvalErrorKind> {
    let s = sides as u128;
    match modifier {
        None => {
            let total = pow(s, count)?;
            if (count as u128) * (count as u128) * s > MAX_DICE_WORK {
                return Err(limit(Counted::SumWork, MAX_DICE_WORK as u64));
            }
            // Convolution by a sliding window: counts[j] over sums count..=count*sides.
            let mut counts = vec![1u128];
            for _ in 0..count {
                let mut next = vec![0u128; counts.len() + sides as usize - 1];
                let mut window: u128 = 0;
                for (j, slot) in next.iter_mut().enumerate() {
                    if let Some(c) = counts.get(j) {
                        window += c;
                    }
                    if j >= sides as usize {
                        window -= counts.get(j - sides as usize).copied().unwrap_or(0);
                    }
                    *slot = window;
                }
                counts = next;
            }
            Distribution::from_counts(count, &counts, total)
        }
        Some(DiceModifier::KeepHighest(_) | DiceModifier::KeepLowest(_)) => {
            let keep = arg.unwrap_or(0);
            if keep < 0 {
                return Err(EvalErrorKind::OutOfRange(OutOfRange::NegativeKeep(keep)));
            }
            let keep = keep.min(count) as usize;
            let n = count as usize;
            if keep == 0 || sides == 1 {
                // Nothing kept reads 0; one-sided dice always show 1.
                return Ok(Distribution::certain(Value::from(keep as i64)));
            }
            let total = pow(s, count)?;
            let width = keep * sides as usize + 1;
            let work = s * (n as u128 + 1) * (n as u128 + 1) * width as u128;
            if work > MAX_DICE_WORK {
                return Err(limit(Counted::KeepWork, MAX_DICE_WORK as u64));
            }
            // choose[r][j] = r choose j, for every r up to n.
            let mut choose = Vec::with_capacity(n + 1);
            for r in 0..=n {
                choose.push(binomials(r)?);
            }
            let highest = matches!(modifier, Some(DiceModifier::KeepHighest(_)));
            // Visit faces from the kept end. ways[assigned][kept sum] counts ordered rolls in
            // which `assigned` dice show faces visited so far; the first `keep` dice assigned are
            // the kept ones.
            let mut ways = vec![vec![0u128; width]; n + 1];
            ways[0][0] = 1;
            for step in 0..sides {
                let face = if highest { sides - step } else { step + 1 };
                let mut next = vec![vec![0u128; width]; n + 1];
                for (assigned, row) in ways.iter().enumerate() {
                    for (sum, &w) in row.iter().enumerate() {
                        if w == 0 {
                            continue;
                        }
                        let remaining = n - assigned;
                        for j in 0..=remaining {
                            let kept_now = (assigned + j).min(keep) - assigned.min(keep);
                            let new_sum = sum + kept_now * face as usize;
                            let add = w.checked_mul(choose[remaining][j]).ok_or_else(too_big)?;
                            let slot = &mut next[assigned + j][new_sum];
                            *slot = slot.checked_add(add).ok_or_else(too_big)?;
                        }
                    }
                }
                ways = next;
            }
            Distribution::from_counts(0, &ways[n], total)
        }
        Some(DiceModifier::Successes(_)) => {
            let target = arg.unwrap_or(0);
            let hits = (sides - target.max(1) + 1).clamp(0, sides) as u128;
            let misses = s - hits;
            let choose = binomials(count as usize)?;
            let total = pow(s, count)?;
            let mut counts = Vec::with_capacity(count as usize + 1);
            for (k, c) in choose.iter().enumerate() {
                let w = c
                    .checked_mul(pow(hits, k as i64)?)
                    .and_then(|x| x.checked_mul(pow(misses, count - k as i64).ok()?))
                    .ok_or_else(too_big)?;
                counts.push(w);
            }
            Distribution::from_counts(0, &counts, total)
        }
        Some(DiceModifier::Pool) => {
            if count == 0 {
                // Two dice, the lowest: P(min = v) = (S-v+1)^2 - (S-v)^2.
                let counts: Vec<u128> = (1..=sides)
                    .map(|v| {
                        let above = (sides - v) as u128;
                        (above + 1) * (above + 1) - above * above
                    })
                    .collect();
                return Distribution::from_counts(1, &counts, s * s);
            }
            let total = pow(s, count)?;
            let mut counts = vec![0u128; sides as usize + 1];
            for v in 1..sides {
                counts[v as usize - 1] = pow(v as u128, count)? - pow(v as u128 - 1, count)?;
            }
            let one_top = (count as u128)
                .checked_mul(pow(s - 1, count - 1)?)
                .ok_or_else(too_big)?;
            let no_top = pow(s - 1, count)?;
            counts[sides as usize - 1] = one_top;
            counts[sides as usize] = total - no_top - one_top;
            Distribution::from_counts(1, &counts, total)
        }
    }
}

/// An estimate of the steps [`dice_distribution`] takes, charged before it runs.
fn dice_work(count: i64, sides: i64, modifier: Option<&DiceModifier>, arg: Option<i64>) -> u128 {
    let (n, s) = (count.max(0) as u128, sides.max(1) as u128);
    match modifier {
        None => n * n * s + 1,
        Some(DiceModifier::KeepHighest(_) | DiceModifier::KeepLowest(_)) => {
            let keep = arg.unwrap_or(0).clamp(0, count.max(0)) as u128;
            s * (n + 1) * (n + 1) * (keep * s + 1)
        }
        Some(DiceModifier::Successes(_)) => n * n + 1,
        Some(DiceModifier::Pool) => s + n,
    }
}

/// The outcome counts of one d100 roll-under against `target`, over 100.
fn under_counts(target: Number) -> [u128; 4] {
    let mut counts = [0u128; 4];
    for read in 0..100 {
        counts[under_outcome(read, target) as usize] += 1;
    }
    counts
}

impl<E: Environment + ?Sized> Analyzer<'_, E> {
    /// Counts `units` of work against [`MAX_ANALYSIS_WORK`].
    fn charge(&self, units: u128) -> Result<(), EvalErrorKind> {
        let spent = u128::from(self.work.get()).saturating_add(units);
        if spent > u128::from(MAX_ANALYSIS_WORK) {
            return Err(limit(Counted::AnalysisWork, MAX_ANALYSIS_WORK));
        }
        self.work.set(spent as u64);
        Ok(())
    }

    fn node(&self, expr: &Expr) -> Raw<Distribution> {
        self.inner(expr).map_err(|mut e: Located| {
            if e.at.is_none() {
                e.at = Some(expr.to_string());
            }
            e
        })
    }

    /// The distribution of a sub-tree that must be fixed (no dice), as its single value.
    fn fixed_numbers(&self, expr: &Expr) -> Raw<Vec<(Value, u128)>> {
        let d = self.node(expr)?;
        Ok(d.outcomes.clone())
    }

    fn inner(&self, expr: &Expr) -> Raw<Distribution> {
        Ok(match expr {
            Expr::Number { value } => Distribution::certain(Value::Number(value.value())),
            Expr::Bool { value } => Distribution::certain(Value::Bool(*value)),
            Expr::String { value } => Distribution::certain(Value::String(value.clone())),
            Expr::Field { pack, name } => {
                let value = self.env.field(pack.as_deref(), name).ok_or_else(|| {
                    EvalErrorKind::UnknownField(match pack {
                        Some(pack) => format!("@{pack}:{name}"),
                        None => name.clone(),
                    })
                })?;
                Distribution::certain(value)
            }
            Expr::Unary { op, arg } => {
                let d = self.node(arg)?;
                self.charge(d.outcomes.len() as u128)?;
                match op {
                    UnaryOp::Neg => {
                        d.map(|v| Ok(Value::Number(number(v.clone())?.checked_neg()?)))?
                    }
                    UnaryOp::Not => d.map(|v| Ok(Value::Bool(!boolean(v.clone())?)))?,
                }
            }
            Expr::Binary { op, left, right } => {
                let l = self.node(left)?;
                let r = self.node(right)?;
                self.charge(l.outcomes.len() as u128 * r.outcomes.len() as u128)?;
                match op {
                    BinaryOp::And | BinaryOp::Or => {
                        let or = *op == BinaryOp::Or;
                        l.zip(&r, |a, b| {
                            let a = boolean(a.clone())?;
                            if a == or {
                                return Ok(Value::Bool(a));
                            }
                            Ok(Value::Bool(boolean(b.clone())?))
                        })?
                    }
                    _ => l.zip(&r, |a, b| binary(*op, a.clone(), b.clone()))?,
                }
            }
            Expr::Call { function, args } => self.call(*function, args)?,
            Expr::Dice {
                count,
                sides,
                modifier,
            } => {
                let counts = self.node(count)?;
                let sides_d = self.node(sides)?;
                let args = match modifier.as_ref().and_then(DiceModifier::arg) {
                    Some(arg) => self.node(arg)?,
                    None => Distribution::certain(Value::from(0)),
                };
                let mut parts = Vec::new();
                let total = counts
                    .total
                    .checked_mul(sides_d.total)
                    .and_then(|t| t.checked_mul(args.total))
                    .ok_or_else(too_big)?;
                for (c, wc) in &counts.outcomes {
                    for (s, ws) in &sides_d.outcomes {
                        for (a, wa) in &args.outcomes {
                            let spec = dice_spec(c.clone(), s.clone())?;
                            let arg = match modifier.as_ref().and_then(DiceModifier::arg) {
                                Some(_) => Some(integer(a.clone(), Whole::DiceModifier)?),
                                None => None,
                            };
                            let work = dice_work(spec.count, spec.sides, modifier.as_ref(), arg);
                            self.charge(work)?;
                            let d =
                                dice_distribution(spec.count, spec.sides, modifier.as_ref(), arg)?;
                            self.charge(d.outcomes.len() as u128)?;
                            let w = wc
                                .checked_mul(*ws)
                                .and_then(|x| x.checked_mul(*wa))
                                .ok_or_else(too_big)?;
                            parts.push((w, d));
                        }
                    }
                }
                Distribution::mixture(parts, total)?
            }
        })
    }

    fn call(&self, function: Function, args: &[Expr]) -> Raw<Distribution> {
        let first = args.first().ok_or_else(|| {
            EvalErrorKind::OutOfRange(OutOfRange::NeedsArguments(function.name()))
        })?;
        Ok(match function {
            Function::Floor => self
                .node(first)?
                .map(|v| Ok(Value::Number(number(v.clone())?.floor())))?,
            Function::Ceil => self
                .node(first)?
                .map(|v| Ok(Value::Number(number(v.clone())?.ceil())))?,
            Function::Round => self
                .node(first)?
                .map(|v| Ok(Value::Number(number(v.clone())?.round())))?,
            Function::Trunc => self
                .node(first)?
                .map(|v| Ok(Value::Number(number(v.clone())?.trunc())))?,
            Function::Abs => self
                .node(first)?
                .map(|v| Ok(Value::Number(number(v.clone())?.checked_abs()?)))?,
            Function::Min | Function::Max | Function::Clamp => {
                let mut acc = self.node(first)?;
                for (i, arg) in args[1..].iter().enumerate() {
                    let d = self.node(arg)?;
                    let take_min = match function {
                        Function::Min => true,
                        Function::Max => false,
                        // clamp(x, lo, hi) = min(max(x, lo), hi)
                        _ => i == 1,
                    };
                    self.charge(acc.outcomes.len() as u128 * d.outcomes.len() as u128)?;
                    acc = acc.zip(&d, |a, b| {
                        let (a, b) = (number(a.clone())?, number(b.clone())?);
                        Ok(Value::Number(if take_min { a.min(b) } else { a.max(b) }))
                    })?;
                }
                acc.map(|v| Ok(Value::Number(number(v.clone())?)))?
            }
            Function::If => {
                let condition = self.node(first)?;
                let mut parts = Vec::new();
                for (c, w) in &condition.outcomes {
                    let branch = if boolean(c.clone())? {
                        &args[1]
                    } else {
                        &args[2]
                    };
                    let d = self.node(branch)?;
                    self.charge(d.outcomes.len() as u128)?;
                    parts.push((*w, d));
                }
                Distribution::mixture(parts, condition.total)?
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
                    return Err(wrong(TypeName::StringLiteral, &Value::Bool(false)).into());
                };
                Distribution::certain(read_id(self.env, function, id, args.get(1))?)
            }
            Function::Choose => {
                let index = self.node(first)?;
                let options = &args[1..];
                let mut parts = Vec::new();
                for (i, w) in &index.outcomes {
                    let i = integer(i.clone(), Whole::ChooseIndex)?;
                    let d = self.node(&options[choose_position(i, options.len())?])?;
                    self.charge(d.outcomes.len() as u128)?;
                    parts.push((*w, d));
                }
                Distribution::mixture(parts, index.total)?
            }
            Function::Lookup => {
                let x = self.node(first)?;
                let mut thresholds = Vec::new();
                for pair in args[1..].chunks(2) {
                    match self.fixed_numbers(&pair[0])?.as_slice() {
                        [(value, _)] => thresholds.push(number(value.clone())?),
                        _ => {
                            return Err(EvalErrorKind::OutOfRange(
                                OutOfRange::LookupThresholdsWithDice,
                            )
                            .into());
                        }
                    }
                }
                let mut parts = Vec::new();
                for (v, w) in &x.outcomes {
                    let v = number(v.clone())?;
                    let index = thresholds.iter().take_while(|t| **t <= v).count();
                    let chosen = index
                        .checked_sub(1)
                        .and_then(|i| args.get(2 + 2 * i))
                        .ok_or_else(|| below_first_threshold(v))?;
                    let d = self.node(chosen)?;
                    self.charge(d.outcomes.len() as u128)?;
                    parts.push((*w, d));
                }
                Distribution::mixture(parts, x.total)?
            }
            Function::Under => {
                let target = self.node(first)?;
                let adv = match args.get(1) {
                    Some(arg) => self.node(arg)?,
                    None => Distribution::certain(Value::from(0)),
                };
                let mut parts = Vec::new();
                for (t, wt) in &target.outcomes {
                    let t = number(t.clone())?;
                    let single = under_counts(t);
                    for (a, wa) in &adv.outcomes {
                        self.charge(10_000)?;
                        let a = advantage(a.clone())?;
                        let d = if a == 0 {
                            Distribution::from_counts(0, &single, 100)?
                        } else {
                            let mut counts = [0u128; 4];
                            for (x, cx) in single.iter().enumerate() {
                                for (y, cy) in single.iter().enumerate() {
                                    let pick = if a > 0 { x.max(y) } else { x.min(y) };
                                    counts[pick] += cx * cy;
                                }
                            }
                            Distribution::from_counts(0, &counts, 10_000)?
                        };
                        parts.push((wt.checked_mul(*wa).ok_or_else(too_big)?, d));
                    }
                }
                let total = target.total.checked_mul(adv.total).ok_or_else(too_big)?;
                Distribution::mixture(parts, total)?
            }
        })
    }
}

#[cfg(test)]
mod tests;
