//! A formula's parse and evaluation errors in words of the standard text.
//!
//! The formula crate knows nothing of packs nor of the standard text (it depends on no
//! workspace crate), so its errors are typed values ([`ParseErrorKind`], [`Expected`],
//! [`Function`], [`EvalErrorKind`] and its parts) with English `Display`; a crate that reports
//! them turns each into a phrase here, so that `formula-invalid` (the release builder),
//! `sheet-formula-failed` and `sheet-roll-failed` (the sheet) read in the author's language.
//! It sits in this crate, the first below both the spec and the formula crate, so every crate
//! that reports a formula's fault words it the same way.

use opencharacter_formula::{
    Counted, EvalError, EvalErrorKind, Expected, Function, OutOfRange, ParseErrorKind, TypeName,
    Unbounded, Whole,
};
use opencharacter_spec::diagnostic::{Phrase, Reason, reasons};

/// The phrase of a formula's parse error.
pub fn parse_error(kind: &ParseErrorKind) -> Phrase {
    match kind {
        ParseErrorKind::Expected {
            expected,
            after: Some(after),
            ..
        } => Phrase::new(&reasons::FORMULA_EXPECTED_AFTER)
            .with_word("expected", expected_reason(*expected))
            .with_arg("after", after),
        ParseErrorKind::Expected {
            expected, found, ..
        } => Phrase::new(&reasons::FORMULA_EXPECTED_FOUND)
            .with_word("expected", expected_reason(*expected))
            .with_word("found", found_phrase(*found)),
        ParseErrorKind::Unclosed { column, found } => Phrase::new(&reasons::FORMULA_UNCLOSED)
            .with_arg("column", column)
            .with_word("found", found_phrase(*found)),
        ParseErrorKind::TooLong { len, limit } => Phrase::new(&reasons::FORMULA_TOO_LONG)
            .with_arg("len", len)
            .with_arg("limit", limit),
        ParseErrorKind::TooDeep { limit } => {
            Phrase::new(&reasons::FORMULA_TOO_DEEP).with_arg("limit", limit)
        }
        ParseErrorKind::UnknownFunction(name) => {
            Phrase::new(&reasons::FORMULA_UNKNOWN_FUNCTION).with_arg("name", name)
        }
        ParseErrorKind::Arity {
            function, found, ..
        } => {
            let arity = Function::from_name(function).map_or(&reasons::ARITY_ONE, arity_reason);
            Phrase::new(&reasons::FORMULA_ARITY)
                .with_arg("function", function)
                .with_word("expected", arity)
                .with_arg("found", found)
        }
        ParseErrorKind::IdArgument("total") => Phrase::new(&reasons::FORMULA_TOTAL_ARGUMENT),
        ParseErrorKind::IdArgument(function) => {
            Phrase::new(&reasons::FORMULA_ID_ARGUMENT).with_arg("function", function)
        }
        ParseErrorKind::KeywordAsOperand(word) => {
            Phrase::new(&reasons::FORMULA_KEYWORD_OPERAND).with_arg("word", word)
        }
        ParseErrorKind::ReservedSegment(segment) => {
            Phrase::new(&reasons::FORMULA_RESERVED_SEGMENT).with_arg("segment", segment)
        }
        ParseErrorKind::DiceSegment(segment) => {
            Phrase::new(&reasons::FORMULA_DICE_SEGMENT).with_arg("segment", segment)
        }
        ParseErrorKind::NumberTooLarge => Phrase::new(&reasons::FORMULA_NUMBER_TOO_LARGE),
        ParseErrorKind::DiceCountNotInteger => Phrase::new(&reasons::FORMULA_DICE_COUNT),
        ParseErrorKind::ChainedComparison => Phrase::new(&reasons::FORMULA_CHAINED),
        ParseErrorKind::UnterminatedString => Phrase::new(&reasons::FORMULA_UNTERMINATED),
        ParseErrorKind::BadEscape(c) => {
            Phrase::new(&reasons::FORMULA_BAD_ESCAPE).with_arg("char", c)
        }
        ParseErrorKind::ControlInString => Phrase::new(&reasons::FORMULA_CONTROL_IN_STRING),
    }
}

/// The phrase of a formula's evaluation error, with the sub-formula where it happened.
pub fn eval_error(error: &EvalError) -> Phrase {
    Phrase::new(&reasons::FORMULA_EVAL_AT)
        .with_word("error", eval_error_kind(&error.kind))
        .with_arg("at", &error.at)
}

/// The phrase of what went wrong while evaluating.
pub fn eval_error_kind(kind: &EvalErrorKind) -> Phrase {
    match kind {
        EvalErrorKind::UnknownField(name) => {
            Phrase::new(&reasons::FORMULA_UNKNOWN_FIELD).with_arg("name", name)
        }
        EvalErrorKind::UnknownSetting(name) => {
            Phrase::new(&reasons::FORMULA_UNKNOWN_SETTING).with_arg("name", name)
        }
        EvalErrorKind::WrongType { expected, found } => Phrase::new(&reasons::FORMULA_WRONG_TYPE)
            .with_word("expected", type_reason(*expected))
            .with_word("found", type_reason(*found)),
        EvalErrorKind::DivisionByZero => Phrase::new(&reasons::FORMULA_DIVISION_BY_ZERO),
        EvalErrorKind::Overflow => Phrase::new(&reasons::FORMULA_OVERFLOW),
        EvalErrorKind::LimitExceeded { what, limit } => Phrase::new(&reasons::FORMULA_LIMIT)
            .with_word("what", counted_reason(*what))
            .with_arg("limit", limit),
        EvalErrorKind::OutOfRange(range) => out_of_range(range),
        EvalErrorKind::UnknownAggregate(name) => {
            Phrase::new(&reasons::FORMULA_UNKNOWN_AGGREGATE).with_arg("name", name)
        }
    }
}

/// A type of value in words (`a number`).
pub fn type_reason(name: TypeName) -> &'static Reason {
    match name {
        TypeName::Number => &reasons::VALUE_A_NUMBER,
        TypeName::Boolean => &reasons::VALUE_A_BOOLEAN,
        TypeName::String => &reasons::VALUE_A_STRING,
        TypeName::StringLiteral => &reasons::VALUE_A_STRING_LITERAL,
        TypeName::BooleanOrString => &reasons::VALUE_A_BOOLEAN_OR_STRING,
        TypeName::List => &reasons::FOUND_LIST,
        TypeName::Mapping => &reasons::FOUND_MAPPING,
        TypeName::Nothing => &reasons::FOUND_NOTHING,
        TypeName::LargeNumber => &reasons::VALUE_A_LARGE_NUMBER,
    }
}

fn counted_reason(what: Counted) -> &'static Reason {
    match what {
        Counted::DiceCount => &reasons::COUNTED_DICE_COUNT,
        Counted::Sides => &reasons::COUNTED_SIDES,
        Counted::DiceRolled => &reasons::COUNTED_DICE_ROLLED,
        Counted::OutcomePairs => &reasons::COUNTED_OUTCOME_PAIRS,
        Counted::DistinctOutcomes => &reasons::COUNTED_DISTINCT_OUTCOMES,
        Counted::SumWork => &reasons::COUNTED_SUM_WORK,
        Counted::KeepWork => &reasons::COUNTED_KEEP_WORK,
        Counted::AnalysisWork => &reasons::COUNTED_ANALYSIS_WORK,
        Counted::CountingBits => &reasons::COUNTED_COUNTING_BITS,
    }
}

fn whole_reason(what: Whole) -> &'static Reason {
    match what {
        Whole::DiceCount => &reasons::WHOLE_DICE_COUNT,
        Whole::Sides => &reasons::WHOLE_SIDES,
        Whole::Advantage => &reasons::WHOLE_ADVANTAGE,
        Whole::ChooseIndex => &reasons::WHOLE_CHOOSE_INDEX,
        Whole::DiceModifier => &reasons::WHOLE_DICE_MODIFIER,
    }
}

fn out_of_range(range: &OutOfRange) -> Phrase {
    match range {
        OutOfRange::NotWhole { what, value } => Phrase::new(&reasons::RANGE_NOT_WHOLE)
            .with_word("what", whole_reason(*what))
            .with_arg("value", value),
        OutOfRange::NegativeDiceCount(count) => {
            Phrase::new(&reasons::RANGE_NEGATIVE_DICE_COUNT).with_arg("count", count)
        }
        OutOfRange::NoSides(sides) => {
            Phrase::new(&reasons::RANGE_NO_SIDES).with_arg("sides", sides)
        }
        OutOfRange::ChooseIndex { index, options } => Phrase::new(&reasons::RANGE_CHOOSE_INDEX)
            .with_arg("index", index)
            .with_arg("options", options),
        OutOfRange::BelowFirstThreshold(value) => {
            Phrase::new(&reasons::RANGE_BELOW_THRESHOLD).with_arg("value", value)
        }
        OutOfRange::Advantage(value) => {
            Phrase::new(&reasons::RANGE_ADVANTAGE).with_arg("value", value)
        }
        OutOfRange::TotalTakesStrings => Phrase::new(&reasons::RANGE_TOTAL_STRINGS),
        OutOfRange::ReadsNoId(function) => {
            Phrase::new(&reasons::RANGE_READS_NO_ID).with_arg("function", function)
        }
        OutOfRange::NeedsArguments(function) => {
            Phrase::new(&reasons::RANGE_NEEDS_ARGUMENTS).with_arg("function", function)
        }
        OutOfRange::NegativeKeep(keep) => {
            Phrase::new(&reasons::RANGE_NEGATIVE_KEEP).with_arg("keep", keep)
        }
        OutOfRange::LookupThresholdsWithDice => Phrase::new(&reasons::RANGE_LOOKUP_DICE),
        OutOfRange::NoBounds(what) => {
            Phrase::new(&reasons::RANGE_NO_BOUNDS).with_word("what", unbounded(*what))
        }
        OutOfRange::DiceWhereFixed => Phrase::new(&reasons::RANGE_DICE_WHERE_FIXED),
    }
}

fn unbounded(what: Unbounded) -> Phrase {
    match what {
        Unbounded::CallWithoutLiteral => Phrase::new(&reasons::UNBOUNDED_CALL),
        Unbounded::Operator(name) | Unbounded::Function(name) => {
            Phrase::new(&reasons::UNBOUNDED_ON_LARGE).with_arg("name", name)
        }
        Unbounded::FractionalDice => Phrase::new(&reasons::UNBOUNDED_FRACTIONAL_DICE),
        Unbounded::NotNumeric => Phrase::new(&reasons::UNBOUNDED_NOT_NUMERIC),
    }
}

fn expected_reason(expected: Expected) -> &'static Reason {
    match expected {
        Expected::Operand => &reasons::FORMULA_AN_OPERAND,
        Expected::Argument => &reasons::FORMULA_AN_ARGUMENT,
        Expected::PackId => &reasons::FORMULA_A_PACK,
        Expected::ColonAfterPack => &reasons::FORMULA_COLON_AFTER_PACK,
        Expected::NameSegment => &reasons::FORMULA_NAME_SEGMENT,
        Expected::ParenAfterIf => &reasons::FORMULA_PAREN_AFTER_IF,
        Expected::CommaOrClose => &reasons::FORMULA_COMMA_OR_CLOSE,
        Expected::Operator => &reasons::FORMULA_OPERATOR,
        Expected::OperatorNotAssign => &reasons::FORMULA_OPERATOR_NOT_ASSIGN,
        Expected::OperatorUnmatchedClose => &reasons::FORMULA_OPERATOR_UNMATCHED,
        Expected::DiceTermEnd => &reasons::FORMULA_DICE_TERM_END,
        Expected::Sides => &reasons::FORMULA_SIDES,
        Expected::Keep => &reasons::FORMULA_KEEP,
        Expected::Target => &reasons::FORMULA_TARGET,
    }
}

fn found_phrase(found: Option<char>) -> Phrase {
    match found {
        Some(c) if c.is_control() || c.is_whitespace() => {
            Phrase::new(&reasons::FORMULA_FOUND_SPACE)
        }
        Some(c) => Phrase::new(&reasons::FORMULA_FOUND_CHAR).with_arg("char", c),
        None => Phrase::new(&reasons::FORMULA_FOUND_END),
    }
}

fn arity_reason(function: Function) -> &'static Reason {
    match function {
        Function::Min | Function::Max => &reasons::ARITY_AT_LEAST_ONE,
        Function::Clamp | Function::If => &reasons::ARITY_THREE,
        Function::Choose => &reasons::ARITY_AT_LEAST_TWO,
        Function::Lookup => &reasons::ARITY_ODD,
        Function::Under | Function::Total => &reasons::ARITY_ONE_OR_TWO,
        _ => &reasons::ARITY_ONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencharacter_spec::standard_text::StandardText;

    #[test]
    fn a_missing_operand_reads_in_spanish() {
        let error = opencharacter_formula::parse("floor(1 +)").unwrap_err();
        let phrase = parse_error(&error.kind);
        // reasons.formula-expected-after with formula-an-operand: the `+` needs an operand.
        assert_eq!(phrase.english(), "an operand is needed after `+`");
        assert_eq!(
            phrase.render(StandardText::bundled("es").unwrap()),
            "hace falta un operando después de `+`"
        );
    }
}
