//! The loop the three fixture harnesses share (`fixtures.rs` for packs, `character_fixtures.rs`,
//! `release_fixtures.rs`): every fixture folder is named after the code it triggers and holds an
//! `expected.json` whose `diagnostics` list must equal what the harness finds, exactly.
//! `OPENCHARACTER_BLESS=1` rewrites those lists from what was found.

use std::path::Path;

use opencharacter::spec::diagnostic::codes;
use serde_json::Value;

/// The fixture folders under `root`, by name; folders starting with `_` hold shared material.
pub fn fixture_names(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('_'))
        .collect();
    names.sort();
    names
}

/// Runs `run(name, expected)` on every fixture under `root` and fails listing every fixture whose
/// diagnostics differ from its `expected.json`, that does not trigger the code it is named after,
/// or (where the harness records severities) reports that code at another severity than the
/// registry's.
pub fn check_every_fixture(root: &Path, mut run: impl FnMut(&str, &Value) -> Vec<Value>) {
    let bless = std::env::var_os("OPENCHARACTER_BLESS").is_some();
    let names = fixture_names(root);
    assert!(!names.is_empty(), "no fixtures under {}", root.display());
    let mut failures = Vec::new();
    for name in names {
        let expected_path = root.join(&name).join("expected.json");
        let mut expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&expected_path).unwrap()).unwrap();
        let code = codes::by_name(&name)
            .unwrap_or_else(|| panic!("fixture `{name}` is not named after a registered code"));
        let actual = run(&name, &expected);
        if bless {
            expected["diagnostics"] = Value::Array(actual.clone());
            let text = serde_json::to_string_pretty(&expected).unwrap() + "\n";
            std::fs::write(&expected_path, text).unwrap();
        }
        let listed = expected["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if actual != listed {
            failures.push(format!(
                "{name}:\n  expected {}\n  got      {}",
                Value::Array(listed),
                Value::Array(actual.clone())
            ));
        }
        let own: Vec<&Value> = actual.iter().filter(|d| d["code"] == code.name).collect();
        if own.is_empty() {
            failures.push(format!("{name}: the fixture does not trigger its own code"));
        }
        for d in own {
            if let Some(severity) = d.get("severity")
                && *severity != code.severity.to_string()
            {
                failures.push(format!("{name}: reported as {severity}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
