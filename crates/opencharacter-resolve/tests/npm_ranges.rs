#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! Differential test against npm's own `semver` package: `tests/data/npm-ranges.json` was
//! produced by `tests/data/gen-npm-ranges.mjs` (see its header to regenerate). This test reads
//! only the committed JSON.

use opencharacter_resolve::range::VersionRange;
use semver::Version;
use serde_json::Value;

/// Ranges node-semver's strict mode accepts and this crate refuses, on purpose. Each is listed
/// with the reason; the test also fails if one of them stops diverging, so the list stays true.
const KNOWN_DIVERGENCES: &[(&str, &str)] = &[
    (
        "v=1.2",
        "at most one `v` before a version; node takes any run of `v` and `=` before a partial version (but not before a full one)",
    ),
    ("==1.2", "same: `=` is an operator, written once"),
    ("=v=1", "same"),
    ("vv1", "same"),
    (
        "+build",
        "build metadata only after a version; node strips `+…` anywhere before parsing",
    ),
    (
        ">=v0.0.0 || 1.0.0-beta",
        "`>=v0.0.0` and `>=0.0.0` mean the same here (node reduces only the second to `*`)",
    ),
    (
        "1.2.3 \u{a0} 2",
        "whitespace is ASCII whitespace; node's `\\s` also takes Unicode spaces",
    ),
];

#[test]
fn agrees_with_node_semver() {
    let table: Value = serde_json::from_str(include_str!("data/npm-ranges.json")).unwrap();
    let versions: Vec<(String, Version)> = table["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            let text = v.as_str().unwrap().to_owned();
            let parsed = Version::parse(&text).unwrap();
            (text, parsed)
        })
        .collect();
    let ranges = table["ranges"].as_array().unwrap();
    assert!(ranges.len() >= 250, "the table has {} ranges", ranges.len());

    let mut failures = Vec::new();
    let mut diverged = Vec::new();
    let mut pairs = 0;
    for case in ranges {
        let text = case["range"].as_str().unwrap();
        let valid = case["valid"].as_bool().unwrap();
        let known = KNOWN_DIVERGENCES.iter().any(|(r, _)| *r == text);
        let ours = VersionRange::parse(text);
        match (valid, &ours) {
            (false, Ok(_)) => failures.push(format!("{text:?}: node refuses it, we accept it")),
            (true, Err(_)) if known => diverged.push(text),
            (true, Err(e)) => failures.push(format!("{text:?}: node accepts it, we refuse: {e}")),
            (false, Err(_)) => {}
            (true, Ok(range)) => {
                let satisfied: Vec<&str> = case["satisfied"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect();
                let mut differs = Vec::new();
                for (vt, version) in &versions {
                    pairs += 1;
                    let node = satisfied.contains(&vt.as_str());
                    if range.matches(version) != node {
                        differs.push(format!("{text:?} on {vt}: node says {node}"));
                    }
                }
                if known && !differs.is_empty() {
                    diverged.push(text);
                } else {
                    failures.extend(differs);
                }
                if range.to_string() != text {
                    failures.push(format!("{text:?} displays as {range}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let stale: Vec<_> = KNOWN_DIVERGENCES
        .iter()
        .filter(|(r, _)| !diverged.contains(r))
        .collect();
    assert!(
        stale.is_empty(),
        "listed as divergent but agree (or are missing): {stale:?}"
    );
    assert!(
        pairs > 5_000,
        "only {pairs} range/version pairs were compared"
    );
}
