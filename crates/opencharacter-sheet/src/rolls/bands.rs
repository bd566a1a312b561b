//! Reading result bands: the first band of a set whose conditions hold, ranges, band odds, and
//! which band set a check reads, with its formula ends read for the character.

use std::collections::HashMap;

use indexmap::IndexMap;
use opencharacter_formula::Value;
use opencharacter_resolve::NameKind;
use opencharacter_spec::ids::{FieldId, PackId, Qualified, QualifiedFieldId, Reference};
use opencharacter_spec::model::{Band, BandRange, BandSet, Bound};

use super::Odds;
use crate::engine::{Engine, Env};

/// The first band of a set whose conditions hold, given how each condition reads; `None` when
/// a condition cannot be decided.
pub(super) fn first_band(
    set: &BandSet,
    decide: impl Fn(&Band) -> Option<bool>,
) -> Option<Option<&FieldId>> {
    for (id, band) in &set.bands {
        if decide(band)? {
            return Some(Some(id));
        }
    }
    Some(None)
}

/// Whether `value` lies in a band's range; `None` when it cannot be told (no value to read, or
/// an end that is a formula nobody read for a character: see [`resolve_band_formulas`]).
pub(super) fn range_holds(range: Option<&BandRange>, value: Option<i64>) -> Option<bool> {
    match (range, value) {
        (None, _) => Some(true),
        (Some(r), Some(v)) => Some(r.fixed()?.contains(v)),
        (Some(_), None) => None,
    }
}

/// Band odds from weighted band hits; an empty map when any outcome was undecidable.
pub(super) fn band_odds(
    set: &BandSet,
    hits: Option<HashMap<&FieldId, u128>>,
    total: u128,
) -> IndexMap<FieldId, Odds> {
    let Some(hits) = hits else {
        return IndexMap::new();
    };
    set.bands
        .keys()
        .map(|id| {
            (
                id.clone(),
                Odds::new(hits.get(id).copied().unwrap_or(0), total),
            )
        })
        .collect()
}

/// The band set a check reads: the action's own, else the resolution's.
pub(super) fn band_set<'r>(
    engine: &Engine<'r>,
    ctx: &PackId,
    named: Option<&Reference<FieldId>>,
) -> Option<(&'r QualifiedFieldId, &'r BandSet)> {
    let ruleset = engine.ruleset;
    let id = match named {
        Some(reference) => engine.resolve_kind(ctx, reference, NameKind::ResultBands)?,
        None => {
            let resolution = ruleset.resolution.as_ref()?;
            Qualified::new(
                resolution.pack.clone(),
                resolution.resolution.bands.clone()?,
            )
        }
    };
    ruleset.result_bands.get_key_value(&id)
}

/// The band set with every formula end read for this character, in the set's own pack `pack`
/// (where its names resolve). An end that does not give a whole number stays a formula: the
/// bands it decides are then not told (the check's band odds are left empty), never guessed.
pub(super) fn resolve_band_formulas(env: &Env<'_, '_>, pack: &PackId, set: &BandSet) -> BandSet {
    let env = Env { ctx: pack, ..*env };
    let mut resolved = set.clone();
    for band in resolved.bands.values_mut() {
        for range in band.ranges_mut() {
            for bound in [&mut range.min, &mut range.max].into_iter().flatten() {
                let Bound::Formula(formula) = bound else {
                    continue;
                };
                let value = match &*env.engine.parse(formula.as_str()) {
                    Ok(expr) => env.value(expr).ok(),
                    Err(_) => None,
                };
                if let Some(Value::Number(n)) = value
                    && let Some(n) = n.to_integer()
                {
                    *bound = Bound::Fixed(n);
                }
            }
        }
    }
    resolved
}
