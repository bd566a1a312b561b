//! Keeping diagnostics within a bound: a file keeps its first [`PER_FILE`] errors and its first
//! [`PER_FILE`] other diagnostics, a run its first [`PER_RUN`] of each, and the rest are counted,
//! not kept. Errors have a bound of their own so that a flood of warnings never hides one.
//!
//! Why: every check reports every problem it finds, so the number of diagnostics grows with the
//! input's mistakes, not its size: a 23 MB pack inside every reading limit (six i18n files of
//! keys of no known kind) yielded 1.8 million diagnostics, gigabytes held in memory, and a report
//! nobody reads past its first screen. The bound is applied where a diagnostic is pushed,
//! so what is over it is never held (collecting everything and truncating afterwards would keep
//! the memory problem). The counts of what was not kept stay exact, by severity, so an error past
//! the bound still refuses the pack and the summary still counts it.
//!
//! The numbers are far beyond what an author meets: the repository's largest pack (the SRD, about
//! 1,900 files) validates with no diagnostic, and a real mistake (a renamed ID) gives a few
//! hundred; a thousand diagnostics in one file, or ten thousand in one run, is a generated or
//! broken input, where the first ones say what is wrong.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::{Diagnostic, Severity, codes};

/// The most errors, and the most other diagnostics, kept about one file (or about one pack
/// outside its files).
pub const PER_FILE: usize = 1_000;
/// The most errors, and the most other diagnostics, kept in one run (every pack read together).
pub const PER_RUN: usize = 10_000;

/// How many diagnostics were not kept, by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NotKept {
    /// Errors not kept.
    pub errors: usize,
    /// Warnings not kept.
    pub warnings: usize,
    /// Rules issues not kept.
    pub issues: usize,
}

impl NotKept {
    /// All of them.
    #[must_use]
    pub fn total(&self) -> usize {
        self.errors + self.warnings + self.issues
    }

    fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Issue => self.issues += 1,
        }
    }

    fn add(&mut self, other: NotKept) {
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.issues += other.issues;
    }

    /// The most serious severity among them.
    fn severity(&self) -> Severity {
        if self.errors > 0 {
            Severity::Error
        } else if self.warnings > 0 {
            Severity::Warning
        } else {
            Severity::Issue
        }
    }

    fn note(&self, code: &'static codes::Code, limit: usize) -> Diagnostic {
        Diagnostic::new(code)
            .with_severity(self.severity())
            .with_arg("count", self.total())
            .with_arg("errors", self.errors)
            .with_arg("warnings", self.warnings)
            .with_arg("limit", limit)
    }
}

/// Which file a diagnostic is about, for the per-file bound: the scope of the list it was pushed
/// to (one per pack; [`Kept::sibling`] shares it) and its file.
type FileKey = (usize, Option<String>);

/// Errors and the rest have bounds of their own, so that a flood of warnings never hides an
/// error behind it.
fn class(diagnostic: &Diagnostic) -> usize {
    usize::from(diagnostic.is_error())
}

#[derive(Debug)]
struct State {
    per_file: usize,
    per_run: usize,
    /// Kept in the run, by class (warnings and issues, errors).
    run_kept: [usize; 2],
    scopes: usize,
    /// Kept by file and class.
    kept: HashMap<(FileKey, usize), usize>,
    /// Not kept because their file had its share, by file, in the order first met.
    file_full: Vec<(FileKey, NotKept)>,
    file_full_at: HashMap<FileKey, usize>,
    /// Not kept because the run had its share.
    run_full: NotKept,
    /// Errors not kept, for either reason, by scope: a pack with one is refused.
    errors_by_scope: HashMap<usize, usize>,
}

/// The bound shared by every [`Kept`] of one run: clones share it.
#[derive(Debug, Clone)]
pub struct Budget(Arc<Mutex<State>>);

impl Default for Budget {
    fn default() -> Self {
        Budget::new(PER_FILE, PER_RUN)
    }
}

/// A budget is bookkeeping, not content: two readings are equal by what they hold.
impl PartialEq for Budget {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Budget {
    /// A budget keeping `per_file` diagnostics of each file and `per_run` in all.
    #[must_use]
    pub fn new(per_file: usize, per_run: usize) -> Budget {
        Budget(Arc::new(Mutex::new(State {
            per_file,
            per_run,
            run_kept: [0, 0],
            scopes: 0,
            kept: HashMap::new(),
            file_full: Vec::new(),
            file_full_at: HashMap::new(),
            run_full: NotKept::default(),
            errors_by_scope: HashMap::new(),
        })))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // Counting never panics half-way, so a poisoned lock still holds consistent counts.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `diagnostic` is kept; counts it either way.
    fn scope(&self) -> usize {
        let mut state = self.state();
        state.scopes += 1;
        state.scopes
    }

    fn admit(&self, scope: usize, diagnostic: &Diagnostic) -> bool {
        let mut state = self.state();
        let key: FileKey = (scope, diagnostic.location.file.clone());
        let class = class(diagnostic);
        let in_file = state.kept.get(&(key.clone(), class)).copied().unwrap_or(0);
        let full = in_file >= state.per_file || state.run_kept[class] >= state.per_run;
        if full && diagnostic.is_error() {
            *state.errors_by_scope.entry(scope).or_insert(0) += 1;
        }
        if in_file >= state.per_file {
            let at = match state.file_full_at.get(&key) {
                Some(&at) => at,
                None => {
                    let at = state.file_full.len();
                    state.file_full.push((key.clone(), NotKept::default()));
                    state.file_full_at.insert(key, at);
                    at
                }
            };
            state.file_full[at].1.count(diagnostic.severity);
            return false;
        }
        if state.run_kept[class] >= state.per_run {
            state.run_full.count(diagnostic.severity);
            return false;
        }
        state.run_kept[class] += 1;
        *state.kept.entry((key, class)).or_insert(0) += 1;
        true
    }

    /// Everything not kept so far.
    #[must_use]
    pub fn not_kept(&self) -> NotKept {
        let state = self.state();
        let mut all = state.run_full;
        for (_, counted) in &state.file_full {
            all.add(*counted);
        }
        all
    }

    fn file_notes(&self, scope: usize) -> Vec<Diagnostic> {
        let state = self.state();
        state
            .file_full
            .iter()
            .filter(|((of, _), _)| *of == scope)
            .map(|((_, file), counted)| {
                let mut note = counted.note(&codes::DIAGNOSTICS_NOT_KEPT, state.per_file);
                note.location.file.clone_from(file);
                note
            })
            .collect()
    }

    /// The `diagnostics-not-kept-run` note, when the run reached its bound.
    #[must_use]
    pub fn run_note(&self) -> Option<Diagnostic> {
        let state = self.state();
        (state.run_full.total() > 0).then(|| {
            state
                .run_full
                .note(&codes::DIAGNOSTICS_NOT_KEPT_RUN, state.per_run)
        })
    }
}

/// Diagnostics kept within a [`Budget`]: a list that stops keeping at the bound and counts the
/// rest. Reads as a slice; [`Kept::push`] and [`Extend`] go through the bound, so a producer
/// that yields diagnostics one at a time (an iterator) never holds more than the bound.
#[derive(Debug, Clone)]
pub struct Kept {
    items: Vec<Diagnostic>,
    budget: Budget,
    scope: usize,
}

impl Default for Kept {
    fn default() -> Self {
        Kept::new(Budget::default())
    }
}

impl PartialEq for Kept {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl Kept {
    /// An empty list counting against `budget`.
    #[must_use]
    pub fn new(budget: Budget) -> Kept {
        Kept {
            items: Vec::new(),
            scope: budget.scope(),
            budget,
        }
    }

    /// An empty list sharing this one's budget and files: a diagnostic pushed to either counts
    /// against the same file's share (a step that collects apart, then joins this list).
    #[must_use]
    pub fn sibling(&self) -> Kept {
        Kept {
            items: Vec::new(),
            budget: self.budget.clone(),
            scope: self.scope,
        }
    }

    /// One `diagnostics-not-kept` note per file of this list (and its siblings) that reached its
    /// bound, with the file set, in the order the files reached it.
    #[must_use]
    pub fn file_notes(&self) -> Vec<Diagnostic> {
        self.budget.file_notes(self.scope)
    }

    /// The budget this list counts against.
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Whether any diagnostic of this list is an error, kept or not.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
            || self
                .budget
                .state()
                .errors_by_scope
                .contains_key(&self.scope)
    }

    /// Keeps `diagnostic` unless its file or the run has had its share (then it is counted).
    pub fn push(&mut self, diagnostic: Diagnostic) {
        if self.budget.admit(self.scope, &diagnostic) {
            self.items.push(diagnostic);
        }
    }

    /// Moves every diagnostic of `other` (a sibling: they were counted when pushed there) to the
    /// end of this list.
    pub fn append(&mut self, other: &mut Kept) {
        self.items.append(&mut other.items);
    }

    /// Adds a diagnostic past the bound: for the notes that say what was not kept.
    pub fn push_unbounded(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    /// Keeps only the diagnostics `keep` accepts (what is dropped is not counted as not kept:
    /// it was never worth reporting).
    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        self.items.retain(keep);
    }

    /// Sorts the kept diagnostics.
    pub fn sort_by(&mut self, compare: impl FnMut(&Diagnostic, &Diagnostic) -> std::cmp::Ordering) {
        self.items.sort_by(compare);
    }

    /// Removes consecutive repeats.
    pub fn dedup(&mut self) {
        self.items.dedup();
    }

    /// Each kept diagnostic, mutably (to fill in what a later step knows).
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Diagnostic> {
        self.items.iter_mut()
    }

    /// Takes the kept diagnostics out, leaving this list empty (same budget).
    pub fn take(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.items)
    }

    /// The kept diagnostics.
    #[must_use]
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.items
    }
}

impl std::ops::Deref for Kept {
    type Target = [Diagnostic];
    fn deref(&self) -> &[Diagnostic] {
        &self.items
    }
}

impl Extend<Diagnostic> for Kept {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        for diagnostic in iter {
            self.push(diagnostic);
        }
    }
}

impl<'a> IntoIterator for &'a Kept {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a> IntoIterator for &'a mut Kept {
    type Item = &'a mut Diagnostic;
    type IntoIter = std::slice::IterMut<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter_mut()
    }
}

impl IntoIterator for Kept {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn about(file: &str, severity: Severity) -> Diagnostic {
        Diagnostic::new(&codes::I18N_KEY_UNKNOWN)
            .with_severity(severity)
            .with_file(file)
    }

    #[test]
    fn a_file_keeps_its_share_and_counts_the_rest() {
        // Per file 2, per run 10: a.yaml's third error and third warning are counted, b.yaml
        // still keeps two.
        let mut kept = Kept::new(Budget::new(2, 10));
        kept.extend([
            about("a.yaml", Severity::Warning),
            about("a.yaml", Severity::Error),
            about("a.yaml", Severity::Warning),
            about("a.yaml", Severity::Error),
            about("a.yaml", Severity::Error),
            about("a.yaml", Severity::Warning),
            about("b.yaml", Severity::Warning),
            about("b.yaml", Severity::Warning),
        ]);
        assert_eq!(kept.len(), 6);
        let not_kept = kept.budget().not_kept();
        assert_eq!((not_kept.errors, not_kept.warnings), (1, 1));
        let notes = kept.file_notes();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].location.file.as_deref(), Some("a.yaml"));
        // An error among those not kept makes the note an error: the pack is still refused.
        assert!(notes[0].is_error());
        assert_eq!(notes[0].args["count"], "2");
        assert!(kept.budget().run_note().is_none());
    }

    #[test]
    fn a_flood_of_warnings_never_hides_an_error() {
        // Per file 2: the third warning is counted, the error after it is still kept.
        let mut kept = Kept::new(Budget::new(2, 10));
        kept.extend([
            about("a.yaml", Severity::Warning),
            about("a.yaml", Severity::Warning),
            about("a.yaml", Severity::Warning),
            about("a.yaml", Severity::Error),
        ]);
        assert_eq!(kept.len(), 3);
        assert!(kept[2].is_error());
        assert_eq!(kept.budget().not_kept().warnings, 1);
    }

    #[test]
    fn the_run_keeps_its_share_across_lists() {
        // Per file 5, per run 3, two lists sharing one budget: the fourth and fifth are counted.
        let mut one = Kept::new(Budget::new(5, 3));
        let mut two = one.sibling();
        one.push(about("a.yaml", Severity::Warning));
        two.push(about("b.yaml", Severity::Warning));
        one.push(about("c.yaml", Severity::Warning));
        two.push(about("d.yaml", Severity::Warning));
        one.push(about("e.yaml", Severity::Warning));
        assert_eq!(one.len() + two.len(), 3);
        let note = one.budget().run_note().expect("the run reached its bound");
        assert_eq!(note.code.name, "diagnostics-not-kept-run");
        assert_eq!(note.args["count"], "2");
        assert_eq!(note.args["limit"], "3");
        assert!(!note.is_error());
    }
}
