//! `apply_layers`: a ruleset and a game's saved layer choice → the effective ruleset and a
//! report of what each layer did.

use std::collections::HashSet;

use opencharacter_resolve::query::{FilterComparison, filter_passes};
use opencharacter_resolve::{NameKind, Resolver};
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, Phrase, Word, codes, reasons};
use opencharacter_spec::ids::{FieldId, PackId, Qualified, QualifiedContentId, QualifiedFieldId};
use opencharacter_spec::model::layer::{CatalogHide, Comparison, LayerFieldChange};
use opencharacter_spec::model::ruleset::GuidancePart;
use opencharacter_spec::model::{Layer, Ruleset, Scalar};
use opencharacter_spec::standard_text::StandardText;
use serde::Serialize;

use crate::check;
use crate::view::PackView;

/// What `apply_layers` did: what each kept layer changed, the layers dropped for a conflict,
/// the effects not applied and the chosen layers no pack declares.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LayerReport {
    /// The layers applied, in the order applied, each with what it changed.
    pub kept: Vec<KeptLayer>,
    /// Layers of the choice dropped because they conflict with one kept before them.
    pub dropped: Vec<DroppedLayer>,
    /// Effects of kept layers that were skipped whole, and why.
    pub not_applied: Vec<NotApplied>,
    /// Chosen layers that no loaded pack declares.
    pub unknown: Vec<QualifiedFieldId>,
}

/// A kept layer and what it changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeptLayer {
    /// The layer.
    pub layer: QualifiedFieldId,
    /// Its changes, in the order applied.
    pub changes: Vec<Change>,
}

/// One change a layer made.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(
    tag = "change",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Change {
    /// Appended to `gm.checkGuidance`.
    CheckGuidance,
    /// Appended to `gm.worldGuidance`.
    WorldGuidance,
    /// Values withdrawn from an enumerated field, and its default when the layer set one.
    Values {
        /// The field.
        field: QualifiedFieldId,
        /// The values withdrawn (the ones still offered before this layer).
        removed: Vec<FieldId>,
        /// The field's default after the layer, when the layer names one.
        #[serde(skip_serializing_if = "Option::is_none")]
        default: Option<FieldId>,
    },
    /// The difficulty ladder replaced.
    Ladder {
        /// The labels of the new ladder.
        labels: Vec<FieldId>,
    },
    /// Content hidden from pickers by a catalog rule.
    Hidden {
        /// The content type.
        content_type: QualifiedFieldId,
        /// The filter.
        filter: FieldId,
        /// The content newly hidden.
        content: Vec<QualifiedContentId>,
    },
    /// Coins withdrawn.
    Coins {
        /// The units withdrawn (a removed family lists all its units).
        coins: Vec<QualifiedFieldId>,
    },
    /// Sellers withdrawn.
    Sellers {
        /// The sellers.
        sellers: Vec<QualifiedFieldId>,
    },
    /// Goods filters appended to the market's `unsold`.
    Unsold {
        /// The pack whose market.
        market: PackId,
        /// How many filters were appended.
        filters: usize,
    },
    /// A loot table replaced.
    LootTable {
        /// The table.
        table: QualifiedFieldId,
    },
}

/// A layer dropped for a conflict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DroppedLayer {
    /// The dropped layer (declared later).
    pub layer: QualifiedFieldId,
    /// The kept layer it conflicts with.
    pub conflicts_with: QualifiedFieldId,
}

/// An effect of a kept layer skipped whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NotApplied {
    /// The layer.
    pub layer: QualifiedFieldId,
    /// What was not applied (`removing values of \`ember-roads-1e:calling\``): a registered
    /// reason, so the command shows it in the `--lang` language. Serialized in English.
    #[serde(serialize_with = "english")]
    pub what: Word,
    /// Why: a registered reason, or the message of the problem the builder would report.
    /// Serialized in English.
    #[serde(serialize_with = "english")]
    pub reason: Word,
}

impl NotApplied {
    /// What was not applied, in the given standard text.
    pub fn what_in(&self, text: &StandardText) -> String {
        self.what.render(text)
    }

    /// Why, in the given standard text.
    pub fn reason_in(&self, text: &StandardText) -> String {
        self.reason.render(text)
    }
}

/// A typed word as its English text: the JSON report is in the format's language.
fn english<S: serde::Serializer>(word: &Word, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&word.render(StandardText::english()))
}

impl LayerReport {
    /// The report's findings as diagnostics: `layer-unknown` (an error), `layer-conflict-dropped`
    /// and `layer-removal-not-applied` (warnings), each naming the layer's pack.
    pub fn diagnostics(&self) -> Diagnostics {
        let mut out = Vec::new();
        for layer in &self.unknown {
            out.push(
                Diagnostic::new(&codes::LAYER_UNKNOWN)
                    .with_arg("layer", layer)
                    .with_pack(layer.pack.clone()),
            );
        }
        for dropped in &self.dropped {
            out.push(
                Diagnostic::new(&codes::LAYER_CONFLICT_DROPPED)
                    .with_arg("layer", &dropped.layer)
                    .with_arg("kept", &dropped.conflicts_with)
                    .with_pack(dropped.layer.pack.clone()),
            );
        }
        for skipped in &self.not_applied {
            out.push(
                Diagnostic::new(&codes::LAYER_REMOVAL_NOT_APPLIED)
                    .with_arg("layer", &skipped.layer)
                    .with_word("what", skipped.what.clone())
                    .with_word("reason", skipped.reason.clone())
                    .with_pack(skipped.layer.pack.clone())
                    .with_pointer(check::pointer([
                        "rules",
                        "layers",
                        skipped.layer.local.as_str(),
                    ])),
            );
        }
        out
    }
}

/// The layers of a ruleset in the order they apply: packs in load order, then each pack's
/// layers in declaration order (layers of a pack not in `packs` come last, in map order).
pub fn layer_order(ruleset: &Ruleset) -> Vec<&QualifiedFieldId> {
    let mut out: Vec<&QualifiedFieldId> = Vec::with_capacity(ruleset.layers.len());
    for pack in &ruleset.packs {
        out.extend(ruleset.layers.keys().filter(|id| id.pack == pack.id));
    }
    let known: HashSet<&PackId> = ruleset.packs.iter().map(|p| &p.id).collect();
    out.extend(ruleset.layers.keys().filter(|id| !known.contains(&id.pack)));
    out
}

/// Whether two layers of a ruleset conflict: same pack, and either names the other.
pub fn conflict(ruleset: &Ruleset, a: &QualifiedFieldId, b: &QualifiedFieldId) -> bool {
    if a.pack != b.pack || a == b {
        return false;
    }
    let names = |x: &QualifiedFieldId, y: &QualifiedFieldId| {
        ruleset
            .layers
            .get(x)
            .is_some_and(|layer| layer.conflicts.contains(&y.local))
    };
    names(a, b) || names(b, a)
}

/// The layers of a saved choice that are kept, in apply order, and those dropped for a
/// conflict with one kept before them; chosen IDs no pack declares are left out.
pub fn kept_layers(
    ruleset: &Ruleset,
    choice: &[QualifiedFieldId],
) -> (Vec<QualifiedFieldId>, Vec<DroppedLayer>) {
    let chosen: HashSet<&QualifiedFieldId> = choice.iter().collect();
    let mut kept: Vec<QualifiedFieldId> = Vec::new();
    let mut dropped = Vec::new();
    for id in layer_order(ruleset) {
        if !chosen.contains(id) {
            continue;
        }
        match kept.iter().find(|k| conflict(ruleset, k, id)) {
            Some(other) => dropped.push(DroppedLayer {
                layer: id.clone(),
                conflicts_with: other.clone(),
            }),
            None => kept.push(id.clone()),
        }
    }
    (kept, dropped)
}

/// Applies a game's saved layer choice to a ruleset: returns the effective ruleset and what
/// happened. The result depends only on the *set* of layers chosen, never on the order it is
/// listed in (docs/spec/layers.md):
///
/// 1. layers apply in load order, then declaration order; a chosen layer that conflicts with
///    one kept before it (either side naming the other) is dropped, listed in
///    `withdrawn.layers` and in the report;
/// 2. each kept layer's effect on one thing (its guidance, one field, the ladder, one catalog
///    rule, its coins, its sellers, its `unsold`, one loot table) is applied whole or skipped
///    whole, and a skipped one is reported;
/// 3. nothing is deleted: removed values leave the field's `values` for `withdrawn.values`;
///    hidden content, removed coins and removed sellers stay where they are, listed in
///    `withdrawn` (content is also flagged); guidance is appended as parts naming the layer;
///    the last active ladder and the last replacement of a loot table win.
///
/// ```
/// use opencharacter_spec::model::Ruleset;
/// let ruleset = Ruleset::default();
/// let (effective, report) = opencharacter_layers::apply_layers(&ruleset, &["x:y".parse().unwrap()]);
/// assert_eq!(effective, ruleset);
/// assert_eq!(report.unknown[0].to_string(), "x:y");
/// ```
pub fn apply_layers(ruleset: &Ruleset, choice: &[QualifiedFieldId]) -> (Ruleset, LayerReport) {
    let mut effective = ruleset.clone();
    let mut report = LayerReport::default();
    let mut unknown: Vec<QualifiedFieldId> = choice
        .iter()
        .filter(|id| !ruleset.layers.contains_key(*id))
        .cloned()
        .collect();
    unknown.sort();
    unknown.dedup();
    report.unknown = unknown;
    let (kept, dropped) = kept_layers(ruleset, choice);
    effective
        .withdrawn
        .layers
        .extend(dropped.iter().map(|d| d.layer.clone()));
    report.dropped = dropped;
    for id in &kept {
        let Some(layer) = ruleset.layers.get(id) else {
            continue;
        };
        let mut run = Run {
            base: ruleset,
            view: PackView::of_pack(ruleset, &id.pack),
            effective: &mut effective,
            id,
            changes: Vec::new(),
            skipped: Vec::new(),
        };
        run.layer(layer);
        let (changes, skipped) = (run.changes, run.skipped);
        report.not_applied.extend(skipped);
        report.kept.push(KeptLayer {
            layer: id.clone(),
            changes,
        });
        effective.active_layers.push(id.clone());
    }
    (effective, report)
}

/// One kept layer being applied.
struct Run<'a> {
    base: &'a Ruleset,
    /// The layer's pack in the base ruleset: what its names must exist in.
    view: PackView<'a>,
    effective: &'a mut Ruleset,
    id: &'a QualifiedFieldId,
    changes: Vec<Change>,
    skipped: Vec<NotApplied>,
}

impl Run<'_> {
    fn pack(&self) -> &PackId {
        &self.id.pack
    }

    fn qualify(&self, local: &FieldId) -> QualifiedFieldId {
        Qualified::new(self.pack().clone(), local.clone())
    }

    fn skip(&mut self, what: impl Into<Word>, reason: impl Into<Word>) {
        self.skipped.push(NotApplied {
            layer: self.id.clone(),
            what: what.into(),
            reason: reason.into(),
        });
    }

    /// The first problem the builder would report, as a reason.
    fn refused(problems: &[Diagnostic]) -> Option<Diagnostic> {
        problems.first().cloned()
    }

    fn layer(&mut self, layer: &Layer) {
        if let Some(gm) = &layer.gm {
            let part = |text: &String| GuidancePart {
                pack: self.id.pack.clone(),
                layer: Some(self.id.local.clone()),
                text: text.clone(),
            };
            if let Some(text) = &gm.guidance {
                let part = part(text);
                self.effective.gm.check_guidance.push(part);
                self.changes.push(Change::CheckGuidance);
            }
            if let Some(text) = &gm.world_guidance {
                let part = part(text);
                self.effective.gm.world_guidance.push(part);
                self.changes.push(Change::WorldGuidance);
            }
        }
        for (field, change) in &layer.fields {
            self.field(field, change);
        }
        if let Some(ladder) = &layer.difficulty_ladder {
            self.ladder(ladder);
        }
        for (index, rule) in layer.catalogs.iter().enumerate() {
            self.catalog(index, rule);
        }
        if let Some(currencies) = &layer.currencies {
            self.coins(currencies);
        }
        if let Some(items) = &layer.items {
            if let Some(market) = &items.market {
                self.sellers(&market.remove_sellers);
                self.unsold(&market.unsold);
            }
            for (table, replacement) in &items.loot_tables {
                self.loot_table(table, replacement);
            }
        }
    }

    fn field(&mut self, field: &FieldId, change: &LayerFieldChange) {
        let qualified = self.qualify(field);
        let what = Phrase::new(&reasons::LAYER_WHAT_REMOVE_VALUES).with_arg("field", &qualified);
        let problems = check::field_change(&self.view, &self.id.local, field, change);
        if let Some(reason) = Self::refused(&problems) {
            return self.skip(what.clone(), reason);
        }
        let Some(def) = self.effective.fields.get(&qualified) else {
            return self.skip(what, &reasons::LAYER_FIELD_ABSENT);
        };
        // Against what earlier layers left: two layers together may not empty the field.
        let removed: Vec<FieldId> = def
            .values
            .iter()
            .filter(|v| change.remove_values.contains(v))
            .cloned()
            .collect();
        let surviving: Vec<FieldId> = def
            .values
            .iter()
            .filter(|v| !change.remove_values.contains(v))
            .cloned()
            .collect();
        if surviving.is_empty() {
            return self.skip(what, &reasons::LAYER_FIELD_EMPTIED);
        }
        let current = def.default.as_ref().and_then(Scalar::as_text);
        let default_ok = match (&change.default, current) {
            (Some(default), _) => surviving.contains(default),
            (None, Some(current)) => !removed.iter().any(|v| v.as_str() == current),
            (None, None) => true,
        };
        if !default_ok {
            return self.skip(what, &reasons::LAYER_DEFAULT_LOST);
        }
        let Some(def) = self.effective.fields.get_mut(&qualified) else {
            return;
        };
        def.values = surviving;
        if let Some(default) = &change.default {
            def.default = Some(Scalar::Text(default.to_string()));
        }
        if !removed.is_empty() {
            self.effective
                .withdrawn
                .values
                .entry(qualified.clone())
                .or_default()
                .extend(removed.iter().cloned());
        }
        self.changes.push(Change::Values {
            field: qualified,
            removed,
            default: change.default.clone(),
        });
    }

    fn ladder(&mut self, ladder: &[opencharacter_spec::model::LadderStep]) {
        let what = Phrase::new(&reasons::LAYER_WHAT_LADDER);
        if let Err(reason) = check::ladder_fits(&self.view, ladder) {
            return self.skip(what.clone(), reason);
        }
        let Some(resolution) = self.effective.resolution.as_mut() else {
            return self.skip(what, &reasons::LAYER_RULESET_NO_RESOLUTION);
        };
        resolution.resolution.difficulty_ladder = ladder.to_vec();
        self.changes.push(Change::Ladder {
            labels: ladder.iter().map(|s| s.label.clone()).collect(),
        });
    }

    fn catalog(&mut self, index: usize, rule: &CatalogHide) {
        let content_type = self.qualify(&rule.content_type);
        let what = Phrase::new(&reasons::LAYER_WHAT_HIDE)
            .with_arg("type", &content_type)
            .with_arg("filter", &rule.hide.filter)
            .with_arg("index", index);
        let problems = check::catalog_rule(&self.view, &self.id.local, index, rule);
        if let Some(reason) = Self::refused(&problems) {
            return self.skip(what.clone(), reason);
        }
        let (Some(type_def), Some(comparison)) = (
            self.base.content_types.get(&content_type),
            rule.hide.comparison(),
        ) else {
            return self.skip(what, &reasons::LAYER_ONE_COMPARISON);
        };
        let Some(filter_def) = type_def.filters.get(&rule.hide.filter) else {
            return;
        };
        let comparison = match comparison {
            Comparison::Above(n) => FilterComparison::Above(n.clone()),
            Comparison::Below(n) => FilterComparison::Below(n.clone()),
            Comparison::Equals(text) => FilterComparison::Equals(text.to_owned()),
            Comparison::NotIn(texts) => FilterComparison::NotIn(texts.to_vec()),
        };
        let resolver = Resolver::new(self.base);
        let mut hidden = Vec::new();
        for (id, content) in &self.base.content {
            // A layer acts on its own pack's content only.
            if id.pack != *self.pack() {
                continue;
            }
            let Some(reference) = &content.item.content_type else {
                continue;
            };
            let is_type = resolver
                .resolve_kind(&id.pack, reference, NameKind::ContentType)
                .is_ok_and(|t| t == content_type);
            // An entry that does not set the filter is never hidden (`None`).
            if is_type
                && filter_passes(
                    &content.item,
                    type_def,
                    &rule.hide.filter,
                    filter_def,
                    &comparison,
                ) == Some(true)
            {
                hidden.push(id.clone());
            }
        }
        let mut newly = Vec::new();
        for id in hidden {
            if let Some(content) = self.effective.content.get_mut(&id)
                && !content.withdrawn
            {
                content.withdrawn = true;
                self.effective.withdrawn.content.push(id.clone());
                newly.push(id);
            }
        }
        self.changes.push(Change::Hidden {
            content_type,
            filter: rule.hide.filter.clone(),
            content: newly,
        });
    }

    fn coins(&mut self, currencies: &opencharacter_spec::model::layer::LayerCurrencies) {
        let what = Phrase::new(&reasons::LAYER_WHAT_COINS);
        let problems = check::coins(&self.view, &self.id.local, currencies);
        if let Some(reason) = Self::refused(&problems) {
            return self.skip(what.clone(), reason);
        }
        let mut removed: Vec<QualifiedFieldId> = Vec::new();
        for family in &currencies.remove_families {
            if let Some(def) = self.view.currencies.get(family) {
                removed.extend(def.units.keys().map(|u| self.qualify(u)));
            }
        }
        removed.extend(currencies.remove_units.iter().map(|u| self.qualify(u)));
        let mut newly = Vec::new();
        for coin in removed {
            if !self.effective.withdrawn.coins.contains(&coin) {
                self.effective.withdrawn.coins.push(coin.clone());
                newly.push(coin);
            }
        }
        self.changes.push(Change::Coins { coins: newly });
    }

    fn sellers(&mut self, sellers: &[FieldId]) {
        if sellers.is_empty() {
            return;
        }
        let what = Phrase::new(&reasons::LAYER_WHAT_SELLERS).with_arg(
            "sellers",
            sellers
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", "),
        );
        let change = opencharacter_spec::model::layer::LayerMarket {
            remove_sellers: sellers.to_vec(),
            unsold: Vec::new(),
        };
        let problems = check::market_change(&self.view, &self.id.local, &change);
        if let Some(reason) = Self::refused(&problems) {
            return self.skip(what.clone(), reason);
        }
        let Some(market) = self.effective.markets.get(self.pack()) else {
            return self.skip(what, &reasons::LAYER_NO_MARKET);
        };
        let withdrawn = &self.effective.withdrawn.sellers;
        let remains = market
            .sellers
            .keys()
            .any(|seller| !sellers.contains(seller) && !withdrawn.contains(&self.qualify(seller)));
        if !remains {
            return self.skip(what, &reasons::LAYER_MARKET_EMPTIED);
        }
        let mut newly = Vec::new();
        for seller in sellers {
            let id = self.qualify(seller);
            if !self.effective.withdrawn.sellers.contains(&id) {
                self.effective.withdrawn.sellers.push(id.clone());
                newly.push(id);
            }
        }
        self.changes.push(Change::Sellers { sellers: newly });
    }

    fn unsold(&mut self, filters: &[opencharacter_spec::model::GoodsFilter]) {
        if filters.is_empty() {
            return;
        }
        let pack = self.pack().clone();
        let Some(market) = self.effective.markets.get_mut(&pack) else {
            return self.skip(&reasons::LAYER_WHAT_UNSOLD, &reasons::LAYER_NO_MARKET);
        };
        market.unsold.extend(filters.iter().cloned());
        self.changes.push(Change::Unsold {
            market: pack,
            filters: filters.len(),
        });
    }

    fn loot_table(&mut self, table: &FieldId, replacement: &opencharacter_spec::model::LootTable) {
        let id = self.qualify(table);
        let problems = check::loot_table(&self.view, &self.id.local, table);
        if let Some(reason) = Self::refused(&problems) {
            return self.skip(
                Phrase::new(&reasons::LAYER_WHAT_LOOT_TABLE).with_arg("table", &id),
                reason,
            );
        }
        if let Some(slot) = self.effective.loot_tables.get_mut(&id) {
            *slot = replacement.clone();
            self.changes.push(Change::LootTable { table: id });
        }
    }
}
