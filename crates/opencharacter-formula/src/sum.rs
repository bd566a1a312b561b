//! Canonical sums: a numeric formula read as a sum of terms and a constant, and printed back in
//! one canonical way (`1d8 + 1d8 + 3 - 1` → `2d8 + 2`, `d6 + -1` → `d6 - 1`).
//!
//! Every rewrite here keeps the exact distribution: dice terms are independent rolls, so `NdS +
//! MdS` is `(N + M)dS`; constants are exact rationals, so they sum in any order; a fixed factor
//! distributes over a sum. A term is never dropped unless it can neither roll nor fail (a sum
//! of no dice, `0d6`), so what fails still fails. Terms read from names, conditions and other
//! nodes whose kind is not surely numeric are kept whole, as written.
//!
//! The rewriting needs no environment: [`Expr::fold_dice`] first puts every fixed value in, and
//! [`Expr::plus`] adds a term to a formula that is already folded.

use crate::env::Environment;
use crate::eval::{MAX_DICE, MAX_SIDES, NoDice, Value};
use crate::kinds::rolls;
use crate::number::Number;
use crate::tree::{BinaryOp, DiceModifier, Expr, Function, UnaryOp};

/// A term's base: plain dice (which combine with their like) or any other numeric node.
#[derive(Debug, Clone)]
enum Base {
    Dice { count: i64, sides: i64 },
    Other(Expr),
}

/// `coefficient × base`, the coefficient never 0.
#[derive(Debug, Clone)]
struct Term {
    coefficient: Number,
    base: Base,
}

/// `Σ terms + constant`, the terms in the order they first appear.
#[derive(Debug, Clone)]
struct Sum {
    terms: Vec<Term>,
    constant: Number,
}

/// A normalised sub-formula: a sum when it is surely numeric, otherwise a node kept whole.
enum Part {
    Sum(Sum),
    Atom(Expr),
}

impl Sum {
    fn constant(n: Number) -> Sum {
        Sum {
            terms: Vec::new(),
            constant: n,
        }
    }

    fn term(base: Base) -> Sum {
        Sum {
            terms: vec![Term {
                coefficient: Number::ONE,
                base,
            }],
            constant: Number::ZERO,
        }
    }

    fn as_constant(&self) -> Option<Number> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// Adds a term, merged into the first like term with room: plain dice of the same sides and
    /// coefficient, while the merged count stays within [`MAX_DICE`].
    fn push(&mut self, term: Term) {
        if let Base::Dice { count, sides } = term.base {
            for existing in &mut self.terms {
                if let Base::Dice { count: c, sides: s } = &mut existing.base
                    && *s == sides
                    && existing.coefficient == term.coefficient
                    && *c + count <= MAX_DICE
                {
                    *c += count;
                    return;
                }
            }
        }
        self.terms.push(term);
    }

    /// `self + sign × other`; `None` when a constant or coefficient overflows.
    fn add(mut self, other: Sum, negate: bool) -> Option<Sum> {
        let other = if negate {
            other.scale(Number::from(-1))?
        } else {
            other
        };
        self.constant = self.constant.checked_add(other.constant).ok()?;
        for term in other.terms {
            self.push(term);
        }
        Some(self)
    }

    /// `factor × self` (`factor` not 0); `None` on overflow.
    fn scale(self, factor: Number) -> Option<Sum> {
        let mut out = Sum::constant(self.constant.checked_mul(factor).ok()?);
        for term in self.terms {
            out.push(Term {
                coefficient: term.coefficient.checked_mul(factor).ok()?,
                base: term.base,
            });
        }
        Some(out)
    }

    /// Whether every term is plain dice, which can neither fail nor give anything but a
    /// number.
    fn only_dice(&self) -> bool {
        self.terms
            .iter()
            .all(|t| matches!(t.base, Base::Dice { .. }))
    }

    /// Whether every value it can take is an integer.
    fn is_integer_valued(&self) -> bool {
        self.constant.is_integer()
            && self.terms.iter().all(|t| {
                t.coefficient.is_integer()
                    && match &t.base {
                        Base::Dice { .. } => true,
                        Base::Other(e) => integer_node(e),
                    }
            })
    }

    /// The canonical tree: terms with a positive coefficient in order, then those with a
    /// negative one, then the constant; a leading positive constant when every term is
    /// subtracted (`3 - d6`); `0` for nothing.
    fn to_expr(&self) -> Expr {
        let (positive, negative): (Vec<&Term>, Vec<&Term>) = self
            .terms
            .iter()
            .partition(|t| t.coefficient > Number::ZERO);
        let mut out: Option<Expr> = None;
        for term in positive {
            out = Some(join(out, BinaryOp::Add, term.written(term.coefficient)));
        }
        let mut constant_done = false;
        if out.is_none() && self.constant > Number::ZERO {
            out = Some(Expr::literal(&Value::Number(self.constant)));
            constant_done = true;
        }
        for term in negative {
            let c = term.coefficient;
            out = Some(match (out, c.checked_neg()) {
                (None, _) => term.written(c),
                (some, Ok(magnitude)) => join(some, BinaryOp::Sub, term.written(magnitude)),
                // A coefficient of -2^63 has no magnitude to subtract.
                (some, Err(_)) => join(some, BinaryOp::Add, term.written(c)),
            });
        }
        if !constant_done && self.constant != Number::ZERO {
            out = Some(match (out, self.constant.checked_neg()) {
                (None, _) => Expr::literal(&Value::Number(self.constant)),
                (some, Ok(magnitude)) if self.constant < Number::ZERO => join(
                    some,
                    BinaryOp::Sub,
                    Expr::literal(&Value::Number(magnitude)),
                ),
                (some, _) => join(
                    some,
                    BinaryOp::Add,
                    Expr::literal(&Value::Number(self.constant)),
                ),
            });
        }
        out.unwrap_or_else(|| Expr::number(0))
    }
}

fn join(left: Option<Expr>, op: BinaryOp, right: Expr) -> Expr {
    match left {
        None => right,
        Some(left) => Expr::Binary {
            op,
            left: Box::new(left),
            right: Box::new(right),
        },
    }
}

fn binary(op: BinaryOp, left: Expr, right: Expr) -> Expr {
    Expr::Binary {
        op,
        left: Box::new(left),
        right: Box::new(right),
    }
}

impl Term {
    fn base_expr(&self) -> Expr {
        match &self.base {
            Base::Dice { count, sides } => Expr::Dice {
                count: Box::new(Expr::number(*count)),
                sides: Box::new(Expr::number(*sides)),
                modifier: None,
            },
            Base::Other(e) => e.clone(),
        }
    }

    /// `c × base` written with its sign: `base`, `-base`, `2 * base`, `-2 * base`,
    /// `base / 2`, `-base / 2`, `3 * base / 2`.
    fn written(&self, c: Number) -> Expr {
        let base = self.base_expr();
        let numerator = match c.numer() {
            1 => base,
            -1 => Expr::Unary {
                op: UnaryOp::Neg,
                arg: Box::new(base),
            },
            n => binary(BinaryOp::Mul, Expr::literal(&Value::from(n)), base),
        };
        if c.denom() == 1 {
            numerator
        } else {
            binary(BinaryOp::Div, numerator, Expr::number(c.denom()))
        }
    }
}

/// Whether a node that is no sum gives only integers: dice terms, rounding, `under`, counts.
fn integer_node(expr: &Expr) -> bool {
    match expr {
        Expr::Dice { .. } => true,
        Expr::Call { function, .. } => matches!(
            function,
            Function::Floor
                | Function::Ceil
                | Function::Round
                | Function::Trunc
                | Function::Under
                | Function::Count
                | Function::Tagged
                | Function::Levels
                | Function::Linked
        ),
        _ => false,
    }
}

/// Whether the value depends on the environment: a name, or a call that reads what the
/// character owns or a setting.
fn reads_env(expr: &Expr) -> bool {
    match expr {
        Expr::Field { .. } => true,
        Expr::Call { function, .. } if function.takes_id() => true,
        other => other.children().any(reads_env),
    }
}

/// An environment with nothing in it, for the bounds of formulas that read none.
struct Nothing;

impl Environment for Nothing {
    fn field(&self, _pack: Option<&str>, _name: &str) -> Option<Value> {
        None
    }
}

/// The least and greatest value of a formula that reads no environment, when known.
fn range(expr: &Expr) -> Option<(Number, Number)> {
    if reads_env(expr) {
        return None;
    }
    let bounds = expr.bounds(&Nothing).ok()?;
    Some((bounds.min, bounds.max))
}

impl Part {
    fn into_expr(self) -> Expr {
        match self {
            Part::Sum(sum) => sum.to_expr(),
            Part::Atom(expr) => expr,
        }
    }

    fn as_sum(&self) -> Option<&Sum> {
        match self {
            Part::Sum(sum) => Some(sum),
            Part::Atom(_) => None,
        }
    }
}

/// A node kept whole: its value when it neither rolls nor reads a name (a choice whose dice
/// were all folded away: `if(0d6 > 0, 2, 3)`), else a term of a sum when it is surely numeric.
fn atom(expr: Expr) -> Part {
    if !rolls(&expr)
        && !reads_env(&expr)
        && let Ok(value) = expr.eval(&Nothing, &mut NoDice)
    {
        return match value {
            Value::Number(n) => Part::Sum(Sum::constant(n)),
            other => Part::Atom(Expr::literal(&other)),
        };
    }
    if expr.kinds().surely_numeric() {
        Part::Sum(Sum::term(Base::Other(expr)))
    } else {
        Part::Atom(expr)
    }
}

fn part(expr: &Expr) -> Part {
    match expr {
        Expr::Number { value } => Part::Sum(Sum::constant(value.value())),
        Expr::Bool { .. } | Expr::String { .. } | Expr::Field { .. } => Part::Atom(expr.clone()),
        Expr::Unary { op, arg } => {
            let inner = part(arg);
            if *op == UnaryOp::Neg
                && let Some(negated) = inner
                    .as_sum()
                    .and_then(|s| s.clone().scale(Number::from(-1)))
            {
                return Part::Sum(negated);
            }
            atom(Expr::Unary {
                op: *op,
                arg: Box::new(inner.into_expr()),
            })
        }
        Expr::Binary { op, left, right } => binary_part(*op, part(left), part(right)),
        Expr::Dice {
            count,
            sides,
            modifier,
        } => dice_part(count, sides, modifier.as_ref()),
        Expr::Call { function, args } => call_part(*function, args),
    }
}

fn binary_part(op: BinaryOp, left: Part, right: Part) -> Part {
    if let (Some(a), Some(b)) = (left.as_sum(), right.as_sum()) {
        let combined = match op {
            BinaryOp::Add | BinaryOp::Sub => a.clone().add(b.clone(), op == BinaryOp::Sub),
            BinaryOp::Mul => match (a.as_constant(), b.as_constant()) {
                (Some(x), Some(y)) => x.checked_mul(y).ok().map(Sum::constant),
                (Some(c), _) if c != Number::ZERO => b.clone().scale(c),
                (_, Some(c)) if c != Number::ZERO => a.clone().scale(c),
                // Zero times plain dice is zero, whatever they show; other terms may fail.
                (Some(_), _) if b.only_dice() => Some(Sum::constant(Number::ZERO)),
                (_, Some(_)) if a.only_dice() => Some(Sum::constant(Number::ZERO)),
                _ => None,
            },
            BinaryOp::Div => b
                .as_constant()
                .and_then(|c| Number::ONE.checked_div(c)?.ok())
                .and_then(|inverse| a.clone().scale(inverse)),
            _ => None,
        };
        if let Some(sum) = combined {
            return Part::Sum(sum);
        }
    }
    atom(binary(op, left.into_expr(), right.into_expr()))
}

fn dice_part(count: &Expr, sides: &Expr, modifier: Option<&DiceModifier>) -> Part {
    let count = part(count).into_expr();
    let sides = part(sides).into_expr();
    let integer = |e: &Expr| match e {
        Expr::Number { value } => value.value().to_integer(),
        _ => None,
    };
    if modifier.is_none()
        && let (Some(n), Some(s)) = (integer(&count), integer(&sides))
        && (0..=MAX_DICE).contains(&n)
        && (1..=MAX_SIDES).contains(&s)
    {
        // No dice, or dice of one side, can only give one value.
        return Part::Sum(match (n, s) {
            (0, _) => Sum::constant(Number::ZERO),
            (n, 1) => Sum::constant(Number::from(n)),
            (count, sides) => Sum::term(Base::Dice { count, sides }),
        });
    }
    let modifier = modifier.map(|m| {
        let arg = |e: &Expr| Box::new(part(e).into_expr());
        match m {
            DiceModifier::KeepHighest(e) => DiceModifier::KeepHighest(arg(e)),
            DiceModifier::KeepLowest(e) => DiceModifier::KeepLowest(arg(e)),
            DiceModifier::Successes(e) => DiceModifier::Successes(arg(e)),
            DiceModifier::Pool => DiceModifier::Pool,
        }
    });
    atom(Expr::Dice {
        count: Box::new(count),
        sides: Box::new(sides),
        modifier,
    })
}

fn call_part(function: Function, args: &[Expr]) -> Part {
    if function.takes_id() {
        return atom(Expr::Call {
            function,
            args: args.to_vec(),
        });
    }
    let mut parts: Vec<Part> = args.iter().map(part).collect();
    if let Some(chosen) = decided(function, &parts) {
        return parts.swap_remove(chosen);
    }
    match (function, parts.as_slice()) {
        (Function::Floor | Function::Ceil | Function::Round | Function::Trunc, [Part::Sum(s)]) => {
            let round = match function {
                Function::Floor => Number::floor,
                Function::Ceil => Number::ceil,
                Function::Round => Number::round,
                _ => Number::trunc,
            };
            if let Some(c) = s.as_constant() {
                return Part::Sum(Sum::constant(round(c)));
            }
            if s.is_integer_valued() {
                return parts.remove(0);
            }
        }
        (Function::Abs, [Part::Sum(s)]) => {
            if let Some(c) = s.as_constant()
                && let Ok(abs) = c.checked_abs()
            {
                return Part::Sum(Sum::constant(abs));
            }
            match range(&s.to_expr()) {
                Some((min, _)) if min >= Number::ZERO => return parts.remove(0),
                Some((_, max)) if max <= Number::ZERO => {
                    if let Some(negated) = s.clone().scale(Number::from(-1)) {
                        return Part::Sum(negated);
                    }
                }
                _ => {}
            }
        }
        (Function::Min | Function::Max, _) => {
            return extreme(function, parts);
        }
        (Function::Clamp, [_, _, _]) => {
            if let Some(kept) = clamped(&parts) {
                return parts.swap_remove(kept);
            }
        }
        _ => {}
    }
    atom(Expr::Call {
        function,
        args: parts.into_iter().map(Part::into_expr).collect(),
    })
}

/// The option of an `if`, `choose` or `lookup` whose choosers became fixed values once
/// normalised (`if(0d6 > 0, …)` is `if(false, …)`), as evaluation would choose it; `None`
/// when still undecided or when choosing would fail (the call is then kept, and fails).
fn decided(function: Function, parts: &[Part]) -> Option<usize> {
    let constant = |p: &Part| p.as_sum().and_then(Sum::as_constant);
    match function {
        Function::If => match parts.first()? {
            Part::Atom(Expr::Bool { value }) => Some(if *value { 1 } else { 2 }),
            _ => None,
        },
        Function::Choose => {
            let index = constant(parts.first()?)?.to_integer()?;
            crate::eval::choose_position(index, parts.len() - 1)
                .ok()
                .map(|p| p + 1)
        }
        Function::Lookup => {
            let x = constant(parts.first()?)?;
            let mut chosen = None;
            for (i, threshold) in parts.iter().enumerate().skip(1).step_by(2) {
                if constant(threshold)? > x {
                    break;
                }
                chosen = Some(i + 1);
            }
            chosen.filter(|i| *i < parts.len())
        }
        _ => None,
    }
}

/// `min` or `max` without the arguments that can never decide it: for `max`, one whose
/// greatest value is at most another's least (of two equal fixed values, the first stays).
/// One argument left is the value itself.
fn extreme(function: Function, parts: Vec<Part>) -> Part {
    let exprs: Vec<Expr> = parts.into_iter().map(Part::into_expr).collect();
    let ranges: Vec<Option<(Number, Number)>> = exprs.iter().map(range).collect();
    let is_max = function == Function::Max;
    // `a` always wins over `b`.
    let beats = |a: (Number, Number), b: (Number, Number)| {
        if is_max { a.0 >= b.1 } else { a.1 <= b.0 }
    };
    let dominated = |j: usize| {
        let Some(b) = ranges[j] else { return false };
        ranges.iter().enumerate().any(|(i, a)| {
            // Between two that beat each other (equal fixed values) the earlier one stays.
            i != j && a.is_some_and(|a| beats(a, b) && (i < j || !beats(b, a)))
        })
    };
    let kept: Vec<Expr> = (0..exprs.len())
        .filter(|j| !dominated(*j))
        .map(|j| exprs[j].clone())
        .collect();
    match kept.as_slice() {
        [only] => part(only),
        _ => atom(Expr::Call {
            function,
            args: kept,
        }),
    }
}

/// Which argument of `clamp(x, lo, hi)` it always gives, when its bounds decide it.
fn clamped(parts: &[Part]) -> Option<usize> {
    let ranges: Vec<(Number, Number)> = parts
        .iter()
        .map(|p| match p {
            Part::Sum(s) => range(&s.to_expr()),
            Part::Atom(_) => None,
        })
        .collect::<Option<_>>()?;
    let [x, lo, hi] = ranges.as_slice() else {
        return None;
    };
    if x.0 >= hi.1 {
        // min(max(x, lo), hi) with max(x, lo) >= x >= hi.
        Some(2)
    } else if x.1 <= lo.0 && lo.1 <= hi.0 {
        Some(1)
    } else if x.0 >= lo.1 && x.1 <= hi.0 {
        Some(0)
    } else {
        None
    }
}

/// The canonical sum form of a tree, rewritten throughout (see the module header). A sum of
/// so many terms that its flat form would nest deeper than [`crate::MAX_DEPTH`] keeps the
/// shape it had, so its text still reads back.
pub(crate) fn canonical(expr: &Expr) -> Expr {
    let out = part(expr).into_expr();
    if out.depth() > crate::MAX_DEPTH && out.depth() > expr.depth() {
        return expr.clone();
    }
    out
}

impl Expr {
    /// `self + term`, in canonical form: like dice combined (`d8 + d8` → `2d8`), constants
    /// summed and a negative one subtracted (`d6` plus `-1` → `d6 - 1`), a zero dropped.
    ///
    /// For formulas already folded ([`Expr::fold_dice`]); a name or a condition in either
    /// stays as written.
    ///
    /// ```
    /// use opencharacter_formula::{Expr, Value, parse};
    /// let damage = parse("1d6")?;
    /// assert_eq!(damage.plus(&Expr::literal(&Value::from(-1))).to_string(), "d6 - 1");
    /// assert_eq!(parse("d8 + 3")?.plus(&parse("1d8")?).to_string(), "2d8 + 3");
    /// assert_eq!(parse("d20")?.plus(&Expr::literal(&Value::from(0))).to_string(), "d20");
    /// # Ok::<(), opencharacter_formula::ParseError>(())
    /// ```
    pub fn plus(&self, term: &Expr) -> Expr {
        canonical(&binary(BinaryOp::Add, self.clone(), term.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn canon(text: &str) -> String {
        canonical(&parse(text).expect("test formulas parse")).to_string()
    }

    #[test]
    fn sums_print_canonically() {
        for (text, expected) in [
            ("1d8 + 1d8", "2d8"),
            ("d6 + 3 - 1", "d6 + 2"),
            ("d6 + -1", "d6 - 1"),
            ("1d6 + 0", "d6"),
            ("3 + d6", "d6 + 3"),
            ("3 - d6", "3 - d6"),
            ("-d6 - 2", "-d6 - 2"),
            ("0 - d6", "-d6"),
            ("d20 - d4 + d6", "d20 + d6 - d4"),
            ("d8 - d8", "d8 - d8"),
            ("- d8 - d8", "-2d8"),
            ("4d6 + 4d6", "8d6"),
            ("2 * d6 + 2 * d6", "2 * 2d6"),
            ("d6 * 2", "2 * d6"),
            ("-(2 * d6)", "-2 * d6"),
            ("(d6 + 1) / 2", "d6 / 2 + 0.5"),
            ("3 * d6 / 2", "3 * d6 / 2"),
            ("d6 + 1 / 3", "d6 + 1 / 3"),
            ("0d6 + 1d1 + 2", "3"),
            ("2 - 2", "0"),
            ("4d6kh3 + 4d6kh3", "4d6kh3 + 4d6kh3"),
            ("d6 * d4 * 2", "2 * (d6 * d4)"),
            ("0 * d6", "0"),
            ("0 * 4d6kh3", "0 * 4d6kh3"),
            ("d6 / 0", "d6 / 0"),
            ("d6 + 1 / 0", "d6 + 1 / 0"),
            ("if(0d6 > 0, 2, 3) + d4", "d4 + 3"),
            ("if(0d6 > 0, 2d6, 3) + d4", "d4 + 3"),
            ("choose(1d1 + 1, d4, d6)", "d6"),
            ("lookup(0d4 + 4, 1, d4, 3, d6, 5, d8)", "d6"),
            ("lookup(0d4, 1, d4)", "lookup(0, 1, d4)"),
            ("d1 < 2", "true"),
            ("floor(d6)", "d6"),
            ("floor(d6 / 2)", "floor(d6 / 2)"),
            ("floor(7 / 2) + d6", "d6 + 3"),
            ("abs(d6 - 7)", "7 - d6"),
            ("max(d6, 0)", "d6"),
            ("max(d6, 3, 1)", "max(d6, 3)"),
            ("min(d6 + 6, 2d6, 20)", "min(d6 + 6, 2d6)"),
            ("max(2, 2)", "2"),
            ("clamp(d6, 0, 10)", "d6"),
            ("clamp(d6 + 10, 0, 5)", "5"),
            ("if(d20 >= 10, 1d8 + 1d8, 2)", "if(d20 >= 10, 2d8, 2)"),
            ("d20 + 3 - 1 >= 10", "d20 + 2 >= 10"),
            ("600d6 + 600d6", "600d6 + 600d6"),
            ("900d6 + 50d6 + 50d6 + 1d6", "1000d6 + d6"),
            ("x + 0", "x + 0"),
            ("d20 + x + 1 + 2", "d20 + x + 3"),
        ] {
            assert_eq!(canon(text), expected, "{text}");
        }
    }

    #[test]
    fn long_sums_keep_a_depth_that_reads_back() {
        // 64 rolls that cannot merge, summed as a balanced tree 7 levels deep: flat, the sum
        // would nest 64 levels.
        let mut level: Vec<String> = (0..64).map(|_| "4d6kh3".to_owned()).collect();
        while level.len() > 1 {
            level = level
                .chunks(2)
                .map(|p| format!("({} + {})", p[0], p[1]))
                .collect();
        }
        let tree = parse(&level[0]).expect("parses");
        let out = canonical(&tree);
        assert!(out.depth() <= crate::MAX_DEPTH);
        assert_eq!(parse(&out.to_string()).expect("reads back"), out);
    }

    #[test]
    fn canonical_text_reads_back_as_itself() {
        for text in [
            "-d6 / 2 + 1",
            "1 / 3 - 2 * d6",
            "-3 * d6 / 2 - 1 / 3",
            "-(d6 * d4)",
        ] {
            let once = canonical(&parse(text).expect("parses"));
            let reread = parse(&once.to_string()).expect("canonical text parses");
            assert_eq!(reread, once, "{text}");
            assert_eq!(canonical(&reread), once, "{text}");
        }
    }
}
