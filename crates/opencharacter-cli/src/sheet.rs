//! `opencharacter sheet CHARACTER --packs PATH... [--format json]`: evaluate a saved character
//! against packs and print its sheet: every field's value (with the effects that changed it),
//! live state, the purse, what it owns, its rolls with their odds, and its rules issues.
//! `opencharacter sheet --monster ID --packs PATH...` prints the sheet of a stat block (a
//! monster, by qualified content ID) instead. `--dc N` reads items' attacks and checks against
//! an AC or DC, `--save-modifier N` items' saves for a target with that modifier.
//!
//! A pack PATH is a `release.json`, a built pack folder (with `dist/release.json`), or a source
//! pack folder (or a folder of them), which is assembled in memory the way `build` would. Packs
//! load in the order that satisfies their dependencies, keeping the order given where it can.
//!
//! Exit 0 when the sheet was computed without errors (rules issues are not errors), 1 when the
//! packs or the evaluation report errors, 2 when a file cannot be read.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::release::packs::releases_at;
use opencharacter::release::source::ReadLimits;
use opencharacter::resolve::suggest_load_order;
use opencharacter::sheet::{CheckRoll, Roll, RollKind, RollOptions, Sheet, SheetValue};
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::model::{Character, PackRelease, Ruleset};
use opencharacter::{
    Diagnostic, EvaluateOptions, LoadOptions, evaluate, evaluate_stat_block, load_ruleset,
};

use crate::lang;

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
    /// The packs: `release.json` files, built pack folders, or source pack folders.
    #[arg(long, required = true, num_args = 1.., value_name = "PATH")]
    packs: Vec<PathBuf>,
    /// `human` or `json` (one object).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Longest file read, in bytes.
const MAX_BYTES: u64 = 256 * 1024 * 1024;

fn read_text(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if meta.len() > MAX_BYTES {
        return Err(format!("{}: larger than {MAX_BYTES} bytes", path.display()));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let (found, problems) = match releases_at(&args.packs, &ReadLimits::default()) {
        Ok(packs) => packs.into_parts(),
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let character: Option<Character> = match &args.character {
        None => None,
        Some(path) => match read_text(path).and_then(|text| {
            opencharacter::spec::yaml::from_str(&text)
                .map_err(|e| format!("{}: {e}", path.display()))
        }) {
            Ok(character) => Some(character),
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(2);
            }
        },
    };
    if has_errors(&problems) {
        print_diagnostics(&problems);
        return ExitCode::from(1);
    }
    let order: Vec<&PackRelease> = match suggest_load_order(found.iter().map(|r| &r.manifest)) {
        Ok(manifests) => manifests
            .iter()
            .filter_map(|m| found.iter().find(|r| r.manifest.id == m.id))
            .collect(),
        Err(_) => found.iter().collect(),
    };
    let (ruleset, load_diagnostics) = load_ruleset(order, &LoadOptions::default());
    if has_errors(&load_diagnostics) {
        print_diagnostics(&load_diagnostics);
        return ExitCode::from(1);
    }
    let options = EvaluateOptions {
        rolls: RollOptions {
            dc: args.dc,
            save_modifier: args.save_modifier,
            ..RollOptions::default()
        },
        ..EvaluateOptions::default()
    };
    let sheet = match (&character, &args.monster) {
        (Some(character), _) => evaluate(&ruleset, character, &options),
        (None, Some(monster)) => {
            match monster_sheet(&ruleset, monster, &args.templates, &options) {
                Ok(sheet) => sheet,
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
    let text = match args.format {
        Format::Human => human(&ruleset, &sheet),
        Format::Json => json(&sheet),
    };
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(text.as_bytes()).is_err() {
        return ExitCode::from(2);
    }
    if has_errors(&sheet.issues) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
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

fn print_diagnostics(diagnostics: &[Diagnostic]) {
    let text = lang::standard_text();
    for d in diagnostics {
        let place = match (&d.location.file, d.location.line) {
            (Some(file), Some(line)) => format!(" ({file}:{line})"),
            (Some(file), None) => format!(" ({file})"),
            _ => String::new(),
        };
        eprintln!(
            "{}[{}]{place}: {}",
            d.severity,
            d.code.name,
            d.message_in(text)
        );
    }
}

fn value(v: Option<&SheetValue>) -> String {
    v.map_or_else(|| "—".to_owned(), ToString::to_string)
}

fn human(ruleset: &Ruleset, sheet: &Sheet) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Fields");
    for (id, field) in &sheet.fields {
        let mut line = format!("  {id} = {}", value(field.value.as_ref()));
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
                    format!("{:?} {} from {from}", e.op, e.value).to_lowercase()
                })
                .collect();
            let _ = write!(
                line,
                "   [base {}; {}]",
                value(field.base.as_ref()),
                effects.join("; ")
            );
        }
        if field.hidden {
            line.push_str("   (hidden)");
        }
        let _ = writeln!(out, "{line}");
    }
    if !sheet.pools.is_empty()
        || !sheet.tracks.is_empty()
        || !sheet.wound_tracks.is_empty()
        || !sheet.resources.is_empty()
    {
        let _ = writeln!(out, "Live");
        for (id, pool) in sheet.pools.iter().filter(|(_, pool)| !pool.hidden) {
            let _ = writeln!(
                out,
                "  {id}: {} / {}",
                value(pool.current.as_ref()),
                value(pool.max.as_ref())
            );
        }
        for (id, track) in &sheet.tracks {
            let _ = writeln!(
                out,
                "  {id}: {} ({}–{})",
                track.value,
                track.min,
                value(track.max.as_ref())
            );
        }
        for (id, track) in &sheet.wound_tracks {
            let marks: Vec<&str> = track.marks.iter().map(|m| m.as_str()).collect();
            let _ = writeln!(
                out,
                "  {id}: [{}] of {} boxes, penalty {}",
                marks.join(", "),
                value(track.boxes.as_ref()),
                value(track.penalty.as_ref())
            );
        }
        // Resources content carries: `<item>/<resource>: current / max, back on <event>`.
        for resource in &sheet.resources {
            let amount = resource
                .recovers
                .as_ref()
                .map_or_else(String::new, |a| format!(" ({a})"));
            let _ = writeln!(
                out,
                "  {}/{}: {} / {}, recovers: {}{amount}",
                resource.item,
                resource.id,
                value(resource.current.as_ref()),
                value(resource.max.as_ref()),
                resource.recovers_on.name(),
            );
        }
    }
    if sheet.purse.iter().any(|f| !f.coins.is_empty()) {
        let _ = writeln!(out, "Purse");
        for family in sheet.purse.iter().filter(|f| !f.coins.is_empty()) {
            let coins: Vec<String> = family
                .coins
                .iter()
                .map(|(u, n)| format!("{n} {u}"))
                .collect();
            let smallest = family.smallest.as_ref().map_or("", |s| s.as_str());
            let _ = writeln!(
                out,
                "  {}: {} (= {} {smallest})",
                family.family,
                coins.join(", "),
                family.total
            );
        }
    }
    let _ = writeln!(out, "Content");
    for item in &sheet.content {
        let how = match &item.origin {
            opencharacter::sheet::Origin::Listed { .. } => String::new(),
            opencharacter::sheet::Origin::Granted { by } => format!(" (granted by {by})"),
            opencharacter::sheet::Origin::Picked { choice } => format!(" (picked for {choice})"),
        };
        let slot = item
            .slot
            .as_ref()
            .map_or_else(String::new, |s| format!(" in {s}"));
        let count = if item.quantity == 1 {
            String::new()
        } else {
            format!(" ×{}", item.quantity)
        };
        let hidden = match (item.hidden, item.carried) {
            (true, true) => " (hidden, carried)",
            (true, false) => " (hidden)",
            (false, true) => " (carried)",
            (false, false) => "",
        };
        let _ = writeln!(out, "  {}{count}{slot}{how}{hidden}", item.id);
    }
    let _ = writeln!(out, "Rolls");
    for roll in &sheet.rolls {
        roll_lines(&mut out, roll);
    }
    let text = lang::standard_text();
    let _ = writeln!(out, "Issues");
    if sheet.issues.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for d in &sheet.issues {
        let at = d
            .location
            .pointer
            .as_ref()
            .map_or_else(String::new, |p| format!(" at {p}"));
        let _ = writeln!(
            out,
            "  {}[{}]{at}: {}",
            d.severity,
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
        let _ = writeln!(out, "Credits");
        for credit in credits {
            let _ = writeln!(out, "  {credit}");
        }
    }
    out
}

/// One roll: its ID (with the parameter values of this entry), what it is, how many times it
/// is made and what it is about, then its odds.
fn roll_lines(out: &mut String, roll: &Roll) {
    let mut name = roll.id.clone();
    if !roll.at.is_empty() {
        let at: Vec<String> = roll.at.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = write!(name, " [{}]", at.join(", "));
    }
    let mut after = String::new();
    if let Some(times) = roll.times.filter(|n| *n != 1) {
        let _ = write!(after, " ×{times}");
    }
    if let Some(about) = &roll.about {
        let _ = write!(after, " {about}");
    }
    match &roll.kind {
        RollKind::Check(check) => {
            let _ = writeln!(out, "  {name}: {}{}{after}", check.formula, range(check));
            for line in odds_lines(check) {
                let _ = writeln!(out, "      {line}");
            }
        }
        RollKind::Dice(dice) => {
            let _ = writeln!(
                out,
                "  {name}: {} ({}–{}, mean {}){after}",
                dice.formula,
                value(dice.min.as_ref()),
                value(dice.max.as_ref()),
                value(dice.mean.as_ref())
            );
        }
        RollKind::Save(save) => {
            let _ = writeln!(out, "  {name}: save DC {}{after}", save.dc);
            if let Some(target) = &save.target {
                let _ = writeln!(out, "      the target's save: {}", target.formula);
                for line in odds_lines(target) {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
        RollKind::Value { value: v, .. } => {
            let _ = writeln!(out, "  {name}: {}{after}", value(v.as_ref()));
        }
        RollKind::Unavailable { reason } => {
            let _ = writeln!(out, "  {name}: cannot roll: {reason}");
        }
    }
}

/// The odds of a check, compactly: one line of success chances per difficulty, and a line of
/// band chances per difficulty only when the bands say more than success or failure.
fn odds_lines(check: &CheckRoll) -> Vec<String> {
    let mut lines = Vec::new();
    let against = |d: &Option<opencharacter::sheet::Difficulty>| match d {
        Some(d) => {
            let label = d
                .label
                .as_ref()
                .map_or_else(String::new, |l| format!("{l} "));
            match (d.dc, d.successes, d.target) {
                (Some(dc), _, _) => format!("{label}DC {dc}"),
                (_, Some(s), Some(t)) => format!("{label}{s} at {t}+"),
                _ => label.trim_end().to_owned(),
            }
        }
        None => "roll".to_owned(),
    };
    let successes: Vec<String> = check
        .odds
        .iter()
        .filter_map(|o| {
            o.success
                .map(|p| format!("{} {:.1}%", against(&o.difficulty), p.percent()))
        })
        .collect();
    if !successes.is_empty() {
        lines.push(format!("success: {}", successes.join(", ")));
    }
    for odds in &check.odds {
        if odds.bands.len() <= 2 && odds.success.is_some() {
            continue;
        }
        let bands: Vec<String> = odds
            .bands
            .iter()
            .map(|(band, p)| format!("{band} {:.1}%", p.percent()))
            .collect();
        if !bands.is_empty() {
            lines.push(format!(
                "{}: {}",
                against(&odds.difficulty),
                bands.join(", ")
            ));
        }
    }
    lines
}

fn range(check: &CheckRoll) -> String {
    match (&check.min, &check.max, &check.mean) {
        (Some(min), Some(max), Some(mean)) => format!(" ({min}–{max}, mean {mean})"),
        _ => String::new(),
    }
}

fn json(sheet: &Sheet) -> String {
    let mut value = serde_json::to_value(sheet).unwrap_or(serde_json::Value::Null);
    let text = lang::standard_text();
    if let serde_json::Value::Object(map) = &mut value {
        let issues: Vec<serde_json::Value> = sheet.issues.iter().map(|d| d.to_json(text)).collect();
        map.insert("issues".into(), serde_json::Value::Array(issues));
    }
    format!("{value}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let text = human(&ruleset, &sheet);
        assert!(text.contains("  g:str.mod = 3\n"), "{text}");
        assert!(text.contains("  g:skirmish: 2d6p (1–7, mean"), "{text}");
        assert!(
            text.contains("roll: critical 2.8%, success 27.8%, partial 44.4%, miss 25.0%"),
            "{text}"
        );
        assert!(text.contains("issue[value-out-of-bounds]"), "{text}");
        assert!(text.ends_with("Credits\n  Credit line\n"), "{text}");
    }

    #[test]
    fn the_srd_fighter_reads_from_the_pack_source_folder() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let (found, problems) =
            releases_at(&[root.join("packs/5e/srd-5.1")], &ReadLimits::default())
                .unwrap()
                .into_parts();
        assert!(!has_errors(&problems), "{problems:#?}");
        let (ruleset, diagnostics) = load_ruleset(&found, &LoadOptions::default());
        assert!(!has_errors(&diagnostics), "{diagnostics:#?}");
        let text = read_text(&root.join("examples/characters/fighter-3.yaml")).unwrap();
        let character: Character = opencharacter::spec::yaml::from_str(&text).unwrap();
        let sheet = evaluate(&ruleset, &character, &EvaluateOptions::default());
        let shown = human(&ruleset, &sheet);
        assert!(shown.contains("  5e-srd-5.1:combat.ac = 19\n"), "{shown}");
        assert!(
            shown.contains("5e-srd-5.1:skill_athletics: d20 + 5 (6–25, mean 31/2)\n      success: very_easy DC 5 100.0%, easy DC 10 80.0%, medium DC 15 55.0%"),
            "{shown}"
        );
        assert!(shown.contains("Issues\n  none\n"), "{shown}");
    }

    #[test]
    fn json_output_is_one_object_with_rendered_issues() {
        let (_, sheet) = sheet();
        let value: serde_json::Value = serde_json::from_str(&json(&sheet)).unwrap();
        assert_eq!(value["fields"]["g:str.mod"]["value"], 3);
        assert_eq!(value["rolls"][0]["kind"], "check");
        assert_eq!(
            value["rolls"][0]["odds"][0]["bands"]["critical"]["exact"],
            "1/36"
        );
        assert_eq!(value["issues"][0]["code"], "value-out-of-bounds");
    }
}
