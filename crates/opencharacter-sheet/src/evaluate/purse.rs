//! The purse: each currency family's coins and their worth in its smallest unit.

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::Qualified;
use opencharacter_spec::model::{Character, Ruleset};

use super::sheet::PurseFamily;

/// Each family's coins and total; a total past `u64::MAX` is shown at `u64::MAX` with a
/// `value-too-large` issue in `issues` (never silently).
pub(crate) fn purse(
    ruleset: &Ruleset,
    character: &Character,
    issues: &mut Diagnostics,
) -> Vec<PurseFamily> {
    let mut out = Vec::new();
    for (family_id, family) in &ruleset.currencies {
        let mut coins = IndexMap::new();
        let mut total: Option<u64> = Some(0);
        for (unit, def) in &family.units {
            let id = Qualified::new(family_id.pack.clone(), unit.clone());
            if let Some(count) = character.purse.get(&id) {
                coins.insert(unit.clone(), *count);
                total = total.and_then(|t| {
                    count
                        .checked_mul(def.value)
                        .and_then(|worth| t.checked_add(worth))
                });
            }
        }
        let total = total.unwrap_or_else(|| {
            issues.push(
                Diagnostic::new(&codes::VALUE_TOO_LARGE)
                    .with_arg("id", family_id)
                    .with_arg("value", format!("a total over {}", u64::MAX))
                    .with_pointer("/purse"),
            );
            u64::MAX
        });
        out.push(PurseFamily {
            family: family_id.clone(),
            coins,
            total,
            smallest: family.smallest().cloned(),
        });
    }
    out
}
