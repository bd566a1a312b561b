//! A formula's parse error in words of the standard text.
//!
//! The formula crate knows nothing of packs nor of the standard text (it depends on no
//! workspace crate), so its errors are typed values ([`ParseErrorKind`], [`Expected`],
//! [`Function`]) with English `Display`; the release builder, which reports them, turns each
//! into a phrase so that `formula-invalid` reads in the author's language.

use opencharacter_formula::{Expected, Function, ParseErrorKind};
use opencharacter_spec::diagnostic::{Phrase, Reason, reasons};

/// The phrase of a formula's parse error.
pub(crate) fn parse_error(kind: &ParseErrorKind) -> Phrase {
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
