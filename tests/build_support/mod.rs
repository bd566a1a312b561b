//! Helpers of the `build_*` tests: copy the repository's packs into a temporary folder (a test
//! never writes into `packs/`), build, and read back every built file.

#![allow(dead_code, reason = "each test file uses part of the support module")]

use std::path::{Path, PathBuf};

use opencharacter::release::build::{Build, BuildOptions, build_paths};

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Copies a folder's source files (no `dist/`, no `node_modules/`, nothing hidden).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        let text = name.to_string_lossy();
        if text.starts_with('.') || text == "dist" || text == "node_modules" {
            continue;
        }
        let path = entry.path();
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&path, &to.join(&name));
        } else {
            std::fs::copy(&path, to.join(&name)).unwrap();
        }
    }
}

/// Writes a file, making its folders.
pub fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A small pack of this test's own with a second language and its `-i18n` package:
/// `<root>/demo/core`, `demo-core`.
pub fn demo_pack(root: &Path) {
    write(
        root,
        "demo/core/pack.yaml",
        "id: demo-core\nversion: 0.3.0\nspecVersion: 1.5.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    );
    write(
        root,
        "demo/core/rules/core.yaml",
        "fields:\n  level: { type: number, formula: \"1+2 * 3\" }\n",
    );
    write(
        root,
        "demo/core/i18n/en.yaml",
        "_meta: { language: en, direction: ltr }\npack:\n  name: Demo\nfield.level.label: Level\n",
    );
    write(
        root,
        "demo/core/i18n/es.yaml",
        "_meta: { language: es, direction: ltr }\npack:\n  name: Demostración\nfield.level.label: Nivel\n",
    );
    write(
        root,
        "demo/core/i18n-package/package.json",
        "{ \"version\": \"0.3.1\" }\n",
    );
}

/// Builds every pack under `root`, the aggregate and the spec's text into `<root>/dist`.
pub fn build(root: &Path) -> Build {
    build_paths(&[root.to_owned()], &[], &BuildOptions::default()).unwrap()
}

/// Every diagnostic of a build, as `code: message @ file:line`.
pub fn problems(build: &Build) -> Vec<String> {
    build
        .validation
        .reading
        .all_diagnostics()
        .map(|d| {
            format!(
                "{}: {} @ {:?}:{:?}",
                d.code.name,
                d.message(),
                d.location.file,
                d.location.line
            )
        })
        .collect()
}

/// Every file under a `dist` folder below `root`, by path relative to `root`, with its bytes.
pub fn built_files(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_owned()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.components().any(|c| c.as_os_str() == "dist") {
                let relative = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.push((relative, std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}
