//! The spec's standard text (diagnostic and rules-issue templates) in the languages this
//! library ships: English (inside `opencharacter-spec`) and Spanish.

use std::sync::OnceLock;

use opencharacter_spec::standard_text::StandardText;

use crate::tag::LanguageTag;

/// The Spanish standard text as shipped, byte for byte.
pub const SPANISH_SOURCE: &str = include_str!("../../opencharacter-spec/i18n/es.yaml");

/// Every language of the standard text this library ships, by tag.
pub const BUNDLED: [&str; 2] = ["en", "es"];

fn spanish() -> &'static StandardText {
    static SPANISH: OnceLock<StandardText> = OnceLock::new();
    SPANISH.get_or_init(|| {
        StandardText::from_yaml(SPANISH_SOURCE)
            .expect("the bundled Spanish text parses; a unit test checks it")
    })
}

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
    for tag in language.chain() {
        match tag.as_str() {
            "es" => return spanish(),
            "en" => return StandardText::english(),
            _ => {}
        }
    }
    StandardText::english()
}

#[cfg(test)]
mod tests {
    use opencharacter_spec::diagnostic::{Diagnostic, codes};

    use super::*;

    #[test]
    fn spanish_parses_and_renders_with_english_fallback() {
        assert_eq!(spanish().meta.language, "es");
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
