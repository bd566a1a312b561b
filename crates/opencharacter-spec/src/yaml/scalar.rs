//! Typing scalars by the YAML 1.2 core schema, the way JSON Schema tools for YAML read them.
//!
//! Only plain scalars are typed; quoted and block scalars are strings. YAML 1.1's `yes`, `no`,
//! `on`, `off` and sexagesimal numbers are strings, so `defaultLanguage: no` means Norwegian.

use crate::diagnostic::{Phrase, reasons};
use serde_json::{Number, Value};

/// Why a scalar cannot become a JSON value.
pub(super) type ScalarError = Phrase;

/// The JSON value of a plain scalar.
pub(super) fn plain(text: &str) -> Result<Value, ScalarError> {
    if is_null(text) {
        return Ok(Value::Null);
    }
    if let Some(boolean) = boolean(text) {
        return Ok(Value::Bool(boolean));
    }
    if let Some(result) = integer(text) {
        return result;
    }
    if let Some(result) = float(text) {
        return result;
    }
    Ok(Value::String(text.to_owned()))
}

/// The JSON value of a scalar with an explicit core-schema tag (`!!str`, `!!int`, …).
pub(super) fn tagged(text: &str, suffix: &str) -> Result<Value, ScalarError> {
    let mismatch = || {
        Phrase::new(&reasons::TAG_MISMATCH)
            .with_arg("text", text)
            .with_arg("tag", suffix)
    };
    match suffix {
        "str" => Ok(Value::String(text.to_owned())),
        "null" if is_null(text) => Ok(Value::Null),
        "bool" => boolean(text).map(Value::Bool).ok_or_else(mismatch),
        "int" => integer(text).unwrap_or_else(|| Err(mismatch())),
        "float" => float(text)
            .or_else(|| integer(text).map(|r| r.and_then(|v| to_float(&v, text))))
            .unwrap_or_else(|| Err(mismatch())),
        _ => Err(mismatch()),
    }
}

fn to_float(value: &Value, text: &str) -> Result<Value, ScalarError> {
    value
        .as_f64()
        .and_then(Number::from_f64)
        .map(Value::Number)
        .ok_or_else(|| Phrase::new(&reasons::NUMBER_NOT_JSON).with_arg("text", text))
}

fn is_null(text: &str) -> bool {
    matches!(text, "" | "~" | "null" | "Null" | "NULL")
}

fn boolean(text: &str) -> Option<bool> {
    match text {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`; `None` when `text` is not an integer at all.
fn integer(text: &str) -> Option<Result<Value, ScalarError>> {
    let too_large = || Phrase::new(&reasons::INTEGER_TOO_LARGE).with_arg("text", text);
    if let Some(octal) = text.strip_prefix("0o") {
        if octal.is_empty() || !octal.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
            return None;
        }
        return Some(
            u64::from_str_radix(octal, 8)
                .map(|n| Value::Number(n.into()))
                .map_err(|_| too_large()),
        );
    }
    if let Some(hex) = text.strip_prefix("0x") {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        return Some(
            u64::from_str_radix(hex, 16)
                .map(|n| Value::Number(n.into()))
                .map_err(|_| too_large()),
        );
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let unsigned = text.strip_prefix('+').unwrap_or(text);
    Some(if unsigned.starts_with('-') {
        unsigned
            .parse::<i64>()
            .map(|n| Value::Number(n.into()))
            .map_err(|_| too_large())
    } else {
        unsigned
            .parse::<u64>()
            .map(|n| Value::Number(n.into()))
            .map_err(|_| too_large())
    })
}

/// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf`, `.nan`; `None` when
/// `text` is not a float at all. JSON holds no infinities or NaN, so those are refused.
fn float(text: &str) -> Option<Result<Value, ScalarError>> {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    if matches!(unsigned, ".inf" | ".Inf" | ".INF") || matches!(text, ".nan" | ".NaN" | ".NAN") {
        return Some(Err(
            Phrase::new(&reasons::NUMBER_NOT_JSON).with_arg("text", text)
        ));
    }
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(cut) => (&unsigned[..cut], Some(&unsigned[cut + 1..])),
        None => (unsigned, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match fraction {
        // `.5`, `1.`, `1.5`
        Some(fraction) => {
            digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty())
        }
        None => !whole.is_empty() && digits(whole),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if !mantissa_ok || !exponent_ok || (fraction.is_none() && exponent.is_none()) {
        return None;
    }
    let parsed: f64 = match text.parse() {
        Ok(parsed) => parsed,
        // Rust refuses `1.` and `.5` less often than YAML allows them; pad and retry.
        Err(_) => match text.replace(".e", ".0e").replace(".E", ".0E").parse() {
            Ok(parsed) => parsed,
            Err(_) => {
                return Some(Err(
                    Phrase::new(&reasons::NUMBER_NOT_JSON).with_arg("text", text)
                ));
            }
        },
    };
    Some(
        Number::from_f64(parsed)
            .map(Value::Number)
            .ok_or_else(|| Phrase::new(&reasons::NUMBER_TOO_LARGE).with_arg("text", text)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn core_schema_types() {
        let cases = [
            ("", json!(null)),
            ("~", json!(null)),
            ("NULL", json!(null)),
            ("true", json!(true)),
            ("False", json!(false)),
            ("yes", json!("yes")),
            ("no", json!("no")),
            ("12", json!(12)),
            ("+12", json!(12)),
            ("-12", json!(-12)),
            ("012", json!(12)),
            ("0o17", json!(15)),
            ("0x1F", json!(31)),
            ("0x", json!("0x")),
            ("1.5", json!(1.5)),
            ("-.5", json!(-0.5)),
            ("1.", json!(1.0)),
            ("1e3", json!(1000.0)),
            ("1.5E-1", json!(0.15)),
            ("0.1.0", json!("0.1.0")),
            ("1d6", json!("1d6")),
            ("5e-srd-5.1", json!("5e-srd-5.1")),
            ("5e", json!("5e")),
            (".", json!(".")),
            ("-", json!("-")),
            (
                "18446744073709551615",
                json!(18_446_744_073_709_551_615_u64),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(plain(text), Ok(expected), "{text:?}");
        }
    }

    #[test]
    fn numbers_json_cannot_hold_are_refused() {
        for text in [
            ".inf",
            "-.Inf",
            ".nan",
            "1e400",
            "18446744073709551616",
            "-9223372036854775809",
        ] {
            assert!(plain(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn tags_force_a_type() {
        assert_eq!(tagged("12", "str"), Ok(json!("12")));
        assert_eq!(tagged("12", "float"), Ok(json!(12.0)));
        assert_eq!(tagged("true", "bool"), Ok(json!(true)));
        assert!(tagged("yes", "bool").is_err());
        assert!(tagged("x", "int").is_err());
        assert!(tagged("x", "null").is_err());
    }
}
