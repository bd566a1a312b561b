//! A usage error (an unknown flag, a flag without its value, an unknown verb) in the `--lang`
//! language.
//!
//! clap words its errors in English and has no catalogue to translate them, so the command
//! parses with `try_parse` and, when the language asked for is Spanish, says the error itself
//! from clap's typed context (which argument, which value, what it suggests), in the command's
//! words table. In English clap's own text is kept, unchanged. `--help` and `--version` are
//! clap's in every language (docs/spec/command.md says so).

use clap::error::{ContextKind, ContextValue, Error, ErrorKind};

use crate::output::say;

/// Says a usage error and gives the exit status (2, as clap does; 0 for `--help`).
pub fn fail(error: &Error) -> std::process::ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) || !spanish()
    {
        let _ = error.print();
        return std::process::ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
    }
    eprint!("{}", lines(error));
    std::process::ExitCode::from(2)
}

/// Whether the language of the command line (`--lang`, else the environment) is Spanish: the
/// command line did not parse, so `--lang` is looked for in the raw arguments.
fn spanish() -> bool {
    let args: Vec<String> = std::env::args().collect();
    let flag = args.iter().enumerate().find_map(|(i, arg)| {
        arg.strip_prefix("--lang=").map(str::to_owned).or_else(|| {
            (arg == "--lang")
                .then(|| args.get(i + 1).cloned())
                .flatten()
        })
    });
    // An invalid tag reads as no tag here: the usage error is the one to report.
    let _ = crate::lang::init(flag.as_deref());
    crate::lang::language().is_some_and(|tag| tag.as_str().split('-').next() == Some("es"))
}

fn text(error: &Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(list) => Some(
            list.iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(list) => Some(
            list.iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The error's lines in the command's words: what is wrong, a suggestion when clap has one,
/// and where to read more.
pub(crate) fn lines(error: &Error) -> String {
    let arg = text(error, ContextKind::InvalidArg).unwrap_or_default();
    let value = text(error, ContextKind::InvalidValue).unwrap_or_default();
    let first = match error.kind() {
        ErrorKind::UnknownArgument => say("usage-unknown-arg", &[("arg", &arg)]),
        ErrorKind::InvalidValue if value.is_empty() => say("usage-missing-value", &[("arg", &arg)]),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            say("usage-invalid-value", &[("arg", &arg), ("value", &value)])
        }
        ErrorKind::NoEquals => say("usage-no-equals", &[("arg", &arg)]),
        ErrorKind::InvalidSubcommand => {
            let verb = text(error, ContextKind::InvalidSubcommand).unwrap_or_default();
            say("usage-unknown-verb", &[("verb", &verb)])
        }
        ErrorKind::MissingRequiredArgument => say("usage-missing-required", &[("args", &arg)]),
        ErrorKind::MissingSubcommand => say("usage-missing-verb", &[]),
        ErrorKind::ArgumentConflict => {
            let prior = text(error, ContextKind::PriorArg).unwrap_or_default();
            say("usage-conflict", &[("arg", &arg), ("prior", &prior)])
        }
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            say("usage-values-count", &[("arg", &arg)])
        }
        _ => say("usage-other", &[]),
    };
    let mut out = format!("{}\n", say("usage-error", &[("what", &first)]));
    if let Some(valid) = text(error, ContextKind::ValidValue) {
        out.push_str(&format!(
            "  {}\n",
            say("usage-possible", &[("values", &valid)])
        ));
    }
    let suggested = text(error, ContextKind::SuggestedArg)
        .or_else(|| text(error, ContextKind::SuggestedSubcommand))
        .or_else(|| text(error, ContextKind::SuggestedValue));
    if let Some(suggested) = suggested {
        let suggested = suggested.trim_matches('`');
        out.push_str(&format!(
            "  {}\n",
            say("usage-suggest", &[("suggestion", suggested)])
        ));
    }
    out.push_str(&format!("{}\n", say("usage-more", &[])));
    out
}
