//! The pack index: where each release and each of its language packs is published, with the
//! sha256 and size an installer checks before keeping anything, and the store card's name and
//! description in each language (so a card reads in the app's language before any download).
//!
//! This module has no file system and no network: [`IndexWriter`] turns the bytes of built
//! releases and language packs into an index and the files to publish beside it, and
//! [`PackIndex::check`] reports what breaks the format. The installer (feature `install`)
//! reads an index through [`PackIndex::find`] and [`IndexRelease::locale_for`].
//!
//! ```
//! use opencharacter_i18n::index::IndexWriter;
//!
//! let release = br#"{"manifest": {"id": "demo", "version": "1.0.0", "specVersion": "1.5.0",
//!   "license": "CC0-1.0", "defaultLanguage": "en"}, "rules": {}, "content": {},
//!   "i18n": {"_meta": {"language": "en", "direction": "ltr"}, "pack.name": "Demo"},
//!   "formulas": {}}"#;
//! let spanish = br#"{"_meta": {"language": "es", "direction": "ltr"}, "pack.name": "Demostraci\u00f3n"}"#;
//! let mut writer = IndexWriter::new("https://example.org/packs/")?;
//! let files = writer.add(release, &[spanish.to_vec()])?;
//! assert_eq!(files[1].name, "demo-1.0.0.es.json");
//! let index = writer.finish();
//! let es = &index.releases[0].locales["es"];
//! assert_eq!(es.url, "https://example.org/packs/demo-1.0.0.es.json");
//! assert_eq!((es.name.as_str(), es.bytes), ("Demostración", spanish.len() as u64));
//! assert!(index.check(false).is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::{Diagnostic, Phrase, Word, codes, reasons};
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::{I18nFile, PackRelease};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::tag::LanguageTag;
use crate::text::LanguageText;

/// At most this many languages per release (never counting its default language).
pub const MAX_LOCALES: usize = 40;
/// A language pack is at most 8 MiB.
pub const MAX_LANGUAGE_PACK_BYTES: u64 = 8 * 1024 * 1024;
/// A release artifact is at most 64 MiB (decided here; the seed gives no figure).
pub const MAX_RELEASE_BYTES: u64 = 64 * 1024 * 1024;
/// An index document is at most 16 MiB (decided here).
pub const MAX_INDEX_BYTES: u64 = 16 * 1024 * 1024;
/// An index lists at most this many releases (decided here).
pub const MAX_RELEASES: usize = 100_000;

/// A pack index (`index.json`, schema `schemas/pack-index.schema.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PackIndex {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Every release published, in the order written (by pack ID, then version).
    pub releases: Vec<IndexRelease>,
}

/// One published release of one pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct IndexRelease {
    /// The pack's ID.
    pub id: PackId,
    /// The release's version.
    #[schemars(with = "String")]
    pub version: semver::Version,
    /// The release's default language, whose text the release carries.
    pub default_language: String,
    /// The artifact, `https://…/<pack-id>-<version>.release.json`.
    pub url: String,
    /// The artifact's sha256, 64 lowercase hex digits.
    pub sha256: String,
    /// The artifact's size in bytes.
    pub bytes: u64,
    /// Whether the artifact carries languages beyond its default inside (`locales`). An index
    /// release never should: an installer refuses one that does before downloading it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub carries_languages: bool,
    /// Its language packs by language tag: at most 40, never the default language.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub locales: IndexMap<String, IndexLocale>,
}

/// One language pack of one release.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct IndexLocale {
    /// The pack, `https://…/<pack-id>-<version>.<lang>.json`, beside the release's artifact.
    pub url: String,
    /// Its sha256, 64 lowercase hex digits. Corrected bytes change it, not the pack version.
    pub sha256: String,
    /// Its size in bytes, at most 8 MiB.
    pub bytes: u64,
    /// The store card's name in this language.
    pub name: String,
    /// The store card's description in this language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// The published file name of a release: `<pack-id>-<version>.release.json`.
pub fn release_file_name(id: &PackId, version: &semver::Version) -> String {
    format!("{id}-{version}.release.json")
}

/// The published file name of a language pack: `<pack-id>-<version>.<lang>.json`.
pub fn language_pack_file_name(id: &PackId, version: &semver::Version, language: &str) -> String {
    format!("{id}-{version}.{language}.json")
}

/// The sha256 of some bytes, as 64 lowercase hex digits.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut text = String::with_capacity(64);
    for byte in digest {
        text.push_str(&format!("{byte:02x}"));
    }
    text
}

/// Why a URL is not one the index may list.
pub fn check_url(url: &str, file_name: &str, allow_http: bool) -> Result<(), Phrase> {
    let rest = if let Some(rest) = url.strip_prefix("https://") {
        rest
    } else if let Some(rest) = url.strip_prefix("http://") {
        if !allow_http {
            return Err(Phrase::new(&reasons::URL_HTTP_NOT_ALLOWED));
        }
        rest
    } else {
        return Err(Phrase::new(&reasons::URL_NOT_HTTPS));
    };
    if url.contains(['?', '#']) || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Phrase::new(&reasons::URL_QUERY));
    }
    let Some((host, path)) = rest.split_once('/') else {
        return Err(Phrase::new(&reasons::URL_NO_PATH));
    };
    if host.is_empty() {
        return Err(Phrase::new(&reasons::URL_NO_HOST));
    }
    match path.rsplit('/').next() {
        Some(last) if last == file_name => Ok(()),
        _ => Err(Phrase::new(&reasons::URL_FILE_NAME).with_arg("file", file_name)),
    }
}

/// Everything up to the last `/` of a URL (the folder a file is published in).
fn folder_of(url: &str) -> &str {
    url.rsplit_once('/').map_or(url, |(folder, _)| folder)
}

fn is_sha256(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl PackIndex {
    /// Every problem of the index: URLs that are not https (unless `allow_http`) or not named
    /// as the format says, checksums that are not sha256, sizes over their limits, more than 40
    /// languages, the default language listed, a release carrying languages, a release listed
    /// twice. All are errors; an installer uses only entries without any.
    pub fn check(&self, allow_http: bool) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        if self.releases.len() > MAX_RELEASES {
            problems.push(limit(
                "index",
                "",
                "releases",
                self.releases.len() as u64,
                MAX_RELEASES as u64,
            ));
        }
        let mut seen = std::collections::HashSet::new();
        for release in &self.releases {
            if !seen.insert((release.id.clone(), release.version.clone())) {
                problems.push(invalid(
                    release,
                    "release",
                    Phrase::new(&reasons::INDEX_LISTED_TWICE),
                ));
            }
            problems.extend(release.check(allow_http));
        }
        problems
    }

    /// The index without what an installer would refuse, and every problem: a release entry with
    /// a problem of its own is left out, a language pack with one is left off its entry, and
    /// releases past the limit or listed twice are dropped. What a publisher writes, so an index
    /// file never lists an entry it refused.
    pub fn without_refused(&self, allow_http: bool) -> (PackIndex, Vec<Diagnostic>) {
        let problems = self.check(allow_http);
        let mut seen = std::collections::HashSet::new();
        let releases = self
            .releases
            .iter()
            .take(MAX_RELEASES)
            .filter(|r| r.check_release(allow_http).is_empty())
            .filter(|r| seen.insert((r.id.clone(), r.version.clone())))
            .map(|release| {
                let mut release = release.clone();
                let refused: Vec<String> = release
                    .locales
                    .keys()
                    .enumerate()
                    .filter(|(at, language)| {
                        *at >= MAX_LOCALES || release.check_locale(language, allow_http).is_err()
                    })
                    .map(|(_, language)| language.clone())
                    .collect();
                for language in refused {
                    release.locales.shift_remove(&language);
                }
                release
            })
            .collect();
        (
            PackIndex {
                schema: self.schema.clone(),
                releases,
            },
            problems,
        )
    }

    /// The highest version of `id` that matches `range` (any version without one) and whose
    /// entry has no problem.
    pub fn find(
        &self,
        id: &PackId,
        range: Option<&semver::VersionReq>,
        allow_http: bool,
    ) -> Option<&IndexRelease> {
        self.releases
            .iter()
            .filter(|r| &r.id == id && range.is_none_or(|range| range.matches(&r.version)))
            .filter(|r| r.check_release(allow_http).is_empty())
            .max_by(|a, b| a.version.cmp(&b.version))
    }

    /// The entry of exactly `id` at `version`, when it has no problem of its own.
    pub fn find_exact(
        &self,
        id: &PackId,
        version: &semver::Version,
        allow_http: bool,
    ) -> Option<&IndexRelease> {
        self.releases
            .iter()
            .find(|r| &r.id == id && &r.version == version)
            .filter(|r| r.check_release(allow_http).is_empty())
    }
}

fn invalid(release: &IndexRelease, what: &str, reason: impl Into<Word>) -> Diagnostic {
    Diagnostic::new(&codes::INDEX_ENTRY_INVALID)
        .with_arg("pack", &release.id)
        .with_arg("version", &release.version)
        .with_arg("what", what)
        .with_word("reason", reason)
}

fn limit(pack: &str, version: &str, what: &str, count: u64, limit: u64) -> Diagnostic {
    Diagnostic::new(&codes::INDEX_LIMIT)
        .with_arg("pack", pack)
        .with_arg("version", version)
        .with_arg("what", what)
        .with_arg("count", count)
        .with_arg("limit", limit)
}

impl IndexRelease {
    /// Every problem of this entry, its language packs included.
    pub fn check(&self, allow_http: bool) -> Vec<Diagnostic> {
        let mut problems = self.check_release(allow_http);
        if self.locales.len() > MAX_LOCALES {
            problems.push(limit(
                self.id.as_str(),
                &self.version.to_string(),
                "locales",
                self.locales.len() as u64,
                MAX_LOCALES as u64,
            ));
        }
        for language in self.locales.keys() {
            if let Err(reason) = self.check_locale(language, allow_http) {
                problems.push(invalid(self, &format!("locales.{language}"), reason));
            }
        }
        problems
    }

    /// The problems of the release's own fields (not its language packs).
    fn check_release(&self, allow_http: bool) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        let name = release_file_name(&self.id, &self.version);
        if let Err(reason) = check_url(&self.url, &name, allow_http) {
            problems.push(invalid(
                self,
                "url",
                Phrase::new(&reasons::URL_IS)
                    .with_arg("url", &self.url)
                    .with_word("reason", reason),
            ));
        }
        if !is_sha256(&self.sha256) {
            problems.push(invalid(self, "sha256", Phrase::new(&reasons::INDEX_SHA256)));
        }
        if self.bytes > MAX_RELEASE_BYTES {
            problems.push(limit(
                self.id.as_str(),
                &self.version.to_string(),
                "bytes",
                self.bytes,
                MAX_RELEASE_BYTES,
            ));
        }
        if self.carries_languages {
            problems.push(invalid(
                self,
                "carriesLanguages",
                Phrase::new(&reasons::INDEX_CARRIES_LANGUAGES),
            ));
        }
        if let Err(error) = LanguageTag::parse(&self.default_language) {
            problems.push(invalid(self, "defaultLanguage", error.to_diagnostic()));
        }
        problems
    }

    /// Why one language pack of this entry cannot be used, if it cannot.
    pub fn check_locale(&self, language: &str, allow_http: bool) -> Result<(), Phrase> {
        let Some(locale) = self.locales.get(language) else {
            return Err(Phrase::new(&reasons::LOCALE_NOT_LISTED));
        };
        if self.locales.len() > MAX_LOCALES {
            return Err(Phrase::new(&reasons::LOCALE_TOO_MANY).with_arg("limit", MAX_LOCALES));
        }
        let tag = LanguageTag::parse(language).map_err(|error| {
            Phrase::new(&reasons::URL_IS)
                .with_arg("url", language)
                .with_word("reason", error.reason)
        })?;
        if tag.as_str() != language {
            return Err(Phrase::new(&reasons::LOCALE_NOT_NORMAL).with_arg("tag", tag));
        }
        if LanguageTag::parse(&self.default_language).is_ok_and(|default| default == tag) {
            return Err(Phrase::new(&reasons::LOCALE_IS_DEFAULT));
        }
        let name = language_pack_file_name(&self.id, &self.version, language);
        check_url(&locale.url, &name, allow_http).map_err(|r| {
            Phrase::new(&reasons::URL_IS)
                .with_arg("url", &locale.url)
                .with_word("reason", r)
        })?;
        if folder_of(&locale.url) != folder_of(&self.url) {
            return Err(Phrase::new(&reasons::LOCALE_NOT_BESIDE));
        }
        if !is_sha256(&locale.sha256) {
            return Err(Phrase::new(&reasons::LOCALE_SHA256));
        }
        if locale.bytes > MAX_LANGUAGE_PACK_BYTES {
            return Err(Phrase::new(&reasons::LOCALE_TOO_LARGE)
                .with_arg("bytes", locale.bytes)
                .with_arg("limit", MAX_LANGUAGE_PACK_BYTES));
        }
        Ok(())
    }

    /// The language pack an app in `language` installs: the language itself or its nearest
    /// shorter form that this release lists without a problem. `None` when the app's language
    /// (or a shorter form) is the default language, or nothing fits.
    pub fn locale_for(
        &self,
        language: &LanguageTag,
        allow_http: bool,
    ) -> Option<(LanguageTag, &IndexLocale)> {
        self.locale_status(language, allow_http).ok()
    }

    /// [`IndexRelease::locale_for`], saying why when there is none: the language (or a shorter
    /// form reached first) is the default language, none is listed, or the one listed is
    /// refused by [`IndexRelease::check_locale`] (the first refusal along the language's
    /// shorter forms, when no later form fits).
    pub fn locale_status(
        &self,
        language: &LanguageTag,
        allow_http: bool,
    ) -> Result<(LanguageTag, &IndexLocale), NoLocale> {
        let default = LanguageTag::parse(&self.default_language).ok();
        let mut refused = None;
        for tag in language.chain() {
            if default.as_ref() == Some(&tag) {
                return Err(NoLocale::Default);
            }
            let Some(locale) = self.locales.get(tag.as_str()) else {
                continue;
            };
            match self.check_locale(tag.as_str(), allow_http) {
                Ok(()) => return Ok((tag, locale)),
                Err(reason) => {
                    refused.get_or_insert(NoLocale::Refused {
                        language: tag,
                        reason,
                    });
                }
            }
        }
        Err(refused.unwrap_or(NoLocale::NotListed))
    }
}

/// Why a release has no language pack to install for a language
/// ([`IndexRelease::locale_status`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoLocale {
    /// The language, or the first shorter form of it that counts, is the release's default
    /// language: the release carries its text.
    Default,
    /// The release lists no language pack for the language nor any shorter form of it.
    NotListed,
    /// A language pack is listed, but the index check refuses it.
    Refused {
        /// The language of the pack refused.
        language: LanguageTag,
        /// Why, a phrase of the standard text ([`IndexRelease::check_locale`]).
        reason: Phrase,
    },
}

/// Why the index writer cannot list a release.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    /// The base URL is not an http(s) URL.
    #[error("`{0}` is not an https (or http) URL to publish under")]
    BaseUrl(String),
    /// The release is not a release.
    #[error("the release does not read: {0}")]
    Release(String),
    /// A language pack is not an i18n file.
    #[error("a language pack of {pack} does not read: {reason}")]
    LanguagePack {
        /// The pack.
        pack: String,
        /// Why.
        reason: String,
    },
    /// Over a limit.
    #[error("{pack}: {what} is {count}, over the limit of {limit}")]
    Limit {
        /// The pack.
        pack: String,
        /// What.
        what: String,
        /// How many.
        count: u64,
        /// The limit.
        limit: u64,
    },
}

/// A file to publish at the index's base URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Published {
    /// Its file name (`5e-srd-5.1-0.1.0.es.json`).
    pub name: String,
    /// Its bytes, exactly as the index's sha256 and size describe them.
    pub bytes: Vec<u8>,
}

/// Writes a pack index from built releases and their language packs.
#[derive(Debug, Clone)]
pub struct IndexWriter {
    base_url: String,
    releases: Vec<IndexRelease>,
}

/// Splits a release file into the release and the languages it carries inside (`locales`, a
/// map of language tag → i18n file, in a file shared by hand).
pub fn split_release(bytes: &[u8]) -> Result<(PackRelease, IndexMap<String, I18nFile>), String> {
    let mut value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|error| error.to_string())?;
    let locales = match value
        .as_object_mut()
        .and_then(|object| object.remove("locales"))
    {
        Some(locales) => serde_json::from_value(locales).map_err(|e| format!("locales: {e}"))?,
        None => IndexMap::new(),
    };
    let release = serde_json::from_value(value).map_err(|error| error.to_string())?;
    Ok((release, locales))
}

impl IndexWriter {
    /// A writer for files published under `base_url` (`https://example.org/packs/`).
    pub fn new(base_url: &str) -> Result<IndexWriter, IndexError> {
        let base = base_url.trim_end_matches('/');
        let ok = (base.starts_with("https://") || base.starts_with("http://"))
            && base
                .split_once("://")
                .is_some_and(|(_, rest)| !rest.is_empty())
            && !base.contains(['?', '#', ' ']);
        if !ok {
            return Err(IndexError::BaseUrl(base_url.to_owned()));
        }
        Ok(IndexWriter {
            base_url: base.to_owned(),
            releases: Vec::new(),
        })
    }

    /// Lists one release (its `release.json` bytes) with its language packs (each an i18n
    /// file's JSON bytes); returns the files to publish under the base URL. Language packs in
    /// the default language are not listed (the release carries that text).
    pub fn add(
        &mut self,
        release_bytes: &[u8],
        language_packs: &[Vec<u8>],
    ) -> Result<Vec<Published>, IndexError> {
        let (release, inside) = split_release(release_bytes).map_err(IndexError::Release)?;
        let manifest = &release.manifest;
        let id = manifest.id.clone();
        let version = manifest.version.clone();
        let default = LanguageText::from_file(&release.i18n)
            .map_err(|error| IndexError::Release(error.to_string()))?;
        let release_name = release_file_name(&id, &version);
        let mut published = vec![Published {
            name: release_name.clone(),
            bytes: release_bytes.to_vec(),
        }];
        let mut locales = IndexMap::new();
        for bytes in language_packs {
            let pack_error = |reason: String| IndexError::LanguagePack {
                pack: id.to_string(),
                reason,
            };
            if bytes.len() as u64 > MAX_LANGUAGE_PACK_BYTES {
                return Err(IndexError::Limit {
                    pack: id.to_string(),
                    what: "a language pack's bytes".into(),
                    count: bytes.len() as u64,
                    limit: MAX_LANGUAGE_PACK_BYTES,
                });
            }
            let file: I18nFile =
                serde_json::from_slice(bytes).map_err(|e| pack_error(e.to_string()))?;
            let text = LanguageText::from_file(&file).map_err(|e| pack_error(e.to_string()))?;
            if text.language == default.language {
                continue;
            }
            let card = |key: &str| {
                text.get(key)
                    .or_else(|| default.get(key))
                    .map(str::to_owned)
            };
            let name = language_pack_file_name(&id, &version, text.language.as_str());
            locales.insert(
                text.language.to_string(),
                IndexLocale {
                    url: format!("{}/{name}", self.base_url),
                    sha256: sha256_hex(bytes),
                    bytes: bytes.len() as u64,
                    name: card("pack.name").unwrap_or_else(|| id.to_string()),
                    description: card("pack.description"),
                },
            );
            published.push(Published {
                name,
                bytes: bytes.clone(),
            });
        }
        if locales.len() > MAX_LOCALES {
            return Err(IndexError::Limit {
                pack: id.to_string(),
                what: "languages".into(),
                count: locales.len() as u64,
                limit: MAX_LOCALES as u64,
            });
        }
        self.releases
            .retain(|r| !(r.id == id && r.version == version));
        self.releases.push(IndexRelease {
            id,
            version,
            default_language: default.language.to_string(),
            url: format!("{}/{release_name}", self.base_url),
            sha256: sha256_hex(release_bytes),
            bytes: release_bytes.len() as u64,
            carries_languages: !inside.is_empty(),
            locales,
        });
        Ok(published)
    }

    /// Keeps an entry of an index published before (another version, whose files are already
    /// published); an entry added later for the same version replaces it.
    pub fn keep(&mut self, release: IndexRelease) {
        self.releases
            .retain(|r| !(r.id == release.id && r.version == release.version));
        self.releases.push(release);
    }

    /// The index, releases by pack ID then version.
    pub fn finish(mut self) -> PackIndex {
        self.releases
            .sort_by(|a, b| (a.id.as_str(), &a.version).cmp(&(b.id.as_str(), &b.version)));
        PackIndex {
            schema: None,
            releases: self.releases,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a panic in a test is its failure report"
    )]
    use super::*;

    fn entry() -> IndexRelease {
        IndexRelease {
            id: "demo".parse().unwrap(),
            version: "1.0.0".parse().unwrap(),
            default_language: "en".into(),
            url: "https://example.org/p/demo-1.0.0.release.json".into(),
            sha256: "a".repeat(64),
            bytes: 10,
            carries_languages: false,
            locales: IndexMap::from([(
                "es".to_owned(),
                IndexLocale {
                    url: "https://example.org/p/demo-1.0.0.es.json".into(),
                    sha256: "b".repeat(64),
                    bytes: 5,
                    name: "Demo".into(),
                    description: None,
                },
            )]),
        }
    }

    /// What an index file lists is only what an installer would use (i18n.md, "The index"):
    /// a release entry with a problem is left out, a bad language pack is left off its entry,
    /// and each problem is returned.
    #[test]
    fn an_index_without_refused_entries_keeps_only_what_installs() {
        let good = entry();
        let mut bad_sha = entry();
        bad_sha.version = "1.1.0".parse().unwrap();
        bad_sha.url = "https://example.org/p/demo-1.1.0.release.json".into();
        bad_sha.locales.clear();
        bad_sha.sha256 = "not a checksum".into();
        let mut bad_locale = entry();
        bad_locale.version = "1.2.0".parse().unwrap();
        bad_locale.url = "https://example.org/p/demo-1.2.0.release.json".into();
        bad_locale.locales[0].url = "https://example.org/p/demo-1.2.0.es.json".into();
        bad_locale.locales.insert(
            "fr".into(),
            IndexLocale {
                url: "http://example.org/p/demo-1.2.0.fr.json".into(),
                ..bad_locale.locales[0].clone()
            },
        );
        let index = PackIndex {
            schema: None,
            releases: vec![good.clone(), bad_sha, bad_locale.clone(), good.clone()],
        };
        let (kept, problems) = index.without_refused(false);
        let versions: Vec<String> = kept
            .releases
            .iter()
            .map(|r| r.version.to_string())
            .collect();
        assert_eq!(versions, ["1.0.0", "1.2.0"]);
        let languages: Vec<&String> = kept.releases[1].locales.keys().collect();
        assert_eq!(languages, ["es"]);
        // The checksum, the plain-http language pack, the release listed twice.
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(kept.check(false).is_empty());
    }

    /// i18n.md ("Installing"): an app in `es-MX` takes `es` (its shorter form) when listed; in
    /// `en-GB` the default language, nothing to fetch; in `fr`, none listed; with `es` listed
    /// over plain http (refused unless the caller allows it), the refusal and its reason.
    #[test]
    fn the_locale_status_says_why_there_is_no_pack() {
        let tag = |t: &str| LanguageTag::parse(t).unwrap();
        let release = entry();
        let found = release.locale_status(&tag("es-MX"), false).unwrap();
        assert_eq!(found.0, tag("es"));
        assert_eq!(
            release.locale_status(&tag("en-GB"), false).unwrap_err(),
            NoLocale::Default
        );
        assert_eq!(
            release.locale_status(&tag("fr"), false).unwrap_err(),
            NoLocale::NotListed
        );
        let mut plain = entry();
        plain.locales[0].url = "http://example.org/p/demo-1.0.0.es.json".into();
        let NoLocale::Refused { language, reason } =
            plain.locale_status(&tag("es"), false).unwrap_err()
        else {
            panic!("plain http is refused")
        };
        assert_eq!(language, tag("es"));
        assert_eq!(
            reason.english(),
            "`http://example.org/p/demo-1.0.0.es.json` is not https (plain http only \
             where the caller allows it)"
        );
    }

    #[test]
    fn urls_must_be_https_named_for_the_version_and_beside_the_artifact() {
        assert!(entry().check(false).is_empty());
        let mut plain = entry();
        plain.url = "http://example.org/p/demo-1.0.0.release.json".into();
        assert_eq!(
            plain.check(false).len(),
            2,
            "the release and its pack's folder"
        );
        assert!(plain.check_release(true).is_empty());
        let mut elsewhere = entry();
        elsewhere.locales[0].url = "https://example.org/q/demo-1.0.0.es.json".into();
        assert!(
            elsewhere
                .check_locale("es", false)
                .unwrap_err()
                .english()
                .contains("beside")
        );
        let mut misnamed = entry();
        misnamed.locales[0].url = "https://example.org/p/demo-1.0.1.es.json".into();
        assert!(misnamed.check_locale("es", false).is_err());
    }

    #[test]
    fn locales_never_hold_the_default_and_stay_under_their_limits() {
        let mut with_default = entry();
        let mut en = with_default.locales[0].clone();
        en.url = "https://example.org/p/demo-1.0.0.en.json".into();
        with_default.locales.insert("en".into(), en);
        assert_eq!(with_default.check(false).len(), 1);
        let mut big = entry();
        big.locales[0].bytes = MAX_LANGUAGE_PACK_BYTES + 1;
        assert!(big.check_locale("es", false).is_err());
        let mut carrying = entry();
        carrying.carries_languages = true;
        assert_eq!(carrying.check(false)[0].code.name, "index-entry-invalid");
    }

    #[test]
    fn the_nearest_listed_form_of_the_app_language_is_chosen() {
        let release = entry();
        let es_mx: LanguageTag = "es-MX".parse().unwrap();
        assert_eq!(release.locale_for(&es_mx, false).unwrap().0.as_str(), "es");
        let en_gb: LanguageTag = "en-GB".parse().unwrap();
        assert!(release.locale_for(&en_gb, false).is_none());
        let fr: LanguageTag = "fr".parse().unwrap();
        assert!(release.locale_for(&fr, false).is_none());
    }

    #[test]
    fn sha256_is_lowercase_hex() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
