//! A `dice-sum` check: the resolution's dice plus the modifier, against each DC of the ladder
//! (or one DC), with naturals and the band set read outcome by outcome.

use std::collections::HashMap;

use opencharacter_formula::{DiceModifier, Expr, Number, Value};
use opencharacter_spec::ids::FieldId;
use opencharacter_spec::model::resolution::Naturals;
use opencharacter_spec::model::{Resolution, ResolutionKind};

use super::bands::{band_odds, first_band, range_holds};
use super::odds::{DiceCache, analysed, check_dice, offset, whole};
use super::{CheckInput, CheckOdds, CheckRoll, Difficulty, Odds, RollError};
use crate::value::SheetValue;

/// The die of a single-die roll (`d20`, `2d20kh1`): its number of sides.
pub(super) fn single_die(dice: &Expr) -> Option<i64> {
    let Expr::Dice {
        count,
        sides,
        modifier,
    } = dice
    else {
        return None;
    };
    let literal_int = |e: &Expr| match e {
        Expr::Number { value } => value.value().to_integer(),
        _ => None,
    };
    let kept_one = match modifier {
        None => literal_int(count) == Some(1),
        Some(DiceModifier::KeepHighest(k) | DiceModifier::KeepLowest(k)) => {
            literal_int(k) == Some(1)
        }
        _ => false,
    };
    kept_one.then(|| literal_int(sides)).flatten()
}

pub(super) fn dice_sum(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let dice = check_dice(resolution, input)?;
    let m = whole(input.value)?;
    let dist = analysed(&dice, cache)?;
    let (outcomes, total) = (&dist.outcomes, dist.total);
    let natural_die = single_die(&dice);
    let naturals = resolution.naturals.unwrap_or(Naturals::None);
    let steps: Vec<Difficulty> = match input.dc {
        Some(dc) => vec![Difficulty {
            label: None,
            dc: Some(dc),
            successes: None,
            target: None,
        }],
        None => resolution
            .difficulty_ladder
            .iter()
            .map(|s| Difficulty {
                label: Some(s.label.clone()),
                dc: s.dc,
                successes: None,
                target: None,
            })
            .collect(),
    };
    let read = |dc: Option<i64>| -> Result<CheckOdds, RollError> {
        let mut successes: u128 = 0;
        let mut hits: Option<HashMap<&FieldId, u128>> = Some(HashMap::new());
        for &(v, w) in outcomes.iter() {
            // The margin of a roll, checked: a value or a DC near the ends of 64-bit integers
            // would otherwise give a wrong margin (a saturated one) and so wrong odds.
            let margin = match dc {
                None => None,
                Some(dc) => Some(
                    v.checked_add(m)
                        .and_then(|total| total.checked_sub(dc))
                        .ok_or_else(|| RollError::TooLarge(format!("{v} + {m} - {dc}")))?,
                ),
            };
            let natural = natural_die.map(|_| v);
            if let Some(margin) = margin {
                let mut success = margin >= 0;
                if let Some(sides) = natural_die {
                    let top = v == sides && matches!(naturals, Naturals::Both | Naturals::MaxOnly);
                    let bottom = v == 1 && matches!(naturals, Naturals::Both | Naturals::MinOnly);
                    success = (success || top) && !bottom;
                }
                if success {
                    successes += w;
                }
            }
            if let (Some((_, set)), Some(map)) = (input.bands, hits.as_mut()) {
                let band = first_band(set, |band| {
                    let by_margin = range_holds(band.margin.as_ref(), margin)?;
                    // A band reading the natural die never holds for a roll of several dice.
                    let by_natural = match (band.natural.as_ref(), natural) {
                        (Some(_), None) => false,
                        (r, n) => range_holds(r, n)?,
                    };
                    Some(by_margin && by_natural)
                });
                match band {
                    Some(Some(id)) => *map.entry(id).or_insert(0) += w,
                    Some(None) => {}
                    None => hits = None,
                }
            }
        }
        Ok(CheckOdds {
            difficulty: None,
            success: dc.map(|_| Odds::new(successes, total)),
            bands: input
                .bands
                .map(|(_, set)| band_odds(set, hits, total))
                .unwrap_or_default(),
        })
    };
    let odds = if steps.is_empty() {
        vec![read(None)?]
    } else {
        steps
            .into_iter()
            .map(|step| {
                Ok(CheckOdds {
                    difficulty: Some(step.clone()),
                    ..read(step.dc)?
                })
            })
            .collect::<Result<Vec<_>, RollError>>()?
    };
    let value = Number::from(m);
    Ok(CheckRoll {
        resolution: ResolutionKind::DiceSum,
        value: SheetValue(Value::Number(value)),
        formula: dice.plus(&Expr::literal(&Value::Number(value))).to_string(),
        bands: input.bands.map(|(id, _)| id.clone()),
        min: offset(dist.min, value),
        max: offset(dist.max, value),
        mean: offset(dist.mean, value),
        odds,
    })
}
