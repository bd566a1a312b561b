//! Classes, subclasses, class levels and class features (SRD 5.1, "Classes" and
//! "Multiclassing"): the 5e-database's structure mapped onto the format's levels per class
//! (`levels("classes.fighter")`, `first("classes.fighter")`), with the mechanics the data
//! holds only as text written as data tables, one per concern ([`tables`]: hit points and
//! spellcasting by class; [`resources`]: uses and pools with their recovery; [`effects`]:
//! what a feature changes on the sheet).
//!
//! Why a module of its own: a class's rules are read together (its hit die, its first-class
//! proficiencies, its caster kind, its features' levels), and every number they give is
//! checked by the hand-worked characters (`tests/data/srd-characters/`).

mod counters;
mod effects;
mod expertise;
mod improvements;
mod resource_play;
mod resources;
mod tables;

use serde_json::{Map, Value, json};

use super::content::{Facts, name, number};
use super::{Ctx, Error, index, list, props, text, word};

use tables::CLASS_RULES;

/// Converts features, classes, class levels and subclasses.
pub fn convert(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    features(ctx, facts)?;
    expertise::items(ctx)?;
    improvements::items(ctx)?;
    classes(ctx, facts)?;
    class_levels(ctx, facts)?;
    subclasses(ctx)?;
    Ok(())
}

fn features(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    let _ = facts;
    for entry in ctx.corpus.get("Features") {
        let mut requires_level = None;
        let mut requires_spell = None;
        let mut requires_feature = None;
        for prerequisite in list(entry, "prerequisites") {
            match text(prerequisite, "type") {
                Some("level") => requires_level = prerequisite["level"].as_i64(),
                Some("spell") => {
                    requires_spell = text(prerequisite, "spell")
                        .and_then(|s| s.rsplit('/').next())
                        .map(|s| format!("spells.{s}"));
                }
                Some("feature") => {
                    requires_feature = text(prerequisite, "feature")
                        .and_then(|s| s.rsplit('/').next())
                        .map(|s| format!("features.{s}"));
                }
                _ => ctx.notes.skip("feature prerequisite of another kind"),
            }
        }
        for key in entry["feature_specific"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, _)| k)
        {
            if matches!(key.as_str(), "enemy_type_options" | "terrain_type_options") {
                ctx.notes.skip(
                    "feature choice among free-text options (favored enemy, favored terrain)",
                );
            }
        }
        let properties = props([
            (
                "class",
                json!(entry.get("class").map(|c| format!("classes.{}", index(c)))),
            ),
            (
                "subclass",
                json!(
                    entry
                        .get("subclass")
                        .map(|c| format!("subclasses.{}", index(c)))
                ),
            ),
            ("level", number(&entry["level"])),
            (
                "parent",
                json!(
                    entry
                        .get("parent")
                        .map(|c| format!("features.{}", index(c)))
                ),
            ),
            ("requires_level", json!(requires_level)),
            ("requires_spell", json!(requires_spell)),
            ("requires_feature", json!(requires_feature)),
        ]);
        let mut properties = properties;
        properties.extend(super::mechanics::feature_roll_properties(index(entry)));
        ctx.item(
            "features",
            index(entry),
            "feature",
            name(entry),
            props([
                ("properties", Value::Object(properties)),
                ("effects", {
                    let mut all = effects::feature_effects(index(entry));
                    all.extend(super::mechanics::play_effects("features", index(entry)));
                    json!(all)
                }),
                ("resources", resources::feature_resources(index(entry))),
                (
                    "rollModifiers",
                    json!(super::mechanics::feature_roll_modifiers(index(entry))),
                ),
                (
                    "choices",
                    match improvements::choice(index(entry)) {
                        Value::Null => feature_choices(index(entry)),
                        asi => asi,
                    },
                ),
                (
                    "grants",
                    json!(super::mechanics::feature_grants(index(entry))),
                ),
            ]),
        )?;
    }
    Ok(())
}

/// Every `reference` option of an option set, nested choices flattened.
pub(super) fn option_refs(options: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for option in list(&options["from"], "options") {
        match text(option, "option_type") {
            Some("reference") => {
                if let Some(url) = text(&option["item"], "url") {
                    out.push(url.to_owned());
                }
            }
            Some("choice") => out.extend(option_refs(&option["choice"])),
            _ => {}
        }
    }
    out
}

/// A content ID from an API URL (`/api/2014/proficiencies/skill-athletics`).
pub(super) fn id_from_url(url: &str) -> Option<String> {
    let parts: Vec<&str> = url.trim_start_matches('/').split('/').collect();
    let (folder, local) = match parts.as_slice() {
        [_, _, folder, local] => (*folder, *local),
        _ => return None,
    };
    let folder = match folder {
        "ability-scores" => "abilities",
        "proficiencies" | "features" | "languages" | "spells" | "traits" | "skills" => folder,
        _ => return None,
    };
    Some(format!("{folder}.{local}"))
}

pub(super) fn choice_from(options: &Value, when: Option<String>) -> Option<Value> {
    let items: Vec<String> = option_refs(options)
        .iter()
        .filter_map(|u| id_from_url(u))
        .collect();
    if items.is_empty() {
        return None;
    }
    let count = options["choose"].as_u64().unwrap_or(1);
    let mut choice = Map::new();
    if count != 1 {
        choice.insert("count".into(), json!(count));
    }
    choice.insert("items".into(), json!(items));
    if let Some(when) = when {
        choice.insert("when".into(), json!(when));
    }
    Some(Value::Object(choice))
}

fn classes(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    let _ = facts;
    let corpus = ctx.corpus;
    for entry in corpus.get("Classes") {
        let local = index(entry);
        let first = effects::first(local);
        let level_of = effects::levels(local);
        let multiclass = &entry["multi_classing"];
        // "Multiclassing, Proficiencies": a class taken later gives only the proficiencies of
        // its multiclass list; saving throws and the rest come with the first class alone.
        let later: Vec<&str> = list(multiclass, "proficiencies")
            .iter()
            .map(index)
            .collect();
        let mut grants: Vec<Value> = list(entry, "proficiencies")
            .iter()
            .map(|p| {
                let item = format!("proficiencies.{}", index(p));
                if later.contains(&index(p)) {
                    json!({ "item": item })
                } else {
                    json!({ "item": item, "when": first })
                }
            })
            .collect();
        let mut choices = Map::new();
        for (n, options) in list(entry, "proficiency_choices").iter().enumerate() {
            let Some(mut choice) = choice_from(options, Some(first.clone())) else {
                continue;
            };
            let all_skills = choice["items"].as_array().is_some_and(|items| {
                items.iter().all(|i| {
                    i.as_str()
                        .is_some_and(|s| s.starts_with("proficiencies.skill-"))
                })
            });
            let key = if all_skills && !choices.contains_key("skills") {
                // A later bard, ranger or rogue picks one skill of the same list.
                if !list(multiclass, "proficiency_choices").is_empty() {
                    let mut one = choice.clone();
                    if let Some(one) = one.as_object_mut() {
                        one.remove("count");
                        one.insert("when".into(), json!(format!("not({first})")));
                    }
                    choices.insert("multiclass_skill".into(), one);
                }
                "skills".to_owned()
            } else {
                format!("proficiencies_{}", n + 1)
            };
            if let Some(c) = choice.as_object_mut() {
                c.insert("when".into(), json!(first));
            }
            choices.insert(key, choice);
        }
        for feature in corpus.get("Features") {
            if index(&feature["class"]) != local || feature.get("subclass").is_some() {
                continue;
            }
            let level = feature["level"].as_i64().unwrap_or(1);
            let when = format!("{level_of} >= {level}");
            if feature.get("parent").is_none() {
                grants
                    .push(json!({ "item": format!("features.{}", index(feature)), "when": when }));
            }
            for (key, options) in feature["feature_specific"]
                .as_object()
                .into_iter()
                .flatten()
            {
                if !matches!(key.as_str(), "subfeature_options" | "expertise_options") {
                    continue;
                }
                if let Some(choice) = expertise::choice(index(feature), key, options, &when)
                    .or_else(|| choice_from(options, Some(when.clone())))
                {
                    choices.insert(word(index(feature)), choice);
                }
            }
            if let Some(invocations) = feature["feature_specific"]["invocations"].as_array() {
                let items: Vec<String> = invocations
                    .iter()
                    .map(|i| format!("features.{}", index(i)))
                    .collect();
                // "Invocations Known" (warlock table): one choice per step of the column,
                // `eldritch_invocations` for the first two, then `_2`, `_3` … one more each.
                let steps = counters::counters(corpus, local)
                    .into_iter()
                    .find(|c| c.word == "invocations_known")
                    .map(|c| c.steps)
                    .unwrap_or_default();
                let mut before = 0;
                let steps: Vec<&(i64, String)> =
                    steps.iter().filter(|(_, c)| c.as_str() != "0").collect();
                for (n, (step_level, count)) in steps.iter().enumerate() {
                    let count: i64 = count.parse().unwrap_or(0);
                    let key = if n == 0 {
                        "eldritch_invocations".to_owned()
                    } else {
                        format!("eldritch_invocations_{}", n + 1)
                    };
                    let mut choice = json!({
                        "items": items, "when": format!("{level_of} >= {step_level}")
                    });
                    if count - before != 1 {
                        choice["count"] = json!(count - before);
                    }
                    choices.insert(key, choice);
                    before = count;
                }
            }
        }
        let mut cantrips = Vec::new();
        let mut known = Vec::new();
        for level in corpus.get("Levels") {
            if index(&level["class"]) == local
                && level.get("subclass").is_none()
                && let Some(n) = level["level"].as_i64()
            {
                grants.push(json!({
                    "item": format!("class-levels.{}", index(level)),
                    "when": format!("{level_of} == {n}")
                }));
                let casting = &level["spellcasting"];
                if let Some(c) = casting["cantrips_known"].as_i64() {
                    cantrips.push((n, c));
                }
                // The warlock's and the casters' "Spells Known" columns; prepared casters have
                // none (the data's prepared classes leave it out).
                if let Some(k) = casting["spells_known"].as_i64() {
                    known.push((n, k));
                }
            }
        }
        cantrips.sort_unstable();
        known.sort_unstable();
        let hit_die = entry["hit_die"].as_i64().unwrap_or(8);
        let mut effects = effects::class_effects(local, hit_die, &cantrips, &known);
        for counter in counters::counters(corpus, local) {
            effects.push(json!({
                "target": format!("{local}.{}", counter.word), "op": "set",
                "value": counters::lookup(&counter, &level_of),
            }));
        }
        let spellcasting = &entry["spellcasting"];
        let casting_ability = spellcasting.get("spellcasting_ability").map(index);
        let prerequisites: Vec<&Value> = list(multiclass, "prerequisites")
            .iter()
            .chain(list(&multiclass["prerequisite_options"]["from"], "options"))
            .collect();
        let multiclass_abilities: Vec<String> = prerequisites
            .iter()
            .map(|p| format!("abilities.{}", index(&p["ability_score"])))
            .collect();
        let multiclass_minimum = prerequisites
            .first()
            .and_then(|p| p["minimum_score"].as_i64());
        let starting: Vec<(String, i64)> = list(entry, "starting_equipment")
            .iter()
            .filter_map(|s| {
                Some((
                    equipment_id(corpus, index(&s["equipment"]))?,
                    s["quantity"].as_i64().unwrap_or(1),
                ))
            })
            .collect();
        if !list(entry, "starting_equipment_options").is_empty() {
            ctx.notes
                .skip("class starting-equipment options (alternatives; left out)");
        }
        let properties = props([
            ("hit_die", number(&entry["hit_die"])),
            (
                "saving_throws",
                json!(
                    list(entry, "saving_throws")
                        .iter()
                        .map(|s| format!("abilities.{}", index(s)))
                        .collect::<Vec<_>>()
                ),
            ),
            (
                "spellcasting_ability",
                json!(casting_ability.map(|a| format!("abilities.{a}"))),
            ),
            ("spellcasting_level", number(&spellcasting["level"])),
            (
                "subclasses",
                json!(
                    list(entry, "subclasses")
                        .iter()
                        .map(|s| format!("subclasses.{}", index(s)))
                        .collect::<Vec<_>>()
                ),
            ),
            ("multiclass_abilities", json!(multiclass_abilities)),
            ("multiclass_minimum", json!(multiclass_minimum)),
            (
                "multiclass_any",
                json!(multiclass.get("prerequisite_options").map(|_| true)),
            ),
            (
                "starting_equipment",
                json!(starting.iter().map(|s| &s.0).collect::<Vec<_>>()),
            ),
            (
                "starting_equipment_quantity",
                json!(starting.iter().map(|s| s.1).collect::<Vec<_>>()),
            ),
        ]);
        ctx.item(
            "classes",
            local,
            "class",
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

pub(super) fn equipment_id(corpus: &super::Corpus, local: &str) -> Option<String> {
    corpus
        .get("Equipment")
        .iter()
        .find(|e| index(e) == local)
        .map(|e| {
            let folder = match index(&e["equipment_category"]) {
                "weapon" => "weapons",
                "armor" => "armor",
                "tools" => "tools",
                "mounts-and-vehicles" => "mounts",
                _ => "gear",
            };
            format!("{folder}.{local}")
        })
}

fn class_levels(ctx: &mut Ctx<'_>, facts: &mut Facts) -> Result<(), Error> {
    for entry in ctx.corpus.get("Levels") {
        let subclass = entry
            .get("subclass")
            .map(|s| format!("subclasses.{}", index(s)));
        let mut properties = props([
            (
                "class",
                json!(format!("classes.{}", index(&entry["class"]))),
            ),
            ("subclass", json!(subclass)),
            ("level", number(&entry["level"])),
            ("prof_bonus", number(&entry["prof_bonus"])),
            (
                "ability_score_bonuses",
                number(&entry["ability_score_bonuses"]),
            ),
            (
                "features",
                json!(
                    list(entry, "features")
                        .iter()
                        .map(|f| format!("features.{}", index(f)))
                        .collect::<Vec<_>>()
                ),
            ),
        ]);
        for (key, value) in entry["spellcasting"].as_object().into_iter().flatten() {
            let (property, target) = if let Some(slot) = key.strip_prefix("spell_slots_level_") {
                (
                    format!("slots_{slot}"),
                    format!("spellcasting.slots.level{slot}"),
                )
            } else {
                (key.clone(), format!("spellcasting.{key}"))
            };
            // The numbers stay as the level's properties; the class computes its slots, cantrips
            // and spells known from its own level (`tables`, `effects::class_effects`).
            let _ = target;
            properties.insert(property, value.clone());
        }
        for (key, value) in entry["class_specific"].as_object().into_iter().flatten() {
            let property = word(key);
            match value {
                Value::Number(_) | Value::Bool(_) => {
                    let kind = if value.is_boolean() {
                        "boolean"
                    } else {
                        "number"
                    };
                    facts.class_counters.entry(property.clone()).or_insert(kind);
                    properties.insert(property, value.clone());
                }
                Value::Object(dice) if dice.contains_key("dice_count") => {
                    facts.class_counters.insert(property.clone(), "dice");
                    properties.insert(
                        property,
                        json!(format!("{}d{}", dice["dice_count"], dice["dice_value"])),
                    );
                }
                _ => ctx.notes.skip(format!(
                    "class level counter `{key}` (a table, not a number)"
                )),
            }
        }
        for (key, value) in entry["subclass_specific"].as_object().into_iter().flatten() {
            if value.is_number() {
                let property = word(key);
                facts
                    .class_counters
                    .entry(property.clone())
                    .or_insert("number");
                properties.insert(property, value.clone());
            }
        }
        let label = match &subclass {
            Some(_) => format!("{} {}", name(&entry["subclass"]), entry["level"]),
            None => format!("{} {}", name(&entry["class"]), entry["level"]),
        };
        ctx.item(
            "class-levels",
            index(entry),
            "class_level",
            &label,
            props([("properties", Value::Object(properties))]),
        )?;
    }
    Ok(())
}

fn subclasses(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let corpus = ctx.corpus;
    for entry in corpus.get("Subclasses") {
        let local = index(entry);
        let level_of = effects::levels(index(&entry["class"]));
        let mut grants = Vec::new();
        let mut choices = Map::new();
        for feature in corpus.get("Features") {
            if feature.get("subclass").map(index) != Some(local) || feature.get("parent").is_some()
            {
                continue;
            }
            let level = feature["level"].as_i64().unwrap_or(1);
            let when = format!("{level_of} >= {level}");
            grants.push(json!({ "item": format!("features.{}", index(feature)), "when": when }));
            // A subclass feature's options (the Hunter's Prey, Defensive Tactics …): a choice
            // of the subclass, from the feature's level.
            if let Some(options) = feature["feature_specific"].get("subfeature_options")
                && let Some(choice) = choice_from(options, Some(when.clone()))
            {
                choices.insert(word(index(feature)), choice);
            }
        }
        for level in corpus.get("Levels") {
            if level.get("subclass").map(index) == Some(local)
                && let Some(n) = level["level"].as_i64()
            {
                grants.push(json!({ "item": format!("class-levels.{}", index(level)), "when": format!("{level_of} == {n}") }));
            }
        }
        for spell in list(entry, "spells") {
            let level = list(spell, "prerequisites")
                .iter()
                .filter_map(|p| text(p, "index"))
                .filter_map(|i| i.rsplit('-').next()?.parse::<i64>().ok())
                .min()
                .unwrap_or(1);
            grants.push(json!({ "item": format!("spells.{}", index(&spell["spell"])), "when": format!("{level_of} >= {level}") }));
        }
        ctx.item(
            "subclasses",
            local,
            "subclass",
            name(entry),
            props([
                (
                    "properties",
                    json!({ "class": format!("classes.{}", index(&entry["class"])) }),
                ),
                ("grants", json!(grants)),
                ("choices", Value::Object(choices)),
            ]),
        )?;
    }
    Ok(())
}

/// Writes `rules/classes.yaml`: the character level as the total of the class levels (a
/// character without a class keeps its saved `level`), the multiclass caster level and the
/// spell slots it gives ("Multiclass Spellcaster" table; a single class's own table is the
/// same rows, `effects::class_effects`), each casting class's own save DC, attack bonus,
/// cantrips, spells known and prepared, and Pact Magic's slots; each with its English label.
pub fn write_rules(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut fields = Map::new();
    let mut labels: Vec<(String, String)> = Vec::new();
    let mut number = |field: String, text: String| {
        fields.insert(field.clone(), json!({ "type": "number", "default": 0 }));
        labels.push((field, text));
    };
    number(
        "paladin.aura_of_protection".into(),
        "Paladin: Aura of Protection bonus to saves".into(),
    );
    number(
        "spellcasting.level".into(),
        "Spellcaster level (multiclass)".into(),
    );
    number(
        "spellcasting.classes".into(),
        "Classes with Spellcasting".into(),
    );
    number("spellcasting.pact.slots".into(), "Pact Magic slots".into());
    number(
        "spellcasting.pact.level".into(),
        "Pact Magic slot level".into(),
    );
    let mut shown = vec![
        "paladin.aura_of_protection".to_owned(),
        "spellcasting.level".to_owned(),
        "spellcasting.pact.slots".to_owned(),
        "spellcasting.pact.level".to_owned(),
    ];
    // The spell-roll features' bonuses (`mechanics::roll_modifiers`).
    for (field, label) in super::mechanics::ROLL_MODIFIER_FIELDS {
        number(field.to_owned(), label.to_owned());
        shown.push(field.to_owned());
    }
    for rule in CLASS_RULES.iter().filter(|r| r.ability.is_some()) {
        let class = rule.class;
        let name = sentence_case(class);
        for (part, text) in [
            ("save_dc", "spell save DC"),
            ("attack", "spell attack bonus"),
            ("cantrips_known", "cantrips known"),
            ("spells_known", "spells known"),
            ("spells_prepared", "spells prepared"),
        ] {
            let field = format!("spellcasting.{class}.{part}");
            shown.push(field.clone());
            number(field, format!("{name} {text}"));
        }
    }
    // Each class table's own columns (`counters`), shown in the class's group.
    let mut column_fields = Map::new();
    for class in ctx.corpus.get("Classes") {
        let class = index(class);
        for counter in counters::counters(ctx.corpus, class) {
            let field = format!("{class}.{}", counter.word);
            let def = if counter.dice {
                json!({ "type": "dice" })
            } else {
                json!({ "type": "number", "default": 0 })
            };
            column_fields.insert(field.clone(), def);
            labels.push((
                field.clone(),
                format!(
                    "{}: {}",
                    sentence_case(class),
                    counter.word.replace('_', " ")
                ),
            ));
            shown.push(field);
        }
    }
    fields.extend(column_fields);
    let mut effects = Map::new();
    effects.insert(
        "level_from_classes".into(),
        json!({
            "target": "level", "op": "set", "value": "levels(\"class\")",
            "when": "levels(\"class\") > 0",
        }),
    );
    labels.push((
        "effect.level_from_classes".into(),
        "Character level: the total of the class levels".into(),
    ));
    for slot in 1..=9 {
        let id = format!("slots_level{slot}_by_caster_level");
        effects.insert(
            id.clone(),
            json!({
                "target": format!("spellcasting.slots.level{slot}"), "op": "set",
                "value": tables::slot_lookup("spellcasting.level", slot),
                "when": "spellcasting.level > 0",
            }),
        );
        labels.push((
            format!("effect.{id}"),
            format!("Level {slot} slots by caster level"),
        ));
    }
    for (key, text) in labels {
        let key = if key.starts_with("effect.") {
            format!("{key}.label")
        } else {
            format!("field.{key}.label")
        };
        ctx.out.text(key, &text)?;
    }
    ctx.out
        .text("hint.classes.label", "Classes and spellcasting")?;
    ctx.out.file(
        "rules/classes.yaml",
        json!({
            "fields": fields,
            "effects": effects,
            "displayHints": { "classes": { "fields": shown, "order": 8 } },
        }),
    )
}

fn sentence_case(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

/// Choices class features ask that the data leaves to the text: the College of Lore's Bonus
/// Proficiencies (three skills of your choice, bard 3).
fn feature_choices(local: &str) -> Value {
    match local {
        "bonus-proficiencies" => {
            let skills: Vec<String> = expertise::SKILLS
                .iter()
                .map(|s| format!("proficiencies.skill-{s}"))
                .collect();
            json!({ "skills": { "count": 3, "items": skills } })
        }
        _ => Value::Null,
    }
}
