//! Every formula of a document, with where it stands.
//!
//! The model's types decide what is a formula: a string the model types as [`Formula`] or
//! [`DiceFormula`], a `dice`-typed field's or column's default (dice, as a `dice` field's
//! formula is), and a content item's property whose content type declares it `dice` or
//! `formula`. The builder walks a release with
//! [`release_formulas`] to build its `formulas` table and to point a parse error at the JSON
//! pointer (and so, through the reader's side table, the file, line and column) of its text.

use serde::Serialize;

use super::character::Character;
use super::common::{Choice, DiceFormula, Effect, Formula, Grant, Scalar};
use super::content::{ContentItem, Template};
use super::economy::LootTable;
use super::release::PackRelease;
use super::rules::{ColumnDef, ContentTypeDef, FieldDef, RulesDocument, ValueType};
use crate::ids::{FieldId, Reference};

/// Whether a formula is a plain formula or a dice expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FormulaKind {
    /// A formula (a value, a condition).
    Formula,
    /// A dice expression (it rolls).
    Dice,
}

/// One formula and where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FormulaSite<'a> {
    /// JSON pointer from the root of the walked document (`/rules/fields/level/formula`).
    pub pointer: String,
    /// Formula or dice.
    pub kind: FormulaKind,
    /// The source text, as written.
    pub text: &'a str,
}

/// Escapes one JSON-pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`).
pub fn escape_segment(segment: &str) -> String {
    crate::pointer::escape_token(segment).into_owned()
}

struct Walker<'a> {
    path: Vec<String>,
    out: Vec<FormulaSite<'a>>,
}

impl<'a> Walker<'a> {
    fn new(root: &[&str]) -> Self {
        Walker {
            path: root.iter().map(|s| escape_segment(s)).collect(),
            out: Vec::new(),
        }
    }

    fn pointer(&self, last: &str) -> String {
        let mut pointer = String::new();
        for segment in &self.path {
            pointer.push('/');
            pointer.push_str(segment);
        }
        pointer.push('/');
        pointer.push_str(&escape_segment(last));
        pointer
    }

    fn within(&mut self, segment: impl AsRef<str>, f: impl FnOnce(&mut Self)) {
        self.path.push(escape_segment(segment.as_ref()));
        f(self);
        self.path.pop();
    }

    fn push(&mut self, segment: &str, kind: FormulaKind, text: &'a str) {
        let pointer = self.pointer(segment);
        self.out.push(FormulaSite {
            pointer,
            kind,
            text,
        });
    }

    fn formula(&mut self, segment: &str, formula: Option<&'a Formula>) {
        if let Some(formula) = formula {
            self.push(segment, FormulaKind::Formula, formula.as_str());
        }
    }

    fn dice(&mut self, segment: &str, dice: Option<&'a DiceFormula>) {
        if let Some(dice) = dice {
            self.push(segment, FormulaKind::Dice, dice.as_str());
        }
    }

    fn dice_default(&mut self, value_type: ValueType, default: Option<&'a Scalar>) {
        if value_type == ValueType::Dice
            && let Some(Scalar::Text(text)) = default
        {
            self.push("default", FormulaKind::Dice, text);
        }
    }

    fn effects(&mut self, effects: impl IntoIterator<Item = (String, &'a Effect)>) {
        for (segment, effect) in effects {
            self.within(segment, |w| w.effect(effect));
        }
    }

    fn effect(&mut self, effect: &'a Effect) {
        self.formula("value", Some(&effect.value));
        self.formula("when", effect.when.as_ref());
    }

    fn grants(&mut self, grants: &'a [Grant]) {
        for (index, grant) in grants.iter().enumerate() {
            self.within(index.to_string(), |w| {
                w.formula("when", grant.when.as_ref())
            });
        }
    }

    fn choice(&mut self, choice: &'a Choice) {
        if let Some(query) = &choice.query {
            self.within("query", |w| w.formula("where", query.condition.as_ref()));
        }
        self.formula("when", choice.when.as_ref());
    }

    fn field(&mut self, field: &'a FieldDef) {
        self.dice_default(field.value_type, field.default.as_ref());
        match (&field.formula, field.value_type) {
            // A dice field's formula gives its dice.
            (Some(formula), ValueType::Dice) => {
                self.push("formula", FormulaKind::Dice, formula.as_str());
            }
            (formula, _) => self.formula("formula", formula.as_ref()),
        }
        self.formula("hideWhen", field.hide_when.as_ref());
        if !field.columns.is_empty() {
            self.within("columns", |w| {
                for (id, column) in &field.columns {
                    w.within(id, |w| w.column(column));
                }
            });
        }
        if !field.parts.is_empty() {
            self.within("parts", |w| {
                for (id, part) in &field.parts {
                    w.within(id, |w| w.field(part));
                }
            });
        }
    }

    fn column(&mut self, column: &'a ColumnDef) {
        self.dice_default(column.value_type, column.default.as_ref());
    }

    /// A content type's formulas: property defaults of `formula` and `dice` properties, its
    /// parameters' ends, its rolls and its stat block's effects.
    fn content_type(&mut self, content_type: &'a ContentTypeDef) {
        self.within("properties", |w| {
            for (id, property) in &content_type.properties {
                let kind = match property.value_type {
                    ValueType::Dice => FormulaKind::Dice,
                    ValueType::Formula => FormulaKind::Formula,
                    _ => continue,
                };
                if let Some(serde_json::Value::String(text)) = &property.default {
                    w.within(id, |w| w.push("default", kind, text));
                }
            }
        });
        self.within("parameters", |w| {
            for (id, parameter) in &content_type.parameters {
                w.within(id, |w| {
                    w.formula("from", Some(&parameter.from));
                    w.formula("to", Some(&parameter.to));
                });
            }
        });
        self.within("rolls", |w| {
            for (id, roll) in &content_type.rolls {
                w.within(id, |w| {
                    w.formula("check", roll.check.as_ref());
                    w.formula("dc", roll.dc.as_ref());
                    w.dice("dice", roll.dice.as_ref());
                    w.formula("value", roll.value.as_ref());
                    w.formula("times", roll.times.as_ref());
                    w.formula("when", roll.when.as_ref());
                });
            }
        });
        if let Some(stat_block) = &content_type.stat_block {
            self.within("statBlock", |w| {
                w.within("effects", |w| {
                    w.effects(
                        stat_block
                            .effects
                            .iter()
                            .enumerate()
                            .map(|(i, e)| (i.to_string(), e)),
                    );
                });
            });
        }
    }

    fn loot_table(&mut self, table: &'a LootTable) {
        self.dice("rolls", table.rolls.as_ref());
        self.within("entries", |w| {
            for (index, entry) in table.entries.iter().enumerate() {
                w.within(index.to_string(), |w| w.dice("count", entry.count.as_ref()));
            }
        });
    }

    fn rules(&mut self, rules: &'a RulesDocument) {
        self.within("fields", |w| {
            for (id, field) in &rules.fields {
                w.within(id, |w| w.field(field));
            }
        });
        self.within("contentTypes", |w| {
            for (id, content_type) in &rules.content_types {
                w.within(id, |w| w.content_type(content_type));
            }
        });
        self.within("live", |w| {
            w.within("pools", |w| {
                for (id, pool) in &rules.live.pools {
                    w.within(id, |w| {
                        w.formula("max", Some(&pool.max));
                        w.formula("hideWhen", pool.hide_when.as_ref());
                    });
                }
            });
            w.within("tracks", |w| {
                for (id, track) in &rules.live.tracks {
                    w.within(id, |w| {
                        w.formula("max", Some(&track.max));
                        w.formula("hideWhen", track.hide_when.as_ref());
                    });
                }
            });
            w.within("woundTracks", |w| {
                for (id, track) in &rules.live.wound_tracks {
                    w.within(id, |w| {
                        w.formula("boxes", Some(&track.boxes));
                        w.formula("penalty", track.penalty.as_ref());
                    });
                }
            });
        });
        self.within("situationalChoices", |w| {
            for (id, choice) in &rules.situational_choices {
                w.within(id, |w| {
                    w.dice("dice", choice.dice.as_ref());
                    w.formula("bonus", choice.bonus.as_ref());
                    w.within("modify", |w| {
                        w.effects(
                            choice
                                .modify
                                .iter()
                                .enumerate()
                                .map(|(i, e)| (i.to_string(), e)),
                        );
                    });
                });
            }
        });
        if let Some(resolution) = &rules.resolution {
            self.within("resolution", |w| w.dice("dice", resolution.dice.as_ref()));
        }
        self.within("resultBands", |w| {
            for (id, set) in &rules.result_bands {
                w.within(id, |w| {
                    w.within("bands", |w| {
                        for (band_id, band) in &set.bands {
                            w.within(band_id, |w| {
                                for (condition, range) in band.ranges() {
                                    w.within(condition, |w| {
                                        for (end, formula) in range.formulas() {
                                            w.formula(end, Some(formula));
                                        }
                                    });
                                }
                            });
                        }
                    });
                });
            }
        });
        self.within("actions", |w| {
            for (id, action) in &rules.actions {
                w.within(id, |w| {
                    w.within("use", |w| {
                        w.formula("check", action.uses.check.as_ref());
                        w.dice("roll", action.uses.roll.as_ref());
                        w.formula("formula", action.uses.formula.as_ref());
                    });
                });
            }
        });
        self.within("effects", |w| {
            w.effects(rules.effects.iter().map(|(id, e)| (id.to_string(), e)));
        });
        self.within("choices", |w| {
            for (id, choice) in &rules.choices {
                w.within(id, |w| w.choice(choice));
            }
        });
        self.within("constraints", |w| {
            for (id, constraint) in &rules.constraints {
                w.within(id, |w| w.formula("formula", Some(&constraint.formula)));
            }
        });
        if let Some(market) = &rules.market {
            self.within("market", |w| {
                w.within("sellers", |w| {
                    for (id, seller) in &market.sellers {
                        w.within(id, |w| w.formula("only", seller.only.as_ref()));
                    }
                });
            });
        }
        self.within("lootTables", |w| {
            for (id, table) in &rules.loot_tables {
                w.within(id, |w| w.loot_table(table));
            }
        });
        self.within("layers", |w| {
            for (id, layer) in &rules.layers {
                let Some(items) = &layer.items else { continue };
                w.within(id, |w| {
                    w.within("items", |w| {
                        w.within("lootTables", |w| {
                            for (table_id, table) in &items.loot_tables {
                                w.within(table_id, |w| w.loot_table(table));
                            }
                        });
                    });
                });
            }
        });
    }

    fn properties(
        &mut self,
        properties: &'a indexmap::IndexMap<FieldId, serde_json::Value>,
        content_type: Option<&ContentTypeDef>,
    ) {
        let Some(content_type) = content_type else {
            return;
        };
        self.within("properties", |w| {
            for (id, value) in properties {
                let kind = match content_type.properties.get(id).map(|p| p.value_type) {
                    Some(ValueType::Dice) => FormulaKind::Dice,
                    Some(ValueType::Formula) => FormulaKind::Formula,
                    _ => continue,
                };
                match value {
                    serde_json::Value::String(text) => w.push(id.as_str(), kind, text),
                    serde_json::Value::Array(values) => w.within(id, |w| {
                        for (index, value) in values.iter().enumerate() {
                            if let Some(text) = value.as_str() {
                                w.push(&index.to_string(), kind, text);
                            }
                        }
                    }),
                    _ => {}
                }
            }
        });
    }

    fn content(&mut self, item: &'a ContentItem, content_type: Option<&ContentTypeDef>) {
        self.properties(&item.properties, content_type);
        if let Some(effects) = &item.effects {
            self.within("effects", |w| {
                w.effects(effects.iter().enumerate().map(|(i, e)| (i.to_string(), e)));
            });
        }
        if let Some(grants) = &item.grants {
            self.within("grants", |w| w.grants(grants));
        }
        if let Some(choices) = &item.choices {
            self.within("choices", |w| {
                for (id, choice) in choices {
                    w.within(id, |w| w.choice(choice));
                }
            });
        }
        if let Some(resources) = &item.resources {
            self.within("resources", |w| {
                for (id, resource) in resources {
                    w.within(id, |w| {
                        w.formula("max", Some(&resource.max));
                        w.formula("unlimited", resource.unlimited.as_ref());
                        w.formula("when", resource.when.as_ref());
                        w.within("recovery", |w| {
                            w.dice("amount", resource.recovery.amount.as_ref());
                        });
                        w.within("regains", |w| {
                            for (i, regain) in resource.regains.iter().enumerate() {
                                w.within(i.to_string(), |w| {
                                    w.dice("amount", regain.amount.as_ref());
                                    w.formula("when", regain.when.as_ref());
                                });
                            }
                        });
                    });
                }
            });
        }
        if !item.roll_modifiers.is_empty() {
            self.within("rollModifiers", |w| {
                for (index, modifier) in item.roll_modifiers.iter().enumerate() {
                    w.within(index.to_string(), |w| {
                        w.formula("where", modifier.condition.as_ref());
                        w.dice("add", modifier.add.as_ref());
                    });
                }
            });
        }
    }

    fn template(&mut self, template: &'a Template, content_type: Option<&ContentTypeDef>) {
        self.properties(&template.properties, content_type);
        self.within("effects", |w| {
            w.effects(
                template
                    .effects
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (i.to_string(), e)),
            );
        });
        self.within("grants", |w| w.grants(&template.grants));
    }
}

/// Every formula of a rules document, pointers from the document's root.
///
/// ```
/// use opencharacter_spec::model::{RulesDocument, formulas::{rules_formulas, FormulaKind}};
/// let rules: RulesDocument = opencharacter_spec::yaml::from_str(
///     "live:\n  pools:\n    hp: { max: 10 + level }\nlootTables:\n  t: { entries: [{ coins: sp, weight: 1, count: 4d6 }] }\n",
/// ).unwrap();
/// let found: Vec<_> = rules_formulas(&rules).into_iter().map(|f| (f.pointer, f.kind, f.text)).collect();
/// assert_eq!(found, [
///     ("/live/pools/hp/max".to_owned(), FormulaKind::Formula, "10 + level"),
///     ("/lootTables/t/entries/0/count".to_owned(), FormulaKind::Dice, "4d6"),
/// ]);
/// ```
pub fn rules_formulas(rules: &RulesDocument) -> Vec<FormulaSite<'_>> {
    let mut walker = Walker::new(&[]);
    walker.rules(rules);
    walker.out
}

/// Every formula of a content item, pointers from the item's root. `content_type` is the
/// declaration of the item's type (for an `extends` item, its parent's; for an override, its
/// target's); without it, property values are not searched.
pub fn content_formulas<'a>(
    item: &'a ContentItem,
    content_type: Option<&ContentTypeDef>,
) -> Vec<FormulaSite<'a>> {
    let mut walker = Walker::new(&[]);
    walker.content(item, content_type);
    walker.out
}

/// Every formula of a template, pointers from its root; `content_type` as for
/// [`content_formulas`] (a template of one `appliesTo` type; none for several).
pub fn template_formulas<'a>(
    template: &'a Template,
    content_type: Option<&ContentTypeDef>,
) -> Vec<FormulaSite<'a>> {
    let mut walker = Walker::new(&[]);
    walker.template(template, content_type);
    walker.out
}

/// Every formula of a release, pointers from the release's root (`/rules/…`, `/content/<id>/…`,
/// `/templates/<id>/…`).
///
/// An item's content type is looked up in the release's own rules when its `type` is local or
/// names the release's pack, and through `dependency_type` otherwise (the builder passes the
/// dependencies' content types; `|_| None` skips their properties). An `extends` item without
/// a `type` takes its parent's when the parent is in the release; an override takes its
/// target's type through `dependency_type`'s answer for the target's item, which the builder
/// supplies by calling with the target's type.
pub fn release_formulas<'a, 'd>(
    release: &'a PackRelease,
    dependency_type: impl Fn(&ContentItem) -> Option<&'d ContentTypeDef>,
) -> Vec<FormulaSite<'a>> {
    let own_type = |reference: &Reference<FieldId>| -> Option<&'a ContentTypeDef> {
        match reference.pack() {
            Some(pack) if *pack != release.manifest.id => None,
            _ => release.rules.content_types.get(reference.local()),
        }
    };
    let mut walker = Walker::new(&["rules"]);
    walker.rules(&release.rules);
    walker.path = vec!["content".to_owned()];
    for (id, item) in &release.content {
        let declared = item.content_type.as_ref().or_else(|| {
            // An `extends` item without a type has its parent's.
            item.extends
                .as_ref()
                .filter(|parent| parent.pack().is_none())
                .and_then(|parent| release.content.get(parent.local()))
                .and_then(|parent| parent.content_type.as_ref())
        });
        let content_type = declared
            .and_then(own_type)
            .or_else(|| dependency_type(item));
        walker.within(id, |w| w.content(item, content_type));
    }
    walker.path = vec!["templates".to_owned()];
    for (id, template) in &release.templates {
        let content_type = match template.applies_to.as_slice() {
            [only] => own_type(only),
            _ => None,
        };
        walker.within(id, |w| w.template(template, content_type));
    }
    walker.out
}

/// Every formula of a character's homebrew (pointers from the character's root). Homebrew
/// items of a pack's type find it through `pack_type`.
pub fn character_formulas<'a, 'd>(
    character: &'a Character,
    pack_type: impl Fn(&Reference<FieldId>) -> Option<&'d ContentTypeDef>,
) -> Vec<FormulaSite<'a>>
where
    'a: 'd,
{
    let homebrew = &character.homebrew;
    let find = |reference: &Reference<FieldId>| -> Option<&'d ContentTypeDef> {
        match reference.pack() {
            Some(pack) if !pack.is_homebrew() => pack_type(reference),
            _ => homebrew.content_types.get(reference.local()),
        }
    };
    let mut walker = Walker::new(&["homebrew", "contentTypes"]);
    for (id, content_type) in &homebrew.content_types {
        walker.within(id, |w| w.content_type(content_type));
    }
    walker.path = vec!["homebrew".to_owned(), "content".to_owned()];
    for (id, item) in &homebrew.content {
        let content_type = item.content_type.as_ref().and_then(find);
        walker.within(id, |w| w.content(item, content_type));
    }
    walker.path = vec!["homebrew".to_owned(), "templates".to_owned()];
    for (id, template) in &homebrew.templates {
        let content_type = match template.applies_to.as_slice() {
            [only] => find(only),
            _ => None,
        };
        walker.within(id, |w| w.template(template, content_type));
    }
    walker.out
}
