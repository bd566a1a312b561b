//! Levels per item (multiclassing): a content type that declares `levels` makes each owned
//! entry of the type hold a number of levels (a fighter 2 / wizard 3 lists both classes, each
//! with its `level`), which formulas read with `levels("id")` (one item, or every item of a
//! type) and `first("id")` (the class a character started with). Kept apart from ownership so
//! the rule for an entry without a `level` (the type's `defaultFrom` field, which keeps
//! single-class files written before levels per item reading as they did) has one home.

use std::num::NonZeroU32;

use opencharacter_resolve::NameKind;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::QualifiedFieldId;

use super::ownership::{Owned, item_type_def};
use crate::engine::Engine;
use crate::value::scalar_value;

/// Notes an owned entry's content type and, for a type that declares `levels`, the levels it
/// holds: its own `level`, else the saved value of the type's `defaultFrom` field (else that
/// field's default), else 1. An entry of any other type holds none.
/// A `level` given to an item of a type without `levels` is the issue
/// `content-level-unexpected` at `pointer` (the listed entry's), and is ignored.
pub(crate) fn annotate(
    engine: &Engine<'_>,
    owned: &mut Owned<'_>,
    level: Option<NonZeroU32>,
    diagnostics: &mut Diagnostics,
) {
    let Some((type_id, def)) = item_type_def(engine, owned) else {
        return;
    };
    if level.is_some() && def.levels.is_none() {
        let mut issue = Diagnostic::new(&codes::CONTENT_LEVEL_UNEXPECTED).with_arg("id", &owned.id);
        if let Some(pointer) = &owned.pointer {
            issue = issue.with_pointer(format!("{pointer}/level"));
        }
        diagnostics.push(issue);
    }
    owned.levels = def.levels.as_ref().map(|levels| {
        if let Some(level) = level {
            return i64::from(level.get());
        }
        levels
            .default_from
            .as_ref()
            .and_then(|field| engine.resolve_kind(&type_id.pack, field, NameKind::Field))
            .and_then(|field| saved_number(engine, &field))
            .unwrap_or(1)
    });
    owned.content_type = Some(type_id);
}

/// The number the character file saves for a field, else the field's default.
fn saved_number(engine: &Engine<'_>, field: &QualifiedFieldId) -> Option<i64> {
    let saved = engine.character.fields.get(field).and_then(scalar_value);
    let value = saved.or_else(|| {
        engine
            .ruleset
            .fields
            .get(field)
            .and_then(|def| def.default.as_ref())
            .and_then(scalar_value)
    })?;
    match value {
        opencharacter_formula::Value::Number(n) => n.to_integer(),
        _ => None,
    }
}
