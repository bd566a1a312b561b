//! Snapshots of how diagnostics look: for a dozen codes (one fixture pack each, from
//! `tests/fixtures/invalid/`), `validate`'s human report without colour, with colour
//! (`--color always`, ANSI styles shown as `\x1b`), and its JSON lines, in English and in
//! Spanish, message text, arguments, spans, labels and help lines included.
//!
//! Each snapshot is `tests/snapshots/<code>.<lang>.<form>.txt`. `OPENCHARACTER_BLESS=1` writes
//! them from the command's output; a snapshot is committed only once read and found right
//! (the span under the text at fault, the words in the language asked for), and after that the
//! test holds the output to it.

use std::path::{Path, PathBuf};
use std::process::Command;

const CODES: [&str; 12] = [
    "yaml-invalid",
    "yaml-duplicate-key",
    "duplicate-rules-id",
    "unresolved-reference",
    "property-type-mismatch",
    "formula-invalid",
    "layer-target-unknown",
    "missing-dependency",
    "i18n-key-unknown",
    "invalid-id",
    "value-not-allowed",
    "circular-extends",
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(fixture: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .args(args)
        .current_dir(fixture)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_dozen_diagnostics_look_as_their_snapshots_in_english_and_spanish() {
    let bless = std::env::var_os("OPENCHARACTER_BLESS").is_some();
    let snapshots = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let mut differ = Vec::new();
    for code in CODES {
        let fixture = workspace().join("tests/fixtures/invalid").join(code);
        for lang in ["en", "es"] {
            let forms: [(&str, Vec<&str>); 3] = [
                (
                    "human",
                    vec!["--lang", lang, "validate", "--color", "never", "demo"],
                ),
                (
                    "color",
                    vec!["--lang", lang, "validate", "--color", "always", "demo"],
                ),
                (
                    "json",
                    vec!["--lang", lang, "validate", "--format", "json", "demo"],
                ),
            ];
            for (form, args) in forms {
                let got = run(&fixture, &args).replace('\x1b', "\\x1b");
                let path = snapshots.join(format!("{code}.{lang}.{form}.txt"));
                if bless {
                    std::fs::create_dir_all(&snapshots).unwrap();
                    std::fs::write(&path, &got).unwrap();
                    continue;
                }
                let expected = std::fs::read_to_string(&path).unwrap_or_default();
                if expected != got {
                    differ.push(format!(
                        "{}:\n--- expected\n{expected}\n--- got\n{got}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn no_color_and_a_pipe_give_no_styles() {
    let fixture = workspace().join("tests/fixtures/invalid/yaml-invalid");
    // Piped (as here), `auto` writes no styles.
    assert!(!run(&fixture, &["validate", "demo"]).contains('\x1b'));
    // NO_COLOR is honoured with `auto`; `--color always` overrides it, as cargo's does.
    let with_no_color = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
            .args(args)
            .current_dir(&fixture)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(!with_no_color(&["validate", "demo"]).contains('\x1b'));
    assert!(with_no_color(&["validate", "--color", "always", "demo"]).contains('\x1b'));
}
