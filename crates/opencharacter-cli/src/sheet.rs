//! `opencharacter sheet CHARACTER --packs PATH... [--game GAME.yaml] [--layers ID,...]`: read a
//! saved character as an app does (`read::through_game`): through its game (the `--game` file,
//! else its own `setup`), whose pins pick the packs and whose layers apply, migrated, then
//! evaluated; print the sheet: every field's value with its name in the `--lang` language (and
//! the effects that changed it), live state, the purse, what it owns, its rolls with their odds,
//! and its rules issues, less the values a copy step left at their old IDs. `--layers` tries
//! layers on a character whose game chooses none.
//! `opencharacter sheet --monster ID --packs PATH...` prints the sheet of a stat block (a
//! monster, by qualified content ID) instead. `--dc N` reads items' attacks and checks against
//! an AC or DC, `--save-modifier N` items' saves for a target with that modifier.
//!
//! The packs are read as every verb reads them (`packs`): pack folders from their sources, a
//! store of several games picked by what the character names.
//!
//! Exit 0 when the sheet was computed without errors (rules issues are not errors), 1 when the
//! packs or the evaluation report errors, 2 when a file cannot be read.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use opencharacter::i18n::Translator;
use opencharacter::migrate::MigrationReport;
use opencharacter::sheet::{RollOptions, Sheet, SheetValue};
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::ids::{FieldId, Qualified, QualifiedFieldId};
use opencharacter::spec::model::Ruleset;
use opencharacter::{Diagnostic, EvaluateOptions, Severity, evaluate_stat_block};

use crate::lang;
use crate::names::{Names, label_text, labelled, name_text, named};
use crate::output::{Format, say};
use crate::packs::{self, PackPaths};
use crate::read;

/// Evaluate a character, or a monster's stat block, against packs.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The character file (YAML or JSON).
    #[arg(value_name = "CHARACTER", required_unless_present = "monster")]
    character: Option<PathBuf>,
    /// Evaluate this content item's stat block instead of a character (`5e-srd-5.1:monsters.goblin`).
    #[arg(long, value_name = "ID", conflicts_with = "character")]
    monster: Option<String>,
    /// Templates to apply to the monster (qualified IDs), in order.
    #[arg(long = "template", value_name = "ID", requires = "monster")]
    templates: Vec<String>,
    /// Read items' attacks and checks against this AC or DC (instead of the ladder).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    dc: Option<i64>,
    /// Read items' saves for a target with this modifier.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    save_modifier: Option<i64>,
    #[command(flatten)]
    packs: PackPaths,
    /// The game the character belongs to (a game file): its pins pick the packs, its layers
    /// apply and its settings win. Without it, the character's own `setup`.
    #[arg(long, value_name = "GAME.yaml", requires = "character")]
    game: Option<PathBuf>,
    /// Layers to try on a character whose game chooses none (`--layers ember-roads-1e:hard_winter`).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "ID,ID,...",
        requires = "character"
    )]
    layers: Vec<String>,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let options = EvaluateOptions {
        rolls: RollOptions {
            dc: args.dc,
            save_modifier: args.save_modifier,
            ..RollOptions::default()
        },
        ..EvaluateOptions::default()
    };
    let (opened, sheet, mut lead, effective) = match (&args.character, &args.monster) {
        (Some(path), _) => {
            // Counts too large to hold are issues shown with the sheet, not a refusal.
            let mut count_issues = Vec::new();
            let through =
                read::read_character_file_to_show(path).and_then(|(character, issues)| {
                    count_issues = issues;
                    read::through_game(
                        &args.packs,
                        character,
                        args.game.as_deref(),
                        &args.layers,
                        options,
                    )
                });
            let through = match through {
                Ok(through) => through,
                Err(message) => {
                    eprintln!("error: {message}");
                    return ExitCode::from(2);
                }
            };
            // What the character or its game wants and cannot have points into its file.
            let file = args.game.as_ref().unwrap_or(path).display().to_string();
            let character_file = path.display().to_string();
            let diagnostics = count_issues
                .into_iter()
                .map(|d| d.with_file(character_file.clone()))
                .chain(through.diagnostics.iter().cloned())
                .map(|d| match &d.location.file {
                    None if d.location.pointer.is_some() => d.with_file(file.clone()),
                    _ => d,
                })
                .collect();
            let lead = Lead {
                layers: Some(through.layers.clone()),
                migration: Some(through.read.migration.clone()),
                diagnostics,
            };
            (
                through.opened,
                through.read.sheet,
                lead,
                Some(through.effective),
            )
        }
        (None, Some(monster)) => {
            let opened = match packs::open(&args.packs, &[]) {
                Ok(opened) => opened,
                Err(message) => {
                    eprintln!("error: {message}");
                    return ExitCode::from(2);
                }
            };
            if has_errors(&opened.diagnostics) {
                return crate::output::not_loaded(&opened.diagnostics, None);
            }
            match monster_sheet(&opened.ruleset, monster, &args.templates, &options) {
                Ok(sheet) => {
                    let lead = Lead {
                        layers: None,
                        migration: None,
                        diagnostics: opened.diagnostics.clone(),
                    };
                    (opened, sheet, lead, None)
                }
                Err(message) => {
                    eprintln!("error: {message}");
                    return ExitCode::from(1);
                }
            }
        }
        (None, None) => {
            eprintln!("error: give a CHARACTER file or --monster ID");
            return ExitCode::from(2);
        }
    };
    if has_errors(&lead.diagnostics) {
        return crate::output::not_loaded(&lead.diagnostics, None);
    }
    let ruleset = effective.as_ref().unwrap_or(&opened.ruleset);
    let names = Names::of(&opened.packs);
    let translator = names.translator(ruleset);
    lead.diagnostics.retain(|d| d.severity != Severity::Error);
    let text = match crate::output::format() {
        Format::Text => {
            let mut out = String::new();
            if let Some(line) = packs::picked_line(&opened) {
                out.push_str(&line);
                out.push('\n');
            }
            lead_lines(&mut out, &lead);
            out + &human(ruleset, &sheet, translator.as_ref())
        }
        Format::Json => json(&sheet, &opened, &lead),
    };
    let printed = crate::output::print_bytes(text.as_bytes());
    if printed != ExitCode::SUCCESS {
        return printed;
    }
    if has_errors(&sheet.issues) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What the sheet is read with, said before it: the layers, what migrating did, and the
/// warnings of loading and layering.
struct Lead {
    layers: Option<Vec<QualifiedFieldId>>,
    migration: Option<MigrationReport>,
    diagnostics: Vec<Diagnostic>,
}

fn lead_lines(out: &mut String, lead: &Lead) {
    if let Some(layers) = &lead.layers {
        let shown: Vec<String> = layers.iter().map(ToString::to_string).collect();
        let shown = if shown.is_empty() {
            say("none-chosen", &[])
        } else {
            shown.join(", ")
        };
        let _ = writeln!(out, "{}", say("layers", &[("layers", &shown)]));
    }
    if let Some(migration) = lead.migration.as_ref().filter(|m| m.changed) {
        for version in &migration.versions {
            let _ = writeln!(
                out,
                "{}",
                say(
                    "migrated",
                    &[
                        ("pack", version.pack.as_str()),
                        ("from", &version.from.to_string()),
                        ("to", &version.to.to_string()),
                    ]
                )
            );
        }
    }
    for diagnostic in &lead.diagnostics {
        out.push_str(&crate::output::diagnostic_lines(diagnostic));
    }
}

/// The sheet of the stat block `monster` names, with `templates` applied.
fn monster_sheet(
    ruleset: &Ruleset,
    monster: &str,
    templates: &[String],
    options: &EvaluateOptions,
) -> Result<Sheet, String> {
    let id = monster
        .parse()
        .map_err(|e| format!("`{monster}` is not a qualified content ID: {e}"))?;
    let templates = templates
        .iter()
        .map(|t| {
            t.parse()
                .map_err(|e| format!("`{t}` is not a qualified template ID: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    evaluate_stat_block(ruleset, &id, &templates, options).map_err(|e| e.to_string())
}

fn value(v: Option<&SheetValue>) -> String {
    v.map_or_else(|| "—".to_owned(), ToString::to_string)
}

fn human(ruleset: &Ruleset, sheet: &Sheet, names: Option<&Translator<'_>>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", say("h-fields", &[]));
    for (id, field) in &sheet.fields {
        let mut line = format!(
            "  {} = {}",
            labelled(names, "field", id),
            value(field.value.as_ref())
        );
        if !field.effects.is_empty() {
            let effects: Vec<String> = field
                .effects
                .iter()
                .map(|e| {
                    let from = match &e.from {
                        opencharacter::sheet::EffectSource::Rules { id } => id.to_string(),
                        opencharacter::sheet::EffectSource::Content { id, template } => {
                            match template {
                                Some(t) => format!("{id} ({t})"),
                                None => id.to_string(),
                            }
                        }
                    };
                    // The operation is the format's own word (`set`, `add`), as written.
                    let op = format!("{:?}", e.op).to_lowercase();
                    say(
                        "effect",
                        &[
                            ("op", &op),
                            ("value", &e.value.to_string()),
                            ("from", &from),
                        ],
                    )
                })
                .collect();
            let _ = write!(
                line,
                "   {}",
                say(
                    "effects",
                    &[
                        ("base", &value(field.base.as_ref())),
                        ("effects", &effects.join("; "))
                    ]
                )
            );
        }
        if field.hidden {
            let _ = write!(line, "   {}", say("hidden", &[]));
        }
        let _ = writeln!(out, "{line}");
    }
    if !sheet.pools.is_empty()
        || !sheet.tracks.is_empty()
        || !sheet.wound_tracks.is_empty()
        || !sheet.resources.is_empty()
    {
        let _ = writeln!(out, "{}", say("h-live", &[]));
        for (id, pool) in sheet.pools.iter().filter(|(_, pool)| !pool.hidden) {
            let _ = writeln!(
                out,
                "  {}: {} / {}",
                labelled(names, "field", id),
                value(pool.current.as_ref()),
                value(pool.max.as_ref())
            );
        }
        for (id, track) in &sheet.tracks {
            let _ = writeln!(
                out,
                "  {}: {} ({}–{})",
                labelled(names, "field", id),
                track.value,
                track.min,
                value(track.max.as_ref())
            );
        }
        for (id, track) in &sheet.wound_tracks {
            let marks: Vec<&str> = track.marks.iter().map(|m| m.as_str()).collect();
            let _ = writeln!(
                out,
                "  {}: {}",
                labelled(names, "field", id),
                say(
                    "wounds",
                    &[
                        ("marks", &marks.join(", ")),
                        ("boxes", &value(track.boxes.as_ref())),
                        ("penalty", &value(track.penalty.as_ref()))
                    ]
                )
            );
        }
        // Resources content carries: `<item>/<resource>: current / max, back on <event>`.
        for resource in &sheet.resources {
            let amount = resource
                .recovers
                .as_ref()
                .map_or_else(String::new, |a| format!(" ({a})"));
            // Unlimited uses show no maximum; each further regain follows the recovery.
            let max = if resource.unlimited {
                say("unlimited", &[])
            } else {
                value(resource.max.as_ref())
            };
            let regains: String = resource
                .regains
                .iter()
                .map(|regain| {
                    let amount = regain
                        .amount
                        .as_ref()
                        .map_or_else(|| say("all", &[]), ToString::to_string);
                    let word = if regain.when_empty {
                        "regains-empty"
                    } else {
                        "regains"
                    };
                    format!(
                        ", {}",
                        say(word, &[("amount", &amount), ("on", regain.on.name())])
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "  {}/{}: {} / {max}, {}{amount}{regains}",
                resource.item,
                resource.id,
                value(resource.current.as_ref()),
                say("recovers", &[("on", resource.recovers_on.name())]),
            );
        }
    }
    if sheet.purse.iter().any(|f| !f.coins.is_empty()) {
        let _ = writeln!(out, "{}", say("h-purse", &[]));
        for family in sheet.purse.iter().filter(|f| !f.coins.is_empty()) {
            // Largest coin first, as a purse is read (layers.md, "The purse line").
            let unit = |local: &FieldId| Qualified::new(family.family.pack.clone(), local.clone());
            let mut coins: Vec<(QualifiedFieldId, u64)> =
                family.coins.iter().map(|(u, n)| (unit(u), *n)).collect();
            coins.sort_by_key(|(unit, _)| std::cmp::Reverse(coin_value(ruleset, unit)));
            let coins: Vec<String> = coins
                .iter()
                .map(|(u, n)| crate::economy::amount_text(names, *n, u))
                .collect();
            let total = match &family.smallest {
                Some(smallest) => crate::economy::amount_text(names, family.total, &unit(smallest)),
                None => family.total.to_string(),
            };
            let _ = writeln!(
                out,
                "  {}: {} (= {total})",
                labelled(names, "currency", &family.family),
                coins.join(", "),
            );
        }
    }
    let _ = writeln!(out, "{}", say("h-content", &[]));
    for item in &sheet.content {
        let how = match &item.origin {
            opencharacter::sheet::Origin::Listed { .. } => String::new(),
            opencharacter::sheet::Origin::Granted { by } => {
                format!(" {}", say("granted-by", &[("by", &name_text(names, by))]))
            }
            opencharacter::sheet::Origin::Picked { choice } => {
                format!(" {}", say("picked-for", &[("choice", choice)]))
            }
        };
        let slot = item.slot.as_ref().map_or_else(String::new, |s| {
            format!(
                " {}",
                say("in-slot", &[("slot", &label_text(names, "linkSlot", s))])
            )
        });
        let count = if item.quantity == 1 {
            String::new()
        } else {
            format!(" ×{}", item.quantity)
        };
        let hidden = match (item.hidden, item.carried) {
            (true, true) => format!(" {}", say("hidden-carried", &[])),
            (true, false) => format!(" {}", say("hidden", &[])),
            (false, true) => format!(" {}", say("carried", &[])),
            (false, false) => String::new(),
        };
        let _ = writeln!(
            out,
            "  {}{count}{slot}{how}{hidden}",
            named(names, &item.id)
        );
    }
    let _ = writeln!(out, "{}", say("h-rolls", &[]));
    let roll_names = crate::sheet_rolls::RollNames { names, ruleset };
    for roll in &sheet.rolls {
        crate::sheet_rolls::roll_lines(&mut out, roll, &roll_names);
    }
    let text = lang::standard_text();
    let _ = writeln!(out, "{}", say("h-issues", &[]));
    if sheet.issues.is_empty() {
        let _ = writeln!(out, "  {}", say("none", &[]));
    }
    for d in &sheet.issues {
        let at = d.location.pointer.as_ref().map_or_else(String::new, |p| {
            format!(" {}", say("at", &[("pointer", p)]))
        });
        let severity =
            crate::diagnostics::word(text, crate::diagnostics::severity_word(d.severity));
        let _ = writeln!(
            out,
            "  {severity}[{}]{at}: {}",
            d.code.name,
            d.message_in(text)
        );
    }
    let credits: Vec<&str> = ruleset
        .packs
        .iter()
        .filter_map(|p| p.credit.as_deref())
        .collect();
    if !credits.is_empty() {
        let _ = writeln!(out, "{}", say("h-credits", &[]));
        for credit in credits {
            let _ = writeln!(out, "  {credit}");
        }
    }
    out
}

/// A coin's worth in its family's smallest unit (0 for a coin the ruleset does not declare).
fn coin_value(ruleset: &Ruleset, unit: &QualifiedFieldId) -> u64 {
    ruleset
        .currencies
        .iter()
        .filter(|(family, _)| family.pack == unit.pack)
        .find_map(|(_, def)| def.units.get(&unit.local).map(|u| u.value))
        .unwrap_or(0)
}

/// The sheet's object, with `issues` rendered in the `--lang` language, and beside it what it
/// was read with: `packs` (each loaded, `{id, version}`), `picked` (whether from a store),
/// `layers` and `migration` (a character's), `diagnostics` (warnings of loading and layering).
fn json(sheet: &Sheet, opened: &packs::Opened, lead: &Lead) -> String {
    let mut value = serde_json::to_value(sheet).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(map) = &mut value {
        map.insert(
            "issues".into(),
            crate::output::diagnostics_json(&sheet.issues),
        );
        let loaded: Vec<serde_json::Value> = opened
            .packs
            .iter()
            .map(|p| {
                serde_json::json!({
                    "id": p.release.manifest.id,
                    "version": p.release.manifest.version.to_string(),
                })
            })
            .collect();
        map.insert("packs".into(), loaded.into());
        map.insert("picked".into(), opened.picked.into());
        if let Some(layers) = &lead.layers {
            let layers: Vec<String> = layers.iter().map(ToString::to_string).collect();
            map.insert("layers".into(), layers.into());
        }
        if let Some(migration) = &lead.migration {
            map.insert(
                "migration".into(),
                serde_json::to_value(migration).unwrap_or_default(),
            );
        }
        map.insert(
            "diagnostics".into(),
            crate::output::diagnostics_json(&lead.diagnostics),
        );
    }
    format!("{value}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencharacter::evaluate;
    use opencharacter::spec::model::Character;

    fn sheet() -> (Ruleset, Sheet) {
        let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
            "packs": [{"id": "g", "version": "1.0.0", "specVersion": "1.0.0",
                       "license": "CC-BY-4.0", "credit": "Credit line", "defaultLanguage": "en"}],
            "fields": {
                "g:str": {"type": "number", "default": 16, "max": 15},
                "g:str.mod": {"type": "number", "formula": "floor((str - 10) / 2)"}
            },
            "resolution": {"pack": "g", "resolution": {"kind": "highest-die", "die": 6,
                "pool": {"max": 6}, "zeroDice": "lowest-of-two", "bands": "roll"}},
            "resultBands": {"g:roll": {"bands": {
                "critical": {"face": 6, "count": {"min": 2}},
                "success": {"highest": {"min": 6}},
                "partial": {"highest": {"min": 4, "max": 5}},
                "miss": {}
            }}},
            "actions": {"g:skirmish": {"use": {"check": "str.mod - 1"}}}
        }))
        .unwrap();
        let character: Character =
            opencharacter::spec::yaml::from_str("packs: {g: 1.0.0}\n").unwrap();
        let sheet = evaluate(&ruleset, &character, &EvaluateOptions::default());
        (ruleset, sheet)
    }

    #[test]
    fn human_output_shows_values_rolls_with_odds_issues_and_credits() {
        let (ruleset, sheet) = sheet();
        let text = human(&ruleset, &sheet, None);
        assert!(text.contains("  g:str.mod = 3\n"), "{text}");
        assert!(text.contains("  g:skirmish: 2d6p (1–7, mean"), "{text}");
        assert!(
            text.contains("roll: critical 2.8%, success 27.8%, partial 44.4%, miss 25.0%"),
            "{text}"
        );
        assert!(text.contains("issue[value-out-of-bounds]"), "{text}");
        assert!(text.ends_with("Credits\n  Credit line\n"), "{text}");
    }
}
