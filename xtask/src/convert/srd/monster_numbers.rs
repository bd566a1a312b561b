//! A monster's saving throws, skills and the save DCs of its actions as formulas over its stat
//! block, so a template or a changed score moves them, with the difference stated where the
//! printed number is off its rule.
//!
//! The rules (SRD 5.1, "Monsters" statistics): a saving throw the monster is proficient in is
//! its ability modifier + its proficiency bonus; a skill is the skill's ability modifier + the
//! proficiency bonus, or + twice it (expertise); a save DC is 8 + the proficiency bonus + an
//! ability modifier (the ability the effect uses: the first of STR, DEX, CON, INT, WIS, CHA that
//! gives the printed DC, or, when none does, the nearest). Where the printed number is none of
//! these, the formula adds the difference (`abilities.wis.mod + proficiency + 1`): the
//! exceptions of `tests/data/srd-monster-exceptions.yaml`, which `tests/srd_monster_sheets.rs`
//! compares with these formulas.

use serde_json::Value;

use super::rolls::ABILITIES;

fn modifier(score: i64) -> i64 {
    (score - 10).div_euclid(2)
}

/// A monster's modifier for the ability `short` (`con`).
fn ability_mod(monster: &Value, short: &str) -> i64 {
    let long = ABILITIES
        .iter()
        .find(|(s, _)| *s == short)
        .map_or("strength", |(_, l)| l);
    modifier(monster[long].as_i64().unwrap_or(10))
}

fn proficiency(monster: &Value) -> i64 {
    monster["proficiency_bonus"].as_i64().unwrap_or(2)
}

/// `base`, plus or minus `by`.
fn adjusted(base: String, by: i64) -> String {
    match by {
        0 => base,
        by if by < 0 => format!("{base} - {}", -by),
        by => format!("{base} + {by}"),
    }
}

/// A saving throw `ability` (`con`) printed as `printed`.
pub fn save(monster: &Value, ability: &str, printed: i64) -> String {
    let rule = ability_mod(monster, ability) + proficiency(monster);
    adjusted(
        format!("abilities.{ability}.mod + proficiency"),
        printed - rule,
    )
}

/// A skill whose ability is `ability`, printed as `printed`: proficiency once, or twice
/// (expertise) where that is exact or nearer the print (once on a tie).
pub fn skill(monster: &Value, ability: &str, printed: i64) -> String {
    let (m, p) = (ability_mod(monster, ability), proficiency(monster));
    let once = m + p;
    let twice = m + 2 * p;
    let (base, rule) = if (printed - twice).abs() < (printed - once).abs() {
        (format!("abilities.{ability}.mod + 2 * proficiency"), twice)
    } else {
        (format!("abilities.{ability}.mod + proficiency"), once)
    };
    adjusted(base, printed - rule)
}

/// A save DC printed as `printed`.
pub fn save_dc(monster: &Value, printed: i64) -> String {
    let p = proficiency(monster);
    let rule = |short: &str| 8 + p + ability_mod(monster, short);
    let ability = ABILITIES
        .iter()
        .map(|(short, _)| *short)
        .find(|short| rule(short) == printed)
        .or_else(|| {
            ABILITIES
                .iter()
                .map(|(short, _)| *short)
                .min_by_key(|short| (rule(short) - printed).abs())
        })
        .unwrap_or("str");
    adjusted(
        format!("8 + proficiency + abilities.{ability}.mod"),
        printed - rule(ability),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The SRD's aboleth: STR 21, DEX 9, CON 15, INT 18, WIS 15, CHA 18, proficiency +4.
    fn aboleth() -> Value {
        json!({ "strength": 21, "dexterity": 9, "constitution": 15, "intelligence": 18,
                "wisdom": 15, "charisma": 18, "proficiency_bonus": 4 })
    }

    #[test]
    fn the_aboleths_printed_numbers_follow_the_rules() {
        // Saving Throws Con +6 (2 + 4), Int +8 (4 + 4); Skills History +12 (INT 4 + 2 × 4),
        // Perception +10 (WIS 2 + 2 × 4); Tentacle DC 14 = 8 + 4 + CON 2.
        let a = aboleth();
        assert_eq!(save(&a, "con", 6), "abilities.con.mod + proficiency");
        assert_eq!(save(&a, "int", 8), "abilities.int.mod + proficiency");
        assert_eq!(skill(&a, "int", 12), "abilities.int.mod + 2 * proficiency");
        assert_eq!(skill(&a, "wis", 10), "abilities.wis.mod + 2 * proficiency");
        assert_eq!(save_dc(&a, 14), "8 + proficiency + abilities.con.mod");
    }

    #[test]
    fn a_number_off_its_rule_states_the_difference() {
        // A save printed +7 where the rule gives +6; a DC 20 no ability gives (CHA: 8 + 4 + 4 =
        // 16 is the nearest of 17 (STR), …): stated against the nearest, STR's 17.
        let a = aboleth();
        assert_eq!(save(&a, "con", 7), "abilities.con.mod + proficiency + 1");
        assert_eq!(save_dc(&a, 20), "8 + proficiency + abilities.str.mod + 3");
        assert_eq!(skill(&a, "wis", 5), "abilities.wis.mod + proficiency - 1");
    }
}
