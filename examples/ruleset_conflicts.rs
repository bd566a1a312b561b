//! Loads a ruleset from pack folders and prints its conflicts: each content property that two
//! packs set to different values, the packs that set it (in load order) and the one whose value
//! stands (the last loaded). An app shows these to whoever chose the packs.
//!
//! ```text
//! cargo run --example ruleset_conflicts [PACK_FOLDER...]
//! ```
//!
//! Without arguments it loads the repository's SRD 5.1 pack and its two homebrew packs, which
//! both change the longsword's damage.

use std::path::PathBuf;
use std::process::ExitCode;

use opencharacter::{LoadOptions, ReadLimits, load_ruleset, releases_at};

fn main() -> ExitCode {
    let mut paths: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        let packs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("packs/5e");
        paths = ["srd-5.1", "homebrew-example", "homebrew-rival"]
            .iter()
            .map(|pack| packs.join(pack))
            .collect();
    }
    // The packs in the order given: that order is the load order, and the later pack wins.
    let packs = match releases_at(&paths, &ReadLimits::default()) {
        Ok(packs) => packs,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    for diagnostic in &packs.diagnostics {
        eprintln!("{}: {}", diagnostic.code.name, diagnostic.message());
    }
    let (ruleset, diagnostics) = load_ruleset(packs.releases(), &LoadOptions::default());
    for diagnostic in &diagnostics {
        eprintln!("{}: {}", diagnostic.code.name, diagnostic.message());
    }
    let loaded: Vec<String> = ruleset
        .packs
        .iter()
        .map(|pack| format!("{} {}", pack.id, pack.version))
        .collect();
    println!("loaded: {}", loaded.join(", "));
    println!("conflicts: {}", ruleset.conflicts.len());
    for conflict in &ruleset.conflicts {
        let packs: Vec<&str> = conflict.packs.iter().map(|pack| pack.as_str()).collect();
        println!(
            "conflict: {} {}: set by {}; {} wins",
            conflict.target,
            conflict.path,
            packs.join(", "),
            conflict.winner
        );
    }
    ExitCode::SUCCESS
}
