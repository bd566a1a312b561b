//! Unit tests: words and matching, every build-time refusal with its pointer, and the steps'
//! edge cases.

use opencharacter_spec::model::{Character, PackRelease, Ruleset, Scalar};
use serde_json::{Value, json};

use crate::{MigrationReport, cell_matches, check_upgrades, migrate, winning_case, words};

fn release(rules: Value, content: Value, upgrades: Value) -> PackRelease {
    serde_json::from_value(json!({
        "manifest": {"id": "demo", "version": "0.3.0", "specVersion": "1.4.0",
                     "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": rules,
        "content": content,
        "upgrades": upgrades,
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": {}
    }))
    .expect("a valid release")
}

fn found(release: &PackRelease) -> Vec<(&'static str, String)> {
    check_upgrades(release)
        .into_iter()
        .map(|d| {
            assert_eq!(d.pack.as_ref().map(|p| p.as_str()), Some("demo"));
            // Every template renders with the arguments given.
            assert!(!d.message().contains('{'), "{}", d.message());
            (d.code.name, d.location.pointer.unwrap_or_default())
        })
        .collect()
}

fn script(from: &str, to: &str, steps: Value) -> Value {
    json!({"from": from, "to": to, "steps": steps})
}

#[test]
fn words_are_runs_of_unicode_letters_lowercased() {
    assert_eq!(words("Fighter3"), ["fighter"]);
    assert_eq!(words("Fighter 3 / Wizard 2"), ["fighter", "wizard"]);
    assert_eq!(words("Élise the ÉPÉISTE"), ["élise", "the", "épéiste"]);
    assert_eq!(words("戦士・魔法使い"), ["戦士", "魔法使い"]);
    assert!(words("").is_empty());
    assert!(words("3 / 2").is_empty());
}

#[test]
fn exactly_one_case_wins_or_none_does() {
    let cases = vec![
        vec!["fighter".to_owned()],
        vec!["wizard".to_owned()],
        vec!["eldritch".to_owned(), "knight".to_owned()],
    ];
    assert_eq!(winning_case(&cases, "Fighter3"), Some(0));
    assert_eq!(winning_case(&cases, "a WIZARD"), Some(1));
    assert_eq!(winning_case(&cases, "Fighter 3 / Wizard 2"), None);
    assert_eq!(winning_case(&cases, ""), None);
    // Whole words: "fighters" is not "fighter"; all of a case's words must appear.
    assert_eq!(winning_case(&cases, "Fighters guild"), None);
    assert_eq!(winning_case(&cases, "Knight"), None);
    assert_eq!(winning_case(&cases, "Knight (Eldritch)"), Some(2));
    // Case words are compared lowercased too.
    assert_eq!(
        winning_case(&[vec!["Fighter".to_owned()]], "fighter"),
        Some(0)
    );
}

#[test]
fn cells_match_trimmed_text_case_insensitively_and_numbers_exactly() {
    let text = |s: &str| Scalar::Text(s.to_owned());
    assert!(cell_matches(
        &text("  Rapier "),
        &[text("dagger"), text("rapier")]
    ));
    assert!(!cell_matches(&text("Rapiers"), &[text("rapier")]));
    assert!(cell_matches(&1.into(), &[2.into(), 1.into()]));
    assert!(!cell_matches(&1.into(), &[text("1")]));
    let half: Scalar = serde_json::from_value(json!(0.5)).expect("a number");
    let about_half: Scalar = serde_json::from_value(json!(0.50001)).expect("a number");
    assert!(cell_matches(&half, std::slice::from_ref(&half)));
    assert!(!cell_matches(&about_half, &[half]));
    assert!(cell_matches(&true.into(), &[true.into()]));
}

fn rules() -> Value {
    json!({
        "fields": {
            "class": {"type": "text"},
            "experience": {"type": "number"},
            "level_fighter": {"type": "number"},
            "level_other": {"type": "number", "default": 0},
            "level_bad": {"type": "number", "default": 1},
            "title": {"type": "text", "default": "Squire"},
            "flag": {"type": "boolean"},
            "total": {"type": "number", "formula": "level_fighter + level_other"},
            "attacks": {"type": "list", "columns": {"name": {"type": "text"},
                                                    "ability": {"type": "text"}}}
        },
        "live": {
            "pools": {"hit_dice_d8": {"max": "level_other"}},
            "tracks": {"stress": {"max": "9"}},
            "woundTracks": {"harm": {"boxes": "4", "marks": {"light": {"severity": 1}}}}
        }
    })
}

#[test]
fn well_formed_scripts_pass() {
    let release = release(
        rules(),
        json!({"feats.alert": {"id": "feats.alert", "type": "feat"},
               "feats.old": {"id": "feats.old", "type": "feat",
                             "deprecated": {"since": "0.2.0", "replacedBy": "feats.alert"}}}),
        json!([
            script(
                "0.1.0",
                "0.2.0",
                json!([
                    {"rename": {"kind": "field", "from": "xp", "to": "exp"}},
                    {"route": {"from": "level", "by": "class", "else": "level_other",
                               "cases": [{"words": ["fighter"], "to": "level_fighter"}]}},
                    {"routeLive": {"kind": "pool", "from": "hit_dice", "cases": ["hit_dice_d8"],
                                   "else": "hit_dice_d8"}},
                    {"routeLive": {"kind": "track", "from": "old_harm", "cases": ["harm"],
                                   "else": "harm"}},
                    {"setColumn": {"list": "attacks", "where": {"name": ["Dagger"]},
                                   "column": "ability", "to": "finesse"}},
                    {"moveContent": {"from": "feats.old"}}
                ])
            ),
            // Continues the rename: `exp` ends at `experience`, which the pack has.
            script(
                "0.2.0",
                "0.3.0",
                json!([
                    {"rename": {"kind": "field", "from": "exp", "to": "experience"}}
                ])
            ),
        ]),
    );
    assert_eq!(found(&release), []);
}

#[test]
fn versions_above_the_pack_inverted_or_overlapping_are_refused() {
    let release = release(
        rules(),
        json!({}),
        json!([
            script("0.1.0", "0.3.0", json!([])),
            script("0.2.0", "0.2.5", json!([])),
            script("0.2.9", "0.4.0", json!([])),
            script("0.5.0", "0.4.5", json!([])),
        ]),
    );
    assert_eq!(
        found(&release),
        [
            ("upgrade-above-version", "/upgrades/2".to_owned()),
            ("upgrade-range-invalid", "/upgrades/3".to_owned()),
            ("upgrade-above-version", "/upgrades/3".to_owned()),
            ("upgrade-overlap", "/upgrades/1".to_owned()),
            ("upgrade-overlap", "/upgrades/2".to_owned()),
        ]
    );
    // Scripts that follow each other do not overlap.
    let touching = super::tests::release(
        rules(),
        json!({}),
        json!([
            script("0.1.0", "0.2.0", json!([])),
            script("0.2.0", "0.3.0", json!([]))
        ]),
    );
    assert_eq!(found(&touching), []);
}

#[test]
fn steps_that_read_current_ids_or_write_unknown_ones_are_refused() {
    let release = release(
        rules(),
        json!({}),
        json!([
            script(
                "0.1.0",
                "0.2.0",
                json!([
                    // Reads from a field the pack still has; writes to one it lacks.
                    {"rename": {"kind": "field", "from": "class", "to": "calling"}},
                    // Ends at `exp2` after the next script's rename: still unknown.
                    {"rename": {"kind": "field", "from": "xp", "to": "exp"}},
                    {"routeLive": {"kind": "pool", "from": "hit_dice_d8", "cases": ["hit_dice_d6"],
                                   "else": "hit_dice_d8"}},
                ])
            ),
            script(
                "0.2.0",
                "0.3.0",
                json!([
                    {"rename": {"kind": "field", "from": "exp", "to": "exp2"}}
                ])
            ),
        ]),
    );
    let found = found(&release);
    assert_eq!(
        found,
        [
            (
                "upgrade-source-current",
                "/upgrades/0/steps/0/rename/from".to_owned()
            ),
            (
                "upgrade-target-unknown",
                "/upgrades/0/steps/0/rename/to".to_owned()
            ),
            (
                "upgrade-target-unknown",
                "/upgrades/0/steps/1/rename/to".to_owned()
            ),
            (
                "upgrade-source-current",
                "/upgrades/0/steps/2/routeLive/from".to_owned()
            ),
            (
                "upgrade-target-unknown",
                "/upgrades/0/steps/2/routeLive/cases/0".to_owned()
            ),
            (
                "upgrade-target-unknown",
                "/upgrades/1/steps/0/rename/to".to_owned()
            ),
        ]
    );
    let diagnostics = check_upgrades(&release);
    assert_eq!(diagnostics[2].args["end"], "exp2");
}

#[test]
fn route_cases_twice_and_targets_that_would_read_as_a_value_are_refused() {
    let release = release(
        rules(),
        json!({}),
        json!([script(
            "0.1.0",
            "0.2.0",
            json!([
                {"route": {"from": "level", "by": "class", "else": "level_bad", "default": 1,
                           "cases": [{"words": ["fighter"], "to": "level_fighter"},
                                     {"words": ["Fighter"], "to": "level_other"},
                                     {"words": ["wizard"], "to": "title"},
                                     {"words": ["rogue"], "to": "flag"},
                                     {"words": ["monk"], "to": "total"}]}},
                {"routeLive": {"kind": "track", "from": "old", "cases": ["stress", "harm", "stress"],
                               "else": "stress"}},
            ])
        )]),
    );
    assert_eq!(
        found(&release),
        [
            (
                "upgrade-case-duplicate",
                "/upgrades/0/steps/0/route/cases/1".to_owned()
            ),
            (
                "upgrade-route-target-invalid",
                "/upgrades/0/steps/0/route/cases/2/to".to_owned()
            ),
            (
                "upgrade-route-target-invalid",
                "/upgrades/0/steps/0/route/cases/3/to".to_owned()
            ),
            (
                "upgrade-route-target-invalid",
                "/upgrades/0/steps/0/route/cases/4/to".to_owned()
            ),
            (
                "upgrade-route-target-invalid",
                "/upgrades/0/steps/0/route/else".to_owned()
            ),
            (
                "upgrade-case-duplicate",
                "/upgrades/0/steps/1/routeLive/cases/2".to_owned()
            ),
            (
                "upgrade-track-kinds-mixed",
                "/upgrades/0/steps/1/routeLive".to_owned()
            ),
        ]
    );
}

#[test]
fn set_column_and_content_moves_off_the_sheet_are_refused() {
    let release = release(
        rules(),
        json!({"feats.alert": {"id": "feats.alert", "type": "feat"},
               "feats.plain": {"id": "feats.plain", "type": "feat"},
               "feats.gone": {"id": "feats.gone", "type": "feat",
                              "deprecated": {"since": "0.2.0", "replacedBy": "feats.nothing"}}}),
        json!([script(
            "0.1.0",
            "0.2.0",
            json!([
                {"setColumn": {"list": "class", "where": {}, "column": "x", "to": 1}},
                {"setColumn": {"list": "attacks", "where": {"weapon": ["Dagger"]},
                               "column": "range", "to": 1}},
                {"moveContent": {"from": "feats.plain"}},
                {"moveContent": {"from": "feats.missing"}},
                {"moveContent": {"from": "feats.gone"}},
            ])
        )]),
    );
    assert_eq!(
        found(&release),
        [
            (
                "upgrade-list-unknown",
                "/upgrades/0/steps/0/setColumn/list".to_owned()
            ),
            (
                "upgrade-column-unknown",
                "/upgrades/0/steps/1/setColumn/where/weapon".to_owned()
            ),
            (
                "upgrade-column-unknown",
                "/upgrades/0/steps/1/setColumn/column".to_owned()
            ),
            (
                "upgrade-move-not-deprecated",
                "/upgrades/0/steps/2/moveContent/from".to_owned()
            ),
            (
                "upgrade-move-not-deprecated",
                "/upgrades/0/steps/3/moveContent/from".to_owned()
            ),
            (
                "upgrade-move-target-missing",
                "/upgrades/0/steps/4/moveContent/from".to_owned()
            ),
        ]
    );
}

fn ruleset(extra: Value) -> Ruleset {
    let mut value = json!({
        "packs": [{"id": "demo", "version": "0.2.0", "specVersion": "1.4.0",
                   "license": "CC0-1.0", "defaultLanguage": "en"}],
    });
    if let (Some(map), Some(extra)) = (value.as_object_mut(), extra.as_object()) {
        map.extend(extra.clone());
    }
    serde_json::from_value(value).expect("a valid ruleset")
}

fn character(value: Value) -> Character {
    serde_json::from_value(value).expect("a valid character")
}

fn run(ruleset: &Ruleset, value: Value) -> (Value, MigrationReport) {
    let (migrated, report) = migrate(ruleset, character(value));
    (
        serde_json::to_value(migrated).expect("serializable"),
        report,
    )
}

#[test]
fn copies_never_overwrite_a_value_already_at_the_target() {
    let ruleset = ruleset(
        json!({"upgrades": {"demo": [script("0.1.0", "0.2.0", json!([
            {"rename": {"kind": "field", "from": "xp", "to": "experience"}},
            {"route": {"from": "level", "by": "class", "else": "level_other", "default": 1,
                       "cases": [{"words": ["fighter"], "to": "level_fighter"}]}},
        ]))]}}),
    );
    let (migrated, report) = run(
        &ruleset,
        json!({
            "packs": {"demo": "0.1.0"},
            "fields": {"demo:xp": 5, "demo:experience": 7, "demo:class": "Fighter",
                       "demo:level": 3, "demo:level_fighter": 9}
        }),
    );
    assert_eq!(migrated["fields"]["demo:experience"], 7);
    assert_eq!(migrated["fields"]["demo:level_fighter"], 9);
    assert!(report.steps.is_empty());
    assert!(report.changed, "the version moved up");
}

#[test]
fn abilities_take_every_saved_part_along_and_fields_only_themselves() {
    let ruleset = ruleset(
        json!({"upgrades": {"demo": [script("0.1.0", "0.2.0", json!([
            {"rename": {"kind": "save", "from": "saves.str", "to": "saves.might"}},
            {"rename": {"kind": "field", "from": "hp", "to": "health"}},
        ]))]}}),
    );
    let (migrated, _) = run(
        &ruleset,
        json!({
            "packs": {"demo": "0.1.0"},
            "fields": {"demo:saves.str": 2, "demo:saves.str.proficient": true,
                       "demo:saves.strength": 8, "demo:hp": 10, "demo:hp.temp": 3,
                       "other:saves.str": 1}
        }),
    );
    let fields = &migrated["fields"];
    assert_eq!(fields["demo:saves.might"], 2);
    assert_eq!(fields["demo:saves.might.proficient"], true);
    // `saves.strength` is not under `saves.str`; another pack's field is never touched.
    assert_eq!(fields.get("demo:saves.mightength"), None);
    assert_eq!(fields.get("other:saves.might"), None);
    assert_eq!(fields["demo:health"], 10);
    assert_eq!(fields.get("demo:health.temp"), None);
}

#[test]
fn route_live_tracks_carry_marks_or_numbers() {
    let ruleset = ruleset(json!({
        "fields": {"demo:scarred": {"type": "boolean", "default": false}},
        "tracks": {"demo:stress_a": {"max": "9", "hideWhen": "not scarred"},
                   "demo:stress_b": {"max": "9"}},
        "woundTracks": {"demo:harm": {"boxes": "4", "marks": {"light": {"severity": 1}}}},
        "upgrades": {"demo": [script("0.1.0", "0.2.0", json!([
            {"routeLive": {"kind": "track", "from": "stress", "cases": ["stress_a"],
                           "else": "stress_b"}},
            {"routeLive": {"kind": "track", "from": "wounds", "cases": ["harm"], "else": "harm"}},
            {"routeLive": {"kind": "track", "from": "strain", "cases": ["stress_a"],
                           "else": "stress_b"}},
        ]))]}
    }));
    let (migrated, _) = run(
        &ruleset,
        json!({
            "packs": {"demo": "0.2.0"},
            "live": {"tracks": {"demo:stress": 4},
                     "woundTracks": {"demo:wounds": ["light", "light"], "demo:strain": ["light"]}}
        }),
    );
    let live = &migrated["live"];
    // `stress_a` is hidden for a character who is not scarred: the number goes to `else`.
    assert_eq!(live["tracks"]["demo:stress_b"], 4);
    assert_eq!(live["woundTracks"]["demo:harm"], json!(["light", "light"]));
    // Marks going to a plain track carry their count... but `stress_b` already holds a value.
    assert_eq!(live["tracks"].get("demo:strain"), None);
    assert_eq!(live["woundTracks"].get("demo:strain"), None);

    let (scarred, _) = run(
        &ruleset,
        json!({
            "packs": {"demo": "0.2.0"},
            "fields": {"demo:scarred": true},
            "live": {"woundTracks": {"demo:strain": ["light", "light", "light"]}}
        }),
    );
    assert_eq!(scarred["live"]["tracks"]["demo:stress_a"], 3);
}

#[test]
fn route_live_runs_for_a_pack_the_character_is_current_with() {
    let ruleset = ruleset(json!({
        "pools": {"demo:hit_dice_d8": {"max": "3"}},
        "upgrades": {"demo": [script("0.1.0", "0.2.0", json!([
            {"routeLive": {"kind": "pool", "from": "hit_dice", "cases": [],
                           "else": "hit_dice_d8"}},
        ]))]}
    }));
    let (migrated, report) = run(
        &ruleset,
        json!({
            "packs": {"demo": "0.2.0"}, "live": {"pools": {"demo:hit_dice": 2}}
        }),
    );
    assert_eq!(migrated["live"]["pools"], json!({"demo:hit_dice_d8": 2}));
    assert!(report.changed);
    assert!(report.versions.is_empty());
}

#[test]
fn a_character_saved_with_a_newer_version_keeps_it() {
    let ruleset = ruleset(
        json!({"upgrades": {"demo": [script("0.1.0", "0.2.0", json!([
            {"rename": {"kind": "field", "from": "xp", "to": "experience"}},
        ]))]}}),
    );
    let value = json!({"packs": {"demo": "0.3.0"}, "fields": {"demo:xp": 1}});
    let (migrated, report) = run(&ruleset, value.clone());
    assert_eq!(migrated, value);
    assert!(!report.changed);
}
