//! `opencharacter show`, `--lang` and `validate --coverage`, run as the built binary: text in
//! the language asked for, the language that answered each text, fallback to the default
//! language, right-to-left text, invalid tags, diagnostics in Spanish, and the SRD 5.1 pack's
//! Spanish names.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::support::stdout;

const MANIFEST: &str =
    "id: demo-core\nversion: 0.1.0\nspecVersion: 1.5.0\nlicense: CC0-1.0\ndefaultLanguage: en\n";

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Runs the command with no language in the environment unless `env` gives one.
fn run(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_opencharacter"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().unwrap()
}

fn demo(root: &Path) {
    write(root, "packs/demo/core/pack.yaml", MANIFEST);
    write(
        root,
        "packs/demo/core/content/spells/fireball.yaml",
        "id: spells.fireball\ntype: spells\n",
    );
    write(
        root,
        "packs/demo/core/i18n/en.yaml",
        "_meta: {language: en, direction: ltr}\npack.name: Demo\ncontent:\n  spells.fireball.name: Fireball\n  spells.fireball.description: A ball of fire.\n  spells.wish.name: Wish\n",
    );
    write(
        root,
        "packs/demo/core/i18n/es.yaml",
        "_meta: {language: es, direction: ltr}\ncontent.spells.fireball.name: Bola de fuego\ncontent.spells.fireball.description: \"\"\n",
    );
    write(
        root,
        "packs/demo/core/i18n/ar.yaml",
        "_meta: {language: ar, direction: rtl}\ncontent.spells.fireball.name: كرة نارية\n",
    );
}

#[test]
fn show_prints_the_text_in_the_language_and_says_which_answered() {
    let dir = tempfile::tempdir().unwrap();
    demo(dir.path());
    let output = run(
        dir.path(),
        &["show", "packs", "--id", "spells.fireball", "--lang", "es"],
        &[],
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "demo-core:spells.fireball\n\
         \x20 content.spells.fireball.name: Bola de fuego  [es]\n\
         \x20 content.spells.fireball.description: A ball of fire.  [en: sin traducir a es, responde el idioma por defecto del paquete]\n\n"
    );
}

#[test]
fn an_untranslated_item_falls_back_to_the_default_language_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    demo(dir.path());
    let output = run(
        dir.path(),
        &[
            "show",
            "packs",
            "--id",
            "demo-core:spells.wish",
            "--lang",
            "es",
            "--format",
            "json",
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(0));
    let line: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(line["text"], "Wish");
    assert_eq!(line["language"], "en");
    assert_eq!(line["requested"], "es");
    assert_eq!(line["answered"], "default");
}

#[test]
fn a_regional_tag_reads_its_language_and_right_to_left_is_said() {
    let dir = tempfile::tempdir().unwrap();
    demo(dir.path());
    let output = run(
        dir.path(),
        &[
            "show",
            "packs",
            "--id",
            "spells.fireball",
            "--format",
            "json",
        ],
        &[("LANG", "ar_EG.UTF-8")],
    );
    let first: serde_json::Value =
        serde_json::from_str(stdout(&output).lines().next().unwrap()).unwrap();
    assert_eq!(first["text"], "كرة نارية");
    assert_eq!(first["language"], "ar");
    assert_eq!(first["requested"], "ar-EG");
    assert_eq!(first["answered"], "variant");
    assert_eq!(first["direction"], "rtl");
    let output = run(
        dir.path(),
        &[
            "show",
            "packs",
            "--id",
            "spells.fireball",
            "--lang",
            "ar-EG",
        ],
        &[],
    );
    assert!(stdout(&output).contains("كرة نارية  [ar, for ar-EG, right to left]"));
}

#[test]
fn an_invalid_tag_is_a_usage_error_and_an_unknown_id_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    demo(dir.path());
    let output = run(
        dir.path(),
        &[
            "show",
            "packs",
            "--id",
            "spells.fireball",
            "--lang",
            "español",
        ],
        &[],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("is not a BCP 47 language tag"),
        "{output:?}"
    );
    let output = run(
        dir.path(),
        &["show", "packs", "--id", "spells.nothing", "--lang", "es"],
        &[],
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "spells.nothing: ningún texto de estos paquetes nombra este ID\n\n"
    );
}

#[test]
fn validate_speaks_the_language_asked_for_falling_back_per_message() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "packs/demo/core/pack.yaml", MANIFEST);
    write(dir.path(), "packs/demo/core/notes.txt", "");
    let english = run(dir.path(), &["validate", "packs", "--format", "json"], &[]);
    let spanish = run(
        dir.path(),
        &["validate", "packs", "--format", "json", "--lang", "es"],
        &[],
    );
    let from_env = run(
        dir.path(),
        &["validate", "packs", "--format", "json"],
        &[("LC_MESSAGES", "es_AR.UTF-8"), ("LANG", "en_US.UTF-8")],
    );
    let posix = run(
        dir.path(),
        &["validate", "packs", "--format", "json"],
        &[("LANG", "C")],
    );
    let message = |output: &Output| -> String {
        let first = stdout(output)
            .lines()
            .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
            .find(|line| line["code"] == "unknown-file")
            .unwrap();
        first["message"].as_str().unwrap().to_owned()
    };
    assert_eq!(
        message(&english),
        "`notes.txt` is not part of the pack layout and is not read"
    );
    assert_eq!(
        message(&spanish),
        "`notes.txt` no forma parte de la estructura del paquete y no se lee"
    );
    assert_eq!(message(&from_env), message(&spanish));
    assert_eq!(message(&posix), message(&english));
}

#[test]
fn validate_coverage_reports_each_language_share() {
    let dir = tempfile::tempdir().unwrap();
    demo(dir.path());
    let output = run(dir.path(), &["validate", "packs", "--coverage"], &[]);
    let text = stdout(&output);
    assert!(
        text.contains("translations of demo-core (default language en, 4 keys):\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "  es: 1 of 4 keys, 25.0%; missing pack.name, content.spells.fireball.description, content.spells.wish.name\n"
        ),
        "{text}"
    );
    let output = run(
        dir.path(),
        &["validate", "packs", "--coverage", "--format", "json"],
        &[],
    );
    let coverage: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter_map(|line| line.get("coverage").cloned())
        .collect();
    assert_eq!(coverage.len(), 2);
    // Languages in path order: `i18n/ar.yaml`, then `i18n/es.yaml`.
    assert_eq!(coverage[0]["language"], "ar");
    assert_eq!(coverage[0]["missing"].as_array().unwrap().len(), 3);
    assert_eq!(coverage[1]["language"], "es");
    assert_eq!(coverage[1]["translated"], 1);
}

/// The SRD 5.1 pack with its Spanish text: the pack itself once the converter copies
/// `xtask/data/srd-5.1/es.yaml` into it, else a copy of its manifest and English text with the
/// Spanish beside them.
fn srd_with_spanish(scratch: &Path) -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let pack = workspace.join("packs/5e/srd-5.1");
    if pack.join("i18n/es.yaml").is_file() {
        return workspace.join("packs/5e");
    }
    let copy = scratch.join("packs/5e/srd-5.1");
    std::fs::create_dir_all(copy.join("i18n")).unwrap();
    std::fs::copy(pack.join("pack.yaml"), copy.join("pack.yaml")).unwrap();
    std::fs::copy(pack.join("i18n/en.yaml"), copy.join("i18n/en.yaml")).unwrap();
    std::fs::copy(
        workspace.join("xtask/data/srd-5.1/es.yaml"),
        copy.join("i18n/es.yaml"),
    )
    .unwrap();
    scratch.join("packs/5e")
}

#[test]
fn the_srd_pack_shows_fireball_in_spanish_and_wish_in_english() {
    let dir = tempfile::tempdir().unwrap();
    let packs = srd_with_spanish(dir.path());
    let packs = packs.to_str().unwrap();
    let output = run(
        dir.path(),
        &["show", packs, "--id", "spells.fireball", "--lang", "es"],
        &[],
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "5e-srd-5.1:spells.fireball\n  content.spells.fireball.name: Bola de fuego  [es]\n\n"
    );
    let output = run(
        dir.path(),
        &[
            "show",
            packs,
            "--id",
            "spells.wish,conditions.prone",
            "--lang",
            "es-MX",
        ],
        &[],
    );
    assert_eq!(
        stdout(&output),
        "5e-srd-5.1:spells.wish\n  content.spells.wish.name: Wish  [en: sin traducir a es-MX, responde el idioma por defecto del paquete]\n\n\
         5e-srd-5.1:conditions.prone\n  content.conditions.prone.name: Derribado  [es, para es-MX]\n\n"
    );
}

/// Numbered names both ways in the shipped 5e pack (i18n.md, "Numbered names" and "Reverse
/// lookup"): by ID and number, and by the English text. "Goblin" is both a language and a
/// monster there; the language has no Spanish text, so the seed's example reads "Trasgo 2".
#[test]
fn numbered_names_read_both_ways_in_the_srd_pack() {
    let dir = tempfile::tempdir().unwrap();
    let packs = srd_with_spanish(dir.path());
    let packs = packs.to_str().unwrap();
    let by_id = run(
        dir.path(),
        &[
            "show",
            packs,
            "--id",
            "monsters.goblin",
            "--number",
            "2",
            "--lang",
            "es",
        ],
        &[],
    );
    assert_eq!(by_id.status.code(), Some(0));
    assert_eq!(
        stdout(&by_id),
        "5e-srd-5.1:monsters.goblin\n  content.monsters.goblin.name: Trasgo 2  [es]\n\n"
    );
    let by_text = run(
        dir.path(),
        &["show", packs, "--text", "Goblin 2", "--lang", "es"],
        &[],
    );
    assert_eq!(by_text.status.code(), Some(0));
    assert_eq!(
        stdout(&by_text),
        "\"Goblin 2\": 5e-srd-5.1:content.monsters.goblin.name\n  Trasgo 2  [es]\n\n"
    );
    // In English the text reads itself, from the first key that holds it (the language, listed
    // first), since no key translates.
    let english = run(
        dir.path(),
        &[
            "show", packs, "--text", "Goblin 2", "--lang", "en", "--format", "json",
        ],
        &[],
    );
    let value: serde_json::Value = serde_json::from_slice(&english.stdout).unwrap();
    assert_eq!(value["text"], "Goblin 2");
    assert_eq!(value["shown"], "Goblin 2");
    assert_eq!(value["answered"], "requested");
    let json = run(
        dir.path(),
        &[
            "show", packs, "--text", "Goblin 2", "--lang", "es", "--format", "json",
        ],
        &[],
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"shown": "Goblin 2", "pack": "5e-srd-5.1",
            "key": "content.monsters.goblin.name", "text": "Trasgo 2", "language": "es",
            "direction": "ltr", "requested": "es", "answered": "requested"})
    );
    // A text no key holds exits 1.
    let none = run(
        dir.path(),
        &["show", packs, "--text", "Hobgoblin King 3"],
        &[],
    );
    assert_eq!(none.status.code(), Some(1));
}
