//! The spec feature table: which spec version introduced each gated feature.
//!
//! A pack's `specVersion` is the lowest spec it needs; the build refuses a pack that uses a
//! feature newer than its `specVersion` says, and `load_ruleset` refuses a pack that needs a newer
//! spec than [`SUPPORTED`]. Everything not listed here is in 1.0.0.

use semver::Version;
use serde::Serialize;

/// The newest spec version this library implements (it reads every 1.x up to 1.6.x).
pub const SUPPORTED: Version = Version::new(1, 6, 0);

/// The base version: everything not gated by a feature below.
pub const BASE: Version = Version::new(1, 0, 0);

/// A feature of the format introduced after 1.0.0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Feature {
    /// A `layers` section in the rules.
    Layers,
    /// A base `gm.worldGuidance` in the rules.
    WorldGuidance,
    /// A layer that removes coins (`currencies.removeUnits` / `removeFamilies`).
    LayerCoinRemoval,
    /// Upgrade scripts (`upgrades/<from>-to-<to>.yaml`).
    UpgradeScripts,
    /// The `setColumn` step of an upgrade script.
    SetColumn,
    /// Languages beyond the default one (language packs, the `-i18n` package).
    Translations,
    /// A layer that changes `items` (market sellers, `unsold`, loot tables).
    LayerItems,
}

impl Feature {
    /// Every feature, in the order the table lists them.
    pub const ALL: [Feature; 7] = [
        Feature::Layers,
        Feature::WorldGuidance,
        Feature::LayerCoinRemoval,
        Feature::UpgradeScripts,
        Feature::SetColumn,
        Feature::Translations,
        Feature::LayerItems,
    ];

    /// The spec version that introduced the feature.
    pub const fn since(self) -> Version {
        match self {
            Feature::Layers | Feature::WorldGuidance => Version::new(1, 1, 0),
            Feature::LayerCoinRemoval => Version::new(1, 2, 0),
            Feature::UpgradeScripts => Version::new(1, 3, 0),
            Feature::SetColumn => Version::new(1, 4, 0),
            Feature::Translations => Version::new(1, 5, 0),
            Feature::LayerItems => Version::new(1, 6, 0),
        }
    }

    /// The feature's stable kebab-case name, as diagnostics and the spec write it.
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Layers => "layers",
            Feature::WorldGuidance => "world-guidance",
            Feature::LayerCoinRemoval => "layer-coin-removal",
            Feature::UpgradeScripts => "upgrade-scripts",
            Feature::SetColumn => "set-column",
            Feature::Translations => "translations",
            Feature::LayerItems => "layer-items",
        }
    }

    /// What the feature is, in words a pack author reads in a diagnostic.
    pub const fn description(self) -> &'static str {
        match self {
            Feature::Layers => "a `layers` section",
            Feature::WorldGuidance => "a base `gm.worldGuidance`",
            Feature::LayerCoinRemoval => "a layer that removes coins",
            Feature::UpgradeScripts => "upgrade scripts",
            Feature::SetColumn => "a `setColumn` upgrade step",
            Feature::Translations => "languages beyond the default language",
            Feature::LayerItems => "a layer that changes `items`",
        }
    }
}

/// The lowest spec version that has every feature in `used` (at least [`BASE`]).
pub fn required_version(used: impl IntoIterator<Item = Feature>) -> Version {
    used.into_iter().map(Feature::since).max().unwrap_or(BASE)
}

/// Whether this library can read a pack that needs `spec_version`: same major, not newer than
/// [`SUPPORTED`] in minor (any patch of a supported minor is read).
pub fn is_supported(spec_version: &Version) -> bool {
    spec_version.major == SUPPORTED.major
        && spec_version.minor <= SUPPORTED.minor
        && spec_version.pre.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_briefs() {
        let table: Vec<(&str, String)> = Feature::ALL
            .iter()
            .map(|f| (f.name(), f.since().to_string()))
            .collect();
        assert_eq!(
            table,
            [
                ("layers", "1.1.0".to_owned()),
                ("world-guidance", "1.1.0".to_owned()),
                ("layer-coin-removal", "1.2.0".to_owned()),
                ("upgrade-scripts", "1.3.0".to_owned()),
                ("set-column", "1.4.0".to_owned()),
                ("translations", "1.5.0".to_owned()),
                ("layer-items", "1.6.0".to_owned()),
            ]
        );
    }

    #[test]
    fn versions_grow_in_table_order() {
        assert!(
            Feature::ALL
                .windows(2)
                .all(|pair| pair[0].since() <= pair[1].since())
        );
        assert_eq!(
            Feature::ALL.iter().map(|f| f.since()).max(),
            Some(SUPPORTED)
        );
    }

    #[test]
    fn required_version_is_the_newest_feature() {
        assert_eq!(required_version([]), BASE);
        assert_eq!(
            required_version([Feature::SetColumn, Feature::Layers]),
            Version::new(1, 4, 0)
        );
    }

    #[test]
    fn supported_versions() {
        assert!(is_supported(&Version::new(1, 0, 0)));
        assert!(is_supported(&Version::new(1, 6, 3)));
        assert!(!is_supported(&Version::new(1, 7, 0)));
        assert!(!is_supported(&Version::new(2, 0, 0)));
        assert!(!is_supported(&Version::new(0, 9, 0)));
    }
}
