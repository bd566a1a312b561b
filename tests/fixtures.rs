//! The invalid-pack fixtures: `tests/fixtures/invalid/<code>/` is a folder of packs
//! (`<game>/<pack>/…`) that triggers `<code>`, with `expected.json` beside the packs listing every
//! diagnostic the reader must give: `code`, `pack`, `file`, `line`, `column` (nulls where none
//! applies). Each fixture is copied to a temporary folder, its `setup` steps run there (what git
//! should not hold: symbolic links, bytes that are not UTF-8, sockets), and the reader runs with
//! the default limits, or those `limits` lowers. The lists must match exactly, so a fixture also
//! proves that nothing else is reported.
//!
//! To add a fixture for a new code: make the folder, write `expected.json` with the diagnostics
//! you expect, and add the code to `MUST_HAVE_FIXTURE`. `OPENCHARACTER_BLESS=1 cargo test --test
//! fixtures` rewrites the `diagnostics` of every `expected.json` from what the reader gives; read
//! the diff before committing it.

#![cfg(unix)]
#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};

use opencharacter::Diagnostic;
use opencharacter::release::source::{ReadLimits, read_path};
use opencharacter::release::validate::{ValidateOptions, validate_reading};
use opencharacter::spec::diagnostic::codes;
use serde_json::{Value, json};

/// Every error code the pack reader, the YAML module and the validator's checks can give from
/// source packs, each of which must have a fixture (and a few warnings that have one). Later
/// issues add their codes here as they add their fixtures.
///
/// Not listed, because no source pack can trigger them through `validate`: `dependency-loaded-late`
/// (the validator loads packs in a suggested order), `formula-table-mismatch` and
/// `formula-not-in-table` (the validator builds the tables itself), `content-form-invalid` (a
/// file in none of the three forms is reported by the shape checks and left out), `invalid-id`
/// (an ID that does not parse is a `yaml-invalid` where it is written).
const MUST_HAVE_FIXTURE: &[&str] = &[
    "yaml-syntax",
    "yaml-duplicate-key",
    "yaml-limit",
    "yaml-unsupported",
    "yaml-invalid",
    "file-symlink",
    "file-not-utf8",
    "file-too-large",
    "file-unreadable",
    "pack-limit",
    "no-packs-found",
    "content-path-invalid",
    "pack-id-mismatch",
    "pack-folder-versioned",
    "upgrade-name-invalid",
    "unknown-file",
    // the model's shape checks
    "property-not-allowed",
    "property-required",
    "exactly-one-of",
    "at-least-one-of",
    "value-not-allowed",
    "rules-limit",
    "duplicate-id",
    // the validator
    "duplicate-rules-id",
    "content-id-mismatch",
    "license-unknown",
    "license-notice-recommended",
    "language-tag-invalid",
    "pack-version-early",
    "deprecated-since-too-new",
    "feature-too-new",
    "formula-invalid",
    "i18n-file-missing",
    "i18n-key-missing",
    "i18n-key-invalid",
    "i18n-language-mismatch",
    "property-type-mismatch",
    // the resolver, from source packs
    "unresolved-reference",
    "ambiguous-reference",
    "override-target-missing",
    "override-null",
    "hides-unknown",
    "circular-extends",
    "extends-too-deep",
    "resolution-redefined",
    "spec-version-unsupported",
    "missing-dependency",
    "invalid-version-range",
    "dependency-cycle",
    "duplicate-pack",
    // upgrade scripts (migrate; `upgrade-range-invalid` only a release can hold)
    "upgrade-above-version",
    "upgrade-overlap",
    "upgrade-target-unknown",
    "upgrade-case-duplicate",
    "upgrade-source-current",
    "upgrade-route-target-invalid",
    "upgrade-track-kinds-mixed",
    "upgrade-list-unknown",
    "upgrade-column-unknown",
    "upgrade-move-not-deprecated",
    "upgrade-move-target-missing",
    // layers (the layers crate's checks)
    "layer-default-invalid",
    "layer-effect-not-allowed",
    "layer-field-emptied",
    "layer-hide-comparison",
    "layer-ladder-without-resolution",
    "layer-sellers-emptied",
    "layer-smallest-coin",
    "layer-target-unknown",
];

fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/invalid")
}

fn fixture_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixtures_root())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    let digits: Vec<u8> = hex.bytes().filter(u8::is_ascii_hexdigit).collect();
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap())
        .collect()
}

/// Runs the `setup` steps of a fixture inside its copy at `root`; returns what must stay alive
/// while the reader runs (a bound socket).
fn set_up(root: &Path, steps: &[Value]) -> Vec<std::os::unix::net::UnixListener> {
    let mut keep = Vec::new();
    for step in steps {
        let path = |key: &str| root.join(step[key].as_str().unwrap());
        if step.get("symlink").is_some() {
            let target = step["target"].as_str().unwrap();
            std::os::unix::fs::symlink(target, path("symlink")).unwrap();
        } else if step.get("write").is_some() {
            std::fs::write(path("write"), hex_bytes(step["hex"].as_str().unwrap())).unwrap();
        } else if step.get("socket").is_some() {
            keep.push(std::os::unix::net::UnixListener::bind(path("socket")).unwrap());
        } else {
            panic!("unknown setup step {step}");
        }
    }
    keep
}

fn limits(overrides: &Value) -> ReadLimits {
    let mut limits = ReadLimits::default();
    let number = |key: &str| overrides.get(key).and_then(Value::as_u64);
    if let Some(n) = number("max_file_bytes") {
        limits.max_file_bytes = n;
    }
    if let Some(n) = number("max_files") {
        limits.max_files = usize::try_from(n).unwrap();
    }
    if let Some(n) = number("max_folder_depth") {
        limits.max_folder_depth = usize::try_from(n).unwrap();
    }
    if let Some(n) = number("max_pack_bytes") {
        limits.max_pack_bytes = n;
    }
    limits
}

/// Everything `opencharacter validate` reports for a folder of packs: the reader's diagnostics
/// and every check of the validator, the packs of the folder resolving against each other.
fn diagnose(root: &Path, limits: &ReadLimits) -> Vec<Diagnostic> {
    let reading = read_path(root, limits).unwrap();
    let options = ValidateOptions {
        limits: *limits,
        ..ValidateOptions::default()
    };
    let validation = validate_reading(reading, &[], &options);
    validation.reading.all_diagnostics().cloned().collect()
}

/// The diagnostics for one fixture, as `expected.json` lists them.
fn run_fixture(name: &str, expected: &Value) -> Vec<Value> {
    let temp = tempfile::tempdir().unwrap();
    // Canonical, so paths outside packs can be shown relative to it.
    let root = std::fs::canonicalize(temp.path()).unwrap().join(name);
    copy_tree(&fixtures_root().join(name), &root);
    let steps = expected["setup"].as_array().cloned().unwrap_or_default();
    let _alive = set_up(&root, &steps);
    let prefix = format!("{}/", root.display());
    diagnose(&root, &limits(&expected["limits"]))
        .iter()
        .map(|d| {
            let file = d
                .location
                .file
                .as_deref()
                .map(|file| file.strip_prefix(&prefix).unwrap_or(file).to_owned());
            json!({
                "code": d.code.name,
                "pack": d.pack.as_ref().map(|p| p.as_str()),
                "file": file,
                "line": d.location.line,
                "column": d.location.column,
            })
        })
        .collect()
}

#[test]
fn every_fixture_gives_exactly_its_expected_diagnostics() {
    let bless = std::env::var_os("OPENCHARACTER_BLESS").is_some();
    let mut failures = Vec::new();
    for name in fixture_names() {
        let expected_path = fixtures_root().join(&name).join("expected.json");
        let mut expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&expected_path).unwrap()).unwrap();
        let actual = run_fixture(&name, &expected);
        let code = codes::by_name(&name)
            .unwrap_or_else(|| panic!("fixture `{name}` is not named after a registered code"));
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
        if !actual.iter().any(|d| d["code"] == code.name) {
            failures.push(format!("{name}: the fixture does not trigger its own code"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_code_of_the_reader_has_a_fixture() {
    let names = fixture_names();
    let missing: Vec<&&str> = MUST_HAVE_FIXTURE
        .iter()
        .filter(|code| !names.iter().any(|name| name == *code))
        .collect();
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
    for code in MUST_HAVE_FIXTURE {
        assert!(codes::by_name(code).is_some(), "`{code}` is not registered");
    }
}

/// A pack with a fault in each of several files: one run reports every one of them.
#[test]
fn several_faults_in_several_files_are_all_reported() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/several-faults");
    let found: Vec<(String, String, u32)> = diagnose(&root, &ReadLimits::default())
        .iter()
        .map(|d| {
            (
                d.code.name.to_owned(),
                d.location.file.clone().unwrap_or_default(),
                d.location.line.unwrap_or_default(),
            )
        })
        .collect();
    let expected = [
        ("content-id-mismatch", "content/gear/rope.yaml", 1),
        ("property-type-mismatch", "content/gear/rope.yaml", 4),
        ("i18n-key-invalid", "i18n/en.yaml", 8),
        ("license-unknown", "pack.yaml", 4),
        ("formula-invalid", "rules/core.yaml", 2),
        ("unresolved-reference", "rules/core.yaml", 9),
        ("duplicate-rules-id", "rules/more.yaml", 2),
    ];
    for (code, file, line) in expected {
        assert!(
            found
                .iter()
                .any(|(c, f, l)| c == code && f == file && *l == line),
            "{code} at {file}:{line} not in {found:?}"
        );
    }
    // `grit` has no label; nothing else is reported.
    let missing: Vec<_> = found
        .iter()
        .filter(|(c, _, _)| c == "i18n-key-missing")
        .collect();
    assert_eq!(missing.len(), 1, "{found:?}");
    assert_eq!(found.len(), expected.len() + 1, "{found:?}");
}
