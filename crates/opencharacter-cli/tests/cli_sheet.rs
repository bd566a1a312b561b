//! `opencharacter sheet`, run as the built binary on the repository's SRD 5.1 pack: a monster's
//! sheet by qualified ID (`--monster`, human and JSON), a template on it, the level-5 wizard's
//! spells at each slot read against an AC (`--dc`) and a target's save (`--save-modifier`), and
//! the errors for what is no stat block. Numbers from the SRD (see `tests/srd_rolls.rs`).

use super::support::{run, stdout};

#[test]
fn a_monster_by_qualified_id_reads_its_stat_block() {
    // The goblin: AC 15, 7 (2d6) hit points, Scimitar +4 and 1d6 + 2 slashing.
    let output = run(&[
        "sheet",
        "--monster",
        "5e-srd-5.1:monsters.goblin",
        "--packs",
        "packs/5e/srd-5.1",
        "--dc",
        "15",
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains(
            "  Armor class (5e-srd-5.1:combat.ac) = 15   [base 12; set 15 from 5e-srd-5.1:monsters.goblin]\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("  Hit points (5e-srd-5.1:hit_points): 7 / 7\n"),
        "{text}"
    );
    assert!(
        text.contains("  Scimitar (5e-srd-5.1:monster-actions.goblin.scimitar), Attack: d20 + 4 (5–24, mean 29/2)\n      success: DC 15 50.0%\n"),
        "{text}"
    );
    assert!(
        text.contains("  Scimitar (5e-srd-5.1:monster-actions.goblin.scimitar), Damage: d6 + 2 (3–8, mean 11/2) Slashing\n"),
        "{text}"
    );
    assert!(text.contains("Issues\n  none\n"), "{text}");

    let output = run(&[
        "sheet",
        "--monster",
        "5e-srd-5.1:monsters.goblin",
        "--packs",
        "packs/5e/srd-5.1",
        "--format",
        "json",
    ]);
    let sheet: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        sheet["fields"]["5e-srd-5.1:senses.passive_perception"]["value"],
        9
    );
    let shortbow = sheet["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "item:5e-srd-5.1:monster-actions.goblin.shortbow:damage")
        .unwrap();
    assert_eq!(shortbow["formula"], "d6 + 2");
    assert_eq!(shortbow["about"], "5e-srd-5.1:damage-types.piercing");
}

#[test]
fn a_spellcaster_reads_each_spell_at_each_slot_against_a_target() {
    // The level-5 wizard: Fireball 8d6 at its 3rd-level slot, DC 14; a target with +2 saves
    // on 12 or more (45%); Fire Bolt d20 + 6 against AC 13 hits on 7 or more (70%).
    let output = run(&[
        "sheet",
        "examples/characters/wizard-5.yaml",
        "--packs",
        "packs/5e/srd-5.1",
        "--dc",
        "13",
        "--save-modifier",
        "2",
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("  Fireball (5e-srd-5.1:spells.fireball), Damage [Slot level 3]: 8d6 (8–48, mean 28) Fire\n"),
        "{text}"
    );
    assert!(
        text.contains("  Fireball (5e-srd-5.1:spells.fireball), Saving throw: save DC 14 Dexterity\n      the target's save: d20 + 2\n      success: DC 14 45.0%\n"),
        "{text}"
    );
    assert!(
        text.contains("  Fire Bolt (5e-srd-5.1:spells.fire-bolt), Spell attack: d20 + 6 (7–26, mean 33/2)\n      success: DC 13 70.0%\n"),
        "{text}"
    );
    assert!(
        text.contains("  Magic Missile (5e-srd-5.1:spells.magic-missile), Damage [Slot level 2]: d4 + 1 (2–5, mean 7/2) ×4 Force\n"),
        "{text}"
    );
}

#[test]
fn what_is_no_stat_block_is_an_error() {
    let output = run(&[
        "sheet",
        "--monster",
        "5e-srd-5.1:weapons.longsword",
        "--packs",
        "packs/5e/srd-5.1",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("declares no stat block"), "{error}");
    let output = run(&["sheet", "--packs", "packs/5e/srd-5.1"]);
    assert_eq!(output.status.code(), Some(2), "no character and no monster");
}

#[test]
fn resources_content_carries_show_under_live() {
    // `tests/packs/resources`: the wand's 7 charges (3 saved) come back by 1d6 + 1 at dawn;
    // a level-3 barbarian's Rage has 3 uses (the SRD's Barbarian table), back on a long rest.
    let character = std::env::temp_dir().join(format!(
        "opencharacter-cli-resources-{}.yaml",
        std::process::id()
    ));
    std::fs::write(
        &character,
        "packs: { resources-core: 0.1.0 }\n\
         setup: { packs: { resources-core: 0.1.0 } }\n\
         fields: { 'resources-core:level': 3 }\n\
         content: [{ id: 'resources-core:wands.magic-missiles' }, { id: 'resources-core:classes.barbarian' }]\n\
         live: { resources: { 'resources-core:wands.magic-missiles': { charges: 3 } } }\n",
    )
    .unwrap();
    let output = run(&[
        "sheet",
        character.to_str().unwrap(),
        "--packs",
        "tests/packs/resources/core",
    ]);
    let _ = std::fs::remove_file(&character);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains(
            "Live\n  resources-core:wands.magic-missiles/charges: 3 / 7, recovers: dawn (d6 + 1)\n  resources-core:features.rage/uses: 3 / 3, recovers: longRest\n"
        ),
        "{text}"
    );
}

#[test]
fn a_json_character_with_a_count_too_large_is_shown_with_one_issue() {
    // A JSON character reads as a YAML one (JSON is YAML 1.2): a quantity past 4,294,967,295 is
    // one `value-too-large` issue naming the item and the value (docs/spec/limits.md), and the
    // rest of the character still shows: the barbarian's Rage has 3 uses at level 3.
    let character = std::env::temp_dir().join(format!(
        "opencharacter-cli-count-{}.json",
        std::process::id()
    ));
    std::fs::write(
        &character,
        r#"{"packs": {"resources-core": "0.1.0"},
 "setup": {"packs": {"resources-core": "0.1.0"}},
 "fields": {"resources-core:level": 3},
 "content": [{"id": "resources-core:wands.magic-missiles", "quantity": 5000000000},
             {"id": "resources-core:classes.barbarian"}]}
"#,
    )
    .unwrap();
    let output = run(&[
        "sheet",
        character.to_str().unwrap(),
        "--packs",
        "tests/packs/resources/core",
    ]);
    let _ = std::fs::remove_file(&character);
    let text = stdout(&output);
    let error = String::from_utf8(output.stderr).unwrap();
    let all = format!("{text}{error}");
    assert!(all.contains("value-too-large"), "{all}");
    assert!(all.contains("5000000000"), "{all}");
    assert!(
        text.contains("resources-core:features.rage/uses: 3 / 3"),
        "{all}"
    );
}
