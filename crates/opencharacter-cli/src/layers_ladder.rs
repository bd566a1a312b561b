//! What `layers` adds after the changes: the effective difficulty ladder with its DCs and the
//! layer that set it, and, for each thing several kept layers replace, which replacement won.
//!
//! Layers apply in order and a replacement replaces whatever stands, so of several kept layers
//! replacing the same thing the last one applied is in force (layers.md, "Applying layers").

use std::fmt::Write as _;

use opencharacter::i18n::Translator;
use opencharacter::layers::{Change, LayerReport};
use opencharacter::spec::ids::QualifiedFieldId;
use opencharacter::spec::model::{LadderStep, Ruleset};

use crate::output::say;

/// What a replacement replaces: `ladder`, or `lootTable:<id>`.
fn replaced(change: &Change) -> Option<String> {
    match change {
        Change::Ladder { .. } => Some("ladder".to_owned()),
        Change::LootTable { table } => Some(format!("lootTable:{table}")),
        _ => None,
    }
}

/// Each thing replaced, with the kept layers that replace it in the order applied; the last
/// is the one in force.
fn replacements(report: &LayerReport) -> Vec<(String, Vec<&QualifiedFieldId>)> {
    let mut out: Vec<(String, Vec<&QualifiedFieldId>)> = Vec::new();
    for kept in &report.kept {
        for what in kept.changes.iter().filter_map(replaced) {
            match out.iter_mut().find(|(w, _)| *w == what) {
                Some((_, layers)) => layers.push(&kept.layer),
                None => out.push((what, vec![&kept.layer])),
            }
        }
    }
    out
}

fn steps(ruleset: &Ruleset) -> &[LadderStep] {
    ruleset
        .resolution
        .as_ref()
        .map_or(&[], |r| r.resolution.difficulty_ladder.as_slice())
}

/// A step by its label in the `--lang` language (`ladder.<label>.label`), else its ID, as the
/// sheet shows it, with its DC or successes.
fn step_text(step: &LadderStep, names: Option<&Translator<'_>>) -> String {
    let label = names
        .and_then(|names| names.find(&format!("ladder.{}.label", step.label)))
        .map_or_else(|| step.label.to_string(), |t| t.text);
    match (step.dc, step.successes, step.target) {
        (Some(dc), _, _) => format!("{label} {}", say("dc", &[("dc", &dc.to_string())])),
        (_, Some(successes), Some(target)) => format!(
            "{label} {}",
            say(
                "successes-at",
                &[
                    ("successes", &successes.to_string()),
                    ("target", &target.to_string())
                ]
            )
        ),
        (_, Some(successes), None) => format!("{label} {successes}"),
        _ => label,
    }
}

/// What a replacement replaces, in words: the difficulty ladder, or a loot table.
fn replaced_text(what: &str) -> String {
    match what.strip_prefix("lootTable:") {
        Some(table) => say("replaced-loot", &[("table", table)]),
        None => say("replaced-ladder", &[]),
    }
}

/// The ladder in force and who set it, then each replacement and which layer won.
pub fn human(effective: &Ruleset, report: &LayerReport, names: Option<&Translator<'_>>) -> String {
    let mut out = String::new();
    let steps = steps(effective);
    if !steps.is_empty() {
        let shown: Vec<String> = steps.iter().map(|s| step_text(s, names)).collect();
        let _ = writeln!(out, "{} {}", say("ladder", &[]), shown.join(", "));
        if let Some((_, layers)) = replacements(report).iter().find(|(w, _)| w == "ladder")
            && let Some(last) = layers.last()
        {
            let _ = writeln!(
                out,
                "{}",
                say("ladder-from", &[("layer", &last.to_string())])
            );
        }
    }
    for (what, layers) in replacements(report) {
        if layers.len() < 2 {
            continue;
        }
        let _ = writeln!(out, "{}:", replaced_text(&what));
        let Some((last, earlier)) = layers.split_last() else {
            continue;
        };
        for layer in earlier {
            let _ = writeln!(
                out,
                "{}",
                say("replaced-by", &[("layer", &last.to_string())]).replacen(
                    "  ",
                    &format!("  {layer}: "),
                    1
                )
            );
        }
        let _ = writeln!(out, "{}", say("won", &[("layer", &last.to_string())]));
    }
    out
}

/// `{steps: [{label, dc | successes, target}], from: layer | null}`, or null without a ladder.
pub fn json(effective: &Ruleset, report: &LayerReport) -> serde_json::Value {
    let steps = steps(effective);
    if steps.is_empty() {
        return serde_json::Value::Null;
    }
    let from = replacements(report)
        .into_iter()
        .find(|(w, _)| w == "ladder")
        .and_then(|(_, layers)| layers.last().map(ToString::to_string));
    serde_json::json!({"steps": steps, "from": from})
}

/// `[{replaces, layers: [in order applied], won}]`, for every thing a kept layer replaces.
pub fn replacements_json(report: &LayerReport) -> serde_json::Value {
    replacements(report)
        .into_iter()
        .map(|(what, layers)| {
            serde_json::json!({
                "replaces": what,
                "won": layers.last().map(ToString::to_string),
                "layers": layers.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect()
}
