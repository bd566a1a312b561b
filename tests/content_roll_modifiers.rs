//! Roll modifiers (`docs/spec/content.md#roll-modifiers`) on the small pack
//! `tests/packs/spellcraft/core`: features that add to, or maximise, the rolls of the spells their
//! owner has, chosen by school, element, circle or ID, at every circle a spell is cast at. Every
//! expected number is worked by hand in the comments from the pack's own rules.
//!
//! The caster: level 5, Wits 16 (modifier floor((16 - 10) / 2) = +3), casting up to the 3rd
//! circle, owning every spell of the pack and the features each test names.

use std::sync::OnceLock;

use opencharacter::formula::MapEnv;
use opencharacter::sheet::{Roll, RollKind, Sheet};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

fn spellcraft() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(&common::root().join("tests/packs/spellcraft"), "spellcraft")
    })
}

const SPELLS: [&str; 7] = [
    "fire-wave",
    "sparks",
    "frost-ray",
    "hush",
    "mend",
    "balm",
    "soothe",
];

fn sheet(features: &[&str]) -> Sheet {
    let mut text = "packs: { spellcraft-core: 0.1.0 }\n\
         setup: { packs: { spellcraft-core: 0.1.0 } }\n\
         fields: { 'spellcraft-core:level': 5, 'spellcraft-core:wits': 16, 'spellcraft-core:circles': 3 }\n\
         content:\n"
        .to_owned();
    for spell in SPELLS {
        text.push_str(&format!("  - id: spellcraft-core:spells.{spell}\n"));
    }
    for feature in features {
        text.push_str(&format!("  - id: spellcraft-core:features.{feature}\n"));
    }
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    let sheet = evaluate(spellcraft(), &character, &EvaluateOptions::default());
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    sheet
}

/// One entry as `(cast_at, times, formula, once)`.
type Entry = (Option<i64>, Option<i64>, String, Option<String>);

fn entries(sheet: &Sheet, roll: &str) -> Vec<Entry> {
    let id = format!("item:spellcraft-core:spells.{roll}");
    sheet
        .rolls
        .iter()
        .filter(|r| r.id == id)
        .map(|r: &Roll| {
            let formula = match &r.kind {
                RollKind::Dice(d) => d.formula.clone(),
                other => format!("{other:?}"),
            };
            let at = r.at.get("cast_at").copied();
            (at, r.times, formula, r.once.clone())
        })
        .collect()
}

/// Whether two dice texts are the same roll (exact distributions: `2d4 + 3` is `3 + 2d4`).
fn same(actual: &str, expected: &str) -> bool {
    let dist = |text: &str| {
        opencharacter::formula::parse(text)
            .ok()?
            .analyze(&MapEnv::default())
            .ok()
    };
    matches!((dist(actual), dist(expected)), (Some(a), Some(e)) if a == e)
}

/// Checks each entry's circle, times, formula and `once` against `(cast_at, times, formula,
/// once)`.
fn assert_entries(sheet: &Sheet, roll: &str, expected: &[(i64, i64, &str, Option<&str>)]) {
    let found = entries(sheet, roll);
    assert_eq!(found.len(), expected.len(), "{roll}: {found:?}");
    for ((at, times, formula, once), (e_at, e_times, e_formula, e_once)) in
        found.iter().zip(expected)
    {
        let what = format!("{roll} at {at:?}: {formula} (once {once:?})");
        assert_eq!(at.unwrap_or(-1), *e_at, "{what}");
        assert_eq!(times.unwrap_or(1), *e_times, "{what}");
        assert!(same(formula, e_formula), "{what}, expected {e_formula}");
        match (once, e_once) {
            (None, None) => {}
            (Some(once), Some(e_once)) => assert!(same(once, e_once), "{what}, once {e_once}"),
            _ => panic!("{what}, expected once {e_once:?}"),
        }
    }
}

#[test]
fn without_modifiers_the_spells_roll_as_written() {
    let sheet = sheet(&[]);
    // Fire wave: (cast_at + 2)d6 at circles 2 and 3.
    assert_entries(
        &sheet,
        "fire-wave:damage",
        &[(2, 1, "4d6", None), (3, 1, "5d6", None)],
    );
    // Sparks: cast_at + 1 motes of d4 + 1 at circles 1 to 3.
    assert_entries(
        &sheet,
        "sparks:damage",
        &[
            (1, 2, "d4 + 1", None),
            (2, 3, "d4 + 1", None),
            (3, 4, "d4 + 1", None),
        ],
    );
    // Mend: cast_at d8 + 3; balm reads no circle: one entry.
    assert_entries(
        &sheet,
        "mend:healing",
        &[
            (1, 1, "1d8 + 3", None),
            (2, 1, "2d8 + 3", None),
            (3, 1, "3d8 + 3", None),
        ],
    );
    assert_eq!(entries(&sheet, "balm:healing").len(), 1);
}

#[test]
fn a_bonus_by_school_goes_once_to_a_roll_made_several_times() {
    let sheet = sheet(&["evoker"]);
    // Evoker: + Wits modifier (3) to one damage roll of an evoking spell.
    assert_entries(
        &sheet,
        "fire-wave:damage",
        &[(2, 1, "4d6 + 3", None), (3, 1, "5d6 + 3", None)],
    );
    // Sparks is evoking: each mote d4 + 1, one of them 3 more.
    assert_entries(
        &sheet,
        "sparks:damage",
        &[
            (1, 2, "d4 + 1", Some("3")),
            (2, 3, "d4 + 1", Some("3")),
            (3, 4, "d4 + 1", Some("3")),
        ],
    );
    // Frost ray is shaping: unchanged, two rays of 1d10 (read at no circle: its rolls read none).
    assert_entries(&sheet, "frost-ray:damage", &[(-1, 2, "1d10", None)]);
}

#[test]
fn a_bonus_to_one_spell_by_id_goes_to_each_ray() {
    let sheet = sheet(&["frost-adept"]);
    // Frost adept: + 2 to each ray of frost ray (scope each): two rays of 1d10 + 2.
    assert_entries(&sheet, "frost-ray:damage", &[(-1, 2, "1d10 + 2", None)]);
    // No other spell: fire wave unchanged.
    assert_entries(
        &sheet,
        "fire-wave:damage",
        &[(2, 1, "4d6", None), (3, 1, "5d6", None)],
    );
}

#[test]
fn a_bonus_by_element_adds_dice_and_a_spell_without_one_is_not_reached() {
    let sheet = sheet(&["evoker", "storm-heart"]);
    // Sparks is lightning and evoking: one mote gets 3 (evoker) + 1d4 (storm heart).
    assert_entries(
        &sheet,
        "sparks:damage",
        &[
            (1, 2, "d4 + 1", Some("1d4 + 3")),
            (2, 3, "d4 + 1", Some("1d4 + 3")),
            (3, 4, "d4 + 1", Some("1d4 + 3")),
        ],
    );
    // Hush sets no element (and has no default): storm heart's condition fails, 1d6 as written.
    assert_entries(&sheet, "hush:damage", &[(-1, 1, "1d6", None)]);
}

#[test]
fn a_healing_bonus_reads_the_circle_and_makes_a_roll_vary_over_it() {
    let sheet = sheet(&["life-touch"]);
    // Life touch: + 2 + the circle cast at, on spells of the 1st circle or higher.
    // Mend: 1d8 + 3 + 3, 2d8 + 3 + 4, 3d8 + 3 + 5.
    assert_entries(
        &sheet,
        "mend:healing",
        &[
            (1, 1, "1d8 + 6", None),
            (2, 1, "2d8 + 7", None),
            (3, 1, "3d8 + 8", None),
        ],
    );
    // Balm's 2d4 is the same at every circle, but the bonus is not: 2d4 + 3, + 4, + 5.
    assert_entries(
        &sheet,
        "balm:healing",
        &[
            (1, 1, "2d4 + 3", None),
            (2, 1, "2d4 + 4", None),
            (3, 1, "2d4 + 5", None),
        ],
    );
    // Soothe is a cantrip (circle 0): not reached, 1d4 at each circle 0 to 3 it now varies over.
    assert_entries(
        &sheet,
        "soothe:healing",
        &[
            (0, 1, "1d4", None),
            (1, 1, "1d4", None),
            (2, 1, "1d4", None),
            (3, 1, "1d4", None),
        ],
    );
}

#[test]
fn maximized_dice_give_their_highest_total_before_a_bonus() {
    let sheet = sheet(&["full-bloom", "life-touch"]);
    // Mend maximized: 8 + 3 = 11 at circle 1, then + 2 + 1 = 14; circle 2: 16 + 3 + 4 = 23;
    // circle 3: 24 + 3 + 5 = 32.
    assert_entries(
        &sheet,
        "mend:healing",
        &[(1, 1, "14", None), (2, 1, "23", None), (3, 1, "32", None)],
    );
    // Balm: 2d4 at most 8, + 2 + 1 = 11 at circle 1.
    assert_eq!(entries(&sheet, "balm:healing")[0].2, "11");
    // Full bloom alone on soothe: 1d4 at most 4.
    let alone = self::sheet(&["full-bloom"]);
    assert_entries(&alone, "soothe:healing", &[(-1, 1, "4", None)]);
}
