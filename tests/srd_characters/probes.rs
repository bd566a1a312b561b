//! Where each expected number of a hand-worked character is read on the SRD pack's sheet: a
//! field, an owned item's roll, a resource. The runner (`sheets.rs`) asks these for the value
//! the sheet shows and compares it with the oracle's; a number with nowhere to be read shows
//! as missing, which is a gap like any other.

use opencharacter::formula::{Distribution, MapEnv};
use opencharacter::sheet::{ResourceValue, Roll, RollKind, Sheet};
use opencharacter::spec::model::RecoveryEvent;

use super::character::P;

/// A field's value as text (`16`, `true`, `2d10 + 3d6`), when the sheet has it.
pub fn field(sheet: &Sheet, field: &str) -> Option<String> {
    sheet
        .value(&format!("{P}:{field}"))
        .map(ToString::to_string)
}

/// Whether two dice texts are the same roll (exact distributions: `4d6 + 5d6` is `9d6`).
pub fn same_dice(actual: &str, expected: &str) -> bool {
    match (distribution(actual), distribution(expected)) {
        (Some(a), Some(e)) => a == e,
        _ => false,
    }
}

fn distribution(text: &str) -> Option<Distribution> {
    // The oracle writes a die alone as `d8`, a minus as `- 1`; the formula language reads both.
    opencharacter::formula::parse(text.trim())
        .ok()?
        .analyze(&MapEnv::default())
        .ok()
}

/// The entries of `roll` of the owned item `item` (local ID).
pub fn rolls<'s>(sheet: &'s Sheet, item: &str, roll: &str) -> Vec<&'s Roll> {
    let id = format!("item:{P}:{item}:{roll}");
    sheet.rolls.iter().filter(|r| r.id == id).collect()
}

/// The one entry of a roll at a parameter's value (`slot` 3); a roll that does not vary over
/// that parameter (a save's DC) has one entry, which holds at every value.
pub fn roll_at<'s>(
    sheet: &'s Sheet,
    item: &str,
    roll: &str,
    at: Option<(&str, i64)>,
) -> Option<&'s Roll> {
    let entries = rolls(sheet, item, roll);
    match at {
        None => entries.first().copied(),
        Some((parameter, value)) => entries
            .iter()
            .find(|r| {
                r.at.iter()
                    .any(|(p, v)| p.as_str() == parameter && *v == value)
            })
            .or_else(|| {
                entries
                    .iter()
                    .find(|r| !r.at.keys().any(|p| p.as_str() == parameter))
            })
            .copied(),
    }
}

/// A check roll's modifier, a save's DC, a value roll's value, a dice roll's text.
pub fn roll_value(roll: &Roll) -> Option<String> {
    match &roll.kind {
        RollKind::Check(check) => Some(check.value.to_string()),
        RollKind::Save(save) => Some(save.dc.to_string()),
        RollKind::Dice(dice) => Some(dice.formula.clone()),
        RollKind::Value { value, .. } => value.as_ref().map(ToString::to_string),
        RollKind::Unavailable { .. } => None,
    }
}

/// The damage type a roll is about (`slashing`), from `damage-types.slashing`.
pub fn about(roll: &Roll) -> Option<String> {
    roll.about.as_ref().map(|id| {
        id.local
            .as_str()
            .trim_start_matches("damage-types.")
            .to_owned()
    })
}

/// Where each resource the oracle names is carried: the owned items that may carry it, the
/// first owned one wins (a feature replaced by a later one at higher level is not owned then).
pub fn resource_items(name: &str) -> &'static [&'static str] {
    match name {
        "Rage" => &["features.rage"],
        "Second Wind" => &["features.second-wind"],
        "Action Surge" => &[
            "features.action-surge-2-uses",
            "features.action-surge-1-use",
        ],
        "Indomitable" => &[
            "features.indomitable-3-uses",
            "features.indomitable-2-uses",
            "features.indomitable-1-use",
        ],
        "Arcane Recovery" => &["features.arcane-recovery"],
        "Lay on Hands" => &["features.lay-on-hands"],
        "Divine Sense" => &["features.divine-sense"],
        "Channel Divinity" => &[
            "features.channel-divinity-3-rest",
            "features.channel-divinity-2-rest",
            "features.channel-divinity-1-rest",
            "features.channel-divinity",
        ],
        "Bardic Inspiration" => &[
            "features.font-of-inspiration",
            "features.bardic-inspiration-d6",
        ],
        "Sorcery Points" => &["features.font-of-magic"],
        "Ki" => &["features.ki"],
        "Wild Shape" => &[
            "features.wild-shape-cr-1-4-or-below-no-flying-or-swim-speed",
            "features.wild-shape",
        ],
        "Natural Recovery" => &["features.natural-recovery"],
        "Wholeness of Body" => &["features.wholeness-of-body"],
        "Dark One's Own Luck" => &["features.dark-ones-own-luck"],
        "Hurl Through Hell" => &["features.hurl-through-hell"],
        "Mystic Arcanum" => &[
            "features.mystic-arcanum-9th-level",
            "features.mystic-arcanum-8th-level",
            "features.mystic-arcanum-7th-level",
            "features.mystic-arcanum-6th-level",
        ],
        "Holy Nimbus" => &["features.holy-nimbus"],
        "Stroke of Luck" => &["features.stroke-of-luck"],
        "Relentless Endurance" => &["traits.relentless-endurance"],
        "Breath Weapon" => &["traits.breath-weapon"],
        "Hellish Rebuke (Infernal Legacy)" | "Darkness (Infernal Legacy)" => {
            &["traits.infernal-legacy"]
        }
        _ => &[],
    }
}

/// The resources of the first owned item of `items` that carries any.
pub fn resources_of<'s>(sheet: &'s Sheet, items: &[&str]) -> Vec<&'s ResourceValue> {
    for item in items {
        let found: Vec<&ResourceValue> = sheet
            .resources
            .iter()
            .filter(|r| r.item.pack.as_str() == P && r.item.local.as_str() == *item)
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

/// The oracle's recovery words as the format's event: what comes back on a short rest comes
/// back on either rest ("short or long rest").
pub fn recovery(words: &str) -> Option<RecoveryEvent> {
    match words {
        "short or long rest" => Some(RecoveryEvent::ShortRest),
        "long rest" => Some(RecoveryEvent::LongRest),
        _ => None,
    }
}

/// How a feature's number is read: a field (with how the oracle's text reads as its value) or a
/// roll of an owned item.
pub enum FeatureProbe {
    /// A number field; the oracle's text is `+N` or `N` or `N–20`.
    Number(&'static str),
    /// A boolean field that must be true.
    Flag(&'static str),
    /// A dice roll of an owned item: (item, roll).
    Dice(&'static str, &'static str),
    /// A save roll's DC of an owned item: (item, roll).
    Dc(&'static str, &'static str),
    /// A number field read against the oracle's `CR <n> or lower`, `<n>` a whole number or a
    /// fraction (`1/2`): the format's numbers are exact, so the sheet shows `1/2` too.
    ChallengeRating(&'static str),
    /// A value roll of an owned item giving a percentage: the oracle's `11% (d100 ≤ 11)` is 11,
    /// `succeeds automatically` is 100.
    Percent(&'static str, &'static str),
    /// What the resource the oracle names (`Bardic Inspiration`, `Ki`) regains when initiative
    /// is rolled with none left: the oracle's leading number (`1`, `4 ki`).
    RegainOnInitiative(&'static str),
}

/// The probe of each feature the oracle names, where the pack has a place for it.
pub fn feature_probe(name: &str, value: &str) -> Option<FeatureProbe> {
    use FeatureProbe::{ChallengeRating, Dc, Dice, Flag, Number, Percent, RegainOnInitiative};
    Some(match name {
        "Rage damage" => Number("barbarian.rage_damage_bonus"),
        "Brutal Critical" => Number("barbarian.brutal_critical_dice"),
        "Savage Attacks" => Dice("traits.savage-attacks", "critical_extra_dice"),
        "Critical hit range" => Number("combat.critical_min"),
        "Martial Arts die" => Dice("features.martial-arts", "die"),
        "Sneak Attack" => Dice("features.sneak-attack", "damage"),
        "Ki save DC" => Dc("features.ki", "save"),
        "Relentless Rage DC" => Dc("features.relentless-rage", "save"),
        "Intimidating Presence DC" => Dc("features.intimidating-presence", "save"),
        "Song of Rest" => Dice("features.song-of-rest-d6", "healing"),
        "Cutting Words" => Dice("features.cutting-words", "die"),
        "Peerless Skill" => Dice("features.peerless-skill", "die"),
        "Deflect Missiles" => Dice("features.deflect-missiles", "reduction"),
        "Slow Fall" => Dice("features.slow-fall", "reduction"),
        "Survivor" => Dice("features.survivor", "healing"),
        "Dark One's Blessing" => Dice("features.dark-ones-blessing", "temporary_hit_points"),
        "Hunter's Prey: Colossus Slayer" => Dice("features.hunters-prey-colossus-slayer", "damage"),
        "Divine Strike" => Dice("features.divine-strike", "damage"),
        "Improved Divine Smite" => Dice("features.improved-divine-smite", "damage"),
        "Evasion" => Flag("flags.evasion"),
        "Lucky" => Flag("flags.reroll_natural_one"),
        "Reckless Attack" => Flag("flags.reckless_attack"),
        "Uncanny Dodge" => Flag("flags.uncanny_dodge"),
        "Reliable Talent" => Flag("flags.reliable_talent"),
        "Potent Cantrip" => Flag("flags.potent_cantrip"),
        "Supreme Healing" => Flag("flags.supreme_healing"),
        "Gnome Cunning" => Flag("advantage.mental_saves_vs_magic"),
        "Damage resistance" => match value {
            "lightning" => Flag("resistance.lightning"),
            "fire" => Flag("resistance.fire"),
            "poison" => Flag("resistance.poison"),
            "necrotic" => Flag("resistance.necrotic"),
            _ => return None,
        },
        "Favored enemies" => Number("ranger.favored_enemies"),
        "Favored terrains" => Number("ranger.favored_terrain"),
        "Metamagic known" => Number("sorcerer.metamagic_known"),
        "Eldritch Invocations known" => Number("warlock.invocations_known"),
        "Aura of Protection" => Number("paladin.aura_of_protection"),
        "Destroy Undead" => ChallengeRating("cleric.destroy_undead_cr"),
        "Divine Intervention" => Percent("features.divine-intervention", "chance"),
        "Superior Inspiration" => RegainOnInitiative("Bardic Inspiration"),
        "Perfect Self" => RegainOnInitiative("Ki"),
        // The bonuses a feature's roll modifiers add, each the class's field they read.
        "Empowered Evocation" => Number("wizard.empowered_evocation"),
        "Elemental Affinity" => Number("sorcerer.elemental_affinity"),
        "Disciple of Life" => Number("cleric.disciple_of_life"),
        "Foe Slayer" => Number("ranger.foe_slayer"),
        _ => return None,
    })
}

/// The dice (or number) an oracle text starts with: `1d8 radiant` → `1d8`, `10 hit points` →
/// `10`, `1d10 + 16` → itself.
pub fn dice_part(text: &str) -> String {
    text.split(' ')
        .take_while(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_digit() || "d+-×()".contains(c))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The leading whole number of an oracle text (`+2` → 2, `19–20` → 19, `3` → 3).
pub fn leading_number(text: &str) -> Option<i64> {
    let t = text.trim().trim_start_matches('+');
    let end = t
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_digit() || (*i == 0 && *c == '-')))
        .map_or(t.len(), |(i, _)| i);
    t[..end].parse().ok()
}

/// The challenge rating of an oracle text `CR <n> or lower` (`1/2`, `4`).
pub fn challenge_rating(text: &str) -> Option<&str> {
    text.strip_prefix("CR ")?.split(' ').next()
}

/// The percentage of an oracle text: `11% (d100 ≤ 11)` → 11, `succeeds automatically` → 100
/// (Divine Intervention at cleric 20: no roll).
pub fn percent(text: &str) -> Option<i64> {
    if text == "succeeds automatically" {
        return Some(100);
    }
    text.split_once('%')?.0.trim().parse().ok()
}

/// The owned item that rolls what the oracle lists among its spell rolls: a feature that
/// spends a spell slot (Divine Smite) rolls from the feature, each other from the spell.
pub fn spell_roll_item(spell: &str) -> String {
    match spell {
        "divine-smite" => "features.divine-smite".to_owned(),
        _ => format!("spells.{spell}"),
    }
}

/// What the first resource the oracle names `resource` regains when initiative is rolled with
/// none left, as the sheet shows it (`1`).
pub fn regain_on_initiative(sheet: &Sheet, resource: &str) -> Option<String> {
    resources_of(sheet, resource_items(resource))
        .into_iter()
        .flat_map(|r| &r.regains)
        .find(|g| g.on == RecoveryEvent::Initiative && g.when_empty)
        .and_then(|g| g.amount.as_ref().map(ToString::to_string))
}

/// A resource's maximum as the oracle writes it: a number, or `unlimited`.
pub fn resource_max(resource: &ResourceValue) -> Option<String> {
    if resource.unlimited {
        return Some("unlimited".to_owned());
    }
    resource.max.as_ref().map(ToString::to_string)
}
