//! Minimum, maximum and mean without enumerating outcomes, for formulas whose exact
//! distribution is too large (`100d6`).
//!
//! Interval arithmetic over the tree: every sub-formula gets the least and greatest value it can
//! take, and, where linearity of expectation gives it exactly, its mean. Sibling sub-formulas
//! share no dice, so they are independent and the mean of a product is the product of the means.

use crate::Environment;
use crate::dist::Distribution;
use crate::eval::{EvalError, EvalErrorKind, Located, Raw, number, read_id};
use crate::eval_error::{OutOfRange, TypeName, Unbounded};
use crate::number::Number;
use crate::tree::{BinaryOp, DiceModifier, Expr, Function, UnaryOp};

/// The least and greatest value a numeric formula can take, and its mean when known exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The least possible value.
    pub min: Number,
    /// The greatest possible value.
    pub max: Number,
    /// The exact mean, when it can be found without enumerating outcomes.
    pub mean: Option<Number>,
}

impl Bounds {
    fn fixed(n: Number) -> Bounds {
        Bounds {
            min: n,
            max: n,
            mean: Some(n),
        }
    }

    fn is_fixed(&self) -> bool {
        self.min == self.max
    }
}

fn no_bounds(what: Unbounded) -> Located {
    EvalErrorKind::OutOfRange(OutOfRange::NoBounds(what)).into()
}

impl Expr {
    /// The minimum, maximum and mean of a numeric formula under `env`, without rolling: exact
    /// from the distribution when it is small enough, otherwise by interval arithmetic (the
    /// mean then only where linearity gives it exactly).
    ///
    /// ```
    /// use opencharacter_formula::{MapEnv, Number, parse};
    /// let b = parse("100d6 + 5")?.bounds(&MapEnv::default())?;
    /// assert_eq!((b.min, b.max, b.mean), (Number::from(105), Number::from(605), Some(Number::from(355))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bounds<E: Environment + ?Sized>(&self, env: &E) -> Result<Bounds, EvalError> {
        match self.analyze(env) {
            Ok(dist) => from_distribution(&dist).ok_or_else(|| EvalError {
                kind: EvalErrorKind::WrongType {
                    expected: TypeName::Number,
                    found: TypeName::BooleanOrString,
                },
                at: self.to_string(),
            }),
            Err(err) if err.code() == "formula-limit" => {
                interval(self, env).map_err(|e| e.finish(self))
            }
            Err(err) => Err(err),
        }
    }
}

fn from_distribution(dist: &Distribution) -> Option<Bounds> {
    Some(Bounds {
        min: dist.min()?,
        max: dist.max()?,
        mean: dist.mean(),
    })
}

fn mul(a: Bounds, b: Bounds) -> Raw<Bounds> {
    let products = [
        a.min.checked_mul(b.min)?,
        a.min.checked_mul(b.max)?,
        a.max.checked_mul(b.min)?,
        a.max.checked_mul(b.max)?,
    ];
    let mean = match (a.mean, b.mean) {
        (Some(x), Some(y)) => Some(x.checked_mul(y)?),
        _ => None,
    };
    Ok(Bounds {
        min: products.iter().copied().min().unwrap_or(Number::ZERO),
        max: products.iter().copied().max().unwrap_or(Number::ZERO),
        mean,
    })
}

/// A monotone non-decreasing function applied to both ends; the mean is lost unless fixed.
fn monotone(b: Bounds, f: impl Fn(Number) -> Number) -> Bounds {
    Bounds {
        min: f(b.min),
        max: f(b.max),
        mean: if b.is_fixed() { Some(f(b.min)) } else { None },
    }
}

fn interval<E: Environment + ?Sized>(expr: &Expr, env: &E) -> Raw<Bounds> {
    let sub = |e: &Expr| interval(e, env);
    Ok(match expr {
        Expr::Number { value } => Bounds::fixed(value.value()),
        Expr::Field { pack, name } => {
            let value = env
                .field(pack.as_deref(), name)
                .ok_or_else(|| Located::from(EvalErrorKind::UnknownField(name.clone())))?;
            Bounds::fixed(number(value)?)
        }
        Expr::Call {
            function:
                function @ (Function::Count
                | Function::Total
                | Function::Tagged
                | Function::Levels
                | Function::Linked),
            args,
        } => match args.as_slice() {
            [Expr::String { value }, tag @ ..] => {
                Bounds::fixed(number(read_id(env, *function, value, tag.first())?)?)
            }
            _ => return Err(no_bounds(Unbounded::CallWithoutLiteral)),
        },
        Expr::Unary {
            op: UnaryOp::Neg,
            arg,
        } => {
            let b = sub(arg)?;
            Bounds {
                min: b.max.checked_neg()?,
                max: b.min.checked_neg()?,
                mean: b.mean.map(Number::checked_neg).transpose()?,
            }
        }
        Expr::Binary { op, left, right } => {
            let (a, b) = (sub(left)?, sub(right)?);
            match op {
                BinaryOp::Add | BinaryOp::Sub => {
                    let add = *op == BinaryOp::Add;
                    let combine = |x: Number, y: Number| {
                        if add {
                            x.checked_add(y)
                        } else {
                            x.checked_sub(y)
                        }
                    };
                    Bounds {
                        min: combine(a.min, if add { b.min } else { b.max })?,
                        max: combine(a.max, if add { b.max } else { b.min })?,
                        mean: match (a.mean, b.mean) {
                            (Some(x), Some(y)) => Some(combine(x, y)?),
                            _ => None,
                        },
                    }
                }
                BinaryOp::Mul => mul(a, b)?,
                BinaryOp::Div if b.is_fixed() => {
                    let inverse = Number::ONE
                        .checked_div(b.min)
                        .ok_or(EvalErrorKind::DivisionByZero)??;
                    mul(a, Bounds::fixed(inverse))?
                }
                _ => {
                    return Err(no_bounds(Unbounded::Operator(op.symbol())));
                }
            }
        }
        Expr::Call { function, args } => {
            let parts = args.iter().map(sub).collect::<Raw<Vec<Bounds>>>()?;
            match (function, parts.as_slice()) {
                (Function::Floor, [b]) => monotone(*b, Number::floor),
                (Function::Ceil, [b]) => monotone(*b, Number::ceil),
                (Function::Round, [b]) => monotone(*b, Number::round),
                (Function::Trunc, [b]) => monotone(*b, Number::trunc),
                (Function::Min | Function::Max, [first, rest @ ..]) => {
                    let pick = |x: Number, y: Number| {
                        if *function == Function::Min {
                            x.min(y)
                        } else {
                            x.max(y)
                        }
                    };
                    let mut out = *first;
                    for b in rest {
                        out = Bounds {
                            min: pick(out.min, b.min),
                            max: pick(out.max, b.max),
                            mean: None,
                        };
                    }
                    if parts.iter().all(Bounds::is_fixed) {
                        out.mean = Some(out.min);
                    }
                    out
                }
                (Function::Clamp, [x, lo, hi]) => Bounds {
                    min: x.min.max(lo.min).min(hi.min),
                    max: x.max.max(lo.max).min(hi.max),
                    mean: None,
                },
                _ => {
                    return Err(no_bounds(Unbounded::Function(function.name())));
                }
            }
        }
        Expr::Dice {
            count,
            sides,
            modifier,
        } => {
            let (c, s) = (sub(count)?, sub(sides)?);
            let (Some(cmin), Some(cmax), Some(smax)) =
                (c.min.to_integer(), c.max.to_integer(), s.max.to_integer())
            else {
                return Err(no_bounds(Unbounded::FractionalDice));
            };
            let fixed = c.is_fixed() && s.is_fixed();
            let n = |x: i64| Number::from(x);
            match modifier {
                None => Bounds {
                    min: n(cmin.max(0)),
                    max: n(cmax).checked_mul(n(smax))?,
                    // Linearity: N dice of S sides average N (S + 1) / 2.
                    mean: if fixed {
                        Some(
                            n(cmin)
                                .checked_mul(n(smax).checked_add(Number::ONE)?)?
                                .checked_div(n(2))
                                .ok_or(EvalErrorKind::DivisionByZero)??,
                        )
                    } else {
                        None
                    },
                },
                Some(DiceModifier::KeepHighest(k) | DiceModifier::KeepLowest(k)) => {
                    let k = sub(k)?;
                    let kmax = k.max.to_integer().unwrap_or(cmax).clamp(0, cmax.max(0));
                    let kmin = k.min.to_integer().unwrap_or(0).clamp(0, cmin.max(0));
                    Bounds {
                        min: n(kmin),
                        max: n(kmax).checked_mul(n(smax))?,
                        mean: None,
                    }
                }
                Some(DiceModifier::Successes(_)) => Bounds {
                    min: Number::ZERO,
                    max: n(cmax.max(0)),
                    mean: None,
                },
                Some(DiceModifier::Pool) => Bounds {
                    min: Number::ONE,
                    max: n(smax).checked_add(Number::ONE)?,
                    mean: None,
                },
            }
        }
        _ => {
            return Err(no_bounds(Unbounded::NotNumeric));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MapEnv, parse};

    fn bounds(text: &str) -> Bounds {
        parse(text)
            .expect("parses")
            .bounds(&MapEnv::default())
            .expect("bounds")
    }

    #[test]
    fn small_formulas_use_the_exact_distribution() {
        let b = bounds("4d6kh3");
        assert_eq!(
            (b.min, b.max, b.mean),
            (Number::from(3), Number::from(18), Number::new(15869, 1296))
        );
    }

    #[test]
    fn large_formulas_use_intervals() {
        let b = bounds("200d6 - 2 * 100d4 + 3");
        assert_eq!(b.min, Number::from(200 - 800 + 3));
        assert_eq!(b.max, Number::from(1200 - 200 + 3));
        assert_eq!(b.mean, Some(Number::from(700 - 500 + 3)));
        let b = bounds("floor(200d6 / 2)");
        assert_eq!(
            (b.min, b.max, b.mean),
            (Number::from(100), Number::from(600), None)
        );
        let b = bounds("200d6kh100");
        assert_eq!((b.min, b.max), (Number::from(100), Number::from(600)));
    }

    #[test]
    fn booleans_have_no_bounds() {
        let err = parse("200d6 > 3")
            .expect("parses")
            .bounds(&MapEnv::default());
        assert_eq!(err.map_err(|e| e.code()), Err("formula-out-of-range"));
    }
}
