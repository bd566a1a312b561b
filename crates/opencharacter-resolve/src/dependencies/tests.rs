//! Unit tests of the dependency checks: ranges, missing and late dependencies, cycles and the
//! suggested load order.

use indexmap::IndexMap;
use opencharacter_spec::model::Manifest;
use proptest::prelude::*;

use super::*;

/// A manifest through serde, so the test does not depend on every field of the model.
fn pack(id: &str, version: &str, deps: &[(&str, &str)]) -> Manifest {
    pack_spec(id, version, "1.0.0", deps)
}

fn pack_spec(id: &str, version: &str, spec: &str, deps: &[(&str, &str)]) -> Manifest {
    let dependencies: IndexMap<&str, &str> = deps.iter().copied().collect();
    serde_json::from_value(serde_json::json!({
        "id": id,
        "version": version,
        "specVersion": spec,
        "license": "CC0-1.0",
        "defaultLanguage": "en",
        "dependencies": dependencies,
    }))
    .unwrap()
}

/// `code: message` of each diagnostic, the form the assertions below compare.
fn report(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.code.name, d.message()))
        .collect()
}

fn ids(order: &[&Manifest]) -> Vec<String> {
    order.iter().map(|m| m.id.to_string()).collect()
}

#[test]
fn a_valid_order_has_no_diagnostics() {
    let base = pack("g-core", "1.2.0", &[]);
    let extra = pack("g-extra", "0.3.0", &[("g-core", "^1.1")]);
    let home = pack(
        "g-home",
        "0.1.0",
        &[("g-core", ">=1 <2"), ("g-extra", "~0.3")],
    );
    assert!(check_dependencies([&base, &extra, &home]).is_empty());
}

#[test]
fn every_problem_is_reported_at_once() {
    let new_spec = pack_spec("g-new", "1.0.0", "1.9.0", &[]);
    let home = pack(
        "g-home",
        "0.1.0",
        &[
            ("g-core", "^2.0.0"),
            ("g-gone", "^1"),
            ("g-extra", "1.2.O"),
            ("g-late", "*"),
        ],
    );
    let core = pack("g-core", "1.2.0", &[]);
    let extra = pack("g-extra", "0.3.0", &[]);
    let late = pack("g-late", "1.0.0", &[]);
    let core_again = pack("g-core", "1.3.0", &[]);
    let diagnostics = check_dependencies([&new_spec, &core, &extra, &home, &late, &core_again]);
    assert_eq!(
        report(&diagnostics),
        [
            "spec-version-unsupported: pack `g-new` needs spec version 1.9.0, but this library supports 1.0.0 to 1.8.x",
            "missing-dependency: pack `g-home` depends on `g-core` ^2.0.0, but 1.2.0 is loaded",
            "missing-dependency: pack `g-home` depends on `g-gone` ^1, but it is not loaded",
            "invalid-version-range: pack `g-home` gives `g-extra` the range `1.2.O`, which is not a version range (column 5: unexpected `O`)",
            "dependency-loaded-late: pack `g-home` depends on `g-late`, which loads after it; load `g-late` first",
            "duplicate-pack: pack `g-core` is loaded twice, at positions 2 and 6",
        ]
    );
    assert_eq!(
        diagnostics[1].pack.as_ref().map(PackId::as_str),
        Some("g-home")
    );
    assert_eq!(
        diagnostics[1].location.pointer.as_deref(),
        Some("/dependencies/g-core")
    );
    assert!(diagnostics.iter().all(Diagnostic::is_error));
}

#[test]
fn cycles_are_named_and_not_also_reported_as_late() {
    let a = pack("g-a", "1.0.0", &[("g-b", "*")]);
    let b = pack("g-b", "1.0.0", &[("g-c", "*")]);
    let c = pack("g-c", "1.0.0", &[("g-a", "*"), ("g-d", "*")]);
    let d = pack("g-d", "1.0.0", &[]);
    let own = pack("g-own", "1.0.0", &[("g-own", "*")]);
    assert_eq!(
        report(&check_dependencies([&own, &a, &b, &c, &d])),
        [
            "dependency-loaded-late: pack `g-c` depends on `g-d`, which loads after it; load `g-d` first",
            "dependency-cycle: packs depend on each other in a loop: g-own → g-own",
            "dependency-cycle: packs depend on each other in a loop: g-a → g-b → g-c → g-a",
        ]
    );
    let error = suggest_load_order([&own, &a, &b, &c, &d]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "packs depend on each other in a loop: g-own → g-own; g-a → g-b → g-c → g-a"
    );
    assert_eq!(error.to_diagnostics().len(), 2);
}

#[test]
fn the_named_cycle_is_the_shortest_from_the_earliest_pack() {
    // g-a → g-b → g-c → g-a and the shortcut g-a → g-c → g-a.
    let a = pack("g-a", "1.0.0", &[("g-b", "*"), ("g-c", "*")]);
    let b = pack("g-b", "1.0.0", &[("g-c", "*")]);
    let c = pack("g-c", "1.0.0", &[("g-a", "*")]);
    assert_eq!(
        suggest_load_order([&b, &c, &a]).unwrap_err(),
        LoadOrderError::Cycles {
            cycles: vec![vec![
                "g-b".parse().unwrap(),
                "g-c".parse().unwrap(),
                "g-a".parse().unwrap(),
                "g-b".parse().unwrap()
            ]]
        }
    );
}

#[test]
fn suggestion_keeps_the_given_order_where_it_can() {
    let core = pack("g-core", "1.0.0", &[]);
    let x = pack("g-x", "1.0.0", &[("g-core", "*")]);
    let y = pack("g-y", "1.0.0", &[]);
    let z = pack("g-z", "1.0.0", &[("g-x", "*"), ("g-absent", "*")]);
    // Already valid: unchanged.
    assert_eq!(
        ids(&suggest_load_order([&y, &core, &x, &z]).unwrap()),
        ["g-y", "g-core", "g-x", "g-z"]
    );
    // g-z and g-x wait for their dependencies; g-y keeps its place before g-core.
    assert_eq!(
        ids(&suggest_load_order([&z, &x, &y, &core]).unwrap()),
        ["g-y", "g-core", "g-x", "g-z"]
    );
    let duplicate = suggest_load_order([&core, &x, &core]).unwrap_err();
    assert_eq!(
        duplicate.to_string(),
        "pack `g-core` is given twice, at positions 1 and 3"
    );
}

// ---- property tests against brute-force oracles ---------------------------------------------

/// Ranges with their meaning written out by hand, so the oracle does not use the range parser.
/// A range as written and what it means.
type Meaning = (&'static str, fn(&Version) -> bool);

const RANGES: &[Meaning] = &[
    ("*", |_| true),
    ("^1.0.0", |v| v.major == 1),
    (">=1.1.0", |v| (v.major, v.minor) >= (1, 1)),
    ("~1.1", |v| (v.major, v.minor) == (1, 1)),
    ("1.0.0 - 1.2", |v| {
        (v.major, v.minor) >= (1, 0) && (v.major, v.minor) <= (1, 2)
    }),
    ("0.x || >=2", |v| v.major == 0 || v.major >= 2),
    ("=1.2.5", |v| (v.major, v.minor, v.patch) == (1, 2, 5)),
];
const VERSIONS: &[&str] = &["0.1.0", "1.0.0", "1.1.0", "1.2.5", "2.0.0"];
const NAMES: &[&str] = &["p-a", "p-b", "p-c", "p-d", "p-e", "p-f", "p-absent"];

use semver::Version;

/// A random world: `n` packs (distinct IDs from `NAMES`, never `p-absent`), each with a version
/// and up to 3 dependencies on any name (itself and `p-absent` included), given in a random order.
fn world() -> impl Strategy<Value = Vec<Manifest>> {
    (1usize..=6)
        .prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec(
                    (
                        0..VERSIONS.len(),
                        proptest::collection::vec((0..NAMES.len(), 0..RANGES.len()), 0..=3),
                    ),
                    n,
                ),
                Just((0..n).collect::<Vec<_>>()).prop_shuffle(),
            )
        })
        .prop_map(|(_, specs, order)| {
            order
                .iter()
                .map(|&i| {
                    let (version, deps) = &specs[i];
                    let deps: Vec<(&str, &str)> =
                        deps.iter().map(|&(d, r)| (NAMES[d], RANGES[r].0)).collect();
                    pack(NAMES[i], VERSIONS[*version], &deps)
                })
                .collect()
        })
}

/// Whether `order` loads every loaded dependency before its dependents (self-dependency: never).
fn oracle_valid(order: &[&Manifest]) -> bool {
    order.iter().enumerate().all(|(i, m)| {
        m.dependencies
            .keys()
            .all(|dep| match order.iter().position(|o| o.id == *dep) {
                Some(j) => j < i,
                None => true,
            })
    })
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    // Heap's algorithm would do; lexicographic generation keeps the first valid one the smallest.
    let mut all = Vec::new();
    let mut current = Vec::new();
    fn go(n: usize, current: &mut Vec<usize>, all: &mut Vec<Vec<usize>>) {
        if current.len() == n {
            all.push(current.clone());
            return;
        }
        for i in 0..n {
            if !current.contains(&i) {
                current.push(i);
                go(n, current, all);
                current.pop();
            }
        }
    }
    go(n, &mut current, &mut all);
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn checks_agree_with_the_oracle(packs in world()) {
        let given: Vec<&Manifest> = packs.iter().collect();
        let diagnostics = check_dependencies(given.iter().copied());
        let order_problems = diagnostics.iter().any(|d| {
            d.code.name == "dependency-loaded-late" || d.code.name == "dependency-cycle"
        });
        prop_assert_eq!(!order_problems, oracle_valid(&given));

        // Every missing dependency, and nothing else, is reported as missing.
        let mut expected = Vec::new();
        for m in &given {
            for (dep, range) in &m.dependencies {
                let meaning = RANGES.iter().find(|(r, _)| r == range).unwrap().1;
                let ok = given.iter().any(|o| o.id == *dep && meaning(&o.version));
                if !ok {
                    expected.push((m.id.to_string(), dep.to_string()));
                }
            }
        }
        let reported: Vec<(String, String)> = diagnostics
            .iter()
            .filter(|d| d.code.name == "missing-dependency")
            .map(|d| (d.args["pack"].clone(), d.args["dependency"].clone()))
            .collect();
        prop_assert_eq!(reported, expected);
        prop_assert!(diagnostics.iter().all(|d| d.code.name != "invalid-version-range"
            && d.code.name != "duplicate-pack" && d.code.name != "spec-version-unsupported"));
    }

    #[test]
    fn suggestion_agrees_with_all_permutations(packs in world()) {
        let given: Vec<&Manifest> = packs.iter().collect();
        // The lexicographically smallest valid permutation of positions, if any.
        let best = permutations(given.len()).into_iter().find(|perm| {
            let order: Vec<&Manifest> = perm.iter().map(|&i| given[i]).collect();
            oracle_valid(&order)
        });
        match (suggest_load_order(given.iter().copied()), best) {
            (Ok(order), Some(best)) => {
                prop_assert!(oracle_valid(&order));
                let expected: Vec<&Manifest> = best.iter().map(|&i| given[i]).collect();
                prop_assert_eq!(ids(&order), ids(&expected));
                prop_assert!(check_dependencies(order.iter().copied())
                    .iter()
                    .all(|d| d.code.name != "dependency-loaded-late" && d.code.name != "dependency-cycle"));
            }
            (Err(LoadOrderError::Cycles { cycles }), None) => {
                prop_assert!(!cycles.is_empty());
                // Each named cycle is a real closed path of dependencies.
                for cycle in cycles {
                    prop_assert_eq!(cycle.first(), cycle.last());
                    for pair in cycle.windows(2) {
                        let from = given.iter().find(|m| m.id == pair[0]).unwrap();
                        prop_assert!(from.dependencies.contains_key(&pair[1]));
                    }
                }
            }
            (result, best) => prop_assert!(false, "suggestion {:?} but oracle {:?}", result.map(|o| ids(&o)), best),
        }
    }
}

#[test]
fn the_spec_pages_example() {
    let srd = pack("5e-srd-5.1", "0.1.0", &[]);
    let homebrew = pack("5e-homebrew-example", "0.1.0", &[("5e-srd-5.1", "^0.2.0")]);
    assert_eq!(
        check_dependencies([&homebrew, &srd])
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "error[missing-dependency]: pack `5e-homebrew-example` depends on `5e-srd-5.1` ^0.2.0, but 0.1.0 is loaded",
            "error[dependency-loaded-late]: pack `5e-homebrew-example` depends on `5e-srd-5.1`, which loads after it; load `5e-srd-5.1` first",
        ]
    );
    let bad = pack("5e-homebrew-example", "0.1.0", &[("5e-srd-5.1", "^0.1.O")]);
    assert_eq!(
        check_dependencies([&srd, &bad])[0].to_string(),
        "error[invalid-version-range]: pack `5e-homebrew-example` gives `5e-srd-5.1` the range `^0.1.O`, which is not a version range (column 6: unexpected `O`)"
    );
}
