//! Running upgrade scripts on a saved character.
//!
//! Two passes. First, for each pack in load order, every script the character has not passed
//! (saved below its `to`) runs its `rename`, `route`, `setColumn` and `moveContent` steps in
//! order, and the character's version of the pack moves up to the loaded one. Then, because live
//! state has no version of its own, every `routeLive` step of every script up to the loaded
//! version runs, in the same order, on the migrated character: the first pass has settled the
//! fields that decide which pool or track the character shows.

use indexmap::IndexMap;
use opencharacter_spec::ids::{
    ContentId, FieldId, PackId, Qualified, QualifiedContentId, QualifiedFieldId, Reference,
};
use opencharacter_spec::model::upgrade::{
    LiveKind as StepLiveKind, MoveContent, Rename, Route, RouteLive, SetColumn,
};
use opencharacter_spec::model::{Character, Ruleset, Scalar, UpgradeStep};

use crate::plan::{Plan, RoutePlan, ScriptPlan};
use crate::report::{Action, AppliedStep, Change, MigrationReport, Place, VersionChange};
use crate::shows::{LiveKind, SheetCache};

/// Migrates a character saved with earlier versions of the ruleset's packs to the loaded ones.
///
/// Every step but `setColumn` leaves what is already at its target alone; `rename` and `route`
/// copy (the old value stays), `routeLive` and the content move move. Running it again on its
/// result changes nothing. A pack the character was saved with at a *newer* version than the one
/// loaded is left at its version (that is a rules issue, not a migration).
///
/// ```
/// use opencharacter_migrate::migrate;
/// use opencharacter_spec::ids::{PackId, QualifiedFieldId};
/// use opencharacter_spec::model::{Character, Ruleset};
///
/// let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
///     "packs": [{"id": "demo", "version": "0.2.0", "specVersion": "1.3.0",
///                "license": "CC0-1.0", "defaultLanguage": "en"}],
///     "fields": {"demo:experience": {"type": "number"}},
///     "upgrades": {"demo": [{"from": "0.1.0", "to": "0.2.0",
///         "steps": [{"rename": {"kind": "field", "from": "xp", "to": "experience"}}]}]}
/// }))?;
/// let character: Character = serde_json::from_value(serde_json::json!({
///     "packs": {"demo": "0.1.0"}, "fields": {"demo:xp": 900}
/// }))?;
///
/// let field = |id: &str| -> QualifiedFieldId { id.parse().unwrap() };
/// let (migrated, report) = migrate(&ruleset, character);
/// assert!(report.changed);
/// assert_eq!(migrated.fields[&field("demo:experience")], 900.into());
/// // A copy: the old value stays, so an older version of the pack still reads it.
/// assert_eq!(migrated.fields[&field("demo:xp")], 900.into());
/// assert_eq!(migrated.packs[&"demo".parse::<PackId>()?].to_string(), "0.2.0");
///
/// // Reading it again changes nothing.
/// let (again, report) = migrate(&ruleset, migrated.clone());
/// assert!(!report.changed);
/// assert_eq!(again, migrated);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn migrate(ruleset: &Ruleset, character: Character) -> (Character, MigrationReport) {
    Plan::new(ruleset).migrate(character)
}

/// Runs a compiled plan on one character ([`Plan::migrate`]).
pub(crate) fn run(plan: &Plan<'_>, character: Character) -> (Character, MigrationReport) {
    let mut run = Run {
        plan,
        ruleset: plan.ruleset,
        character,
        report: MigrationReport::default(),
        sheet: SheetCache::default(),
    };
    for pack in &plan.packs {
        let Some(saved) = run.character.packs.get(pack.id) else {
            continue;
        };
        if saved >= pack.version {
            continue;
        }
        let saved = saved.clone();
        for script in &pack.scripts {
            let upgrade = script.upgrade;
            if saved < upgrade.to && upgrade.to <= *pack.version {
                for (index, step) in upgrade.steps.iter().enumerate() {
                    run.field_step(pack.id, script, index, step);
                }
            }
        }
        run.character
            .packs
            .insert(pack.id.clone(), pack.version.clone());
        run.report.versions.push(VersionChange {
            pack: pack.id.clone(),
            from: saved,
            to: pack.version.clone(),
        });
    }
    for pack in &plan.packs {
        for &(at, index, route) in &pack.live {
            let script = &pack.scripts[at];
            let changes = run.route_live(pack.id, route);
            run.record(
                pack.id,
                script,
                index,
                &script.upgrade.steps[index],
                changes,
            );
        }
    }
    let mut report = run.report;
    // Every change is recorded (a step records only what it changed), so the report tells
    // without keeping a copy of the character to compare with.
    report.changed = !report.versions.is_empty() || !report.steps.is_empty();
    (run.character, report)
}

/// The words of a text: runs of Unicode letters, lowercased ("Fighter3" → `fighter`).
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Which case of a route wins for the `by` text: `Some(i)` when exactly one case's words all
/// appear in it as whole words; `None` (the route's `else`) when none or several do.
pub fn winning_case(cases: &[Vec<String>], by: &str) -> Option<usize> {
    let present = words(by);
    let mut winners = cases.iter().enumerate().filter(|(_, case)| {
        !case.is_empty()
            && case
                .iter()
                .all(|word| present.iter().any(|p| *p == word.to_lowercase()))
    });
    match (winners.next(), winners.next()) {
        (Some((index, _)), None) => Some(index),
        _ => None,
    }
}

/// Whether a list cell holds one of `values`: text trimmed and compared case-insensitively, a
/// number exactly, a boolean as itself.
pub fn cell_matches(cell: &Scalar, values: &[Scalar]) -> bool {
    values.iter().any(|value| match (cell, value) {
        (Scalar::Text(a), Scalar::Text(b)) => a.trim().to_lowercase() == b.trim().to_lowercase(),
        (Scalar::Number(a), Scalar::Number(b)) => {
            a == b || (a.as_f64().is_some() && a.as_f64() == b.as_f64())
        }
        (Scalar::Bool(a), Scalar::Bool(b)) => a == b,
        _ => false,
    })
}

struct Run<'p, 'r> {
    plan: &'p Plan<'r>,
    ruleset: &'r Ruleset,
    character: Character,
    report: MigrationReport,
    /// The migrated character's sheet, evaluated only when a `routeLive` has a value to send.
    sheet: SheetCache,
}

pub(crate) fn qualify(pack: &PackId, local: &FieldId) -> QualifiedFieldId {
    Qualified::new(pack.clone(), local.clone())
}

impl Run<'_, '_> {
    fn record(
        &mut self,
        pack: &PackId,
        script: &ScriptPlan<'_>,
        index: usize,
        step: &UpgradeStep,
        changes: Vec<Change>,
    ) {
        if !changes.is_empty() {
            self.report.steps.push(AppliedStep {
                pack: pack.clone(),
                script: script.name.clone(),
                index,
                step: step.name(),
                changes,
            });
        }
    }

    fn field_step(
        &mut self,
        pack: &PackId,
        script: &ScriptPlan<'_>,
        index: usize,
        step: &UpgradeStep,
    ) {
        let changes = match (step, &script.routes[index]) {
            (UpgradeStep::Rename(rename), _) => self.rename(pack, rename),
            (UpgradeStep::Route(route), Some(plan)) => self.route(pack, plan, route),
            (UpgradeStep::Route(_), None) => Vec::new(),
            (UpgradeStep::SetColumn(set), _) => self.set_column(pack, set),
            (UpgradeStep::MoveContent(mv), _) => self.move_content(pack, mv),
            // Runs in the second pass, on every read.
            (UpgradeStep::RouteLive(_), _) => Vec::new(),
        };
        self.record(pack, script, index, step, changes);
    }

    /// `rename`: copies the field (for an ability, skill or save, every saved field under it) and
    /// the list of the same ID, never over a value already there.
    fn rename(&mut self, pack: &PackId, rename: &Rename) -> Vec<Change> {
        use opencharacter_spec::model::upgrade::RenameKind;
        let whole = rename.kind != RenameKind::Field;
        let moves = |key: &QualifiedFieldId| -> Option<QualifiedFieldId> {
            if key.pack != *pack {
                return None;
            }
            if key.local == rename.from {
                return Some(qualify(pack, &rename.to));
            }
            if whole && key.local.is_under(&rename.from) {
                let suffix = &key.local.as_str()[rename.from.as_str().len()..];
                let local = format!("{}{suffix}", rename.to).parse().ok()?;
                return Some(Qualified::new(pack.clone(), local));
            }
            None
        };
        let mut changes = Vec::new();
        copy_keys(
            &mut self.character.fields,
            &moves,
            Place::Field,
            &mut changes,
        );
        copy_keys(&mut self.character.lists, &moves, Place::List, &mut changes);
        changes
    }

    /// `route`: the value (or `default`) goes to the case `by` names, else to `else`.
    fn route(&mut self, pack: &PackId, plan: &RoutePlan, route: &Route) -> Vec<Change> {
        let from = qualify(pack, &route.from);
        let (value, action) = match (self.character.fields.get(&from), &route.default) {
            (Some(value), _) => (value.clone(), Action::Copy),
            (None, Some(default)) => (default.clone(), Action::Default),
            (None, None) => return Vec::new(),
        };
        let by = self.route_by_text(plan);
        let target = match by
            .as_deref()
            .and_then(|text| winning_case(&plan.cases, text))
        {
            Some(index) => &route.cases[index].to,
            None => &route.otherwise,
        };
        let target = qualify(pack, target);
        if self.character.fields.contains_key(&target) {
            return Vec::new();
        }
        let change = Change::new(
            action,
            Place::Field,
            (action == Action::Copy).then(|| from.to_string()),
            target.to_string(),
        )
        .with_scalar(&value);
        self.character.fields.insert(target, value);
        vec![change]
    }

    /// The text of a route's `by`: the first field of the plan's chain the character holds (the
    /// field itself, or where a rename of it moved it).
    fn route_by_text(&self, plan: &RoutePlan) -> Option<String> {
        plan.by
            .iter()
            .find_map(|id| match self.character.fields.get(id)? {
                Scalar::Text(text) => Some(text.clone()),
                Scalar::Number(n) => Some(n.to_string()),
                Scalar::Bool(_) => None,
            })
    }

    /// `setColumn`: overwrites `column` in every row whose `where` columns each hold one of
    /// their values.
    fn set_column(&mut self, pack: &PackId, set: &SetColumn) -> Vec<Change> {
        let list = qualify(pack, &set.list);
        let Some(rows) = self.character.lists.get_mut(&list) else {
            return Vec::new();
        };
        let mut changes = Vec::new();
        for (row_index, row) in rows.iter_mut().enumerate() {
            let matches = set.matching.iter().all(|(column, values)| {
                row.get(column)
                    .is_some_and(|cell| cell_matches(cell, values))
            });
            if !matches || row.get(&set.column) == Some(&set.to) {
                continue;
            }
            row.insert(set.column.clone(), set.to.clone());
            let mut change = Change::new(
                Action::Set,
                Place::Cell,
                Some(list.to_string()),
                list.to_string(),
            )
            .with_scalar(&set.to);
            change.row = Some(row_index);
            change.column = Some(set.column.clone());
            changes.push(change);
        }
        changes
    }

    /// `moveContent`: every owned copy of the deprecated item, and every answer picking it,
    /// moves to its `replacedBy`.
    fn move_content(&mut self, pack: &PackId, mv: &MoveContent) -> Vec<Change> {
        let old: QualifiedContentId = Qualified::new(pack.clone(), mv.from.clone());
        let Some(new) = self.replacement(pack, &old) else {
            return Vec::new();
        };
        let mut changes = Vec::new();
        let moved = |to: &QualifiedContentId, place| {
            Change::new(Action::Move, place, Some(old.to_string()), to.to_string())
        };
        for owned in &mut self.character.content {
            if owned.id == old {
                owned.id = new.clone();
                changes.push(moved(&new, Place::Content));
            }
            for picked in owned.choices.values_mut().flatten() {
                if *picked == old {
                    *picked = new.clone();
                    changes.push(moved(&new, Place::Choice));
                }
            }
        }
        for picked in self.character.choices.values_mut().flatten() {
            if *picked == old {
                *picked = new.clone();
                changes.push(moved(&new, Place::Choice));
            }
        }
        // What is in play follows the item it names, so a moved item stays in play.
        for in_play in &mut self.character.active {
            if *in_play == old {
                *in_play = new.clone();
                changes.push(moved(&new, Place::Active));
            }
        }
        changes
    }

    /// The loaded item a deprecated one names as its `replacedBy`: a local name in its own
    /// pack, then in that pack's direct dependencies.
    fn replacement(&self, pack: &PackId, old: &QualifiedContentId) -> Option<QualifiedContentId> {
        let item = self.ruleset.content.get(old)?;
        let reference: &Reference<ContentId> =
            item.item.deprecated.as_ref()?.replaced_by.as_ref()?;
        let candidates: Vec<QualifiedContentId> = match reference {
            Reference::Qualified(qualified) => vec![qualified.clone()],
            Reference::Local(local) => {
                let mut packs = vec![pack.clone()];
                if let Some(found) = self.ruleset.packs.iter().find(|p| &p.id == pack) {
                    packs.extend(found.dependencies.keys().cloned());
                }
                packs
                    .into_iter()
                    .map(|p| Qualified::new(p, local.clone()))
                    .collect()
            }
        };
        candidates
            .into_iter()
            .find(|id| self.ruleset.content.contains_key(id))
    }

    /// `routeLive`: drops the old key; its value moves to the case the character shows (else to
    /// `else`) only while that key holds nothing.
    fn route_live(&mut self, pack: &PackId, route: &RouteLive) -> Vec<Change> {
        let from = qualify(pack, &route.from);
        let candidates: Vec<QualifiedFieldId> =
            route.cases.iter().map(|case| qualify(pack, case)).collect();
        let fallback = qualify(pack, &route.otherwise);
        let mut changes = Vec::new();
        match route.kind {
            StepLiveKind::Pool => {
                if let Some(value) = self.character.live.pools.shift_remove(&from) {
                    let target = self.pick(LiveKind::Pool, &candidates, &fallback);
                    let pools = &mut self.character.live.pools;
                    changes.push(live_move(pools, &from, target, value, Place::Pool));
                }
            }
            StepLiveKind::Track => {
                // The targets' kind decides what moves: marks onto wound tracks, a number onto
                // plain ones (the build refuses a step that mixes them).
                let wound = candidates
                    .iter()
                    .chain([&fallback])
                    .any(|id| self.ruleset.wound_tracks.contains_key(id));
                let kind = if wound {
                    LiveKind::WoundTrack
                } else {
                    LiveKind::Track
                };
                if wound {
                    if let Some(marks) = self.character.live.wound_tracks.shift_remove(&from) {
                        let target = self.pick(kind, &candidates, &fallback);
                        let tracks = &mut self.character.live.wound_tracks;
                        changes.push(live_move(tracks, &from, target, marks, Place::WoundTrack));
                    }
                    // A plain number cannot become marks: it stays where it is, untouched.
                } else {
                    let number = match self.character.live.tracks.shift_remove(&from) {
                        Some(number) => Some(number),
                        // Marks onto a plain track carry their count.
                        None => self
                            .character
                            .live
                            .wound_tracks
                            .shift_remove(&from)
                            .map(|marks| i64::try_from(marks.len()).unwrap_or(i64::MAX)),
                    };
                    if let Some(number) = number {
                        let target = self.pick(kind, &candidates, &fallback);
                        let tracks = &mut self.character.live.tracks;
                        changes.push(live_move(tracks, &from, target, number, Place::Track));
                    }
                }
            }
        }
        changes
    }

    fn pick(
        &mut self,
        kind: LiveKind,
        candidates: &[QualifiedFieldId],
        fallback: &QualifiedFieldId,
    ) -> QualifiedFieldId {
        let picked = candidates
            .iter()
            .find(|id| {
                self.sheet
                    .shows(&self.plan.evaluator, &self.character, kind, id)
            })
            .unwrap_or(fallback)
            .clone();
        // The value about to move changes the character: the next question needs a new sheet.
        self.sheet.clear();
        picked
    }
}

/// Where a rename sends `id`, if it moves it.
pub(crate) fn renamed(id: &FieldId, rename: &Rename) -> Option<FieldId> {
    use opencharacter_spec::model::upgrade::RenameKind;
    if *id == rename.from {
        return Some(rename.to.clone());
    }
    if rename.kind != RenameKind::Field && id.is_under(&rename.from) {
        let suffix = &id.as_str()[rename.from.as_str().len()..];
        return format!("{}{suffix}", rename.to).parse().ok();
    }
    None
}

/// Copies every key `moves` maps to a new key that is still empty.
fn copy_keys<V: Clone + serde::Serialize>(
    map: &mut IndexMap<QualifiedFieldId, V>,
    moves: &dyn Fn(&QualifiedFieldId) -> Option<QualifiedFieldId>,
    place: Place,
    changes: &mut Vec<Change>,
) {
    let copies: Vec<(QualifiedFieldId, QualifiedFieldId)> = map
        .keys()
        .filter_map(|key| moves(key).map(|to| (key.clone(), to)))
        .collect();
    for (from, to) in copies {
        if map.contains_key(&to) {
            continue;
        }
        let Some(value) = map.get(&from).cloned() else {
            continue;
        };
        let json = serde_json::to_value(&value).unwrap_or(serde_json::Value::Null);
        changes.push(
            Change::new(Action::Copy, place, Some(from.to_string()), to.to_string())
                .with_value(json),
        );
        map.insert(to, value);
    }
}

/// Moves a live value to `target` unless it already holds one (then the value is dropped).
fn live_move<V: Clone + serde::Serialize>(
    map: &mut IndexMap<QualifiedFieldId, V>,
    from: &QualifiedFieldId,
    target: QualifiedFieldId,
    value: V,
    place: Place,
) -> Change {
    let json = serde_json::to_value(&value).unwrap_or(serde_json::Value::Null);
    if map.contains_key(&target) {
        Change::new(
            Action::Drop,
            place,
            Some(from.to_string()),
            target.to_string(),
        )
        .with_value(json)
    } else {
        map.insert(target.clone(), value);
        Change::new(
            Action::Move,
            place,
            Some(from.to_string()),
            target.to_string(),
        )
        .with_value(json)
    }
}

/// Whether a field ID is one an upgrade script of its pack reads from or passes through (a
/// `rename`'s `from` or `to`, a `route`'s `from` or `by`, with everything under an ability,
/// skill or save). A copy leaves the old value there on purpose, so an earlier version of the
/// pack still reads the character; an app checking the migrated character should not call it
/// unknown.
///
/// ```
/// use opencharacter_spec::model::Ruleset;
/// let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
///     "packs": [{"id": "demo", "version": "0.2.0", "specVersion": "1.3.0",
///                "license": "CC0-1.0", "defaultLanguage": "en"}],
///     "upgrades": {"demo": [{"from": "0.1.0", "to": "0.2.0",
///         "steps": [{"rename": {"kind": "field", "from": "xp", "to": "experience"}}]}]}
/// }))?;
/// assert!(opencharacter_migrate::kept_by_upgrade(&ruleset, &"demo:xp".parse()?));
/// assert!(!opencharacter_migrate::kept_by_upgrade(&ruleset, &"demo:name".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn kept_by_upgrade(ruleset: &Ruleset, id: &QualifiedFieldId) -> bool {
    use opencharacter_spec::model::upgrade::RenameKind;
    let Some(scripts) = ruleset.upgrades.get(&id.pack) else {
        return false;
    };
    scripts
        .iter()
        .flat_map(|u| &u.steps)
        .any(|step| match step {
            UpgradeStep::Rename(rename) => {
                let whole = rename.kind != RenameKind::Field;
                [&rename.from, &rename.to]
                    .into_iter()
                    .any(|named| id.local == *named || (whole && id.local.is_under(named)))
            }
            UpgradeStep::Route(route) => id.local == route.from || id.local == route.by,
            _ => false,
        })
}
