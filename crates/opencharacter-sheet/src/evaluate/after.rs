//! Step 5: what is computed once fields are known (live state, lists, rules issues, owned items'
//! properties), as methods of [`After`] split over the modules `live`, `issues` and `items`.

use std::collections::HashSet;

use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::ids::{PackId, QualifiedFieldId};

use super::sheet::Sheet;
use crate::engine::{Engine, Env, Extra};

/// Step 5: what is computed once fields are known.
pub(crate) struct After<'s, 'e, 'a> {
    pub(crate) engine: &'e Engine<'a>,
    pub(crate) sheet: &'s mut Sheet,
    pub(crate) failed: &'s HashSet<QualifiedFieldId>,
}

impl After<'_, '_, '_> {
    pub(crate) fn env<'x>(&'x self, ctx: &'x PackId, extra: Option<&'x Extra>) -> Env<'x, 'x> {
        Env {
            engine: self.engine,
            ctx,
            values: &self.sheet.values,
            owned: &self.sheet.owned,
            extra,
        }
    }

    pub(crate) fn issue(&mut self, diagnostic: Diagnostic) {
        self.sheet.issues.push(diagnostic);
    }

    pub(crate) fn out_of_bounds(
        &mut self,
        id: impl std::fmt::Display,
        value: impl std::fmt::Display,
        min: Option<String>,
        max: Option<String>,
        pointer: Option<String>,
    ) {
        let mut d = Diagnostic::new(&codes::VALUE_OUT_OF_BOUNDS)
            .with_arg("id", id)
            .with_arg("value", value)
            .with_arg("min", min.unwrap_or_else(|| "-".into()))
            .with_arg("max", max.unwrap_or_else(|| "-".into()));
        if let Some(pointer) = pointer {
            d = d.with_pointer(pointer);
        }
        self.issue(d);
    }
}
