//! Reading an owned item inside the formulas its content type declares: `item.<property>`
//! becomes the property's value (a literal), or its formula (a tree), the property's `default`
//! standing in for a property the item does not set. A property's formula was written in the
//! item's pack, the roll in the content type's: every name of the property's tree is qualified
//! with the pack it resolves to from the item's pack (`@pack:name`, `has("pack:id")`), so the
//! roll reads it from its own pack and both mean what their authors wrote. Parameter names stay
//! bare, for the environment to answer.

use opencharacter_formula::{Expr, Function};
use opencharacter_resolve::NameKind;
use opencharacter_spec::diagnostic::{Phrase, reasons};
use opencharacter_spec::ids::{FieldId, PackId, Reference};
use opencharacter_spec::model::{ContentItem, ContentTypeDef, ValueType};

use crate::engine::Engine;
use crate::value::json_value;

/// How deep properties may read each other (`damage` reading `item.dice` reading …).
const MAX_DEPTH: usize = 8;

/// An owned item as its content type's formulas read it.
pub(crate) struct ItemScope<'s, 'a> {
    pub(crate) engine: &'s Engine<'a>,
    /// The item, its templates applied.
    pub(crate) item: &'s ContentItem,
    /// The pack whose names its property formulas read.
    pub(crate) ctx: &'s PackId,
    /// Its content type's declaration.
    pub(crate) def: &'s ContentTypeDef,
}

impl ItemScope<'_, '_> {
    /// The property's value on the item, else its `default`; `None` when neither is set.
    pub(crate) fn value(&self, property: &FieldId) -> Option<&serde_json::Value> {
        self.item
            .properties
            .get(property)
            .or_else(|| self.def.properties.get(property)?.default.as_ref())
    }

    /// Whether `name` is one of the type's parameters.
    fn is_parameter(&self, name: &str) -> bool {
        self.def.parameters.keys().any(|p| p.as_str() == name)
    }

    /// The tree with every `item.<property>` replaced by what the item holds; `Err` names the
    /// property that cannot be read (unset without a default, a list, a formula that does not
    /// parse, properties reading each other in a loop).
    pub(crate) fn substitute(&self, expr: &Expr) -> Result<Expr, Phrase> {
        self.rewrite(expr, None, 0)
    }

    /// `expr` with `item.<property>` read; with `qualify`, a property's tree, whose other
    /// names are qualified from that pack.
    fn rewrite(&self, expr: &Expr, qualify: Option<&PackId>, depth: usize) -> Result<Expr, Phrase> {
        let recurse = |e: &Expr| self.rewrite(e, qualify, depth);
        Ok(match expr {
            Expr::Field { pack: None, name } => {
                if let Some(property) = name.strip_prefix("item.") {
                    return self.property(property, depth);
                }
                match qualify {
                    Some(ctx) if !self.is_parameter(name) => self.qualified(ctx, name),
                    _ => expr.clone(),
                }
            }
            Expr::Unary { op, arg } => Expr::Unary {
                op: *op,
                arg: Box::new(recurse(arg)?),
            },
            Expr::Binary { op, left, right } => Expr::Binary {
                op: *op,
                left: Box::new(recurse(left)?),
                right: Box::new(recurse(right)?),
            },
            Expr::Call { function, args } => match (qualify, function, args.as_slice()) {
                (Some(ctx), Function::Has | Function::Count, [Expr::String { value }]) => {
                    let id = self.engine.content_id(ctx, value);
                    Expr::Call {
                        function: *function,
                        args: vec![Expr::String {
                            value: id.map_or_else(|| value.clone(), |id| id.to_string()),
                        }],
                    }
                }
                (Some(ctx), Function::Setting, [Expr::String { value }]) => {
                    setting_call(self.engine, ctx, value)
                }
                _ => Expr::Call {
                    function: *function,
                    args: args.iter().map(recurse).collect::<Result<_, _>>()?,
                },
            },
            Expr::Dice {
                count,
                sides,
                modifier,
            } => Expr::Dice {
                count: Box::new(recurse(count)?),
                sides: Box::new(recurse(sides)?),
                modifier: match modifier {
                    None => None,
                    Some(m) => Some(rewrite_modifier(m, recurse)?),
                },
            },
            other => other.clone(),
        })
    }

    /// What `item.<property>` reads.
    fn property(&self, property: &str, depth: usize) -> Result<Expr, Phrase> {
        let unset = || Phrase::new(&reasons::ITEM_UNSET).with_arg("property", property);
        let id: FieldId = property.parse().map_err(|_| unset())?;
        let value = self.value(&id).ok_or_else(unset)?;
        let declared = self.def.properties.get(&id).map(|p| p.value_type);
        if value.is_array() {
            return Err(Phrase::new(&reasons::ITEM_LIST).with_arg("property", property));
        }
        match (declared, value) {
            (Some(ValueType::Formula | ValueType::Dice), serde_json::Value::String(text)) => {
                if depth >= MAX_DEPTH {
                    return Err(Phrase::new(&reasons::ITEM_TOO_DEEP)
                        .with_arg("property", property)
                        .with_arg("limit", MAX_DEPTH));
                }
                match &*self.engine.parse(text) {
                    Ok(tree) => self.rewrite(tree, Some(self.ctx), depth + 1),
                    Err(reason) => Err(Phrase::new(&reasons::ITEM_PROPERTY_FAILED)
                        .with_arg("property", property)
                        .with_word("reason", reason.clone())),
                }
            }
            (_, value) => json_value(value)
                .map(|v| Expr::literal(&v))
                .ok_or_else(|| Phrase::new(&reasons::ITEM_NO_VALUE).with_arg("property", property)),
        }
    }

    /// A bare name read in pack `ctx`, qualified with the pack it resolves to there (a setting
    /// read as `settings.<id>` becomes `setting("<pack>:<id>")`); left as written when it
    /// resolves to nothing (reading it then fails as it would have).
    fn qualified(&self, ctx: &PackId, name: &str) -> Expr {
        if let Some(id) = self.engine.name(ctx, None, name) {
            return Expr::Field {
                pack: Some(id.pack.to_string()),
                name: id.local.to_string(),
            };
        }
        if let Some(setting) = name.strip_prefix("settings.") {
            return setting_call(self.engine, ctx, setting);
        }
        Expr::Field {
            pack: None,
            name: name.to_owned(),
        }
    }
}

/// `setting("<pack>:<id>")` for a setting named in pack `ctx`.
fn setting_call(engine: &Engine<'_>, ctx: &PackId, setting: &str) -> Expr {
    let resolved = setting
        .parse::<Reference<FieldId>>()
        .ok()
        .and_then(|reference| engine.resolve_kind(ctx, &reference, NameKind::Setting));
    Expr::Call {
        function: Function::Setting,
        args: vec![Expr::String {
            value: resolved.map_or_else(|| setting.to_owned(), |id| id.to_string()),
        }],
    }
}

fn rewrite_modifier(
    modifier: &opencharacter_formula::DiceModifier,
    mut recurse: impl FnMut(&Expr) -> Result<Expr, Phrase>,
) -> Result<opencharacter_formula::DiceModifier, Phrase> {
    use opencharacter_formula::DiceModifier as M;
    Ok(match modifier {
        M::KeepHighest(e) => M::KeepHighest(Box::new(recurse(e)?)),
        M::KeepLowest(e) => M::KeepLowest(Box::new(recurse(e)?)),
        M::Successes(e) => M::Successes(Box::new(recurse(e)?)),
        M::Pool => M::Pool,
    })
}
