//! Owned items as the sheet shows them: origin, slot, templates, tags and properties, formula
//! properties evaluated for the character.

use indexmap::IndexMap;
use opencharacter_spec::model::ValueType;

use super::after::After;
use super::formulas::formula_value;
use super::ownership::{Owned, item_property_types, item_type_def};
use super::sheet::OwnedItem;
use crate::value::SheetValue;

impl After<'_, '_, '_> {
    pub(crate) fn items(&mut self, owned: &[Owned<'_>]) {
        let mut diagnostics = Vec::new();
        let mut items = Vec::with_capacity(owned.len());
        for item in owned {
            let types = item_property_types(self.engine, item);
            // A formula reading its type's roll parameters (`slot`) has a value per roll
            // entry, not one for the item: it is shown as written (its values are the rolls').
            let parameters: Vec<&str> = item_type_def(self.engine, item)
                .map(|(_, def)| def.parameters.keys().map(|p| p.as_str()).collect())
                .unwrap_or_default();
            let reads_parameter = |text: &str| {
                !parameters.is_empty()
                    && self.engine.parse(text).as_ref().as_ref().is_ok_and(|expr| {
                        expr.references()
                            .fields
                            .iter()
                            .any(|name| parameters.contains(&name.as_str()))
                    })
            };
            let mut properties = IndexMap::new();
            for (key, value) in &item.item.properties {
                let shown = match (types.get(key), value) {
                    (Some(ValueType::Formula), serde_json::Value::String(text))
                        if !reads_parameter(text) =>
                    {
                        let env = self.env(&item.ctx, None);
                        match formula_value(&env, self.engine, text, self.failed, &mut diagnostics)
                        {
                            Some(v) => serde_json::to_value(SheetValue(v))
                                .unwrap_or(serde_json::Value::Null),
                            None => serde_json::Value::Null,
                        }
                    }
                    (Some(ValueType::Formula), serde_json::Value::Number(_)) => value.clone(),
                    _ => value.clone(),
                };
                properties.insert(key.clone(), shown);
            }
            items.push(OwnedItem {
                id: item.id.clone(),
                origin: item.origin.clone(),
                quantity: item.quantity,
                slot: item.slot.clone(),
                templates: item.templates.clone(),
                base: item.base.clone(),
                hidden: item.hidden,
                carried: item.carried,
                properties,
                tags: item
                    .item
                    .tags
                    .iter()
                    .flatten()
                    .map(ToString::to_string)
                    .collect(),
            });
        }
        self.sheet.content = items;
        self.sheet.issues.append(&mut diagnostics);
    }
}
