//! A formula in a pack is quoted in its diagnostic, but never whole when it is long (issue 22;
//! docs/spec/limits.md, "Formulas in messages"): a formula over the 10,000-byte limit was echoed
//! whole, twelve thousand characters in one message.

use opencharacter_release::source::{ReadLimits, read_path};
use opencharacter_release::validate::{ValidateOptions, validate_reading};

#[test]
fn a_too_long_formula_is_quoted_as_an_excerpt_around_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("demo/core");
    std::fs::create_dir_all(pack.join("rules")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    )
    .unwrap();
    // `1+` 6,000 times then `1`: 12,001 bytes, over the 10,000-byte limit (formulas.md, Limits).
    let formula = format!("{}1", "1+".repeat(6000));
    std::fs::write(
        pack.join("rules/core.yaml"),
        format!("fields:\n  level: {{ type: number, formula: \"{formula}\" }}\n"),
    )
    .unwrap();
    let reading = read_path(dir.path(), &ReadLimits::default()).unwrap();
    let validation = validate_reading(reading, &[], &ValidateOptions::default());
    let invalid: Vec<_> = validation
        .reading
        .all_diagnostics()
        .filter(|d| d.code.name == "formula-invalid")
        .collect();
    assert_eq!(invalid.len(), 1, "{invalid:#?}");
    let diagnostic = invalid[0];
    assert_eq!(diagnostic.args["error"], "formula-too-long");
    // The fault is at the limit, byte 10,000 (character 10,000: all ASCII). 120 characters
    // around it (limits.md): from character 9,940 (60 before) to 10,060, both inside the text,
    // so cut on both sides. Character 9,940 is even, a `1` (the text alternates `1`, `+` from 0):
    // `1+` 60 times.
    let expected = format!("…{}…", "1+".repeat(60));
    assert_eq!(diagnostic.args["formula"], expected);
    assert_eq!(
        diagnostic.message(),
        format!(
            "the formula `{expected}` does not parse (formula-too-long): the formula is 12001 \
             bytes long; the limit is 10000"
        )
    );
}
