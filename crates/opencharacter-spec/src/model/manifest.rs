//! The manifest, `pack.yaml`.

use indexmap::IndexMap;
use schemars::JsonSchema;
use semver::Version;
use serde::{Deserialize, Serialize};

use crate::ids::{PackId, QualifiedContentId};

/// `pack.yaml`: what a pack is, which spec it needs, its license and what it depends on.
///
/// ```
/// use opencharacter_spec::model::Manifest;
/// let manifest: Manifest = opencharacter_spec::yaml::from_str(
///     "id: 5e-srd-5.1\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC-BY-4.0\n\
///      credit: This work includes material from the SRD 5.1.\ndefaultLanguage: en\n",
/// ).unwrap();
/// assert_eq!(manifest.id.as_str(), "5e-srd-5.1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(
    title = "OpenCharacter pack manifest (pack.yaml)",
    description = "What a pack is, which spec it needs, its license and what it depends on."
)]
pub struct Manifest {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The pack's permanent ID; in this repository `<game>-<pack>`.
    pub id: PackId,
    /// The pack's data version (semver, from 0.1.0); published versions never change.
    #[schemars(with = "super::common::SemverText")]
    pub version: Version,
    /// The lowest spec version the pack needs.
    #[schemars(with = "super::common::SemverText")]
    pub spec_version: Version,
    /// An SPDX license identifier (or `LicenseRef-…`), `ORC`, `OGL-1.0a` or `mechanics-only`.
    pub license: License,
    /// The attribution the license requires; apps pass it on verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<String>,
    /// Other notices the license requires, by slug, in order; apps pass each on after `credit`.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub notices: IndexMap<String, String>,
    /// BCP 47 tag of the pack's default language; its i18n file must exist.
    #[schemars(regex(pattern = r"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$"))]
    pub default_language: String,
    /// Packs this one builds on: pack ID → npm-style version range.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub dependencies: IndexMap<PackId, String>,
    /// Qualified IDs of dependency content to hide from the ruleset.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hides: Vec<QualifiedContentId>,
    /// The pack's home page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homepage: Option<String>,
}

/// A pack's license, as written: one SPDX identifier or `LicenseRef-…`, `ORC`, `OGL-1.0a` or
/// `mechanics-only`. An SPDX expression (`MIT OR Apache-2.0`) is refused: it has spaces.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(transparent)]
pub struct License(
    #[schemars(regex(pattern = r"^[A-Za-z0-9][A-Za-z0-9.+-]*$"), length(max = 128))] pub String,
);

impl<'de> Deserialize<'de> for License {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let well_formed = text.len() <= 128
            && text.starts_with(|ch: char| ch.is_ascii_alphanumeric())
            && text
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '.' | '+' | '-'));
        if well_formed {
            Ok(License(text))
        } else {
            Err(serde::de::Error::custom(format!(
                "`{text}` is not a license identifier: write one SPDX identifier (or \
                 `LicenseRef-…`), `ORC`, `OGL-1.0a` or `mechanics-only`, not an expression"
            )))
        }
    }
}

/// What kind of license a [`License`] names; decides which of `credit` and `notices` it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LicenseKind {
    /// A Creative Commons license with the BY element (`CC-BY-4.0`, `CC-BY-SA-3.0`, …): needs `credit`.
    CreativeCommonsBy,
    /// Any other SPDX identifier or `LicenseRef-…`.
    Spdx,
    /// The ORC license: needs `credit` and the notices `orc`, `reserved-material`, `expressly-designated`.
    Orc,
    /// The Open Game License v1.0a: needs the notices `ogl-license` and `section-15`.
    Ogl10a,
    /// Mechanics and neutral labels only.
    MechanicsOnly,
}

impl License {
    /// Classifies the license. Whether an SPDX identifier is a known one is checked by the
    /// validator, which reports unknown ones; here anything else counts as [`LicenseKind::Spdx`].
    pub fn kind(&self) -> LicenseKind {
        match self.0.as_str() {
            "ORC" => LicenseKind::Orc,
            "OGL-1.0a" => LicenseKind::Ogl10a,
            "mechanics-only" => LicenseKind::MechanicsOnly,
            id if id.starts_with("CC-BY-") => LicenseKind::CreativeCommonsBy,
            _ => LicenseKind::Spdx,
        }
    }

    /// Whether the license is an identifier on the SPDX license list (and not deprecated there):
    /// what tools outside this format, npm among them, accept as a license. `ORC`, `OGL-1.0a`,
    /// `mechanics-only` and `LicenseRef-…` are not.
    ///
    /// ```
    /// use opencharacter_spec::model::License;
    /// assert!(License("CC-BY-4.0".to_owned()).is_spdx_listed());
    /// assert!(!License("ORC".to_owned()).is_spdx_listed());
    /// assert!(!License("LicenseRef-Lanternfall-Fan".to_owned()).is_spdx_listed());
    /// ```
    pub fn is_spdx_listed(&self) -> bool {
        spdx::license_id(&self.0).is_some_and(|id| !id.is_deprecated())
    }
}
