//! `opencharacter build`, run as the built binary: exit status, the report in both formats,
//! what is written and what is not.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::Path;
use std::process::{Command, Output};

fn build(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("build")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn pack(root: &Path) {
    write(
        root,
        "packs/demo/core/pack.yaml",
        "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    );
    write(
        root,
        "packs/demo/core/i18n/en.yaml",
        "_meta: { language: en, direction: ltr }\npack:\n  name: Demo\n",
    );
}

#[test]
fn a_folder_of_packs_builds_each_pack_the_aggregate_and_the_spec_text() {
    let dir = tempfile::tempdir().unwrap();
    pack(dir.path());
    let output = build(dir.path(), &["packs"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 errors, 0 warnings in 1 pack"), "{text}");
    assert!(
        text.contains("built demo-core → packs/demo/core/dist"),
        "{text}"
    );
    assert!(text.contains("built packs/dist/packs"), "{text}");
    for file in [
        "packs/demo/core/dist/release.json",
        "packs/demo/core/dist/package.json",
        "packs/dist/packs/index.js",
        "packs/dist/spec/i18n/es.json",
    ] {
        assert!(dir.path().join(file).is_file(), "{file}");
    }
}

#[test]
fn a_pack_with_errors_is_reported_as_json_and_not_written() {
    let dir = tempfile::tempdir().unwrap();
    pack(dir.path());
    write(
        dir.path(),
        "packs/demo/core/rules/core.yaml",
        "fields:\n  level: { type: number, formula: \"2 *\" }\n",
    );
    let output = build(dir.path(), &["packs", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(
        lines.iter().any(|d| d["code"] == "formula-invalid"
            && d["file"] == "rules/core.yaml"
            && d["line"] == 2),
        "{text}"
    );
    assert!(!dir.path().join("packs/demo/core/dist").exists());
    assert!(!dir.path().join("packs/dist").exists());
}

#[test]
fn a_path_that_does_not_exist_is_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let output = build(dir.path(), &["nowhere"]);
    assert_eq!(output.status.code(), Some(2));
}

/// i18n.md ("The pack index"): an installer skips an entry whose sha256 is not 64 lowercase hex
/// digits (`index-entry-invalid`), so `build --index` reports it, exits 1 (an error of the
/// index, not an I/O failure) and writes the index without it. The bad entry comes from an
/// `index.json` already in the folder, whose other versions a build keeps.
#[test]
fn build_index_exits_1_on_a_refused_entry_and_leaves_it_out_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    pack(dir.path());
    write(
        dir.path(),
        "idx/index.json",
        r#"{"releases": [{"id": "other-pack", "version": "1.0.0", "defaultLanguage": "en",
            "url": "https://example.org/packs/other-pack-1.0.0.release.json",
            "sha256": "not-a-sha", "bytes": 10}]}"#,
    );
    let output = build(
        dir.path(),
        &[
            "packs",
            "--index",
            "https://example.org/packs/",
            "--index-dir",
            "idx",
        ],
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    // One release listed: demo-core's; the refused one is gone.
    assert!(
        stdout.ends_with("built index (1 releases) → idx\n"),
        "{stdout}"
    );
    assert_eq!(
        stderr,
        "error[index-entry-invalid]: the index entry of other-pack 1.0.0: `sha256` is not 64 \
         lowercase hex digits; installers skip it\n"
    );
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("idx/index.json")).unwrap()).unwrap();
    let ids: Vec<&str> = written["releases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["demo-core"]);
    assert!(
        dir.path()
            .join("idx/demo-core-0.1.0.release.json")
            .is_file()
    );
    assert!(
        !dir.path()
            .join("idx/other-pack-1.0.0.release.json")
            .exists()
    );
}

/// The same refused entry with `--format json`: one diagnostic object per line, the index's
/// among them (command.md: `build` prints one diagnostic object per line).
#[test]
fn build_index_in_json_prints_the_refused_entry_as_a_diagnostic_line() {
    let dir = tempfile::tempdir().unwrap();
    pack(dir.path());
    write(
        dir.path(),
        "idx/index.json",
        r#"{"releases": [{"id": "other-pack", "version": "1.0.0", "defaultLanguage": "en",
            "url": "https://example.org/packs/other-pack-1.0.0.release.json",
            "sha256": "not-a-sha", "bytes": 10}]}"#,
    );
    let output = build(
        dir.path(),
        &[
            "packs",
            "--index",
            "https://example.org/packs/",
            "--index-dir",
            "idx",
            "--format",
            "json",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert_eq!(lines[0]["code"], "index-entry-invalid");
    assert_eq!(
        lines[0]["message"],
        "the index entry of other-pack 1.0.0: `sha256` is not 64 lowercase hex digits; \
         installers skip it"
    );
}
