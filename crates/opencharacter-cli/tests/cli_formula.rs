//! `opencharacter formula`, run as the built binary: the dice a formula gives for the values
//! given (a negative bonus subtracted, a lookup's chosen dice), the kinds of value it can give,
//! and `total`/`tagged` over items given on the command line.

use std::process::Command;

use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("formula")
        .args(args)
        .args(["--seed", "1", "--format", "json"])
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn a_negative_bonus_folds_to_subtraction() {
    // A STR 8 creature's 1d6 weapon: the modifier is -1, so 1d6 - 1 (0–5, mean 5/2).
    let out = json(&["1d6 + abilities.str.mod", "--set", "abilities.str.mod=-1"]);
    assert_eq!(out["canonical"], "d6 + abilities.str.mod");
    assert_eq!(out["folded"], "d6 - 1");
    assert_eq!(out["kinds"], serde_json::json!(["dice"]));
    assert_eq!(
        (&out["min"], &out["max"], &out["mean"]),
        (&"0".into(), &"5".into(), &"5/2".into())
    );
    // Written with `+ -`, the tree keeps its own canonical text; its dice still subtract.
    let out = json(&["1d6 + -1"]);
    assert_eq!(out["canonical"], "d6 + -1");
    assert_eq!(out["folded"], "d6 - 1");
}

#[test]
fn a_lookup_folds_to_the_chosen_dice() {
    // Fire Bolt at character level 11: 3d10.
    let out = json(&[
        "lookup(level, 1, 1d10, 5, 2d10, 11, 3d10, 17, 4d10)",
        "--set",
        "level=11",
    ]);
    assert_eq!(out["folded"], "3d10");
    assert_eq!(out["mean"], "33/2");
    // Below the first threshold, folding fails as evaluation does.
    let out = json(&["lookup(level, 5, 2d10)", "--set", "level=1"]);
    assert_eq!(out["foldError"]["code"], "formula-out-of-range");
}

#[test]
fn aggregates_read_items_given_on_the_command_line() {
    // Three torches of 1 lb tagged gear, and a 10 lb rope: 13 lb of gear, 3 torches of light.
    let items = [
        "--own",
        "items.torch=3",
        "--tag",
        "items.torch=gear",
        "--tag",
        "items.torch=light",
        "--property",
        "items.torch:weight=1",
        "--own",
        "items.rope",
        "--tag",
        "items.rope=gear",
        "--property",
        "items.rope:weight=10",
    ];
    let mut args = vec!["total(\"weight\", \"gear\") * 100 + tagged(\"light\")"];
    args.extend(items);
    assert_eq!(json(&args)["value"], serde_json::json!({"number": "1303"}));
}

/// Issue 22: a formula over the 10,000-byte limit is not echoed whole under its error; the line
/// shows 120 characters around the fault with `…` where it is cut (limits.md, "Formulas in
/// messages"), and the caret stands under the fault in that excerpt.
#[test]
fn a_too_long_formula_is_shown_as_an_excerpt() {
    // `1+` 6,000 times then `1`: 12,001 bytes; the fault is at the limit, column 10,001.
    let formula = format!("{}1", "1+".repeat(6000));
    let output = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .args(["formula", &formula])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    // From character 9,940 (60 before the fault) to 10,060: `1+` 60 times, cut on both sides;
    // the fault is the 61st character of the excerpt, 62nd after the leading `…`.
    let expected = format!(
        "error[formula-too-long]: the formula is 12001 bytes long; the limit is 10000 at column \
         10001\n  …{}…\n  {}^\n",
        "1+".repeat(60),
        " ".repeat(61)
    );
    assert_eq!(stderr, expected);
}
