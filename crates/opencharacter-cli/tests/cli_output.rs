//! One output layer (docs/spec/command.md, "One format, one language"): every verb takes
//! `--format text|json` and `--lang`, before or after the verb, including `load`,
//! `import-ruleset` and `install`, which used to refuse JSON or ignore the language.

use std::process::Output;

use super::support::{root, run_in as run};

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}", String::from_utf8_lossy(&output.stdout)))
}

/// dependencies.md: a pack loaded before its dependency is `dependency-loaded-late`.
#[test]
fn load_speaks_the_language_asked_for_in_text_and_json() {
    let args = [
        "load",
        "packs/5e/srd-5.1",
        "packs/5e/homebrew-example",
        "--order",
        "5e-homebrew-example,5e-srd-5.1",
    ];
    let spanish = run(&root(), &[&args[..], &["--lang", "es"]].concat());
    assert_eq!(spanish.status.code(), Some(1));
    assert!(
        String::from_utf8(spanish.stdout.clone())
            .unwrap()
            .ends_with(
                "error[dependency-loaded-late]: el paquete `5e-homebrew-example` depende de \
             `5e-srd-5.1`, que se carga después; carga primero `5e-srd-5.1`\n  --> \
             packs/5e/homebrew-example#/manifest/dependencies/5e-srd-5.1\n\
             1 error, 0 warnings in 2 packs\n"
            ),
        "{}",
        String::from_utf8_lossy(&spanish.stdout)
    );
    // `--format` before the verb, as every global option.
    let english = run(&root(), &[&["--format", "json"], &args[..]].concat());
    let value = json(&english);
    assert_eq!(
        value["order"],
        serde_json::json!(["5e-homebrew-example", "5e-srd-5.1"])
    );
    assert_eq!(
        value["diagnostics"][0]["message"],
        "pack `5e-homebrew-example` depends on `5e-srd-5.1`, which loads after it; load \
         `5e-srd-5.1` first"
    );
}

/// ruleset-json.md: the engine's `$comment` has no place in a pack (`ruleset-json-unmapped`).
#[test]
fn import_ruleset_prints_json_with_messages_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let ruleset = root().join("tests/fixtures/ruleset-json/barrowlight.json");
    let output = run(
        dir.path(),
        &[
            "import-ruleset",
            ruleset.to_str().unwrap(),
            "--out",
            "barrowlight/core",
            "--format",
            "json",
            "--lang",
            "es",
        ],
    );
    assert_eq!(output.status.code(), Some(0));
    let value = json(&output);
    assert_eq!(value["out"], "barrowlight/core");
    assert_eq!(value["report"], "barrowlight/core.import.md");
    assert!(
        value["files"]
            .as_array()
            .unwrap()
            .contains(&"pack.yaml".into())
    );
    let comment = value["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["pointer"] == "/$comment")
        .unwrap();
    assert_eq!(comment["code"], "ruleset-json-unmapped");
    assert!(
        comment["message"]
            .as_str()
            .unwrap()
            .starts_with("/$comment no tiene lugar en un paquete"),
        "{comment}"
    );
    assert!(dir.path().join("barrowlight/core/pack.yaml").is_file());
}

#[test]
fn install_prints_json() {
    let dir = tempfile::tempdir().unwrap();
    let shared = root().join("examples/shared/lanternfall-core-0.1.0.json");
    // The shared file carries French: kept for an app in French.
    let imported = run(
        dir.path(),
        &[
            "install",
            "--import",
            shared.to_str().unwrap(),
            "--store",
            "store",
            "--lang",
            "fr",
            "--format",
            "json",
        ],
    );
    assert_eq!(
        json(&imported),
        serde_json::json!({
            "packs": [{"id": "lanternfall-core", "version": "0.1.0", "releaseWritten": true,
                       "language": {"outcome": "fetched", "tag": "fr", "reason": null}}],
            "diagnostics": [],
            "done": []
        })
    );
    // In Spanish, which it does not carry (into a store of its own: a file without the language
    // kept keeps it): the default language, and a warning with a code.
    let spanish = run(
        dir.path(),
        &[
            "install",
            "--import",
            shared.to_str().unwrap(),
            "--store",
            "store-es",
            "--lang",
            "es",
        ],
    );
    assert_eq!(
        String::from_utf8(spanish.stdout).unwrap(),
        "warning[language-pack-fallback]: `lanternfall-core`: no hay paquete de idioma instalado \
         para `es` (the file carries none for it); el texto se muestra en el idioma por defecto, \
         `en`\nlanternfall-core 0.1.0: default language\n"
    );
    let listed = run(
        dir.path(),
        &["--format", "json", "install", "--list", "--store", "store"],
    );
    assert_eq!(
        json(&listed),
        serde_json::json!({"packs": [], "diagnostics": [], "done": ["lanternfall-core 0.1.0: fr"]})
    );
}
