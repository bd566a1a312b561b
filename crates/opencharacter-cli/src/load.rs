//! `opencharacter load PATH... [--order id,id,...] [--format json]`: load built releases into one
//! ruleset and print the load order, each pack's credit and notices, the conflicts and every
//! diagnostic. Exit 0 without errors, 1 with errors, 2 when a path cannot be loaded.
//!
//! A PATH is a `release.json` file, a built pack folder (holding `dist/release.json`), or a folder
//! of packs (every built pack under it, three levels deep at most: `packs/<game>/<pack>`). A
//! source pack folder (a `pack.yaml` without `dist/release.json`) is assembled in memory the way
//! `build` would; the problems assembling finds are reported with the loader's.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::release::assemble::assemble;
use opencharacter::release::source::{ReadLimits, read_pack};
use opencharacter::resolve::suggest_load_order;
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::model::{PackRelease, Ruleset};
use opencharacter::spec::standard_text::StandardText;
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
    /// `human` or `json` (one object).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Longest `release.json` read, in bytes: a release is data, not a media file.
const MAX_RELEASE_BYTES: u64 = 256 * 1024 * 1024;

/// A release and the file it came from.
struct Loaded {
    path: PathBuf,
    release: PackRelease,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let mut files = Vec::new();
    let mut sources = Vec::new();
    for path in &args.paths {
        if let Err(message) = find_releases(path, &mut files, &mut sources) {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    }
    let mut loaded = Vec::with_capacity(files.len() + sources.len());
    let mut assembling = Vec::new();
    for folder in sources {
        let source = read_pack(&folder, &ReadLimits::default());
        let (assembled, found) = assemble(&source);
        // Located in the pack's files, shown with the folder so the path reads on its own.
        for diagnostic in source.diagnostics.iter().cloned().chain(found) {
            let file = diagnostic
                .location
                .file
                .as_deref()
                .map(|file| source.display_path(file).display().to_string());
            assembling.push(match file {
                Some(file) => diagnostic.with_file(file),
                None => diagnostic,
            });
        }
        if let Some(assembled) = assembled {
            loaded.push(Loaded {
                path: folder,
                release: assembled.release,
            });
        }
    }
    for file in files {
        match read_release(&file) {
            Ok(release) => loaded.push(Loaded {
                path: file,
                release,
            }),
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(2);
            }
        }
    }
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
    let text = match args.format {
        Format::Human => human(&ruleset, &diagnostics),
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

/// Adds the releases `path` names to `found` and the source pack folders to `sources`, or says
/// why it names none.
fn find_releases(
    path: &Path,
    found: &mut Vec<PathBuf>,
    sources: &mut Vec<PathBuf>,
) -> Result<(), String> {
    let meta = std::fs::symlink_metadata(path)
        .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    if meta.is_file() {
        found.push(path.to_owned());
        return Ok(());
    }
    if !meta.is_dir() {
        return Err(format!(
            "`{}` is neither a release.json nor a folder",
            path.display()
        ));
    }
    let before = found.len() + sources.len();
    walk(path, 0, found, sources)?;
    if found.len() + sources.len() == before {
        return Err(format!(
            "no pack (pack.yaml or dist/release.json) under `{}`",
            path.display()
        ));
    }
    Ok(())
}

/// Deepest folder searched below a PATH: `packs/<game>/<pack>`.
const MAX_DEPTH: usize = 3;

fn walk(
    dir: &Path,
    depth: usize,
    found: &mut Vec<PathBuf>,
    sources: &mut Vec<PathBuf>,
) -> Result<(), String> {
    let release = dir.join("dist").join("release.json");
    if release.is_file() {
        found.push(release);
        return Ok(());
    }
    if dir.join("pack.yaml").is_file() {
        sources.push(dir.to_owned());
        return Ok(());
    }
    if depth == MAX_DEPTH {
        return Ok(());
    }
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read `{}`: {e}", dir.display()))?;
    let mut children: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .map(|entry| entry.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.starts_with('.') && n != "dist" && n != "node_modules")
        })
        .collect();
    // Folder order is the file system's; sort so the given order is deterministic.
    children.sort();
    for child in children {
        walk(&child, depth + 1, found, sources)?;
    }
    Ok(())
}

fn read_release(path: &Path) -> Result<PackRelease, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?
        .len();
    if size > MAX_RELEASE_BYTES {
        return Err(format!(
            "`{}` is {size} bytes, more than the limit of {MAX_RELEASE_BYTES}",
            path.display()
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    serde_json::from_str(&text)
        .map_err(|e| format!("`{}` is not a pack release: {e}", path.display()))
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
    let _ = writeln!(out, "load order:");
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
            let _ = writeln!(out, "     credit: {credit}");
        }
        for (slug, notice) in &pack.notices {
            let _ = writeln!(out, "     notice {slug}: {notice}");
        }
    }
    if ruleset.conflicts.is_empty() {
        let _ = writeln!(out, "conflicts: none");
    } else {
        let _ = writeln!(out, "conflicts:");
        for conflict in &ruleset.conflicts {
            let packs: Vec<&str> = conflict.packs.iter().map(|p| p.as_str()).collect();
            let _ = writeln!(
                out,
                "  {} {}: set by {}; `{}` wins",
                conflict.target,
                conflict.path,
                packs.join(", "),
                conflict.winner
            );
        }
    }
    for diagnostic in diagnostics {
        let _ = writeln!(
            out,
            "{}[{}]: {}",
            diagnostic.severity,
            diagnostic.code.name,
            diagnostic.message()
        );
        let location = &diagnostic.location;
        if let Some(file) = &location.file {
            let pointer = location.pointer.as_deref().unwrap_or("");
            let _ = writeln!(out, "  --> {file}#{pointer}");
        }
    }
    let count = |severity| {
        diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    };
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let _ = writeln!(
        out,
        "{}, {} in {}",
        plural(count(Severity::Error), "error"),
        plural(count(Severity::Warning), "warning"),
        plural(ruleset.packs.len(), "pack"),
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
        "diagnostics": diagnostics
            .iter()
            .map(|d| d.to_json(StandardText::english()))
            .collect::<Vec<_>>(),
    });
    format!("{value}\n")
}
