//! The layer toggles of a game-creation screen: one per layer, grouped under its pack;
//! switching one on switches off those it conflicts with. The saved set is what counts.

use opencharacter_spec::ids::{FieldId, QualifiedFieldId};
use opencharacter_spec::model::Ruleset;
use serde::Serialize;

use crate::apply::{conflict, layer_order};

/// One toggle of the screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Toggle {
    /// The layer, qualified; apps label it with `layer.<id>.label` of its pack.
    pub layer: QualifiedFieldId,
    /// Whether it is on.
    pub on: bool,
    /// The layers it cannot be on with (either side naming the other).
    pub conflicts: Vec<QualifiedFieldId>,
}

/// Why a toggle cannot be switched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ToggleError {
    /// No loaded pack declares the layer.
    #[error("no loaded pack declares the layer `{0}`")]
    Unknown(String),
    /// A bare layer ID matches layers of several packs.
    #[error("the layer `{0}` is declared by several packs ({1}); qualify it")]
    Ambiguous(String, String),
    /// Not a layer ID.
    #[error("`{0}` is not a layer ID: {1}")]
    Invalid(String, String),
}

/// The toggles of a ruleset's layers and the set switched on.
///
/// ```
/// use opencharacter_layers::LayerToggles;
/// use opencharacter_spec::model::{Layer, Ruleset};
///
/// let mut ruleset = Ruleset::default();
/// let winter = Layer { conflicts: vec!["mud_season".parse()?], ..Layer::default() };
/// ruleset.layers.insert("ember-roads-1e:hard_winter".parse()?, winter);
/// ruleset.layers.insert("ember-roads-1e:mud_season".parse()?, Layer::default());
///
/// let mut toggles = LayerToggles::new(&ruleset, &[]);
/// toggles.switch_on(&"ember-roads-1e:mud_season".parse()?)?;
/// let off = toggles.switch_on(&"ember-roads-1e:hard_winter".parse()?)?;
/// assert_eq!(off[0].to_string(), "ember-roads-1e:mud_season");
/// assert_eq!(toggles.saved()[0].to_string(), "ember-roads-1e:hard_winter");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct LayerToggles<'r> {
    ruleset: &'r Ruleset,
    on: Vec<QualifiedFieldId>,
}

impl<'r> LayerToggles<'r> {
    /// The toggles, with `saved` switched on (unknown IDs are left out; if `saved` holds both
    /// sides of a conflict, the later-declared one is off, as `apply_layers` would drop it).
    pub fn new(ruleset: &'r Ruleset, saved: &[QualifiedFieldId]) -> Self {
        let (kept, _) = crate::apply::kept_layers(ruleset, saved);
        LayerToggles { ruleset, on: kept }
    }

    /// Every toggle, packs in load order and layers in declaration order.
    pub fn toggles(&self) -> Vec<Toggle> {
        let order = layer_order(self.ruleset);
        order
            .iter()
            .map(|&id| Toggle {
                layer: id.clone(),
                on: self.on.contains(id),
                conflicts: order
                    .iter()
                    .filter(|&&other| conflict(self.ruleset, id, other))
                    .map(|&other| other.clone())
                    .collect(),
            })
            .collect()
    }

    /// Switches a layer on; returns the layers this switched off because they conflict with it.
    pub fn switch_on(
        &mut self,
        layer: &QualifiedFieldId,
    ) -> Result<Vec<QualifiedFieldId>, ToggleError> {
        if !self.ruleset.layers.contains_key(layer) {
            return Err(ToggleError::Unknown(layer.to_string()));
        }
        let (off, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut self.on)
            .into_iter()
            .partition(|other| conflict(self.ruleset, layer, other));
        self.on = keep;
        if !self.on.contains(layer) {
            self.on.push(layer.clone());
        }
        Ok(off)
    }

    /// Switches a layer off (nothing happens if it was off).
    pub fn switch_off(&mut self, layer: &QualifiedFieldId) {
        self.on.retain(|other| other != layer);
    }

    /// The set to save with the game: the layers on, in apply order.
    pub fn saved(&self) -> Vec<QualifiedFieldId> {
        layer_order(self.ruleset)
            .into_iter()
            .filter(|id| self.on.contains(id))
            .cloned()
            .collect()
    }
}

/// A layer ID as a person types it, qualified: `pack:layer` as it is, a bare `layer` when
/// exactly one loaded pack declares it.
pub fn qualify_layer(ruleset: &Ruleset, text: &str) -> Result<QualifiedFieldId, ToggleError> {
    if text.contains(':') {
        let id: QualifiedFieldId =
            text.parse()
                .map_err(|e: opencharacter_spec::ids::IdError| {
                    ToggleError::Invalid(text.to_owned(), e.to_string())
                })?;
        return if ruleset.layers.contains_key(&id) {
            Ok(id)
        } else {
            Err(ToggleError::Unknown(text.to_owned()))
        };
    }
    let local: FieldId = text
        .parse()
        .map_err(|e: opencharacter_spec::ids::IdError| {
            ToggleError::Invalid(text.to_owned(), e.to_string())
        })?;
    let found: Vec<&QualifiedFieldId> = ruleset
        .layers
        .keys()
        .filter(|id| id.local == local)
        .collect();
    match found.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(ToggleError::Unknown(text.to_owned())),
        many => Err(ToggleError::Ambiguous(
            text.to_owned(),
            many.iter()
                .map(|id| format!("`{id}`"))
                .collect::<Vec<_>>()
                .join(", "),
        )),
    }
}
