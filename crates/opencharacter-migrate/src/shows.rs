//! Whether the migrated character shows a live pool or track, which decides where a `routeLive`
//! sends its value: a pool whose maximum, evaluated for this character, is above 0 and that its
//! `hideWhen` does not hide; a plain track its `hideWhen` does not hide; a wound track with at
//! least one box. The sheet crate evaluates the character ([`opencharacter_sheet::evaluate`]),
//! so a maximum sees derived fields, effects of owned content and settings as the sheet does.

use opencharacter_formula::{Number, Value};
use opencharacter_sheet::{EvaluateOptions, Evaluator, Sheet, SheetValue};
use opencharacter_spec::ids::QualifiedFieldId;
use opencharacter_spec::model::Character;

/// Which kind of live value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LiveKind {
    Pool,
    Track,
    WoundTrack,
}

/// The character's sheet, evaluated once and reused until the character changes.
#[derive(Default)]
pub(crate) struct SheetCache {
    sheet: Option<Sheet>,
}

impl SheetCache {
    /// Forgets the sheet (the character changed).
    pub(crate) fn clear(&mut self) {
        self.sheet = None;
    }

    /// Whether the character shows the live value `id` of kind `kind`. A maximum or box count
    /// that does not evaluate to a number counts as not shown, so the value goes to `else`.
    pub(crate) fn shows(
        &mut self,
        evaluator: &Evaluator<'_>,
        character: &Character,
        kind: LiveKind,
        id: &QualifiedFieldId,
    ) -> bool {
        let sheet = self
            .sheet
            .get_or_insert_with(|| evaluator.evaluate(character, &EvaluateOptions::default()));
        match kind {
            LiveKind::Pool => sheet
                .pools
                .get(id)
                .is_some_and(|pool| !pool.hidden && above_zero(pool.max.as_ref())),
            LiveKind::Track => sheet.tracks.get(id).is_some_and(|track| !track.hidden),
            LiveKind::WoundTrack => sheet
                .wound_tracks
                .get(id)
                .is_some_and(|track| above_zero(track.boxes.as_ref())),
        }
    }
}

fn above_zero(value: Option<&SheetValue>) -> bool {
    matches!(value, Some(SheetValue(Value::Number(n))) if *n > Number::from(0))
}
