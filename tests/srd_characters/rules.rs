//! The recomputation of a hand-worked character's simple numbers from its build, by the SRD 5.1
//! rules (each function names the rule it applies). A difference is a slip in the table.

use std::collections::BTreeMap;
use std::fmt::Display;

use serde_json::Value;

use super::Sheet;
use crate::srd_support::classes::{asi_levels, class_saves, hit_die, race_increases, subclass};
use crate::srd_support::{ABILITIES, SKILLS, modifier, proficiency_by_level, skill_ability};

/// One character's check: what the build gives, and the differences found.
pub struct Check<'s> {
    pub(super) file: &'s str,
    pub(super) sheet: &'s Sheet,
    /// Class → its level in this character.
    pub(super) levels: BTreeMap<&'s str, i64>,
    /// Class → its subclass.
    pub(super) subclasses: BTreeMap<&'s str, &'s str>,
    pub(super) level: i64,
    pub(super) prof: i64,
    pub(super) scores: BTreeMap<&'static str, i64>,
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

    pub(super) fn fail(&mut self, what: impl Display) {
        self.failures.push(format!("{}: {what}", self.file));
    }

    /// Compares a number of the file with the rule's.
    pub(super) fn eq(&mut self, what: &str, shown: i64, rule: i64, how: impl Display) {
        self.recomputed += 1;
        if shown != rule {
            self.fail(format!(
                "{what}: the file says {shown}, the rule gives {rule} ({how})"
            ));
        }
    }

    pub(super) fn eq_text(&mut self, what: &str, shown: &str, rule: &str) {
        self.recomputed += 1;
        if shown != rule {
            self.fail(format!(
                "{what}: the file says `{shown}`, the rule gives `{rule}`"
            ));
        }
    }

    pub(super) fn class_level(&self, class: &str) -> i64 {
        self.levels.get(class).copied().unwrap_or(0)
    }

    pub(super) fn has_subclass(&self, class: &str, name: &str, from: i64) -> bool {
        self.subclasses.get(class) == Some(&name) && self.class_level(class) >= from
    }

    pub(super) fn m(&self, ability: &str) -> i64 {
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
}

/// Skill proficiencies a class gives: its full choice as the first class, one skill
/// (bard, ranger, rogue) or none when multiclassing into it (5e-SRD-Classes.json
/// `proficiency_choices`, `multi_classing.proficiency_choices`).
pub(super) fn skill_count(class: &str, first: bool) -> usize {
    match (class, first) {
        ("rogue", true) => 4,
        ("bard" | "ranger", true) => 3,
        (_, true) => 2,
        ("bard" | "ranger" | "rogue", false) => 1,
        _ => 0,
    }
}
