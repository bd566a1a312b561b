//! `evaluate`: a character's whole sheet, computed against a ruleset.
//!
//! The order, documented in `docs/spec/characters.md#how-a-sheet-is-computed`:
//!
//! 1. settings: each setting's default, then the character's setup, then the caller's;
//! 2. owned content: the listed items (with their templates), the picks of answered choices
//!    that are offered, and grants whose condition holds, transitively;
//! 3. fields and pools in dependency order (a `petgraph` graph over each formula's names and the
//!    names of the effects on it): a field's base value (formula, stored value, default), then
//!    its effects in the fixed order `set`, `add`, `min`, `max`;
//! 4. steps 2–3 again while the owned content changes (grant conditions read fields), at most
//!    [`EvaluateOptions::max_passes`] times;
//! 5. live state, lists, the purse, owned items' properties, rolls, and the rules issues.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use opencharacter_formula::{Number, Value};
use opencharacter_resolve::NameKind;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::{
    FieldId, PackId, Qualified, QualifiedContentId, QualifiedFieldId, Reference,
};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::{
    Character, Choice, ContentItem, Effect, EffectOp, FieldDef, Ruleset, Scalar, ValueType,
};
use petgraph::graph::{DiGraph, NodeIndex};
use serde::Serialize;

use crate::engine::{Engine, Env, Extra};
use crate::rolls::{self, Roll};
use crate::value::{SheetValue, json_value, scalar_value};

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
}

impl Default for EvaluateOptions {
    fn default() -> Self {
        EvaluateOptions {
            settings: IndexMap::new(),
            max_passes: 8,
            max_owned: 10_000,
            situational: Vec::new(),
        }
    }
}

/// A character's computed sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Sheet {
    /// Every field of the ruleset, in ruleset order.
    pub fields: IndexMap<QualifiedFieldId, FieldValue>,
    /// Every setting's value.
    pub settings: IndexMap<QualifiedFieldId, SheetValue>,
    /// Pools, with their maxima evaluated for this character.
    pub pools: IndexMap<QualifiedFieldId, PoolValue>,
    /// Plain tracks.
    pub tracks: IndexMap<QualifiedFieldId, TrackValue>,
    /// Wound tracks.
    pub wound_tracks: IndexMap<QualifiedFieldId, WoundTrackValue>,
    /// List fields' rows, each with its columns' defaults filled in.
    pub lists: IndexMap<QualifiedFieldId, Vec<IndexMap<FieldId, SheetValue>>>,
    /// The purse, by currency family.
    pub purse: Vec<PurseFamily>,
    /// Everything the character owns: listed, granted and picked, in that order of discovery.
    pub content: Vec<OwnedItem>,
    /// The rolls the character can make: the ruleset's actions, then owned items' rolls.
    pub rolls: Vec<Roll>,
    /// Rules issues and evaluation problems, each with the character path it concerns.
    #[serde(skip)]
    pub issues: Diagnostics,
    /// Every name's value, for analysing rolls later.
    #[serde(skip)]
    pub(crate) values: HashMap<QualifiedFieldId, Value>,
    /// Owned content counts, for analysing rolls later.
    #[serde(skip)]
    pub(crate) owned: HashMap<QualifiedContentId, i64>,
    #[serde(skip)]
    pub(crate) settings_values: HashMap<QualifiedFieldId, Value>,
    /// The options the sheet was evaluated with, to evaluate it again for a roll's situational
    /// choices.
    #[serde(skip)]
    pub(crate) options: EvaluateOptions,
}

impl Sheet {
    /// A field's final value.
    pub fn value(&self, field: &str) -> Option<&SheetValue> {
        let id: QualifiedFieldId = field.parse().ok()?;
        self.fields.get(&id)?.value.as_ref()
    }

    /// A field's final value as a whole number.
    pub fn integer(&self, field: &str) -> Option<i64> {
        self.value(field)?.as_integer()
    }

    /// Whether the character owns a content item (listed, granted or picked).
    pub fn owns(&self, content: &str) -> bool {
        content
            .parse::<QualifiedContentId>()
            .is_ok_and(|id| self.owned.get(&id).is_some_and(|n| *n > 0))
    }

    /// The roll with this ID (`pack:action`, or `item:<content-id>:<property>`).
    pub fn roll(&self, id: &str) -> Option<&Roll> {
        self.rolls.iter().find(|roll| roll.id == id)
    }
}

/// A field's value and where it came from, for a tooltip.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldValue {
    /// The final value; none when it could not be computed (see the sheet's issues).
    pub value: Option<SheetValue>,
    /// The value before effects.
    pub base: Option<SheetValue>,
    /// Where the base value came from.
    pub source: ValueSource,
    /// The effects that changed it, in the order they applied.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<AppliedEffect>,
    /// Whether its `hideWhen` holds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// Where a field's base value came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ValueSource {
    /// Its formula (a derived field).
    Formula {
        /// The formula as written.
        formula: String,
    },
    /// The character file.
    Stored,
    /// The field's `default`.
    Default,
    /// Nothing: the type's empty value (0, false, "").
    Empty,
}

/// An effect that applied to a field.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppliedEffect {
    /// Who it comes from.
    pub from: EffectSource,
    /// How it changed the field.
    pub op: EffectOp,
    /// The effect's formula as written.
    pub formula: String,
    /// What the formula gave.
    pub value: SheetValue,
}

/// Where an effect comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum EffectSource {
    /// A rules document's always-on effect, or the `modify` of a situational choice taken for a
    /// roll (the choice's ID).
    Rules {
        /// Its qualified ID.
        id: QualifiedFieldId,
    },
    /// An owned content item (or a template on the character's copy of it).
    Content {
        /// The item.
        id: QualifiedContentId,
        /// The template the effect comes with, when it does.
        #[serde(skip_serializing_if = "Option::is_none")]
        template: Option<QualifiedContentId>,
    },
}

/// A pool: its current value and its maximum for this character.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PoolValue {
    /// The current value (saved, or where a new pool starts).
    pub current: Option<SheetValue>,
    /// The maximum.
    pub max: Option<SheetValue>,
    /// Whether its `hideWhen` holds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// A plain track.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackValue {
    /// The current value.
    pub value: i64,
    /// The lowest value.
    pub min: i64,
    /// The highest value.
    pub max: Option<SheetValue>,
    /// Whether its `hideWhen` holds.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

/// A wound track.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WoundTrackValue {
    /// How many boxes.
    pub boxes: Option<SheetValue>,
    /// The marks, box by box.
    pub marks: Vec<FieldId>,
    /// The penalty the marks give, when the track has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub penalty: Option<SheetValue>,
}

/// The coins of one currency family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PurseFamily {
    /// The family.
    pub family: QualifiedFieldId,
    /// Coins carried, by unit, in the family's order (units not carried left out).
    pub coins: IndexMap<FieldId, u64>,
    /// Their worth in the family's smallest unit (saturating).
    pub total: u64,
    /// The smallest unit.
    pub smallest: Option<FieldId>,
}

/// How the character came to own an item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Origin {
    /// Listed in the character's `content`, at this index.
    Listed {
        /// The index in the character's `content`.
        index: usize,
    },
    /// Granted by an owned item.
    Granted {
        /// The granting item.
        by: QualifiedContentId,
    },
    /// Picked for a choice.
    Picked {
        /// The choice: a rules choice's qualified ID, or `<item>/<choice>` for an item's own.
        choice: String,
    },
}

/// An owned content item as the character holds it (templates applied).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnedItem {
    /// The item.
    pub id: QualifiedContentId,
    /// How it came to be owned.
    pub origin: Origin,
    /// How many.
    pub quantity: u32,
    /// The link slot it fills.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<QualifiedFieldId>,
    /// Templates on the character's copy, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub templates: Vec<QualifiedContentId>,
    /// Whether a pack hides it (it still counts).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Whether it is only carried: listed without filling a slot that its type could fill. It
    /// counts for `has` and `count`, but its effects and grants wait until it fills a slot.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub carried: bool,
    /// Its properties: `formula` properties evaluated for this character, the rest as written.
    pub properties: IndexMap<FieldId, serde_json::Value>,
    /// Its tags (with those templates add).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
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

    let counts = counts(&pass.owned);
    let mut sheet = Sheet {
        fields: std::mem::take(&mut pass.fields),
        settings,
        pools: std::mem::take(&mut pass.pools),
        tracks: IndexMap::new(),
        wound_tracks: IndexMap::new(),
        lists: IndexMap::new(),
        purse: purse(ruleset, character),
        content: Vec::new(),
        rolls: Vec::new(),
        issues,
        values,
        owned: counts,
        settings_values: engine.settings.clone(),
        options: options.clone(),
    };
    let mut after = After {
        engine: &engine,
        sheet: &mut sheet,
        failed: &pass.failed,
    };
    after.live();
    after.lists();
    after.bounds();
    after.constraints();
    after.choices(&pass.owned);
    after.link_slots(&pass.owned);
    after.deprecated(&pass.owned);
    after.items(&pass.owned);
    let rolls = rolls::sheet_rolls(&engine, &sheet, &pass.owned);
    sheet.rolls = rolls;
    sheet
}

fn settings(
    engine: &mut Engine<'_>,
    options: &EvaluateOptions,
    issues: &mut Diagnostics,
) -> IndexMap<QualifiedFieldId, SheetValue> {
    let ruleset = engine.ruleset;
    let mut out = IndexMap::new();
    let chosen = engine
        .character
        .setup
        .iter()
        .flat_map(|setup| setup.settings.iter())
        .chain(options.settings.iter());
    let mut picked: IndexMap<&QualifiedFieldId, &Scalar> = IndexMap::new();
    for (id, value) in chosen {
        picked.insert(id, value);
    }
    for (id, def) in &ruleset.settings {
        let value = picked
            .get(id)
            .and_then(|v| scalar_value(v))
            .or_else(|| scalar_value(&def.default));
        if let Some(value) = value {
            engine.settings.insert(id.clone(), value.clone());
            out.insert(id.clone(), SheetValue(value));
        }
    }
    for id in picked.keys() {
        if !ruleset.settings.contains_key(*id) {
            issues.push(
                Diagnostic::new(&codes::SHEET_REFERENCE_UNKNOWN)
                    .with_arg("name", id)
                    .with_arg("kind", "setting")
                    .with_pointer(format!(
                        "/setup/settings/{}",
                        escape_segment(&id.to_string())
                    )),
            );
        }
    }
    out
}

/// One pass's results.
#[derive(Default)]
struct Pass<'a> {
    owned: Vec<Owned<'a>>,
    fields: IndexMap<QualifiedFieldId, FieldValue>,
    pools: IndexMap<QualifiedFieldId, PoolValue>,
    failed: HashSet<QualifiedFieldId>,
    diagnostics: Diagnostics,
}

/// An owned item during evaluation.
pub(crate) struct Owned<'a> {
    pub(crate) id: QualifiedContentId,
    pub(crate) item: Cow<'a, ContentItem>,
    /// The pack whose names its formulas read.
    pub(crate) ctx: PackId,
    pub(crate) quantity: u32,
    pub(crate) slot: Option<QualifiedFieldId>,
    pub(crate) origin: Origin,
    pub(crate) templates: Vec<QualifiedContentId>,
    /// Effects that came with templates, with the template.
    pub(crate) template_effects: Vec<(QualifiedContentId, Effect)>,
    pub(crate) hidden: bool,
    /// Listed without filling a slot its type could fill: carried, not in use. Its effects
    /// and grants wait until it fills one.
    pub(crate) carried: bool,
    pub(crate) pointer: Option<String>,
}

fn counts(owned: &[Owned<'_>]) -> HashMap<QualifiedContentId, i64> {
    let mut counts = HashMap::new();
    for item in owned {
        *counts.entry(item.id.clone()).or_insert(0) += i64::from(item.quantity);
    }
    counts
}

/// The content item with this ID, from the ruleset or the character's homebrew.
fn lookup<'a>(engine: &Engine<'a>, id: &QualifiedContentId) -> Option<(&'a ContentItem, bool)> {
    if id.pack.is_homebrew() {
        return engine
            .character
            .homebrew
            .content
            .get(&id.local)
            .map(|i| (i, false));
    }
    engine
        .ruleset
        .content
        .get(id)
        .map(|c| (&c.item, c.hidden()))
}

/// Whether a condition holds; a condition that cannot be evaluated does not.
fn holds(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    when: Option<&opencharacter_spec::model::Formula>,
) -> bool {
    let Some(when) = when else { return true };
    match &*engine.parse(when.as_str()) {
        Ok(expr) => matches!(env.value(expr), Ok(Value::Bool(true))),
        Err(_) => false,
    }
}

/// Step 2: what the character owns, given the field values of the previous pass.
fn collect_owned<'a>(
    engine: &Engine<'a>,
    values: &HashMap<QualifiedFieldId, Value>,
    options: &EvaluateOptions,
    pass: &mut Pass<'a>,
) -> Vec<Owned<'a>> {
    let character = engine.character;
    let mut owned: Vec<Owned<'a>> = Vec::new();
    let mut seen: HashSet<QualifiedContentId> = HashSet::new();
    // The content types some link slot takes: an item of one of them is in use only in a slot.
    let slottable: HashSet<QualifiedFieldId> = engine
        .ruleset
        .link_slots
        .iter()
        .flat_map(|(slot, def)| {
            def.types
                .iter()
                .filter_map(|t| engine.resolve_kind(&slot.pack, t, NameKind::ContentType))
        })
        .collect();
    for (index, listed) in character.content.iter().enumerate() {
        let Some((item, hidden)) = lookup(engine, &listed.id) else {
            continue; // check_character reports it.
        };
        let mut item = Cow::Borrowed(item);
        let mut template_effects = Vec::new();
        for template_id in &listed.templates {
            apply_template(
                engine,
                template_id,
                &listed.id,
                index,
                &mut item,
                &mut template_effects,
                pass,
            );
        }
        seen.insert(listed.id.clone());
        let carried = listed.slot.is_none()
            && item_type(engine, &listed.id.pack, item.content_type.as_ref())
                .is_some_and(|t| slottable.contains(&t));
        owned.push(Owned {
            id: listed.id.clone(),
            item,
            ctx: listed.id.pack.clone(),
            quantity: listed.quantity,
            slot: listed.slot.clone(),
            origin: Origin::Listed { index },
            templates: listed.templates.clone(),
            template_effects,
            hidden,
            carried,
            pointer: Some(format!("/content/{index}")),
        });
    }
    // The counts so far, for conditions that ask what is owned; grants are added as found.
    let no_owned = HashMap::new();
    let env_values = values;

    // Picks of offered character-level choices.
    for (choice_id, picks) in &character.choices {
        let Some(choice) = engine.ruleset.choices.get(choice_id) else {
            continue;
        };
        let env = Env {
            engine,
            ctx: &choice_id.pack,
            values: env_values,
            owned: &no_owned,
            extra: None,
        };
        if !holds(&env, engine, choice.when.as_ref()) {
            continue;
        }
        for (i, pick) in picks.iter().enumerate() {
            let pointer = format!("/choices/{}/{i}", escape_segment(&choice_id.to_string()));
            push_new(
                engine,
                &mut owned,
                &mut seen,
                pick,
                Origin::Picked {
                    choice: choice_id.to_string(),
                },
                Some(pointer),
            );
        }
    }

    // Grants and item choices, breadth first over what is owned.
    let mut next = 0;
    // Counts of what is owned so far, kept up to date as items are added.
    let mut running: HashMap<QualifiedContentId, i64> = HashMap::new();
    let mut counted = 0;
    while next < owned.len() {
        if owned.len() > options.max_owned {
            pass.diagnostics.push(
                Diagnostic::new(&codes::SHEET_LIMIT)
                    .with_arg("what", "owned content items")
                    .with_arg("limit", options.max_owned),
            );
            owned.truncate(options.max_owned);
            break;
        }
        for o in &owned[counted..] {
            *running.entry(o.id.clone()).or_insert(0) += i64::from(o.quantity);
        }
        counted = owned.len();
        let counts = &running;
        let (ctx, id, grants, item_choices, listed_index) = {
            let o = &owned[next];
            // A carried item grants nothing until it fills a slot.
            let grants: Vec<_> = if o.carried {
                Vec::new()
            } else {
                o.item.grants.iter().flatten().cloned().collect()
            };
            let listed = match o.origin {
                Origin::Listed { index } => Some(index),
                _ => None,
            };
            (
                o.ctx.clone(),
                o.id.clone(),
                grants,
                o.item.choices.clone(),
                listed,
            )
        };
        next += 1;
        let env = Env {
            engine,
            ctx: &ctx,
            values: env_values,
            owned: counts,
            extra: None,
        };
        for grant in &grants {
            if !holds(&env, engine, grant.when.as_ref()) {
                continue;
            }
            match engine.resolve_content(&ctx, &grant.item) {
                Some(granted) => push_new(
                    engine,
                    &mut owned,
                    &mut seen,
                    &granted,
                    Origin::Granted { by: id.clone() },
                    None,
                ),
                None => pass.diagnostics.push(
                    Diagnostic::new(&codes::SHEET_REFERENCE_UNKNOWN)
                        .with_arg("name", &grant.item)
                        .with_arg("kind", "granted content")
                        .with_pack(ctx.clone()),
                ),
            }
        }
        // Only a listed item carries its answers (granted items have no place in the file).
        let (Some(index), Some(item_choices)) = (listed_index, item_choices) else {
            continue;
        };
        let listed = &character.content[index];
        for (choice_id, choice) in &item_choices {
            let Some(picks) = listed.choices.get(choice_id) else {
                continue;
            };
            if !holds(&env, engine, choice.when.as_ref()) {
                continue;
            }
            for (i, pick) in picks.iter().enumerate() {
                let pointer = format!(
                    "/content/{index}/choices/{}/{i}",
                    escape_segment(choice_id.as_str())
                );
                push_new(
                    engine,
                    &mut owned,
                    &mut seen,
                    pick,
                    Origin::Picked {
                        choice: format!("{id}/{choice_id}"),
                    },
                    Some(pointer),
                );
            }
        }
    }
    owned
}

/// Adds granted or picked content, once: what the character already owns adds nothing.
fn push_new<'a>(
    engine: &Engine<'a>,
    owned: &mut Vec<Owned<'a>>,
    seen: &mut HashSet<QualifiedContentId>,
    id: &QualifiedContentId,
    origin: Origin,
    pointer: Option<String>,
) {
    if seen.contains(id) {
        return;
    }
    let Some((item, hidden)) = lookup(engine, id) else {
        return;
    };
    seen.insert(id.clone());
    owned.push(Owned {
        id: id.clone(),
        item: Cow::Borrowed(item),
        ctx: id.pack.clone(),
        quantity: 1,
        slot: None,
        origin,
        templates: Vec::new(),
        template_effects: Vec::new(),
        hidden,
        carried: false,
        pointer,
    });
}

/// An item's content type, qualified (a local type resolves from the item's pack).
fn item_type(
    engine: &Engine<'_>,
    ctx: &PackId,
    content_type: Option<&Reference<FieldId>>,
) -> Option<QualifiedFieldId> {
    match content_type? {
        Reference::Qualified(q) => Some(q.clone()),
        local => engine.resolve_kind(ctx, local, NameKind::ContentType),
    }
}

/// Applies a template to the character's copy of an item: properties replace, tags, effects
/// and grants are added. The pack's item is never changed.
fn apply_template<'a>(
    engine: &Engine<'a>,
    template_id: &QualifiedContentId,
    item_id: &QualifiedContentId,
    index: usize,
    item: &mut Cow<'a, ContentItem>,
    template_effects: &mut Vec<(QualifiedContentId, Effect)>,
    pass: &mut Pass<'a>,
) {
    let template = if template_id.pack.is_homebrew() {
        engine.character.homebrew.templates.get(&template_id.local)
    } else {
        engine.ruleset.templates.get(template_id)
    };
    let Some(template) = template else { return }; // check_character reports it.
    if !template.applies_to.is_empty() {
        let ctx = &template_id.pack;
        let item_type = item.content_type.as_ref().and_then(|t| match t {
            Reference::Qualified(q) => Some(q.clone()),
            Reference::Local(_) => engine.resolve_kind(&item_id.pack, t, NameKind::ContentType),
        });
        let fits = template.applies_to.iter().any(|wanted| {
            let wanted = engine.resolve_kind(ctx, wanted, NameKind::ContentType);
            wanted.is_some() && wanted == item_type
                || homebrew_type(wanted.as_ref(), item.content_type.as_ref())
        });
        if !fits {
            pass.diagnostics.push(
                Diagnostic::new(&codes::TEMPLATE_NOT_APPLICABLE)
                    .with_arg("template", template_id)
                    .with_arg("id", item_id)
                    .with_pointer(format!("/content/{index}/templates")),
            );
            return;
        }
    }
    let copy = item.to_mut();
    for (key, value) in &template.properties {
        copy.properties.insert(key.clone(), value.clone());
    }
    if !template.add_tags.is_empty() {
        let tags = copy.tags.get_or_insert_with(Vec::new);
        for tag in &template.add_tags {
            if !tags.contains(tag) {
                tags.push(tag.clone());
            }
        }
    }
    if !template.grants.is_empty() {
        copy.grants
            .get_or_insert_with(Vec::new)
            .extend(template.grants.iter().cloned());
    }
    for effect in &template.effects {
        template_effects.push((template_id.clone(), effect.clone()));
    }
}

/// A homebrew content type matches itself by qualified reference.
fn homebrew_type(
    wanted: Option<&QualifiedFieldId>,
    item_type: Option<&Reference<FieldId>>,
) -> bool {
    matches!((wanted, item_type), (Some(w), Some(Reference::Qualified(t))) if w == t)
}

/// An effect waiting to apply, with where it comes from.
struct PendingEffect<'e> {
    effect: Cow<'e, Effect>,
    ctx: PackId,
    from: EffectSource,
}

/// A node of the dependency graph.
#[derive(Clone, Copy)]
enum Node<'a> {
    Field(&'a QualifiedFieldId, &'a FieldDef),
    Pool(
        &'a QualifiedFieldId,
        &'a opencharacter_spec::model::rules::PoolDef,
    ),
}

/// Step 3: fields and pools in dependency order, effects applied.
fn evaluate_fields<'a>(
    engine: &Engine<'a>,
    pass: &mut Pass<'a>,
    values: &mut HashMap<QualifiedFieldId, Value>,
) {
    let ruleset = engine.ruleset;
    let owned_counts = counts(&pass.owned);

    // Effects by target.
    let mut effects: HashMap<QualifiedFieldId, Vec<PendingEffect<'a>>> = HashMap::new();
    let mut add_effect = |engine: &Engine<'a>,
                          diagnostics: &mut Diagnostics,
                          effect: Cow<'a, Effect>,
                          ctx: PackId,
                          from: EffectSource| {
        match engine.resolve_kind(&ctx, &effect.target, NameKind::Field) {
            Some(target) => {
                effects
                    .entry(target)
                    .or_default()
                    .push(PendingEffect { effect, ctx, from })
            }
            None => diagnostics.push(
                Diagnostic::new(&codes::SHEET_REFERENCE_UNKNOWN)
                    .with_arg("name", &effect.target)
                    .with_arg("kind", "effect target")
                    .with_pack(ctx),
            ),
        }
    };
    for (id, effect) in &ruleset.effects {
        add_effect(
            engine,
            &mut pass.diagnostics,
            Cow::Borrowed(effect),
            id.pack.clone(),
            EffectSource::Rules { id: id.clone() },
        );
    }
    for id in &engine.situational {
        // An unknown choice is the roll's to report (`action_roll` refuses it).
        let Some(choice) = ruleset.situational_choices.get(id) else {
            continue;
        };
        for effect in &choice.modify {
            add_effect(
                engine,
                &mut pass.diagnostics,
                Cow::Borrowed(effect),
                id.pack.clone(),
                EffectSource::Rules { id: id.clone() },
            );
        }
    }
    for owned in pass.owned.iter().filter(|o| !o.carried) {
        let item_effects: Vec<Cow<'a, Effect>> = match &owned.item {
            Cow::Borrowed(item) => item.effects.iter().flatten().map(Cow::Borrowed).collect(),
            Cow::Owned(item) => item
                .effects
                .iter()
                .flatten()
                .cloned()
                .map(Cow::Owned)
                .collect(),
        };
        for effect in item_effects {
            add_effect(
                engine,
                &mut pass.diagnostics,
                effect,
                owned.ctx.clone(),
                EffectSource::Content {
                    id: owned.id.clone(),
                    template: None,
                },
            );
        }
        for (template, effect) in &owned.template_effects {
            add_effect(
                engine,
                &mut pass.diagnostics,
                Cow::Owned(effect.clone()),
                template.pack.clone(),
                EffectSource::Content {
                    id: owned.id.clone(),
                    template: Some(template.clone()),
                },
            );
        }
    }

    // The graph: an edge from each name a node reads to the node.
    let mut nodes: Vec<Node<'a>> = Vec::new();
    let mut index: HashMap<&QualifiedFieldId, usize> = HashMap::new();
    for (id, def) in &ruleset.fields {
        if def.value_type == ValueType::List {
            continue;
        }
        index.insert(id, nodes.len());
        nodes.push(Node::Field(id, def));
    }
    for (id, def) in &ruleset.pools {
        index.insert(id, nodes.len());
        nodes.push(Node::Pool(id, def));
    }
    let mut graph: DiGraph<usize, ()> = DiGraph::with_capacity(nodes.len(), nodes.len() * 2);
    let handles: Vec<NodeIndex> = (0..nodes.len()).map(|i| graph.add_node(i)).collect();
    let reads = |graph: &mut DiGraph<usize, ()>, to: usize, ctx: &PackId, text: &str| {
        if let Ok(expr) = &*engine.parse(text) {
            for name in expr.references().fields {
                let (pack, name) = match name.strip_prefix('@').and_then(|n| n.split_once(':')) {
                    Some((pack, name)) => (Some(pack), name),
                    None => (None, name.as_str()),
                };
                if let Some(id) = engine.name(ctx, pack, name)
                    && let Some(&from) = index.get(&id)
                {
                    graph.update_edge(handles[from], handles[to], ());
                }
            }
        }
    };
    for (i, node) in nodes.iter().enumerate() {
        match node {
            Node::Field(id, def) => {
                if let Some(formula) = &def.formula {
                    reads(&mut graph, i, &id.pack, formula.as_str());
                }
                if let Some(when) = &def.hide_when {
                    reads(&mut graph, i, &id.pack, when.as_str());
                }
                for pending in effects.get(*id).into_iter().flatten() {
                    reads(&mut graph, i, &pending.ctx, pending.effect.value.as_str());
                    if let Some(when) = &pending.effect.when {
                        reads(&mut graph, i, &pending.ctx, when.as_str());
                    }
                }
            }
            Node::Pool(id, def) => {
                reads(&mut graph, i, &id.pack, def.max.as_str());
                if let Some(when) = &def.hide_when {
                    reads(&mut graph, i, &id.pack, when.as_str());
                }
            }
        }
    }

    // Strongly connected components come in reverse topological order.
    let mut components = petgraph::algo::tarjan_scc(&graph);
    components.reverse();
    let mut fields: IndexMap<QualifiedFieldId, FieldValue> = IndexMap::new();
    let mut pools: IndexMap<QualifiedFieldId, PoolValue> = IndexMap::new();
    for mut component in components {
        let cyclic = component.len() > 1 || graph.contains_edge(component[0], component[0]);
        if cyclic {
            component.sort_by_key(|h| graph[*h]);
            let names: Vec<String> = component
                .iter()
                .map(|h| match nodes[graph[*h]] {
                    Node::Field(id, _) | Node::Pool(id, _) => id.to_string(),
                })
                .collect();
            let first = names.first().cloned().unwrap_or_default();
            let cycle = format!("{} → {first}", names.join(" → "));
            pass.diagnostics
                .push(Diagnostic::new(&codes::FIELD_CYCLE).with_arg("cycle", cycle));
            for h in component {
                match nodes[graph[h]] {
                    Node::Field(id, _) => {
                        pass.failed.insert(id.clone());
                        fields.insert(
                            id.clone(),
                            FieldValue {
                                value: None,
                                base: None,
                                source: ValueSource::Empty,
                                effects: Vec::new(),
                                hidden: false,
                            },
                        );
                    }
                    Node::Pool(id, _) => {
                        pass.failed.insert(id.clone());
                        pools.insert(
                            id.clone(),
                            PoolValue {
                                current: None,
                                max: None,
                                hidden: false,
                            },
                        );
                    }
                }
            }
            continue;
        }
        match nodes[graph[component[0]]] {
            Node::Field(id, def) => {
                let value = field_value(
                    engine,
                    id,
                    def,
                    effects.get(id).map_or(&[][..], Vec::as_slice),
                    values,
                    &owned_counts,
                    pass,
                );
                match &value.value {
                    Some(v) => {
                        values.insert(id.clone(), v.0.clone());
                    }
                    None => {
                        pass.failed.insert(id.clone());
                    }
                }
                fields.insert(id.clone(), value);
            }
            Node::Pool(id, def) => {
                let env = Env {
                    engine,
                    ctx: &id.pack,
                    values,
                    owned: &owned_counts,
                    extra: None,
                };
                let max = formula_value(
                    &env,
                    engine,
                    def.max.as_str(),
                    &pass.failed,
                    &mut pass.diagnostics,
                );
                // A pool whose maximum is 0 is not shown (rules.md#live-state).
                let hidden = hidden(&env, engine, def.hide_when.as_ref())
                    || matches!(&max, Some(Value::Number(n)) if *n == Number::ZERO);
                let current = match engine.character.live.pools.get(id) {
                    Some(saved) => Some(Value::from(*saved)),
                    None => match def.start {
                        opencharacter_spec::model::rules::PoolStart::Full => max.clone(),
                        opencharacter_spec::model::rules::PoolStart::Empty => Some(Value::from(0)),
                    },
                };
                match &current {
                    Some(v) => {
                        values.insert(id.clone(), v.clone());
                    }
                    None => {
                        pass.failed.insert(id.clone());
                    }
                }
                pools.insert(
                    id.clone(),
                    PoolValue {
                        current: current.map(SheetValue),
                        max: max.map(SheetValue),
                        hidden,
                    },
                );
            }
        }
    }
    // Ruleset order, whatever order they were computed in.
    pass.fields = ruleset
        .fields
        .keys()
        .filter_map(|id| fields.swap_remove(id).map(|v| (id.clone(), v)))
        .collect();
    pass.pools = ruleset
        .pools
        .keys()
        .filter_map(|id| pools.swap_remove(id).map(|v| (id.clone(), v)))
        .collect();
}

/// A formula's value, or none with a diagnostic (none without one when it only lacks a value
/// that already failed).
pub(crate) fn formula_value(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    text: &str,
    failed: &HashSet<QualifiedFieldId>,
    diagnostics: &mut Diagnostics,
) -> Option<Value> {
    match &*engine.parse(text) {
        Ok(expr) => match env.value(expr) {
            Ok(value) => Some(value),
            Err(error) => {
                if !env.failed_dependency(&error, failed) {
                    diagnostics.push(formula_failed(env, text, &error));
                }
                None
            }
        },
        Err(reason) => {
            diagnostics.push(formula_failed(env, text, reason));
            None
        }
    }
}

/// A formula of the sheet that could not be worked out for this character.
fn formula_failed(env: &Env<'_, '_>, text: &str, reason: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::new(&codes::SHEET_FORMULA_FAILED)
        .with_arg("formula", text)
        .with_arg("reason", reason)
        .with_pack(env.ctx.clone())
}

fn hidden(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    when: Option<&opencharacter_spec::model::Formula>,
) -> bool {
    when.is_some() && holds(env, engine, when)
}

/// A dice-typed formula's text with everything that does not roll folded in.
fn dice_text(
    env: &Env<'_, '_>,
    engine: &Engine<'_>,
    text: &str,
    failed: &HashSet<QualifiedFieldId>,
    diagnostics: &mut Diagnostics,
) -> Option<Value> {
    match &*engine.parse(text) {
        Ok(expr) => match env.fold(expr) {
            Ok(folded) => Some(Value::String(folded.to_string())),
            Err(error) => {
                if !env.failed_dependency(&error, failed) {
                    diagnostics.push(formula_failed(env, text, &error));
                }
                None
            }
        },
        Err(reason) => {
            diagnostics.push(formula_failed(env, text, reason));
            None
        }
    }
}

/// Whether a value fits a field's type.
fn fits(value: &Value, value_type: ValueType) -> bool {
    matches!(
        (value, value_type),
        (Value::Number(_), ValueType::Number)
            | (Value::Bool(_), ValueType::Boolean)
            | (
                Value::String(_),
                ValueType::Text | ValueType::Enum | ValueType::Dice
            )
    )
}

fn empty(value_type: ValueType) -> Option<Value> {
    match value_type {
        ValueType::Number => Some(Value::from(0)),
        ValueType::Boolean => Some(Value::Bool(false)),
        ValueType::Text => Some(Value::String(String::new())),
        _ => None,
    }
}

fn field_value(
    engine: &Engine<'_>,
    id: &QualifiedFieldId,
    def: &FieldDef,
    effects: &[PendingEffect<'_>],
    values: &HashMap<QualifiedFieldId, Value>,
    owned: &HashMap<QualifiedContentId, i64>,
    pass: &mut Pass<'_>,
) -> FieldValue {
    let env = Env {
        engine,
        ctx: &id.pack,
        values,
        owned,
        extra: None,
    };
    let (base, source) = if let Some(formula) = &def.formula {
        let value = if def.value_type == ValueType::Dice {
            dice_text(
                &env,
                engine,
                formula.as_str(),
                &pass.failed,
                &mut pass.diagnostics,
            )
        } else {
            formula_value(
                &env,
                engine,
                formula.as_str(),
                &pass.failed,
                &mut pass.diagnostics,
            )
        };
        (
            value,
            ValueSource::Formula {
                formula: formula.to_string(),
            },
        )
    } else {
        let stored = engine
            .character
            .fields
            .get(id)
            .and_then(scalar_value)
            .filter(|v| {
                let ok = fits(v, def.value_type);
                if !ok {
                    pass.diagnostics.push(
                        Diagnostic::new(&codes::VALUE_WRONG_TYPE)
                            .with_arg("id", id)
                            .with_arg("expected", type_name(def.value_type))
                            .with_pack(id.pack.clone())
                            .with_pointer(field_pointer(id)),
                    );
                }
                ok
            });
        match stored {
            Some(v) => (Some(v), ValueSource::Stored),
            None => match def.default.as_ref().and_then(scalar_value) {
                Some(v) => (Some(v), ValueSource::Default),
                None => (empty(def.value_type), ValueSource::Empty),
            },
        }
    };

    let mut value = base.clone();
    let mut applied = Vec::new();
    // The fixed order: every `set` (the last one wins), then every `add`, then `min` (raise
    // to at least), then `max` (lower to at most), each group in ruleset-then-content order.
    for op in [EffectOp::Set, EffectOp::Add, EffectOp::Min, EffectOp::Max] {
        for pending in effects.iter().filter(|p| p.effect.op == op) {
            let env = Env {
                engine,
                ctx: &pending.ctx,
                values,
                owned,
                extra: None,
            };
            if !holds(&env, engine, pending.effect.when.as_ref()) {
                continue;
            }
            let text = pending.effect.value.as_str();
            let amount = if def.value_type == ValueType::Dice {
                dice_text(&env, engine, text, &pass.failed, &mut pass.diagnostics)
            } else {
                formula_value(&env, engine, text, &pass.failed, &mut pass.diagnostics)
            };
            let Some(amount) = amount else { continue };
            let next = apply(op, value.as_ref(), &amount, def.value_type);
            match next {
                Ok(next) => {
                    value = Some(next);
                    applied.push(AppliedEffect {
                        from: pending.from.clone(),
                        op,
                        formula: text.to_owned(),
                        value: SheetValue(amount),
                    });
                }
                Err(reason) => pass.diagnostics.push(
                    Diagnostic::new(&codes::SHEET_FORMULA_FAILED)
                        .with_arg("formula", text)
                        .with_arg(
                            "reason",
                            format!("cannot {op:?} it to `{id}`: {reason}").to_lowercase(),
                        )
                        .with_pack(pending.ctx.clone()),
                ),
            }
        }
    }
    let hidden = hidden(&env, engine, def.hide_when.as_ref());
    FieldValue {
        value: value.map(SheetValue),
        base: base.map(SheetValue),
        source,
        effects: applied,
        hidden,
    }
}

fn apply(
    op: EffectOp,
    current: Option<&Value>,
    amount: &Value,
    value_type: ValueType,
) -> Result<Value, &'static str> {
    if op == EffectOp::Set {
        return if fits(amount, value_type) {
            Ok(amount.clone())
        } else {
            Err("the value is not of the field's type")
        };
    }
    if value_type == ValueType::Dice {
        // Adding to a dice field adds a term: `d8` + `d6` reads `d8 + d6`.
        return match (op, current, amount) {
            (EffectOp::Add, Some(Value::String(a)), Value::String(b)) => {
                let joined = format!("({a}) + ({b})");
                opencharacter_formula::parse(&joined)
                    .map(|e| Value::String(e.to_string()))
                    .map_err(|_| "the dice do not add up to a formula")
            }
            _ => Err("only `set` and `add` change a dice field"),
        };
    }
    let (Some(Value::Number(a)), Value::Number(b)) = (current, amount) else {
        return Err("only numbers can be added to or bounded");
    };
    let (a, b) = (*a, *b);
    Ok(Value::Number(match op {
        EffectOp::Add => crate::value::add(a, b).ok_or("the sum does not fit")?,
        EffectOp::Min => a.max(b),
        EffectOp::Max => a.min(b),
        EffectOp::Set => b,
    }))
}

fn type_name(value_type: ValueType) -> &'static str {
    match value_type {
        ValueType::Number => "number",
        ValueType::Text => "text",
        ValueType::Boolean => "boolean",
        ValueType::Enum => "enum",
        ValueType::Dice => "dice",
        ValueType::Formula => "formula",
        ValueType::Content => "content",
        ValueType::List => "list",
    }
}

pub(crate) fn field_pointer(id: &QualifiedFieldId) -> String {
    format!("/fields/{}", escape_segment(&id.to_string()))
}

fn purse(ruleset: &Ruleset, character: &Character) -> Vec<PurseFamily> {
    let mut out = Vec::new();
    for (family_id, family) in &ruleset.currencies {
        let mut coins = IndexMap::new();
        let mut total: u64 = 0;
        for (unit, def) in &family.units {
            let id = Qualified::new(family_id.pack.clone(), unit.clone());
            if let Some(count) = character.purse.get(&id) {
                coins.insert(unit.clone(), *count);
                total = total.saturating_add(count.saturating_mul(def.value));
            }
        }
        out.push(PurseFamily {
            family: family_id.clone(),
            coins,
            total,
            smallest: family.smallest().cloned(),
        });
    }
    out
}

/// Step 5: what is computed once fields are known.
struct After<'s, 'e, 'a> {
    engine: &'e Engine<'a>,
    sheet: &'s mut Sheet,
    failed: &'s HashSet<QualifiedFieldId>,
}

impl After<'_, '_, '_> {
    fn env<'x>(&'x self, ctx: &'x PackId, extra: Option<&'x Extra>) -> Env<'x, 'x> {
        Env {
            engine: self.engine,
            ctx,
            values: &self.sheet.values,
            owned: &self.sheet.owned,
            extra,
        }
    }

    fn issue(&mut self, diagnostic: Diagnostic) {
        self.sheet.issues.push(diagnostic);
    }

    fn out_of_bounds(
        &mut self,
        id: impl std::fmt::Display,
        value: impl std::fmt::Display,
        min: Option<String>,
        max: Option<String>,
        pointer: Option<String>,
    ) {
        let mut d = Diagnostic::new(&codes::VALUE_OUT_OF_BOUNDS)
            .with_arg("id", id)
            .with_arg("value", value)
            .with_arg("min", min.unwrap_or_else(|| "-".into()))
            .with_arg("max", max.unwrap_or_else(|| "-".into()));
        if let Some(pointer) = pointer {
            d = d.with_pointer(pointer);
        }
        self.issue(d);
    }

    fn live(&mut self) {
        let ruleset = self.engine.ruleset;
        let character = self.engine.character;
        let mut diagnostics = Vec::new();
        // Pools: the current value within 0..=max.
        let pools: Vec<_> = self
            .sheet
            .pools
            .iter()
            .map(|(id, p)| (id.clone(), p.clone()))
            .collect();
        for (id, pool) in pools {
            let (Some(current), Some(max)) = (pool.current.as_ref(), pool.max.as_ref()) else {
                continue;
            };
            if let (Value::Number(c), Value::Number(m)) = (&current.0, &max.0)
                && (*c < Number::ZERO || c > m)
            {
                let pointer = character
                    .live
                    .pools
                    .contains_key(&id)
                    .then(|| format!("/live/pools/{}", escape_segment(&id.to_string())));
                self.out_of_bounds(
                    &id,
                    current,
                    Some("0".into()),
                    Some(max.to_string()),
                    pointer,
                );
            }
        }
        for (id, def) in &ruleset.tracks {
            let value = self
                .sheet
                .values
                .get(id)
                .and_then(|v| match v {
                    Value::Number(n) => n.to_integer(),
                    _ => None,
                })
                .unwrap_or(def.min);
            let (max, hidden) = {
                let env = self.env(&id.pack, None);
                let max = formula_value(
                    &env,
                    self.engine,
                    def.max.as_str(),
                    self.failed,
                    &mut diagnostics,
                );
                (max, hidden(&env, self.engine, def.hide_when.as_ref()))
            };
            let too_high = matches!(&max, Some(Value::Number(m)) if Number::from(value) > *m);
            if value < def.min || too_high {
                let pointer = character
                    .live
                    .tracks
                    .contains_key(id)
                    .then(|| format!("/live/tracks/{}", escape_segment(&id.to_string())));
                let max_text = max.as_ref().map(|m| SheetValue(m.clone()).to_string());
                self.out_of_bounds(id, value, Some(def.min.to_string()), max_text, pointer);
            }
            self.sheet.tracks.insert(
                id.clone(),
                TrackValue {
                    value,
                    min: def.min,
                    max: max.map(SheetValue),
                    hidden,
                },
            );
        }
        for (id, def) in &ruleset.wound_tracks {
            let marks = character
                .live
                .wound_tracks
                .get(id)
                .cloned()
                .unwrap_or_default();
            let pointer = format!("/live/woundTracks/{}", escape_segment(&id.to_string()));
            let mut extra = Extra::new();
            let mut severity: i64 = 0;
            for (i, mark) in marks.iter().enumerate() {
                match def.marks.get(mark) {
                    Some(kind) => severity += i64::from(kind.severity),
                    None => self.issue(
                        Diagnostic::new(&codes::WOUND_MARK_UNKNOWN)
                            .with_arg("track", id)
                            .with_arg("mark", mark)
                            .with_pointer(format!("{pointer}/{i}")),
                    ),
                }
            }
            for kind in def.marks.keys() {
                let n = marks.iter().filter(|m| *m == kind).count() as i64;
                extra.insert(format!("marks.{kind}"), Value::from(n));
            }
            extra.insert("marks".into(), Value::from(marks.len() as i64));
            extra.insert("severity".into(), Value::from(severity));
            let boxes = {
                let env = self.env(&id.pack, None);
                formula_value(
                    &env,
                    self.engine,
                    def.boxes.as_str(),
                    self.failed,
                    &mut diagnostics,
                )
            };
            if let Some(b) = &boxes {
                extra.insert("boxes".into(), b.clone());
                if matches!(b, Value::Number(n) if Number::from(marks.len() as i64) > *n) {
                    let boxes_text = SheetValue(b.clone()).to_string();
                    self.out_of_bounds(
                        id,
                        marks.len(),
                        Some("0".into()),
                        Some(boxes_text),
                        Some(pointer.clone()),
                    );
                }
            }
            let penalty = def.penalty.as_ref().and_then(|p| {
                let env = self.env(&id.pack, Some(&extra));
                formula_value(&env, self.engine, p.as_str(), self.failed, &mut diagnostics)
            });
            self.sheet.wound_tracks.insert(
                id.clone(),
                WoundTrackValue {
                    boxes: boxes.map(SheetValue),
                    marks,
                    penalty: penalty.map(SheetValue),
                },
            );
        }
        self.sheet.issues.append(&mut diagnostics);
    }

    fn lists(&mut self) {
        let ruleset = self.engine.ruleset;
        for (id, def) in &ruleset.fields {
            if def.value_type != ValueType::List {
                continue;
            }
            let saved = self.engine.character.lists.get(id);
            let rows: Vec<IndexMap<FieldId, SheetValue>> = saved
                .into_iter()
                .flatten()
                .map(|row| {
                    let mut out = IndexMap::new();
                    for (column, column_def) in &def.columns {
                        let value = row
                            .get(column)
                            .and_then(scalar_value)
                            .or_else(|| column_def.default.as_ref().and_then(scalar_value));
                        if let Some(value) = value {
                            out.insert(column.clone(), SheetValue(value));
                        }
                    }
                    out
                })
                .collect();
            if let Some(max) = def.max_rows
                && rows.len() > max as usize
            {
                let pointer = format!("/lists/{}", escape_segment(&id.to_string()));
                self.out_of_bounds(
                    id,
                    rows.len(),
                    Some("0".into()),
                    Some(max.to_string()),
                    Some(pointer),
                );
            }
            self.sheet.lists.insert(id.clone(), rows);
        }
    }

    /// Number fields outside their `min`/`max`, after effects; text fields over `maxLength`.
    fn bounds(&mut self) {
        let ruleset = self.engine.ruleset;
        let mut found = Vec::new();
        for (id, value) in &self.sheet.fields {
            let Some(def) = ruleset.fields.get(id) else {
                continue;
            };
            let Some(value) = &value.value else { continue };
            let pointer = self
                .engine
                .character
                .fields
                .contains_key(id)
                .then(|| field_pointer(id));
            match &value.0 {
                Value::Number(n) => {
                    let min = def.min.as_ref().and_then(crate::value::json_number);
                    let max = def.max.as_ref().and_then(crate::value::json_number);
                    if min.is_some_and(|m| *n < m) || max.is_some_and(|m| *n > m) {
                        found.push((
                            id.clone(),
                            value.to_string(),
                            def.min.as_ref().map(ToString::to_string),
                            def.max.as_ref().map(ToString::to_string),
                            pointer,
                        ));
                    }
                }
                Value::String(s) if def.value_type == ValueType::Text => {
                    if let Some(max) = def.max_length
                        && s.chars().count() > max as usize
                    {
                        found.push((
                            id.clone(),
                            format!("{} characters", s.chars().count()),
                            None,
                            Some(max.to_string()),
                            pointer,
                        ));
                    }
                }
                _ => {}
            }
        }
        for (id, value, min, max, pointer) in found {
            self.out_of_bounds(id, value, min, max, pointer);
        }
    }

    fn constraints(&mut self) {
        let ruleset = self.engine.ruleset;
        let mut diagnostics = Vec::new();
        for (id, constraint) in &ruleset.constraints {
            let value = {
                let env = self.env(&id.pack, None);
                formula_value(
                    &env,
                    self.engine,
                    constraint.formula.as_str(),
                    self.failed,
                    &mut diagnostics,
                )
            };
            match value {
                Some(Value::Bool(true)) | None => {}
                Some(_) => diagnostics.push(
                    Diagnostic::new(&codes::CONSTRAINT_FAILED)
                        .with_arg("constraint", id)
                        .with_arg("issue", &constraint.issue)
                        .with_pack(id.pack.clone()),
                ),
            }
        }
        self.sheet.issues.append(&mut diagnostics);
    }

    /// The items a choice offers, resolved; `None` for a query that cannot run.
    fn offered(&self, ctx: &PackId, choice: &Choice) -> Option<Vec<QualifiedContentId>> {
        if let Some(query) = &choice.query {
            let content_type =
                self.engine
                    .resolve_kind(ctx, &query.content_type, NameKind::ContentType)?;
            let found = opencharacter_resolve::query(
                self.engine.ruleset,
                &opencharacter_resolve::ContentQuery {
                    content_type: Some(content_type),
                    tags: query.tags.clone(),
                    filters: Vec::new(),
                },
            )
            .ok()?;
            let mut out = Vec::new();
            for (id, content) in found {
                if let Some(condition) = &query.condition {
                    let mut extra = Extra::new();
                    for (key, value) in &content.item.properties {
                        if let Some(v) = json_value(value) {
                            extra.insert(format!("item.{key}"), v);
                        }
                    }
                    let env = self.env(ctx, Some(&extra));
                    if !holds(&env, self.engine, Some(condition)) {
                        continue;
                    }
                }
                out.push(id.clone());
            }
            return Some(out);
        }
        Some(
            choice
                .items
                .iter()
                .filter_map(|r| self.engine.resolve_content(ctx, r))
                .collect(),
        )
    }

    fn check_choice(
        &mut self,
        name: String,
        ctx: &PackId,
        choice: &Choice,
        picks: &[QualifiedContentId],
        pointer: String,
    ) {
        let offered_now = {
            let env = self.env(ctx, None);
            holds(&env, self.engine, choice.when.as_ref())
        };
        if !offered_now {
            return;
        }
        let count = choice.count as usize;
        if picks.len() < count {
            self.issue(
                Diagnostic::new(&codes::CHOICE_OPEN)
                    .with_arg("choice", &name)
                    .with_arg("picked", picks.len())
                    .with_arg("count", count)
                    .with_pointer(pointer.clone()),
            );
        } else if picks.len() > count {
            self.issue(
                Diagnostic::new(&codes::CHOICE_TOO_MANY)
                    .with_arg("choice", &name)
                    .with_arg("picked", picks.len())
                    .with_arg("count", count)
                    .with_pointer(pointer.clone()),
            );
        }
        let Some(offered) = self.offered(ctx, choice) else {
            return;
        };
        for (i, pick) in picks.iter().enumerate() {
            let withdrawn = self
                .engine
                .ruleset
                .content
                .get(pick)
                .is_some_and(|c| c.withdrawn || c.hidden());
            let known = pick.pack.is_homebrew() || self.engine.ruleset.content.contains_key(pick);
            // Unknown content is check_character's; withdrawn and hidden picks stand as taken.
            if known && !withdrawn && !offered.contains(pick) {
                self.issue(
                    Diagnostic::new(&codes::CHOICE_PICK_NOT_OFFERED)
                        .with_arg("choice", &name)
                        .with_arg("id", pick)
                        .with_pointer(format!("{pointer}/{i}")),
                );
            }
        }
    }

    fn choices(&mut self, owned: &[Owned<'_>]) {
        let ruleset = self.engine.ruleset;
        let character = self.engine.character;
        for (id, choice) in &ruleset.choices {
            let picks = character
                .choices
                .get(id)
                .map(Vec::as_slice)
                .unwrap_or_default();
            let pointer = format!("/choices/{}", escape_segment(&id.to_string()));
            self.check_choice(id.to_string(), &id.pack, choice, picks, pointer);
        }
        for item in owned {
            let Origin::Listed { index } = item.origin else {
                continue;
            };
            let Some(choices) = &item.item.choices else {
                continue;
            };
            let listed = &character.content[index];
            for (choice_id, choice) in choices {
                let picks = listed
                    .choices
                    .get(choice_id)
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                let pointer = format!(
                    "/content/{index}/choices/{}",
                    escape_segment(choice_id.as_str())
                );
                self.check_choice(
                    format!("{}/{choice_id}", item.id),
                    &item.ctx,
                    choice,
                    picks,
                    pointer,
                );
            }
        }
    }

    fn link_slots(&mut self, owned: &[Owned<'_>]) {
        let ruleset = self.engine.ruleset;
        for (slot_id, slot) in &ruleset.link_slots {
            let linked: Vec<&Owned<'_>> = owned
                .iter()
                .filter(|o| o.slot.as_ref() == Some(slot_id))
                .collect();
            let count: u64 = linked.iter().map(|o| u64::from(o.quantity)).sum();
            if count < u64::from(slot.min) || slot.max.is_some_and(|max| count > u64::from(max)) {
                self.issue(
                    Diagnostic::new(&codes::LINK_SLOT_COUNT)
                        .with_arg("slot", slot_id)
                        .with_arg("count", count)
                        .with_arg("min", slot.min)
                        .with_arg(
                            "max",
                            slot.max.map_or_else(|| "-".to_owned(), |m| m.to_string()),
                        )
                        .with_pointer("/content"),
                );
            }
            let accepted: Vec<QualifiedFieldId> = slot
                .types
                .iter()
                .filter_map(|t| {
                    self.engine
                        .resolve_kind(&slot_id.pack, t, NameKind::ContentType)
                })
                .collect();
            for item in linked {
                let item_type = match &item.item.content_type {
                    Some(Reference::Qualified(q)) => Some(q.clone()),
                    Some(local) => {
                        self.engine
                            .resolve_kind(&item.ctx, local, NameKind::ContentType)
                    }
                    None => None,
                };
                if !item_type.is_some_and(|t| accepted.contains(&t)) {
                    let pointer = item.pointer.clone().map(|p| format!("{p}/slot"));
                    let mut d = Diagnostic::new(&codes::LINK_SLOT_TYPE)
                        .with_arg("id", &item.id)
                        .with_arg("slot", slot_id);
                    if let Some(pointer) = pointer {
                        d = d.with_pointer(pointer);
                    }
                    self.issue(d);
                }
            }
        }
    }

    fn deprecated(&mut self, owned: &[Owned<'_>]) {
        for item in owned {
            let Some(deprecation) = &item.item.deprecated else {
                continue;
            };
            // Granted content is the pack's to move; only what the file names is the player's.
            let Some(pointer) = &item.pointer else {
                continue;
            };
            let replacement = deprecation
                .replaced_by
                .as_ref()
                .and_then(|r| self.engine.resolve_content(&item.ctx, r))
                .map_or_else(|| "-".to_owned(), |id| id.to_string());
            let pointer = match item.origin {
                Origin::Listed { .. } => format!("{pointer}/id"),
                _ => pointer.clone(),
            };
            self.issue(
                Diagnostic::new(&codes::CONTENT_DEPRECATED)
                    .with_arg("id", &item.id)
                    .with_arg("since", &deprecation.since)
                    .with_arg("replacement", replacement)
                    .with_pack(item.id.pack.clone())
                    .with_pointer(pointer),
            );
        }
    }

    fn items(&mut self, owned: &[Owned<'_>]) {
        let mut diagnostics = Vec::new();
        let mut items = Vec::with_capacity(owned.len());
        for item in owned {
            let types = item_property_types(self.engine, item);
            let mut properties = IndexMap::new();
            for (key, value) in &item.item.properties {
                let shown = match (types.get(key), value) {
                    (Some(ValueType::Formula), serde_json::Value::String(text)) => {
                        let env = self.env(&item.ctx, None);
                        match formula_value(&env, self.engine, text, self.failed, &mut diagnostics)
                        {
                            Some(v) => serde_json::to_value(SheetValue(v))
                                .unwrap_or(serde_json::Value::Null),
                            None => serde_json::Value::Null,
                        }
                    }
                    (Some(ValueType::Formula), serde_json::Value::Number(_)) => value.clone(),
                    _ => value.clone(),
                };
                properties.insert(key.clone(), shown);
            }
            items.push(OwnedItem {
                id: item.id.clone(),
                origin: item.origin.clone(),
                quantity: item.quantity,
                slot: item.slot.clone(),
                templates: item.templates.clone(),
                hidden: item.hidden,
                carried: item.carried,
                properties,
                tags: item
                    .item
                    .tags
                    .iter()
                    .flatten()
                    .map(ToString::to_string)
                    .collect(),
            });
        }
        self.sheet.content = items;
        self.sheet.issues.append(&mut diagnostics);
    }
}

/// The declared type of each property of an owned item's content type.
pub(crate) fn item_property_types(
    engine: &Engine<'_>,
    item: &Owned<'_>,
) -> HashMap<FieldId, ValueType> {
    let type_id = match &item.item.content_type {
        Some(Reference::Qualified(q)) => Some(q.clone()),
        Some(local) => engine.resolve_kind(&item.ctx, local, NameKind::ContentType),
        None => None,
    };
    let def = type_id.as_ref().and_then(|id| {
        if id.pack.is_homebrew() {
            engine.character.homebrew.content_types.get(&id.local)
        } else {
            engine.ruleset.content_types.get(id)
        }
    });
    def.map(|d| {
        d.properties
            .iter()
            .map(|(k, p)| (k.clone(), p.value_type))
            .collect()
    })
    .unwrap_or_default()
}
