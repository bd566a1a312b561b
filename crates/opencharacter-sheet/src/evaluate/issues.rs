//! Rules issues evaluation finds: bounds, constraints, choices (answers for brought content
//! included), link slots, deprecated content.

use std::collections::HashSet;

use indexmap::IndexMap;
use opencharacter_formula::Value;
use opencharacter_resolve::NameKind;
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::ids::{PackId, QualifiedContentId, QualifiedFieldId, Reference};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::{Choice, GrantedAnswers, ValueType};

use super::after::After;
use super::fields::field_pointer;
use super::formulas::{formula_value, holds};
use super::ownership::{Owned, granted_pointer};
use super::sheet::Origin;
use crate::engine::Extra;
use crate::value::json_value;

impl After<'_, '_, '_> {
    /// Number fields outside their `min`/`max`, after effects; text fields over `maxLength`.
    pub(crate) fn bounds(&mut self) {
        let ruleset = self.engine.ruleset;
        let mut found = Vec::new();
        for (id, field) in &self.sheet.fields {
            let Some(def) = ruleset.fields.get(id) else {
                continue;
            };
            let Some(value) = &field.value else { continue };
            let pointer = self
                .engine
                .character
                .fields
                .contains_key(id)
                .then(|| field_pointer(id));
            match &value.0 {
                Value::Number(n) => {
                    // A bound an effect changed (`bound: max`) replaces the written one.
                    let bound =
                        |changed: &Option<crate::value::SheetValue>,
                         written: Option<&serde_json::Number>| {
                            match changed.as_ref().map(|v| &v.0) {
                                Some(Value::Number(m)) => Some((*m, m.to_string())),
                                _ => written.and_then(|w| {
                                    crate::value::json_number(w).map(|m| (m, w.to_string()))
                                }),
                            }
                        };
                    let min = bound(&field.min, def.min.as_ref());
                    let max = bound(&field.max, def.max.as_ref());
                    if min.as_ref().is_some_and(|(m, _)| n < m)
                        || max.as_ref().is_some_and(|(m, _)| n > m)
                    {
                        found.push((
                            id.clone(),
                            value.to_string(),
                            min.map(|(_, t)| t),
                            max.map(|(_, t)| t),
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

    pub(crate) fn constraints(&mut self) {
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

    pub(crate) fn choices(&mut self, owned: &[Owned<'_>]) {
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
        // An owned item's own choices, where the file answers them: a listed entry's, and a
        // brought item's under the entry that brought it (`granted`). A brought item the file
        // has no answers for is not checked: its choices are the pack's to default.
        for item in owned {
            let Some(choices) = &item.item.choices else {
                continue;
            };
            let Some(at) = item.answers.at.clone() else {
                continue;
            };
            for (choice_id, choice) in choices {
                let picks = item
                    .answers
                    .choices
                    .and_then(|c| c.get(choice_id))
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                let pointer = format!("{at}/choices/{}", escape_segment(choice_id.as_str()));
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

    /// Answers under `granted` for content the entry does not bring.
    pub(crate) fn granted_answers(&mut self, owned: &[Owned<'_>]) {
        let answered: HashSet<&str> = owned
            .iter()
            .filter_map(|o| o.answers.at.as_deref())
            .collect();
        let mut unknown = Vec::new();
        for (index, listed) in self.engine.character.content.iter().enumerate() {
            let mut stack: Vec<(String, &IndexMap<QualifiedContentId, GrantedAnswers>)> =
                vec![(format!("/content/{index}"), &listed.granted)];
            while let Some((at, granted)) = stack.pop() {
                for (id, node) in granted {
                    let pointer = granted_pointer(&at, id);
                    if answered.contains(pointer.as_str()) {
                        stack.push((pointer, &node.granted));
                    } else {
                        unknown.push(
                            Diagnostic::new(&codes::GRANTED_ANSWER_UNKNOWN)
                                .with_arg("id", id)
                                .with_pointer(pointer),
                        );
                    }
                }
            }
        }
        for d in unknown {
            self.issue(d);
        }
    }

    pub(crate) fn link_slots(&mut self, owned: &[Owned<'_>]) {
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

    pub(crate) fn deprecated(&mut self, owned: &[Owned<'_>]) {
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
}
