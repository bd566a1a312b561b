//! `opencharacter migrate CHARACTER --packs PATH... [--in-place] [--format json]`: run the packs'
//! upgrade scripts on a saved character (`migrate --jsonl`, many characters as JSON lines on
//! standard input, is `migrate_jsonl`); print the migrated character and a report of each step
//! applied. Exit 0 when the packs load without errors, 1 when they do not (nothing is written),
//! 2 for a path that cannot be read or a character file that does not parse.
//!
//! The packs are read as every verb reads them (`packs`): pack folders from their sources, a
//! store of several games picked by the packs the character names. Before migrating, a pack
//! the character was saved with at a newer version than the one loaded
//! (`character-pack-older`) and a pack it names that is not loaded
//! (`character-pack-not-loaded`) are said, one line each.
//!
//! `--in-place` writes the migrated character over CHARACTER through `opencharacter-fs`'s one
//! in-place writer: the character is read, migrated and written under an advisory lock (so
//! concurrent runs on one file serialise, and a second run migrates what the first wrote), the
//! new file gets the original's mode, the original is kept as `CHARACTER.orig` unless an earlier
//! backup is there (never replaced, never written through a link), a CHARACTER that is a link is
//! replaced at its target, and temporary files of an interrupted run are removed. It writes only
//! when something changed. The file is written as JSON, which YAML reads as well (comments of a
//! YAML file are not kept).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::output::{Format, say};
use opencharacter::Diagnostic;
use opencharacter::migrate::{Action, MigrationReport, migrate};
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::model::Character;

/// Migrate a saved character to the versions of the packs given.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The character file (YAML or JSON).
    #[arg(value_name = "CHARACTER", required_unless_present = "jsonl")]
    character: Option<PathBuf>,
    #[command(flatten)]
    packs: crate::packs::PackPaths,
    /// Write the migrated character over CHARACTER (the original is kept as CHARACTER.orig).
    #[arg(long)]
    in_place: bool,
    /// Read characters as JSON lines on standard input and write the migrated ones, one line
    /// each in input order, on standard output (errors as JSON lines on standard error).
    #[arg(long, conflicts_with_all = ["character", "in_place"])]
    jsonl: bool,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let Some(path) = &args.character else {
        return crate::migrate_jsonl::run(&args.packs);
    };
    one(args, path)
}

/// Migrates the one character file `path`.
fn one(args: &Args, path: &Path) -> ExitCode {
    // With `--in-place`, the lock is taken before the read and held until the write.
    let locked = if args.in_place {
        match opencharacter::fs::lock(path) {
            Ok(locked) => Some(locked),
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        }
    } else {
        None
    };
    let text = match &locked {
        Some(locked) => locked
            .read(crate::input::MAX_CHARACTER_BYTES)
            .map_err(|error| crate::input::message(path, &error))
            .and_then(|bytes| {
                String::from_utf8(bytes).map_err(|_| {
                    crate::input::message(
                        path,
                        &opencharacter::fs::ReadError::NotUtf8 {
                            path: path.to_path_buf(),
                        },
                    )
                })
            }),
        None => crate::input::read_text(path, crate::input::MAX_CHARACTER_BYTES),
    };
    let character = match text.and_then(|text| parse_character(path, &text)) {
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
    // What the character wants and the packs lack points into its file.
    let shown = path.display().to_string();
    let mut diagnostics: Vec<Diagnostic> =
        crate::read::pins_located(&opened.diagnostics, character.setup.as_ref(), true)
            .into_iter()
            .map(|d| match &d.location.file {
                None if d.location.pointer.is_some() => d.with_file(shown.clone()),
                _ => d,
            })
            .collect();
    if has_errors(&diagnostics) {
        return crate::output::not_loaded(&diagnostics, Some(&say("not-migrated", &[])));
    }
    // Before migrating: a pack saved newer than the one loaded (nothing runs backwards) and a
    // pack not loaded (its values stay as they are) are said, not passed over as "nothing
    // changed".
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

    if let Some(locked) = &locked
        && report.changed
        && let Err(message) = write_in_place(locked, &migrated)
    {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

fn parse_character(path: &Path, text: &str) -> Result<Character, String> {
    let is_json = path.extension().is_some_and(|ext| ext == "json");
    if is_json {
        serde_json::from_str(text)
            .map_err(|e| format!("`{}` is not a character file: {e}", path.display()))
    } else {
        crate::read::parse_character_text(path, text)
    }
}

fn human(character: &Character, report: &MigrationReport, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&crate::output::diagnostic_lines(diagnostic));
    }
    if report.changed {
        let _ = writeln!(out, "{}", say("migrate-changed", &[]));
    } else if diagnostics.is_empty() {
        let _ = writeln!(out, "{}", say("migrate-nothing", &[]));
    } else {
        let _ = writeln!(out, "{}", say("migrate-unchanged", &[]));
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
            "  {}",
            say(
                "migrate-step",
                &[
                    ("pack", step.pack.as_str()),
                    ("script", &step.script.to_string()),
                    ("index", &(step.index + 1).to_string()),
                    ("step", step.step),
                ]
            )
        );
        for change in &step.changes {
            let value = change
                .value
                .as_ref()
                .map(|v| format!(" = {v}"))
                .unwrap_or_default();
            let cell = match (change.row, &change.column) {
                (Some(row), Some(column)) => format!(
                    " {}",
                    say(
                        "migrate-cell",
                        &[("row", &(row + 1).to_string()), ("column", column.as_ref())]
                    )
                ),
                _ => String::new(),
            };
            let from = change
                .from
                .clone()
                .unwrap_or_else(|| say("migrate-default-from", &[]));
            let to = change.to.to_string();
            let key = match change.action {
                Action::Copy => "migrate-copy",
                Action::Default => "migrate-default",
                Action::Move => "migrate-move",
                Action::Drop => "migrate-drop",
                Action::Set => "migrate-set",
            };
            let line = say(
                key,
                &[
                    ("from", &from),
                    ("to", &to),
                    ("value", &value),
                    ("cell", &cell),
                ],
            );
            let _ = writeln!(out, "    {line}");
        }
    }
    let _ = writeln!(out, "{}", say("migrate-character", &[]));
    let json = serde_json::to_string_pretty(character).unwrap_or_default();
    let _ = writeln!(out, "{json}");
    out
}

/// Replaces the locked character file with the migrated character, keeping the original as
/// `<file>.orig` (unless an earlier backup is there).
fn write_in_place(locked: &opencharacter::fs::Locked, character: &Character) -> Result<(), String> {
    let text = serde_json::to_string_pretty(character)
        .map_err(|e| format!("cannot write the character: {e}"))?
        + "\n";
    locked
        .replace(text.as_bytes(), opencharacter::fs::Backup::KeepOriginal)
        .map_err(|e| e.to_string())
}
