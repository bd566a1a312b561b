#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! The Spanish standard text (`i18n/es.yaml`) keeps up with the English one: every registered
//! code with an English template has a Spanish one, using only the code's arguments, and the
//! Spanish file names no code that does not exist.

use opencharacter_spec::diagnostic::{codes, placeholders};
use opencharacter_spec::standard_text::StandardText;

const SPANISH: &str = opencharacter_spec::standard_text::SPANISH_SOURCE;

#[test]
fn spanish_translates_every_english_template() {
    let spanish = StandardText::from_yaml(SPANISH).unwrap();
    assert_eq!(spanish.meta.language, "es");
    let english = StandardText::english();
    let missing: Vec<&str> = codes::ALL
        .iter()
        .map(|code| code.name)
        .filter(|name| english.diagnostic_template(name).is_some())
        .filter(|name| spanish.diagnostic_template(name).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "codes with an English template but no Spanish one (add them to i18n/es.yaml): {missing:?}"
    );
}

#[test]
fn spanish_templates_use_only_their_codes_arguments() {
    let spanish = StandardText::from_yaml(SPANISH).unwrap();
    for (name, template) in &spanish.diagnostics {
        let code = codes::by_name(name)
            .unwrap_or_else(|| panic!("es.yaml has a template for the unregistered code {name}"));
        for argument in placeholders(template) {
            assert!(
                code.args.contains(&argument),
                "the Spanish template of {name} uses `{argument}`, not among {:?}",
                code.args
            );
        }
        // The same arguments as the English: a translation must not drop what the message says.
        let mut ours = placeholders(template);
        let mut theirs = placeholders(StandardText::english().diagnostic_template(name).unwrap());
        ours.sort_unstable();
        ours.dedup();
        theirs.sort_unstable();
        theirs.dedup();
        assert_eq!(
            ours, theirs,
            "the Spanish template of {name} uses other arguments than the English"
        );
    }
}

#[test]
fn spanish_has_every_word_of_the_report_help_labels_and_kinds() {
    // The words beside the templates: a kind named in a message, a `help:` line, a label's
    // note, the report's own words. Each English key needs a Spanish text.
    let spanish = StandardText::from_yaml(SPANISH).unwrap();
    let english = StandardText::english();
    let sections = [
        ("kinds", &english.kinds, &spanish.kinds),
        ("comparisons", &english.comparisons, &spanish.comparisons),
        ("dice", &english.dice, &spanish.dice),
        ("help", &english.help, &spanish.help),
        ("labels", &english.labels, &spanish.labels),
        ("report", &english.report, &spanish.report),
    ];
    for (section, ours, theirs) in sections {
        assert!(!ours.is_empty(), "the English text has no `{section}`");
        for key in ours.keys() {
            assert!(
                theirs.get(key).is_some_and(|text| !text.is_empty()),
                "es.yaml lacks `{section}.{key}`"
            );
        }
    }
}

#[test]
fn a_kind_argument_is_shown_in_the_texts_language() {
    use opencharacter_spec::diagnostic::Diagnostic;
    let spanish = StandardText::from_yaml(SPANISH).unwrap();
    let diagnostic = Diagnostic::new(&codes::LAYER_TARGET_UNKNOWN)
        .with_arg("layer", "hard_frost")
        .with_kind(opencharacter_spec::diagnostic::Kind::ContentType)
        .with_arg("id", "lantren");
    // es.yaml: "la capa `{layer}` nombra {kind} `{id}`, …" with `content type` → "tipo de
    // contenido" from its `kinds`.
    assert!(
        diagnostic
            .message_in(&spanish)
            .starts_with("la capa `hard_frost` nombra tipo de contenido `lantren`"),
        "{}",
        diagnostic.message_in(&spanish)
    );
    assert!(diagnostic.message().contains("the content type `lantren`"));
}

#[test]
fn every_reason_has_an_english_and_a_spanish_template_with_only_its_arguments() {
    // The words of typed arguments (a reason, a type described in words, a state) read in
    // the author's language too: each registered reason needs both templates, and neither may
    // name an argument the reason does not give.
    use opencharacter_spec::diagnostic::reasons;
    let spanish = StandardText::from_yaml(SPANISH).unwrap();
    let english = StandardText::english();
    for reason in reasons::ALL {
        for (language, text) in [("en", english), ("es", &spanish)] {
            let template = text
                .reasons
                .get(reason.key)
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| panic!("{language}.yaml lacks `reasons.{}`", reason.key));
            for argument in placeholders(template) {
                assert!(
                    reason.args.contains(&argument),
                    "the {language} template of the reason {} uses `{argument}`, not among {:?}",
                    reason.key,
                    reason.args
                );
            }
        }
    }
    for (language, text) in [("en", english), ("es", &spanish)] {
        for key in text.reasons.keys() {
            assert!(
                reasons::by_key(key).is_some(),
                "{language}.yaml has the unregistered reason {key}"
            );
        }
    }
}

#[test]
fn every_kind_has_an_english_and_a_spanish_word() {
    use opencharacter_spec::diagnostic::Kind;
    let spanish = StandardText::from_yaml(SPANISH).unwrap();
    for kind in Kind::ALL {
        assert!(
            StandardText::english().kinds.contains_key(kind.key()),
            "en: {kind}"
        );
        assert!(
            spanish.kinds.get(kind.key()).is_some_and(|w| !w.is_empty()),
            "es: {kind}"
        );
    }
}
