//! Hit points and spellcasting by class (SRD 5.1, each class's "Hit Points" and "Spellcasting"
//! sections and "Multiclassing"): what kind of caster a class is, which ability it casts with
//! and how many spells it prepares. Hit dice, cantrips known and spells known come from the
//! 5e-database (`5e-SRD-Classes.json` `hit_die`, `5e-SRD-Levels.json` `spellcasting`); what
//! the data leaves to the text is here.

/// How a class adds to the caster level of the multiclass spellcasting table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caster {
    /// No Spellcasting feature.
    None,
    /// Bard, cleric, druid, sorcerer, wizard: all its levels ("Multiclass Spellcaster").
    Full,
    /// Paladin, ranger: half its levels rounded down when multiclassed; alone, its own table
    /// (none at 1st level, then the full caster's row of half its level rounded up).
    Half,
    /// Warlock: Pact Magic, slots of its own that the multiclass table leaves out.
    Pact,
}

/// One class's rules the data does not hold: `(class, rule, caster, ability, prepared)`;
/// `prepared` is the number of spells prepared, written with `L` for the class's level.
pub struct ClassRule {
    pub class: &'static str,
    #[cfg_attr(
        not(test),
        expect(
            dead_code,
            reason = "the SRD rule the entry encodes: for its reader and the table's test"
        )
    )]
    pub rule: &'static str,
    pub caster: Caster,
    pub ability: Option<&'static str>,
    pub prepared: Option<&'static str>,
}

pub const CLASS_RULES: &[ClassRule] = &[
    ClassRule {
        class: "barbarian",
        rule: "Barbarian: no Spellcasting",
        caster: Caster::None,
        ability: None,
        prepared: None,
    },
    ClassRule {
        class: "bard",
        rule: "Bard, Spellcasting: Charisma; full caster; spells known by the Bard table",
        caster: Caster::Full,
        ability: Some("cha"),
        prepared: None,
    },
    ClassRule {
        class: "cleric",
        rule: "Cleric, Preparing and Casting Spells: Wisdom modifier + cleric level (minimum 1)",
        caster: Caster::Full,
        ability: Some("wis"),
        prepared: Some("max(1, abilities.wis.mod + L)"),
    },
    ClassRule {
        class: "druid",
        rule: "Druid, Preparing and Casting Spells: Wisdom modifier + druid level (minimum 1)",
        caster: Caster::Full,
        ability: Some("wis"),
        prepared: Some("max(1, abilities.wis.mod + L)"),
    },
    ClassRule {
        class: "fighter",
        rule: "Fighter: no Spellcasting (the Eldritch Knight is not in the SRD)",
        caster: Caster::None,
        ability: None,
        prepared: None,
    },
    ClassRule {
        class: "monk",
        rule: "Monk: no Spellcasting",
        caster: Caster::None,
        ability: None,
        prepared: None,
    },
    ClassRule {
        class: "paladin",
        rule: "Paladin, Preparing and Casting Spells: Charisma modifier + half the paladin level, rounded down (minimum 1); half caster",
        caster: Caster::Half,
        ability: Some("cha"),
        prepared: Some("max(1, abilities.cha.mod + floor(L / 2))"),
    },
    ClassRule {
        class: "ranger",
        rule: "Ranger, Spellcasting: Wisdom; half caster; spells known by the Ranger table",
        caster: Caster::Half,
        ability: Some("wis"),
        prepared: None,
    },
    ClassRule {
        class: "rogue",
        rule: "Rogue: no Spellcasting (the Arcane Trickster is not in the SRD)",
        caster: Caster::None,
        ability: None,
        prepared: None,
    },
    ClassRule {
        class: "sorcerer",
        rule: "Sorcerer, Spellcasting: Charisma; full caster; spells known by the Sorcerer table",
        caster: Caster::Full,
        ability: Some("cha"),
        prepared: None,
    },
    ClassRule {
        class: "warlock",
        rule: "Warlock, Pact Magic: Charisma; slots of its own (1 at 1st level, 2 at 2nd, 3 at 11th, 4 at 17th; of level 1 at 1st, 2 at 3rd, 3 at 5th, 4 at 7th, 5 at 9th), beside any Spellcasting slots (Multiclassing, Pact Magic)",
        caster: Caster::Pact,
        ability: Some("cha"),
        prepared: None,
    },
    ClassRule {
        class: "wizard",
        rule: "Wizard, Preparing and Casting Spells: Intelligence modifier + wizard level (minimum 1)",
        caster: Caster::Full,
        ability: Some("int"),
        prepared: Some("max(1, abilities.int.mod + L)"),
    },
];

/// The rule of `class`.
pub fn rule(class: &str) -> Option<&'static ClassRule> {
    CLASS_RULES.iter().find(|r| r.class == class)
}

/// Spell slots of levels 1–9 by caster level ("Multiclass Spellcaster: Spell Slots per Spell
/// Level"; the same rows as the full casters' class tables).
pub const SLOTS_BY_CASTER_LEVEL: [[i64; 9]; 20] = [
    [2, 0, 0, 0, 0, 0, 0, 0, 0],
    [3, 0, 0, 0, 0, 0, 0, 0, 0],
    [4, 2, 0, 0, 0, 0, 0, 0, 0],
    [4, 3, 0, 0, 0, 0, 0, 0, 0],
    [4, 3, 2, 0, 0, 0, 0, 0, 0],
    [4, 3, 3, 0, 0, 0, 0, 0, 0],
    [4, 3, 3, 1, 0, 0, 0, 0, 0],
    [4, 3, 3, 2, 0, 0, 0, 0, 0],
    [4, 3, 3, 3, 1, 0, 0, 0, 0],
    [4, 3, 3, 3, 2, 0, 0, 0, 0],
    [4, 3, 3, 3, 2, 1, 0, 0, 0],
    [4, 3, 3, 3, 2, 1, 0, 0, 0],
    [4, 3, 3, 3, 2, 1, 1, 0, 0],
    [4, 3, 3, 3, 2, 1, 1, 0, 0],
    [4, 3, 3, 3, 2, 1, 1, 1, 0],
    [4, 3, 3, 3, 2, 1, 1, 1, 0],
    [4, 3, 3, 3, 2, 1, 1, 1, 1],
    [4, 3, 3, 3, 3, 1, 1, 1, 1],
    [4, 3, 3, 3, 3, 2, 1, 1, 1],
    [4, 3, 3, 3, 3, 2, 2, 1, 1],
];

/// A `lookup` over `over` of the column `slot` (1–9) of [`SLOTS_BY_CASTER_LEVEL`], with a
/// breakpoint only where the count changes (`lookup(x, 0, 0, 1, 2, 2, 3, 3, 4)`).
pub fn slot_lookup(over: &str, slot: usize) -> String {
    let column = SLOTS_BY_CASTER_LEVEL.iter().map(|row| row[slot - 1]);
    breakpoints(over, (1..=20).zip(column))
}

/// A `lookup(over, 0, 0, k1, v1, …)` of `(level, value)` pairs, keeping a pair only where the
/// value changes; 0 below the first.
pub fn breakpoints(over: &str, pairs: impl IntoIterator<Item = (i64, i64)>) -> String {
    let mut out = format!("lookup({over}, 0, 0");
    let mut last = 0;
    for (level, value) in pairs {
        if value != last {
            out.push_str(&format!(", {level}, {value}"));
            last = value;
        }
    }
    out.push(')');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_rule_names_its_srd_rule() {
        assert_eq!(CLASS_RULES.len(), 12);
        assert!(
            CLASS_RULES
                .iter()
                .all(|r| !r.rule.is_empty() && r.rule.contains(':'))
        );
    }

    #[test]
    fn the_slot_lookups_follow_the_multiclass_table() {
        // 1st-level slots: 2 at caster level 1, 3 at 2, 4 from 3 (the table's first column).
        assert_eq!(slot_lookup("x", 1), "lookup(x, 0, 0, 1, 2, 2, 3, 3, 4)");
        // 9th-level slots: one from caster level 17.
        assert_eq!(slot_lookup("x", 9), "lookup(x, 0, 0, 17, 1)");
        // 5th: 1 at 9, 2 at 10, 3 at 18.
        assert_eq!(slot_lookup("x", 5), "lookup(x, 0, 0, 9, 1, 10, 2, 18, 3)");
    }
}
