//! Unit tests of `load_ruleset`: releases built in code, loaded in order, with their overrides,
//! `extends`, hides and conflicts.

use serde_json::{Value, json};

use super::*;

fn release(id: &str, deps: Value, rules: Value, content: Value) -> PackRelease {
    serde_json::from_value(json!({
        "manifest": {"id": id, "version": "1.0.0", "specVersion": "1.0.0",
                     "license": "CC0-1.0", "defaultLanguage": "en", "dependencies": deps},
        "rules": rules,
        "content": content,
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": {}
    }))
    .unwrap()
}

fn base() -> PackRelease {
    release(
        "base",
        json!({}),
        json!({
            "fields": {"abilities.str": {"type": "number", "parts": {"mod": {"type": "number"}}}},
            "contentTypes": {"weapon": {}},
        }),
        json!({"weapons.sword": {"id": "weapons.sword", "type": "weapon",
                                 "properties": {"damage": {"dice": "d8", "kind": "cut"}}}}),
    )
}

fn names(diagnostics: &[Diagnostic]) -> Vec<&str> {
    diagnostics.iter().map(|d| d.code.name).collect()
}

fn id(text: &str) -> QualifiedContentId {
    text.parse().unwrap()
}

#[test]
fn parts_become_fields_of_their_own() {
    let base = base();
    let (ruleset, diagnostics) = load_ruleset([&base], &LoadOptions::default());
    assert!(diagnostics.is_empty());
    let keys: Vec<String> = ruleset.fields.keys().map(ToString::to_string).collect();
    assert_eq!(keys, ["base:abilities.str", "base:abilities.str.mod"]);
    assert!(ruleset.fields[0].parts.is_empty());
}

#[test]
fn rules_items_are_known_by_their_own_pack() {
    let base = base();
    let other = release(
        "other",
        json!({"base": "^1"}),
        json!({"contentTypes": {"weapon": {}}}),
        json!({}),
    );
    let (ruleset, diagnostics) = load_ruleset([&base, &other], &LoadOptions::default());
    assert!(diagnostics.is_empty());
    let types: Vec<String> = ruleset
        .content_types
        .keys()
        .map(ToString::to_string)
        .collect();
    assert_eq!(types, ["base:weapon", "other:weapon"]);
}

#[test]
fn a_repeated_pack_is_reported_and_left_out() {
    let base = base();
    let (ruleset, diagnostics) = load_ruleset([&base, &base], &LoadOptions::default());
    assert_eq!(names(&diagnostics), ["duplicate-pack"]);
    assert_eq!(ruleset.packs.len(), 1);
}

#[test]
fn a_map_override_merges_deeply_and_a_whole_replacement_conflicts_at_the_container() {
    let base = base();
    let deep = release(
        "deep",
        json!({"base": "^1"}),
        json!({}),
        json!({"x": {"override": "base:weapons.sword",
                     "properties": {"damage": {"dice": "d10"}}}}),
    );
    let whole = release(
        "whole",
        json!({"base": "^1"}),
        json!({}),
        json!({"x": {"override": "base:weapons.sword", "properties": {"damage": "2d6"}}}),
    );
    let (ruleset, _) = load_ruleset([&base, &deep], &LoadOptions::default());
    assert_eq!(
        ruleset.content[&id("base:weapons.sword")].item.properties["damage"],
        json!({"dice": "d10", "kind": "cut"})
    );
    let (ruleset, diagnostics) = load_ruleset([&base, &deep, &whole], &LoadOptions::default());
    assert!(diagnostics.is_empty());
    assert_eq!(
        ruleset.content[&id("base:weapons.sword")].item.properties["damage"],
        "2d6"
    );
    assert_eq!(ruleset.conflicts.len(), 1);
    assert_eq!(ruleset.conflicts[0].path, "/properties/damage");
    assert_eq!(ruleset.conflicts[0].winner.as_str(), "whole");
}

#[test]
fn null_in_an_override_is_refused_and_the_rest_of_it_applies() {
    let base = base();
    let nulling = release(
        "nulling",
        json!({"base": "^1"}),
        json!({}),
        json!({"x": {"override": "base:weapons.sword",
                     "properties": {"damage": null}}}),
    );
    let (ruleset, diagnostics) = load_ruleset([&base, &nulling], &LoadOptions::default());
    assert_eq!(names(&diagnostics), ["override-null"]);
    assert_eq!(
        diagnostics[0].location.pointer.as_deref(),
        Some("/content/x/properties/damage")
    );
    assert_eq!(
        ruleset.content[&id("base:weapons.sword")].item.properties["damage"]["dice"],
        "d8",
        "nothing of a refused override is applied"
    );
}

#[test]
fn a_content_file_of_no_form_is_reported_and_left_out() {
    let base = base();
    let odd = release(
        "odd",
        json!({"base": "^1"}),
        json!({}),
        json!({"things.x": {"id": "things.x"}}),
    );
    let (ruleset, diagnostics) = load_ruleset([&base, &odd], &LoadOptions::default());
    assert_eq!(names(&diagnostics), ["content-form-invalid"]);
    assert!(!ruleset.content.contains_key(&id("odd:things.x")));
}

#[test]
fn an_extension_of_a_missing_parent_is_unresolved_and_its_children_leave_quietly() {
    let base = base();
    let broken = release(
        "broken",
        json!({"base": "^1"}),
        json!({}),
        json!({
            "x.child": {"id": "x.child", "extends": "x.nowhere"},
            "x.grandchild": {"id": "x.grandchild", "extends": "x.child"},
        }),
    );
    let (ruleset, diagnostics) = load_ruleset([&base, &broken], &LoadOptions::default());
    assert_eq!(names(&diagnostics), ["unresolved-reference"]);
    assert_eq!(
        diagnostics[0].location.pointer.as_deref(),
        Some("/content/x.child/extends")
    );
    assert!(!ruleset.content.contains_key(&id("broken:x.child")));
    assert!(!ruleset.content.contains_key(&id("broken:x.grandchild")));
}

#[test]
fn deprecation_belongs_to_one_id_and_is_not_inherited() {
    let old = release(
        "old",
        json!({}),
        json!({"contentTypes": {"weapon": {}}}),
        json!({
            "w.a": {"id": "w.a", "type": "weapon", "deprecated": {"since": "1.0.0"}},
            "w.b": {"id": "w.b", "extends": "w.a"},
        }),
    );
    let (ruleset, diagnostics) = load_ruleset([&old], &LoadOptions::default());
    assert!(diagnostics.is_empty());
    assert!(ruleset.content[&id("old:w.a")].item.deprecated.is_some());
    assert!(ruleset.content[&id("old:w.b")].item.deprecated.is_none());
    assert_eq!(
        ruleset.content[&id("old:w.b")]
            .item
            .content_type
            .as_ref()
            .unwrap()
            .to_string(),
        "old:weapon"
    );
}

#[test]
fn options_default_to_the_documented_limit() {
    assert_eq!(LoadOptions::default().max_extends_depth, 16);
    assert!(LoadOptions::default().check_formulas);
}

#[test]
fn a_long_loop_and_a_long_chain_are_reported_item_by_item_without_trouble() {
    let count = 3_000;
    let mut content = serde_json::Map::new();
    content.insert("c.root".into(), json!({"id": "c.root", "type": "weapon"}));
    for i in 0..count {
        // A loop through every `l.*` item, and a chain of `c.*` items far past the limit.
        let next = (i + 1) % count;
        content.insert(
            format!("l.i{i}"),
            json!({"id": format!("l.i{i}"), "extends": format!("l.i{next}")}),
        );
        let parent = if i == 0 {
            "c.root".to_owned()
        } else {
            format!("c.i{}", i - 1)
        };
        content.insert(
            format!("c.i{i}"),
            json!({"id": format!("c.i{i}"), "extends": parent}),
        );
    }
    let hostile = release(
        "hostile",
        json!({}),
        json!({"contentTypes": {"weapon": {}}}),
        json!(content),
    );
    let (ruleset, diagnostics) = load_ruleset([&hostile], &LoadOptions::default());
    let circular = diagnostics
        .iter()
        .filter(|d| d.code.name == "circular-extends")
        .count();
    let deep = diagnostics
        .iter()
        .filter(|d| d.code.name == "extends-too-deep")
        .count();
    assert_eq!(circular, count);
    assert_eq!(deep, count - 16, "links up to the limit resolve");
    assert_eq!(circular + deep, diagnostics.len());
    assert!(ruleset.content.contains_key(&id("hostile:c.i15")));
    assert!(!ruleset.content.contains_key(&id("hostile:c.i16")));
    assert!(!ruleset.content.contains_key(&id("hostile:l.i0")));
}
