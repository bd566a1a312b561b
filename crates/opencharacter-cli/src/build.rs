//! `opencharacter build PATH... [--with PATH]... [--out DIR] [--format json]`: validate every
//! pack under the paths (as `validate` does) and write what each pack without errors becomes:
//! its `dist/` (the package `@opencharacter/<pack-id>`), its other languages into
//! `i18n-package/dist/`, and, for a folder of packs, the `@opencharacter/packs` aggregate and the
//! spec's standard text (`<out>/packs/`, `<out>/spec/`; `<out>` is `dist/` in that folder).
//! A pack with errors writes nothing. Exit 0 without errors, 1 with errors, 2 when a path cannot
//! be read or a file cannot be written (the last good build stays in place).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::output::{Format, say};
use opencharacter::release::build::{BuildOptions, build_paths};

/// Validate packs and write their releases.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack folder (with `pack.yaml`) or a folder of packs (`packs/`).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// A pack, a folder of packs, a built pack or a `release.json` to resolve dependencies
    /// against, without building it. Repeatable.
    #[arg(long = "with", value_name = "PATH")]
    with: Vec<PathBuf>,
    /// Where the `@opencharacter/packs` aggregate (`packs/`) and the spec's text (`spec/`) go;
    /// by default `dist/` inside the first PATH that is a folder of packs.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Also write a pack index of the packs built, their files named and listed for publishing
    /// under this URL (`https://example.org/packs/`), into `--index-dir`.
    #[arg(long, value_name = "BASE_URL")]
    index: Option<String>,
    /// Where the index and its files go; by default `index/` inside the `--out` folder (or the
    /// aggregate's). An `index.json` already there keeps its other versions.
    #[arg(long, value_name = "DIR", requires = "index")]
    index_dir: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let options = BuildOptions {
        out: args.out.clone(),
        ..BuildOptions::default()
    };
    let build = match build_paths(&args.paths, &args.with, &options) {
        Ok(build) => build,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let reading = &build.validation.reading;
    let text: String = match crate::output::format() {
        Format::Json => reading
            .all_diagnostics()
            .map(|diagnostic| format!("{}\n", diagnostic.to_json(crate::lang::standard_text())))
            .collect(),
        Format::Text => {
            let here = std::env::current_dir().and_then(std::fs::canonicalize).ok();
            let shown = |path: &std::path::Path| {
                here.as_deref()
                    .and_then(|here| path.strip_prefix(here).ok())
                    .unwrap_or(path)
                    .display()
                    .to_string()
            };
            let mut text = crate::diagnostics::human(reading, crate::lang::standard_text());
            for built in &build.built {
                let pack = &reading.packs[built.index];
                let id = pack.id.as_ref().map_or("?", |id| id.as_str());
                let line = |id: &str, path: &std::path::Path| {
                    say("built-pack", &[("pack", id), ("path", &shown(path))]) + "\n"
                };
                text.push_str(&line(id, &built.dist));
                if let Some(folder) = &built.i18n_package {
                    text.push_str(&line(&format!("{id}-i18n"), folder));
                }
            }
            for folder in &build.shared {
                text.push_str(&say("built-folder", &[("path", &shown(folder))]));
                text.push('\n');
            }
            text
        }
    };
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic. The report
    // comes first; the index's line and what it refused follow it.
    let _ = anstream::stdout().lock().write_all(text.as_bytes());
    let index = match &args.index {
        Some(base_url) if !build.has_errors() => crate::install::write_index(
            &build,
            base_url,
            args.index_dir.as_deref().or(args.out.as_deref()),
            args.index_dir.is_some(),
        ),
        _ => crate::install::IndexOutcome::Written,
    };
    if build.write_failed || index == crate::install::IndexOutcome::Failed {
        ExitCode::from(2)
    } else if build.has_errors() || index == crate::install::IndexOutcome::Refused {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
