//! `opencharacter migrate CHARACTER --packs PATH... [--in-place] [--format json]`: run the packs'
//! upgrade scripts on a saved character; print the migrated character and a report of each step
//! applied. Exit 0 when the packs load without errors, 1 when they do not (nothing is written),
//! 2 for a path that cannot be read or a character file that does not parse.
//!
//! The packs are read as every verb reads them (`packs`): pack folders from their sources, a
//! store of several games picked by the packs the character names. Before migrating, a pack
//! the character was saved with at a newer version than the one loaded
//! (`character-pack-older`) and a pack it names that is not loaded
//! (`character-pack-not-loaded`) are said, one line each.
//!
//! `--in-place` writes the migrated character over CHARACTER atomically (a temporary file in the
//! same folder, then a rename) after copying the original to `CHARACTER.orig` beside it; it
//! writes only when something changed. The file is written as JSON, which YAML reads as well
//! (comments of a YAML file are not kept).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::output::Format;
use opencharacter::Diagnostic;
use opencharacter::migrate::{Action, MigrationReport, migrate};
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::model::Character;

/// Migrate a saved character to the versions of the packs given.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The character file (YAML or JSON).
    #[arg(value_name = "CHARACTER")]
    character: PathBuf,
    #[command(flatten)]
    packs: crate::packs::PackPaths,
    /// Write the migrated character over CHARACTER (the original is kept as CHARACTER.orig).
    #[arg(long)]
    in_place: bool,
}

/// Longest character or release file read, in bytes.
const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let character = match read_character(&args.character) {
        Ok(character) => character,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    // The character's packs are what it wants from a store (its own setup pins them).
    let wanted = crate::read::wanted(&character, character.setup.as_ref());
    let opened = match crate::packs::open(&args.packs, &wanted) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let ruleset = opened.ruleset;
    let mut diagnostics = opened.diagnostics;
    if has_errors(&diagnostics) {
        for diagnostic in &diagnostics {
            eprint!("{}", crate::output::diagnostic_lines(diagnostic));
        }
        eprintln!("error: the packs do not load; the character was not migrated");
        return ExitCode::from(1);
    }
    // Before migrating: a pack saved newer than the one loaded (nothing runs backwards) and a
    // pack not loaded (its values stay as they are) are said, not passed over as "nothing
    // changed".
    let shown = args.character.display().to_string();
    diagnostics.extend(
        opencharacter::check_character_packs(&ruleset, &character)
            .into_iter()
            .map(|d| d.with_file(shown.clone())),
    );

    let (migrated, report) = migrate(&ruleset, character);
    let output = match crate::output::format() {
        Format::Text => human(&migrated, &report, &diagnostics),
        Format::Json => {
            let value = serde_json::json!({
                "character": migrated,
                "report": report,
                "diagnostics": crate::output::diagnostics_json(&diagnostics),
            });
            format!("{value}\n")
        }
    };
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
    let _ = std::io::stdout().lock().write_all(output.as_bytes());

    if args.in_place
        && report.changed
        && let Err(message) = write_in_place(&args.character, &migrated)
    {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

fn read_bounded(path: &Path) -> Result<String, String> {
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "`{}` is larger than {MAX_FILE_BYTES} bytes",
            path.display()
        ));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))
}

fn read_character(path: &Path) -> Result<Character, String> {
    let text = read_bounded(path)?;
    let is_json = path.extension().is_some_and(|ext| ext == "json");
    if is_json {
        serde_json::from_str(&text)
            .map_err(|e| format!("`{}` is not a character file: {e}", path.display()))
    } else {
        opencharacter::spec::yaml::from_str(&text)
            .map_err(|e| format!("`{}` is not a character file: {e}", path.display()))
    }
}

fn human(character: &Character, report: &MigrationReport, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&crate::output::diagnostic_lines(diagnostic));
    }
    if report.changed {
        let _ = writeln!(out, "migrated:");
    } else if diagnostics.is_empty() {
        let _ = writeln!(out, "already in the loaded packs' shapes: nothing changed");
    } else {
        let _ = writeln!(out, "nothing changed");
    }
    for version in &report.versions {
        let _ = writeln!(
            out,
            "  {}: {} -> {}",
            version.pack, version.from, version.to
        );
    }
    for step in &report.steps {
        let _ = writeln!(
            out,
            "  {} {} step {} ({}):",
            step.pack,
            step.script,
            step.index + 1,
            step.step
        );
        for change in &step.changes {
            let value = change
                .value
                .as_ref()
                .map(|v| format!(" = {v}"))
                .unwrap_or_default();
            let cell = match (change.row, &change.column) {
                (Some(row), Some(column)) => format!(" row {} column {column}", row + 1),
                _ => String::new(),
            };
            let from = change.from.as_deref().unwrap_or("(default)");
            let line = match change.action {
                Action::Copy => format!("copied {from} -> {}{value}", change.to),
                Action::Default => format!("default -> {}{value}", change.to),
                Action::Move => format!("moved {from} -> {}{value}", change.to),
                Action::Drop => {
                    format!("dropped {from}{value}: {} already holds a value", change.to)
                }
                Action::Set => format!("set {}{cell}{value}", change.to),
            };
            let _ = writeln!(out, "    {line}");
        }
    }
    let _ = writeln!(out, "character:");
    let json = serde_json::to_string_pretty(character).unwrap_or_default();
    let _ = writeln!(out, "{json}");
    out
}

/// Keeps the original as `<file>.orig`, then replaces the file with the migrated character by
/// writing a temporary file beside it and renaming it over the original.
fn write_in_place(path: &Path, character: &Character) -> Result<(), String> {
    let text = serde_json::to_string_pretty(character)
        .map_err(|e| format!("cannot write the character: {e}"))?
        + "\n";
    let name = path
        .file_name()
        .ok_or_else(|| format!("`{}` names no file", path.display()))?
        .to_string_lossy()
        .into_owned();
    let backup = path.with_file_name(format!("{name}.orig"));
    std::fs::copy(path, &backup)
        .map_err(|e| format!("cannot keep the original as `{}`: {e}", backup.display()))?;
    let temp: PathBuf = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&temp).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(format!("cannot write `{}`: {e}", path.display()));
    }
    Ok(())
}
