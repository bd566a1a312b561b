//! `opencharacter load`, run as the built binary over the release fixtures in
//! `tests/fixtures/releases/` (base, and two homebrew packs overriding the same leaf).

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::support::stdout;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/releases")
}

fn load(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("load")
        .args(args)
        .current_dir(fixtures())
        .output()
        .unwrap()
}

#[test]
fn the_suggested_order_puts_the_dependency_first_and_reports_the_conflict() {
    let output = load(&["brew-two", "brew-one", "base", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        value["order"],
        serde_json::json!(["base", "brew-two", "brew-one"])
    );
    assert_eq!(
        value["packs"][0]["credit"],
        "Base rules by the example authors."
    );
    assert_eq!(
        value["packs"][0]["notices"]["example"],
        "An example notice."
    );
    let conflicts = value["conflicts"].as_array().unwrap();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0]["path"], "/properties/damage");
    assert_eq!(conflicts[0]["winner"], "brew-one");
    assert_eq!(value["diagnostics"], serde_json::json!([]));
}

#[test]
fn a_given_order_is_kept_and_its_problems_exit_one() {
    let output = load(&["base", "brew-one", "brew-two", "--order", "brew-one,base"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("  1. brew-one 1.0.0 (CC0-1.0)"), "{text}");
    assert!(text.contains("  3. brew-two 1.0.0"), "{text}");
    assert!(text.contains("error[dependency-loaded-late]"), "{text}");
    assert!(
        text.contains("brew-one/dist/release.json#/manifest/dependencies/base"),
        "{text}"
    );
}

#[test]
fn a_release_file_loads_and_credits_print() {
    let output = load(&["base/dist/release.json"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.contains("credit: Base rules by the example authors."),
        "{text}"
    );
    assert!(
        text.contains("notice example: An example notice."),
        "{text}"
    );
    assert!(text.ends_with("0 errors, 0 warnings in 1 pack\n"), "{text}");
}

#[test]
fn a_source_pack_folder_is_assembled_and_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("demo").join("core");
    std::fs::create_dir_all(pack.join("i18n")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("i18n/en.yaml"),
        "_meta: { language: en, direction: ltr }\npack:\n  name: Demo\n",
    )
    .unwrap();
    let output = load(&[dir.path().to_str().unwrap()]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("1. demo-core 0.1.0 (CC0-1.0)"), "{text}");
}

#[test]
fn a_source_pack_folder_that_does_not_read_reports_why() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pack.yaml"), "id: demo-core\n").unwrap();
    let output = load(&[dir.path().to_str().unwrap()]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("error[yaml-invalid]"), "{text}");
    assert!(text.contains("pack.yaml"), "{text}");
}

#[test]
fn an_unknown_id_in_order_is_a_usage_error() {
    let output = load(&["base", "--order", "nope"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_folder_of_packs_loads_every_built_pack_under_it() {
    let output = load(&[".", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        value["order"],
        serde_json::json!(["base", "brew-one", "brew-two"])
    );
    assert_eq!(value["conflicts"][0]["winner"], "brew-two");
}
