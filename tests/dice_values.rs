//! End to end: dice-valued formulas, negative bonuses and aggregates over owned content, on
//! the small game `tests/packs/dice-values/` (validated first: it must be clean, so the static
//! kind check passes every right formula), with characters written here.
//!
//! Every expected value is worked out by hand from the SRD 5.1's spell and equipment text the
//! pack's comments quote, and from docs/spec/formulas.md's canonical folded text.

use std::path::Path;
use std::sync::OnceLock;

use opencharacter::sheet::{EvaluateOptions, RollKind, Sheet, evaluate};
use opencharacter::spec::model::{Character, Ruleset};

fn ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/packs/dice-values");
        crate::common::clean_ruleset(&root, "the dice-values pack")
    })
}

/// A character of the pack: level, slot level and Strength, owning every spell, a scimitar,
/// three torches, a rope and two lanterns.
fn sheet(level: i64, slot: i64, strength: i64) -> Sheet {
    let text = format!(
        "packs: {{ demo-dice: 1.0.0 }}\n\
         fields: {{ 'demo-dice:level': {level}, 'demo-dice:slot': {slot}, 'demo-dice:abilities.str': {strength} }}\n\
         content:\n\
         \x20 - {{ id: 'demo-dice:spells.fire-bolt' }}\n\
         \x20 - {{ id: 'demo-dice:spells.fireball' }}\n\
         \x20 - {{ id: 'demo-dice:spells.magic-missile' }}\n\
         \x20 - {{ id: 'demo-dice:spells.cure-wounds' }}\n\
         \x20 - {{ id: 'demo-dice:spells.flame-strike' }}\n\
         \x20 - {{ id: 'demo-dice:weapons.scimitar' }}\n\
         \x20 - {{ id: 'demo-dice:gear.torch', quantity: 3 }}\n\
         \x20 - {{ id: 'demo-dice:gear.rope' }}\n\
         \x20 - {{ id: 'demo-dice:gear.lantern', quantity: 2 }}\n"
    );
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    evaluate(ruleset(), &character, &EvaluateOptions::default())
}

/// A dice roll's formula, minimum, maximum and mean, as text.
fn dice(sheet: &Sheet, item: &str, property: &str) -> (String, String, String, String) {
    let id = format!("item:demo-dice:{item}:{property}");
    let roll = sheet.roll(&id).unwrap_or_else(|| panic!("no roll {id}"));
    let RollKind::Dice(d) = &roll.kind else {
        panic!("{id} is {:?}", roll.kind)
    };
    let show = |v: &Option<opencharacter::sheet::SheetValue>| {
        v.as_ref().map(ToString::to_string).unwrap_or_default()
    };
    (d.formula.clone(), show(&d.min), show(&d.max), show(&d.mean))
}

fn text(sheet: &Sheet, field: &str) -> String {
    sheet
        .value(&format!("demo-dice:{field}"))
        .unwrap()
        .to_string()
}

#[test]
fn spells_fold_to_the_dice_of_their_level() {
    // Level 5, a 3rd-level slot, STR 8.
    let s = sheet(5, 3, 8);
    let problems: Vec<_> = s.issues.iter().map(|d| d.message()).collect();
    assert_eq!(problems.len(), 0, "{problems:#?}");
    // Fire Bolt at character level 5: 2d10, 2–20, mean 11.
    assert_eq!(
        dice(&s, "spells.fire-bolt", "damage"),
        ("2d10".into(), "2".into(), "20".into(), "11".into())
    );
    // Fireball from a 3rd-level slot: 8d6, 8–48, mean 28.
    assert_eq!(
        dice(&s, "spells.fireball", "damage"),
        ("8d6".into(), "8".into(), "48".into(), "28".into())
    );
    // Magic Missile from a 3rd-level slot: 5 darts of 1d4 + 1, so 5d4 + 5: 10–25, mean 35/2.
    assert_eq!(
        dice(&s, "spells.magic-missile", "damage"),
        ("5d4 + 5".into(), "10".into(), "25".into(), "35/2".into())
    );
    let missile = s
        .content
        .iter()
        .find(|i| i.id.to_string().ends_with("magic-missile"))
        .unwrap();
    assert_eq!(missile.properties["darts"], 5);
    // Cure Wounds from a 3rd-level slot with a +3 modifier: 3d8 + 3, 6–27, mean 33/2.
    assert_eq!(
        dice(&s, "spells.cure-wounds", "heal"),
        ("3d8 + 3".into(), "6".into(), "27".into(), "33/2".into())
    );
    // Flame Strike needs a 5th-level slot: from a 3rd its damage is not there, and says why.
    let RollKind::Unavailable { reason } = &s
        .roll("item:demo-dice:spells.flame-strike:damage")
        .unwrap()
        .kind
    else {
        panic!("Flame Strike rolls from a 3rd-level slot")
    };
    // A typed reason: `lookup`'s value below its first threshold (formula-eval-at wraps it).
    assert!(
        reason
            .reasons()
            .iter()
            .any(|r| r.key == "range-below-threshold"),
        "{reason}"
    );
    // The dice fields: 5d8 hit dice at level 5, the cantrip's 2d10.
    assert_eq!(text(&s, "hit_dice.roll"), "5d8");
    assert_eq!(text(&s, "cantrip.dice"), "2d10");
}

#[test]
fn the_highest_levels_and_like_terms() {
    // Level 17, a 9th-level slot, STR 14.
    let s = sheet(17, 9, 14);
    // Fire Bolt at 17th level: 4d10. Fireball from a 9th-level slot: 8 + 6 = 14d6.
    assert_eq!(dice(&s, "spells.fire-bolt", "damage").0, "4d10");
    assert_eq!(dice(&s, "spells.fireball", "damage").0, "14d6");
    // Flame Strike from a 9th-level slot: 4d6 + 8d6 of like dice, 12d6 (12–72, mean 42).
    assert_eq!(
        dice(&s, "spells.flame-strike", "damage"),
        ("12d6".into(), "12".into(), "72".into(), "42".into())
    );
    // Magic Missile from a 9th-level slot: 11 darts, 11d4 + 11. Cure Wounds: 9d8 + 3.
    assert_eq!(dice(&s, "spells.magic-missile", "damage").0, "11d4 + 11");
    assert_eq!(dice(&s, "spells.cure-wounds", "heal").0, "9d8 + 3");
    assert_eq!(text(&s, "cantrip.dice"), "4d10");
    // A scimitar at STR 14 (+2): 1d6 + 2, as the SRD prints a goblin's.
    assert_eq!(
        dice(&s, "weapons.scimitar", "damage"),
        ("d6 + 2".into(), "3".into(), "8".into(), "11/2".into())
    );
}

#[test]
fn a_negative_bonus_prints_as_subtraction() {
    // STR 8 is a -1 modifier: a scimitar deals 1d6 - 1 (0–5, mean 5/2), never `d6 + -1`.
    let s = sheet(1, 1, 8);
    assert_eq!(
        dice(&s, "weapons.scimitar", "damage"),
        ("d6 - 1".into(), "0".into(), "5".into(), "5/2".into())
    );
    // STR 10 is +0: the bonus disappears.
    let s = sheet(1, 1, 10);
    assert_eq!(dice(&s, "weapons.scimitar", "damage").0, "d6");
    // Fire Bolt at level 1 (1d10) and Magic Missile from a 1st-level slot (3d4 + 3).
    assert_eq!(dice(&s, "spells.fire-bolt", "damage").0, "d10");
    assert_eq!(dice(&s, "spells.magic-missile", "damage").0, "3d4 + 3");
}

#[test]
fn aggregates_count_what_is_owned_with_its_quantity() {
    let s = sheet(1, 1, 10);
    // Three torches of 1 lb, a 10 lb rope, two 2 lb lanterns and a 3 lb scimitar: 3 + 10 + 4
    // + 3 = 20 lb; spells weigh nothing.
    assert_eq!(s.integer("demo-dice:carried.weight"), Some(20));
    // Only the gear tagged `gear`: torches and the rope, 3 + 10 = 13 lb.
    assert_eq!(s.integer("demo-dice:gear.weight"), Some(13));
    // Light sources: three torches and two lanterns.
    assert_eq!(s.integer("demo-dice:lights"), Some(5));
}
