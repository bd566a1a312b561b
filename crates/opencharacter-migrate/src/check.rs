//! Build-time checks of a pack's upgrade scripts: everything that would make a migration lose,
//! misplace or overwrite a value is refused before the pack is published.
//!
//! The checks see the pack as a release: its version, rules (fields with their parts, live
//! state), content and upgrade scripts. Each diagnostic carries a JSON pointer into the release
//! (`/upgrades/1/steps/0/rename/to`); [`script_pointer`] splits it into the script's position and
//! the pointer inside the script file (`/steps/0/rename/to`), which is what the validator needs to
//! locate it in `upgrades/<from>-to-<to>.yaml`.

use std::collections::{HashMap, HashSet};

use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, Phrase, codes, reasons};
use opencharacter_spec::ids::{ContentId, FieldId, PackId, Reference};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::rules::FieldDef;
use opencharacter_spec::model::upgrade::{
    LiveKind, MoveContent, Rename, Route, RouteLive, SetColumn,
};
use opencharacter_spec::model::{PackRelease, Scalar, Upgrade, UpgradeStep, ValueType};

use crate::apply::renamed;

/// Checks a release's upgrade scripts against the release itself:
///
/// - `upgrade-range-invalid`: a script whose `from` is not below its `to`;
/// - `upgrade-above-version`: a script moving to a version above the pack's;
/// - `upgrade-overlap`: two scripts whose ranges overlap;
/// - `upgrade-target-unknown`: a step writing to an ID the pack does not have, after following
///   the renames of later steps and scripts to where they end;
/// - `upgrade-case-duplicate`: a case named twice;
/// - `upgrade-source-current`: a `rename` or `routeLive` reading from an ID the pack still has;
/// - `upgrade-route-target-invalid`: a `route` target that is not a number or text field with no
///   default, 0 or empty;
/// - `upgrade-track-kinds-mixed`: a `routeLive` whose targets mix wound and plain tracks;
/// - `upgrade-list-unknown`, `upgrade-column-unknown`: a `setColumn` whose list or columns are
///   not on the sheet;
/// - `upgrade-move-not-deprecated`, `upgrade-move-target-missing`: a content move off an item
///   that is not deprecated with a `replacedBy`, or onto one that does not exist.
///
/// A file name that does not give two versions, the first lower, is the pack reader's
/// `upgrade-name-invalid`.
///
/// ```
/// use opencharacter_migrate::check_upgrades;
/// use opencharacter_spec::model::PackRelease;
///
/// let release: PackRelease = serde_json::from_value(serde_json::json!({
///     "manifest": {"id": "demo", "version": "0.2.0", "specVersion": "1.3.0",
///                  "license": "CC0-1.0", "defaultLanguage": "en"},
///     "rules": {"fields": {"xp": {"type": "number"}, "experience": {"type": "number"}}},
///     "content": {},
///     "upgrades": [{"from": "0.1.0", "to": "0.2.0",
///                   "steps": [{"rename": {"kind": "field", "from": "xp", "to": "exp"}}]}],
///     "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
///     "formulas": {}
/// }))?;
/// let found: Vec<_> = check_upgrades(&release)
///     .iter()
///     .map(|d| (d.code.name, d.location.pointer.clone().unwrap_or_default()))
///     .collect();
/// assert_eq!(found, [
///     ("upgrade-source-current", "/upgrades/0/steps/0/rename/from".to_owned()),
///     ("upgrade-target-unknown", "/upgrades/0/steps/0/rename/to".to_owned()),
/// ]);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn check_upgrades(release: &PackRelease) -> Diagnostics {
    let checker = Checker::new(release);
    let mut out = Vec::new();
    checker.versions(&mut out);
    for (position, &(script, index, step)) in checker.steps.iter().enumerate() {
        let at = StepAt {
            position,
            pointer: format!("/upgrades/{script}/steps/{index}/{}", step.name()),
            // Words of ours ("step … of …"), so a phrase the standard text renders per language.
            label: Phrase::new(&reasons::UPGRADE_STEP)
                .with_arg("step", step.name())
                .with_arg("index", index + 1)
                .with_arg("file", file_stem(&release.upgrades[script])),
        };
        match step {
            UpgradeStep::Rename(rename) => checker.rename(&at, rename, &mut out),
            UpgradeStep::Route(route) => checker.route(&at, route, &mut out),
            UpgradeStep::RouteLive(route) => checker.route_live(&at, route, &mut out),
            UpgradeStep::SetColumn(set) => checker.set_column(&at, set, &mut out),
            UpgradeStep::MoveContent(mv) => checker.move_content(&at, mv, &mut out),
        }
    }
    let pack = release.manifest.id.clone();
    out.into_iter().map(|d| d.with_pack(pack.clone())).collect()
}

/// Splits a pointer [`check_upgrades`] gives into the script's index in the release's
/// `upgrades` and the pointer inside that script's file (`""` for the whole file).
///
/// ```
/// use opencharacter_migrate::check::script_pointer;
/// assert_eq!(script_pointer("/upgrades/2/steps/0/route/else"), Some((2, "/steps/0/route/else")));
/// assert_eq!(script_pointer("/upgrades/0"), Some((0, "")));
/// assert_eq!(script_pointer("/rules/fields"), None);
/// ```
pub fn script_pointer(pointer: &str) -> Option<(usize, &str)> {
    let rest = pointer.strip_prefix("/upgrades/")?;
    let (index, inside) = match rest.find('/') {
        Some(slash) => (&rest[..slash], &rest[slash..]),
        None => (rest, ""),
    };
    Some((index.parse().ok()?, inside))
}

/// The file a script of a release was read from: `upgrades/<from>-to-<to>.yaml`.
pub fn script_file(upgrade: &Upgrade) -> String {
    format!("upgrades/{}.yaml", file_stem(upgrade))
}

fn file_stem(upgrade: &Upgrade) -> String {
    format!("{}-to-{}", upgrade.from, upgrade.to)
}

struct StepAt {
    /// Position in the flattened, ordered list of steps.
    position: usize,
    pointer: String,
    label: Phrase,
}

struct Checker<'r> {
    release: &'r PackRelease,
    /// Scripts' indices in the release, ordered by `from`.
    order: Vec<usize>,
    /// Every step in the order a migration runs them: (script index, step index, step).
    steps: Vec<(usize, usize, &'r UpgradeStep)>,
    fields: HashMap<FieldId, &'r FieldDef>,
}

impl<'r> Checker<'r> {
    fn new(release: &'r PackRelease) -> Self {
        let mut order: Vec<usize> = (0..release.upgrades.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&release.upgrades[a], &release.upgrades[b]);
            a.from.cmp(&b.from).then(a.to.cmp(&b.to))
        });
        let steps = order
            .iter()
            .flat_map(|&script| {
                release.upgrades[script]
                    .steps
                    .iter()
                    .enumerate()
                    .map(move |(index, step)| (script, index, step))
            })
            .collect();
        let fields = release.rules.fields_with_parts().into_iter().collect();
        Checker {
            release,
            order,
            steps,
            fields,
        }
    }

    fn versions(&self, out: &mut Diagnostics) {
        let version = &self.release.manifest.version;
        for (index, upgrade) in self.release.upgrades.iter().enumerate() {
            let pointer = format!("/upgrades/{index}");
            if upgrade.from >= upgrade.to {
                out.push(
                    Diagnostic::new(&codes::UPGRADE_RANGE_INVALID)
                        .with_arg("from", &upgrade.from)
                        .with_arg("to", &upgrade.to)
                        .with_pointer(pointer.clone()),
                );
            }
            if upgrade.to > *version {
                out.push(
                    Diagnostic::new(&codes::UPGRADE_ABOVE_VERSION)
                        .with_arg("from", &upgrade.from)
                        .with_arg("to", &upgrade.to)
                        .with_arg("version", version)
                        .with_pointer(pointer),
                );
            }
        }
        // In order of `from`, each script must start at or after the furthest `to` so far.
        let mut furthest: Option<usize> = None;
        for &index in &self.order {
            let upgrade = &self.release.upgrades[index];
            if upgrade.from >= upgrade.to {
                continue;
            }
            if let Some(before) = furthest {
                let other = &self.release.upgrades[before];
                if upgrade.from < other.to {
                    out.push(
                        Diagnostic::new(&codes::UPGRADE_OVERLAP)
                            .with_arg("script", file_stem(upgrade))
                            .with_arg("other", file_stem(other))
                            .with_pointer(format!("/upgrades/{index}")),
                    );
                }
                if upgrade.to <= other.to {
                    continue;
                }
            }
            furthest = Some(index);
        }
    }

    /// Where a field ID written at `position` ends after the renames of every later step.
    fn follow(&self, id: &FieldId, position: usize) -> FieldId {
        let mut id = id.clone();
        for &(_, _, step) in &self.steps[position + 1..] {
            if let UpgradeStep::Rename(rename) = step
                && let Some(next) = renamed(&id, rename)
            {
                id = next;
            }
        }
        id
    }

    /// Reports a field write whose end the pack lacks; returns the end's definition.
    fn field_target(
        &self,
        at: &StepAt,
        id: &FieldId,
        pointer: &str,
        out: &mut Diagnostics,
    ) -> Option<(FieldId, &'r FieldDef)> {
        let end = self.follow(id, at.position);
        match self.fields.get(&end) {
            Some(def) => Some((end, def)),
            None => {
                out.push(target_unknown(at, id, &end, pointer));
                None
            }
        }
    }

    fn rename(&self, at: &StepAt, rename: &Rename, out: &mut Diagnostics) {
        if self.fields.contains_key(&rename.from) {
            out.push(source_current(at, &rename.from, "from"));
        }
        self.field_target(at, &rename.to, "to", out);
    }

    /// Whether a route's `by` is a field the sheet has: one of the pack's, or one a rename of a
    /// shape no later than the route's moved (the chain the migration follows to read it).
    fn by_known(&self, at: &StepAt, by: &FieldId) -> bool {
        let (script, _, _) = self.steps[at.position];
        let from = &self.release.upgrades[script].from;
        let mut chain = vec![by.clone()];
        for &(index, _, step) in &self.steps {
            if self.release.upgrades[index].from > *from {
                break;
            }
            if let UpgradeStep::Rename(rename) = step
                && let Some(next) = renamed(chain.last().unwrap_or(by), rename)
            {
                chain.push(next);
            }
        }
        chain.len() > 1 || chain.iter().any(|id| self.fields.contains_key(id))
    }

    fn route(&self, at: &StepAt, route: &Route, out: &mut Diagnostics) {
        if !self.by_known(at, &route.by) {
            out.push(
                Diagnostic::new(&codes::UPGRADE_ROUTE_BY_UNKNOWN)
                    .with_word("step", at.label.clone())
                    .with_arg("by", &route.by)
                    .with_pointer(format!("{}/by", at.pointer)),
            );
        }
        let mut seen = HashSet::new();
        for (index, case) in route.cases.iter().enumerate() {
            let mut words: Vec<String> = case.words.iter().map(|w| w.to_lowercase()).collect();
            words.sort();
            words.dedup();
            if !seen.insert(words) {
                out.push(
                    Diagnostic::new(&codes::UPGRADE_CASE_DUPLICATE)
                        .with_word("step", at.label.clone())
                        .with_arg("case", case.words.join(" "))
                        .with_pointer(format!("{}/cases/{index}", at.pointer)),
                );
            }
        }
        let targets = route
            .cases
            .iter()
            .enumerate()
            .map(|(index, case)| (&case.to, format!("cases/{index}/to")))
            .chain([(&route.otherwise, "else".to_owned())]);
        for (target, pointer) in targets {
            let Some((end, def)) = self.field_target(at, target, &pointer, out) else {
                continue;
            };
            let reason = match (def.value_type, &def.default, &def.formula) {
                (_, _, Some(_)) => Some(Phrase::new(&reasons::ROUTE_DERIVED)),
                (ValueType::Number | ValueType::Text, None, None) => None,
                (ValueType::Number, Some(Scalar::Number(n)), None) if n.as_f64() == Some(0.0) => {
                    None
                }
                (ValueType::Text, Some(Scalar::Text(t)), None) if t.is_empty() => None,
                (ValueType::Number | ValueType::Text, Some(default), None) => {
                    Some(Phrase::new(&reasons::ROUTE_DEFAULT).with_arg(
                        "default",
                        serde_json::to_string(default).unwrap_or_default(),
                    ))
                }
                (other, _, None) => Some(
                    Phrase::new(&reasons::ROUTE_TYPE).with_arg(
                        "type",
                        serde_json::to_value(other)
                            .ok()
                            .and_then(|v| v.as_str().map(str::to_owned))
                            .unwrap_or_default(),
                    ),
                ),
            };
            if let Some(reason) = reason {
                out.push(
                    Diagnostic::new(&codes::UPGRADE_ROUTE_TARGET_INVALID)
                        .with_arg("id", end)
                        .with_word("reason", reason)
                        .with_pointer(format!("{}/{pointer}", at.pointer)),
                );
            }
        }
    }

    fn route_live(&self, at: &StepAt, route: &RouteLive, out: &mut Diagnostics) {
        let live = &self.release.rules.live;
        let has_live = |id: &FieldId| {
            live.pools.contains_key(id)
                || live.tracks.contains_key(id)
                || live.wound_tracks.contains_key(id)
        };
        if has_live(&route.from) {
            out.push(source_current(at, &route.from, "from"));
        }
        let mut seen = HashSet::new();
        for (index, case) in route.cases.iter().enumerate() {
            if !seen.insert(case) {
                out.push(
                    Diagnostic::new(&codes::UPGRADE_CASE_DUPLICATE)
                        .with_word("step", at.label.clone())
                        .with_arg("case", case)
                        .with_pointer(format!("{}/cases/{index}", at.pointer)),
                );
            }
        }
        let targets = route
            .cases
            .iter()
            .enumerate()
            .map(|(index, case)| (case, format!("cases/{index}")))
            .chain([(&route.otherwise, "else".to_owned())]);
        let (mut wound, mut plain) = (false, false);
        for (target, pointer) in targets {
            // A later `routeLive` from this ID moves it on; that step's own targets are checked.
            let moved_on = self.steps[at.position + 1..].iter().any(|&(_, _, step)| {
                matches!(step, UpgradeStep::RouteLive(next) if next.from == *target && next.kind == route.kind)
            });
            let exists = match route.kind {
                LiveKind::Pool => live.pools.contains_key(target),
                LiveKind::Track => {
                    let is_wound = live.wound_tracks.contains_key(target);
                    let is_plain = live.tracks.contains_key(target);
                    wound |= is_wound;
                    plain |= is_plain;
                    is_wound || is_plain
                }
            };
            if !exists && !moved_on {
                out.push(target_unknown(at, target, target, &pointer));
            }
        }
        if wound && plain {
            out.push(
                Diagnostic::new(&codes::UPGRADE_TRACK_KINDS_MIXED)
                    .with_arg("from", &route.from)
                    .with_pointer(at.pointer.clone()),
            );
        }
    }

    fn set_column(&self, at: &StepAt, set: &SetColumn, out: &mut Diagnostics) {
        let end = self.follow(&set.list, at.position);
        let Some(def) = self
            .fields
            .get(&end)
            .filter(|def| def.value_type == ValueType::List)
        else {
            out.push(
                Diagnostic::new(&codes::UPGRADE_LIST_UNKNOWN)
                    .with_arg("list", &end)
                    .with_pointer(format!("{}/list", at.pointer)),
            );
            return;
        };
        let columns = set
            .matching
            .keys()
            .map(|column| (column, format!("where/{}", escape_segment(column.as_str()))))
            .chain([(&set.column, "column".to_owned())]);
        for (column, pointer) in columns {
            if !def.columns.contains_key(column) {
                out.push(
                    Diagnostic::new(&codes::UPGRADE_COLUMN_UNKNOWN)
                        .with_arg("list", &end)
                        .with_arg("column", column)
                        .with_pointer(format!("{}/{pointer}", at.pointer)),
                );
            }
        }
    }

    fn move_content(&self, at: &StepAt, mv: &MoveContent, out: &mut Diagnostics) {
        let pointer = format!("{}/from", at.pointer);
        let replaced_by = self
            .release
            .content
            .get(&mv.from)
            .and_then(|item| item.deprecated.as_ref())
            .and_then(|deprecated| deprecated.replaced_by.as_ref());
        let Some(replacement) = replaced_by else {
            out.push(
                Diagnostic::new(&codes::UPGRADE_MOVE_NOT_DEPRECATED)
                    .with_arg("id", &mv.from)
                    .with_pointer(pointer),
            );
            return;
        };
        // A replacement in another pack is checked when the ruleset loads, not here.
        let own: Option<&ContentId> = match replacement {
            Reference::Local(local) => Some(local),
            Reference::Qualified(qualified) if qualified.pack == self.own_pack() => {
                Some(&qualified.local)
            }
            Reference::Qualified(_) => None,
        };
        if let Some(local) = own
            && !self.release.content.contains_key(local)
        {
            out.push(
                Diagnostic::new(&codes::UPGRADE_MOVE_TARGET_MISSING)
                    .with_arg("id", &mv.from)
                    .with_arg("replacement", replacement)
                    .with_pointer(pointer),
            );
        }
    }

    fn own_pack(&self) -> PackId {
        self.release.manifest.id.clone()
    }
}

fn target_unknown(at: &StepAt, id: &FieldId, end: &FieldId, pointer: &str) -> Diagnostic {
    Diagnostic::new(&codes::UPGRADE_TARGET_UNKNOWN)
        .with_word("step", at.label.clone())
        .with_arg("id", id)
        .with_arg("end", end)
        .with_pointer(format!("{}/{pointer}", at.pointer))
}

fn source_current(at: &StepAt, id: &FieldId, pointer: &str) -> Diagnostic {
    Diagnostic::new(&codes::UPGRADE_SOURCE_CURRENT)
        .with_word("step", at.label.clone())
        .with_arg("id", id)
        .with_pointer(format!("{}/{pointer}", at.pointer))
}
