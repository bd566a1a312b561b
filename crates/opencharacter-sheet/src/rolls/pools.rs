//! Checks of pool resolutions: `dice-pool` (successes against each ladder step) and
//! `highest-die` (the highest die, two top faces a critical; zero dice keep the lowest of two).

use std::collections::HashMap;

use opencharacter_formula::{DiceModifier, Expr, Number, Value};
use opencharacter_spec::ids::FieldId;
use opencharacter_spec::model::resolution::ZeroDice;
use opencharacter_spec::model::{Resolution, ResolutionKind};

use super::bands::{band_odds, first_band, range_holds};
use super::odds::{DiceCache, analysed, num, whole};
use super::{CheckInput, CheckOdds, CheckRoll, Difficulty, Odds, RollError};
use crate::value::SheetValue;

pub(super) fn pool_size(resolution: &Resolution, value: Number) -> Result<i64, RollError> {
    let n = whole(value)?;
    let (min, max) = resolution
        .pool
        .map_or((0, i64::MAX), |p| (i64::from(p.min), i64::from(p.max)));
    Ok(n.max(min).min(max).max(0))
}

pub(super) fn pool_dice(n: i64, die: u32, modifier: Option<DiceModifier>) -> Expr {
    Expr::Dice {
        count: Box::new(Expr::number(n)),
        sides: Box::new(Expr::number(i64::from(die))),
        modifier,
    }
}

pub(super) fn dice_pool(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let die = resolution.die.ok_or(RollError::Incomplete("die"))?;
    let default_target = resolution
        .target
        .ok_or(RollError::Incomplete("target"))?
        .default;
    let n = pool_size(resolution, input.value)?;
    let mut steps: Vec<Difficulty> = resolution
        .difficulty_ladder
        .iter()
        .map(|s| Difficulty {
            label: Some(s.label.clone()),
            dc: None,
            successes: s.successes,
            target: Some(s.target.unwrap_or(default_target)),
        })
        .collect();
    let laddered = !steps.is_empty();
    if !laddered {
        // Without a ladder: one success needed, at the default target.
        steps.push(Difficulty {
            label: None,
            dc: None,
            successes: Some(1),
            target: Some(default_target),
        });
    }
    let mut odds = Vec::new();
    for step in steps {
        let target = step.target.unwrap_or(default_target);
        let needed = i64::from(step.successes.unwrap_or(1));
        let expr = pool_dice(
            n,
            die,
            Some(DiceModifier::Successes(Box::new(Expr::number(i64::from(
                target,
            ))))),
        );
        let found = analysed(&expr, cache)?;
        let (outcomes, total) = (&found.outcomes, found.total);
        let mut successes = 0;
        let mut hits: Option<HashMap<&FieldId, u128>> = Some(HashMap::new());
        for &(k, w) in outcomes.iter() {
            if k >= needed {
                successes += w;
            }
            if let (Some((_, set)), Some(map)) = (input.bands, hits.as_mut()) {
                match first_band(set, |band| {
                    // `k` counts dice (at least 0) and `needed` is at most 2^32 - 1, so the
                    // margin never overflows (nothing to saturate).
                    range_holds(band.margin.as_ref(), Some(k - needed))
                }) {
                    Some(Some(id)) => *map.entry(id).or_insert(0) += w,
                    Some(None) => {}
                    None => hits = None,
                }
            }
        }
        odds.push(CheckOdds {
            difficulty: laddered.then_some(step),
            success: Some(Odds::new(successes, total)),
            bands: input
                .bands
                .map(|(_, set)| band_odds(set, hits, total))
                .unwrap_or_default(),
        });
    }
    let shown = pool_dice(
        n,
        die,
        Some(DiceModifier::Successes(Box::new(Expr::number(i64::from(
            default_target,
        ))))),
    );
    let dist = analysed(&shown, cache)?;
    Ok(CheckRoll {
        resolution: ResolutionKind::DicePool,
        value: SheetValue(Value::from(n)),
        formula: shown.to_string(),
        bands: input.bands.map(|(id, _)| id.clone()),
        min: num(dist.min),
        max: num(dist.max),
        mean: num(dist.mean),
        odds,
    })
}

pub(super) fn highest_die(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let die = resolution.die.ok_or(RollError::Incomplete("die"))?;
    let n = pool_size(resolution, input.value)?;
    if n == 0 && resolution.zero_dice != Some(ZeroDice::LowestOfTwo) {
        return Err(RollError::ZeroDice);
    }
    let expr = pool_dice(n, die, Some(DiceModifier::Pool));
    let dist = analysed(&expr, cache)?;
    let (outcomes, total) = (&dist.outcomes, dist.total);
    let top = i64::from(die);
    let mut hits: Option<HashMap<&FieldId, u128>> = Some(HashMap::new());
    if let Some((_, set)) = input.bands {
        for &(v, w) in outcomes.iter() {
            let highest = v.min(top);
            // How many dice show the top face: none below it, one at it, two or more (up to
            // the pool) for a critical. Zero dice keep the lowest of two: never a critical.
            let top_count: (i64, i64) = if v > top {
                (2, n)
            } else if v == top {
                (1, 1)
            } else {
                (0, 0)
            };
            let band = first_band(set, |band| {
                let by_highest = range_holds(band.highest.as_ref(), Some(highest))?;
                let by_count = match (band.face, band.count.as_ref()) {
                    (Some(face), Some(range)) => {
                        let range = range.fixed()?;
                        let (lo, hi) = if i64::from(face) == top {
                            top_count
                        } else if i64::from(face) > top {
                            (0, 0)
                        } else {
                            return None;
                        };
                        let all = (lo..=hi).all(|c| range.contains(c));
                        let none = (lo..=hi).all(|c| !range.contains(c));
                        if all {
                            true
                        } else if none {
                            false
                        } else {
                            return None;
                        }
                    }
                    _ => true,
                };
                Some(by_highest && by_count)
            });
            match (band, hits.as_mut()) {
                (Some(Some(id)), Some(map)) => *map.entry(id).or_insert(0) += w,
                (None, _) => hits = None,
                _ => {}
            }
        }
    }
    Ok(CheckRoll {
        resolution: ResolutionKind::HighestDie,
        value: SheetValue(Value::from(n)),
        formula: expr.to_string(),
        bands: input.bands.map(|(id, _)| id.clone()),
        min: num(dist.min),
        max: num(dist.max),
        mean: num(dist.mean),
        odds: vec![CheckOdds {
            difficulty: None,
            success: None,
            bands: input
                .bands
                .map(|(_, set)| band_odds(set, hits, total))
                .unwrap_or_default(),
        }],
    })
}
