//! Migrating 100,000 saved characters, beside a bare JSON read and write of the same characters
//! measured in the same run: the ratio is what migrating on every read costs over reading at all.
//!
//! Two passes: characters saved with 0.1.0 of the fixture pack `demo-heroes`, read with 0.3.0
//! (both scripts run, and every `routeLive` evaluates the character's sheet to pick a pool), then
//! the migrated characters read again (the common case: only `routeLive` looks, finds no old key).
//!
//! The migration runs through a [`Plan`] compiled once (issue 23), as an app or `migrate --jsonl`
//! does.
//!
//! `cargo bench -p opencharacter-migrate` (optionally `-- 20000` for fewer characters).

#![allow(clippy::print_stdout, reason = "a benchmark reports on stdout")]

use std::hint::black_box;
use std::time::{Duration, Instant};

use opencharacter_migrate::Plan;
use opencharacter_resolve::{LoadOptions, load_ruleset};
use opencharacter_spec::model::{Character, PackRelease};

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(100_000);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/migrations/0.3.0/release.json"
    );
    let text = std::fs::read_to_string(path).expect("the fixture release is in the repository");
    let release: PackRelease = serde_json::from_str(&text).expect("the fixture release parses");
    let (ruleset, diagnostics) = load_ruleset([&release], &LoadOptions::default());
    assert!(diagnostics.is_empty(), "{diagnostics:?}");

    // The scripts compiled once, as an app or a batch holds them while the packs are loaded.
    let plan = Plan::new(&ruleset);

    let saved: Vec<String> = (0..count).map(character).collect();
    let bytes: usize = saved.iter().map(String::len).sum();
    println!(
        "{count} characters, {:.1} MB of JSON",
        bytes as f64 / 1_000_000.0
    );

    let baseline = time(|| {
        for text in &saved {
            let character: Character = serde_json::from_str(text).expect("generated JSON");
            black_box(serde_json::to_string(&character).expect("serializable"));
        }
    });
    let mut migrated = Vec::with_capacity(count);
    let first = time(|| {
        for text in &saved {
            let character: Character = serde_json::from_str(text).expect("generated JSON");
            let (character, report) = plan.migrate(character);
            assert!(report.changed);
            migrated.push(serde_json::to_string(&character).expect("serializable"));
        }
    });
    let again_baseline = time(|| {
        for text in &migrated {
            let character: Character = serde_json::from_str(text).expect("migrated JSON");
            black_box(serde_json::to_string(&character).expect("serializable"));
        }
    });
    let again = time(|| {
        for text in &migrated {
            let character: Character = serde_json::from_str(text).expect("migrated JSON");
            let (character, report) = plan.migrate(character);
            assert!(!report.changed);
            black_box(serde_json::to_string(&character).expect("serializable"));
        }
    });

    report("bare JSON read + write", baseline, None, count);
    report(
        "read + migrate 0.1.0 -> 0.3.0 + write",
        first,
        Some(baseline),
        count,
    );
    report(
        "bare JSON read + write (migrated)",
        again_baseline,
        None,
        count,
    );
    report(
        "read + migrate (already current) + write",
        again,
        Some(again_baseline),
        count,
    );
}

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn report(what: &str, took: Duration, against: Option<Duration>, count: usize) {
    let per = took.as_secs_f64() * 1e6 / count as f64;
    match against {
        Some(base) => println!(
            "{what:<42} {:>9.1} ms  {per:>7.2} µs each  {:>6.2}x the bare read",
            took.as_secs_f64() * 1e3,
            took.as_secs_f64() / base.as_secs_f64()
        ),
        None => println!(
            "{what:<42} {:>9.1} ms  {per:>7.2} µs each",
            took.as_secs_f64() * 1e3
        ),
    }
}

/// A character saved with 0.1.0, varied by `n`: class text, level or none, experience, strength,
/// hit dice left, attack rows and an owned deprecated feat.
fn character(n: usize) -> String {
    const CLASSES: [&str; 6] = [
        "Fighter3",
        "Fighter 3 / Wizard 2",
        "",
        "wizard",
        "Noble knight",
        "Rogue",
    ];
    let class = CLASSES[n % CLASSES.len()];
    let level = if n.is_multiple_of(7) {
        String::new()
    } else {
        format!(r#","demo-heroes:level":{}"#, n % 20 + 1)
    };
    let feat = if n.is_multiple_of(3) {
        r#","content":[{"id":"demo-heroes:feats.old-alert"}]"#
    } else {
        ""
    };
    format!(
        concat!(
            r#"{{"packs":{{"demo-heroes":"0.1.0"}},"fields":{{"demo-heroes:name":"Hero {n}","#,
            r#""demo-heroes:class":"{class}","demo-heroes:xp":{xp},"demo-heroes:origin":"Noble house","#,
            r#""demo-heroes:renown":{renown},"demo-heroes:abilities.str":{str}{level}}},"#,
            r#""lists":{{"demo-heroes:attacks":[{{"name":"Dagger","ability":"dex"}},"#,
            r#"{{"name":"Longsword","ability":"str","bonus":1}}]}},"#,
            r#""live":{{"pools":{{"demo-heroes:hit_dice":{dice}}}}}{feat}}}"#
        ),
        n = n,
        class = class,
        xp = n * 37 % 100_000,
        renown = n % 5,
        str = 8 + n % 11,
        level = level,
        dice = n % 5,
        feat = feat,
    )
}
