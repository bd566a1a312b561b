#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! Built packs as Node and TypeScript see them: `node` imports each package by its name
//! (`@opencharacter/<id>`, `@opencharacter/<id>/i18n/<lang>`, the `-i18n` package, the
//! `@opencharacter/packs` aggregate and `@opencharacter/spec/i18n/<lang>`), resolved through
//! `node_modules` links in a temporary folder, and finds the same data as the JSON files; every
//! `.d.ts` passes `tsc --noEmit` with strict settings.
//!
//! Needs `node` on the PATH and the pinned TypeScript in `tools/typescript/node_modules`
//! (`npm ci --prefix tools/typescript`, which `scripts/test` runs): without them these tests
//! fail, saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::build_support::{build, copy_tree, demo_pack, problems, root};
use serde_json::Value;

/// Packs built into a temporary folder, with a `node_modules/@opencharacter/` linking each
/// package by its name.
struct Built {
    dir: tempfile::TempDir,
    /// Package name → folder.
    packages: Vec<(String, PathBuf)>,
}

fn built() -> Built {
    let dir = tempfile::tempdir().unwrap();
    let packs = dir.path().join("packs");
    copy_tree(
        &root().join("packs/lanternfall"),
        &packs.join("lanternfall"),
    );
    demo_pack(&packs);
    let result = build(&packs);
    assert_eq!(problems(&result), Vec::<String>::new());
    let packages = vec![
        (
            "lanternfall-core".to_owned(),
            packs.join("lanternfall/core/dist"),
        ),
        (
            "lanternfall-river-trade".to_owned(),
            packs.join("lanternfall/river-trade/dist"),
        ),
        ("demo-core".to_owned(), packs.join("demo/core/dist")),
        (
            "demo-core-i18n".to_owned(),
            packs.join("demo/core/i18n-package/dist"),
        ),
        ("packs".to_owned(), packs.join("dist/packs")),
        ("spec".to_owned(), packs.join("dist/spec")),
    ];
    let scope = dir.path().join("node_modules/@opencharacter");
    std::fs::create_dir_all(&scope).unwrap();
    for (name, folder) in &packages {
        std::os::unix::fs::symlink(folder, scope.join(name)).unwrap();
    }
    Built { dir, packages }
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn run(program: &Path, args: &[&str], dir: &Path, what: &str) -> String {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run {what} (`{}`): {error}. Install Node.js 20 or newer and run \
                 `npm ci --prefix tools/typescript` (scripts/test does both checks)",
                program.display()
            )
        });
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        output.status.success(),
        "{what} failed:\n{stdout}\n{stderr}"
    );
    stdout
}

#[test]
fn node_imports_each_package_by_name_and_finds_the_json_data() {
    let built = built();
    let script = r#"
import core from '@opencharacter/lanternfall-core';
import coreEn from '@opencharacter/lanternfall-core/i18n/en';
import trade from '@opencharacter/lanternfall-river-trade';
import demo from '@opencharacter/demo-core';
import demoEn from '@opencharacter/demo-core/i18n/en';
import demoEs from '@opencharacter/demo-core-i18n/es';
import packs from '@opencharacter/packs';
import packsEn from '@opencharacter/packs/i18n/en';
import specEn from '@opencharacter/spec/i18n/en';
import specEs from '@opencharacter/spec/i18n/es';
process.stdout.write(JSON.stringify({ core, coreEn, trade, demo, demoEn, demoEs, packs, packsEn, specEn, specEs }));
"#;
    std::fs::write(built.dir.path().join("check.mjs"), script).unwrap();
    let out = run(Path::new("node"), &["check.mjs"], built.dir.path(), "node");
    let seen: Value = serde_json::from_str(&out).unwrap();
    let folder = |name: &str| {
        built
            .packages
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, f)| f.clone())
            .unwrap()
    };

    let core = json(&folder("lanternfall-core").join("release.json"));
    assert_eq!(seen["core"], core);
    assert_eq!(
        seen["coreEn"],
        json(&folder("lanternfall-core").join("i18n/en.json"))
    );
    assert_eq!(seen["coreEn"], core["i18n"]);
    assert_eq!(
        seen["trade"],
        json(&folder("lanternfall-river-trade").join("release.json"))
    );
    assert_eq!(
        seen["demo"],
        json(&folder("demo-core").join("release.json"))
    );
    assert_eq!(seen["demoEn"]["pack.name"], "Demo");
    assert_eq!(
        seen["demoEs"],
        json(&folder("demo-core-i18n").join("es.json"))
    );
    assert_eq!(seen["demoEs"]["pack.name"], "Demostración");
    assert_eq!(seen["packs"]["lanternfall-core"], core);
    let ids: Vec<&String> = seen["packs"].as_object().unwrap().keys().collect();
    // Load order: the folders' order, each dependency before its dependants.
    assert_eq!(
        ids,
        ["demo-core", "lanternfall-core", "lanternfall-river-trade"]
    );
    assert_eq!(seen["packsEn"]["demo-core"], seen["demoEn"]);
    assert_eq!(seen["specEn"], json(&folder("spec").join("i18n/en.json")));
    assert_eq!(seen["specEs"]["_meta"]["language"], "es");
    // The same templates that render diagnostics.
    let english = opencharacter::spec::standard_text::StandardText::english();
    assert_eq!(
        seen["specEn"]["diagnostics"]["missing-dependency"],
        english.diagnostics["missing-dependency"].as_str()
    );

    let package = json(&folder("demo-core").join("package.json"));
    assert_eq!(package["name"], "@opencharacter/demo-core");
    assert_eq!(package["version"], "0.3.0");
    let package = json(&folder("demo-core-i18n").join("package.json"));
    assert_eq!(package["name"], "@opencharacter/demo-core-i18n");
    assert_eq!(package["version"], "0.3.1");
}

#[test]
fn every_declaration_passes_tsc() {
    let built = built();
    let tsc = root().join("tools/typescript/node_modules/typescript/bin/tsc");
    assert!(
        tsc.is_file(),
        "the pinned TypeScript compiler is not installed at {}: run \
         `npm ci --prefix tools/typescript` (scripts/test does)",
        tsc.display()
    );
    // Uses the types the way an app would: a wrong type or a missing key fails to compile.
    let check = r#"
import core from '@opencharacter/lanternfall-core';
import en from '@opencharacter/lanternfall-core/i18n/en';
import demoEs from '@opencharacter/demo-core-i18n/es';
import packs from '@opencharacter/packs';
import packsEn from '@opencharacter/packs/i18n/en';
import specEn from '@opencharacter/spec/i18n/en';
import type { PackRelease } from '@opencharacter/lanternfall-core';

const id: string = core.manifest.id;
const version: string = core.manifest.version;
const language: "en" = en._meta.language;
const name: string = en["pack.name"];
const spanish: string = demoEs["pack.name"];
const same: PackRelease = packs["lanternfall-core"];
const text = packsEn["demo-core"];
const template: string = specEn.diagnostics["missing-dependency"];
const formulas: number = Object.keys(core.formulas).length;
export const all = [id, version, language, name, spanish, same, text, template, formulas];
"#;
    std::fs::write(built.dir.path().join("check.mts"), check).unwrap();
    let mut files = vec!["check.mts".to_owned()];
    for (_, folder) in &built.packages {
        let mut stack = vec![folder.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.to_string_lossy().ends_with(".d.ts") {
                    files.push(path.to_string_lossy().into_owned());
                }
            }
        }
    }
    assert!(files.len() > 10, "{files:?}");
    let config = serde_json::json!({
        "compilerOptions": {
            "strict": true,
            "noEmit": true,
            "module": "nodenext",
            "moduleResolution": "nodenext",
            "target": "es2022",
            "skipLibCheck": false,
            "types": []
        },
        "files": files,
    });
    std::fs::write(
        built.dir.path().join("tsconfig.json"),
        serde_json::to_string_pretty(&config).unwrap(),
    )
    .unwrap();
    let tsc = tsc.to_string_lossy().into_owned();
    run(
        Path::new("node"),
        &[&tsc, "--noEmit", "-p", "tsconfig.json"],
        built.dir.path(),
        "tsc",
    );
}
