//! A layer effect skipped at application reads in the author's language: `what` was not
//! applied and why are registered reasons (and a refused effect's reason is the builder's own
//! diagnostic), so `--lang es` shows no English word in `layer-removal-not-applied`.

use crate::common::*;
use opencharacter_layers::apply_layers;
use opencharacter_spec::ids::QualifiedFieldId;
use opencharacter_spec::standard_text::StandardText;

/// English words no Spanish sentence uses, and that the English reasons of this code need.
const ENGLISH: &[&str] = &[
    "the",
    "is",
    "not",
    "of",
    "with",
    "by",
    "it",
    "would",
    "without",
    "removing",
    "replacing",
    "step",
    "only",
    "required",
    "ladder",
    "layers",
    "before",
    "field",
    "value",
    "applied",
];

/// The English words of `message`, outside its code spans (what the author wrote).
fn english_words(message: &str) -> Vec<&'static str> {
    let prose: String = message.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let words: Vec<String> = prose
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .collect();
    ENGLISH
        .iter()
        .copied()
        .filter(|english| words.iter().any(|word| word == english))
        .collect()
}

/// Every `layer-removal-not-applied` of applying `layers`, in Spanish and in English.
fn not_applied(
    ruleset: &opencharacter_spec::model::Ruleset,
    layers: &[&str],
) -> Vec<(String, String)> {
    let spanish = StandardText::bundled("es").unwrap();
    let (_, report) = apply_layers(ruleset, &ids(layers));
    report
        .diagnostics()
        .iter()
        .filter(|d| d.code.name == "layer-removal-not-applied")
        .map(|d| (d.message_in(spanish), d.message()))
        .collect()
}

#[test]
fn a_field_two_layers_would_empty_reads_in_spanish() {
    // The seed: two layers together may not leave an enumerated field without a value; the
    // second one (in load order, short_roads) is skipped whole.
    let found = not_applied(
        &ember(),
        &["ember-roads-1e:short_roads", "ember-roads-1e:hard_winter"],
    );
    assert_eq!(found.len(), 1);
    let (spanish, english) = &found[0];
    assert!(english_words(spanish).is_empty(), "{spanish}");
    assert!(
        spanish.contains("quitar valores de `ember-roads-1e:calling`"),
        "{spanish}"
    );
    assert!(spanish.contains("sin ningún valor"), "{spanish}");
    // The English message keeps its words.
    assert!(
        english.contains("removing values of `ember-roads-1e:calling`"),
        "{english}"
    );
    assert!(english.contains("without a value"), "{english}");
}

#[test]
fn a_ladder_of_the_wrong_shape_reads_in_spanish() {
    // gravewatch's resolution is a dice pool: a ladder step counts `successes`, and a step
    // that names a `dc` instead does not fit (spec: resolution.md, the ladder's steps).
    let found = not_applied(
        &gravewatch(),
        &["gravewatch-1e:bad_ladder", "gravewatch-1e:long_night"],
    );
    assert_eq!(found.len(), 1);
    let (spanish, english) = &found[0];
    assert!(english_words(spanish).is_empty(), "{spanish}");
    assert!(
        spanish.contains("sustituir la escala de dificultad"),
        "{spanish}"
    );
    assert!(
        english.contains("replacing the difficulty ladder"),
        "{english}"
    );
}

#[test]
fn a_refused_effect_gives_the_builder_reason_in_spanish() {
    // An effect the builder would refuse (removing a value the field does not have) is skipped;
    // its reason is the builder's diagnostic, shown in the same language.
    let mut broken = ember();
    broken
        .layers
        .get_mut(
            &"ember-roads-1e:hard_winter"
                .parse::<QualifiedFieldId>()
                .unwrap(),
        )
        .unwrap()
        .fields
        .get_mut("calling")
        .unwrap()
        .remove_values
        .push("trapper".parse().unwrap());
    let found = not_applied(&broken, &["ember-roads-1e:hard_winter"]);
    assert_eq!(found.len(), 1);
    let (spanish, english) = &found[0];
    assert!(english_words(spanish).is_empty(), "{spanish}");
    assert!(spanish.contains("`trapper`"), "{spanish}");
    assert!(english.contains("`trapper`"), "{english}");
    assert_ne!(spanish, english);
}
