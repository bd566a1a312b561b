//! Language tags: BCP 47, parsed and normalised once, with the chain of shorter forms that
//! lookup falls back through.

use std::fmt;
use std::str::FromStr;

use icu_locale_core::LanguageIdentifier;
use opencharacter_spec::diagnostic::{Diagnostic, Phrase, codes, reasons};

/// Longest tag read, in bytes. Real tags are a few dozen bytes; the limit keeps a hostile
/// `_meta.language` or `--lang` from costing anything.
pub const MAX_TAG_BYTES: usize = 64;

/// A BCP 47 language tag (language, optional script, region and variants), in its normal
/// case: `pt_br` and `PT-br` both read as `pt-BR`, `zh-hant-tw` as `zh-Hant-TW`.
///
/// Extensions (`-u-…`, `-x-…`) are refused: a translation is of a language, not of a locale's
/// formatting preferences.
///
/// ```
/// use opencharacter_i18n::LanguageTag;
/// let tag: LanguageTag = "zh_hant_tw".parse().unwrap();
/// assert_eq!(tag.as_str(), "zh-Hant-TW");
/// let chain: Vec<String> = tag.chain().map(|t| t.to_string()).collect();
/// assert_eq!(chain, ["zh-Hant-TW", "zh-Hant", "zh"]);
/// assert!("not a tag!".parse::<LanguageTag>().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LanguageTag(String);

/// Why a text is not a language tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{tag}` is not a BCP 47 language tag: {reason}")]
pub struct TagError {
    /// The text as given (cut to [`MAX_TAG_BYTES`] when longer).
    pub tag: String,
    /// Why, as a phrase of the standard text (its `Display` is the English).
    pub reason: Phrase,
}

impl TagError {
    /// The error as a `language-tag-invalid` diagnostic (no location: the caller adds the
    /// file and pointer of the value).
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::new(&codes::LANGUAGE_TAG_INVALID)
            .with_arg("tag", &self.tag)
            .with_word("reason", self.reason.clone())
    }
}

impl LanguageTag {
    /// Parses and normalises a tag. `_` is read as `-` (the POSIX spelling, `pt_BR`).
    pub fn parse(text: &str) -> Result<LanguageTag, TagError> {
        let error = |reason: &'static opencharacter_spec::diagnostic::Reason| TagError {
            tag: text.chars().take(MAX_TAG_BYTES).collect(),
            reason: Phrase::new(reason),
        };
        if text.len() > MAX_TAG_BYTES {
            return Err(error(&reasons::TAG_TOO_LONG));
        }
        if text.is_empty() {
            return Err(error(&reasons::TAG_EMPTY));
        }
        let dashed = text.replace('_', "-");
        let id = LanguageIdentifier::try_from_str(&dashed).map_err(|e| {
            error(match e {
                icu_locale_core::ParseError::InvalidLanguage => &reasons::TAG_LANGUAGE,
                icu_locale_core::ParseError::InvalidSubtag => &reasons::TAG_SUBTAG,
                icu_locale_core::ParseError::InvalidExtension => &reasons::TAG_EXTENSION,
                icu_locale_core::ParseError::DuplicatedExtension => &reasons::TAG_EXTENSION_TWICE,
                _ => &reasons::TAG_MALFORMED,
            })
        })?;
        if id.language.is_unknown() {
            return Err(error(&reasons::TAG_UNDETERMINED));
        }
        Ok(LanguageTag(id.to_string()))
    }

    /// The tag in its normal form.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The tag, then each shorter form of it, one subtag dropped from the end at a time:
    /// `zh-Hant-TW`, `zh-Hant`, `zh`; `pt-BR`, `pt`. Lookup tries the languages in this order.
    pub fn chain(&self) -> impl Iterator<Item = LanguageTag> + '_ {
        let mut next = Some(self.0.as_str());
        std::iter::from_fn(move || {
            let current = next?;
            next = current.rfind('-').map(|at| &current[..at]);
            Some(LanguageTag(current.to_owned()))
        })
    }

    /// The language it is a variant of (`pt` for `pt-BR`), if any.
    pub fn parent(&self) -> Option<LanguageTag> {
        self.0
            .rfind('-')
            .map(|at| LanguageTag(self.0[..at].to_owned()))
    }
}

impl FromStr for LanguageTag {
    type Err = TagError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        LanguageTag::parse(text)
    }
}

impl fmt::Display for LanguageTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for LanguageTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LanguageTag({})", self.0)
    }
}

impl AsRef<str> for LanguageTag {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// The language an environment asks for, POSIX style: `LC_ALL`, then `LC_MESSAGES`, then
/// `LANG`, the first one set and not empty. `es_ES.UTF-8@euro` reads as `es-ES` (the codeset
/// and modifier are not part of the language); `C` and `POSIX` mean no language (the caller's
/// default, English). `None` also when the value is not a tag.
///
/// ```
/// use opencharacter_i18n::tag::language_from_env;
/// let env = |name: &str| (name == "LANG").then(|| "pt_BR.UTF-8".to_owned());
/// assert_eq!(language_from_env(env).unwrap().as_str(), "pt-BR");
/// ```
pub fn language_from_env(var: impl Fn(&str) -> Option<String>) -> Option<LanguageTag> {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(&var)
        .find(|value| !value.is_empty())?;
    let language = value.split(['.', '@']).next().unwrap_or_default();
    if matches!(language, "C" | "POSIX" | "") {
        return None;
    }
    LanguageTag::parse(language).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(text: &str) -> String {
        LanguageTag::parse(text).map(|t| t.to_string()).unwrap()
    }

    #[test]
    fn tags_are_normalised() {
        assert_eq!(tag("pt_br"), "pt-BR");
        assert_eq!(tag("PT-br"), "pt-BR");
        assert_eq!(tag("zh-hant-tw"), "zh-Hant-TW");
        assert_eq!(tag("EN"), "en");
        assert_eq!(tag("sr-latn"), "sr-Latn");
        assert_eq!(tag("de-DE-1996"), "de-DE-1996");
    }

    #[test]
    fn invalid_tags_are_refused_with_a_reason() {
        for bad in [
            "",
            "e",
            "english!",
            "en--US",
            "en-US-u-ca-buddhist",
            "und",
            "x-private",
            "123",
        ] {
            let error = LanguageTag::parse(bad).unwrap_err();
            assert!(!error.reason.english().is_empty(), "{bad}");
            let diagnostic = error.to_diagnostic();
            assert_eq!(diagnostic.code.name, "language-tag-invalid");
            assert_eq!(diagnostic.args["tag"], bad);
        }
        let long = "a".repeat(1_000);
        let error = LanguageTag::parse(&long).unwrap_err();
        assert_eq!(error.tag.len(), MAX_TAG_BYTES);
    }

    #[test]
    fn the_chain_drops_one_subtag_at_a_time() {
        let chain = |text: &str| -> Vec<String> {
            LanguageTag::parse(text)
                .unwrap()
                .chain()
                .map(|t| t.to_string())
                .collect()
        };
        assert_eq!(chain("zh-Hant-TW"), ["zh-Hant-TW", "zh-Hant", "zh"]);
        assert_eq!(chain("pt-BR"), ["pt-BR", "pt"]);
        assert_eq!(chain("ru"), ["ru"]);
        assert_eq!(
            LanguageTag::parse("pt-BR").unwrap().parent(),
            Some(LanguageTag::parse("pt").unwrap())
        );
        assert_eq!(LanguageTag::parse("pt").unwrap().parent(), None);
    }

    #[test]
    fn the_environment_is_read_posix_style() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| (*value).to_owned())
            }
        };
        let read = |pairs| language_from_env(env(pairs)).map(|t| t.to_string());
        assert_eq!(read(&[("LANG", "es_ES.UTF-8")]), Some("es-ES".into()));
        assert_eq!(
            read(&[("LANG", "es_ES.UTF-8"), ("LC_MESSAGES", "fr_FR")]),
            Some("fr-FR".into())
        );
        assert_eq!(
            read(&[("LC_ALL", "de_DE@euro"), ("LC_MESSAGES", "fr_FR")]),
            Some("de-DE".into())
        );
        assert_eq!(
            read(&[("LC_ALL", ""), ("LANG", "pt_BR")]),
            Some("pt-BR".into())
        );
        assert_eq!(read(&[("LANG", "C.UTF-8")]), None);
        assert_eq!(read(&[("LANG", "POSIX")]), None);
        assert_eq!(read(&[]), None);
    }

    proptest::proptest! {
        #[test]
        fn any_text_parses_or_errs_and_normal_forms_are_fixed_points(text in "\\PC{0,80}") {
            if let Ok(tag) = LanguageTag::parse(&text) {
                let again = LanguageTag::parse(tag.as_str()).unwrap();
                proptest::prop_assert_eq!(again, tag.clone());
                proptest::prop_assert!(tag.chain().count() >= 1);
            }
        }
    }
}
