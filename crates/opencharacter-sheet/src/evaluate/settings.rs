//! Step 1: the settings, from their defaults, the character's setup and the game's.

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::Kind;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::QualifiedFieldId;
use opencharacter_spec::model::Scalar;
use opencharacter_spec::model::formulas::escape_segment;

use super::EvaluateOptions;
use crate::engine::Engine;
use crate::value::{SheetValue, scalar_value};

pub(crate) fn settings(
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
        if let Some(saved) = picked.get(id).filter(|s| crate::value::too_large(s)) {
            let pointer = format!("/setup/settings/{}", escape_segment(&id.to_string()));
            issues.push(crate::value::too_large_issue(id, saved, pointer));
        }
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
                    .with_kind(Kind::Setting)
                    .with_pointer(format!(
                        "/setup/settings/{}",
                        escape_segment(&id.to_string())
                    )),
            );
        }
    }
    out
}
