#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! Properties of `apply_layers` over generated layers and choices: it never adds what the base
//! lacks and never deletes (withdrawn, not gone); the result depends only on the saved set, not
//! on the order it lists its layers; a set holding both sides of a conflict gives the same rules
//! every time.

use std::collections::BTreeSet;

use crate::common::*;
use opencharacter_layers::apply_layers;
use opencharacter_spec::ids::QualifiedFieldId;
use opencharacter_spec::model::Ruleset;
use proptest::prelude::*;
use serde_json::json;

const VALUES: [&str; 4] = ["hauler", "sailor", "scout", "tinker"];
const SELLERS: [&str; 3] = ["outfitter", "magic_dealer", "scribe"];

/// One generated layer, as JSON for the rules document.
#[derive(Debug, Clone)]
struct GenLayer {
    remove: Vec<bool>,
    default: Option<usize>,
    sellers: Vec<bool>,
    conflicts: Vec<usize>,
    hide_above: Option<i64>,
    coins: u8,
    ladder: Option<i64>,
    loot: bool,
}

fn gen_layer() -> impl Strategy<Value = GenLayer> {
    (
        proptest::collection::vec(any::<bool>(), 4),
        proptest::option::of(0..4usize),
        proptest::collection::vec(any::<bool>(), 3),
        proptest::collection::vec(0..6usize, 0..3),
        proptest::option::of(-1..3i64),
        0..4u8,
        proptest::option::of(5..15i64),
        any::<bool>(),
    )
        .prop_map(
            |(remove, default, sellers, conflicts, hide_above, coins, ladder, loot)| GenLayer {
                remove,
                default,
                sellers,
                conflicts,
                hide_above,
                coins,
                ladder,
                loot,
            },
        )
}

fn layer_json(index: usize, layer: &GenLayer, count: usize) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    let conflicts: Vec<String> = layer
        .conflicts
        .iter()
        .filter(|c| **c < count && **c != index)
        .map(|c| format!("l{c}"))
        .collect();
    if !conflicts.is_empty() {
        out.insert("conflicts".into(), json!(conflicts));
    }
    out.insert(
        "gm".into(),
        json!({"guidance": format!("layer {index} is on")}),
    );
    let removed: Vec<&str> = VALUES
        .iter()
        .zip(&layer.remove)
        .filter(|(_, r)| **r)
        .map(|(v, _)| *v)
        .collect();
    if !removed.is_empty() {
        let mut change = json!({"removeValues": removed});
        if let Some(default) = layer.default {
            change["default"] = json!(VALUES[default]);
        }
        out.insert("fields".into(), json!({"calling": change}));
    }
    if let Some(dc) = layer.ladder {
        out.insert(
            "difficultyLadder".into(),
            json!([{"label": "easy", "dc": dc}]),
        );
    }
    if let Some(above) = layer.hide_above {
        out.insert(
            "catalogs".into(),
            json!([{"type": "knack", "hide": {"filter": "grit", "above": above}}]),
        );
    }
    match layer.coins {
        1 => {
            out.insert("currencies".into(), json!({"removeUnits": ["gp"]}));
        }
        2 => {
            out.insert("currencies".into(), json!({"removeUnits": ["sp", "gp"]}));
        }
        3 => {
            out.insert("currencies".into(), json!({"removeFamilies": ["coin"]}));
        }
        _ => {}
    }
    let sellers: Vec<&str> = SELLERS
        .iter()
        .zip(&layer.sellers)
        .filter(|(_, r)| **r)
        .map(|(v, _)| *v)
        .collect();
    let mut items = serde_json::Map::new();
    if !sellers.is_empty() {
        items.insert(
            "market".into(),
            json!({"removeSellers": sellers, "unsold": [{"tag": "magical"}]}),
        );
    }
    if layer.loot {
        items.insert(
            "lootTables".into(),
            json!({"treasure_low": {"entries": [{"coins": "cp", "weight": index + 1}]}}),
        );
    }
    if !items.is_empty() {
        out.insert("items".into(), serde_json::Value::Object(items));
    }
    serde_json::Value::Object(out)
}

/// Ember Roads with its layers replaced by generated ones.
fn ruleset_with(layers: &[GenLayer]) -> Ruleset {
    let mut rules: serde_json::Value = serde_json::to_value(rules(EMBER_RULES)).unwrap();
    let generated: serde_json::Map<String, serde_json::Value> = layers
        .iter()
        .enumerate()
        .map(|(i, l)| (format!("l{i}"), layer_json(i, l, layers.len())))
        .collect();
    rules["layers"] = serde_json::Value::Object(generated);
    let yaml = serde_json::to_string(&rules).unwrap();
    load(&[&release("ember-roads-1e", "1.0.0", &yaml, ember_content())])
}

fn choice_ids(choice: &[usize]) -> Vec<QualifiedFieldId> {
    choice
        .iter()
        .map(|i| format!("ember-roads-1e:l{i}").parse().unwrap())
        .collect()
}

/// Every value, content item, seller, table and coin the ruleset knows, withdrawn or not.
fn everything(ruleset: &Ruleset) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (id, field) in &ruleset.fields {
        for value in &field.values {
            out.insert(format!("value {id} {value}"));
        }
        for value in ruleset.withdrawn.values.get(id).into_iter().flatten() {
            out.insert(format!("value {id} {value}"));
        }
    }
    out.extend(ruleset.content.keys().map(|id| format!("content {id}")));
    for (pack, market) in &ruleset.markets {
        out.extend(market.sellers.keys().map(|s| format!("seller {pack}:{s}")));
    }
    out.extend(ruleset.loot_tables.keys().map(|id| format!("table {id}")));
    for (family, def) in &ruleset.currencies {
        out.extend(
            def.units
                .keys()
                .map(|u| format!("coin {}:{u}", family.pack)),
        );
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn nothing_is_added_nothing_is_deleted(
        layers in proptest::collection::vec(gen_layer(), 1..6),
        choice in proptest::collection::vec(0..7usize, 0..8),
    ) {
        let base = ruleset_with(&layers);
        let (effective, report) = apply_layers(&base, &choice_ids(&choice));
        prop_assert_eq!(everything(&effective), everything(&base));
        // What is withdrawn is something the base has.
        let known = everything(&base);
        for coin in &effective.withdrawn.coins {
            let key = format!("coin {coin}");
            prop_assert!(known.contains(&key));
        }
        for seller in &effective.withdrawn.sellers {
            let key = format!("seller {seller}");
            prop_assert!(known.contains(&key));
        }
        // A field and the market's sellers are never emptied.
        let calling = &effective.fields[&"ember-roads-1e:calling".parse::<QualifiedFieldId>().unwrap()];
        prop_assert!(!calling.values.is_empty());
        let default = calling.default.as_ref().and_then(|d| d.as_text()).unwrap();
        prop_assert!(calling.values.iter().any(|v| v.as_str() == default));
        let pack = "ember-roads-1e".parse().unwrap();
        prop_assert!(!opencharacter_layers::economy::active_sellers(&effective, &pack).is_empty());
        // Every chosen declared layer is kept or dropped, once.
        let chosen: BTreeSet<usize> = choice.iter().copied().filter(|i| *i < layers.len()).collect();
        prop_assert_eq!(report.kept.len() + report.dropped.len(), chosen.len());
    }

    #[test]
    fn the_saved_set_decides_not_its_order(
        layers in proptest::collection::vec(gen_layer(), 1..6),
        choice in proptest::collection::vec(0..6usize, 0..8),
        seed in any::<u64>(),
    ) {
        let base = ruleset_with(&layers);
        let mut shuffled = choice.clone();
        // A deterministic shuffle from the seed, plus a repeated element.
        let mut state = seed;
        for i in (1..shuffled.len()).rev() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let j = usize::try_from(state >> 33).unwrap() % (i + 1);
            shuffled.swap(i, j);
        }
        if let Some(first) = choice.first() {
            shuffled.push(*first);
        }
        let one = apply_layers(&base, &choice_ids(&choice));
        let two = apply_layers(&base, &choice_ids(&shuffled));
        prop_assert_eq!(one, two);
    }

    #[test]
    fn both_sides_of_a_conflict_give_the_same_rules_every_time(
        layers in proptest::collection::vec(gen_layer(), 2..6),
        a in 0..6usize,
        b in 0..6usize,
    ) {
        let (a, b) = (a % layers.len(), b % layers.len());
        prop_assume!(a != b);
        let mut layers = layers;
        layers[a].conflicts.push(b);
        let base = ruleset_with(&layers);
        let (first, report) = apply_layers(&base, &choice_ids(&[a, b]));
        let (second, _) = apply_layers(&base, &choice_ids(&[b, a]));
        prop_assert_eq!(&first, &second);
        // The later-declared one is dropped.
        let later = format!("ember-roads-1e:l{}", a.max(b));
        prop_assert_eq!(report.dropped.len(), 1);
        prop_assert_eq!(report.dropped[0].layer.to_string(), later.clone());
        prop_assert_eq!(first.withdrawn.layers.iter().map(ToString::to_string).collect::<Vec<_>>(), vec![later]);
    }
}
