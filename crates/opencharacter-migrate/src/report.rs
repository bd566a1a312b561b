//! What a migration did: each step that changed something, with every value it copied, moved,
//! dropped or set, and each pack version it moved up.

use opencharacter_spec::ids::{FieldId, PackId};
use opencharacter_spec::model::Scalar;
use semver::Version;
use serde::Serialize;

/// The result of [`crate::migrate`]: whether the character changed (so the app saves the new
/// shape on its next edit), and what changed.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MigrationReport {
    /// Whether the migrated character differs from the one read.
    pub changed: bool,
    /// Each pack version moved up, in load order.
    pub versions: Vec<VersionChange>,
    /// Each step that changed something, in the order it ran.
    pub steps: Vec<AppliedStep>,
}

impl MigrationReport {
    /// Every change of every step, with the step it belongs to.
    pub fn changes(&self) -> impl Iterator<Item = (&AppliedStep, &Change)> {
        self.steps
            .iter()
            .flat_map(|step| step.changes.iter().map(move |change| (step, change)))
    }
}

/// A pack's saved version moved up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VersionChange {
    /// The pack.
    pub pack: PackId,
    /// The version the character was saved with.
    pub from: Version,
    /// The version loaded, which the character now records.
    pub to: Version,
}

/// One step of one script that changed the character.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppliedStep {
    /// The pack whose script it is.
    pub pack: PackId,
    /// The script, `<from>-to-<to>`.
    pub script: String,
    /// The step's position in the script, from 0.
    pub index: usize,
    /// The step's name (`rename`, `route`, `routeLive`, `setColumn`, `moveContent`).
    pub step: &'static str,
    /// What it changed.
    pub changes: Vec<Change>,
}

/// What a step did to one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// Copied to a key that held nothing; the old key keeps its value (`rename`, `route`).
    Copy,
    /// A `route`'s `default` written to its target for a character that never saved the value.
    Default,
    /// Moved: the old key is gone, the new one holds the value (`routeLive`, `moveContent`).
    Move,
    /// The old live key dropped without moving its value, because the new key already held one
    /// (`routeLive`): a value spent or restored since is never overwritten.
    Drop,
    /// A list cell overwritten (`setColumn`).
    Set,
}

/// Where the value lives in the character file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Place {
    /// `fields`.
    Field,
    /// `lists` (a whole list, moved by a `rename`).
    List,
    /// A cell of a list row.
    Cell,
    /// `live.pools`.
    Pool,
    /// `live.tracks`.
    Track,
    /// `live.woundTracks`.
    WoundTrack,
    /// An entry of `content`.
    Content,
    /// A content ID picked in an answer to a choice (`choices`, or an owned item's `choices`).
    Choice,
    /// An entry of `active`, the state of play (an item in play follows the item it names).
    Active,
}

/// One value a step copied, moved, dropped or set.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// What happened.
    pub action: Action,
    /// Where.
    pub place: Place,
    /// The old key (qualified), none for a `route` default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The new key (qualified); for a dropped live value, the key that kept its own value.
    pub to: String,
    /// For a list cell: the row, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    /// For a list cell: the column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<FieldId>,
    /// The value written (for a content move, none: the item keeps its quantity and choices).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
}

impl Change {
    pub(crate) fn new(action: Action, place: Place, from: Option<String>, to: String) -> Self {
        Change {
            action,
            place,
            from,
            to,
            row: None,
            column: None,
            value: None,
        }
    }

    pub(crate) fn with_value(mut self, value: serde_json::Value) -> Self {
        self.value = Some(value);
        self
    }

    pub(crate) fn with_scalar(self, value: &Scalar) -> Self {
        let json = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
        self.with_value(json)
    }
}
