//! The layering rule of ARCHITECTURE.md, enforced over `cargo metadata`: a crate depends only on
//! crates above it in the order of flow, never on one below or beside it.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::collections::BTreeMap;

/// The code map of ARCHITECTURE.md: each crate (the first backquoted name of a row) and the
/// workspace crates its right-hand column names, in the table's order. The column is read
/// as the document writes it: `—` for none, `the facade` for the root package, `all of the
/// above` for every crate of the rows above.
fn layering_table(document: &str) -> Vec<(String, Vec<String>)> {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let code_map = document
        .split("## Code map")
        .nth(1)
        .expect("ARCHITECTURE.md has a `## Code map` section");
    for line in code_map.lines().skip_while(|l| !l.starts_with('|')) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let [name_cell, _, may] = cells[..] else {
            panic!("a row of the code map has three cells: {line}");
        };
        let Some(name) = name_cell.split('`').nth(1) else {
            continue; // the header and its rule
        };
        let above: Vec<String> = rows.iter().map(|(name, _)| name.clone()).collect();
        let allowed = match may {
            "—" => Vec::new(),
            "all of the above" => above,
            list => list
                .split(", ")
                .map(|word| match word {
                    "the facade" => "opencharacter".to_owned(),
                    short => format!("opencharacter-{short}"),
                })
                .collect(),
        };
        rows.push((name.to_owned(), allowed));
    }
    rows
}

fn architecture_table() -> Vec<(String, Vec<String>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md");
    layering_table(&std::fs::read_to_string(path).unwrap())
}

/// Every way `metadata` and the table disagree: a crate missing from the table, a crate that
/// depends on one its row does not name (against the direction, whatever the kind of
/// dependency), a row that names a crate its manifest does not use (the table says more than
/// the code), and a row that names a crate below it.
fn violations(metadata: &serde_json::Value, table: &[(String, Vec<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for (index, (name, may)) in table.iter().enumerate() {
        for dep in may {
            if !table[..index].iter().any(|(above, _)| above == dep) {
                found.push(format!(
                    "ARCHITECTURE.md lets `{name}` depend on `{dep}`, which is not above it"
                ));
            }
        }
    }
    let allowed: BTreeMap<&str, &[String]> = table
        .iter()
        .map(|(name, may)| (name.as_str(), may.as_slice()))
        .collect();
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    let members: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    for package in &packages {
        let Some(name) = package["name"].as_str() else {
            continue;
        };
        let Some(may) = allowed.get(name) else {
            found.push(format!(
                "`{name}` is not in the layering table; add it to ARCHITECTURE.md"
            ));
            continue;
        };
        let mut used = Vec::new();
        for dependency in package["dependencies"].as_array().into_iter().flatten() {
            let Some(dep) = dependency["name"].as_str() else {
                continue;
            };
            let internal = members.contains(&dep) || dep.starts_with("opencharacter");
            if !internal {
                continue;
            }
            used.push(dep);
            if !may.iter().any(|m| m == dep) {
                let kind = dependency["kind"].as_str().unwrap_or("normal");
                found.push(format!(
                    "`{name}` depends on `{dep}` ({kind}), against the direction of ARCHITECTURE.md"
                ));
            }
        }
        for listed in may.iter() {
            if !used.contains(&listed.as_str()) {
                found.push(format!(
                    "ARCHITECTURE.md says `{name}` depends on `{listed}`, which its manifest does not use"
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
    let table = architecture_table();
    let problems = violations(&metadata, &table);
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
    for (crate_name, _) in &table {
        assert!(
            names.contains(&crate_name.as_str()),
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
        violations(&metadata, &architecture_table()),
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
    assert_eq!(violations(&metadata, &architecture_table()).len(), 1);
}

#[test]
fn a_crate_missing_from_the_table_is_caught() {
    let mut metadata = workspace_metadata();
    metadata["packages"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"name": "opencharacter-newthing", "dependencies": []}));
    assert_eq!(violations(&metadata, &architecture_table()).len(), 1);
}

#[test]
fn a_row_that_says_more_than_the_manifest_is_caught() {
    let metadata = workspace_metadata();
    let mut table = architecture_table();
    let cli = table
        .iter_mut()
        .find(|(name, _)| name == "opencharacter-cli")
        .unwrap();
    cli.1.push("opencharacter-spec".to_owned());
    assert_eq!(
        violations(&metadata, &table),
        [
            "ARCHITECTURE.md says `opencharacter-cli` depends on `opencharacter-spec`, which its manifest does not use"
        ]
    );
}

#[test]
fn the_table_is_read_as_the_document_writes_it() {
    let document = "# A\n\n## Code map\n\n| crate | owns | may depend on (internal) |\n\
        | --- | --- | --- |\n| `opencharacter-spec` | x | — |\n| `opencharacter-formula` | y | spec |\n\
        | `opencharacter` (root) | z | all of the above |\n| `opencharacter-cli` | w | the facade |\n\nafter\n";
    let table = layering_table(document);
    let names: Vec<(&str, Vec<&str>)> = table
        .iter()
        .map(|(name, may)| (name.as_str(), may.iter().map(String::as_str).collect()))
        .collect();
    assert_eq!(
        names,
        [
            ("opencharacter-spec", vec![]),
            ("opencharacter-formula", vec!["opencharacter-spec"]),
            (
                "opencharacter",
                vec!["opencharacter-spec", "opencharacter-formula"]
            ),
            ("opencharacter-cli", vec!["opencharacter"]),
        ]
    );
}
