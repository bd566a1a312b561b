//! Project chores, run as `cargo run -p xtask -- <command>`.
//!
//! **Owns:** the converters that regenerate the repository's packs from real game data kept
//! outside the repository (`../shared/corpus/`): `convert srd` writes `packs/5e/srd-5.1`,
//! `convert fitd` writes `packs/fitd/scoundrel` and `convert mothership` writes
//! `packs/mothership/1e`; `convert srd-monster-table` writes the SRD monsters' printed numbers
//! to the test table `tests/data/srd-monsters.json`.
//! Each source is one module of [`convert`]; they share the deterministic writer
//! ([`convert::PackOutput`]) and the YAML emitter ([`yaml`]).
//!
//! **Does not own:** validation of packs (the release builder and `opencharacter validate` do
//! that); a converter only checks that what it writes reads back into the model and that its
//! formulas parse, so a broken converter fails before it writes anything.
//!
//! ```text
//! cargo run -p xtask -- convert srd --corpus ../shared/corpus --out packs/5e/srd-5.1
//! cargo run -p xtask -- convert fitd --corpus ../shared/corpus --out packs/fitd/scoundrel
//! cargo run -p xtask -- convert mothership --corpus ../shared/corpus --out packs/mothership/1e
//! cargo run -p xtask -- convert srd-monster-table --corpus ../shared/corpus --out tests/data/srd-monsters.json
//! ```

mod convert;
mod yaml;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "xtask", about = "Project chores for opencharacter")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Regenerate a pack from the shared corpus.
    Convert {
        /// Which source to convert.
        #[command(subcommand)]
        source: Source,
    },
}

#[derive(Subcommand)]
enum Source {
    /// SRD 5.1 (5e-bits JSON) → packs/5e/srd-5.1.
    Srd {
        /// The corpus folder (it holds `srd-5.1/`).
        #[arg(long)]
        corpus: PathBuf,
        /// The pack folder to (re)write; only this folder is wiped.
        #[arg(long)]
        out: PathBuf,
        /// Where to write the coverage report (it is printed as well).
        #[arg(long, default_value = "tests/data/srd-coverage.txt")]
        coverage: PathBuf,
    },
    /// SRD 5.1 monsters' printed numbers → the test table tests/data/srd-monsters.json.
    SrdMonsterTable {
        /// The corpus folder (it holds `srd-5.1/`).
        #[arg(long)]
        corpus: PathBuf,
        /// The JSON file to (re)write.
        #[arg(long, default_value = "tests/data/srd-monsters.json")]
        out: PathBuf,
    },
    /// Forged in the Dark (Foundry names and numbers) → packs/fitd/scoundrel.
    Fitd {
        /// The corpus folder (it holds `fitd/`).
        #[arg(long)]
        corpus: PathBuf,
        /// The pack folder to (re)write; only this folder is wiped.
        #[arg(long)]
        out: PathBuf,
    },
    /// Mothership 1e (weapons, armor, equipment numbers) → packs/mothership/1e.
    Mothership {
        /// The corpus folder (it holds `mothership/`).
        #[arg(long)]
        corpus: PathBuf,
        /// The pack folder to (re)write; only this folder is wiped.
        #[arg(long)]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert {
            source:
                Source::Srd {
                    corpus,
                    out,
                    coverage,
                },
        } => convert::srd::run(
            &corpus.join("srd-5.1"),
            &out,
            Some(&convert::srd::translations_folder()),
            Some(&coverage),
        ),
        Command::Convert {
            source: Source::SrdMonsterTable { corpus, out },
        } => convert::srd_monster_table::run(&corpus.join("srd-5.1"), &out),
        Command::Convert {
            source: Source::Fitd { corpus, out },
        } => convert::fitd::run(&corpus.join("fitd"), &out),
        Command::Convert {
            source: Source::Mothership { corpus, out },
        } => convert::mothership::run(&corpus.join("mothership"), &out),
    };
    match result {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
