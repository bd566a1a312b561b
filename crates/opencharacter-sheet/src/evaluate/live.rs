//! Live state and lists: pools within their maxima, plain and wound tracks with their penalties,
//! list rows with their columns' defaults.

use indexmap::IndexMap;
use opencharacter_formula::{Number, Value};
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::ids::FieldId;
use opencharacter_spec::model::ValueType;
use opencharacter_spec::model::formulas::escape_segment;

use super::after::After;
use super::formulas::{formula_value, hidden};
use super::sheet::{TrackValue, WoundTrackValue};
use crate::engine::Extra;
use crate::value::{SheetValue, scalar_value};

impl After<'_, '_, '_> {
    pub(crate) fn live(&mut self) {
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

    pub(crate) fn lists(&mut self) {
        let ruleset = self.engine.ruleset;
        for (id, def) in &ruleset.fields {
            if def.value_type != ValueType::List {
                continue;
            }
            let saved = self.engine.character.lists.get(id);
            let mut too_large = Vec::new();
            let rows: Vec<IndexMap<FieldId, SheetValue>> = saved
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(index, row)| {
                    let mut out = IndexMap::new();
                    for (column, column_def) in &def.columns {
                        if let Some(saved) = row.get(column).filter(|s| crate::value::too_large(s))
                        {
                            let pointer = format!(
                                "/lists/{}/{index}/{}",
                                escape_segment(&id.to_string()),
                                escape_segment(column.as_str())
                            );
                            too_large.push(crate::value::too_large_issue(
                                format!("{id} row {} column {column}", index + 1),
                                saved,
                                pointer,
                            ));
                        }
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
            self.sheet.issues.append(&mut too_large);
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
}
