//! The sheet's rolls, for people: each roll under its name in the `--lang` language (an action's
//! label, an item's name with its roll's label), what it is, and its odds against each step of
//! the ladder, the steps and bands by their labels.
//!
//! Why names here and not in the sheet crate: the sheet is values keyed by ID (what an app
//! stores); which words a person reads is the command's choice, made from the packs' text with
//! the fallback every other line of the sheet uses (`names`). A name the packs lack shows its ID.

use std::fmt::Write as _;

use opencharacter::i18n::Translator;
use opencharacter::sheet::{CheckRoll, Difficulty, Roll, RollKind, SheetValue};
use opencharacter::spec::ids::{FieldId, QualifiedContentId, QualifiedFieldId, Reference};
use opencharacter::spec::model::Ruleset;

use crate::names::{labelled, name_text, named};
use crate::output::say;

/// What the roll lines read their names with.
pub struct RollNames<'a, 'b> {
    /// The packs' text in the `--lang` language, when there is one.
    pub names: Option<&'a Translator<'b>>,
    /// The ruleset, for the content type an item's roll is declared by.
    pub ruleset: &'a Ruleset,
}

impl RollNames<'_, '_> {
    /// The text of `key` in the content type's pack (or the first pack that has it).
    fn text(&self, pack: &opencharacter::spec::ids::PackId, key: &str) -> Option<String> {
        let names = self.names?;
        names
            .text(pack, key)
            .or_else(|| names.find(key))
            .map(|t| t.text)
    }

    /// `(pack, local ID)` of the content type `item` is of.
    fn content_type(
        &self,
        item: &QualifiedContentId,
    ) -> Option<(opencharacter::spec::ids::PackId, FieldId)> {
        let content = self.ruleset.content.get(item)?;
        match content.item.content_type.as_ref()? {
            Reference::Local(local) => Some((item.pack.clone(), local.clone())),
            Reference::Qualified(q) => Some((q.pack.clone(), q.local.clone())),
        }
    }

    /// `roll.<type>.<roll>.label` (or `parameter.…`) of the item's content type, else the ID.
    fn declared(&self, kind: &str, item: &QualifiedContentId, id: &FieldId) -> String {
        self.content_type(item)
            .and_then(|(pack, ty)| self.text(&pack, &format!("{kind}.{ty}.{id}.label")))
            .unwrap_or_else(|| id.to_string())
    }

    /// The roll's name: an action's label with its ID, an item's name with its roll's label.
    fn roll(&self, roll: &Roll) -> String {
        match (&roll.content, &roll.roll) {
            (Some(item), Some(id)) => {
                format!(
                    "{}, {}",
                    named(self.names, item),
                    self.declared("roll", item, id)
                )
            }
            _ => match roll.id.parse::<QualifiedFieldId>() {
                Ok(action) => labelled(self.names, "action", &action),
                Err(_) => roll.id.clone(),
            },
        }
    }

    /// A ladder step's label (`ladder.<label>.label`), else the label itself.
    fn step(&self, label: &FieldId) -> String {
        self.names
            .and_then(|names| names.find(&format!("ladder.{label}.label")))
            .map_or_else(|| label.to_string(), |t| t.text)
    }

    /// A band's label (`band.<set>.<band>.label`), else the band's ID.
    fn band(&self, set: Option<&QualifiedFieldId>, band: &FieldId) -> String {
        set.and_then(|set| self.text(&set.pack, &format!("band.{}.{band}.label", set.local)))
            .unwrap_or_else(|| band.to_string())
    }
}

fn value(v: Option<&SheetValue>) -> String {
    v.map_or_else(|| "—".to_owned(), ToString::to_string)
}

/// One roll: its name (with the parameter values of this entry), what it is, how many times it
/// is made and what it is about, then its odds.
pub fn roll_lines(out: &mut String, roll: &Roll, names: &RollNames<'_, '_>) {
    let mut name = names.roll(roll);
    if !roll.at.is_empty() {
        let at: Vec<String> = roll
            .at
            .iter()
            .map(|(k, v)| match &roll.content {
                Some(item) => format!("{} {v}", names.declared("parameter", item, k)),
                None => format!("{k} {v}"),
            })
            .collect();
        let _ = write!(name, " [{}]", at.join(", "));
    }
    let mut after = String::new();
    if let Some(times) = roll.times.filter(|n| *n != 1) {
        let _ = write!(after, " ×{times}");
    }
    if let Some(about) = &roll.about {
        let _ = write!(after, " {}", name_text(names.names, about));
    }
    match &roll.kind {
        RollKind::Check(check) => {
            let _ = writeln!(out, "  {name}: {}{}{after}", check.formula, range(check));
            for line in odds_lines(check, names) {
                let _ = writeln!(out, "      {line}");
            }
        }
        RollKind::Dice(dice) => {
            let range = say(
                "range",
                &[
                    ("min", &value(dice.min.as_ref())),
                    ("max", &value(dice.max.as_ref())),
                    ("mean", &value(dice.mean.as_ref())),
                ],
            );
            let _ = writeln!(out, "  {name}: {} {range}{after}", dice.formula);
        }
        RollKind::Save(save) => {
            let dc = say("save-dc", &[("dc", &save.dc.to_string())]);
            let _ = writeln!(out, "  {name}: {dc}{after}");
            if let Some(target) = &save.target {
                let _ = writeln!(
                    out,
                    "      {}",
                    say("target-save", &[("formula", &target.formula)])
                );
                for line in odds_lines(target, names) {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
        RollKind::Value { value: v, .. } => {
            let _ = writeln!(out, "  {name}: {}{after}", value(v.as_ref()));
        }
        RollKind::Unavailable { reason } => {
            let _ = writeln!(
                out,
                "  {name}: {}",
                // The reason is a phrase of the standard text: shown in the `--lang` language.
                say(
                    "cannot-roll",
                    &[("reason", &reason.render(crate::lang::standard_text()))]
                )
            );
        }
    }
}

/// A difficulty in words: `Easy DC 10`, `Hard 2 at 5+`, or `roll` without one.
fn against(difficulty: Option<&Difficulty>, names: &RollNames<'_, '_>) -> String {
    let Some(d) = difficulty else {
        return say("roll-plain", &[]);
    };
    let label = d
        .label
        .as_ref()
        .map_or_else(String::new, |l| format!("{} ", names.step(l)));
    match (d.dc, d.successes, d.target) {
        (Some(dc), _, _) => format!("{label}{}", say("dc", &[("dc", &dc.to_string())])),
        (_, Some(s), Some(t)) => format!(
            "{label}{}",
            say(
                "successes-at",
                &[("successes", &s.to_string()), ("target", &t.to_string())]
            )
        ),
        _ => label.trim_end().to_owned(),
    }
}

/// The odds of a check, compactly: one line of success chances per difficulty, and a line of
/// band chances per difficulty only when the bands say more than success or failure.
fn odds_lines(check: &CheckRoll, names: &RollNames<'_, '_>) -> Vec<String> {
    let mut lines = Vec::new();
    let successes: Vec<String> = check
        .odds
        .iter()
        .filter_map(|o| {
            o.success.map(|p| {
                format!(
                    "{} {:.1}%",
                    against(o.difficulty.as_ref(), names),
                    p.percent()
                )
            })
        })
        .collect();
    if !successes.is_empty() {
        lines.push(say("success", &[("odds", &successes.join(", "))]));
    }
    for odds in &check.odds {
        if odds.bands.len() <= 2 && odds.success.is_some() {
            continue;
        }
        let bands: Vec<String> = odds
            .bands
            .iter()
            .map(|(band, p)| {
                format!(
                    "{} {:.1}%",
                    names.band(check.bands.as_ref(), band),
                    p.percent()
                )
            })
            .collect();
        if !bands.is_empty() {
            lines.push(format!(
                "{}: {}",
                against(odds.difficulty.as_ref(), names),
                bands.join(", ")
            ));
        }
    }
    lines
}

fn range(check: &CheckRoll) -> String {
    match (&check.min, &check.max, &check.mean) {
        (Some(min), Some(max), Some(mean)) => format!(
            " {}",
            say(
                "range",
                &[
                    ("min", &min.to_string()),
                    ("max", &max.to_string()),
                    ("mean", &mean.to_string())
                ]
            )
        ),
        _ => String::new(),
    }
}
