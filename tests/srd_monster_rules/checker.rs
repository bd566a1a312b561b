//! The check's bookkeeping: each printed number against the rule's value, the listed exception
//! that explains a difference, the derivation line written for it, and the counts; and the small
//! text helpers of the derivations.

use std::collections::{BTreeMap, BTreeSet};

use super::table::Exception;

/// The check's state: the exceptions, what was derived, what failed, the counts.
pub(super) struct Checker<'e> {
    pub(super) exceptions: BTreeMap<(String, String), &'e Exception>,
    pub(super) used: BTreeSet<(String, String)>,
    pub(super) lines: Vec<String>,
    pub(super) failures: Vec<String>,
    pub(super) checked: usize,
    pub(super) by_category: BTreeMap<String, usize>,
    pub(super) by_kind: BTreeMap<String, usize>,
    pub(super) unchecked: BTreeMap<&'static str, usize>,
    pub(super) notes: BTreeMap<&'static str, usize>,
}

impl<'e> Checker<'e> {
    /// The exception listed for a number, if any.
    pub(super) fn exception(&self, monster: &str, id: &str) -> Option<&'e Exception> {
        self.exceptions
            .get(&(monster.to_owned(), id.to_owned()))
            .copied()
    }

    /// The ability an exception computes its number with, if it names one.
    pub(super) fn forced_ability(&self, monster: &str, id: &str) -> Option<&'e str> {
        self.exception(monster, id)?.ability.as_deref()
    }

    /// Compares a printed number that depends on no choice of ability with the rule's value
    /// (`derivation` says how it was reached).
    pub(super) fn number(
        &mut self,
        monster: &str,
        id: &str,
        printed: i64,
        rule: i64,
        derivation: &str,
    ) {
        self.number_with(monster, id, printed, rule, None, derivation);
    }

    /// Compares a printed number with the rule's value: `derivation` says how it was reached,
    /// `ability` the ability chosen to compute it with, where the rule leaves a choice.
    pub(super) fn number_with(
        &mut self,
        monster: &str,
        id: &str,
        printed: i64,
        rule: i64,
        ability: Option<&str>,
        derivation: &str,
    ) {
        self.checked += 1;
        *self.by_category.entry(category(id)).or_default() += 1;
        let Some(exception) = self.exception(monster, id) else {
            if printed == rule {
                self.lines
                    .push(format!("{monster} {id} = {printed} = {derivation}"));
            } else {
                // The failure names what an exception for it would say.
                let ability = ability.map_or(String::new(), |a| format!(", ability: {a}"));
                self.failures.push(format!(
                    "{monster} {id}: printed {printed}, the rule gives {rule} = {derivation} \
                     (as an exception: rule: {rule}{ability}, adjustment: {})",
                    printed - rule
                ));
            }
            return;
        };
        if exception.ability.as_deref() != ability {
            self.failures.push(format!(
                "{monster} {id}: the exception names ability {:?}, the number is derived with {ability:?}",
                exception.ability
            ));
        }
        self.used.insert((monster.to_owned(), id.to_owned()));
        let mut wrong = Vec::new();
        if exception.printed != printed {
            wrong.push(format!("the table prints {printed}"));
        }
        if exception.rule != rule {
            wrong.push(format!("the rule gives {rule} = {derivation}"));
        }
        if exception.rule + exception.adjustment != exception.printed {
            wrong.push("rule + adjustment is not printed".to_owned());
        }
        if wrong.is_empty() {
            let adjustment = exception.adjustment;
            let kind = &exception.kind;
            self.lines.push(format!(
                "{monster} {id} = {printed} = {derivation} {adjustment:+} [{kind}]"
            ));
            *self.by_kind.entry(kind.clone()).or_default() += 1;
        } else {
            self.failures.push(format!(
                "{monster} {id}: the exception is wrong: {}",
                wrong.join("; ")
            ));
        }
    }

    /// Counts a printed number the SRD states no rule for.
    pub(super) fn skip(&mut self, why: &'static str) {
        *self.unchecked.entry(why).or_default() += 1;
    }

    /// Counts a fact worth reporting about the derivations.
    pub(super) fn note(&mut self, what: &'static str) {
        *self.notes.entry(what).or_default() += 1;
    }
}

/// `STR +2`-style text of an ability's modifier.
pub(super) fn signed(ability: &str, modifier: i64) -> String {
    format!("{} {modifier:+}", ability.to_uppercase())
}

/// The average of `NdS` as the SRD's arithmetic has it: `3.5` or `11`, before rounding down.
pub(super) fn exact_average(count: i64, sides: i64) -> String {
    let twice = count * (sides + 1);
    if twice % 2 == 0 {
        format!("{}", twice / 2)
    } else {
        format!("{}.5", twice / 2)
    }
}

/// The category of a number's name, for the summary's counts (`to_hit`, `dcs`, `skills`).
pub(super) fn category(id: &str) -> String {
    let last = id.rsplit('/').next().unwrap_or(id);
    let last = last.split('[').next().unwrap_or(last);
    let last = last.split('.').next().unwrap_or(last);
    match id.split_once('/') {
        Some(("spellcasting", _)) => format!("spellcasting {last}"),
        _ if id.contains("].") => {
            let field = id.rsplit('.').next().unwrap_or_default();
            format!("{last} {field}")
        }
        _ => last.to_owned(),
    }
}

/// `NdS` → (N, S).
pub(super) fn parse_dice(text: &str) -> Option<(i64, i64)> {
    let (count, sides) = text.split_once('d')?;
    Some((count.parse().ok()?, sides.parse().ok()?))
}

/// A challenge rating as the SRD prints it (`1/8`, `1/4`, `1/2`, `17`).
pub(super) fn cr_text(cr: f64) -> String {
    match cr {
        0.125 => "1/8".to_owned(),
        0.25 => "1/4".to_owned(),
        0.5 => "1/2".to_owned(),
        _ => format!("{cr}"),
    }
}
