//! Exact distributions against brute-force enumeration of every roll.

use std::collections::BTreeMap;

use super::*;
use crate::{MapEnv, parse};

fn analyze(text: &str) -> Distribution {
    parse(text)
        .expect("test formulas parse")
        .analyze(&MapEnv::default())
        .expect("test formulas analyze")
}

/// Every ordered roll of `count` dice with `sides` sides.
fn all_rolls(count: usize, sides: i64) -> Vec<Vec<i64>> {
    let mut rolls = vec![vec![]];
    for _ in 0..count {
        rolls = rolls
            .into_iter()
            .flat_map(|r| {
                (1..=sides).map(move |face| {
                    let mut next = r.clone();
                    next.push(face);
                    next
                })
            })
            .collect();
    }
    rolls
}

/// The distribution of `read` over every roll, as value → probability.
fn brute(count: usize, sides: i64, read: impl Fn(&[i64]) -> i64) -> BTreeMap<i64, Probability> {
    let rolls = all_rolls(count, sides);
    let total = rolls.len() as u128;
    let mut counts: BTreeMap<i64, u128> = BTreeMap::new();
    for roll in &rolls {
        *counts.entry(read(roll)).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(v, c)| (v, Probability::new(c, total)))
        .collect()
}

fn as_map(d: &Distribution) -> BTreeMap<i64, Probability> {
    d.outcomes()
        .map(|(v, p)| match v {
            Value::Number(n) => (n.to_integer().expect("integer outcomes"), p),
            other => panic!("unexpected outcome {other}"),
        })
        .collect()
}

fn keep(roll: &[i64], k: usize, highest: bool) -> i64 {
    let mut sorted = roll.to_vec();
    sorted.sort_unstable();
    if highest {
        sorted.reverse();
    }
    sorted.iter().take(k).sum()
}

fn pool(roll: &[i64], sides: i64) -> i64 {
    let tops = roll.iter().filter(|d| **d == sides).count();
    if tops >= 2 {
        sides + 1
    } else {
        roll.iter().copied().max().unwrap_or(0)
    }
}

#[test]
fn sums_match_enumeration() {
    for (count, sides) in [(1, 20), (2, 6), (3, 4), (4, 6), (0, 6), (3, 1)] {
        let text = format!("({count})d{sides}");
        assert_eq!(
            as_map(&analyze(&text)),
            brute(count, sides, |r| r.iter().sum()),
            "{text}"
        );
    }
}

#[test]
fn keep_highest_and_lowest_match_enumeration() {
    for (count, sides, k) in [
        (4, 6, 3),
        (2, 20, 1),
        (3, 8, 2),
        (5, 4, 2),
        (3, 6, 0),
        (2, 6, 5),
    ] {
        for highest in [true, false] {
            let text = format!("{count}d{sides}{}{k}", if highest { "kh" } else { "kl" });
            assert_eq!(
                as_map(&analyze(&text)),
                brute(count, sides, |r| keep(r, k, highest)),
                "{text}"
            );
        }
    }
}

#[test]
fn four_d6_keep_three_mean() {
    let d = analyze("4d6kh3");
    assert_eq!(d.mean(), Number::new(15869, 1296));
    let mean = d.mean().expect("numeric").to_f64();
    assert!((mean - 12.2446).abs() < 1e-4, "{mean}");
}

#[test]
fn successes_match_enumeration() {
    for (count, sides, target) in [(3, 10, 7), (4, 6, 5), (2, 6, 1), (2, 6, 9)] {
        let text = format!("{count}d{sides}s{target}");
        assert_eq!(
            as_map(&analyze(&text)),
            brute(count, sides, |r| r.iter().filter(|d| **d >= target).count()
                as i64),
            "{text}"
        );
    }
    // A 3d10 pool counting 7+: at least one success 1 - 0.6^3 = 78.4%.
    let d = analyze("3d10s7");
    assert_eq!(d.at_least(Number::ONE), Probability::new(784, 1000));
}

#[test]
fn pools_match_enumeration() {
    for (count, sides) in [(1, 6), (2, 6), (3, 6), (4, 4), (2, 1)] {
        let text = format!("{count}d{sides}p");
        assert_eq!(
            as_map(&analyze(&text)),
            brute(count, sides, |r| pool(r, sides)),
            "{text}"
        );
    }
    assert_eq!(
        as_map(&analyze("0d6p")),
        brute(2, 6, |r| r.iter().copied().min().unwrap_or(0))
    );
}

#[test]
fn blades_bands() {
    let n = Number::from;
    let two = analyze("2d6p");
    assert_eq!(two.at_least(n(7)), Probability::new(1, 36));
    assert_eq!(two.between(n(6), n(6)), Probability::new(10, 36));
    assert_eq!(two.between(n(4), n(5)), Probability::new(16, 36));
    assert_eq!(two.between(n(1), n(3)), Probability::new(9, 36));
    let zero = analyze("0d6p");
    assert_eq!(zero.at_least(n(7)), Probability::new(0, 1));
    assert_eq!(zero.between(n(6), n(6)), Probability::new(1, 36));
    assert_eq!(zero.between(n(4), n(5)), Probability::new(8, 36));
    assert_eq!(zero.between(n(1), n(3)), Probability::new(27, 36));
}

#[test]
fn d100_roll_under() {
    // Outcome 2 success, 3 critical success.
    let plain = analyze("under(35)");
    assert_eq!(plain.at_least(Number::from(2)), Probability::new(35, 100));
    // Doubles 00, 11, 22, 33 are under 35: critical successes.
    assert_eq!(
        plain.probability(&Value::from(3)),
        Some(Probability::new(4, 100))
    );
    let advantage = analyze("under(35, 1)");
    assert_eq!(
        advantage.at_least(Number::from(2)),
        Probability::new(5775, 10_000)
    );
    let disadvantage = analyze("under(35, -1)");
    assert_eq!(
        disadvantage.at_least(Number::from(2)),
        Probability::new(1225, 10_000)
    );
}

#[test]
fn d100_brute_force() {
    let d = analyze("under(50, 1)");
    let mut counts = [0u128; 4];
    for a in 0..100 {
        for b in 0..100 {
            let outcome =
                under_outcome(a, Number::from(50)).max(under_outcome(b, Number::from(50)));
            counts[outcome as usize] += 1;
        }
    }
    for (outcome, c) in counts.iter().enumerate() {
        assert_eq!(
            d.probability(&Value::from(outcome as i64)),
            Some(Probability::new(*c, 10_000))
        );
    }
}

#[test]
fn comparisons_give_odds() {
    let mut env = MapEnv::default();
    env.fields.insert("bonus".into(), Value::from(5));
    let d = parse("d20 + bonus >= 15")
        .expect("parses")
        .analyze(&env)
        .expect("analyzes");
    assert_eq!(
        d.probability(&Value::Bool(true)),
        Some(Probability::new(11, 20))
    );
}

#[test]
fn random_counts_mix() {
    // (d2)d6: half the time 1d6, half 2d6.
    let mixed = as_map(&analyze("(d2)d6"));
    let one = brute(1, 6, |r| r.iter().sum());
    let two = brute(2, 6, |r| r.iter().sum());
    for v in 1..=12 {
        let expect = one.get(&v).map_or(0.0, |p| p.to_f64()) / 2.0
            + two.get(&v).map_or(0.0, |p| p.to_f64()) / 2.0;
        let got = mixed.get(&v).map_or(0.0, |p| p.to_f64());
        assert!((expect - got).abs() < 1e-12, "{v}: {expect} vs {got}");
    }
}

#[test]
fn min_max_mean_without_rolling() {
    let d = analyze("2d6 + 3");
    assert_eq!(d.min(), Some(Number::from(5)));
    assert_eq!(d.max(), Some(Number::from(15)));
    assert_eq!(d.mean(), Some(Number::from(10)));
    let d = analyze("d20 / 2");
    assert_eq!(d.mean(), Number::new(21, 4));
}

#[test]
fn huge_distributions_are_limit_errors() {
    let err = parse("200d6")
        .expect("parses")
        .analyze(&MapEnv::default())
        .expect_err("too big");
    assert_eq!(err.code(), "formula-limit");
}

#[test]
fn fuzzer_found_slow_analyses_hit_the_work_budget() {
    for text in [
        "d53347*d50",
        "4d46/d46/d544",
        "d500*d500 + d500*d500 + d500*d500",
    ] {
        let err = parse(text)
            .expect("parses")
            .analyze(&MapEnv::default())
            .expect_err(text);
        assert_eq!(err.code(), "formula-limit", "{text}");
    }
}
