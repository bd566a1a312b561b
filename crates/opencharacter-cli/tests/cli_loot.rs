//! A seeded loot roll checked against a result worked by hand from the documented algorithm
//! (formulas.md, "Evaluation order and the dice roller": SplitMix64 and `roll(S)`; rules.md,
//! "Loot tables": how a seeded roll walks a table), not from the program.
//!
//! The table, `barrow-1e:hoard`: `rolls: 1d4`; entries, in order, a pistol (weight 3), 2d6
//! shillings (weight 2) and any relic (weight 1; the pack has one, the bone idol). Total weight
//! 6, so a roll's `roll(6)` picks the pistol on 1–3, the shillings on 4–5, the relic on 6.
//!
//! Worked with seed 36 by this script (Python 3, written from formulas.md's pseudocode, run
//! once by hand; it checks itself against the page's "seed 0 gives 0xE220A8397B1DCDAF"):
//!
//! ```python
//! M = 2**64
//! def splitmix(seed):
//!     state = seed
//!     while True:
//!         state = (state + 0x9E3779B97F4A7C15) % M
//!         z = state
//!         z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M
//!         z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M
//!         yield z ^ (z >> 31)
//! def roller(seed):
//!     g = splitmix(seed)
//!     def roll(s):
//!         reject = M % s
//!         while True:
//!             x = next(g)
//!             if reject == 0 or x < M - reject:
//!                 return x % s + 1
//!     return roll
//! assert next(splitmix(0)) == 0xE220A8397B1DCDAF
//! roll = roller(36)
//! rolls = roll(4)                      # the table's `rolls: 1d4`
//! for _ in range(rolls):
//!     pick = roll(6)                   # the entry, by weight
//!     if pick <= 3: print("pistol", 1)            # no `count`: 1, nothing rolled
//!     elif pick <= 5: print("shillings", roll(6) + roll(6))   # `count: 2d6`
//!     else: roll(1); print("relic", 1)            # the filter's one match, still rolled
//! ```
//!
//! The rolls in turn: `roll(4)` = 4 rolls of the table; pick 4 (the shillings, 2d6 = 6 + 3 =
//! 9); pick 6 (the relic; its `roll(1)` = 1); pick 3 and pick 2 (the pistol twice).

use std::path::Path;

use super::support::{run_in as run, stdout};

const BARROW: &[(&str, &str)] = &[
    (
        "pack.yaml",
        "id: barrow-1e\nversion: 0.1.0\nspecVersion: 1.5.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    ),
    (
        "rules/loot.yaml",
        r#"contentTypes:
  arm: {}
  relic: {}
currencies:
  coin:
    units:
      penny: { value: 1 }
      shilling: { value: 12 }
lootTables:
  hoard:
    rolls: 1d4
    entries:
      - { item: arms.pistol, weight: 3 }
      - { coins: shilling, weight: 2, count: 2d6 }
      - { filter: { type: relic }, weight: 1 }
"#,
    ),
    ("content/arms/pistol.yaml", "id: arms.pistol\ntype: arm\n"),
    (
        "content/relics/bone-idol.yaml",
        "id: relics.bone-idol\ntype: relic\n",
    ),
    (
        "i18n/en.yaml",
        r#"_meta: { language: en, direction: ltr }
pack.name: Barrow
content.arms.pistol.name: Pistol
content.relics.bone-idol.name: Bone idol
contentType.arm.label: Arm
contentType.relic.label: Relic
currency.penny.label: pennies
currency.shilling.label: shillings
family.coin.label: Coin
lootTable.hoard.label: Hoard
"#,
    ),
];

fn barrow(dir: &Path) {
    for (path, text) in BARROW {
        let file = dir.join("packs/barrow/1e").join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
}

#[test]
fn a_seeded_loot_roll_gives_the_drops_worked_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    barrow(dir.path());
    let args = [
        "economy",
        "--packs",
        "packs/barrow/1e",
        "--loot",
        "barrow-1e:hoard",
        "--seed",
        "36",
    ];
    let text = run(dir.path(), &args);
    assert_eq!(text.status.code(), Some(0), "{}", stdout(&text));
    assert_eq!(
        stdout(&text),
        "layers: none\nHoard (barrow-1e:hoard) (seed 36):\n  9 shillings\n  \
         Bone idol (barrow-1e:relics.bone-idol) ×1\n  Pistol (barrow-1e:arms.pistol) ×1\n  \
         Pistol (barrow-1e:arms.pistol) ×1\n"
    );
    let json = run(dir.path(), &[&args[..], &["--format", "json"]].concat());
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["loot"],
        serde_json::json!({"table": "barrow-1e:hoard", "seed": 36, "drops": [
            {"coins": {"amount": 9, "unit": "barrow-1e:shilling"}},
            {"item": "barrow-1e:relics.bone-idol", "count": 1},
            {"item": "barrow-1e:arms.pistol", "count": 1},
            {"item": "barrow-1e:arms.pistol", "count": 1}
        ]})
    );
}
