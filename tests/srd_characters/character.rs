//! A hand-worked build (`build:` in `tests/data/srd-characters/*.yaml`, plain terms) written as
//! a character file of the SRD 5.1 pack, the way a builder app saves what its player picked:
//!
//! - the six base scores as saved values (racial increases and Primal Champion are the pack's
//!   effects, the half-elf's two +1s the answer of its race's `ability_bonuses` choice; each
//!   Ability Score Improvement is the answer of its class feature's choice);
//! - the race, subrace, background, each class with its `level` (the first class first) and each
//!   subclass, in their link slots; a class's choices answered on its entry (`skills` for the
//!   first class, `multiclass_skill` for a later one, its Fighting Style, expertise, Metamagic),
//!   what granted content asks answered under `granted` (the Champion's extra Fighting Style, the
//!   College of Lore's three skills, the half-elf's Skill Versatility, Draconic Ancestry, the
//!   high elf's cantrip);
//! - body armor and a shield in their slots (a +N armor as the variant `magic-items.armor-N` on
//!   its `base`), protection items attuned, each weapon owned (a +N weapon as the variant
//!   `magic-items.weapon-N` on its `base`), every spell the build knows or prepares.
//!
//! Only the pack's own IDs are written: when the pack lacks one, the read reports it and the
//! numbers that depend on it miss, which is what the runner is there to show.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use opencharacter::spec::model::{Character, Ruleset};

use super::Build;
use crate::srd_support::classes::race_increases;

/// The SRD pack's ID.
pub const P: &str = "5e-srd-5.1";

/// The items in play for the whole sheet: Mage Armor when the build has it up (`mage_armor`).
fn standing_state(build: &Build) -> Vec<&'static str> {
    if build.armor.mage_armor {
        vec!["spells.mage-armor"]
    } else {
        Vec::new()
    }
}

/// The item an attack of the build is made with in play, by how the oracle names it: a raging
/// attack (`rage: true`, "Greataxe (raging)") with Rage in use, a "(Shillelagh)" attack with
/// the cantrip up.
pub fn attack_state(attack: &super::AttackBuild) -> Option<&'static str> {
    if attack.rage {
        Some("features.rage")
    } else if attack.name.contains("(Shillelagh)") {
        Some("spells.shillelagh")
    } else {
        None
    }
}

/// The character file of `build`, as YAML text, with `in_play` listed under `active` beside
/// its standing state (docs/spec/characters.md, state of play).
pub fn character_text_in_play(ruleset: &Ruleset, build: &Build, in_play: &[&str]) -> String {
    let version = ruleset
        .packs
        .iter()
        .find(|p| p.id.as_str() == P)
        .map_or_else(|| "0.1.0".to_owned(), |p| p.version.to_string());
    let levels_per_class = class_levels_declared(ruleset);
    let mut out = String::new();
    let _ = writeln!(out, "packs: {{ {P}: {version} }}");
    let _ = writeln!(
        out,
        "setup: {{ packs: {{ {P}: {version} }}, settings: {{ '{P}:multiclassing': {} }} }}",
        build.classes.len() > 1
    );
    out.push_str("fields:\n");
    for (ability, score) in saved_scores(build) {
        let _ = writeln!(out, "  '{P}:abilities.{ability}': {score}");
    }
    if !levels_per_class {
        let total: i64 = build.classes.iter().map(|c| c.level).sum();
        let _ = writeln!(out, "  '{P}:level': {total}");
    }
    out.push_str("content:\n");
    for entry in entries(build, levels_per_class) {
        let _ = writeln!(out, "  - {entry}");
    }
    let active: Vec<String> = standing_state(build)
        .into_iter()
        .chain(in_play.iter().copied())
        .map(q)
        .collect();
    if !active.is_empty() {
        let _ = writeln!(out, "active: {}", list(&active));
    }
    out
}

/// The character of `build` in its standing state (see [`character_text_in_play`]).
pub fn character(ruleset: &Ruleset, build: &Build) -> Character {
    character_in_play(ruleset, build, &[])
}

/// The character of `build` with `in_play` active (see [`character_text_in_play`]).
pub fn character_in_play(ruleset: &Ruleset, build: &Build, in_play: &[&str]) -> Character {
    let text = character_text_in_play(ruleset, build, in_play);
    opencharacter::spec::yaml::from_str(&text)
        .unwrap_or_else(|e| panic!("the runner wrote a character that does not read: {e}\n{text}"))
}

/// Whether the pack's class type holds levels per class (`contentTypes.class.levels`, spec
/// 1.8.0). Before it did, a character saved one `level` for its one class.
fn class_levels_declared(ruleset: &Ruleset) -> bool {
    ruleset
        .content_types
        .iter()
        .any(|(id, ty)| id.local.as_str() == "class" && ty.levels.is_some())
}

/// The base scores, as the player saved them; racial increases, Ability Score Improvements
/// (answers of the improvement features) and Primal Champion are the pack's.
fn saved_scores(build: &Build) -> Vec<(String, i64)> {
    let scores = &build.ability_scores;
    crate::srd_support::ABILITIES
        .iter()
        .map(|ability| {
            let base = scores.base.get(*ability).copied().unwrap_or(10);
            ((*ability).to_owned(), base)
        })
        .collect()
}

/// The class levels of each class's Ability Score Improvements (each class table): 4, 8, 12,
/// 16 and 19, the fighter's also 6 and 14, the rogue's also 10.
fn improvement_levels(class: &str) -> &'static [i64] {
    match class {
        "fighter" => &[4, 6, 8, 12, 14, 16, 19],
        "rogue" => &[4, 8, 10, 12, 16, 19],
        _ => &[4, 8, 12, 16, 19],
    }
}

/// The improvements the build took in `class`, as answers of the class's improvement
/// features (`features.fighter-ability-score-improvement-2` at fighter 6): +2 to one ability
/// (`features.ability-score-increase-2-str-2`, of that rank) or +1 to two (`…-2-str-con`, in
/// the SRD's order).
fn improvement_answers(build: &Build, class: &str, entry: &mut Entry) {
    for improvement in build
        .ability_scores
        .improvements
        .iter()
        .filter(|i| i.class == class)
    {
        let Some(n) = improvement_levels(class)
            .iter()
            .position(|l| *l == improvement.level)
        else {
            continue;
        };
        let raised: Vec<&str> = crate::srd_support::ABILITIES
            .iter()
            .copied()
            .filter(|a| improvement.increases.get(*a).is_some_and(|v| *v > 0))
            .collect();
        // The options are written once per rank of improvement (a character owns an item
        // once, so two +2 Strength improvements pick two items).
        let rank = n + 1;
        let pick = match raised.as_slice() {
            [one] => format!("features.ability-score-increase-{rank}-{one}-2"),
            [a, b] => format!("features.ability-score-increase-{rank}-{a}-{b}"),
            _ => continue,
        };
        entry.granted(
            &format!("features.{class}-ability-score-improvement-{rank}"),
            "increase",
            vec![pick],
        );
    }
}

fn q(local: &str) -> String {
    format!("'{P}:{local}'")
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// One owned entry as a YAML flow mapping.
struct Entry {
    id: String,
    slot: Option<&'static str>,
    level: Option<i64>,
    base: Option<String>,
    choices: BTreeMap<String, Vec<String>>,
    /// Brought item (local ID) → its choices.
    granted: BTreeMap<String, BTreeMap<String, Vec<String>>>,
}

impl Entry {
    fn new(id: &str) -> Entry {
        Entry {
            id: id.to_owned(),
            slot: None,
            level: None,
            base: None,
            choices: BTreeMap::new(),
            granted: BTreeMap::new(),
        }
    }

    fn slot(mut self, slot: &'static str) -> Entry {
        self.slot = Some(slot);
        self
    }

    fn choice(&mut self, choice: &str, picks: Vec<String>) {
        if !picks.is_empty() {
            self.choices
                .entry(choice.to_owned())
                .or_default()
                .extend(picks);
        }
    }

    fn granted(&mut self, item: &str, choice: &str, picks: Vec<String>) {
        if !picks.is_empty() {
            self.granted
                .entry(item.to_owned())
                .or_default()
                .insert(choice.to_owned(), picks);
        }
    }
}

fn choices_text(choices: &BTreeMap<String, Vec<String>>) -> String {
    let parts: Vec<String> = choices
        .iter()
        .map(|(choice, picks)| {
            let picks: Vec<String> = picks.iter().map(|p| q(p)).collect();
            format!("{choice}: {}", list(&picks))
        })
        .collect();
    format!("{{ {} }}", parts.join(", "))
}

impl std::fmt::Display for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{ id: {}", q(&self.id))?;
        if let Some(slot) = self.slot {
            write!(f, ", slot: {}", q(slot))?;
        }
        if let Some(level) = self.level {
            write!(f, ", level: {level}")?;
        }
        if let Some(base) = &self.base {
            write!(f, ", base: {}", q(base))?;
        }
        if !self.choices.is_empty() {
            write!(f, ", choices: {}", choices_text(&self.choices))?;
        }
        if !self.granted.is_empty() {
            let nodes: Vec<String> = self
                .granted
                .iter()
                .map(|(item, choices)| {
                    format!("{}: {{ choices: {} }}", q(item), choices_text(choices))
                })
                .collect();
            write!(f, ", granted: {{ {} }}", nodes.join(", "))?;
        }
        f.write_str(" }")
    }
}

fn skill(skill: &str) -> String {
    format!("proficiencies.skill-{skill}")
}

fn expertise(skill: &str) -> String {
    format!("proficiencies.expertise-{skill}")
}

/// The skills the build says come from `source` (the text before any parenthesis).
fn skills_from(build: &Build, source: impl Fn(&str) -> bool) -> Vec<String> {
    build
        .skill_proficiencies
        .iter()
        .filter(|(_, from)| source(from))
        .map(|(s, _)| skill(s))
        .collect()
}

/// A fighting-style feature of `class`: the fighter's and the ranger's are their own
/// (`features.fighter-fighting-style-defense`), the paladin's the plain ones
/// (`features.fighting-style-defense`).
fn style(class: &str, style: &str) -> String {
    if class == "paladin" {
        format!("features.fighting-style-{style}")
    } else {
        format!("features.{class}-fighting-style-{style}")
    }
}

fn choice_text(build: &Build, key: &str) -> Option<String> {
    build
        .choices
        .get(key)
        .and_then(|v| v.as_str())
        .map(str::to_owned)
}

/// The racial increases `build` chose, as the race's choice traits
/// (`traits.half-elf-ability-bonus-dex`): those its race and subrace do not fix.
fn chosen_increases(build: &Build) -> Vec<String> {
    let fixed = race_increases(&build.race, &build.subrace).unwrap_or_default();
    build
        .ability_scores
        .racial
        .keys()
        .filter(|a| !fixed.iter().any(|(f, _)| f == a))
        .map(|a| format!("traits.{}-ability-bonus-{a}", build.race))
        .collect()
}

fn entries(build: &Build, levels_per_class: bool) -> Vec<Entry> {
    let mut out = Vec::new();
    // Race: Skill Versatility's two skills are the race's granted trait's answer.
    let mut race = Entry::new(&format!("races.{}", build.race)).slot("race");
    race.granted(
        "traits.skill-versatility",
        "skills",
        skills_from(build, |from| from.starts_with("half-elf")),
    );
    // The half-elf's "+1 to two other abilities" (SRD 5.1, Half-Elf, Ability Score Increase):
    // the race's `ability_bonuses` choice, one trait per ability, answered with the racial
    // increases the race does not fix (the build's CHA +2 is the race's own).
    race.choice("ability_bonuses", chosen_increases(build));
    if let Some(dragon) = choice_text(build, "draconic_ancestry") {
        race.granted(
            "traits.draconic-ancestry",
            "subtrait",
            vec![format!("traits.draconic-ancestry-{dragon}")],
        );
    }
    out.push(race);
    if build.subrace != "none" {
        let mut subrace = Entry::new(&format!("subraces.{}", build.subrace)).slot("subrace");
        if let Some(cantrip) = choice_text(build, "high_elf_cantrip") {
            // The trait offers the race's own copies, cast with INT (High Elf Cantrip).
            subrace.granted(
                "traits.high-elf-cantrip",
                "spell",
                vec![format!("racial-spells.high-elf-{cantrip}")],
            );
        }
        out.push(subrace);
    }
    out.push(Entry::new(&format!("backgrounds.{}", build.background)).slot("background"));
    out.extend(class_entries(build, levels_per_class));
    out.extend(equipment(build));
    out.extend(spells(build));
    out
}

fn class_entries(build: &Build, levels_per_class: bool) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut subclasses = Vec::new();
    for (index, class) in build.classes.iter().enumerate() {
        let name = class.class.as_str();
        let mut entry = Entry::new(&format!("classes.{name}")).slot("class");
        if levels_per_class {
            entry.level = Some(class.level);
        }
        let skills = skills_from(build, |from| from == name);
        let multiclass = skills_from(build, |from| {
            from.starts_with(name) && from.contains("multiclass")
        });
        entry.choice(
            if index == 0 {
                "skills"
            } else {
                "multiclass_skill"
            },
            skills,
        );
        entry.choice("multiclass_skill", multiclass);
        // Fighting Style: one style for a single class; by class when multiclassed.
        let picked = match build.choices.get("fighting_styles") {
            Some(by_class) => by_class
                .get(name)
                .and_then(|v| v.as_str())
                .map(str::to_owned),
            None => choice_text(build, "fighting_style"),
        };
        let has_styles = matches!(name, "fighter" | "paladin" | "ranger");
        if let Some(picked) = picked.filter(|p| has_styles && p != "none") {
            entry.choice(
                &format!("{name}_fighting_style"),
                vec![style(name, &picked)],
            );
        }
        expertise_answers(build, name, &mut entry);
        improvement_answers(build, name, &mut entry);
        if name == "sorcerer" {
            metamagic_answers(build, &mut entry);
        }
        if name == "warlock" {
            invocation_answers(build, &mut entry);
            if let Some(boon) = choice_text(build, "pact_boon").filter(|b| b != "none") {
                entry.choice("pact_boon", vec![format!("features.pact-of-the-{boon}")]);
            }
        }
        out.push(entry);
        if class.subclass != "none" {
            let mut sub = Entry::new(&format!("subclasses.{}", class.subclass)).slot("subclass");
            let extra = choice_text(build, "additional_fighting_style").filter(|s| s != "none");
            if let Some(extra) = extra {
                sub.choice("additional_fighting_style", vec![style("fighter", &extra)]);
            }
            if let Some(color) = choice_text(build, "dragon_ancestor") {
                sub.choice("dragon_ancestor", vec![dragon_ancestor(&color)]);
            }
            if let Some(land) = choice_text(build, "circle_land") {
                sub.choice(
                    "circle_of_the_land",
                    vec![format!("features.circle-of-the-land-{land}")],
                );
            }
            if let Some(prey) = choice_text(build, "hunters_prey") {
                sub.choice(
                    "hunters_prey",
                    vec![format!("features.hunters-prey-{prey}")],
                );
            }
            sub.granted(
                "features.bonus-proficiencies",
                "skills",
                skills_from(build, |from| from.starts_with("College of Lore")),
            );
            subclasses.push(sub);
        }
    }
    out.extend(subclasses);
    out
}

/// The Draconic Bloodline's Dragon Ancestor feature of a color, named with its damage type
/// (the Draconic Ancestry table: black and copper acid, blue and bronze lightning, brass, gold
/// and red fire, green poison, silver and white cold).
fn dragon_ancestor(color: &str) -> String {
    let damage = match color {
        "black" | "copper" => "acid",
        "blue" | "bronze" => "lightning",
        "green" => "poison",
        "silver" | "white" => "cold",
        _ => "fire",
    };
    format!("features.dragon-ancestor-{color}-{damage}-damage")
}

/// Metamagic: two options at 3rd level, one more at 10th and at 17th, in the build's order.
fn metamagic_answers(build: &Build, entry: &mut Entry) {
    let picks: Vec<String> = build
        .choices
        .get("metamagic")
        .and_then(|v| v.as_array())
        .map(|p| {
            p.iter()
                .filter_map(|m| m.as_str())
                .map(|m| format!("features.metamagic-{m}"))
                .collect()
        })
        .unwrap_or_default();
    let mut rest = picks.as_slice();
    for (choice, count) in [("metamagic_1", 2), ("metamagic_2", 1), ("metamagic_3", 1)] {
        let (now, later) = rest.split_at(rest.len().min(count));
        entry.choice(choice, now.to_vec());
        rest = later;
    }
}

/// Eldritch Invocations: two at 2nd level (`eldritch_invocations`), then one more at each step
/// of the Invocations Known column (`eldritch_invocations_2`, `_3` …), in the build's order.
fn invocation_answers(build: &Build, entry: &mut Entry) {
    let picks: Vec<String> = build
        .choices
        .get("eldritch_invocations")
        .and_then(|v| v.as_array())
        .map(|p| {
            p.iter()
                .filter_map(|m| m.as_str())
                .map(|m| format!("features.eldritch-invocation-{m}"))
                .collect()
        })
        .unwrap_or_default();
    let first: Vec<String> = picks.iter().take(2).cloned().collect();
    entry.choice("eldritch_invocations", first);
    for (n, pick) in picks.iter().skip(2).enumerate() {
        entry.choice(
            &format!("eldritch_invocations_{}", n + 2),
            vec![pick.clone()],
        );
    }
}

/// Expertise is chosen twice: the rogue's at 1st and 6th level (`expertise_1`, `expertise_6`),
/// the bard's at 3rd and 10th (the build's list, two at a time in order).
fn expertise_answers(build: &Build, class: &str, entry: &mut Entry) {
    let named = |key: &str| -> Vec<String> {
        build
            .choices
            .get(key)
            .and_then(|v| v.as_array())
            .map(|picks| {
                picks
                    .iter()
                    .filter_map(|p| p.as_str())
                    .map(expertise)
                    .collect()
            })
            .unwrap_or_default()
    };
    match class {
        "rogue" => {
            entry.choice("rogue_expertise_1", named("expertise_1"));
            entry.choice("rogue_expertise_2", named("expertise_6"));
        }
        "bard" => {
            let all: Vec<String> = build.expertise.iter().map(|s| expertise(s)).collect();
            let (first, second) = all.split_at(all.len().min(2));
            entry.choice("bard_expertise_1", first.to_vec());
            entry.choice("bard_expertise_2", second.to_vec());
        }
        _ => {}
    }
}

fn equipment(build: &Build) -> Vec<Entry> {
    let mut out = Vec::new();
    let armor = &build.armor;
    if armor.body != "none" {
        let body = format!("armor.{}", armor.body);
        out.push(magic_or_plain(&body, "armor", armor.magic).slot("armor"));
    }
    if armor.shield {
        out.push(magic_or_plain("armor.shield", "armor", armor.shield_magic).slot("off_hand"));
    }
    for item in &build.magic_items {
        out.push(Entry::new(&format!("magic-items.{item}")).slot("attuned"));
    }
    // Each weapon once (a thrown dagger and a dagger in hand are one dagger).
    let mut seen = BTreeSet::new();
    for attack in &build.attacks {
        if attack.weapon == "unarmed-strike" || !seen.insert((&attack.weapon, attack.magic)) {
            continue;
        }
        let weapon = format!("weapons.{}", weapon_id(&attack.weapon));
        out.push(magic_or_plain(&weapon, "weapon", attack.magic));
    }
    if build.armor.mage_armor {
        out.push(Entry::new("spells.mage-armor"));
    }
    out
}

/// The pack's ID of a 5e-database weapon index (`light-crossbow` is `crossbow-light`).
pub fn weapon_id(index: &str) -> String {
    match index {
        "light-crossbow" => "crossbow-light".into(),
        "heavy-crossbow" => "crossbow-heavy".into(),
        "hand-crossbow" => "crossbow-hand".into(),
        other => other.into(),
    }
}

/// A +N item: the variant `magic-items.<kind>-N` on its base; else the base itself.
fn magic_or_plain(base: &str, kind: &str, magic: i64) -> Entry {
    if magic == 0 {
        Entry::new(base)
    } else {
        let mut entry = Entry::new(&format!("magic-items.{kind}-{magic}"));
        entry.base = Some(base.to_owned());
        entry
    }
}

/// The racial source of `build`'s racial spells (the `source` of its expected spellcasting),
/// which is the prefix of the race's spell copies: the high elf's cantrip, the tiefling's
/// Infernal Legacy.
pub fn racial_source(build: &Build) -> Option<&'static str> {
    if build.subrace == "high-elf" {
        Some("high-elf")
    } else if build.race == "tiefling" {
        Some("tiefling")
    } else {
        None
    }
}

/// The race's own copy of `spell` when `build` has it as a racial spell only (a class that
/// also knows it casts its class copy): `racial-spells.tiefling-hellish-rebuke`.
pub fn racial_spell(build: &Build, spell: &str) -> Option<String> {
    let s = &build.spells;
    let class_spell = s
        .cantrips
        .iter()
        .chain(&s.known)
        .chain(&s.prepared)
        .chain(&s.always_prepared)
        .chain(&s.mystic_arcanum)
        .any(|x| x == spell);
    let source = racial_source(build)?;
    (s.racial.iter().any(|x| x == spell) && !class_spell)
        .then(|| format!("racial-spells.{source}-{spell}"))
}

/// The spells the build knows or prepares, each listed. Racial spells are not: the race
/// brings its own copies (Infernal Legacy grants them, the high elf's cantrip is the answer
/// of its trait's choice).
fn spells(build: &Build) -> Vec<Entry> {
    let s = &build.spells;
    let mut seen = BTreeSet::new();
    if build.armor.mage_armor {
        seen.insert("mage-armor".to_owned());
    }
    s.cantrips
        .iter()
        .chain(&s.known)
        .chain(&s.prepared)
        .chain(&s.always_prepared)
        .chain(&s.mystic_arcanum)
        .filter(|spell| seen.insert((*spell).clone()))
        .map(|spell| Entry::new(&format!("spells.{spell}")))
        .collect()
}
