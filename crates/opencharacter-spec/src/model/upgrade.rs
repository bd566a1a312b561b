//! Upgrade scripts (`upgrades/<from>-to-<to>.yaml`): how a character saved with an earlier
//! version of the pack moves to a later one.
//!
//! The file name gives the two pack versions; the file holds the steps, run in order. Each
//! step is a map with one key naming it (`rename`, `route`, `routeLive`, `setColumn`,
//! `moveContent`), like the seed's `setColumn`. Every step copies and never overwrites a value
//! already at its target, except `setColumn`.

use indexmap::IndexMap;
use schemars::JsonSchema;
use semver::Version;
use serde::{Deserialize, Serialize};

use super::common::Scalar;
use crate::ids::{ContentId, FieldId};

/// One upgrade script file.
///
/// ```yaml
/// steps:
///   - rename: { kind: field, from: xp, to: experience }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "OpenCharacter upgrade script (upgrades/<from>-to-<to>.yaml)")]
pub struct UpgradeScript {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The steps, run in order.
    pub steps: Vec<UpgradeStep>,
}

/// An upgrade script with the versions its file name gives, as a release holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Upgrade {
    /// The version the script moves from (it runs for a character saved below `to`).
    #[schemars(with = "super::common::SemverText")]
    pub from: Version,
    /// The version it moves to.
    #[schemars(with = "super::common::SemverText")]
    pub to: Version,
    /// The steps, run in order.
    pub steps: Vec<UpgradeStep>,
}

/// Why an upgrade script's file name is not `<from>-to-<to>.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{name}` is not named `<from>-to-<to>.yaml` with two versions, the first lower")]
pub struct UpgradeNameError {
    /// The file name.
    pub name: String,
}

/// Reads the two versions from an upgrade script's file name (`0.1.0-to-0.2.0.yaml`).
///
/// ```
/// let (from, to) = opencharacter_spec::model::upgrade::versions_from_file_name("0.1.0-to-0.2.0.yaml").unwrap();
/// assert_eq!((from.to_string(), to.to_string()), ("0.1.0".into(), "0.2.0".into()));
/// ```
pub fn versions_from_file_name(name: &str) -> Result<(Version, Version), UpgradeNameError> {
    let error = || UpgradeNameError {
        name: name.to_owned(),
    };
    let stem = name
        .strip_suffix(".yaml")
        .or_else(|| name.strip_suffix(".yml"))
        .ok_or_else(error)?;
    let (from, to) = stem.split_once("-to-").ok_or_else(error)?;
    let from = Version::parse(from).map_err(|_| error())?;
    let to = Version::parse(to).map_err(|_| error())?;
    if from >= to {
        return Err(error());
    }
    Ok((from, to))
}

/// One step of an upgrade script.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub enum UpgradeStep {
    /// Copies a value to a new ID; an ability, skill or save takes its parts along.
    Rename(Rename),
    /// Sends one field's value to the field named by another field's text.
    Route(Route),
    /// Moves a live pool's or track's value to the one of `cases` the character shows (runs on
    /// every read).
    RouteLive(RouteLive),
    /// Sets one column in every row of a list whose `where` columns match (spec 1.4.0). The
    /// only step that overwrites.
    SetColumn(SetColumn),
    /// Moves owned content off a deprecated item onto its `replacedBy`, with its choices.
    MoveContent(MoveContent),
}

impl UpgradeStep {
    /// The step's name as written.
    pub const fn name(&self) -> &'static str {
        match self {
            UpgradeStep::Rename(_) => "rename",
            UpgradeStep::Route(_) => "route",
            UpgradeStep::RouteLive(_) => "routeLive",
            UpgradeStep::SetColumn(_) => "setColumn",
            UpgradeStep::MoveContent(_) => "moveContent",
        }
    }
}

/// What a `rename` moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum RenameKind {
    /// An ability field, with its parts.
    Ability,
    /// A skill field, with its parts.
    Skill,
    /// A save field, with its parts.
    Save,
    /// One field.
    Field,
}

/// `rename: {kind, from, to}`.
///
/// ```yaml
/// rename: { kind: field, from: xp, to: experience }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Rename {
    /// What is renamed.
    pub kind: RenameKind,
    /// The old ID.
    pub from: FieldId,
    /// The new ID.
    pub to: FieldId,
}

/// `route: {from, by, cases, else, default?}`.
///
/// ```yaml
/// route:
///   from: level
///   by: class
///   cases:
///     - { words: [fighter], to: level_fighter }
///   else: level_other
///   default: 1
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Route {
    /// The field whose value moves.
    pub from: FieldId,
    /// The text field whose words pick the target.
    pub by: FieldId,
    /// The cases; a case wins when all its words appear in `by` as whole words,
    /// case-insensitively, and exactly one case wins.
    pub cases: Vec<RouteCase>,
    /// The target when no case or several win.
    #[serde(rename = "else")]
    pub otherwise: FieldId,
    /// Stands in for the value on a character that never saved it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Scalar>,
}

/// One case of a `route`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteCase {
    /// Words (letters only) that must appear in the `by` text.
    pub words: Vec<String>,
    /// The target field.
    pub to: FieldId,
}

/// What a `routeLive` moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum LiveKind {
    /// A pool.
    Pool,
    /// A plain or wound track (all cases of one kind).
    Track,
}

/// `routeLive: {kind, from, cases, else}`.
///
/// ```yaml
/// routeLive: { kind: pool, from: hit_dice, cases: [hit_dice_d6, hit_dice_d8], else: hit_dice_d8 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteLive {
    /// Pool or track.
    pub kind: LiveKind,
    /// The old pool or track.
    pub from: FieldId,
    /// The candidates, in order: the value goes to the first one the character shows (a pool
    /// with a maximum above 0, a track not hidden).
    pub cases: Vec<FieldId>,
    /// The target when the character shows none of them.
    #[serde(rename = "else")]
    pub otherwise: FieldId,
}

/// `setColumn: {list, where, column, to}` (spec 1.4.0).
///
/// ```yaml
/// setColumn:
///   list: attacks
///   where: { name: [Dagger, Rapier], ability: [str, dex] }
///   column: ability
///   to: finesse
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SetColumn {
    /// The list field.
    pub list: FieldId,
    /// Columns and the values one of which each must hold (text matches case-insensitively,
    /// ignoring spaces at its ends; a number matches exactly).
    #[serde(rename = "where")]
    pub matching: IndexMap<FieldId, Vec<Scalar>>,
    /// The column set.
    pub column: FieldId,
    /// The value it is set to.
    pub to: Scalar,
}

/// `moveContent: {from}`: moves every owned copy of the pack's deprecated item `from`, with its
/// choices and templates, onto the item its `deprecated.replacedBy` names. It moves; it does
/// not copy.
///
/// ```yaml
/// moveContent: { from: feats.old-alert }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MoveContent {
    /// The deprecated item (of this pack).
    pub from: ContentId,
}
