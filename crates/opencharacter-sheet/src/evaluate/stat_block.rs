//! Stat blocks: a content item whose type declares a `statBlock` (a monster) evaluated as a
//! sheet of its own. The sheet is a character that lists only the item (with its templates),
//! set up with every loaded pack; its type's stat-block effects read the item's properties
//! (`item.str`) and set the sheet's fields, so the rules' derived fields, rolls and odds follow
//! from them; the items its `owns` properties list (its actions) are owned, granted by it, so
//! their rolls are listed. Building rules (link slots, choices) do not apply to it.

use std::borrow::Cow;
use std::collections::HashSet;

use opencharacter_spec::ids::{QualifiedContentId, QualifiedFieldId};
use opencharacter_spec::model::{
    Character, ContentTypeDef, Effect, Formula, GameSetup, OwnedContent, Ruleset, StatBlock,
};

use super::ownership::{Owned, item_type_def, push_new};
use super::sheet::{EffectSource, Origin, Sheet};
use super::{EvaluateOptions, evaluate};
use crate::engine::Engine;
use crate::item_scope::ItemScope;

/// Why a content item cannot be evaluated as a stat block.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StatBlockError {
    /// No loaded pack has the item.
    #[error("no content item `{0}` is loaded")]
    Unknown(QualifiedContentId),
    /// The item's content type declares no `statBlock`.
    #[error("`{id}` is of content type `{content_type}`, which declares no stat block")]
    NotAStatBlock {
        /// The item.
        id: QualifiedContentId,
        /// Its content type.
        content_type: String,
    },
}

/// The character whose sheet is the stat block of `id`: every loaded pack at its version,
/// the item listed alone with `templates` applied to it. Evaluate it with
/// [`EvaluateOptions::stat_block`] set (or call [`evaluate_stat_block`]); keep it to read the
/// sheet's rolls with options ([`Sheet::action_roll`], [`Sheet::content_rolls`]).
///
/// # Errors
/// When the item is not loaded or its type declares no stat block.
pub fn stat_block_character(
    ruleset: &Ruleset,
    id: &QualifiedContentId,
    templates: &[QualifiedContentId],
) -> Result<Character, StatBlockError> {
    let content = ruleset
        .content
        .get(id)
        .ok_or_else(|| StatBlockError::Unknown(id.clone()))?;
    let content_type = content
        .item
        .content_type
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    let declared = content
        .item
        .content_type
        .as_ref()
        .and_then(|reference| match reference {
            opencharacter_spec::ids::Reference::Qualified(q) => ruleset.content_types.get(q),
            opencharacter_spec::ids::Reference::Local(_) => None,
        });
    if declared.is_none_or(|def| def.stat_block.is_none()) {
        return Err(StatBlockError::NotAStatBlock {
            id: id.clone(),
            content_type,
        });
    }
    let packs: indexmap::IndexMap<_, _> = ruleset
        .packs
        .iter()
        .map(|pack| (pack.id.clone(), pack.version.clone()))
        .collect();
    Ok(Character {
        packs: packs.clone(),
        setup: Some(GameSetup {
            packs,
            ..GameSetup::default()
        }),
        content: vec![OwnedContent {
            id: id.clone(),
            quantity: 1,
            slot: None,
            choices: Default::default(),
            templates: templates.to_vec(),
            level: None,
            base: None,
            granted: Default::default(),
        }],
        ..Character::default()
    })
}

/// The sheet of a stat block: a monster's abilities, modifiers, AC, hit points, senses, and
/// each of its actions' rolls with their odds (see the module's documentation).
///
/// ```
/// use opencharacter_sheet::{EvaluateOptions, evaluate_stat_block};
/// use opencharacter_spec::model::Ruleset;
///
/// let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
///     "packs": [{"id": "g", "version": "1.0.0", "specVersion": "1.7.0",
///                "license": "CC0-1.0", "defaultLanguage": "en"}],
///     "fields": {
///         "g:str": {"type": "number", "default": 10},
///         "g:str.mod": {"type": "number", "formula": "floor((str - 10) / 2)"}
///     },
///     "contentTypes": {"g:monster": {
///         "properties": {"str": {"type": "number"}},
///         "statBlock": {"effects": [{"target": "str", "op": "set", "value": "item.str"}]}
///     }},
///     "content": {"g:monsters.ogre": {"item":
///         {"id": "monsters.ogre", "type": "g:monster", "properties": {"str": 19}}}}
/// }))?;
/// let ogre = "g:monsters.ogre".parse()?;
/// let sheet = evaluate_stat_block(&ruleset, &ogre, &[], &EvaluateOptions::default())?;
/// assert_eq!(sheet.integer("g:str.mod"), Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When the item is not loaded or its type declares no stat block.
pub fn evaluate_stat_block(
    ruleset: &Ruleset,
    id: &QualifiedContentId,
    templates: &[QualifiedContentId],
    options: &EvaluateOptions,
) -> Result<Sheet, StatBlockError> {
    let character = stat_block_character(ruleset, id, templates)?;
    let options = EvaluateOptions {
        stat_block: true,
        ..options.clone()
    };
    Ok(evaluate(ruleset, &character, &options))
}

/// The subject of a stat-block sheet: its first listed item, with its type's stat block.
fn subject<'o, 'a>(
    engine: &Engine<'a>,
    owned: &'o [Owned<'a>],
) -> Option<(
    &'o Owned<'a>,
    QualifiedFieldId,
    &'a ContentTypeDef,
    &'a StatBlock,
)> {
    if !engine.stat_block {
        return None;
    }
    let first = owned
        .iter()
        .find(|o| matches!(o.origin, Origin::Listed { index: 0 }))?;
    let (type_id, def) = item_type_def(engine, first)?;
    Some((first, type_id, def, def.stat_block.as_ref()?))
}

/// Step 2 for a stat block: the items its `owns` properties list, owned as granted by it.
pub(crate) fn own_listed<'a>(
    engine: &Engine<'a>,
    owned: &mut Vec<Owned<'a>>,
    seen: &mut HashSet<QualifiedContentId>,
) {
    let Some((first, _, _, stat_block)) = subject(engine, owned) else {
        return;
    };
    let by = first.id.clone();
    let ctx = first.ctx.clone();
    let mut listed = Vec::new();
    for property in &stat_block.owns {
        let values = match first.item.properties.get(property) {
            Some(serde_json::Value::Array(values)) => values.clone(),
            Some(one) => vec![one.clone()],
            None => continue,
        };
        for value in values {
            let found = value
                .as_str()
                .and_then(|text| text.parse().ok())
                .and_then(|reference| engine.resolve_content(&ctx, &reference));
            listed.extend(found);
        }
    }
    for id in listed {
        push_new(
            engine,
            owned,
            seen,
            &id,
            Origin::Granted { by: by.clone() },
            None,
            Default::default(),
        );
    }
}

/// The stat block's effects, each with the item's properties read in: `(effect, the pack
/// where its names resolve, its source)`. An effect reading a property the item does not set
/// (and that has no `default`) does not apply.
pub(crate) fn effects<'a>(
    engine: &Engine<'a>,
    owned: &[Owned<'a>],
) -> Vec<(
    Cow<'a, Effect>,
    opencharacter_spec::ids::PackId,
    EffectSource,
)> {
    let Some((first, type_id, def, stat_block)) = subject(engine, owned) else {
        return Vec::new();
    };
    let scope = ItemScope {
        engine,
        item: &first.item,
        ctx: &first.ctx,
        def,
    };
    let read = |formula: &Formula| -> Option<Formula> {
        let tree = engine.parse(formula.as_str());
        let tree = tree.as_ref().as_ref().ok()?;
        scope.substitute(tree).ok().map(|t| Formula(t.to_string()))
    };
    let mut out = Vec::new();
    for effect in &stat_block.effects {
        let Some(value) = read(&effect.value) else {
            continue;
        };
        let when = match &effect.when {
            None => None,
            Some(when) => match read(when) {
                Some(when) => Some(when),
                None => continue,
            },
        };
        let effect = Effect {
            target: effect.target.clone(),
            op: effect.op,
            value,
            when,
            bound: effect.bound,
            by_quantity: effect.by_quantity,
            while_active: effect.while_active,
        };
        out.push((
            Cow::Owned(effect),
            type_id.pack.clone(),
            EffectSource::Content {
                id: first.id.clone(),
                template: None,
            },
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{codes, load, release};
    use crate::{RollKind, SheetValue};

    const RULES: &str = r#"
fields:
  abilities.dex:
    type: number
    default: 10
    parts: { mod: { type: number, formula: floor((abilities.dex - 10) / 2) } }
  proficiency: { type: number, formula: "2 + 1" }
  combat.ac: { type: number, formula: 10 + abilities.dex.mod }
  hp.max: { type: number, default: 1 }
live: { pools: { hit_points: { max: hp.max } } }
linkSlots: { class: { types: [class], min: 1, max: 1 } }
resolution: { kind: dice-sum, dice: 1d20 }
contentTypes:
  class: {}
  monster:
    properties:
      dex: { type: number }
      proficiency_bonus: { type: number }
      armor_class: { type: number }
      hit_points: { type: number }
      actions: { type: content, many: true, types: [monster_action] }
    statBlock:
      effects:
        - { target: abilities.dex, op: set, value: item.dex }
        - { target: proficiency, op: set, value: item.proficiency_bonus }
        - { target: combat.ac, op: set, value: item.armor_class }
        - { target: hp.max, op: set, value: item.hit_points }
      owns: [actions]
  monster_action:
    properties:
      attack_bonus: { type: formula }
      damage: { type: dice }
    rolls:
      attack: { check: item.attack_bonus }
      damage: { dice: item.damage }
"#;

    fn game() -> Ruleset {
        let content = [
            (
                "monsters.goblin",
                "{ id: monsters.goblin, type: monster, properties: { dex: 14, proficiency_bonus: 2, armor_class: 15, hit_points: 7, actions: [monster-actions.scimitar] } }",
            ),
            (
                "monsters.sprite",
                "{ id: monsters.sprite, type: monster, properties: { dex: 18, proficiency_bonus: 2 } }",
            ),
            (
                "monster-actions.scimitar",
                "{ id: monster-actions.scimitar, type: monster_action, properties: { attack_bonus: proficiency + abilities.dex.mod, damage: d6 + abilities.dex.mod } }",
            ),
            ("classes.none", "{ id: classes.none, type: class }"),
        ];
        let templates = [(
            "nimble",
            "{ id: nimble, appliesTo: [monster], properties: { dex: 18 } }",
        )];
        load(&[release("g", &[], RULES, &content, &templates)])
    }

    fn formulas(sheet: &Sheet) -> Vec<(String, String)> {
        sheet
            .rolls
            .iter()
            .filter(|r| r.content.is_some())
            .map(|r| {
                let text = match &r.kind {
                    RollKind::Check(c) => c.formula.clone(),
                    RollKind::Dice(d) => d.formula.clone(),
                    other => format!("{other:?}"),
                };
                (r.id.clone(), text)
            })
            .collect()
    }

    fn int(value: i64) -> Option<SheetValue> {
        Some(SheetValue::from(opencharacter_formula::Value::from(value)))
    }

    #[test]
    fn a_monster_evaluates_from_its_properties_and_lists_its_actions_rolls() {
        let ruleset = game();
        let id = "g:monsters.goblin".parse().unwrap();
        let sheet = evaluate_stat_block(&ruleset, &id, &[], &EvaluateOptions::default()).unwrap();
        // No class slot filled, yet no `link-slot-count`: building rules do not apply.
        assert!(codes(&sheet).is_empty(), "{:?}", sheet.issues);
        // DEX 14 → +2; proficiency set to the stat block's 2 (not the rules' 3); AC 15 as
        // printed; 7 hit points.
        assert_eq!(sheet.integer("g:abilities.dex.mod"), Some(2));
        assert_eq!(sheet.integer("g:proficiency"), Some(2));
        assert_eq!(sheet.integer("g:combat.ac"), Some(15));
        let hp = &sheet.pools[&"g:hit_points".parse::<QualifiedFieldId>().unwrap()];
        assert_eq!((hp.current.clone(), hp.max.clone()), (int(7), int(7)));
        // The scimitar, owned as granted by the goblin: +2 + 2 to hit, d6 + 2.
        assert_eq!(
            formulas(&sheet),
            [
                (
                    "item:g:monster-actions.scimitar:attack".into(),
                    "d20 + 4".into()
                ),
                (
                    "item:g:monster-actions.scimitar:damage".into(),
                    "d6 + 2".into()
                ),
            ]
        );
    }

    #[test]
    fn a_template_or_an_unset_property_moves_what_reads_it() {
        let ruleset = game();
        let goblin = "g:monsters.goblin".parse().unwrap();
        let nimble = "g:nimble".parse().unwrap();
        let options = EvaluateOptions::default();
        let sheet = evaluate_stat_block(&ruleset, &goblin, &[nimble], &options).unwrap();
        // DEX 18 → +4: the attack is 2 + 4, the damage d6 + 4; the printed AC stays 15.
        assert_eq!(
            formulas(&sheet),
            [
                (
                    "item:g:monster-actions.scimitar:attack".into(),
                    "d20 + 6".into()
                ),
                (
                    "item:g:monster-actions.scimitar:damage".into(),
                    "d6 + 4".into()
                ),
            ]
        );
        assert_eq!(sheet.integer("g:combat.ac"), Some(15));
        // The sprite sets no armor class: its effect does not apply, and the rules' formula
        // gives 10 + 4.
        let sprite = "g:monsters.sprite".parse().unwrap();
        let sheet = evaluate_stat_block(&ruleset, &sprite, &[], &options).unwrap();
        assert_eq!(sheet.integer("g:combat.ac"), Some(14));
        assert!(codes(&sheet).is_empty(), "{:?}", sheet.issues);
    }

    #[test]
    fn only_stat_blocks_evaluate_as_one() {
        let ruleset = game();
        let class = "g:classes.none".parse().unwrap();
        assert!(matches!(
            stat_block_character(&ruleset, &class, &[]),
            Err(StatBlockError::NotAStatBlock { .. })
        ));
        let missing = "g:monsters.dragon".parse().unwrap();
        assert_eq!(
            stat_block_character(&ruleset, &missing, &[]),
            Err(StatBlockError::Unknown(missing))
        );
    }
}
