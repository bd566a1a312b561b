//! Unit tests of assembling: release pointers back to files, duplicates, nested language keys
//! and reserved IDs; in their own file to keep the module short.

use super::origins::rules_item_prefix;
use super::*;
use crate::source::{ReadLimits, read_pack};

fn pack(files: &[(&str, &str)]) -> (tempfile::TempDir, PackSource) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("demo").join("core");
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let source = read_pack(&root, &ReadLimits::default());
    (dir, source)
}

const MANIFEST: &str =
    "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n";
const TEXT: &str = "_meta: { language: en, direction: ltr }\npack.name: Demo\n";

#[test]
fn rules_item_prefixes() {
    assert_eq!(rules_item_prefix("/fields/level/min"), "/fields/level");
    assert_eq!(rules_item_prefix("/live/pools/hp/max"), "/live/pools/hp");
    assert_eq!(
        rules_item_prefix("/resolution/difficultyLadder/0"),
        "/resolution"
    );
    assert_eq!(rules_item_prefix("/gm/checkGuidance"), "/gm/checkGuidance");
    assert_eq!(
        describe_item("/live/pools/hp"),
        ("live.pools".into(), "hp".into())
    );
    assert_eq!(describe_item("/market"), ("market".into(), "market".into()));
}

#[test]
fn release_pointers_map_to_the_file_that_wrote_them() {
    let (_dir, source) = pack(&[
        ("pack.yaml", MANIFEST),
        ("rules/a.yaml", "fields:\n  level: { type: number }\n"),
        (
            "rules/b.yaml",
            "live:\n  pools:\n    hp: { max: level }\nresolution: { kind: dice-sum, dice: 2d6 }\n",
        ),
        ("content/gear/rope.yaml", "id: gear.rope\ntype: gear\n"),
        ("i18n/en.yaml", TEXT),
    ]);
    let (assembled, _) = assemble(&source);
    let origins = assembled.unwrap().origins;
    let at = |pointer: &str| origins.file_pointer(pointer);
    assert_eq!(
        at("/rules/fields/level/type"),
        Some(("rules/a.yaml".into(), "/fields/level/type".into()))
    );
    assert_eq!(
        at("/rules/live/pools/hp/max"),
        Some(("rules/b.yaml".into(), "/live/pools/hp/max".into()))
    );
    assert_eq!(
        at("/rules/resolution/dice"),
        Some(("rules/b.yaml".into(), "/resolution/dice".into()))
    );
    assert_eq!(
        at("/content/gear.rope/type"),
        Some(("content/gear/rope.yaml".into(), "/type".into()))
    );
    assert_eq!(at("/manifest/id"), Some(("pack.yaml".into(), "/id".into())));
    assert_eq!(at("/i18n/en"), Some(("i18n/en.yaml".into(), String::new())));
    assert_eq!(at("/formulas/level"), None);
    assert_eq!(at("/content/gear.none/type"), None);
}

#[test]
fn a_duplicate_names_both_places_and_the_first_stands() {
    let (_dir, source) = pack(&[
        ("pack.yaml", MANIFEST),
        ("rules/a.yaml", "fields:\n  level: { type: number }\n"),
        ("rules/b.yaml", "fields:\n  level: { type: text }\n"),
        (
            "i18n/en.yaml",
            "_meta: { language: en, direction: ltr }\npack.name: Demo\nfield.level.label: Level\n",
        ),
    ]);
    let (assembled, diagnostics) = assemble(&source);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(
        diagnostics[0].message(),
        "`level` in `fields` is already defined at rules/a.yaml:2:3"
    );
    assert_eq!(
        diagnostics[0].location.file.as_deref(),
        Some("rules/b.yaml")
    );
    let rules = assembled.unwrap().release.rules;
    assert_eq!(
        rules.fields["level"].value_type,
        opencharacter_spec::model::rules::ValueType::Number
    );
}

#[test]
fn languages_read_nested_keys_over_several_files() {
    let (_dir, source) = pack(&[
        ("pack.yaml", MANIFEST),
        ("i18n/en.yaml", TEXT),
        (
            "i18n/en/more.yaml",
            "_meta: { language: en, direction: ltr }\nfield:\n  level: { label: Level }\npack.name: Again\n",
        ),
    ]);
    let (assembled, diagnostics) = assemble(&source);
    let assembled = assembled.unwrap();
    assert_eq!(assembled.languages["en"]["field.level.label"], "Level");
    // `pack.name` written in two files of one language: the first stands.
    assert_eq!(assembled.languages["en"]["pack.name"], "Demo");
    let found: Vec<_> = diagnostics
        .iter()
        .map(|d| (d.code.name, d.location.file.clone(), d.location.line))
        .collect();
    assert!(
        found.contains(&(
            "i18n-key-invalid",
            Some("i18n/en/more.yaml".into()),
            Some(4)
        )),
        "{found:?}"
    );
    assert_eq!(
        assembled.release.i18n.text["field.level.label"],
        I18nValue::Text("Level".into())
    );
}

#[test]
fn the_reserved_homebrew_id_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("home").join("brew");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(
        root.join("pack.yaml"),
        "id: homebrew\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    )
    .unwrap();
    let source = read_pack(&root, &ReadLimits::default());
    let messages: Vec<String> = source.diagnostics.iter().map(Diagnostic::message).collect();
    assert!(
        messages.iter().any(|m| m.contains("reserved")),
        "{messages:?}"
    );
    assert!(source.manifest.is_none());
    assert_eq!(assemble(&source).0, None);
}
