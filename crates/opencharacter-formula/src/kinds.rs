//! What kind of value a formula can give, known from its tree alone: a number, dice (a number
//! that rolls), a boolean, a string, or whatever a name holds.
//!
//! A builder uses it to refuse, before any character exists, a formula that can never be what
//! its place needs (a comparison where the model expects dice). It never evaluates anything and
//! never reads an environment: a field name or a setting could hold any value, so it is
//! reported as such, never guessed.

use std::fmt;

use crate::tree::{BinaryOp, DiceModifier, Expr, Function, UnaryOp};

/// One kind of value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A number that does not roll.
    Number,
    /// A number that rolls: a dice term, `under`, or anything computed from one.
    Dice,
    /// A boolean (a comparison, `has`, `and`, …), rolled or not.
    Boolean,
    /// A string.
    String,
}

impl Kind {
    fn bit(self) -> u8 {
        match self {
            Kind::Number => TABLE[0].0,
            Kind::Dice => TABLE[1].0,
            Kind::Boolean => TABLE[2].0,
            Kind::String => TABLE[3].0,
        }
    }
}

/// Bit of a value read from a name (a field or a setting): any kind.
const NAMES: u8 = 16;
/// A number or dice.
const NUMERIC: u8 = 1 | 2;

/// The kinds of value a formula can give. A formula that can only fail (`-true`) gives none.
///
/// ```
/// use opencharacter_formula::{Kind, parse};
/// let kinds = parse("if(level >= 5, 2d10, 1d10) + 3")?.kinds();
/// assert!(kinds.may_be(Kind::Dice) && !kinds.may_be(Kind::Number));
/// assert!(parse("d20 + 5 >= 15")?.kinds().only(Kind::Boolean));
/// assert!(parse("weapon.damage")?.kinds().from_names());
/// assert_eq!(parse("has(\"feats.alert\")")?.kinds().to_string(), "a boolean");
/// # Ok::<(), opencharacter_formula::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Kinds(u8);

impl Kinds {
    /// Exactly one kind.
    pub fn of(kind: Kind) -> Kinds {
        Kinds(kind.bit())
    }

    /// Whatever a name holds.
    pub fn names() -> Kinds {
        Kinds(NAMES)
    }

    /// Whether the formula may give a value of `kind` (a name's value may be of any kind, and
    /// is not counted here: see [`Kinds::from_names`]).
    pub fn may_be(self, kind: Kind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// Whether the formula may give a value read from a name, whose kind only the environment
    /// knows.
    pub fn from_names(self) -> bool {
        self.0 & NAMES != 0
    }

    /// Whether it gives `kind` and nothing else (no name's value either).
    pub fn only(self, kind: Kind) -> bool {
        self.0 == kind.bit()
    }

    /// Whether it can never give a value (every evaluation fails).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether it may be a number or dice, as a dice-typed place needs: a number, dice, or a
    /// name's value.
    pub fn may_be_numeric(self) -> bool {
        self.0 & (NUMERIC | NAMES) != 0
    }

    /// Whether it is surely a number or dice: never a boolean, a string or a name's value.
    pub fn surely_numeric(self) -> bool {
        self.0 != 0 && self.0 & !NUMERIC == 0
    }

    /// Both sets: what either of two branches can give.
    pub fn union(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    /// The kinds when the value is also chosen by a roll: a number becomes dice, and a
    /// name's value may then be dice too.
    fn rolled(self) -> Kinds {
        let mut bits = self.0;
        if self.may_be(Kind::Number) || self.from_names() {
            bits |= Kind::Dice.bit();
        }
        Kinds(bits & !Kind::Number.bit())
    }
}

/// Each kind's bit, its token and its words.
const TABLE: [(u8, &str, &str); 5] = [
    (1, "number", "a number"),
    (2, "dice", "dice"),
    (4, "boolean", "a boolean"),
    (8, "string", "a string"),
    (NAMES, "name", "a name's value"),
];

impl Kinds {
    /// The kinds as tokens, in the order `number`, `dice`, `boolean`, `string`, `name` (a
    /// name's value), as the conformance vectors write them; empty for no value.
    ///
    /// ```
    /// let kinds = opencharacter_formula::parse("if(flag, 2d6, weapon.damage)")?.kinds();
    /// assert_eq!(kinds.tokens(), ["dice", "name"]);
    /// # Ok::<(), opencharacter_formula::ParseError>(())
    /// ```
    pub fn tokens(self) -> Vec<&'static str> {
        TABLE
            .iter()
            .filter(|(bit, _, _)| self.0 & bit != 0)
            .map(|(_, token, _)| *token)
            .collect()
    }
}

/// `a number`, `dice`, `a boolean`, `a string`, `a name's value`, joined with `or`; `no value`.
impl fmt::Display for Kinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let found: Vec<&str> = TABLE
            .iter()
            .filter(|(bit, _, _)| self.0 & bit != 0)
            .map(|(_, _, words)| *words)
            .collect();
        if found.is_empty() {
            return f.write_str("no value");
        }
        f.write_str(&found.join(" or "))
    }
}

/// What arithmetic on operands of `parts` gives: a number when every operand may be one (a
/// name's value may be), dice when every operand may be numeric and one may roll; nothing when
/// an operand can never be numeric.
fn arithmetic(parts: impl IntoIterator<Item = Kinds>) -> Kinds {
    let (mut all_numeric, mut all_fixed, mut any_dice) = (true, true, false);
    for kinds in parts {
        all_numeric &= kinds.may_be_numeric();
        all_fixed &= kinds.may_be(Kind::Number) || kinds.from_names();
        any_dice |= kinds.may_be(Kind::Dice);
    }
    let mut out = Kinds::default();
    if all_numeric && all_fixed {
        out = out.union(Kinds::of(Kind::Number));
    }
    if all_numeric && any_dice {
        out = out.union(Kinds::of(Kind::Dice));
    }
    out
}

/// Whether the sub-formula rolls dice (a dice term or `under`), stopping at the first.
pub(crate) fn rolls(expr: &Expr) -> bool {
    match expr {
        Expr::Dice { .. } => true,
        Expr::Call {
            function: Function::Under,
            ..
        } => true,
        other => other.children().any(rolls),
    }
}

impl Expr {
    /// The kinds of value the formula can give, from its tree alone.
    pub fn kinds(&self) -> Kinds {
        match self {
            Expr::Number { .. } => Kinds::of(Kind::Number),
            Expr::Bool { .. } => Kinds::of(Kind::Boolean),
            Expr::String { .. } => Kinds::of(Kind::String),
            Expr::Field { .. } => Kinds::names(),
            Expr::Unary {
                op: UnaryOp::Neg,
                arg,
            } => arithmetic([arg.kinds()]),
            Expr::Unary {
                op: UnaryOp::Not, ..
            } => Kinds::of(Kind::Boolean),
            Expr::Binary { op, left, right } => match op {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => {
                    arithmetic([left.kinds(), right.kinds()])
                }
                _ => Kinds::of(Kind::Boolean),
            },
            Expr::Dice {
                count,
                sides,
                modifier,
            } => {
                let arg = modifier.as_ref().and_then(DiceModifier::arg);
                let parts = [Some(&**count), Some(&**sides), arg];
                if parts
                    .into_iter()
                    .flatten()
                    .all(|p| p.kinds().may_be_numeric())
                {
                    Kinds::of(Kind::Dice)
                } else {
                    Kinds::default()
                }
            }
            Expr::Call { function, args } => call_kinds(*function, args),
        }
    }
}

fn call_kinds(function: Function, args: &[Expr]) -> Kinds {
    let selected = |selector: &[Expr], options: &mut dyn Iterator<Item = &Expr>| {
        let kinds = options.fold(Kinds::default(), |k, option| k.union(option.kinds()));
        if selector.iter().any(rolls) {
            kinds.rolled()
        } else {
            kinds
        }
    };
    match function {
        Function::Floor
        | Function::Ceil
        | Function::Round
        | Function::Trunc
        | Function::Abs
        | Function::Min
        | Function::Max
        | Function::Clamp => arithmetic(args.iter().map(Expr::kinds)),
        Function::If => {
            let (condition, branches) = args.split_at(args.len().min(1));
            selected(condition, &mut branches.iter())
        }
        Function::Choose => {
            let (index, options) = args.split_at(args.len().min(1));
            selected(index, &mut options.iter())
        }
        Function::Lookup => {
            // The value and every threshold (arguments 0, 1, 3, …) choose; the arguments
            // after each threshold are the options.
            let (value, pairs) = args.split_at(args.len().min(1));
            let thresholds_roll = pairs.iter().step_by(2).any(rolls);
            let kinds = selected(value, &mut pairs.iter().skip(1).step_by(2));
            if thresholds_roll {
                kinds.rolled()
            } else {
                kinds
            }
        }
        Function::Has | Function::First => Kinds::of(Kind::Boolean),
        Function::Count
        | Function::Total
        | Function::Tagged
        | Function::Levels
        | Function::Linked => Kinds::of(Kind::Number),
        Function::Setting => Kinds::names(),
        Function::Under => Kinds::of(Kind::Dice),
    }
}

#[cfg(test)]
mod tests {
    use crate::parse;

    fn kinds(text: &str) -> String {
        parse(text)
            .expect("test formulas parse")
            .kinds()
            .to_string()
    }

    #[test]
    fn each_node_gives_its_kinds() {
        for (text, expected) in [
            ("3", "a number"),
            ("level + 1", "a number"),
            ("2d6 + abilities.str.mod", "dice"),
            ("(5 + slot)d6", "dice"),
            ("lookup(level, 1, 1d10, 5, 2d10)", "dice"),
            ("if(flag, 2d6, 0)", "a number or dice"),
            ("if(d20 >= 10, 2, 1)", "dice"),
            ("lookup(d6, 1, 2, 4, 5)", "dice"),
            ("if(d6 >= 2, level, slot)", "dice or a name's value"),
            ("choose(2, 1, \"x\")", "a number or a string"),
            ("d20 + 5 >= 15", "a boolean"),
            ("has(\"feats.alert\")", "a boolean"),
            ("not flag", "a boolean"),
            ("\"2d6\"", "a string"),
            ("weapon.damage", "a name's value"),
            ("setting(\"variant.mode\")", "a name's value"),
            ("if(flag, weapon.damage, 1d6)", "dice or a name's value"),
            ("total(\"weight\") + tagged(\"gear\")", "a number"),
            (
                "levels(\"classes.fighter\") + linked(\"heavy\")",
                "a number",
            ),
            ("first(\"classes.fighter\")", "a boolean"),
            ("under(35)", "dice"),
            ("-true", "no value"),
            ("\"a\" + 1", "no value"),
            ("(true)d6", "no value"),
            ("max(1d6, 3)", "dice"),
        ] {
            assert_eq!(kinds(text), expected, "{text}");
        }
    }
}
