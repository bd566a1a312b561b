//! The language the command speaks: `--lang TAG`, else the environment's (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`), else English. Diagnostics render from the spec's standard text in
//! that language, falling back to English per message; `show` looks text up in it.

use std::sync::OnceLock;

use opencharacter::i18n::standard::standard_text as bundled;
use opencharacter::i18n::tag::language_from_env;
use opencharacter::i18n::{LanguageTag, TagError};
use opencharacter::spec::standard_text::StandardText;

static LANGUAGE: OnceLock<Option<LanguageTag>> = OnceLock::new();

/// Decides the language once, from the `--lang` value if given. An invalid `--lang` is a usage
/// error; an environment value that is not a tag (`LANG=C`) means English.
pub fn init(flag: Option<&str>) -> Result<(), TagError> {
    let language = match flag {
        Some(text) => Some(LanguageTag::parse(text)?),
        None => language_from_env(|name| std::env::var(name).ok()),
    };
    let _ = LANGUAGE.set(language);
    Ok(())
}

/// The language asked for, if any.
pub fn language() -> Option<&'static LanguageTag> {
    LANGUAGE.get().and_then(Option::as_ref)
}

/// The standard text to render diagnostics with.
pub fn standard_text() -> &'static StandardText {
    language().map_or_else(StandardText::english, bundled)
}
