//! The text a translator reads: per pack, per language, flat keys.

use indexmap::IndexMap;
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::{I18nFile, PackRelease};
use opencharacter_spec::standard_text::Direction;

use crate::tag::{LanguageTag, TagError};

/// One language of one pack: its direction and its text by flat key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageText {
    /// The language (normalised).
    pub language: LanguageTag,
    /// Its text direction, as its file's `_meta` declares it.
    pub direction: Direction,
    /// Text by flat key (`content.spells.fireball.name`), nested groups already joined. An
    /// empty text is kept (it counts as untranslated at lookup and in coverage).
    pub text: IndexMap<String, String>,
}

impl LanguageText {
    /// The text of an i18n file: its `_meta` and its keys, flattened. A key written twice keeps
    /// its first text (the build reports the second).
    pub fn from_file(file: &I18nFile) -> Result<LanguageText, TagError> {
        Ok(LanguageText {
            language: LanguageTag::parse(&file.meta.language)?,
            direction: file.meta.direction,
            text: file.flat(),
        })
    }

    /// The non-empty text of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.text
            .get(key)
            .map(String::as_str)
            .filter(|text| !text.is_empty())
    }
}

/// Every language of one pack's text: its default language (which a release always carries)
/// and any others (from its i18n files or its `-i18n` package).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackText {
    /// The pack.
    pub pack: PackId,
    /// Its default language: the last step of every lookup.
    pub default_language: LanguageTag,
    languages: IndexMap<LanguageTag, LanguageText>,
}

impl PackText {
    /// A pack's text with its default language's.
    pub fn new(pack: PackId, default: LanguageText) -> PackText {
        let default_language = default.language.clone();
        let mut languages = IndexMap::new();
        languages.insert(default_language.clone(), default);
        PackText {
            pack,
            default_language,
            languages,
        }
    }

    /// The text a release carries: its default language's.
    pub fn from_release(release: &PackRelease) -> Result<PackText, TagError> {
        Ok(PackText::new(
            release.manifest.id.clone(),
            LanguageText::from_file(&release.i18n)?,
        ))
    }

    /// Adds a language. A language given twice (one language over several files) merges: a
    /// key already present keeps its text. The default language's direction stays its own.
    pub fn add(&mut self, text: LanguageText) {
        match self.languages.get_mut(&text.language) {
            Some(existing) => {
                for (key, value) in text.text {
                    existing.text.entry(key).or_insert(value);
                }
            }
            None => {
                self.languages.insert(text.language.clone(), text);
            }
        }
    }

    /// Adds the text of an i18n file.
    pub fn add_file(&mut self, file: &I18nFile) -> Result<(), TagError> {
        self.add(LanguageText::from_file(file)?);
        Ok(())
    }

    /// The text of one language, if the pack has it.
    pub fn language(&self, language: &LanguageTag) -> Option<&LanguageText> {
        self.languages.get(language)
    }

    /// The default language's text.
    pub fn default_text(&self) -> &LanguageText {
        self.languages
            .get(&self.default_language)
            .expect("a PackText is built with its default language and never loses it")
    }

    /// Every language it has, default first.
    pub fn languages(&self) -> impl Iterator<Item = &LanguageText> {
        self.languages.values()
    }
}

/// The text of several packs, by pack: what a translator for a ruleset reads from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Texts {
    packs: IndexMap<PackId, PackText>,
}

impl Texts {
    /// No text.
    pub fn new() -> Texts {
        Texts::default()
    }

    /// Adds (or replaces) a pack's text.
    pub fn insert(&mut self, text: PackText) {
        self.packs.insert(text.pack.clone(), text);
    }

    /// Adds the default-language text of each release.
    pub fn from_releases<'a>(
        releases: impl IntoIterator<Item = &'a PackRelease>,
    ) -> Result<Texts, TagError> {
        let mut texts = Texts::new();
        for release in releases {
            texts.insert(PackText::from_release(release)?);
        }
        Ok(texts)
    }

    /// A pack's text.
    pub fn get(&self, pack: &PackId) -> Option<&PackText> {
        self.packs.get(pack)
    }

    /// A pack's text, to add languages to.
    pub fn get_mut(&mut self, pack: &PackId) -> Option<&mut PackText> {
        self.packs.get_mut(pack)
    }

    /// Every pack's text, in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &PackText> {
        self.packs.values()
    }
}
