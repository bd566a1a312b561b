//! Parse errors: where (byte offset, line, column) and what was expected.

use std::fmt;

/// A formula that does not parse, with the place of the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the fault in the source.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with a formula's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Something else was needed here.
    Expected {
        /// What was needed (`an operand`).
        expected: Expected,
        /// The operator or keyword it should follow.
        after: Option<String>,
        /// What is there instead; `None` at the end of the text.
        found: Option<char>,
    },
    /// A `(` without its `)`.
    Unclosed {
        /// The column of the `(`.
        column: usize,
        /// What is there instead.
        found: Option<char>,
    },
    /// The source is longer than [`crate::MAX_LEN`] bytes.
    TooLong {
        /// Its length in bytes.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// Nesting or tree depth beyond [`crate::MAX_DEPTH`].
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A name followed by `(` that is no built-in function.
    UnknownFunction(String),
    /// A function called with the wrong number of arguments.
    Arity {
        /// The function.
        function: &'static str,
        /// How many it takes, in words.
        expected: &'static str,
        /// How many it got.
        found: usize,
    },
    /// `has`, `count`, `setting`, `total` or `tagged` given something other than string
    /// literals.
    IdArgument(&'static str),
    /// A keyword where an operand should be (`1 + and`).
    KeywordAsOperand(String),
    /// A field-name segment that is a keyword.
    ReservedSegment(String),
    /// A field-name segment that reads as a dice term (`d` then a digit).
    DiceSegment(String),
    /// A number literal that does not fit (more than 18 fraction digits or beyond 64 bits).
    NumberTooLarge,
    /// A dice count written as a decimal (`1.5d6`).
    DiceCountNotInteger,
    /// `a < b < c`: comparisons do not chain.
    ChainedComparison,
    /// A string literal without its closing `"`.
    UnterminatedString,
    /// A backslash escape other than `\"` and `\\`.
    BadEscape(char),
    /// A control character (newline, tab, …) inside a string literal.
    ControlInString,
}

/// What a parse needed where it failed: a typed value, so a caller can say it in another
/// language; `Display` gives the English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Expected {
    /// A number, a name, a call, a string or a parenthesised expression.
    Operand,
    /// An operand inside a call's parentheses.
    Argument,
    /// A pack ID after `@`.
    PackId,
    /// `:` after a pack ID.
    ColonAfterPack,
    /// A segment of a field name.
    NameSegment,
    /// `(` right after `if`.
    ParenAfterIf,
    /// `,` or `)` in an argument list.
    CommaOrClose,
    /// An operator or the end of the formula.
    Operator,
    /// An operator, where `=` was written (comparison is `==`).
    OperatorNotAssign,
    /// An operator, where a `)` closes nothing.
    OperatorUnmatchedClose,
    /// A dice modifier, an operator or the end of the dice term.
    DiceTermEnd,
    /// A dice term's number of sides.
    Sides,
    /// How many dice a `kh`/`kl` keeps.
    Keep,
    /// A dice pool's target number.
    Target,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Operand => "an operand",
            Expected::Argument => "an argument",
            Expected::PackId => "a pack ID",
            Expected::ColonAfterPack => "`:` after the pack ID",
            Expected::NameSegment => "a name segment",
            Expected::ParenAfterIf => "`(` right after `if`",
            Expected::CommaOrClose => "`,` or `)` in the argument list",
            Expected::Operator => "an operator or the end of the formula",
            Expected::OperatorNotAssign => "an operator (compare with `==`, not `=`)",
            Expected::OperatorUnmatchedClose => {
                "an operator or the end of the formula (this `)` closes nothing)"
            }
            Expected::DiceTermEnd => {
                "`kh`, `kl`, `s`, `p`, an operator or the end of the dice term"
            }
            Expected::Sides => "the number of sides",
            Expected::Keep => "how many dice to keep",
            Expected::Target => "the target number",
        })
    }
}

impl ParseErrorKind {
    /// The stable error code, shared with the conformance vectors.
    pub fn code(&self) -> &'static str {
        match self {
            ParseErrorKind::Expected { .. } | ParseErrorKind::Unclosed { .. } => "formula-syntax",
            ParseErrorKind::TooLong { .. } => "formula-too-long",
            ParseErrorKind::TooDeep { .. } => "formula-too-deep",
            ParseErrorKind::UnknownFunction(_) => "formula-unknown-function",
            ParseErrorKind::Arity { .. } => "formula-arity",
            ParseErrorKind::IdArgument(_) => "formula-id-argument",
            ParseErrorKind::KeywordAsOperand(_) => "formula-syntax",
            ParseErrorKind::ReservedSegment(_) => "formula-reserved-segment",
            ParseErrorKind::DiceSegment(_) => "formula-dice-segment",
            ParseErrorKind::NumberTooLarge => "formula-number-too-large",
            ParseErrorKind::DiceCountNotInteger => "formula-dice-count",
            ParseErrorKind::ChainedComparison => "formula-chained-comparison",
            ParseErrorKind::UnterminatedString
            | ParseErrorKind::BadEscape(_)
            | ParseErrorKind::ControlInString => "formula-string",
        }
    }
}

fn describe(found: Option<char>) -> String {
    match found {
        Some(c) if c.is_control() || c.is_whitespace() => format!("found {c:?}"),
        Some(c) => format!("found `{c}`"),
        None => "found the end of the formula".to_owned(),
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Expected {
                expected,
                after: Some(after),
                ..
            } => write!(f, "expected {expected} after `{after}`"),
            ParseErrorKind::Expected {
                expected, found, ..
            } => write!(f, "expected {expected}, {}", describe(*found)),
            ParseErrorKind::Unclosed { column, found } => write!(
                f,
                "expected `)` to close the `(` at column {column}, {}",
                describe(*found)
            ),
            ParseErrorKind::TooLong { len, limit } => {
                write!(f, "the formula is {len} bytes long; the limit is {limit}")
            }
            ParseErrorKind::TooDeep { limit } => {
                write!(f, "the formula nests deeper than {limit} levels")
            }
            ParseErrorKind::UnknownFunction(name) => write!(f, "unknown function `{name}`"),
            ParseErrorKind::Arity {
                function,
                expected,
                found,
            } => write!(f, "`{function}` takes {expected}, not {found}"),
            ParseErrorKind::IdArgument("total") => write!(
                f,
                "`total` takes string literals (`total(\"weight\")`, `total(\"weight\", \"gear\")`)"
            ),
            ParseErrorKind::IdArgument(function) => {
                write!(
                    f,
                    "`{function}` takes a string literal (`{function}(\"an.id\")`)"
                )
            }
            ParseErrorKind::KeywordAsOperand(word) => {
                write!(f, "expected an operand, found the keyword `{word}`")
            }
            ParseErrorKind::ReservedSegment(segment) => {
                write!(
                    f,
                    "`{segment}` is a keyword and cannot be part of a field name"
                )
            }
            ParseErrorKind::DiceSegment(segment) => write!(
                f,
                "`{segment}` reads as a dice term (`d` then a digit) and cannot be part of a field name"
            ),
            ParseErrorKind::NumberTooLarge => write!(
                f,
                "the number does not fit (64-bit integer part, at most 18 decimal places)"
            ),
            ParseErrorKind::DiceCountNotInteger => {
                write!(f, "a dice count must be a whole number")
            }
            ParseErrorKind::ChainedComparison => write!(
                f,
                "comparisons do not chain; join them with `and` or add parentheses"
            ),
            ParseErrorKind::UnterminatedString => write!(f, "the string has no closing `\"`"),
            ParseErrorKind::BadEscape(c) => {
                write!(f, "unknown escape `\\{c}` (only `\\\"` and `\\\\` exist)")
            }
            ParseErrorKind::ControlInString => {
                write!(f, "a string may not contain control characters")
            }
        }
    }
}

/// The 1-based line and column (in characters) of byte `offset` in `source`.
pub(crate) fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = source.get(..offset).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

impl ParseError {
    pub(crate) fn new(source: &str, offset: usize, kind: ParseErrorKind) -> ParseError {
        let (line, column) = line_column(source, offset);
        ParseError {
            offset,
            line,
            column,
            kind,
        }
    }

    /// The stable error code.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

/// `expected an operand after `+` at column 5`; `at line 2, column 3` on later lines.
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 1 {
            write!(f, "{} at column {}", self.kind, self.column)
        } else {
            write!(
                f,
                "{} at line {}, column {}",
                self.kind, self.line, self.column
            )
        }
    }
}

impl std::error::Error for ParseError {}

/// The most characters of a formula a message shows: a longer formula (up to [`crate::MAX_LEN`]
/// bytes, and the one refused for passing it) is shown as this many characters around the fault,
/// so that an error never echoes ten thousand characters back (issue 22).
pub const EXCERPT_CHARS: usize = 120;

/// What a message shows of a formula: `text` itself when it has at most [`EXCERPT_CHARS`]
/// characters, else [`EXCERPT_CHARS`] of them around the 1-based character `column` of the fault,
/// with `…` where the text is cut. Returns the excerpt and the column of the fault in it (for a
/// caret under it).
///
/// ```
/// use opencharacter_formula::{EXCERPT_CHARS, excerpt};
/// assert_eq!(excerpt("1 + ", 5), ("1 + ".to_owned(), 5));
/// let long = "1+".repeat(6000);
/// let (shown, column) = excerpt(&long, 10_001);
/// assert_eq!(shown.chars().count(), EXCERPT_CHARS + 2); // two ellipses
/// assert!(shown.starts_with('…') && shown.ends_with('…'));
/// assert_eq!(column, 62); // the ellipsis, then the 60 characters before the fault
/// ```
pub fn excerpt(text: &str, column: usize) -> (String, usize) {
    let count = text.chars().count();
    if count <= EXCERPT_CHARS {
        return (text.to_owned(), column);
    }
    let fault = column.saturating_sub(1).min(count);
    // Half the window before the fault, the rest after, moved inside the text at its ends.
    let start = fault
        .saturating_sub(EXCERPT_CHARS / 2)
        .min(count - EXCERPT_CHARS);
    let end = start + EXCERPT_CHARS;
    let mut shown = String::new();
    if start > 0 {
        shown.push('…');
    }
    shown.extend(text.chars().skip(start).take(EXCERPT_CHARS));
    if end < count {
        shown.push('…');
    }
    (shown, fault - start + 1 + usize::from(start > 0))
}
