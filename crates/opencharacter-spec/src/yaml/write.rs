//! A small, deterministic YAML writer, for tools that generate packs (the converters in `xtask/`,
//! the JSON ruleset importer).
//!
//! They build `serde_json::Value`s (maps keep their insertion order) and write them with this
//! emitter instead of a general serializer, so that the bytes are fully under the project's
//! control: the same value always prints the same text, strings that YAML's core
//! schema would read as anything else (a number, a boolean, `null`) are quoted, and short lists
//! of scalars print on one line.

use serde_json::Value;

/// Prints a value as a YAML document (a map at the top level prints as `key: value` lines).
pub fn to_string(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(map) if !map.is_empty() => write_map(&mut out, map, 0),
        other => {
            out.push_str(&scalar_or_flow(other));
            out.push('\n');
        }
    }
    out
}

fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn write_map(out: &mut String, map: &serde_json::Map<String, Value>, level: usize) {
    for (key, value) in map {
        indent(out, level);
        out.push_str(&scalar_text(key));
        out.push(':');
        write_value_after_key(out, value, level);
    }
}

/// Writes what follows `key:` (or `- `): a scalar or flow list on the same line, a block below.
fn write_value_after_key(out: &mut String, value: &Value, level: usize) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            if let Some(flow) = flow_map(map) {
                out.push(' ');
                out.push_str(&flow);
                out.push('\n');
            } else {
                out.push('\n');
                write_map(out, map, level + 1);
            }
        }
        Value::Array(items) if !items.is_empty() && !is_flow_list(items) => {
            out.push('\n');
            write_list(out, items, level + 1);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar_or_flow(other));
            out.push('\n');
        }
    }
}

fn write_list(out: &mut String, items: &[Value], level: usize) {
    for item in items {
        indent(out, level);
        out.push('-');
        match item {
            Value::Object(map) if !map.is_empty() && flow_map(map).is_none() => {
                // The first key goes on the dash's line, the others line up under it.
                let mut first = true;
                for (key, value) in map {
                    if first {
                        out.push(' ');
                        first = false;
                    } else {
                        indent(out, level + 1);
                    }
                    out.push_str(&scalar_text(key));
                    out.push(':');
                    write_value_after_key(out, value, level + 1);
                }
            }
            other => write_value_after_key(out, other, level),
        }
    }
}

/// A list prints on one line when it holds only scalars and is short.
fn is_flow_list(items: &[Value]) -> bool {
    items
        .iter()
        .all(|item| !matches!(item, Value::Array(_) | Value::Object(_)))
        && items
            .iter()
            .map(|item| scalar_text(item_str(item).as_str()).len() + 2)
            .sum::<usize>()
            <= 100
}

fn item_str(item: &Value) -> String {
    match item {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A map prints on one line (`{ a: 1, b: x }`) when it holds only a few scalars.
fn flow_map(map: &serde_json::Map<String, Value>) -> Option<String> {
    if map.len() > 4 {
        return None;
    }
    let mut parts = Vec::new();
    for (key, value) in map {
        match value {
            Value::Array(_) | Value::Object(_) => return None,
            scalar => parts.push(format!("{}: {}", scalar_text(key), scalar_or_flow(scalar))),
        }
    }
    let text = format!("{{ {} }}", parts.join(", "));
    (text.len() <= 90).then_some(text)
}

fn scalar_or_flow(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(flag) => flag.to_string(),
        Value::Number(number) => number.to_string(),
        Value::String(text) => scalar_text(text),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(scalar_or_flow).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) if map.is_empty() => "{}".to_owned(),
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(key, value)| format!("{}: {}", scalar_text(key), scalar_or_flow(value)))
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
    }
}

/// A string as a YAML scalar: plain when it cannot be misread, else double-quoted (a JSON
/// string is a valid YAML double-quoted scalar).
pub fn scalar_text(text: &str) -> String {
    if is_plain_safe(text) {
        text.to_owned()
    } else {
        serde_json::to_string(text).expect("a string always serializes to JSON")
    }
}

fn is_plain_safe(text: &str) -> bool {
    let Some(first) = text.chars().next() else {
        return false;
    };
    if !(first.is_ascii_alphanumeric() || first == '_') || text.ends_with(' ') {
        return false;
    }
    if !text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || " _.-+()/'*<>=".contains(c))
    {
        return false;
    }
    // Words YAML 1.1 or 1.2 read as booleans or null, and anything that reads as a number.
    let lower = text.to_ascii_lowercase();
    if ["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(&lower.as_str()) {
        return false;
    }
    if first.is_ascii_digit() {
        let looks_numeric = text.parse::<f64>().is_ok()
            || lower.starts_with("0x")
            || lower.starts_with("0o")
            || text
                .chars()
                .all(|c| c.is_ascii_digit() || c == '_' || c == ':' || c == '.');
        if looks_numeric {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a panic in a test is its failure report"
    )]

    use super::*;
    use serde_json::json;

    #[test]
    fn quotes_what_yaml_would_misread() {
        assert_eq!(scalar_text("1d8"), "1d8");
        assert_eq!(scalar_text("1d8 + 3"), "1d8 + 3");
        assert_eq!(scalar_text("10"), "\"10\"");
        assert_eq!(scalar_text("1e3"), "\"1e3\"");
        assert_eq!(scalar_text("true"), "\"true\"");
        assert_eq!(scalar_text("no"), "\"no\"");
        assert_eq!(scalar_text(""), "\"\"");
        assert_eq!(scalar_text("a: b"), "\"a: b\"");
        assert_eq!(scalar_text("has(\"x\")"), "\"has(\\\"x\\\")\"");
        assert_eq!(
            scalar_text("Carpet (3 ft. × 5 ft.)"),
            "\"Carpet (3 ft. × 5 ft.)\""
        );
    }

    #[test]
    fn prints_nested_values_that_read_back_the_same() {
        let value = json!({
            "id": "weapons.longsword",
            "properties": { "damage": "1d8", "weight": 3, "tags": ["a", "b"], "big": {"x": [1, 2], "y": {"z": "10"}} },
            "effects": [{ "target": "combat.ac", "op": "add", "value": "1", "when": "not(x)" }],
            "grants": [{"item": "features.x", "when": "level >= 3"}, {"item": "features.y"}],
            "list": [[1, 2], {"a": {"b": 1}}],
            "empty": {}, "none": [],
        });
        let text = to_string(&value);
        let back: Value = crate::yaml::from_str(&text).unwrap();
        assert_eq!(back, value, "{text}");
    }
}
