//! Properties of migration over generated characters of the fixture pack `demo-heroes`, read
//! with its 0.2.0 and 0.3.0 releases: migrating twice equals migrating once; no step but
//! `setColumn` overwrites a value; every value of the original is still at its old key or was
//! moved to a declared target, except the cells `setColumn` rewrote and a live value whose new
//! key already held one.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::collections::HashSet;

use crate::migrate_support::ruleset;
use opencharacter::migrate::{Action, MigrationReport, Place, migrate};
use opencharacter::spec::model::upgrade::UpgradeStep;
use opencharacter::spec::model::{Character, Ruleset};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

const PACK: &str = "demo-heroes";

fn key(local: &str) -> String {
    format!("{PACK}:{local}")
}

/// A field value: a number or a text made of words that routes react to.
fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-3i64..30).prop_map(Value::from),
        prop::sample::select(vec![
            "Fighter3",
            "Fighter 3 / Wizard 2",
            "",
            "wizard",
            "Noble house",
            "the NOBLE quarter",
            "Élise",
            "street",
        ])
        .prop_map(Value::from),
    ]
}

fn fields() -> impl Strategy<Value = Map<String, Value>> {
    let ids = [
        "name",
        "class",
        "origin",
        "homeland",
        "xp",
        "experience",
        "exp",
        "level",
        "level_fighter",
        "level_wizard",
        "level_other",
        "renown",
        "renown_court",
        "renown_street",
        "abilities.str",
        "abilities.str.bonus",
        "abilities.might",
        "abilities.might.bonus",
    ];
    prop::collection::vec((prop::sample::select(ids.to_vec()), value()), 0..10)
        .prop_map(|pairs| pairs.into_iter().map(|(k, v)| (key(k), v)).collect())
}

fn attacks() -> impl Strategy<Value = Vec<Value>> {
    let row = (
        prop::option::of(prop::sample::select(vec![
            "Dagger",
            " rapier ",
            "RAPIER",
            "Longsword",
        ])),
        prop::option::of(prop::sample::select(vec![
            "str", "dex", "DEX ", "wis", "finesse",
        ])),
        prop::option::of(0i64..3),
    )
        .prop_map(|(name, ability, bonus)| {
            let mut row = Map::new();
            if let Some(name) = name {
                row.insert("name".into(), name.into());
            }
            if let Some(ability) = ability {
                row.insert("ability".into(), ability.into());
            }
            if let Some(bonus) = bonus {
                row.insert("bonus".into(), bonus.into());
            }
            Value::Object(row)
        });
    prop::collection::vec(row, 0..5)
}

fn pools() -> impl Strategy<Value = Map<String, Value>> {
    let ids = [
        "hit_dice",
        "hit_dice_d6",
        "hit_dice_d8",
        "hit_dice_d10",
        "hit_dice_d12",
    ];
    prop::collection::vec((prop::sample::select(ids.to_vec()), 0i64..6), 0..4)
        .prop_map(|pairs| pairs.into_iter().map(|(k, v)| (key(k), v.into())).collect())
}

fn content() -> impl Strategy<Value = Vec<Value>> {
    let item = (
        prop::sample::select(vec!["feats.old-alert", "feats.alert"]),
        prop::option::of(prop::sample::select(vec!["feats.old-alert", "feats.alert"])),
    )
        .prop_map(|(id, picked)| {
            let mut item = json!({"id": key(id)});
            if let Some(picked) = picked {
                item["choices"] = json!({"focus": [key(picked)]});
            }
            item
        });
    prop::collection::vec(item, 0..3)
}

fn character() -> impl Strategy<Value = Character> {
    let version = prop::sample::select(vec!["0.0.1", "0.1.0", "0.1.5", "0.2.0", "0.2.5", "0.3.0"]);
    (version, fields(), attacks(), pools(), content()).prop_map(
        |(version, fields, attacks, pools, content)| {
            let mut character = json!({
                "packs": {PACK: version},
                "fields": fields,
                "live": {"pools": pools},
                "content": content,
            });
            if !attacks.is_empty() {
                character["lists"] = json!({key("attacks"): attacks});
            }
            serde_json::from_value(character).unwrap()
        },
    )
}

/// The live targets the scripts declare for each old key.
fn declared_live_targets(ruleset: &Ruleset) -> Vec<(String, HashSet<String>)> {
    let mut out = Vec::new();
    for (pack, scripts) in &ruleset.upgrades {
        for step in scripts.iter().flat_map(|s| &s.steps) {
            if let UpgradeStep::RouteLive(route) = step {
                let targets = route
                    .cases
                    .iter()
                    .chain([&route.otherwise])
                    .map(|id| format!("{pack}:{id}"))
                    .collect();
                out.push((format!("{pack}:{}", route.from), targets));
            }
        }
    }
    out
}

fn check(ruleset: &Ruleset, original: &Character) -> Result<(), TestCaseError> {
    let (once, report) = migrate(ruleset, original.clone());
    prop_assert_eq!(report.changed, once != *original);

    // Migrating twice equals migrating once.
    let (twice, again) = migrate(ruleset, once.clone());
    prop_assert_eq!(&twice, &once);
    prop_assert!(!again.changed, "{:?}", again);

    no_value_lost_or_overwritten(ruleset, original, &once, &report)
}

fn no_value_lost_or_overwritten(
    ruleset: &Ruleset,
    original: &Character,
    migrated: &Character,
    report: &MigrationReport,
) -> Result<(), TestCaseError> {
    // Fields: nothing removes or changes one.
    for (id, value) in &original.fields {
        prop_assert_eq!(migrated.fields.get(id), Some(value), "field {}", id);
    }

    // List cells: only `setColumn` rewrites, and only the cells it reports.
    let set: HashSet<(String, usize, String)> = report
        .changes()
        .filter(|(_, c)| c.action == Action::Set)
        .map(|(_, c)| {
            (
                c.to.clone(),
                c.row.unwrap(),
                c.column.as_ref().unwrap().to_string(),
            )
        })
        .collect();
    for (list, rows) in &original.lists {
        let after = &migrated.lists[list];
        prop_assert_eq!(after.len(), rows.len());
        for (index, (row, new_row)) in rows.iter().zip(after).enumerate() {
            for (column, value) in row {
                let rewritten = set.contains(&(list.to_string(), index, column.to_string()));
                if !rewritten {
                    prop_assert_eq!(new_row.get(column), Some(value));
                }
            }
        }
    }
    for (step, change) in report.changes() {
        if change.action == Action::Set {
            prop_assert_eq!(step.step, "setColumn");
        }
    }

    // Live values: still at their key, or moved to a declared target (which holds the value), or
    // dropped because that target already held one.
    let declared = declared_live_targets(ruleset);
    for (id, value) in &original.live.pools {
        if let Some(now) = migrated.live.pools.get(id) {
            prop_assert_eq!(now, value, "pool {}", id);
            continue;
        }
        let id = id.to_string();
        let change = report
            .changes()
            .map(|(_, c)| c)
            .find(|c| c.place == Place::Pool && c.from.as_deref() == Some(&id));
        let change = change.ok_or_else(|| TestCaseError::fail(format!("{id} vanished")))?;
        let allowed = declared
            .iter()
            .any(|(from, targets)| *from == id && targets.contains(&change.to));
        prop_assert!(allowed, "{} went to undeclared {}", id, change.to);
        let target: opencharacter::spec::ids::QualifiedFieldId = change.to.parse().unwrap();
        match change.action {
            Action::Move => prop_assert_eq!(migrated.live.pools.get(&target), Some(value)),
            Action::Drop => prop_assert!(original.live.pools.contains_key(&target)),
            other => prop_assert!(false, "a pool cannot be {:?}", other),
        }
    }

    // Owned content: same entries in the same order; an ID changes only by a reported move onto
    // the deprecated item's replacement.
    prop_assert_eq!(migrated.content.len(), original.content.len());
    for (before, after) in original.content.iter().zip(&migrated.content) {
        prop_assert_eq!(before.quantity, after.quantity);
        if before.id != after.id {
            let replaced_by = ruleset.content[&before.id]
                .item
                .deprecated
                .as_ref()
                .and_then(|d| d.replaced_by.as_ref())
                .map(ToString::to_string);
            prop_assert_eq!(replaced_by, Some(after.id.local.to_string()));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn migration_is_idempotent_and_loses_nothing_at_0_3_0(original in character()) {
        check(&ruleset("0.3.0"), &original)?;
    }

    #[test]
    fn migration_is_idempotent_and_loses_nothing_at_0_2_0(original in character()) {
        check(&ruleset("0.2.0"), &original)?;
    }
}
