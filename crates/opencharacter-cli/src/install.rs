//! `opencharacter install ID[@RANGE] --index URL --store DIR [--lang TAG]`: install a pack's
//! release from a pack index into a store, with only the language pack for `--lang` (or its
//! nearest shorter form). Also:
//!
//! - `install --sync --store DIR --lang TAG`: bring every installed pack in line with a language
//!   (what an app does at start and when its language changes);
//! - `install --import FILE --store DIR --lang TAG`: import a release file shared by hand, which
//!   may carry languages inside (only `--lang`'s is kept);
//! - `install --rollback ID --store DIR`: go back to the previous version, offline;
//! - `install --list --store DIR`: what is installed, and in which language.
//!
//! Without `--lang`, the environment's language, else English. `--allow-http` lets an index and
//! its files be plain http (a local mirror, a loopback test); https otherwise. Exit 0 when done
//! (a language pack that could not be kept is a warning: the pack reads in its default language),
//! 1 when the install was refused, 2 for a usage error or a store that cannot be used.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use opencharacter::Diagnostic;
use opencharacter::i18n::LanguageTag;
use opencharacter::i18n::http::{Http, HttpOptions};
use opencharacter::i18n::install::{InstallError, Installer, LanguageOutcome, Report, Unavailable};
use opencharacter::i18n::store::Store;
use opencharacter::spec::diagnostic::codes;
use opencharacter::spec::ids::PackId;

use crate::output::say;

/// Install packs and their language packs into a store.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pack to install, with an optional version range: `5e-srd-5.1`, `5e-srd-5.1@^0.1`.
    #[arg(value_name = "ID[@RANGE]")]
    pack: Option<String>,
    /// The pack index to install from (`https://…/index.json`).
    #[arg(long, value_name = "URL")]
    index: Option<String>,
    /// The store folder (created when missing).
    #[arg(long, value_name = "DIR")]
    store: PathBuf,
    /// Bring every installed pack's language pack in line with the language.
    #[arg(long, conflicts_with_all = ["pack", "import", "rollback", "list"])]
    sync: bool,
    /// Import a release file shared by hand (it may carry languages inside).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["pack", "rollback", "list"])]
    import: Option<PathBuf>,
    /// Go back to the previous version of a pack.
    #[arg(long, value_name = "ID", conflicts_with_all = ["pack", "list"])]
    rollback: Option<String>,
    /// List what the store holds.
    #[arg(long, conflicts_with = "pack")]
    list: bool,
    /// Allow plain http URLs (a local mirror, a loopback test).
    #[arg(long)]
    allow_http: bool,
    /// Seconds one install or sync may spend downloading in all (the index, the release, its
    /// language pack): past it the download stops, nothing fetched is kept, and the store's
    /// lock is let go. Each read also times out after 30 s without a byte.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    deadline: u64,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let language = crate::lang::language()
        .cloned()
        .unwrap_or_else(|| LanguageTag::parse("en").expect("`en` is a language tag"));
    let store = match Store::open(&args.store) {
        Ok(store) => store,
        Err(error) => return usage(&error.to_string()),
    };
    let http = Http::new(&HttpOptions {
        allow_http: args.allow_http,
        deadline: std::time::Duration::from_secs(args.deadline),
        ..HttpOptions::default()
    });
    let installer = Installer::new(store, http, language.clone());
    let mut out = String::new();
    let mut reports: Vec<Report> = Vec::new();
    let result = if args.sync {
        installer.sync().map(|synced| reports = synced)
    } else if let Some(path) = &args.import {
        let limit = opencharacter::i18n::index::MAX_RELEASE_BYTES;
        let bytes = match crate::input::read_bytes(path, limit) {
            Ok(bytes) => bytes,
            Err(message) => return usage(&message),
        };
        installer.import(&bytes).map(|report| reports.push(report))
    } else if let Some(id) = &args.rollback {
        let Ok(id) = id.parse::<PackId>() else {
            return usage(&format!("`{id}` is not a pack ID"));
        };
        installer.rollback(&id).map(|version| {
            out.push_str(&say(
                "rolled-back",
                &[("pack", id.as_str()), ("version", &version.to_string())],
            ));
            out.push('\n');
        })
    } else if args.list {
        match installer.store().installed() {
            Ok(installed) => {
                for pack in installed {
                    let previous = pack
                        .state
                        .previous
                        .map(|p| say("previous", &[("version", &p.to_string())]))
                        .unwrap_or_default();
                    let language = pack
                        .language
                        .map_or_else(|| say("default-language", &[]), |l| l.to_string());
                    out.push_str(&format!(
                        "{} {}{previous}: {language}\n",
                        pack.id, pack.state.current
                    ));
                }
                Ok(())
            }
            Err(error) => return usage(&error.to_string()),
        }
    } else {
        let (Some(pack), Some(index)) = (&args.pack, &args.index) else {
            return usage(
                "give ID[@RANGE] and --index URL, or --sync, --import, --rollback or --list",
            );
        };
        let (id, range) = match pack.split_once('@') {
            Some((id, range)) => (id, Some(range)),
            None => (pack.as_str(), None),
        };
        let Ok(id) = id.parse::<PackId>() else {
            return usage(&format!("`{id}` is not a pack ID"));
        };
        let range = match range.map(str::parse::<semver::VersionReq>).transpose() {
            Ok(range) => range,
            Err(error) => return usage(&format!("`{pack}`: {error}")),
        };
        installer
            .install(index, &id, range.as_ref())
            .map(|report| reports.push(report))
    };
    let warnings: Vec<Diagnostic> = reports
        .iter()
        .filter_map(|report| fallback(installer.store(), &language, report))
        .collect();
    let failed = result.as_ref().err().map(failure);
    let text = match crate::output::format() {
        crate::output::Format::Text => {
            for warning in &warnings {
                out.push_str(&crate::output::diagnostic_lines(warning));
            }
            for report in &reports {
                out.push_str(&line(report));
            }
            out
        }
        crate::output::Format::Json => format!(
            "{}\n",
            serde_json::json!({
                "packs": reports.iter().map(report_json).collect::<Vec<_>>(),
                // A failure is one more diagnostic of the one object printed.
                "diagnostics": crate::output::diagnostics_json(
                    &warnings.iter().chain(&failed).cloned().collect::<Vec<_>>()
                ),
                "done": out.lines().collect::<Vec<_>>(),
            })
        ),
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    match (result, failed) {
        (Err(error), Some(failed)) => {
            if crate::output::format() == crate::output::Format::Text {
                eprint!("{}", crate::output::diagnostic_lines(&failed));
            }
            // A store that cannot be used is a usage error (2); a refused install is 1.
            ExitCode::from(if matches!(error, InstallError::Store(_)) {
                2
            } else {
                1
            })
        }
        _ => ExitCode::SUCCESS,
    }
}

/// What went wrong, as a diagnostic with a code: a download that failed
/// (`install-download-failed`, its reason in words, never the HTTP client's text), anything else
/// refused (`install-failed`).
fn failure(error: &InstallError) -> Diagnostic {
    match error {
        InstallError::IndexFetch(fetch) | InstallError::Fetch(fetch) => {
            Diagnostic::new(&codes::INSTALL_DOWNLOAD_FAILED)
                .with_arg("url", fetch.url())
                .with_word("reason", fetch.phrase())
        }
        other => Diagnostic::new(&codes::INSTALL_FAILED).with_word("reason", other.phrase()),
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// One line per pack: its version and the language it reads in.
fn line(report: &Report) -> String {
    let language = match &report.language {
        LanguageOutcome::Default | LanguageOutcome::Unavailable(_) => say("default-language", &[]),
        LanguageOutcome::Kept(tag) => say("language-kept", &[("language", tag.as_str())]),
        LanguageOutcome::Fetched(tag) => say("language-fetched", &[("language", tag.as_str())]),
        LanguageOutcome::Failed { language, .. } => {
            say("language-failed", &[("language", language.as_str())])
        }
    };
    format!("{} {}: {language}\n", report.id, report.version)
}

/// What happened to the language, for programs: `outcome` (`default`, `kept`, `fetched`,
/// `failed`, or why none could be had: `not-listed`, `refused`, `unreachable`, `not-carried`),
/// the language tag, and the library's reason where it gives one (in the `--lang` language).
fn report_json(report: &Report) -> serde_json::Value {
    let (outcome, language, reason) = match &report.language {
        LanguageOutcome::Default => ("default", None, None),
        LanguageOutcome::Kept(tag) => ("kept", Some(tag.to_string()), None),
        LanguageOutcome::Fetched(tag) => ("fetched", Some(tag.to_string()), None),
        LanguageOutcome::Failed { language, reason } => {
            ("failed", Some(language.to_string()), Some(words(reason)))
        }
        LanguageOutcome::Unavailable(cause) => match cause {
            Unavailable::NotListed => ("not-listed", None, None),
            Unavailable::Refused { language, reason } => {
                ("refused", Some(language.to_string()), Some(words(reason)))
            }
            Unavailable::Unreachable { reason } => ("unreachable", None, Some(words(reason))),
            Unavailable::NotCarried => ("not-carried", None, None),
        },
    };
    serde_json::json!({
        "id": report.id,
        "version": report.version.to_string(),
        "releaseWritten": report.release_written,
        "language": {"outcome": outcome, "tag": language, "reason": reason},
    })
}

/// The warning for a pack that reads in its default language though another was asked for
/// (i18n.md, "Installing"), saying why in the `--lang` language: none listed, the one listed
/// refused by the index check, the index unreachable, none in an imported file, or the pack
/// failing to arrive. None when the language asked for is the pack's default (or a form of it).
fn fallback(store: &Store, language: &LanguageTag, report: &Report) -> Option<Diagnostic> {
    let reason = match &report.language {
        LanguageOutcome::Unavailable(Unavailable::NotListed) => say("fallback-not-listed", &[]),
        LanguageOutcome::Unavailable(Unavailable::Refused {
            language: refused,
            reason,
        }) => say(
            "fallback-refused",
            &[("language", refused.as_str()), ("reason", &words(reason))],
        ),
        LanguageOutcome::Unavailable(Unavailable::Unreachable { reason }) => {
            say("fallback-unreachable", &[("reason", &words(reason))])
        }
        LanguageOutcome::Unavailable(Unavailable::NotCarried) => say("fallback-not-carried", &[]),
        LanguageOutcome::Failed { reason, .. } => {
            say("fallback-failed", &[("reason", &words(reason))])
        }
        LanguageOutcome::Default | LanguageOutcome::Kept(_) | LanguageOutcome::Fetched(_) => {
            return None;
        }
    };
    let default = store
        .release_bytes(&report.id, &report.version)
        .ok()
        .flatten()
        .and_then(|bytes| {
            serde_json::from_slice::<serde_json::Value>(&bytes)
                .ok()?
                .pointer("/manifest/defaultLanguage")?
                .as_str()
                .and_then(|tag| LanguageTag::parse(tag).ok())
        })?;
    if language.chain().any(|tag| tag == default) {
        return None;
    }
    Some(
        Diagnostic::new(&codes::LANGUAGE_PACK_FALLBACK)
            .with_arg("pack", &report.id)
            .with_arg("language", language.as_str())
            .with_arg("default", default.as_str())
            .with_arg("reason", reason)
            .with_pack(report.id.clone()),
    )
}

/// What `build --index` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexOutcome {
    /// Written, every entry listed.
    Written,
    /// Written without the entries it refused (exit 1: the index has errors).
    Refused,
    /// Not written (exit 2: an I/O failure or a usage error).
    Failed,
}

/// `build --index BASE_URL`: writes the index of the packs built, with their files, into `dir`
/// (`--index-dir`, taken as is when `exact`), else `index/` inside `--out` or the aggregate's
/// folder; an entry an installer would refuse is reported and left out.
pub fn write_index(
    build: &opencharacter::release::build::Build,
    base_url: &str,
    dir: Option<&std::path::Path>,
    exact: bool,
) -> IndexOutcome {
    let folder = match dir {
        Some(dir) if exact => Some(dir.to_owned()),
        Some(dir) => Some(dir.join("index")),
        None => build
            .shared
            .first()
            .and_then(|shared| shared.parent())
            .map(|out| out.join("index")),
    };
    let Some(folder) = folder else {
        eprintln!("error: --index needs --index-dir (or --out) when building a single pack");
        return IndexOutcome::Failed;
    };
    match opencharacter::release::index::write_index(&build.built, base_url, &folder) {
        Ok((index, problems)) => {
            // What installers would refuse, left out of the file (plain http is the author's
            // choice of base URL): on standard error for people, as more diagnostic lines of
            // the report in JSON.
            if crate::output::format() == crate::output::Format::Json {
                for problem in &problems {
                    println!("{}", problem.to_json(crate::lang::standard_text()));
                }
            } else {
                println!(
                    "{}",
                    say(
                        "built-index",
                        &[
                            ("count", &index.releases.len().to_string()),
                            ("folder", &folder.display().to_string())
                        ]
                    )
                );
                for problem in &problems {
                    eprint!("{}", crate::output::diagnostic_lines(problem));
                }
            }
            if problems.is_empty() {
                IndexOutcome::Written
            } else {
                IndexOutcome::Refused
            }
        }
        Err(error) => {
            eprintln!("error: {error}");
            IndexOutcome::Failed
        }
    }
}

/// A library's reason (a phrase of the standard text) in the `--lang` language.
fn words(reason: &opencharacter::spec::diagnostic::Phrase) -> String {
    reason.render(crate::lang::standard_text())
}
