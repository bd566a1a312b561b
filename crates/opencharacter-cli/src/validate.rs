//! `opencharacter validate PATH... [--with PATH]... [--format json]`: read every pack under the
//! paths, run every check of the format on them (resolving against each other and the `--with`
//! packs and releases) and print every diagnostic, located; exit 0 without errors, 1 with
//! errors, 2 when a path cannot be read.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::output::Format;
use opencharacter::release::source::{PackSource, Reading};
use opencharacter::release::validate::{ValidateOptions, validate_paths};
use opencharacter::{Diagnostic, Severity};

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
        Format::Text => human(&reading),
    };
    let text = if args.coverage {
        text + &crate::show::coverage_report(&reading, crate::output::format() == Format::Json)
    } else {
        text
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
pub(crate) fn human(reading: &Reading) -> String {
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
        diagnostic.message_in(crate::lang::standard_text())
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
        let (text, caret) = window(text, usize::try_from(column).unwrap_or(1));
        let number = line.to_string();
        let gutter = " ".repeat(number.len());
        let _ = writeln!(out, "{gutter} |\n{number} | {text}\n{gutter} | {caret}^");
    }
    out.push('\n');
}

/// Widest source excerpt shown, in characters.
const EXCERPT: usize = 100;

/// The part of a source line to show around 1-based `column`, and the padding that puts a caret
/// under it. Long lines (minified YAML, a deep `[[[[`) are cut to a window marked with `…`; tabs
/// before the column stay tabs in the padding, so the caret lines up however tabs are shown.
fn window(text: &str, column: usize) -> (String, String) {
    let chars: Vec<char> = text.chars().collect();
    let at = column.saturating_sub(1).min(chars.len());
    let start = if chars.len() > EXCERPT {
        at.saturating_sub(EXCERPT / 2)
    } else {
        0
    };
    let end = (start + EXCERPT).min(chars.len());
    let mut shown: String = chars[start..end].iter().collect();
    let mut caret: String = chars[start..at]
        .iter()
        .map(|&c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    if start > 0 {
        shown.insert(0, '…');
        caret.insert(0, ' ');
    }
    if end < chars.len() {
        shown.push('…');
    }
    (shown, caret)
}

/// `path` relative to the current folder when it is inside it, with `/`.
fn relative(path: &Path, here: Option<&Path>) -> String {
    let shown = here
        .and_then(|here| path.strip_prefix(here).ok())
        .unwrap_or(path);
    shown
        .components()
        // The root is an empty first segment, so `/tmp/x` stays `/tmp/x`, not `//tmp/x`.
        .map(|c| match c {
            std::path::Component::RootDir => "".into(),
            other => other.as_os_str().to_string_lossy(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn short_lines_are_shown_whole() {
        assert_eq!(window("id: x", 5), ("id: x".to_owned(), "    ".to_owned()));
        assert_eq!(
            window("\tid: x", 2),
            ("\tid: x".to_owned(), "\t".to_owned())
        );
        // A column just past the end (an unexpected end of line) still gets its caret.
        assert_eq!(window("ab", 3), ("ab".to_owned(), "  ".to_owned()));
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = "[".repeat(10_000);
        let (shown, caret) = window(&line, 5_000);
        assert_eq!(shown.chars().count(), super::EXCERPT + 2);
        assert!(shown.starts_with('…') && shown.ends_with('…'));
        assert_eq!(caret.chars().count(), 1 + super::EXCERPT / 2);
    }
}
