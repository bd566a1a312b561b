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
             1 error, 0 avisos en 2 paquetes\n"
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
        "aviso[language-pack-fallback]: `lanternfall-core`: no hay paquete de idioma instalado \
         para `es` (el archivo no trae ninguno); el texto se muestra en el idioma por defecto, \
         `en`\nlanternfall-core 0.1.0: idioma por defecto\n"
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

/// command.md ("Stores"): a pin the store lacks is `pack-not-found`, naming the pack, the
/// version wanted (0.2.0, the pin) and the versions found (0.1.0, the only SRD in `packs/`).
/// With `--format json`, `sheet` and `migrate` print that as `{"diagnostics": [...]}` on
/// standard output, exit 1, nothing on standard error.
#[test]
fn sheet_and_migrate_print_json_when_the_packs_do_not_load() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pinned.yaml");
    std::fs::write(
        &file,
        "packs: { 5e-srd-5.1: 0.1.0 }\nsetup:\n  packs: { 5e-srd-5.1: 0.2.0 }\n",
    )
    .unwrap();
    let expected = |message: &str| {
        serde_json::json!({"diagnostics": [{
            "code": "pack-not-found", "severity": "error", "pack": null,
            "file": file.display().to_string(), "line": null, "column": null,
            "message": message, "endLine": null, "endColumn": null,
            "pointer": "/setup/packs/5e-srd-5.1",
            "args": {"pack": "5e-srd-5.1", "wanted": "0.2.0", "found": "0.1.0"},
            "labels": [], "help": []
        }]})
    };
    for verb in ["sheet", "migrate"] {
        let output = run(
            &root(),
            &[
                verb,
                file.to_str().unwrap(),
                "--packs",
                "packs",
                "--format",
                "json",
            ],
        );
        assert_eq!(output.status.code(), Some(1), "{verb}");
        assert!(output.stderr.is_empty(), "{verb}");
        let text = String::from_utf8(output.stdout.clone()).unwrap();
        assert_eq!(text.lines().count(), 1, "{verb}: one JSON value: {text}");
        assert_eq!(
            json(&output),
            expected("`5e-srd-5.1` 0.2.0 is wanted but not among the packs given (0.1.0)"),
            "{verb}"
        );
        let spanish = run(
            &root(),
            &[
                verb,
                file.to_str().unwrap(),
                "--packs",
                "packs",
                "--format",
                "json",
                "--lang",
                "es",
            ],
        );
        assert_eq!(
            json(&spanish),
            expected("se busca `5e-srd-5.1` 0.2.0, pero no está entre los paquetes dados (0.1.0)"),
            "{verb}"
        );
    }
    // For people the diagnostics go to standard error, and migrate says what it did not do.
    let text = run(
        &root(),
        &["migrate", file.to_str().unwrap(), "--packs", "packs"],
    );
    assert_eq!(text.status.code(), Some(1));
    assert!(text.stdout.is_empty());
    assert_eq!(
        String::from_utf8(text.stderr).unwrap(),
        format!(
            "error[pack-not-found]: `5e-srd-5.1` 0.2.0 is wanted but not among the packs given \
             (0.1.0)\n  --> {}#/setup/packs/5e-srd-5.1\n\
             error: the packs do not load; the character was not migrated\n",
            file.display()
        )
    );
}

/// diagnostics.md: an ID that names no text is `show-id-unknown`, one JSON line like the
/// texts found, exit 1.
#[test]
fn show_prints_a_json_diagnostic_for_an_unknown_id() {
    let output = run(
        &root(),
        &[
            "show",
            "packs/5e/srd-5.1",
            "--id",
            "monsters.goblin,monsters.nobody",
            "--format",
            "json",
            "--lang",
            "es",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    // The goblin's name (content.monsters.goblin.name) reads "Trasgo" in Spanish (i18n.md's
    // numbered-names example), then the unknown ID's diagnostic.
    assert_eq!(lines[0]["key"], "content.monsters.goblin.name");
    assert_eq!(lines[0]["text"], "Trasgo");
    assert_eq!(
        lines.last().unwrap(),
        &serde_json::json!({
            "code": "show-id-unknown", "severity": "error", "pack": null, "file": null,
            "line": null, "column": null,
            "message": "ningún texto de estos paquetes nombra `monsters.nobody`",
            "endLine": null, "endColumn": null, "pointer": null,
            "args": {"id": "monsters.nobody"}, "labels": [], "help": []
        })
    );
}
