//! `tests/packs/states/core`: the state of play (`docs/spec/characters.md#state-of-play`). A
//! character lists under `active` what it has in play (Rage in use, a spell up); effects marked
//! `whileActive` hold only then. The numbers are worked by hand from the SRD 5.1 rules each
//! item's file quotes, for a character of STR 14 (+2), DEX 14 (+2), WIS 16 (+3).

use std::sync::OnceLock;

use opencharacter::sheet::{RollKind, Sheet};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

fn ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET
        .get_or_init(|| common::clean_ruleset(&common::root().join("tests/packs/states"), "states"))
}

/// The character owning Rage, Mage Armor, Shillelagh, a greataxe and a club, with `active`.
fn character(active: &[&str]) -> Character {
    let active: Vec<String> = active
        .iter()
        .map(|a| format!("'states-core:{a}'"))
        .collect();
    let text = format!(
        "packs: {{ states-core: 0.1.0 }}\n\
         setup: {{ packs: {{ states-core: 0.1.0 }} }}\n\
         fields: {{ 'states-core:str': 14, 'states-core:dex': 14, 'states-core:wis': 16 }}\n\
         content:\n\
         \x20 - id: 'states-core:features.rage'\n\
         \x20 - id: 'states-core:spells.mage-armor'\n\
         \x20 - id: 'states-core:spells.shillelagh'\n\
         \x20 - id: 'states-core:weapons.greataxe'\n\
         \x20 - id: 'states-core:weapons.club'\n\
         active: [{}]\n",
        active.join(", ")
    );
    opencharacter::spec::yaml::from_str(&text).unwrap()
}

fn sheet(active: &[&str]) -> Sheet {
    evaluate(ruleset(), &character(active), &EvaluateOptions::default())
}

fn field(sheet: &Sheet, name: &str) -> String {
    sheet
        .value(&format!("states-core:{name}"))
        .map(ToString::to_string)
        .unwrap_or_default()
}

fn damage(sheet: &Sheet, weapon: &str) -> String {
    let id = format!("item:states-core:weapons.{weapon}:damage");
    sheet
        .rolls
        .iter()
        .find(|r| r.id == id)
        .map(|r| match &r.kind {
            RollKind::Dice(d) => d.formula.clone(),
            _ => String::new(),
        })
        .unwrap_or_default()
}

#[test]
fn owned_but_not_in_play_nothing_marked_while_active_holds() {
    let sheet = sheet(&[]);
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    // AC 10 + DEX 2 = 12 (Mage Armor owned, not up); greataxe 1d12 + STR 2; club 1d4 + STR 2.
    assert_eq!(field(&sheet, "ac"), "12");
    assert_eq!(damage(&sheet, "greataxe"), "d12 + 2");
    assert_eq!(damage(&sheet, "club"), "d4 + 2");
}

#[test]
fn raging_adds_the_rage_damage_to_the_greataxe_only() {
    let sheet = sheet(&["features.rage"]);
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    // Greataxe 1d12 + STR 2 + Rage 2 = 1d12 + 4; AC and the club unchanged.
    assert_eq!(damage(&sheet, "greataxe"), "d12 + 4");
    assert_eq!(field(&sheet, "ac"), "12");
    assert_eq!(damage(&sheet, "club"), "d4 + 2");
}

#[test]
fn mage_armor_up_offers_13_plus_dex_as_the_base() {
    let sheet = sheet(&["spells.mage-armor"]);
    // The best of 10 + 2 and 13 + 2: 15.
    assert_eq!(field(&sheet, "ac"), "15");
}

#[test]
fn shillelagh_up_makes_the_club_a_d8_with_wisdom() {
    let sheet = sheet(&["spells.shillelagh"]);
    // Die: the best of 4 and 8; ability: the best of STR 2 and WIS 3: 1d8 + 3.
    assert_eq!(damage(&sheet, "club"), "d8 + 3");
    // Two items in play at once: each of their effects holds.
    let both = self::sheet(&["spells.shillelagh", "features.rage"]);
    assert_eq!(damage(&both, "club"), "d8 + 3");
    assert_eq!(damage(&both, "greataxe"), "d12 + 4");
}

#[test]
fn an_item_in_play_the_character_does_not_own_is_an_issue_and_changes_nothing() {
    let sheet = sheet(&["spells.fireball"]);
    let codes: Vec<(&str, Option<&str>)> = sheet
        .issues
        .iter()
        .map(|d| (d.code.name, d.location.pointer.as_deref()))
        .collect();
    assert!(
        codes.contains(&("character-active-not-owned", Some("/active/0"))),
        "{codes:?}"
    );
    assert_eq!(field(&sheet, "ac"), "12");
}
