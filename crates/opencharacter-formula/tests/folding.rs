//! Property tests of dice-valued formulas: folding keeps the exact distribution, its canonical
//! text reads back as the same tree, folding twice changes nothing, the static kinds cover
//! every value evaluation gives, and no input panics.

use opencharacter_formula::{
    BinaryOp, DiceModifier, Distribution, Expr, Function, Kind, MapEnv, MapItem, Number,
    SplitMix64, UnaryOp, Value, parse,
};
use proptest::prelude::*;

/// The names the generated formulas read, and what the character owns.
fn env() -> MapEnv {
    let mut env = MapEnv::default();
    for (name, value) in [("level", 5), ("slot", 3), ("m", -1), ("zero", 0)] {
        env.fields.insert(name.into(), Value::from(value));
    }
    env.fields
        .insert("half".into(), Value::Number(Number::new(1, 2).unwrap()));
    env.fields.insert("flag".into(), Value::Bool(true));
    env.owned.insert("items.torch".into(), 3);
    env.items.insert(
        "items.torch".into(),
        MapItem::default()
            .with_tag("gear")
            .with_property("weight", Value::from(1)),
    );
    env
}

fn call(function: Function, args: Vec<Expr>) -> Expr {
    Expr::Call { function, args }
}

fn bin(op: BinaryOp, left: Expr, right: Expr) -> Expr {
    Expr::Binary {
        op,
        left: Box::new(left),
        right: Box::new(right),
    }
}

fn dice(count: Expr, sides: i64, modifier: Option<DiceModifier>) -> Expr {
    Expr::Dice {
        count: Box::new(count),
        sides: Box::new(Expr::number(sides)),
        modifier,
    }
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        (0i64..7).prop_map(Expr::number),
        proptest::sample::select(vec!["level", "slot", "m", "half", "zero"]).prop_map(Expr::field),
        (0i64..4, 1i64..7).prop_map(|(n, s)| dice(Expr::number(n), s, None)),
        (1i64..4, 2i64..7).prop_map(|(k, s)| dice(
            Expr::number(3),
            s,
            Some(DiceModifier::KeepHighest(Box::new(Expr::number(k))))
        )),
        Just(dice(Expr::field("slot"), 4, None)),
        Just(call(
            Function::Total,
            vec![Expr::String {
                value: "weight".into()
            }]
        )),
    ]
}

/// A condition: fixed (`flag`, `level >= 3`) or rolled (`d6 >= 4`).
fn condition(inner: BoxedStrategy<Expr>) -> impl Strategy<Value = Expr> {
    prop_oneof![
        Just(Expr::field("flag")),
        (0i64..8).prop_map(|k| bin(BinaryOp::Ge, Expr::field("level"), Expr::number(k))),
        (1i64..8).prop_map(|k| bin(
            BinaryOp::Ge,
            dice(Expr::number(1), 6, None),
            Expr::number(k)
        )),
        (inner.clone(), inner).prop_map(|(a, b)| bin(BinaryOp::Gt, a, b)),
    ]
}

/// Numeric formulas with small dice, every kind of choice, fixed and rolled.
fn numeric() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(4, 20, 3, |inner| {
        let inner = inner.boxed();
        let selector = prop_oneof![
            (1i64..4).prop_map(Expr::number),
            Just(bin(BinaryOp::Sub, Expr::field("slot"), Expr::number(1))),
            Just(dice(Expr::number(1), 3, None)),
        ];
        let lookup_value = prop_oneof![
            Just(Expr::field("level")),
            Just(Expr::field("slot")),
            Just(dice(Expr::number(1), 6, None)),
            inner.clone(),
        ];
        prop_oneof![
            (
                proptest::sample::select(vec![BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul]),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, a, b)| bin(op, a, b)),
            (inner.clone(), 1i64..4).prop_map(|(a, q)| bin(BinaryOp::Div, a, Expr::number(q))),
            inner.clone().prop_map(|a| Expr::Unary {
                op: UnaryOp::Neg,
                arg: Box::new(a)
            }),
            (condition(inner.clone()), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| call(Function::If, vec![c, a, b])),
            (selector, inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(i, a, b, c)| call(Function::Choose, vec![i, a, b, c])),
            (lookup_value, inner.clone(), inner.clone(), inner.clone()).prop_map(|(x, a, b, c)| {
                call(
                    Function::Lookup,
                    vec![
                        x,
                        Expr::number(1),
                        a,
                        Expr::number(3),
                        b,
                        Expr::number(5),
                        c,
                    ],
                )
            }),
            (
                proptest::sample::select(vec![Function::Min, Function::Max]),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(f, a, b)| call(f, vec![a, b])),
            (inner.clone(), 0i64..4, 2i64..8).prop_map(|(a, lo, hi)| call(
                Function::Clamp,
                vec![a, Expr::number(lo), Expr::number(hi)]
            )),
            (
                proptest::sample::select(vec![Function::Floor, Function::Abs, Function::Round]),
                inner.clone()
            )
                .prop_map(|(f, a)| call(f, vec![a])),
            inner.prop_map(|a| dice(a, 4, None)),
        ]
    })
}

fn outcomes(d: &Distribution) -> Vec<(Value, String)> {
    d.outcomes()
        .map(|(v, p)| (v.clone(), p.to_string()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    /// Folding keeps the exact odds: whenever the original has them, the folded formula has
    /// the same, outcome by outcome. Its canonical text reads back as the same tree, and
    /// folding it again changes nothing.
    #[test]
    fn folding_keeps_the_exact_distribution(tree in numeric()) {
        let env = env();
        let Ok(original) = tree.analyze(&env) else { return Ok(()) };
        let folded = tree
            .fold_dice(&env)
            .map_err(|e| TestCaseError::fail(format!("{tree}: {e}")))?;
        let odds = folded
            .analyze(&env)
            .map_err(|e| TestCaseError::fail(format!("{tree} → {folded}: {e}")))?;
        prop_assert_eq!(outcomes(&odds), outcomes(&original), "{} → {}", tree, folded);
        let text = folded.to_string();
        let reread = parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&reread, &folded, "{}", text);
        prop_assert_eq!(reread.fold_dice(&env).ok(), Some(folded.clone()), "{}", text);
        // The folded formula reads no name: the same odds under an empty environment.
        if folded.references().fields.is_empty() {
            let alone = folded.analyze(&MapEnv::default()).map(|d| outcomes(&d));
            prop_assert_eq!(alone.ok(), Some(outcomes(&original)), "{}", text);
        }
    }

    /// Adding a term keeps the exact odds of the sum.
    #[test]
    fn plus_keeps_the_exact_distribution(a in numeric(), b in numeric()) {
        let env = env();
        let (Ok(a), Ok(b)) = (a.fold_dice(&env), b.fold_dice(&env)) else { return Ok(()) };
        let written = Expr::Binary { op: BinaryOp::Add, left: Box::new(a.clone()), right: Box::new(b.clone()) };
        let Ok(expected) = written.analyze(&env) else { return Ok(()) };
        let sum = a.plus(&b);
        let odds = sum.analyze(&env).map_err(|e| TestCaseError::fail(format!("{sum}: {e}")))?;
        prop_assert_eq!(outcomes(&odds), outcomes(&expected), "{} + {} → {}", a, b, sum);
        prop_assert_eq!(parse(&sum.to_string()).unwrap(), sum);
    }

    /// The static kinds cover the value evaluation gives, whatever the dice show.
    #[test]
    fn kinds_cover_every_value(tree in numeric(), seed in any::<u64>()) {
        let kinds = tree.kinds();
        if let Ok(value) = tree.eval(&env(), &mut SplitMix64::new(seed)) {
            let covered = kinds.from_names() || match value {
                Value::Number(_) => kinds.may_be(Kind::Number) || kinds.may_be(Kind::Dice),
                Value::Bool(_) => kinds.may_be(Kind::Boolean),
                Value::String(_) => kinds.may_be(Kind::String),
            };
            prop_assert!(covered, "{} gave {} but its kinds are {}", tree, value, kinds);
        }
        if let Ok(odds) = tree.analyze(&env()) && odds.outcomes().count() > 1 {
            prop_assert!(kinds.may_be(Kind::Dice), "{} rolls but its kinds are {}", tree, kinds);
        }
    }

    /// Any text gives a folded formula or an error, never a panic.
    #[test]
    fn folding_any_text_never_panics(text in "[-+*/%()<>=! a-z0-9.,\"_]{0,60}") {
        if let Ok(tree) = parse(&text) {
            let env = env();
            let _ = tree.kinds();
            let _ = tree.plus(&tree);
            if let Ok(folded) = tree.fold_dice(&env) {
                prop_assert_eq!(parse(&folded.to_string()).unwrap(), folded);
            }
        }
    }
}

#[test]
fn srd_spells_fold_to_their_dice() {
    // The SRD's own tables (spell descriptions, "At Higher Levels"): Fire Bolt 1d10, 2d10 at
    // character level 5, 3d10 at 11, 4d10 at 17; Fireball 8d6 from a 3rd-level slot, 1d6 more
    // per slot level above; Magic Missile three darts, one more per slot level above 1st;
    // Cure Wounds 1d8 per slot level plus the spellcasting modifier.
    let fire_bolt = parse("lookup(level, 1, 1d10, 5, 2d10, 11, 3d10, 17, 4d10)").unwrap();
    let fireball = parse("(5 + slot)d6").unwrap();
    let darts = parse("slot + 2").unwrap();
    let cure = parse("(slot)d8 + spellcasting.mod").unwrap();
    let mut env = MapEnv::default();
    env.fields.insert("spellcasting.mod".into(), Value::from(3));
    for (level, expected) in [
        (1, "d10"),
        (4, "d10"),
        (5, "2d10"),
        (10, "2d10"),
        (11, "3d10"),
        (16, "3d10"),
        (17, "4d10"),
        (20, "4d10"),
    ] {
        env.fields.insert("level".into(), Value::from(level));
        assert_eq!(
            fire_bolt.fold_dice(&env).unwrap().to_string(),
            expected,
            "level {level}"
        );
    }
    for slot in 1..=9 {
        env.fields.insert("slot".into(), Value::from(slot));
        if slot >= 3 {
            let expected = format!("{}d6", 8 + slot - 3);
            assert_eq!(fireball.fold_dice(&env).unwrap().to_string(), expected);
        }
        assert_eq!(
            darts.fold_dice(&env).unwrap().to_string(),
            format!("{}", 3 + slot - 1)
        );
        let expected = if slot == 1 {
            "d8 + 3".to_owned()
        } else {
            format!("{slot}d8 + 3")
        };
        assert_eq!(cure.fold_dice(&env).unwrap().to_string(), expected);
    }
}
