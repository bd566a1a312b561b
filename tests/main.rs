//! The workspace's end-to-end tests, as one test binary: each file of `tests/` is a module here,
//! so the workspace is linked once for all of them instead of once per file (the linking is most
//! of a test build's time on two cores). Shared helpers are the `*_support` (`srd_support`: the SRD 5.1 rules the oracle tests recompute with), `common` and
//! `fixture_harness` modules.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

mod build_support;
mod common;
mod fixture_harness;
mod migrate_support;
mod srd_support;

mod architecture;
mod build_determinism;
mod build_node;
mod character_fixtures;
mod class_levels;
mod content_granted_choices;
mod content_inventory;
mod content_resources;
mod content_roll_modifiers;
mod content_variants;
mod dice_values;
mod examples;
mod fitd_pack;
mod fixtures;
mod fuzz_standin;
mod homebrew_packs;
mod layers_samples;
mod lexical_agreement;
mod limits_table;
mod load_ruleset;
mod mechanism_packs;
mod migrate_end_to_end;
mod migrate_properties;
mod mothership_pack;
mod recovery;
mod registry;
mod release_fixtures;
mod ruleset_json_import;
mod ruleset_json_keys;
mod schemas;
mod seed_examples;
mod sheet_fighter;
mod spanish_messages;
mod srd_characters;
mod srd_coverage;
mod srd_legendary;
mod srd_magic_items;
mod srd_mechanics;
mod srd_monster_rules;
mod srd_monster_sheets;
mod srd_pack;
mod srd_races;
mod srd_rolls;
mod srd_spell_values;
mod states_of_play;
mod tidy;
