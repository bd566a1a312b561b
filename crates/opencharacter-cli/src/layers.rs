//! `opencharacter layers PATH... --on id,id [--format json]`: load packs, switch layers on, and
//! print what each kept layer changed, the layers dropped for a conflict and the removals not
//! applied, with the layer checks of every pack and what loading found.
//!
//! The packs are read as every verb reads them (`packs`): a pack folder from its sources (its
//! `dist/` with `--built`), a folder of several games as a store picked by the packs of the
//! qualified layers named. After the changes, the effective difficulty ladder with its DCs and
//! the layer that set it, and for each thing two kept layers replace (the ladder, a loot
//! table) which one won: the later in the order applied. Layer IDs are qualified
//! (`ember-roads-1e:hard_winter`); a bare ID names the layer of that name when exactly one pack
//! declares it. Exit 0 without errors, 1 with errors (a pack's, a layer check's, an unknown
//! layer), 2 when a path cannot be read.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use opencharacter::Diagnostic;
use opencharacter::layers::{Change, LayerReport, apply_layers, check_release, qualify_layer};
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::ids::{PackId, QualifiedFieldId};
use opencharacter::spec::model::Ruleset;

use crate::packs::{self, Want};

#[path = "layers_ladder.rs"]
mod ladder;
use crate::output::Format;

/// Switch layers on over packs and report what they do.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A `release.json`, a pack folder (read from its sources) or a folder of packs (a store:
    /// the packs of qualified `--on` layers are picked from it).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Read each pack folder's built `dist/release.json` instead of its sources.
    #[arg(long)]
    built: bool,
    /// The layers to switch on (`--on ember-roads-1e:hard_winter,mud_season`).
    #[arg(long, value_delimiter = ',', value_name = "ID,ID,...")]
    on: Vec<String>,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    // The packs of qualified layers are what a store is picked by.
    let wanted: Vec<(PackId, Want)> = args
        .on
        .iter()
        .filter_map(|text| text.trim().parse::<QualifiedFieldId>().ok())
        .map(|layer| (layer.pack, Want::Any))
        .collect();
    let opened = match packs::open_paths(&args.paths, args.built, &wanted) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let ruleset = &opened.ruleset;
    let mut diagnostics: Vec<Diagnostic> = opened.diagnostics.clone();
    // Source packs were validated while reading, layer checks included; built ones are
    // checked here.
    for pack in opened.packs.iter().filter(|p| !p.validated) {
        diagnostics.extend(check_release(&pack.release));
    }
    let mut chosen: Vec<QualifiedFieldId> = Vec::new();
    for text in &args.on {
        match qualify_layer(ruleset, text.trim()) {
            Ok(id) => chosen.push(id),
            Err(error) => {
                // Unknown ones are reported by `apply_layers` when they parse; say why otherwise.
                match text.trim().parse::<QualifiedFieldId>() {
                    Ok(id) => chosen.push(id),
                    Err(_) => {
                        eprintln!("error: {error}");
                        return ExitCode::from(2);
                    }
                }
            }
        }
    }
    let (effective, report) = apply_layers(ruleset, &chosen);
    diagnostics.extend(report.diagnostics().into_iter().map(|d| {
        let origin = d.pack.as_ref().and_then(|pack| {
            opened
                .packs
                .iter()
                .find(|p| p.release.manifest.id == *pack)
                .map(|p| p.origin.display().to_string())
        });
        match origin {
            Some(origin) if d.location.file.is_none() => d.with_file(origin),
            _ => d,
        }
    }));
    let text = match crate::output::format() {
        Format::Text => {
            let mut out = packs::picked_line(&opened)
                .map(|l| l + "\n")
                .unwrap_or_default();
            out.push_str(&human(&chosen, &report, &diagnostics));
            let names = crate::names::Names::of(&opened.packs);
            let translator = names.translator(&effective);
            out.push_str(&ladder::human(&effective, &report, translator.as_ref()));
            out
        }
        Format::Json => json(&chosen, &report, &diagnostics, &effective),
    };
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if has_errors(&diagnostics) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// One change a kept layer makes, in the `--lang` language; IDs as the pack writes them.
fn change_line(change: &Change) -> String {
    use crate::output::say;
    let list = |items: Vec<String>| items.join(", ");
    match change {
        Change::CheckGuidance => say("change-check-guidance", &[]),
        Change::WorldGuidance => say("change-world-guidance", &[]),
        Change::Values {
            field,
            removed,
            default,
        } => {
            let values = list(removed.iter().map(ToString::to_string).collect());
            let mut line = say(
                "change-values",
                &[("field", &field.to_string()), ("values", &values)],
            );
            if let Some(default) = default {
                line.push_str(&say("change-default", &[("default", default.as_ref())]));
            }
            line
        }
        Change::Ladder { labels } => say(
            "change-ladder",
            &[(
                "labels",
                &list(labels.iter().map(ToString::to_string).collect()),
            )],
        ),
        Change::Hidden {
            content_type,
            filter,
            content,
        } => {
            let mut line = say(
                "change-hidden",
                &[
                    ("count", &content.len().to_string()),
                    ("type", &content_type.to_string()),
                    ("filter", filter.as_ref()),
                ],
            );
            if !content.is_empty() {
                let _ = write!(
                    line,
                    ": {}",
                    list(content.iter().map(ToString::to_string).collect())
                );
            }
            line
        }
        Change::Coins { coins } => say(
            "change-coins",
            &[(
                "coins",
                &list(coins.iter().map(ToString::to_string).collect()),
            )],
        ),
        Change::Sellers { sellers } => say(
            "change-sellers",
            &[(
                "sellers",
                &list(sellers.iter().map(ToString::to_string).collect()),
            )],
        ),
        Change::Unsold { market, filters } => say(
            "change-unsold",
            &[
                ("filters", &filters.to_string()),
                ("market", market.as_ref()),
            ],
        ),
        Change::LootTable { table } => say("change-loot", &[("table", &table.to_string())]),
    }
}

fn human(chosen: &[QualifiedFieldId], report: &LayerReport, diagnostics: &[Diagnostic]) -> String {
    use crate::output::say;
    let mut out = String::new();
    let on: Vec<String> = chosen.iter().map(ToString::to_string).collect();
    let on = if on.is_empty() {
        say("none-chosen", &[])
    } else {
        on.join(", ")
    };
    let _ = writeln!(out, "{}", say("layers-chosen", &[("layers", &on)]));
    for kept in &report.kept {
        let _ = writeln!(
            out,
            "{}",
            say("kept", &[("layer", &kept.layer.to_string())])
        );
        if kept.changes.is_empty() {
            let _ = writeln!(out, "{}", say("changes-nothing", &[]));
        }
        for change in &kept.changes {
            let _ = writeln!(out, "  {}", change_line(change));
        }
    }
    for dropped in &report.dropped {
        let _ = writeln!(
            out,
            "{}",
            say(
                "dropped",
                &[
                    ("layer", &dropped.layer.to_string()),
                    ("kept", &dropped.conflicts_with.to_string())
                ]
            )
        );
    }
    for skipped in &report.not_applied {
        let _ = writeln!(
            out,
            "{}",
            say(
                "not-applied",
                &[
                    ("layer", &skipped.layer.to_string()),
                    ("what", &skipped.what_in(crate::lang::standard_text())),
                    ("reason", &skipped.reason_in(crate::lang::standard_text()))
                ]
            )
        );
    }
    for diagnostic in diagnostics {
        out.push_str(&crate::output::diagnostic_lines(diagnostic));
    }
    out
}

fn json(
    chosen: &[QualifiedFieldId],
    report: &LayerReport,
    diagnostics: &[Diagnostic],
    effective: &Ruleset,
) -> String {
    let value = serde_json::json!({
        "on": chosen.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "report": report,
        "ladder": ladder::json(effective, report),
        "replacements": ladder::replacements_json(report),
        "diagnostics": diagnostics
            .iter()
            .map(|d| d.to_json(crate::lang::standard_text()))
            .collect::<Vec<_>>(),
    });
    format!("{value}\n")
}
