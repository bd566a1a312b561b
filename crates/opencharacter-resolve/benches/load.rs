//! `load_ruleset` on synthetic input, printing ratios against baselines measured in the same run.
//!
//! 1. **One large release** (thousands of content items, one in 32 an `extends` variant, about the
//!    share of the SRD 5.1 pack, with dice and formula properties and a full formula table):
//!    reading its JSON into the model and loading it, against a bare `serde_json` parse of the
//!    same text into a `Value`. Goal: under 2× the bare parse. The formula-table check (two parses per distinct formula) is
//!    shown apart, since an app that built its releases in-process may turn it off.
//! 2. **Many packs** (1,000, 10,000 and 30,000, each depending on the base and on the pack before
//!    it, each adding an item and an `extends` variant, overriding the items of the two packs
//!    before it and hiding a variant): time per pack, which should stay flat as the count grows
//!    (linear growth), beside a baseline that copies every item into one map. Both grow with the
//!    working set (caches, the allocator); the `/base` ratio shows what is the loader's own.
//!
//! Run with `cargo bench -p opencharacter-resolve --bench load`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use opencharacter_resolve::{LoadOptions, load_ruleset};
use opencharacter_spec::model::PackRelease;
use serde_json::{Map, Value, json};

fn compiled(text: &str) -> Value {
    let tree = opencharacter_formula::parse(text).expect("synthetic formulas parse");
    json!({"text": tree.to_string(), "tree": serde_json::to_value(&tree).expect("a tree serializes")})
}

fn rules() -> Value {
    json!({
        "fields": {
            "level": {"type": "number", "default": 1},
            "abilities.str": {"type": "number", "parts": {"mod": {"type": "number", "formula": "floor((abilities.str - 10) / 2)"}}},
        },
        "contentTypes": {"weapon": {
            "properties": {
                "damage": {"type": "dice"},
                "bonus": {"type": "formula"},
                "weight": {"type": "number"},
                "kind": {"type": "text"},
            },
            "filters": {"weight": {"type": "number"}},
        }},
    })
}

/// A release of `items` weapons; every eighth extends the one before it.
fn large_release(items: usize) -> String {
    let mut content = Map::new();
    let mut formulas = Map::new();
    formulas.insert(
        "floor((abilities.str - 10) / 2)".into(),
        compiled("floor((abilities.str - 10) / 2)"),
    );
    for i in 0..items {
        let id = format!("weapons.w{i}");
        let damage = format!("{}d{} + {}", 1 + i % 3, [4, 6, 8, 10, 12][i % 5], i % 7);
        let bonus = format!("abilities.str.mod + {}", i % 11);
        for formula in [&damage, &bonus] {
            if !formulas.contains_key(formula.as_str()) {
                formulas.insert(formula.clone(), compiled(formula));
            }
        }
        let properties =
            json!({"damage": damage, "bonus": bonus, "weight": i % 20, "kind": "blade"});
        let item = if i % 32 == 31 {
            json!({"id": id, "extends": format!("weapons.w{}", i - 1), "properties": {"weight": 1}, "tags": ["variant"]})
        } else {
            json!({"id": id, "type": "weapon", "properties": properties, "tags": ["martial", "metal"],
                   "price": {"amount": i, "unit": "gp"}})
        };
        content.insert(id, item);
    }
    let release = json!({
        "manifest": {"id": "bench-large", "version": "1.0.0", "specVersion": "1.0.0",
                     "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": rules(),
        "content": content,
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": formulas,
    });
    serde_json::to_string(&release).expect("a value serializes")
}

/// A base and `n` packs on top of it.
fn many_packs(n: usize) -> Vec<PackRelease> {
    let release = |value: Value| -> PackRelease {
        serde_json::from_value(value).expect("the synthetic release fits the model")
    };
    let mut base_content = Map::new();
    for i in 0..64 {
        base_content.insert(
            format!("weapons.b{i}"),
            json!({"id": format!("weapons.b{i}"), "type": "weapon", "properties": {"weight": i}}),
        );
    }
    let mut packs = vec![release(json!({
        "manifest": {"id": "bench-base", "version": "1.0.0", "specVersion": "1.0.0",
                     "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": {"contentTypes": {"weapon": {"properties": {"weight": {"type": "number"}}}}},
        "content": base_content,
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": {},
    }))];
    for p in 0..n {
        let mut dependencies = Map::new();
        dependencies.insert("bench-base".into(), json!("^1.0.0"));
        if p > 0 {
            dependencies.insert(format!("bench-p{}", p - 1), json!("^1.0.0"));
        }
        // Each pack overrides the `own` item of the two packs before it (so every such item has
        // two writers and one conflict), and hides the variant of the one before it.
        let mut content = Map::new();
        content.insert(
            "weapons.own".into(),
            json!({"id": "weapons.own", "type": "weapon", "properties": {"weight": p}}),
        );
        content.insert(
            "weapons.variant".into(),
            json!({"id": "weapons.variant", "extends": "weapons.b1", "properties": {"weight": 2}}),
        );
        for back in [1, 2] {
            if p >= back {
                content.insert(
                    format!("weapons.patch{back}"),
                    json!({"override": format!("bench-p{}:weapons.own", p - back),
                           "properties": {"weight": p % 5}}),
                );
            }
        }
        let hides: Vec<String> = if p > 0 {
            vec![format!("bench-p{}:weapons.variant", p - 1)]
        } else {
            Vec::new()
        };
        packs.push(release(json!({
            "manifest": {"id": format!("bench-p{p}"), "version": "1.0.0", "specVersion": "1.0.0",
                         "license": "CC0-1.0", "defaultLanguage": "en",
                         "dependencies": dependencies,
                         "hides": hides},
            "rules": {},
            "content": content,
            "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
            "formulas": {},
        })));
    }
    packs
}

/// The best time of each of `fs` over `rounds` rounds, the functions taking turns within a round:
/// interleaving keeps a change in machine load from favouring whichever ran first.
fn best_interleaved<const N: usize>(rounds: usize, mut fs: [&mut dyn FnMut(); N]) -> [Duration; N] {
    let mut best = [Duration::MAX; N];
    for _ in 0..rounds {
        for (f, best) in fs.iter_mut().zip(best.iter_mut()) {
            let start = Instant::now();
            f();
            *best = (*best).min(start.elapsed());
        }
    }
    best
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let items = 5_000;
    let text = large_release(items);
    println!(
        "one release of {items} content items ({:.1} MB of JSON), best of 15 interleaved, ms:",
        text.len() as f64 / 1e6
    );
    let load = |options: &LoadOptions| {
        let release: PackRelease = serde_json::from_str(&text).expect("a release");
        let (ruleset, diagnostics) = load_ruleset([&release], options);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        black_box(ruleset);
    };
    let unchecked_options = LoadOptions {
        check_formulas: false,
        ..LoadOptions::default()
    };
    let [bare, typed, full, unchecked] = best_interleaved(
        15,
        [
            &mut || {
                black_box(serde_json::from_str::<Value>(&text).expect("valid JSON"));
            },
            &mut || {
                black_box(serde_json::from_str::<PackRelease>(&text).expect("a release"));
            },
            &mut || load(&LoadOptions::default()),
            &mut || load(&unchecked_options),
        ],
    );
    println!(
        "  bare serde_json::Value parse      {:>8.2}  (1.00×)",
        ms(bare)
    );
    for (what, time) in [
        ("parse into the model             ", typed),
        ("parse + load_ruleset             ", full),
        ("parse + load_ruleset, no formulas", unchecked),
    ] {
        println!(
            "  {what} {:>8.2}  ({:.2}× the bare parse; goal < 2×)",
            ms(time),
            time.as_secs_f64() / bare.as_secs_f64()
        );
    }

    // `OPENCHARACTER_BENCH_PART=large` stops here (for profiling one part).
    if std::env::var("OPENCHARACTER_BENCH_PART").is_ok_and(|part| part == "large") {
        return;
    }
    // Baseline for many packs, measured in the same run: the least a loader of borrowed releases
    // must do, copying every content item into one map by qualified ID. Its time per pack grows
    // with the working set too (cache misses, the allocator); `/base` divides that out.
    println!("\nmany packs through load_ruleset, best of 5 interleaved, time per pack in µs:");
    println!(
        "{:>8}  {:>22}  {:>32}",
        "packs", "baseline (copy items)", "load_ruleset"
    );
    let mut first: Option<(f64, f64)> = None;
    for n in [1_000, 10_000, 30_000] {
        let packs = many_packs(n);
        let [baseline, time] = best_interleaved(
            5,
            [
                &mut || {
                    let mut all = indexmap::IndexMap::new();
                    for release in &packs {
                        for (id, item) in &release.content {
                            all.insert(format!("{}:{id}", release.manifest.id), item.clone());
                        }
                    }
                    black_box(all);
                },
                &mut || {
                    let (ruleset, diagnostics) = load_ruleset(&packs, &LoadOptions::default());
                    assert!(diagnostics.is_empty(), "{:?}", &diagnostics[..1]);
                    black_box(ruleset);
                },
            ],
        );
        let per_pack = |d: Duration| d.as_secs_f64() * 1e6 / (n + 1) as f64;
        let (base, load) = (per_pack(baseline), per_pack(time));
        let (base_1k, load_1k) = *first.get_or_insert((base, load));
        println!(
            "{n:>8}  {base:>10.2} ({:.2}×)  {load:>10.2} ({:.2}×, {:.1}/base)",
            base / base_1k,
            load / load_1k,
            load / base
        );
    }
    println!("(×: relative to 1,000 packs; goal: linear growth, so /base stays flat)");
}
