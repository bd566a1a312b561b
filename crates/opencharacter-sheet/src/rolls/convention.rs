//! Owned items' rolls by the property-name convention, for content types that declare no
//! `rolls`: a `formula` property named `attack_bonus` is a check (read by the band set `attack`
//! when the item's pack or a dependency has one), and a `dice` property a plain roll, with a
//! `formula` property named `<property>_bonus` beside it added (`damage` + `damage_bonus`).

use opencharacter_resolve::NameKind;
use opencharacter_spec::ids::{FieldId, Reference};
use opencharacter_spec::model::ValueType;

use super::checks::{check_roll, dice_roll};
use super::{Roll, RollKind, RollOptions, RollSource};
use crate::engine::{Engine, Env};
use crate::evaluate::{Owned, Sheet, item_property_types};

/// The rolls an owned item's properties give by the convention of names.
pub(super) fn item_rolls(
    engine: &Engine<'_>,
    sheet: &Sheet,
    item: &Owned<'_>,
    options: &RollOptions,
) -> Vec<Roll> {
    let mut rolls = Vec::new();
    let types = item_property_types(engine, item);
    let env = Env {
        engine,
        ctx: &item.ctx,
        values: &sheet.values,
        owned: &sheet.owned,
        extra: None,
    };
    for (key, value) in &item.item.properties {
        let Some(text) = value.as_str() else { continue };
        let kind = match types.get(key) {
            Some(ValueType::Formula) if key.as_str() == "attack_bonus" => {
                let attack: Reference<FieldId> =
                    Reference::Local("attack".parse().expect("a valid field ID"));
                let has_attack = engine
                    .resolve_kind(&item.ctx, &attack, NameKind::ResultBands)
                    .is_some();
                check_roll(engine, &env, text, has_attack.then_some(&attack), options)
            }
            Some(ValueType::Dice) => {
                // A dice property with a `<name>_bonus` formula beside it rolls with it.
                let bonus = format!("{key}_bonus");
                let with_bonus = item
                    .item
                    .properties
                    .iter()
                    .find(|(k, _)| {
                        k.as_str() == bonus && types.get(*k) == Some(&ValueType::Formula)
                    })
                    .and_then(|(_, v)| v.as_str());
                let damage = engine.parse(text);
                let bonus = with_bonus.map(|b| engine.parse(b));
                match (&*damage, bonus.as_deref()) {
                    (Ok(damage), None) => dice_roll(&env, damage),
                    (Ok(damage), Some(Ok(bonus))) => dice_roll(&env, &damage.plus(bonus)),
                    (Err(reason), _) | (_, Some(Err(reason))) => RollKind::Unavailable {
                        reason: reason.clone(),
                    },
                }
            }
            _ => continue,
        };
        rolls.push(Roll::item(&item.id, key, RollSource::Convention, kind));
    }
    rolls
}
