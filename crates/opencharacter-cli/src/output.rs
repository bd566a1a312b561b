//! The command's one output layer: the `--format` every verb takes, the words the command itself
//! says (in the `--lang` language), diagnostics rendered one way, and writing to standard
//! output, where a reader that stops early (`| head`) ends the output quietly.
//!
//! Why one layer: the verbs each had a format enum and a renderer of their own, and drifted
//! (one verb refused `--format json`, another ignored `--lang`).

use std::io::Write as _;
use std::process::ExitCode;
use std::sync::OnceLock;

use opencharacter::Diagnostic;

/// How a verb prints: `text` for people, `json` for programs (one JSON value per verb, or one
/// per line where the verb says so; docs/spec/command.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Lines for people, in the `--lang` language.
    #[default]
    #[value(alias = "human")]
    Text,
    /// JSON for programs; messages rendered in the `--lang` language.
    Json,
}

static FORMAT: OnceLock<Format> = OnceLock::new();

/// Decides the format once, from `--format`.
pub fn init(format: Format) {
    let _ = FORMAT.set(format);
}

/// The format asked for.
pub fn format() -> Format {
    FORMAT.get().copied().unwrap_or_default()
}

/// The command's own words for `key`, in the `--lang` language, with `args` filled in.
pub fn say(key: &str, args: &[(&str, &str)]) -> String {
    let spanish =
        crate::lang::language().is_some_and(|tag| tag.as_str().split('-').next() == Some("es"));
    let template = crate::words::WORDS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map_or(key, |(_, en, es)| if spanish { es } else { en });
    let mut text = template.to_owned();
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// One diagnostic on one line (and its place on the next), in the `--lang` language: the
/// renderer of the verbs that print a report beside their diagnostics. `validate` prints its
/// own, with the source line (`validate::render`).
pub fn diagnostic_lines(diagnostic: &Diagnostic) -> String {
    let text = crate::lang::standard_text();
    // The severity in the `--lang` language, as `validate` says it (`aviso` in Spanish).
    let severity =
        crate::diagnostics::word(text, crate::diagnostics::severity_word(diagnostic.severity));
    let mut out = format!(
        "{severity}[{}]: {}\n",
        diagnostic.code.name,
        diagnostic.message_in(text)
    );
    let location = &diagnostic.location;
    match (&location.file, &location.pointer, location.line) {
        (Some(file), _, Some(line)) => out.push_str(&format!("  --> {file}:{line}\n")),
        (Some(file), Some(pointer), None) => out.push_str(&format!("  --> {file}#{pointer}\n")),
        (Some(file), None, None) => out.push_str(&format!("  --> {file}\n")),
        (None, Some(pointer), _) => out.push_str(&format!("  --> #{pointer}\n")),
        (None, None, _) => {}
    }
    out
}

/// Diagnostics as JSON values, their messages in the `--lang` language.
pub fn diagnostics_json(diagnostics: &[Diagnostic]) -> serde_json::Value {
    serde_json::Value::Array(
        diagnostics
            .iter()
            .map(|d| d.to_json(crate::lang::standard_text()))
            .collect(),
    )
}

/// The packs did not load (errors in `diagnostics`), so the verb has nothing else to print:
/// for people, each diagnostic on standard error, then `after` (a line saying what was not
/// done) when given; for programs, `{"diagnostics": [...]}` on standard output
/// (docs/spec/command.md). Exit 1.
pub fn not_loaded(diagnostics: &[Diagnostic], after: Option<&str>) -> ExitCode {
    match format() {
        Format::Text => {
            for diagnostic in diagnostics {
                eprint!("{}", diagnostic_lines(diagnostic));
            }
            if let Some(after) = after {
                eprintln!("{after}");
            }
            ExitCode::from(1)
        }
        Format::Json => {
            let value = serde_json::json!({"diagnostics": diagnostics_json(diagnostics)});
            let printed = print_bytes(format!("{value}\n").as_bytes());
            if printed == ExitCode::SUCCESS {
                ExitCode::from(1)
            } else {
                printed
            }
        }
    }
}

/// Writes `bytes` to standard output; exit 2 when it cannot be written for another reason
/// than a closed pipe.
pub fn print_bytes(bytes: &[u8]) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: cannot write to standard output: {error}");
            ExitCode::from(2)
        }
    }
}

/// Prints `text`, then exits 1 when `diagnostics` hold an error, else 0 (2 when standard output
/// fails).
pub fn finish(text: &str, diagnostics: &[Diagnostic]) -> ExitCode {
    let printed = print_bytes(text.as_bytes());
    if printed != ExitCode::SUCCESS {
        return printed;
    }
    if opencharacter::spec::diagnostic::has_errors(diagnostics) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
