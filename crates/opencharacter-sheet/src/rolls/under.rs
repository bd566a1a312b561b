//! A `roll-under` check: the resolution's dice under the check's target, doubles read, and the
//! better or worse of two rolls with advantage or disadvantage, ranked by outcome class.

use std::collections::HashMap;

use indexmap::IndexMap;
use opencharacter_formula::{Expr, Number, Value};
use opencharacter_spec::ids::FieldId;
use opencharacter_spec::model::resolution::UnderCompare;
use opencharacter_spec::model::{Resolution, ResolutionKind};

use super::bands::{first_band, range_holds};
use super::odds::{DiceCache, analysed, analysis_error, check_dice, num};
use super::{Advantage, CheckInput, CheckOdds, CheckRoll, Odds, RollError};
use crate::value::SheetValue;

pub(super) fn roll_under(
    resolution: &Resolution,
    input: &CheckInput<'_>,
    cache: Option<&DiceCache>,
) -> Result<CheckRoll, RollError> {
    let dice = check_dice(resolution, input)?;
    let target = input.value;
    let compare = resolution.compare.unwrap_or(UnderCompare::Below);
    let dist = analysed(&dice, cache)?;
    let (outcomes, total) = (&dist.outcomes, dist.total);
    // Each read's class (0 critical failure, 1 failure, 2 success, 3 critical success) and band.
    let mut joint: Vec<(usize, Option<&FieldId>, u128)> = Vec::new();
    let mut decidable = true;
    for &(r, w) in outcomes.iter() {
        let success = match compare {
            UnderCompare::Below => Number::from(r) < target,
            UnderCompare::AtOrBelow => Number::from(r) <= target,
        };
        let doubles = (0..=99).contains(&r) && r / 10 == r % 10;
        let class = match (success, doubles) {
            (false, true) => 0,
            (false, false) => 1,
            (true, false) => 2,
            (true, true) => 3,
        };
        let band = match input.bands {
            Some((_, set)) => first_band(set, |band| {
                Some(
                    band.success.is_none_or(|s| s == success)
                        && band.doubles.is_none_or(|d| d == doubles)
                        && range_holds(band.roll.as_ref(), Some(r))?,
                )
            }),
            None => Some(None),
        };
        match band {
            Some(band) => joint.push((class, band, w)),
            None => {
                decidable = false;
                joint.push((class, None, w));
            }
        }
    }
    // With advantage the kept roll has class c with weight w·(2·W(<c) + W(c)) over total²
    // (either roll may be the kept one; a tie keeps one of two of the same class).
    let mut class_weight = [0u128; 4];
    for (class, _, w) in &joint {
        class_weight[*class] += w;
    }
    let (scale, den): (Box<dyn Fn(usize) -> u128>, u128) = match input.advantage {
        Advantage::None => (Box::new(|_| 1), total),
        Advantage::Advantage => {
            let cw = class_weight;
            (
                Box::new(move |c| 2 * cw[..c].iter().sum::<u128>() + cw[c]),
                total.checked_mul(total).ok_or_else(|| {
                    analysis_error(&opencharacter_spec::diagnostic::reasons::ROLL_ODDS_TOO_LARGE)
                })?,
            )
        }
        Advantage::Disadvantage => {
            let cw = class_weight;
            (
                Box::new(move |c| 2 * cw[c + 1..].iter().sum::<u128>() + cw[c]),
                total.checked_mul(total).ok_or_else(|| {
                    analysis_error(&opencharacter_spec::diagnostic::reasons::ROLL_ODDS_TOO_LARGE)
                })?,
            )
        }
    };
    let mut success: u128 = 0;
    let mut hits: HashMap<&FieldId, u128> = HashMap::new();
    for (class, band, w) in &joint {
        let weight = w * scale(*class);
        if *class >= 2 {
            success += weight;
        }
        if let Some(band) = band {
            *hits.entry(band).or_insert(0) += weight;
        }
    }
    let canonical_d100 = dice.to_string() == "d100 - 1";
    let formula = if canonical_d100 {
        let t = match compare {
            UnderCompare::Below => target,
            UnderCompare::AtOrBelow => crate::value::add(target, Number::from(1)).unwrap_or(target),
        };
        let mut args = vec![Expr::literal(&Value::Number(t))];
        match input.advantage {
            Advantage::None => {}
            Advantage::Advantage => args.push(Expr::number(1)),
            Advantage::Disadvantage => args.push(Expr::literal(&Value::from(-1))),
        }
        Expr::Call {
            function: opencharacter_formula::Function::Under,
            args,
        }
        .to_string()
    } else {
        dice.to_string()
    };
    Ok(CheckRoll {
        resolution: ResolutionKind::RollUnder,
        value: SheetValue(Value::Number(target)),
        formula,
        bands: input.bands.map(|(id, _)| id.clone()),
        min: num(dist.min),
        max: num(dist.max),
        mean: num(dist.mean),
        odds: vec![CheckOdds {
            difficulty: None,
            success: Some(Odds::new(success, den)),
            bands: match input.bands {
                Some((_, set)) if decidable => set
                    .bands
                    .keys()
                    .map(|id| {
                        (
                            id.clone(),
                            Odds::new(hits.get(id).copied().unwrap_or(0), den),
                        )
                    })
                    .collect(),
                _ => IndexMap::new(),
            },
        }],
    })
}
