//! Installing releases and their language packs from a pack index into a [`Store`], syncing
//! language packs when the app's language changes, importing a release file shared by hand,
//! and going back to the previous version.
//!
//! Every operation holds the store's lock from start to end, checks every byte (size, sha256,
//! declared language) before keeping it, and writes through the store's atomic writes, the
//! pack's `state.json` last. A release always reads in its default language; a language pack
//! that cannot be fetched, is not listed or does not match leaves it there, and the next install
//! or sync tries again.

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::{Phrase, reasons};
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::{I18nFile, PackRelease};

use crate::http::{FetchError, Http};
use crate::index::{
    IndexLocale, IndexRelease, MAX_INDEX_BYTES, MAX_LANGUAGE_PACK_BYTES, NoLocale, PackIndex,
    sha256_hex, split_release,
};
use crate::store::{PackState, Store, StoreError, StoreLock};
use crate::tag::LanguageTag;

/// Why an install, sync, import or rollback did nothing. The store is as it was.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// The index could not be fetched.
    #[error("the index could not be fetched: {0}")]
    IndexFetch(FetchError),
    /// The index is not a pack index.
    #[error("`{url}` is not a pack index: {reason}")]
    IndexInvalid {
        /// The index URL.
        url: String,
        /// Why.
        reason: String,
    },
    /// No usable release of the pack matches.
    #[error("the index lists no usable release of `{id}`{}", range.as_ref().map(|r| format!(" matching `{r}`")).unwrap_or_default())]
    NotListed {
        /// The pack.
        id: PackId,
        /// The range asked for.
        range: Option<semver::VersionReq>,
    },
    /// The index says the release carries languages inside (refused before downloading it),
    /// or the bytes fetched do.
    #[error("{id} {version} carries other languages inside; an index release never does")]
    CarriesLanguages {
        /// The pack.
        id: PackId,
        /// The version.
        version: semver::Version,
    },
    /// The release could not be fetched.
    #[error("{0}")]
    Fetch(FetchError),
    /// The bytes fetched are not the ones the index lists.
    #[error("`{url}` is not the file the index lists: {reason}")]
    Mismatch {
        /// The URL.
        url: String,
        /// Why, a phrase of the standard text.
        reason: Phrase,
    },
    /// A release version already in the store would be replaced by a different release.
    #[error("{id} {version} is already installed with other content; a release never changes")]
    Conflict {
        /// The pack.
        id: PackId,
        /// The version.
        version: semver::Version,
    },
    /// The pack is not installed.
    #[error("`{0}` is not installed")]
    NotInstalled(PackId),
    /// The pack has no previous version to go back to.
    #[error("`{0}` has no previous version to go back to")]
    NoPrevious(PackId),
    /// The store could not be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What happened to a release's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LanguageOutcome {
    /// The release reads in its default language, which is the app's language (or a form of
    /// it): nothing to fetch.
    Default,
    /// The release reads in its default language though the app's is another: no language
    /// pack could be had, for the reason given; the next install or sync tries again.
    Unavailable(Unavailable),
    /// The pack kept already is the one listed: nothing fetched.
    Kept(LanguageTag),
    /// The pack was fetched, verified and kept.
    Fetched(LanguageTag),
    /// The pack listed could not be kept; the release reads in its default language (or, for
    /// a correction that failed, keeps the verified pack it had), and the next install or sync
    /// tries again.
    Failed {
        /// The language.
        language: LanguageTag,
        /// Why, a phrase of the standard text.
        reason: Phrase,
    },
}

/// Why no language pack is kept for the app's language ([`LanguageOutcome::Unavailable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unavailable {
    /// The index lists none for the language nor a shorter form of it (or the pack has no
    /// index to ask: it was imported).
    NotListed,
    /// The index lists one, but the index check refuses it (a URL elsewhere, plain http, a
    /// malformed sha256, over the size limit).
    Refused {
        /// The language of the pack refused.
        language: LanguageTag,
        /// Why, a phrase of the standard text ([`IndexRelease::check_locale`]).
        reason: Phrase,
    },
    /// The index could not be fetched or read (a sync).
    Unreachable {
        /// Why, a phrase of the standard text.
        reason: Phrase,
    },
    /// The file imported carries none for the language.
    NotCarried,
}

impl From<NoLocale> for Unavailable {
    fn from(cause: NoLocale) -> Unavailable {
        match cause {
            NoLocale::Refused { language, reason } => Unavailable::Refused { language, reason },
            NoLocale::Default | NoLocale::NotListed => Unavailable::NotListed,
        }
    }
}

/// What one install, import or sync step did for one pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The pack.
    pub id: PackId,
    /// The version in use afterwards.
    pub version: semver::Version,
    /// Whether the release bytes were downloaded (or written, on import).
    pub release_written: bool,
    /// The language.
    pub language: LanguageOutcome,
}

/// Installs into one store for an app in one language.
#[derive(Debug, Clone)]
pub struct Installer {
    store: Store,
    http: Http,
    language: LanguageTag,
}

/// Fetches and parses an index (at most 16 MiB).
pub fn fetch_index(http: &Http, url: &str) -> Result<PackIndex, InstallError> {
    let bytes = http
        .fetch(url, MAX_INDEX_BYTES)
        .map_err(InstallError::IndexFetch)?;
    serde_json::from_slice(&bytes).map_err(|error| InstallError::IndexInvalid {
        url: url.to_owned(),
        reason: error.to_string(),
    })
}

/// Checks a language pack's bytes against its index entry: size, sha256, an i18n file declaring
/// exactly `language`.
pub fn verify_language_pack(
    bytes: &[u8],
    locale: &IndexLocale,
    language: &LanguageTag,
) -> Result<(), Phrase> {
    if bytes.len() as u64 != locale.bytes {
        return Err(Phrase::new(&reasons::PACK_BYTES_MISMATCH)
            .with_arg("got", bytes.len())
            .with_arg("listed", locale.bytes));
    }
    let sha = sha256_hex(bytes);
    if sha != locale.sha256 {
        return Err(Phrase::new(&reasons::PACK_SHA256_MISMATCH)
            .with_arg("got", sha)
            .with_arg("listed", &locale.sha256));
    }
    declared_language(bytes, language)
}

/// Checks that some bytes are an i18n file declaring `language`.
fn declared_language(bytes: &[u8], language: &LanguageTag) -> Result<(), Phrase> {
    let file: I18nFile = serde_json::from_slice(bytes)
        .map_err(|error| Phrase::new(&reasons::PACK_NOT_I18N).with_arg("error", error))?;
    match LanguageTag::parse(&file.meta.language) {
        Ok(declared) if &declared == language => Ok(()),
        Ok(declared) => Err(Phrase::new(&reasons::PACK_DECLARES)
            .with_arg("declared", declared)
            .with_arg("language", language)),
        Err(error) => Err(Phrase::new(&reasons::URL_IS)
            .with_arg("url", &file.meta.language)
            .with_word("reason", error.reason)),
    }
}

impl Installer {
    /// An installer into `store`, fetching through `http`, for an app in `language`.
    pub fn new(store: Store, http: Http, language: LanguageTag) -> Installer {
        Installer {
            store,
            http,
            language,
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Installs the highest version of `id` in `range` that the index at `index_url` lists,
    /// then only the language pack for the app's language (or its nearest shorter form). The
    /// version in use before, if another, stays as the previous version, without its pack.
    pub fn install(
        &self,
        index_url: &str,
        id: &PackId,
        range: Option<&semver::VersionReq>,
    ) -> Result<Report, InstallError> {
        let lock = self.store.lock()?;
        // The lock is held while downloading: every download ends by one deadline.
        self.http.begin();
        let index = fetch_index(&self.http, index_url)?;
        let allow_http = self.http.allows_http();
        let newest = index
            .releases
            .iter()
            .filter(|r| &r.id == id && range.is_none_or(|range| range.matches(&r.version)))
            .max_by(|a, b| a.version.cmp(&b.version));
        if let Some(newest) = newest
            && newest.carries_languages
        {
            // Refused on the index's word, before a byte of it is downloaded.
            return Err(InstallError::CarriesLanguages {
                id: id.clone(),
                version: newest.version.clone(),
            });
        }
        let entry = index
            .find(id, range, allow_http)
            .ok_or_else(|| InstallError::NotListed {
                id: id.clone(),
                range: range.cloned(),
            })?;
        let release_written = self.fetch_release(&lock, entry)?;
        let language = self.settle_language(&lock, entry, Ok(entry))?;
        let previous = self.store.state(id)?;
        let state = next_state(
            previous.as_ref(),
            &entry.version,
            Some(index_url.to_owned()),
        );
        self.commit(&lock, id, previous.as_ref(), &state)?;
        Ok(Report {
            id: id.clone(),
            version: entry.version.clone(),
            release_written,
            language,
        })
    }

    /// Fetches and keeps a release version, unless the store has it already. Returns whether it
    /// was written.
    fn fetch_release(&self, lock: &StoreLock, entry: &IndexRelease) -> Result<bool, InstallError> {
        let stored = self.store.release_bytes(&entry.id, &entry.version)?;
        if let Some(stored) = &stored
            && sha256_hex(stored) == entry.sha256
        {
            return Ok(false);
        }
        let bytes = self
            .http
            .fetch_exact(&entry.url, entry.bytes)
            .map_err(InstallError::Fetch)?;
        let mismatch = |reason: Phrase| InstallError::Mismatch {
            url: entry.url.clone(),
            reason,
        };
        let sha = sha256_hex(&bytes);
        if sha != entry.sha256 {
            return Err(mismatch(
                Phrase::new(&reasons::INSTALL_SHA256_DIFFERS)
                    .with_arg("found", &sha)
                    .with_arg("listed", &entry.sha256),
            ));
        }
        let (release, inside) = split_release(&bytes).map_err(|e| mismatch(not_a_release(e)))?;
        if !inside.is_empty() {
            return Err(InstallError::CarriesLanguages {
                id: entry.id.clone(),
                version: entry.version.clone(),
            });
        }
        if release.manifest.id != entry.id || release.manifest.version != entry.version {
            return Err(mismatch(
                Phrase::new(&reasons::INSTALL_OTHER_RELEASE)
                    .with_arg("id", &release.manifest.id)
                    .with_arg("version", &release.manifest.version),
            ));
        }
        if let Some(stored) = stored {
            // Same version already here under other bytes: the same release is fine (kept as
            // it is), a different one is refused.
            if same_release(&stored, &release) {
                return Ok(false);
            }
            return Err(InstallError::Conflict {
                id: entry.id.clone(),
                version: entry.version.clone(),
            });
        }
        self.store
            .write_release(lock, &entry.id, &entry.version, &bytes)?;
        Ok(true)
    }

    /// Brings the language pack of `entry`'s version in line with the app's language: fetches
    /// the listed pack unless the one kept is it, removes any other language's pack. Without
    /// an entry (`Err`), why the index gave none.
    fn settle_language(
        &self,
        lock: &StoreLock,
        version: &IndexRelease,
        entry: Result<&IndexRelease, Unavailable>,
    ) -> Result<LanguageOutcome, InstallError> {
        let (id, number) = (&version.id, &version.version);
        let kept = self.store.language_pack(id, number)?;
        let in_chain = |tag: &LanguageTag| self.language.chain().any(|t| &t == tag);
        // The pack to fetch, or why there is none (`None`: the app reads the default language).
        let target: Result<(LanguageTag, &IndexLocale), Option<Unavailable>> = match entry {
            Ok(entry) => entry
                .locale_status(&self.language, self.http.allows_http())
                .map_err(|cause| match cause {
                    NoLocale::Default => None,
                    other => Some(other.into()),
                }),
            Err(cause) => Err(Some(cause)),
        };
        let (tag, locale) = match target {
            Ok(found) => found,
            Err(cause) => {
                // Nothing to fetch: a pack kept in the app's language (verified when fetched)
                // stays; another language's goes.
                return Ok(match kept {
                    Some((kept_tag, _)) if in_chain(&kept_tag) => LanguageOutcome::Kept(kept_tag),
                    _ => {
                        self.store.remove_language_packs(lock, id, number, None)?;
                        match cause {
                            Some(cause) if !self.reads_default(id, number) => {
                                LanguageOutcome::Unavailable(cause)
                            }
                            _ => LanguageOutcome::Default,
                        }
                    }
                });
            }
        };
        if let Some((kept_tag, bytes)) = &kept
            && kept_tag == &tag
            && sha256_hex(bytes) == locale.sha256
        {
            self.store
                .remove_language_packs(lock, id, number, Some(&tag))?;
            return Ok(LanguageOutcome::Kept(tag));
        }
        let fetched = self
            .http
            .fetch_exact(&locale.url, locale.bytes.min(MAX_LANGUAGE_PACK_BYTES))
            .map_err(|error| error.full_phrase())
            .and_then(|bytes| verify_language_pack(&bytes, locale, &tag).map(|()| bytes));
        match fetched {
            Ok(bytes) => {
                self.store
                    .write_language_pack(lock, id, number, &tag, &bytes)?;
                Ok(LanguageOutcome::Fetched(tag))
            }
            Err(reason) => {
                // A correction that did not arrive keeps the verified pack in this language; any
                // other language's pack goes, and the release reads in its default language.
                let keep = kept.as_ref().map(|(t, _)| t).filter(|t| *t == &tag);
                self.store.remove_language_packs(lock, id, number, keep)?;
                Ok(LanguageOutcome::Failed {
                    language: tag,
                    reason,
                })
            }
        }
    }

    /// Whether the app's language (or a shorter form of it) is the default language of the
    /// stored release `id` `version`: then it needs no language pack.
    fn reads_default(&self, id: &PackId, version: &semver::Version) -> bool {
        let default = self
            .store
            .release_bytes(id, version)
            .ok()
            .flatten()
            .and_then(|bytes| {
                let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
                let tag = value.pointer("/manifest/defaultLanguage")?.as_str()?;
                LanguageTag::parse(tag).ok()
            });
        default.is_some_and(|default| self.language.chain().any(|tag| tag == default))
    }

    /// Writes the new state (the commit point), then drops the language pack of the version
    /// that stopped being current and every version the state no longer names.
    fn commit(
        &self,
        lock: &StoreLock,
        id: &PackId,
        before: Option<&PackState>,
        state: &PackState,
    ) -> Result<(), InstallError> {
        self.store.write_state(lock, id, state)?;
        if let Some(before) = before
            && before.current != state.current
        {
            self.store
                .remove_language_packs(lock, id, &before.current, None)?;
        }
        self.store.prune(lock, id, state)?;
        Ok(())
    }

    /// Brings every installed release in line with the app's language (at start, and whenever
    /// the language changes): each release whose index lists a pack in the language (or its
    /// nearest shorter form) fetches it and drops the previous language's pack; one whose pack
    /// cannot be fetched, is not listed or does not match reads in its default language. An
    /// index that cannot be fetched counts as listing nothing. A second sync with nothing new
    /// fetches nothing and changes nothing.
    pub fn sync(&self) -> Result<Vec<Report>, InstallError> {
        let lock = self.store.lock()?;
        self.http.begin();
        // Each index once; one that cannot be fetched or read keeps why.
        let mut indexes: IndexMap<String, Result<PackIndex, Phrase>> = IndexMap::new();
        let mut reports = Vec::new();
        for installed in self.store.installed()? {
            let state = &installed.state;
            let entry = match &state.index {
                Some(url) => match indexes
                    .entry(url.clone())
                    .or_insert_with(|| fetch_index(&self.http, url).map_err(unreachable))
                {
                    Ok(index) => index
                        .find_exact(&installed.id, &state.current, self.http.allows_http())
                        .ok_or(Unavailable::NotListed),
                    Err(reason) => Err(Unavailable::Unreachable {
                        reason: reason.clone(),
                    }),
                },
                // Imported, never installed from an index: none lists it.
                None => Err(Unavailable::NotListed),
            };
            let here = IndexRelease {
                id: installed.id.clone(),
                version: state.current.clone(),
                default_language: String::new(),
                url: String::new(),
                sha256: String::new(),
                bytes: 0,
                carries_languages: false,
                locales: IndexMap::new(),
            };
            let language = self.settle_language(&lock, &here, entry)?;
            reports.push(Report {
                id: installed.id.clone(),
                version: state.current.clone(),
                release_written: false,
                language,
            });
        }
        Ok(reports)
    }

    /// Imports a release file shared by hand, which may carry languages inside (`locales`):
    /// only the app's language (or its nearest shorter form) is kept and the rest dropped; the
    /// same version again replaces the kept pack with the file's; a file of that version without
    /// that language keeps what was kept. A new version becomes current, the one before stays
    /// as the previous.
    pub fn import(&self, bytes: &[u8]) -> Result<Report, InstallError> {
        let lock = self.store.lock()?;
        let mismatch = |reason: Phrase| InstallError::Mismatch {
            url: "(imported file)".into(),
            reason,
        };
        let (release, inside) = split_release(bytes).map_err(|e| mismatch(not_a_release(e)))?;
        let id = release.manifest.id.clone();
        let version = release.manifest.version.clone();
        let release_bytes =
            serde_json::to_vec(&release).map_err(|e| mismatch(not_a_release(e.to_string())))?;
        let mut release_written = false;
        match self.store.release_bytes(&id, &version)? {
            Some(stored) if !same_release(&stored, &release) => {
                return Err(InstallError::Conflict { id, version });
            }
            Some(_) => {}
            None => {
                self.store
                    .write_release(&lock, &id, &version, &release_bytes)?;
                release_written = true;
            }
        }
        let default = LanguageTag::parse(&release.i18n.meta.language).ok();
        let mut language = LanguageOutcome::Default;
        for tag in self.language.chain() {
            if default.as_ref() == Some(&tag) {
                break;
            }
            let Some(file) = inside
                .iter()
                .find(|(key, _)| LanguageTag::parse(key).is_ok_and(|k| k == tag))
                .map(|(_, file)| file)
            else {
                continue;
            };
            let pack =
                serde_json::to_vec(file).map_err(|e| mismatch(not_a_release(e.to_string())))?;
            let checked = if pack.len() as u64 > MAX_LANGUAGE_PACK_BYTES {
                Err(Phrase::new(&reasons::PACK_OVER_LIMIT)
                    .with_arg("limit", MAX_LANGUAGE_PACK_BYTES))
            } else {
                declared_language(&pack, &tag)
            };
            language = match checked {
                Ok(()) => {
                    self.store
                        .write_language_pack(&lock, &id, &version, &tag, &pack)?;
                    LanguageOutcome::Fetched(tag)
                }
                Err(reason) => LanguageOutcome::Failed {
                    language: tag,
                    reason,
                },
            };
            break;
        }
        if language == LanguageOutcome::Default
            && let Some((kept, _)) = self.store.language_pack(&id, &version)?
        {
            language = LanguageOutcome::Kept(kept);
        }
        // The file carries none for an app whose language is not the release's default.
        if language == LanguageOutcome::Default
            && !default.is_some_and(|default| self.language.chain().any(|tag| tag == default))
        {
            language = LanguageOutcome::Unavailable(Unavailable::NotCarried);
        }
        let before = self.store.state(&id)?;
        let index = before.as_ref().and_then(|state| state.index.clone());
        let state = next_state(before.as_ref(), &version, index);
        self.commit(&lock, &id, before.as_ref(), &state)?;
        Ok(Report {
            id,
            version,
            release_written,
            language,
        })
    }

    /// Goes back to the previous version, offline: it becomes current (without a language
    /// pack until the next sync), and the version left becomes the previous one.
    pub fn rollback(&self, id: &PackId) -> Result<semver::Version, InstallError> {
        let lock = self.store.lock()?;
        let before = self
            .store
            .state(id)?
            .ok_or_else(|| InstallError::NotInstalled(id.clone()))?;
        let previous = before
            .previous
            .clone()
            .filter(|previous| {
                self.store
                    .release_bytes(id, previous)
                    .is_ok_and(|bytes| bytes.is_some())
            })
            .ok_or_else(|| InstallError::NoPrevious(id.clone()))?;
        let state = PackState {
            current: previous.clone(),
            previous: Some(before.current.clone()),
            index: before.index.clone(),
        };
        self.commit(&lock, id, Some(&before), &state)?;
        Ok(previous)
    }
}

/// Why an index could not be had, without the installer's own preamble (the fetch's error: a
/// status, the network, the deadline; or why its bytes are not an index).
fn unreachable(error: InstallError) -> Phrase {
    match error {
        InstallError::IndexFetch(fetch) => fetch.full_phrase(),
        InstallError::IndexInvalid { url, reason } => Phrase::new(&reasons::INDEX_NOT_INDEX)
            .with_arg("url", url)
            .with_arg("reason", reason),
        other => other.phrase(),
    }
}

/// Why bytes are not a release, in the JSON reader's words (quoted, not translated).
fn not_a_release(reason: String) -> Phrase {
    Phrase::new(&reasons::INSTALL_NOT_A_RELEASE).with_arg("reason", reason)
}

impl InstallError {
    /// What went wrong, as a phrase of the standard text (shown in the language asked for; its
    /// English is this error's `Display`).
    pub fn phrase(&self) -> Phrase {
        match self {
            InstallError::IndexFetch(fetch) => {
                Phrase::new(&reasons::INSTALL_INDEX_FETCH).with_word("reason", fetch.phrase())
            }
            InstallError::IndexInvalid { url, reason } => Phrase::new(&reasons::INDEX_NOT_INDEX)
                .with_arg("url", url)
                .with_arg("reason", reason),
            InstallError::NotListed { id, range: None } => {
                Phrase::new(&reasons::INSTALL_NOT_LISTED).with_arg("id", id)
            }
            InstallError::NotListed {
                id,
                range: Some(range),
            } => Phrase::new(&reasons::INSTALL_NOT_LISTED_IN_RANGE)
                .with_arg("id", id)
                .with_arg("range", range),
            InstallError::CarriesLanguages { id, version } => {
                Phrase::new(&reasons::INSTALL_CARRIES_LANGUAGES)
                    .with_arg("id", id)
                    .with_arg("version", version)
            }
            InstallError::Fetch(fetch) => fetch.phrase(),
            InstallError::Mismatch { url, reason } => Phrase::new(&reasons::INSTALL_MISMATCH)
                .with_arg("url", url)
                .with_word("reason", reason.clone()),
            InstallError::Conflict { id, version } => Phrase::new(&reasons::INSTALL_CONFLICT)
                .with_arg("id", id)
                .with_arg("version", version),
            InstallError::NotInstalled(id) => {
                Phrase::new(&reasons::INSTALL_NOT_INSTALLED).with_arg("id", id)
            }
            InstallError::NoPrevious(id) => {
                Phrase::new(&reasons::INSTALL_NO_PREVIOUS).with_arg("id", id)
            }
            // The operating system's own words for a file that could not be read or written.
            InstallError::Store(error) => {
                Phrase::new(&reasons::INSTALL_STORE).with_arg("reason", error)
            }
        }
    }
}

/// The state after `version` becomes current.
fn next_state(
    before: Option<&PackState>,
    version: &semver::Version,
    index: Option<String>,
) -> PackState {
    match before {
        Some(before) if &before.current == version => PackState {
            current: version.clone(),
            previous: before.previous.clone(),
            index: index.or_else(|| before.index.clone()),
        },
        Some(before) => PackState {
            current: version.clone(),
            previous: Some(before.current.clone()),
            index: index.or_else(|| before.index.clone()),
        },
        None => PackState {
            current: version.clone(),
            previous: None,
            index,
        },
    }
}

/// Whether stored release bytes hold the same release (other languages aside).
fn same_release(stored: &[u8], release: &PackRelease) -> bool {
    split_release(stored).is_ok_and(|(stored, _)| {
        serde_json::to_value(&stored).ok() == serde_json::to_value(release).ok()
    })
}
