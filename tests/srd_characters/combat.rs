//! A hand-worked character's armor class, speed and attacks, recomputed from the build.

use super::rules::Check;
use crate::srd_support::classes::{armor, race_speed, weapon_dice};

impl Check<'_> {
    /// Armor class: worn armor (base, DEX up to its cap, +N, Defense), or the best of 10 + DEX,
    /// Unarmored Defense (barbarian: + CON; monk: + WIS, no shield), Draconic Resilience 13 + DEX
    /// and Mage Armor 13 + DEX; a shield +2 (+N); a Ring and a Cloak of Protection +1 each. Speed:
    /// the race's, −10 in heavy armor without its STR (not a dwarf), Unarmored Movement, Fast
    /// Movement.
    pub(super) fn armor_class_and_speed(&mut self) {
        let b = &self.sheet.build;
        let dex = self.m("dex");
        let worn = armor(&b.armor.body);
        if worn.is_none() && b.armor.body != "none" {
            self.fail(format!("unknown armor {}", b.armor.body));
        }
        let mut ac = match worn {
            Some((base, cap, ..)) => {
                let defense = i64::from(b.fighting_styles.iter().any(|s| s == "defense"));
                base + cap.map_or(dex, |c| dex.min(c)) + b.armor.magic + defense
            }
            None => {
                let mut best = 10 + dex;
                if self.class_level("barbarian") > 0 {
                    best = best.max(10 + dex + self.m("con"));
                }
                if self.class_level("monk") > 0 && !b.armor.shield {
                    best = best.max(10 + dex + self.m("wis"));
                }
                if self.has_subclass("sorcerer", "draconic", 1) || b.armor.mage_armor {
                    best = best.max(13 + dex);
                }
                best
            }
        };
        if b.armor.shield {
            ac += 2 + b.armor.shield_magic;
        }
        ac += b
            .magic_items
            .iter()
            .filter(|i| *i == "ring-of-protection" || *i == "cloak-of-protection")
            .count() as i64;
        let shown = self.sheet.expected.armor_class.value;
        self.eq(
            "armor class",
            shown,
            ac,
            "armor or unarmored formula + shield + items",
        );

        let mut speed = race_speed(&b.race).unwrap_or(0);
        if let Some((_, _, needs, "heavy")) = worn
            && self.scores["str"] < needs
            && b.race != "dwarf"
        {
            speed -= 10;
        }
        let monk = self.class_level("monk");
        if monk >= 2 && worn.is_none() && !b.armor.shield {
            speed += match monk {
                2..=5 => 10,
                6..=9 => 15,
                10..=13 => 20,
                14..=17 => 25,
                _ => 30,
            };
        }
        if self.class_level("barbarian") >= 5 && !matches!(worn, Some((.., "heavy"))) {
            speed += 10;
        }
        let shown = self.sheet.expected.speed.value;
        self.eq(
            "speed",
            shown,
            speed,
            "race, armor, Unarmored Movement, Fast Movement",
        );
    }

    /// Each attack: to hit = the ability's modifier + proficiency + the weapon's +N + Archery on a
    /// ranged weapon; damage = its die + the modifier + N + Dueling (one-handed melee) + Rage (+2,
    /// +3 at 9, +4 at 16); the die is the weapon's (versatile with two hands), the Martial Arts die,
    /// or Shillelagh's d8. Attacks per Attack action: the best Extra Attack of any class.
    pub(super) fn attacks(&mut self) {
        let b = &self.sheet.build;
        let styles: Vec<&str> = b.fighting_styles.iter().map(String::as_str).collect();
        let monk = self.class_level("monk");
        let martial = format!(
            "1d{}",
            match monk {
                1..=4 => 4,
                5..=10 => 6,
                11..=16 => 8,
                _ => 10,
            }
        );
        let barbarian = self.class_level("barbarian");
        let rage = match barbarian {
            ..=8 => 2,
            9..=15 => 3,
            _ => 4,
        };
        for attack in &b.attacks {
            let Some(shown) = self
                .sheet
                .expected
                .attacks
                .iter()
                .find(|a| a.name == attack.name)
            else {
                self.fail(format!("attack {} has no expected numbers", attack.name));
                continue;
            };
            let m = self.m(&attack.ability);
            let to_hit = m
                + if attack.proficient { self.prof } else { 0 }
                + attack.magic
                + if attack.ranged && styles.contains(&"archery") {
                    2
                } else {
                    0
                };
            let bonus = m
                + attack.magic
                + if attack.hands == "one" && !attack.ranged && styles.contains(&"dueling") {
                    2
                } else {
                    0
                }
                + if attack.rage { rage } else { 0 };
            match weapon_dice(&attack.weapon) {
                Some((die, versatile)) => {
                    let two = if attack.hands == "two" {
                        versatile.unwrap_or(die)
                    } else {
                        die
                    };
                    let monk_die = monk > 0
                        && (attack.weapon == "unarmed-strike"
                            || ["quarterstaff", "shortsword"].contains(&attack.weapon.as_str()));
                    let shillelagh = attack.weapon == "quarterstaff"
                        && attack.dice == "1d8"
                        && attack.ability == "wis";
                    let ok = attack.dice == two
                        || shillelagh
                        || (monk_die && attack.dice == larger(two, &martial));
                    if !ok {
                        self.fail(format!(
                            "attack {}: die {} is not the weapon's ({two})",
                            attack.name, attack.dice
                        ));
                    }
                }
                None => self.fail(format!("unknown weapon {}", attack.weapon)),
            }
            self.eq(
                &format!("{} to hit", attack.name),
                shown.to_hit,
                to_hit,
                "modifier + prof + magic + Archery",
            );
            let damage = match bonus {
                0 => attack.dice.clone(),
                n if n > 0 => format!("{} + {n}", attack.dice),
                n => format!("{} - {}", attack.dice, -n),
            };
            self.eq_text(&format!("{} damage", attack.name), &shown.damage, &damage);
            if shown.damage_type != attack.damage_type {
                self.fail(format!(
                    "attack {}: damage type differs from the build",
                    attack.name
                ));
            }
        }
        let mut per_action = 1;
        for (class, level) in &self.levels {
            let n = match *class {
                "fighter" => {
                    1 + i64::from(*level >= 5) + i64::from(*level >= 11) + i64::from(*level >= 20)
                }
                "barbarian" | "monk" | "paladin" | "ranger" if *level >= 5 => 2,
                _ => 1,
            };
            per_action = per_action.max(n);
        }
        let shown = self.sheet.expected.attacks_per_action.value;
        self.eq(
            "attacks per action",
            shown,
            per_action,
            "the best Extra Attack; they do not add up",
        );
    }
}

/// The larger of two dice of one die each (`1d8`, `1d10`).
fn larger<'a>(a: &'a str, b: &'a str) -> &'a str {
    let sides = |d: &str| {
        d.split_once('d')
            .and_then(|(_, s)| s.parse::<i64>().ok())
            .unwrap_or(0)
    };
    if sides(a) >= sides(b) { a } else { b }
}
