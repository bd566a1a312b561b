//! `tests/packs/inventory/core`: items that add up (`docs/spec/formulas.md` `total`/`tagged`,
//! `docs/spec/rules.md#effects` `byQuantity` and `item.<property>`), with the SRD 5.1's weights and
//! carrying capacity (Strength score × 15 lb.) worked by hand.

use std::sync::OnceLock;

use opencharacter::sheet::Sheet;
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

fn ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(&common::root().join("tests/packs/inventory"), "inventory")
    })
}

fn sheet(str_score: i64, content: &str) -> Sheet {
    let text = format!(
        "packs: {{ inventory-core: 0.1.0 }}\n\
         setup: {{ packs: {{ inventory-core: 0.1.0 }} }}\n\
         fields: {{ 'inventory-core:str': {str_score} }}\n\
         content: [{content}]\n"
    );
    let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    evaluate(ruleset(), &character, &EvaluateOptions::default())
}

const PACKED: &str = "{ id: 'inventory-core:gear.arrows', quantity: 20 }, \
                      { id: 'inventory-core:gear.rope' }, \
                      { id: 'inventory-core:gear.backpack' }, \
                      { id: 'inventory-core:charms.ward-stone', quantity: 3 }";

fn text(sheet: &Sheet, field: &str) -> String {
    sheet
        .value(&format!("inventory-core:{field}"))
        .map(ToString::to_string)
        .unwrap_or_default()
}

#[test]
fn twenty_arrows_weigh_one_pound() {
    // 20 × 0.05 lb. = 1 lb. (the SRD: arrows (20), 1 lb.).
    let sheet = sheet(10, "{ id: 'inventory-core:gear.arrows', quantity: 20 }");
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(text(&sheet, "carry.load"), "1");
    // Each arrow counts for `tagged`: 20 pieces of ammunition.
    assert_eq!(sheet.integer("inventory-core:ammunition"), Some(20));
}

#[test]
fn the_load_is_weighed_against_carrying_capacity() {
    // Load: 20 × 0.05 + 10 (rope) + 5 (backpack) + 3 ward stones with no weight = 16 lb.
    // STR 8: capacity 8 × 15 = 120 lb., not over; STR 1: 15 lb., over.
    let strong = sheet(8, PACKED);
    assert!(strong.issues.is_empty(), "{:#?}", strong.issues);
    assert_eq!(text(&strong, "carry.load"), "16");
    assert_eq!(strong.integer("inventory-core:carry.capacity"), Some(120));
    assert_eq!(text(&strong, "carry.over"), "false");
    let weak = sheet(1, PACKED);
    assert_eq!(text(&weak, "carry.over"), "true");
}

#[test]
fn inventory_slots_count_a_types_default_for_items_that_set_none() {
    // Slots used: arrows 20 × 0.05 = 1, rope 1 and backpack 1 (the type's default), stones 3 × 0 = 0.
    // Slots: 10, plus the backpack's own `capacity` 6 read by its effect as `item.capacity`.
    let sheet = sheet(10, PACKED);
    assert_eq!(text(&sheet, "slots.used"), "3");
    assert_eq!(sheet.integer("inventory-core:slots.max"), Some(16));
}

#[test]
fn an_effect_by_quantity_counts_once_per_item_and_others_once() {
    // Three ward stones of `ward: 1`, by quantity: 3. Their luck, not by quantity: 1.
    let sheet = sheet(10, PACKED);
    assert_eq!(sheet.integer("inventory-core:ward"), Some(3));
    assert_eq!(sheet.integer("inventory-core:luck"), Some(1));
}

#[test]
fn a_best_by_quantity_is_a_base_the_adds_count_on() {
    // `docs/spec/rules.md#effects`: `byQuantity` multiplies any operation's value, and a `best`
    // is kept (highest of the value and each base) before `add`s are summed on it.
    // Two guard stones of `ward: 2`: a base of 2 × 2 = 4, higher than the default 0; the three
    // ward stones add 3 × 1 on it: 4 + 3 = 7.
    let two = sheet(
        10,
        &format!("{PACKED}, {{ id: 'inventory-core:charms.guard-stone', quantity: 2 }}"),
    );
    assert!(two.issues.is_empty(), "{:#?}", two.issues);
    assert_eq!(two.integer("inventory-core:ward"), Some(7));
    // One guard stone alone: the base 2, nothing added.
    let one = sheet(10, "{ id: 'inventory-core:charms.guard-stone' }");
    assert_eq!(one.integer("inventory-core:ward"), Some(2));
}
