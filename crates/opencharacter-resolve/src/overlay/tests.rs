//! Unit tests of merging overlays and resolving `extends` chains.

use indexmap::IndexMap;
use proptest::prelude::*;
use serde_json::{Value, json};

use super::*;

fn merged(base: Value, patch: Value) -> (Value, Vec<String>) {
    let mut base = base;
    let written = merge_into(base.as_object_mut().unwrap(), patch.as_object().unwrap()).unwrap();
    (base, written.iter().map(ToString::to_string).collect())
}

#[test]
fn maps_merge_deeply_and_the_rest_is_replaced_whole() {
    let (value, written) = merged(
        json!({"damage": {"dice": "1d8", "type": "slashing"}, "properties": ["versatile"], "cost": 15}),
        json!({"damage": {"dice": "1d10"}, "properties": [], "cost": {"gp": 15}}),
    );
    assert_eq!(
        value,
        json!({"damage": {"dice": "1d10", "type": "slashing"}, "properties": [], "cost": {"gp": 15}})
    );
    assert_eq!(written, ["/damage/dice", "/properties", "/cost/gp"]);
}

#[test]
fn null_is_refused_and_nothing_changes() {
    let mut base = json!({"a": 1, "b": {"c": 2}});
    let before = base.clone();
    let errors = merge_into(
        base.as_object_mut().unwrap(),
        json!({"a": 3, "b": {"c": null}, "d": null})
            .as_object()
            .unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .len(),
        2
    );
    assert_eq!(
        errors[0],
        MergeError::Null(PropertyPath(vec!["b".into(), "c".into()]))
    );
    assert_eq!(base, before);
}

#[test]
fn paths_escape_like_json_pointers() {
    assert_eq!(
        PropertyPath(vec!["a/b".into(), "c~d".into()]).to_string(),
        "/a~1b/c~0d"
    );
}

#[test]
fn conflicts_name_the_packs_in_order_and_the_winner() {
    let mut log = WriteLog::new();
    log.record(
        &"weapons.longsword",
        &"homebrew-a",
        [PropertyPath(vec!["damage".into(), "dice".into()])],
    );
    log.record(
        &"weapons.longsword",
        &"homebrew-a",
        [PropertyPath(vec!["weight".into()])],
    );
    log.record(
        &"weapons.longsword",
        &"homebrew-b",
        [PropertyPath(vec!["damage".into(), "dice".into()])],
    );
    let conflicts = log.conflicts();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].path.to_string(), "/damage/dice");
    assert_eq!(conflicts[0].packs, ["homebrew-a", "homebrew-b"]);
    assert_eq!(*conflicts[0].winner(), "homebrew-b");
}

#[test]
fn a_whole_property_conflicts_with_a_leaf_inside_it() {
    let mut log = WriteLog::new();
    log.record(&"x", &"a", [PropertyPath(vec!["damage".into()])]);
    log.record(
        &"x",
        &"b",
        [PropertyPath(vec!["damage".into(), "dice".into()])],
    );
    let conflicts = log.conflicts();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].path.to_string(), "/damage");
    assert_eq!(conflicts[0].packs, ["a", "b"]);
}

#[test]
fn one_pack_writing_twice_is_no_conflict() {
    let mut log = WriteLog::new();
    log.record(&"x", &"a", [PropertyPath(vec!["d".into()])]);
    log.record(&"x", &"a", [PropertyPath(vec!["d".into()])]);
    assert!(log.conflicts().is_empty());
}

fn items(
    list: &[(&'static str, Option<&'static str>, Value)],
) -> IndexMap<&'static str, (Option<&'static str>, Value)> {
    list.iter().map(|(k, p, v)| (*k, (*p, v.clone()))).collect()
}

#[test]
fn extends_inherits_the_parents_final_state() {
    let all = items(&[
        ("flame", Some("sword"), json!({"damage": {"extra": "1d6"}})),
        ("sword", Some("blade"), json!({"damage": {"dice": "1d8"}})),
        (
            "blade",
            None,
            json!({"damage": {"dice": "1d4", "type": "slashing"}, "weight": 2}),
        ),
    ]);
    let done = resolve_extends(&all, 8);
    assert_eq!(
        done["flame"],
        Ok(json!({"damage": {"dice": "1d8", "type": "slashing", "extra": "1d6"}, "weight": 2}))
    );
    assert_eq!(done.len(), 3);
}

#[test]
fn circular_extends_names_the_cycle_and_spares_the_rest() {
    let all = items(&[
        ("a", Some("b"), json!({})),
        ("b", Some("c"), json!({})),
        ("c", Some("a"), json!({})),
        ("d", Some("a"), json!({})),
        ("e", None, json!({"ok": true})),
    ]);
    let done = resolve_extends(&all, 8);
    assert_eq!(
        done["a"].clone().unwrap_err().to_string(),
        "extends chain loops: a → b → c → a"
    );
    assert!(done["b"].is_err() && done["c"].is_err() && done["d"].is_err());
    assert_eq!(done["e"], Ok(json!({"ok": true})));
}

#[test]
fn the_depth_limit_holds() {
    let names: Vec<&'static str> = (0..10)
        .map(|i| &*Box::leak(format!("i{i}").into_boxed_str()))
        .collect();
    let list: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                *n,
                if i == 0 { None } else { Some(names[i - 1]) },
                json!({}),
            )
        })
        .collect();
    let all = items(&list);
    assert!(resolve_extends(&all, 9).values().all(Result::is_ok));
    let done = resolve_extends(&all, 8);
    assert!(matches!(
        done["i9"],
        Err(ExtendsError::TooDeep { limit: 8, .. })
    ));
    assert!(done["i8"].is_ok());
}

#[test]
fn a_missing_parent_is_reported() {
    let all = items(&[("a", Some("ghost"), json!({}))]);
    assert_eq!(
        resolve_extends(&all, 8)["a"],
        Err(ExtendsError::MissingParent { parent: "ghost" })
    );
}

/// A patch over a fixed set of leaves `k0..k3` under `m`, or top-level scalars `s0..s2`.
fn patch() -> impl Strategy<Value = Vec<(usize, bool, i64)>> {
    prop::collection::vec((0usize..4, any::<bool>(), -5i64..5), 0..5)
}

fn to_value(patch: &[(usize, bool, i64)]) -> Value {
    let mut top = serde_json::Map::new();
    for &(key, nested, value) in patch {
        if nested {
            let inner = top.entry("m".to_owned()).or_insert_with(|| json!({}));
            if let Some(inner) = inner.as_object_mut() {
                inner.insert(format!("k{key}"), json!(value));
            }
        } else {
            top.insert(format!("s{key}"), json!(value));
        }
    }
    Value::Object(top)
}

proptest! {
    /// Against an oracle that replays each pack's writes leaf by leaf: the final value at every
    /// leaf is the last writer's, and a conflict is reported exactly when two or more packs wrote
    /// the same leaf.
    #[test]
    fn override_stacks_match_the_oracle(stack in prop::collection::vec(patch(), 1..6)) {
        let mut item = json!({"m": {"k0": 100}, "s0": 100});
        let mut log = WriteLog::new();
        let mut last_writer: IndexMap<String, (usize, i64)> = IndexMap::new();
        let mut writers: IndexMap<String, Vec<usize>> = IndexMap::new();
        for (pack, patch) in stack.iter().enumerate() {
            let value = to_value(patch);
            let written = merge_into(item.as_object_mut().unwrap(), value.as_object().unwrap()).unwrap();
            log.record(&"item", &pack, written);
            // Oracle: the leaves this patch sets, with their final value in this patch.
            for (key, leaf) in value.as_object().unwrap() {
                let leaves: Vec<(String, i64)> = match leaf {
                    Value::Object(inner) => inner.iter().map(|(k, v)| (format!("/{key}/{k}"), v.as_i64().unwrap())).collect(),
                    other => vec![(format!("/{key}"), other.as_i64().unwrap())],
                };
                for (path, v) in leaves {
                    last_writer.insert(path.clone(), (pack, v));
                    let list = writers.entry(path).or_default();
                    if !list.contains(&pack) { list.push(pack); }
                }
            }
        }
        for (path, (_, value)) in &last_writer {
            prop_assert_eq!(item.pointer(path).and_then(Value::as_i64), Some(*value));
        }
        let expected: Vec<(String, Vec<usize>)> = writers.into_iter().filter(|(_, w)| w.len() > 1).collect();
        let mut found: Vec<(String, Vec<usize>)> = log.conflicts().into_iter().map(|c| (c.path.to_string(), c.packs)).collect();
        let mut expected_sorted = expected.clone();
        expected_sorted.sort();
        found.sort();
        prop_assert_eq!(found, expected_sorted);
    }
}
