//! The serde data model of every file of the format.
//!
//! Every type refuses unknown keys (a typo must not pass silently), keeps the order of maps where
//! order shows (`IndexMap`), and derives a JSON Schema ([`crate::schema`]). Top-level file types
//! accept one key beyond the model, `$schema`, so YAML files can name their schema for editors.
//!
//! | file | type |
//! | --- | --- |
//! | `pack.yaml` | [`Manifest`] |
//! | `rules/*.yaml` | [`RulesDocument`] |
//! | `content/<type>/<name>.yaml` | [`ContentItem`] |
//! | `templates/<name>.yaml` | [`Template`] |
//! | `i18n/<lang>.yaml` | [`I18nFile`] |
//! | `upgrades/<from>-to-<to>.yaml` | [`UpgradeScript`] |
//! | `dist/release.json` | [`PackRelease`] |
//! | a loaded ruleset | [`Ruleset`] |
//! | a game | [`Game`] |
//! | a character | [`Character`] |
//!
//! Formulas are kept as written ([`Formula`], [`DiceFormula`]); [`formulas`] finds every one.

pub mod character;
pub mod character_file;
pub mod check;
pub mod common;
pub mod content;
pub mod content_rolls;
pub mod economy;
pub mod formulas;
pub mod i18n;
pub mod layer;
pub mod manifest;
pub mod release;
pub mod resolution;
pub mod resources;
pub mod roll_modifiers;
pub mod rules;
pub mod ruleset;
pub mod upgrade;

#[cfg(test)]
mod tests;

pub use character::{
    Character, Game, GameSetup, GrantedAnswers, Homebrew, LiveValues, OwnedContent,
};
pub use common::{
    Choice, DiceFormula, Effect, EffectBound, EffectOp, Formula, GoodsFilter, Grant, Price, Query,
    Range, Scalar, Tag,
};
pub use content::{ContentForm, ContentItem, Deprecation, Template};
pub use content_rolls::{ContentRollDef, ContentRollKind, RollParameter, StatBlock};
pub use economy::{CurrencyFamily, CurrencyUnit, LootEntry, LootTable, Market, Seller};
pub use i18n::{I18nFile, I18nValue};
pub use layer::{HideRule, Layer};
pub use manifest::{License, LicenseKind, Manifest};
pub use release::{CompiledFormula, PackRelease};
pub use resolution::{Band, BandRange, BandSet, Bound, LadderStep, Resolution, ResolutionKind};
pub use resources::{Recovery, RecoveryEvent, Regain, ResourceDef};
pub use roll_modifiers::{RollModifier, RollModifierScope};
pub use rules::{ContentLevels, ContentTypeDef, FieldDef, RulesDocument, ValueType};
pub use ruleset::{Conflict, Ruleset, RulesetContent, RulesetPack, Withdrawn};
pub use upgrade::{Upgrade, UpgradeScript, UpgradeStep};
