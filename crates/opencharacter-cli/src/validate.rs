//! `opencharacter validate PATH... [--with PATH]... [--format json]`: read every pack under the
//! paths, run every check of the format on them (resolving against each other and the `--with`
//! packs and releases) and print every diagnostic, located; exit 0 without errors, 1 with
//! errors, 2 when a path cannot be read.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::output::Format;
use opencharacter::release::validate::{ValidateOptions, validate_paths};

/// Check packs without writing anything.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack folder (with `pack.yaml`) or a folder of packs (`packs/`).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// A pack, a folder of packs, a built pack or a `release.json` to resolve dependencies
    /// against, without validating it. Repeatable.
    #[arg(long = "with", value_name = "PATH")]
    with: Vec<PathBuf>,
    /// Also print, for each pack, the share of its default language's keys each other language
    /// translates, and which keys it lacks.
    #[arg(long)]
    coverage: bool,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let reading = match validate_paths(&args.paths, &args.with, &ValidateOptions::default()) {
        Ok(validation) => validation.reading,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let text = match crate::output::format() {
        Format::Json => reading
            .all_diagnostics()
            .map(|diagnostic| format!("{}\n", diagnostic.to_json(crate::lang::standard_text())))
            .collect(),
        Format::Text => crate::diagnostics::human(&reading, crate::lang::standard_text()),
    };
    let text = if args.coverage {
        text + &crate::show::coverage_report(&reading, crate::output::format() == Format::Json)
    } else {
        text
    };
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
    let _ = anstream::stdout().lock().write_all(text.as_bytes());
    if reading.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
