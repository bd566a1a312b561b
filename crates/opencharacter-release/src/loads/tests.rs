//! `Loads::run` against the brute force it replaces: on random small graphs of packs, each
//! pack's ruleset equals `load_ruleset` of its dependency closure loaded from scratch, and so
//! do the diagnostics about the pack (the manifest checks aside, which validation runs once).

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use serde_json::json;

use super::*;

/// Pack `i` of the drawn graph: its dependencies (earlier packs), whether it declares type
/// `t`, and its one item: typed `t`, extending an earlier pack's item, or overriding one.
#[derive(Debug, Clone)]
struct Spec {
    dependencies: BTreeSet<usize>,
    declares_type: bool,
    /// 0: an item of type `t`; 1: an extension of an earlier pack's item; 2: an override of
    /// one; 3: a `hides` of one.
    item: u8,
    pick: usize,
}

fn graph() -> impl Strategy<Value = Vec<Spec>> {
    prop::collection::vec(
        (
            prop::collection::btree_set(0..8usize, 0..3),
            any::<bool>(),
            prop::sample::select(vec![0u8, 0, 0, 1, 2, 3]),
            0..8usize,
        ),
        1..9,
    )
    .prop_map(|drawn| {
        drawn
            .into_iter()
            .enumerate()
            .map(|(i, (deps, declares_type, item, pick))| Spec {
                // Only earlier packs: the order given is a valid load order.
                dependencies: deps.into_iter().filter(|&d| d < i).collect(),
                declares_type,
                item,
                pick,
            })
            .collect()
    })
}

fn release(i: usize, spec: &Spec) -> PackRelease {
    let id = |d: usize| format!("p{d}");
    let dependencies: serde_json::Map<String, serde_json::Value> = spec
        .dependencies
        .iter()
        .map(|&d| (id(d), "^1".into()))
        .collect();
    let earlier = (i > 0).then(|| spec.pick % i);
    let mut hides = Vec::new();
    let item = match (spec.item, earlier) {
        (1, Some(d)) => json!({"id": "c.x", "extends": format!("{}:c.x", id(d))}),
        (2, Some(d)) => json!({"override": format!("{}:c.x", id(d)), "properties": {"n": i}}),
        (3, Some(d)) => {
            hides.push(format!("{}:c.x", id(d)));
            json!({"id": "c.x", "type": "t"})
        }
        _ => json!({"id": "c.x", "type": "t", "properties": {"n": i}}),
    };
    let rules = if spec.declares_type {
        json!({"contentTypes": {"t": {}}})
    } else {
        json!({})
    };
    serde_json::from_value(json!({
        "manifest": {"id": id(i), "version": "1.0.0", "specVersion": "1.0.0",
                     "license": "CC0-1.0", "defaultLanguage": "en",
                     "dependencies": dependencies, "hides": hides},
        "rules": rules,
        "content": {"c.x": item},
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": {}
    }))
    .expect("the drawn release fits the model")
}

/// Pack `at` and every pack it depends on, directly or not, in order: worked out here by
/// walking the drawn graph, apart from the code under test.
fn brute_closure(specs: &[Spec], at: usize) -> Vec<usize> {
    let mut seen = BTreeSet::from([at]);
    let mut stack = vec![at];
    while let Some(current) = stack.pop() {
        for &d in &specs[current].dependencies {
            if seen.insert(d) {
                stack.push(d);
            }
        }
    }
    seen.into_iter().collect()
}

fn about(diagnostics: &[Diagnostic], pack: &PackId) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| d.pack.as_ref() == Some(pack) && !opencharacter_resolve::is_dependency_check(d))
        .cloned()
        .collect()
}

use opencharacter_spec::diagnostic::Diagnostic;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn each_pack_gets_its_closure_s_ruleset(specs in graph(), wanted_bits in any::<u16>()) {
        let releases: Vec<PackRelease> =
            specs.iter().enumerate().map(|(i, s)| release(i, s)).collect();
        let order: Vec<&PackRelease> = releases.iter().collect();
        let options = LoadOptions::default();
        let loads = Loads::new(&order, true);
        // Some packs wanted, always at least the last (what the others extend is loaded for it).
        let wanted: HashSet<usize> = (0..order.len())
            .filter(|&i| wanted_bits & (1 << i) != 0 || i + 1 == order.len())
            .collect();
        let mut seen = Vec::new();
        loads.run(&wanted, &options, |at, ruleset, diagnostics| {
            let closure = brute_closure(&specs, at);
            let (expected, expected_diagnostics) =
                load_ruleset(closure.iter().map(|&i| &releases[i]), &options);
            let id = &releases[at].manifest.id;
            assert_eq!(ruleset, &expected, "pack {at}");
            assert_eq!(about(&diagnostics, id), about(&expected_diagnostics, id), "pack {at}");
            seen.push(at);
        });
        // Each wanted pack once, in load order.
        let mut expected_seen: Vec<usize> = wanted.into_iter().collect();
        expected_seen.sort_unstable();
        prop_assert_eq!(seen, expected_seen);
    }
}

#[test]
fn diamonds_extend_the_latest_dependency() {
    // Pack `i` depends on `i - 1` and `i - 2`: `i - 2` is in `i - 1`'s closure, so `i - 1` is
    // the base of `i` (and `p0`, depending on nothing, and `p1`, on `p0` alone, have theirs).
    let specs: Vec<Spec> = (0..5)
        .map(|i: usize| Spec {
            dependencies: [i.checked_sub(1), i.checked_sub(2)]
                .into_iter()
                .flatten()
                .collect(),
            declares_type: true,
            item: 0,
            pick: 0,
        })
        .collect();
    let releases: Vec<PackRelease> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| release(i, s))
        .collect();
    let order: Vec<&PackRelease> = releases.iter().collect();
    let loads = Loads::new(&order, true);
    assert_eq!(loads.base, [None, Some(0), Some(1), Some(2), Some(3)]);
    // Two packs depending on two others that do not depend on each other: no base.
    let specs = [
        Spec {
            dependencies: BTreeSet::new(),
            declares_type: true,
            item: 0,
            pick: 0,
        },
        Spec {
            dependencies: BTreeSet::new(),
            declares_type: true,
            item: 0,
            pick: 0,
        },
        Spec {
            dependencies: BTreeSet::from([0, 1]),
            declares_type: true,
            item: 0,
            pick: 0,
        },
    ];
    let releases: Vec<PackRelease> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| release(i, s))
        .collect();
    let order: Vec<&PackRelease> = releases.iter().collect();
    let loads = Loads::new(&order, true);
    assert_eq!(loads.base, [None, None, None]);
    assert_eq!(loads.closures[&2], HashSet::from([0, 1, 2]));
}
