//! The spec's standard text (diagnostic and rules-issue templates) in the languages this
//! library ships: English (inside `opencharacter-spec`) and Spanish.

use opencharacter_spec::standard_text::{BUNDLED_LANGUAGES, StandardText};

use crate::tag::LanguageTag;

/// Every language of the standard text this library ships, by tag.
pub const BUNDLED: [&str; 2] = BUNDLED_LANGUAGES;

/// The standard text for `language`: the shipped language that is the tag or its nearest
/// shorter form (`es-MX` → `es`), else English. Messages missing from it fall back to English
/// one by one ([`opencharacter_spec::Diagnostic::message_in`]).
///
/// ```
/// use opencharacter_i18n::standard::standard_text;
/// let text = standard_text(&"es-MX".parse().unwrap());
/// assert_eq!(text.meta.language, "es");
/// assert_eq!(standard_text(&"ja".parse().unwrap()).meta.language, "en");
/// ```
pub fn standard_text(language: &LanguageTag) -> &'static StandardText {
    language
        .chain()
        .find_map(|tag| StandardText::bundled(tag.as_str()))
        .unwrap_or_else(StandardText::english)
}

#[cfg(test)]
mod tests {
    use opencharacter_spec::diagnostic::{Diagnostic, codes};

    use super::*;

    #[test]
    fn spanish_parses_and_renders_with_english_fallback() {
        assert_eq!(StandardText::bundled("es").unwrap().meta.language, "es");
        let d = Diagnostic::new(&codes::CIRCULAR_EXTENDS)
            .with_arg("id", "a.b")
            .with_arg("cycle", "a.b → a.b");
        let es = standard_text(&"es".parse().unwrap());
        assert_ne!(d.message_in(es), d.message());
        assert!(d.message_in(es).contains("a.b → a.b"));
        // A template missing from a language falls back to English for that message only.
        let mut partial = es.clone();
        partial.diagnostics.shift_remove("circular-extends");
        assert_eq!(d.message_in(&partial), d.message());
    }
}
