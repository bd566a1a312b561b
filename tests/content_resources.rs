//! `tests/packs/resources/core`: resources content carries (`docs/spec/content.md#resources`),
//! evaluated with numbers worked out by hand from the SRD 5.1 rules each item's file quotes.

use std::sync::OnceLock;

use opencharacter::sheet::{ResourceValue, Sheet};
use opencharacter::spec::model::{Character, RecoveryEvent, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

fn ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(&common::root().join("tests/packs/resources"), "resources")
    })
}

fn character(fields: &str, content: &str, live: &str) -> Character {
    let text = format!(
        "packs: {{ resources-core: 0.1.0 }}\n\
         setup: {{ packs: {{ resources-core: 0.1.0 }} }}\n\
         fields: {{ {fields} }}\n\
         content: [{content}]\n\
         live: {{ resources: {{ {live} }} }}\n"
    );
    opencharacter::spec::yaml::from_str(&text).unwrap()
}

fn sheet(fields: &str, content: &str, live: &str) -> Sheet {
    evaluate(
        ruleset(),
        &character(fields, content, live),
        &EvaluateOptions::default(),
    )
}

fn resource<'s>(sheet: &'s Sheet, item: &str, id: &str) -> &'s ResourceValue {
    sheet
        .resources
        .iter()
        .find(|r| r.item.to_string() == format!("resources-core:{item}") && r.id.as_str() == id)
        .unwrap_or_else(|| panic!("no resource {item}/{id} in {:#?}", sheet.resources))
}

fn number(value: Option<&opencharacter::sheet::SheetValue>) -> Option<String> {
    value.map(ToString::to_string)
}

#[test]
fn a_wand_has_seven_charges_and_regains_1d6_plus_1_at_dawn() {
    // Saved at 3 of its 7 charges (the wand's `charges: 7`, read as `item.charges`).
    let sheet = sheet(
        "",
        "{ id: 'resources-core:wands.magic-missiles' }",
        "'resources-core:wands.magic-missiles': { charges: 3 }",
    );
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    let charges = resource(&sheet, "wands.magic-missiles", "charges");
    assert_eq!(number(charges.current.as_ref()).as_deref(), Some("3"));
    assert_eq!(number(charges.max.as_ref()).as_deref(), Some("7"));
    assert_eq!(charges.recovers_on, RecoveryEvent::Dawn);
    // The amount is the wand's `recharge`, read through `item.recharge`: 1d6 + 1, in canonical
    // dice text (one die is written `d6`, formulas.md).
    assert_eq!(number(charges.recovers.as_ref()).as_deref(), Some("d6 + 1"));
    assert_eq!(
        charges.pointer(),
        "/live/resources/resources-core:wands.magic-missiles/charges"
    );
}

#[test]
fn a_new_wand_starts_full_and_more_than_its_maximum_is_out_of_bounds() {
    let new = sheet("", "{ id: 'resources-core:wands.magic-missiles' }", "");
    let charges = resource(&new, "wands.magic-missiles", "charges");
    assert_eq!(number(charges.current.as_ref()).as_deref(), Some("7"));

    let over = sheet(
        "",
        "{ id: 'resources-core:wands.magic-missiles' }",
        "'resources-core:wands.magic-missiles': { charges: 9 }",
    );
    let codes: Vec<(&str, Option<&str>)> = over
        .issues
        .iter()
        .map(|d| (d.code.name, d.location.pointer.as_deref()))
        .collect();
    assert_eq!(
        codes,
        [(
            "value-out-of-bounds",
            Some("/live/resources/resources-core:wands.magic-missiles/charges")
        )]
    );
}

#[test]
fn rage_uses_follow_the_barbarian_table_and_come_back_on_a_long_rest() {
    // The SRD's Barbarian table: 2 rages at levels 1 and 2, 3 at 3 to 5, 4 at 6 to 11.
    for (level, uses) in [(1, "2"), (2, "2"), (3, "3"), (5, "3"), (6, "4"), (11, "4")] {
        let sheet = sheet(
            &format!("'resources-core:level': {level}"),
            "{ id: 'resources-core:classes.barbarian' }",
            "",
        );
        assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
        // Granted by the class, the feature carries the resource.
        let rage = resource(&sheet, "features.rage", "uses");
        assert_eq!(
            number(rage.max.as_ref()).as_deref(),
            Some(uses),
            "level {level}"
        );
        assert_eq!(number(rage.current.as_ref()).as_deref(), Some(uses));
        assert_eq!(rage.recovers_on, RecoveryEvent::LongRest);
        // Without an amount, a recovery brings the pool back to its maximum.
        assert_eq!(rage.recovers, None);
    }
}

#[test]
fn ki_equals_the_monk_level_from_the_second_level() {
    // The SRD's monk has no ki at 1st level: the feature is granted from level 2.
    let first = sheet(
        "'resources-core:level': 1",
        "{ id: 'resources-core:classes.monk' }",
        "",
    );
    assert!(first.resources.is_empty(), "{:#?}", first.resources);
    // Level 5: 5 ki points, 2 spent and saved as 3, back on a short rest.
    let fifth = sheet(
        "'resources-core:level': 5",
        "{ id: 'resources-core:classes.monk' }",
        "'resources-core:features.ki': { points: 3 }",
    );
    assert!(fifth.issues.is_empty(), "{:#?}", fifth.issues);
    let ki = resource(&fifth, "features.ki", "points");
    assert_eq!(number(ki.max.as_ref()).as_deref(), Some("5"));
    assert_eq!(number(ki.current.as_ref()).as_deref(), Some("3"));
    assert_eq!(ki.recovers_on, RecoveryEvent::ShortRest);
}

#[test]
fn bardic_inspiration_is_the_charisma_modifier_at_least_once() {
    // CHA 16: modifier floor(6 / 2) = 3 uses; CHA 8: modifier -1, raised to the minimum of 1.
    for (cha, uses) in [(16, "3"), (8, "1")] {
        let sheet = sheet(
            &format!("'resources-core:cha': {cha}"),
            "{ id: 'resources-core:features.bardic-inspiration' }",
            "",
        );
        let inspiration = resource(&sheet, "features.bardic-inspiration", "uses");
        assert_eq!(
            number(inspiration.max.as_ref()).as_deref(),
            Some(uses),
            "CHA {cha}"
        );
    }
}

#[test]
fn a_resource_exists_only_while_its_condition_holds() {
    // SRD, Bard: Bardic Inspiration comes back on a long rest; from 5th level (Font of
    // Inspiration) on a short rest. CHA 16: 3 uses either way. Level 4: only the long-rest
    // pool; level 5: only the short-rest one.
    for (level, shown, hidden, on) in [
        (4, "long", "short", RecoveryEvent::LongRest),
        (5, "short", "long", RecoveryEvent::ShortRest),
    ] {
        let sheet = sheet(
            &format!("'resources-core:cha': 16, 'resources-core:level': {level}"),
            "{ id: 'resources-core:features.inspiration-by-level' }",
            "",
        );
        let pool = resource(&sheet, "features.inspiration-by-level", shown);
        assert_eq!(number(pool.max.as_ref()).as_deref(), Some("3"), "{level}");
        assert_eq!(pool.recovers_on, on, "{level}");
        assert!(
            !sheet.resources.iter().any(|r| r.id.as_str() == hidden),
            "level {level}: no {hidden} pool"
        );
    }
}

#[test]
fn a_resource_that_starts_empty_and_never_recovers() {
    let sheet = sheet("", "{ id: 'resources-core:features.last-breath' }", "");
    let one = resource(&sheet, "features.last-breath", "use");
    assert_eq!(number(one.current.as_ref()).as_deref(), Some("0"));
    assert_eq!(number(one.max.as_ref()).as_deref(), Some("1"));
    assert_eq!(one.recovers_on, RecoveryEvent::Never);
}

#[test]
fn a_value_saved_for_what_is_not_owned_is_a_rules_issue() {
    // The wand is saved but not owned any more: its charges stay in the file, flagged.
    let sheet = sheet(
        "",
        "",
        "'resources-core:wands.magic-missiles': { charges: 2 }",
    );
    let codes: Vec<(&str, Option<&str>)> = sheet
        .issues
        .iter()
        .map(|d| (d.code.name, d.location.pointer.as_deref()))
        .collect();
    assert_eq!(
        codes,
        [(
            "resource-unknown",
            Some("/live/resources/resources-core:wands.magic-missiles/charges")
        )]
    );
}

#[test]
fn rage_is_unlimited_at_the_twentieth_level() {
    // The SRD's Barbarian table: 6 rages at 19th level, "Unlimited" at 20th. Unlimited uses
    // have no maximum; a value saved for them is checked against 0 only.
    let nineteenth = sheet(
        "'resources-core:level': 19",
        "{ id: 'resources-core:classes.barbarian' }",
        "",
    );
    let rage = resource(&nineteenth, "features.rage", "uses");
    assert!(!rage.unlimited);
    assert_eq!(number(rage.max.as_ref()).as_deref(), Some("6"));
    let twentieth = sheet(
        "'resources-core:level': 20",
        "{ id: 'resources-core:classes.barbarian' }",
        "'resources-core:features.rage': { uses: 9 }",
    );
    assert!(twentieth.issues.is_empty(), "{:#?}", twentieth.issues);
    let rage = resource(&twentieth, "features.rage", "uses");
    assert!(rage.unlimited);
    assert_eq!(rage.max, None);
    assert_eq!(number(rage.current.as_ref()).as_deref(), Some("9"));
    assert_eq!(rage.recovers_on, RecoveryEvent::LongRest);
}

#[test]
fn ki_comes_back_on_initiative_with_none_left_from_the_twentieth_level() {
    // SRD, Monk 20 (Perfect Self): "When you roll for initiative and have no ki points
    // remaining, you regain 4 ki points." Below 20th level the regain does not apply.
    let nineteenth = sheet(
        "'resources-core:level': 19",
        "{ id: 'resources-core:classes.monk' }",
        "",
    );
    assert!(
        resource(&nineteenth, "features.ki", "points")
            .regains
            .is_empty()
    );
    let twentieth = sheet(
        "'resources-core:level': 20",
        "{ id: 'resources-core:classes.monk' }",
        "",
    );
    assert!(twentieth.issues.is_empty(), "{:#?}", twentieth.issues);
    let ki = resource(&twentieth, "features.ki", "points");
    // 20 ki points, all back on a short rest; 4 back on initiative when none are left.
    assert_eq!(number(ki.max.as_ref()).as_deref(), Some("20"));
    assert_eq!(ki.recovers_on, RecoveryEvent::ShortRest);
    assert_eq!(ki.regains.len(), 1);
    let regain = &ki.regains[0];
    assert_eq!(regain.on, RecoveryEvent::Initiative);
    assert_eq!(number(regain.amount.as_ref()).as_deref(), Some("4"));
    assert!(regain.when_empty);
}
