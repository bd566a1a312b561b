//! Upgrade scripts end to end, on the fixture pack `demo-heroes` at 0.1.0, 0.2.0 and 0.3.0
//! (tests/fixtures/migrations): the seed's example, a character two versions behind, one saved
//! between two script boundaries, and live state read twice.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use crate::migrate_support::{VERSIONS, character, release, release_json_path, ruleset};
use opencharacter::migrate::{Action, Place, check_upgrades, migrate};
use opencharacter::read_character;
use opencharacter::spec::ids::QualifiedFieldId;
use opencharacter::spec::model::{Character, Scalar};
use serde_json::json;

fn id(local: &str) -> QualifiedFieldId {
    format!("demo-heroes:{local}").parse().unwrap()
}

fn pack() -> opencharacter::spec::ids::PackId {
    "demo-heroes".parse().unwrap()
}

fn local(id: &str) -> opencharacter::spec::ids::FieldId {
    id.parse().unwrap()
}

fn field(character: &Character, local: &str) -> Option<Scalar> {
    character.fields.get(&id(local)).cloned()
}

fn pool(character: &Character, local: &str) -> Option<i64> {
    character.live.pools.get(&id(local)).copied()
}

/// A character saved with 0.1.0: the class text, a level, and hit dice left.
fn old_character(class: Option<&str>, level: Option<i64>, hit_dice: i64) -> Character {
    let mut fields = json!({"demo-heroes:name": "Tamsin", "demo-heroes:xp": 900});
    if let Some(class) = class {
        fields["demo-heroes:class"] = json!(class);
    }
    if let Some(level) = level {
        fields["demo-heroes:level"] = json!(level);
    }
    character(json!({
        "packs": {"demo-heroes": "0.1.0"},
        "fields": fields,
        "live": {"pools": {"demo-heroes:hit_dice": hit_dice}},
    }))
}

#[test]
fn fixture_releases_are_built_from_their_yaml() {
    let bless = std::env::var_os("OPENCHARACTER_BLESS").is_some();
    for version in VERSIONS {
        let built = serde_json::to_string_pretty(&release(version)).unwrap() + "\n";
        let path = release_json_path(version);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &built).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap();
        assert_eq!(committed, built, "{} is stale; bless it", path.display());
    }
}

#[test]
fn fixture_scripts_pass_the_build_checks() {
    for version in VERSIONS {
        let diagnostics = check_upgrades(&release(version));
        assert!(diagnostics.is_empty(), "{version}: {diagnostics:#?}");
    }
}

#[test]
fn the_seeds_example_renames_experience_and_routes_level_by_class() {
    let ruleset = ruleset("0.2.0");
    let (fighter, report) = migrate(&ruleset, old_character(Some("Fighter3"), Some(3), 2));
    assert!(report.changed);
    // `xp` is copied: the old value stays for an earlier version of the pack.
    assert_eq!(field(&fighter, "experience"), Some(900.into()));
    assert_eq!(field(&fighter, "xp"), Some(900.into()));
    // Only letters make a word, so "Fighter3" names a fighter.
    assert_eq!(field(&fighter, "level_fighter"), Some(3.into()));
    assert_eq!(field(&fighter, "level"), Some(3.into()));
    for other in ["level_wizard", "level_other"] {
        assert_eq!(field(&fighter, other), None, "{other}");
    }
    assert_eq!(fighter.packs[&pack()].to_string(), "0.2.0");

    // Two classes win: a single number cannot be split without asking, so it goes to `else`.
    let (multi, _) = migrate(
        &ruleset,
        old_character(Some("Fighter 3 / Wizard 2"), Some(5), 5),
    );
    assert_eq!(field(&multi, "level_other"), Some(5.into()));
    assert_eq!(field(&multi, "level_fighter"), None);
    assert_eq!(field(&multi, "level_wizard"), None);

    // An empty class names no case.
    let (empty, _) = migrate(&ruleset, old_character(Some(""), Some(2), 1));
    assert_eq!(field(&empty, "level_other"), Some(2.into()));

    // A sheet that never saved a level takes the route's default.
    let (fresh, report) = migrate(&ruleset, old_character(Some("WIZARD"), None, 1));
    assert_eq!(field(&fresh, "level_wizard"), Some(1.into()));
    assert_eq!(
        field(&fresh, "level"),
        None,
        "the default is not written back"
    );
    let route = report.steps.iter().find(|s| s.step == "route").unwrap();
    assert_eq!(route.changes[0].action, Action::Default);
}

#[test]
fn the_seeds_example_sends_hit_dice_to_the_pool_the_character_shows() {
    let ruleset = ruleset("0.2.0");
    let cases = [
        // class, level, the pool that shows: d10 = fighter levels, d6 = wizard, d8 = other.
        ("Fighter3", 3, "hit_dice_d10"),
        ("Wizard", 4, "hit_dice_d6"),
        ("Fighter 3 / Wizard 2", 5, "hit_dice_d8"),
        ("", 2, "hit_dice_d8"),
    ];
    for (class, level, pool_id) in cases {
        let (migrated, report) = migrate(&ruleset, old_character(Some(class), Some(level), 2));
        assert_eq!(pool(&migrated, pool_id), Some(2), "{class}");
        assert_eq!(
            pool(&migrated, "hit_dice"),
            None,
            "{class}: the old key is dropped"
        );
        assert_eq!(migrated.live.pools.len(), 1, "{class}");
        let live = report.steps.iter().find(|s| s.step == "routeLive").unwrap();
        assert_eq!(live.changes[0].action, Action::Move);
        assert_eq!(live.changes[0].place, Place::Pool);
    }
}

#[test]
fn set_column_corrects_attack_rows_and_content_moves_with_its_choices() {
    let ruleset = ruleset("0.2.0");
    let saved = character(json!({
        "packs": {"demo-heroes": "0.1.0"},
        "lists": {"demo-heroes:attacks": [
            {"name": "Dagger", "ability": "str", "bonus": 1},
            {"name": " rapier ", "ability": "DEX"},
            {"name": "Longsword", "ability": "str"},
            {"name": "Dagger", "ability": "wis"},
            {"ability": "dex"},
        ]},
        "content": [
            {"id": "demo-heroes:feats.old-alert", "quantity": 2,
             "choices": {"focus": ["demo-heroes:feats.old-alert"]}},
        ],
        "choices": {"demo-heroes:feat": ["demo-heroes:feats.old-alert"]},
        "active": ["demo-heroes:feats.old-alert"],
    }));
    let (migrated, report) = migrate(&ruleset, saved);
    let abilities: Vec<Option<&Scalar>> = migrated.lists[&id("attacks")]
        .iter()
        .map(|row| row.get(&local("ability")))
        .collect();
    let text = |s: &str| Scalar::Text(s.to_owned());
    assert_eq!(
        abilities,
        [
            Some(&text("finesse")),
            Some(&text("finesse")),
            Some(&text("str")),
            Some(&text("wis")),
            Some(&text("dex")),
        ]
    );
    // The other columns stay as they were.
    assert_eq!(migrated.lists[&id("attacks")][0][&local("bonus")], 1.into());
    let set = report.steps.iter().find(|s| s.step == "setColumn").unwrap();
    let rows: Vec<Option<usize>> = set.changes.iter().map(|c| c.row).collect();
    assert_eq!(rows, [Some(0), Some(1)]);

    // The deprecated feat moved (not copied) onto its replacement, with quantity and choices.
    let alert: opencharacter::spec::ids::QualifiedContentId =
        "demo-heroes:feats.alert".parse().unwrap();
    assert_eq!(migrated.content.len(), 1);
    assert_eq!(migrated.content[0].id, alert);
    assert_eq!(migrated.content[0].quantity, 2);
    assert_eq!(
        migrated.content[0].choices[&local("focus")],
        std::slice::from_ref(&alert)
    );
    assert_eq!(migrated.choices[&id("feat")], std::slice::from_ref(&alert));
    // In play before, in play after: the state of play follows the move.
    assert_eq!(migrated.active, [alert]);
}

#[test]
fn a_character_two_versions_behind_runs_both_scripts() {
    let ruleset = ruleset("0.3.0");
    let saved = character(json!({
        "packs": {"demo-heroes": "0.1.0"},
        "fields": {
            "demo-heroes:class": "Fighter", "demo-heroes:level": 4, "demo-heroes:xp": 2700,
            "demo-heroes:origin": "Noble house", "demo-heroes:renown": 3,
            "demo-heroes:abilities.str": 16, "demo-heroes:abilities.str.bonus": 1,
        },
        "live": {"pools": {"demo-heroes:hit_dice": 4}},
    }));
    let (migrated, report) = migrate(&ruleset, saved);
    // The rename chain is followed to where it ends, copying at every link.
    for link in ["xp", "experience", "exp"] {
        assert_eq!(field(&migrated, link), Some(2700.into()), "{link}");
    }
    // An ability takes its parts along.
    assert_eq!(field(&migrated, "abilities.might"), Some(16.into()));
    assert_eq!(field(&migrated, "abilities.might.bonus"), Some(1.into()));
    // `origin` was renamed `homeland` by the first script; the second routes by `origin`.
    assert_eq!(field(&migrated, "renown_court"), Some(3.into()));
    assert_eq!(field(&migrated, "renown_street"), None);
    assert_eq!(field(&migrated, "level_fighter"), Some(4.into()));
    assert_eq!(pool(&migrated, "hit_dice_d10"), Some(4));
    assert_eq!(migrated.packs[&pack()].to_string(), "0.3.0");
    let scripts: std::collections::BTreeSet<&str> =
        report.steps.iter().map(|s| s.script.as_str()).collect();
    assert_eq!(
        scripts.into_iter().collect::<Vec<_>>(),
        ["0.1.0-to-0.2.0", "0.2.0-to-0.3.0"]
    );
    assert_eq!(report.versions.len(), 1);
    assert_eq!(report.versions[0].from.to_string(), "0.1.0");
}

#[test]
fn a_character_saved_after_a_script_skips_it_and_routes_by_the_renamed_field() {
    let ruleset = ruleset("0.3.0");
    // Saved with 0.2.0: no `level` (so the first script's route default must not appear), and
    // `homeland` only, the name 0.1.0-to-0.2.0 gave `origin`.
    let saved = character(json!({
        "packs": {"demo-heroes": "0.2.0"},
        "fields": {
            "demo-heroes:class": "Fighter", "demo-heroes:level_fighter": 4,
            "demo-heroes:homeland": "the Noble Quarter", "demo-heroes:renown": 2,
            "demo-heroes:experience": 10,
        },
    }));
    let (migrated, report) = migrate(&ruleset, saved);
    assert_eq!(field(&migrated, "level_other"), None);
    assert_eq!(field(&migrated, "renown_court"), Some(2.into()));
    assert_eq!(field(&migrated, "exp"), Some(10.into()));
    assert!(report.steps.iter().all(|s| s.script == "0.2.0-to-0.3.0"));
}

#[test]
fn a_character_saved_between_two_script_boundaries_runs_the_script_it_is_inside() {
    // 0.1.5 is below the `to` of 0.1.0-to-0.2.0, so the script runs for it.
    let ruleset = ruleset("0.2.0");
    let mut saved = old_character(Some("Wizard 4"), Some(4), 3);
    saved
        .packs
        .insert("demo-heroes".parse().unwrap(), "0.1.5".parse().unwrap());
    let (migrated, report) = migrate(&ruleset, saved);
    assert_eq!(field(&migrated, "level_wizard"), Some(4.into()));
    assert_eq!(field(&migrated, "experience"), Some(900.into()));
    assert_eq!(pool(&migrated, "hit_dice_d6"), Some(3));
    assert_eq!(report.versions[0].from.to_string(), "0.1.5");
    assert_eq!(migrated.packs[&pack()].to_string(), "0.2.0");
}

#[test]
fn a_live_value_spent_after_the_first_read_is_left_alone_by_the_second() {
    let ruleset = ruleset("0.2.0");
    let first = read_character(&ruleset, old_character(Some("Fighter"), Some(3), 3));
    assert!(first.migration.changed);
    assert_eq!(pool(&first.character, "hit_dice_d10"), Some(3));

    // The player spends two hit dice; the app saves the new shape.
    let mut spent = first.character.clone();
    spent.live.pools.insert(id("hit_dice_d10"), 1);
    let second = read_character(&ruleset, spent.clone());
    assert!(!second.migration.changed);
    assert!(second.migration.steps.is_empty());
    assert_eq!(second.character, spent);

    // An app still on the old shape writes the old key again: it is dropped, and the value spent
    // since is not overwritten.
    let mut stale = spent.clone();
    stale.live.pools.insert(id("hit_dice"), 3);
    let third = read_character(&ruleset, stale);
    assert!(third.migration.changed);
    assert_eq!(third.character, spent);
    let dropped = &third.migration.steps[0].changes[0];
    assert_eq!(dropped.action, Action::Drop);

    // A sheet corrected by hand afterwards (the level moved to another class) is not moved again.
    let mut corrected = spent;
    corrected.fields.shift_remove(&id("level_fighter"));
    corrected.fields.insert(id("level_wizard"), 3.into());
    let fourth = read_character(&ruleset, corrected.clone());
    assert!(!fourth.migration.changed);
    assert_eq!(fourth.character, corrected);
}

#[test]
fn reading_a_migrated_character_reports_no_issue_for_values_kept_at_old_ids() {
    let ruleset = ruleset("0.3.0");
    let read = read_character(&ruleset, old_character(Some("Fighter"), Some(3), 3));
    let codes: Vec<(&str, Option<&String>)> = read
        .issues
        .iter()
        .map(|d| (d.code.name, d.args.get("id")))
        .collect();
    assert!(codes.is_empty(), "{codes:?}");
    // The sheet an app keeps says the same (upgrades.md: the values a copy step leaves are not
    // reported), on this read and on every later read of the saved, migrated character.
    assert!(read.sheet.issues.is_empty(), "{:?}", read.sheet.issues);
    let saved = read_character(&ruleset, read.character.clone());
    assert!(saved.sheet.issues.is_empty(), "{:?}", saved.sheet.issues);
    // The sheet is evaluated on the migrated shape: the level routed to the fighter counts.
    assert_eq!(read.sheet.integer("demo-heroes:total_level"), Some(3));
    assert_eq!(read.sheet.integer("demo-heroes:exp"), Some(900));
    // Reading the result again changes nothing.
    let again = read_character(&ruleset, read.character.clone());
    assert!(!again.migration.changed);
    assert_eq!(again.character, read.character);
}

#[test]
fn the_spec_pages_scripts_read_and_are_the_fixtures() {
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/spec/upgrades.md"),
    )
    .unwrap();
    let mut scripts = Vec::new();
    for block in page.split("```yaml\n").skip(1) {
        let block = block.split("```").next().unwrap();
        if let Some(rest) = block.strip_prefix("# upgrades/") {
            let name = rest.lines().next().unwrap().to_owned();
            let script: opencharacter::spec::model::UpgradeScript =
                opencharacter::spec::yaml::from_str(block).unwrap();
            scripts.push((name, script));
        }
    }
    let release = release("0.3.0");
    assert_eq!(scripts.len(), release.upgrades.len());
    for ((name, script), upgrade) in scripts.iter().zip(&release.upgrades) {
        assert_eq!(*name, format!("{}-to-{}.yaml", upgrade.from, upgrade.to));
        assert_eq!(script.steps, upgrade.steps, "{name}");
    }
}
