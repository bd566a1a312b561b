//! One pack's own rules as layers see them, built from a rules document or from a loaded
//! ruleset, so the checks a pack author gets and the checks `apply_layers` makes before it
//! applies an effect are the same code.

use indexmap::IndexMap;
use opencharacter_spec::ids::{FieldId, PackId};
use opencharacter_spec::model::rules::FieldDef;
use opencharacter_spec::model::{
    ContentTypeDef, CurrencyFamily, Layer, LootTable, Market, Resolution, RulesDocument, Ruleset,
};

/// A pack's rules items by local ID: the only things its layers may name.
#[derive(Debug, Clone, Default)]
pub(crate) struct PackView<'a> {
    /// Fields with their parts flattened (`abilities.str.mod`).
    pub fields: IndexMap<FieldId, &'a FieldDef>,
    pub content_types: IndexMap<FieldId, &'a ContentTypeDef>,
    pub currencies: IndexMap<FieldId, &'a CurrencyFamily>,
    pub market: Option<&'a Market>,
    pub loot_tables: IndexMap<FieldId, &'a LootTable>,
    pub layers: IndexMap<FieldId, &'a Layer>,
    /// The pack's own resolution (a layer's ladder replaces only its own pack's).
    pub resolution: Option<&'a Resolution>,
}

impl<'a> PackView<'a> {
    /// The view of one (merged) rules document.
    pub fn of_rules(rules: &'a RulesDocument) -> Self {
        PackView {
            fields: rules.fields_with_parts().into_iter().collect(),
            content_types: rules
                .content_types
                .iter()
                .map(|(k, v)| (k.clone(), v))
                .collect(),
            currencies: rules
                .currencies
                .iter()
                .map(|(k, v)| (k.clone(), v))
                .collect(),
            market: rules.market.as_ref(),
            loot_tables: rules
                .loot_tables
                .iter()
                .map(|(k, v)| (k.clone(), v))
                .collect(),
            layers: rules.layers.iter().map(|(k, v)| (k.clone(), v)).collect(),
            resolution: rules.resolution.as_ref(),
        }
    }

    /// The view of pack `pack` inside a loaded ruleset.
    pub fn of_pack(ruleset: &'a Ruleset, pack: &PackId) -> Self {
        fn own<'a, T>(
            map: &'a IndexMap<opencharacter_spec::ids::QualifiedFieldId, T>,
            pack: &PackId,
        ) -> IndexMap<FieldId, &'a T> {
            map.iter()
                .filter(|(id, _)| id.pack == *pack)
                .map(|(id, v)| (id.local.clone(), v))
                .collect()
        }
        PackView {
            fields: own(&ruleset.fields, pack),
            content_types: own(&ruleset.content_types, pack),
            currencies: own(&ruleset.currencies, pack),
            market: ruleset.markets.get(pack),
            loot_tables: own(&ruleset.loot_tables, pack),
            layers: own(&ruleset.layers, pack),
            resolution: ruleset
                .resolution
                .as_ref()
                .filter(|r| r.pack == *pack)
                .map(|r| &r.resolution),
        }
    }

    /// The family holding a unit, with its ID.
    pub fn family_of(&self, unit: &FieldId) -> Option<(&FieldId, &'a CurrencyFamily)> {
        self.currencies
            .iter()
            .find(|(_, family)| family.units.contains_key(unit))
            .map(|(id, family)| (id, *family))
    }
}
