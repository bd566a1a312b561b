//! How a weapon's formulas read the rules that change a weapon attack (SRD 5.1): each rule is a
//! field of the combat rules that a feature's or spell's effect sets, and the weapons it
//! applies to read it in their `attack_bonus`, `damage`, `damage_bonus`,
//! `versatile_damage_bonus` and `thrown_damage_bonus`. The converter writes which weapons read
//! which field from this table of groups; the effects themselves are the features' and the
//! spells' (`FEATURES`, [`super::states::STATES`]).
//!
//! Why fields rather than effects on the weapons: an effect changes a field of the character;
//! a weapon is content, and what a feature does to "monk weapons" or "the club or quarterstaff"
//! is one number the character has (its Martial Arts die), which every weapon of the group
//! reads in its own formulas.

use serde_json::{Value, json};

/// The fields the weapon rules read: `(field, definition, label)`. The abilities default to
/// Strength, so `max(...)` over them is Strength until an effect offers better; the dice
/// default to 0 sides, below every weapon's own die.
pub fn fields() -> Vec<(&'static str, Value, &'static str)> {
    let strength = json!({ "type": "number", "formula": "abilities.str.mod" });
    let zero = json!({ "type": "number", "default": 0 });
    vec![
        (
            "combat.martial_arts.mod",
            strength.clone(),
            "Martial Arts: the ability of monk weapon attacks",
        ),
        (
            "combat.martial_arts.die",
            zero.clone(),
            "Martial Arts: the die of monk weapons (its sides)",
        ),
        (
            "combat.shillelagh.mod",
            strength,
            "Shillelagh: the ability of club and quarterstaff attacks",
        ),
        (
            "combat.shillelagh.die",
            zero.clone(),
            "Shillelagh: the die of a club or quarterstaff (its sides)",
        ),
        (
            "combat.rage_damage",
            zero,
            "Rage: damage added to melee weapon attacks using Strength",
        ),
    ]
}

/// The features that set the fields: `(features.local, rule, effects)`.
pub const FEATURE_EFFECTS: &[super::Entry] = &[(
    "features.martial-arts",
    "Martial Arts (monk 1): unarmored and without a shield, monk weapons may use Dexterity and roll the Martial Arts die (d4, d6 at 5, d8 at 11, d10 at 17) when it is higher",
    &[
        (
            "combat.martial_arts.mod",
            "best",
            "abilities.dex.mod",
            "not(combat.armor.worn) and combat.shield_bonus == 0",
        ),
        (
            "combat.martial_arts.die",
            "best",
            "lookup(levels(\"classes.monk\"), 1, 4, 5, 6, 11, 8, 17, 10)",
            "not(combat.armor.worn) and combat.shield_bonus == 0",
        ),
    ],
)];

/// Half-Orc, Savage Attacks: "roll one of the weapon's damage dice one additional time and add
/// it to the extra damage of the critical hit": one die, the trait's number (its effect adds
/// it to `combat.critical_extra_dice`, on Brutal Critical's base).
pub fn trait_properties(local: &str) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    if local == "savage-attacks" {
        out.insert("critical_extra_dice".into(), json!(1));
    }
    out
}

/// Martial Arts (monk 1): "Monk weapons are shortswords and any simple melee weapons that
/// don't have the two-handed or heavy property."
fn monk_weapon(local: &str, simple: bool, ranged: bool, properties: &[&str]) -> bool {
    local == "shortsword"
        || (simple
            && !ranged
            && !properties.contains(&"two-handed")
            && !properties.contains(&"heavy"))
}

/// Shillelagh: "the wood of a club or quarterstaff you are holding".
fn shillelagh_weapon(local: &str) -> bool {
    matches!(local, "club" | "quarterstaff")
}

/// A weapon's formulas under the rules above.
#[derive(Debug, PartialEq)]
pub struct WeaponFormulas {
    /// The ability term of attack and damage (`abilities.str.mod`, or the best of several).
    pub ability: String,
    /// The damage dice, the die raised by Martial Arts or Shillelagh where they apply.
    pub damage: Option<String>,
    /// The two-handed dice of a versatile weapon, likewise.
    pub versatile: Option<String>,
    /// One-handed damage: the ability, Rage (melee, Strength) and Dueling (a melee weapon in
    /// one hand and no other weapon: SRD 5.1, Fighting Style, Dueling).
    pub damage_bonus: String,
    /// Two-handed damage: the ability and Rage.
    pub versatile_bonus: Option<String>,
    /// A melee weapon thrown (a ranged attack): the ability alone, neither Rage (melee
    /// attacks only) nor Dueling (a melee weapon wielded).
    pub thrown_bonus: Option<String>,
}

/// The formulas of weapon `local` (`category` simple or martial, `ranged` for ranged weapons,
/// its property words, its damage and versatile dice).
pub fn formulas(
    local: &str,
    simple: bool,
    ranged: bool,
    properties: &[&str],
    damage: Option<&str>,
    versatile: Option<&str>,
) -> WeaponFormulas {
    let finesse = properties.contains(&"finesse");
    let monk = monk_weapon(local, simple, ranged, properties);
    let shillelagh = shillelagh_weapon(local);
    let mut abilities: Vec<&str> = if finesse {
        vec!["abilities.str.mod", "abilities.dex.mod"]
    } else if ranged {
        vec!["abilities.dex.mod"]
    } else {
        vec!["abilities.str.mod"]
    };
    // Martial Arts lets a monk weapon use Dexterity; a finesse weapon already may.
    if monk && !finesse {
        abilities.push("combat.martial_arts.mod");
    }
    if shillelagh {
        abilities.push("combat.shillelagh.mod");
    }
    let ability = match abilities.as_slice() {
        [one] => (*one).to_owned(),
        many => format!("max({})", many.join(", ")),
    };
    let mut dies: Vec<&str> = Vec::new();
    if monk {
        dies.push("combat.martial_arts.die");
    }
    if shillelagh {
        dies.push("combat.shillelagh.die");
    }
    let raise = |dice: &str| -> String {
        match (dies.is_empty(), one_die(dice)) {
            (false, Some(sides)) => format!("1d(max({sides}, {}))", dies.join(", ")),
            _ => dice.to_owned(),
        }
    };
    // Rage: melee weapon attacks using Strength, so only when Strength is the ability used.
    let rage = if ranged {
        String::new()
    } else if abilities.len() == 1 {
        " + combat.rage_damage".to_owned()
    } else {
        format!(" + if(abilities.str.mod >= {ability}, combat.rage_damage, 0)")
    };
    let dueling = if ranged || properties.contains(&"two-handed") {
        ""
    } else {
        " + combat.dueling_damage_bonus"
    };
    let thrown = !ranged && properties.contains(&"thrown");
    WeaponFormulas {
        damage: damage.map(raise),
        versatile: versatile.map(raise),
        damage_bonus: format!("{ability}{rage}{dueling}"),
        versatile_bonus: versatile.map(|_| format!("{ability}{rage}")),
        thrown_bonus: thrown.then(|| ability.clone()),
        ability,
    }
}

/// The sides of a single die (`1d6` → 6).
fn one_die(dice: &str) -> Option<u32> {
    dice.strip_prefix("1d")?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A greataxe (martial, heavy, two-handed): Strength, Rage, no Dueling (two hands), no
    /// Martial Arts (not a monk weapon).
    #[test]
    fn a_greataxe_reads_rage_only() {
        let f = formulas(
            "greataxe",
            false,
            false,
            &["heavy", "two-handed"],
            Some("1d12"),
            None,
        );
        assert_eq!(f.damage.as_deref(), Some("1d12"));
        assert_eq!(f.damage_bonus, "abilities.str.mod + combat.rage_damage");
        assert_eq!(f.thrown_bonus, None);
    }

    /// A quarterstaff (simple, versatile): a monk weapon and Shillelagh's; its d6 and d8 are
    /// raised by whichever die is higher.
    #[test]
    fn a_quarterstaff_reads_martial_arts_and_shillelagh() {
        let f = formulas(
            "quarterstaff",
            true,
            false,
            &["versatile"],
            Some("1d6"),
            Some("1d8"),
        );
        let ability = "max(abilities.str.mod, combat.martial_arts.mod, combat.shillelagh.mod)";
        assert_eq!(f.ability, ability);
        assert_eq!(
            f.damage.as_deref(),
            Some("1d(max(6, combat.martial_arts.die, combat.shillelagh.die))")
        );
        assert_eq!(
            f.versatile_bonus.as_deref(),
            Some(
                format!("{ability} + if(abilities.str.mod >= {ability}, combat.rage_damage, 0)")
                    .as_str()
            )
        );
    }

    /// A handaxe (simple, light, thrown) is a monk weapon; thrown, it adds its ability only.
    #[test]
    fn a_thrown_handaxe_adds_neither_rage_nor_dueling() {
        let f = formulas(
            "handaxe",
            true,
            false,
            &["light", "thrown"],
            Some("1d6"),
            None,
        );
        assert_eq!(
            f.thrown_bonus.as_deref(),
            Some("max(abilities.str.mod, combat.martial_arts.mod)")
        );
        assert!(f.damage_bonus.ends_with(" + combat.dueling_damage_bonus"));
    }

    /// A longbow (martial, ranged): Dexterity alone.
    #[test]
    fn a_longbow_reads_none() {
        let f = formulas(
            "longbow",
            false,
            true,
            &["ammunition", "heavy", "two-handed"],
            Some("1d8"),
            None,
        );
        assert_eq!(f.damage_bonus, "abilities.dex.mod");
        assert_eq!(f.damage.as_deref(), Some("1d8"));
    }
}
