//! A migration plan: the loaded packs' upgrade scripts compiled once, so that migrating one more
//! character costs only what that character needs.
//!
//! Why: an app or a batch (`opencharacter migrate --jsonl`) migrates many characters against one
//! ruleset. Per character, [`crate::migrate`] used to sort each pack's scripts, format each
//! script's name, rebuild the rename chain a `route` follows to find its `by` field, copy each
//! route's case words and parse every formula of the sheet a `routeLive` asks about. None of that
//! depends on the character: the plan does it once. What remains per character is the steps that
//! apply from the version it was saved with, each touching only the values it names.

use opencharacter_sheet::Evaluator;
use opencharacter_spec::ids::{FieldId, PackId, QualifiedFieldId};
use opencharacter_spec::model::upgrade::RouteLive;
use opencharacter_spec::model::{Character, Ruleset, Upgrade, UpgradeStep};
use semver::Version;

use crate::apply::{qualify, renamed};
use crate::report::MigrationReport;

/// The loaded packs' upgrade scripts compiled for one ruleset: which scripts apply from which
/// version, in order, with what each step needs that does not depend on a character.
///
/// A plan holds a sheet evaluator whose formula cache is filled as characters are migrated, so it
/// is used from one thread; a batch over several threads makes one plan per thread (building one
/// costs about as much as migrating one character).
///
/// ```
/// use opencharacter_migrate::{Plan, migrate};
/// use opencharacter_spec::model::{Character, Ruleset};
///
/// let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
///     "packs": [{"id": "demo", "version": "0.2.0", "specVersion": "1.3.0",
///                "license": "CC0-1.0", "defaultLanguage": "en"}],
///     "fields": {"demo:experience": {"type": "number"}},
///     "upgrades": {"demo": [{"from": "0.1.0", "to": "0.2.0",
///         "steps": [{"rename": {"kind": "field", "from": "xp", "to": "experience"}}]}]}
/// }))?;
/// let plan = Plan::new(&ruleset);
/// for xp in [0, 300, 900] {
///     let saved: Character = serde_json::from_value(serde_json::json!({
///         "packs": {"demo": "0.1.0"}, "fields": {"demo:xp": xp}
///     }))?;
///     // The same result as the one-off call, without compiling the scripts again.
///     assert_eq!(plan.migrate(saved.clone()), migrate(&ruleset, saved));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Plan<'r> {
    pub(crate) ruleset: &'r Ruleset,
    pub(crate) packs: Vec<PackPlan<'r>>,
    /// Evaluates the migrated character's sheet for a `routeLive`, parsing each formula once
    /// across characters.
    pub(crate) evaluator: Evaluator<'r>,
}

/// One loaded pack: its version and its scripts in order of `from`.
#[derive(Debug)]
pub(crate) struct PackPlan<'r> {
    pub(crate) id: &'r PackId,
    pub(crate) version: &'r Version,
    pub(crate) scripts: Vec<ScriptPlan<'r>>,
    /// Every `routeLive` of the scripts up to the loaded version, in order: (script, step
    /// index, step). They run on every read.
    pub(crate) live: Vec<(usize, usize, &'r RouteLive)>,
}

/// One script.
#[derive(Debug)]
pub(crate) struct ScriptPlan<'r> {
    pub(crate) upgrade: &'r Upgrade,
    /// `<from>-to-<to>`, as the report names it.
    pub(crate) name: String,
    /// For each step that is a `route`, what it reads; `None` for other steps.
    pub(crate) routes: Vec<Option<RoutePlan>>,
}

/// What a `route` step reads, settled once.
#[derive(Debug)]
pub(crate) struct RoutePlan {
    /// Where the `by` text may be: the field itself, then where the renames of earlier (and the
    /// same) scripts of the pack moved it, qualified.
    pub(crate) by: Vec<QualifiedFieldId>,
    /// Each case's words.
    pub(crate) cases: Vec<Vec<String>>,
}

impl<'r> Plan<'r> {
    /// Compiles the ruleset's upgrade scripts.
    pub fn new(ruleset: &'r Ruleset) -> Self {
        let packs = ruleset
            .packs
            .iter()
            .map(|pack| {
                let mut upgrades: Vec<&Upgrade> = ruleset
                    .upgrades
                    .get(&pack.id)
                    .map(|list| list.iter().collect())
                    .unwrap_or_default();
                // In order of `from` (a release keeps them so; a hand-made ruleset may not).
                upgrades.sort_by(|a, b| a.from.cmp(&b.from).then(a.to.cmp(&b.to)));
                let scripts: Vec<ScriptPlan<'_>> = upgrades
                    .iter()
                    .map(|upgrade| ScriptPlan {
                        upgrade,
                        name: format!("{}-to-{}", upgrade.from, upgrade.to),
                        routes: upgrade
                            .steps
                            .iter()
                            .map(|step| match step {
                                UpgradeStep::Route(route) => Some(RoutePlan {
                                    by: by_chain(&pack.id, &upgrades, upgrade, &route.by),
                                    cases: route.cases.iter().map(|c| c.words.clone()).collect(),
                                }),
                                _ => None,
                            })
                            .collect(),
                    })
                    .collect();
                let live =
                    scripts
                        .iter()
                        .enumerate()
                        .filter(|(_, script)| script.upgrade.to <= pack.version)
                        .flat_map(|(at, script)| {
                            script.upgrade.steps.iter().enumerate().filter_map(
                                move |(index, step)| match step {
                                    UpgradeStep::RouteLive(route) => Some((at, index, route)),
                                    _ => None,
                                },
                            )
                        })
                        .collect();
                PackPlan {
                    id: &pack.id,
                    version: &pack.version,
                    scripts,
                    live,
                }
            })
            .collect();
        Plan {
            ruleset,
            packs,
            evaluator: Evaluator::new(ruleset),
        }
    }

    /// Migrates one character (see [`crate::migrate`]; the same result).
    pub fn migrate(&self, character: Character) -> (Character, MigrationReport) {
        crate::apply::run(self, character)
    }
}

/// The fields a route's `by` may be saved under: `by`, then, for a character saved after a rename
/// of it (in any script of the pack up to the route's), the field that rename (and those after it)
/// moved it to.
fn by_chain(
    pack: &PackId,
    scripts: &[&Upgrade],
    current: &Upgrade,
    by: &FieldId,
) -> Vec<QualifiedFieldId> {
    let mut chain = vec![by.clone()];
    for upgrade in scripts {
        if upgrade.from > current.from {
            // Only renames of shapes earlier than the route's: `by` names an old field.
            break;
        }
        for step in &upgrade.steps {
            if let UpgradeStep::Rename(rename) = step
                && let Some(next) = chain.last().and_then(|last| renamed(last, rename))
            {
                chain.push(next);
            }
        }
    }
    chain.iter().map(|id| qualify(pack, id)).collect()
}
