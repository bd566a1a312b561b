//! Tidy checks over the repository's Rust sources, in the spirit of rust-analyzer's: no test is
//! skipped (`#[ignore]`) or passes by panicking (`#[should_panic]`: a test says which error it
//! expects), every file opens with a `//!` header saying what it is for, and every lint allowed
//! says why (`reason = "…"`).

use std::path::{Path, PathBuf};

/// The folders whose `.rs` files are the project's own (generated and vendored code is not).
const ROOTS: [&str; 6] = ["src", "crates", "tests", "xtask", "examples", "fuzz"];

fn rust_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                // Build outputs and fuzzing scratch, not sources.
                if !matches!(
                    name.to_str(),
                    Some("target" | "corpus" | "artifacts" | "node_modules")
                ) {
                    walk(&path, out);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ROOTS {
        walk(&root.join(dir), &mut files);
    }
    files.sort();
    files
}

/// The problems of one source file, each with its line.
fn problems(path: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // Built from parts, so this file does not find itself.
    let ignore = concat!("#[", "ignore");
    let panicking = concat!("should", "_panic");
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        let at = index + 1;
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        if code.contains(ignore) {
            found.push(format!(
                "{path}:{at}: a skipped test; make it run or delete it"
            ));
        }
        if code.contains(panicking) {
            found.push(format!(
                "{path}:{at}: a test that passes by panicking; assert the error instead"
            ));
        }
        if code.starts_with("#[allow(") || code.starts_with("#![allow(") {
            // The attribute runs to the line that closes it.
            let attribute: String = lines[index..]
                .iter()
                .take_while({
                    let mut open = true;
                    move |l| std::mem::replace(&mut open, !l.contains(")]"))
                })
                .copied()
                .collect();
            if !attribute.contains("reason") {
                found.push(format!(
                    "{path}:{at}: a lint allowed without `reason = \"…\"`"
                ));
            }
        }
    }
    // The header: the first lines that are neither blank nor an inner attribute are `//!`.
    let mut in_attribute = false;
    let first = lines.iter().find(|line| {
        let code = line.trim();
        if in_attribute {
            in_attribute = !code.contains(")]");
            return false;
        }
        if code.starts_with("#![") {
            in_attribute = !code.contains(")]") && !code.ends_with(']');
            return false;
        }
        !code.is_empty()
    });
    if !first.is_some_and(|line| line.trim_start().starts_with("//!")) {
        found.push(format!(
            "{path}:1: no `//!` header saying what the file is for"
        ));
    }
    found
}

#[test]
fn the_sources_are_tidy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let files = rust_files();
    assert!(files.len() > 100, "the walk found the sources");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        found.extend(problems(&shown, &text));
    }
    assert!(found.is_empty(), "untidy:\n{}", found.join("\n"));
}

#[test]
fn each_rule_catches_what_it_names() {
    let skipped = format!(
        "//! x\n#[test]\n{}]\nfn t() {{}}\n",
        concat!("#[", "ignore")
    );
    assert_eq!(problems("a.rs", &skipped).len(), 1);
    let panicking = format!("//! x\n#[{}]\nfn t() {{}}\n", concat!("should", "_panic"));
    assert_eq!(problems("a.rs", &panicking).len(), 1);
    let allowed = "//! x\n#[allow(\n    clippy::unwrap_used\n)]\nfn t() {}\n";
    assert_eq!(
        problems("a.rs", allowed),
        ["a.rs:2: a lint allowed without `reason = \"…\"`"]
    );
    let explained =
        "//! x\n#[allow(\n    clippy::unwrap_used,\n    reason = \"y\"\n)]\nfn t() {}\n";
    assert!(problems("a.rs", explained).is_empty());
    let headless = "use std::fmt;\n";
    assert_eq!(
        problems("a.rs", headless),
        ["a.rs:1: no `//!` header saying what the file is for"]
    );
    let after_attribute = "#![allow(\n    clippy::unwrap_used,\n    reason = \"y\"\n)]\n\n//! x\n";
    assert!(problems("a.rs", after_attribute).is_empty());
}
