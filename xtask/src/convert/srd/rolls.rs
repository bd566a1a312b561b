//! The rolls the SRD pack declares, and the formulas its spells and monster actions roll with.
//!
//! - **Spells:** the 5e-bits tables of damage and healing by slot level or character level
//!   become one formula over the content type's parameters `slot` (from the spell's level to
//!   the character's highest slot) and `caster_level` (the character's level): each row's dice
//!   terms and flat part are fitted to `a × slot + b` (or `a × floor(slot / 2) + b`, the spells
//!   that grow every two slot levels), so `8d6` … `14d6` reads `(slot + 5)d6`; a cantrip's
//!   rows at levels 1, 5, 11 and 17 become a `lookup` of the dice count. Where the data leaves
//!   out what the SRD's "At Higher Levels" says (one row for a spell that scales, darts, rays,
//!   beams, hit points a spell affects), [`SPELL_FIXES`] gives the SRD's own numbers.
//! - **Monster actions:** the printed attack bonus and damage become formulas over the stat
//!   block: `proficiency + abilities.<a>.mod`, the ability the one whose modifier explains the
//!   print, plus the difference where the print says more (a magic weapon).
//! - **Content types:** the parameters, rolls and stat block of `spell`, `weapon`, `monster`
//!   and `monster_action` ([`declarations`]).

use serde_json::{Map, Value, json};

/// What the data leaves out or gets wrong about a spell's dice, from the SRD's text:
/// `(spell, property, formula)`; a property given `""` is removed.
pub const SPELL_FIXES: &[(&str, &str, &str)] = &[
    // "One more dart for each slot level above 1st", each 1d4 + 1 (the data sums the darts).
    ("magic-missile", "damage", "1d4 + 1"),
    ("magic-missile", "instances", "slot + 2"),
    // Three rays, one more for each slot level above 2nd, each a ranged spell attack for 2d6.
    ("scorching-ray", "instances", "slot + 1"),
    ("scorching-ray", "attack_kind", "ranged"),
    // Beams: two at 5th level, three at 11th, four at 17th; each 1d10.
    (
        "eldritch-blast",
        "instances",
        "lookup(caster_level, 1, 1, 5, 2, 11, 3, 17, 4)",
    ),
    // The data has the first row only; the SRD adds a die per slot level above the spell's.
    ("freezing-sphere", "damage", "(slot + 4)d6"),
    ("phantasmal-killer", "damage", "(slot)d10"),
    ("wall-of-fire", "damage", "(slot + 1)d8"),
    ("disintegrate", "damage", "(3 * slot - 8)d6 + 40"),
    // Not damage: the hit points of creatures the spell affects, 2 dice more per slot level.
    ("sleep", "damage", ""),
    ("sleep", "affects_hit_points", "(2 * slot + 3)d8"),
    ("color-spray", "affects_hit_points", "(2 * slot + 4)d10"),
    // Damage the data does not carry at all.
    ("spirit-guardians", "damage", "(slot)d8"),
    ("spirit-guardians", "damage_type", "damage-types.radiant"),
    ("spirit-guardians", "save_ability", "abilities.wis"),
    ("spirit-guardians", "save_success", "half"),
    ("glyph-of-warding", "damage", "(slot + 2)d8"),
    ("glyph-of-warding", "save_ability", "abilities.dex"),
    ("glyph-of-warding", "save_success", "half"),
    ("arcane-hand", "damage", "(2 * slot - 6)d8"),
    ("arcane-hand", "damage_type", "damage-types.force"),
    ("arcane-hand", "attack_kind", "melee"),
    // "Each creature within 5 feet of that point must make a Dexterity saving throw. A
    // creature takes 3d10 lightning damage on a failed save, or half as much on a successful
    // one" (the data carries the damage, not the save).
    ("call-lightning", "save_ability", "abilities.dex"),
    ("call-lightning", "save_success", "half"),
];

/// One term of a row of a damage table: dice, a flat number, or the spellcasting modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    Dice { count: i64, sides: i64 },
    Flat(i64),
    Modifier,
}

fn terms(row: &str) -> Option<Vec<Term>> {
    row.split('+')
        .map(str::trim)
        .map(|term| {
            if term == "MOD" {
                return Some(Term::Modifier);
            }
            match term.split_once('d') {
                Some((count, sides)) => Some(Term::Dice {
                    count: if count.is_empty() {
                        1
                    } else {
                        count.parse().ok()?
                    },
                    sides: sides.parse().ok()?,
                }),
                None => term.parse().ok().map(Term::Flat),
            }
        })
        .collect()
}

/// `a × x + b` as formula text over `x` (`slot`, `floor(slot / 2)`).
fn linear(a: i64, b: i64, x: &str) -> String {
    let scaled = match a {
        0 => return b.to_string(),
        1 => x.to_owned(),
        _ => format!("{a} * {x}"),
    };
    match b {
        0 => scaled,
        b if b < 0 => format!("{scaled} - {}", -b),
        b => format!("{scaled} + {b}"),
    }
}

/// The `(a, b)` with `value = a × x(level) + b` at every row, when there is one.
fn fit(points: &[(i64, i64)], x: impl Fn(i64) -> i64) -> Option<(i64, i64)> {
    let (first, rest) = points.split_first()?;
    let a = match rest.iter().find(|(level, _)| x(*level) != x(first.0)) {
        Some(second) => {
            let (dx, dv) = (x(second.0) - x(first.0), second.1 - first.1);
            (dv % dx == 0).then_some(dv / dx)?
        }
        None => 0,
    };
    let b = first.1 - a * x(first.0);
    points
        .iter()
        .all(|(level, value)| a * x(*level) + b == *value)
        .then_some((a, b))
}

/// What a table's rows are keyed by.
#[derive(Debug, Clone, Copy)]
pub enum Over<'n> {
    /// The slot level a spell is cast with: the parameter `slot`.
    Slot,
    /// A character level, read by this name (the parameter `caster_level`, the field `level`).
    Level(&'n str),
}

/// One column of a table (the count of one dice term, or the flat part) as formula text over
/// `slot`, or a `lookup` over a level.
fn column(points: &[(i64, i64)], over: Over<'_>) -> Option<String> {
    if let Over::Level(name) = over {
        if points.iter().all(|(_, v)| *v == points[0].1) {
            return Some(points[0].1.to_string());
        }
        let pairs: Vec<String> = points.iter().map(|(l, v)| format!("{l}, {v}")).collect();
        return Some(format!("lookup({name}, {})", pairs.join(", ")));
    }
    if let Some((a, b)) = fit(points, |slot| slot) {
        return Some(linear(a, b, "slot"));
    }
    fit(points, |slot| slot / 2).map(|(a, b)| linear(a, b, "floor(slot / 2)"))
}

/// A damage or healing table keyed by slot level or character level, as one formula; `None`
/// when its rows do not share one shape or do not fit.
pub fn table_formula(table: &Value, over: Over<'_>, modifier: &str) -> Option<String> {
    let mut rows: Vec<(i64, Vec<Term>)> = table
        .as_object()?
        .iter()
        .map(|(level, row)| Some((level.parse().ok()?, terms(row.as_str()?)?)))
        .collect::<Option<_>>()?;
    rows.sort_by_key(|(level, _)| *level);
    let shape = |row: &[Term]| -> Vec<Term> {
        row.iter()
            .map(|t| match t {
                Term::Dice { sides, .. } => Term::Dice {
                    count: 0,
                    sides: *sides,
                },
                Term::Flat(_) => Term::Flat(0),
                Term::Modifier => Term::Modifier,
            })
            .collect()
    };
    let first = shape(&rows.first()?.1);
    if rows.iter().any(|(_, row)| shape(row) != first) {
        return None;
    }
    let mut parts = Vec::new();
    for (index, term) in first.iter().enumerate() {
        let points: Vec<(i64, i64)> = rows
            .iter()
            .map(|(level, row)| {
                let value = match row[index] {
                    Term::Dice { count, .. } => count,
                    Term::Flat(n) => n,
                    Term::Modifier => 0,
                };
                (*level, value)
            })
            .collect();
        parts.push(match term {
            Term::Dice { sides, .. } => {
                let count = column(&points, over)?;
                match count.parse::<i64>() {
                    Ok(n) => format!("{n}d{sides}"),
                    Err(_) => format!("({count})d{sides}"),
                }
            }
            Term::Flat(_) => column(&points, over)?,
            Term::Modifier => modifier.to_owned(),
        });
    }
    Some(parts.join(" + "))
}

/// Applies [`SPELL_FIXES`] to a spell's properties.
pub fn fix_spell(index: &str, properties: &mut Map<String, Value>) {
    for (spell, property, formula) in SPELL_FIXES {
        if *spell != index {
            continue;
        }
        if formula.is_empty() {
            properties.remove(*property);
        } else {
            properties.insert((*property).to_owned(), json!(formula));
        }
    }
}

/// Numbers of a stat block the SRD prints and the data leaves out: `(monster, property, value)`.
const MONSTER_FIXES: &[(&str, &str, i64)] = &[
    // "Skills Perception +3".
    ("black-bear", "skill_perception", 3),
    // The veteran's skills: "Athletics +5, Perception +2".
    ("half-red-dragon-veteran", "skill_athletics", 5),
    ("half-red-dragon-veteran", "skill_perception", 2),
    // "Skills Perception +5".
    ("swarm-of-ravens", "skill_perception", 5),
];

/// The numbers [`MONSTER_FIXES`] gives a monster.
pub fn monster_fixes(index: &str) -> impl Iterator<Item = (&'static str, i64)> + '_ {
    MONSTER_FIXES
        .iter()
        .filter(move |(monster, _, _)| *monster == index)
        .map(|(_, property, value)| (*property, *value))
}

/// How far a monster's printed passive Perception is from the rules' 10 + its Perception
/// (the skill it prints, else its Wisdom modifier); `None` when it is not.
pub fn passive_adjustment(monster: &Value) -> Option<i64> {
    let printed = monster["senses"]["passive_perception"].as_i64()?;
    let skill = monster["proficiencies"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["proficiency"]["index"] == "skill-perception")
        .and_then(|p| p["value"].as_i64())
        .or_else(|| {
            let index = monster["index"].as_str()?;
            monster_fixes(index)
                .find(|(p, _)| *p == "skill_perception")
                .map(|(_, v)| v)
        });
    let perception = skill.unwrap_or_else(|| modifier(monster["wisdom"].as_i64().unwrap_or(10)));
    let adjustment = printed - 10 - perception;
    (adjustment != 0).then_some(adjustment)
}

/// The six abilities (the pack's short ID, the 5e-bits key of the score), in the order the
/// stat block is read for an attack: a weapon attack's Strength or Dexterity first, then the
/// spellcasting ones.
pub const ABILITIES: [(&str, &str); 6] = [
    ("str", "strength"),
    ("dex", "dexterity"),
    ("con", "constitution"),
    ("int", "intelligence"),
    ("wis", "wisdom"),
    ("cha", "charisma"),
];

fn modifier(score: i64) -> i64 {
    (score - 10).div_euclid(2)
}

/// A printed damage roll (`1d6+2`, `2d8 - 1`, `5`) as its dice and its flat bonus.
fn split_damage(text: &str) -> Option<(Option<String>, i64)> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (dice, bonus) = match compact.find(['+', '-']) {
        Some(at) => (&compact[..at], compact[at..].parse::<i64>().ok()?),
        None if compact.contains('d') => (compact.as_str(), 0),
        None => return Some((None, compact.parse().ok()?)),
    };
    Some((Some(dice.to_owned()), bonus))
}

/// `base`, plus or minus `by`.
fn adjusted(base: &str, by: i64) -> String {
    match by {
        0 => base.to_owned(),
        by if by < 0 => format!("{base} - {}", -by),
        by => format!("{base} + {by}"),
    }
}

/// A monster action's attack bonus and its weapon damage (the first part, and the two-handed
/// one of a versatile weapon) as formulas over the stat block: the ability whose modifier (with
/// proficiency, for the attack) explains the printed numbers best, the difference added where
/// the print says more.
pub fn action_formulas(
    monster: &Value,
    attack_bonus: Option<i64>,
    weapon: &[Option<&str>],
) -> (Option<String>, Vec<Option<String>>) {
    let proficiency = monster["proficiency_bonus"].as_i64().unwrap_or(2);
    let damages: Vec<Option<(Option<String>, i64)>> =
        weapon.iter().map(|d| d.and_then(split_damage)).collect();
    let damage = damages.first().cloned().flatten();
    let mods: Vec<(&str, i64)> = ABILITIES
        .iter()
        .map(|(short, long)| (*short, modifier(monster[*long].as_i64().unwrap_or(10))))
        .collect();
    // The ability that explains the attack and the damage bonus; ties go to the first.
    let score = |m: i64| {
        let attack = attack_bonus.is_some_and(|b| b == proficiency + m);
        let damage = damage
            .as_ref()
            .is_some_and(|(_, bonus)| *bonus == m && m != 0);
        u8::from(attack) * 2 + u8::from(damage)
    };
    // `max_by_key` keeps the last of equals: walk backwards so the first ability wins a tie.
    let best = mods
        .iter()
        .rev()
        .copied()
        .max_by_key(|(ability, m)| {
            let weapon = u8::from(matches!(*ability, "str" | "dex"));
            (score(*m), weapon)
        })
        .filter(|(_, m)| score(*m) > 0)
        .or_else(|| {
            // Nothing explains the print: Strength or Dexterity, the closer to it.
            let bonus = attack_bonus? - proficiency;
            mods.iter()
                .take(2)
                .copied()
                .min_by_key(|(_, m)| (bonus - m).abs())
        });
    let Some((ability, m)) = best else {
        let plain = damages.into_iter().map(|d| damage_text(d, None)).collect();
        return (attack_bonus.map(|b| b.to_string()), plain);
    };
    let term = format!("abilities.{ability}.mod");
    let attack =
        attack_bonus.map(|b| adjusted(&format!("proficiency + {term}"), b - proficiency - m));
    let formulas = damages
        .into_iter()
        .map(|d| damage_text(d, Some((&term, m))))
        .collect();
    (attack, formulas)
}

/// A monster action's damage parts as the data gives them: `(dice, type)` in order (a type
/// left out where the monster chooses among several for the same dice), and the two-handed
/// damage of a versatile weapon (a choice between two dice), with how many parts could not be
/// read.
pub struct DamageParts {
    /// The parts, in order.
    pub parts: Vec<(String, Option<String>)>,
    /// A versatile weapon's two-handed damage and its type.
    pub versatile: Option<(String, Option<String>)>,
    /// Parts the data gives in a shape the pack does not read.
    pub skipped: usize,
}

/// The damage parts of a 5e-bits monster action.
pub fn damage_parts(action: &Value) -> DamageParts {
    let type_of = |part: &Value| {
        part.get("damage_type")
            .and_then(|t| t["index"].as_str())
            .map(|t| format!("damage-types.{t}"))
    };
    let mut out = DamageParts {
        parts: Vec::new(),
        versatile: None,
        skipped: 0,
    };
    for part in action["damage"].as_array().into_iter().flatten() {
        if let Some(dice) = part["damage_dice"].as_str() {
            out.parts.push((dice.to_owned(), type_of(part)));
            continue;
        }
        let options: Vec<&Value> = part["from"]["options"]
            .as_array()
            .into_iter()
            .flatten()
            .collect();
        let dice: Vec<&str> = options
            .iter()
            .filter_map(|o| o["damage_dice"].as_str())
            .collect();
        match dice.as_slice() {
            // The same dice of one of several types (lightning or thunder): no type.
            [first, rest @ ..] if rest.iter().all(|d| d == first) => {
                out.parts.push(((*first).to_owned(), None));
            }
            // A versatile weapon: one-handed, then two-handed (then, for a druid's staff, the
            // damage with Shillelagh, which the pack does not read).
            [one, two, rest @ ..] if out.versatile.is_none() => {
                out.parts.push(((*one).to_owned(), type_of(options[0])));
                out.versatile = Some(((*two).to_owned(), type_of(options[1])));
                out.skipped += rest.len();
            }
            _ => out.skipped += 1,
        }
    }
    out
}

/// The damage as a formula: its dice plus the ability modifier (and the difference to the
/// printed bonus) when the print adds one; the dice alone when it adds none.
fn damage_text(
    damage: Option<(Option<String>, i64)>,
    ability: Option<(&str, i64)>,
) -> Option<String> {
    let (dice, bonus) = damage?;
    let Some(dice) = dice else {
        return Some(bonus.to_string());
    };
    Some(match ability {
        Some((term, m)) if bonus != 0 => adjusted(&format!("{dice} + {term}"), bonus - m),
        _ => adjusted(&dice, bonus),
    })
}

/// What a content type declares beside its properties, and the labels (`(key, text)`) it needs.
pub type Declarations = (Map<String, Value>, Vec<(String, String)>);

/// The declarations of a content type's rolls, parameters and stat block, with the labels
/// they need, for the types that have any.
pub fn declarations(type_id: &str, skills: &[String]) -> Option<Declarations> {
    let checks = json!(["advantage", "disadvantage"]);
    let (parameters, rolls, labels): (Value, Value, &[(&str, &str)]) = match type_id {
        "spell" => (
            json!({
                "slot": { "from": "item.level", "to": "spellcasting.max_slot" },
                "caster_level": { "from": "level", "to": "level" },
            }),
            json!({
                // The attack bonus and save DC are the item's, the class's by default; a
                // racial spell reads its race's ability (`mechanics::RACIAL_SPELLS`).
                "attack": { "check": "item.attack_bonus", "bands": "attack",
                            "requires": ["attack_kind"], "times": "item.instances",
                            "situationalChoices": checks },
                "save": { "dc": "item.save_dc", "about": "save_ability",
                          "requires": ["save_ability"] },
                "damage": { "dice": "item.damage", "about": "damage_type", "times": "item.instances" },
                "healing": { "dice": "item.heal" },
                "hit_points_affected": { "dice": "item.affects_hit_points" },
                // What holds while the spell lasts (the app applies it): an AC, a bonus, a die.
                "bonus_die": { "dice": "item.bonus_die" },
                "temporary_hit_points": { "dice": "item.temp_hp" },
                "armor_class": { "value": "item.ac_base" },
                "ac_bonus": { "value": "item.ac_bonus" },
                "speed_bonus": { "value": "item.speed_bonus" },
                "fly_speed": { "value": "item.fly_speed" },
                "darkvision": { "value": "item.darkvision_range" },
                "magic_bonus": { "value": "item.magic_bonus" },
            }),
            &[
                ("parameter.spell.slot.label", "Slot level"),
                ("parameter.spell.caster_level.label", "Character level"),
                ("roll.spell.attack.label", "Spell attack"),
                ("roll.spell.save.label", "Saving throw"),
                ("roll.spell.damage.label", "Damage"),
                ("roll.spell.healing.label", "Healing"),
                (
                    "roll.spell.hit_points_affected.label",
                    "Hit points affected",
                ),
                ("roll.spell.bonus_die.label", "Bonus die"),
                (
                    "roll.spell.temporary_hit_points.label",
                    "Temporary hit points",
                ),
                ("roll.spell.armor_class.label", "Armor class"),
                ("roll.spell.ac_bonus.label", "Bonus to AC"),
                ("roll.spell.speed_bonus.label", "Bonus to speed"),
                ("roll.spell.fly_speed.label", "Flying speed"),
                ("roll.spell.darkvision.label", "Darkvision"),
                ("roll.spell.magic_bonus.label", "Bonus to attack and damage"),
            ],
        ),
        "weapon" => (
            json!({}),
            // A magic weapon (a variant on this base) adds its `magic_bonus` to attack and
            // damage; its extra damage and save are rolls of their own.
            json!({
                "attack": { "check": "item.attack_bonus + item.magic_bonus", "bands": "attack",
                            "situationalChoices": checks },
                "damage": { "dice": "item.damage + item.damage_bonus + item.magic_bonus",
                            "about": "damage_type", "requires": ["damage"] },
                "versatile_damage": { "dice": "item.versatile_damage + item.versatile_damage_bonus + item.magic_bonus",
                                      "about": "damage_type", "requires": ["versatile_damage"] },
                // A melee weapon thrown: a ranged attack, its damage without Rage or Dueling.
                "thrown_damage": { "dice": "item.damage + item.thrown_damage_bonus + item.magic_bonus",
                                   "about": "damage_type", "requires": ["thrown_damage_bonus"] },
                "extra_damage": { "dice": "item.extra_damage", "about": "extra_damage_type",
                                  "requires": ["extra_damage"] },
                "save": { "dc": "item.save_dc", "about": "save_ability", "requires": ["save_dc"] },
            }),
            &[
                ("roll.weapon.attack.label", "Attack"),
                ("roll.weapon.damage.label", "Damage"),
                ("roll.weapon.versatile_damage.label", "Two-handed damage"),
                ("roll.weapon.thrown_damage.label", "Thrown damage"),
                ("roll.weapon.extra_damage.label", "Extra damage"),
                ("roll.weapon.save.label", "Saving throw"),
            ],
        ),
        // Magic ammunition (a variant on arrows, bolts, bullets or needles): its +N to the
        // attack and damage of the weapon that fires it, its extra damage and save.
        "gear" => (
            json!({}),
            json!({
                "magic_bonus": { "value": "item.magic_bonus", "requires": ["magic_bonus"] },
                "extra_damage": { "dice": "item.extra_damage", "about": "extra_damage_type",
                                  "requires": ["extra_damage"] },
                "save": { "dc": "item.save_dc", "about": "save_ability", "requires": ["save_dc"] },
            }),
            &[
                ("roll.gear.magic_bonus.label", "Bonus to attack and damage"),
                ("roll.gear.extra_damage.label", "Extra damage"),
                ("roll.gear.save.label", "Saving throw"),
            ],
        ),
        "monster_action" => (
            json!({}),
            json!({
                "attack": { "check": "item.attack_bonus", "bands": "attack",
                            "situationalChoices": checks },
                "damage": { "dice": "item.damage", "about": "damage_type" },
                "versatile_damage": { "dice": "item.versatile_damage", "about": "versatile_damage_type" },
                "extra_damage": { "dice": "item.extra_damage", "about": "extra_damage_type" },
                "save": { "dc": "item.save_dc", "about": "save_ability" },
                "healing": { "dice": "item.heal" },
            }),
            &[
                ("roll.monster_action.healing.label", "Hit points regained"),
                ("roll.monster_action.attack.label", "Attack"),
                ("roll.monster_action.damage.label", "Damage"),
                (
                    "roll.monster_action.versatile_damage.label",
                    "Two-handed damage",
                ),
                ("roll.monster_action.extra_damage.label", "Extra damage"),
                ("roll.monster_action.save.label", "Saving throw"),
            ],
        ),
        "trait" => (
            json!({}),
            json!({
                "breath": { "dice": "item.breath_damage", "about": "damage_type" },
                "breath_save": { "dc": "8 + abilities.con.mod + proficiency", "about": "breath_save",
                                 "requires": ["breath_save"] },
                // Savage Attacks' extra weapon dice on a critical hit, shown as the trait's.
                "critical_extra_dice": { "value": "item.critical_extra_dice",
                                         "requires": ["critical_extra_dice"] },
            }),
            &[
                ("roll.trait.breath.label", "Breath damage"),
                ("roll.trait.breath_save.label", "Breath saving throw"),
                (
                    "roll.trait.critical_extra_dice.label",
                    "Extra weapon dice on a critical hit",
                ),
            ],
        ),
        "monster" => (
            json!({}),
            json!({ "hit_points": { "dice": "item.hit_points_roll" } }),
            &[("roll.monster.hit_points.label", "Hit points")],
        ),
        _ => return None,
    };
    let mut declared = Map::new();
    if parameters.as_object().is_some_and(|p| !p.is_empty()) {
        declared.insert("parameters".into(), parameters);
    }
    declared.insert("rolls".into(), rolls);
    if type_id == "monster" {
        declared.insert("statBlock".into(), monster_stat_block(skills));
    }
    let labels = labels
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    Some((declared, labels))
}

/// A monster's stat block: its scores, proficiency bonus, printed AC, hit points and their
/// roll, speed, darkvision, and the saves and skills it prints set the sheet's fields; it owns
/// its traits, actions, reactions and legendary actions. `skills` are the monster properties
/// `save_<ability>` and `skill_<skill>` the data has.
fn monster_stat_block(numbers: &[String]) -> Value {
    let mut effects: Vec<Value> = ABILITIES
        .iter()
        .map(|(short, _)| {
            json!({ "target": format!("abilities.{short}"), "op": "set", "value": format!("item.{short}") })
        })
        .collect();
    for (target, property) in [
        ("proficiency", "proficiency_bonus"),
        ("combat.ac", "armor_class"),
        ("hp.max", "hit_points"),
        ("hit_dice.roll", "hit_points_roll"),
        ("speed.walk", "speed_walk"),
        ("senses.darkvision", "darkvision"),
    ] {
        effects.push(json!({ "target": target, "op": "set", "value": format!("item.{property}") }));
    }
    effects.push(json!({ "target": "senses.passive_perception", "op": "add",
                         "value": "item.passive_perception_adjustment" }));
    for number in numbers {
        let target = if let Some(ability) = number.strip_prefix("save_") {
            format!("saves.{ability}")
        } else if let Some(skill) = number.strip_prefix("skill_") {
            format!("skills.{skill}")
        } else {
            continue;
        };
        effects.push(json!({ "target": target, "op": "set", "value": format!("item.{number}") }));
    }
    json!({
        "effects": effects,
        "owns": ["traits", "actions", "reactions", "legendary_actions"],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_become_formulas_over_the_slot() {
        let fireball = json!({"3": "8d6", "4": "9d6", "5": "10d6", "9": "14d6"});
        assert_eq!(
            table_formula(&fireball, Over::Slot, "m").as_deref(),
            Some("(slot + 5)d6")
        );
        let cure = json!({"1": "1d8 + MOD", "2": "2d8 + MOD"});
        assert_eq!(
            table_formula(&cure, Over::Slot, "m").as_deref(),
            Some("(slot)d8 + m")
        );
        let weapon =
            json!({"2": "1d8 + MOD", "3": "1d8 + MOD", "4": "2d8 + MOD", "9": "4d8 + MOD"});
        assert_eq!(
            table_formula(&weapon, Over::Slot, "m").as_deref(),
            Some("(floor(slot / 2))d8 + m")
        );
        let life = json!({"1": "1d4 + 4", "2": "1d4 + 9"});
        assert_eq!(
            table_formula(&life, Over::Slot, "m").as_deref(),
            Some("1d4 + 5 * slot - 1")
        );
        let bolt = json!({"1": "1d10", "5": "2d10", "11": "3d10", "17": "4d10"});
        assert_eq!(
            table_formula(&bolt, Over::Level("caster_level"), "m").as_deref(),
            Some("(lookup(caster_level, 1, 1, 5, 2, 11, 3, 17, 4))d10")
        );
        assert_eq!(
            table_formula(&json!({"6": "14d6"}), Over::Slot, "m").as_deref(),
            Some("14d6")
        );
    }

    #[test]
    fn actions_read_the_ability_that_explains_the_print() {
        let goblin = json!({"proficiency_bonus": 2, "strength": 8, "dexterity": 14,
                            "constitution": 10, "intelligence": 10, "wisdom": 8, "charisma": 8});
        assert_eq!(
            action_formulas(&goblin, Some(4), &[Some("1d6+2")]),
            (
                Some("proficiency + abilities.dex.mod".to_owned()),
                vec![Some("1d6 + abilities.dex.mod".to_owned())]
            )
        );
        // A +1 weapon: one more than proficiency and the modifier on both; a versatile
        // weapon's two-handed damage reads the same ability.
        assert_eq!(
            action_formulas(&goblin, Some(5), &[Some("1d6+3"), Some("1d8+3")]),
            (
                Some("proficiency + abilities.dex.mod + 1".to_owned()),
                vec![
                    Some("1d6 + abilities.dex.mod + 1".to_owned()),
                    Some("1d8 + abilities.dex.mod + 1".to_owned())
                ]
            )
        );
        // Damage with no bonus stays plain dice.
        assert_eq!(
            action_formulas(&goblin, Some(4), &[Some("1d4")]).1,
            [Some("1d4".to_owned())]
        );
    }
}
