//! Parsing, canonical printing and located errors, case by case.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use opencharacter_formula::{Expr, MAX_DEPTH, MAX_LEN, MapEnv, SplitMix64, parse};

/// `source` parses and prints as `canonical`, and the canonical text is a fixed point.
fn canon(source: &str, canonical: &str) {
    let tree = parse(source).unwrap_or_else(|e| panic!("{source}: {e}"));
    assert_eq!(tree.to_string(), canonical, "{source}");
    assert_eq!(parse(canonical).unwrap(), tree, "{canonical}");
}

fn error(source: &str) -> (String, String, usize) {
    let err = parse(source).expect_err(source);
    (err.code().to_owned(), err.to_string(), err.column)
}

#[test]
fn canonical_text() {
    canon("1+2*3", "1 + 2 * 3");
    canon("(1+2)*3", "(1 + 2) * 3");
    canon("1-(2-3)", "1 - (2 - 3)");
    canon("(1-2)-3", "1 - 2 - 3");
    canon("a/(b*c)", "a / (b * c)");
    canon("- - x", "--x");
    canon("-(a*b)", "-(a * b)");
    canon("-a*b", "-a * b");
    canon("not not  x", "not not x");
    canon("not (a or b)", "not (a or b)");
    canon("(not a) == b", "(not a) == b");
    canon("not a == b", "not a == b");
    canon("a and b or c", "a and b or c");
    canon("a and (b or c)", "a and (b or c)");
    canon("(a < b) == true", "(a < b) == true");
    canon(
        "floor( (abilities.str.score-10)/2 )",
        "floor((abilities.str.score - 10) / 2)",
    );
    canon("1d20", "d20");
    canon("(1)d(20)", "d20");
    canon("2d6+abilities.str.mod", "2d6 + abilities.str.mod");
    canon("4d6kh3", "4d6kh3");
    canon("2d20kl1", "2d20kl1");
    canon("3d10s7", "3d10s7");
    canon("(actions.hunt)d6p", "(actions.hunt)d6p");
    canon("(1+1)d(3*2)kh(x)", "(1 + 1)d(3 * 2)kh(x)");
    canon("(1.5)d6", "(1.5)d6");
    canon("d(x)", "d(x)");
    canon("-2d6", "-2d6");
    canon("1.50 + 007", "1.5 + 7");
    canon(
        "if(has(\"feats.alert\"),5,0)",
        "if(has(\"feats.alert\"), 5, 0)",
    );
    canon(
        "@5e-srd-5.1:abilities.str.mod + 1",
        "@5e-srd-5.1:abilities.str.mod + 1",
    );
    canon("\"a \\\"b\\\" \\\\ c\"", "\"a \\\"b\\\" \\\\ c\"");
    canon("max(1,2,3)", "max(1, 2, 3)");
    canon(
        "lookup(level, 1, 2, 5, 3, 9, 4)",
        "lookup(level, 1, 2, 5, 3, 9, 4)",
    );
    canon("under(35, 1)", "under(35, 1)");
    canon("floor", "floor");
    canon("d", "d");
    canon("dex.d_6", "dex.d_6");
    canon("android or notable", "android or notable");
    canon("1\n+\t2", "1 + 2");
}

#[test]
fn dice_terms_and_names_are_told_apart() {
    assert!(matches!(parse("d20").unwrap(), Expr::Dice { .. }));
    assert!(matches!(parse("dex").unwrap(), Expr::Field { .. }));
    assert!(matches!(parse("d").unwrap(), Expr::Field { .. }));
    assert!(matches!(parse("D20").unwrap(), Expr::Field { .. }));
    assert_eq!(error("d20x").0, "formula-syntax");
    assert_eq!(error("abilities.d20").0, "formula-dice-segment");
    assert_eq!(error("abilities.if").0, "formula-reserved-segment");
    assert_eq!(error("a.true").0, "formula-reserved-segment");
}

#[test]
fn located_errors() {
    assert_eq!(
        error("1 + "),
        (
            "formula-syntax".into(),
            "expected an operand after `+` at column 5".into(),
            5
        )
    );
    assert_eq!(error("1 +").2, 4);
    assert_eq!(
        error("(1 + 2").1,
        "expected `)` to close the `(` at column 1, found the end of the formula at column 7"
    );
    assert_eq!(
        error("1 = 2").1,
        "expected an operator (compare with `==`, not `=`), found `=` at column 3"
    );
    assert_eq!(error("flor(1)").0, "formula-unknown-function");
    assert_eq!(
        error("floor(1, 2)").1,
        "`floor` takes exactly 1 argument, not 2 at column 1"
    );
    assert_eq!(error("has(x)").0, "formula-id-argument");
    assert_eq!(error("1 < 2 < 3").0, "formula-chained-comparison");
    assert_eq!(error("1 < 2 < 3").2, 7);
    assert_eq!(error("\"abc").0, "formula-string");
    assert_eq!(error("\"a\\n\"").0, "formula-string");
    assert_eq!(error("1.5d6").0, "formula-dice-count");
    assert_eq!(error("99999999999999999999").0, "formula-number-too-large");
    assert_eq!(error("1 + and").0, "formula-syntax");
    assert_eq!(error("if x").0, "formula-syntax");
    assert_eq!(
        error("4d6kh").1,
        "expected how many dice to keep, found the end of the formula at column 6"
    );
    assert_eq!(error("@Pack:x").0, "formula-syntax");
    assert_eq!(error("@pack x").0, "formula-syntax");
    assert_eq!(
        error("1 2").1,
        "expected an operator or the end of the formula, found `2` at column 3"
    );
    assert_eq!(
        error("").1,
        "expected an operand, found the end of the formula at column 1"
    );
    let err = parse("1 +\n  * 2").unwrap_err();
    assert_eq!((err.line, err.column, err.offset), (2, 3, 6));
    assert_eq!(
        err.to_string(),
        "expected an operand after `+` at line 2, column 3"
    );
}

#[test]
fn limits_are_errors_not_crashes() {
    let open = "(".repeat(100_000);
    assert_eq!(error(&open).0, "formula-too-long");
    let open = format!(
        "{}1{}",
        "(".repeat(MAX_DEPTH + 1),
        ")".repeat(MAX_DEPTH + 1)
    );
    assert_eq!(error(&open).0, "formula-too-deep");
    let ok = format!(
        "{}1{}",
        "(".repeat(MAX_DEPTH - 1),
        ")".repeat(MAX_DEPTH - 1)
    );
    assert!(parse(&ok).is_ok());
    assert_eq!(error(&"-".repeat(MAX_LEN)).0, "formula-too-deep");
    assert_eq!(error(&"not ".repeat(2000)).0, "formula-too-deep");
    let chain = vec!["1"; 200].join(" + ");
    assert_eq!(error(&chain).0, "formula-too-deep");
    let chain = vec!["1"; MAX_DEPTH].join(" + ");
    assert_eq!(parse(&chain).unwrap().depth(), MAX_DEPTH);
    let calls = format!("{}1{}", "abs(".repeat(1000), ")".repeat(1000));
    assert_eq!(error(&calls).0, "formula-too-deep");
    let dice = format!("{}1{}", "(".repeat(2000), ")d6".repeat(2000));
    assert_eq!(error(&dice).0, "formula-too-deep");
}

#[test]
fn the_deepest_trees_survive_json_evaluation_and_analysis() {
    use opencharacter_formula::{MapEnv, SplitMix64, Value};
    let env = MapEnv::default();
    // Calls and dice nest two JSON levels per tree level: the worst case for JSON readers.
    let calls = format!(
        "{}d6{}",
        "abs(".repeat(MAX_DEPTH - 2),
        ")".repeat(MAX_DEPTH - 2)
    );
    let dice = format!(
        "{}2{}",
        "(".repeat(MAX_DEPTH - 1),
        ")d6".repeat(MAX_DEPTH - 1)
    );
    let negs = format!("{}1", "-".repeat(MAX_DEPTH - 1));
    let mut trees = Vec::new();
    for text in [&calls, &dice, &negs] {
        let tree = parse(text).unwrap();
        assert_eq!(tree.depth(), MAX_DEPTH, "{text}");
        let json = serde_json::to_string(&tree).unwrap();
        assert_eq!(Expr::from_json(&json).unwrap(), tree);
        assert_eq!(parse(&tree.to_string()).unwrap(), tree);
        trees.push(tree);
    }
    let rolled = trees[0].eval(&env, &mut SplitMix64::new(1)).unwrap();
    assert!((1..=6).any(|face| rolled == Value::from(face)), "{rolled}");
    assert_eq!(
        trees[0].analyze(&env).unwrap().mean(),
        opencharacter_formula::Number::new(7, 2)
    );
    // Each nested count is the previous roll, so the chain soon needs more dice than allowed.
    let nested = trees[1].eval(&env, &mut SplitMix64::new(1));
    assert!(nested.is_ok() || nested.is_err_and(|e| e.code() == "formula-limit"));
    assert_eq!(trees[1].analyze(&env).unwrap_err().code(), "formula-limit");
    assert_eq!(
        trees[2].eval(&env, &mut SplitMix64::new(1)).unwrap(),
        Value::from(-1)
    );
    assert_eq!(
        trees[2].bounds(&env).unwrap().mean,
        Some(opencharacter_formula::Number::from(-1))
    );
}

#[test]
fn references_list_what_a_formula_uses() {
    let refs = parse("if(has(\"feats.alert\"), 5, 0) + count(\"items.torch\") + a.b + @p:c.d + setting(\"variant.x\") + d6")
        .unwrap()
        .references();
    assert_eq!(refs.fields.iter().collect::<Vec<_>>(), ["@p:c.d", "a.b"]);
    assert_eq!(
        refs.functions.iter().collect::<Vec<_>>(),
        ["count", "has", "if", "setting"]
    );
    assert_eq!(
        refs.content.iter().collect::<Vec<_>>(),
        ["feats.alert", "items.torch"]
    );
    assert_eq!(refs.settings.iter().collect::<Vec<_>>(), ["variant.x"]);
    assert!(refs.dice);
    // Aggregates name a property and tags; a formula without them writes neither to JSON.
    assert_eq!(serde_json::to_value(&refs).unwrap().get("properties"), None);
    let refs = parse("total(\"weight\", \"gear\") + tagged(\"light\")")
        .unwrap()
        .references();
    assert_eq!(refs.properties.iter().collect::<Vec<_>>(), ["weight"]);
    assert_eq!(refs.tags.iter().collect::<Vec<_>>(), ["gear", "light"]);
    assert!(!refs.dice);
    // `levels` and `first` name content (or a content type), `linked` a tag.
    let refs = parse(
        "levels(\"classes.fighter\") >= 5 and first(\"classes.wizard\") and linked(\"heavy\") == 0",
    )
    .unwrap()
    .references();
    assert_eq!(
        refs.content.iter().collect::<Vec<_>>(),
        ["classes.fighter", "classes.wizard"]
    );
    assert_eq!(refs.tags.iter().collect::<Vec<_>>(), ["heavy"]);
    // An environment that knows nothing of levels or slots says so rather than answering 0.
    for text in [
        "levels(\"classes.fighter\")",
        "first(\"classes.fighter\")",
        "linked(\"heavy\")",
    ] {
        let error = parse(text)
            .unwrap()
            .eval(&MapEnv::default(), &mut SplitMix64::new(1))
            .unwrap_err();
        assert_eq!(error.kind.code(), "formula-unknown-aggregate", "{text}");
    }
    // Only string literals: what they read is known without evaluating.
    assert_eq!(
        parse("levels(class)").unwrap_err().code(),
        parse("tagged(gear)").unwrap_err().code()
    );
    // A tree reader refuses an aggregate whose arguments are not string literals.
    let bad = r#"{"kind":"call","function":"total","args":[{"kind":"string","value":"w"},{"kind":"field","name":"t"}]}"#;
    assert_eq!(
        Expr::from_json(bad).unwrap_err().code(),
        "formula-tree-invalid"
    );
}

#[test]
fn json_trees_round_trip_and_are_checked() {
    let tree = parse("4d6kh3 + floor(x / 2) - @a-b.c:y").unwrap();
    let json = serde_json::to_string(&tree).unwrap();
    assert_eq!(Expr::from_json(&json).unwrap(), tree);
    let bad = r#"{"kind":"call","function":"floor","args":[]}"#;
    assert_eq!(
        Expr::from_json(bad).unwrap_err().code(),
        "formula-tree-invalid"
    );
    let bad = r#"{"kind":"field","name":"a.d6"}"#;
    assert_eq!(
        Expr::from_json(bad).unwrap_err().code(),
        "formula-tree-invalid"
    );
    let bad = r#"{"kind":"number","value":"-1"}"#;
    assert_eq!(
        Expr::from_json(bad).unwrap_err().code(),
        "formula-tree-json"
    );
}

/// What a message shows of a formula (limits.md, "Formulas in messages"): at most 120
/// characters, `…` where it is cut, the fault's column moved into the excerpt.
#[test]
fn excerpts_of_long_formulas() {
    use opencharacter_formula::{EXCERPT_CHARS, excerpt};
    assert_eq!(EXCERPT_CHARS, 120);
    // 120 characters or fewer: the formula itself, the column as it is.
    let exact = "a".repeat(120);
    assert_eq!(excerpt(&exact, 7), (exact.clone(), 7));
    // 200 characters `0123456789` repeated; a fault at column 5 (character 4): the window
    // cannot start before 0, so characters 0..120, cut after only; the column stays 5.
    let digits: String = "0123456789".repeat(20);
    let (shown, column) = excerpt(&digits, 5);
    assert_eq!(shown, format!("{}…", &digits[..120]));
    assert_eq!(column, 5);
    // A fault at column 200 (the last character, 199): the window ends at the text's end,
    // characters 80..200, cut before only; 199 − 80 = 119, plus 1, plus the `…`: column 121.
    let (shown, column) = excerpt(&digits, 200);
    assert_eq!(shown, format!("…{}", &digits[80..]));
    assert_eq!(column, 121);
    // Characters, not bytes: 130 `é` (two bytes each), fault at column 1: 120 `é` then `…`.
    let accents = "é".repeat(130);
    assert_eq!(excerpt(&accents, 1), (format!("{}…", "é".repeat(120)), 1));
}
