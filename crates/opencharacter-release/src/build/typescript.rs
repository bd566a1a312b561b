//! TypeScript declarations from the model's JSON Schemas, so `index.d.ts` types a release as
//! precisely as `schemas/pack-release.schema.json` describes it, and from the data itself for
//! text files (every key of a language, named).
//!
//! The schemas come from `opencharacter_spec::schema` (schemars, draft 2020-12). The subset
//! read here is what schemars writes: `$defs` and `$ref`, `type` (one or a list), `const`,
//! `enum`, `anyOf`/`oneOf` (unions), `allOf` (intersections), `properties` with `required`,
//! `additionalProperties` and `patternProperties` (index signatures), `items` and
//! `prefixItems`. Everything else (formats, bounds, patterns) constrains values TypeScript's
//! types cannot, and is left to the schema.

use std::collections::HashSet;
use std::fmt::Write as _;

use serde_json::Value;

/// Deepest schema nesting turned into a type; deeper (no model comes near) becomes `unknown`,
/// so no input can recurse without bound.
const MAX_DEPTH: usize = 64;

/// Type names TypeScript's standard library declares that a `$defs` name must not shadow
/// (a module's own `Record` would hide the global one).
const RESERVED: [&str; 12] = [
    "Array", "Boolean", "Date", "Error", "Function", "Map", "Number", "Object", "Promise",
    "Record", "Set", "String",
];

/// Declarations for a schema: `export type <root_name> = …;` and one `export type` per entry
/// of its `$defs`, each with its description as a doc comment.
pub fn declarations(schema: &Value, root_name: &str) -> String {
    let mut out = String::new();
    let mut root = schema.clone();
    let defs = root
        .as_object_mut()
        .and_then(|object| object.remove("$defs"))
        .unwrap_or(Value::Null);
    declare(&mut out, root_name, &root);
    if let Value::Object(defs) = defs {
        let mut seen = HashSet::new();
        seen.insert(root_name.to_owned());
        for (name, def) in &defs {
            let name = type_name(name);
            if seen.insert(name.clone()) {
                declare(&mut out, &name, def);
            }
        }
    }
    out
}

/// The type names [`declarations`] declares for `schema`, in the same order.
pub fn declared_names(schema: &Value, root_name: &str) -> Vec<String> {
    let mut names = vec![root_name.to_owned()];
    if let Some(Value::Object(defs)) = schema.get("$defs") {
        for name in defs.keys() {
            let name = type_name(name);
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

fn declare(out: &mut String, name: &str, schema: &Value) {
    doc(out, schema, "");
    let _ = writeln!(out, "export type {name} = {};\n", ty(schema, 0, 0));
}

/// The TypeScript name of a `$defs` entry: letters, digits and `_` only, not a global's name.
pub fn type_name(def: &str) -> String {
    let mut name: String = def
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    if RESERVED.contains(&name.as_str()) {
        name.push('_');
    }
    name
}

/// A doc comment from the schema's `title` and `description`.
fn doc(out: &mut String, schema: &Value, indent: &str) {
    let text: Vec<&str> = ["title", "description"]
        .iter()
        .filter_map(|key| schema.get(key).and_then(Value::as_str))
        .collect();
    if text.is_empty() {
        return;
    }
    // `*/` would end the comment early.
    let text = text.join("\n\n").replace("*/", "*\\/");
    let _ = writeln!(out, "{indent}/**");
    for line in text.lines() {
        let _ = if line.is_empty() {
            writeln!(out, "{indent} *")
        } else {
            writeln!(out, "{indent} * {line}")
        };
    }
    let _ = writeln!(out, "{indent} */");
}

/// The type a schema describes, as TypeScript; `indent` is the nesting of object literals.
fn ty(schema: &Value, indent: usize, depth: usize) -> String {
    if depth > MAX_DEPTH {
        return "unknown".to_owned();
    }
    let object = match schema {
        Value::Bool(true) => return "unknown".to_owned(),
        Value::Bool(false) => return "never".to_owned(),
        Value::Object(object) => object,
        _ => return "unknown".to_owned(),
    };
    if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
        return reference
            .strip_prefix("#/$defs/")
            .map_or_else(|| "unknown".to_owned(), type_name);
    }
    if let Some(constant) = object.get("const") {
        return literal(constant);
    }
    if let Some(Value::Array(values)) = object.get("enum") {
        return union(values.iter().map(literal).collect());
    }
    let mut parts = Vec::new();
    if let Some(types) = object.get("type") {
        let names: Vec<&str> = match types {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let shapes: Vec<String> = names
            .iter()
            .map(|name| shape(name, object, indent, depth))
            .collect();
        parts.push(union(shapes));
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(key) {
            parts.push(union(
                options.iter().map(|o| ty(o, indent, depth + 1)).collect(),
            ));
        }
    }
    if let Some(Value::Array(all)) = object.get("allOf") {
        parts.extend(all.iter().map(|o| ty(o, indent, depth + 1)));
    }
    match parts.len() {
        0 if object.contains_key("properties") => shape("object", object, indent, depth),
        0 => "unknown".to_owned(),
        1 => parts.remove(0),
        _ => parts
            .iter()
            .map(|part| format!("({part})"))
            .collect::<Vec<_>>()
            .join(" & "),
    }
}

fn union(mut members: Vec<String>) -> String {
    members.dedup();
    match members.len() {
        0 => "never".to_owned(),
        1 => members.remove(0),
        _ => members
            .iter()
            .map(|m| {
                if m.contains(' ') && !m.starts_with('{') {
                    format!("({m})")
                } else {
                    m.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" | "),
    }
}

fn literal(value: &Value) -> String {
    match value {
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => value.to_string(),
        // A constant list or map: its shape is enough for a type.
        Value::Array(_) => "readonly unknown[]".to_owned(),
        Value::Object(_) => "{ readonly [key: string]: unknown }".to_owned(),
    }
}

fn shape(
    name: &str,
    object: &serde_json::Map<String, Value>,
    indent: usize,
    depth: usize,
) -> String {
    match name {
        "string" => "string".to_owned(),
        "number" | "integer" => "number".to_owned(),
        "boolean" => "boolean".to_owned(),
        "null" => "null".to_owned(),
        "array" => array(object, indent, depth),
        "object" => object_type(object, indent, depth),
        _ => "unknown".to_owned(),
    }
}

fn array(object: &serde_json::Map<String, Value>, indent: usize, depth: usize) -> String {
    if let Some(Value::Array(prefix)) = object.get("prefixItems") {
        let items: Vec<String> = prefix.iter().map(|p| ty(p, indent, depth + 1)).collect();
        return format!("readonly [{}]", items.join(", "));
    }
    let item = object.get("items").map_or_else(
        || "unknown".to_owned(),
        |items| ty(items, indent, depth + 1),
    );
    format!("readonly ({item})[]")
}

fn object_type(object: &serde_json::Map<String, Value>, indent: usize, depth: usize) -> String {
    let pad = "  ".repeat(indent + 1);
    let required: HashSet<&str> = object
        .get("required")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut body = String::new();
    let properties = object.get("properties").and_then(Value::as_object);
    for (key, schema) in properties.into_iter().flatten() {
        doc(&mut body, schema, &pad);
        let optional = if required.contains(key.as_str()) {
            ""
        } else {
            "?"
        };
        let _ = writeln!(
            body,
            "{pad}readonly {}{optional}: {};",
            property_name(key),
            ty(schema, indent + 1, depth + 1)
        );
    }
    let mut extra: Vec<String> = Vec::new();
    if let Some(Value::Object(patterns)) = object.get("patternProperties") {
        extra.extend(patterns.values().map(|s| ty(s, indent + 1, depth + 1)));
    }
    match object.get("additionalProperties") {
        Some(Value::Bool(false)) => {}
        Some(schema @ Value::Object(_)) => extra.push(ty(schema, indent + 1, depth + 1)),
        // Absent or `true`: any other key, any value.
        _ if properties.is_none() && extra.is_empty() => extra.push("unknown".to_owned()),
        _ => {}
    }
    if !extra.is_empty() {
        // Every named property's type must fit the index signature; `unknown` always does.
        let value = if properties.is_some_and(|p| !p.is_empty()) {
            "unknown".to_owned()
        } else {
            union(extra)
        };
        let _ = writeln!(body, "{pad}readonly [key: string]: {value};");
    }
    if body.is_empty() {
        return "{}".to_owned();
    }
    format!("{{\n{body}{}}}", "  ".repeat(indent))
}

/// A property name as TypeScript writes it: bare when it is an identifier, else quoted.
pub fn property_name(key: &str) -> String {
    let identifier = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier {
        key.to_owned()
    } else {
        Value::String(key.to_owned()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn objects_refs_unions_and_maps() {
        let schema = json!({
            "type": "object",
            "description": "A thing. Never */ early.",
            "properties": {
                "id": { "type": "string" },
                "count": { "type": ["integer", "null"] },
                "kind": { "enum": ["a", "b"] },
                "tags": { "type": "array", "items": { "$ref": "#/$defs/Tag" } },
                "by-name": { "type": "object", "additionalProperties": { "type": "boolean" } }
            },
            "required": ["id"],
            "additionalProperties": false,
            "$defs": {
                "Tag": { "anyOf": [{ "type": "string" }, { "const": 3 }] },
                "Record": { "type": "object" }
            }
        });
        let text = declarations(&schema, "Thing");
        assert!(text.contains("export type Thing = {"), "{text}");
        assert!(text.contains("readonly id: string;"), "{text}");
        assert!(text.contains("readonly count?: number | null;"), "{text}");
        assert!(text.contains("readonly kind?: \"a\" | \"b\";"), "{text}");
        assert!(text.contains("readonly tags?: readonly (Tag)[];"), "{text}");
        assert!(
            text.contains("readonly \"by-name\"?: {\n    readonly [key: string]: boolean;\n  };"),
            "{text}"
        );
        assert!(text.contains("export type Tag = string | 3;"), "{text}");
        // A global's name gets a suffix; a comment cannot be closed by its text.
        assert!(text.contains("export type Record_ = {\n  readonly [key: string]: unknown;\n}"));
        assert!(text.contains("Never *\\/ early."), "{text}");
    }

    #[test]
    fn names_and_depth_are_bounded() {
        assert_eq!(type_name("Map<String, X>"), "Map_String__X_");
        assert_eq!(type_name("1st"), "_1st");
        assert_eq!(property_name("pack.name"), "\"pack.name\"");
        assert_eq!(property_name("_meta"), "_meta");
        let mut deep = json!({ "type": "string" });
        for _ in 0..200 {
            deep = json!({ "type": "array", "items": deep });
        }
        assert!(ty(&deep, 0, 0).contains("unknown"));
    }
}
