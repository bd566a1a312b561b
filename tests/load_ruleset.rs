#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! End to end: small releases, built in code, through `load_ruleset`, the ruleset API and
//! `check_character`.

use opencharacter::resolve::{
    ContentQuery, FilterComparison, FilterTest, LoadOptions, ResolveError, RulesetExt,
    check_character, load_ruleset,
};
use opencharacter::spec::model::{Character, PackRelease, Ruleset};
use opencharacter::{Diagnostic, Severity};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A release from the parts a test cares about: `id` (required), `version` (default 1.0.0),
/// `dependencies`, `hides`, `rules`, `content`, `formulas`.
fn release(parts: Value) -> PackRelease {
    let get = |key: &str, default: Value| parts.get(key).cloned().unwrap_or(default);
    serde_json::from_value(json!({
        "manifest": {
            "id": parts["id"],
            "version": get("version", json!("1.0.0")),
            "specVersion": "1.0.0",
            "license": "CC-BY-4.0",
            "credit": format!("credit of {}", parts["id"].as_str().unwrap()),
            "notices": get("notices", json!({})),
            "defaultLanguage": "en",
            "dependencies": get("dependencies", json!({})),
            "hides": get("hides", json!([])),
        },
        "rules": get("rules", json!({})),
        "content": get("content", json!({})),
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": get("formulas", json!({})),
    }))
    .unwrap()
}

/// `base`: a weapon type with filters, two swords and a field with an enum.
fn base() -> PackRelease {
    release(json!({
        "id": "base",
        "rules": {
            "fields": {
                "calling": {"type": "enum", "values": ["hauler", "sailor"]},
                "abilities.str": {"type": "number", "parts": {"mod": {"type": "number"}}}
            },
            "contentTypes": {"weapon": {
                "properties": {"damage": {"type": "text"}, "weight": {"type": "number"}},
                "filters": {"weight": {"type": "number"}, "kind": {"type": "tags"}}
            }},
        },
        "content": {
            "weapons.sword": {"id": "weapons.sword", "type": "weapon",
                              "properties": {"damage": "d8", "weight": 3}, "tags": ["martial"]},
            "weapons.dagger": {"id": "weapons.dagger", "type": "weapon",
                               "properties": {"damage": "d4", "weight": 1}, "tags": ["simple"]},
        },
    }))
}

fn homebrew(id: &str, content: Value) -> PackRelease {
    release(json!({"id": id, "dependencies": {"base": "^1.0.0"}, "content": content}))
}

fn load(releases: &[&PackRelease]) -> (Ruleset, Vec<Diagnostic>) {
    load_ruleset(releases.iter().copied(), &LoadOptions::default())
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<&str> {
    diagnostics.iter().map(|d| d.code.name).collect()
}

fn item<'r>(ruleset: &'r Ruleset, id: &str) -> &'r opencharacter::spec::model::ContentItem {
    &ruleset.lookup(&id.parse().unwrap()).unwrap().item
}

#[test]
fn two_homebrew_overrides_of_one_leaf_conflict_once_and_the_later_wins() {
    let base = base();
    let one = homebrew(
        "one",
        json!({"weapons.sword": {"override": "base:weapons.sword",
                                 "properties": {"damage": "d10"}}}),
    );
    let two = homebrew(
        "two",
        json!({"weapons.sword": {"override": "base:weapons.sword",
                                 "properties": {"damage": "d12"}}}),
    );
    let (ruleset, diagnostics) = load(&[&base, &one, &two]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let sword = item(&ruleset, "base:weapons.sword");
    assert_eq!(sword.properties["damage"], "d12");
    assert_eq!(sword.properties["weight"], 3, "maps merge deeply");
    assert_eq!(ruleset.conflicts().len(), 1);
    let conflict = &ruleset.conflicts()[0];
    assert_eq!(conflict.target.to_string(), "base:weapons.sword");
    assert_eq!(conflict.path, "/properties/damage");
    assert_eq!(
        conflict
            .packs
            .iter()
            .map(|p| p.as_str())
            .collect::<Vec<_>>(),
        ["one", "two"]
    );
    assert_eq!(conflict.winner.as_str(), "two");
}

#[test]
fn one_override_is_no_conflict() {
    let base = base();
    let one = homebrew(
        "one",
        json!({"weapons.sword": {"override": "base:weapons.sword",
                                 "properties": {"damage": "d10"}, "tags": ["heavy"]}}),
    );
    let (ruleset, diagnostics) = load(&[&base, &one]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    assert!(ruleset.conflicts.is_empty());
    let sword = item(&ruleset, "base:weapons.sword");
    assert_eq!(sword.properties["damage"], "d10");
    assert_eq!(
        sword
            .tags
            .as_ref()
            .unwrap()
            .iter()
            .map(|t| t.as_str())
            .collect::<Vec<_>>(),
        ["heavy"],
        "arrays are replaced whole"
    );
}

#[test]
fn an_override_of_missing_content_is_an_error() {
    let base = base();
    let one = homebrew(
        "one",
        json!({"weapons.axe": {"override": "base:weapons.axe", "properties": {"damage": "d10"}}}),
    );
    let (_, diagnostics) = load(&[&base, &one]);
    assert_eq!(codes(&diagnostics), ["override-target-missing"]);
    assert_eq!(diagnostics[0].pack.as_ref().unwrap().as_str(), "one");
    assert_eq!(
        diagnostics[0].location.pointer.as_deref(),
        Some("/content/weapons.axe/override")
    );
}

#[test]
fn extends_inherits_the_parents_final_state_then_its_own_then_its_overrides() {
    let base = base();
    let variants = release(json!({
        "id": "variants",
        "dependencies": {"base": "^1.0.0"},
        "content": {
            "weapons.flame-sword": {"id": "weapons.flame-sword", "extends": "weapons.sword",
                                    "properties": {"damage": "d8+d6"}},
            "weapons.holy-flame-sword": {"id": "weapons.holy-flame-sword",
                                         "extends": "weapons.flame-sword",
                                         "tags": ["holy"]},
        },
    }));
    let later = release(json!({
        "id": "later",
        "dependencies": {"base": "^1.0.0", "variants": "^1.0.0"},
        "content": {
            "a": {"override": "base:weapons.sword", "properties": {"weight": 4}},
            "b": {"override": "variants:weapons.flame-sword", "properties": {"damage": "d8+d8"}},
        },
    }));
    let (ruleset, diagnostics) = load(&[&base, &variants, &later]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let flame = item(&ruleset, "variants:weapons.flame-sword");
    assert_eq!(
        flame.properties["weight"], 4,
        "the parent's override is inherited"
    );
    assert_eq!(
        flame.properties["damage"], "d8+d8",
        "its own override applies last"
    );
    assert_eq!(
        flame.content_type.as_ref().unwrap().to_string(),
        "base:weapon",
        "an extension has its parent's type, qualified"
    );
    assert!(
        flame.extends.is_none(),
        "the ruleset holds the id + type form"
    );
    let holy = item(&ruleset, "variants:weapons.holy-flame-sword");
    assert_eq!(holy.properties["damage"], "d8+d8");
    assert_eq!(holy.properties["weight"], 4);
    assert_eq!(holy.tags.as_ref().unwrap()[0].as_str(), "holy");
    assert_eq!(
        holy.content_type.as_ref().unwrap().to_string(),
        "base:weapon"
    );
    assert!(ruleset.conflicts.is_empty(), "extending is not overriding");
}

#[test]
fn circular_extends_is_reported_for_each_item_on_the_loop_and_the_rest_loads() {
    let base = base();
    let loopy = release(json!({
        "id": "loopy",
        "dependencies": {"base": "^1.0.0"},
        "content": {
            "x.a": {"id": "x.a", "extends": "x.b"},
            "x.b": {"id": "x.b", "extends": "x.a"},
            "x.fine": {"id": "x.fine", "extends": "weapons.sword"},
        },
    }));
    let (ruleset, diagnostics) = load(&[&base, &loopy]);
    assert_eq!(
        codes(&diagnostics),
        ["circular-extends", "circular-extends"]
    );
    assert!(diagnostics[0].args["cycle"].contains("loopy:x.a → loopy:x.b → loopy:x.a"));
    assert!(ruleset.lookup(&"loopy:x.a".parse().unwrap()).is_none());
    assert_eq!(item(&ruleset, "loopy:x.fine").properties["damage"], "d8");
}

fn chain(links: usize) -> PackRelease {
    let mut content = serde_json::Map::new();
    content.insert(
        "c.i0".into(),
        json!({"id": "c.i0", "type": "base:weapon", "properties": {"weight": 0}}),
    );
    for i in 1..=links {
        let id = format!("c.i{i}");
        content.insert(
            id.clone(),
            json!({"id": id, "extends": format!("c.i{}", i - 1), "properties": {"weight": i}}),
        );
    }
    release(json!({"id": "chain", "dependencies": {"base": "^1.0.0"}, "content": content}))
}

#[test]
fn the_depth_limit_refuses_longer_chains_and_is_configurable() {
    let base = base();
    let at_limit = chain(16);
    let (ruleset, diagnostics) = load(&[&base, &at_limit]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    assert_eq!(item(&ruleset, "chain:c.i16").properties["weight"], 16);

    let over = chain(17);
    let (ruleset, diagnostics) = load(&[&base, &over]);
    assert!(!diagnostics.is_empty());
    assert!(codes(&diagnostics).iter().all(|c| *c == "extends-too-deep"));
    assert!(ruleset.lookup(&"chain:c.i17".parse().unwrap()).is_none());

    let options = LoadOptions {
        max_extends_depth: 17,
        ..LoadOptions::default()
    };
    let (_, diagnostics) = load_ruleset([&base, &over], &options);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn hidden_content_leaves_queries_but_is_found_by_id_and_is_an_issue_for_its_owner() {
    let base = base();
    let hider = release(json!({
        "id": "hider",
        "dependencies": {"base": "^1.0.0"},
        "hides": ["base:weapons.dagger"],
    }));
    let (ruleset, diagnostics) = load(&[&base, &hider]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let all = ContentQuery {
        content_type: Some("base:weapon".parse().unwrap()),
        ..ContentQuery::default()
    };
    let found: Vec<String> = ruleset
        .query(&all)
        .unwrap()
        .iter()
        .map(|(id, _)| id.to_string())
        .collect();
    assert_eq!(found, ["base:weapons.sword"]);
    let dagger = ruleset
        .lookup(&"base:weapons.dagger".parse().unwrap())
        .unwrap();
    assert!(dagger.hidden());
    assert_eq!(dagger.hidden_by[0].as_str(), "hider");

    let character: Character = serde_json::from_value(json!({
        "packs": {"base": "1.0.0", "hider": "1.0.0"},
        "content": [{"id": "base:weapons.dagger"}, {"id": "base:weapons.sword"}],
    }))
    .unwrap();
    let issues = check_character(&ruleset, &character);
    assert_eq!(codes(&issues), ["content-hidden"]);
    assert_eq!(issues[0].severity, Severity::Issue);
    assert_eq!(issues[0].args["by"], "hider");
    assert_eq!(issues[0].location.pointer.as_deref(), Some("/content/0/id"));
}

#[test]
fn hiding_missing_content_is_an_error() {
    let base = base();
    let hider = release(json!({
        "id": "hider", "dependencies": {"base": "^1.0.0"}, "hides": ["base:weapons.axe"],
    }));
    let (_, diagnostics) = load(&[&base, &hider]);
    assert_eq!(codes(&diagnostics), ["hides-unknown"]);
    assert_eq!(
        diagnostics[0].location.pointer.as_deref(),
        Some("/manifest/hides/0")
    );
}

#[test]
fn queries_use_tags_and_declared_filters() {
    let base = base();
    let (ruleset, _) = load(&[&base]);
    let ids = |query: ContentQuery| -> Vec<String> {
        ruleset
            .query(&query)
            .unwrap()
            .iter()
            .map(|(id, _)| id.to_string())
            .collect()
    };
    let weapon = Some("base:weapon".parse().unwrap());
    assert_eq!(
        ids(ContentQuery {
            tags: vec!["martial".parse().unwrap()],
            ..ContentQuery::default()
        }),
        ["base:weapons.sword"]
    );
    assert_eq!(
        ids(ContentQuery {
            content_type: weapon.clone(),
            filters: vec![FilterTest {
                filter: "weight".parse().unwrap(),
                comparison: FilterComparison::Below(2.into()),
            }],
            ..ContentQuery::default()
        }),
        ["base:weapons.dagger"]
    );
    assert_eq!(
        ids(ContentQuery {
            content_type: weapon.clone(),
            filters: vec![FilterTest {
                filter: "kind".parse().unwrap(),
                comparison: FilterComparison::NotIn(vec!["simple".into()]),
            }],
            ..ContentQuery::default()
        }),
        ["base:weapons.sword"]
    );
    let undeclared = ContentQuery {
        content_type: weapon,
        filters: vec![FilterTest {
            filter: "colour".parse().unwrap(),
            comparison: FilterComparison::Equals("red".into()),
        }],
        ..ContentQuery::default()
    };
    assert!(ruleset.query(&undeclared).is_err());
}

#[test]
fn a_local_reference_matching_in_two_dependencies_is_ambiguous() {
    let base = base();
    let other = release(json!({
        "id": "other",
        "rules": {"contentTypes": {"weapon": {}}},
    }));
    let both = release(json!({
        "id": "both",
        "dependencies": {"base": "^1.0.0", "other": "^1.0.0"},
        "content": {"weapons.club": {"id": "weapons.club", "type": "weapon"}},
    }));
    let (ruleset, diagnostics) = load(&[&base, &other, &both]);
    assert_eq!(codes(&diagnostics), ["ambiguous-reference"]);
    assert_eq!(
        diagnostics[0].args["candidates"],
        "`base:weapon`, `other:weapon`"
    );
    assert_eq!(
        diagnostics[0].location.pointer.as_deref(),
        Some("/content/weapons.club/type")
    );
    // The resolver says the same to the validator and the sheet.
    let resolver = ruleset.resolver();
    let found = resolver.content_type(&"both".parse().unwrap(), &"weapon".parse().unwrap());
    assert!(matches!(found, Err(ResolveError::Ambiguous(c)) if c.len() == 2));
}

#[test]
fn only_direct_dependencies_are_searched() {
    let base = base();
    let middle = release(json!({"id": "middle", "dependencies": {"base": "^1.0.0"}}));
    let top = release(json!({
        "id": "top",
        "dependencies": {"middle": "^1.0.0"},
        "content": {
            "weapons.club": {"id": "weapons.club", "type": "weapon"},
            "weapons.mace": {"id": "weapons.mace", "type": "base:weapon"},
        },
    }));
    let (ruleset, diagnostics) = load(&[&base, &middle, &top]);
    assert_eq!(codes(&diagnostics), ["unresolved-reference"]);
    assert_eq!(diagnostics[0].args["reference"], "weapon");
    assert_eq!(
        item(&ruleset, "top:weapons.mace")
            .content_type
            .as_ref()
            .unwrap()
            .to_string(),
        "base:weapon",
        "a qualified reference reaches any loaded pack"
    );
    let resolver = ruleset.resolver();
    let top_id = "top".parse().unwrap();
    assert!(
        resolver
            .formula_name(&top_id, None, "abilities.str.mod")
            .is_err()
    );
    let middle_id = "middle".parse().unwrap();
    assert_eq!(
        resolver
            .formula_name(&middle_id, None, "abilities.str.mod")
            .unwrap()
            .to_string(),
        "base:abilities.str.mod",
        "parts are fields of their own"
    );
}

#[test]
fn a_second_resolution_is_reported_and_the_first_stands() {
    let resolution = json!({"kind": "dice-sum", "dice": "d20"});
    let formulas = json!({"d20": {
        "text": "d20",
        "tree": serde_json::to_value(opencharacter::formula::parse("d20").unwrap()).unwrap()
    }});
    let first = release(json!({"id": "first", "rules": {"resolution": resolution},
                               "formulas": formulas}));
    let second = release(json!({"id": "second", "rules": {"resolution": resolution},
                                "formulas": formulas}));
    let (ruleset, diagnostics) = load(&[&first, &second]);
    assert_eq!(codes(&diagnostics), ["resolution-redefined"]);
    assert_eq!(diagnostics[0].args["first"], "first");
    assert_eq!(ruleset.resolution.unwrap().pack.as_str(), "first");
}

#[test]
fn a_formula_table_that_lies_or_lacks_a_formula_is_refused() {
    let tree =
        |text: &str| serde_json::to_value(opencharacter::formula::parse(text).unwrap()).unwrap();
    let rules = json!({"fields": {
        "level": {"type": "number"},
        "hp": {"type": "number", "formula": "level * 2"},
        "ac": {"type": "number", "formula": "10 + level"},
    }});
    let good = release(json!({"id": "good", "rules": rules, "formulas": {
        "level * 2": {"text": "level * 2", "tree": tree("level * 2")},
        "10 + level": {"text": "10 + level", "tree": tree("10 + level")},
    }}));
    let (_, diagnostics) = load(&[&good]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");

    let lying = release(json!({"id": "lying", "rules": rules, "formulas": {
        "level * 2": {"text": "level * 2", "tree": tree("level * 3")},
    }}));
    let (_, diagnostics) = load(&[&lying]);
    assert_eq!(
        codes(&diagnostics),
        ["formula-table-mismatch", "formula-not-in-table"]
    );
    assert_eq!(
        diagnostics[0].location.pointer.as_deref(),
        Some("/formulas/level * 2")
    );
    assert_eq!(
        diagnostics[1].location.pointer.as_deref(),
        Some("/rules/fields/ac/formula")
    );
}

#[test]
fn check_character_reports_what_no_loaded_pack_has() {
    let base = base();
    let (ruleset, _) = load(&[&base]);
    let character: Character = serde_json::from_value(json!({
        "packs": {"base": "1.0.0", "gone": "2.0.0"},
        "fields": {
            "base:calling": "sailor",
            "base:abilities.str.mod": 2,
            "base:charisma": 3,
            "gone:luck": 1,
        },
        "content": [
            {"id": "base:weapons.sword"},
            {"id": "base:weapons.axe"},
            {"id": "gone:things.x"},
            {"id": "homebrew:charms.lucky"},
        ],
        "homebrew": {"content": {"charms.lucky": {"id": "charms.lucky", "type": "homebrew:charm"}}},
    }))
    .unwrap();
    let issues = check_character(&ruleset, &character);
    assert_eq!(
        codes(&issues),
        [
            "character-pack-not-loaded",
            "character-field-unknown",
            "character-content-unknown",
        ]
    );
    assert!(issues.iter().all(|d| d.severity == Severity::Issue));
    assert_eq!(issues[1].args["id"], "base:charisma");
    assert_eq!(issues[2].args["id"], "base:weapons.axe");
}

#[test]
fn check_character_wants_the_saved_version_or_newer() {
    let base = base();
    let (ruleset, _) = load(&[&base]);
    let saved = |version: &str| -> Character {
        serde_json::from_value(json!({"packs": {"base": version}})).unwrap()
    };
    assert!(
        check_character(&ruleset, &saved("0.9.0")).is_empty(),
        "newer loaded: migrates"
    );
    assert!(check_character(&ruleset, &saved("1.0.0")).is_empty());
    let issues = check_character(&ruleset, &saved("1.1.0"));
    assert_eq!(codes(&issues), ["character-pack-older"]);
    assert_eq!(issues[0].args["loaded"], "1.0.0");
}

#[test]
fn withdrawn_values_are_not_issues_but_unknown_values_are() {
    let base = base();
    let (mut ruleset, _) = load(&[&base]);
    let calling = "base:calling".parse().unwrap();
    // What a layer does: the value leaves the field, and is kept as withdrawn.
    ruleset
        .fields
        .get_mut(&calling)
        .unwrap()
        .values
        .retain(|v| v.as_str() != "sailor");
    ruleset
        .withdrawn
        .values
        .insert(calling, vec!["sailor".parse().unwrap()]);
    let holding = |value: &str| -> Character {
        serde_json::from_value(
            json!({"packs": {"base": "1.0.0"}, "fields": {"base:calling": value}}),
        )
        .unwrap()
    };
    assert!(check_character(&ruleset, &holding("sailor")).is_empty());
    assert_eq!(
        codes(&check_character(&ruleset, &holding("pirate"))),
        ["character-value-unknown"]
    );
}

#[test]
fn packs_keep_load_order_credit_and_notices_and_guidance_joins_in_order() {
    let first = release(json!({
        "id": "first",
        "notices": {"section-15": "notice text"},
        "rules": {"gm": {"checkGuidance": "first part"}},
    }));
    let second = release(json!({
        "id": "second", "dependencies": {"first": "^1"},
        "rules": {"gm": {"checkGuidance": "second part"}},
    }));
    let (ruleset, diagnostics) = load(&[&first, &second]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let packs = ruleset.packs_in_load_order();
    assert_eq!(packs[0].id.as_str(), "first");
    assert_eq!(packs[0].credit.as_deref(), Some("credit of first"));
    assert_eq!(packs[0].notices["section-15"], "notice text");
    let parts: Vec<(&str, &str)> = ruleset
        .gm
        .check_guidance
        .iter()
        .map(|p| (p.pack.as_str(), p.text.as_str()))
        .collect();
    assert_eq!(parts, [("first", "first part"), ("second", "second part")]);
}

#[test]
fn dependency_problems_point_into_the_release_manifest() {
    let late = homebrew("late", json!({}));
    let (_, diagnostics) = load(&[&late]);
    assert_eq!(codes(&diagnostics), ["missing-dependency"]);
    assert_eq!(
        diagnostics[0].location.pointer.as_deref(),
        Some("/manifest/dependencies/base")
    );
}

proptest! {
    /// Random stacks of overrides across packs: every leaf ends with the last writer's value, and
    /// a conflict is reported exactly for the leaves two or more packs wrote.
    #[test]
    fn override_stacks_end_with_the_last_writer(
        writes in proptest::collection::vec(
            proptest::collection::vec((0usize..4, 0u32..100), 0..4),
            1..6,
        )
    ) {
        let leaves = ["damage", "weight", "range", "reach"];
        let base = release(json!({
            "id": "base",
            "rules": {"contentTypes": {"weapon": {}}},
            "content": {"weapons.sword": {"id": "weapons.sword", "type": "weapon",
                                          "properties": {"damage": 0, "weight": 0}}},
        }));
        let packs: Vec<PackRelease> = writes
            .iter()
            .enumerate()
            .map(|(p, pack_writes)| {
                let mut properties = serde_json::Map::new();
                for &(leaf, value) in pack_writes {
                    properties.insert(leaves[leaf].to_owned(), json!(value));
                }
                let content = if properties.is_empty() {
                    json!({})
                } else {
                    json!({"patch": {"override": "base:weapons.sword", "properties": properties}})
                };
                homebrew(&format!("pack{p}"), content)
            })
            .collect();
        let mut all = vec![&base];
        all.extend(packs.iter());
        let (ruleset, diagnostics) = load(&all);
        prop_assert!(diagnostics.is_empty(), "{:?}", diagnostics);

        // The oracle: replay the writes.
        let sword = item(&ruleset, "base:weapons.sword");
        for (leaf_index, leaf) in leaves.iter().enumerate() {
            let mut expected: Option<u32> = if leaf_index < 2 { Some(0) } else { None };
            let mut writers: Vec<String> = Vec::new();
            for (p, pack_writes) in writes.iter().enumerate() {
                // A pack writing one key twice in a map keeps the last (a map has one value).
                if let Some(&(_, value)) = pack_writes.iter().rev().find(|(l, _)| *l == leaf_index) {
                    expected = Some(value);
                    writers.push(format!("pack{p}"));
                }
            }
            prop_assert_eq!(sword.properties.get(*leaf).and_then(Value::as_u64), expected.map(u64::from));
            let conflict = ruleset
                .conflicts
                .iter()
                .find(|c| c.path == format!("/properties/{leaf}"));
            if writers.len() >= 2 {
                let conflict = conflict.unwrap();
                let packs: Vec<String> = conflict.packs.iter().map(ToString::to_string).collect();
                prop_assert_eq!(&packs, &writers);
                prop_assert_eq!(conflict.winner.to_string(), writers.last().unwrap().clone());
            } else {
                prop_assert!(conflict.is_none());
            }
        }
        prop_assert!(ruleset.conflicts.len() <= leaves.len());
    }
}

#[test]
fn a_loaded_ruleset_validates_against_its_schema_and_reads_back() {
    let base = base();
    let one = homebrew(
        "one",
        json!({
            "weapons.sword": {"override": "base:weapons.sword", "properties": {"damage": "d10"}},
            "weapons.flame": {"id": "weapons.flame", "extends": "weapons.sword"},
        }),
    );
    let two = release(json!({
        "id": "two", "dependencies": {"base": "^1.0.0"}, "hides": ["base:weapons.dagger"],
        "content": {"x": {"override": "base:weapons.sword", "properties": {"damage": "d12"}}},
    }));
    let (ruleset, diagnostics) = load(&[&base, &one, &two]);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let value = serde_json::to_value(&ruleset).unwrap();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/ruleset.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let back: Ruleset = serde_json::from_value(value).unwrap();
    assert_eq!(back, ruleset);
}
