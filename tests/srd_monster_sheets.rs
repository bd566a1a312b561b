//! Every SRD 5.1 monster as a monster sheet of the SRD pack, against its printed stat block
//! (`tests/data/srd-monsters.json`, whose numbers `tests/srd_monster_rules.rs` checks against
//! the SRD's rules): armor class, hit points, passive Perception, saving throws, skills, the
//! save DC of every action the pack gives one, and every attack's to-hit bonus and damage (the
//! first part, and a second where the pack gives one), each worked out by the sheet from the
//! pack's formulas over the stat block (`proficiency + abilities.dex.mod`,
//! `8 + proficiency + abilities.con.mod`). The printed numbers the pack does not reproduce are
//! listed below, each with why; the differences the pack's save, skill and DC formulas state
//! (`+ 1`) must be exactly the exceptions `tests/data/srd-monster-exceptions.yaml` lists.

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

/// The save DC of a roll, if it is a save.
fn roll_dc(sheet: &Sheet, id: &str) -> Option<String> {
    match &sheet.roll(id)?.kind {
        RollKind::Save(save) => save.dc.as_integer().map(|v| v.to_string()),
        _ => None,
    }
}

/// The difference a formula states after its rule (`… + proficiency + 1` → 1), 0 for none.
fn stated_adjustment(formula: &str) -> i64 {
    let words: Vec<&str> = formula.split(' ').collect();
    match words.as_slice() {
        [.., sign, n] if n.parse::<i64>().is_ok() && !formula.starts_with(n) => {
            let n: i64 = n.parse().unwrap();
            match *sign {
                "+" => n,
                "-" => -n,
                _ => 0,
            }
        }
        _ => 0,
    }
}

/// A content item's property, as the pack's YAML writes it.
fn pack_property(local: &str, property: &str) -> Option<String> {
    let path = common::root().join(format!(
        "packs/5e/srd-5.1/content/{}.yaml",
        local.replacen('.', "/", 1).replacen('.', "/", 1)
    ));
    let text = std::fs::read_to_string(path).ok()?;
    let item: Value = opencharacter::spec::yaml::from_str(&text).ok()?;
    item["properties"][property].as_str().map(str::to_owned)
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
    // The differences the pack's formulas state, by `monster/number`, and the DCs compared.
    let mut stated: BTreeMap<String, i64> = BTreeMap::new();
    let mut dcs_compared: std::collections::BTreeSet<String> = Default::default();
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
        // Saving throws and skills: the pack's formula (modifier + proficiency, or twice it
        // for expertise), with the difference it states recorded for the exceptions' check.
        for (group, prefix, field) in [
            ("saving_throws", "save_", "saves"),
            ("skills", "skill_", "skills"),
        ] {
            for (name, printed) in monster[group].as_object().into_iter().flatten() {
                tally.same(
                    at(&format!("{field}.{name}")),
                    int(&format!("{field}.{name}")),
                    printed.to_string(),
                );
                let formula =
                    pack_property(&format!("monsters.{index}"), &format!("{prefix}{name}"))
                        .unwrap_or_default();
                let adjustment = stated_adjustment(&formula);
                if adjustment != 0 {
                    stated.insert(format!("{index}/{group}.{name}"), adjustment);
                }
            }
        }
        // The save DC of each action the pack gives one, found by name as the attacks are.
        let mut taken_dc: BTreeMap<String, usize> = BTreeMap::new();
        for action in monster["actions"].as_array().unwrap() {
            let name = action["name"].as_str().unwrap();
            let prefix = format!("monster-actions.{index}.");
            let candidates: Vec<&String> = srd
                .names
                .iter()
                .filter(|(id, text)| id.starts_with(&prefix) && text.as_str() == name)
                .map(|(id, _)| id)
                .collect();
            let nth = taken_dc.entry(name.to_owned()).or_insert(0);
            let local = candidates.get(*nth).copied();
            *nth += 1;
            let Some(local) = local else { continue };
            let Some(formula) = pack_property(local, "save_dc") else {
                continue;
            };
            let section = action["section"].as_str().unwrap();
            let Some((i, dc)) = action["dcs"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .find(|(_, d)| d["kind"] == "save")
            else {
                tally.differ.push(format!(
                    "{index}/{name}: a save DC in the pack, none printed"
                ));
                continue;
            };
            tally.same(
                at(&format!("{name}/dc")),
                roll_dc(&sheet, &format!("item:{P}:{local}:save")),
                dc["value"].to_string(),
            );
            let adjustment = stated_adjustment(&formula);
            if adjustment != 0 {
                stated.insert(format!("{index}/{section}/{name}/dcs[{i}]"), adjustment);
            }
            dcs_compared.insert(format!("{index}/{section}/{name}/dcs[{i}]"));
        }
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
    // The exceptions file's adjustments of saves, skills and the DCs compared above are the
    // differences the pack's formulas state, no more, no fewer.
    let exceptions: Value = opencharacter::spec::yaml::from_str(
        &std::fs::read_to_string(common::root().join("tests/data/srd-monster-exceptions.yaml"))
            .unwrap(),
    )
    .unwrap();
    let listed: BTreeMap<String, i64> = exceptions
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| {
            let key = format!("{}/{}", e["monster"].as_str()?, e["number"].as_str()?);
            let number = e["number"].as_str()?;
            let relevant = number.starts_with("saving_throws.")
                || number.starts_with("skills.")
                || dcs_compared.contains(&key);
            (relevant && e["adjustment"].as_i64()? != 0)
                .then(|| (key, e["adjustment"].as_i64().unwrap()))
        })
        .collect();
    assert_eq!(stated, listed);
    let printed_dcs: std::collections::BTreeSet<String> = monsters
        .iter()
        .flat_map(|m| {
            let index = m["index"].as_str().unwrap().to_owned();
            m["actions"].as_array().unwrap().iter().flat_map(move |a| {
                let key = format!(
                    "{index}/{}/{}",
                    a["section"].as_str().unwrap(),
                    a["name"].as_str().unwrap()
                );
                a["dcs"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .filter(|(_, d)| d["kind"] == "save")
                    .map(move |(i, _)| format!("{key}/dcs[{i}]"))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    // The printed save DCs not compared are each a second or third DC of one action (a metallic
    // dragon's other breath, the androsphinx's later roars): the pack's action has one save,
    // its first, which was compared.
    let not_compared: Vec<&String> = printed_dcs.difference(&dcs_compared).collect();
    for key in &not_compared {
        let (action, n) = key.rsplit_once("/dcs[").unwrap();
        assert_ne!(n, "0]", "{key}");
        assert!(dcs_compared.contains(&format!("{action}/dcs[0]")), "{key}");
    }
    assert_eq!(printed_dcs.len(), 278);
    println!(
        "save DCs: {} printed, {} compared, {} later DCs of one action not in the pack",
        printed_dcs.len(),
        dcs_compared.len(),
        not_compared.len()
    );
    println!(
        "{} DCs compared, {} stated adjustments of saves, skills and DCs",
        dcs_compared.len(),
        stated.len()
    );
    println!("{checked} numbers checked");
}
