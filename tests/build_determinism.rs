#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! `opencharacter build`'s promise: the same packs give the same bytes on every run and in
//! every folder (no time, no absolute path in any built file), and a pack with errors writes
//! nothing, leaving its last good build in place.

use crate::build_support::{build, built_files, copy_tree, demo_pack, problems, root, write};

#[test]
fn the_repository_packs_build_to_the_same_bytes_twice_and_anywhere() {
    let first = tempfile::tempdir().unwrap();
    let second = tempfile::tempdir().unwrap();
    // Two different absolute paths: nothing built may depend on where the packs are.
    let here = first.path().join("packs");
    let there = second.path().join("elsewhere").join("packs");
    copy_tree(&root().join("packs"), &here);
    copy_tree(&root().join("packs"), &there);

    let once = build(&here);
    assert_eq!(problems(&once), Vec::<String>::new());
    let files = built_files(&here);
    build(&here);
    assert_eq!(built_files(&here), files, "a second build changed a file");
    build(&there);
    assert_eq!(
        built_files(&there),
        files,
        "a build elsewhere wrote other bytes"
    );

    // Every pack, the aggregate and the spec's text are there.
    let names: Vec<&str> = files.iter().map(|(path, _)| path.as_str()).collect();
    for pack in ["5e/srd-5.1", "lanternfall/core", "lanternfall/river-trade"] {
        for file in [
            "package.json",
            "README.md",
            "LICENSE.md",
            "release.json",
            "index.js",
            "index.cjs",
            "index.d.ts",
            "index.d.cts",
            "types.d.cts",
            "model.d.cts",
            "i18n/en.json",
            "i18n/en.cjs",
        ] {
            let path = format!("{pack}/dist/{file}");
            assert!(names.contains(&path.as_str()), "{path} missing: {names:?}");
        }
    }
    for file in [
        "5e/srd-5.1/i18n-package/dist/es.json",
        "5e/srd-5.1/i18n-package/dist/package.json",
        "lanternfall/core/i18n-package/dist/fr.js",
        "dist/packs/index.js",
        "dist/packs/index.cjs",
        "dist/packs/LICENSE.md",
        "dist/packs/i18n/en.js",
        "dist/spec/i18n/es.js",
    ] {
        assert!(names.contains(&file), "{file} missing");
    }
    let absolute = here.to_string_lossy().into_owned();
    for (path, bytes) in &files {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains(&absolute), "{path} holds an absolute path");
        // The types may name the optional property; the data never holds one.
        if !path.ends_with(".d.ts") {
            assert!(!text.contains("\"$schema\""), "{path} keeps a $schema");
        }
    }
}

#[test]
fn the_formula_table_maps_source_text_to_canonical_text_and_tree() {
    let dir = tempfile::tempdir().unwrap();
    demo_pack(dir.path());
    let built = build(dir.path());
    assert_eq!(problems(&built), Vec::<String>::new());
    let text = std::fs::read_to_string(dir.path().join("demo/core/dist/release.json")).unwrap();
    let release: serde_json::Value = serde_json::from_str(&text).unwrap();
    let entry = &release["formulas"]["1+2 * 3"];
    assert_eq!(entry["text"], "1 + 2 * 3");
    assert!(entry["tree"].is_object(), "{entry}");
    // The field keeps its formula as written.
    assert_eq!(release["rules"]["fields"]["level"]["formula"], "1+2 * 3");
    assert_eq!(release["i18n"]["_meta"]["language"], "en");
    assert!(release["i18n"].get("pack.name").is_some());
}

#[test]
fn a_pack_with_errors_writes_nothing_and_its_last_build_stays() {
    let dir = tempfile::tempdir().unwrap();
    demo_pack(dir.path());
    let first = build(dir.path());
    assert_eq!(problems(&first), Vec::<String>::new());
    let before = built_files(dir.path());
    assert!(!before.is_empty());

    // A formula that does not parse, and a second pack that never built before.
    write(
        dir.path(),
        "demo/core/rules/core.yaml",
        "fields:\n  level: { type: number, formula: \"1 +\" }\n",
    );
    write(
        dir.path(),
        "demo/broken/pack.yaml",
        "id: demo-broken\nversion: 1.0.0\nspecVersion: 1.0.0\nlicense: nope nope\ndefaultLanguage: en\n",
    );
    let second = build(dir.path());
    assert!(second.has_errors());
    assert!(second.built.is_empty(), "{:?}", second.built);
    let codes: Vec<String> = problems(&second);
    assert!(
        codes.iter().any(|c| c.starts_with("formula-invalid")),
        "{codes:?}"
    );
    assert_eq!(
        built_files(dir.path()),
        before,
        "a refused build changed a file"
    );
    assert!(!dir.path().join("demo/broken/dist").exists());
}
