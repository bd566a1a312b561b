//! Dependency checking and `suggest_load_order` on synthetic load orders of 1,000 and 10,000
//! packs (and 100,000 to show the trend), printing the time per pack: the goal is linear growth,
//! so the per-pack figure should stay flat as the count grows tenfold.
//!
//! Two shapes of dependency graph: *scattered* (each pack depends on packs anywhere before it, so
//! lookups jump across the whole working set and memory caches show at large counts) and *local*
//! (each pack depends on packs among the 64 before it: the same work, with cache-friendly access).
//! The difference between the two is the memory hierarchy, not the algorithm.
//!
//! Baseline, measured in the same run: the least any resolver must do, a hash map from pack ID to
//! position and one lookup per declared dependency. The `/base` figures divide by it: when they
//! stay flat as the count grows, the growth in time per pack is the baseline's (cache misses of
//! hash lookups over a larger working set), not the checks'.
//!
//! Then three shapes of issue 22, at 1,000 and 10,000 packs: a *chain* (each pack depends on the
//! one before), a *star* (every pack depends on the first) and *diamonds* (pack `i` depends on
//! `i - 1` and `i - 2`, so every pack is reached along two paths). The per-pack figure must stay
//! flat: linear in packs plus edges.
//!
//! Last, loading each pack with its dependencies, as validation does, over the same three shapes
//! of 10,000 packs: each pack's ruleset made by extending its latest dependency's
//! (`extend_ruleset`, moved when no other pack extends it, cloned for a star's many). Baseline,
//! in the same run: one `load_ruleset` of all the packs at once, the least a load of every pack
//! must cost; the `/base` figure must stay flat from 1,000 to 10,000 packs. The old way, each
//! closure loaded from scratch, is timed at 1,000 packs only (a 10,000-pack chain is 50 million
//! pack loads that way).
//!
//! Run with `cargo bench -p opencharacter-resolve --bench dependencies`.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use opencharacter_resolve::{
    LoadOptions, check_dependencies, extend_ruleset, load_ruleset, suggest_load_order,
};
use opencharacter_spec::model::{Manifest, PackRelease, Ruleset};

/// `n` packs; pack `i` depends on up to three earlier packs (within `window` before it, or
/// anywhere) with npm ranges its dependency's version satisfies, so the ascending order is valid
/// and every check runs in full.
fn synthetic(n: usize, window: Option<usize>) -> Vec<Manifest> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |below: usize| {
        // xorshift: deterministic and good enough to scatter the edges.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        usize::try_from(seed % below as u64).expect("below fits in usize")
    };
    let ranges = ["^1.0.0", ">=1.2 <2", "~1.3 || ^1.4.0", "1.x", "1.0.0 - 1.9"];
    (0..n)
        .map(|i| {
            let mut dependencies = serde_json::Map::new();
            if i > 0 {
                for _ in 0..3 {
                    let span = window.map_or(i, |w| w.min(i));
                    let dep = i - 1 - next(span);
                    dependencies.insert(format!("bench-p{dep}"), ranges[next(ranges.len())].into());
                }
            }
            serde_json::from_value(serde_json::json!({
                "id": format!("bench-p{i}"),
                "version": format!("1.{}.0", 3 + i % 5),
                "specVersion": "1.0.0",
                "license": "CC0-1.0",
                "defaultLanguage": "en",
                "dependencies": dependencies,
            }))
            .expect("the synthetic manifest fits the model")
        })
        .collect()
}

/// `n` packs in one of issue 22's shapes: `chain`, `star` or `diamonds`.
fn shaped(n: usize, shape: &str) -> Vec<Manifest> {
    (0..n)
        .map(|i| {
            let deps: Vec<usize> = match shape {
                "chain" => (i > 0).then(|| i - 1).into_iter().collect(),
                "star" => (i > 0).then_some(0).into_iter().collect(),
                _ => [i.checked_sub(1), i.checked_sub(2)]
                    .into_iter()
                    .flatten()
                    .collect(),
            };
            let dependencies: serde_json::Map<String, serde_json::Value> = deps
                .into_iter()
                .map(|d| (format!("bench-p{d}"), "^1.0.0".into()))
                .collect();
            serde_json::from_value(serde_json::json!({
                "id": format!("bench-p{i}"),
                "version": "1.0.0",
                "specVersion": "1.0.0",
                "license": "CC0-1.0",
                "defaultLanguage": "en",
                "dependencies": dependencies,
            }))
            .expect("the shaped manifest fits the model")
        })
        .collect()
}

fn shapes() {
    println!("chains, stars and diamonds, time per pack in µs (× = relative to 1,000 packs):");
    println!(
        "{:>9}  {:>8}  {:>22}  {:>22}",
        "shape", "packs", "check_dependencies", "suggest (reversed)"
    );
    for shape in ["chain", "star", "diamonds"] {
        let mut first: Option<[f64; 2]> = None;
        for n in [1_000, 10_000] {
            let packs = shaped(n, shape);
            let given: Vec<&Manifest> = packs.iter().collect();
            let reversed: Vec<&Manifest> = packs.iter().rev().collect();
            let check = best_of(5, || {
                let diagnostics = check_dependencies(given.iter().copied());
                assert!(diagnostics.is_empty(), "the shaped order is valid");
                black_box(diagnostics);
            });
            let suggest = best_of(5, || {
                black_box(suggest_load_order(reversed.iter().copied()).expect("no cycles"));
            });
            let per_pack = [check, suggest].map(|d| d.as_secs_f64() * 1e6 / n as f64);
            let base = *first.get_or_insert(per_pack);
            println!(
                "{shape:>9}  {n:>8}  {:>22}  {:>22}",
                format!("{:.3} ({:.2}×)", per_pack[0], per_pack[0] / base[0]),
                format!("{:.3} ({:.2}×)", per_pack[1], per_pack[1] / base[1]),
            );
        }
    }
}

/// The best of several runs of `f`, to keep scheduling noise out of the figure.
fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .expect("at least one run")
}

/// The packs each pack of a shape depends on (earlier packs only).
fn shape_dependencies(shape: &str, i: usize) -> Vec<usize> {
    match shape {
        "chain" => (i > 0).then(|| i - 1).into_iter().collect(),
        "star" => (i > 0).then_some(0).into_iter().collect(),
        _ => [i.checked_sub(1), i.checked_sub(2)]
            .into_iter()
            .flatten()
            .collect(),
    }
}

/// `n` tiny releases in a shape, each with a content type and one item of it, in load order.
fn shaped_releases(n: usize, shape: &str) -> Vec<PackRelease> {
    (0..n)
        .map(|i| {
            let dependencies: serde_json::Map<String, serde_json::Value> =
                shape_dependencies(shape, i)
                    .into_iter()
                    .map(|d| (format!("bench-p{d}"), "^1.0.0".into()))
                    .collect();
            serde_json::from_value(serde_json::json!({
                "manifest": {"id": format!("bench-p{i}"), "version": "1.0.0",
                             "specVersion": "1.0.0", "license": "CC0-1.0",
                             "defaultLanguage": "en", "dependencies": dependencies},
                "rules": {"contentTypes": {"thing": {}}},
                "content": {"things.one": {"id": "things.one", "type": "thing"}},
                "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
                "formulas": {}
            }))
            .expect("the shaped release fits the model")
        })
        .collect()
}

/// Every pack's ruleset, each extending its latest dependency's: the sum of the packs loaded,
/// as a check that each was made.
fn load_extending(releases: &[PackRelease], shape: &str, options: &LoadOptions) -> usize {
    let n = releases.len();
    // How many packs extend each one: its ruleset is kept until the last of them takes it.
    let mut uses = vec![0_usize; n];
    for i in 0..n {
        if let Some(&base) = shape_dependencies(shape, i).iter().max() {
            uses[base] += 1;
        }
    }
    let mut kept: HashMap<usize, Ruleset> = HashMap::new();
    let mut loaded = 0;
    for (i, release) in releases.iter().enumerate() {
        let ruleset = match shape_dependencies(shape, i).iter().max() {
            Some(&base) => {
                uses[base] -= 1;
                let from = if uses[base] == 0 {
                    kept.remove(&base)
                } else {
                    kept.get(&base).cloned()
                }
                .expect("the base was loaded first");
                extend_ruleset(from, release, options)
                    .unwrap_or_else(|_| panic!("a tiny pack extends"))
                    .0
            }
            None => load_ruleset([release], options).0,
        };
        loaded += ruleset.packs.len();
        if uses[i] > 0 {
            kept.insert(i, ruleset);
        }
    }
    black_box(loaded)
}

/// Every pack's closure loaded from scratch: the old way.
fn load_each_closure(releases: &[PackRelease], shape: &str, options: &LoadOptions) -> usize {
    let mut loaded = 0;
    for i in 0..releases.len() {
        let mut seen = vec![false; releases.len()];
        seen[i] = true;
        let mut closure = vec![i];
        let mut at = 0;
        while at < closure.len() {
            for d in shape_dependencies(shape, closure[at]) {
                if !std::mem::replace(&mut seen[d], true) {
                    closure.push(d);
                }
            }
            at += 1;
        }
        closure.sort_unstable();
        loaded += load_ruleset(closure.iter().map(|&c| &releases[c]), options)
            .0
            .packs
            .len();
    }
    black_box(loaded)
}

fn loads() {
    let options = LoadOptions {
        check_formulas: false,
        ..LoadOptions::default()
    };
    println!(
        "each pack loaded with its dependencies, time per pack in µs (× = relative to 1,000 packs):"
    );
    println!(
        "{:>9}  {:>8}  {:>18}  {:>28}  {:>26}",
        "shape", "packs", "baseline (one load)", "extending", "each closure from scratch"
    );
    for shape in ["chain", "star", "diamonds"] {
        let mut first: Option<[f64; 2]> = None;
        for n in [1_000, 10_000] {
            let releases = shaped_releases(n, shape);
            let baseline = best_of(3, || {
                black_box(load_ruleset(releases.iter(), &options));
            });
            let extending = best_of(3, || {
                load_extending(&releases, shape, &options);
            });
            let per_pack = [baseline, extending].map(|d| d.as_secs_f64() * 1e6 / n as f64);
            let base = *first.get_or_insert(per_pack);
            let scratch = if n <= 1_000 {
                let d = best_of(1, || {
                    load_each_closure(&releases, shape, &options);
                });
                format!("{:.3}", d.as_secs_f64() * 1e6 / n as f64)
            } else {
                "(not run)".to_owned()
            };
            println!(
                "{shape:>9}  {n:>8}  {:>18}  {:>28}  {:>26}",
                format!("{:.3} ({:.2}×)", per_pack[0], per_pack[0] / base[0]),
                format!(
                    "{:.3} ({:.2}×, {:.1}/base)",
                    per_pack[1],
                    per_pack[1] / base[1],
                    per_pack[1] / per_pack[0]
                ),
                scratch,
            );
        }
    }
}

fn main() {
    loads();
    shapes();
    for (shape, window) in [("scattered", None), ("local", Some(64))] {
        println!("{shape} dependencies, time per pack in µs (× = relative to 1,000 packs):");
        println!(
            "{:>8}  {:>14}  {:>25}  {:>25}  {:>25}",
            "packs",
            "baseline",
            "check_dependencies",
            "suggest (valid order)",
            "suggest (reversed)"
        );
        let mut baseline: Option<[f64; 4]> = None;
        for n in [1_000, 10_000, 100_000] {
            let packs = synthetic(n, window);
            let given: Vec<&Manifest> = packs.iter().collect();
            let reversed: Vec<&Manifest> = packs.iter().rev().collect();
            let runs = if n >= 100_000 { 3 } else { 10 };

            let baseline_run = best_of(runs, || {
                let index: HashMap<&str, usize> = given
                    .iter()
                    .enumerate()
                    .map(|(i, m)| (m.id.as_str(), i))
                    .collect();
                let mut found = 0;
                for manifest in &given {
                    for dep in manifest.dependencies.keys() {
                        found += index.get(dep.as_str()).copied().unwrap_or(0);
                    }
                }
                black_box(found);
            });
            let check = best_of(runs, || {
                let diagnostics = check_dependencies(given.iter().copied());
                assert!(diagnostics.is_empty(), "the synthetic order is valid");
                black_box(diagnostics);
            });
            let suggest_valid = best_of(runs, || {
                black_box(suggest_load_order(given.iter().copied()).expect("no cycles"));
            });
            let suggest_reversed = best_of(runs, || {
                black_box(suggest_load_order(reversed.iter().copied()).expect("no cycles"));
            });

            let per_pack = [baseline_run, check, suggest_valid, suggest_reversed]
                .map(|d| d.as_secs_f64() * 1e6 / n as f64);
            let first = *baseline.get_or_insert(per_pack);
            let cell = |i: usize| {
                let growth = per_pack[i] / first[i];
                if i == 0 {
                    format!("{:.3} ({growth:.2}×)", per_pack[0])
                } else {
                    format!(
                        "{:.3} ({growth:.2}×, {:.1}/base)",
                        per_pack[i],
                        per_pack[i] / per_pack[0]
                    )
                }
            };
            println!(
                "{n:>8}  {:>14}  {:>25}  {:>25}  {:>25}",
                cell(0),
                cell(1),
                cell(2),
                cell(3)
            );
        }
    }
}
