//! `tests/packs/variants/core`: variants of a base item (`docs/spec/content.md#variants`),
//! with the SRD 5.1's numbers worked by hand: plate is AC 18 with no Dexterity, Armor +1 adds 1
//! while worn; an attack is d20 + STR modifier + proficiency, damage the weapon's die + STR
//! modifier, and Weapon +2 adds 2 to both.

use std::sync::OnceLock;

use opencharacter::sheet::{RollKind, Sheet};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

fn ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(&common::root().join("tests/packs/variants"), "variants")
    })
}

fn sheet(fields: &str, content: &str) -> Sheet {
    let text = format!(
        "packs: {{ variants-core: 0.1.0 }}\n\
         setup: {{ packs: {{ variants-core: 0.1.0 }} }}\n\
         fields: {{ {fields} }}\n\
         content: [{content}]\n"
    );
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    evaluate(ruleset(), &character, &EvaluateOptions::default())
}

fn issues(sheet: &Sheet) -> Vec<(&str, Option<&str>)> {
    sheet
        .issues
        .iter()
        .map(|d| (d.code.name, d.location.pointer.as_deref()))
        .collect()
}

fn roll_text(sheet: &Sheet, id: &str) -> String {
    let roll = sheet
        .rolls
        .iter()
        .find(|r| r.id == format!("item:variants-core:{id}"))
        .unwrap_or_else(|| panic!("no roll {id}"));
    match &roll.kind {
        RollKind::Dice(d) => d.formula.clone(),
        RollKind::Check(c) => c.formula.clone(),
        other => format!("{other:?}"),
    }
}

#[test]
fn armor_plus_one_on_plate_is_ac_19_with_armor_worn() {
    // DEX 14 (+2) does not count in plate (dex_cap 0): 18 + 0 + 1 = 19.
    let sheet = sheet(
        "'variants-core:dex': 14",
        "{ id: 'variants-core:enchantments.armor-plus-1', base: 'variants-core:armor.plate', slot: 'variants-core:armor' }",
    );
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(sheet.integer("variants-core:ac"), Some(19));
    assert_eq!(
        sheet
            .value("variants-core:armor.worn")
            .map(ToString::to_string),
        Some("true".to_owned())
    );
    // One owned thing: the variant, on its base, with the base's properties and the variant's.
    assert_eq!(sheet.content.len(), 1);
    let owned = &sheet.content[0];
    assert_eq!(
        owned.id.to_string(),
        "variants-core:enchantments.armor-plus-1"
    );
    assert_eq!(
        owned.base.as_ref().map(ToString::to_string).as_deref(),
        Some("variants-core:armor.plate")
    );
    assert_eq!(owned.properties["base_ac"], 18);
    assert_eq!(owned.properties["magic_bonus"], 1);
    // It weighs what plate weighs: 65 lb.
    assert_eq!(sheet.integer("variants-core:load"), Some(65));
}

#[test]
fn plain_plate_is_ac_18() {
    let sheet = sheet(
        "'variants-core:dex': 14",
        "{ id: 'variants-core:armor.plate', slot: 'variants-core:armor' }",
    );
    assert_eq!(sheet.integer("variants-core:ac"), Some(18));
}

#[test]
fn a_longsword_plus_two_hits_at_plus_7_for_1d8_plus_5() {
    // STR 16: modifier +3; proficiency +2. Attack: 3 + 2 + 2 = +7. Damage: 1d8 + 3 + 2.
    let sheet = sheet(
        "'variants-core:str': 16",
        "{ id: 'variants-core:enchantments.weapon-plus-2', base: 'variants-core:weapons.longsword', slot: 'variants-core:hands' }",
    );
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(
        roll_text(&sheet, "enchantments.weapon-plus-2:attack"),
        "d20 + 7"
    );
    assert_eq!(
        roll_text(&sheet, "enchantments.weapon-plus-2:damage"),
        "d8 + 5"
    );
    // The plain longsword: +5 to hit, 1d8 + 3.
    let plain = sheet_of_plain_longsword();
    assert_eq!(roll_text(&plain, "weapons.longsword:attack"), "d20 + 5");
    assert_eq!(roll_text(&plain, "weapons.longsword:damage"), "d8 + 3");
}

fn sheet_of_plain_longsword() -> Sheet {
    sheet(
        "'variants-core:str': 16",
        "{ id: 'variants-core:weapons.longsword', slot: 'variants-core:hands' }",
    )
}

#[test]
fn a_types_variant_of_applies_to_each_type_it_names() {
    // Glowing has no `variantOf` of its own; its type's names armor. Leather: 11 + DEX 14's +2.
    let sheet = sheet(
        "'variants-core:dex': 14",
        "{ id: 'variants-core:enchantments.glowing', base: 'variants-core:armor.leather', slot: 'variants-core:armor' }",
    );
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(sheet.integer("variants-core:ac"), Some(13));
    assert_eq!(sheet.content[0].tags, ["glowing"]);
}

#[test]
fn armor_plus_one_on_a_longsword_is_refused() {
    // Not applied: the variant waits, carried, and AC stays 10 + DEX 14's +2 = 12.
    let sheet = sheet(
        "'variants-core:dex': 14",
        "{ id: 'variants-core:enchantments.armor-plus-1', base: 'variants-core:weapons.longsword' }",
    );
    assert_eq!(
        issues(&sheet),
        [("variant-base-wrong-type", Some("/content/0/base"))]
    );
    assert_eq!(sheet.integer("variants-core:ac"), Some(12));
    assert!(sheet.content[0].carried);
}

#[test]
fn a_variant_without_a_base_waits_and_a_base_on_a_plain_item_is_ignored() {
    let missing = sheet("", "{ id: 'variants-core:enchantments.armor-plus-1' }");
    assert_eq!(
        issues(&missing),
        [("variant-base-missing", Some("/content/0"))]
    );
    assert_eq!(missing.integer("variants-core:ac"), Some(10));

    let unexpected = sheet(
        "",
        "{ id: 'variants-core:armor.plate', base: 'variants-core:armor.leather', slot: 'variants-core:armor' }",
    );
    assert_eq!(
        issues(&unexpected),
        [("variant-base-unexpected", Some("/content/0/base"))]
    );
    // Plate as it is: 18.
    assert_eq!(unexpected.integer("variants-core:ac"), Some(18));
}
