//! What class resources do beyond a maximum and a rest (SRD 5.1, "Classes"): uses that become
//! unlimited at a class level (docs/spec/content.md, "Resources": `unlimited`), and uses
//! regained when initiative is rolled with none left (`regains`).
//!
//! Why apart from [`super::resources::RESOURCES`]: those rows are one shape (a maximum and a
//! rest); these are the few that need the format's further notions, each row naming its rule,
//! and are joined to the same resources by feature and resource ID.

use serde_json::{Value, json};

/// Resources whose uses become unlimited: `(feature, resource, rule, condition)`.
pub const UNLIMITED: &[(&str, &str, &str, &str)] = &[
    (
        "rage",
        "uses",
        "Rage (barbarian table): Unlimited rages at 20th level",
        "levels(\"classes.barbarian\") >= 20",
    ),
    (
        "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed",
        "uses",
        "Archdruid (druid 20): use Wild Shape an unlimited number of times",
        "levels(\"classes.druid\") >= 20",
    ),
];

/// Uses regained on an event of play: `(feature, resource, rule, event, amount, when empty,
/// condition)`.
pub const REGAINS: &[(&str, &str, &str, &str, &str, bool, &str)] = &[
    (
        "font-of-inspiration",
        "uses",
        "Superior Inspiration (bard 20): regain one use of Bardic Inspiration on rolling initiative with none left",
        "initiative",
        "1",
        true,
        "levels(\"classes.bard\") >= 20",
    ),
    (
        "ki",
        "points",
        "Perfect Self (monk 20): regain 4 ki points on rolling initiative with none left",
        "initiative",
        "4",
        true,
        "levels(\"classes.monk\") >= 20",
    ),
];

/// Adds what [`UNLIMITED`] and [`REGAINS`] give the resource `id` of `feature`.
pub fn extend(feature: &str, id: &str, resource: &mut Value) {
    if let Some((_, _, _, when)) = UNLIMITED
        .iter()
        .find(|(f, r, _, _)| *f == feature && *r == id)
    {
        resource["unlimited"] = json!(when);
    }
    let regains: Vec<Value> = REGAINS
        .iter()
        .filter(|(f, r, ..)| *f == feature && *r == id)
        .map(|(_, _, _, on, amount, empty, when)| {
            let mut regain = json!({ "on": on, "amount": amount });
            if *empty {
                regain["whenEmpty"] = json!(true);
            }
            regain["when"] = json!(when);
            regain
        })
        .collect();
    if !regains.is_empty() {
        resource["regains"] = Value::Array(regains);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rage_is_unlimited_at_barbarian_20_and_ki_comes_back_on_initiative() {
        let mut rage = json!({ "max": "2" });
        extend("rage", "uses", &mut rage);
        assert_eq!(rage["unlimited"], "levels(\"classes.barbarian\") >= 20");
        let mut ki = json!({ "max": "1" });
        extend("ki", "points", &mut ki);
        // Perfect Self: 4 ki points, only with none left, from monk 20.
        assert_eq!(
            ki["regains"],
            json!([{ "on": "initiative", "amount": "4", "whenEmpty": true,
                     "when": "levels(\"classes.monk\") >= 20" }])
        );
    }
}
