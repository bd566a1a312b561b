//! Where each node of the source went: mapped (to what), or reported (why). The most specific
//! mark wins, so a mapped object can have one reported key. Whatever no mark covers is reported
//! at the end as not recognised: nothing of the source is dropped silently.

use std::collections::BTreeMap;

use opencharacter_spec::diagnostic::{Phrase, reasons};
use opencharacter_spec::pointer::escape_token;
use serde_json::Value;

use crate::ReportEntry;

/// What became of one node of the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Mapped: where it went in the pack (a file and a place, or `i18n`).
    Mapped(String),
    /// Reported: why it has no place in a pack, in words of the standard text (so the command
    /// shows it in the author's language).
    Reported(Phrase),
    /// Not recognised by the importer (reported as such; a fixture key must never land here).
    Unrecognised,
}

/// The reason given to nodes no mark covers.
pub fn unrecognised() -> Phrase {
    Phrase::new(&reasons::IMPORT_UNRECOGNISED)
}

/// What an unmarked object or array maps to: each of its keys says for itself.
pub const THROUGH_KEYS: &str = "through its keys";

/// Marks on pointers of one source value.
#[derive(Debug, Clone)]
pub struct Tracker {
    pointers: Vec<String>,
    /// Pointers of non-empty objects and arrays: they map through their keys.
    containers: std::collections::BTreeSet<String>,
    marks: BTreeMap<String, Outcome>,
}

fn escape(token: &str) -> String {
    escape_token(token).into_owned()
}

fn collect(value: &Value, at: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(map) if map.is_empty() => {}
        Value::Array(items) if items.is_empty() => {}
        Value::Object(map) => {
            for (key, child) in map {
                let pointer = format!("{at}/{}", escape(key));
                out.push(pointer.clone());
                collect(child, &pointer, out);
            }
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                let pointer = format!("{at}/{index}");
                out.push(pointer.clone());
                collect(child, &pointer, out);
            }
        }
        _ => {}
    }
}

impl Tracker {
    /// A tracker over every pointer of `source`.
    pub fn new(source: &Value) -> Self {
        let mut pointers = Vec::new();
        collect(source, "", &mut pointers);
        let containers = pointers
            .iter()
            .filter(|p| {
                source.pointer(p).is_some_and(|v| {
                    v.as_object().is_some_and(|m| !m.is_empty())
                        || v.as_array().is_some_and(|a| !a.is_empty())
                })
            })
            .cloned()
            .collect();
        Tracker {
            pointers,
            containers,
            marks: BTreeMap::new(),
        }
    }

    /// Marks `pointer` (and what is under it) as mapped to `to`.
    pub fn map(&mut self, pointer: &str, to: impl Into<String>) {
        self.marks
            .insert(pointer.to_owned(), Outcome::Mapped(to.into()));
    }

    /// Marks `pointer` (and what is under it) as reported, with why.
    pub fn report(&mut self, pointer: &str, reason: impl Into<Phrase>) {
        self.marks
            .insert(pointer.to_owned(), Outcome::Reported(reason.into()));
    }

    /// What became of `pointer`: its own mark or its nearest marked ancestor's.
    pub fn outcome(&self, pointer: &str) -> Outcome {
        let mut at = pointer;
        loop {
            if let Some(outcome) = self.marks.get(at) {
                return outcome.clone();
            }
            match at.rfind('/') {
                Some(cut) => at = &at[..cut],
                None if self.containers.contains(pointer) => {
                    return Outcome::Mapped(THROUGH_KEYS.to_owned());
                }
                None => return Outcome::Unrecognised,
            }
        }
    }

    /// Every pointer of the source with its outcome, in source order.
    pub fn outcomes(&self) -> Vec<(String, Outcome)> {
        self.pointers
            .iter()
            .map(|pointer| (pointer.clone(), self.outcome(pointer)))
            .collect()
    }

    /// The report: each reported subtree once, at its top, and each unrecognised subtree once,
    /// in source order.
    pub fn entries(&self) -> Vec<ReportEntry> {
        let mut out: Vec<ReportEntry> = Vec::new();
        // Entries whose subtree may still go on: pointers come in source order, so a subtree
        // follows its top, and an entry that is no ancestor of a pointer never is again.
        let mut open: Vec<usize> = Vec::new();
        for pointer in &self.pointers {
            let outcome = self.outcome(pointer);
            let reason = match outcome {
                Outcome::Mapped(_) => continue,
                Outcome::Reported(reason) => reason,
                Outcome::Unrecognised => unrecognised(),
            };
            let under =
                |top: &str| pointer.starts_with(top) && pointer[top.len()..].starts_with('/');
            while open.last().is_some_and(|&last| !under(&out[last].pointer)) {
                open.pop();
            }
            // Only the top of a reported subtree is listed.
            if !open.iter().any(|&at| out[at].reason == reason) {
                open.push(out.len());
                out.push(ReportEntry {
                    pointer: pointer.clone(),
                    reason,
                });
            }
        }
        out
    }
}

/// Every key path of the source (array indexes written `*`) with the outcomes its pointers had,
/// deduplicated: the table the key-coverage test prints.
pub fn key_outcomes(tracker: &Tracker) -> BTreeMap<String, Vec<Outcome>> {
    let mut out: BTreeMap<String, Vec<Outcome>> = BTreeMap::new();
    for (pointer, outcome) in tracker.outcomes() {
        let key: Vec<String> = pointer
            .split('/')
            .map(|segment| {
                if !segment.is_empty() && segment.chars().all(|c| c.is_ascii_digit()) {
                    "*".to_owned()
                } else {
                    segment.to_owned()
                }
            })
            .collect();
        let key = key.join("/");
        // Arrays of scalars are values, not keys.
        if key.ends_with("/*") {
            continue;
        }
        let seen = out.entry(key).or_default();
        if !seen.contains(&outcome) {
            seen.push(outcome);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_most_specific_mark_wins_and_the_rest_is_unrecognised() {
        let source = json!({"a": {"b": 1, "c": [1, 2]}, "d": true});
        let mut tracker = Tracker::new(&source);
        tracker.map("/a", "rules");
        tracker.report("/a/c", &reasons::IMPORT_EXAMPLE);
        assert_eq!(tracker.outcome("/a/b"), Outcome::Mapped("rules".into()));
        assert_eq!(
            tracker.outcome("/a/c/1"),
            Outcome::Reported(Phrase::new(&reasons::IMPORT_EXAMPLE))
        );
        assert_eq!(tracker.outcome("/d"), Outcome::Unrecognised);
        let report = tracker.entries();
        let pointers: Vec<&str> = report.iter().map(|e| e.pointer.as_str()).collect();
        assert_eq!(pointers, ["/a/c", "/d"]);
        let keys = key_outcomes(&tracker);
        assert_eq!(
            keys["/a/c"],
            [Outcome::Reported(Phrase::new(&reasons::IMPORT_EXAMPLE))]
        );
        assert!(!keys.contains_key("/a/c/*"));
    }
}
