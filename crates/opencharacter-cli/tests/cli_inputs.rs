//! Issue 22: every single-file input of every verb, given as a link to `/dev/zero`, a FIFO with no
//! writer, or an 8 GiB sparse file, ends with a message naming the file and the reason (the limit,
//! for the sparse file) and a non-zero status, without reading it. Before, these read until memory
//! ran out or blocked forever.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The three inputs that must never be read, each at `<folder>/<name>`.
#[derive(Debug, Clone, Copy)]
enum Bad {
    Zero,
    Fifo,
    Sparse,
}

impl Bad {
    fn make(self, path: &Path) {
        match self {
            Bad::Zero => std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
            Bad::Fifo => {
                let made = Command::new("mkfifo").arg(path).status().unwrap();
                assert!(made.success());
            }
            Bad::Sparse => std::fs::File::create(path)
                .unwrap()
                .set_len(8 << 30)
                .unwrap(),
        }
    }

    /// What the message must say: the reader's reason, or the size and the limit.
    fn expected(self, limit: u64) -> String {
        match self {
            Bad::Zero => "a device, not a regular file".to_owned(),
            Bad::Fifo => "a FIFO (named pipe), not a regular file".to_owned(),
            Bad::Sparse => format!("is 8589934592 bytes; the limit is {limit}"),
        }
    }
}

/// Runs the command; a hang guard kills it after a minute so that a regression fails instead of
/// blocking the test run (the guard is not a measure: a refusal returns at once).
fn run(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..600 {
        if child.try_wait().unwrap().is_some() {
            let output = child.wait_with_output().unwrap();
            return (
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    child.kill().unwrap();
    panic!("`opencharacter {args:?}` did not end: it blocked or read without end");
}

const MIB: u64 = 1024 * 1024;

/// Each verb's single-file input: the arguments (`BAD` where the input goes), the limit that
/// applies to it (limits.md), and whether the input is a file named `en.json` in a locales folder.
fn cases(folder: &Path) -> Vec<(Vec<String>, u64)> {
    let root = repository();
    let release = root.join("tests/fixtures/migrations/0.3.0/release.json");
    let character = root.join("examples/characters/fighter-3.yaml");
    let srd = root.join("packs/5e/srd-5.1");
    let ruleset = root.join("tests/fixtures/ruleset-json/barrowlight.json");
    let out = folder.join("out");
    let store = folder.join("store");
    let s = |p: &Path| p.display().to_string();
    let bad = "BAD".to_owned();
    vec![
        // The character, to `sheet` and `migrate` (also in place): 256 MiB.
        (
            vec!["sheet".into(), bad.clone(), "--packs".into(), s(&release)],
            256 * MIB,
        ),
        (
            vec!["migrate".into(), bad.clone(), "--packs".into(), s(&release)],
            256 * MIB,
        ),
        (
            vec![
                "migrate".into(),
                bad.clone(),
                "--packs".into(),
                s(&release),
                "--in-place".into(),
            ],
            256 * MIB,
        ),
        // A release file, to every verb that takes one: 256 MiB.
        (
            vec!["sheet".into(), s(&character), "--packs".into(), bad.clone()],
            256 * MIB,
        ),
        (
            vec![
                "migrate".into(),
                s(&character),
                "--packs".into(),
                bad.clone(),
            ],
            256 * MIB,
        ),
        (vec!["load".into(), bad.clone()], 256 * MIB),
        (vec!["layers".into(), bad.clone()], 256 * MIB),
        (
            vec!["validate".into(), s(&srd), "--with".into(), bad.clone()],
            256 * MIB,
        ),
        (
            vec![
                "build".into(),
                s(&srd),
                "--with".into(),
                bad.clone(),
                "--out".into(),
                s(&out),
            ],
            256 * MIB,
        ),
        // The engine's JSON files: 4 MiB.
        (
            vec![
                "import-ruleset".into(),
                bad.clone(),
                "--out".into(),
                s(&out),
            ],
            4 * MIB,
        ),
        (
            vec![
                "import-ruleset".into(),
                s(&ruleset),
                "--manifest".into(),
                bad.clone(),
                "--out".into(),
                s(&out),
            ],
            4 * MIB,
        ),
        // A release shared by hand: the installer's 64 MiB.
        (
            vec![
                "install".into(),
                "--store".into(),
                s(&store),
                "--import".into(),
                bad,
            ],
            64 * MIB,
        ),
    ]
}

fn every_input_refuses(kind: Bad) {
    let folder = tempfile::tempdir().unwrap();
    let bad = folder.path().join("input.json");
    kind.make(&bad);
    for (args, limit) in cases(folder.path()) {
        let args: Vec<std::ffi::OsString> = args
            .iter()
            .map(|a| {
                if a == "BAD" {
                    bad.clone().into_os_string()
                } else {
                    a.into()
                }
            })
            .collect();
        let refs: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        let (code, stderr) = run(&refs);
        assert_ne!(code, Some(0), "{args:?}: {stderr}");
        assert_ne!(code, None, "{args:?}: killed: {stderr}");
        assert!(
            stderr.contains(&bad.display().to_string()) && stderr.contains(&kind.expected(limit)),
            "{args:?}: {stderr}"
        );
    }
    // A locale file of `import-ruleset --locales`, and a store's `state.json` (1 MiB).
    let locales = folder.path().join("locales");
    std::fs::create_dir(&locales).unwrap();
    kind.make(&locales.join("en.json"));
    let ruleset = repository().join("tests/fixtures/ruleset-json/barrowlight.json");
    let out = folder.path().join("out2");
    let (code, stderr) = run(&[
        "import-ruleset".as_ref(),
        ruleset.as_os_str(),
        "--locales".as_ref(),
        locales.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("en.json") && stderr.contains(&kind.expected(4 * MIB)),
        "{stderr}"
    );

    let store = folder.path().join("store2");
    let pack = store.join("packs/demo-heroes");
    std::fs::create_dir_all(&pack).unwrap();
    kind.make(&pack.join("state.json"));
    let (code, stderr) = run(&[
        "install".as_ref(),
        "--store".as_ref(),
        store.as_os_str(),
        "--list".as_ref(),
    ]);
    assert_ne!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("state.json") && stderr.contains(&kind.expected(MIB)),
        "{stderr}"
    );
}

#[test]
fn a_link_to_dev_zero_is_refused_by_every_verb() {
    every_input_refuses(Bad::Zero);
}

#[test]
fn a_fifo_with_no_writer_is_refused_by_every_verb() {
    every_input_refuses(Bad::Fifo);
}

#[test]
fn an_oversized_sparse_file_is_refused_by_every_verb_before_reading() {
    every_input_refuses(Bad::Sparse);
}

#[test]
fn a_closed_pipe_ends_the_verb_quietly() {
    // `formula '8d20' --seed 7 | head -1`: the reader takes one line and goes away. Eight rolls
    // print more than one line, so the later prints meet the closed pipe.
    for _ in 0..20 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
            .args(["formula", "8d20", "--seed", "7"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    }
}
