//! Packs for the layer tests, built in code: Ember Roads (a `dice-sum` pack with the seed's
//! `hard_winter`, `mud_season` and an items layer) and Gravewatch (a `dice-pool` pack whose long
//! night removes the crown).

#![allow(dead_code, reason = "each test file uses some of the helpers")]

use opencharacter_resolve::{LoadOptions, load_ruleset};
use opencharacter_spec::model::{CompiledFormula, PackRelease, RulesDocument, Ruleset};
use serde_json::{Value, json};

pub const EMBER_RULES: &str = r#"
fields:
  name: { type: text, maxLength: 60 }
  calling:
    type: enum
    values: [hauler, sailor, scout, tinker]
    default: sailor
  toughness: { type: number, min: 0, max: 6, default: 2 }
contentTypes:
  knack:
    properties:
      grit: { type: number, min: 0 }
      road: { type: text }
    filters:
      grit: { type: number }
      road: { type: text }
      kind: { type: tags }
  gear:
    properties:
      weight: { type: number, min: 0 }
resolution:
  kind: dice-sum
  dice: 2d6
  difficultyLadder:
    - { label: easy, dc: 6 }
    - { label: risky, dc: 8 }
    - { label: hard, dc: 10 }
currencies:
  coin:
    units:
      cp: { value: 1 }
      sp: { value: 10 }
      gp: { value: 100 }
market:
  places: [camp, town]
  sellers:
    outfitter: { sells: [{ type: gear }], stock: treasure_low }
    magic_dealer: { sells: [{ tag: magical }], place: town }
    scribe: { sells: [{ type: knack }], place: town }
lootTables:
  treasure_low:
    entries:
      - { coins: cp, weight: 3, count: 2d6 }
      - { coins: sp, weight: 1, count: 1d4 }
  treasure_high:
    entries:
      - { coins: gp, weight: 1, count: 1d6 }
gm:
  checkGuidance: Ask for a check only when the road could cost the travellers something.
  worldGuidance: Build a world of long roads between small settlements.
layers:
  hard_winter:
    conflicts: [mud_season]
    gm:
      guidance: Hard winter is on. Let a failed check cost warmth, food or daylight as well as progress.
      worldGuidance: Hard winter is on. Build a world of closed roads, thin stores and rationed settlements.
    fields:
      calling: { removeValues: [sailor], default: hauler }
    difficultyLadder:
      - { label: easy, dc: 7 }
      - { label: risky, dc: 9 }
      - { label: hard, dc: 11 }
    catalogs:
      - { type: knack, hide: { filter: grit, above: 0 } }
  mud_season:
    gm:
      guidance: Mud season is on. Travel takes twice as long and wheels get stuck.
    difficultyLadder:
      - { label: easy, dc: 8 }
  scarce_magic:
    items:
      market:
        removeSellers: [magic_dealer, scribe]
        unsold: [{ tag: magical }]
      lootTables:
        treasure_low:
          entries:
            - { coins: sp, weight: 1, count: 4d6 }
  no_scribes:
    items:
      market:
        removeSellers: [outfitter]
  short_roads:
    fields:
      calling: { removeValues: [hauler, scout, tinker], default: sailor }
    catalogs:
      - { type: knack, hide: { filter: road, notIn: [north, coast] } }
      - { type: knack, hide: { filter: kind, equals: cursed } }
"#;

/// Ember Roads' content: knacks with and without the filters, gear, a magical item.
pub fn ember_content() -> Value {
    json!({
        "knacks.steady": {"id": "knacks.steady", "type": "knack", "properties": {"grit": 0, "road": "north"}},
        "knacks.grim": {"id": "knacks.grim", "type": "knack", "properties": {"grit": 2, "road": "coast"}},
        "knacks.plain": {"id": "knacks.plain", "type": "knack"},
        "knacks.inland": {"id": "knacks.inland", "type": "knack", "properties": {"road": "inland"}},
        "knacks.hex": {"id": "knacks.hex", "type": "knack", "tags": ["cursed"]},
        "gear.rope": {"id": "gear.rope", "type": "gear", "price": {"amount": 5, "unit": "sp"}},
        "gear.charm": {"id": "gear.charm", "type": "gear", "tags": ["magical"], "price": {"amount": 2, "unit": "gp"}}
    })
}

pub const GRAVEWATCH_RULES: &str = r#"
fields:
  oath: { type: enum, values: [lantern, barrow], default: lantern }
contentTypes:
  arm:
    properties:
      shots: { type: number }
  kit: {}
resolution:
  kind: dice-pool
  die: 10
  target: { default: 7, min: 5, max: 9 }
  difficultyLadder:
    - { label: plain_work, successes: 1, target: 6 }
    - { label: grim, successes: 3, target: 8 }
currencies:
  coin:
    units:
      penny: { value: 1 }
      shilling: { value: 12 }
      crown: { value: 60 }
  token:
    units:
      chit: { value: 1 }
      marker: { value: 10 }
market:
  sellers:
    smith: { sells: [{ type: arm }], stock: grave_goods }
    chandler: { sells: [{ type: kit }] }
lootTables:
  grave_goods:
    rolls: 1d2
    entries:
      - { item: kit.tonic, weight: 3 }
      - { filter: { type: arm }, weight: 1 }
      - { coins: crown, weight: 2, count: 1d6 }
layers:
  long_night:
    gm:
      guidance: The long night is on. Use the harsher ladder.
    currencies:
      removeUnits: [crown]
    difficultyLadder:
      - { label: plain_work, successes: 1, target: 7 }
      - { label: grim, successes: 4, target: 9 }
  no_tokens:
    currencies:
      removeFamilies: [token]
  bad_ladder:
    difficultyLadder:
      - { label: plain_work, dc: 7 }
"#;

pub fn gravewatch_content() -> Value {
    json!({
        "arms.guard-pistol": {"id": "arms.guard-pistol", "type": "arm", "properties": {"shots": 1},
                              "price": {"amount": 3, "unit": "crown"}},
        "arms.cudgel": {"id": "arms.cudgel", "type": "arm", "price": {"amount": 7, "unit": "penny"}},
        "kit.tonic": {"id": "kit.tonic", "type": "kit", "price": {"amount": 2, "unit": "marker"}},
        "kit.lamp": {"id": "kit.lamp", "type": "kit", "price": {"amount": 1, "unit": "crown"}}
    })
}

pub fn rules(yaml: &str) -> RulesDocument {
    opencharacter_spec::yaml::from_str(yaml).expect("the test rules read")
}

/// A release of `id` at `version` with these rules and content.
pub fn release(id: &str, version: &str, rules_yaml: &str, content: Value) -> PackRelease {
    let rules = serde_json::to_value(rules(rules_yaml)).expect("rules serialize");
    let mut release: PackRelease = serde_json::from_value(json!({
        "manifest": {"id": id, "version": version, "specVersion": "1.6.0",
                     "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": rules,
        "content": content,
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": {}
    }))
    .expect("the test release reads");
    // The formula table, as the builder writes it.
    let mut table = indexmap::IndexMap::new();
    for site in opencharacter_spec::model::formulas::release_formulas(&release, |_| None) {
        let tree = opencharacter_formula::parse(site.text).expect("test formulas parse");
        table.insert(
            site.text.to_owned(),
            CompiledFormula {
                text: tree.to_string(),
                tree: serde_json::to_value(&tree).expect("trees serialize"),
            },
        );
    }
    release.formulas = table;
    release
}

/// Loads releases, whatever the loader says.
pub fn load_lenient(releases: &[&PackRelease]) -> Ruleset {
    load_ruleset(releases.iter().copied(), &LoadOptions::default()).0
}

pub fn load(releases: &[&PackRelease]) -> Ruleset {
    let (ruleset, diagnostics) = load_ruleset(releases.iter().copied(), &LoadOptions::default());
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    ruleset
}

pub fn ember() -> Ruleset {
    load(&[&release(
        "ember-roads-1e",
        "1.0.0",
        EMBER_RULES,
        ember_content(),
    )])
}

pub fn gravewatch() -> Ruleset {
    load(&[&release(
        "gravewatch-1e",
        "0.2.0",
        GRAVEWATCH_RULES,
        gravewatch_content(),
    )])
}

pub fn ids(list: &[&str]) -> Vec<opencharacter_spec::ids::QualifiedFieldId> {
    list.iter()
        .map(|s| s.parse().expect("a qualified ID"))
        .collect()
}
