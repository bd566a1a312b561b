//! The references of what a content type declares for its items' rolls: each roll's result-band
//! set and situational choices, its stat block's effect targets, the names its formulas may read
//! besides fields (`item.<property>` of the type, its parameters), and parameters that would hide
//! a name formulas already read (`roll-parameter-name`); the field a type's `levels` default
//! from (`levels-default-not-number`); content items' roll modifiers, which read the rolled
//! item's properties and parameters and must name dice rolls of it (`roll-modifier-roll-unknown`).

use std::borrow::Cow;

use opencharacter_spec::diagnostic::Kind;
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::ids::FieldId;
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::{ContentTypeDef, PackRelease, RollModifier, ValueType};
use opencharacter_spec::pointer::tokens;

use super::Checker;
use crate::resolver::NameKind;

/// The names a formula may read beside fields, where it stands.
#[derive(Default)]
pub(super) struct Scope<'r> {
    /// The content type whose `item.<property>` the formula reads, with its ID: each property
    /// named must be one of its own.
    item: Option<(&'r str, &'r ContentTypeDef)>,
    /// The type's parameters the formula may read.
    parameters: Vec<&'r str>,
}

impl Scope<'_> {
    /// Whether `name` (bare) is one of the scope's own names rather than a field.
    pub(super) fn reads(&self, name: &str) -> bool {
        self.parameters.contains(&name) || (self.item.is_some() && name.starts_with("item."))
    }

    /// `content-type-property-unknown` for an `item.<property>` the scope's type does not
    /// declare (without a pointer).
    pub(super) fn unknown_property(&self, name: &str) -> Option<Diagnostic> {
        let (type_id, def) = self.item?;
        let property = name.strip_prefix("item.")?;
        let known = property
            .parse::<FieldId>()
            .is_ok_and(|id| def.properties.contains_key(&id));
        (!known).then(|| {
            Diagnostic::new(&codes::CONTENT_TYPE_PROPERTY_UNKNOWN)
                .with_arg("property", property)
                .with_arg("type", type_id)
        })
    }
}

/// A pointer's segments, unescaped.
fn segments(pointer: &str) -> Vec<String> {
    tokens(pointer).map(Cow::into_owned).collect()
}

impl<'r> Checker<'r> {
    /// The scope of the formula at `pointer`: a content type's rolls and its properties'
    /// defaults read `item.<property>` and the type's parameters; its parameters' ends and
    /// its stat block read `item.<property>` only; a content item's properties read the
    /// parameters of the item's (loaded) type.
    pub(super) fn scope<'x>(&self, release: &'x PackRelease, pointer: &str) -> Scope<'x>
    where
        'r: 'x,
    {
        let parts = segments(pointer);
        match parts
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice()
        {
            ["rules", "contentTypes", id, section, ..] => {
                let Some((key, def)) = release
                    .rules
                    .content_types
                    .iter()
                    .find(|(key, _)| key.as_str() == *id)
                else {
                    return Scope::default();
                };
                let parameters = match *section {
                    "rolls" | "properties" => def.parameters.keys().map(FieldId::as_str).collect(),
                    _ => Vec::new(),
                };
                Scope {
                    item: Some((key.as_str(), def)),
                    parameters,
                }
            }
            // A roll modifier's formulas read the parameters of the type whose rolls it changes.
            ["content", id, "rollModifiers", index, ..] => {
                let modifier = (release.content.iter())
                    .find(|(key, _)| key.as_str() == *id)
                    .and_then(|(_, item)| item.roll_modifiers.get(index.parse::<usize>().ok()?));
                let target = modifier.and_then(|m| {
                    let found = self
                        .resolver
                        .resolve_kind(self.pack, &m.content_type, NameKind::ContentType)
                        .ok()?;
                    self.ruleset.content_types.get_key_value(&found)
                });
                // Its `item.<property>` reads the rolled item: a property of that type.
                Scope {
                    item: target.map(|(key, def)| (key.local.as_str(), def)),
                    parameters: target
                        .map(|(_, def)| def.parameters.keys().map(FieldId::as_str).collect())
                        .unwrap_or_default(),
                }
            }
            ["content", id, "properties", ..] => {
                let item = release
                    .content
                    .iter()
                    .find(|(key, _)| key.as_str() == *id)
                    .map(|(_, item)| item);
                let parameters = item
                    .and_then(|item| self.loaded_type(item))
                    .map(|def| def.parameters.keys().map(FieldId::as_str).collect())
                    .unwrap_or_default();
                Scope {
                    item: None,
                    parameters,
                }
            }
            _ => Scope::default(),
        }
    }

    /// Each content type's rolls (band sets, situational choices), stat-block effect targets,
    /// and parameter names.
    pub(super) fn content_types(&mut self, release: &PackRelease) {
        let ruleset = self.ruleset;
        for (id, def) in &release.rules.content_types {
            let at = format!("/rules/contentTypes/{}", escape_segment(id.as_str()));
            for (roll_id, roll) in &def.rolls {
                let here = format!("{at}/rolls/{}", escape_segment(roll_id.as_str()));
                if let Some(bands) = &roll.bands {
                    self.kind(bands, NameKind::ResultBands, format!("{here}/bands"));
                }
                for (index, choice) in roll.situational_choices.iter().enumerate() {
                    self.among(
                        choice,
                        Kind::SituationalChoice,
                        |q| ruleset.situational_choices.contains_key(q),
                        format!("{here}/situationalChoices/{index}"),
                    );
                }
            }
            self.levels_default(id, def, &at);
            if let Some(stat_block) = &def.stat_block {
                self.effects(&format!("{at}/statBlock/effects"), &stat_block.effects);
                self.no_item_in_play(&format!("{at}/statBlock/effects"), &stat_block.effects);
            }
            for (index, reference) in def.variant_of.iter().enumerate() {
                self.kind(
                    reference,
                    NameKind::ContentType,
                    format!("{at}/variantOf/{index}"),
                );
            }
            for name in def.parameters.keys() {
                let kind = if name.as_str() == "item" {
                    Some(Kind::TheItem)
                } else {
                    self.resolver
                        .formula_name(self.pack, None, name.as_str())
                        .ok()
                        .map(|found| {
                            if ruleset.fields.contains_key(&found) {
                                Kind::AField
                            } else if ruleset.pools.contains_key(&found) {
                                Kind::APool
                            } else {
                                Kind::ATrack
                            }
                        })
                };
                if let Some(kind) = kind {
                    self.out.push(
                        Diagnostic::new(&codes::ROLL_PARAMETER_NAME)
                            .with_arg("name", name)
                            .with_arg("type", id)
                            .with_kind(kind)
                            .with_pack(self.pack.clone())
                            .with_pointer(format!(
                                "{at}/parameters/{}",
                                escape_segment(name.as_str())
                            )),
                    );
                }
            }
        }
    }

    /// A content item's roll modifiers: the type they change must be a content type, their
    /// `items` content, and each roll in `rolls` a `dice` roll the type declares
    /// (`roll-modifier-roll-unknown`).
    pub(super) fn roll_modifiers(&mut self, at: &str, modifiers: &[RollModifier]) {
        for (index, modifier) in modifiers.iter().enumerate() {
            let here = format!("{at}/{index}");
            let found = self.kind(
                &modifier.content_type,
                NameKind::ContentType,
                format!("{here}/type"),
            );
            for (i, item) in modifier.items.iter().enumerate() {
                self.content_ref(item, format!("{here}/items/{i}"));
            }
            let Some(found) = found else { continue };
            let Some(def) = self.ruleset.content_types.get(&found) else {
                continue;
            };
            for (i, roll) in modifier.rolls.iter().enumerate() {
                let dice = def.rolls.get(roll).is_some_and(|r| r.dice.is_some());
                if !dice {
                    self.out.push(
                        Diagnostic::new(&codes::ROLL_MODIFIER_ROLL_UNKNOWN)
                            .with_arg("roll", roll)
                            .with_arg("type", &found)
                            .with_pack(self.pack.clone())
                            .with_pointer(format!("{here}/rolls/{i}")),
                    );
                }
            }
        }
    }

    /// A type's `levels.defaultFrom` must name a field (`unresolved-reference`), and a
    /// `number` one (`levels-default-not-number`): an entry without a `level` holds its value.
    fn levels_default(&mut self, id: &FieldId, def: &ContentTypeDef, at: &str) {
        let Some(field) = def.levels.as_ref().and_then(|l| l.default_from.as_ref()) else {
            return;
        };
        let pointer = format!("{at}/levels/defaultFrom");
        let Some(found) = self.kind(field, NameKind::Field, pointer.clone()) else {
            return;
        };
        let value_type = self.ruleset.fields.get(&found).map(|f| f.value_type);
        if value_type.is_some_and(|t| t != ValueType::Number) {
            self.out.push(
                Diagnostic::new(&codes::LEVELS_DEFAULT_NOT_NUMBER)
                    .with_arg("type", id)
                    .with_arg("field", &found)
                    .with_pack(self.pack.clone())
                    .with_pointer(pointer),
            );
        }
    }
}
