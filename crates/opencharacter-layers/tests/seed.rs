#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! End to end: the seed's layers on packs loaded with `load_ruleset`, through `apply_layers`,
//! the report, the ruleset API, prices, purses, sellers, loot and characters.

use crate::common::*;
use opencharacter_layers::economy::{self, Drop, PriceDisplay};
use opencharacter_layers::{Change, GUIDANCE_SEPARATOR, apply_layers, join_guidance};
use opencharacter_resolve::{ContentQuery, RulesetExt};
use opencharacter_spec::ids::QualifiedFieldId;
use opencharacter_spec::model::{Character, Scalar};
use opencharacter_spec::standard_text::StandardText;

fn q(text: &str) -> QualifiedFieldId {
    text.parse().unwrap()
}

fn c(text: &str) -> opencharacter_spec::ids::QualifiedContentId {
    text.parse().unwrap()
}

#[test]
fn hard_winter_and_mud_season_conflict_and_the_later_declared_is_dropped() {
    let ruleset = ember();
    for choice in [
        ["ember-roads-1e:hard_winter", "ember-roads-1e:mud_season"],
        ["ember-roads-1e:mud_season", "ember-roads-1e:hard_winter"],
    ] {
        let (effective, report) = apply_layers(&ruleset, &ids(&choice));
        assert_eq!(
            effective.active_layers,
            ids(&["ember-roads-1e:hard_winter"])
        );
        assert_eq!(report.dropped.len(), 1);
        assert_eq!(report.dropped[0].layer, q("ember-roads-1e:mud_season"));
        assert_eq!(
            report.dropped[0].conflicts_with,
            q("ember-roads-1e:hard_winter")
        );
        assert_eq!(
            effective.withdrawn.layers,
            ids(&["ember-roads-1e:mud_season"])
        );
        let diagnostics = report.diagnostics();
        assert_eq!(diagnostics[0].code.name, "layer-conflict-dropped");
        // mud_season's guidance and ladder are not applied: hard winter's are.
        let ladder = &effective
            .resolution
            .as_ref()
            .unwrap()
            .resolution
            .difficulty_ladder;
        assert_eq!(ladder[0].dc, Some(7));
    }
}

#[test]
fn guidance_is_appended_after_the_pack_text_with_a_blank_line() {
    let ruleset = ember();
    let (effective, report) = apply_layers(&ruleset, &ids(&["ember-roads-1e:hard_winter"]));
    let check = join_guidance(&effective.gm.check_guidance);
    assert_eq!(
        check,
        format!(
            "Ask for a check only when the road could cost the travellers something.{GUIDANCE_SEPARATOR}\
             Hard winter is on. Let a failed check cost warmth, food or daylight as well as progress."
        )
    );
    assert_eq!(effective.gm.world_guidance.len(), 2);
    assert_eq!(
        effective.gm.world_guidance[1]
            .layer
            .as_ref()
            .map(|l| l.as_str()),
        Some("hard_winter")
    );
    assert!(report.kept[0].changes.contains(&Change::CheckGuidance));
    assert!(report.kept[0].changes.contains(&Change::WorldGuidance));
}

#[test]
fn a_field_is_narrowed_its_default_replaced_and_the_value_kept_withdrawn() {
    let ruleset = ember();
    let (effective, _) = apply_layers(&ruleset, &ids(&["ember-roads-1e:hard_winter"]));
    let calling = &effective.fields[&q("ember-roads-1e:calling")];
    let values: Vec<&str> = calling.values.iter().map(|v| v.as_str()).collect();
    assert_eq!(values, ["hauler", "scout", "tinker"]);
    assert_eq!(calling.default, Some(Scalar::Text("hauler".into())));
    assert_eq!(
        effective.withdrawn.values[&q("ember-roads-1e:calling")]
            .iter()
            .map(|v| v.as_str())
            .collect::<Vec<_>>(),
        ["sailor"]
    );
    // A character who already is a sailor keeps it, with no rules issue.
    let character: Character = serde_json::from_value(serde_json::json!({
        "packs": {"ember-roads-1e": "1.0.0"},
        "setup": {"packs": {"ember-roads-1e": "1.0.0"}, "layers": ["ember-roads-1e:hard_winter"]},
        "fields": {"ember-roads-1e:calling": "sailor"},
        "content": [{"id": "ember-roads-1e:knacks.grim"}],
        "purse": {"ember-roads-1e:gp": 2}
    }))
    .unwrap();
    assert!(effective.check_character(&character).is_empty());
    // Off in a new game, the value is offered again.
    assert!(
        ruleset.fields[&q("ember-roads-1e:calling")]
            .values
            .iter()
            .any(|v| v.as_str() == "sailor")
    );
}

#[test]
fn two_layers_that_together_would_empty_a_field_apply_only_the_first() {
    let ruleset = ember();
    let (effective, report) = apply_layers(
        &ruleset,
        &ids(&["ember-roads-1e:short_roads", "ember-roads-1e:hard_winter"]),
    );
    let calling = &effective.fields[&q("ember-roads-1e:calling")];
    assert_eq!(calling.values.len(), 3, "hard winter's removal stands");
    assert_eq!(report.not_applied.len(), 1);
    assert_eq!(report.not_applied[0].layer, q("ember-roads-1e:short_roads"));
    assert!(
        report.not_applied[0]
            .reason_in(StandardText::english())
            .contains("without a value")
    );
    let diagnostic = &report.diagnostics()[0];
    assert_eq!(diagnostic.code.name, "layer-removal-not-applied");
    // The rest of short_roads still applies: its catalog rules hide entries.
    assert!(effective.content[&c("ember-roads-1e:knacks.inland")].withdrawn);
}

#[test]
fn the_last_active_ladder_wins_and_a_ladder_of_the_wrong_shape_is_skipped() {
    let ruleset = gravewatch();
    let (effective, report) = apply_layers(
        &ruleset,
        &ids(&["gravewatch-1e:bad_ladder", "gravewatch-1e:long_night"]),
    );
    let ladder = &effective
        .resolution
        .as_ref()
        .unwrap()
        .resolution
        .difficulty_ladder;
    assert_eq!(ladder[1].successes, Some(4));
    assert_eq!(report.not_applied.len(), 1);
    assert_eq!(report.not_applied[0].layer, q("gravewatch-1e:bad_ladder"));
    assert!(
        report.not_applied[0]
            .reason_in(StandardText::english())
            .contains("successes"),
        "{}",
        report.not_applied[0].reason_in(StandardText::english())
    );

    // Two valid ladders: the later-declared active one wins.
    let ember = ember();
    let mut two = ember.clone();
    let winter = q("ember-roads-1e:hard_winter");
    two.layers.get_mut(&winter).unwrap().conflicts.clear();
    let (effective, _) = apply_layers(
        &two,
        &ids(&["ember-roads-1e:mud_season", "ember-roads-1e:hard_winter"]),
    );
    let ladder = &effective
        .resolution
        .as_ref()
        .unwrap()
        .resolution
        .difficulty_ladder;
    assert_eq!(ladder.len(), 1);
    assert_eq!(
        ladder[0].dc,
        Some(8),
        "mud_season is declared after hard_winter"
    );
}

#[test]
fn catalog_rules_hide_from_pickers_but_never_content_without_the_filter() {
    let ruleset = ember();
    let (effective, report) = apply_layers(&ruleset, &ids(&["ember-roads-1e:hard_winter"]));
    let hidden: Vec<String> = effective
        .withdrawn
        .content
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(hidden, ["ember-roads-1e:knacks.grim"]);
    let knack = ContentQuery {
        content_type: Some(q("ember-roads-1e:knack")),
        ..ContentQuery::default()
    };
    let offered: Vec<String> = effective
        .query(&knack)
        .unwrap()
        .into_iter()
        .map(|(id, _)| id.to_string())
        .collect();
    assert!(
        offered.contains(&"ember-roads-1e:knacks.plain".to_owned()),
        "no grit: never hidden"
    );
    assert!(!offered.contains(&"ember-roads-1e:knacks.grim".to_owned()));
    // Still resolves by ID: a sheet that picked it keeps it.
    assert!(
        effective
            .lookup(&"ember-roads-1e:knacks.grim".parse().unwrap())
            .is_some()
    );
    assert!(
        matches!(&report.kept[0].changes[..], [.., Change::Hidden { content, .. }] if content.len() == 1)
    );

    // Text notIn hides entries whose text is none of the list; tags equals hides the tag's holders.
    let (effective, _) = apply_layers(&ruleset, &ids(&["ember-roads-1e:short_roads"]));
    let hidden: Vec<String> = effective
        .withdrawn
        .content
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        hidden,
        ["ember-roads-1e:knacks.inland", "ember-roads-1e:knacks.hex"]
    );
}

#[test]
fn the_long_night_removes_the_crown_so_a_3_crown_pistol_costs_15_shillings() {
    let ruleset = gravewatch();
    let pistol = "gravewatch-1e:arms.guard-pistol".parse().unwrap();
    let before = economy::price_display(&ruleset, &pistol).unwrap();
    let (effective, report) = apply_layers(&ruleset, &ids(&["gravewatch-1e:long_night"]));
    assert!(report.not_applied.is_empty(), "{:?}", report.not_applied);
    let after = economy::price_display(&effective, &pistol).unwrap();
    let PriceDisplay::Price(before) = before else {
        panic!()
    };
    let PriceDisplay::Price(after) = after else {
        panic!()
    };
    assert_eq!((before.amount, before.unit.local.as_str()), (3, "crown"));
    assert_eq!((after.amount, after.unit.local.as_str()), (15, "shilling"));
    // A price in a coin still there is unchanged; the crown is out of what can be picked.
    let cudgel = "gravewatch-1e:arms.cudgel".parse().unwrap();
    assert!(
        matches!(economy::price_display(&effective, &cudgel), Some(PriceDisplay::Price(a)) if a.amount == 7)
    );
    assert!(
        !economy::active_coins(&effective)
            .iter()
            .any(|c| c.unit.local.as_str() == "crown")
    );
    assert_eq!(effective.withdrawn.coins, ids(&["gravewatch-1e:crown"]));
    // The coin itself stays defined: nothing is deleted.
    assert!(
        effective.currencies[&q("gravewatch-1e:coin")]
            .units
            .contains_key("crown")
    );
}

#[test]
fn a_price_whose_whole_family_is_gone_has_none() {
    let ruleset = gravewatch();
    let (effective, _) = apply_layers(&ruleset, &ids(&["gravewatch-1e:no_tokens"]));
    let tonic = "gravewatch-1e:kit.tonic".parse().unwrap();
    assert_eq!(
        economy::price_display(&effective, &tonic),
        Some(PriceDisplay::NoPrice)
    );
    assert_eq!(
        effective.withdrawn.coins,
        ids(&["gravewatch-1e:chit", "gravewatch-1e:marker"])
    );
}

#[test]
fn the_purse_line_leaves_removed_coins_out_but_the_purse_keeps_them() {
    let ruleset = gravewatch();
    let (effective, _) = apply_layers(&ruleset, &ids(&["gravewatch-1e:long_night"]));
    let character: Character = serde_json::from_value(serde_json::json!({
        "packs": {"gravewatch-1e": "0.2.0"},
        "setup": {"packs": {"gravewatch-1e": "0.2.0"}, "layers": ["gravewatch-1e:long_night"]},
        "purse": {"gravewatch-1e:penny": 4, "gravewatch-1e:crown": 2, "gravewatch-1e:shilling": 1}
    }))
    .unwrap();
    let line = economy::purse_line(&effective, &character);
    let shown: Vec<(u64, &str)> = line
        .coins
        .iter()
        .map(|a| (a.amount, a.unit.local.as_str()))
        .collect();
    assert_eq!(shown, [(1, "shilling"), (4, "penny")]);
    assert_eq!(line.withdrawn.len(), 1);
    assert_eq!(line.withdrawn[0].amount, 2);
    assert!(
        effective.check_character(&character).is_empty(),
        "a removed coin is no rules issue"
    );
    // Without the layer the crown is on the line.
    assert_eq!(economy::purse_line(&ruleset, &character).coins.len(), 3);
}

#[test]
fn two_layers_that_together_would_empty_the_sellers_apply_only_the_first() {
    let ruleset = ember();
    let (effective, report) = apply_layers(
        &ruleset,
        &ids(&["ember-roads-1e:no_scribes", "ember-roads-1e:scarce_magic"]),
    );
    assert_eq!(
        effective.withdrawn.sellers,
        ids(&["ember-roads-1e:magic_dealer", "ember-roads-1e:scribe"])
    );
    assert_eq!(report.not_applied.len(), 1);
    assert_eq!(report.not_applied[0].layer, q("ember-roads-1e:no_scribes"));
    assert!(
        report.not_applied[0]
            .reason_in(StandardText::english())
            .contains("without sellers")
    );
    let pack = "ember-roads-1e".parse().unwrap();
    let sellers: Vec<&str> = economy::active_sellers(&effective, &pack)
        .iter()
        .map(|(id, _)| id.as_str())
        .collect();
    assert_eq!(sellers, ["outfitter"]);
    // The removed sellers stay defined.
    assert_eq!(effective.markets[&pack].sellers.len(), 3);
    // unsold is appended.
    assert_eq!(effective.markets[&pack].unsold.len(), 1);
}

#[test]
fn loot_tables_are_replaced_by_id_and_rolls_are_seeded() {
    let ruleset = ember();
    let (effective, report) = apply_layers(&ruleset, &ids(&["ember-roads-1e:scarce_magic"]));
    assert!(report.kept[0].changes.contains(&Change::LootTable {
        table: q("ember-roads-1e:treasure_low")
    }));
    let table = q("ember-roads-1e:treasure_low");
    for seed in 0..20 {
        let drops = economy::roll_loot(&effective, &table, seed).unwrap();
        assert_eq!(drops, economy::roll_loot(&effective, &table, seed).unwrap());
        // The replacement drops only silver, 4d6 of it.
        let [Drop::Coins(amount)] = &drops[..] else {
            panic!("{drops:?}")
        };
        assert_eq!(amount.unit.local.as_str(), "sp");
        assert!((4..=24).contains(&amount.amount));
    }
    // A seller's stock table names the table: it rolls the replacement too.
    let pack = "ember-roads-1e".parse().unwrap();
    let outfitter = &effective.markets[&pack].sellers["outfitter"];
    let stock = economy::roll_stock(&effective, &pack, outfitter, 3)
        .unwrap()
        .unwrap();
    assert!(matches!(&stock[..], [Drop::Coins(a)] if a.unit.local.as_str() == "sp"));
    // Without the layer, the base table can drop copper.
    let base: Vec<_> = (0..40)
        .flat_map(|seed| economy::roll_loot(&ruleset, &table, seed).unwrap())
        .collect();
    assert!(
        base.iter()
            .any(|d| matches!(d, Drop::Coins(a) if a.unit.local.as_str() == "cp"))
    );
}

#[test]
fn loot_never_drops_a_removed_coin_and_unsold_items_still_drop() {
    let ruleset = gravewatch();
    let (effective, _) = apply_layers(&ruleset, &ids(&["gravewatch-1e:long_night"]));
    let table = q("gravewatch-1e:grave_goods");
    let drops: Vec<Drop> = (0..60)
        .flat_map(|seed| economy::roll_loot(&effective, &table, seed).unwrap())
        .collect();
    assert!(
        drops
            .iter()
            .all(|d| !matches!(d, Drop::Coins(a) if a.unit.local.as_str() == "crown"))
    );
    // Crowns re-expressed: 5 shillings each.
    assert!(drops.iter().any(
        |d| matches!(d, Drop::Coins(a) if a.unit.local.as_str() == "shilling" && a.amount % 5 == 0)
    ));
    assert!(drops.iter().any(
        |d| matches!(d, Drop::Item { id, .. } if id.to_string() == "gravewatch-1e:kit.tonic")
    ));
}

#[test]
fn unknown_layers_and_invalid_effects_are_reported_not_applied() {
    let ruleset = ember();
    let (effective, report) =
        apply_layers(&ruleset, &ids(&["ember-roads-1e:nope", "other-pack:x"]));
    assert_eq!(effective, ruleset);
    assert_eq!(report.unknown.len(), 2);
    assert!(
        report
            .diagnostics()
            .iter()
            .all(|d| d.code.name == "layer-unknown")
    );

    // An effect the builder would refuse is skipped whole at application too.
    let mut broken = ruleset.clone();
    let winter = broken
        .layers
        .get_mut(&q("ember-roads-1e:hard_winter"))
        .unwrap();
    winter
        .fields
        .get_mut("calling")
        .unwrap()
        .remove_values
        .push("trapper".parse().unwrap());
    let (effective, report) = apply_layers(&broken, &ids(&["ember-roads-1e:hard_winter"]));
    assert_eq!(
        effective.fields[&q("ember-roads-1e:calling")].values.len(),
        4
    );
    assert!(
        report.not_applied[0]
            .reason_in(StandardText::english())
            .contains("trapper"),
        "{}",
        report.not_applied[0].reason_in(StandardText::english())
    );
}

#[test]
fn each_pack_layers_act_on_that_pack_own_rules_and_content() {
    // Two packs with the same local names: a layer of one never touches the other's.
    let first = release("ember-roads-1e", "1.0.0", EMBER_RULES, ember_content());
    // The second pack has no resolution of its own (a ruleset has one).
    let start = EMBER_RULES.find("resolution:").unwrap();
    let end = EMBER_RULES.find("currencies:").unwrap();
    let coast_rules = format!("{}{}", &EMBER_RULES[..start], &EMBER_RULES[end..]);
    let second = release("ember-coast-1e", "1.0.0", &coast_rules, ember_content());
    let ruleset = load(&[&first, &second]);
    let (effective, report) = apply_layers(
        &ruleset,
        &ids(&["ember-coast-1e:hard_winter", "ember-roads-1e:mud_season"]),
    );
    assert_eq!(report.dropped, [], "conflicts are within a pack");
    assert_eq!(
        effective.fields[&q("ember-roads-1e:calling")].values.len(),
        4
    );
    assert_eq!(
        effective.fields[&q("ember-coast-1e:calling")].values.len(),
        3
    );
    assert!(
        effective
            .withdrawn
            .content
            .iter()
            .all(|id| id.pack.as_str() == "ember-coast-1e")
    );
    // Only the pack that defines the resolution may replace its ladder.
    assert_eq!(
        effective
            .resolution
            .as_ref()
            .unwrap()
            .resolution
            .difficulty_ladder[0]
            .dc,
        Some(8)
    );
    assert!(
        report
            .not_applied
            .iter()
            .any(|n| n.layer == q("ember-coast-1e:hard_winter")
                && n.what_in(StandardText::english()).contains("ladder"))
    );
}

#[test]
fn the_seed_packs_pass_the_layer_checks() {
    assert_eq!(opencharacter_layers::check_layers(&rules(EMBER_RULES)), []);
    let found = opencharacter_layers::check_layers(&rules(GRAVEWATCH_RULES));
    assert!(found.is_empty(), "{found:?}");
    let found = opencharacter_layers::check_ruleset_layers(&ember());
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn an_item_that_is_not_sold_is_still_an_item() {
    let ruleset = ember();
    let charm = c("ember-roads-1e:gear.charm");
    let rope = c("ember-roads-1e:gear.rope");
    let sellers = |r: &opencharacter_spec::model::Ruleset, item| {
        economy::sellers_of(r, item)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        sellers(&ruleset, &charm),
        ["ember-roads-1e:outfitter", "ember-roads-1e:magic_dealer"]
    );
    let (effective, _) = apply_layers(&ruleset, &ids(&["ember-roads-1e:scarce_magic"]));
    assert_eq!(
        sellers(&effective, &charm),
        Vec::<String>::new(),
        "unsold: tag magical"
    );
    assert_eq!(sellers(&effective, &rope), ["ember-roads-1e:outfitter"]);
    // Still an item: it resolves, keeps its price, and a table that names it drops it.
    assert!(effective.lookup(&charm).is_some());
    assert!(matches!(
        economy::price_display(&effective, &charm),
        Some(PriceDisplay::Price(_))
    ));
    let mut with_table = effective.clone();
    let table: opencharacter_spec::model::LootTable = serde_json::from_value(
        serde_json::json!({"entries": [{"filter": {"tag": "magical"}, "weight": 1}]}),
    )
    .unwrap();
    with_table
        .loot_tables
        .insert(q("ember-roads-1e:charms"), table);
    let drops = economy::roll_loot(&with_table, &q("ember-roads-1e:charms"), 1).unwrap();
    assert_eq!(
        drops,
        [Drop::Item {
            id: charm,
            count: 1
        }]
    );
}

#[test]
fn a_reports_json_keys_are_camel_case_in_every_change() {
    // Every report's JSON keys are camelCase (diagnostics.md): a struct-like change's fields
    // too, not only its tag (`contentType`, never `content_type`).
    let change = Change::Hidden {
        content_type: q("ember-roads-1e:knack"),
        filter: "tier".parse().unwrap(),
        content: vec![],
    };
    let json = serde_json::to_value(&change).unwrap();
    assert_eq!(json["change"], "hidden");
    assert_eq!(json["contentType"], "ember-roads-1e:knack");
    assert!(json.get("content_type").is_none(), "{json}");
}
