//! Why a formula could not be evaluated, as typed values.
//!
//! The formula crate knows no standard text, so each fault is a typed value (the way parse
//! errors carry [`Expected`](crate::Expected)): a caller that shows it in another language
//! matches the variant and words it; `Display` gives the English, for logs and for callers that
//! speak only English.

use std::fmt;

use crate::number::{Number, Overflow};

/// Why a formula could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind} in `{at}`")]
pub struct EvalError {
    /// What went wrong.
    pub kind: EvalErrorKind,
    /// The canonical text of the sub-formula where it went wrong.
    pub at: String,
}

impl EvalError {
    /// The stable error code.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

/// What went wrong while evaluating.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalErrorKind {
    /// The environment has no such field.
    #[error("unknown field `{0}`")]
    UnknownField(String),
    /// The environment has no such setting.
    #[error("unknown setting `{0}`")]
    UnknownSetting(String),
    /// An operand of the wrong type (`1 + true`).
    #[error("expected {expected}, found {found}")]
    WrongType {
        /// What the operation needs.
        expected: TypeName,
        /// What it got.
        found: TypeName,
    },
    /// `x / 0` or `x % 0`.
    #[error("division by zero")]
    DivisionByZero,
    /// A result that does not fit a 64-bit numerator and denominator.
    #[error("the result does not fit in a 64-bit fraction")]
    Overflow,
    /// Too many dice, too many sides, or a distribution too large to compute exactly.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// What was counted.
        what: Counted,
        /// The limit.
        limit: u64,
    },
    /// An argument outside what the operation accepts (`choose(4, a, b)`, `d0`).
    #[error("{0}")]
    OutOfRange(OutOfRange),
    /// The environment cannot answer an aggregate over owned content (`total("weight")`).
    #[error("the environment cannot answer `{0}`")]
    UnknownAggregate(String),
}

impl EvalErrorKind {
    /// The stable error code.
    pub fn code(&self) -> &'static str {
        match self {
            EvalErrorKind::UnknownField(_) => "formula-unknown-field",
            EvalErrorKind::UnknownSetting(_) => "formula-unknown-setting",
            EvalErrorKind::WrongType { .. } => "formula-wrong-type",
            EvalErrorKind::DivisionByZero => "formula-division-by-zero",
            EvalErrorKind::Overflow => "formula-overflow",
            EvalErrorKind::LimitExceeded { .. } => "formula-limit",
            EvalErrorKind::OutOfRange(_) => "formula-out-of-range",
            EvalErrorKind::UnknownAggregate(_) => "formula-unknown-aggregate",
        }
    }
}

impl From<Overflow> for EvalErrorKind {
    fn from(_: Overflow) -> EvalErrorKind {
        EvalErrorKind::Overflow
    }
}

impl From<OutOfRange> for EvalErrorKind {
    fn from(range: OutOfRange) -> EvalErrorKind {
        EvalErrorKind::OutOfRange(range)
    }
}

/// A type of value, as an operation needs or finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeName {
    /// A number.
    Number,
    /// A boolean.
    Boolean,
    /// A string.
    String,
    /// A string literal written in the formula (`has("id")`).
    StringLiteral,
    /// A boolean or a string (what has no numeric bounds).
    BooleanOrString,
    /// A list (an environment's value no formula reads).
    List,
    /// A mapping.
    Mapping,
    /// No value (`null`).
    Nothing,
    /// A number too large for the formula's numbers.
    LargeNumber,
}

impl fmt::Display for TypeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TypeName::Number => "a number",
            TypeName::Boolean => "a boolean",
            TypeName::String => "a string",
            TypeName::StringLiteral => "a string literal",
            TypeName::BooleanOrString => "a boolean or a string",
            TypeName::List => "a list",
            TypeName::Mapping => "a map",
            TypeName::Nothing => "null",
            TypeName::LargeNumber => "a number too large",
        })
    }
}

/// What a limit of evaluation counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Counted {
    /// The dice of one dice term.
    DiceCount,
    /// A die's sides.
    Sides,
    /// The dice one evaluation rolls in all.
    DiceRolled,
    /// The outcome pairs of combining two distributions.
    OutcomePairs,
    /// The distinct outcomes of one distribution.
    DistinctOutcomes,
    /// The work of an exact sum distribution.
    SumWork,
    /// The work of an exact keep distribution.
    KeepWork,
    /// The work of one exact analysis.
    AnalysisWork,
    /// The bits needed to count roll combinations exactly.
    CountingBits,
}

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Counted::DiceCount => "the dice count",
            Counted::Sides => "the number of sides",
            Counted::DiceRolled => "the number of dice rolled",
            Counted::OutcomePairs => "the number of outcome pairs",
            Counted::DistinctOutcomes => "the number of distinct outcomes",
            Counted::SumWork => "the work of an exact sum distribution",
            Counted::KeepWork => "the work of an exact keep distribution",
            Counted::AnalysisWork => "the work of an exact analysis",
            Counted::CountingBits => "the bits needed to count the roll combinations exactly",
        })
    }
}

/// What must be a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Whole {
    /// A dice term's count.
    DiceCount,
    /// A die's number of sides.
    Sides,
    /// `under`'s advantage argument.
    Advantage,
    /// `choose`'s index.
    ChooseIndex,
    /// A dice modifier's argument (`kh2`).
    DiceModifier,
}

impl fmt::Display for Whole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Whole::DiceCount => "a dice count",
            Whole::Sides => "a die's number of sides",
            Whole::Advantage => "advantage",
            Whole::ChooseIndex => "a `choose` index",
            Whole::DiceModifier => "a dice modifier",
        })
    }
}

/// What has no numeric bounds without rolling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unbounded {
    /// A call without a string literal.
    CallWithoutLiteral,
    /// An operator (its symbol) on large distributions.
    Operator(&'static str),
    /// A function (its name) on large distributions.
    Function(&'static str),
    /// Dice with fractional counts or sides.
    FractionalDice,
    /// Booleans, strings and conditions on large distributions.
    NotNumeric,
}

impl fmt::Display for Unbounded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unbounded::CallWithoutLiteral => f.write_str("a call without a string literal"),
            Unbounded::Operator(name) | Unbounded::Function(name) => {
                write!(f, "`{name}` on large distributions")
            }
            Unbounded::FractionalDice => f.write_str("dice with fractional counts or sides"),
            Unbounded::NotNumeric => {
                f.write_str("booleans, strings and conditions on large distributions")
            }
        }
    }
}

/// An argument outside what an operation accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutOfRange {
    /// A value that must be whole is not.
    NotWhole {
        /// What must be whole.
        what: Whole,
        /// The value it has.
        value: Number,
    },
    /// A negative dice count.
    NegativeDiceCount(i64),
    /// A die of fewer than 1 side.
    NoSides(i64),
    /// A `choose` index outside its options.
    ChooseIndex {
        /// The index.
        index: i64,
        /// How many options there are.
        options: usize,
    },
    /// A `lookup` value below its first threshold.
    BelowFirstThreshold(Number),
    /// `under`'s advantage other than 1, 0 or -1.
    Advantage(i64),
    /// `total` given something other than string literals.
    TotalTakesStrings,
    /// A function (its name) that reads no ID, called as one that does.
    ReadsNoId(&'static str),
    /// A function (its name) called without arguments.
    NeedsArguments(&'static str),
    /// A negative number of dice kept.
    NegativeKeep(i64),
    /// Exact odds over a `lookup` whose thresholds roll dice.
    LookupThresholdsWithDice,
    /// Numeric bounds asked of what has none.
    NoBounds(Unbounded),
    /// A formula that rolls dice where the caller needs a fixed value.
    DiceWhereFixed,
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutOfRange::NotWhole { what, value } => {
                write!(f, "{what} must be a whole number, not {value}")
            }
            OutOfRange::NegativeDiceCount(count) => {
                write!(f, "a dice count cannot be negative ({count})")
            }
            OutOfRange::NoSides(sides) => write!(f, "a die needs at least 1 side, not {sides}"),
            OutOfRange::ChooseIndex { index, options } => {
                write!(f, "`choose` index {index} is not between 1 and {options}")
            }
            OutOfRange::BelowFirstThreshold(x) => {
                write!(f, "`lookup` value {x} is below the first threshold")
            }
            OutOfRange::Advantage(adv) => write!(f, "advantage is 1, 0 or -1, not {adv}"),
            OutOfRange::TotalTakesStrings => f.write_str("`total` takes string literals"),
            OutOfRange::ReadsNoId(function) => write!(f, "`{function}` reads no ID"),
            OutOfRange::NeedsArguments(function) => write!(f, "`{function}` needs arguments"),
            OutOfRange::NegativeKeep(keep) => {
                write!(f, "cannot keep a negative number of dice ({keep})")
            }
            OutOfRange::LookupThresholdsWithDice => {
                f.write_str("exact odds need `lookup` thresholds without dice")
            }
            OutOfRange::NoBounds(what) => write!(f, "no numeric bounds for {what}"),
            OutOfRange::DiceWhereFixed => {
                f.write_str("this formula rolls dice where a fixed value is needed")
            }
        }
    }
}
