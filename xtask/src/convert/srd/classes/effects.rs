//! What classes and class features change on the sheet (SRD 5.1, "Classes" and
//! "Multiclassing"), as effects keyed on the class's own level (`levels("classes.monk")`) and
//! on whether it is the first class (`first("classes.fighter")`).

use serde_json::{Value, json};

use super::tables::{self, Caster};

fn effect(target: &str, op: &str, value: &str) -> Value {
    json!({ "target": target, "op": op, "value": value })
}

fn effect_when(target: &str, op: &str, value: &str, when: &str) -> Value {
    json!({ "target": target, "op": op, "value": value, "when": when })
}

/// `levels("classes.<class>")`.
pub fn levels(class: &str) -> String {
    format!("levels(\"classes.{class}\")")
}

/// `first("classes.<class>")`.
pub fn first(class: &str) -> String {
    format!("first(\"classes.{class}\")")
}

/// A class's own effects: hit points and hit dice per class ("Hit Points": the hit die's
/// maximum at the character's first level when this class came first, then the die's half plus
/// one at every other level; "Multiclassing, Hit Points and Hit Dice"), and its spellcasting
/// (its save DC and attack with its own ability, its cantrips and spells known by its table
/// (`known`: `(class level, count)` from the data), spells prepared, and what it adds to the
/// multiclass caster level or its Pact Magic slots).
pub fn class_effects(
    class: &str,
    hit_die: i64,
    cantrips: &[(i64, i64)],
    known: &[(i64, i64)],
) -> Vec<Value> {
    let level = levels(class);
    let per_level = hit_die / 2 + 1;
    let mut out = vec![
        effect(
            "hp.max",
            "add",
            &format!("{level} * ({per_level} + abilities.con.mod)"),
        ),
        effect_when(
            "hp.max",
            "add",
            &(hit_die - per_level).to_string(),
            &first(class),
        ),
        effect("hit_dice.roll", "add", &format!("({level})d{hit_die}")),
    ];
    let Some(rule) = tables::rule(class) else {
        return out;
    };
    let Some(ability) = rule.ability else {
        return out;
    };
    let own = |name: &str| format!("spellcasting.{class}.{name}");
    out.push(effect(
        "spellcasting.mod",
        "set",
        &format!("abilities.{ability}.mod"),
    ));
    out.push(effect(
        &own("save_dc"),
        "set",
        &format!("8 + proficiency + abilities.{ability}.mod"),
    ));
    out.push(effect(
        &own("attack"),
        "set",
        &format!("proficiency + abilities.{ability}.mod"),
    ));
    if !cantrips.is_empty() {
        let lookup = tables::breakpoints(&level, cantrips.iter().copied());
        out.push(effect(&own("cantrips_known"), "add", &lookup));
        out.push(effect("spellcasting.cantrips_known", "add", &lookup));
    }
    if !known.is_empty() {
        let lookup = tables::breakpoints(&level, known.iter().copied());
        out.push(effect(&own("spells_known"), "add", &lookup));
        out.push(effect("spellcasting.spells_known", "add", &lookup));
    }
    if let Some(prepared) = rule.prepared {
        out.push(effect(
            &own("spells_prepared"),
            "set",
            &prepared.replace('L', &level),
        ));
    }
    match rule.caster {
        Caster::Full => {
            out.push(effect("spellcasting.classes", "add", "1"));
            out.push(effect("spellcasting.level", "add", &level));
        }
        Caster::Half => {
            out.push(effect("spellcasting.classes", "add", "1"));
            // Alone, the class's own table: none at 1st level, then the full caster's row of
            // half its level rounded up. Multiclassed, half its level rounded down.
            out.push(effect(
                "spellcasting.level",
                "add",
                &format!(
                    "if(spellcasting.classes > 1, floor({level} / 2), if({level} >= 2, ceil({level} / 2), 0))"
                ),
            ));
        }
        Caster::Pact => {
            out.push(effect(
                "spellcasting.pact.slots",
                "set",
                &format!("lookup({level}, 1, 1, 2, 2, 11, 3, 17, 4)"),
            ));
            out.push(effect(
                "spellcasting.pact.level",
                "set",
                &format!("min(5, ceil({level} / 2))"),
            ));
        }
        Caster::None => {}
    }
    out
}

/// Effects the pack gives features, written from the SRD's numbers (the data has none).
pub fn feature_effects(index: &str) -> Vec<Value> {
    if index.ends_with("fighting-style-defense") {
        return vec![effect_when(
            "combat.ac_bonus",
            "add",
            "1",
            "combat.armor.worn",
        )];
    }
    if index.ends_with("fighting-style-archery") {
        return vec![effect("combat.ranged_attack_bonus", "add", "2")];
    }
    match index {
        "improved-critical" => vec![effect("combat.critical_min", "max", "19")],
        "superior-critical" => vec![effect("combat.critical_min", "max", "18")],
        "extra-attack" | "extra-attack-1" => vec![effect("combat.attacks", "min", "2")],
        "extra-attack-2" => vec![effect("combat.attacks", "min", "3")],
        "extra-attack-3" => vec![effect("combat.attacks", "min", "4")],
        // Unarmored Defense: 10 + DEX + CON (barbarian) or + WIS (monk, and no shield) as a
        // base beside armor's, the higher kept; a shield still adds for the barbarian.
        "barbarian-unarmored-defense" => vec![effect_when(
            "combat.ac.base",
            "best",
            "10 + abilities.dex.mod + abilities.con.mod",
            "not(combat.armor.worn)",
        )],
        "monk-unarmored-defense" => vec![effect_when(
            "combat.ac.base",
            "best",
            "10 + abilities.dex.mod + abilities.wis.mod",
            "not(combat.armor.worn) and combat.shield_bonus == 0",
        )],
        "fast-movement" => vec![effect_when(
            "speed.walk",
            "add",
            "10",
            "not(combat.armor.worn) or combat.armor.dex_cap > 0",
        )],
        // Draconic Resilience (sorcerer 1): +1 hit point per sorcerer level; unarmored, 13 +
        // DEX as a base.
        "draconic-resilience" => vec![
            effect("hp.max", "add", &levels("sorcerer")),
            effect_when(
                "combat.ac.base",
                "best",
                "13 + abilities.dex.mod",
                "not(combat.armor.worn)",
            ),
        ],
        "jack-of-all-trades" => half_proficiency(&super::super::mechanics::SKILLS, "floor"),
        "remarkable-athlete" => half_proficiency(&STR_DEX_CON_SKILLS, "ceil"),
        // Primal Champion (barbarian 20): +4 to Strength and Constitution (the table's
        // entry), and their maximum is now 24.
        "primal-champion" => {
            let mut out =
                super::super::mechanics::effects(super::super::mechanics::FEATURES, index);
            for ability in ["str", "con"] {
                out.push(json!({
                    "target": format!("abilities.{ability}"), "bound": "max", "op": "set", "value": "24"
                }));
            }
            out
        }
        _ => {
            let mut out =
                super::super::mechanics::effects(super::super::mechanics::FEATURES, index);
            out.extend(super::super::mechanics::effects(
                super::super::mechanics::ROLL_MODIFIER_FIELD_EFFECTS,
                index,
            ));
            out
        }
    }
}

/// The skills of Strength, Dexterity and Constitution (Constitution has none).
const STR_DEX_CON_SKILLS: [&str; 4] = ["athletics", "acrobatics", "sleight_of_hand", "stealth"];

/// Half the proficiency bonus, rounded by `round` (`floor`: Jack of All Trades, bard 2;
/// `ceil`: Remarkable Athlete, Champion 7), on checks that do not already add it: a `min` on
/// each skill's training and on initiative (a Dexterity check), so a proficient skill keeps
/// all of it and of two halves the higher applies.
fn half_proficiency(skills: &[&str], round: &str) -> Vec<Value> {
    let half = format!("{round}(proficiency / 2)");
    skills
        .iter()
        .map(|s| effect(&format!("skills.{s}.training"), "min", &half))
        .chain(std::iter::once(effect(
            "combat.initiative.training",
            "min",
            &half,
        )))
        .collect()
}
