//! Step 3: fields and pools in dependency order (a graph over the names each formula reads),
//! each field's base value and its effects in the fixed order `set`, `add`, `min`, `max`.

use opencharacter_spec::diagnostic::Kind;
use std::borrow::Cow;
use std::collections::HashMap;

use indexmap::IndexMap;
use opencharacter_formula::{Number, Value};
use opencharacter_resolve::NameKind;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, Phrase, Reason, codes, reasons};
use opencharacter_spec::ids::{PackId, QualifiedFieldId};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::{Effect, EffectBound, EffectOp, FieldDef, ValueType};
use petgraph::graph::{DiGraph, NodeIndex};

use super::Pass;
use super::formulas::{dice_text, formula_value, hidden, holds};
use super::sheet::{AppliedEffect, EffectSource, FieldValue, PoolValue, ValueSource};
use crate::engine::{Engine, Env};
use crate::holdings::Holdings;
use crate::value::{SheetValue, scalar_value};

/// An effect waiting to apply, with where it comes from.
pub(crate) struct PendingEffect<'e> {
    effect: Cow<'e, Effect>,
    ctx: PackId,
    from: EffectSource,
}

/// A node of the dependency graph.
#[derive(Clone, Copy)]
pub(crate) enum Node<'a> {
    Field(&'a QualifiedFieldId, &'a FieldDef),
    Pool(
        &'a QualifiedFieldId,
        &'a opencharacter_spec::model::rules::PoolDef,
    ),
}

/// Step 3: fields and pools in dependency order, effects applied.
pub(crate) fn evaluate_fields<'a>(
    engine: &Engine<'a>,
    pass: &mut Pass<'a>,
    values: &mut HashMap<QualifiedFieldId, Value>,
) {
    let ruleset = engine.ruleset;
    let holdings = Holdings::of(&pass.owned);

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
                    .with_kind(Kind::EffectTarget)
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
        let mut failed = Vec::new();
        for (effect, ctx, from) in super::item_effects::owned_effects(engine, owned, &mut failed) {
            add_effect(engine, &mut pass.diagnostics, effect, ctx, from);
        }
        pass.diagnostics.append(&mut failed);
    }

    // A stat block's effects, the subject's properties read in.
    for (effect, ctx, from) in super::stat_block::effects(engine, &pass.owned) {
        add_effect(engine, &mut pass.diagnostics, effect, ctx, from);
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
                                min: None,
                                max: None,
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
                    &holdings,
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
                    owned: &holdings,
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

/// Whether a value fits a field's type.
pub(crate) fn fits(value: &Value, value_type: ValueType) -> bool {
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

pub(crate) fn empty(value_type: ValueType) -> Option<Value> {
    match value_type {
        ValueType::Number => Some(Value::from(0)),
        ValueType::Boolean => Some(Value::Bool(false)),
        ValueType::Text => Some(Value::String(String::new())),
        _ => None,
    }
}

pub(crate) fn field_value(
    engine: &Engine<'_>,
    id: &QualifiedFieldId,
    def: &FieldDef,
    effects: &[PendingEffect<'_>],
    values: &HashMap<QualifiedFieldId, Value>,
    owned: &Holdings,
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
        let saved = engine.character.fields.get(id);
        if let Some(saved) = saved.filter(|s| crate::value::too_large(s)) {
            pass.diagnostics.push(
                crate::value::too_large_issue(id, saved, field_pointer(id))
                    .with_pack(id.pack.clone()),
            );
        }
        let stored = saved.and_then(scalar_value).filter(|v| {
            let ok = fits(v, def.value_type);
            if !ok {
                pass.diagnostics.push(
                    Diagnostic::new(&codes::VALUE_WRONG_TYPE)
                        .with_arg("id", id)
                        .with_arg("expected", def.value_type.name())
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

    let mut applied = Vec::new();
    let field = FieldEffects {
        engine,
        id,
        def,
        effects,
        values,
        owned,
    };
    // The value, then each bound an effect changes (`bound: max` raises an ability's cap).
    let value = field.apply(None, base.clone(), pass, &mut applied);
    let mut bounds = [None, None];
    for (slot, bound, written) in [
        (0, EffectBound::Min, def.min.as_ref()),
        (1, EffectBound::Max, def.max.as_ref()),
    ] {
        if !effects.iter().any(|p| p.effect.bound == Some(bound)) {
            continue;
        }
        let start = written
            .and_then(crate::value::json_number)
            .map(Value::Number);
        bounds[slot] = field.apply(Some(bound), start, pass, &mut applied);
    }
    let [min, max] = bounds;
    let hidden = hidden(&env, engine, def.hide_when.as_ref());
    FieldValue {
        value: value.map(SheetValue),
        base: base.map(SheetValue),
        source,
        effects: applied,
        hidden,
        min: min.map(SheetValue),
        max: max.map(SheetValue),
    }
}

/// A field with the effects on it and what their formulas read.
struct FieldEffects<'f, 'e, 'a> {
    engine: &'f Engine<'a>,
    id: &'f QualifiedFieldId,
    def: &'f FieldDef,
    effects: &'f [PendingEffect<'e>],
    values: &'f HashMap<QualifiedFieldId, Value>,
    owned: &'f Holdings,
}

impl FieldEffects<'_, '_, '_> {
    /// Applies the effects on one thing of the field (its value, or the bound `bound`) in the
    /// fixed order: every `set` (the last one wins), every `best` (the highest base is kept),
    /// every `add`, then `min` (raise to at least) and `max` (lower to at most), each group in
    /// ruleset-then-content order. Applied effects are noted in `applied`.
    fn apply(
        &self,
        bound: Option<EffectBound>,
        start: Option<Value>,
        pass: &mut Pass<'_>,
        applied: &mut Vec<AppliedEffect>,
    ) -> Option<Value> {
        let FieldEffects {
            engine,
            id,
            def,
            effects,
            values,
            owned,
        } = *self;
        // A bound is a number whatever the field's type.
        let value_type = if bound.is_some() {
            ValueType::Number
        } else {
            def.value_type
        };
        let mut value = start;
        for op in [
            EffectOp::Set,
            EffectOp::Best,
            EffectOp::Add,
            EffectOp::Min,
            EffectOp::Max,
        ] {
            for pending in effects
                .iter()
                .filter(|p| p.effect.op == op && p.effect.bound == bound)
            {
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
                let amount = if value_type == ValueType::Dice {
                    dice_text(&env, engine, text, &pass.failed, &mut pass.diagnostics)
                } else {
                    formula_value(&env, engine, text, &pass.failed, &mut pass.diagnostics)
                };
                let Some(amount) = amount else { continue };
                match apply(op, value.as_ref(), &amount, value_type) {
                    Ok(next) => {
                        value = Some(next);
                        applied.push(AppliedEffect {
                            from: pending.from.clone(),
                            op,
                            formula: text.to_owned(),
                            value: SheetValue(amount),
                            bound,
                        });
                    }
                    Err(reason) => pass.diagnostics.push(
                        Diagnostic::new(&codes::SHEET_FORMULA_FAILED)
                            .with_arg("formula", opencharacter_formula::excerpt(text, 1).0)
                            .with_word(
                                "reason",
                                Phrase::new(&reasons::SHEET_CANNOT_APPLY)
                                    .with_arg("op", format!("{op:?}").to_lowercase())
                                    .with_arg("field", id)
                                    .with_word("reason", reason),
                            )
                            .with_pack(pending.ctx.clone()),
                    ),
                }
            }
        }
        value
    }
}

pub(crate) fn apply(
    op: EffectOp,
    current: Option<&Value>,
    amount: &Value,
    value_type: ValueType,
) -> Result<Value, &'static Reason> {
    if op == EffectOp::Set {
        return if fits(amount, value_type) {
            Ok(amount.clone())
        } else {
            Err(&reasons::EFFECT_NOT_FIELD_TYPE)
        };
    }
    if value_type == ValueType::Dice {
        // Adding to a dice field adds a term, in canonical form: `d8` + `d6` reads `d8 + d6`,
        // `d8 + 2` + `-1` reads `d8 + 1`.
        return match (op, current, amount) {
            (EffectOp::Add, Some(Value::String(a)), Value::String(b)) => {
                match (
                    opencharacter_formula::parse(a),
                    opencharacter_formula::parse(b),
                ) {
                    (Ok(a), Ok(b)) => Ok(Value::String(a.plus(&b).to_string())),
                    _ => Err(&reasons::EFFECT_DICE_NO_FORMULA),
                }
            }
            // A dice field without a value (no default) takes the first dice added: each
            // class adds its own hit dice.
            (EffectOp::Add, None, Value::String(_)) => Ok(amount.clone()),
            _ => Err(&reasons::EFFECT_DICE_SET_ADD),
        };
    }
    let (Some(Value::Number(a)), Value::Number(b)) = (current, amount) else {
        return Err(&reasons::EFFECT_NUMBERS_ONLY);
    };
    let (a, b) = (*a, *b);
    Ok(Value::Number(match op {
        EffectOp::Add => crate::value::add(a, b).ok_or(&reasons::EFFECT_SUM_TOO_LARGE)?,
        EffectOp::Min | EffectOp::Best => a.max(b),
        EffectOp::Max => a.min(b),
        EffectOp::Set => b,
    }))
}

pub(crate) fn field_pointer(id: &QualifiedFieldId) -> String {
    format!("/fields/{}", escape_segment(&id.to_string()))
}
