//! The parser: formula text to [`Expr`], with located errors.
//!
//! Recursive descent, one function per precedence level, built on `nom`'s lexical parsers. Every
//! recursive step (parentheses, prefix operators, call arguments, dice parts) counts one level of
//! nesting, and every node built counts toward the tree's depth; both stop at
//! [`MAX_DEPTH`](crate::MAX_DEPTH) with an error, so no input can exhaust the stack.

use nom::bytes::complete::take_while;
use nom::character::complete::{digit1, multispace0};

use crate::error::{Expected, ParseError, ParseErrorKind};
use crate::number::Number;
use crate::tree::{BinaryOp, DiceModifier, Expr, Function, Literal, UnaryOp};
use crate::{MAX_DEPTH, MAX_LEN, RESERVED_WORDS, starts_dice_term};

type NomError<'a> = nom::error::Error<&'a str>;

/// Parses a formula.
///
/// ```
/// use opencharacter_formula::parse;
/// assert_eq!(parse("floor( (abilities.str.score-10)/2 )")?.to_string(),
///            "floor((abilities.str.score - 10) / 2)");
/// let err = parse("1 + ").unwrap_err();
/// assert_eq!(err.to_string(), "expected an operand after `+` at column 5");
/// # Ok::<(), opencharacter_formula::ParseError>(())
/// ```
pub fn parse(source: &str) -> Result<Expr, ParseError> {
    if source.len() > MAX_LEN {
        return Err(ParseError::new(
            source,
            MAX_LEN,
            ParseErrorKind::TooLong {
                len: source.len(),
                limit: MAX_LEN,
            },
        ));
    }
    let parser = Parser { src: source };
    let result = parser.expr(ws(source), 0).and_then(|(rest, expr, _)| {
        let rest = ws(rest);
        match rest.chars().next() {
            None => Ok(expr),
            Some(found) => Err(parser.unexpected_after_operand(rest, found)),
        }
    });
    result.map_err(|fail| ParseError::new(source, fail.offset, fail.kind))
}

/// A failure inside the parser: where, and what.
struct Fail {
    offset: usize,
    kind: ParseErrorKind,
}

/// What a parse step gives back: the rest of the input, the node and its depth.
type Step<'s> = Result<(&'s str, Expr, usize), Fail>;

struct Parser<'s> {
    src: &'s str,
}

fn ws(input: &str) -> &str {
    multispace0::<_, NomError<'_>>(input).map_or(input, |(rest, _)| rest)
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A word (`[A-Za-z_][A-Za-z0-9_]*`) at the start of `input`.
fn word(input: &str) -> Option<(&str, &str)> {
    if !input.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return None;
    }
    take_while::<_, _, NomError<'_>>(is_word_char)(input).ok()
}

/// `keyword` as a whole word at the start of `input`: the rest after it.
fn keyword<'a>(input: &'a str, keyword: &str) -> Option<&'a str> {
    let rest = input.strip_prefix(keyword)?;
    (!rest.starts_with(is_word_char)).then_some(rest)
}

/// Whether the text right after a count starts a dice term: `d` then a digit or `(`.
fn dice_follows(input: &str) -> bool {
    let bytes = input.as_bytes();
    bytes.first() == Some(&b'd')
        && bytes
            .get(1)
            .is_some_and(|b| b.is_ascii_digit() || *b == b'(')
}

/// Whether `text` is a pack ID: words of `[a-z0-9]` joined by `-` or `.`.
pub(crate) fn is_pack_id(text: &str) -> bool {
    !text.is_empty()
        && text.split(['.', '-']).all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// What is wrong with `name` as a field name, if anything.
pub(crate) fn field_name_problem(name: &str) -> Option<String> {
    for segment in name.split('.') {
        if word(segment).is_none_or(|(rest, _)| !rest.is_empty()) {
            return Some(format!("`{segment}` is not a name segment"));
        }
        if RESERVED_WORDS.contains(&segment) {
            return Some(format!("`{segment}` is a keyword"));
        }
        if starts_dice_term(segment) {
            return Some(format!("`{segment}` reads as a dice term"));
        }
    }
    None
}

impl<'s> Parser<'s> {
    fn offset(&self, rest: &str) -> usize {
        self.src.len() - rest.len()
    }

    fn fail(&self, at: &str, kind: ParseErrorKind) -> Fail {
        Fail {
            offset: self.offset(at),
            kind,
        }
    }

    /// `expected` at `at`, naming what was found there.
    fn expected_at(&self, at: &'s str, what: Expected, after: Option<&str>) -> Fail {
        self.fail(
            at,
            ParseErrorKind::Expected {
                expected: what,
                after: after.map(str::to_owned),
                found: at.chars().next(),
            },
        )
    }

    fn unexpected_after_operand(&self, rest: &'s str, found: char) -> Fail {
        let what = if found == '=' && !rest.starts_with("==") {
            Expected::OperatorNotAssign
        } else if found == ')' {
            Expected::OperatorUnmatchedClose
        } else {
            Expected::Operator
        };
        self.expected_at(rest, what, None)
    }

    fn deeper(&self, at: &str, level: usize) -> Result<usize, Fail> {
        if level >= MAX_DEPTH {
            Err(self.fail(at, ParseErrorKind::TooDeep { limit: MAX_DEPTH }))
        } else {
            Ok(level + 1)
        }
    }

    fn join(&self, at: &str, depth: usize) -> Result<usize, Fail> {
        if depth > MAX_DEPTH {
            Err(self.fail(at, ParseErrorKind::TooDeep { limit: MAX_DEPTH }))
        } else {
            Ok(depth)
        }
    }

    /// Parses an operand with `parse`, saying which operator it follows when it is missing.
    fn operand(
        &self,
        input: &'s str,
        level: usize,
        op: &str,
        parse: fn(&Self, &'s str, usize) -> Step<'s>,
    ) -> Step<'s> {
        let start = ws(input);
        parse(self, start, level).map_err(|mut fail| {
            if fail.offset == self.offset(start)
                && let ParseErrorKind::Expected {
                    expected, after, ..
                } = &mut fail.kind
                && *expected == OPERAND
                && after.is_none()
            {
                *after = Some(op.to_owned());
            }
            fail
        })
    }

    fn expr(&self, input: &'s str, level: usize) -> Step<'s> {
        self.or(input, level)
    }

    fn or(&self, input: &'s str, level: usize) -> Step<'s> {
        self.left_assoc(input, level, Self::and, |i| {
            keyword(i, "or").map(|rest| (rest, BinaryOp::Or))
        })
    }

    fn and(&self, input: &'s str, level: usize) -> Step<'s> {
        self.left_assoc(input, level, Self::not, |i| {
            keyword(i, "and").map(|rest| (rest, BinaryOp::And))
        })
    }

    fn sum(&self, input: &'s str, level: usize) -> Step<'s> {
        self.left_assoc(input, level, Self::product, |i| {
            match i.as_bytes().first() {
                Some(b'+') => Some((&i[1..], BinaryOp::Add)),
                Some(b'-') => Some((&i[1..], BinaryOp::Sub)),
                _ => None,
            }
        })
    }

    fn product(&self, input: &'s str, level: usize) -> Step<'s> {
        self.left_assoc(input, level, Self::unary, |i| match i.as_bytes().first() {
            Some(b'*') => Some((&i[1..], BinaryOp::Mul)),
            Some(b'/') => Some((&i[1..], BinaryOp::Div)),
            Some(b'%') => Some((&i[1..], BinaryOp::Rem)),
            _ => None,
        })
    }

    /// `operand { op operand }`, folded to the left.
    fn left_assoc(
        &self,
        input: &'s str,
        level: usize,
        next: fn(&Self, &'s str, usize) -> Step<'s>,
        op: impl Fn(&'s str) -> Option<(&'s str, BinaryOp)>,
    ) -> Step<'s> {
        let (mut rest, mut left, mut depth) = next(self, input, level)?;
        loop {
            let at = ws(rest);
            let Some((after, op)) = op(at) else {
                return Ok((rest, left, depth));
            };
            let (after, right, right_depth) = self.operand(after, level, op.symbol(), next)?;
            depth = self.join(at, depth.max(right_depth) + 1)?;
            left = Expr::Binary {
                op,
                left: Box::new(left),
                right: Box::new(right),
            };
            rest = after;
        }
    }

    fn not(&self, input: &'s str, level: usize) -> Step<'s> {
        if let Some(after) = keyword(input, "not") {
            let level = self.deeper(input, level)?;
            let (rest, arg, depth) = self.operand(after, level, "not", Self::not)?;
            let depth = self.join(input, depth + 1)?;
            let node = Expr::Unary {
                op: UnaryOp::Not,
                arg: Box::new(arg),
            };
            return Ok((rest, node, depth));
        }
        self.comparison(input, level)
    }

    fn comparison(&self, input: &'s str, level: usize) -> Step<'s> {
        let (rest, left, left_depth) = self.sum(input, level)?;
        let at = ws(rest);
        let Some((after, op)) = comparison_op(at) else {
            return Ok((rest, left, left_depth));
        };
        let (rest, right, right_depth) = self.operand(after, level, op.symbol(), Self::sum)?;
        let depth = self.join(at, left_depth.max(right_depth) + 1)?;
        let next = ws(rest);
        if comparison_op(next).is_some() {
            return Err(self.fail(next, ParseErrorKind::ChainedComparison));
        }
        let node = Expr::Binary {
            op,
            left: Box::new(left),
            right: Box::new(right),
        };
        Ok((rest, node, depth))
    }

    fn unary(&self, input: &'s str, level: usize) -> Step<'s> {
        if let Some(after) = input.strip_prefix('-') {
            let level = self.deeper(input, level)?;
            let (rest, arg, depth) = self.operand(after, level, "-", Self::unary)?;
            let depth = self.join(input, depth + 1)?;
            let node = Expr::Unary {
                op: UnaryOp::Neg,
                arg: Box::new(arg),
            };
            return Ok((rest, node, depth));
        }
        self.primary(input, level)
    }

    fn primary(&self, input: &'s str, level: usize) -> Step<'s> {
        let Some(first) = input.chars().next() else {
            return Err(self.expected_at(input, OPERAND, None));
        };
        match first {
            '(' => {
                let inner_level = self.deeper(input, level)?;
                let (rest, inner, depth) = self.expr(ws(&input[1..]), inner_level)?;
                let rest = ws(rest);
                let Some(rest) = rest.strip_prefix(')') else {
                    let column = crate::error::line_column(self.src, self.offset(input)).1;
                    return Err(self.fail(
                        rest,
                        ParseErrorKind::Unclosed {
                            column,
                            found: rest.chars().next(),
                        },
                    ));
                };
                if dice_follows(rest) {
                    return self.dice(rest, level, inner, depth);
                }
                Ok((rest, inner, depth))
            }
            '0'..='9' => self.number(input, level),
            '"' => self.string(input),
            '@' => self.qualified(input),
            'd' if dice_follows(input) => self.dice(input, level, Expr::number(1), 1),
            c if c.is_ascii_alphabetic() || c == '_' => self.name(input, level),
            _ => Err(self.expected_at(input, OPERAND, None)),
        }
    }

    fn number(&self, input: &'s str, level: usize) -> Step<'s> {
        let (mut rest, _) =
            digit1::<_, NomError<'_>>(input).map_err(|_| self.expected_at(input, OPERAND, None))?;
        if let Some(after_dot) = rest.strip_prefix('.')
            && after_dot.starts_with(|c: char| c.is_ascii_digit())
        {
            rest = digit1::<_, NomError<'_>>(after_dot).map_or(after_dot, |(r, _)| r);
        }
        let text = &input[..input.len() - rest.len()];
        let value = Number::parse_decimal(text)
            .and_then(Literal::new)
            .ok_or_else(|| self.fail(input, ParseErrorKind::NumberTooLarge))?;
        let node = Expr::Number { value };
        if dice_follows(rest) {
            if !value.value().is_integer() {
                return Err(self.fail(input, ParseErrorKind::DiceCountNotInteger));
            }
            return self.dice(rest, level, node, 1);
        }
        Ok((rest, node, 1))
    }

    fn string(&self, input: &'s str) -> Step<'s> {
        let mut value = String::new();
        let mut chars = input[1..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    let rest = &input[1 + i + 1..];
                    return Ok((rest, Expr::String { value }, 1));
                }
                '\\' => match chars.next() {
                    Some((_, e @ ('"' | '\\'))) => value.push(e),
                    Some((j, e)) => {
                        return Err(self.fail(&input[1 + j..], ParseErrorKind::BadEscape(e)));
                    }
                    None => break,
                },
                c if c.is_control() => {
                    return Err(self.fail(&input[1 + i..], ParseErrorKind::ControlInString));
                }
                c => value.push(c),
            }
        }
        Err(self.fail(input, ParseErrorKind::UnterminatedString))
    }

    /// `@pack:field.name`.
    fn qualified(&self, input: &'s str) -> Step<'s> {
        let body = &input[1..];
        let (rest, pack) = take_while::<_, _, NomError<'_>>(|c: char| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-'
        })(body)
        .map_err(|_| self.expected_at(body, PACK, Some("@")))?;
        if !is_pack_id(pack) {
            return Err(self.expected_at(body, PACK, Some("@")));
        }
        let Some(name_start) = rest.strip_prefix(':') else {
            return Err(self.expected_at(rest, Expected::ColonAfterPack, None));
        };
        let (rest, name) = self.field_name(name_start)?;
        let node = Expr::Field {
            pack: Some(pack.to_owned()),
            name,
        };
        Ok((rest, node, 1))
    }

    /// A dotted field name; each segment is a word, not a keyword, not a dice term.
    fn field_name(&self, input: &'s str) -> Result<(&'s str, String), Fail> {
        let mut rest = input;
        loop {
            let Some((after, segment)) = word(rest) else {
                return Err(self.expected_at(rest, Expected::NameSegment, None));
            };
            self.check_segment(rest, segment)?;
            rest = after;
            match rest.strip_prefix('.') {
                Some(after_dot) => rest = after_dot,
                None => break,
            }
        }
        let name = &input[..input.len() - rest.len()];
        Ok((rest, name.to_owned()))
    }

    fn check_segment(&self, at: &'s str, segment: &str) -> Result<(), Fail> {
        if RESERVED_WORDS.contains(&segment) {
            return Err(self.fail(at, ParseErrorKind::ReservedSegment(segment.to_owned())));
        }
        if starts_dice_term(segment) {
            return Err(self.fail(at, ParseErrorKind::DiceSegment(segment.to_owned())));
        }
        Ok(())
    }

    /// A word at an operand's place: a keyword, a call or a field name.
    fn name(&self, input: &'s str, level: usize) -> Step<'s> {
        let (after, first) = word(input).ok_or_else(|| self.expected_at(input, OPERAND, None))?;
        match first {
            "true" | "false" => {
                let node = Expr::Bool {
                    value: first == "true",
                };
                return Ok((after, node, 1));
            }
            "and" | "or" | "not" => {
                return Err(self.fail(input, ParseErrorKind::KeywordAsOperand(first.to_owned())));
            }
            _ => {}
        }
        if let Some(args) = after.strip_prefix('(') {
            return self.call(input, first, args, level);
        }
        if first == "if" {
            return Err(self.expected_at(after, Expected::ParenAfterIf, None));
        }
        let (rest, name) = self.field_name(input)?;
        if rest.starts_with('(') {
            return Err(self.fail(input, ParseErrorKind::UnknownFunction(name)));
        }
        Ok((rest, Expr::Field { pack: None, name }, 1))
    }

    fn call(&self, at: &'s str, name: &str, input: &'s str, level: usize) -> Step<'s> {
        let function = Function::from_name(name)
            .ok_or_else(|| self.fail(at, ParseErrorKind::UnknownFunction(name.to_owned())))?;
        let level = self.deeper(at, level)?;
        let mut args = Vec::new();
        let mut depth = 0;
        let mut rest = ws(input);
        if let Some(after) = rest.strip_prefix(')') {
            rest = after;
        } else {
            loop {
                let (after, arg, arg_depth) = self.expr(rest, level).map_err(|mut fail| {
                    if let ParseErrorKind::Expected {
                        expected, after, ..
                    } = &mut fail.kind
                        && *expected == OPERAND
                        && after.is_none()
                        && fail.offset == self.offset(rest)
                    {
                        *expected = Expected::Argument;
                    }
                    fail
                })?;
                args.push(arg);
                depth = depth.max(arg_depth);
                let after = ws(after);
                if let Some(next) = after.strip_prefix(',') {
                    rest = ws(next);
                } else if let Some(next) = after.strip_prefix(')') {
                    rest = next;
                    break;
                } else {
                    return Err(self.expected_at(after, Expected::CommaOrClose, None));
                }
            }
        }
        if !function.accepts(args.len()) {
            return Err(self.fail(
                at,
                ParseErrorKind::Arity {
                    function: function.name(),
                    expected: function.arity(),
                    found: args.len(),
                },
            ));
        }
        if function.takes_id() && !args.iter().all(|a| matches!(a, Expr::String { .. })) {
            return Err(self.fail(at, ParseErrorKind::IdArgument(function.name())));
        }
        let depth = self.join(at, depth + 1)?;
        Ok((rest, Expr::Call { function, args }, depth))
    }

    /// The part of a dice term after its count: `d`, sides, then an optional modifier.
    fn dice(&self, input: &'s str, level: usize, count: Expr, count_depth: usize) -> Step<'s> {
        let (rest, sides, sides_depth) = self.dice_part(&input[1..], level, Expected::Sides)?;
        let mut depth = count_depth.max(sides_depth);
        let (rest, modifier) = if let Some(after) = rest.strip_prefix("kh") {
            let (rest, arg, d) = self.dice_part(after, level, Expected::Keep)?;
            depth = depth.max(d);
            (rest, Some(DiceModifier::KeepHighest(Box::new(arg))))
        } else if let Some(after) = rest.strip_prefix("kl") {
            let (rest, arg, d) = self.dice_part(after, level, Expected::Keep)?;
            depth = depth.max(d);
            (rest, Some(DiceModifier::KeepLowest(Box::new(arg))))
        } else if let Some(after) = rest.strip_prefix('s') {
            let (rest, arg, d) = self.dice_part(after, level, Expected::Target)?;
            depth = depth.max(d);
            (rest, Some(DiceModifier::Successes(Box::new(arg))))
        } else if let Some(after) = rest.strip_prefix('p') {
            (after, Some(DiceModifier::Pool))
        } else {
            (rest, None)
        };
        // A dice term is one word: letters or digits right after it belong to no token.
        if rest.starts_with(|c: char| is_word_char(c) || c == '.') {
            return Err(self.expected_at(rest, Expected::DiceTermEnd, None));
        }
        let depth = self.join(input, depth + 1)?;
        let node = Expr::Dice {
            count: Box::new(count),
            sides: Box::new(sides),
            modifier,
        };
        Ok((rest, node, depth))
    }

    /// An integer literal or a parenthesised expression, as a dice term's part.
    fn dice_part(&self, input: &'s str, level: usize, what: Expected) -> Step<'s> {
        if let Some(after) = input.strip_prefix('(') {
            let level = self.deeper(input, level)?;
            let (rest, inner, depth) = self.expr(ws(after), level)?;
            let rest = ws(rest);
            let Some(rest) = rest.strip_prefix(')') else {
                let column = crate::error::line_column(self.src, self.offset(input)).1;
                return Err(self.fail(
                    rest,
                    ParseErrorKind::Unclosed {
                        column,
                        found: rest.chars().next(),
                    },
                ));
            };
            return Ok((rest, inner, depth));
        }
        let Ok((rest, digits)) = digit1::<_, NomError<'_>>(input) else {
            return Err(self.fail(
                input,
                ParseErrorKind::Expected {
                    expected: what,
                    after: None,
                    found: input.chars().next(),
                },
            ));
        };
        let value = digits
            .parse::<i64>()
            .ok()
            .and_then(|n| Literal::new(Number::from(n)))
            .ok_or_else(|| self.fail(input, ParseErrorKind::NumberTooLarge))?;
        Ok((rest, Expr::Number { value }, 1))
    }
}

/// What a missing operand is called in messages.
pub(crate) const OPERAND: Expected = Expected::Operand;
const PACK: Expected = Expected::PackId;

fn comparison_op(input: &str) -> Option<(&str, BinaryOp)> {
    let two = [
        ("==", BinaryOp::Eq),
        ("!=", BinaryOp::Ne),
        ("<=", BinaryOp::Le),
        (">=", BinaryOp::Ge),
    ];
    for (text, op) in two {
        if let Some(rest) = input.strip_prefix(text) {
            return Some((rest, op));
        }
    }
    match input.as_bytes().first() {
        Some(b'<') => Some((&input[1..], BinaryOp::Lt)),
        Some(b'>') => Some((&input[1..], BinaryOp::Gt)),
        _ => None,
    }
}
