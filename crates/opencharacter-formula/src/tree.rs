//! The syntax tree: what a formula means, independent of how it was spaced or parenthesised.
//!
//! The tree is also the formula's JSON form (serde, published as
//! `schemas/formula-tree.schema.json`): every node is an object whose `kind` says what it is.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::number::Number;

/// A formula's syntax tree.
///
/// ```
/// use opencharacter_formula::{Expr, parse};
/// let tree = parse("1 + 2 * x")?;
/// assert!(matches!(tree, Expr::Binary { .. }));
/// let json = serde_json::to_string(&tree)?;
/// assert_eq!(Expr::from_json(&json)?, tree);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "camelCase", deny_unknown_fields)]
#[schemars(title = "FormulaTree")]
pub enum Expr {
    /// A number literal, written as a non-negative decimal (`"12"`, `"1.5"`). A minus sign is a
    /// `unary` node.
    Number {
        /// The value, as a decimal string so that it is exact.
        value: Literal,
    },
    /// `true` or `false`.
    Bool {
        /// The value.
        value: bool,
    },
    /// A string literal (`"feats.alert"`).
    String {
        /// The text, unescaped.
        value: String,
    },
    /// A field name, bare (`abilities.str.mod`) or qualified (`@5e-srd-5.1:abilities.str.mod`).
    Field {
        /// The pack ID of a qualified name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pack: Option<String>,
        /// The dotted field ID.
        name: String,
    },
    /// A prefix operator.
    Unary {
        /// `-` or `not`.
        op: UnaryOp,
        /// The operand.
        arg: Box<Expr>,
    },
    /// An infix operator.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The left operand.
        left: Box<Expr>,
        /// The right operand.
        right: Box<Expr>,
    },
    /// A function call (`floor(x)`, `if(c, a, b)`, `has("feats.alert")`).
    Call {
        /// The function.
        function: Function,
        /// The arguments, in order.
        args: Vec<Expr>,
    },
    /// A dice term (`d20`, `2d6`, `4d6kh3`, `(n)d6p`).
    Dice {
        /// How many dice (`1` for `d20`).
        count: Box<Expr>,
        /// How many sides each die has.
        sides: Box<Expr>,
        /// What the roll reads as, when not the sum of the dice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        modifier: Option<DiceModifier>,
    },
}

/// A number literal: a non-negative [`Number`] with a finite decimal expansion. In JSON, a
/// decimal string (`"1.5"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Literal(Number);

impl Literal {
    /// The literal for `value`, if it is non-negative and has a finite decimal expansion.
    pub fn new(value: Number) -> Option<Literal> {
        (value >= Number::ZERO && value.to_decimal().is_some()).then_some(Literal(value))
    }

    /// The value.
    pub fn value(self) -> Number {
        self.0
    }
}

impl Serialize for Literal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self
            .0
            .to_decimal()
            .expect("a Literal always has a decimal form");
        serializer.serialize_str(&text)
    }
}

impl<'de> Deserialize<'de> for Literal {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Number::parse_decimal(&text)
            .and_then(Literal::new)
            .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not a decimal literal")))
    }
}

impl JsonSchema for Literal {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "DecimalLiteral".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A non-negative decimal number, exact: digits, then optionally `.` and digits.",
            "pattern": "^[0-9]+(\\.[0-9]+)?$"
        })
    }
}

/// Prefix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum UnaryOp {
    /// Arithmetic negation `-x`.
    #[serde(rename = "-")]
    Neg,
    /// Logical negation `not x`.
    #[serde(rename = "not")]
    Not,
}

/// Infix operators, by the text they are written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum BinaryOp {
    /// `+`
    #[serde(rename = "+")]
    Add,
    /// `-`
    #[serde(rename = "-")]
    Sub,
    /// `*`
    #[serde(rename = "*")]
    Mul,
    /// `/` (exact)
    #[serde(rename = "/")]
    Div,
    /// `%` (floored remainder)
    #[serde(rename = "%")]
    Rem,
    /// `==`
    #[serde(rename = "==")]
    Eq,
    /// `!=`
    #[serde(rename = "!=")]
    Ne,
    /// `<`
    #[serde(rename = "<")]
    Lt,
    /// `<=`
    #[serde(rename = "<=")]
    Le,
    /// `>`
    #[serde(rename = ">")]
    Gt,
    /// `>=`
    #[serde(rename = ">=")]
    Ge,
    /// `and`
    #[serde(rename = "and")]
    And,
    /// `or`
    #[serde(rename = "or")]
    Or,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
        }
    }

    /// Binding strength: `or` 1, `and` 2, comparisons 4, `+ -` 5, `* / %` 6 (`not` is 3, unary
    /// minus 7).
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 1,
            BinaryOp::And => 2,
            BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge => 4,
            BinaryOp::Add | BinaryOp::Sub => 5,
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 6,
        }
    }

    /// Every operator, for tests and generators.
    pub const ALL: [BinaryOp; 13] = [
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
        BinaryOp::Rem,
        BinaryOp::Eq,
        BinaryOp::Ne,
        BinaryOp::Lt,
        BinaryOp::Le,
        BinaryOp::Gt,
        BinaryOp::Ge,
        BinaryOp::And,
        BinaryOp::Or,
    ];
}

/// The built-in functions. There are no others: an unknown name is a parse error.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Function {
    /// `floor(x)`: the largest integer not above `x`.
    Floor,
    /// `ceil(x)`: the smallest integer not below `x`.
    Ceil,
    /// `round(x)`: the nearest integer, halves away from zero.
    Round,
    /// `trunc(x)`: toward zero.
    Trunc,
    /// `abs(x)`.
    Abs,
    /// `min(x, ...)`: the least of one or more numbers.
    Min,
    /// `max(x, ...)`: the greatest of one or more numbers.
    Max,
    /// `clamp(x, lo, hi)`: `min(max(x, lo), hi)`.
    Clamp,
    /// `if(condition, then, else)`: only the chosen branch is evaluated.
    If,
    /// `has("content.id")`: whether the character owns the content item.
    Has,
    /// `count("content.id")`: how many of the item the character owns.
    Count,
    /// `setting("setting.id")`: the value of a table setting.
    Setting,
    /// `choose(i, a1, ..., an)`: the `i`-th of the options (1-based); only it is evaluated.
    Choose,
    /// `lookup(x, t1, v1, ..., tn, vn)`: the `v` of the last threshold `t <= x`.
    Lookup,
    /// `under(target)` or `under(target, advantage)`: a d100 roll-under read 0–99, giving an
    /// outcome 0 (critical failure), 1 (failure), 2 (success) or 3 (critical success).
    Under,
    /// `total("property")` or `total("property", "tag")`: the sum of a numeric property over
    /// what the character owns, each item counted with its quantity (only items carrying the
    /// tag, when one is given; an item without the property adds 0).
    Total,
    /// `tagged("tag")`: how many owned items carry the tag, each counted with its quantity.
    Tagged,
    /// `levels("id")`: the levels the character holds in a content item (a class), or in
    /// every item of a content type when the ID names a type and no item.
    Levels,
    /// `first("id")`: whether the content item is the first of its content type the
    /// character lists (the class a character started with).
    First,
    /// `linked("tag")`: how many owned items filling a link slot carry the tag (worn armor,
    /// a wielded weapon), each counted with its quantity.
    Linked,
}

impl Function {
    /// Every function, in the order the spec lists them.
    pub const ALL: [Function; 20] = [
        Function::Floor,
        Function::Ceil,
        Function::Round,
        Function::Trunc,
        Function::Abs,
        Function::Min,
        Function::Max,
        Function::Clamp,
        Function::If,
        Function::Has,
        Function::Count,
        Function::Setting,
        Function::Choose,
        Function::Lookup,
        Function::Under,
        Function::Total,
        Function::Tagged,
        Function::Levels,
        Function::First,
        Function::Linked,
    ];

    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            Function::Floor => "floor",
            Function::Ceil => "ceil",
            Function::Round => "round",
            Function::Trunc => "trunc",
            Function::Abs => "abs",
            Function::Min => "min",
            Function::Max => "max",
            Function::Clamp => "clamp",
            Function::If => "if",
            Function::Has => "has",
            Function::Count => "count",
            Function::Setting => "setting",
            Function::Choose => "choose",
            Function::Lookup => "lookup",
            Function::Under => "under",
            Function::Total => "total",
            Function::Tagged => "tagged",
            Function::Levels => "levels",
            Function::First => "first",
            Function::Linked => "linked",
        }
    }

    /// The function called `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether `n` arguments are accepted.
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Function::Floor
            | Function::Ceil
            | Function::Round
            | Function::Trunc
            | Function::Abs
            | Function::Has
            | Function::Count
            | Function::Setting
            | Function::Tagged
            | Function::Levels
            | Function::First
            | Function::Linked => n == 1,
            Function::Min | Function::Max => n >= 1,
            Function::Clamp | Function::If => n == 3,
            Function::Choose => n >= 2,
            Function::Lookup => n >= 3 && n % 2 == 1,
            Function::Under | Function::Total => n == 1 || n == 2,
        }
    }

    /// How many arguments it takes, in words, for error messages.
    pub fn arity(self) -> &'static str {
        match self {
            Function::Floor
            | Function::Ceil
            | Function::Round
            | Function::Trunc
            | Function::Abs
            | Function::Has
            | Function::Count
            | Function::Setting
            | Function::Tagged
            | Function::Levels
            | Function::First
            | Function::Linked => "exactly 1 argument",
            Function::Min | Function::Max => "at least 1 argument",
            Function::Clamp | Function::If => "exactly 3 arguments",
            Function::Choose => "at least 2 arguments",
            Function::Lookup => "an odd number of arguments, at least 3",
            Function::Under | Function::Total => "1 or 2 arguments",
        }
    }

    /// Whether its arguments must be string literals (a content, setting or property ID, a
    /// tag), so that what it reads is known without evaluating it.
    pub fn takes_id(self) -> bool {
        matches!(
            self,
            Function::Has
                | Function::Count
                | Function::Setting
                | Function::Total
                | Function::Tagged
                | Function::Levels
                | Function::First
                | Function::Linked
        )
    }
}

/// What a dice term reads as, when not the sum of its dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "mode", content = "arg", rename_all = "camelCase")]
pub enum DiceModifier {
    /// `khN`: the sum of the highest N dice (all of them when N exceeds the count).
    KeepHighest(Box<Expr>),
    /// `klN`: the sum of the lowest N dice.
    KeepLowest(Box<Expr>),
    /// `sT`: how many dice show T or more.
    Successes(Box<Expr>),
    /// `p`: a dice pool read by its highest die; two or more dice showing the top face read as
    /// sides + 1 (a critical); zero dice roll two and keep the lowest, never a critical.
    Pool,
}

impl DiceModifier {
    /// The modifier's argument, if it has one.
    pub fn arg(&self) -> Option<&Expr> {
        match self {
            DiceModifier::KeepHighest(e)
            | DiceModifier::KeepLowest(e)
            | DiceModifier::Successes(e) => Some(e),
            DiceModifier::Pool => None,
        }
    }

    /// The suffix as written (`kh`, `kl`, `s`, `p`).
    pub fn suffix(&self) -> &'static str {
        match self {
            DiceModifier::KeepHighest(_) => "kh",
            DiceModifier::KeepLowest(_) => "kl",
            DiceModifier::Successes(_) => "s",
            DiceModifier::Pool => "p",
        }
    }
}

/// The names a formula uses, so a builder can check them and a sheet can order derived fields.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct References {
    /// Field names, as written (`abilities.str.mod`, `@pack:name`), sorted.
    pub fields: BTreeSet<String>,
    /// Functions called, by name, sorted.
    pub functions: BTreeSet<String>,
    /// Content IDs given to `has` and `count`, sorted.
    pub content: BTreeSet<String>,
    /// Setting IDs given to `setting`, sorted.
    pub settings: BTreeSet<String>,
    /// Property IDs given to `total`, sorted (omitted from JSON when empty).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub properties: BTreeSet<String>,
    /// Tags given to `total` and `tagged`, sorted (omitted from JSON when empty).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub tags: BTreeSet<String>,
    /// Whether the formula rolls dice (a dice term or `under`).
    pub dice: bool,
}

/// A JSON tree that does not describe a formula.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// Not valid JSON, or not the tree's shape.
    #[error("not a formula tree: {0}")]
    Json(String),
    /// A node the parser could never produce.
    #[error("invalid formula tree: {0}")]
    Invalid(String),
}

impl TreeError {
    /// The stable error code.
    pub fn code(&self) -> &'static str {
        match self {
            TreeError::Json(_) => "formula-tree-json",
            TreeError::Invalid(_) => "formula-tree-invalid",
        }
    }
}

/// An integer as a tree: a literal, `-` on one, or `-9223372036854775807 - 1` for the one
/// integer whose magnitude has no literal.
fn integer_literal(value: i64) -> Expr {
    if value == i64::MIN {
        return Expr::Binary {
            op: BinaryOp::Sub,
            left: Box::new(Expr::number(-i64::MAX)),
            right: Box::new(Expr::number(1)),
        };
    }
    Expr::number(value)
}

fn number_literal(n: Number) -> Expr {
    if let Some(value) = Literal::new(n) {
        return Expr::Number { value };
    }
    if n < Number::ZERO
        && let Ok(positive) = n.checked_neg()
    {
        return Expr::Unary {
            op: UnaryOp::Neg,
            arg: Box::new(number_literal(positive)),
        };
    }
    if n.is_integer() {
        return integer_literal(n.numer());
    }
    // A fraction without a finite decimal form: numerator / denominator.
    Expr::Binary {
        op: BinaryOp::Div,
        left: Box::new(integer_literal(n.numer())),
        right: Box::new(integer_literal(n.denom())),
    }
}

impl Expr {
    /// A number literal node.
    pub fn number(value: i64) -> Expr {
        match Literal::new(Number::from(value)) {
            Some(value) => Expr::Number { value },
            None => Expr::Unary {
                op: UnaryOp::Neg,
                arg: Box::new(Expr::number(value.checked_neg().unwrap_or(i64::MAX))),
            },
        }
    }

    /// A tree that evaluates to `value`, in canonical form: a non-negative number with a finite
    /// decimal expansion is a literal (`2.5`), a negative one the prefix `-` on one (`-3`), any
    /// other fraction a division (`1 / 3`).
    ///
    /// ```
    /// use opencharacter_formula::{Expr, Number, Value};
    /// let third = Value::Number(Number::new(-1, 3).expect("a fraction"));
    /// assert_eq!(Expr::literal(&third).to_string(), "-(1 / 3)");
    /// assert_eq!(Expr::literal(&Value::from(-3)).to_string(), "-3");
    /// ```
    pub fn literal(value: &crate::Value) -> Expr {
        match value {
            crate::Value::Bool(value) => Expr::Bool { value: *value },
            crate::Value::String(value) => Expr::String {
                value: value.clone(),
            },
            crate::Value::Number(n) => number_literal(*n),
        }
    }

    /// A bare field node.
    pub fn field(name: &str) -> Expr {
        Expr::Field {
            pack: None,
            name: name.to_owned(),
        }
    }

    /// The depth of the tree: a leaf is 1, any other node one more than its deepest child.
    pub fn depth(&self) -> usize {
        1 + self.children().map(Expr::depth).max().unwrap_or(0)
    }

    /// The direct children, in order.
    pub fn children(&self) -> impl Iterator<Item = &Expr> {
        let (a, b, c, rest): (Option<&Expr>, Option<&Expr>, Option<&Expr>, &[Expr]) = match self {
            Expr::Number { .. } | Expr::Bool { .. } | Expr::String { .. } | Expr::Field { .. } => {
                (None, None, None, &[])
            }
            Expr::Unary { arg, .. } => (Some(arg), None, None, &[]),
            Expr::Binary { left, right, .. } => (Some(left), Some(right), None, &[]),
            Expr::Call { args, .. } => (None, None, None, args),
            Expr::Dice {
                count,
                sides,
                modifier,
            } => (
                Some(count),
                Some(sides),
                modifier.as_ref().and_then(DiceModifier::arg),
                &[],
            ),
        };
        a.into_iter().chain(b).chain(c).chain(rest)
    }

    /// The names, functions and IDs the formula uses.
    pub fn references(&self) -> References {
        let mut refs = References::default();
        self.collect(&mut refs);
        refs
    }

    fn collect(&self, refs: &mut References) {
        match self {
            Expr::Field { pack, name } => {
                refs.fields.insert(match pack {
                    Some(pack) => format!("@{pack}:{name}"),
                    None => name.clone(),
                });
            }
            Expr::Call { function, args } => {
                refs.functions.insert(function.name().to_owned());
                match (function, args.as_slice()) {
                    (
                        Function::Has | Function::Count | Function::Levels | Function::First,
                        [Expr::String { value }],
                    ) => {
                        refs.content.insert(value.clone());
                    }
                    (Function::Setting, [Expr::String { value }]) => {
                        refs.settings.insert(value.clone());
                    }
                    (Function::Total, [Expr::String { value }, tag @ ..]) => {
                        refs.properties.insert(value.clone());
                        if let [Expr::String { value }] = tag {
                            refs.tags.insert(value.clone());
                        }
                    }
                    (Function::Tagged | Function::Linked, [Expr::String { value }]) => {
                        refs.tags.insert(value.clone());
                    }
                    (Function::Under, _) => refs.dice = true,
                    _ => {}
                }
            }
            Expr::Dice { .. } => refs.dice = true,
            _ => {}
        }
        for child in self.children() {
            child.collect(refs);
        }
    }

    /// Reads a JSON tree and checks it is one the parser could produce (known shapes, valid
    /// names, function arities, depth within [`crate::MAX_DEPTH`]).
    pub fn from_json(json: &str) -> Result<Expr, TreeError> {
        let expr: Expr = serde_json::from_str(json).map_err(|e| TreeError::Json(e.to_string()))?;
        expr.validate()?;
        Ok(expr)
    }

    /// Checks the tree is one the parser could produce.
    pub fn validate(&self) -> Result<(), TreeError> {
        if self.depth() > crate::MAX_DEPTH {
            return Err(TreeError::Invalid(format!(
                "deeper than {} levels",
                crate::MAX_DEPTH
            )));
        }
        self.validate_node()
    }

    fn validate_node(&self) -> Result<(), TreeError> {
        match self {
            Expr::Field { pack, name } => {
                if let Some(pack) = pack
                    && !crate::parse::is_pack_id(pack)
                {
                    return Err(TreeError::Invalid(format!("`{pack}` is not a pack ID")));
                }
                if let Some(problem) = crate::parse::field_name_problem(name) {
                    return Err(TreeError::Invalid(format!("field `{name}`: {problem}")));
                }
            }
            Expr::Call { function, args } => {
                if !function.accepts(args.len()) {
                    return Err(TreeError::Invalid(format!(
                        "`{}` takes {}, not {}",
                        function.name(),
                        function.arity(),
                        args.len()
                    )));
                }
                if function.takes_id() && !args.iter().all(|a| matches!(a, Expr::String { .. })) {
                    let what = if *function == Function::Total {
                        "string literals"
                    } else {
                        "a string literal"
                    };
                    return Err(TreeError::Invalid(format!(
                        "`{}` takes {what}",
                        function.name()
                    )));
                }
            }
            _ => {}
        }
        self.children().try_for_each(Expr::validate_node)
    }
}
