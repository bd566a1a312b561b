//! Expertise (rogue 1 and 6, bard 3 and 10; SRD 5.1): "choose two of your skill proficiencies,
//! or one of your skill proficiencies and your proficiency with thieves' tools (rogue); your
//! proficiency bonus is doubled for any ability check you make that uses either". Each pick is
//! an item of its own, `proficiencies.expertise-<skill>`, that adds the proficiency bonus a
//! second time to the skill's `training` while the character is proficient in it (rules.md,
//! "Effects": proficiency again).

use serde_json::{Value, json};

use super::super::{Ctx, Error, word};

/// The SRD's skills (5e-SRD-Skills.json indexes).
pub const SKILLS: [&str; 18] = [
    "acrobatics",
    "animal-handling",
    "arcana",
    "athletics",
    "deception",
    "history",
    "insight",
    "intimidation",
    "investigation",
    "medicine",
    "nature",
    "perception",
    "performance",
    "persuasion",
    "religion",
    "sleight-of-hand",
    "stealth",
    "survival",
];

/// The choice an Expertise feature asks: two picks among the expertise items (the rogue's
/// thieves' tools too), from the feature's level. None for other features.
pub fn choice(feature: &str, key: &str, _options: &Value, when: &str) -> Option<Value> {
    if key != "expertise_options" {
        return None;
    }
    let mut items: Vec<String> = SKILLS
        .iter()
        .map(|s| format!("proficiencies.expertise-{s}"))
        .collect();
    if feature.starts_with("rogue-") {
        items.push("proficiencies.expertise-thieves-tools".into());
    }
    Some(json!({ "count": 2, "items": items, "when": when }))
}

/// Writes the expertise items, each with its English name.
pub fn items(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    for skill in SKILLS {
        let name = ctx
            .corpus
            .get("Skills")
            .iter()
            .find(|s| super::index(s) == skill)
            .and_then(|s| super::text(s, "name"))
            .unwrap_or(skill)
            .to_owned();
        ctx.item(
            "proficiencies",
            &format!("expertise-{skill}"),
            "proficiency",
            &format!("Expertise: {name}"),
            super::props([
                ("properties", json!({ "skill": format!("skills.{skill}") })),
                (
                    "effects",
                    json!([{
                        "target": format!("skills.{}.training", word(skill)),
                        "op": "add",
                        "value": "proficiency",
                        "when": format!("has(\"proficiencies.skill-{skill}\")"),
                    }]),
                ),
            ]),
        )?;
    }
    ctx.item(
        "proficiencies",
        "expertise-thieves-tools",
        "proficiency",
        "Expertise: Thieves' Tools",
        super::props([(
            "properties",
            json!({ "equipment": ["tools.thieves-tools"] }),
        )]),
    )?;
    Ok(())
}
