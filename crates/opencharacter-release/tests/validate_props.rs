//! Property test of the validator: packs put together from model-shaped pieces (so the checks
//! past parsing run: merging, references, properties, formulas, text) validate without a panic,
//! and every diagnostic is located within the pack's files.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use opencharacter_release::source::read_path;
use opencharacter_release::validate::{ValidateOptions, validate_reading};
use proptest::prelude::*;

const NAMES: [&str; 3] = ["grit", "luck", "kit"];

fn name() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&NAMES[..])
}

/// One rules file: a section with one item naming others.
fn rules_piece() -> impl Strategy<Value = String> {
    let formula = prop::sample::select(vec![
        "1 + {b}",
        "floor({b} / 2",
        "settings.{b}",
        "{b} * 2 >= 3",
        "@demo-base:{b} + 1",
        "2d6 + {b}",
        "count(\"{b}\")",
    ]);
    (0..8u8, name(), name(), formula).prop_map(|(kind, a, b, formula)| {
        let formula = formula.replace("{b}", b);
        match kind {
            0 => format!("fields:\n  {a}: {{ type: number, formula: \"{formula}\" }}\n"),
            1 => format!("fields:\n  {a}: {{ type: enum, values: [x, y], default: {b} }}\n"),
            2 => format!("effects:\n  {a}: {{ target: {b}, op: add, value: \"{formula}\" }}\n"),
            3 => format!("contentTypes:\n  {a}:\n    properties:\n      {b}: {{ type: number, required: true }}\n"),
            4 => format!("choices:\n  {a}: {{ items: [{b}.one], query: {{ type: {b} }} }}\n"),
            5 => format!("live:\n  pools:\n    {a}: {{ max: \"{formula}\" }}\n"),
            6 => format!("settings:\n  {a}: {{ type: boolean, default: {b} }}\n"),
            _ => format!("displayHints:\n  {a}: {{ fields: [{b}], groups: [{b}] }}\n"),
        }
    })
}

/// One content file: its path and text.
fn content_piece() -> impl Strategy<Value = (String, String)> {
    (0..4u8, name(), name(), any::<bool>()).prop_map(|(kind, a, b, same)| {
        let id = if same { format!("{a}.one") } else { format!("{b}.two") };
        let path = format!("content/{a}/one.yaml");
        let text = match kind {
            0 => format!("id: {id}\ntype: {a}\nproperties: {{ {b}: {b} }}\n"),
            1 => format!("id: {id}\nextends: {b}.one\n"),
            2 => format!("override: demo-base:{b}.one\nproperties: {{ {b}: null }}\n"),
            _ => format!("id: {id}\ntype: {b}\ngrants: [{{ item: {a}.one }}]\nprice: {{ amount: 1, unit: {b} }}\n"),
        };
        (path, text)
    })
}

fn i18n_piece() -> impl Strategy<Value = String> {
    (name(), name()).prop_map(|(a, b)| {
        format!("field.{a}.label: A\n{b}: {{ {a}: {{ label: B }} }}\ncontent.{a}.one.name: C\n")
    })
}

fn write(root: &std::path::Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn any_pack_of_model_pieces_validates_without_panicking(
        rules in prop::collection::vec(rules_piece(), 0..6),
        content in prop::collection::vec(content_piece(), 0..4),
        text in prop::collection::vec(i18n_piece(), 0..2),
        depends in any::<bool>(),
        spec in prop::sample::select(vec!["1.0.0", "1.6.0", "2.0.0"]),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let manifest = |id: &str, extra: &str| format!(
            "id: {id}\nversion: 0.1.0\nspecVersion: {spec}\nlicense: CC0-1.0\ndefaultLanguage: en\n{extra}"
        );
        write(root, "demo/base/pack.yaml", &manifest("demo-base", ""));
        write(root, "demo/base/rules/core.yaml", "fields:\n  grit: { type: number }\ncontentTypes:\n  kit: {}\n");
        write(root, "demo/base/content/kit/one.yaml", "id: kit.one\ntype: kit\n");
        let extra = if depends { "dependencies:\n  demo-base: ^0.1.0\n" } else { "" };
        write(root, "demo/core/pack.yaml", &manifest("demo-core", extra));
        for (index, piece) in rules.iter().enumerate() {
            write(root, &format!("demo/core/rules/r{index}.yaml"), piece);
        }
        for (path, piece) in &content {
            write(root, &format!("demo/core/{path}"), piece);
        }
        for (index, piece) in text.iter().enumerate() {
            let path = if index == 0 { "demo/core/i18n/en.yaml".to_owned() } else { format!("demo/core/i18n/en/part{index}.yaml") };
            write(root, &path, &format!("_meta: {{ language: en, direction: ltr }}\npack.name: Demo\n{piece}"));
        }
        let reading = read_path(root, &Default::default()).unwrap();
        let validation = validate_reading(reading, &[], &ValidateOptions::default());
        for pack in &validation.reading.packs {
            for diagnostic in &pack.diagnostics {
                prop_assert!(diagnostic.pack.is_some(), "{diagnostic:?}");
                prop_assert_eq!(diagnostic.location.line.is_some(), diagnostic.location.column.is_some());
                if let Some(line) = diagnostic.location.line {
                    let file = diagnostic.location.file.as_deref();
                    let source = file.and_then(|f| pack.file(f));
                    prop_assert!(source.is_some(), "{diagnostic:?}");
                    prop_assert!(source.unwrap().line(line).is_some(), "{diagnostic:?}");
                }
            }
        }
    }
}
