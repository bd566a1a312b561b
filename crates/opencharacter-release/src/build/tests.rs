//! Unit tests of building: small packs written to a scratch folder, built, and their `dist/`
//! files read back.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::*;

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

const META_EN: &str = "_meta: { language: en, direction: ltr }\n";

/// `demo/core` (with a `$schema` in its files) and `demo/extra`, which depends on it.
fn packs(root: &Path) {
    write(
        root,
        "demo/core/pack.yaml",
        "$schema: ../../schemas/pack.schema.json\nid: demo-core\nversion: 0.2.0\nspecVersion: 1.5.0\n\
         license: CC0-1.0\ndefaultLanguage: en\n",
    );
    write(
        root,
        "demo/core/rules/core.yaml",
        "$schema: x.json\nfields:\n  level: { type: number, formula: \"1 + 2\" }\n",
    );
    write(
        root,
        "demo/core/i18n/en.yaml",
        &format!("{META_EN}pack:\n  name: Demo\nfield:\n  level:\n    label: Level\n"),
    );
    write(
        root,
        "demo/extra/pack.yaml",
        "id: demo-extra\nversion: 1.0.0\nspecVersion: 1.5.0\nlicense: mechanics-only\n\
         credit: Demo credit\nnotices: { data: Numbers from Demo. }\ndefaultLanguage: en\n\
         dependencies: { demo-core: ^0.2.0 }\n",
    );
    write(
        root,
        "demo/extra/i18n/en.yaml",
        &format!("{META_EN}pack:\n  name: Extra\n"),
    );
}

fn build(root: &Path) -> Build {
    build_paths(&[root.to_owned()], &[], &BuildOptions::default()).unwrap()
}

fn codes(build: &Build) -> Vec<&'static str> {
    build
        .validation
        .reading
        .all_diagnostics()
        .map(|d| d.code.name)
        .collect()
}

fn json(path: PathBuf) -> Value {
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn packs_are_built_dependencies_first_with_the_aggregate() {
    let dir = tempfile::tempdir().unwrap();
    packs(dir.path());
    // Found in folder order `core`, `extra`; given in the other order, the build still puts
    // the dependency first.
    let paths = [dir.path().join("demo/extra"), dir.path().join("demo/core")];
    let options = BuildOptions {
        out: Some(dir.path().join("out")),
        ..BuildOptions::default()
    };
    let build = build_paths(&paths, &[], &options).unwrap();
    assert_eq!(codes(&build), Vec::<&str>::new());
    let ids: Vec<String> = build
        .built
        .iter()
        .map(|b| build.validation.reading.packs[b.index].folder.clone())
        .collect();
    assert_eq!(ids, ["core", "extra"]);

    let release = json(dir.path().join("demo/core/dist/release.json"));
    assert!(release.get("$schema").is_none());
    assert!(release["manifest"].get("$schema").is_none());
    assert!(release["rules"].get("$schema").is_none());
    assert_eq!(release["formulas"]["1 + 2"]["text"], "1 + 2");
    assert_eq!(release["i18n"]["pack.name"], "Demo");

    let package = json(dir.path().join("demo/extra/dist/package.json"));
    assert_eq!(package["name"], "@opencharacter/demo-extra");
    assert_eq!(package["version"], "1.0.0");
    assert_eq!(
        package["dependencies"]["@opencharacter/demo-core"],
        "^0.2.0"
    );
    let entry = &package["exports"]["./i18n/en"];
    assert_eq!(entry["import"]["default"], "./i18n/en.js");
    assert_eq!(entry["require"]["default"], "./i18n/en.cjs");
    assert_eq!(entry["require"]["types"], "./i18n/en.d.cts");
    // No SPDX identifier for the pack's license: npm reads the file that holds its notices.
    assert_eq!(package["license"], "SEE LICENSE IN LICENSE.md");
    assert_eq!(package["publishConfig"]["access"], "public");
    let license = std::fs::read_to_string(dir.path().join("demo/extra/dist/LICENSE.md")).unwrap();
    // The credit, then the notice, verbatim.
    let credit = license.find("\n\nDemo credit\n").unwrap();
    let notice = license
        .find("## Notice `data`\n\nNumbers from Demo.\n")
        .unwrap();
    assert!(credit < notice, "{license}");

    // The aggregate re-exports each pack's package, in load order, and depends on it.
    let index = std::fs::read_to_string(dir.path().join("out/packs/index.js")).unwrap();
    let core = index
        .find("import p0 from \"@opencharacter/demo-core\";")
        .unwrap();
    let extra = index
        .find("import p1 from \"@opencharacter/demo-extra\";")
        .unwrap();
    assert!(core < extra, "{index}");
    assert!(index.contains("  \"demo-extra\": p1,\n"), "{index}");
    let text = std::fs::read_to_string(dir.path().join("out/packs/i18n/en.js")).unwrap();
    assert!(text.contains("import p1 from \"@opencharacter/demo-extra/i18n/en\";"));
    let types = std::fs::read_to_string(dir.path().join("out/packs/index.d.ts")).unwrap();
    assert!(
        types.contains("  readonly \"demo-core\": typeof p0;"),
        "{types}"
    );
    let package = json(dir.path().join("out/packs/package.json"));
    // `mechanics-only` has no SPDX identifier, so the joint license is in the file.
    assert_eq!(package["license"], "SEE LICENSE IN LICENSE.md");
    assert_eq!(package["dependencies"]["@opencharacter/demo-core"], "0.2.0");
    assert_eq!(
        package["exports"]["./i18n/en"]["import"]["types"],
        "./i18n/en.d.ts"
    );
    assert!(dir.path().join("out/spec/i18n/es.d.ts").is_file());
}

#[test]
fn a_pack_with_errors_writes_nothing_and_keeps_its_last_build() {
    let dir = tempfile::tempdir().unwrap();
    packs(dir.path());
    let first = build(dir.path());
    assert!(!first.has_errors());
    let release = dir.path().join("demo/core/dist/release.json");
    let good = std::fs::read(&release).unwrap();
    let aggregate = std::fs::read(dir.path().join("dist/packs/package.json")).unwrap();

    write(
        dir.path(),
        "demo/core/rules/core.yaml",
        "fields:\n  level: { type: number, formula: \"1 +\" }\n",
    );
    let second = build(dir.path());
    assert!(second.has_errors());
    assert!(codes(&second).contains(&"formula-invalid"));
    assert_eq!(std::fs::read(&release).unwrap(), good);
    // The other pack is valid and built; the aggregate waits for a build without errors.
    assert_eq!(second.built.len(), 1);
    assert_eq!(
        std::fs::read(dir.path().join("dist/packs/package.json")).unwrap(),
        aggregate
    );
}

#[test]
fn other_languages_need_the_i18n_package() {
    let dir = tempfile::tempdir().unwrap();
    packs(dir.path());
    write(
        dir.path(),
        "demo/core/i18n/es.yaml",
        "_meta: { language: es, direction: ltr }\npack:\n  name: Demostración\n",
    );
    let refused = build(dir.path());
    let missing: Vec<_> = refused
        .validation
        .reading
        .all_diagnostics()
        .filter(|d| d.code.name == "i18n-package-missing")
        .collect();
    assert_eq!(missing.len(), 1);
    assert_eq!(missing[0].location.file.as_deref(), Some("i18n/es.yaml"));
    assert!(!dir.path().join("demo/core/dist").exists());

    write(
        dir.path(),
        "demo/core/i18n-package/package.json",
        "{\"name\": 3}",
    );
    let invalid = build(dir.path());
    let found: Vec<_> = codes(&invalid)
        .into_iter()
        .filter(|c| c.starts_with("i18n-package"))
        .collect();
    // No version, and a name that is not the pack's `-i18n` package.
    assert_eq!(found, ["i18n-package-invalid", "i18n-package-invalid"]);

    // A license npm refuses for a new package (`mechanics-only` is this format's, not SPDX's).
    write(
        dir.path(),
        "demo/core/i18n-package/package.json",
        "{\"version\": \"0.1.3\", \"license\": \"mechanics-only\"}",
    );
    let refused = build(dir.path());
    let messages: Vec<String> = refused
        .validation
        .reading
        .all_diagnostics()
        .filter(|d| d.code.name == "i18n-package-invalid")
        .map(|d| d.message())
        .collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].contains("SEE LICENSE IN LICENSE.md"),
        "{messages:?}"
    );

    write(
        dir.path(),
        "demo/core/i18n-package/package.json",
        "{\"version\": \"0.1.3\", \"description\": \"Demo in other languages\"}",
    );
    let built = build(dir.path());
    assert_eq!(codes(&built), Vec::<&str>::new());
    let folder = dir.path().join("demo/core/i18n-package/dist");
    let spanish = json(folder.join("es.json"));
    assert_eq!(spanish["_meta"]["language"], "es");
    assert_eq!(spanish["pack.name"], "Demostración");
    let package = json(folder.join("package.json"));
    assert_eq!(package["name"], "@opencharacter/demo-core-i18n");
    assert_eq!(package["version"], "0.1.3");
    assert_eq!(package["description"], "Demo in other languages");
    assert_eq!(
        package["peerDependencies"]["@opencharacter/demo-core"],
        "0.2.0"
    );
    assert_eq!(package["exports"]["./es"]["import"]["types"], "./es.d.ts");
    assert_eq!(package["exports"]["./es"]["require"]["default"], "./es.cjs");
    assert_eq!(package["license"], "CC0-1.0");
    assert!(folder.join("README.md").is_file() && folder.join("LICENSE.md").is_file());
    // The release carries its default language only.
    let release = json(dir.path().join("demo/core/dist/release.json"));
    assert_eq!(release["i18n"]["pack.name"], "Demo");
    assert!(!dir.path().join("demo/core/dist/i18n/es.json").exists());

    // The build's own output is not read back as part of the pack.
    let again = build(dir.path());
    assert_eq!(codes(&again), Vec::<&str>::new());
}

#[test]
fn building_twice_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    packs(dir.path());
    let read_all = |root: &Path| {
        let mut files = Vec::new();
        let mut stack = vec![root.to_owned()];
        while let Some(folder) = stack.pop() {
            for entry in std::fs::read_dir(folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.components().any(|c| c.as_os_str() == "dist") {
                    files.push((path.clone(), std::fs::read(&path).unwrap()));
                }
            }
        }
        files.sort();
        files
    };
    build(dir.path());
    let first = read_all(dir.path());
    // Written afresh (a folder already holding the same bytes would be left alone).
    for folder in ["demo/core/dist", "demo/extra/dist", "dist"] {
        std::fs::remove_dir_all(dir.path().join(folder)).unwrap();
    }
    build(dir.path());
    assert_eq!(read_all(dir.path()), first);
    assert!(first.len() > 10, "{}", first.len());
}
