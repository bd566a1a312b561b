//! The purse: each currency family's coins and their worth in its smallest unit.

use indexmap::IndexMap;
use opencharacter_spec::ids::Qualified;
use opencharacter_spec::model::{Character, Ruleset};

use super::sheet::PurseFamily;

pub(crate) fn purse(ruleset: &Ruleset, character: &Character) -> Vec<PurseFamily> {
    let mut out = Vec::new();
    for (family_id, family) in &ruleset.currencies {
        let mut coins = IndexMap::new();
        let mut total: u64 = 0;
        for (unit, def) in &family.units {
            let id = Qualified::new(family_id.pack.clone(), unit.clone());
            if let Some(count) = character.purse.get(&id) {
                coins.insert(unit.clone(), *count);
                total = total.saturating_add(count.saturating_mul(def.value));
            }
        }
        out.push(PurseFamily {
            family: family_id.clone(),
            coins,
            total,
            smallest: family.smallest().cloned(),
        });
    }
    out
}
