//! Issue 22: a saved number the number type cannot hold, and a purse total past 2^64 - 1, are
//! `value-too-large` rules issues naming the field and the value, never a silent default.

use super::{codes, id, issue, one, sheet};
use crate::{EvaluateOptions, SheetValue, evaluate};

const RULES: &str = r#"
fields:
  level: { type: number, min: 1, max: 20, default: 1 }
  gear: { type: list, columns: { weight: { type: number, default: 0 } } }
currencies:
  coins:
    units: { cp: { value: 1 }, gp: { value: 100 } }
"#;

#[test]
fn a_number_too_large_for_the_type_is_an_issue_naming_it() {
    let ruleset = one(RULES, &[]);
    // 1e20 is above 2^63 - 1 (about 9.22e18), so no 64-bit numerator holds it.
    let s = sheet(&ruleset, "packs: {g: 1.0.0}\nfields: {'g:level': 1e20}\n");
    let d = issue(&s, "value-too-large");
    assert_eq!(d.args["id"], "g:level");
    // The value is named as a number equal to what was saved (JSON prints it `1e+20`).
    assert_eq!(d.args["value"].parse::<f64>().ok(), Some(1e20));
    assert_eq!(d.location.pointer.as_deref(), Some("/fields/g:level"));
    // The field's default (1) is what the sheet shows, as the issue says.
    assert_eq!(s.integer("g:level"), Some(1));
}

#[test]
fn two_to_the_63_in_a_json_character_is_an_issue() {
    let ruleset = one(RULES, &[]);
    // 9223372036854775808 = 2^63, one past the largest 64-bit signed integer. YAML refuses it when
    // reading (reading.md); JSON reads it as a number, which the sheet cannot hold.
    let character = serde_json::from_str(
        r#"{"packs": {"g": "1.0.0"}, "fields": {"g:level": 9223372036854775808},
            "lists": {"g:gear": [{"weight": 9223372036854775808}]}}"#,
    )
    .unwrap();
    let s = evaluate(&ruleset, &character, &EvaluateOptions::default());
    let found: Vec<(&str, &str, Option<&str>)> = s
        .issues
        .iter()
        .filter(|d| d.code.name == "value-too-large")
        .map(|d| {
            (
                d.args["id"].as_str(),
                d.args["value"].as_str(),
                d.location.pointer.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("g:level", "9223372036854775808", Some("/fields/g:level")),
            (
                "g:gear row 1 column weight",
                "9223372036854775808",
                Some("/lists/g:gear/0/weight")
            ),
        ]
    );
    // The column's default (0) stands in.
    let row = &s.lists[&id("g:gear")][0];
    assert_eq!(
        row.values().next().and_then(SheetValue::as_integer),
        Some(0)
    );
}

#[test]
fn a_purse_total_past_the_largest_number_is_an_issue() {
    let ruleset = one(RULES, &[]);
    // 2 * 10^17 gp at 100 cp each is 2 * 10^19 cp, above 2^64 - 1 (about 1.84 * 10^19).
    let s = sheet(
        &ruleset,
        "packs: {g: 1.0.0}\npurse: {'g:gp': 200000000000000000}\n",
    );
    let d = issue(&s, "value-too-large");
    assert_eq!(d.args["id"], "g:coins");
    assert_eq!(d.location.pointer.as_deref(), Some("/purse"));
    assert_eq!(s.purse[0].total, u64::MAX);
    // 10^16 gp is 10^18 cp, which fits: no issue.
    let s = sheet(
        &ruleset,
        "packs: {g: 1.0.0}\npurse: {'g:gp': 10000000000000000}\n",
    );
    assert_eq!(s.purse[0].total, 1_000_000_000_000_000_000);
    assert!(!codes(&s).contains(&"value-too-large"), "{:#?}", s.issues);
}

/// A `dice-sum` check of `1d20 + value` against DC `dc`.
fn d20_check(value: i64, dc: i64) -> Result<crate::CheckRoll, crate::RollError> {
    let resolution: opencharacter_spec::model::Resolution =
        serde_json::from_value(serde_json::json!({"kind": "dice-sum", "dice": "1d20"})).unwrap();
    let input = crate::CheckInput {
        value: opencharacter_formula::Number::from(value),
        bands: None,
        dice: None,
        advantage: crate::Advantage::None,
        dc: Some(dc),
    };
    crate::analyze_check(&resolution, &input)
}

#[test]
fn a_margin_past_64_bit_integers_is_an_error_never_a_saturated_number() {
    // The margin is roll + value - DC. With value 2^63 - 1 - 5, a roll of 6 or more makes
    // roll + value pass 2^63 - 1: no 64-bit margin holds it, so the check is refused (a
    // saturated margin would have read every such roll as 2^63 - 1 - 10 and counted it).
    let refused = d20_check(i64::MAX - 5, 10);
    assert!(
        matches!(refused, Err(crate::RollError::TooLarge(_))),
        "{refused:?}"
    );
    // A DC of -2^63 with value 0: roll - DC is at least 1 + 2^63, past 2^63 - 1 too.
    let refused = d20_check(0, i64::MIN);
    assert!(
        matches!(refused, Err(crate::RollError::TooLarge(_))),
        "{refused:?}"
    );
    // With value 2^63 - 1 - 20, roll + value is at most 2^63 - 1 (a roll of 20): every
    // margin fits, and against DC 10 each of the 20 rolls has a margin of at least
    // 2^63 - 1 - 20 + 1 - 10 >= 0, so the check succeeds 20 times in 20.
    let check = d20_check(i64::MAX - 20, 10).unwrap();
    assert_eq!(check.odds[0].success.unwrap().to_string(), "1");
}
