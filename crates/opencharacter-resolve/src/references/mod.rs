//! The reference checks of one pack against a loaded ruleset: every name the pack writes that
//! must name something, resolved as [`Resolver`] resolves it (the pack, then its direct
//! dependencies in declaration order; a match in several is ambiguous).
//!
//! [`load_ruleset`](crate::load_ruleset) already resolves what it needs to combine packs (each
//! item's `type` and `extends`, overrides' targets, `hides`); this module checks the rest:
//! link-slot and property types, filters' `startFrom`, situational choices' targets and
//! exclusions, the resolution's and actions' result-band sets, actions' situational choices,
//! effect targets, choice item lists and query types, display-hint fields and groups, the
//! market's goods, places and stock tables, loot entries' items, filters and coins, content
//! items' grants, choices, effects, prices and `content` properties, templates' types, effects,
//! grants and prices, content types' rolls and stat blocks (`content_types`: band sets,
//! situational choices, effect targets, parameter names, and the `item.<property>` and parameter
//! names their formulas and their items' may read), and every name a formula reads. Layers are
//! checked by the layers crate.
//!
//! Every diagnostic has the pack and a JSON pointer into the pack's release.

use opencharacter_formula::parse;
use opencharacter_spec::diagnostic::Kind;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::{ContentId, FieldId, PackId, Qualified, QualifiedFieldId, Reference};
use opencharacter_spec::model::formulas::{FormulaSite, escape_segment, release_formulas};
use opencharacter_spec::model::rules::ValueType;
use opencharacter_spec::model::{
    Choice, ContentItem, ContentTypeDef, Effect, EffectOp, GoodsFilter, Grant, LootTable,
    PackRelease, Price, Ruleset,
};

use crate::load::reference_diagnostic;
use crate::resolver::{NameKind, ResolveError, Resolver};

mod content_types;

use content_types::Scope;

/// Every reference of `release` that does not resolve in `ruleset` (which must hold the
/// release's pack and its dependencies): `unresolved-reference` or `ambiguous-reference`,
/// pointers from the release's root.
///
/// ```
/// use opencharacter_resolve::{LoadOptions, load_ruleset, references::check_references};
/// use opencharacter_spec::model::PackRelease;
///
/// let release: PackRelease = serde_json::from_value(serde_json::json!({
///     "manifest": {"id": "demo", "version": "0.1.0", "specVersion": "1.0.0",
///                  "license": "CC0-1.0", "defaultLanguage": "en"},
///     "rules": {
///         "fields": {"grit": {"type": "number"}},
///         "effects": {"steady": {"target": "nerve", "op": "add", "value": "grit + luck"}}
///     },
///     "content": {}, "i18n": {"_meta": {"language": "en", "direction": "ltr"}}, "formulas": {}
/// })).unwrap();
/// let (ruleset, _) = load_ruleset([&release], &LoadOptions::default());
/// let found: Vec<_> = check_references(&release, &ruleset)
///     .iter()
///     .map(|d| (d.code.name, d.location.pointer.clone().unwrap_or_default()))
///     .collect();
/// assert_eq!(found, [
///     ("unresolved-reference", "/rules/effects/steady/target".to_owned()),
///     ("unresolved-reference", "/rules/effects/steady/value".to_owned()),
/// ]);
/// ```
pub fn check_references(release: &PackRelease, ruleset: &Ruleset) -> Diagnostics {
    let mut checker = Checker {
        pack: &release.manifest.id,
        ruleset,
        resolver: Resolver::new(ruleset),
        out: Vec::new(),
    };
    checker.rules(release);
    for (id, item) in &release.content {
        checker.content(&format!("/content/{}", escape_segment(id.as_str())), item);
    }
    for (id, template) in &release.templates {
        let at = format!("/templates/{}", escape_segment(id.as_str()));
        for (index, reference) in template.applies_to.iter().enumerate() {
            checker.kind(
                reference,
                NameKind::ContentType,
                format!("{at}/appliesTo/{index}"),
            );
        }
        checker.effects(&format!("{at}/effects"), &template.effects);
        checker.grants(&format!("{at}/grants"), &template.grants);
        if let Some(price) = &template.add_price {
            checker.price(&format!("{at}/addPrice"), price);
        }
    }
    checker.content_types(release);
    checker.formulas(release);
    checker.out
}

struct Checker<'r> {
    pack: &'r PackId,
    ruleset: &'r Ruleset,
    resolver: Resolver<'r>,
    out: Diagnostics,
}

fn local(id: &FieldId) -> Reference<FieldId> {
    Reference::Local(id.clone())
}

impl<'r> Checker<'r> {
    fn report<L: std::fmt::Display>(
        &mut self,
        reference: &impl std::fmt::Display,
        kind: Kind,
        error: &ResolveError<L>,
        pointer: String,
    ) {
        self.out.push(reference_diagnostic(
            self.pack, reference, kind, error, pointer,
        ));
    }

    fn kind(
        &mut self,
        reference: &Reference<FieldId>,
        kind: NameKind,
        pointer: String,
    ) -> Option<QualifiedFieldId> {
        match self.resolver.resolve_kind(self.pack, reference, kind) {
            Ok(found) => Some(found),
            Err(error) => {
                self.report(reference, kind.describe(), &error, pointer);
                None
            }
        }
    }

    /// Resolves among the names `exists` accepts, for kinds [`NameKind`] does not list.
    fn among(
        &mut self,
        reference: &Reference<FieldId>,
        kind: Kind,
        exists: impl Fn(&QualifiedFieldId) -> bool,
        pointer: String,
    ) {
        if let Err(error) = self.resolver.resolve(self.pack, reference, exists) {
            self.report(reference, kind, &error, pointer);
        }
    }

    fn content_ref(&mut self, reference: &Reference<ContentId>, pointer: String) {
        if let Err(error) = self.resolver.content(self.pack, reference) {
            self.report(reference, NameKind::Content.describe(), &error, pointer);
        }
    }

    fn effects(&mut self, at: &str, effects: &[Effect]) {
        for (index, effect) in effects.iter().enumerate() {
            self.effect(&format!("{at}/{index}"), effect);
        }
    }

    /// An effect's target must be a field; `best` and a `bound` compare numbers, so they need
    /// a `number` field (`effect-not-number`).
    fn effect(&mut self, at: &str, effect: &Effect) {
        let target = self.kind(&effect.target, NameKind::Field, format!("{at}/target"));
        let numeric = match (&effect.bound, effect.op) {
            (Some(bound), _) => Some(("bound", format!("`bound: {bound:?}`").to_lowercase())),
            (None, EffectOp::Best) => Some(("op", "`op: best`".to_owned())),
            _ => None,
        };
        let value_type = target
            .as_ref()
            .and_then(|t| self.ruleset.fields.get(t))
            .map(|f| f.value_type);
        if let (Some((key, what)), Some(value_type)) = (numeric, value_type)
            && value_type != ValueType::Number
        {
            self.out.push(
                Diagnostic::new(&codes::EFFECT_NOT_NUMBER)
                    .with_arg("target", &effect.target)
                    .with_arg("what", what)
                    .with_pack(self.pack.clone())
                    .with_pointer(format!("{at}/{key}")),
            );
        }
    }

    /// `whileActive` where no item can be in play (the rules' own effects, a situational
    /// choice's `modify`, a stat block's effects): `effect-while-active-misplaced`.
    fn no_item_in_play(&mut self, at: &str, effects: &[Effect]) {
        for (index, effect) in effects.iter().enumerate() {
            if effect.while_active {
                self.while_active_misplaced(format!("{at}/{index}/whileActive"));
            }
        }
    }

    fn while_active_misplaced(&mut self, pointer: String) {
        self.out.push(
            Diagnostic::new(&codes::EFFECT_WHILE_ACTIVE_MISPLACED)
                .with_pack(self.pack.clone())
                .with_pointer(pointer),
        );
    }

    fn grants(&mut self, at: &str, grants: &[Grant]) {
        for (index, grant) in grants.iter().enumerate() {
            self.content_ref(&grant.item, format!("{at}/{index}/item"));
        }
    }

    fn choice(&mut self, at: &str, choice: &Choice) {
        for (index, item) in choice.items.iter().enumerate() {
            self.content_ref(item, format!("{at}/items/{index}"));
        }
        if let Some(query) = &choice.query {
            self.kind(
                &query.content_type,
                NameKind::ContentType,
                format!("{at}/query/type"),
            );
        }
    }

    fn price(&mut self, at: &str, price: &Price) {
        self.kind(&price.unit, NameKind::CurrencyUnit, format!("{at}/unit"));
    }

    fn goods(&mut self, at: &str, filter: &GoodsFilter) {
        let content_type = filter.content_type.as_ref().and_then(|reference| {
            self.kind(reference, NameKind::ContentType, format!("{at}/type"))
        });
        if let Some(item) = &filter.item {
            self.content_ref(item, format!("{at}/item"));
        }
        let declared = content_type.and_then(|id| self.ruleset.content_types.get(&id));
        if let Some(declared) = declared {
            for key in filter.filters.keys() {
                if !declared.filters.contains_key(key) {
                    self.report(
                        key,
                        Kind::Filter,
                        &ResolveError::<FieldId>::NotFound,
                        format!("{at}/filters/{}", escape_segment(key.as_str())),
                    );
                }
            }
        }
    }

    fn loot_table(&mut self, at: &str, table: &LootTable) {
        for (index, entry) in table.entries.iter().enumerate() {
            let here = format!("{at}/entries/{index}");
            if let Some(item) = &entry.item {
                self.content_ref(item, format!("{here}/item"));
            }
            if let Some(filter) = &entry.filter {
                self.goods(&format!("{here}/filter"), filter);
            }
            if let Some(coins) = &entry.coins {
                self.kind(coins, NameKind::CurrencyUnit, format!("{here}/coins"));
            }
        }
    }

    fn rules(&mut self, release: &PackRelease) {
        let rules = &release.rules;
        let ruleset = self.ruleset;
        let at = |section: &str, id: &FieldId| {
            format!("/rules/{section}/{}", escape_segment(id.as_str()))
        };
        for (id, slot) in &rules.link_slots {
            for (index, reference) in slot.types.iter().enumerate() {
                self.kind(
                    reference,
                    NameKind::ContentType,
                    format!("{}/types/{index}", at("linkSlots", id)),
                );
            }
        }
        for (id, content_type) in &rules.content_types {
            let here = at("contentTypes", id);
            for (property_id, property) in &content_type.properties {
                for (index, reference) in property.types.iter().enumerate() {
                    self.kind(
                        reference,
                        NameKind::ContentType,
                        format!(
                            "{here}/properties/{}/types/{index}",
                            escape_segment(property_id.as_str())
                        ),
                    );
                }
            }
            for (filter_id, filter) in &content_type.filters {
                if let Some(start) = &filter.start_from {
                    self.kind(
                        start,
                        NameKind::Field,
                        format!(
                            "{here}/filters/{}/startFrom",
                            escape_segment(filter_id.as_str())
                        ),
                    );
                }
            }
        }
        for (id, choice) in &rules.situational_choices {
            let here = at("situationalChoices", id);
            self.effects(&format!("{here}/modify"), &choice.modify);
            self.no_item_in_play(&format!("{here}/modify"), &choice.modify);
            for (index, other) in choice.excludes.iter().enumerate() {
                self.among(
                    &local(other),
                    Kind::SituationalChoice,
                    |q| ruleset.situational_choices.contains_key(q),
                    format!("{here}/excludes/{index}"),
                );
            }
        }
        if let Some(bands) = rules.resolution.as_ref().and_then(|r| r.bands.as_ref()) {
            self.kind(
                &local(bands),
                NameKind::ResultBands,
                "/rules/resolution/bands".to_owned(),
            );
        }
        for (id, action) in &rules.actions {
            let here = at("actions", id);
            if let Some(bands) = &action.uses.bands {
                self.kind(bands, NameKind::ResultBands, format!("{here}/use/bands"));
            }
            for (index, choice) in action.situational_choices.iter().enumerate() {
                self.among(
                    choice,
                    Kind::SituationalChoice,
                    |q| ruleset.situational_choices.contains_key(q),
                    format!("{here}/situationalChoices/{index}"),
                );
            }
        }
        for (id, effect) in &rules.effects {
            self.effect(&at("effects", id), effect);
            if effect.while_active {
                self.while_active_misplaced(format!("{}/whileActive", at("effects", id)));
            }
        }
        for (id, choice) in &rules.choices {
            self.choice(&at("choices", id), choice);
        }
        for (id, hint) in &rules.display_hints {
            let here = at("displayHints", id);
            for (index, field) in hint.fields.iter().enumerate() {
                self.kind(
                    field,
                    NameKind::FormulaName,
                    format!("{here}/fields/{index}"),
                );
            }
            for (index, group) in hint.groups.iter().enumerate() {
                self.among(
                    &local(group),
                    Kind::DisplayHint,
                    |q| ruleset.display_hints.contains_key(q),
                    format!("{here}/groups/{index}"),
                );
            }
        }
        if let Some(market) = &rules.market {
            let place_known = |place: &FieldId| market.places.contains(place);
            for (index, rule) in market.sold.iter().enumerate() {
                let here = format!("/rules/market/sold/{index}");
                self.goods(&format!("{here}/filter"), &rule.filter);
                if !place_known(&rule.place) {
                    self.report(
                        &rule.place,
                        Kind::Place,
                        &ResolveError::<FieldId>::NotFound,
                        format!("{here}/place"),
                    );
                }
            }
            for (id, seller) in &market.sellers {
                let here = format!("/rules/market/sellers/{}", escape_segment(id.as_str()));
                for (index, filter) in seller.sells.iter().enumerate() {
                    self.goods(&format!("{here}/sells/{index}"), filter);
                }
                if let Some(place) = &seller.place
                    && !place_known(place)
                {
                    self.report(
                        place,
                        Kind::Place,
                        &ResolveError::<FieldId>::NotFound,
                        format!("{here}/place"),
                    );
                }
                if let Some(stock) = &seller.stock {
                    self.among(
                        stock,
                        Kind::LootTable,
                        |q| ruleset.loot_tables.contains_key(q),
                        format!("{here}/stock"),
                    );
                }
            }
            for (index, filter) in market.unsold.iter().enumerate() {
                self.goods(&format!("/rules/market/unsold/{index}"), filter);
            }
        }
        for (id, table) in &rules.loot_tables {
            self.loot_table(&at("lootTables", id), table);
        }
    }

    fn content(&mut self, at: &str, item: &ContentItem) {
        if let Some(grants) = &item.grants {
            self.grants(&format!("{at}/grants"), grants);
        }
        if let Some(choices) = &item.choices {
            for (id, choice) in choices {
                self.choice(
                    &format!("{at}/choices/{}", escape_segment(id.as_str())),
                    choice,
                );
            }
        }
        if let Some(effects) = &item.effects {
            self.effects(&format!("{at}/effects"), effects);
        }
        self.roll_modifiers(&format!("{at}/rollModifiers"), &item.roll_modifiers);
        if let Some(price) = &item.price {
            self.price(&format!("{at}/price"), price);
        }
        for (index, reference) in item.variant_of.iter().flatten().enumerate() {
            self.kind(
                reference,
                NameKind::ContentType,
                format!("{at}/variantOf/{index}"),
            );
        }
        if let Some(replaced) = item
            .deprecated
            .as_ref()
            .and_then(|d| d.replaced_by.as_ref())
        {
            self.content_ref(replaced, format!("{at}/deprecated/replacedBy"));
        }
        // `content` properties name content; their type comes from the loaded item.
        let Some(declared) = self.loaded_type(item) else {
            return;
        };
        for (property_id, value) in &item.properties {
            let Some(def) = declared.properties.get(property_id) else {
                continue;
            };
            if def.value_type != ValueType::Content {
                continue;
            }
            let here = format!("{at}/properties/{}", escape_segment(property_id.as_str()));
            let values: Vec<(String, &serde_json::Value)> = match value {
                serde_json::Value::Array(values) => values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (format!("{here}/{i}"), v))
                    .collect(),
                one => vec![(here, one)],
            };
            for (pointer, value) in values {
                if let Some(reference) = value
                    .as_str()
                    .and_then(|text| text.parse::<Reference<ContentId>>().ok())
                {
                    self.content_ref(&reference, pointer);
                }
            }
        }
    }

    /// The declaration of an item's content type, as loaded (after `extends` and overrides).
    fn loaded_type(&self, item: &ContentItem) -> Option<&'r ContentTypeDef> {
        let id = match (&item.overrides, &item.id) {
            (Some(target), _) => target.clone(),
            (None, Some(id)) => Qualified::new(self.pack.clone(), id.clone()),
            (None, None) => return None,
        };
        let loaded = self.ruleset.content.get(&id)?;
        match loaded.item.content_type.as_ref()? {
            Reference::Qualified(qualified) => self.ruleset.content_types.get(qualified),
            Reference::Local(_) => None,
        }
    }

    fn formulas(&mut self, release: &PackRelease) {
        let ruleset = self.ruleset;
        let pack = self.pack;
        let loaded_type = |item: &ContentItem| -> Option<&ContentTypeDef> {
            let id = match (&item.overrides, &item.id) {
                (Some(target), _) => target.clone(),
                (None, Some(id)) => Qualified::new(pack.clone(), id.clone()),
                (None, None) => return None,
            };
            match ruleset.content.get(&id)?.item.content_type.as_ref()? {
                Reference::Qualified(qualified) => ruleset.content_types.get(qualified),
                Reference::Local(_) => None,
            }
        };
        for site in release_formulas(release, loaded_type) {
            let scope = self.scope(release, &site.pointer);
            self.formula(&site, &scope);
        }
    }

    /// Every name a formula reads must be known where it stands: a field, pool or track (the
    /// pack's or a direct dependency's), `settings.<id>` and `setting("<id>")` a setting, a
    /// name under a link slot (`class.level`) the slot's; `item.<property>` inside a query's
    /// `where` and in content properties and templates; `marks` and `boxes` inside a wound
    /// track's `penalty`. A formula that does not parse is reported by the builder.
    /// Inside a content type's rolls, parameters and stat block, and its items' properties,
    /// the names of [`Scope`] too.
    fn formula(&mut self, site: &FormulaSite<'_>, scope: &Scope<'_>) {
        let Ok(tree) = parse(site.text) else { return };
        let references = tree.references();
        let pointer = &site.pointer;
        let in_item = pointer.contains("/query/where")
            || pointer.starts_with("/content/")
            || pointer.starts_with("/templates/");
        let in_penalty =
            pointer.starts_with("/rules/live/woundTracks/") && pointer.ends_with("/penalty");
        for name in &references.fields {
            let (pack, bare) = match name.strip_prefix('@').and_then(|n| n.split_once(':')) {
                Some((pack, bare)) => (Some(pack), bare),
                None => (None, name.as_str()),
            };
            let first = bare.split('.').next().unwrap_or(bare);
            if pack.is_none() {
                if scope.reads(bare) {
                    if let Some(unknown) = scope.unknown_property(bare) {
                        let located = unknown.with_pack(self.pack.clone());
                        self.out.push(located.with_pointer(pointer.clone()));
                    }
                    continue;
                }
                if (in_item && first == "item") || (in_penalty && matches!(bare, "marks" | "boxes"))
                {
                    continue;
                }
                if let Some(setting) = bare.strip_prefix("settings.") {
                    self.setting(setting, name, pointer);
                    continue;
                }
                if bare != first
                    && let Ok(slot) = first.parse::<FieldId>()
                    && self
                        .resolver
                        .resolve_kind(self.pack, &local(&slot), NameKind::LinkSlot)
                        .is_ok()
                {
                    continue;
                }
            }
            if let Err(error) = self.resolver.formula_name(self.pack, pack, bare) {
                self.report(
                    name,
                    NameKind::FormulaName.describe(),
                    &error,
                    pointer.clone(),
                );
            }
        }
        for setting in &references.settings {
            self.setting(setting, setting, pointer);
        }
    }

    fn setting(&mut self, setting: &str, written: &str, pointer: &str) {
        let found = setting
            .parse::<Reference<FieldId>>()
            .map_err(|_| ResolveError::NotFound)
            .and_then(|reference| {
                self.resolver
                    .resolve_kind(self.pack, &reference, NameKind::Setting)
            });
        if let Err(error) = found {
            self.report(
                &written,
                NameKind::Setting.describe(),
                &error,
                pointer.to_owned(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LoadOptions, load_ruleset};

    fn release(id: &str, deps: serde_json::Value, rules: serde_json::Value) -> PackRelease {
        serde_json::from_value(serde_json::json!({
            "manifest": {"id": id, "version": "1.0.0", "specVersion": "1.6.0",
                         "license": "CC0-1.0", "defaultLanguage": "en", "dependencies": deps},
            "rules": rules,
            "content": {},
            "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
            "formulas": {}
        }))
        .unwrap()
    }

    fn found(releases: &[&PackRelease]) -> Vec<(&'static str, String, String)> {
        let (ruleset, _) = load_ruleset(releases.iter().copied(), &LoadOptions::default());
        check_references(releases[releases.len() - 1], &ruleset)
            .into_iter()
            .map(|d| {
                (
                    d.code.name,
                    d.location.pointer.clone().unwrap_or_default(),
                    d.args.get("reference").cloned().unwrap_or_default(),
                )
            })
            .collect()
    }

    #[test]
    fn names_a_formula_may_read_where_it_stands() {
        let rules = serde_json::json!({
            "fields": {"grit": {"type": "number"}},
            "linkSlots": {"class": {"types": ["calling"]}},
            "contentTypes": {"calling": {}},
            "settings": {"hard": {"type": "boolean", "default": false}},
            "live": {"woundTracks": {"harm": {"boxes": 3, "marks": {"cut": {"severity": 1}},
                                              "penalty": "-marks + boxes"}}},
            "choices": {"pick": {"query": {"type": "calling", "where": "item.level <= grit"}}},
            "constraints": {
                "ok": {"formula": "class.level + settings.hard + setting(\"hard\") + harm >= 0",
                       "issue": "bad"},
                "bad": {"formula": "marks + item.level + settings.soft > 0", "issue": "bad"}
            }
        });
        let pack = release("demo", serde_json::json!({}), rules);
        let found = found(&[&pack]);
        let names: Vec<&str> = found.iter().map(|(_, _, name)| name.as_str()).collect();
        // Outside a penalty and a query, `marks` and `item.level` name nothing; an unknown
        // setting is unknown.
        assert_eq!(names, ["item.level", "marks", "settings.soft"], "{found:?}");
        assert!(
            found
                .iter()
                .all(|(_, pointer, _)| pointer == "/rules/constraints/bad/formula")
        );
    }

    #[test]
    fn local_names_resolve_in_direct_dependencies_and_may_be_ambiguous() {
        let base = |id| {
            release(
                id,
                serde_json::json!({}),
                serde_json::json!({"fields": {"grit": {"type": "number"}},
                                   "contentTypes": {"gear": {}}}),
            )
        };
        let (left, right) = (base("left"), base("right"));
        let addon = release(
            "addon",
            serde_json::json!({"left": "^1", "right": "^1"}),
            serde_json::json!({
                "effects": {"e": {"target": "left:grit", "op": "add", "value": "@right:grit"}},
                "linkSlots": {"hand": {"types": ["gear"]}}
            }),
        );
        assert_eq!(
            found(&[&left, &right, &addon]),
            [(
                "ambiguous-reference",
                "/rules/linkSlots/hand/types/0".to_owned(),
                "gear".to_owned()
            )]
        );
        // A dependency of a dependency is not searched.
        let middle = release(
            "middle",
            serde_json::json!({"left": "^1"}),
            serde_json::json!({}),
        );
        let top = release(
            "top",
            serde_json::json!({"middle": "^1"}),
            serde_json::json!({"effects": {"e": {"target": "grit", "op": "add", "value": "1"}}}),
        );
        assert_eq!(
            found(&[&left, &middle, &top]),
            [(
                "unresolved-reference",
                "/rules/effects/e/target".to_owned(),
                "grit".to_owned()
            )]
        );
    }

    #[test]
    fn the_market_names_its_places_filters_and_stock() {
        let rules = serde_json::json!({
            "contentTypes": {"gear": {"filters": {"weight": {"type": "number"}}}},
            "market": {
                "places": ["quay"],
                "sold": [{"filter": {"type": "gear", "filters": {"heft": 1}}, "place": "spire"}],
                "sellers": {"fence": {"sells": [{"type": "gear"}], "place": "quay", "stock": "cache"}}
            }
        });
        let pack = release("demo", serde_json::json!({}), rules);
        let pointers: Vec<String> = found(&[&pack]).into_iter().map(|(_, p, _)| p).collect();
        assert_eq!(
            pointers,
            [
                "/rules/market/sold/0/filter/filters/heft",
                "/rules/market/sold/0/place",
                "/rules/market/sellers/fence/stock",
            ]
        );
    }
}
