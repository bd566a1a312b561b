//! `opencharacter validate PATH... [--format json]`: read every pack under the paths and print
//! every diagnostic, located; exit 0 without errors, 1 with errors, 2 when a path cannot be read.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::release::source::{PackSource, ReadLimits, Reading, read_paths};
use opencharacter::spec::standard_text::StandardText;
use opencharacter::{Diagnostic, Severity};

/// Check packs without writing anything.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack folder (with `pack.yaml`) or a folder of packs (`packs/`).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// `human` (with the source line and a caret) or `json` (one object per line).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let reading = match read_paths(&args.paths, &ReadLimits::default()) {
        Ok(reading) => reading,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let text = match args.format {
        Format::Json => reading
            .all_diagnostics()
            .map(|diagnostic| format!("{}\n", diagnostic.to_json(StandardText::english())))
            .collect(),
        Format::Human => human(&reading),
    };
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if reading.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The human report: each diagnostic as rustc shows one, then a summary line.
fn human(reading: &Reading) -> String {
    let here = std::env::current_dir().and_then(std::fs::canonicalize).ok();
    let mut out = String::new();
    for diagnostic in &reading.diagnostics {
        render(&mut out, diagnostic, None, here.as_deref());
    }
    for pack in &reading.packs {
        for diagnostic in &pack.diagnostics {
            render(&mut out, diagnostic, Some(pack), here.as_deref());
        }
    }
    let count = |severity| {
        reading
            .all_diagnostics()
            .filter(|d| d.severity == severity)
            .count()
    };
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let _ = writeln!(
        out,
        "{}, {} in {}",
        plural(count(Severity::Error), "error"),
        plural(count(Severity::Warning), "warning"),
        plural(reading.packs.len(), "pack"),
    );
    out
}

fn render(
    out: &mut String,
    diagnostic: &Diagnostic,
    pack: Option<&PackSource>,
    here: Option<&Path>,
) {
    let _ = writeln!(
        out,
        "{}[{}]: {}",
        diagnostic.severity,
        diagnostic.code.name,
        diagnostic.message()
    );
    let location = &diagnostic.location;
    let shown = match (pack, &location.file) {
        (Some(pack), Some(file)) => Some(relative(&pack.display_path(file), here)),
        (Some(pack), None) => Some(relative(&pack.root, here)),
        (None, file) => file.clone(),
    };
    let Some(shown) = shown else {
        out.push('\n');
        return;
    };
    let (Some(line), Some(column)) = (location.line, location.column) else {
        let _ = writeln!(out, "  --> {shown}\n");
        return;
    };
    let _ = writeln!(out, "  --> {shown}:{line}:{column}");
    let source_line = pack
        .zip(location.file.as_deref())
        .and_then(|(pack, file)| pack.file(file))
        .and_then(|file| file.line(line));
    if let Some(text) = source_line {
        let number = line.to_string();
        let gutter = " ".repeat(number.len());
        // Tabs before the column stay tabs, so the caret lines up however tabs are shown.
        let pad: String = text
            .chars()
            .take(usize::try_from(column).unwrap_or(1).saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(out, "{gutter} |\n{number} | {text}\n{gutter} | {pad}^");
    }
    out.push('\n');
}

/// `path` relative to the current folder when it is inside it, with `/`.
fn relative(path: &Path, here: Option<&Path>) -> String {
    let shown = here
        .and_then(|here| path.strip_prefix(here).ok())
        .unwrap_or(path);
    shown
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
