//! The SRD 5.1 pack's coverage report (`tests/data/srd-coverage.txt`, written by
//! `cargo run -p xtask -- convert srd`) against the committed pack: for class features, racial
//! traits, races, subraces, magic items, spells and monsters, the counts of items that carry
//! mechanics must be the pack's, and every item that carries none must be listed exactly once
//! with a reason ("none needed: …" or "waits for <mechanism>"); none may be unreviewed.
//!
//! "Carries mechanics" is stated here as the converter states it: the item has effects,
//! grants, choices, resources (charges, uses) or roll modifiers, or a property that gives a roll or a stat block
//! (dice, a DC, a save, an attack, a magic weapon's bonus or extra dice, armor class and hit
//! points, a speed).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::common;

const REPORT: &str = "tests/data/srd-coverage.txt";
const CONTENT: &str = "packs/5e/srd-5.1/content";

const COVERED: [&str; 7] = [
    "feature",
    "trait",
    "race",
    "subrace",
    "magic_item",
    "spell",
    "monster",
];

const MECHANICAL_PROPERTIES: [&str; 25] = [
    "breath_damage",
    "chance",
    "score",
    "swim_speed",
    "attack_bonus",
    "bonus_die",
    "ac_base",
    "ac_bonus",
    "speed_bonus",
    "fly_speed",
    "darkvision_range",
    "magic_bonus",
    "extra_damage",
    "temp_hp",
    "die",
    "reduction",
    "heal",
    "damage",
    "save_dc",
    "save_ability",
    "attack_kind",
    "affects_hit_points",
    "armor_class",
    "hit_points",
    "speed",
];

fn has_mechanics(item: &Value) -> bool {
    let nonempty = |key: &str| match item.get(key) {
        Some(Value::Array(list)) => !list.is_empty(),
        Some(Value::Object(map)) => !map.is_empty(),
        Some(Value::Null) | None => false,
        Some(_) => true,
    };
    nonempty("effects")
        || nonempty("grants")
        || nonempty("choices")
        || nonempty("resources")
        || nonempty("rollModifiers")
        || item["properties"]
            .as_object()
            .is_some_and(|p| MECHANICAL_PROPERTIES.iter().any(|k| p.contains_key(*k)))
}

/// The pack's covered items: by content type, local ID → whether it carries mechanics.
fn pack_items() -> BTreeMap<String, BTreeMap<String, bool>> {
    let mut paths = Vec::new();
    common::files_under(&common::root().join(CONTENT), &mut paths);
    let mut out: BTreeMap<String, BTreeMap<String, bool>> = BTreeMap::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let item: Value = opencharacter::spec::yaml::from_str(&text).unwrap();
        let Some(content_type) = item["type"].as_str() else {
            continue;
        };
        if !COVERED.contains(&content_type) {
            continue;
        }
        let local = path.file_stem().unwrap().to_string_lossy().into_owned();
        out.entry(content_type.to_owned())
            .or_default()
            .insert(local, has_mechanics(&item));
    }
    out
}

/// One content type's part of the report.
#[derive(Default, Debug)]
struct Part {
    with: usize,
    all: usize,
    /// Reason → the local IDs listed under it.
    groups: BTreeMap<String, Vec<String>>,
}

fn read_report() -> BTreeMap<String, Part> {
    let text = std::fs::read_to_string(common::root().join(REPORT)).unwrap();
    let mut parts: BTreeMap<String, Part> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(group) = line.strip_prefix("  ") {
            let (count, rest) = group.split_once(' ').unwrap();
            let (why, ids) = rest.rsplit_once(": ").unwrap();
            let ids: Vec<String> = ids.split(' ').map(str::to_owned).collect();
            assert_eq!(count.parse::<usize>().unwrap(), ids.len(), "{line}");
            let part = parts.get_mut(current.as_ref().unwrap()).unwrap();
            assert!(
                part.groups.insert(why.to_owned(), ids).is_none(),
                "{why} twice"
            );
        } else {
            // `class features (feature): 39 of 407 carry mechanics`
            let (_, rest) = line.split_once(" (").unwrap();
            let (content_type, counts) = rest.split_once("): ").unwrap();
            let numbers: Vec<usize> = counts.split(' ').filter_map(|w| w.parse().ok()).collect();
            parts.insert(
                content_type.to_owned(),
                Part {
                    with: numbers[0],
                    all: numbers[1],
                    groups: BTreeMap::new(),
                },
            );
            current = Some(content_type.to_owned());
        }
    }
    parts
}

#[test]
fn the_coverage_report_lists_every_item_without_mechanics_with_its_reason() {
    let pack = pack_items();
    let report = read_report();
    assert_eq!(
        report.keys().collect::<BTreeSet<_>>(),
        COVERED
            .iter()
            .map(|t| (*t).to_owned())
            .collect::<BTreeSet<_>>()
            .iter()
            .collect()
    );
    for content_type in COVERED {
        let items = &pack[content_type];
        let part = &report[content_type];
        let with = items.values().filter(|m| **m).count();
        assert_eq!((part.with, part.all), (with, items.len()), "{content_type}");
        let without: BTreeSet<&String> = items
            .iter()
            .filter(|(_, m)| !**m)
            .map(|(id, _)| id)
            .collect();
        let listed: Vec<&String> = part.groups.values().flatten().collect();
        let listed_set: BTreeSet<&String> = listed.iter().copied().collect();
        assert_eq!(
            listed.len(),
            listed_set.len(),
            "{content_type}: listed twice"
        );
        assert_eq!(listed_set, without, "{content_type}");
        for why in part.groups.keys() {
            assert!(
                why.starts_with("none needed: ") || why.starts_with("waits for "),
                "{content_type}: `{why}` is no reason"
            );
        }
    }
}

#[test]
fn the_report_places_known_rules_under_the_right_reason() {
    let report = read_report();
    let reason_of = |content_type: &str, id: &str| -> Option<String> {
        report[content_type]
            .groups
            .iter()
            .find(|(_, ids)| ids.iter().any(|i| i == id))
            .map(|(why, _)| why.clone())
    };
    // SRD, Ranger: Favored Enemy has no number on the sheet.
    assert!(
        reason_of("feature", "favored-enemy-1-type").is_some_and(|w| w.starts_with("none needed"))
    );
    // Rage: 2 per long rest at 1st level: a resource it carries, so it is not listed.
    assert_eq!(reason_of("feature", "rage"), None);
    // +1 weapons are variants of a base weapon that carry their bonus; the "+1, +2 or +3"
    // parent leaves it to them.
    assert_eq!(reason_of("magic_item", "weapon-1"), None);
    assert!(reason_of("magic_item", "weapon").is_some_and(|w| w.contains("the variants")));
    // Expertise doubles proficiency: the class asks the choice, each pick carries the effect.
    assert!(
        reason_of("feature", "rogue-expertise-1")
            .is_some_and(|w| w.contains("the class asks the choice"))
    );
    // Ring of Protection (+1 AC and saves), Headband of Intellect (INT 19) and a Potion of
    // Healing (2d4 + 2) carry their numbers, so they are not listed.
    for item in [
        "ring-of-protection",
        "headband-of-intellect",
        "potion-of-healing-common",
    ] {
        assert_eq!(reason_of("magic_item", item), None, "{item}");
    }
    // Divine Smite rolls over the slot it spends (2d8 + 1d8 a slot level above 1st), and
    // Divine Intervention's chance is the cleric level in percent: both carry their numbers.
    for feature in ["divine-smite", "divine-intervention"] {
        assert_eq!(reason_of("feature", feature), None, "{feature}");
    }
    // Every SRD monster is a stat block (334 of them).
    assert_eq!((report["monster"].with, report["monster"].all), (334, 334));
}
