//! Every SRD 5.1 monster as a monster sheet of the SRD pack, against its printed stat block
//! (`tests/data/srd-monsters.json`, whose numbers `tests/srd_monster_rules.rs` checks against
//! the SRD's rules): armor class, hit points, passive Perception, and every attack's to-hit
//! bonus and damage (the first part, and a second where the pack gives one), each worked out by
//! the sheet from the pack's formulas over the stat block (`proficiency + abilities.dex.mod`).
//! The printed numbers the pack does not reproduce are listed below, each with why.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use opencharacter::formula::MapEnv;
use opencharacter::sheet::{RollKind, Sheet};
use opencharacter::spec::model::Ruleset;
use opencharacter::{EvaluateOptions, evaluate_stat_block};
use serde_json::Value;

use crate::common;

const P: &str = "5e-srd-5.1";

/// Printed numbers the pack's sheet does not give, as `monster/number`, each with why.
const NOT_REPRODUCED: &[(&str, &str)] = &[(
    "druid/Quarterstaff/damage[2]",
    "1d8 + 2 with Shillelagh (WIS to hit and damage while the spell lasts): the pack gives the staff's one- and two-handed damage, not the spell's",
)];

struct Srd {
    ruleset: Ruleset,
    /// English names of content, by local ID.
    names: BTreeMap<String, String>,
}

fn srd() -> &'static Srd {
    static SRD: OnceLock<Srd> = OnceLock::new();
    SRD.get_or_init(|| {
        let validation = common::validation("packs/5e/srd-5.1");
        let release = &validation.assembled[0].as_ref().unwrap().release;
        let names = release
            .i18n
            .flat()
            .into_iter()
            .filter_map(|(key, text)| {
                let id = key.strip_prefix("content.")?.strip_suffix(".name")?;
                Some((id.to_owned(), text))
            })
            .collect();
        Srd {
            ruleset: common::ruleset(&validation),
            names,
        }
    })
}

fn same_roll(actual: &str, expected: &str) -> bool {
    let dist = |text: &str| {
        opencharacter::formula::parse(text)
            .ok()
            .and_then(|e| e.analyze(&MapEnv::default()).ok())
    };
    dist(actual).is_some() && dist(actual) == dist(expected)
}

/// The printed dice and bonus as one formula (`1d6 + 2`).
fn printed(damage: &Value) -> Option<String> {
    let dice = damage["dice"].as_str()?;
    let bonus = damage["bonus"].as_i64().unwrap_or(0);
    Some(match bonus {
        0 => dice.to_owned(),
        b if b < 0 => format!("{dice} - {}", -b),
        b => format!("{dice} + {b}"),
    })
}

fn roll_text(sheet: &Sheet, id: &str) -> Option<String> {
    match &sheet.roll(id)?.kind {
        RollKind::Dice(dice) => Some(dice.formula.clone()),
        RollKind::Check(check) => check.value.as_integer().map(|v| v.to_string()),
        _ => None,
    }
}

/// What the sheets gave that the print does not, and how many numbers were compared.
#[derive(Default)]
struct Tally {
    differ: Vec<String>,
    checked: usize,
}

impl Tally {
    fn same(&mut self, what: String, found: Option<String>, printed: String) {
        self.checked += 1;
        if found.as_deref() != Some(printed.as_str()) {
            self.differ
                .push(format!("{what}: sheet {found:?}, printed {printed}"));
        }
    }
}

#[test]
fn every_monster_sheet_gives_its_printed_numbers() {
    let srd = srd();
    let table: Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("tests/data/srd-monsters.json")).unwrap(),
    )
    .unwrap();
    let mut tally = Tally::default();
    let monsters = table["monsters"].as_array().unwrap();
    for monster in monsters {
        let index = monster["index"].as_str().unwrap();
        let id = format!("{P}:monsters.{index}").parse().unwrap();
        let sheet = evaluate_stat_block(&srd.ruleset, &id, &[], &EvaluateOptions::default())
            .unwrap_or_else(|e| panic!("{index}: {e}"));
        assert!(sheet.issues.is_empty(), "{index}: {:#?}", sheet.issues);
        let int = |field: &str| {
            sheet
                .integer(&format!("{P}:{field}"))
                .map(|v| v.to_string())
        };
        let at = |what: &str| format!("{index}/{what}");
        tally.same(
            at("armor_class"),
            int("combat.ac"),
            monster["armor_class"][0]["value"].to_string(),
        );
        tally.same(
            at("hit_points"),
            int("hp.max"),
            monster["hit_points"].to_string(),
        );
        tally.same(
            at("passive_perception"),
            int("senses.passive_perception"),
            monster["passive_perception"].to_string(),
        );
        // Each attack, found by its name among the monster's actions.
        let mut taken: BTreeMap<String, usize> = BTreeMap::new();
        for action in monster["actions"].as_array().unwrap() {
            let name = action["name"].as_str().unwrap();
            let to_hit = action["to_hit"]
                .as_array()
                .and_then(|t| t.first())
                .and_then(Value::as_i64);
            let Some(to_hit) = to_hit else { continue };
            let prefix = format!("monster-actions.{index}.");
            let candidates: Vec<&String> = srd
                .names
                .iter()
                .filter(|(id, text)| id.starts_with(&prefix) && text.as_str() == name)
                .map(|(id, _)| id)
                .collect();
            let nth = taken.entry(name.to_owned()).or_insert(0);
            let Some(local) = candidates.get(*nth) else {
                tally
                    .differ
                    .push(format!("{index}/{name}: no such action in the pack"));
                continue;
            };
            *nth += 1;
            let roll = |part: &str| format!("item:{P}:{local}:{part}");
            tally.same(
                at(&format!("{name}/to_hit")),
                roll_text(&sheet, &roll("attack")),
                to_hit.to_string(),
            );
            let parts: Vec<&Value> = action["damage"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|d| d["counts"] == "damage" && d.get("text_only").is_none())
                .collect();
            // The first part is the damage; each other one the two-handed damage of a
            // versatile weapon or the extra damage (a bite's fire), whichever it is.
            for (n, damage) in parts.into_iter().enumerate() {
                let Some(printed) = printed(damage) else {
                    continue;
                };
                let rolls: &[&str] = if n == 0 {
                    &["damage"]
                } else {
                    &["versatile_damage", "extra_damage"]
                };
                let found: Vec<String> = rolls
                    .iter()
                    .filter_map(|part| roll_text(&sheet, &roll(part)))
                    .collect();
                tally.checked += 1;
                if !found.iter().any(|f| same_roll(f, &printed)) {
                    tally.differ.push(format!(
                        "{index}/{name}/damage[{n}]: sheet {found:?}, printed {printed}"
                    ));
                }
            }
        }
    }
    let Tally { differ, checked } = tally;
    let expected: Vec<String> = NOT_REPRODUCED
        .iter()
        .map(|(what, _)| (*what).to_owned())
        .collect();
    let mut found_keys: Vec<String> = differ
        .iter()
        .map(|d| d.split(':').next().unwrap_or_default().to_owned())
        .collect();
    found_keys.sort();
    assert_eq!(found_keys, expected, "{differ:#?}");
    assert_eq!(monsters.len(), 334);
    println!("{checked} numbers checked");
}
