//! A content item's properties against its content type's declaration.

use indexmap::IndexMap;
use serde_json::Value;

use crate::diagnostic::{Diagnostic, Phrase, Word, codes, reasons};
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
    let on = Phrase::new(&reasons::ON_ITEM).with_arg("type", type_name);
    let mut out = Vec::new();
    for (id, value) in properties {
        let pointer = format!("/properties/{}", escape_segment(id.as_str()));
        match declared.properties.get(id) {
            None => out.push(
                Diagnostic::new(&codes::PROPERTY_NOT_ALLOWED)
                    .with_arg("property", id)
                    .with_word("on", on.clone())
                    .with_pointer(pointer),
            ),
            Some(def) => {
                if let Err((expected, found)) = value_fits(def, value) {
                    out.push(
                        Diagnostic::new(&codes::PROPERTY_TYPE_MISMATCH)
                            .with_arg("property", id)
                            .with_word("expected", expected)
                            .with_word("found", found)
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
                        .with_word("on", on.clone())
                        .with_pointer(""),
                );
            }
        }
    }
    out
}

/// Whether `value` fits `def`; otherwise what was expected and what was found, in words of
/// the standard text.
pub(crate) fn value_fits(def: &PropertyDef, value: &Value) -> Result<(), (Phrase, Word)> {
    if def.many {
        let list_of =
            |expected: Phrase| Phrase::new(&reasons::TYPE_LIST_OF).with_word("of", expected);
        let Value::Array(values) = value else {
            return Err((list_of(expected(def)), describe(value)));
        };
        for one in values {
            one_fits(def, one).map_err(|(expected, found)| {
                (
                    list_of(expected),
                    Phrase::new(&reasons::TYPE_LIST_HOLDING)
                        .with_word("of", found)
                        .into(),
                )
            })?;
        }
        return Ok(());
    }
    one_fits(def, value)
}

fn one_fits(def: &PropertyDef, value: &Value) -> Result<(), (Phrase, Word)> {
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

fn expected(def: &PropertyDef) -> Phrase {
    match def.value_type {
        ValueType::Number => {
            let bound = |n: Option<&serde_json::Number>| n.map(ToString::to_string);
            match (bound(def.min.as_ref()), bound(def.max.as_ref())) {
                (Some(min), Some(max)) => Phrase::new(&reasons::TYPE_NUMBER_BETWEEN)
                    .with_arg("min", min)
                    .with_arg("max", max),
                (Some(min), None) => Phrase::new(&reasons::TYPE_NUMBER_MIN).with_arg("min", min),
                (None, Some(max)) => Phrase::new(&reasons::TYPE_NUMBER_MAX).with_arg("max", max),
                (None, None) => Phrase::new(&reasons::TYPE_NUMBER),
            }
        }
        ValueType::Text => Phrase::new(&reasons::TYPE_TEXT),
        ValueType::Boolean => Phrase::new(&reasons::TYPE_BOOLEAN),
        ValueType::Enum => Phrase::new(&reasons::TYPE_ENUM).with_arg(
            "values",
            def.values
                .iter()
                .map(|v| format!("`{v}`"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ValueType::Dice => Phrase::new(&reasons::TYPE_DICE),
        ValueType::Formula => Phrase::new(&reasons::TYPE_FORMULA),
        ValueType::Content => Phrase::new(&reasons::TYPE_CONTENT),
        ValueType::List => Phrase::new(&reasons::EXPECT_LIST),
    }
}

/// What was found: the value as the author wrote it (quoted), or what kind of value it is.
fn describe(value: &Value) -> Word {
    let quoted = |text: String| Word::Text(format!("`{text}`"));
    match value {
        Value::Null => Phrase::new(&reasons::FOUND_NOTHING).into(),
        Value::Bool(b) => quoted(b.to_string()),
        Value::Number(n) => quoted(n.to_string()),
        Value::String(s) if s.chars().count() > 40 => Phrase::new(&reasons::FOUND_LONG_TEXT).into(),
        Value::String(s) => quoted(s.clone()),
        Value::Array(_) => Phrase::new(&reasons::FOUND_LIST).into(),
        Value::Object(_) => Phrase::new(&reasons::FOUND_MAPPING).into(),
    }
}
