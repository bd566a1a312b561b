//! Step 2: what the character owns: listed items with their templates, picks of offered
//! choices and grants, transitively; each owned item's content type and declared property types.

use opencharacter_spec::diagnostic::Kind;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use indexmap::IndexMap;
use opencharacter_formula::Value;
use opencharacter_resolve::NameKind;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::{FieldId, PackId, QualifiedContentId, QualifiedFieldId, Reference};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::{ContentItem, ContentTypeDef, Effect, GrantedAnswers, ValueType};

use super::formulas::holds;
use super::sheet::Origin;
use super::{EvaluateOptions, Pass};
use crate::engine::{Engine, Env};
use crate::holdings::Holdings;

/// An owned item during evaluation.
pub(crate) struct Owned<'a> {
    pub(crate) id: QualifiedContentId,
    pub(crate) item: Cow<'a, ContentItem>,
    /// The pack whose names its formulas read.
    pub(crate) ctx: PackId,
    pub(crate) quantity: u32,
    pub(crate) slot: Option<QualifiedFieldId>,
    pub(crate) origin: Origin,
    pub(crate) templates: Vec<QualifiedContentId>,
    /// Effects that came with templates, with the template.
    pub(crate) template_effects: Vec<(QualifiedContentId, Effect)>,
    pub(crate) hidden: bool,
    /// Listed without filling a slot its type could fill: carried, not in use. Its effects
    /// and grants wait until it fills one.
    pub(crate) carried: bool,
    pub(crate) pointer: Option<String>,
    /// Its content type, qualified, when it has one that is declared.
    pub(crate) content_type: Option<QualifiedFieldId>,
    /// The levels it holds, for an item of a type that declares `levels` (`classes.rs`).
    pub(crate) levels: Option<i64>,
    /// For a variant applied to a base: the base (the copy is the base with the variant over it).
    pub(crate) base: Option<QualifiedContentId>,
    /// A variant's own effects, read in its pack (the listed item's).
    pub(crate) variant_effects: Vec<Effect>,
    /// The file's answers to this item's choices and those of what it brings.
    pub(crate) answers: Answers<'a>,
    /// Its content type's declaration, for the defaults of properties it does not set.
    pub(crate) type_def: Option<&'a ContentTypeDef>,
}

/// Where a character file answers an owned item's choices: a listed entry's own `choices` and
/// `granted`, or a [`GrantedAnswers`] node under the entry that brought the item.
#[derive(Clone, Default)]
pub(crate) struct Answers<'a> {
    pub(crate) choices: Option<&'a IndexMap<FieldId, Vec<QualifiedContentId>>>,
    pub(crate) granted: Option<&'a IndexMap<QualifiedContentId, GrantedAnswers>>,
    /// The JSON pointer of the node (`/content/0`, `/content/0/granted/<id>`).
    pub(crate) at: Option<Rc<str>>,
}

impl<'a> Answers<'a> {
    /// The node for `id`, brought by the item these answers are for (none when the file
    /// answers nothing for it).
    fn brought(&self, id: &QualifiedContentId) -> Answers<'a> {
        match (self.granted.and_then(|g| g.get(id)), &self.at) {
            (Some(node), Some(at)) => Answers {
                choices: Some(&node.choices),
                granted: Some(&node.granted),
                at: Some(Rc::from(granted_pointer(at, id))),
            },
            _ => Answers::default(),
        }
    }
}

/// The pointer of the answers for `id` under the node at `at`.
pub(crate) fn granted_pointer(at: &str, id: &QualifiedContentId) -> String {
    format!("{at}/granted/{}", escape_segment(&id.to_string()))
}

/// The content item with this ID, from the ruleset or the character's homebrew.
pub(crate) fn lookup<'a>(
    engine: &Engine<'a>,
    id: &QualifiedContentId,
) -> Option<(&'a ContentItem, bool)> {
    if id.pack.is_homebrew() {
        return engine
            .character
            .homebrew
            .content
            .get(&id.local)
            .map(|i| (i, false));
    }
    engine
        .ruleset
        .content
        .get(id)
        .map(|c| (&c.item, c.hidden()))
}

/// Step 2: what the character owns, given the field values of the previous pass.
pub(crate) fn collect_owned<'a>(
    engine: &Engine<'a>,
    values: &HashMap<QualifiedFieldId, Value>,
    options: &EvaluateOptions,
    pass: &mut Pass<'a>,
) -> Vec<Owned<'a>> {
    let character = engine.character;
    let mut owned: Vec<Owned<'a>> = Vec::new();
    let mut seen: HashSet<QualifiedContentId> = HashSet::new();
    // The content types some link slot takes: an item of one of them is in use only in a slot.
    let slottable: HashSet<QualifiedFieldId> = engine
        .ruleset
        .link_slots
        .iter()
        .flat_map(|(slot, def)| {
            def.types
                .iter()
                .filter_map(|t| engine.resolve_kind(&slot.pack, t, NameKind::ContentType))
        })
        .collect();
    for (index, listed) in character.content.iter().enumerate() {
        let Some((item, hidden)) = lookup(engine, &listed.id) else {
            continue; // check_character reports it.
        };
        let applied = super::variants::apply(engine, listed, index, item, pass);
        let mut item = applied.item;
        let mut template_effects = Vec::new();
        for template_id in &listed.templates {
            apply_template(
                engine,
                template_id,
                &listed.id,
                index,
                &mut item,
                &mut template_effects,
                pass,
            );
        }
        seen.insert(listed.id.clone());
        // The copy of a variant is the base's: its type and formulas are read in its pack.
        let ctx = applied.base.as_ref().unwrap_or(&listed.id).pack.clone();
        let carried = applied.waiting
            || listed.slot.is_none()
                && item_type(engine, &ctx, item.content_type.as_ref())
                    .is_some_and(|t| slottable.contains(&t));
        owned.push(Owned {
            id: listed.id.clone(),
            item,
            ctx,
            quantity: listed.quantity,
            slot: listed.slot.clone(),
            origin: Origin::Listed { index },
            templates: listed.templates.clone(),
            template_effects,
            hidden,
            carried,
            pointer: Some(format!("/content/{index}")),
            content_type: None,
            levels: None,
            base: applied.base,
            variant_effects: applied.effects,
            answers: Answers {
                choices: Some(&listed.choices),
                granted: Some(&listed.granted),
                at: Some(Rc::from(format!("/content/{index}"))),
            },
            type_def: None,
        });
        if let Some(last) = owned.last_mut() {
            super::classes::annotate(engine, last, listed.level, &mut pass.diagnostics);
        }
        set_type_def(engine, owned.last_mut());
    }
    // A stat block owns the items its `owns` properties list (a monster's actions).
    super::stat_block::own_listed(engine, &mut owned, &mut seen);
    // The counts so far, for conditions that ask what is owned; grants are added as found.
    let no_owned = Holdings::default();
    let env_values = values;

    // Picks of offered character-level choices.
    for (choice_id, picks) in &character.choices {
        let Some(choice) = engine.ruleset.choices.get(choice_id) else {
            continue;
        };
        let env = Env {
            engine,
            ctx: &choice_id.pack,
            values: env_values,
            owned: &no_owned,
            extra: None,
        };
        if !holds(&env, engine, choice.when.as_ref()) {
            continue;
        }
        for (i, pick) in picks.iter().enumerate() {
            let pointer = format!("/choices/{}/{i}", escape_segment(&choice_id.to_string()));
            push_new(
                engine,
                &mut owned,
                &mut seen,
                pick,
                Origin::Picked {
                    choice: choice_id.to_string(),
                },
                Some(pointer),
                Answers::default(),
            );
        }
    }

    // Grants and item choices, breadth first over what is owned.
    let mut next = 0;
    // What is owned so far, kept up to date as items are added.
    let mut running = Holdings::default();
    let mut counted = 0;
    while next < owned.len() {
        if owned.len() > options.max_owned {
            pass.diagnostics.push(
                Diagnostic::new(&codes::SHEET_LIMIT)
                    .with_arg("what", "owned content items")
                    .with_arg("limit", options.max_owned),
            );
            owned.truncate(options.max_owned);
            break;
        }
        for o in &owned[counted..] {
            running.push(o);
        }
        counted = owned.len();
        let counts = &running;
        let (ctx, id, grants, item_choices, answers) = {
            let o = &owned[next];
            // A carried item grants nothing until it fills a slot.
            let grants: Vec<_> = if o.carried {
                Vec::new()
            } else {
                o.item.grants.iter().flatten().cloned().collect()
            };
            (
                o.ctx.clone(),
                o.id.clone(),
                grants,
                o.item.choices.clone(),
                o.answers.clone(),
            )
        };
        next += 1;
        let env = Env {
            engine,
            ctx: &ctx,
            values: env_values,
            owned: counts,
            extra: None,
        };
        for grant in &grants {
            if !holds(&env, engine, grant.when.as_ref()) {
                continue;
            }
            match engine.resolve_content(&ctx, &grant.item) {
                Some(granted) => {
                    let brought = answers.brought(&granted);
                    push_new(
                        engine,
                        &mut owned,
                        &mut seen,
                        &granted,
                        Origin::Granted { by: id.clone() },
                        None,
                        brought,
                    );
                }
                None => pass.diagnostics.push(
                    Diagnostic::new(&codes::SHEET_REFERENCE_UNKNOWN)
                        .with_arg("name", &grant.item)
                        .with_kind(Kind::GrantedContent)
                        .with_pack(ctx.clone()),
                ),
            }
        }
        // The file answers a listed item's choices on its entry, and a brought item's on the
        // node for it under the entry that brought it (`granted`).
        let (Some(at), Some(answered), Some(item_choices)) =
            (answers.at.clone(), answers.choices, item_choices)
        else {
            continue;
        };
        for (choice_id, choice) in &item_choices {
            let Some(picks) = answered.get(choice_id) else {
                continue;
            };
            if !holds(&env, engine, choice.when.as_ref()) {
                continue;
            }
            for (i, pick) in picks.iter().enumerate() {
                let pointer = format!("{at}/choices/{}/{i}", escape_segment(choice_id.as_str()));
                let brought = answers.brought(pick);
                push_new(
                    engine,
                    &mut owned,
                    &mut seen,
                    pick,
                    Origin::Picked {
                        choice: format!("{id}/{choice_id}"),
                    },
                    Some(pointer),
                    brought,
                );
            }
        }
    }
    owned
}

/// Adds granted or picked content, once: what the character already owns adds nothing.
#[allow(
    clippy::too_many_arguments,
    reason = "one call site per way content is brought"
)]
pub(crate) fn push_new<'a>(
    engine: &Engine<'a>,
    owned: &mut Vec<Owned<'a>>,
    seen: &mut HashSet<QualifiedContentId>,
    id: &QualifiedContentId,
    origin: Origin,
    pointer: Option<String>,
    answers: Answers<'a>,
) {
    if seen.contains(id) {
        return;
    }
    let Some((item, hidden)) = lookup(engine, id) else {
        return;
    };
    seen.insert(id.clone());
    owned.push(Owned {
        id: id.clone(),
        item: Cow::Borrowed(item),
        ctx: id.pack.clone(),
        quantity: 1,
        slot: None,
        origin,
        templates: Vec::new(),
        template_effects: Vec::new(),
        hidden,
        carried: false,
        pointer,
        content_type: None,
        levels: None,
        base: None,
        variant_effects: Vec::new(),
        answers,
        type_def: None,
    });
    if let Some(last) = owned.last_mut() {
        super::classes::annotate(engine, last, None, &mut Diagnostics::default());
    }
    set_type_def(engine, owned.last_mut());
}

/// Records an owned item's type declaration, for what reads its defaults without the engine.
fn set_type_def<'a>(engine: &Engine<'a>, owned: Option<&mut Owned<'a>>) {
    if let Some(owned) = owned {
        owned.type_def = item_type_def(engine, owned).map(|(_, def)| def);
    }
}

/// An item's content type, qualified (a local type resolves from the item's pack).
pub(crate) fn item_type(
    engine: &Engine<'_>,
    ctx: &PackId,
    content_type: Option<&Reference<FieldId>>,
) -> Option<QualifiedFieldId> {
    match content_type? {
        Reference::Qualified(q) => Some(q.clone()),
        local => engine.resolve_kind(ctx, local, NameKind::ContentType),
    }
}

/// Applies a template to the character's copy of an item: properties replace, tags, effects
/// and grants are added. The pack's item is never changed.
pub(crate) fn apply_template<'a>(
    engine: &Engine<'a>,
    template_id: &QualifiedContentId,
    item_id: &QualifiedContentId,
    index: usize,
    item: &mut Cow<'a, ContentItem>,
    template_effects: &mut Vec<(QualifiedContentId, Effect)>,
    pass: &mut Pass<'a>,
) {
    let template = if template_id.pack.is_homebrew() {
        engine.character.homebrew.templates.get(&template_id.local)
    } else {
        engine.ruleset.templates.get(template_id)
    };
    let Some(template) = template else { return }; // check_character reports it.
    if !template.applies_to.is_empty() {
        let ctx = &template_id.pack;
        let item_type = item.content_type.as_ref().and_then(|t| match t {
            Reference::Qualified(q) => Some(q.clone()),
            Reference::Local(_) => engine.resolve_kind(&item_id.pack, t, NameKind::ContentType),
        });
        let fits = template.applies_to.iter().any(|wanted| {
            let wanted = engine.resolve_kind(ctx, wanted, NameKind::ContentType);
            wanted.is_some() && wanted == item_type
                || homebrew_type(wanted.as_ref(), item.content_type.as_ref())
        });
        if !fits {
            pass.diagnostics.push(
                Diagnostic::new(&codes::TEMPLATE_NOT_APPLICABLE)
                    .with_arg("template", template_id)
                    .with_arg("id", item_id)
                    .with_pointer(format!("/content/{index}/templates")),
            );
            return;
        }
    }
    let copy = item.to_mut();
    for (key, value) in &template.properties {
        copy.properties.insert(key.clone(), value.clone());
    }
    if !template.add_tags.is_empty() {
        let tags = copy.tags.get_or_insert_with(Vec::new);
        for tag in &template.add_tags {
            if !tags.contains(tag) {
                tags.push(tag.clone());
            }
        }
    }
    if !template.grants.is_empty() {
        copy.grants
            .get_or_insert_with(Vec::new)
            .extend(template.grants.iter().cloned());
    }
    for effect in &template.effects {
        template_effects.push((template_id.clone(), effect.clone()));
    }
}

/// A homebrew content type matches itself by qualified reference.
pub(crate) fn homebrew_type(
    wanted: Option<&QualifiedFieldId>,
    item_type: Option<&Reference<FieldId>>,
) -> bool {
    matches!((wanted, item_type), (Some(w), Some(Reference::Qualified(t))) if w == t)
}

/// An owned item's content type and its declaration (a pack's or the character's homebrew).
pub(crate) fn item_type_def<'a>(
    engine: &Engine<'a>,
    item: &Owned<'_>,
) -> Option<(QualifiedFieldId, &'a ContentTypeDef)> {
    let type_id = match &item.item.content_type {
        Some(Reference::Qualified(q)) => q.clone(),
        Some(local) => engine.resolve_kind(&item.ctx, local, NameKind::ContentType)?,
        None => return None,
    };
    let def = if type_id.pack.is_homebrew() {
        engine.character.homebrew.content_types.get(&type_id.local)
    } else {
        engine.ruleset.content_types.get(&type_id)
    }?;
    Some((type_id, def))
}

/// The declared type of each property of an owned item's content type.
pub(crate) fn item_property_types(
    engine: &Engine<'_>,
    item: &Owned<'_>,
) -> HashMap<FieldId, ValueType> {
    let def = item_type_def(engine, item).map(|(_, def)| def);
    def.map(|d| {
        d.properties
            .iter()
            .map(|(k, p)| (k.clone(), p.value_type))
            .collect()
    })
    .unwrap_or_default()
}
