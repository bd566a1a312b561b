//! The crate's integration tests, as one test binary (one link instead of one per file).

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

mod cli_build;
mod cli_completions;
mod cli_economy;
mod cli_fallback;
mod cli_formula;
mod cli_inputs;
mod cli_install;
mod cli_layers;
mod cli_load;
mod cli_loot;
mod cli_migrate;
mod cli_migrate_jsonl;
mod cli_output;
mod cli_paths;
mod cli_read;
mod cli_readme;
mod cli_sheet;
mod cli_show;
mod cli_snapshots;
mod cli_spanish;
mod cli_spanish_reasons;
mod cli_store;
mod cli_validate;
mod support;
