//! `opencharacter import-ruleset RULESET.json [--locales DIR] [--manifest MANIFEST.json]
//! --out packs/<game>/<pack>`: import one of the Marinara engine's JSON rulesets as a pack.
//!
//! Writes the pack folder (manifest, rules, content, i18n) and, beside it, `<pack>.import.md`:
//! what did not map, each with a JSON pointer into the source and why. The folder is replaced
//! whole, so a re-import of the same source gives identical files. Exit 0 when the source is a
//! ruleset the engine reads, 1 when the engine would refuse it (the pack is written all the
//! same), 2 when a file cannot be read or written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::ruleset_json::{ImportOptions, import_ruleset};

/// Import an engine ruleset JSON as a pack.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset JSON file.
    #[arg(value_name = "RULESET.json")]
    ruleset: PathBuf,
    /// A folder of locale files (`<lang>.json`, the engine's text-keyed format).
    #[arg(long, value_name = "DIR")]
    locales: Option<PathBuf>,
    /// The engine's package manifest, to check Capability API gates against.
    #[arg(long, value_name = "MANIFEST.json")]
    manifest: Option<PathBuf>,
    /// The pack folder to write (`packs/<game>/<pack>`).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

fn read_json(path: &Path) -> Result<(serde_json::Value, u64), String> {
    let bytes = crate::input::read_bytes(path, crate::input::MAX_IMPORT_JSON_BYTES)?;
    let value = serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((value, bytes.len() as u64))
}

fn locales(dir: &Path) -> Result<Vec<(String, serde_json::Value)>, String> {
    let mut out = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let Some(language) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        out.push((language.to_owned(), read_json(&path)?.0));
    }
    Ok(out)
}

fn write_pack(
    out: &Path,
    files: &std::collections::BTreeMap<String, String>,
) -> Result<(), String> {
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    for (path, text) in files {
        let target = out.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&target, text).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(())
}

/// Runs the verb.
pub fn run(args: &Args) -> ExitCode {
    match try_run(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn try_run(args: &Args) -> Result<ExitCode, String> {
    let (source, bytes) = read_json(&args.ruleset)?;
    // A pack in `packs/<game>/<pack>` is `<game>-<pack>`.
    let segment = |path: Option<&Path>| {
        path.and_then(Path::file_name)
            .map(|name| name.to_string_lossy().into_owned())
    };
    let pack_id = match (segment(args.out.parent()), segment(Some(&args.out))) {
        (Some(game), Some(pack)) if !game.is_empty() => Some(format!("{game}-{pack}")),
        _ => None,
    };
    let options = ImportOptions {
        pack_id,
        source_bytes: Some(bytes),
        manifest: args
            .manifest
            .as_deref()
            .map(read_json)
            .transpose()?
            .map(|(v, _)| v),
        locales: args
            .locales
            .as_deref()
            .map(locales)
            .transpose()?
            .unwrap_or_default(),
    };
    let import = import_ruleset(&source, &options);
    write_pack(&args.out, &import.files)?;
    let name = args
        .out
        .file_name()
        .map_or_else(|| "pack".to_owned(), |n| n.to_string_lossy().into_owned());
    let report = args.out.with_file_name(format!("{name}.import.md"));
    std::fs::write(&report, import.report_text())
        .map_err(|e| format!("{}: {e}", report.display()))?;
    let errors = import.diagnostics.iter().filter(|d| d.is_error()).count();
    // Pointers into the locale files or the manifest name their file already; the others point
    // into the ruleset file.
    let located: Vec<opencharacter::Diagnostic> = import
        .diagnostics
        .iter()
        .map(|diagnostic| {
            let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
            if pointer.contains('#') {
                diagnostic.clone()
            } else {
                diagnostic
                    .clone()
                    .with_file(args.ruleset.display().to_string())
            }
        })
        .collect();
    let text = match crate::output::format() {
        crate::output::Format::Text => {
            let mut out = String::new();
            for diagnostic in &located {
                let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
                let at = match &diagnostic.location.file {
                    Some(file) => format!("{file}#{pointer}"),
                    None => pointer,
                };
                let text = crate::lang::standard_text();
                out.push_str(&format!(
                    "{}: {at}: {} [{}]\n",
                    crate::diagnostics::word(
                        text,
                        crate::diagnostics::severity_word(diagnostic.severity)
                    ),
                    diagnostic.message_in(text),
                    diagnostic.code.name
                ));
            }
            let errors =
                crate::diagnostics::counted(crate::lang::standard_text(), "errors", errors);
            out.push_str(&crate::output::say(
                "imported",
                &[
                    ("files", &import.files.len().to_string()),
                    ("out", &args.out.display().to_string()),
                    ("unmapped", &import.report.len().to_string()),
                    ("report", &report.display().to_string()),
                    ("errors", &errors),
                ],
            ));
            out.push('\n');
            out
        }
        crate::output::Format::Json => format!(
            "{}\n",
            serde_json::json!({
                "out": args.out.display().to_string(),
                "files": import.files.keys().collect::<Vec<_>>(),
                "notMapped": import.report.len(),
                "report": report.display().to_string(),
                "diagnostics": crate::output::diagnostics_json(&located),
            })
        ),
    };
    let printed = crate::output::print_bytes(text.as_bytes());
    if printed != ExitCode::SUCCESS {
        return Ok(printed);
    }
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
