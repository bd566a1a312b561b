//! `tests/packs/granted-choices/core`: choices inside granted content, answered in the character
//! file by the path of the grant (`docs/spec/characters.md#owned-content`), with the SRD 5.1's
//! Draconic Ancestry, Champion's Additional Fighting Style and High Elf cantrip.

use std::sync::OnceLock;

use opencharacter::sheet::Sheet;
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{EvaluateOptions, evaluate};

use crate::common;

fn ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        common::clean_ruleset(
            &common::root().join("tests/packs/granted-choices"),
            "granted-choices",
        )
    })
}

fn sheet(content: &str) -> Sheet {
    let text = format!(
        "packs: {{ granted-choices-core: 0.1.0 }}\n\
         setup: {{ packs: {{ granted-choices-core: 0.1.0 }} }}\n\
         content:\n{content}"
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

fn owns(sheet: &Sheet, id: &str) -> bool {
    sheet
        .content
        .iter()
        .any(|o| o.id.to_string() == format!("granted-choices-core:{id}"))
}

#[test]
fn a_draconic_ancestry_is_answered_through_the_races_grant() {
    // Dragonborn grants Draconic Ancestry; its `dragon` choice is answered under the race's
    // entry, at the grant's path. A red dragon gives resistance to fire.
    let sheet = sheet(
        "  - id: granted-choices-core:races.dragonborn\n\
         \x20   granted:\n\
         \x20     granted-choices-core:traits.draconic-ancestry:\n\
         \x20       choices: { dragon: [granted-choices-core:ancestries.red] }\n",
    );
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert!(owns(&sheet, "ancestries.red"));
    assert_eq!(
        sheet
            .value("granted-choices-core:resists")
            .map(ToString::to_string),
        Some("fire".to_owned())
    );
}

#[test]
fn an_unanswered_granted_choice_is_not_reported_until_the_file_answers_it() {
    // Without a node for the ancestry, nothing is picked and nothing reported (as before this
    // version: the pack's to default).
    let plain = sheet("  - id: granted-choices-core:races.dragonborn\n");
    assert!(plain.issues.is_empty(), "{:#?}", plain.issues);
    assert!(!owns(&plain, "ancestries.red"));
    // A node without the answer: the choice is open, at the node's path.
    let open = sheet(
        "  - id: granted-choices-core:races.dragonborn\n\
         \x20   granted: { 'granted-choices-core:traits.draconic-ancestry': {} }\n",
    );
    assert_eq!(
        issues(&open),
        [(
            "choice-open",
            Some("/content/0/granted/granted-choices-core:traits.draconic-ancestry/choices/dragon")
        )]
    );
}

#[test]
fn a_subclass_picked_by_a_class_grants_a_style_answered_two_levels_down() {
    // Fighter → (its `subclass` choice) Champion → (grant) Additional Fighting Style → `style`:
    // Defense, +1 AC: 10 + 1 = 11.
    let sheet = sheet(
        "  - id: granted-choices-core:classes.fighter\n\
         \x20   choices: { subclass: [granted-choices-core:subclasses.champion] }\n\
         \x20   granted:\n\
         \x20     granted-choices-core:subclasses.champion:\n\
         \x20       granted:\n\
         \x20         granted-choices-core:features.additional-fighting-style:\n\
         \x20           choices: { style: [granted-choices-core:styles.defense] }\n",
    );
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert_eq!(sheet.integer("granted-choices-core:ac"), Some(11));
    assert_eq!(sheet.integer("granted-choices-core:ranged_attack"), Some(0));
}

#[test]
fn the_high_elf_cantrip_is_picked_from_the_traits_query() {
    let sheet = sheet(
        "  - id: granted-choices-core:races.high-elf\n\
         \x20   granted:\n\
         \x20     granted-choices-core:traits.cantrip:\n\
         \x20       choices: { cantrip: [granted-choices-core:spells.fire-bolt] }\n",
    );
    assert!(sheet.issues.is_empty(), "{:#?}", sheet.issues);
    assert!(owns(&sheet, "spells.fire-bolt"));
    // Magic Missile is a 1st-level spell, not a cantrip: not offered.
    let wrong = sheet_with_pick("spells.magic-missile");
    assert_eq!(
        issues(&wrong),
        [(
            "choice-pick-not-offered",
            Some("/content/0/granted/granted-choices-core:traits.cantrip/choices/cantrip/0")
        )]
    );
}

fn sheet_with_pick(spell: &str) -> Sheet {
    sheet(&format!(
        "  - id: granted-choices-core:races.high-elf\n\
         \x20   granted:\n\
         \x20     granted-choices-core:traits.cantrip:\n\
         \x20       choices: {{ cantrip: [granted-choices-core:{spell}] }}\n"
    ))
}

#[test]
fn answers_for_what_the_entry_does_not_bring_are_a_rules_issue() {
    // The High Elf does not grant Draconic Ancestry.
    let sheet = sheet(
        "  - id: granted-choices-core:races.high-elf\n\
         \x20   granted:\n\
         \x20     granted-choices-core:traits.draconic-ancestry:\n\
         \x20       choices: { dragon: [granted-choices-core:ancestries.blue] }\n",
    );
    assert_eq!(
        issues(&sheet),
        [(
            "granted-answer-unknown",
            Some("/content/0/granted/granted-choices-core:traits.draconic-ancestry")
        )]
    );
    assert!(!owns(&sheet, "ancestries.blue"));
}
