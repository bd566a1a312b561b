//! The invalid-pack fixtures: `tests/fixtures/invalid/<code>/` is a folder of packs
//! (`<game>/<pack>/…`) that triggers `<code>`, with `expected.json` beside the packs listing every
//! diagnostic the reader must give: `code`, `pack`, `file`, `line`, `column` (nulls where none
//! applies). Each fixture is copied to a temporary folder, its `setup` steps run there (what git
//! should not hold: symbolic links, bytes that are not UTF-8, sockets), and the reader runs with
//! the default limits, or those `limits` lowers. The lists must match exactly, so a fixture also
//! proves that nothing else is reported.
//!
//! With `"build": true` the packs are also built (`opencharacter build`), for the codes only
//! building gives.
//!
//! Every registered code must have a fixture of one of three kinds: a pack here, a character
//! (`tests/character_fixtures.rs`) or a release (`tests/release_fixtures.rs`), unless
//! `NO_FIXTURE` says why none can exist. To add a fixture for a new code: make the folder, write
//! `expected.json` with the diagnostics you expect. `OPENCHARACTER_BLESS=1 cargo test --test
//! fixtures` rewrites the `diagnostics` of every `expected.json` from what the reader gives; read
//! the diff before committing it.

#![cfg(unix)]
#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};

use opencharacter::Diagnostic;
use opencharacter::release::build::build_validated;
use opencharacter::release::source::{ReadLimits, read_path};
use opencharacter::release::validate::{ValidateOptions, validate_reading};
use opencharacter::spec::diagnostic::codes;
use serde_json::{Value, json};

/// The codes that have no fixture of any kind (pack, character or release), each with why. Every
/// other registered code must have one: `every_registered_code_has_a_fixture_or_a_reason` walks
/// the registry. Keep this list short: a code belongs here only when no file a user hands the
/// toolkit (a pack folder, a saved character, a release or game setup) can trigger it.
const NO_FIXTURE: &[(&str, &str)] = &[
    (
        "release-older-than-sources",
        "compares file times, which a checkout does not keep; the command's tests \
         (crates/opencharacter-cli/tests/cli_paths.rs) touch a source after a build",
    ),
    (
        "pack-not-found",
        "about a store of packs given to the command, not a pack; the command's tests \
         (cli_store.rs) trigger it",
    ),
    (
        "language-pack-fallback",
        "about an install from an index server; the command's install tests trigger it",
    ),
    (
        "show-id-unknown",
        "about an ID given to `opencharacter show`, not a pack; the command's tests \
         (crates/opencharacter-cli/tests/cli_show.rs) trigger it",
    ),
    (
        "build-write-failed",
        "an I/O failure while writing dist/ (a full disk, a read-only folder), not a fault of \
         any input; nothing in the tests triggers it yet",
    ),
    (
        "index-entry-invalid",
        "a pack index is served by an index server, not held in a pack, a character or a \
         release; the i18n crate's index and loopback tests trigger it",
    ),
    (
        "install-download-failed",
        "about a download from an index server, not a file a user hands the toolkit; the \
         i18n crate's keep-alive tests and the command's install tests trigger it",
    ),
    (
        "install-failed",
        "about an install from an index server into a store; the command's install tests \
         trigger it",
    ),
    (
        "index-limit",
        "a pack index is served by an index server, not held in a pack, a character or a \
         release (over 40 languages or a release too large); nothing in the tests triggers it yet",
    ),
    (
        "ruleset-json-invalid",
        "the engine's JSON rulesets are not packs, characters or releases; the import's own \
         tests (opencharacter-ruleset-json's check tests, inline sources) trigger it",
    ),
    (
        "ruleset-json-limit",
        "the engine's JSON rulesets are not packs; opencharacter-ruleset-json's check tests \
         trigger it",
    ),
    (
        "ruleset-json-capability",
        "the engine's JSON rulesets are not packs; tests/ruleset_json_import.rs triggers it",
    ),
    (
        "ruleset-json-unmapped",
        "the engine's JSON rulesets are not packs; one per entry of the import's report, which \
         tests/ruleset_json_keys.rs checks (not the diagnostic itself)",
    ),
    (
        "ruleset-json-locale-unmatched",
        "the engine's JSON rulesets are not packs; tests/ruleset_json_import.rs triggers it",
    ),
];

/// The three kinds of fixture, by folder under `tests/fixtures/`: source packs (this file),
/// saved characters (`tests/character_fixtures.rs`) and built releases or game setups
/// (`tests/release_fixtures.rs`). Each harness checks that a fixture triggers the code it is
/// named after.
const FIXTURE_KINDS: [&str; 3] = ["invalid", "characters", "releases-invalid"];

fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/invalid")
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
    if let Some(n) = number("diagnostics_per_file") {
        limits.diagnostics_per_file = usize::try_from(n).unwrap();
    }
    if let Some(n) = number("diagnostics_per_run") {
        limits.diagnostics_per_run = usize::try_from(n).unwrap();
    }
    limits
}

/// Everything `opencharacter validate` reports for a folder of packs: the reader's diagnostics
/// and every check of the validator, the packs of the folder resolving against each other.
/// With `build`, the packs are built as well (into `dist/` under `root`), as
/// `opencharacter build` does, and what building finds is reported too.
fn diagnose(root: &Path, limits: &ReadLimits, build: bool) -> Vec<Diagnostic> {
    let reading = read_path(root, limits).unwrap();
    let options = ValidateOptions {
        limits: *limits,
        ..ValidateOptions::default()
    };
    let mut validation = validate_reading(reading, &[], &options);
    if build {
        validation = build_validated(validation, Some(&root.join("dist"))).validation;
    }
    validation.reading.all_diagnostics().cloned().collect()
}

#[test]
fn formula_invalid_carries_the_formula_crates_error_code() {
    let temp = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(temp.path())
        .unwrap()
        .join("formula-invalid");
    copy_tree(&fixtures_root().join("formula-invalid"), &root);
    let found = diagnose(&root, &ReadLimits::default(), false);
    let [diagnostic] = found.as_slice() else {
        panic!("{found:#?}")
    };
    assert_eq!(diagnostic.code.name, "formula-invalid");
    let formula = &diagnostic.args["formula"];
    let error = opencharacter::formula::parse(formula).unwrap_err();
    // The formula crate's own stable code (docs/spec/formulas.md), and its reason in words.
    assert_eq!(diagnostic.args["error"], error.code());
    assert_eq!(diagnostic.args["error"], "formula-syntax");
    // Its reason in words of the standard text (`reasons.formula-expected-after` with
    // `formula-an-operand`), in English and in Spanish.
    assert_eq!(
        diagnostic.message(),
        "the formula `floor(1 +)` does not parse (formula-syntax): an operand is needed after `+`"
    );
    let spanish = opencharacter::spec::standard_text::StandardText::bundled("es").unwrap();
    assert_eq!(
        diagnostic.message_in(spanish),
        "la fórmula `floor(1 +)` no se puede analizar (formula-syntax): hace falta un operando \
         después de `+`"
    );
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
    let build = expected["build"].as_bool().unwrap_or(false);
    diagnose(&root, &limits(&expected["limits"]), build)
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
    crate::fixture_harness::check_every_fixture(&fixtures_root(), run_fixture);
}

#[test]
fn every_registered_code_has_a_fixture_or_a_reason() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let has_fixture = |code: &str| {
        FIXTURE_KINDS.iter().any(|kind| {
            fixtures
                .join(kind)
                .join(code)
                .join("expected.json")
                .is_file()
        })
    };
    let mut failures = Vec::new();
    for code in codes::ALL {
        let excused = NO_FIXTURE.iter().any(|(name, _)| *name == code.name);
        match (has_fixture(code.name), excused) {
            (false, false) => failures.push(format!(
                "`{}` has no fixture: add one under tests/fixtures/{{{}}}/{}/",
                code.name,
                FIXTURE_KINDS.join(","),
                code.name
            )),
            (true, true) => failures.push(format!(
                "`{}` has a fixture now: take it off NO_FIXTURE",
                code.name
            )),
            _ => {}
        }
    }
    for (name, why) in NO_FIXTURE {
        if codes::by_name(name).is_none() {
            failures.push(format!(
                "NO_FIXTURE lists `{name}`, which is not registered"
            ));
        }
        if why.trim().is_empty() {
            failures.push(format!("NO_FIXTURE gives no reason for `{name}`"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A pack with a fault in each of several files: one run reports every one of them.
#[test]
fn several_faults_in_several_files_are_all_reported() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/several-faults");
    let found: Vec<(String, String, u32)> = diagnose(&root, &ReadLimits::default(), false)
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
