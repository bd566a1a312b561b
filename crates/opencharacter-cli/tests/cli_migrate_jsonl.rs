//! `opencharacter migrate --jsonl`: characters as JSON lines on standard input, run as the built
//! binary over the migrations fixture (`tests/fixtures/migrations/0.3.0/release.json`). The
//! expected values are the fixture's scripts worked by hand (docs/spec/upgrades.md): `xp` is
//! renamed `experience` by 0.1.0-to-0.2.0 and `exp` by 0.2.0-to-0.3.0; `level` routes by the
//! words of `class`; the `hit_dice` pool moves to the first die pool the character shows (a
//! maximum above 0: `hit_dice_d10` is `level_fighter`, `hit_dice_d6` is `level_wizard`).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn packs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/migrations/0.3.0/release.json")
}

/// Runs `migrate --jsonl` with `write` feeding its standard input from another thread (so a
/// large input never fills the pipe while the output is unread).
fn jsonl(write: impl FnOnce(&mut std::process::ChildStdin) + Send + 'static) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .args(["migrate", "--jsonl", "--packs"])
        .arg(packs())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || write(&mut stdin));
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    output
}

fn run(input: String) -> Output {
    jsonl(move |stdin| {
        let _ = stdin.write_all(input.as_bytes());
    })
}

fn lines(bytes: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8(bytes.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// A character saved with 0.1.0.
fn saved(class: &str, level: u32, xp: u32, dice: u32) -> String {
    format!(
        r#"{{"packs":{{"demo-heroes":"0.1.0"}},"fields":{{"demo-heroes:class":"{class}","demo-heroes:level":{level},"demo-heroes:xp":{xp}}},"live":{{"pools":{{"demo-heroes:hit_dice":{dice}}}}}}}"#
    )
}

#[test]
fn each_line_is_migrated_in_order_and_an_empty_line_gives_nothing() {
    let input = format!(
        "{}\n\n   \n{}\r\n",
        saved("Fighter3", 3, 900, 2),
        saved("wizard", 2, 300, 1)
    );
    let output = run(input);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    let out = lines(&output.stdout);
    assert_eq!(out.len(), 2, "two characters, the empty lines give nothing");
    // The fighter: `xp` → `experience` → `exp`; `level` to `level_fighter` (the word
    // "fighter" in "Fighter3"); hit dice to `hit_dice_d10`, whose maximum is `level_fighter`.
    assert_eq!(out[0]["fields"]["demo-heroes:exp"], 900);
    assert_eq!(out[0]["fields"]["demo-heroes:level_fighter"], 3);
    assert_eq!(out[0]["live"]["pools"]["demo-heroes:hit_dice_d10"], 2);
    assert_eq!(out[0]["packs"]["demo-heroes"], "0.3.0");
    // The wizard: `level_wizard`, and `hit_dice_d6` (maximum `level_wizard` = 2, above 0)
    // is the first case the character shows.
    assert_eq!(out[1]["fields"]["demo-heroes:exp"], 300);
    assert_eq!(out[1]["fields"]["demo-heroes:level_wizard"], 2);
    assert_eq!(out[1]["live"]["pools"]["demo-heroes:hit_dice_d6"], 1);
}

#[test]
fn pieces_of_an_input_migrated_apart_join_to_one_run() {
    const CLASSES: [&str; 5] = ["Fighter3", "Fighter 3 / Wizard 2", "", "wizard", "Rogue"];
    let all: Vec<String> = (0..60u32)
        .map(|n| {
            saved(
                CLASSES[n as usize % CLASSES.len()],
                n % 20 + 1,
                n * 37,
                n % 5,
            )
        })
        .collect();
    let whole = run(all.join("\n") + "\n");
    assert_eq!(whole.status.code(), Some(0), "{whole:?}");
    assert_eq!(lines(&whole.stdout).len(), 60);
    let mut joined = Vec::new();
    for piece in all.chunks(17) {
        let output = run(piece.join("\n") + "\n");
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        joined.extend_from_slice(&output.stdout);
    }
    assert_eq!(
        String::from_utf8(joined).unwrap(),
        String::from_utf8(whole.stdout).unwrap()
    );
}

#[test]
fn a_line_that_is_not_a_character_is_an_error_line_naming_it() {
    let input = format!(
        "{}\n{{\"packs\": \n[1, 2]\n{}\n",
        saved("Fighter3", 3, 900, 2),
        saved("wizard", 2, 300, 1)
    );
    let output = run(input);
    assert_eq!(output.status.code(), Some(1), "a line failed: {output:?}");
    let out = lines(&output.stdout);
    assert_eq!(out.len(), 2, "lines 1 and 4 are characters");
    assert_eq!(out[1]["fields"]["demo-heroes:level_wizard"], 2);
    let errors = lines(&output.stderr);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(errors[0]["line"], 2);
    assert_eq!(errors[1]["line"], 3);
    assert!(errors[0]["error"].as_str().unwrap().contains("line 2"));
}

#[test]
fn a_pack_saved_newer_than_loaded_is_said_with_its_line() {
    // 0.9.0 is above the loaded 0.3.0: `character-pack-older` (upgrades.md: nothing runs
    // backwards), and the character is written as it was.
    let newer = r#"{"packs":{"demo-heroes":"0.9.0"},"fields":{"demo-heroes:exp":5}}"#;
    let output = run(format!("{}\n{newer}\n", saved("Rogue", 1, 0, 0)));
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let errors = lines(&output.stderr);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["line"], 2);
    assert_eq!(errors[0]["diagnostics"][0]["code"], "character-pack-older");
    let out = lines(&output.stdout);
    assert_eq!(out[1]["packs"]["demo-heroes"], "0.9.0");
}

#[test]
fn a_line_over_the_character_limit_is_refused_without_being_held() {
    // docs/spec/limits.md: a character is at most 256 MiB (`file-too-large`). The first line
    // is one byte over, inside a JSON string; the line after it still migrates.
    const LIMIT: usize = 256 * 1024 * 1024;
    let output = jsonl(|stdin| {
        let head = br#"{"packs":{},"fields":{"x":""#;
        let tail = br#""}}"#;
        let mut left = LIMIT + 1 - head.len() - tail.len();
        let _ = stdin.write_all(head);
        let chunk = vec![b'a'; 1 << 20];
        while left > 0 {
            let n = left.min(chunk.len());
            if stdin.write_all(&chunk[..n]).is_err() {
                return;
            }
            left -= n;
        }
        let _ = stdin.write_all(tail);
        let _ = stdin.write_all(b"\n");
        let _ = stdin.write_all(saved("Fighter3", 3, 900, 2).as_bytes());
        let _ = stdin.write_all(b"\n");
    });
    assert_eq!(output.status.code(), Some(1), "{:?}", output.status);
    let errors = lines(&output.stderr);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["line"], 1);
    assert_eq!(errors[0]["diagnostics"][0]["code"], "file-too-large");
    let out = lines(&output.stdout);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["fields"]["demo-heroes:level_fighter"], 3);
}
