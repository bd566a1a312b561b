//! Ability Score Improvements as choices (SRD 5.1, each class's "Ability Score Improvement":
//! "increase one ability score of your choice by 2, or you can increase two ability scores of
//! your choice by 1"; "you can't increase an ability score above 20"). Each way of spending the
//! two points is an item of its own that adds to the scores, and every improvement feature
//! asks for one of them (`increase`), answered in the character file under the class's entry
//! (`granted`, characters.md "Answers inside granted content").
//!
//! A character owns an item once, however many choices pick it, so two improvements that both
//! give +2 Strength must pick two items: the options are written once per improvement of a
//! class, in order (`ability-score-increase-1-str-2` for a class's first improvement, `-2-` for
//! its second, up to the fighter's seventh). Two classes' improvements of the same rank that
//! pick the same option still count once: a multiclass limit, listed in the coverage report.

use serde_json::{Value, json};

use super::super::{Ctx, Error};

/// The SRD's abilities in its order, with their names.
const ABILITIES: [(&str, &str); 6] = [
    ("str", "Strength"),
    ("dex", "Dexterity"),
    ("con", "Constitution"),
    ("int", "Intelligence"),
    ("wis", "Wisdom"),
    ("cha", "Charisma"),
];

/// One way to spend an improvement: its local ID, its name, and the increases.
type Increase = (String, String, Vec<(&'static str, i64)>);

/// The most improvements a class gives (the fighter's 4, 6, 8, 12, 14, 16 and 19).
const MOST: usize = 7;

/// Every way to spend an improvement: `(local ID, name, [(ability, increase)])`: +2 to one
/// ability (6), or +1 to two different ones (15), in the SRD's order of abilities; the ID
/// without its rank (`ability-score-increase-str-2`).
fn options() -> Vec<Increase> {
    let mut out = Vec::new();
    for (a, name) in ABILITIES {
        out.push((
            format!("ability-score-increase-{a}-2"),
            format!("Ability Score Improvement: {name} +2"),
            vec![(a, 2)],
        ));
    }
    for (i, (a, a_name)) in ABILITIES.iter().enumerate() {
        for (b, b_name) in &ABILITIES[i + 1..] {
            out.push((
                format!("ability-score-increase-{a}-{b}"),
                format!("Ability Score Improvement: {a_name} +1, {b_name} +1"),
                vec![(*a, 1), (*b, 1)],
            ));
        }
    }
    out
}

/// `ability-score-increase-str-2` of rank `rank` (`ability-score-increase-3-str-2`).
fn ranked(id: &str, rank: usize) -> String {
    id.replacen(
        "ability-score-increase-",
        &format!("ability-score-increase-{rank}-"),
        1,
    )
}

/// The choice an improvement feature (`fighter-ability-score-improvement-3`) asks: the options
/// of its rank. Nothing for another feature.
pub fn choice(feature: &str) -> Value {
    let Some(rank) = feature
        .split_once("-ability-score-improvement-")
        .and_then(|(_, n)| n.parse::<usize>().ok())
    else {
        return Value::Null;
    };
    let items: Vec<String> = options()
        .into_iter()
        .map(|(id, _, _)| format!("features.{}", ranked(&id, rank)))
        .collect();
    json!({ "increase": { "items": items } })
}

/// Writes the options, each with its effects: the increases. (The pack's ability fields allow
/// scores up to 30, for monsters; keeping a character's at 20 is the player's choice here.)
pub fn items(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    for rank in 1..=MOST {
        for (id, name, increases) in options() {
            let effects: Vec<Value> = increases
                .iter()
                .map(|(ability, n)| {
                    json!({ "target": format!("abilities.{ability}"), "op": "add", "value": n.to_string() })
                })
                .collect();
            ctx.item(
                "features",
                &ranked(&id, rank),
                "feature",
                &name,
                super::props([("effects", json!(effects))]),
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn twenty_one_ways_to_spend_two_points() {
        // Six +2s and C(6, 2) = 15 pairs of +1s.
        assert_eq!(super::options().len(), 21);
    }
}
