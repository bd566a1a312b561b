//! The content items: one file per entry of the corpus, mechanics as typed properties.

use std::collections::BTreeMap;

use indexmap::{IndexMap, IndexSet};
use opencharacter_spec::ids::content_word;
use serde_json::{Map, Value, json};

use super::classes::{choice_from, equipment_id};
use super::rolls::Over;
use super::{Ctx, Error, index, leading_number, list, props, text, word};

/// What the rules need to know about the content: enum values met in the data, and the
/// abilities, skills and alignments in source order.
#[derive(Debug, Default)]
pub struct Facts {
    /// `(content type, property)` → the enum values met, in the order met.
    pub enums: IndexMap<(String, String), IndexSet<String>>,
    /// Ability index (`str`) → English name.
    pub abilities: Vec<(String, String)>,
    /// Skill index (`animal-handling`), English name, ability index.
    pub skills: Vec<(String, String, String)>,
    /// Alignment index and English name.
    pub alignments: Vec<(String, String)>,
    /// Monster property words for saves and skills (`save_dex`, `skill_stealth`).
    pub monster_numbers: IndexSet<String>,
    /// Class-specific counters of class levels: property word → its value type
    /// (`number`, `boolean` or `dice`).
    pub class_counters: IndexMap<String, &'static str>,
    /// English labels of enum values: `(type, property, value)` → label.
    pub enum_labels: BTreeMap<(String, String, String), String>,
}

impl Facts {
    /// Records `label` as a value of an enum property and gives its word.
    pub fn value(&mut self, content_type: &str, property: &str, label: &str) -> String {
        let value = word(label);
        self.enums
            .entry((content_type.to_owned(), property.to_owned()))
            .or_default()
            .insert(value.clone());
        self.enum_labels
            .entry((content_type.to_owned(), property.to_owned(), value.clone()))
            .or_insert_with(|| label.to_owned());
        value
    }
}

/// Where each equipment entry goes: index → (folder, content type).
fn equipment_kinds(ctx: &Ctx<'_>) -> BTreeMap<String, (&'static str, &'static str)> {
    let mut out = BTreeMap::new();
    for entry in ctx.corpus.get("Equipment") {
        let kind = match index(&entry["equipment_category"]) {
            "weapon" => ("weapons", "weapon"),
            "armor" => ("armor", "armor"),
            "tools" => ("tools", "tool"),
            "mounts-and-vehicles" => ("mounts", "mount"),
            _ => ("gear", "gear"),
        };
        out.insert(index(entry).to_owned(), kind);
    }
    out
}

/// The content ID a `/api/2014/...` URL names, when the pack has it.
struct Refs {
    equipment: BTreeMap<String, (&'static str, &'static str)>,
    categories: BTreeMap<String, Vec<String>>,
}

impl Refs {
    fn equipment_id(&self, index: &str) -> Option<String> {
        self.equipment
            .get(index)
            .map(|(folder, _)| format!("{folder}.{index}"))
    }

    /// Every equipment item a URL covers: the item itself, or a category's members.
    fn covered(&self, url: &str) -> Vec<String> {
        let parts: Vec<&str> = url.split('/').collect();
        match parts.as_slice() {
            [_, _, _, "equipment", index] => self.equipment_id(index).into_iter().collect(),
            [_, _, _, "equipment-categories", index] => self
                .categories
                .get(*index)
                .map(|members| {
                    members
                        .iter()
                        .filter_map(|m| self.equipment_id(m))
                        .collect()
                })
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}

/// Converts every entry; returns what the rules need.
pub fn convert_all(ctx: &mut Ctx<'_>) -> Result<Facts, Error> {
    let mut facts = Facts::default();
    let refs = Refs {
        equipment: equipment_kinds(ctx),
        categories: ctx
            .corpus
            .get("Equipment-Categories")
            .iter()
            .map(|category| {
                let members = list(category, "equipment")
                    .iter()
                    .filter(|m| text(m, "url").is_some_and(|u| u.contains("/equipment/")))
                    .map(|m| index(m).to_owned())
                    .collect();
                (index(category).to_owned(), members)
            })
            .collect(),
    };
    simple_lists(ctx, &mut facts)?;
    let proficiency_cover = proficiencies(ctx, &mut facts, &refs)?;
    equipment(ctx, &mut facts, &refs, &proficiency_cover)?;
    magic_items(ctx, &mut facts)?;
    spells(ctx, &mut facts)?;
    monsters(ctx, &mut facts)?;
    super::classes::convert(ctx, &mut facts)?;
    races(ctx, &mut facts)?;
    traits(ctx, &mut facts)?;
    backgrounds_and_feats(ctx)?;
    Ok(facts)
}

pub(super) fn name(entry: &Value) -> &str {
    text(entry, "name").unwrap_or_else(|| index(entry))
}

/// Abilities, skills, alignments, conditions, damage types, languages, magic schools and
/// weapon properties.
fn simple_lists(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    let corpus = ctx.corpus;
    for entry in corpus.get("Ability-Scores") {
        let skills: Vec<String> = list(entry, "skills")
            .iter()
            .map(|s| format!("skills.{}", index(s)))
            .collect();
        ctx.item(
            "abilities",
            index(entry),
            "ability",
            text(entry, "full_name").unwrap_or_else(|| name(entry)),
            props([("properties", json!(props([("skills", json!(skills))])))]),
        )?;
        ctx.out.text(
            format!("content.abilities.{}.abbreviation", index(entry)),
            name(entry),
        )?;
        facts.abilities.push((
            index(entry).to_owned(),
            text(entry, "full_name")
                .unwrap_or_else(|| name(entry))
                .to_owned(),
        ));
    }
    for entry in corpus.get("Skills") {
        let ability = index(&entry["ability_score"]).to_owned();
        ctx.item(
            "skills",
            index(entry),
            "skill",
            name(entry),
            props([(
                "properties",
                json!({ "ability": format!("abilities.{ability}") }),
            )]),
        )?;
        facts
            .skills
            .push((index(entry).to_owned(), name(entry).to_owned(), ability));
    }
    for entry in corpus.get("Alignments") {
        ctx.item(
            "alignments",
            index(entry),
            "alignment",
            name(entry),
            Map::new(),
        )?;
        if let Some(abbreviation) = text(entry, "abbreviation") {
            ctx.out.text(
                format!("content.alignments.{}.abbreviation", index(entry)),
                abbreviation,
            )?;
        }
        facts
            .alignments
            .push((index(entry).to_owned(), name(entry).to_owned()));
    }
    for entry in corpus.get("Conditions") {
        ctx.item(
            "conditions",
            index(entry),
            "condition",
            name(entry),
            Map::new(),
        )?;
    }
    for entry in corpus.get("Damage-Types") {
        ctx.item(
            "damage-types",
            index(entry),
            "damage_type",
            name(entry),
            Map::new(),
        )?;
    }
    for entry in corpus.get("Magic-Schools") {
        ctx.item(
            "magic-schools",
            index(entry),
            "magic_school",
            name(entry),
            Map::new(),
        )?;
    }
    for entry in corpus.get("Weapon-Properties") {
        // 5e-bits marks monk weapons with a "Monk" property; it is not an SRD weapon property.
        if index(entry) == "monk" {
            ctx.notes
                .skip("weapon property `monk` (not in the SRD; dropped)");
            continue;
        }
        ctx.item(
            "weapon-properties",
            index(entry),
            "weapon_property",
            name(entry),
            Map::new(),
        )?;
    }
    let languages: Vec<String> = corpus
        .get("Languages")
        .iter()
        .map(|l| name(l).to_owned())
        .collect();
    for entry in corpus.get("Languages") {
        let kind = text(entry, "type").map(|t| facts.value("language", "kind", t));
        // A script is named after a language; point at it when the pack has it.
        let script = text(entry, "script").and_then(|script| {
            languages.iter().any(|l| l == script).then(|| {
                format!(
                    "languages.{}",
                    corpus
                        .get("Languages")
                        .iter()
                        .find(|l| name(l) == script)
                        .map(index)
                        .unwrap_or_default()
                )
            })
        });
        ctx.item(
            "languages",
            index(entry),
            "language",
            name(entry),
            props([(
                "properties",
                json!(props([("kind", json!(kind)), ("script", json!(script))])),
            )]),
        )?;
    }
    Ok(())
}

/// Proficiencies; returns equipment ID → the proficiencies that cover it.
fn proficiencies(
    ctx: &mut Ctx<'_>,
    facts: &mut Facts,
    refs: &Refs,
) -> Result<BTreeMap<String, Vec<String>>, Error> {
    let mut cover: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for entry in ctx.corpus.get("Proficiencies") {
        let id = format!("proficiencies.{}", index(entry));
        let kind = text(entry, "type").map(|t| facts.value("proficiency", "kind", t));
        let url = text(&entry["reference"], "url").unwrap_or_default();
        let reference = index(&entry["reference"]);
        let skill = url
            .contains("/skills/")
            .then(|| format!("skills.{reference}"));
        let save = url
            .contains("/ability-scores/")
            .then(|| format!("abilities.{reference}"));
        let equipment = refs.covered(url);
        for item in &equipment {
            cover.entry(item.clone()).or_default().push(id.clone());
        }
        let classes: Vec<String> = list(entry, "classes")
            .iter()
            .map(|c| format!("classes.{}", index(c)))
            .collect();
        let races: Vec<String> = list(entry, "races")
            .iter()
            .map(|r| {
                let folder = if text(r, "url").is_some_and(|u| u.contains("/subraces/")) {
                    "subraces"
                } else {
                    "races"
                };
                format!("{folder}.{}", index(r))
            })
            .collect();
        ctx.item(
            "proficiencies",
            index(entry),
            "proficiency",
            name(entry),
            props([(
                "properties",
                json!(props([
                    ("kind", json!(kind)),
                    ("skill", json!(skill)),
                    ("saving_throw", json!(save)),
                    ("equipment", json!(equipment)),
                    ("classes", json!(classes)),
                    ("races", json!(races)),
                ])),
            )]),
        )?;
    }
    Ok(cover)
}

fn price(entry: &Value) -> Value {
    let cost = &entry["cost"];
    match (cost["quantity"].as_u64(), text(cost, "unit")) {
        (Some(amount), Some(unit)) => json!({ "amount": amount, "unit": unit }),
        _ => Value::Null,
    }
}

pub(super) fn number(value: &Value) -> Value {
    if value.is_number() {
        value.clone()
    } else {
        Value::Null
    }
}

/// A `has(…)` test that any of the proficiencies is owned.
fn has_any(proficiencies: &[String]) -> String {
    proficiencies
        .iter()
        .map(|p| format!("has(\"{p}\")"))
        .collect::<Vec<_>>()
        .join(" or ")
}

fn equipment(
    ctx: &mut Ctx<'_>,
    facts: &mut Facts,
    refs: &Refs,
    cover: &BTreeMap<String, Vec<String>>,
) -> Result<(), Error> {
    for entry in ctx.corpus.get("Equipment") {
        let local = index(entry);
        let Some((folder, kind)) = refs.equipment.get(local).copied() else {
            continue;
        };
        let id = format!("{folder}.{local}");
        let weight = number(&entry["weight"]);
        if text(entry, "special").is_some() || entry.get("special").is_some() {
            ctx.notes
                .skip("weapon `special` rules text (prose; left out)");
        }
        let (properties, tags, effects) = match kind {
            "weapon" => {
                let category =
                    text(entry, "weapon_category").map(|c| facts.value("weapon", "category", c));
                let range =
                    text(entry, "weapon_range").map(|r| facts.value("weapon", "range_kind", r));
                // The non-SRD "monk" property is left out here too.
                let property_words: Vec<&str> = list(entry, "properties")
                    .iter()
                    .map(index)
                    .filter(|p| *p != "monk")
                    .collect();
                let property_ids: Vec<String> = property_words
                    .iter()
                    .map(|p| format!("weapon-properties.{p}"))
                    .collect();
                let ranged = range.as_deref() == Some("ranged");
                let damage = &entry["damage"];
                let versatile = text(&entry["two_handed_damage"], "damage_dice");
                // The ability and dice under the rules that change a weapon attack (Martial
                // Arts, Shillelagh, Rage, Dueling): `mechanics::weapon_rules`.
                let rules = super::mechanics::weapon_rules::formulas(
                    local,
                    category.as_deref() == Some("simple"),
                    ranged,
                    &property_words,
                    text(damage, "damage_dice"),
                    versatile,
                );
                let ability = rules.ability.as_str();
                let proficient = cover.get(&id).map(Vec::as_slice).unwrap_or_default();
                let mut attack = if proficient.is_empty() {
                    ability.to_owned()
                } else {
                    format!("{ability} + if({}, proficiency, 0)", has_any(proficient))
                };
                if ranged {
                    attack.push_str(" + combat.ranged_attack_bonus");
                }
                let properties = props([
                    ("category", json!(category)),
                    ("range_kind", json!(range)),
                    ("damage", json!(rules.damage)),
                    (
                        "damage_type",
                        json!(
                            damage
                                .get("damage_type")
                                .map(|t| format!("damage-types.{}", index(t)))
                        ),
                    ),
                    ("versatile_damage", json!(rules.versatile)),
                    ("properties", json!(property_ids)),
                    ("range_normal", number(&entry["range"]["normal"])),
                    ("range_long", number(&entry["range"]["long"])),
                    ("throw_normal", number(&entry["throw_range"]["normal"])),
                    ("throw_long", number(&entry["throw_range"]["long"])),
                    ("weight", weight),
                    ("attack_bonus", json!(attack)),
                    ("damage_bonus", json!(rules.damage_bonus)),
                    // Two hands add the ability and Rage, not Dueling (the sheet rolls
                    // `<dice>_bonus` beside its dice); thrown, the ability alone.
                    ("versatile_damage_bonus", json!(rules.versatile_bonus)),
                    ("thrown_damage_bonus", json!(rules.thrown_bonus)),
                ]);
                let mut tags: Vec<String> = category.into_iter().chain(range).collect();
                tags.extend(property_words.iter().map(|w| (*w).to_owned()));
                (properties, tags, Vec::new())
            }
            "armor" => {
                let category =
                    text(entry, "armor_category").map(|c| facts.value("armor", "category", c));
                let ac = &entry["armor_class"];
                let base = ac["base"].as_i64();
                let dex_bonus = ac["dex_bonus"].as_bool();
                let cap = ac["max_bonus"].as_i64();
                let str_minimum = entry["str_minimum"].as_i64().filter(|m| *m > 0);
                let mut effects = Vec::new();
                if category.as_deref() == Some("shield") {
                    if let Some(base) = base {
                        effects.push(json!({ "target": "combat.shield_bonus", "op": "add", "value": base.to_string() }));
                    }
                } else if let Some(base) = base {
                    let cap = match (dex_bonus, cap) {
                        (Some(false), _) => 0,
                        (_, Some(cap)) => cap,
                        _ => 99,
                    };
                    effects.push(json!({ "target": "combat.armor.base", "op": "set", "value": base.to_string() }));
                    effects.push(json!({ "target": "combat.armor.dex_cap", "op": "set", "value": cap.to_string() }));
                    effects.push(
                        json!({ "target": "combat.armor.worn", "op": "set", "value": "true" }),
                    );
                    if let Some(minimum) = str_minimum {
                        effects.push(json!({ "target": "combat.armor.str_minimum", "op": "set", "value": minimum.to_string() }));
                    }
                }
                let properties = props([
                    ("category", json!(category)),
                    ("base_ac", json!(base)),
                    ("dex_bonus", json!(dex_bonus)),
                    ("dex_cap", json!(cap)),
                    ("str_minimum", json!(str_minimum)),
                    (
                        "stealth_disadvantage",
                        json!(entry["stealth_disadvantage"].as_bool()),
                    ),
                    ("weight", weight),
                ]);
                (properties, category.into_iter().collect(), effects)
            }
            "tool" => {
                let category =
                    text(entry, "tool_category").map(|c| facts.value("tool", "category", c));
                (
                    props([("category", json!(category)), ("weight", weight)]),
                    Vec::new(),
                    Vec::new(),
                )
            }
            "mount" => {
                let category =
                    text(entry, "vehicle_category").map(|c| facts.value("mount", "category", c));
                let speed_unit =
                    text(&entry["speed"], "unit").map(|u| facts.value("mount", "speed_unit", u));
                (
                    props([
                        ("category", json!(category)),
                        ("speed", number(&entry["speed"]["quantity"])),
                        ("speed_unit", json!(speed_unit)),
                        (
                            "capacity_lb",
                            json!(text(entry, "capacity").and_then(leading_number)),
                        ),
                        ("weight", weight),
                    ]),
                    Vec::new(),
                    Vec::new(),
                )
            }
            _ => {
                let category = entry
                    .get("gear_category")
                    .map(|c| facts.value("gear", "category", name(c)));
                let contents: Vec<(String, i64)> = list(entry, "contents")
                    .iter()
                    .filter_map(|c| {
                        let item = refs.equipment_id(index(&c["item"]))?;
                        Some((item, c["quantity"].as_i64().unwrap_or(1)))
                    })
                    .collect();
                (
                    props([
                        ("category", json!(category)),
                        ("bundle", number(&entry["quantity"])),
                        (
                            "contents",
                            json!(contents.iter().map(|c| &c.0).collect::<Vec<_>>()),
                        ),
                        (
                            "contents_quantity",
                            json!(contents.iter().map(|c| c.1).collect::<Vec<_>>()),
                        ),
                        ("weight", weight),
                    ]),
                    Vec::new(),
                    Vec::new(),
                )
            }
        };
        ctx.item(
            folder,
            local,
            kind,
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("price", price(entry)),
                ("tags", json!(tags)),
                ("effects", json!(effects)),
            ]),
        )?;
    }
    Ok(())
}

fn magic_items(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    let entries = ctx.corpus.get("Magic-Items");
    let mut parent_of: BTreeMap<&str, &str> = BTreeMap::new();
    for entry in entries {
        for variant in list(entry, "variants") {
            parent_of.insert(index(variant), index(entry));
        }
    }
    let by_index: BTreeMap<&str, &Value> = entries.iter().map(|e| (index(e), e)).collect();
    for entry in entries {
        let local = index(entry);
        let category = facts.value("magic_item", "category", name(&entry["equipment_category"]));
        let rarity = facts.value("magic_item", "rarity", name(&entry["rarity"]));
        // The first line of the description is a fact line ("Wondrous item, rare (requires
        // attunement)"); only the attunement flag is read from it, nothing is copied.
        let attunement = list(entry, "desc")
            .first()
            .and_then(Value::as_str)
            .is_some_and(|line| line.contains("requires attunement"));
        // "Weapon, +1", "Armor, +2": the bonus is part of the name.
        let bonus = name(entry)
            .rsplit_once(", +")
            .and_then(|(_, n)| n.trim().parse::<i64>().ok())
            .or_else(|| {
                name(entry)
                    .rsplit_once(" +")
                    .and_then(|(_, n)| n.trim().parse::<i64>().ok())
            });
        let parent = parent_of.get(local).copied();
        // A magic weapon, armor or ammunition is a variant of the base the character names
        // (`mechanics::variants`); a dragon scale mail's colour is its parent's kind.
        let variant =
            super::mechanics::variant(local).or_else(|| parent.and_then(super::mechanics::variant));
        let mut effects = Vec::new();
        if let Some((_, _, bases, magic)) = variant
            && *magic > 0
            && bases.contains(&"armor")
        {
            effects.push(
                json!({ "target": "combat.ac_bonus", "op": "add", "value": "item.magic_bonus" }),
            );
        }
        let magic_bonus = match variant {
            Some((_, _, _, magic)) => Some(*magic).filter(|n| *n > 0),
            None => bonus,
        };
        effects.extend(super::mechanics::effects(super::mechanics::ITEMS, local));
        effects.extend(super::mechanics::raised_score_effects(local));
        // What a potion gives while it lasts (a Potion of Resistance's resistance).
        effects.extend(super::mechanics::play_effects("magic-items", local));
        let mut rolls = super::mechanics::item_roll_properties(local);
        rolls.extend(super::mechanics::variant_properties(local));
        let resources = super::mechanics::item_resources(local)
            .or_else(|| parent.and_then(super::mechanics::item_resources));
        let mut body = match parent {
            Some(parent) => {
                let base = by_index.get(parent).copied();
                let base_rarity = base.map(|b| word(name(&b["rarity"])));
                let base_attunement = base.is_some_and(|b| {
                    list(b, "desc")
                        .first()
                        .and_then(Value::as_str)
                        .is_some_and(|line| line.contains("requires attunement"))
                });
                // A variant writes only what differs from its base.
                let properties = props([
                    (
                        "rarity",
                        if base_rarity.as_deref() == Some(rarity.as_str()) {
                            Value::Null
                        } else {
                            json!(rarity)
                        },
                    ),
                    (
                        "attunement",
                        if base_attunement == attunement {
                            Value::Null
                        } else {
                            json!(attunement)
                        },
                    ),
                    ("magic_bonus", json!(magic_bonus)),
                ]);
                props([
                    ("extends", json!(format!("magic-items.{parent}"))),
                    ("properties", Value::Object(properties)),
                    ("effects", json!(effects)),
                ])
            }
            None => props([
                (
                    "properties",
                    json!(props([
                        ("category", json!(category)),
                        ("rarity", json!(rarity)),
                        ("attunement", json!(attunement)),
                        ("magic_bonus", json!(magic_bonus)),
                    ])),
                ),
                ("tags", json!(["magical"])),
                ("effects", json!(effects)),
            ]),
        };
        if let Some(Value::Object(properties)) = body.get_mut("properties") {
            properties.extend(rolls);
        } else if !rolls.is_empty() {
            body.insert("properties".into(), Value::Object(rolls));
        }
        if let Some((_, _, bases, _)) = variant {
            body.insert("variantOf".into(), json!(bases));
        }
        if let Some(resources) = resources {
            body.insert("resources".into(), resources);
        }
        ctx.item("magic-items", local, "magic_item", name(entry), body)?;
    }
    Ok(())
}

/// A 5e-bits damage or healing table as one formula over the spell type's parameters
/// (`rolls::table_formula`); a table that fits no formula is a converter error, so the pack
/// never carries a guess.
fn scaling(index: &str, table: &Value, over: Over<'_>) -> Result<Option<String>, Error> {
    if table.is_null() {
        return Ok(None);
    }
    super::rolls::table_formula(table, over, "spellcasting.mod")
        .map(Some)
        .ok_or_else(|| Error::Data(format!("spell {index}: its table fits no formula: {table}")))
}

fn spells(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    for entry in ctx.corpus.get("Spells") {
        let (cast_amount, cast_unit) = amount_unit(text(entry, "casting_time").unwrap_or_default());
        let cast_unit = cast_unit.map(|u| facts.value("spell", "casting_time_unit", &u));
        let range = text(entry, "range").unwrap_or_default();
        let (range_kind, range_feet) = match amount_unit(range) {
            (Some(n), Some(unit)) if unit.starts_with("feet") || unit.starts_with("foot") => {
                ("distance".to_owned(), Some(n))
            }
            (Some(n), Some(unit)) if unit.starts_with("mile") => {
                ("distance".to_owned(), Some(n * 5280))
            }
            _ => (range.to_owned(), None),
        };
        let range_kind = facts.value("spell", "range_kind", &range_kind);
        let duration = text(entry, "duration").unwrap_or_default();
        let plain = duration.trim_start_matches("Up to ").trim();
        let (duration_amount, duration_unit) = match amount_unit(plain) {
            (Some(n), Some(unit)) => (Some(n), unit.trim_end_matches('s').to_owned()),
            _ => (None, plain.to_owned()),
        };
        let duration_unit = facts.value("spell", "duration_unit", &duration_unit);
        let components: Vec<String> = list(entry, "components")
            .iter()
            .filter_map(Value::as_str)
            .map(|c| facts.value("spell", "components", c))
            .collect();
        if text(entry, "material").is_some() {
            ctx.notes
                .skip("spell material component text (prose; left out)");
        }
        let damage = &entry["damage"];
        let damage_dice = if damage.get("damage_at_slot_level").is_some() {
            scaling(index(entry), &damage["damage_at_slot_level"], Over::Slot)?
        } else {
            let table = &damage["damage_at_character_level"];
            scaling(index(entry), table, Over::Level("caster_level"))?
        };
        let heal = scaling(index(entry), &entry["heal_at_slot_level"], Over::Slot)?;
        let dc = &entry["dc"];
        let save_success = text(dc, "dc_success").map(|s| facts.value("spell", "save_success", s));
        let attack = text(entry, "attack_type").map(|a| facts.value("spell", "attack_kind", a));
        let area = &entry["area_of_effect"];
        let area_shape = text(area, "type").map(|t| facts.value("spell", "area_shape", t));
        let classes: Vec<String> = list(entry, "classes")
            .iter()
            .map(|c| format!("classes.{}", index(c)))
            .collect();
        let subclasses: Vec<String> = list(entry, "subclasses")
            .iter()
            .map(|c| format!("subclasses.{}", index(c)))
            .collect();
        let mut tags: Vec<String> = list(entry, "classes")
            .iter()
            .map(|c| index(c).to_owned())
            .collect();
        if entry["ritual"].as_bool() == Some(true) {
            tags.push("ritual".into());
        }
        if entry["concentration"].as_bool() == Some(true) {
            tags.push("concentration".into());
        }
        let properties = props([
            ("level", number(&entry["level"])),
            (
                "school",
                json!(format!("magic-schools.{}", index(&entry["school"]))),
            ),
            ("casting_time", json!(cast_amount)),
            ("casting_time_unit", json!(cast_unit)),
            ("range_kind", json!(range_kind)),
            ("range_feet", json!(range_feet)),
            ("components", json!(components)),
            ("ritual", number_or_bool(&entry["ritual"])),
            ("concentration", number_or_bool(&entry["concentration"])),
            ("duration", json!(duration_amount)),
            ("duration_unit", json!(duration_unit)),
            ("damage", json!(damage_dice)),
            (
                "damage_type",
                json!(
                    damage
                        .get("damage_type")
                        .map(|t| format!("damage-types.{}", index(t)))
                ),
            ),
            ("heal", json!(heal)),
            (
                "save_ability",
                json!(dc.get("dc_type").map(|t| format!("abilities.{}", index(t)))),
            ),
            ("save_success", json!(save_success)),
            ("attack_kind", json!(attack)),
            ("area_shape", json!(area_shape)),
            ("area_size", number(&area["size"])),
            ("classes", json!(classes)),
            ("subclasses", json!(subclasses)),
        ]);
        let mut properties = properties;
        super::rolls::fix_spell(index(entry), &mut properties);
        properties.extend(super::mechanics::table_properties(
            super::mechanics::SPELLS,
            index(entry),
        ));
        // An area's size from the table is a number, as the data's.
        if let Some(size) = properties
            .get("area_size")
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<i64>().ok())
        {
            properties.insert("area_size".into(), json!(size));
        }
        ctx.item(
            "spells",
            index(entry),
            "spell",
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("tags", json!(tags)),
                // What the spell changes while it lasts (Mage Armor, Shillelagh).
                (
                    "effects",
                    json!(super::mechanics::play_effects("spells", index(entry))),
                ),
            ]),
        )?;
    }
    Ok(())
}

fn number_or_bool(value: &Value) -> Value {
    if value.is_boolean() || value.is_number() {
        value.clone()
    } else {
        Value::Null
    }
}

/// `"10 minutes"` → (10, "minutes"); `"1 bonus action"` → (1, "bonus action").
fn amount_unit(text: &str) -> (Option<i64>, Option<String>) {
    match text.split_once(' ') {
        Some((n, unit)) => match n.replace(',', "").parse::<i64>() {
            Ok(n) => (Some(n), Some(unit.to_owned())),
            Err(_) => (None, None),
        },
        None => (None, None),
    }
}

fn monsters(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    let corpus = ctx.corpus;
    let damage_types: Vec<&str> = corpus.get("Damage-Types").iter().map(index).collect();
    let languages: BTreeMap<String, String> = corpus
        .get("Languages")
        .iter()
        .map(|l| (name(l).to_owned(), format!("languages.{}", index(l))))
        .collect();
    for entry in corpus.get("Monsters") {
        let local = index(entry);
        let mut properties = Map::new();
        let mut put = |key: &str, value: Value| {
            if !super::is_empty(&value) {
                properties.insert(key.to_owned(), value);
            }
        };
        put(
            "size",
            json!(facts.value("monster", "size", text(entry, "size").unwrap_or("Medium"))),
        );
        put(
            "creature_type",
            json!(facts.value(
                "monster",
                "creature_type",
                text(entry, "type").unwrap_or("beast")
            )),
        );
        put(
            "subtype",
            json!(text(entry, "subtype").map(|s| facts.value("monster", "subtype", s))),
        );
        put(
            "alignment",
            json!(text(entry, "alignment").map(|a| facts.value("monster", "alignment", a))),
        );
        let armor_classes = list(entry, "armor_class");
        if let Some(first) = armor_classes.first() {
            put("armor_class", number(&first["value"]));
            put(
                "armor_class_kind",
                json!(text(first, "type").map(|t| facts.value("monster", "armor_class_kind", t))),
            );
            let worn: Vec<String> = list(first, "armor")
                .iter()
                .filter(|a| text(a, "url").is_some_and(|u| u.contains("/equipment/")))
                .map(|a| format!("armor.{}", index(a)))
                .collect();
            put("armor", json!(worn));
        }
        let others: Vec<Value> = armor_classes
            .iter()
            .skip(1)
            .map(|a| number(&a["value"]))
            .collect();
        put("armor_class_other", json!(others));
        put("hit_points", number(&entry["hit_points"]));
        put("hit_dice", json!(text(entry, "hit_dice")));
        put("hit_points_roll", json!(text(entry, "hit_points_roll")));
        for (kind, value) in entry["speed"].as_object().into_iter().flatten() {
            if kind == "hover" {
                put("hover", number_or_bool(value));
            } else if let Some(feet) = value.as_str().and_then(leading_number) {
                put(&format!("speed_{kind}"), json!(feet));
            }
        }
        for (ability, key) in super::rolls::ABILITIES {
            put(ability, number(&entry[key]));
        }
        // Saves and skills as formulas over the stat block (`monster_numbers`).
        let skill_ability = |skill: &str| {
            corpus
                .get("Skills")
                .iter()
                .find(|s| index(s) == skill)
                .map(|s| index(&s["ability_score"]).to_owned())
        };
        for proficiency in list(entry, "proficiencies") {
            let id = index(&proficiency["proficiency"]);
            let printed = proficiency["value"].as_i64().unwrap_or_default();
            let (key, formula) = if let Some(ability) = id.strip_prefix("saving-throw-") {
                (
                    format!("save_{}", word(ability)),
                    super::monster_numbers::save(entry, ability, printed),
                )
            } else if let Some(skill) = id.strip_prefix("skill-")
                && let Some(ability) = skill_ability(skill)
            {
                (
                    format!("skill_{}", word(skill)),
                    super::monster_numbers::skill(entry, &ability, printed),
                )
            } else {
                ctx.notes.skip("monster proficiency of another kind");
                continue;
            };
            facts.monster_numbers.insert(key.clone());
            put(&key, json!(formula));
        }
        // Skills the SRD prints that the data leaves out.
        for (key, value) in super::rolls::monster_fixes(local) {
            facts.monster_numbers.insert(key.to_owned());
            let skill = key.trim_start_matches("skill_").replace('_', "-");
            let formula = skill_ability(&skill)
                .map(|ability| super::monster_numbers::skill(entry, &ability, value));
            put(key, json!(formula));
        }
        // A printed passive Perception the rules do not give (10 + Perception): the difference,
        // which the stat block adds.
        put(
            "passive_perception_adjustment",
            json!(super::rolls::passive_adjustment(entry)),
        );
        for kind in ["vulnerabilities", "resistances", "immunities"] {
            let mut plain = Vec::new();
            let mut special = Vec::new();
            for item in list(entry, &format!("damage_{kind}"))
                .iter()
                .filter_map(Value::as_str)
            {
                if damage_types.contains(&item) {
                    plain.push(format!("damage-types.{item}"));
                } else {
                    special.push(facts.value("monster", &format!("damage_{kind}_special"), item));
                }
            }
            put(&format!("damage_{kind}"), json!(plain));
            put(&format!("damage_{kind}_special"), json!(special));
        }
        let conditions: Vec<String> = list(entry, "condition_immunities")
            .iter()
            .map(|c| format!("conditions.{}", index(c)))
            .collect();
        put("condition_immunities", json!(conditions));
        for (sense, value) in entry["senses"].as_object().into_iter().flatten() {
            let number_value = value
                .as_i64()
                .or_else(|| value.as_str().and_then(leading_number));
            put(&word(sense), json!(number_value));
            if value.as_str().is_some_and(|v| v.contains("blind beyond")) {
                put("blind_beyond", json!(true));
            }
        }
        let mut known = Vec::new();
        let mut special = Vec::new();
        let mut telepathy = None;
        for part in text(entry, "languages").unwrap_or_default().split(", ") {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            if let Some(id) = languages.get(part) {
                known.push(id.clone());
            } else if let Some(range) = part.strip_prefix("telepathy ") {
                telepathy = leading_number(range);
            } else {
                special.push(facts.value("monster", "languages_special", part));
            }
        }
        put("languages", json!(known));
        put("languages_special", json!(special));
        put("telepathy", json!(telepathy));
        put("challenge_rating", number(&entry["challenge_rating"]));
        put("xp", number(&entry["xp"]));
        put("proficiency_bonus", number(&entry["proficiency_bonus"]));
        let mut used = IndexSet::new();
        let mut names: BTreeMap<String, String> = BTreeMap::new();
        for (key, kind) in [
            ("special_abilities", "trait"),
            ("actions", "action"),
            ("reactions", "reaction"),
            ("legendary_actions", "legendary"),
        ] {
            let mut ids = Vec::new();
            for action in list(entry, key) {
                let id = monster_action(ctx, facts, local, entry, action, kind, &mut used)?;
                names.insert(name(action).to_owned(), id.clone());
                ids.push(id);
            }
            put(
                match kind {
                    "trait" => "traits",
                    "action" => "actions",
                    "reaction" => "reactions",
                    _ => "legendary_actions",
                },
                json!(ids),
            );
        }
        // Multiattack names actions that come after it; resolve them once all are known.
        resolve_multiattack(ctx, local, entry, &names)?;
        // Legendary actions that take another action get its rolls.
        super::legendary::link(ctx, local, entry, &names)?;
        if entry.get("forms").is_some() {
            ctx.notes
                .skip("monster `forms` (other stat blocks of a shapechanger)");
        }
        let tags = vec![word(text(entry, "type").unwrap_or("beast")).replace('_', "-")];
        ctx.item(
            "monsters",
            local,
            "monster",
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("tags", json!(tags)),
            ]),
        )?;
    }
    Ok(())
}

fn slug(label: &str) -> String {
    content_word(label).unwrap_or_default()
}

fn monster_action(
    ctx: &mut Ctx<'_>,
    facts: &mut Facts,
    monster: &str,
    monster_entry: &Value,
    action: &Value,
    kind: &str,
    used: &mut IndexSet<String>,
) -> Result<String, Error> {
    let base = {
        let s = slug(name(action));
        if s.is_empty() { "action".to_owned() } else { s }
    };
    let mut local = base.clone();
    let mut n = 2;
    while used.contains(&local) {
        local = format!("{base}-{n}");
        n += 1;
    }
    used.insert(local.clone());
    let damage = super::rolls::damage_parts(action);
    for _ in 0..damage.skipped {
        ctx.notes
            .skip("monster damage given as a choice the pack does not read");
    }
    if damage.parts.len() > 2 {
        ctx.notes.skip("monster damage beyond the second part");
    }
    // The printed attack bonus and weapon damage as formulas over the stat block; a second
    // damage (a bite's fire) as printed.
    let weapon = [
        damage.parts.first().map(|(d, _)| d.as_str()),
        damage.versatile.as_ref().map(|(d, _)| d.as_str()),
    ];
    let (attack_bonus, formulas) =
        super::rolls::action_formulas(monster_entry, printed_attack_bonus(action), &weapon);
    let spaced = |d: &String| d.replace('+', " + ").replace('-', " - ");
    let extra = damage.parts.get(1);
    if action.get("options").is_some() || action.get("action_options").is_some() {
        ctx.notes
            .skip("monster action options (one of several attacks or breaths)");
    }
    // The save DC and its ability: the data's, or else the first saving-throw DC its text
    // prints (a number read from the text, as the monster table reads it; no text is copied).
    let text_dc = super::super::srd_monster_table::text::dcs(text(action, "desc").unwrap_or(""))
        .into_iter()
        .find(|d| d.kind == "save");
    let text_dc_json = text_dc.map(|d| {
        json!({
            "dc_value": d.value,
            "dc_type": { "index": d.abilities.first().copied().unwrap_or("str") },
        })
    });
    let dc = match (&action["dc"], &text_dc_json) {
        (Value::Null, Some(from_text)) => from_text,
        (data, _) => data,
    };
    let usage = &action["usage"];
    let spellcasting = &action["spellcasting"];
    let spells: Vec<String> = list(spellcasting, "spells")
        .iter()
        .filter_map(|s| text(s, "url"))
        .filter_map(|u| u.rsplit('/').next())
        .map(|s| format!("spells.{s}"))
        .collect();
    let mut properties = props([
        ("kind", json!(facts.value("monster_action", "kind", kind))),
        ("attack_bonus", json!(attack_bonus)),
        ("damage", json!(formulas[0])),
        (
            "damage_type",
            json!(damage.parts.first().and_then(|(_, t)| t.clone())),
        ),
        ("versatile_damage", json!(formulas[1])),
        (
            "versatile_damage_type",
            json!(damage.versatile.as_ref().and_then(|(_, t)| t.clone())),
        ),
        ("extra_damage", json!(extra.map(|(d, _)| spaced(d)))),
        (
            "extra_damage_type",
            json!(extra.and_then(|(_, t)| t.clone())),
        ),
        (
            "save_dc",
            json!(
                dc["dc_value"]
                    .as_i64()
                    .map(|n| super::monster_numbers::save_dc(monster_entry, n))
            ),
        ),
        (
            "save_ability",
            json!(dc.get("dc_type").map(|t| format!("abilities.{}", index(t)))),
        ),
        (
            "save_success",
            json!(text(dc, "success_type").map(|s| facts.value(
                "monster_action",
                "save_success",
                s
            ))),
        ),
        (
            "usage",
            json!(text(usage, "type").map(|u| facts.value("monster_action", "usage", u))),
        ),
        ("usage_times", number(&usage["times"])),
        ("recharge_min", number(&usage["min_value"])),
        (
            "spellcasting_ability",
            json!(
                spellcasting
                    .get("ability")
                    .map(|a| format!("abilities.{}", index(a)))
            ),
        ),
        ("spell_save_dc", number(&spellcasting["dc"])),
        ("spell_attack_bonus", number(&spellcasting["modifier"])),
        ("caster_level", number(&spellcasting["level"])),
        ("spells", json!(spells)),
    ]);
    for (slot, count) in spellcasting["slots"].as_object().into_iter().flatten() {
        properties.insert(format!("slots_{slot}"), count.clone());
    }
    let folder = format!("monster-actions.{monster}");
    ctx.item(
        &format!("monster-actions/{monster}"),
        &local,
        "monster_action",
        name(action),
        props([("properties", Value::Object(properties))]),
    )
    .map(|_| format!("{folder}.{local}"))
}

/// An action's printed attack bonus. The 5e-database gives some legendary actions ("Move",
/// "The vampire makes one bite attack.") an `attack_bonus` of 0 though they print no attack:
/// that 0 is no roll, so an action whose text prints no "to hit" and no damage has none.
fn printed_attack_bonus(action: &Value) -> Option<i64> {
    let bonus = action["attack_bonus"].as_i64()?;
    let prints_attack = text(action, "desc").is_some_and(|d| d.contains("to hit"));
    (bonus != 0 || prints_attack || action.get("damage").is_some()).then_some(bonus)
}

/// Adds `multiattack_actions` and `multiattack_counts` to a monster's multiattack actions.
fn resolve_multiattack(
    ctx: &mut Ctx<'_>,
    monster: &str,
    entry: &Value,
    names: &BTreeMap<String, String>,
) -> Result<(), Error> {
    for action in list(entry, "actions") {
        let parts = list(action, "actions");
        if parts.is_empty() {
            continue;
        }
        let Some(id) = names.get(name(action)) else {
            continue;
        };
        let mut actions = Vec::new();
        let mut counts = Vec::new();
        for part in parts {
            match text(part, "action_name").and_then(|n| names.get(n)) {
                Some(target) => {
                    actions.push(json!(target));
                    counts.push(part["count"].as_i64().map_or_else(
                        || {
                            json!(
                                part["count"]
                                    .as_str()
                                    .and_then(|c| c.parse::<i64>().ok())
                                    .unwrap_or(1)
                            )
                        },
                        |c| json!(c),
                    ));
                }
                None => ctx
                    .notes
                    .skip("multiattack part naming no action of the monster"),
            }
        }
        let local = id.rsplit('.').next().unwrap_or_default();
        let path = format!("content/monster-actions/{monster}/{local}.yaml");
        if let Some(Value::Object(item)) = ctx.out.files.get_mut(&path) {
            let properties = item
                .entry("properties")
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(properties) = properties
                && !actions.is_empty()
            {
                properties.insert("multiattack_actions".into(), Value::Array(actions));
                properties.insert("multiattack_counts".into(), Value::Array(counts));
            }
        }
    }
    Ok(())
}

fn ability_bonus_effects(entry: &Value) -> (Map<String, Value>, Vec<Value>) {
    let mut properties = Map::new();
    let mut effects = Vec::new();
    for bonus in list(entry, "ability_bonuses") {
        let ability = index(&bonus["ability_score"]);
        if let Some(n) = bonus["bonus"].as_i64() {
            properties.insert(format!("bonus_{ability}"), json!(n));
            effects.push(json!({ "target": format!("abilities.{ability}"), "op": "add", "value": n.to_string() }));
        }
    }
    (properties, effects)
}

fn races(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    let corpus = ctx.corpus;
    for entry in corpus.get("Races") {
        let (mut properties, mut effects) = ability_bonus_effects(entry);
        properties.insert("speed".into(), number(&entry["speed"]));
        properties.insert(
            "size".into(),
            json!(facts.value("race", "size", text(entry, "size").unwrap_or("Medium"))),
        );
        let subraces: Vec<String> = list(entry, "subraces")
            .iter()
            .map(|s| format!("subraces.{}", index(s)))
            .collect();
        if !subraces.is_empty() {
            properties.insert("subraces".into(), json!(subraces));
        }
        if let Some(speed) = entry["speed"].as_i64() {
            effects
                .push(json!({ "target": "speed.walk", "op": "set", "value": speed.to_string() }));
        }
        effects.extend(super::mechanics::effects(
            super::mechanics::RACES,
            index(entry),
        ));
        let mut grants: Vec<Value> = list(entry, "traits")
            .iter()
            .map(|t| json!({ "item": format!("traits.{}", index(t)) }))
            .collect();
        grants.extend(
            list(entry, "languages")
                .iter()
                .map(|l| json!({ "item": format!("languages.{}", index(l)) })),
        );
        grants.extend(
            list(entry, "starting_proficiencies")
                .iter()
                .map(|p| json!({ "item": format!("proficiencies.{}", index(p)) })),
        );
        let mut choices = Map::new();
        if let Some(choice) = entry
            .get("language_options")
            .and_then(|o| choice_from(o, None))
        {
            choices.insert("languages".into(), choice);
        }
        if let Some(choice) = entry
            .get("starting_proficiency_options")
            .and_then(|o| choice_from(o, None))
        {
            choices.insert("proficiencies".into(), choice);
        }
        // The half-elf's "+1 to two other abilities": a choice of traits, one per ability.
        if let Some(options) = entry.get("ability_bonus_options") {
            let choice = super::mechanics::ability_bonus_choice(ctx, index(entry), options)?;
            choices.insert("ability_bonuses".into(), choice);
        }
        ctx.item(
            "races",
            index(entry),
            "race",
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("effects", json!(effects)),
                ("grants", json!(grants)),
                ("choices", Value::Object(choices)),
            ]),
        )?;
    }
    for entry in corpus.get("Subraces") {
        let (mut properties, effects) = ability_bonus_effects(entry);
        properties.insert(
            "race".into(),
            json!(format!("races.{}", index(&entry["race"]))),
        );
        let mut grants: Vec<Value> = list(entry, "racial_traits")
            .iter()
            .map(|t| json!({ "item": format!("traits.{}", index(t)) }))
            .collect();
        grants.extend(
            list(entry, "starting_proficiencies")
                .iter()
                .map(|p| json!({ "item": format!("proficiencies.{}", index(p)) })),
        );
        let mut choices = Map::new();
        if let Some(choice) = entry
            .get("language_options")
            .and_then(|o| choice_from(o, None))
        {
            choices.insert("languages".into(), choice);
        }
        ctx.item(
            "subraces",
            index(entry),
            "subrace",
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("effects", json!(effects)),
                ("grants", json!(grants)),
                ("choices", Value::Object(choices)),
            ]),
        )?;
    }
    Ok(())
}

/// Effects the pack gives racial traits, from the SRD's numbers.
fn trait_effects(index: &str) -> Vec<Value> {
    match index {
        "darkvision" => vec![json!({ "target": "senses.darkvision", "op": "min", "value": "60" })],
        "dwarven-toughness" => {
            vec![json!({ "target": "hp.bonus_per_level", "op": "add", "value": "1" })]
        }
        _ => super::mechanics::effects(super::mechanics::TRAITS, index),
    }
}

fn traits(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    let _ = facts;
    for entry in ctx.corpus.get("Traits") {
        let specific = &entry["trait_specific"];
        let mut choices = Map::new();
        for (n, options) in list(entry, "proficiency_choices").iter().enumerate() {
            if let Some(choice) = choice_from(options, None) {
                choices.insert(format!("proficiencies_{}", n + 1), choice);
            }
        }
        if let Some(choice) = entry
            .get("language_options")
            .and_then(|o| choice_from(o, None))
        {
            choices.insert("languages".into(), choice);
        }
        for key in ["subtrait_options", "spell_options"] {
            if let Some(choice) = specific.get(key).and_then(|o| choice_from(o, None)) {
                choices.insert(word(key.trim_end_matches("_options")), choice);
            }
        }
        let breath = &specific["breath_weapon"];
        // The breath's damage by character level, read from the field `level`.
        let breath_damage = scaling(
            index(entry),
            &breath["damage"]
                .get(0)
                .map_or(Value::Null, |d| d["damage_at_character_level"].clone()),
            Over::Level("level"),
        )?;
        let properties = props([
            (
                "races",
                json!(
                    list(entry, "races")
                        .iter()
                        .map(|r| format!("races.{}", index(r)))
                        .collect::<Vec<_>>()
                ),
            ),
            (
                "subraces",
                json!(
                    list(entry, "subraces")
                        .iter()
                        .map(|r| format!("subraces.{}", index(r)))
                        .collect::<Vec<_>>()
                ),
            ),
            (
                "parent",
                json!(entry.get("parent").map(|p| format!("traits.{}", index(p)))),
            ),
            (
                "damage_type",
                json!(
                    specific
                        .get("damage_type")
                        .map(|t| format!("damage-types.{}", index(t)))
                ),
            ),
            (
                "breath_area",
                json!(text(&breath["area_of_effect"], "type").map(|t| facts.value(
                    "trait",
                    "breath_area",
                    t
                ))),
            ),
            ("breath_size", number(&breath["area_of_effect"]["size"])),
            (
                "breath_save",
                json!(
                    breath["dc"]
                        .get("dc_type")
                        .map(|t| format!("abilities.{}", index(t)))
                ),
            ),
            ("breath_damage", json!(breath_damage)),
        ]);
        let mut properties = properties;
        properties.extend(super::mechanics::weapon_rules::trait_properties(index(
            entry,
        )));
        let mut grants: Vec<Value> = list(entry, "proficiencies")
            .iter()
            .map(|p| json!({ "item": format!("proficiencies.{}", index(p)) }))
            .collect();
        grants.extend(super::mechanics::trait_grants(index(entry)));
        choices.extend(super::mechanics::trait_choices(index(entry)));
        // A racial spell offered is the race's own copy, cast with the race's ability.
        for choice in choices.values_mut() {
            if let Some(Value::Array(items)) = choice.get_mut("items") {
                for item in items.iter_mut() {
                    if let Some(racial) = item
                        .as_str()
                        .and_then(|i| super::mechanics::racial_choice(index(entry), i))
                    {
                        *item = json!(racial);
                    }
                }
            }
        }
        ctx.item(
            "traits",
            index(entry),
            "trait",
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("effects", json!(trait_effects(index(entry)))),
                ("grants", json!(grants)),
                ("choices", Value::Object(choices)),
                (
                    "resources",
                    json!(super::mechanics::trait_resources(index(entry))),
                ),
            ]),
        )?;
    }
    let spell_names: Map<String, Value> = ctx
        .corpus
        .get("Spells")
        .iter()
        .map(|s| (index(s).to_owned(), json!(name(s))))
        .collect();
    super::mechanics::write_racial_spells(ctx, &spell_names)
}

fn backgrounds_and_feats(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let corpus = ctx.corpus;
    for entry in corpus.get("Backgrounds") {
        let grants: Vec<Value> = list(entry, "starting_proficiencies")
            .iter()
            .map(|p| json!({ "item": format!("proficiencies.{}", index(p)) }))
            .collect();
        let mut choices = Map::new();
        let languages = &entry["language_options"];
        if let Some(count) = languages["choose"].as_u64() {
            // "Any language": a query over every language rather than a list.
            choices.insert(
                "languages".into(),
                json!({ "count": count, "query": { "type": "language" } }),
            );
        }
        let starting: Vec<(String, i64)> = list(entry, "starting_equipment")
            .iter()
            .filter_map(|s| {
                Some((
                    equipment_id(corpus, index(&s["equipment"]))?,
                    s["quantity"].as_i64().unwrap_or(1),
                ))
            })
            .collect();
        let gold = &entry["starting_gold"];
        let properties = props([
            (
                "starting_equipment",
                json!(starting.iter().map(|s| &s.0).collect::<Vec<_>>()),
            ),
            (
                "starting_equipment_quantity",
                json!(starting.iter().map(|s| s.1).collect::<Vec<_>>()),
            ),
            ("starting_gold", number(&gold["quantity"])),
        ]);
        for key in [
            "personality_traits",
            "ideals",
            "bonds",
            "flaws",
            "starting_equipment_options",
        ] {
            if entry.get(key).is_some() {
                ctx.notes.skip(format!(
                    "background `{key}` (tables of prose or alternatives; left out)"
                ));
            }
        }
        let local = index(entry);
        ctx.item(
            "backgrounds",
            local,
            "background",
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("grants", json!(grants)),
                ("choices", Value::Object(choices)),
            ]),
        )?;
        if let Some(feature) = text(&entry["feature"], "name") {
            ctx.out
                .text(format!("content.backgrounds.{local}.feature"), feature)?;
        }
    }
    for entry in corpus.get("Feats") {
        let prerequisite = list(entry, "prerequisites").first();
        let properties = props([
            (
                "requires_ability",
                json!(prerequisite.map(|p| format!("abilities.{}", index(&p["ability_score"])))),
            ),
            (
                "requires_minimum",
                json!(prerequisite.and_then(|p| p["minimum_score"].as_i64())),
            ),
        ]);
        ctx.item(
            "feats",
            index(entry),
            "feat",
            name(entry),
            props([("properties", Value::Object(properties))]),
        )?;
    }
    Ok(())
}
