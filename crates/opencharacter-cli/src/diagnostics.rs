//! The one renderer of diagnostics, for every verb: human (as rustc shows one: the message, the
//! place, the source line with the whole span underlined, second places with their notes, and
//! `help:` lines) and JSON (one object per line, camelCase keys). Every word comes from the
//! spec's standard text in the language asked for, the report's own words (`error`, `help`,
//! the summary line) included.
//!
//! The human text carries ANSI styles; the command writes it through `anstream`, which strips
//! them when the output is not a terminal, when `NO_COLOR` is set, or with `--color never`
//! (and keeps them with `--color always`), as cargo does.

use std::fmt::Write as _;
use std::path::Path;

use anstyle::{AnsiColor, Style};
use opencharacter::release::source::{PackSource, Reading};
use opencharacter::spec::diagnostic::{codes, render_template};
use opencharacter::spec::standard_text::StandardText;
use opencharacter::{Diagnostic, Severity};

/// `--color`: when the human output is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always, even when piped.
    Always,
    /// Never.
    Never,
}

/// Sets the colour choice of every stream the command writes through `anstream`.
pub fn init_color(when: ColorWhen) {
    let choice = match when {
        ColorWhen::Auto => anstream::ColorChoice::Auto,
        ColorWhen::Always => anstream::ColorChoice::Always,
        ColorWhen::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
}

/// A word of the report itself (`error`, `help`, …) in `text`, English when it lacks it.
/// A word of the standard text's report (`error`, `warning`, …), English where the language
/// lacks it.
pub fn word<'a>(text: &'a StandardText, key: &str) -> &'a str {
    text.report
        .get(key)
        .filter(|word| !word.is_empty())
        .or_else(|| StandardText::english().report.get(key))
        .map_or("", String::as_str)
}

/// The report word's key for a severity.
pub fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Issue => "issue",
    }
}

fn severity_style(severity: Severity) -> Style {
    let colour = match severity {
        Severity::Error => AnsiColor::Red,
        Severity::Warning => AnsiColor::Yellow,
        Severity::Issue => AnsiColor::Cyan,
    };
    Style::new().bold().fg_color(Some(colour.into()))
}

const GUTTER: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Blue)));
const BOLD: Style = Style::new().bold();
const HELP: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Cyan)));

/// The human report of a whole reading: each diagnostic, then the summary line. Styled; strip
/// with [`plain`] or write through `anstream`.
pub fn human(reading: &Reading, text: &StandardText) -> String {
    let here = std::env::current_dir().and_then(std::fs::canonicalize).ok();
    let mut out = String::new();
    for diagnostic in &reading.diagnostics {
        render(&mut out, diagnostic, None, here.as_deref(), text);
    }
    for pack in &reading.packs {
        for diagnostic in &pack.diagnostics {
            render(&mut out, diagnostic, Some(pack), here.as_deref(), text);
        }
    }
    // Every diagnostic found counts, kept or not; the notes saying how many were not kept are
    // not diagnostics of the packs and do not count.
    let not_kept = reading.budget.not_kept();
    let count = |severity| {
        let kept = reading
            .all_diagnostics()
            .filter(|d| d.severity == severity && !is_not_kept_note(d))
            .count();
        kept + match severity {
            Severity::Error => not_kept.errors,
            Severity::Warning => not_kept.warnings,
            Severity::Issue => not_kept.issues,
        }
    };
    let _ = writeln!(
        out,
        "{}",
        summary(
            text,
            count(Severity::Error),
            count(Severity::Warning),
            reading.packs.len(),
            not_kept.total()
        )
    );
    out
}

/// The summary line, `1 error, 0 warnings in 2 packs`, in the standard text's language; with
/// `not_kept` above 0 it also says how many of those diagnostics were counted but not kept.
pub fn summary(
    text: &StandardText,
    errors: usize,
    warnings: usize,
    packs: usize,
    not_kept: usize,
) -> String {
    let counted = |what: &str, n: usize| counted(text, what, n);
    let mut args = indexmap::IndexMap::new();
    args.insert("errors".to_owned(), counted("errors", errors));
    args.insert("warnings".to_owned(), counted("warnings", warnings));
    args.insert("packs".to_owned(), counted("packs", packs));
    let key = if not_kept > 0 {
        args.insert("count".to_owned(), not_kept.to_string());
        "summary-not-kept"
    } else {
        "summary"
    };
    render_template(word(text, key), &args)
}

/// `3 errors`, `1 warning`, `2 packs` (`what`: `errors`, `warnings`, `packs`) in the standard
/// text's language.
pub fn counted(text: &StandardText, what: &str, n: usize) -> String {
    // English and Spanish both have one form for one and another for the rest.
    let key = format!("{what}-{}", if n == 1 { "one" } else { "other" });
    let mut args = indexmap::IndexMap::new();
    args.insert("count".to_owned(), n.to_string());
    render_template(word(text, &key), &args)
}

fn is_not_kept_note(diagnostic: &Diagnostic) -> bool {
    diagnostic.code == &codes::DIAGNOSTICS_NOT_KEPT
        || diagnostic.code == &codes::DIAGNOSTICS_NOT_KEPT_RUN
}

/// `styled` with its ANSI styles removed.
#[cfg(test)]
pub fn plain(styled: &str) -> String {
    anstream::adapter::strip_str(styled).to_string()
}

/// One diagnostic, rendered as rustc shows one.
pub fn render(
    out: &mut String,
    diagnostic: &Diagnostic,
    pack: Option<&PackSource>,
    here: Option<&Path>,
    text: &StandardText,
) {
    let style = severity_style(diagnostic.severity);
    let _ = writeln!(
        out,
        "{style}{}[{}]{style:#}{BOLD}: {}{BOLD:#}",
        word(text, severity_word(diagnostic.severity)),
        diagnostic.code.name,
        diagnostic.message_in(text)
    );
    let location = &diagnostic.location;
    let shown = match (pack, &location.file) {
        (Some(pack), Some(file)) => Some(relative(&pack.display_path(file), here)),
        (Some(pack), None) => Some(relative(&pack.root, here)),
        (None, file) => file.clone(),
    };
    let line_of = |file: Option<&str>, line: u32| {
        pack.zip(file)
            .and_then(|(pack, file)| pack.file(file))
            .and_then(|file| file.line(line))
            .map(str::to_owned)
    };
    let width = std::iter::once(location.line)
        .chain(diagnostic.labels.iter().map(|l| l.location.line))
        .flatten()
        .max()
        .map_or(1, |line| line.to_string().len());
    let gutter = " ".repeat(width);
    match (&shown, location.line, location.column) {
        (None, ..) => {}
        (Some(shown), Some(line), Some(column)) => {
            let _ = writeln!(
                out,
                "{gutter} {GUTTER}-->{GUTTER:#} {shown}:{line}:{column}"
            );
            if let Some(source) = line_of(location.file.as_deref(), line) {
                let end = match (location.end_line, location.end_column) {
                    (Some(end_line), Some(end_column)) if end_line == line => Some(end_column),
                    _ => None,
                };
                excerpt(out, &gutter, line, &source, column, end, '^', style, None);
            }
        }
        (Some(shown), ..) => {
            let _ = writeln!(out, "{gutter} {GUTTER}-->{GUTTER:#} {shown}");
        }
    }
    for label in &diagnostic.labels {
        let note = text
            .labels
            .get(label.note)
            .filter(|t| !t.is_empty())
            .or_else(|| StandardText::english().labels.get(label.note))
            .map_or(label.note, String::as_str);
        let (Some(line), Some(column)) = (label.location.line, label.location.column) else {
            continue;
        };
        let file = label.location.file.as_deref().or(location.file.as_deref());
        if file != location.file.as_deref()
            && let Some(file) = file
        {
            let shown = pack.map_or_else(
                || file.to_owned(),
                |pack| relative(&pack.display_path(file), here),
            );
            let _ = writeln!(out, "{gutter}{GUTTER}::: {GUTTER:#}{shown}:{line}:{column}");
        }
        if let Some(source) = line_of(file, line) {
            let end = label
                .location
                .end_column
                .filter(|_| label.location.end_line == Some(line));
            let blue = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Blue)));
            excerpt(
                out,
                &gutter,
                line,
                &source,
                column,
                end,
                '-',
                blue,
                Some(note),
            );
        }
    }
    for help in &diagnostic.help {
        let _ = writeln!(
            out,
            "{gutter} {GUTTER}={GUTTER:#} {HELP}{}{HELP:#}: {}",
            word(text, "help"),
            help.text_in(text)
        );
    }
    out.push('\n');
}

/// A source line with `mark` under `column` up to `end` (exclusive; one mark without an end),
/// and the note after the marks.
#[allow(clippy::too_many_arguments, reason = "one private drawing helper")]
fn excerpt(
    out: &mut String,
    gutter: &str,
    line: u32,
    source: &str,
    column: u32,
    end: Option<u32>,
    mark: char,
    style: Style,
    note: Option<&str>,
) {
    let column = usize::try_from(column).unwrap_or(1);
    let (shown, padding) = window(source, column);
    let length = end
        .and_then(|end| usize::try_from(end).ok())
        .map_or(1, |end| end.saturating_sub(column).max(1))
        .min(EXCERPT);
    let marks: String = std::iter::repeat_n(mark, length).collect();
    let note = note.map(|note| format!(" {note}")).unwrap_or_default();
    let number = format!("{line:>width$}", width = gutter.len());
    let _ = writeln!(
        out,
        "{gutter} {GUTTER}|{GUTTER:#}\n{GUTTER}{number} |{GUTTER:#} {shown}\n{gutter} {GUTTER}|{GUTTER:#} {padding}{style}{marks}{note}{style:#}"
    );
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
pub fn relative(path: &Path, here: Option<&Path>) -> String {
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
    use super::{AnsiColor, Style, excerpt, plain, window};

    #[test]
    fn the_whole_span_is_underlined() {
        // `type: kti` with the value at column 7 and its end just past it at column 10: three
        // marks under `kti`, after six spaces for `type: `.
        let mut out = String::new();
        let red = Style::new().fg_color(Some(AnsiColor::Red.into()));
        excerpt(&mut out, " ", 2, "type: kti", 7, Some(10), '^', red, None);
        assert_eq!(plain(&out), "  |\n2 | type: kti\n  |       ^^^\n");
        // Without an end, one mark; a label's note follows its marks.
        let mut out = String::new();
        excerpt(
            &mut out,
            " ",
            1,
            "id: x",
            1,
            None,
            '-',
            red,
            Some("first defined here"),
        );
        assert_eq!(plain(&out), "  |\n1 | id: x\n  | - first defined here\n");
    }

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
