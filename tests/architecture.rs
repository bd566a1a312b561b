//! The layering rule of ARCHITECTURE.md, enforced over `cargo metadata`: a crate depends only on
//! crates above it in the order of flow, never on one below or beside it.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::collections::BTreeMap;

/// Each workspace crate and the workspace crates it may depend on (any kind of dependency).
/// Keep in step with the table in ARCHITECTURE.md.
const ALLOWED: &[(&str, &[&str])] = &[
    ("opencharacter-spec", &[]),
    ("opencharacter-formula", &[]),
    ("opencharacter-fs", &["opencharacter-spec"]),
    (
        "opencharacter-resolve",
        &["opencharacter-spec", "opencharacter-formula"],
    ),
    (
        "opencharacter-sheet",
        &[
            "opencharacter-spec",
            "opencharacter-formula",
            "opencharacter-resolve",
        ],
    ),
    (
        "opencharacter-layers",
        &[
            "opencharacter-spec",
            "opencharacter-formula",
            "opencharacter-resolve",
        ],
    ),
    (
        "opencharacter-migrate",
        &[
            "opencharacter-spec",
            "opencharacter-formula",
            "opencharacter-resolve",
            "opencharacter-sheet",
        ],
    ),
    (
        "opencharacter-i18n",
        &["opencharacter-spec", "opencharacter-fs"],
    ),
    (
        "opencharacter-ruleset-json",
        &[
            "opencharacter-spec",
            "opencharacter-formula",
            "opencharacter-resolve",
            "opencharacter-layers",
            "opencharacter-migrate",
            "opencharacter-i18n",
        ],
    ),
    (
        "opencharacter-release",
        &[
            "opencharacter-spec",
            "opencharacter-formula",
            "opencharacter-fs",
            "opencharacter-resolve",
            "opencharacter-sheet",
            "opencharacter-layers",
            "opencharacter-migrate",
            "opencharacter-i18n",
            "opencharacter-ruleset-json",
        ],
    ),
    (
        "opencharacter",
        &[
            "opencharacter-spec",
            "opencharacter-formula",
            "opencharacter-fs",
            "opencharacter-resolve",
            "opencharacter-sheet",
            "opencharacter-layers",
            "opencharacter-migrate",
            "opencharacter-i18n",
            "opencharacter-ruleset-json",
            "opencharacter-release",
        ],
    ),
    ("opencharacter-cli", &["opencharacter"]),
    (
        "xtask",
        &[
            "opencharacter-spec",
            "opencharacter-formula",
            "opencharacter",
        ],
    ),
];

/// Every violation of the layering rule in a `cargo metadata` document.
fn violations(metadata: &serde_json::Value) -> Vec<String> {
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    let members: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut found = Vec::new();
    for package in &packages {
        let Some(name) = package["name"].as_str() else {
            continue;
        };
        let Some(may) = allowed.get(name) else {
            found.push(format!(
                "`{name}` is not in the layering table; add it to ARCHITECTURE.md and this test"
            ));
            continue;
        };
        for dependency in package["dependencies"].as_array().into_iter().flatten() {
            let Some(dep) = dependency["name"].as_str() else {
                continue;
            };
            let internal = members.contains(&dep) || dep.starts_with("opencharacter");
            if internal && !may.contains(&dep) {
                let kind = dependency["kind"].as_str().unwrap_or("normal");
                found.push(format!(
                    "`{name}` depends on `{dep}` ({kind}), against the direction of ARCHITECTURE.md"
                ));
            }
        }
    }
    found
}

fn workspace_metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

#[test]
fn the_workspace_follows_the_layering_rule() {
    let metadata = workspace_metadata();
    let problems = violations(&metadata);
    assert!(
        problems.is_empty(),
        "layering violations:\n{}",
        problems.join("\n")
    );
    let names: Vec<&str> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    for (crate_name, _) in ALLOWED {
        assert!(
            names.contains(crate_name),
            "`{crate_name}` is in the table but not in the workspace"
        );
    }
}

#[test]
fn a_dependency_against_the_direction_is_caught() {
    let mut metadata = workspace_metadata();
    let spec = metadata["packages"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|p| p["name"] == "opencharacter-spec")
        .unwrap();
    spec["dependencies"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"name": "opencharacter-release", "kind": null}));
    assert_eq!(
        violations(&metadata),
        [
            "`opencharacter-spec` depends on `opencharacter-release` (normal), against the direction of ARCHITECTURE.md"
        ]
    );
}

#[test]
fn a_dev_dependency_reaching_down_is_caught_too() {
    let mut metadata = workspace_metadata();
    let formula = metadata["packages"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|p| p["name"] == "opencharacter-formula")
        .unwrap();
    formula["dependencies"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"name": "opencharacter-spec", "kind": "dev"}));
    assert_eq!(violations(&metadata).len(), 1);
}

#[test]
fn a_crate_missing_from_the_table_is_caught() {
    let mut metadata = workspace_metadata();
    metadata["packages"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"name": "opencharacter-newthing", "dependencies": []}));
    assert_eq!(violations(&metadata).len(), 1);
}
