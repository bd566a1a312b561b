//! Monsters' legendary actions as rolls (SRD 5.1, "Monsters", "Legendary Actions").
//!
//! Why: most legendary actions that carry numbers are another action of the monster taken again
//! ("Tail Attack. The dragon makes a tail attack."); the 5e-database gives them no numbers of
//! their own, so the sheet showed none. Each such action is linked to the action it names
//! (`same_as`) and given that action's rolls, the same formulas over the stat block, so a
//! template that changes the monster moves both. A legendary action whose number is printed in
//! its own text (the unicorn's Heal Self) takes it from [`NUMBERS`]. The SRD's 5e-database has
//! no lair actions: there is nothing to convert for them.

use serde_json::{Map, Value, json};

use super::{Ctx, Error, list, text, word};

/// A legendary action's printed numbers: `(monster, action, SRD rule, [(property, value)])`.
pub type Numbers = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// Legendary actions whose number is printed only in their text.
pub const NUMBERS: &[Numbers] = &[(
    "unicorn",
    "heal-self-costs-3-actions",
    "Unicorn, Heal Self: regains 11 (2d8 + 2) hit points",
    &[("heal", "2d8 + 2")],
)];

/// The roll properties a linked legendary action takes from the action it names.
const ROLL_PROPERTIES: [&str; 10] = [
    "attack_bonus",
    "damage",
    "damage_type",
    "versatile_damage",
    "versatile_damage_type",
    "extra_damage",
    "extra_damage_type",
    "save_dc",
    "save_ability",
    "save_success",
];

/// The action a legendary action's text says it takes: "makes one claw attack", "makes a tail
/// attack", "makes one attack with its rotting fist", "uses its Paralyzing Touch", "makes one
/// unarmed strike"; the first when it names two ("one claw attack or tail attack").
fn named_action(desc: &str) -> Option<String> {
    let lower = desc.to_lowercase();
    let rest = [
        "makes one attack with its ",
        "makes one ",
        "makes a ",
        "uses its ",
    ]
    .iter()
    .chain(&["uses "])
    .find_map(|lead| lower.split_once(lead).map(|(_, rest)| rest.to_owned()))?;
    let named = rest
        .split(['.', ','])
        .next()?
        .split(" or ")
        .next()?
        .trim()
        .trim_end_matches(" attack")
        .trim();
    (!named.is_empty()).then(|| named.to_owned())
}

/// Links a monster's legendary actions to the actions they take and gives them those rolls;
/// `ids` maps each action's name to its content ID.
pub fn link(
    ctx: &mut Ctx<'_>,
    monster: &str,
    entry: &Value,
    ids: &std::collections::BTreeMap<String, String>,
) -> Result<(), Error> {
    let path_of = |id: &str| {
        let local = id.rsplit('.').next().unwrap_or_default();
        format!("content/monster-actions/{monster}/{local}.yaml")
    };
    for action in list(entry, "legendary_actions") {
        let Some(own) = text(action, "name").and_then(|n| ids.get(n)) else {
            continue;
        };
        let own_local = own.rsplit('.').next().unwrap_or_default().to_owned();
        let mut added = Map::new();
        for (_, _, _, numbers) in NUMBERS
            .iter()
            .filter(|(m, l, _, _)| *m == monster && *l == own_local)
        {
            for (key, value) in *numbers {
                added.insert((*key).to_owned(), json!(value));
            }
        }
        // A 0 attack bonus alone is the data's placeholder, no number (see
        // `content::printed_attack_bonus`).
        let has_numbers = ["damage", "dc"]
            .iter()
            .any(|k| action.get(*k).is_some_and(|v| !v.is_null()))
            || action["attack_bonus"].as_i64().is_some_and(|n| n != 0);
        if added.is_empty() && !has_numbers {
            // The action of that name, else the first whose name starts with it ("Bite
            // (Vampire Form Only)").
            let target = named_action(text(action, "desc").unwrap_or_default()).and_then(|n| {
                let wanted = word(&n);
                let others = || ids.iter().filter(|(_, id)| *id != own);
                others()
                    .find(|(name, _)| word(name) == wanted)
                    .or_else(|| others().find(|(name, _)| word(name).starts_with(&wanted)))
                    .map(|(_, id)| id.clone())
            });
            if let Some(target) = target {
                let from = ctx
                    .out
                    .files
                    .get(&path_of(&target))
                    .and_then(|item| item.get("properties"))
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default();
                let rolls: Map<String, Value> = from
                    .into_iter()
                    .filter(|(k, _)| ROLL_PROPERTIES.contains(&k.as_str()))
                    .collect();
                if !rolls.is_empty() {
                    added.insert("same_as".into(), json!(target));
                    added.extend(rolls);
                }
            }
        }
        if added.is_empty() {
            continue;
        }
        if let Some(Value::Object(item)) = ctx.out.files.get_mut(&path_of(own)) {
            let properties = item
                .entry("properties")
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(properties) = properties {
                properties.extend(added);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::named_action;

    #[test]
    fn reads_the_action_a_legendary_action_takes() {
        assert_eq!(
            named_action("The dragon makes a tail attack.").as_deref(),
            Some("tail")
        );
        assert_eq!(
            named_action("The tarrasque makes one claw attack or tail attack.").as_deref(),
            Some("claw")
        );
        assert_eq!(
            named_action(
                "The mummy lord makes one attack with its rotting fist or uses its Dreadful Glare."
            )
            .as_deref(),
            Some("rotting fist")
        );
        assert_eq!(
            named_action("The lich uses its Paralyzing Touch.").as_deref(),
            Some("paralyzing touch")
        );
        assert_eq!(
            named_action("The vampire makes one unarmed strike.").as_deref(),
            Some("unarmed strike")
        );
        assert_eq!(
            named_action("The kraken uses Lightning Storm.").as_deref(),
            Some("lightning storm")
        );
        assert_eq!(
            named_action("The tarrasque moves up to half its speed."),
            None
        );
    }
}
