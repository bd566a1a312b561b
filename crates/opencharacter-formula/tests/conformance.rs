//! Runs the language-neutral conformance vectors in `tests/conformance/formulas.json`.
//!
//! `OPENCHARACTER_UPDATE_CONFORMANCE=1 cargo test -p opencharacter-formula --test formula_tests
//! conformance` rewrites only the `tree` of each case from the parser; values, errors, odds,
//! folded dice, kinds and sums are checked, never written.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::PathBuf;

use opencharacter_formula::{Expr, MapEnv, SplitMix64, Value, parse};
use serde_json::Value as Json;

fn vectors_path() -> PathBuf {
    let crate_dir = std::fs::canonicalize(env!("CARGO_MANIFEST_DIR")).unwrap();
    crate_dir.join("../../tests/conformance/formulas.json")
}

/// Checks one case; returns every mismatch found.
fn check(case: &mut serde_json::Map<String, Json>, env: &MapEnv, update: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let source = case["source"].as_str().unwrap().to_owned();
    let parsed = parse(&source);
    if let Some(expected) = case.get("error") {
        match parsed {
            Ok(tree) => problems.push(format!("parsed as `{tree}`, expected an error")),
            Err(err) => {
                if err.code() != expected["code"] {
                    problems.push(format!(
                        "error code {} (`{err}`), expected {}",
                        err.code(),
                        expected["code"]
                    ));
                }
                if err.column != expected["column"] {
                    problems.push(format!(
                        "error column {} (`{err}`), expected {}",
                        err.column, expected["column"]
                    ));
                }
            }
        }
        return problems;
    }
    let tree = match parsed {
        Ok(tree) => tree,
        Err(err) => return vec![format!("does not parse: {err}")],
    };
    if tree.to_string() != case["canonical"] {
        problems.push(format!(
            "canonical `{tree}`, expected {}",
            case["canonical"]
        ));
    }
    let json = serde_json::to_value(&tree).unwrap();
    if update {
        case.insert("tree".into(), json.clone());
    }
    match case.get("tree") {
        Some(expected) if *expected == json => {
            let read = Expr::from_json(&expected.to_string());
            if read.as_ref() != Ok(&tree) {
                problems.push(format!("its tree reads back as {read:?}"));
            }
        }
        Some(expected) => problems.push(format!("tree {json}, expected {expected}")),
        None => problems.push("has no tree".into()),
    }
    let seed = case.get("seed").and_then(Json::as_u64).unwrap_or(0);
    let evaluated = tree.eval(env, &mut SplitMix64::new(seed));
    if let Some(expected) = case.get("value") {
        let expected: Value = serde_json::from_value(expected.clone()).unwrap();
        if evaluated.as_ref() != Ok(&expected) {
            problems.push(format!("value {evaluated:?}, expected {expected}"));
        }
    }
    if let Some(expected) = case.get("evalError") {
        match &evaluated {
            Err(err) if err.code() == expected => {}
            other => problems.push(format!("evaluated to {other:?}, expected error {expected}")),
        }
    }
    problems.extend(check_folding(case, &tree, env));
    if let Some(odds) = case.get("odds") {
        match tree.analyze(env) {
            Err(err) => problems.push(format!("no odds: {err}")),
            Ok(dist) => {
                let show = |n: Option<opencharacter_formula::Number>| n.map(|n| n.to_string());
                for (key, got) in [
                    ("min", show(dist.min())),
                    ("max", show(dist.max())),
                    ("mean", show(dist.mean())),
                ] {
                    if let Some(expected) = odds.get(key)
                        && got.as_deref() != expected.as_str()
                    {
                        problems.push(format!("{key} {got:?}, expected {expected}"));
                    }
                }
                if let Some(expected) = odds.get("outcomes") {
                    let got: Vec<Json> = dist
                        .outcomes()
                        .map(|(v, p)| serde_json::json!([v, p.to_string()]))
                        .collect();
                    if Json::from(got.clone()) != *expected {
                        problems.push(format!("outcomes {got:?}, expected {expected}"));
                    }
                }
            }
        }
    }
    problems
}

/// The dice-valued side of a case: `folded` (the canonical folded text) or `foldError` (a
/// code), `kinds` (the static kinds as tokens), and `plus` (`[term, text]`: the canonical text
/// of the formula plus the term).
fn check_folding(case: &serde_json::Map<String, Json>, tree: &Expr, env: &MapEnv) -> Vec<String> {
    let mut problems = Vec::new();
    let folded = tree.fold_dice(env);
    if let Some(expected) = case.get("folded") {
        match &folded {
            Ok(folded) if folded.to_string() == *expected => {
                // The folded text reads back as the folded tree.
                if parse(&folded.to_string()).as_ref() != Ok(folded) {
                    problems.push(format!("folded `{folded}` does not read back as itself"));
                }
            }
            other => problems.push(format!("folded to {other:?}, expected {expected}")),
        }
    }
    if let Some(expected) = case.get("foldError") {
        match &folded {
            Err(err) if err.code() == expected => {}
            other => problems.push(format!("folded to {other:?}, expected error {expected}")),
        }
    }
    if let Some(expected) = case.get("kinds") {
        let got = Json::from(tree.kinds().tokens());
        if got != *expected {
            problems.push(format!("kinds {got}, expected {expected}"));
        }
    }
    if let Some(plus) = case.get("plus") {
        let term = parse(plus[0].as_str().unwrap()).unwrap();
        let got = tree.plus(&term).to_string();
        if got != plus[1] {
            problems.push(format!(
                "plus {} gives `{got}`, expected {}",
                plus[0], plus[1]
            ));
        }
    }
    problems
}

#[test]
fn conformance_vectors() {
    let path = vectors_path();
    let mut doc: Json = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let update = std::env::var_os("OPENCHARACTER_UPDATE_CONFORMANCE").is_some();
    let env: MapEnv = serde_json::from_value(doc["environment"].clone()).unwrap();
    let mut report = Vec::new();
    let cases = doc["cases"].as_array_mut().unwrap();
    assert!(cases.len() >= 50, "the table should cover the language");
    for case in cases.iter_mut() {
        let case = case.as_object_mut().unwrap();
        let source = case["source"].clone();
        for problem in check(case, &env, update) {
            report.push(format!("{source}: {problem}"));
        }
    }
    if update {
        let mut text = serde_json::to_string_pretty(&doc).unwrap();
        text.push('\n');
        std::fs::write(&path, text).unwrap();
    }
    assert!(
        report.is_empty(),
        "{} failing cases:\n{}",
        report.len(),
        report.join("\n")
    );
}
