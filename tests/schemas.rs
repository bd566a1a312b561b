//! The committed JSON Schemas in `schemas/` match what the model generates, and real sample
//! files validate against them with a JSON Schema validator.
//!
//! When a model type changes on purpose, regenerate with
//! `OPENCHARACTER_UPDATE_SCHEMAS=1 cargo test --test schemas`.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};

use opencharacter::spec::schema::{self, SchemaFile};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every drift between `files` and the committed copies in `dir`, as a readable report.
fn drift(dir: &Path, files: &[SchemaFile]) -> Vec<String> {
    let mut reports = Vec::new();
    for file in files {
        let path = dir.join(file.name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if let Some(diff) = schema::diff(&committed, &schema::render(&file.schema)) {
            reports.push(format!(
                "schemas/{} has drifted from the model:\n{diff}",
                file.name
            ));
        }
    }
    let generated: Vec<&str> = files.iter().map(|f| f.name).collect();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".schema.json") && !generated.contains(&name.as_str()) {
            reports.push(format!(
                "schemas/{name} is committed but no model type generates it"
            ));
        }
    }
    reports
}

#[test]
fn committed_schemas_match_the_model() {
    let dir = root().join("schemas");
    let files = opencharacter::schema_files();
    if std::env::var_os("OPENCHARACTER_UPDATE_SCHEMAS").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        for file in &files {
            std::fs::write(dir.join(file.name), schema::render(&file.schema)).unwrap();
        }
    }
    let reports = drift(&dir, &files);
    assert!(
        reports.is_empty(),
        "{}\nRegenerate with OPENCHARACTER_UPDATE_SCHEMAS=1 cargo test --test schemas",
        reports.join("\n")
    );
}

/// A stand-in for the manifest after someone changed a type: `version` became a number.
#[derive(schemars::JsonSchema)]
#[allow(dead_code, reason = "only its schema is used")]
struct ChangedManifest {
    id: String,
    version: u32,
}

#[test]
fn a_changed_type_is_reported_with_a_diff() {
    let changed = schema::schema_of::<ChangedManifest>("pack.schema.json");
    let reports = drift(&root().join("schemas"), &[changed]);
    let report = reports
        .iter()
        .find(|r| r.starts_with("schemas/pack.schema.json has drifted"))
        .expect("drift reported");
    assert!(
        report.contains("+") && report.contains("\"integer\""),
        "the diff shows the new type: {report}"
    );
    assert!(
        report.contains("-") && report.contains("\"defaultLanguage\""),
        "the diff shows what went: {report}"
    );
}

fn validator_for(name: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("schemas").join(name)).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft202012::new(&schema)
        .unwrap_or_else(|e| panic!("{name} is not a valid schema: {e}"))
}

fn samples(kind: &str) -> Vec<(PathBuf, serde_json::Value)> {
    let dir = root().join("tests/fixtures/schema-samples").join(kind);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let value = opencharacter::spec::yaml::from_str(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, value)
        })
        .collect()
}

#[test]
fn sample_files_validate_against_their_schemas() {
    for (kind, schema_file) in [
        ("pack", "pack.schema.json"),
        ("standard-text", "standard-text.schema.json"),
    ] {
        let validator = validator_for(schema_file);
        let all = samples(kind);
        assert!(!all.is_empty(), "no samples for {kind}");
        for (path, value) in all {
            let valid = path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("valid-");
            let errors: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| format!("{} at {}", e, e.instance_path()))
                .collect();
            if valid {
                assert!(
                    errors.is_empty(),
                    "{} should validate: {errors:?}",
                    path.display()
                );
            } else {
                assert!(!errors.is_empty(), "{} should not validate", path.display());
            }
        }
    }
}

#[test]
fn the_bundled_standard_text_validates() {
    let validator = validator_for("standard-text.schema.json");
    let value: serde_json::Value =
        opencharacter::spec::yaml::from_str(opencharacter::spec::standard_text::ENGLISH_SOURCE)
            .unwrap();
    assert!(validator.is_valid(&value));
}
