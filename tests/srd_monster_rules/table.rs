//! The committed tables this check reads: the monsters' printed numbers
//! (`tests/data/srd-monsters.json`, the shape `xtask convert srd-monster-table` writes) and the
//! listed exceptions (`tests/data/srd-monster-exceptions.yaml`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;

#[derive(Deserialize)]
pub(super) struct Table {
    pub(super) monsters: Vec<Monster>,
}

#[derive(Deserialize)]
pub(super) struct Monster {
    pub(super) index: String,
    pub(super) size: String,
    pub(super) challenge_rating: f64,
    pub(super) proficiency_bonus: i64,
    pub(super) xp: i64,
    pub(super) abilities: BTreeMap<String, i64>,
    pub(super) armor_class: Vec<ArmorLine>,
    pub(super) hit_points: i64,
    pub(super) hit_dice: String,
    pub(super) hit_points_roll: Roll,
    pub(super) saving_throws: BTreeMap<String, i64>,
    pub(super) skills: BTreeMap<String, i64>,
    pub(super) passive_perception: i64,
    pub(super) actions: Vec<Action>,
    #[serde(default)]
    pub(super) spellcasting: Vec<Spellcasting>,
}

#[derive(Deserialize)]
pub(super) struct Roll {
    pub(super) dice: String,
    pub(super) bonus: i64,
}

#[derive(Deserialize)]
pub(super) struct ArmorLine {
    pub(super) value: i64,
    pub(super) kind: String,
    #[serde(default)]
    pub(super) armor: Vec<Armor>,
    pub(super) spell: Option<String>,
}

#[derive(Deserialize)]
pub(super) struct Armor {
    pub(super) index: String,
    pub(super) base: Option<i64>,
    pub(super) dex_bonus: Option<bool>,
    pub(super) max_bonus: Option<i64>,
}

#[derive(Deserialize)]
pub(super) struct Action {
    pub(super) section: String,
    pub(super) name: String,
    #[serde(default)]
    pub(super) to_hit: Vec<i64>,
    #[serde(default)]
    pub(super) to_hit_with: Vec<Option<String>>,
    pub(super) attack_kind: Option<String>,
    #[serde(default)]
    pub(super) damage: Vec<Damage>,
    #[serde(default)]
    pub(super) dcs: Vec<Dc>,
}

#[derive(Deserialize)]
pub(super) struct Damage {
    pub(super) average: Option<i64>,
    pub(super) dice: Option<String>,
    pub(super) bonus: i64,
    pub(super) counts: String,
}

#[derive(Deserialize)]
pub(super) struct Dc {
    pub(super) value: i64,
    pub(super) kind: String,
}

#[derive(Deserialize)]
pub(super) struct Spellcasting {
    pub(super) name: String,
    pub(super) ability: Option<String>,
    pub(super) dc: Option<i64>,
    pub(super) attack_bonus: Option<i64>,
    pub(super) caster_level: Option<i64>,
    pub(super) class: Option<String>,
    pub(super) slots: Option<BTreeMap<String, i64>>,
}

/// One listed exception: a printed number, the rule's value (computed with `ability` where the
/// number depends on one), and the adjustment that makes the rule give the printed number.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Exception {
    pub(super) monster: String,
    pub(super) number: String,
    pub(super) printed: i64,
    pub(super) rule: i64,
    #[serde(default)]
    pub(super) ability: Option<String>,
    pub(super) adjustment: i64,
    pub(super) kind: String,
    pub(super) why: String,
}

pub(super) fn read<T: for<'de> Deserialize<'de>>(path: &str) -> T {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&full).unwrap();
    if path.ends_with(".json") {
        serde_json::from_str(&text).unwrap()
    } else {
        serde_saphyr::from_str(&text).unwrap()
    }
}
