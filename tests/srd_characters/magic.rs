//! A hand-worked character's spellcasting, spell slots, resources, features and spell rolls,
//! recomputed from the build.

use serde_json::Value;

use super::SpellRoll;
use super::rules::Check;
use crate::srd_support::classes::{cantrips_known, caster, spells_known};
use crate::srd_support::{full_caster_slots, half_caster_slots, pact_slots};

impl Check<'_> {
    /// Spellcasting: save DC 8 + prof + the ability; attack prof + the ability; cantrips and
    /// spells known by the class tables, prepared = modifier + level (paladin: half the level),
    /// and the build lists as many; slots from the class table, or the multiclass table
    /// (full levels + half of paladin and ranger levels); the warlock's pact slots.
    pub(super) fn spellcasting(&mut self) {
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
    pub(super) fn resources_and_features(&mut self) {
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
    pub(super) fn spell_roll(&mut self, roll: &SpellRoll) {
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
