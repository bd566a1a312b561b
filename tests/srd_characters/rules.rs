//! The recomputation of a hand-worked character's simple numbers from its build, by the SRD 5.1
//! rules (each function names the rule it applies). A difference is a slip in the table.

use std::collections::BTreeMap;
use std::fmt::Display;

use serde_json::Value;

use super::{Sheet, SpellRoll};
use crate::srd_support::classes::{
    armor, asi_levels, cantrips_known, caster, class_saves, hit_die, race_increases, race_speed,
    spells_known, subclass, weapon_dice,
};
use crate::srd_support::{
    ABILITIES, SKILLS, full_caster_slots, half_caster_slots, modifier, pact_slots,
    proficiency_by_level, skill_ability,
};

/// One character's check: what the build gives, and the differences found.
pub struct Check<'s> {
    file: &'s str,
    sheet: &'s Sheet,
    /// Class → its level in this character.
    levels: BTreeMap<&'s str, i64>,
    /// Class → its subclass.
    subclasses: BTreeMap<&'s str, &'s str>,
    level: i64,
    prof: i64,
    scores: BTreeMap<&'static str, i64>,
    /// Numbers compared with a recomputed value.
    pub recomputed: usize,
    /// What differs.
    pub failures: Vec<String>,
}

impl<'s> Check<'s> {
    pub fn new(file: &'s str, sheet: &'s Sheet) -> Self {
        let b = &sheet.build;
        let levels = b
            .classes
            .iter()
            .map(|c| (c.class.as_str(), c.level))
            .collect();
        let subclasses = b
            .classes
            .iter()
            .map(|c| (c.class.as_str(), c.subclass.as_str()))
            .collect();
        let level = b.classes.iter().map(|c| c.level).sum();
        Check {
            file,
            sheet,
            levels,
            subclasses,
            level,
            prof: proficiency_by_level(level),
            scores: BTreeMap::new(),
            recomputed: 0,
            failures: Vec::new(),
        }
    }

    fn fail(&mut self, what: impl Display) {
        self.failures.push(format!("{}: {what}", self.file));
    }

    /// Compares a number of the file with the rule's.
    fn eq(&mut self, what: &str, shown: i64, rule: i64, how: impl Display) {
        self.recomputed += 1;
        if shown != rule {
            self.fail(format!(
                "{what}: the file says {shown}, the rule gives {rule} ({how})"
            ));
        }
    }

    fn eq_text(&mut self, what: &str, shown: &str, rule: &str) {
        self.recomputed += 1;
        if shown != rule {
            self.fail(format!(
                "{what}: the file says `{shown}`, the rule gives `{rule}`"
            ));
        }
    }

    fn class_level(&self, class: &str) -> i64 {
        self.levels.get(class).copied().unwrap_or(0)
    }

    fn has_subclass(&self, class: &str, name: &str, from: i64) -> bool {
        self.subclasses.get(class) == Some(&name) && self.class_level(class) >= from
    }

    fn m(&self, ability: &str) -> i64 {
        modifier(self.scores.get(ability).copied().unwrap_or(10))
    }

    pub fn all(&mut self) {
        self.classes();
        self.ability_scores();
        self.proficiency_and_hit_points();
        self.saves_and_skills();
        self.armor_class_and_speed();
        self.attacks();
        self.spellcasting();
        self.resources_and_features();
        let rolls = &self.sheet.expected.spell_rolls;
        for roll in rolls {
            self.spell_roll(roll);
        }
    }

    /// Classes and subclasses: known, levels 1–20 in all, and the SRD subclass from the level it
    /// is chosen (none before).
    fn classes(&mut self) {
        if self.sheet.build.choices.values().any(Value::is_null) {
            self.fail("a choice without an answer");
        }
        if self.sheet.build.background != "acolyte" {
            self.fail("the SRD's only background is the acolyte");
        }
        if !(1..=20).contains(&self.level) {
            self.fail(format!("character level {} is not 1–20", self.level));
        }
        let classes: Vec<(&str, i64, &str)> = self
            .sheet
            .build
            .classes
            .iter()
            .map(|c| (c.class.as_str(), c.level, c.subclass.as_str()))
            .collect();
        for (class, level, sub) in classes {
            let Some((name, from)) = subclass(class) else {
                self.fail(format!("unknown class {class}"));
                continue;
            };
            let rule = if level >= from { name } else { "none" };
            self.eq_text(&format!("{class} subclass"), sub, rule);
        }
    }

    /// Scores: the standard array or a 27-point buy, the race's increases, +2 per Ability Score
    /// Improvement of a level reached, at most 20; Primal Champion's +4 up to 24.
    fn ability_scores(&mut self) {
        let a = &self.sheet.build.ability_scores;
        let mut base: Vec<i64> = ABILITIES
            .iter()
            .map(|x| a.base.get(*x).copied().unwrap_or(0))
            .collect();
        match a.method.as_str() {
            "standard-array" => {
                base.sort_unstable();
                if base != [8, 10, 12, 13, 14, 15] {
                    self.fail("the base scores are not the standard array 15, 14, 13, 12, 10, 8");
                }
            }
            "point-buy" => {
                let cost = |s: i64| match s {
                    8..=13 => Some(s - 8),
                    14 => Some(7),
                    15 => Some(9),
                    _ => None,
                };
                let total: Option<i64> = base.iter().map(|s| cost(*s)).sum();
                if total != Some(27) {
                    self.fail(format!(
                        "the base scores cost {total:?} points, not 27 (8–15 each)"
                    ));
                }
            }
            other => self.fail(format!("unknown method {other}")),
        }
        let b = &self.sheet.build;
        match race_increases(&b.race, &b.subrace) {
            None => self.fail(format!("unknown race {} / subrace {}", b.race, b.subrace)),
            Some(fixed) => {
                let mut rule: BTreeMap<String, i64> =
                    fixed.iter().map(|(x, n)| ((*x).to_owned(), *n)).collect();
                if b.race == "half-elf" {
                    // Two other abilities of the player's choice, +1 each.
                    let free: Vec<&String> = a.racial.keys().filter(|k| *k != "cha").collect();
                    if free.len() != 2 || free.iter().any(|k| a.racial[*k] != 1) {
                        self.fail("a half-elf takes +1 to exactly two abilities other than CHA");
                    }
                    rule.extend(free.into_iter().map(|k| (k.clone(), 1)));
                }
                if rule != a.racial {
                    self.fail(format!(
                        "racial increases {:?}, the race gives {rule:?}",
                        a.racial
                    ));
                }
            }
        }
        for improvement in &a.improvements {
            let class_level = self.class_level(&improvement.class);
            if !asi_levels(&improvement.class).contains(&improvement.level)
                || improvement.level > class_level
            {
                self.fail(format!(
                    "no Ability Score Improvement at {} {}",
                    improvement.class, improvement.level
                ));
            }
            if improvement.increases.values().sum::<i64>() != 2 {
                self.fail(format!(
                    "the improvement at {} {} is not +2 in all",
                    improvement.class, improvement.level
                ));
            }
        }
        let reached: usize = self
            .levels
            .iter()
            .map(|(class, level)| asi_levels(class).iter().filter(|l| *l <= level).count())
            .sum();
        if reached != a.improvements.len() {
            self.fail(format!(
                "{reached} improvements reached, {} listed",
                a.improvements.len()
            ));
        }
        for ability in ABILITIES {
            let mut score = a.base.get(ability).copied().unwrap_or(0)
                + a.racial.get(ability).copied().unwrap_or(0)
                + a.improvements
                    .iter()
                    .map(|i| i.increases.get(ability).copied().unwrap_or(0))
                    .sum::<i64>();
            if score > 20 {
                self.fail(format!("{ability} {score} is above 20"));
            }
            for feature in &a.feature_increases {
                if feature.feature.starts_with("Primal Champion")
                    && self.class_level("barbarian") < 20
                {
                    self.fail("Primal Champion is a barbarian 20 feature");
                }
                score = (score + feature.increases.get(ability).copied().unwrap_or(0))
                    .min(feature.maximum);
            }
            self.scores.insert(ability, score);
            let shown = &self.sheet.expected.ability_scores;
            match shown.get(ability) {
                Some(s) => {
                    let (shown_score, shown_mod) = (s.score, s.modifier);
                    self.eq(
                        &format!("{ability} score"),
                        shown_score,
                        score,
                        "base + racial + improvements",
                    );
                    self.eq(
                        &format!("{ability} modifier"),
                        shown_mod,
                        modifier(score),
                        "floor((score - 10) / 2)",
                    );
                }
                None => self.fail(format!("no {ability} score")),
            }
        }
    }

    /// Proficiency by total level; hit points: the first class's die at its maximum, then die / 2
    /// + 1 per level, CON per level, Dwarven Toughness +1 and Draconic Resilience +1 per level.
    fn proficiency_and_hit_points(&mut self) {
        let e = &self.sheet.expected;
        self.eq(
            "proficiency bonus",
            e.proficiency_bonus.value,
            self.prof,
            "by character level",
        );
        let b = &self.sheet.build;
        let mut hp = 0;
        let mut dice: BTreeMap<i64, i64> = BTreeMap::new();
        for (i, class) in b.classes.iter().enumerate() {
            let die = hit_die(&class.class).unwrap_or(0);
            *dice.entry(die).or_default() += class.level;
            let later = if i == 0 { class.level - 1 } else { class.level };
            hp += if i == 0 { die } else { 0 } + later * (die / 2 + 1);
        }
        hp += self.level * self.m("con");
        if b.subrace == "hill-dwarf" {
            hp += self.level;
        }
        if self.has_subclass("sorcerer", "draconic", 1) {
            hp += self.class_level("sorcerer");
        }
        self.eq(
            "hit points",
            e.hit_points.value,
            hp,
            "max die, then die / 2 + 1 per level, + CON per level",
        );
        let text: Vec<String> = dice
            .iter()
            .rev()
            .map(|(die, n)| format!("{n}d{die}"))
            .collect();
        self.eq_text("hit dice", &e.hit_dice.value, &text.join(" + "));
    }

    /// Saving throws (the first class's proficiencies, Diamond Soul, Slippery Mind; protection
    /// items; Aura of Protection); skills (proficiency, expertise, Jack of All Trades rounded down,
    /// Remarkable Athlete rounded up on STR/DEX/CON); passive Perception; initiative.
    fn saves_and_skills(&mut self) {
        let b = &self.sheet.build;
        let first = b.classes.first().map_or("", |c| c.class.as_str());
        let mut proficient: Vec<&str> = class_saves(first).to_vec();
        if self.class_level("monk") >= 14 {
            proficient = ABILITIES.to_vec();
        }
        if self.class_level("rogue") >= 15 && !proficient.contains(&"wis") {
            proficient.push("wis");
        }
        let items = b
            .magic_items
            .iter()
            .filter(|i| *i == "ring-of-protection" || *i == "cloak-of-protection")
            .count() as i64;
        let aura = if self.class_level("paladin") >= 6 {
            self.m("cha").max(1)
        } else {
            0
        };
        for ability in ABILITIES {
            let is = proficient.contains(&ability);
            let rule = self.m(ability) + if is { self.prof } else { 0 } + items + aura;
            match self.sheet.expected.saving_throws.get(ability) {
                Some(save) => {
                    let (value, shown) = (save.value, save.proficient);
                    self.eq(
                        &format!("{ability} save"),
                        value,
                        rule,
                        "modifier (+ prof) + items + aura",
                    );
                    if shown != is {
                        self.fail(format!(
                            "{ability} save proficiency is {shown}, the rules give {is}"
                        ));
                    }
                }
                None => self.fail(format!("no {ability} save")),
            }
        }
        let (jack, athlete) = self.half_proficiency();
        let class_skills: usize = b
            .classes
            .iter()
            .enumerate()
            .map(|(i, c)| skill_count(&c.class, i == 0))
            .sum();
        let rule_count = class_skills
            + 2
            + match b.race.as_str() {
                "half-elf" => 2,
                "half-orc" | "elf" => 1,
                _ => 0,
            }
            + if self.has_subclass("bard", "lore", 3) {
                3
            } else {
                0
            };
        self.eq(
            "skill proficiencies",
            b.skill_proficiencies.len() as i64,
            rule_count as i64,
            "class + background + race + subclass",
        );
        let expertise_rule = if self.class_level("bard") >= 10 {
            4
        } else if self.class_level("bard") >= 3 {
            2
        } else {
            0
        } + if self.class_level("rogue") >= 6 {
            4
        } else if self.class_level("rogue") >= 1 {
            2
        } else {
            0
        };
        self.eq(
            "expertise picks",
            (b.expertise.len() + b.tool_expertise.len()) as i64,
            expertise_rule,
            "bard 3 and 10, rogue 1 and 6: two each",
        );
        for skill in SKILLS {
            let ability = skill_ability(skill).unwrap_or("str");
            let m = self.m(ability);
            let value = if b.expertise.iter().any(|x| x == skill) {
                if !b.skill_proficiencies.contains_key(skill) {
                    self.fail(format!("expertise in {skill} without proficiency"));
                }
                m + 2 * self.prof
            } else if b.skill_proficiencies.contains_key(skill) {
                m + self.prof
            } else if jack {
                m + self.prof / 2
            } else if athlete && ["str", "dex", "con"].contains(&ability) {
                m + (self.prof + 1) / 2
            } else {
                m
            };
            match self.sheet.expected.skills.get(skill) {
                Some(shown) => {
                    let shown = shown.value;
                    self.eq(skill, shown, value, "modifier + proficiency share");
                }
                None => self.fail(format!("no {skill} skill")),
            }
            if skill == "perception" {
                let shown = self.sheet.expected.passive_perception.value;
                self.eq("passive Perception", shown, 10 + value, "10 + Perception");
            }
        }
        let initiative = self.m("dex")
            + if jack {
                self.prof / 2
            } else if athlete {
                (self.prof + 1) / 2
            } else {
                0
            };
        let shown = self.sheet.expected.initiative.value;
        self.eq(
            "initiative",
            shown,
            initiative,
            "DEX (+ Jack of All Trades or Remarkable Athlete)",
        );
    }

    /// Jack of All Trades (bard 2) and Remarkable Athlete (Champion 7), checked against the build.
    fn half_proficiency(&mut self) -> (bool, bool) {
        let jack = self.class_level("bard") >= 2;
        let athlete = self.has_subclass("fighter", "champion", 7);
        let rule = if jack {
            "jack-of-all-trades"
        } else if athlete {
            "remarkable-athlete"
        } else {
            "none"
        };
        let shown = self.sheet.build.half_proficiency.clone();
        self.eq_text("half proficiency", &shown, rule);
        (jack, athlete)
    }

    /// Armor class: worn armor (base, DEX up to its cap, +N, Defense), or the best of 10 + DEX,
    /// Unarmored Defense (barbarian: + CON; monk: + WIS, no shield), Draconic Resilience 13 + DEX
    /// and Mage Armor 13 + DEX; a shield +2 (+N); a Ring and a Cloak of Protection +1 each. Speed:
    /// the race's, −10 in heavy armor without its STR (not a dwarf), Unarmored Movement, Fast
    /// Movement.
    fn armor_class_and_speed(&mut self) {
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
    fn attacks(&mut self) {
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

/// Skill proficiencies a class gives: its full choice as the first class, one skill
/// (bard, ranger, rogue) or none when multiclassing into it (5e-SRD-Classes.json
/// `proficiency_choices`, `multi_classing.proficiency_choices`).
fn skill_count(class: &str, first: bool) -> usize {
    match (class, first) {
        ("rogue", true) => 4,
        ("bard" | "ranger", true) => 3,
        (_, true) => 2,
        ("bard" | "ranger" | "rogue", false) => 1,
        _ => 0,
    }
}

impl Check<'_> {
    /// Spellcasting: save DC 8 + prof + the ability; attack prof + the ability; cantrips and
    /// spells known by the class tables, prepared = modifier + level (paladin: half the level),
    /// and the build lists as many; slots from the class table, or the multiclass table
    /// (full levels + half of paladin and ranger levels); the warlock's pact slots.
    fn spellcasting(&mut self) {
        let e = &self.sheet.expected;
        let b = &self.sheet.build;
        let mut prepared = 0;
        let mut known = 0;
        let mut cantrips = 0;
        for casting in &e.spellcasting {
            let m = self.m(&casting.ability);
            self.eq(
                &format!("{} save DC", casting.source),
                casting.save_dc.value,
                8 + self.prof + m,
                "8 + prof + ability",
            );
            self.eq(
                &format!("{} spell attack", casting.source),
                casting.attack_bonus.value,
                self.prof + m,
                "prof + ability",
            );
            let level = self.class_level(&casting.source);
            let Some((ability, _)) = caster(&casting.source) else {
                // A race's innate cantrip: one (high elf, tiefling).
                if let Some(n) = &casting.cantrips_known {
                    self.eq(
                        &format!("{} cantrips", casting.source),
                        n.value,
                        1,
                        "one racial cantrip",
                    );
                }
                continue;
            };
            if casting.ability != ability {
                self.fail(format!(
                    "{} casts with {ability}, not {}",
                    casting.source, casting.ability
                ));
            }
            if let Some(n) = &casting.cantrips_known {
                let land =
                    i64::from(self.has_subclass("druid", "land", 2) && casting.source == "druid");
                let rule = cantrips_known(&casting.source, level).unwrap_or(0) + land;
                self.eq(
                    &format!("{} cantrips", casting.source),
                    n.value,
                    rule,
                    "Cantrips Known (+1 Land)",
                );
                cantrips += n.value;
            }
            if let Some(count) = &casting.spells {
                let kind = if spells_known(&casting.source, level).is_some() {
                    "known"
                } else {
                    "prepared"
                };
                if count.kind != kind {
                    self.fail(format!(
                        "{} spells are {kind}, not {}",
                        casting.source, count.kind
                    ));
                }
                match spells_known(&casting.source, level) {
                    Some(table) => {
                        let lore =
                            if casting.source == "bard" && self.has_subclass("bard", "lore", 6) {
                                2
                            } else {
                                0
                            };
                        self.eq(
                            &format!("{} spells known", casting.source),
                            count.value,
                            table + lore,
                            "Spells Known (+2 Lore secrets)",
                        );
                        known += count.value;
                    }
                    None => {
                        let rule = if casting.source == "paladin" {
                            m + level / 2
                        } else {
                            m + level
                        };
                        self.eq(
                            &format!("{} spells prepared", casting.source),
                            count.value,
                            rule.max(1),
                            "modifier + level",
                        );
                        prepared += count.value;
                    }
                }
            }
        }
        self.eq(
            "cantrips listed",
            b.spells.cantrips.len() as i64,
            cantrips,
            "the build lists its cantrips",
        );
        self.eq(
            "known spells listed",
            b.spells.known.len() as i64,
            known,
            "the build lists its spells known",
        );
        self.eq(
            "prepared spells listed",
            b.spells.prepared.len() as i64,
            prepared,
            "the build lists its prepared spells",
        );
        let arcanum = match self.class_level("warlock") {
            ..=10 => 0,
            11..=12 => 1,
            13..=14 => 2,
            15..=16 => 3,
            _ => 4,
        };
        self.eq(
            "mystic arcanum listed",
            b.spells.mystic_arcanum.len() as i64,
            arcanum,
            "one spell of 6th level at warlock 11, 7th at 13, 8th at 15, 9th at 17",
        );
        let mut all: Vec<&String> = b
            .spells
            .cantrips
            .iter()
            .chain(&b.spells.known)
            .chain(&b.spells.prepared)
            .chain(&b.spells.always_prepared)
            .chain(&b.spells.racial)
            .collect();
        let listed = all.len();
        all.sort();
        all.dedup();
        if all.len() != listed {
            self.fail("a spell is listed twice");
        }
        if let Some(size) = b.spells.spellbook_size {
            let wizard = self.class_level("wizard");
            self.eq(
                "spellbook",
                size,
                6 + 2 * (wizard - 1),
                "6 + 2 per wizard level after the first",
            );
        }
        self.slots();
    }

    fn slots(&mut self) {
        let mut full = 0;
        let mut half = 0;
        let mut casters = 0;
        let mut only_half = None;
        for (class, level) in &self.levels {
            match caster(class) {
                Some((_, "full")) => {
                    full += level;
                    casters += 1;
                }
                Some((_, "half")) => {
                    half += level / 2;
                    casters += 1;
                    only_half = Some(*level);
                }
                _ => {}
            }
        }
        let rule = match (casters, only_half) {
            (0, _) => None,
            (1, Some(level)) => Some(half_caster_slots(level)),
            _ => Some(full_caster_slots(full + half)),
        };
        match (&self.sheet.expected.spell_slots, rule) {
            (Some(shown), Some(rule)) => {
                self.recomputed += 9;
                if shown.value != rule {
                    self.fail(format!(
                        "spell slots {:?}, the table gives {rule:?}",
                        shown.value
                    ));
                }
            }
            (None, None) => {}
            (shown, rule) => self.fail(format!(
                "spell slots {:?}, the rules give {rule:?}",
                shown.as_ref().map(|s| &s.value)
            )),
        }
        let warlock = self.class_level("warlock");
        match (&self.sheet.expected.pact_slots, warlock) {
            (Some(pact), 1..) => {
                let (count, level) = pact_slots(warlock);
                self.eq("pact slots", pact.count, count, "the Warlock table");
                self.eq("pact slot level", pact.level, level, "the Warlock table");
            }
            (None, 0) => {}
            _ => self.fail("pact slots without warlock levels, or the other way"),
        }
    }

    /// The resources and features with a table or a one-line formula, by name.
    fn resources_and_features(&mut self) {
        let e = &self.sheet.expected;
        for resource in &e.resources {
            let Some(rule) = self.resource_rule(&resource.name) else {
                continue;
            };
            let shown = match &resource.max {
                Value::Number(n) => n.as_i64().unwrap_or(-1),
                Value::String(s) if s == "unlimited" => i64::MAX,
                _ => -1,
            };
            self.eq(
                &format!("{} maximum", resource.name),
                shown,
                rule,
                "its class table or formula",
            );
        }
        for resource in &e.resources {
            if !["short or long rest", "long rest"].contains(&resource.recovery.as_str()) {
                self.fail(format!(
                    "{}: recovery `{}` is not a rest",
                    resource.name, resource.recovery
                ));
            }
            for dice in resource.die.iter().chain(&resource.amount) {
                if !dice
                    .chars()
                    .all(|c| c.is_ascii_digit() || " d+".contains(c))
                {
                    self.fail(format!("{}: `{dice}` is not dice", resource.name));
                }
            }
        }
        for feature in &e.features {
            let Some(rule) = self.feature_rule(&feature.name) else {
                continue;
            };
            self.eq_text(&feature.name, &feature.value, &rule);
        }
    }

    fn resource_rule(&self, name: &str) -> Option<i64> {
        let level = |class| self.class_level(class);
        Some(match name {
            "Rage" => match level("barbarian") {
                1..=2 => 2,
                3..=5 => 3,
                6..=11 => 4,
                12..=16 => 5,
                17..=19 => 6,
                _ => i64::MAX,
            },
            "Ki" => level("monk"),
            "Sorcery Points" => level("sorcerer"),
            "Lay on Hands" => 5 * level("paladin"),
            "Divine Sense" => 1 + self.m("cha"),
            "Bardic Inspiration" => self.m("cha").max(1),
            "Channel Divinity" if level("cleric") > 0 => match level("cleric") {
                2..=5 => 1,
                6..=17 => 2,
                _ => 3,
            },
            "Channel Divinity" => 1,
            "Wild Shape" if level("druid") >= 20 => i64::MAX,
            "Wild Shape" => 2,
            "Second Wind" | "Arcane Recovery" | "Natural Recovery" => 1,
            "Action Surge" => 1 + i64::from(level("fighter") >= 17),
            "Indomitable" => match level("fighter") {
                9..=12 => 1,
                13..=16 => 2,
                _ => 3,
            },
            "Breath Weapon" => 1,
            _ => return None,
        })
    }

    fn feature_rule(&self, name: &str) -> Option<String> {
        let level = |class| self.class_level(class);
        Some(match name {
            "Rage damage" => format!(
                "+{}",
                match level("barbarian") {
                    ..=8 => 2,
                    9..=15 => 3,
                    _ => 4,
                }
            ),
            "Sneak Attack" => format!("{}d6", (level("rogue") + 1) / 2),
            "Martial Arts die" => format!(
                "1d{}",
                match level("monk") {
                    1..=4 => 4,
                    5..=10 => 6,
                    11..=16 => 8,
                    _ => 10,
                }
            ),
            "Ki save DC" => format!("{}", 8 + self.prof + self.m("wis")),
            "Intimidating Presence DC" => format!("{}", 8 + self.prof + self.m("cha")),
            "Aura of Protection" => format!("+{} to saves", self.m("cha").max(1)),
            _ => return None,
        })
    }

    /// A spell roll: its DC or attack bonus is the spellcasting entry's (or the breath
    /// weapon's), and its dice scale as the spell says, by slot or character level.
    fn spell_roll(&mut self, roll: &SpellRoll) {
        let e = &self.sheet.expected;
        let what = format!("{} {}", roll.spell, roll.at);
        if roll.damage_type.as_deref().is_some_and(str::is_empty) {
            self.fail(format!("{what}: an empty damage type"));
        }
        if let Some(rest) = roll.roll.strip_prefix("DC ") {
            let dc: i64 = rest
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(-1);
            let ok = e.spellcasting.iter().any(|c| c.save_dc.value == dc);
            self.recomputed += 1;
            if !ok {
                self.fail(format!(
                    "{what}: DC {dc} is no spellcasting entry's save DC"
                ));
            }
        } else if let Some(rest) = roll.roll.strip_prefix("spell attack ") {
            let bonus: i64 = rest.trim_start_matches('+').parse().unwrap_or(-99);
            let ok = e.spellcasting.iter().any(|c| c.attack_bonus.value == bonus);
            self.recomputed += 1;
            if !ok {
                self.fail(format!(
                    "{what}: attack {bonus:+} is no spellcasting entry's attack bonus"
                ));
            }
        }
        let slot: Option<i64> = roll
            .at
            .strip_prefix("slot ")
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok());
        let tier = match self.level {
            ..=4 => 1,
            5..=10 => 2,
            11..=16 => 3,
            _ => 4,
        };
        let rule: Option<(i64, i64)> = match (roll.spell.as_str(), slot) {
            ("fire-bolt", None) => Some((tier, 10)),
            ("sacred-flame" | "produce-flame", None) => Some((tier, 8)),
            ("vicious-mockery", None) => Some((tier, 4)),
            ("eldritch-blast", None) => Some((tier, 10)),
            ("magic-missile", Some(s)) => Some((s + 2, 4)),
            ("fireball", Some(s)) => Some((s + 5, 6)),
            ("burning-hands", Some(s)) => Some((s + 2, 6)),
            ("cure-wounds", Some(s)) => Some((s, 8)),
            ("healing-word", Some(s)) => Some((s, 4)),
            ("guiding-bolt", Some(s)) => Some((s + 3, 6)),
            ("spiritual-weapon", Some(s)) => Some((1 + (s - 2) / 2, 8)),
            ("thunderwave", Some(s)) => Some((s + 1, 8)),
            ("shatter", Some(s)) => Some((s + 1, 8)),
            ("moonbeam" | "call-lightning", Some(s)) => Some((s, 10)),
            ("hellish-rebuke", Some(s)) => Some((s + 1, 10)),
            ("cone-of-cold", Some(s)) => Some((s + 3, 8)),
            ("branding-smite", Some(s)) => Some((s, 6)),
            ("divine-smite", Some(s)) => Some(((s + 1).min(5), 8)),
            _ => None,
        };
        let Some((count, sides)) = rule else {
            return;
        };
        // `N × (1dS + 1)` counts darts or beams; otherwise the leading `NdS`.
        let sides_of = |die: &str| -> Option<i64> {
            let (_, rest) = die.trim_start_matches('(').split_once('d')?;
            rest.split([' ', ')', ',']).next()?.parse().ok()
        };
        let shown = match roll.dice.split_once(" × ") {
            Some((n, die)) => n.parse::<i64>().ok().zip(sides_of(die)),
            None => roll
                .dice
                .split(' ')
                .next()
                .and_then(|d| d.split_once('d'))
                .and_then(|(n, s)| Some((n.parse().ok()?, s.parse().ok()?))),
        };
        match shown {
            Some(shown) => {
                self.recomputed += 1;
                if shown != (count, sides) {
                    self.fail(format!(
                        "{what}: {} is not {count}d{sides} by the spell's scaling",
                        roll.dice
                    ));
                }
            }
            // Supreme Healing prints the maximum of the dice as a number.
            None if roll.dice.parse::<i64>().is_ok() => {}
            None => self.fail(format!("{what}: unreadable dice {}", roll.dice)),
        }
    }
}
