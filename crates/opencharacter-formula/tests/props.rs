//! Property tests: random trees survive print → parse, printing is idempotent, random text
//! never panics, and JSON trees round-trip.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use opencharacter_formula::{
    BinaryOp, DiceModifier, Expr, Function, Literal, MapEnv, Number, RESERVED_WORDS, SplitMix64,
    UnaryOp, parse, starts_dice_term,
};
use proptest::prelude::*;

fn segment() -> impl Strategy<Value = String> {
    "[a-zA-Z_][a-zA-Z0-9_]{0,5}".prop_filter("not a keyword or dice term", |s| {
        !RESERVED_WORDS.contains(&s.as_str()) && !starts_dice_term(s)
    })
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        (0i64..100_000, 0u32..4).prop_map(|(n, places)| Expr::Number {
            value: Literal::new(Number::new(n, 10i64.pow(places)).unwrap()).unwrap()
        }),
        any::<bool>().prop_map(|value| Expr::Bool { value }),
        "[a-z .\"\\\\é]{0,8}".prop_map(|value| Expr::String { value }),
        (
            proptest::option::of("[a-z0-9]{1,4}([-.][a-z0-9]{1,3})?"),
            proptest::collection::vec(segment(), 1..4)
        )
            .prop_map(|(pack, segments)| Expr::Field {
                pack,
                name: segments.join(".")
            }),
    ]
}

fn id_string() -> impl Strategy<Value = Expr> {
    "[a-z]{1,5}(\\.[a-z]{1,5})?".prop_map(|value| Expr::String { value })
}

fn tree() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(5, 24, 3, |inner| {
        let boxed = inner.clone().prop_map(Box::new);
        prop_oneof![
            (
                prop_oneof![Just(UnaryOp::Neg), Just(UnaryOp::Not)],
                boxed.clone()
            )
                .prop_map(|(op, arg)| Expr::Unary { op, arg }),
            (
                proptest::sample::select(BinaryOp::ALL.to_vec()),
                boxed.clone(),
                boxed.clone()
            )
                .prop_map(|(op, left, right)| Expr::Binary { op, left, right }),
            (
                proptest::sample::select(Function::ALL.to_vec()),
                proptest::collection::vec(inner.clone(), 1..4),
                id_string()
            )
                .prop_map(|(function, mut args, id)| {
                    if function.takes_id() {
                        args = vec![id];
                    }
                    // The nearest argument count the function accepts.
                    let n = (1..=5)
                        .min_by_key(|k| (!function.accepts(*k), k.abs_diff(args.len())))
                        .unwrap();
                    args.truncate(n);
                    while args.len() < n {
                        args.push(Expr::number(1));
                    }
                    Expr::Call { function, args }
                }),
            (boxed.clone(), boxed.clone(), 0u8..5, boxed).prop_map(|(count, sides, mode, arg)| {
                Expr::Dice {
                    count,
                    sides,
                    modifier: match mode {
                        0 => None,
                        1 => Some(DiceModifier::KeepHighest(arg)),
                        2 => Some(DiceModifier::KeepLowest(arg)),
                        3 => Some(DiceModifier::Successes(arg)),
                        _ => Some(DiceModifier::Pool),
                    },
                }
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn trees_survive_print_then_parse(tree in tree()) {
        let printed = tree.to_string();
        let parsed = parse(&printed).map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
        prop_assert_eq!(&parsed, &tree, "{}", printed);
        prop_assert_eq!(parsed.to_string(), printed);
    }

    #[test]
    fn trees_survive_json(tree in tree()) {
        let json = serde_json::to_string(&tree).unwrap();
        prop_assert_eq!(Expr::from_json(&json).unwrap(), tree);
    }

    #[test]
    fn evaluation_never_panics(tree in tree(), seed in any::<u64>()) {
        let mut env = MapEnv::default();
        env.fields.insert("x".into(), 3.into());
        let _ = tree.eval(&env, &mut SplitMix64::new(seed));
    }

    #[test]
    fn folding_and_kinds_never_panic(tree in tree()) {
        let mut env = MapEnv::default();
        env.fields.insert("x".into(), 3.into());
        let _ = tree.kinds();
        let _ = tree.plus(&tree);
        if let Ok(folded) = tree.fold_dice(&env) {
            prop_assert_eq!(parse(&folded.to_string()).unwrap(), folded);
        }
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,80}") {
        if let Ok(tree) = parse(&text) {
            let printed = tree.to_string();
            prop_assert_eq!(parse(&printed).unwrap(), tree);
        }
    }

    #[test]
    fn canonicalisation_is_idempotent(text in "[-+*/%()<>=! a-z0-9.,\"@:_]{0,60}") {
        if let Ok(tree) = parse(&text) {
            let once = tree.to_string();
            let twice = parse(&once).unwrap().to_string();
            prop_assert_eq!(twice, once);
        }
    }
}
