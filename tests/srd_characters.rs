//! The hand-worked SRD 5.1 characters (`tests/data/srd-characters/*.yaml`, described in that
//! folder's README.md): one per class at levels 1, 5, 11 and 20, and three multiclass ones. They
//! are the expectation the SRD pack's sheets are compared with (issue 19), so they must be right:
//! this test reads every file against the folder's schema (unknown keys are errors; every number
//! has a `why`), checks the build against the SRD's character-creation rules (standard array or
//! point buy, racial increases, improvements at the right levels, the subclass from its level),
//! and recomputes from the build every number that follows from a simple rule (`rules.rs`).
//!
//! It never runs the project's engine: these numbers come from the SRD, not from the program.

mod combat;
mod magic;
mod rules;

mod character;
mod probes;
mod sheets;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::Deserialize;
use serde_json::Value;

use crate::srd_support::{ABILITIES, SKILLS};

const DIR: &str = "tests/data/srd-characters";

/// One file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sheet {
    name: String,
    build: Build,
    expected: Expected,
    #[serde(default)]
    notes: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Build {
    race: String,
    subrace: String,
    background: String,
    classes: Vec<ClassLevel>,
    ability_scores: AbilityScores,
    skill_proficiencies: BTreeMap<String, String>,
    expertise: Vec<String>,
    tool_expertise: Vec<String>,
    half_proficiency: String,
    fighting_styles: Vec<String>,
    armor: Armor,
    magic_items: Vec<String>,
    attacks: Vec<AttackBuild>,
    spells: Spells,
    choices: BTreeMap<String, Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassLevel {
    class: String,
    level: i64,
    subclass: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AbilityScores {
    method: String,
    base: BTreeMap<String, i64>,
    racial: BTreeMap<String, i64>,
    improvements: Vec<Improvement>,
    feature_increases: Vec<FeatureIncrease>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Improvement {
    class: String,
    level: i64,
    increases: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FeatureIncrease {
    feature: String,
    increases: BTreeMap<String, i64>,
    maximum: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Armor {
    body: String,
    magic: i64,
    shield: bool,
    shield_magic: i64,
    mage_armor: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackBuild {
    name: String,
    weapon: String,
    ability: String,
    hands: String,
    dice: String,
    #[serde(rename = "type")]
    damage_type: String,
    proficient: bool,
    magic: i64,
    #[serde(default)]
    rage: bool,
    #[serde(default)]
    ranged: bool,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Spells {
    #[serde(default)]
    cantrips: Vec<String>,
    #[serde(default)]
    known: Vec<String>,
    #[serde(default)]
    prepared: Vec<String>,
    #[serde(default)]
    always_prepared: Vec<String>,
    #[serde(default)]
    racial: Vec<String>,
    #[serde(default)]
    mystic_arcanum: Vec<String>,
    #[serde(default)]
    spellbook_size: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    ability_scores: BTreeMap<String, Score>,
    proficiency_bonus: Num,
    hit_points: Num,
    hit_dice: Text,
    armor_class: Num,
    speed: Num,
    saving_throws: BTreeMap<String, Save>,
    skills: BTreeMap<String, Num>,
    passive_perception: Num,
    initiative: Num,
    attacks: Vec<AttackOut>,
    attacks_per_action: Num,
    #[serde(default)]
    spellcasting: Vec<Casting>,
    #[serde(default)]
    spell_slots: Option<Slots>,
    #[serde(default)]
    pact_slots: Option<Pact>,
    #[serde(default)]
    resources: Vec<Resource>,
    #[serde(default)]
    features: Vec<Feature>,
    #[serde(default)]
    spell_rolls: Vec<SpellRoll>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Score {
    score: i64,
    modifier: i64,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Num {
    value: i64,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    value: String,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Save {
    value: i64,
    proficient: bool,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackOut {
    name: String,
    to_hit: i64,
    damage: String,
    damage_type: String,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Casting {
    source: String,
    ability: String,
    save_dc: Num,
    attack_bonus: Num,
    #[serde(default)]
    cantrips_known: Option<Num>,
    #[serde(default)]
    spells: Option<SpellCount>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpellCount {
    kind: String,
    value: i64,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Slots {
    value: Vec<i64>,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Pact {
    count: i64,
    level: i64,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resource {
    name: String,
    max: Value,
    recovery: String,
    #[serde(default)]
    die: Option<String>,
    #[serde(default)]
    amount: Option<String>,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Feature {
    name: String,
    value: String,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpellRoll {
    spell: String,
    at: String,
    roll: String,
    dice: String,
    #[serde(default, rename = "type")]
    damage_type: Option<String>,
    why: String,
}

impl Sheet {
    /// Every `why` of the file with where it is, to check none is empty.
    fn whys(&self) -> Vec<(String, &str)> {
        let e = &self.expected;
        let mut out: Vec<(String, &str)> = Vec::new();
        for (a, s) in &e.ability_scores {
            out.push((format!("ability_scores.{a}"), &s.why));
        }
        for (key, num) in [
            ("proficiency_bonus", &e.proficiency_bonus),
            ("hit_points", &e.hit_points),
            ("armor_class", &e.armor_class),
            ("speed", &e.speed),
            ("passive_perception", &e.passive_perception),
            ("initiative", &e.initiative),
            ("attacks_per_action", &e.attacks_per_action),
        ] {
            out.push((key.to_owned(), &num.why));
        }
        out.push(("hit_dice".into(), &e.hit_dice.why));
        out.extend(
            e.saving_throws
                .iter()
                .map(|(a, s)| (format!("saving_throws.{a}"), s.why.as_str())),
        );
        out.extend(
            e.skills
                .iter()
                .map(|(k, s)| (format!("skills.{k}"), s.why.as_str())),
        );
        out.extend(
            e.attacks
                .iter()
                .map(|a| (format!("attacks.{}", a.name), a.why.as_str())),
        );
        for c in &e.spellcasting {
            out.push((format!("spellcasting.{}.save_dc", c.source), &c.save_dc.why));
            out.push((
                format!("spellcasting.{}.attack_bonus", c.source),
                &c.attack_bonus.why,
            ));
            if let Some(n) = &c.cantrips_known {
                out.push((format!("spellcasting.{}.cantrips_known", c.source), &n.why));
            }
            if let Some(n) = &c.spells {
                out.push((format!("spellcasting.{}.spells", c.source), &n.why));
            }
        }
        out.extend(
            e.spell_slots
                .iter()
                .map(|s| ("spell_slots".to_owned(), s.why.as_str())),
        );
        out.extend(
            e.pact_slots
                .iter()
                .map(|s| ("pact_slots".to_owned(), s.why.as_str())),
        );
        out.extend(
            e.resources
                .iter()
                .map(|r| (format!("resources.{}", r.name), r.why.as_str())),
        );
        out.extend(
            e.features
                .iter()
                .map(|f| (format!("features.{}", f.name), f.why.as_str())),
        );
        out.extend(
            e.spell_rolls
                .iter()
                .map(|r| (format!("spell_rolls.{} {}", r.spell, r.at), r.why.as_str())),
        );
        out
    }

    /// How many numbers the sheet states (a score and its modifier count as two; each slot
    /// level as one; a roll's DC or bonus and its dice as two).
    fn numbers(&self) -> usize {
        let e = &self.expected;
        12 + 7
            + 1
            + e.saving_throws.len()
            + e.skills.len()
            + 2 * e.attacks.len()
            + e.spellcasting
                .iter()
                .map(|c| {
                    2 + usize::from(c.cantrips_known.is_some()) + usize::from(c.spells.is_some())
                })
                .sum::<usize>()
            + e.spell_slots.as_ref().map_or(0, |s| s.value.len())
            + 2 * usize::from(e.pact_slots.is_some())
            + e.resources.len()
            + e.features.len()
            + 2 * e.spell_rolls.len()
    }
}

fn read_sheets() -> Vec<(String, Sheet)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(DIR);
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let sheet: Sheet = serde_saphyr::from_str(&text)
                .unwrap_or_else(|error| panic!("{name} does not follow the schema: {error}"));
            (name, sheet)
        })
        .collect()
}

#[test]
fn every_hand_worked_character_follows_the_schema_and_its_numbers_recompute_from_the_rules() {
    let sheets = read_sheets();
    let mut failures = Vec::new();
    let mut recomputed = 0;
    let mut numbers = 0;
    for (file, sheet) in &sheets {
        for (place, why) in sheet.whys() {
            if why.trim().is_empty() {
                failures.push(format!("{file}: {place} has no why"));
            }
        }
        if sheet.name.trim().is_empty() || sheet.notes.iter().any(|n| n.trim().is_empty()) {
            failures.push(format!("{file}: an empty name or note"));
        }
        let mut check = rules::Check::new(file, sheet);
        check.all();
        recomputed += check.recomputed;
        failures.extend(check.failures);
        numbers += sheet.numbers();
    }
    coverage(&sheets, &mut failures);
    println!(
        "{} characters; {numbers} numbers stated ({:.0} per character); {recomputed} checks of them against the rules, recomputed from the builds",
        sheets.len(),
        numbers as f64 / sheets.len().max(1) as f64
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What the set of characters must cover: every class at 1, 5, 11 and 20; all nine races and
/// four subraces; every armor weight, a shield and none; finesse, ranged, versatile and
/// two-handed weapons; magic weapons, armor and protection items; multiclassing.
fn coverage(sheets: &[(String, Sheet)], failures: &mut Vec<String>) {
    let classes = [
        "barbarian",
        "bard",
        "cleric",
        "druid",
        "fighter",
        "monk",
        "paladin",
        "ranger",
        "rogue",
        "sorcerer",
        "warlock",
        "wizard",
    ];
    let files: BTreeSet<&str> = sheets.iter().map(|(name, _)| name.as_str()).collect();
    for class in classes {
        for level in [1, 5, 11, 20] {
            let name = format!("{class}-{level}.yaml");
            if !files.contains(name.as_str()) {
                failures.push(format!("missing {name}"));
            }
        }
    }
    let builds = sheets.iter().map(|(_, sheet)| &sheet.build);
    let races: BTreeSet<&str> = builds.clone().map(|b| b.race.as_str()).collect();
    let subraces: BTreeSet<&str> = builds.clone().map(|b| b.subrace.as_str()).collect();
    for race in [
        "dwarf",
        "elf",
        "halfling",
        "human",
        "dragonborn",
        "gnome",
        "half-elf",
        "half-orc",
        "tiefling",
    ] {
        if !races.contains(race) {
            failures.push(format!("no character is a {race}"));
        }
    }
    for subrace in ["hill-dwarf", "high-elf", "lightfoot-halfling", "rock-gnome"] {
        if !subraces.contains(subrace) {
            failures.push(format!("no character is a {subrace}"));
        }
    }
    let weights: BTreeSet<&str> = builds
        .clone()
        .map(|b| {
            crate::srd_support::classes::armor(&b.armor.body).map_or("none", |(.., weight)| weight)
        })
        .collect();
    let has = |what: &str, ok: bool, failures: &mut Vec<String>| {
        if !ok {
            failures.push(format!("no character has {what}"));
        }
    };
    for weight in ["none", "light", "medium", "heavy"] {
        has(
            &format!("{weight} armor"),
            weights.contains(weight),
            failures,
        );
    }
    has("a shield", builds.clone().any(|b| b.armor.shield), failures);
    let attacks: Vec<&AttackBuild> = builds.clone().flat_map(|b| &b.attacks).collect();
    has(
        "a finesse weapon",
        attacks
            .iter()
            .any(|a| ["rapier", "dagger", "shortsword", "scimitar"].contains(&a.weapon.as_str())),
        failures,
    );
    has(
        "a ranged weapon",
        attacks.iter().any(|a| a.ranged),
        failures,
    );
    has(
        "a versatile weapon used with two hands",
        attacks.iter().any(|a| {
            a.hands == "two"
                && crate::srd_support::classes::weapon_dice(&a.weapon)
                    .is_some_and(|(_, v)| v.is_some())
        }),
        failures,
    );
    has(
        "a two-handed weapon",
        attacks
            .iter()
            .any(|a| ["greataxe", "greatsword"].contains(&a.weapon.as_str())),
        failures,
    );
    has(
        "a magic weapon",
        attacks.iter().any(|a| a.magic > 0),
        failures,
    );
    has(
        "magic armor",
        builds.clone().any(|b| b.armor.magic > 0),
        failures,
    );
    for item in ["ring-of-protection", "cloak-of-protection"] {
        has(
            item,
            builds
                .clone()
                .any(|b| b.magic_items.iter().any(|i| i == item)),
            failures,
        );
    }
    has(
        "two classes",
        builds.clone().filter(|b| b.classes.len() > 1).count() >= 2,
        failures,
    );
    for (file, sheet) in sheets {
        let e = &sheet.expected;
        let complete = ABILITIES
            .iter()
            .all(|a| e.ability_scores.contains_key(*a) && e.saving_throws.contains_key(*a))
            && SKILLS.iter().all(|s| e.skills.contains_key(*s))
            && e.ability_scores.len() == 6
            && e.saving_throws.len() == 6
            && e.skills.len() == 18;
        if !complete {
            failures.push(format!(
                "{file}: not every ability, save and skill is given (or an unknown one is)"
            ));
        }
    }
}
