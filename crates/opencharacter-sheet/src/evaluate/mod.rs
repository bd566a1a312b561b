//! `evaluate`: a character's whole sheet, computed against a ruleset.
//!
//! The order, documented in `docs/spec/characters.md#how-a-sheet-is-computed`:
//!
//! 1. settings: each setting's default, then the character's setup, then the caller's;
//! 2. owned content: the listed items (with their templates), the picks of answered choices
//!    that are offered, and grants whose condition holds, transitively;
//! 3. fields and pools in dependency order (a `petgraph` graph over each formula's names and the
//!    names of the effects on it): a field's base value (formula, stored value, default), then
//!    its effects in the fixed order `set`, `best`, `add`, `min`, `max` (and the same for a
//!    bound an effect changes);
//! 4. steps 2–3 again while the owned content changes (grant conditions read fields), at most
//!    [`EvaluateOptions::max_passes`] times;
//! 5. live state, lists, the purse, owned items' properties, rolls, and the rules issues.
//!
//! One module a step: `settings` (1), `ownership` (2, with `classes` for the levels an owned
//! entry holds, and `variants` for a variant applied to its base), `fields` (3; reading one
//! formula is `formulas`, an owned item's effects with its properties read in and scaled by
//! quantity `item_effects`), this module's pass loop (4), and for step 5 `after` with `live`,
//! `resources` (what content carries), `issues` and `items`, plus `purse`; `sheet` holds the
//! result types.

mod active;
mod after;
mod classes;
mod fields;
mod formulas;
mod issues;
mod item_effects;
mod items;
mod live;
mod ownership;
mod purse;
mod resources;
mod settings;
mod sheet;
mod stat_block;
mod variants;

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use opencharacter_formula::Value;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::{QualifiedContentId, QualifiedFieldId};
use opencharacter_spec::model::{Character, Ruleset, Scalar, ValueType};

use self::after::After;
use self::fields::evaluate_fields;
use self::ownership::collect_owned;
pub(crate) use self::ownership::{Owned, item_property_types, item_type_def};
use self::purse::purse;
pub use self::resources::{RegainValue, ResourceValue};
use self::settings::settings;
pub use self::sheet::{
    AppliedEffect, EffectSource, FieldValue, Origin, OwnedItem, PoolValue, PurseFamily, Sheet,
    TrackValue, ValueSource, WoundTrackValue,
};
pub use self::stat_block::{StatBlockError, evaluate_stat_block, stat_block_character};
use crate::engine::Engine;
use crate::holdings::Holdings;
use crate::rolls;

/// How to evaluate.
#[derive(Debug, Clone, PartialEq)]
pub struct EvaluateOptions {
    /// Settings the game picked, by qualified setting ID; they win over the character's own
    /// setup. A character of a game passes the game's settings here.
    pub settings: IndexMap<QualifiedFieldId, Scalar>,
    /// Most passes over grants whose conditions read fields (default 8).
    pub max_passes: usize,
    /// Most content items a character may own, counting grants (default 10,000).
    pub max_owned: usize,
    /// Situational choices taken (half cover): their `modify` effects apply to the whole sheet,
    /// as rules effects under the choice's ID, so what reads a modified field follows it.
    /// [`Sheet::action_roll`] fills this for a roll; a plain sheet takes none.
    pub situational: Vec<QualifiedFieldId>,
    /// How owned items' rolls are read: against a target's AC or DC, a target's save
    /// modifier, parameter ranges, situational choices' dice and bonuses. The ruleset's actions
    /// keep their ladder ([`Sheet::action_roll`] reads one with options).
    /// [`Sheet::content_rolls`] fills this.
    pub rolls: crate::rolls::RollOptions,
    /// Evaluate a stat block's sheet: the character's first listed item is a content item
    /// whose type declares a `statBlock`, whose effects and `owns` apply; link slots and
    /// choices, which are about building a character, are not checked.
    /// [`evaluate_stat_block`] sets it.
    pub stat_block: bool,
}

impl Default for EvaluateOptions {
    fn default() -> Self {
        EvaluateOptions {
            settings: IndexMap::new(),
            max_passes: 8,
            max_owned: 10_000,
            situational: Vec::new(),
            rolls: crate::rolls::RollOptions::default(),
            stat_block: false,
        }
    }
}

/// Evaluates a character against a ruleset. Never fails: what cannot be computed is left
/// without a value and explained in [`Sheet::issues`], together with the rules issues of
/// `check_character` and those evaluation finds.
///
/// ```
/// use opencharacter_sheet::{EvaluateOptions, evaluate};
/// use opencharacter_spec::model::{Character, Ruleset};
///
/// let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
///     "packs": [{"id": "g", "version": "1.0.0", "specVersion": "1.0.0",
///                "license": "CC0-1.0", "defaultLanguage": "en"}],
///     "fields": {
///         "g:abilities.str": {"type": "number", "default": 10},
///         "g:abilities.str.mod": {"type": "number", "formula": "floor((abilities.str - 10) / 2)"}
///     }
/// }))?;
/// let character: Character = opencharacter_spec::yaml::from_str(
///     "packs: { g: 1.0.0 }\nfields: { 'g:abilities.str': 15 }\n",
/// )?;
/// let sheet = evaluate(&ruleset, &character, &EvaluateOptions::default());
/// assert_eq!(sheet.integer("g:abilities.str.mod"), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(ruleset: &Ruleset, character: &Character, options: &EvaluateOptions) -> Sheet {
    Evaluator::new(ruleset).evaluate(character, options)
}

/// Evaluates characters against one ruleset, parsing each of its formulas once across
/// evaluations: what an app holds while a ruleset is loaded.
///
/// ```
/// use opencharacter_sheet::{EvaluateOptions, Evaluator};
/// use opencharacter_spec::model::{Character, Ruleset};
///
/// let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
///     "packs": [{"id": "g", "version": "1.0.0", "specVersion": "1.0.0",
///                "license": "CC0-1.0", "defaultLanguage": "en"}],
///     "fields": {"g:level": {"type": "number", "default": 1},
///                "g:proficiency": {"type": "number", "formula": "2 + floor((level - 1) / 4)"}}
/// }))?;
/// let evaluator = Evaluator::new(&ruleset);
/// for (level, bonus) in [(1, 2), (5, 3), (17, 6)] {
///     let character: Character = serde_json::from_value(serde_json::json!({
///         "packs": {"g": "1.0.0"}, "fields": {"g:level": level}
///     }))?;
///     let sheet = evaluator.evaluate(&character, &EvaluateOptions::default());
///     assert_eq!(sheet.integer("g:proficiency"), Some(bonus));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Evaluator<'r> {
    ruleset: &'r Ruleset,
    parsed: crate::engine::ParseCache,
    dice: crate::rolls::DiceCache,
}

impl<'r> Evaluator<'r> {
    /// An evaluator over `ruleset`.
    pub fn new(ruleset: &'r Ruleset) -> Self {
        Evaluator {
            ruleset,
            parsed: Default::default(),
            dice: Default::default(),
        }
    }

    /// Evaluates a character (see [`evaluate`]).
    pub fn evaluate(&self, character: &Character, options: &EvaluateOptions) -> Sheet {
        evaluate_with(self.ruleset, character, options, &self.parsed, &self.dice)
    }
}

fn evaluate_with(
    ruleset: &Ruleset,
    character: &Character,
    options: &EvaluateOptions,
    parsed: &crate::engine::ParseCache,
    dice: &crate::rolls::DiceCache,
) -> Sheet {
    let mut engine = Engine::new(ruleset, character, parsed, dice);
    let mut issues = opencharacter_resolve::check_character(ruleset, character);
    let settings = settings(&mut engine, options, &mut issues);
    engine.situational.clone_from(&options.situational);
    engine.stat_block = options.stat_block;

    // Tracks, wound tracks and lists do not depend on fields: their values are known first.
    let mut preset: HashMap<QualifiedFieldId, Value> = HashMap::new();
    for (id, def) in &ruleset.tracks {
        let value = character
            .live
            .tracks
            .get(id)
            .copied()
            .or(def.default)
            .unwrap_or(def.min);
        preset.insert(id.clone(), Value::from(value));
    }
    for id in ruleset.wound_tracks.keys() {
        let marks = character.live.wound_tracks.get(id).map_or(0, Vec::len);
        preset.insert(id.clone(), Value::from(marks as i64));
    }
    for (id, def) in &ruleset.fields {
        if def.value_type == ValueType::List {
            let rows = character.lists.get(id).map_or(0, Vec::len);
            preset.insert(id.clone(), Value::from(rows as i64));
        }
    }

    let mut pass = Pass::default();
    let mut values = preset.clone();
    let mut previous: Option<Vec<QualifiedContentId>> = None;
    let mut stable = false;
    for _ in 0..options.max_passes.max(1) {
        pass = Pass::default();
        let owned = collect_owned(&engine, &values, options, &mut pass);
        let ids: Vec<QualifiedContentId> = owned.iter().map(|o| o.id.clone()).collect();
        pass.owned = owned;
        values = preset.clone();
        evaluate_fields(&engine, &mut pass, &mut values);
        if previous.as_ref() == Some(&ids) {
            stable = true;
            break;
        }
        previous = Some(ids);
    }
    if !stable {
        pass.diagnostics.push(
            Diagnostic::new(&codes::GRANTS_UNSTABLE).with_arg("passes", options.max_passes.max(1)),
        );
    }
    issues.append(&mut pass.diagnostics);
    issues.extend(active::check(character, &pass.owned));

    let holdings = Holdings::of(&pass.owned);
    let purse = purse(ruleset, character, &mut issues);
    let mut sheet = Sheet {
        fields: std::mem::take(&mut pass.fields),
        settings,
        pools: std::mem::take(&mut pass.pools),
        resources: Vec::new(),
        tracks: IndexMap::new(),
        wound_tracks: IndexMap::new(),
        lists: IndexMap::new(),
        purse,
        content: Vec::new(),
        rolls: Vec::new(),
        issues,
        values,
        owned: holdings,
        settings_values: engine.settings.clone(),
        options: options.clone(),
    };
    let mut after = After {
        engine: &engine,
        sheet: &mut sheet,
        failed: &pass.failed,
    };
    after.live();
    after.resources(&pass.owned);
    after.lists();
    after.bounds();
    after.constraints();
    if !options.stat_block {
        after.choices(&pass.owned);
        after.link_slots(&pass.owned);
    }
    after.deprecated(&pass.owned);
    after.granted_answers(&pass.owned);
    after.items(&pass.owned);
    let mut diagnostics = Vec::new();
    let rolls = rolls::sheet_rolls(
        &engine,
        &sheet,
        &pass.owned,
        &options.rolls,
        &mut diagnostics,
    );
    sheet.rolls = rolls;
    sheet.issues.append(&mut diagnostics);
    sheet
}

/// One pass's results.
#[derive(Default)]
pub(crate) struct Pass<'a> {
    pub(crate) owned: Vec<Owned<'a>>,
    pub(crate) fields: IndexMap<QualifiedFieldId, FieldValue>,
    pub(crate) pools: IndexMap<QualifiedFieldId, PoolValue>,
    pub(crate) failed: HashSet<QualifiedFieldId>,
    pub(crate) diagnostics: Diagnostics,
}
