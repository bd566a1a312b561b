//! What the player reads beside IDs in the command's reports: names and labels in the `--lang`
//! language, falling back to each pack's default language (i18n.md).
//!
//! The text comes from each loaded release (its default language) and, for a pack read from
//! its source folder, from its i18n files in every language; a built release's language
//! packs are not read here (`show --store` reads an installed one).

use opencharacter::i18n::{LanguageTag, Texts, Translator};
use opencharacter::release::packs::PackAt;
use opencharacter::release::source::{ReadLimits, read_paths};
use opencharacter::spec::ids::{QualifiedContentId, QualifiedFieldId};
use opencharacter::spec::model::Ruleset;

/// The text of the packs loaded.
pub struct Names {
    texts: Texts,
}

impl Names {
    /// Reads the text of `packs`: each release's default language, and every language of the
    /// ones read from a source folder.
    pub fn of(packs: &[PackAt]) -> Names {
        let mut texts = Texts::from_releases(packs.iter().map(|p| &p.release)).unwrap_or_default();
        let folders: Vec<_> = packs
            .iter()
            .filter(|p| p.validated && p.origin.is_dir())
            .map(|p| p.origin.clone())
            .collect();
        if !folders.is_empty()
            && let Ok(reading) = read_paths(&folders, &ReadLimits::default())
        {
            for text in crate::show::pack_texts(&reading) {
                texts.insert(text);
            }
        }
        Names { texts }
    }

    /// A translator in the `--lang` language (else the first pack's default language); `None`
    /// when neither is a tag, and then IDs are shown alone.
    pub fn translator<'a>(&'a self, ruleset: &Ruleset) -> Option<Translator<'a>> {
        let language = crate::lang::language().cloned().or_else(|| {
            ruleset
                .packs
                .first()
                .and_then(|p| LanguageTag::parse(&p.default_language).ok())
        })?;
        Some(Translator::for_ruleset(ruleset, &self.texts, language))
    }
}

/// `Name (id)` when the label of `kind` has a text, else the ID.
pub fn labelled(translator: Option<&Translator<'_>>, kind: &str, id: &QualifiedFieldId) -> String {
    translator
        .and_then(|t| t.label(kind, id))
        .map_or_else(|| id.to_string(), |name| format!("{} ({id})", name.text))
}

/// `Name (id)` when the content item has a name, else the ID.
pub fn named(translator: Option<&Translator<'_>>, id: &QualifiedContentId) -> String {
    translator
        .and_then(|t| t.content_name(id))
        .map_or_else(|| id.to_string(), |name| format!("{} ({id})", name.text))
}

/// The label of `kind` alone, else the ID: where a line names something in passing (the slot an
/// item is in), its name reads without repeating the ID.
pub fn label_text(
    translator: Option<&Translator<'_>>,
    kind: &str,
    id: &QualifiedFieldId,
) -> String {
    translator
        .and_then(|t| t.label(kind, id))
        .map_or_else(|| id.to_string(), |name| name.text)
}

/// A content item's name alone, else its ID (what granted an item, named in passing).
pub fn name_text(translator: Option<&Translator<'_>>, id: &QualifiedContentId) -> String {
    translator
        .and_then(|t| t.content_name(id))
        .map_or_else(|| id.to_string(), |name| name.text)
}
