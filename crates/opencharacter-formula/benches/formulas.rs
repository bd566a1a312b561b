//! Parse and evaluate a realistic mix of sheet formulas, beside the `evalexpr` crate on the
//! equivalent arithmetic, measured in the same run. Prints throughput and ratios (a ratio above 1
//! means this crate is faster).
//!
//! `cargo bench -p opencharacter-formula --bench formulas`

#![allow(clippy::unwrap_used, reason = "a benchmark fails loudly on bad input")]

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use evalexpr::{ContextWithMutableVariables, DefaultNumericTypes, HashMapContext, Node};
use opencharacter_formula::{Environment, Expr, SplitMix64, Value, parse};

/// (our formula, the evalexpr equivalent).
const MIX: &[(&str, &str)] = &[
    (
        "floor((abilities.str.score - 10) / 2)",
        "floor((abilities.str.score - 10) / 2)",
    ),
    ("2 + floor((level - 1) / 4)", "2 + floor((level - 1) / 4)"),
    (
        "10 + abilities.dex.mod + armor.bonus",
        "10 + abilities.dex.mod + armor.bonus",
    ),
    (
        "abilities.str.mod + proficiency * 2 + 1",
        "abilities.str.mod + proficiency * 2 + 1",
    ),
    (
        "max(1, abilities.con.mod + level * 2)",
        "max(1, abilities.con.mod + level * 2)",
    ),
    (
        "min(abilities.dex.mod, 2) + 14",
        "min(abilities.dex.mod, 2) + 14",
    ),
    (
        "level * (8 + abilities.con.mod) - 3",
        "level * (8 + abilities.con.mod) - 3",
    ),
    (
        "abilities.str.score >= 13 and level > 3",
        "abilities.str.score >= 13 && level > 3",
    ),
    ("if(level >= 5, 2, 1) * 4", "if(level >= 5, 2, 1) * 4"),
    (
        "(abilities.wis.mod + 8 + proficiency) % 7",
        "(abilities.wis.mod + 8 + proficiency) % 7",
    ),
    ("clamp(level - 2, 0, 10)", "min(max(level - 2, 0), 10)"),
    (
        "8 + proficiency + abilities.int.mod",
        "8 + proficiency + abilities.int.mod",
    ),
];

const FIELDS: &[(&str, i64)] = &[
    ("abilities.str.score", 15),
    ("abilities.str.mod", 2),
    ("abilities.dex.mod", 3),
    ("abilities.con.mod", 1),
    ("abilities.wis.mod", 0),
    ("abilities.int.mod", -1),
    ("armor.bonus", 2),
    ("level", 7),
    ("proficiency", 3),
];

/// A hash-map environment, like evalexpr's `HashMapContext`.
struct Fields(HashMap<String, Value>);

impl Environment for Fields {
    fn field(&self, _pack: Option<&str>, name: &str) -> Option<Value> {
        self.0.get(name).cloned()
    }
}

/// The best time of `reps` repetitions of `a` and of `b`, over rounds that alternate the two so
/// that load from elsewhere on the machine hits both alike.
fn best_pair(reps: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (Duration, Duration) {
    let time = |f: &mut dyn FnMut()| {
        let start = Instant::now();
        for _ in 0..reps {
            f();
        }
        start.elapsed()
    };
    let (mut best_a, mut best_b) = (Duration::MAX, Duration::MAX);
    for _ in 0..15 {
        best_a = best_a.min(time(&mut a));
        best_b = best_b.min(time(&mut b));
    }
    (best_a, best_b)
}

fn per_second(formulas: usize, elapsed: Duration) -> f64 {
    formulas as f64 / elapsed.as_secs_f64()
}

fn main() {
    let reps = 2000;
    let count = MIX.len() * reps;

    let (ours_parse, theirs_parse) = best_pair(
        reps,
        || {
            for (ours, _) in MIX {
                black_box(parse(black_box(ours)).unwrap());
            }
        },
        || {
            for (_, theirs) in MIX {
                black_box(
                    evalexpr::build_operator_tree::<DefaultNumericTypes>(black_box(theirs))
                        .unwrap(),
                );
            }
        },
    );

    let env = Fields(
        FIELDS
            .iter()
            .map(|(k, v)| ((*k).to_owned(), Value::from(*v)))
            .collect(),
    );
    let mut context = HashMapContext::<DefaultNumericTypes>::new();
    for (k, v) in FIELDS {
        context
            .set_value((*k).to_owned(), evalexpr::Value::from_int(*v))
            .unwrap();
    }
    let trees: Vec<Expr> = MIX.iter().map(|(ours, _)| parse(ours).unwrap()).collect();
    let nodes: Vec<Node<DefaultNumericTypes>> = MIX
        .iter()
        .map(|(_, theirs)| evalexpr::build_operator_tree(theirs).unwrap())
        .collect();
    // Both sides must agree on the values before their speed means anything.
    for ((tree, node), (text, _)) in trees.iter().zip(&nodes).zip(MIX) {
        let ours = tree.eval(&env, &mut SplitMix64::new(0)).unwrap();
        let theirs = node.eval_with_context(&context).unwrap();
        println!("  {text:<45} ours {ours:<6} evalexpr {theirs}");
    }
    let mut rng = SplitMix64::new(0);
    let (ours_eval, theirs_eval) = best_pair(
        reps,
        || {
            for tree in &trees {
                black_box(tree.eval(&env, &mut rng).unwrap());
            }
        },
        || {
            for node in &nodes {
                black_box(node.eval_with_context(&context).unwrap());
            }
        },
    );

    // A whole ruleset: a thousand formulas parsed once.
    let ruleset: Vec<&str> = MIX
        .iter()
        .map(|(ours, _)| *ours)
        .cycle()
        .take(1000)
        .collect();
    let start = Instant::now();
    for text in &ruleset {
        black_box(parse(text).unwrap());
    }
    let ruleset_time = start.elapsed();

    println!();
    println!(
        "parse: ours {:>10.0} formulas/s, evalexpr {:>10.0} formulas/s, ratio {:.2}x",
        per_second(count, ours_parse),
        per_second(count, theirs_parse),
        theirs_parse.as_secs_f64() / ours_parse.as_secs_f64()
    );
    println!(
        "eval:  ours {:>10.0} formulas/s, evalexpr {:>10.0} formulas/s, ratio {:.2}x",
        per_second(count, ours_eval),
        per_second(count, theirs_eval),
        theirs_eval.as_secs_f64() / ours_eval.as_secs_f64()
    );
    println!(
        "1000 formulas parsed in {:.3} ms",
        ruleset_time.as_secs_f64() * 1000.0
    );
}
