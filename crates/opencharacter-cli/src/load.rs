//! `opencharacter load PATH... [--order id,id,...] [--format json]`: load built releases into one
//! ruleset and print the load order, each pack's credit and notices, the conflicts and every
//! diagnostic. Exit 0 without errors, 1 with errors, 2 when a path cannot be loaded.
//!
//! A PATH is a `release.json` file, a pack folder, or a folder of packs (every pack under it,
//! three levels deep at most: `packs/<game>/<pack>`). A pack folder is read from its sources,
//! assembled in memory the way `build` would (the problems assembling finds are reported with
//! the loader's); its `dist/release.json` only with `--built`, or a folder holding nothing else.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::output::{Format, say};
use opencharacter::release::packs::{Prefer, releases_at_with};
use opencharacter::release::source::ReadLimits;
use opencharacter::resolve::suggest_load_order;
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::model::{PackRelease, Ruleset};
use opencharacter::{Diagnostic, LoadOptions, Severity, load_ruleset};

/// Load built releases into one ruleset.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A `release.json`, a built pack folder (with `dist/release.json`) or a folder of packs.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The load order, by pack ID (`--order 5e-srd-5.1,5e-homebrew`); packs not named follow in
    /// the order given. Without it, a valid order is suggested, keeping the given one where it can.
    #[arg(long, value_delimiter = ',', value_name = "ID,ID,...")]
    order: Vec<String>,
    /// Read each pack folder's built `dist/release.json` instead of its sources (a warning
    /// when a source file is newer than the build).
    #[arg(long)]
    built: bool,
}

/// A release and the file it came from.
struct Loaded {
    path: PathBuf,
    release: PackRelease,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let prefer = if args.built {
        Prefer::Built
    } else {
        Prefer::Sources
    };
    let packs = match releases_at_with(&args.paths, &ReadLimits::default(), prefer) {
        Ok(packs) => packs,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    // A source pack's diagnostics are located in its files: shown with its folder, so the path
    // reads on its own.
    let assembling: Vec<Diagnostic> = packs
        .diagnostics
        .into_iter()
        .map(|diagnostic| {
            let folder = packs.packs.iter().find(|pack| {
                pack.validated && diagnostic.pack.as_ref() == Some(&pack.release.manifest.id)
            });
            match (folder, diagnostic.location.file.clone()) {
                (Some(pack), Some(file)) => {
                    diagnostic.with_file(pack.origin.join(file).display().to_string())
                }
                _ => diagnostic,
            }
        })
        .collect();
    let loaded: Vec<Loaded> = packs
        .packs
        .into_iter()
        .map(|pack| Loaded {
            path: pack.origin,
            release: pack.release,
        })
        .collect();
    let loaded = match order(loaded, &args.order) {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let (ruleset, diagnostics) =
        load_ruleset(loaded.iter().map(|l| &l.release), &LoadOptions::default());
    // Each diagnostic names its pack; the file is that pack's release.
    let diagnostics: Vec<Diagnostic> = assembling
        .into_iter()
        .chain(diagnostics)
        .map(|d| {
            let file = d.pack.as_ref().and_then(|pack| {
                loaded
                    .iter()
                    .find(|l| l.release.manifest.id == *pack)
                    .map(|l| l.path.display().to_string())
            });
            match file {
                Some(file) if d.location.file.is_none() => d.with_file(file),
                _ => d,
            }
        })
        .collect();
    let text = match crate::output::format() {
        Format::Text => human(&ruleset, &diagnostics),
        Format::Json => json(&ruleset, &diagnostics),
    };
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if has_errors(&diagnostics) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The load order: `--order` first (each ID once), the others after in the given order; without
/// `--order`, the suggested order (the given one when no valid order exists: the loader then
/// reports why).
fn order(mut loaded: Vec<Loaded>, wanted: &[String]) -> Result<Vec<Loaded>, String> {
    // Nothing to order (every source folder failed to read): an empty suggestion would recurse.
    if loaded.is_empty() {
        return Ok(loaded);
    }
    if wanted.is_empty() {
        let suggested: Option<Vec<String>> =
            suggest_load_order(loaded.iter().map(|l| &l.release.manifest))
                .ok()
                .map(|order| order.iter().map(|m| m.id.to_string()).collect());
        let Some(suggested) = suggested else {
            return Ok(loaded);
        };
        return order(loaded, &suggested);
    }
    let mut ordered = Vec::with_capacity(loaded.len());
    for id in wanted {
        let id = id.trim();
        let Some(at) = loaded
            .iter()
            .position(|l| l.release.manifest.id.as_str() == id)
        else {
            return Err(
                if ordered
                    .iter()
                    .any(|l: &Loaded| l.release.manifest.id.as_str() == id)
                {
                    format!("`{id}` is named twice in --order")
                } else {
                    format!("--order names `{id}`, which is not among the packs given")
                },
            );
        };
        ordered.push(loaded.remove(at));
    }
    ordered.extend(loaded);
    Ok(ordered)
}

fn human(ruleset: &Ruleset, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", say("load-order", &[]));
    for (index, pack) in ruleset.packs.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}. {} {} ({})",
            index + 1,
            pack.id,
            pack.version,
            pack.license.0
        );
        if let Some(credit) = &pack.credit {
            let _ = writeln!(out, "     {}", say("credit", &[("credit", credit)]));
        }
        for (slug, notice) in &pack.notices {
            let _ = writeln!(
                out,
                "     {}",
                say("notice", &[("slug", slug), ("notice", notice)])
            );
        }
    }
    if ruleset.conflicts.is_empty() {
        let _ = writeln!(out, "{}", say("conflicts-none", &[]));
    } else {
        let _ = writeln!(out, "{}", say("conflicts", &[]));
        for conflict in &ruleset.conflicts {
            let packs: Vec<&str> = conflict.packs.iter().map(|p| p.as_str()).collect();
            let _ = writeln!(
                out,
                "  {} {}: {}",
                conflict.target,
                conflict.path,
                say(
                    "conflict",
                    &[
                        ("packs", &packs.join(", ")),
                        ("winner", conflict.winner.as_str())
                    ]
                )
            );
        }
    }
    for diagnostic in diagnostics {
        out.push_str(&crate::output::diagnostic_lines(diagnostic));
    }
    let count = |severity| {
        diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    };
    let _ = writeln!(
        out,
        "{}",
        crate::diagnostics::summary(
            crate::lang::standard_text(),
            count(Severity::Error),
            count(Severity::Warning),
            ruleset.packs.len(),
            0
        )
    );
    out
}

fn json(ruleset: &Ruleset, diagnostics: &[Diagnostic]) -> String {
    let packs: Vec<serde_json::Value> = ruleset
        .packs
        .iter()
        .map(|pack| {
            serde_json::json!({
                "id": pack.id,
                "version": pack.version.to_string(),
                "license": pack.license,
                "credit": pack.credit,
                "notices": pack.notices,
            })
        })
        .collect();
    let value = serde_json::json!({
        "order": ruleset.packs.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(),
        "packs": packs,
        "conflicts": ruleset.conflicts,
        "diagnostics": crate::output::diagnostics_json(diagnostics),
    });
    format!("{value}\n")
}
