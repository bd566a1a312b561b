//! `opencharacter completions SHELL` and `opencharacter man`, run as the built binary: each
//! shell's script passes that shell's syntax check and completes the command's own verbs and
//! values; every man page renders with `man -l` without a troff warning.
//!
//! The expected completions come from the command's definition (`src/main.rs`, `src/build.rs`):
//! `build` is the only verb starting with `bu`, and `build --format` takes `human` or `json`.
//!
//! bash and man are on every machine the tests run on. zsh and fish are checked where installed;
//! CI installs both (`.ci/run`), and with `CI` set a missing one fails the test.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn opencharacter(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The shell's path when it is installed; without it, a note (and a failure under CI).
fn shell(name: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is not installed; CI installs it (.ci/run)"
        );
        eprintln!("note: {name} is not installed; its completions are not checked here");
    }
    found
}

fn run(program: &Path, args: &[&str], dir: &Path) -> String {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{} {args:?}: {}{}",
        program.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn bash_completions_parse_and_complete_the_verbs_and_their_values() {
    let dir = tempfile::tempdir().unwrap();
    let script = stdout(&opencharacter(&["completions", "bash"], dir.path()));
    std::fs::write(dir.path().join("opencharacter.bash"), &script).unwrap();
    let bash = Path::new("bash");
    run(bash, &["-n", "opencharacter.bash"], dir.path());
    // What bash's programmable completion does on a Tab: the words so far, then the function.
    let complete = |words: &str, current: usize| {
        let program = format!(
            "source opencharacter.bash; COMP_WORDS=({words}); COMP_CWORD={current}; \
             COMP_LINE=\"{words}\"; COMP_POINT=${{#COMP_LINE}}; \
             _opencharacter opencharacter \"${{COMP_WORDS[$COMP_CWORD]}}\" \"${{COMP_WORDS[$COMP_CWORD-1]}}\"; \
             printf '%s\\n' \"${{COMPREPLY[@]}}\""
        );
        run(bash, &["-c", &program], dir.path())
    };
    assert_eq!(complete("opencharacter bu", 1), "build\n");
    assert_eq!(complete("opencharacter comp", 1), "completions\n");
    assert_eq!(
        complete("opencharacter build --format ''", 3),
        "text\njson\n"
    );
}

#[test]
fn zsh_completions_parse() {
    let Some(zsh) = shell("zsh") else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = stdout(&opencharacter(&["completions", "zsh"], dir.path()));
    assert!(script.starts_with("#compdef opencharacter\n"), "{script}");
    for verb in ["validate", "build", "completions", "man"] {
        assert!(script.contains(&format!("'{verb}:")), "{verb}");
    }
    std::fs::write(dir.path().join("_opencharacter"), &script).unwrap();
    run(&zsh, &["-n", "_opencharacter"], dir.path());
}

#[test]
fn fish_completions_parse_and_complete_the_verbs_and_their_values() {
    let Some(fish) = shell("fish") else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = stdout(&opencharacter(&["completions", "fish"], dir.path()));
    std::fs::write(dir.path().join("opencharacter.fish"), &script).unwrap();
    run(&fish, &["--no-execute", "opencharacter.fish"], dir.path());
    let complete = |line: &str| {
        let program = format!("source opencharacter.fish; complete -C '{line}'");
        let out = run(&fish, &["--no-config", "-c", &program], dir.path());
        // Each candidate, without the description fish prints after a tab.
        out.lines()
            .map(|l| l.split('\t').next().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(complete("opencharacter bu"), ["build"]);
    // One global `--format text|json` (command.md; `human` is an alias of `text`, not offered).
    assert_eq!(complete("opencharacter build --format "), ["json", "text"]);
}

#[test]
fn the_man_pages_render_with_man() {
    let dir = tempfile::tempdir().unwrap();
    let render = |page: &Path| {
        let output = Command::new("man")
            .args(["--warnings", "-l"])
            .arg(page)
            .env("MANWIDTH", "80")
            .env("MANPAGER", "cat")
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{}: {stderr}", page.display());
        assert_eq!(stderr, "", "{}: troff warnings", page.display());
        String::from_utf8(output.stdout).unwrap()
    };
    // The command's own page, on standard output, lists every verb.
    let page = stdout(&opencharacter(&["man"], dir.path()));
    std::fs::write(dir.path().join("opencharacter.1"), &page).unwrap();
    let shown = render(&dir.path().join("opencharacter.1"));
    assert!(shown.contains("NAME"), "{shown}");
    for verb in [
        "opencharacter-validate(1)",
        "opencharacter-build(1)",
        "opencharacter-completions(1)",
    ] {
        assert!(shown.contains(verb), "{verb}: {shown}");
    }

    // --out writes that page and one per verb: the verbs `--help` lists (but `help`).
    let help = stdout(&opencharacter(&["--help"], dir.path()));
    let verbs: Vec<String> = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|verb| *verb != "help")
        .map(|verb| format!("opencharacter-{verb}.1"))
        .collect();
    assert!(verbs.contains(&"opencharacter-man.1".to_owned()), "{help}");
    let out = dir.path().join("man1");
    let listed = stdout(&opencharacter(&["man", "--out", "man1"], dir.path()));
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let mut expected = verbs.clone();
    expected.push("opencharacter.1".to_owned());
    expected.sort();
    assert_eq!(written, expected);
    assert_eq!(listed.lines().count(), expected.len(), "{listed}");
    assert_eq!(
        std::fs::read_to_string(out.join("opencharacter.1")).unwrap(),
        page
    );
    for name in &written {
        let shown = render(&out.join(name));
        let stem = name.trim_end_matches(".1");
        assert!(shown.contains(&format!("{stem}(1)")), "{name}: {shown}");
    }
    let build = render(&out.join("opencharacter-build.1"));
    assert!(build.contains("--with <PATH>"), "{build}");
    // `--format` is global: every verb's page lists it (docs/spec/command.md).
    assert!(build.contains("[default: text]"), "{build}");
}
