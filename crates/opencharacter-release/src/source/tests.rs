//! Unit tests of reading a pack folder: what is read, what is refused, and where each problem
//! is located.

use std::path::Path;

use proptest::prelude::*;

use super::*;

const MANIFEST: &str =
    "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n";

fn write(root: &Path, path: &str, bytes: &[u8]) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn pack_dir() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap().join("demo/core");
    std::fs::create_dir_all(&root).unwrap();
    (dir, root)
}

#[test]
fn files_are_grouped_by_kind_with_text_value_and_spans() {
    let (_dir, root) = pack_dir();
    write(&root, "pack.yaml", MANIFEST.as_bytes());
    write(&root, "rules/b.yaml", b"fields: {}\n");
    write(&root, "rules/a.yaml", b"settings: {}\n");
    write(
        &root,
        "content/gear/packs/explorer.yaml",
        b"id: gear.packs.explorer\ntype: gear\n",
    );
    write(&root, "templates/blessed.yaml", b"id: blessed\n");
    write(
        &root,
        "i18n/en.yaml",
        b"_meta: {language: en, direction: ltr}\n",
    );
    write(
        &root,
        "i18n/es/content.yaml",
        b"_meta: {language: es, direction: ltr}\n",
    );
    write(&root, "upgrades/0.1.0-to-0.2.0.yaml", b"steps: []\n");
    write(&root, "i18n-package/package.json", b"{}");
    write(
        &root,
        "i18n-package/i18n/fr.yaml",
        b"_meta: {language: fr, direction: ltr}\n",
    );
    let source = read_pack(&root, &ReadLimits::default());
    assert!(source.diagnostics.is_empty(), "{:?}", source.diagnostics);
    assert_eq!(
        (source.game.as_str(), source.folder.as_str()),
        ("demo", "core")
    );
    assert_eq!(source.manifest.as_ref().unwrap().id.as_str(), "demo-core");
    let paths = |files: &[SourceFile]| files.iter().map(|f| f.path.clone()).collect::<Vec<_>>();
    assert_eq!(paths(&source.rules), ["rules/a.yaml", "rules/b.yaml"]);
    assert_eq!(
        source.content[0].kind,
        FileKind::Content {
            expected_id: "gear.packs.explorer".parse().unwrap()
        }
    );
    assert_eq!(
        source
            .i18n
            .iter()
            .map(|f| f.kind.clone())
            .collect::<Vec<_>>(),
        [
            FileKind::I18n {
                language: "en".into()
            },
            FileKind::I18n {
                language: "es".into()
            }
        ]
    );
    assert!(matches!(
        &source.upgrades[0].kind,
        FileKind::Upgrade { from, to } if from.to_string() == "0.1.0" && to.to_string() == "0.2.0"
    ));
    assert_eq!(
        paths(&source.i18n_package),
        ["i18n-package/i18n/fr.yaml", "i18n-package/package.json"]
    );
    // `package.json` is kept as text; the YAML beside it is parsed.
    assert!(source.i18n_package[1].document.is_none());
    assert_eq!(
        source.i18n_package[0].value().unwrap()["_meta"]["language"],
        "fr"
    );
    let content = &source.content[0];
    assert_eq!(content.value().unwrap()["type"], "gear");
    assert_eq!(content.locate("/type"), Some(yaml::Position::new(2, 1)));
    assert_eq!(content.line(2), Some("type: gear"));
    assert_eq!(
        source.templates[0].kind,
        FileKind::Template {
            expected_id: "blessed".parse().unwrap()
        }
    );
    assert_eq!(source.files().count(), 10);
    assert_eq!(
        source.display_path("rules/a.yaml"),
        root.join("rules").join("a.yaml")
    );
}

#[test]
fn a_check_locates_its_finding_through_the_span_table() {
    let (_dir, root) = pack_dir();
    write(&root, "pack.yaml", MANIFEST.as_bytes());
    write(
        &root,
        "content/spells/fireball.yaml",
        b"id: spells.fireball\ntype: spells\nlevel: 3\n",
    );
    let source = read_pack(&root, &ReadLimits::default());
    let file = &source.content[0];
    // What a check does: deserialize, find a problem at a pointer, locate it.
    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[expect(dead_code, reason = "only deserialized, to see what fails")]
    struct Item {
        id: String,
        #[serde(rename = "type")]
        kind: String,
    }
    let error = source.deserialize::<Item>(file).unwrap().unwrap_err();
    assert_eq!(error.code.name, "yaml-invalid");
    assert_eq!(error.pack.as_ref().unwrap().as_str(), "demo-core");
    assert_eq!(
        error.location.file.as_deref(),
        Some("content/spells/fireball.yaml")
    );
    assert_eq!(
        (error.location.line, error.location.column),
        (Some(3), Some(1))
    );
    let found = Diagnostic::new(&opencharacter_spec::diagnostic::codes::INVALID_ID)
        .with_arg("id", "spells.fireball")
        .with_arg("reason", "an example");
    let located = source.locate(&file.path, "/type", found);
    // `type: spells`: the value starts at line 2, column 7, and ends just past `spells`, at 13.
    assert_eq!(
        (located.location.line, located.location.column),
        (Some(2), Some(7))
    );
    assert_eq!(
        (located.location.end_line, located.location.end_column),
        (Some(2), Some(13))
    );
    assert_eq!(located.location.pointer.as_deref(), Some("/type"));
}

#[test]
fn a_broken_manifest_still_names_the_pack() {
    let (_dir, root) = pack_dir();
    write(&root, "pack.yaml", b"id: demo-core\nversion: one\n");
    write(&root, "notes.txt", b"");
    let source = read_pack(&root, &ReadLimits::default());
    assert!(source.manifest.is_none());
    assert_eq!(source.id.as_ref().unwrap().as_str(), "demo-core");
    let codes: Vec<_> = source.diagnostics.iter().map(|d| d.code.name).collect();
    assert_eq!(codes, ["unknown-file", "yaml-invalid"]);
    assert!(source.diagnostics.iter().all(|d| d.pack.is_some()));

    // Unparseable: the ID comes from the folders.
    write(&root, "pack.yaml", b"id: [\n");
    let source = read_pack(&root, &ReadLimits::default());
    assert_eq!(source.id.as_ref().unwrap().as_str(), "demo-core");
}

#[test]
fn folder_depth_is_bounded() {
    let (_dir, root) = pack_dir();
    write(&root, "pack.yaml", MANIFEST.as_bytes());
    // With a limit of 3, `content/a/b/` (3 folders deep) is read and `content/a/b/c/` (4) is
    // not: the limit is the deepest nesting allowed (issue 22: a folder at exactly the limit was
    // refused).
    write(&root, "content/a/b/c/d.yaml", b"{}\n");
    write(&root, "content/a/b/e.yaml", b"{}\n");
    let limits = ReadLimits {
        max_folder_depth: 3,
        ..ReadLimits::default()
    };
    let source = read_pack(&root, &limits);
    let found: Vec<_> = source
        .diagnostics
        .iter()
        .map(|d| (d.code.name, d.location.file.as_deref()))
        .filter(|(code, _)| *code == "pack-limit")
        .collect();
    assert_eq!(found, [("pack-limit", Some("content/a/b/c/"))]);
    assert_eq!(source.content.len(), 1);
}

#[test]
fn packs_are_found_below_a_folder_and_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    for pack in ["packs/demo/core", "packs/demo/extra", "packs/other/base"] {
        let id = pack.trim_start_matches("packs/").replace('/', "-");
        write(
            &root.join(pack),
            "pack.yaml",
            MANIFEST.replace("demo-core", &id).as_bytes(),
        );
    }
    // A pack inside a pack is not a pack; a hidden folder is not searched.
    write(
        &root.join("packs/demo/core/sub/p"),
        "pack.yaml",
        MANIFEST.as_bytes(),
    );
    write(
        &root.join("packs/.hidden/p"),
        "pack.yaml",
        MANIFEST.as_bytes(),
    );
    let reading = read_paths(
        &[root.join("packs"), root.join("packs/demo/core")],
        &ReadLimits::default(),
    )
    .unwrap();
    let ids: Vec<_> = reading
        .packs
        .iter()
        .map(|p| p.id.as_ref().unwrap().as_str())
        .collect();
    assert_eq!(ids, ["demo-core", "demo-extra", "other-base"]);
    // The folder holding the nested `pack.yaml` is outside the layout of `demo-core`.
    let codes: Vec<_> = reading.all_diagnostics().map(|d| d.code.name).collect();
    assert_eq!(codes, ["unknown-file"]);
    assert!(matches!(
        read_path(&root.join("missing"), &ReadLimits::default()),
        Err(ReadError::Io { .. })
    ));
    assert!(matches!(
        read_path(
            &root.join("packs/demo/core/pack.yaml"),
            &ReadLimits::default()
        ),
        Err(ReadError::NotAFolder { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever a pack folder holds, reading it gives diagnostics, never a panic, and every
    /// diagnostic with a line has a column and names a file.
    #[test]
    fn any_pack_folder_reads_without_panicking(
        files in proptest::collection::vec(
            (
                "(pack\\.yaml|rules/[a-z.]{1,6}|content/[a-zA-Z._ -]{1,4}/[a-z.]{1,6}|i18n/[a-z]{2}(/[a-z]{1,3})?\\.yaml|upgrades/[0-9.a-z-]{1,14}|i18n-package/[a-z.]{1,5}|[a-zA-Z.]{1,5})",
                proptest::collection::vec(any::<u8>(), 0..48),
            ),
            0..12,
        )
    ) {
        let (_dir, root) = pack_dir();
        for (path, bytes) in &files {
            // A path may clash with a folder made by another; such a write just fails.
            let target = root.join(path);
            if let Some(parent) = target.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            let _ = std::fs::write(target, bytes);
        }
        let source = read_pack(&root, &ReadLimits::default());
        for diagnostic in &source.diagnostics {
            prop_assert_eq!(diagnostic.location.line.is_some(), diagnostic.location.column.is_some());
            if diagnostic.location.line.is_some() {
                prop_assert!(diagnostic.location.file.is_some());
            }
            prop_assert!(diagnostic.pack.is_some());
        }
        let paths: Vec<&str> = source.files().map(|f| f.path.as_str()).collect();
        let mut unique = paths.clone();
        unique.dedup();
        prop_assert_eq!(paths.len(), unique.len());
    }
}

#[test]
fn shown_paths_use_slashes_and_keep_the_root() {
    assert_eq!(slash_path(Path::new("/tmp/x/y")), "/tmp/x/y");
    assert_eq!(slash_path(Path::new("packs/demo")), "packs/demo");
}

#[test]
fn positions_inside_strings() {
    let text = "a: floor(x / 2)\nb: 'it''s x'\nc: |\n  block x\nd: \"\\tx\"\ne: [x + 1]\n";
    let file = SourceFile {
        path: "rules/core.yaml".into(),
        kind: FileKind::Rules,
        text: text.into(),
        document: Some(yaml::Document::parse(text).unwrap()),
    };
    let at = |pointer: &str, offset: usize| file.locate_in_string(pointer, offset).unwrap();
    assert_eq!(at("/a", 6), yaml::Position::new(1, 10));
    assert_eq!(at("/a", 0), yaml::Position::new(1, 4));
    // An escape (`''`) before the offset: the value's start is the best that is certain.
    assert_eq!(at("/b", 5), yaml::Position::new(2, 4));
    assert_eq!(at("/b", 1), yaml::Position::new(2, 6));
    // A block scalar's value starts at its text, so its first line is exact too.
    assert_eq!(at("/c", 6), yaml::Position::new(4, 9));
    // Escapes fall back to the value's start.
    assert_eq!(at("/d", 1), yaml::Position::new(5, 4));
    assert_eq!(at("/e/0", 4), yaml::Position::new(6, 9));
    // A pointer with no span of its own falls back like `locate`.
    assert_eq!(at("/e/0/x", 0), yaml::Position::new(6, 5));
}
