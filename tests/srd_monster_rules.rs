//! The SRD 5.1 monsters' printed numbers (`tests/data/srd-monsters.json`, written by
//! `cargo run -p xtask -- convert srd-monster-table`) recomputed from the SRD's rules, so the
//! SRD pack's monster sheets have an expectation that does not come from the program.
//!
//! Every printed number is recomputed and must equal the rule's value, except the numbers listed
//! in `tests/data/srd-monster-exceptions.yaml`, each with the adjustment that makes it match and
//! its kind (the SRD's own number off its rule, a magic weapon, another ability, a fixed DC, the
//! 5e-database's transcription). Every exception must be needed, and must be exactly right.
//! How each number was derived is written, one line per number, to
//! `tests/data/srd-monster-derivations.txt` (`OPENCHARACTER_BLESS=1` rewrites it; the test fails
//! when it is stale), so a reviewer can read every derivation and the pack's converter can take
//! the ability each attack and DC uses from it.
//!
//! The rules (SRD 5.1, "Monsters" statistics and "Combat"):
//! - ability modifier = floor((score − 10) / 2); proficiency bonus and XP by challenge rating;
//! - hit points = the average of the hit dice (rounded down) + CON modifier × number of dice, and
//!   the hit die is the size's (Tiny d4 … Gargantuan d20);
//! - a saving throw = modifier + proficiency; a skill = modifier + proficiency, or + twice the
//!   proficiency (expertise); passive Perception = 10 + Perception (the skill, or WIS);
//! - armor class: `dex` = 10 + DEX; worn armor = its base (+ DEX, capped for medium armor), a
//!   shield +2 (on natural armor where the stat block gives both); Mage Armor 13 + DEX; Barkskin
//!   at least 16; natural armor and conditions are the stat block's own numbers (not checked);
//! - attack roll = proficiency + the attack's ability modifier: a melee weapon attack STR, or
//!   DEX for a finesse weapon (a natural weapon may be finesse-like); a ranged weapon attack DEX,
//!   or STR for a thrown weapon; a spell attack the spellcasting ability (as for an attack made
//!   with Shillelagh); the ability is chosen per attack as the one that gives the printed roll
//!   and damage, preferring the rule's first ability;
//! - weapon damage bonus = the attack's ability modifier (a spell attack adds none); damage of
//!   other effects with a bonus adds some ability's modifier;
//! - every printed average = the dice's average rounded down + the bonus;
//! - save DC = 8 + proficiency + an ability modifier (a spellcasting trait's: its ability);
//!   spell attack = proficiency + the spellcasting ability; spell slots by caster level from the
//!   full casters' table.

mod checker;
mod table;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use checker::{Checker, cr_text, exact_average, parse_dice, signed};
use table::{Action, Armor, Damage, Exception, Monster, Table, read};

use crate::srd_support::{
    ABILITIES, dice_average, full_caster_slots, hit_die_by_size, modifier, proficiency_by_cr,
    skill_ability, xp_by_cr,
};

const TABLE: &str = "tests/data/srd-monsters.json";
const EXCEPTIONS: &str = "tests/data/srd-monster-exceptions.yaml";
const DERIVATIONS: &str = "tests/data/srd-monster-derivations.txt";

/// The SRD's weapons with the finesse property (the Weapons table): a monster attack named
/// after one may use DEX by the weapon's own rule.
const FINESSE: [&str; 6] = ["dagger", "dart", "rapier", "scimitar", "shortsword", "whip"];

/// The kinds of exception, each with what it means.
const KINDS: [(&str, &str); 7] = [
    (
        "off_rule",
        "the stat block (as the 5e-database transcribes the SRD) prints a number its rule does not give; the adjustment is the difference",
    ),
    (
        "other_ability",
        "the number follows the rule with an ability other than the one the rule names (adjustment 0)",
    ),
    ("magic_weapon", "a magic weapon's bonus on top of the rule"),
    (
        "template_numbers",
        "a creature made with a template keeps its base creature's number",
    ),
    (
        "damage_without_modifier",
        "weapon damage printed without the attack's ability modifier",
    ),
    (
        "fixed_dc",
        "a DC set by the effect (often for the creature's own saving throw), not 8 + proficiency + modifier",
    ),
    (
        "source_data",
        "the 5e-database's number is probably a transcription slip: it disagrees with the stat block's other numbers or with the SRD's own table (confirm against the SRD PDF)",
    ),
];

/// One monster's numbers, recomputed.
struct Rules<'m> {
    monster: &'m Monster,
    name: &'m str,
    prof: i64,
    mods: BTreeMap<&'static str, i64>,
}

impl Rules<'_> {
    fn m(&self, ability: &str) -> i64 {
        self.mods.get(ability).copied().unwrap_or_default()
    }

    /// The ability of the monster's first spellcasting trait.
    fn spellcasting_ability(&self) -> Option<&str> {
        self.monster
            .spellcasting
            .iter()
            .find_map(|trait_| trait_.ability.as_deref())
    }

    fn header(&self, c: &mut Checker<'_>) {
        let (monster, name, prof) = (self.monster, self.name, self.prof);
        let cr = cr_text(monster.challenge_rating);
        c.number(
            name,
            "proficiency_bonus",
            monster.proficiency_bonus,
            prof,
            &format!("CR {cr} → +{prof}"),
        );
        let xp = xp_by_cr(monster.challenge_rating);
        let rule = if xp.contains(&monster.xp) {
            monster.xp
        } else {
            xp.first().copied().unwrap_or_default()
        };
        c.number(
            name,
            "xp",
            monster.xp,
            rule,
            &format!("CR {cr} → {xp:?} XP"),
        );
        let Some((count, sides)) = parse_dice(&monster.hit_dice) else {
            c.failures.push(format!(
                "{name}: hit dice `{}` unreadable",
                monster.hit_dice
            ));
            return;
        };
        if monster.hit_points_roll.dice != monster.hit_dice {
            c.failures.push(format!(
                "{name}: hit dice {} but hit point roll {}",
                monster.hit_dice, monster.hit_points_roll.dice
            ));
        }
        match hit_die_by_size(&monster.size) {
            Some(die) => c.number(
                name,
                "hit_dice.sides",
                sides,
                die,
                &format!("{} → d{die}", monster.size),
            ),
            None => c
                .failures
                .push(format!("{name}: unknown size {}", monster.size)),
        }
        let con = self.m("con");
        c.number(
            name,
            "hit_points_roll.bonus",
            monster.hit_points_roll.bonus,
            count * con,
            &format!("{count} × CON {con:+}"),
        );
        let average = dice_average(count, sides);
        c.number(
            name,
            "hit_points",
            monster.hit_points,
            average + count * con,
            &format!(
                "{count}d{sides} average {} rounded down = {average}, + {count} × CON {con:+}",
                exact_average(count, sides)
            ),
        );
    }

    fn proficiencies(&self, c: &mut Checker<'_>) {
        let (monster, name, prof) = (self.monster, self.name, self.prof);
        for (ability, printed) in &monster.saving_throws {
            let m = self.m(ability);
            c.number(
                name,
                &format!("saving_throws.{ability}"),
                *printed,
                m + prof,
                &format!("{} + prof {prof}", signed(ability, m)),
            );
        }
        for (skill, printed) in &monster.skills {
            let Some(ability) = skill_ability(skill) else {
                c.failures.push(format!("{name}: unknown skill {skill}"));
                continue;
            };
            let m = self.m(ability);
            let id = format!("skills.{skill}");
            // Proficiency or expertise, whichever is nearer the printed number (proficiency on
            // a tie), so an exception states the smaller adjustment.
            let expertise = (printed - (m + 2 * prof)).abs() < (printed - (m + prof)).abs();
            if expertise {
                let derivation = format!("{} + 2 × prof {prof} (expertise)", signed(ability, m));
                c.number(name, &id, *printed, m + 2 * prof, &derivation);
                c.note("skills with doubled proficiency (expertise)");
            } else {
                let derivation = format!("{} + prof {prof}", signed(ability, m));
                c.number(name, &id, *printed, m + prof, &derivation);
            }
        }
        let (perception, source) = match monster.skills.get("perception") {
            Some(skill) => (*skill, format!("Perception {skill:+}")),
            None => (
                self.m("wis"),
                format!("no Perception skill: WIS {:+}", self.m("wis")),
            ),
        };
        c.number(
            name,
            "passive_perception",
            monster.passive_perception,
            10 + perception,
            &format!("10 + {source}"),
        );
    }

    fn armor_class(&self, c: &mut Checker<'_>) {
        let (monster, name) = (self.monster, self.name);
        let dex = self.m("dex");
        let natural = monster
            .armor_class
            .iter()
            .find(|line| line.kind == "natural")
            .map(|line| line.value);
        for (i, line) in monster.armor_class.iter().enumerate() {
            let id = format!("armor_class[{i}]");
            match line.kind.as_str() {
                "dex" => c.number(
                    name,
                    &id,
                    line.value,
                    10 + dex,
                    &format!("10 + DEX {dex:+}"),
                ),
                "armor" if !line.armor.is_empty() => {
                    let Some((total, parts)) = worn_armor(&line.armor, dex, natural) else {
                        c.skip("armor class: armor without numbers");
                        continue;
                    };
                    c.number(name, &id, line.value, total, &parts);
                }
                "armor" => c.skip("armor class: armor the equipment table does not have"),
                "spell" if line.spell.as_deref() == Some("mage-armor") => {
                    c.number(
                        name,
                        &id,
                        line.value,
                        13 + dex,
                        &format!("Mage Armor 13 + DEX {dex:+}"),
                    );
                }
                "spell" if line.spell.as_deref() == Some("barkskin") => {
                    let without = 10 + dex;
                    c.number(
                        name,
                        &id,
                        line.value,
                        without.max(16),
                        &format!("Barkskin: at least 16 (else 10 + DEX {dex:+})"),
                    );
                }
                "natural" => c.skip("armor class: natural armor (the stat block's own number)"),
                _ => c.skip("armor class: while in a condition or another spell"),
            }
        }
    }

    fn spellcasting(&self, c: &mut Checker<'_>) {
        let (name, prof) = (self.name, self.prof);
        for trait_ in &self.monster.spellcasting {
            let Some(ability) = trait_.ability.as_deref() else {
                c.failures.push(format!(
                    "{name}: spellcasting {} has no ability",
                    trait_.name
                ));
                continue;
            };
            let m = self.m(ability);
            let base = format!("spellcasting/{}", trait_.name);
            if let Some(dc) = trait_.dc {
                let derivation = format!("8 + prof {prof} + {}", signed(ability, m));
                c.number(name, &format!("{base}/dc"), dc, 8 + prof + m, &derivation);
            }
            if let Some(attack) = trait_.attack_bonus {
                let derivation = format!("prof {prof} + {}", signed(ability, m));
                c.number(
                    name,
                    &format!("{base}/attack_bonus"),
                    attack,
                    prof + m,
                    &derivation,
                );
            }
            let (Some(level), Some(slots)) = (trait_.caster_level, &trait_.slots) else {
                continue;
            };
            let class = trait_.class.as_deref().unwrap_or_default();
            if !["bard", "cleric", "druid", "sorcerer", "wizard"].contains(&class) {
                c.skip("spell slots of a class that is not a full caster");
                continue;
            }
            let table = full_caster_slots(level);
            for (i, rule) in table.iter().enumerate() {
                let printed = slots.get(&(i + 1).to_string()).copied().unwrap_or(0);
                if printed == 0 && *rule == 0 {
                    continue;
                }
                let derivation = format!(
                    "caster level {level} ({class}): full casters' slots {table:?}, level {}",
                    i + 1
                );
                c.number(
                    name,
                    &format!("{base}/slots[{}]", i + 1),
                    printed,
                    *rule,
                    &derivation,
                );
            }
        }
    }

    /// The abilities an attack may use by its rule, the rule's own first.
    fn attack_candidates(&self, action: &Action, roll: usize) -> Vec<&str> {
        let with = action.to_hit_with.get(roll).cloned().flatten();
        let spell = self.spellcasting_ability();
        if with.as_deref() == Some("shillelagh") {
            return vec![spell.unwrap_or("wis")];
        }
        let kind = action.attack_kind.as_deref().unwrap_or("melee weapon");
        if kind.contains("spell") {
            let mut out: Vec<&str> = spell.into_iter().collect();
            out.extend(["cha", "wis", "int"].iter().filter(|a| Some(**a) != spell));
            return out;
        }
        let lower = action.name.to_lowercase();
        let finesse = FINESSE.iter().any(|weapon| lower.contains(weapon));
        if kind == "ranged weapon" || finesse {
            vec!["dex", "str"]
        } else {
            vec!["str", "dex"]
        }
    }

    /// The ability an attack roll is derived with (an exception's comes first, in the
    /// caller): the first candidate that gives both the printed roll and the weapon damage
    /// bonus; else the rule's own ability if it gives either; else a candidate that gives the
    /// roll; else one that gives the damage bonus; else the rule's own.
    fn attack_ability<'a>(
        &self,
        candidates: &[&'a str],
        printed: i64,
        damage_bonus: Option<i64>,
    ) -> &'a str {
        let hits = |a: &&str| self.prof + self.m(a) == printed;
        let damages = |a: &&str| damage_bonus.is_some_and(|bonus| self.m(a) == bonus);
        let both = |a: &&str| hits(a) && (damage_bonus.is_none() || damages(a));
        let first = candidates.first().copied().unwrap_or("str");
        candidates
            .iter()
            .find(|a| both(a))
            .or_else(|| candidates.first().filter(|a| hits(a) || damages(a)))
            .or_else(|| candidates.iter().find(|a| hits(a)))
            .or_else(|| candidates.iter().find(|a| damages(a)))
            .copied()
            .unwrap_or(first)
    }

    fn action(&self, action: &Action, c: &mut Checker<'_>) {
        let (name, prof) = (self.name, self.prof);
        let base = format!("{}/{}", action.section, action.name);
        for (i, part) in action.damage.iter().enumerate() {
            let id = format!("{base}/damage[{i}].average");
            match (part.average, part.dice.as_deref().and_then(parse_dice)) {
                (Some(average), Some((count, sides))) => {
                    let mean = dice_average(count, sides);
                    let exact = exact_average(count, sides);
                    let derivation = format!(
                        "{count}d{sides} average {exact} {:+}, rounded down",
                        part.bonus
                    );
                    c.number(name, &id, average, mean + part.bonus, &derivation);
                }
                (Some(_), None) => c.skip("flat damage (no dice): the stat block's own number"),
                (None, _) => c.skip("damage the text does not print (structured only)"),
            }
        }
        let damage: Vec<(usize, &Damage)> = action
            .damage
            .iter()
            .enumerate()
            .filter(|(_, part)| part.counts == "damage")
            .collect();
        if action.to_hit.is_empty() {
            self.effect_damage(&base, &action.damage, c);
        } else {
            let spell_attack = action
                .attack_kind
                .as_deref()
                .is_some_and(|kind| kind.contains("spell"));
            let first_bonus = damage
                .first()
                .filter(|(_, part)| part.dice.is_some())
                .map(|(_, part)| part.bonus);
            let mut abilities = Vec::new();
            for (roll, printed) in action.to_hit.iter().enumerate() {
                let id = format!("{base}/to_hit[{roll}]");
                let candidates = self.attack_candidates(action, roll);
                let ability = c.forced_ability(name, &id).unwrap_or_else(|| {
                    let bonus = (roll == 0 && !spell_attack)
                        .then_some(first_bonus)
                        .flatten();
                    self.attack_ability(&candidates, *printed, bonus)
                });
                let m = self.m(ability);
                let derivation = format!("prof {prof} + {}", signed(ability, m));
                c.number_with(name, &id, *printed, prof + m, Some(ability), &derivation);
                if ability == "dex"
                    && !action
                        .attack_kind
                        .as_deref()
                        .unwrap_or("")
                        .contains("ranged")
                {
                    c.note("melee attacks by DEX (finesse, or a natural weapon used as finesse)");
                }
                abilities.push(ability);
            }
            self.attack_damage(&base, &damage, &abilities, spell_attack, c);
        }
        for (i, dc) in action.dcs.iter().enumerate() {
            match dc.kind.as_str() {
                "save" | "spell" => self.save_dc(&format!("{base}/dcs[{i}]"), dc.value, c),
                "escape" => c.skip("escape DC of a grapple (the SRD gives no formula)"),
                "check" => c.skip("DC of an ability check (the stat block's own number)"),
                _ => c.skip("DC of another kind"),
            }
        }
    }

    /// The damage bonuses of an attack: the first part adds the attack's ability modifier
    /// (none for a spell attack); a later part with a bonus adds one of the action's attack
    /// abilities (a versatile or Shillelagh alternative); a later part without one is extra
    /// damage dice, which the rules give no bonus.
    fn attack_damage(
        &self,
        base: &str,
        damage: &[(usize, &Damage)],
        abilities: &[&str],
        spell_attack: bool,
        c: &mut Checker<'_>,
    ) {
        let name = self.name;
        for (k, (i, part)) in damage.iter().enumerate() {
            let id = format!("{base}/damage[{i}].bonus");
            if part.dice.is_none() {
                c.skip("flat damage (no dice): the stat block's own number");
                continue;
            }
            let forced = c.forced_ability(name, &id);
            if k == 0 && spell_attack && forced.is_none() {
                c.number(
                    name,
                    &id,
                    part.bonus,
                    0,
                    "a spell attack adds no modifier to damage",
                );
                continue;
            }
            if k > 0 && part.bonus == 0 && forced.is_none() {
                c.skip("extra damage dice without a bonus");
                continue;
            }
            let ability = forced.unwrap_or_else(|| {
                if k == 0 {
                    abilities[0]
                } else {
                    abilities
                        .iter()
                        .copied()
                        .find(|a| self.m(a) == part.bonus)
                        .unwrap_or(abilities[0])
                }
            });
            let m = self.m(ability);
            let derivation = format!("the attack's {}", signed(ability, m));
            c.number_with(name, &id, part.bonus, m, Some(ability), &derivation);
        }
    }

    /// The bonuses of dice outside an attack (a breath, a wing buffet, healing): a part with a
    /// bonus adds some ability's modifier (all that fit are named); one without is unchecked.
    fn effect_damage(&self, base: &str, parts: &[Damage], c: &mut Checker<'_>) {
        let name = self.name;
        for (i, part) in parts.iter().enumerate() {
            if part.dice.is_none() {
                continue;
            }
            if part.counts != "damage" {
                if part.bonus != 0 {
                    c.skip("bonus of healing or other dice (the SRD gives no formula)");
                }
                continue;
            }
            let id = format!("{base}/damage[{i}].bonus");
            let forced = c.forced_ability(name, &id);
            if part.bonus == 0 && forced.is_none() {
                c.skip("damage dice of an effect without a bonus");
                continue;
            }
            let fits: Vec<&str> = ABILITIES
                .iter()
                .copied()
                .filter(|a| self.m(a) == part.bonus)
                .collect();
            let ability = forced
                .or(fits.first().copied())
                .unwrap_or_else(|| self.nearest(|a| self.m(a), part.bonus));
            let m = self.m(ability);
            let also = also(&fits, ability);
            let derivation = format!("{}{also}", signed(ability, m));
            c.number_with(name, &id, part.bonus, m, Some(ability), &derivation);
        }
    }

    /// A save DC: 8 + proficiency + an ability modifier; every ability that gives the printed
    /// DC is named, the exception's ability (or else STR) where none does.
    fn save_dc(&self, id: &str, printed: i64, c: &mut Checker<'_>) {
        let (name, prof) = (self.name, self.prof);
        let fits: Vec<&str> = ABILITIES
            .iter()
            .copied()
            .filter(|a| 8 + prof + self.m(a) == printed)
            .collect();
        let ability = c
            .forced_ability(name, id)
            .or(fits.first().copied())
            .unwrap_or_else(|| self.nearest(|a| 8 + prof + self.m(a), printed));
        let m = self.m(ability);
        let also = also(&fits, ability);
        let derivation = format!("8 + prof {prof} + {}{also}", signed(ability, m));
        c.number_with(name, id, printed, 8 + prof + m, Some(ability), &derivation);
    }
}

impl Rules<'_> {
    /// The ability whose value by `rule` is nearest the printed number (the first in the SRD's
    /// order on a tie): what an exception's adjustment is stated against when none fits.
    fn nearest(&self, rule: impl Fn(&str) -> i64, printed: i64) -> &'static str {
        ABILITIES
            .iter()
            .copied()
            .min_by_key(|a| (rule(a) - printed).abs())
            .unwrap_or("str")
    }
}

/// ` (also CON, CHA)` when other abilities fit too.
fn also(fits: &[&str], chosen: &str) -> String {
    let others: Vec<String> = fits
        .iter()
        .filter(|a| **a != chosen)
        .map(|a| a.to_uppercase())
        .collect();
    if others.is_empty() {
        String::new()
    } else {
        format!(" (also {})", others.join(", "))
    }
}

/// Worn armor's AC: each armor's base (+ DEX, capped by its maximum), a shield +2; a shield
/// alone on a creature with natural armor adds to the natural armor.
fn worn_armor(pieces: &[Armor], dex: i64, natural: Option<i64>) -> Option<(i64, String)> {
    let mut total = 0;
    let mut parts = Vec::new();
    let only_shield = pieces.iter().all(|piece| piece.index == "shield");
    if only_shield {
        let natural = natural?;
        total += natural;
        parts.push(format!("natural armor {natural}"));
    }
    for piece in pieces {
        let base = piece.base?;
        total += base;
        if piece.dex_bonus == Some(true) {
            let added = piece.max_bonus.map_or(dex, |cap| dex.min(cap));
            total += added;
            let cap = piece
                .max_bonus
                .map_or(String::new(), |cap| format!(" (max {cap})"));
            parts.push(format!("{} {base} + DEX {added:+}{cap}", piece.index));
        } else {
            parts.push(format!("{} {base}", piece.index));
        }
    }
    Some((total, parts.join(" + ")))
}

#[test]
fn every_printed_monster_number_follows_the_srd_rules_or_is_a_listed_exception() {
    let table: Table = read(TABLE);
    let exceptions: Vec<Exception> = read(EXCEPTIONS);
    // The SRD 5.1 has 334 stat blocks (5e-SRD-Monsters.json).
    assert_eq!(table.monsters.len(), 334);

    let mut c = Checker {
        exceptions: BTreeMap::new(),
        used: BTreeSet::new(),
        lines: Vec::new(),
        failures: Vec::new(),
        checked: 0,
        by_category: BTreeMap::new(),
        by_kind: BTreeMap::new(),
        unchecked: BTreeMap::new(),
        notes: BTreeMap::new(),
    };
    for exception in &exceptions {
        let key = (exception.monster.clone(), exception.number.clone());
        if !KINDS.iter().any(|(kind, _)| *kind == exception.kind) {
            c.failures.push(format!(
                "{key:?}: unknown exception kind {}",
                exception.kind
            ));
        }
        if exception.why.trim().is_empty() {
            c.failures
                .push(format!("{key:?}: the exception says not why"));
        }
        if c.exceptions.insert(key.clone(), exception).is_some() {
            c.failures.push(format!("{key:?}: listed twice"));
        }
    }
    for monster in &table.monsters {
        let rules = Rules {
            monster,
            name: &monster.index,
            prof: proficiency_by_cr(monster.challenge_rating),
            mods: ABILITIES
                .iter()
                .map(|a| {
                    (
                        *a,
                        modifier(monster.abilities.get(*a).copied().unwrap_or(10)),
                    )
                })
                .collect(),
        };
        rules.header(&mut c);
        rules.proficiencies(&mut c);
        rules.armor_class(&mut c);
        for action in &monster.actions {
            rules.action(action, &mut c);
        }
        rules.spellcasting(&mut c);
    }
    for key in c.exceptions.keys() {
        if !c.used.contains(key) {
            c.failures.push(format!(
                "{key:?}: listed as an exception but no such number was checked"
            ));
        }
    }

    let summary = summary(&table, &c, exceptions.len());
    println!("{summary}");
    assert!(
        c.failures.is_empty(),
        "{} printed numbers do not follow the SRD's rules and are not listed in {EXCEPTIONS}:\n{}",
        c.failures.len(),
        c.failures.join("\n")
    );
    let mut text = String::new();
    for line in summary.lines() {
        let _ = writeln!(text, "# {line}");
    }
    for line in &c.lines {
        let _ = writeln!(text, "{line}");
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(DERIVATIONS);
    if std::env::var_os("OPENCHARACTER_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{DERIVATIONS} is stale: rewrite it with OPENCHARACTER_BLESS=1 cargo test --test end_to_end srd_monster_rules, and review the diff"
    );
}

/// The counts the report gives: monsters, numbers checked, exceptions by kind, numbers with no
/// rule to check.
fn summary(table: &Table, c: &Checker<'_>, exceptions: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Derivations of the SRD 5.1 monsters' printed numbers (tests/srd_monster_rules.rs)."
    );
    let _ = writeln!(
        out,
        "monsters: {}; numbers checked: {}; following the rules: {}; exceptions: {exceptions}",
        table.monsters.len(),
        c.checked,
        c.checked - exceptions
    );
    let _ = writeln!(out, "numbers checked by kind:");
    for (category, count) in &c.by_category {
        let _ = writeln!(out, "  {category}: {count}");
    }
    let _ = writeln!(out, "exceptions by kind:");
    for (kind, meaning) in KINDS {
        let count = c.by_kind.get(kind).copied().unwrap_or(0);
        let _ = writeln!(out, "  {kind}: {count} ({meaning})");
    }
    let _ = writeln!(out, "printed numbers with no rule to check them by:");
    for (why, count) in &c.unchecked {
        let _ = writeln!(out, "  {why}: {count}");
    }
    for (what, count) in &c.notes {
        let _ = writeln!(out, "{what}: {count}");
    }
    out
}
