//! The checks of a pack that need nothing beyond the pack itself and the format: its manifest
//! (license, language, version), the features it uses against its `specVersion`, its content
//! items' properties against their declared types, retirement versions, and which i18n keys
//! its default language must hold.
//!
//! Each check returns diagnostics with a JSON pointer and no file: the reader that knows which
//! file a pointer lands in (`opencharacter-release`) adds the file, line and column. Checks
//! that need other packs (references) live with the resolver; formula parsing lives with the
//! formula crate.
//!
//! ```
//! use opencharacter_spec::model::Manifest;
//! use opencharacter_spec::validate::manifest_diagnostics;
//!
//! let manifest: Manifest = opencharacter_spec::yaml::from_str(
//!     "id: demo-core\nversion: 0.0.3\nspecVersion: 1.0.0\nlicense: CC-BY-4.0\n\
//!      credit: Demo by its authors.\ndefaultLanguage: en_GB\n",
//! ).unwrap();
//! let found: Vec<_> = manifest_diagnostics(&manifest)
//!     .iter()
//!     .map(|d| (d.code.name, d.location.pointer.clone().unwrap_or_default()))
//!     .collect();
//! assert_eq!(found, [
//!     ("language-tag-invalid", "/defaultLanguage".to_owned()),
//!     ("pack-version-early", "/version".to_owned()),
//! ]);
//! ```

mod i18n;
mod properties;

pub use i18n::{RequiredKey, required_keys};
pub use properties::property_diagnostics;
pub(crate) use properties::value_fits;

use semver::Version;

use crate::diagnostic::{Diagnostic, Phrase, codes, reasons};
use crate::features::{PackContents, features_beyond};
use crate::model::check::manifest_problems;
use crate::model::{ContentItem, LicenseKind, Manifest};

/// Notices an `OGL-1.0a` pack should have beyond the two it must (sections 7 and 8 of the license).
pub const OGL_RECOMMENDED_NOTICES: [&str; 2] = ["product-identity", "open-game-content"];

/// The first version a pack may have.
pub const FIRST_VERSION: Version = Version::new(0, 1, 0);

/// Every problem of a manifest on its own, pointers from its root: a license that is no known
/// identifier, what the license needs (`credit`, notices) and recommends, a default language
/// that is not BCP 47, a version below 0.1.0.
pub fn manifest_diagnostics(manifest: &Manifest) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Err(reason) = license_known(&manifest.license.0) {
        out.push(
            Diagnostic::new(&codes::LICENSE_UNKNOWN)
                .with_arg("license", &manifest.license.0)
                .with_word("reason", reason)
                .with_pointer("/license"),
        );
    }
    out.extend(
        manifest_problems(manifest)
            .iter()
            .map(|p| p.to_diagnostic()),
    );
    if manifest.license.kind() == LicenseKind::Ogl10a {
        for notice in OGL_RECOMMENDED_NOTICES {
            let present = manifest
                .notices
                .get(notice)
                .is_some_and(|text| !text.trim().is_empty());
            if !present {
                out.push(
                    Diagnostic::new(&codes::LICENSE_NOTICE_RECOMMENDED)
                        .with_arg("license", &manifest.license.0)
                        .with_arg("notice", notice)
                        .with_pointer(if manifest.notices.is_empty() {
                            "/license"
                        } else {
                            "/notices"
                        }),
                );
            }
        }
    }
    if let Err(reason) = language_tag(&manifest.default_language) {
        out.push(
            Diagnostic::new(&codes::LANGUAGE_TAG_INVALID)
                .with_arg("tag", &manifest.default_language)
                .with_word("reason", reason)
                .with_pointer("/defaultLanguage"),
        );
    }
    if manifest.version < FIRST_VERSION {
        out.push(
            Diagnostic::new(&codes::PACK_VERSION_EARLY)
                .with_arg("version", &manifest.version)
                .with_pointer("/version"),
        );
    }
    out
}

/// Whether `license` is one this format knows: an identifier of the SPDX license list (not
/// deprecated), a `LicenseRef-…`, `ORC`, `OGL-1.0a` or `mechanics-only`; why not otherwise.
///
/// ```
/// use opencharacter_spec::validate::license_known;
/// assert!(license_known("CC-BY-4.0").is_ok());
/// assert!(license_known("LicenseRef-Lanternfall-Fan").is_ok());
/// assert!(license_known("ORC").is_ok());
/// assert!(license_known("CC-BY-4").is_err());
/// ```
pub fn license_known(license: &str) -> Result<(), Phrase> {
    match license {
        "ORC" | "OGL-1.0a" | "mechanics-only" => return Ok(()),
        _ => {}
    }
    if let Some(rest) = license.strip_prefix("LicenseRef-") {
        return if !rest.is_empty()
            && rest
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
        {
            Ok(())
        } else {
            Err(Phrase::new(&reasons::LICENSE_REF_EMPTY))
        };
    }
    match spdx::license_id(license) {
        Some(id) if id.is_deprecated() => {
            Err(Phrase::new(&reasons::LICENSE_DEPRECATED).with_arg("current", id.name))
        }
        Some(_) => Ok(()),
        None => Err(match spdx::imprecise_license_id(license) {
            Some((id, _)) if id.name != license => {
                Phrase::new(&reasons::LICENSE_NOT_SPDX_NEAR).with_arg("suggestion", id.name)
            }
            _ => Phrase::new(&reasons::LICENSE_NOT_SPDX),
        }),
    }
}

/// Whether `text` is an SPDX license expression of identifiers on the SPDX list
/// (`MIT OR Apache-2.0`, `CC-BY-4.0`): the form npm takes for a package's `license`; why not
/// otherwise. A `LicenseRef-…` is refused (npm refuses it for new packages), and so is a
/// deprecated identifier.
///
/// ```
/// use opencharacter_spec::validate::license_expression;
/// assert!(license_expression("CC-BY-4.0 AND CC0-1.0").is_ok());
/// assert!(license_expression("mechanics-only").is_err());
/// assert!(license_expression("LicenseRef-Fan").is_err());
/// ```
pub fn license_expression(text: &str) -> Result<(), Phrase> {
    let expression =
        spdx::Expression::parse(text).map_err(|_| Phrase::new(&reasons::LICENSE_NOT_EXPRESSION))?;
    for requirement in expression.requirements() {
        match requirement.req.license.id() {
            Some(id) if id.is_deprecated() => {
                return Err(Phrase::new(&reasons::LICENSE_DEPRECATED).with_arg("current", id.name));
            }
            Some(_) => {}
            None => {
                return Err(Phrase::new(&reasons::LICENSE_ID_NOT_SPDX)
                    .with_arg("license", &requirement.req.license));
            }
        }
    }
    Ok(())
}

/// Whether `tag` is a well-formed BCP 47 language tag (`en`, `pt-BR`, `zh-Hant-TW`); why not
/// otherwise. Subtags are separated by `-` only.
///
/// ```
/// use opencharacter_spec::validate::language_tag;
/// assert!(language_tag("pt-BR").is_ok());
/// assert!(language_tag("pt_BR").is_err());
/// assert!(language_tag("english").is_err());
/// ```
pub fn language_tag(tag: &str) -> Result<(), Phrase> {
    if tag.contains('_') {
        return Err(Phrase::new(&reasons::TAG_UNDERSCORE));
    }
    icu_locale_core::Locale::try_from_str(tag)
        .map(|_| ())
        .map_err(|error| {
            use icu_locale_core::ParseError;
            Phrase::new(match error {
                ParseError::InvalidLanguage => &reasons::TAG_LANGUAGE,
                ParseError::InvalidSubtag => &reasons::TAG_SUBTAG,
                ParseError::InvalidExtension => &reasons::TAG_EXTENSION,
                ParseError::DuplicatedExtension => &reasons::TAG_EXTENSION_TWICE,
                _ => &reasons::TAG_MALFORMED,
            })
        })
}

/// Each gated feature the pack uses beyond its declared `spec_version`, pointers from the
/// release's root (`/rules/layers`, `/upgrades`, `/i18n/fr`).
pub fn feature_diagnostics(pack: &PackContents<'_>, spec_version: &Version) -> Vec<Diagnostic> {
    features_beyond(pack, spec_version)
        .into_iter()
        .map(|found| {
            Diagnostic::new(&codes::FEATURE_TOO_NEW)
                .with_word(
                    "feature",
                    Phrase::new(&reasons::FEATURE_NAMED)
                        .with_word("description", found.feature.reason())
                        .with_arg("name", found.feature.name()),
                )
                .with_arg("needed", found.feature.since())
                .with_arg("declared", spec_version)
                .with_pointer(found.pointer)
        })
        .collect()
}

/// `deprecated.since` above the pack's version, pointer from the item's root.
pub fn deprecation_diagnostic(
    id: &str,
    item: &ContentItem,
    version: &Version,
) -> Option<Diagnostic> {
    let deprecated = item.deprecated.as_ref()?;
    (deprecated.since > *version).then(|| {
        Diagnostic::new(&codes::DEPRECATED_SINCE_TOO_NEW)
            .with_arg("id", id)
            .with_arg("since", &deprecated.since)
            .with_arg("version", version)
            .with_pointer("/deprecated/since")
    })
}

#[cfg(test)]
mod tests;
