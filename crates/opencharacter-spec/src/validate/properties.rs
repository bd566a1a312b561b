//! A content item's properties against its content type's declaration.

use indexmap::IndexMap;
use serde_json::Value;

use crate::diagnostic::{Diagnostic, codes};
use crate::ids::{ContentId, FieldId, Reference};
use crate::model::formulas::escape_segment;
use crate::model::rules::{ContentTypeDef, PropertyDef, ValueType};

/// Every problem of an item's `properties` against `declared`, the declaration of its content
/// type `type_name`: a property not declared (`property-not-allowed`), a value not of its
/// declared type (`property-type-mismatch`), and, when `check_required`, a required property
/// not set (`property-required`, at the item's root). Pointers are from the item's root.
///
/// Pass the properties an item ends with (after `extends` and overrides) to check `required`,
/// and an item's own properties to check the rest where they are written.
///
/// ```
/// use opencharacter_spec::model::ContentTypeDef;
/// use opencharacter_spec::validate::property_diagnostics;
///
/// let weapon: ContentTypeDef = opencharacter_spec::yaml::from_str(
///     "properties:\n  damage: { type: dice, required: true }\n  weight: { type: number, min: 0 }\n",
/// ).unwrap();
/// let properties = serde_json::from_value(serde_json::json!({"weight": "heavy", "edge": 1})).unwrap();
/// let found: Vec<_> = property_diagnostics(&properties, &weapon, "weapon", true)
///     .iter()
///     .map(|d| (d.code.name, d.location.pointer.clone().unwrap_or_default()))
///     .collect();
/// assert_eq!(found, [
///     ("property-type-mismatch", "/properties/weight".to_owned()),
///     ("property-not-allowed", "/properties/edge".to_owned()),
///     ("property-required", "".to_owned()),
/// ]);
/// ```
pub fn property_diagnostics(
    properties: &IndexMap<FieldId, Value>,
    declared: &ContentTypeDef,
    type_name: &str,
    check_required: bool,
) -> Vec<Diagnostic> {
    let on = format!("an item of type `{type_name}`");
    let mut out = Vec::new();
    for (id, value) in properties {
        let pointer = format!("/properties/{}", escape_segment(id.as_str()));
        match declared.properties.get(id) {
            None => out.push(
                Diagnostic::new(&codes::PROPERTY_NOT_ALLOWED)
                    .with_arg("property", id)
                    .with_arg("on", &on)
                    .with_pointer(pointer),
            ),
            Some(def) => {
                if let Err((expected, found)) = value_fits(def, value) {
                    out.push(
                        Diagnostic::new(&codes::PROPERTY_TYPE_MISMATCH)
                            .with_arg("property", id)
                            .with_arg("expected", expected)
                            .with_arg("found", found)
                            .with_pointer(pointer),
                    );
                }
            }
        }
    }
    if check_required {
        for (id, def) in &declared.properties {
            if def.required && !properties.contains_key(id) {
                out.push(
                    Diagnostic::new(&codes::PROPERTY_REQUIRED)
                        .with_arg("property", format!("properties.{id}"))
                        .with_arg("on", &on)
                        .with_pointer(""),
                );
            }
        }
    }
    out
}

/// Whether `value` fits `def`; otherwise what was expected and what was found, in words.
pub(crate) fn value_fits(def: &PropertyDef, value: &Value) -> Result<(), (String, String)> {
    if def.many {
        let Value::Array(values) = value else {
            return Err((format!("a list of {}", expected(def)), describe(value)));
        };
        for one in values {
            one_fits(def, one).map_err(|(expected, found)| {
                (
                    format!("a list of {expected}"),
                    format!("a list holding {found}"),
                )
            })?;
        }
        return Ok(());
    }
    one_fits(def, value)
}

fn one_fits(def: &PropertyDef, value: &Value) -> Result<(), (String, String)> {
    let ok = match def.value_type {
        ValueType::Number => match value.as_f64() {
            Some(number) => {
                let above = def.min.as_ref().and_then(serde_json::Number::as_f64);
                let below = def.max.as_ref().and_then(serde_json::Number::as_f64);
                above.is_none_or(|min| number >= min) && below.is_none_or(|max| number <= max)
            }
            None => false,
        },
        ValueType::Text => value.is_string(),
        ValueType::Boolean => value.is_boolean(),
        ValueType::Enum => value
            .as_str()
            .is_some_and(|text| def.values.iter().any(|v| v.as_str() == text)),
        // A formula or dice expression is written as a string, or as a bare number.
        ValueType::Dice | ValueType::Formula => value.is_string() || value.is_number(),
        ValueType::Content => value
            .as_str()
            .is_some_and(|text| text.parse::<Reference<ContentId>>().is_ok()),
        ValueType::List => false,
    };
    if ok {
        Ok(())
    } else {
        Err((expected(def), describe(value)))
    }
}

fn expected(def: &PropertyDef) -> String {
    match def.value_type {
        ValueType::Number => {
            let bound = |n: Option<&serde_json::Number>| n.map(ToString::to_string);
            match (bound(def.min.as_ref()), bound(def.max.as_ref())) {
                (Some(min), Some(max)) => format!("a number from {min} to {max}"),
                (Some(min), None) => format!("a number of at least {min}"),
                (None, Some(max)) => format!("a number of at most {max}"),
                (None, None) => "a number".to_owned(),
            }
        }
        ValueType::Text => "a text".to_owned(),
        ValueType::Boolean => "`true` or `false`".to_owned(),
        ValueType::Enum => format!(
            "one of {}",
            def.values
                .iter()
                .map(|v| format!("`{v}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ValueType::Dice => "a dice expression".to_owned(),
        ValueType::Formula => "a formula".to_owned(),
        ValueType::Content => "a content ID".to_owned(),
        ValueType::List => "a list".to_owned(),
    }
}

fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("`{n}`"),
        Value::String(s) if s.chars().count() > 40 => "a long text".to_owned(),
        Value::String(s) => format!("`{s}`"),
        Value::Array(_) => "a list".to_owned(),
        Value::Object(_) => "a map".to_owned(),
    }
}
