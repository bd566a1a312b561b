//! The canonical printer: exactly one text for every tree.
//!
//! Binary operators are surrounded by one space, commas in calls are followed by one, nothing
//! else has spaces; parentheses appear only where precedence or associativity needs them; dice
//! terms are printed without a count of 1 (`d20`), with bare integer parts and every other part
//! in parentheses (`(level)d6`).

use std::fmt::{self, Write};

use crate::tree::{Expr, UnaryOp};

/// How tightly a node binds: `or` 1, `and` 2, `not` 3, comparisons 4, `+ -` 5, `* / %` 6,
/// unary minus 7, everything else 8.
fn precedence(expr: &Expr) -> u8 {
    match expr {
        Expr::Binary { op, .. } => op.precedence(),
        Expr::Unary {
            op: UnaryOp::Not, ..
        } => 3,
        Expr::Unary {
            op: UnaryOp::Neg, ..
        } => 7,
        _ => 8,
    }
}

fn write_wrapped(f: &mut fmt::Formatter<'_>, expr: &Expr, wrap: bool) -> fmt::Result {
    if wrap {
        f.write_char('(')?;
        write!(f, "{expr}")?;
        f.write_char(')')
    } else {
        write!(f, "{expr}")
    }
}

/// A dice part: a bare integer literal, or anything else in parentheses.
fn write_part(f: &mut fmt::Formatter<'_>, expr: &Expr) -> fmt::Result {
    match expr {
        Expr::Number { value } if value.value().is_integer() => write!(f, "{}", value.value()),
        _ => write_wrapped(f, expr, true),
    }
}

fn write_string(f: &mut fmt::Formatter<'_>, value: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            f.write_char('\\')?;
        }
        f.write_char(c)?;
    }
    f.write_char('"')
}

/// The canonical text.
///
/// ```
/// use opencharacter_formula::parse;
/// let tree = parse("((1d20))+(x*2)-(-3)")?;
/// assert_eq!(tree.to_string(), "d20 + x * 2 - -3");
/// # Ok::<(), opencharacter_formula::ParseError>(())
/// ```
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Number { value } => {
                let text = value
                    .value()
                    .to_decimal()
                    .expect("a Literal has a decimal form");
                f.write_str(&text)
            }
            Expr::Bool { value } => write!(f, "{value}"),
            Expr::String { value } => write_string(f, value),
            Expr::Field {
                pack: Some(pack),
                name,
            } => write!(f, "@{pack}:{name}"),
            Expr::Field { pack: None, name } => f.write_str(name),
            Expr::Unary { op, arg } => {
                let (text, own) = match op {
                    UnaryOp::Neg => ("-", 7),
                    UnaryOp::Not => ("not ", 3),
                };
                f.write_str(text)?;
                write_wrapped(f, arg, precedence(arg) < own)
            }
            Expr::Binary { op, left, right } => {
                let own = op.precedence();
                let left_prec = precedence(left);
                // Comparisons do not associate: a comparison operand of a comparison is wrapped.
                let wrap_left = left_prec < own || (own == 4 && left_prec == 4);
                write_wrapped(f, left, wrap_left)?;
                write!(f, " {} ", op.symbol())?;
                write_wrapped(f, right, precedence(right) <= own)
            }
            Expr::Call { function, args } => {
                f.write_str(function.name())?;
                f.write_char('(')?;
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{arg}")?;
                }
                f.write_char(')')
            }
            Expr::Dice {
                count,
                sides,
                modifier,
            } => {
                let is_one = matches!(&**count, Expr::Number { value } if value.value() == crate::Number::ONE);
                if !is_one {
                    write_part(f, count)?;
                }
                f.write_char('d')?;
                write_part(f, sides)?;
                if let Some(modifier) = modifier {
                    f.write_str(modifier.suffix())?;
                    if let Some(arg) = modifier.arg() {
                        write_part(f, arg)?;
                    }
                }
                Ok(())
            }
        }
    }
}
