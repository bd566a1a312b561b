//! The converter on a small corpus written by the test (tests never read `../shared/`).

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::json;

use super::{FILES, run};

/// Writes a corpus folder: every file the converter reads, a few entries in some.
fn corpus(dir: &Path) {
    let stub = |folder: &str, index: &str, name: &str| json!({ "index": index, "name": name, "url": format!("/api/2014/{folder}/{index}") });
    let mut files: BTreeMap<&str, serde_json::Value> =
        FILES.iter().map(|name| (*name, json!([]))).collect();
    files.insert(
        "Ability-Scores",
        json!([{ "index": "str", "name": "STR", "full_name": "Strength", "skills": [stub("skills", "athletics", "Athletics")], "url": "/api/2014/ability-scores/str", "desc": ["prose that must not be copied"] }]),
    );
    files.insert(
        "Skills",
        json!([{ "index": "athletics", "name": "Athletics", "ability_score": stub("ability-scores", "str", "STR"), "url": "/api/2014/skills/athletics", "desc": ["prose"] }]),
    );
    files.insert(
        "Damage-Types",
        json!([stub("damage-types", "slashing", "Slashing")]),
    );
    files.insert(
        "Weapon-Properties",
        json!([
            stub("weapon-properties", "versatile", "Versatile"),
            stub("weapon-properties", "monk", "Monk")
        ]),
    );
    files.insert(
        "Equipment",
        json!([{
            "index": "longsword", "name": "Longsword", "url": "/api/2014/equipment/longsword",
            "equipment_category": stub("equipment-categories", "weapon", "Weapon"),
            "weapon_category": "Martial", "weapon_range": "Melee",
            "cost": { "quantity": 15, "unit": "gp" },
            "damage": { "damage_dice": "1d8", "damage_type": stub("damage-types", "slashing", "Slashing") },
            "two_handed_damage": { "damage_dice": "1d10", "damage_type": stub("damage-types", "slashing", "Slashing") },
            "range": { "normal": 5 }, "weight": 3,
            "properties": [stub("weapon-properties", "versatile", "Versatile"), stub("weapon-properties", "monk", "Monk")]
        }]),
    );
    files.insert(
        "Magic-Schools",
        json!([stub("magic-schools", "evocation", "Evocation")]),
    );
    files.insert(
        "Spells",
        json!([{
            "index": "fire-bolt---x", "name": "Fire Bolt", "url": "/api/2014/spells/fire-bolt---x",
            "desc": ["prose that must not be copied"], "range": "120 feet", "components": ["V", "S"],
            "ritual": false, "duration": "Instantaneous", "concentration": false,
            "casting_time": "1 action", "level": 0, "attack_type": "ranged",
            "damage": { "damage_type": stub("damage-types", "slashing", "Slashing"),
                        "damage_at_character_level": { "1": "1d10", "5": "2d10", "11": "3d10", "17": "4d10" } },
            "school": stub("magic-schools", "evocation", "Evocation"), "classes": [], "subclasses": []
        }]),
    );
    std::fs::create_dir_all(dir).unwrap();
    for (name, entries) in files {
        std::fs::write(dir.join(format!("5e-SRD-{name}.json")), entries.to_string()).unwrap();
    }
}

fn read_tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.insert(relative, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

#[test]
fn runs_twice_to_identical_files_and_rewrites_only_its_pack() {
    let temp = tempfile::tempdir().unwrap();
    let source = temp.path().join("srd-5.1");
    corpus(&source);
    let first = temp.path().join("first");
    let second = temp.path().join("second");
    run(&source, &first, None, None).unwrap();
    run(&source, &second, None, None).unwrap();
    // Rerunning over an existing pack wipes it first: a stray file does not survive.
    std::fs::write(second.join("content/stray.yaml"), "id: stray\n").unwrap();
    run(&source, &second, None, None).unwrap();
    let files = read_tree(&first);
    assert_eq!(files, read_tree(&second));

    let longsword = String::from_utf8(files["content/weapons/longsword.yaml"].clone()).unwrap();
    assert!(longsword.contains("damage: 1d8"), "{longsword}");
    assert!(longsword.contains("versatile_damage: 1d10"), "{longsword}");
    assert!(
        longsword.contains("versatile_damage_bonus: abilities.str.mod"),
        "{longsword}"
    );
    assert!(
        !longsword.contains("monk"),
        "the non-SRD property is dropped: {longsword}"
    );
    // Runs of hyphens in 5e-bits indexes become one, so the ID is valid.
    let spell = String::from_utf8(files["content/spells/fire-bolt-x.yaml"].clone()).unwrap();
    // Its table by character level is one formula over the spell type's `caster_level`.
    assert!(
        spell.contains("damage: \"(lookup(caster_level, 1, 1, 5, 2, 11, 3, 17, 4))d10\""),
        "{spell}"
    );
    // No prose from `desc` reaches the pack.
    assert!(
        files
            .values()
            .all(|bytes| !String::from_utf8_lossy(bytes).contains("prose"))
    );
}

#[test]
fn refuses_to_wipe_a_folder_that_is_not_its_pack() {
    let temp = tempfile::tempdir().unwrap();
    let source = temp.path().join("srd-5.1");
    corpus(&source);
    let other = temp.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "keep me").unwrap();
    let error = run(&source, &other, None, None).unwrap_err();
    assert!(error.to_string().contains("refusing to wipe"), "{error}");
    assert_eq!(
        std::fs::read_to_string(other.join("notes.txt")).unwrap(),
        "keep me"
    );
}

#[test]
fn copies_other_languages_and_asks_for_the_spec_that_has_them() {
    let temp = tempfile::tempdir().unwrap();
    let source = temp.path().join("srd-5.1");
    corpus(&source);
    let english_only = temp.path().join("en");
    run(&source, &english_only, None, None).unwrap();
    let manifest = std::fs::read_to_string(english_only.join("pack.yaml")).unwrap();
    // Its content types declare rolls and a stat block (1.7.0); its classes hold levels per
    // class and its features carry resources (1.8.0).
    assert!(manifest.contains("specVersion: \"1.8.0\""), "{manifest}");

    let translations = temp.path().join("data");
    std::fs::create_dir_all(&translations).unwrap();
    std::fs::write(
        translations.join("es.yaml"),
        "_meta: { language: es, direction: ltr }\ncontent.weapons.longsword.name: Espada larga\n",
    )
    .unwrap();
    let with_spanish = temp.path().join("es");
    run(&source, &with_spanish, Some(&translations), None).unwrap();
    let manifest = std::fs::read_to_string(with_spanish.join("pack.yaml")).unwrap();
    // Translations alone would need 1.5.0; levels per class and resources need 1.8.0.
    assert!(manifest.contains("specVersion: \"1.8.0\""), "{manifest}");
    assert!(
        std::fs::read_to_string(with_spanish.join("i18n/es.yaml"))
            .unwrap()
            .contains("Espada larga")
    );

    // A translated key the English text does not have is refused before anything is written.
    std::fs::write(
        translations.join("es.yaml"),
        "_meta: { language: es, direction: ltr }\ncontent.weapons.zweihander.name: Mandoble\n",
    )
    .unwrap();
    let refused = temp.path().join("refused");
    let error = run(&source, &refused, Some(&translations), None).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("content.weapons.zweihander.name"),
        "{error}"
    );
    assert!(!refused.exists());
}
