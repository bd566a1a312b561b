//! Values on a sheet: the formula crate's exact [`Value`], converted from the model's scalars
//! and JSON, and written to JSON as plain numbers, booleans and strings.

use opencharacter_formula::{Number, Value};
use opencharacter_spec::model::Scalar;
use serde::{Serialize, Serializer};

/// A value as the sheet shows it: an exact number, a boolean or a text (an enumerated value's
/// key, a dice expression).
///
/// In JSON a whole number is a number (`3`), any other number its exact fraction as a string
/// (`"7/2"`), a boolean a boolean and a text a string.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SheetValue(pub Value);

impl SheetValue {
    /// The value as a whole number, when it is one.
    pub fn as_integer(&self) -> Option<i64> {
        match &self.0 {
            Value::Number(n) => n.to_integer(),
            _ => None,
        }
    }

    /// The value as a boolean, when it is one.
    pub fn as_bool(&self) -> Option<bool> {
        match &self.0 {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The value as a text, when it is one.
    pub fn as_text(&self) -> Option<&str> {
        match &self.0 {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

/// `3`, `-1`, `7/2`, `true`, or the text itself (no quotes).
impl std::fmt::Display for SheetValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Value::Number(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::String(s) => f.write_str(s),
        }
    }
}

impl Serialize for SheetValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Value::Number(n) => match n.to_integer() {
                Some(i) => serializer.serialize_i64(i),
                None => serializer.collect_str(n),
            },
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::String(s) => serializer.serialize_str(s),
        }
    }
}

impl From<Value> for SheetValue {
    fn from(value: Value) -> Self {
        SheetValue(value)
    }
}

/// `a + b`, exactly; `None` when it does not fit. (Kept here so the sheet relies only on the
/// formula crate's `Number::new`, numerator and denominator.)
pub(crate) fn add(a: Number, b: Number) -> Option<Number> {
    let num = i128::from(a.numer()) * i128::from(b.denom())
        + i128::from(b.numer()) * i128::from(a.denom());
    let den = i128::from(a.denom()) * i128::from(b.denom());
    let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
    Number::new(i64::try_from(num / g).ok()?, i64::try_from(den / g).ok()?)
}

/// `-a`; `None` when it does not fit.
pub(crate) fn neg(a: Number) -> Option<Number> {
    Number::new(a.numer().checked_neg()?, a.denom())
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// A JSON number as an exact [`Number`]: integers exactly, decimals by their shortest text.
pub(crate) fn json_number(number: &serde_json::Number) -> Option<Number> {
    if let Some(i) = number.as_i64() {
        return Some(Number::from(i));
    }
    let text = number.to_string();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let n = Number::parse_decimal(digits)?;
    if negative { neg(n) } else { Some(n) }
}

/// Whether `scalar` is a number the formula's numbers cannot hold (`1e20`, `2^63`): such a value
/// is never silently replaced by a default; the caller reports it as `value-too-large`.
pub(crate) fn too_large(scalar: &Scalar) -> bool {
    matches!(scalar, Scalar::Number(n) if json_number(n).is_none())
}

/// The `value-too-large` rules issue for the saved `scalar` of `id` at `pointer`.
pub(crate) fn too_large_issue(
    id: impl std::fmt::Display,
    scalar: &Scalar,
    pointer: String,
) -> opencharacter_spec::diagnostic::Diagnostic {
    let shown = match scalar {
        Scalar::Number(n) => n.to_string(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Text(t) => t.clone(),
    };
    opencharacter_spec::diagnostic::Diagnostic::new(
        &opencharacter_spec::diagnostic::codes::VALUE_TOO_LARGE,
    )
    .with_arg("id", id)
    .with_arg("value", shown)
    .with_pointer(pointer)
}

/// The model's scalar as a formula value.
pub(crate) fn scalar_value(scalar: &Scalar) -> Option<Value> {
    Some(match scalar {
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Number(n) => Value::Number(json_number(n)?),
        Scalar::Text(t) => Value::String(t.clone()),
    })
}

/// A content property's JSON value as a formula value (arrays and maps have none).
pub(crate) fn json_value(json: &serde_json::Value) -> Option<Value> {
    match json {
        serde_json::Value::Bool(b) => Some(Value::Bool(*b)),
        serde_json::Value::Number(n) => json_number(n).map(Value::Number),
        serde_json::Value::String(s) => Some(Value::String(s.clone())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_exactly_and_write_plainly() {
        let n: serde_json::Number = serde_json::from_str("1.5").unwrap();
        assert_eq!(json_number(&n), Number::new(3, 2));
        let n: serde_json::Number = serde_json::from_str("-2.25").unwrap();
        assert_eq!(json_number(&n), Number::new(-9, 4));
        let json = serde_json::to_string(&[
            SheetValue(Value::from(3)),
            SheetValue(Value::Number(Number::new(7, 3).unwrap())),
            SheetValue(Value::Bool(true)),
            SheetValue(Value::String("3d10".into())),
        ])
        .unwrap();
        assert_eq!(json, r#"[3,"7/3",true,"3d10"]"#);
    }
}
