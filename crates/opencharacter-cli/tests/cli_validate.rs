//! `opencharacter validate`, run as the built binary: exit status, the JSON lines and the human
//! report with its source line and caret.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::Path;
use std::process::{Command, Output};

use super::support::stdout;

const MANIFEST: &str =
    "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n";

/// The default language's text with its one required key.
const TEXT: &str = "_meta: { language: en, direction: ltr }\npack.name: Demo\n";

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn validate(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("validate")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn a_clean_pack_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "packs/demo/core/pack.yaml", MANIFEST);
    write(dir.path(), "packs/demo/core/i18n/en.yaml", TEXT);
    let output = validate(dir.path(), &["packs"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "0 errors, 0 warnings in 1 pack\n");
    let output = validate(dir.path(), &["packs/demo/core", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
}

#[test]
fn warnings_alone_exit_zero() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "packs/demo/core/pack.yaml", MANIFEST);
    write(dir.path(), "packs/demo/core/i18n/en.yaml", TEXT);
    write(dir.path(), "packs/demo/core/notes.txt", "");
    let output = validate(dir.path(), &["packs"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).ends_with("0 errors, 1 warning in 1 pack\n"));
}

/// A pack with faults in four files: every one is reported in the same run.
fn faulty_pack(root: &Path) {
    write(
        root,
        "packs/demo/core/pack.yaml",
        &format!("{MANIFEST}nmae: x\n"),
    );
    write(root, "packs/demo/core/rules/core.yaml", "fields: [1, 2\n");
    write(
        root,
        "packs/demo/core/content/weapons/club.yaml",
        "id: weapons.club\nid: weapons.club\n",
    );
    write(root, "packs/demo/core/notes.txt", "");
}

#[test]
fn every_fault_in_every_file_is_reported_as_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    faulty_pack(dir.path());
    let output = validate(dir.path(), &["packs", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let found: Vec<(String, String, String, String, String)> = stdout(&output)
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let field = |key: &str| record[key].to_string();
            for key in ["severity", "message"] {
                assert!(record[key].is_string(), "{line}");
            }
            (
                field("code"),
                field("pack"),
                field("file"),
                field("line"),
                field("column"),
            )
        })
        .collect();
    let expected = [
        (
            "yaml-duplicate-key",
            "\"content/weapons/club.yaml\"",
            "2",
            "1",
        ),
        ("unknown-file", "\"notes.txt\"", "null", "null"),
        ("yaml-invalid", "\"pack.yaml\"", "6", "1"),
        ("yaml-syntax", "\"rules/core.yaml\"", "1", "9"),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|(code, file, line, column)| {
            (
                format!("\"{code}\""),
                "\"demo-core\"".to_owned(),
                (*file).to_owned(),
                (*line).to_owned(),
                (*column).to_owned(),
            )
        })
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn the_human_report_shows_the_source_line_with_a_caret() {
    let dir = tempfile::tempdir().unwrap();
    faulty_pack(dir.path());
    let output = validate(dir.path(), &["packs"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let expected = "\
error[yaml-duplicate-key]: the key `id` is already in this mapping, at line 1, column 1
  --> packs/demo/core/content/weapons/club.yaml:2:1
  |
2 | id: weapons.club
  | ^
  |
1 | id: weapons.club
  | - first defined here

warning[unknown-file]: `notes.txt` is not part of the pack layout and is not read
  --> packs/demo/core/notes.txt

";
    assert!(text.starts_with(expected), "{text}");
    assert!(text.ends_with("3 errors, 1 warning in 1 pack\n"), "{text}");
}

#[test]
fn a_path_that_cannot_be_read_exits_two() {
    let dir = tempfile::tempdir().unwrap();
    let output = validate(dir.path(), &["no-such-folder"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("no-such-folder")
    );
    // No path at all is a usage error.
    assert_eq!(validate(dir.path(), &[]).status.code(), Some(2));
}

#[test]
fn a_folder_without_packs_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let output = validate(dir.path(), &["empty", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(record["code"], "no-packs-found");
    assert_eq!(record["args"]["path"], "empty");
}

#[test]
fn with_adds_packs_to_resolve_against_without_validating_them() {
    let dir = tempfile::tempdir().unwrap();
    let addon = "id: demo-addon\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\n\
                 defaultLanguage: en\ndependencies:\n  demo-core: ^0.1.0\n";
    write(dir.path(), "packs/demo/addon/pack.yaml", addon);
    write(dir.path(), "packs/demo/addon/i18n/en.yaml", TEXT);
    // The dependency lives elsewhere, and has a fault of its own that is not reported.
    write(dir.path(), "elsewhere/demo/core/pack.yaml", MANIFEST);
    write(dir.path(), "elsewhere/demo/core/notes.txt", "");

    let output = validate(dir.path(), &["packs", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(record["code"], "missing-dependency");
    assert_eq!(record["file"], "pack.yaml");
    assert_eq!(record["line"], 7);

    let output = validate(dir.path(), &["packs", "--with", "elsewhere"]);
    assert_eq!(stdout(&output), "0 errors, 0 warnings in 1 pack\n");
    assert_eq!(output.status.code(), Some(0));
}
