//! Resources that content carries (a wand's charges, a class's Rage uses, a monk's ki): a
//! pool that comes with an owned item, its maximum a formula (or no maximum at all while a
//! condition holds: unlimited uses) and its recovery an event of play (a rest, dawn, rolling
//! initiative) with an amount (everything, or dice), and further events that bring some back
//! (`regains`: one use when initiative is rolled with none left).
//!
//! Why on content and not in `live.pools`: a rules pool exists for every character of the game;
//! a resource exists only while its item is owned, and two items may each carry a resource of
//! the same local name (`charges`), so its identity is the item's ID plus the local ID.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{DiceFormula, Formula, is_default};
use super::rules::PoolStart;

/// A resource a content item gives its owner: a live pool with a maximum and a recovery.
///
/// ```yaml
/// charges:
///   max: 7
///   recovery: { on: dawn, amount: 1d6 + 1 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ResourceDef {
    /// The maximum, a formula read for the owner (`item.<property>` reads the item's own
    /// properties): `3`, `level`, `max(1, abilities.cha.mod)`.
    pub max: Formula,
    /// A condition read for the owner: while it holds the resource has no maximum, its uses
    /// are unlimited (the SRD's Rage at barbarian 20). Without it, never.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unlimited: Option<Formula>,
    /// When it comes back, and how much.
    #[serde(default, skip_serializing_if = "is_default")]
    pub recovery: Recovery,
    /// Further events of play that bring some of it back, beside `recovery` (Superior
    /// Inspiration: one use when initiative is rolled with none left).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regains: Vec<Regain>,
    /// Where a new owner's pool stands (default full).
    #[serde(default, skip_serializing_if = "is_default")]
    pub start: PoolStart,
    /// A condition read for the owner: the resource exists only while it holds (Bardic
    /// Inspiration back on a long rest below bard 5, on a short rest from bard 5 as another
    /// resource). Without it, while the item is owned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Formula>,
}

/// When a resource comes back and by how much.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Recovery {
    /// The event of play that recovers it (default `never`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub on: RecoveryEvent,
    /// How much comes back: dice or a number, never above the maximum; back to the maximum
    /// without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DiceFormula>,
}

/// A further event that brings some of a resource back.
///
/// ```yaml
/// regains:
///   - { on: initiative, amount: 1, whenEmpty: true, when: levels("classes.bard") >= 20 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Regain {
    /// The event of play.
    pub on: RecoveryEvent,
    /// How much comes back: dice or a number, never above the maximum; back to the maximum
    /// without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DiceFormula>,
    /// Only when none of the resource is left at that moment.
    #[serde(default, skip_serializing_if = "is_default")]
    pub when_empty: bool,
    /// A condition read for the owner: the event brings some back only while it holds (a
    /// class level). Without it, always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Formula>,
}

/// The event of play on which a resource recovers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum RecoveryEvent {
    /// It does not come back (a potion's doses, a scroll).
    #[default]
    Never,
    /// At the end of a short rest.
    ShortRest,
    /// At the end of a long rest.
    LongRest,
    /// At dawn.
    Dawn,
    /// When the owner rolls initiative (a fight begins).
    Initiative,
}

impl RecoveryEvent {
    /// The event's name as the format writes it.
    pub const fn name(self) -> &'static str {
        match self {
            RecoveryEvent::Never => "never",
            RecoveryEvent::ShortRest => "shortRest",
            RecoveryEvent::LongRest => "longRest",
            RecoveryEvent::Dawn => "dawn",
            RecoveryEvent::Initiative => "initiative",
        }
    }
}
