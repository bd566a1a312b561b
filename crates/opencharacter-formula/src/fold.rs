//! Dice-valued formulas: everything of a formula that does not roll is worked out for one
//! environment, and what is left is the dice to roll, in canonical text.
//!
//! `lookup(level, 1, 1d10, 5, 2d10, 11, 3d10, 17, 4d10)` at level 5 is `2d10`; `(5 + slot)d6`
//! from a 3rd-level slot is `8d6`; `1d8 + abilities.str.mod` with a modifier of -1 is `d8 - 1`.
//! A branch is chosen wherever what chooses it does not roll; a choice that rolls stays in the
//! formula (`if(d20 >= 10, 2d6, d6)`), with its own fixed parts worked out. The folded formula
//! has exactly the distribution of the original under the same environment.

use crate::eval::{
    EvalError, EvalErrorKind, Located, NoDice, Value, below_first_threshold, boolean,
    choose_position, integer, number,
};
use crate::eval_error::Whole;
use crate::kinds::rolls;
use crate::sum::canonical;
use crate::tree::{DiceModifier, Expr, Function};
use crate::{Distribution, Environment};

struct Folder<'a, E: ?Sized> {
    env: &'a E,
}

fn error_at(kind: EvalErrorKind, node: &Expr) -> EvalError {
    Located::from(kind).finish(node)
}

impl Expr {
    /// The formula with every part that does not roll replaced by its value under `env`, and
    /// every `if`, `choose` and `lookup` whose choice does not roll replaced by the branch it
    /// chooses, printed as a canonical sum (see [`Expr::plus`]).
    ///
    /// A formula that does not roll folds to its value (`slot + 2` → `5`). Errors are those of
    /// evaluating the parts folded: an unknown field, a `lookup` value below its first
    /// threshold. Under a choice that rolls, every option it can take is folded; one it can
    /// never take and that cannot be folded stays as written.
    ///
    /// ```
    /// use opencharacter_formula::{MapEnv, Value, parse};
    /// let mut env = MapEnv::default();
    /// env.fields.insert("level".into(), Value::from(5));
    /// env.fields.insert("slot".into(), Value::from(3));
    /// env.fields.insert("abilities.str.mod".into(), Value::from(-1));
    /// let fold = |text: &str| parse(text).unwrap().fold_dice(&env).unwrap().to_string();
    /// assert_eq!(fold("lookup(level, 1, 1d10, 5, 2d10, 11, 3d10, 17, 4d10)"), "2d10");
    /// assert_eq!(fold("(5 + slot)d6"), "8d6");
    /// assert_eq!(fold("1d8 + abilities.str.mod"), "d8 - 1");
    /// assert_eq!(fold("if(level >= 5, 2d6, 1d6) + 3"), "2d6 + 3");
    /// assert_eq!(fold("if(d20 >= 10 + level, 2d6, 1d6)"), "if(d20 >= 15, 2d6, d6)");
    /// ```
    pub fn fold_dice<E: Environment + ?Sized>(&self, env: &E) -> Result<Expr, EvalError> {
        let folder = Folder { env };
        Ok(canonical(&folder.fold(self)?))
    }
}

impl<E: Environment + ?Sized> Folder<'_, E> {
    /// A sub-formula's value, when it does not roll.
    fn value(&self, expr: &Expr) -> Result<Value, EvalError> {
        expr.eval(self.env, &mut NoDice)
    }

    fn fold(&self, expr: &Expr) -> Result<Expr, EvalError> {
        if !rolls(expr) {
            return Ok(Expr::literal(&self.value(expr)?));
        }
        Ok(match expr {
            Expr::Unary { op, arg } => Expr::Unary {
                op: *op,
                arg: Box::new(self.fold(arg)?),
            },
            Expr::Binary { op, left, right } => Expr::Binary {
                op: *op,
                left: Box::new(self.fold(left)?),
                right: Box::new(self.fold(right)?),
            },
            Expr::Call { function, args } => {
                if let Some(chosen) = self.chosen(*function, args, expr)? {
                    return self.fold(chosen);
                }
                self.rolled_choice(*function, args)?
            }
            Expr::Dice {
                count,
                sides,
                modifier,
            } => Expr::Dice {
                count: Box::new(self.fold(count)?),
                sides: Box::new(self.fold(sides)?),
                modifier: match modifier {
                    None => None,
                    Some(m) => Some(self.modifier(m)?),
                },
            },
            leaf => leaf.clone(),
        })
    }

    fn modifier(&self, modifier: &DiceModifier) -> Result<DiceModifier, EvalError> {
        let arg = |e: &Expr| self.fold(e).map(Box::new);
        Ok(match modifier {
            DiceModifier::KeepHighest(e) => DiceModifier::KeepHighest(arg(e)?),
            DiceModifier::KeepLowest(e) => DiceModifier::KeepLowest(arg(e)?),
            DiceModifier::Successes(e) => DiceModifier::Successes(arg(e)?),
            DiceModifier::Pool => DiceModifier::Pool,
        })
    }

    /// The option an `if`, `choose` or `lookup` takes, when what chooses it does not roll;
    /// `None` for other calls and for choices that roll. Chosen as evaluation chooses, with
    /// its errors.
    fn chosen<'e>(
        &self,
        function: Function,
        args: &'e [Expr],
        call: &Expr,
    ) -> Result<Option<&'e Expr>, EvalError> {
        let (Some(first), rest) = (args.first(), args.get(1..).unwrap_or_default()) else {
            return Ok(None);
        };
        Ok(match function {
            Function::If if !rolls(first) => {
                let condition = self.value(first)?;
                let condition = boolean(condition).map_err(|k| error_at(k, first))?;
                rest.get(if condition { 0 } else { 1 })
            }
            Function::Choose if !rolls(first) => {
                let index = self.value(first)?;
                let index = integer(index, Whole::ChooseIndex).map_err(|k| error_at(k, first))?;
                let position = choose_position(index, rest.len()).map_err(|k| error_at(k, call))?;
                rest.get(position)
            }
            Function::Lookup if !rolls(first) && !rest.iter().step_by(2).any(rolls) => {
                // The value and every threshold (arguments 0, 1, 3, …) are fixed.
                let x = self.value(first)?;
                let x = number(x).map_err(|k| error_at(k, first))?;
                let mut chosen = None;
                for pair in rest.chunks(2) {
                    let threshold = self.value(&pair[0])?;
                    if number(threshold).map_err(|k| error_at(k, &pair[0]))? > x {
                        break;
                    }
                    chosen = pair.get(1);
                }
                Some(chosen.ok_or_else(|| error_at(below_first_threshold(x), call))?)
            }
            _ => None,
        })
    }

    /// A call kept in the formula, its arguments folded. The options of a choice that rolls
    /// are each folded; one the choice can never take is kept as written if it cannot be.
    fn rolled_choice(&self, function: Function, args: &[Expr]) -> Result<Expr, EvalError> {
        let reachable = self.reachable(function, args);
        let mut folded = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let never = reachable
                .as_ref()
                .is_some_and(|r| !r.get(i).copied().unwrap_or(true));
            folded.push(match self.fold(arg) {
                Ok(done) => done,
                Err(_) if never => arg.clone(),
                Err(e) => return Err(e),
            });
        }
        Ok(Expr::Call {
            function,
            args: folded,
        })
    }

    /// For a choice that rolls: which arguments it can take (`true` for every argument that
    /// is no option), from the exact odds of what chooses; `None` when they are out of reach.
    fn reachable(&self, function: Function, args: &[Expr]) -> Option<Vec<bool>> {
        let first = args.first()?;
        let odds = |e: &Expr| -> Option<Distribution> { e.analyze(self.env).ok() };
        let mut reach: Vec<bool> = (0..args.len())
            .map(|i| match function {
                Function::If => i == 0,
                Function::Choose => i == 0,
                Function::Lookup => i == 0 || i % 2 == 1,
                _ => true,
            })
            .collect();
        match function {
            Function::If => {
                for (value, _) in odds(first)?.outcomes() {
                    let branch = if boolean(value.clone()).ok()? { 1 } else { 2 };
                    *reach.get_mut(branch)? = true;
                }
            }
            Function::Choose => {
                for (value, _) in odds(first)?.outcomes() {
                    let index = integer(value.clone(), Whole::ChooseIndex).ok()?;
                    *reach.get_mut(1 + choose_position(index, args.len() - 1).ok()?)? = true;
                }
            }
            Function::Lookup => {
                if args[1..].iter().step_by(2).any(rolls) {
                    return None;
                }
                let thresholds = args[1..]
                    .iter()
                    .step_by(2)
                    .map(|t| number(self.value(t).ok()?).ok())
                    .collect::<Option<Vec<_>>>()?;
                for (value, _) in odds(first)?.outcomes() {
                    let v = number(value.clone()).ok()?;
                    let passed = thresholds.iter().take_while(|t| **t <= v).count();
                    *reach.get_mut(2 * passed.checked_sub(1)? + 2)? = true;
                }
            }
            _ => return None,
        }
        Some(reach)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MapEnv, parse};

    fn env() -> MapEnv {
        let mut env = MapEnv::default();
        for (name, value) in [
            ("level", 5),
            ("slot", 3),
            ("spellcasting.mod", 3),
            ("abilities.str.mod", -1),
            ("zero", 0),
        ] {
            env.fields.insert(name.into(), Value::from(value));
        }
        env.fields.insert("flag".into(), Value::Bool(true));
        env
    }

    fn fold(text: &str) -> Result<String, String> {
        parse(text)
            .expect("test formulas parse")
            .fold_dice(&env())
            .map(|e| e.to_string())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn fixed_choices_take_their_branch() {
        // Each expectation is the SRD's table read at the environment's values: Fire Bolt at
        // character level 5 is 2d10, Fireball from a 3rd-level slot is 8d6, Flame Strike's
        // 4d6 fire + 4d6 radiant is 8d6 in all, Cure Wounds is 3d8 + the modifier.
        for (text, expected) in [
            (
                "lookup(level, 1, 1d10, 5, 2d10, 11, 3d10, 17, 4d10)",
                "2d10",
            ),
            ("lookup(slot, 3, 8d6, 4, 9d6, 5, 10d6)", "8d6"),
            ("lookup(slot, 1, 4d6 + 4d6, 3, 4d6 + 5d6)", "9d6"),
            ("(5 + slot)d6", "8d6"),
            ("(slot)d8 + spellcasting.mod", "3d8 + 3"),
            ("slot + 2", "5"),
            ("if(flag, 2d6, 1d6) + 3", "2d6 + 3"),
            ("choose(2, d4, d6, d8)", "d6"),
            ("1d6 + abilities.str.mod", "d6 - 1"),
            ("1d6 + zero", "d6"),
            ("d6 + 3 - 1", "d6 + 2"),
            ("max(1, 1d6 + abilities.str.mod)", "max(1, d6 - 1)"),
            ("max(0, 1d6 + spellcasting.mod)", "d6 + 3"),
            ("(level)d(slot)kh(slot - 1)", "5d3kh2"),
            (
                "if(d20 >= 10 + level, 2d6, lookup(level, 1, d4, 5, d8))",
                "if(d20 >= 15, 2d6, d8)",
            ),
            ("d20 + 5 >= 15", "d20 + 5 >= 15"),
        ] {
            assert_eq!(fold(text).as_deref(), Ok(expected), "{text}");
        }
    }

    #[test]
    fn folding_fails_as_evaluation_would() {
        for (text, code) in [
            ("lookup(level, 6, 1d10, 11, 2d10)", "formula-out-of-range"),
            ("1d6 + nope", "formula-unknown-field"),
            ("choose(4, d4, d6)", "formula-out-of-range"),
            ("if(level, d4, d6)", "formula-wrong-type"),
            ("if(d20 >= 10, d4, nope)", "formula-unknown-field"),
        ] {
            let err = parse(text).unwrap().fold_dice(&env()).unwrap_err();
            assert_eq!(err.code(), code, "{text}: {err}");
        }
        let err = parse("lookup(level, 6, 1d10)")
            .unwrap()
            .fold_dice(&env())
            .unwrap_err();
        assert_eq!(err.at, "lookup(level, 6, d10)");
        // An option a roll can never choose is kept as it is when it cannot be folded.
        assert_eq!(
            fold("if(d6 > 6, nope, 2d6)").as_deref(),
            Ok("if(d6 > 6, nope, 2d6)")
        );
        assert_eq!(
            fold("choose(d2, d4, d6, nope)").as_deref(),
            Ok("choose(d2, d4, d6, nope)")
        );
    }
}
