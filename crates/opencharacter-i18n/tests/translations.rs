#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! The seed's "Translations" section, sentence by sentence where it concerns lookup, carried
//! onto packs (brief sections 4 and 5): i18n files per language, flat keys, fallback through
//! shorter tags to the default language, empty strings, numbered names, direction, and
//! translations that change only what is shown.

use opencharacter_i18n::checks::{check_file_language, check_values, coverage, pack_coverage};
use opencharacter_i18n::{Answered, LanguageTag, LanguageText, PackText, Texts, Translator};
use opencharacter_spec::ids::{PackId, QualifiedContentId};
use opencharacter_spec::model::{I18nFile, PackRelease, Ruleset};
use opencharacter_spec::standard_text::Direction;
use opencharacter_spec::yaml;

fn file(source: &str) -> I18nFile {
    yaml::from_str(source).unwrap()
}

fn tag(text: &str) -> LanguageTag {
    text.parse().unwrap()
}

fn pack() -> PackId {
    "5e-srd-5.1".parse().unwrap()
}

/// The seed's example, as a pack's files: English default, Russian beside it.
fn seed_example() -> PackText {
    let en = file(
        "_meta: {language: en, direction: ltr}\n\
         pack.name: 5e (SRD 5.1)\n\
         content:\n  conditions.prone.name: Prone\n  spells.fire-bolt.name: Fire Bolt\n  monsters.goblin.name: Goblin\n",
    );
    let ru = file(
        "_meta: {language: ru, direction: ltr}\n\
         content.conditions.prone.name: Лежащий\n\
         content.spells.fire-bolt.name: Огненный снаряд\n\
         content.monsters.goblin.name: Гоблин\n",
    );
    let mut text = PackText::new(pack(), LanguageText::from_file(&en).unwrap());
    text.add_file(&ru).unwrap();
    text
}

// "The text strings that a ruleset shows in another language are grouped into one translation
// per language, named with the language code (`ru`, `pt-BR`, `zh-Hans`)." … "its value is that
// string in the file's language."
#[test]
fn one_translation_per_language_gives_each_string_in_that_language() {
    let text = seed_example();
    let translator = Translator::new(tag("ru"), [&text]);
    let prone = translator
        .text(&pack(), "content.conditions.prone.name")
        .unwrap();
    assert_eq!(prone.text, "Лежащий");
    assert_eq!(prone.language, tag("ru"));
    assert_eq!(prone.answered, Answered::Requested);
    let fire_bolt: QualifiedContentId = "5e-srd-5.1:spells.fire-bolt".parse().unwrap();
    assert_eq!(
        translator.content_name(&fire_bolt).unwrap().text,
        "Огненный снаряд"
    );
    // Language codes of every shape name a translation, normalised.
    for (written, normal) in [("ru", "ru"), ("pt_br", "pt-BR"), ("zh-hans", "zh-Hans")] {
        assert_eq!(tag(written).as_str(), normal);
    }
}

// "each key is a text string that the ruleset or its catalogs show, word for word in English"
// — in packs a key is an ID path, and the English text is found again by reverse lookup.
#[test]
fn the_default_language_text_is_found_again_by_reverse_lookup() {
    let text = seed_example();
    let translator = Translator::new(tag("ru"), [&text]);
    assert_eq!(translator.shown("Prone"), "Лежащий");
    assert_eq!(translator.shown("Fire Bolt"), "Огненный снаряд");
    // A text no pack has is shown as it is.
    assert_eq!(translator.shown("Owlbear"), "Owlbear");
    assert!(translator.reverse("Owlbear").is_none());
}

// "`_meta.locale` must be the language that names the file"
#[test]
fn a_file_declares_the_language_that_names_it() {
    assert!(check_file_language("ru", "ru").is_empty());
    assert!(check_file_language("pt-BR", "pt-br").is_empty());
    let found = check_file_language("ru", "uk");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code.name, "i18n-language-mismatch");
    assert_eq!(found[0].args["language"], "uk");
    assert_eq!(found[0].args["expected"], "ru");
    let found = check_file_language("ru", "russian language");
    assert_eq!(found[0].code.name, "language-tag-invalid");
    assert_eq!(
        found[0].location.pointer.as_deref(),
        Some("/_meta/language")
    );
    let found = check_file_language("pt_BR", "pt-BR");
    assert_eq!(found[0].code.name, "language-tag-invalid");
}

// "with every value a text string"
#[test]
fn every_value_is_a_text() {
    let value: serde_json::Value = yaml::from_str(
        "_meta: {language: ru, direction: ltr}\nfield:\n  level.label: 20\n  hp.label: [a]\n  ok.label: Уровень\ncontent.x.y.name: true\nnothing.here.name: ~\n",
    )
    .unwrap();
    let found: Vec<(String, String, String)> = check_values(&value)
        .into_iter()
        .map(|d| {
            (
                d.args["key"].clone(),
                d.args["found"].clone(),
                d.location.pointer.unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "field.level.label".into(),
                "a number".into(),
                "/field/level.label".into()
            ),
            (
                "field.hp.label".into(),
                "a list".into(),
                "/field/hp.label".into()
            ),
            (
                "content.x.y.name".into(),
                "a boolean".into(),
                "/content.x.y.name".into()
            ),
            (
                "nothing.here.name".into(),
                "nothing (null)".into(),
                "/nothing.here.name".into()
            ),
        ]
    );
}

// "A string left empty is not translated yet and shows in English"
#[test]
fn an_empty_string_is_untranslated_and_shows_in_the_default_language() {
    let mut text = seed_example();
    text.add_file(&file(
        "_meta: {language: uk, direction: ltr}\ncontent.conditions.prone.name: \"\"\n",
    ))
    .unwrap();
    let translator = Translator::new(tag("uk"), [&text]);
    let prone = translator
        .text(&pack(), "content.conditions.prone.name")
        .unwrap();
    assert_eq!(prone.text, "Prone");
    assert_eq!(prone.language, tag("en"));
    assert_eq!(prone.answered, Answered::Default);
    assert!(prone.is_fallback());
    // Coverage counts it as missing too.
    let report = &pack_coverage(&text)[1];
    assert_eq!(report.language, tag("uk"));
    assert!(
        report
            .missing
            .contains(&"content.conditions.prone.name".to_owned())
    );
}

// "a file without a `ruleset` section (the package's own English information) translates
// nothing" — in packs, a language file with no keys translates nothing and everything falls back.
#[test]
fn a_file_with_no_text_translates_nothing() {
    let mut text = seed_example();
    text.add_file(&file("_meta: {language: fr, direction: ltr}\n"))
        .unwrap();
    let translator = Translator::new(tag("fr"), [&text]);
    let goblin = translator
        .text(&pack(), "content.monsters.goblin.name")
        .unwrap();
    assert_eq!(
        (goblin.text.as_str(), goblin.answered),
        ("Goblin", Answered::Default)
    );
    let report = &pack_coverage(&text)[1];
    assert_eq!((report.translated, report.total), (0, 4));
    assert_eq!(report.percent(), "0.0%");
}

// "first the file of the language itself and then that of the language it is a variant of
// (`pt` for `pt-BR`), and in English otherwise"
#[test]
fn lookup_tries_the_language_then_each_shorter_tag_then_the_default() {
    let en = file(
        "_meta: {language: en, direction: ltr}\ncontent:\n  a.one.name: One\n  a.two.name: Two\n  a.three.name: Three\n  a.four.name: Four\n",
    );
    let mut text = PackText::new(pack(), LanguageText::from_file(&en).unwrap());
    text.add_file(&file(
        "_meta: {language: zh-Hant-TW, direction: ltr}\ncontent.a.one.name: 一（台灣）\n",
    ))
    .unwrap();
    text.add_file(&file(
        "_meta: {language: zh-Hant, direction: ltr}\ncontent.a.one.name: 一（繁體）\ncontent.a.two.name: 二（繁體）\n",
    ))
    .unwrap();
    text.add_file(&file(
        "_meta: {language: zh, direction: ltr}\ncontent.a.two.name: 二\ncontent.a.three.name: 三\n",
    ))
    .unwrap();
    let translator = Translator::new(tag("zh_hant_tw"), [&text]);
    let answer = |id: &str| {
        let t = translator
            .text(&pack(), &format!("content.a.{id}.name"))
            .unwrap();
        (t.text, t.language.to_string(), t.answered)
    };
    assert_eq!(
        answer("one"),
        (
            "一（台灣）".into(),
            "zh-Hant-TW".into(),
            Answered::Requested
        )
    );
    assert_eq!(
        answer("two"),
        ("二（繁體）".into(), "zh-Hant".into(), Answered::Variant)
    );
    assert_eq!(
        answer("three"),
        ("三".into(), "zh".into(), Answered::Variant)
    );
    assert_eq!(
        answer("four"),
        ("Four".into(), "en".into(), Answered::Default)
    );

    // pt-BR → pt → the default.
    let mut text = seed_example();
    text.add_file(&file(
        "_meta: {language: pt, direction: ltr}\ncontent.conditions.prone.name: Caído\n",
    ))
    .unwrap();
    text.add_file(&file(
        "_meta: {language: pt-BR, direction: ltr}\ncontent.monsters.goblin.name: Goblin brasileiro\n",
    ))
    .unwrap();
    let translator = Translator::new(tag("pt-BR"), [&text]);
    let prone = translator.find("content.conditions.prone.name").unwrap();
    assert_eq!(
        (prone.text.as_str(), prone.language.as_str()),
        ("Caído", "pt")
    );
    let goblin = translator.find("content.monsters.goblin.name").unwrap();
    assert_eq!(goblin.language.as_str(), "pt-BR");
    let fire_bolt = translator.find("content.spells.fire-bolt.name").unwrap();
    assert_eq!(
        (fire_bolt.text.as_str(), fire_bolt.language.as_str()),
        ("Fire Bolt", "en")
    );
    // A parent never falls "down" to a variant: `pt` does not read the `pt-BR` file.
    let pt = Translator::new(tag("pt"), [&text]);
    assert_eq!(
        pt.find("content.monsters.goblin.name").unwrap().text,
        "Goblin"
    );
}

// A language the pack does not have at all answers in the default language; the default
// language asked for by name answers as requested.
#[test]
fn the_default_language_answers_for_languages_the_pack_lacks() {
    let text = seed_example();
    let ja = Translator::new(tag("ja"), [&text]);
    let prone = ja.find("content.conditions.prone.name").unwrap();
    assert_eq!(
        (prone.text.as_str(), prone.answered),
        ("Prone", Answered::Default)
    );
    let en_gb = Translator::new(tag("en-GB"), [&text]);
    let prone = en_gb.find("content.conditions.prone.name").unwrap();
    assert_eq!(prone.answered, Answered::Variant);
    // A key no language has answers nothing.
    assert!(ja.find("content.conditions.hungry.name").is_none());
}

// "\"Goblin 2\" reads the translation of \"Goblin\" with its number" — by key and number, and
// by reverse lookup of the default-language text, whatever the number.
#[test]
fn numbered_names_read_the_translation_with_their_number() {
    let text = seed_example();
    let translator = Translator::new(tag("ru"), [&text]);
    let by_key = translator
        .numbered(&pack(), "content.monsters.goblin.name", 2)
        .unwrap();
    assert_eq!(by_key.text, "Гоблин 2");
    assert_eq!(by_key.language, tag("ru"));
    for number in ["2", "10", "0", "007", "18446744073709551616123"] {
        assert_eq!(
            translator.shown(&format!("Goblin {number}")),
            format!("Гоблин {number}")
        );
    }
    // Two words and a number; a number glued to the name is not a numbered name.
    assert_eq!(translator.shown("Fire Bolt 3"), "Огненный снаряд 3");
    assert_eq!(translator.shown("Goblin2"), "Goblin2");
    // A numbered name in a language that lacks the name falls back with its number.
    let fr = Translator::new(tag("fr"), [&text]);
    let goblin = fr.reverse("Goblin 4").unwrap();
    assert_eq!(
        (goblin.text.as_str(), goblin.answered),
        ("Goblin 4", Answered::Default)
    );
}

// A text two keys hold (the SRD's "Goblin" names a language and a monster): the reverse lookup
// reads the first key, in file order, that translates (i18n.md, "Reverse lookup"), so the
// language listed first does not hide the monster's Spanish name; with neither translated, the
// first key answers in the default language.
#[test]
fn a_text_two_keys_hold_reads_the_key_that_translates() {
    let en = file(
        "_meta: {language: en, direction: ltr}\n\
         content.languages.goblin.name: Goblin\n\
         content.monsters.goblin.name: Goblin\n",
    );
    let es = file("_meta: {language: es, direction: ltr}\ncontent.monsters.goblin.name: Trasgo\n");
    let mut text = PackText::new(pack(), LanguageText::from_file(&en).unwrap());
    text.add_file(&es).unwrap();
    let spanish = Translator::new(tag("es"), [&text]);
    let goblin = spanish.reverse("Goblin 2").unwrap();
    assert_eq!(goblin.text, "Trasgo 2");
    assert_eq!(goblin.key, "content.monsters.goblin.name");
    assert_eq!(spanish.shown("Goblin"), "Trasgo");
    let french = Translator::new(tag("fr"), [&text]);
    let first = french.reverse("Goblin").unwrap();
    assert_eq!(
        (first.key.as_str(), first.answered),
        ("content.languages.goblin.name", Answered::Default)
    );
}

// A default-language text that itself ends in a number is found whole before it is split.
#[test]
fn a_name_that_ends_in_a_number_is_found_whole_first() {
    let en = file(
        "_meta: {language: en, direction: ltr}\ncontent.spells.word-9.name: Power Word 9\ncontent.spells.word.name: Power Word\n",
    );
    let es = file(
        "_meta: {language: es, direction: ltr}\ncontent.spells.word-9.name: Palabra nueve\ncontent.spells.word.name: Palabra\n",
    );
    let mut text = PackText::new(pack(), LanguageText::from_file(&en).unwrap());
    text.add_file(&es).unwrap();
    let translator = Translator::new(tag("es"), [&text]);
    assert_eq!(translator.shown("Power Word 9"), "Palabra nueve");
    assert_eq!(translator.shown("Power Word 8"), "Palabra 8");
}

// The direction of the language that answered.
#[test]
fn each_answer_has_the_direction_of_the_language_that_gave_it() {
    let mut text = seed_example();
    text.add_file(&file(
        "_meta: {language: he, direction: rtl}\ncontent.monsters.goblin.name: גובלין\n",
    ))
    .unwrap();
    let translator = Translator::new(tag("he-IL"), [&text]);
    let goblin = translator.reverse("Goblin 2").unwrap();
    assert_eq!(goblin.text, "גובלין 2");
    assert_eq!(goblin.direction, Direction::Rtl);
    assert_eq!(goblin.language, tag("he"));
    let prone = translator.find("content.conditions.prone.name").unwrap();
    assert_eq!(
        (prone.direction, prone.language.as_str()),
        (Direction::Ltr, "en")
    );
}

fn release() -> PackRelease {
    serde_json::from_value(serde_json::json!({
        "manifest": {"id": "5e-srd-5.1", "version": "0.1.0", "specVersion": "1.5.0",
                     "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": {"fields": {"level": {"type": "number"}}},
        "content": {"monsters.goblin": {"id": "monsters.goblin", "type": "monsters"}},
        "i18n": {"_meta": {"language": "en", "direction": "ltr"},
                 "pack.name": "5e", "field.level.label": "Level",
                 "content.monsters.goblin.name": "Goblin"},
        "formulas": {}
    }))
    .unwrap()
}

// "Translations affect only what is shown: the rules, the sheet commands and everything told
// to the Game Master keep reading the English."
#[test]
fn translations_change_only_what_is_shown() {
    let release = release();
    let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
        "packs": [{"id": "5e-srd-5.1", "version": "0.1.0", "specVersion": "1.5.0",
                   "license": "CC0-1.0", "defaultLanguage": "en"}],
        "gm": {"checkGuidance": [{"pack": "5e-srd-5.1", "text": "Call for a check when failure is interesting."}]}
    }))
    .unwrap();
    let before = serde_json::to_string(&ruleset).unwrap();
    let mut texts = Texts::from_releases([&release]).unwrap();
    texts
        .get_mut(&pack())
        .unwrap()
        .add_file(&file(
            "_meta: {language: es, direction: ltr}\nfield.level.label: Nivel\ncontent.monsters.goblin.name: Trasgo\n",
        ))
        .unwrap();
    // The translator only borrows the ruleset and the text; every answer is a new string.
    let translator = Translator::for_ruleset(&ruleset, &texts, tag("es"));
    assert_eq!(translator.find("field.level.label").unwrap().text, "Nivel");
    assert_eq!(translator.shown("Goblin 3"), "Trasgo 3");
    // What a game master (or a model) is told keeps the default language.
    assert_eq!(
        translator.default_text(&pack(), "content.monsters.goblin.name"),
        Some("Goblin")
    );
    assert_eq!(
        ruleset.gm.check_guidance[0].text,
        "Call for a check when failure is interesting."
    );
    // The ruleset, with its IDs, rules and guidance, is byte for byte what it was.
    drop(translator);
    assert_eq!(serde_json::to_string(&ruleset).unwrap(), before);
    // And the release's own text is still the default language.
    assert_eq!(
        release.i18n.flat()["content.monsters.goblin.name"],
        "Goblin"
    );
}

// A pack whose text was not given answers nothing, and packs answer in load order.
#[test]
fn packs_answer_in_load_order() {
    let first = seed_example();
    let other: PackId = "5e-homebrew".parse().unwrap();
    let mut second = PackText::new(
        other.clone(),
        LanguageText::from_file(&file(
            "_meta: {language: en, direction: ltr}\ncontent.monsters.goblin.name: Goblin\ncontent.monsters.hobgoblin.name: Hobgoblin\n",
        ))
        .unwrap(),
    );
    second
        .add_file(&file(
            "_meta: {language: ru, direction: ltr}\ncontent.monsters.goblin.name: Другой гоблин\ncontent.monsters.hobgoblin.name: Хобгоблин\n",
        ))
        .unwrap();
    let translator = Translator::new(tag("ru"), [&first, &second]);
    assert_eq!(translator.shown("Goblin"), "Гоблин");
    assert_eq!(translator.shown("Hobgoblin 2"), "Хобгоблин 2");
    assert_eq!(
        translator
            .text(&other, "content.monsters.goblin.name")
            .unwrap()
            .text,
        "Другой гоблин"
    );
    assert!(
        translator
            .text(&"nothing-here".parse().unwrap(), "pack.name")
            .is_none()
    );
}

#[test]
fn coverage_is_the_share_of_default_keys_translated() {
    let text = seed_example();
    let report = coverage(text.default_text(), text.language(&tag("ru")).unwrap());
    assert_eq!((report.translated, report.total), (3, 4));
    assert_eq!(report.missing, ["pack.name"]);
    assert!((report.share() - 0.75).abs() < f64::EPSILON);
    assert_eq!(report.percent(), "75.0%");
}

#[test]
fn unknown_keys_are_reported_against_the_packs_ids() {
    use opencharacter_i18n::checks::{Nameable, check_unknown_keys};
    let nameable = Nameable::of_release(&release());
    let value: serde_json::Value = yaml::from_str(
        "_meta: {language: es, direction: ltr}\npack.name: 5e\nfield:\n  level.label: Nivel\n  levle.label: Nivel\ncontent.monsters.goblin.name: Trasgo\ncontent.monsters.goblin.description: Pequeño\ncontent.monsters.orc.name: Orco\nnot-a-kind.x.y: z\n",
    )
    .unwrap();
    let found: Vec<(String, String)> = check_unknown_keys(&nameable, "es", &value)
        .map(|d| (d.args["key"].clone(), d.location.pointer.unwrap()))
        .collect();
    assert_eq!(
        found,
        [
            (
                "field.levle.label".to_owned(),
                "/field/levle.label".to_owned()
            ),
            (
                "content.monsters.orc.name".to_owned(),
                "/content.monsters.orc.name".to_owned()
            ),
        ]
    );
}

proptest::proptest! {
    // Any default-language text, any number: the numbered name reads the translation with the
    // number kept as written; any text at all is looked up without a panic.
    #[test]
    fn any_numbered_name_reads_its_translation(
        name in "[A-Za-z][A-Za-z ]{0,20}[A-Za-z]",
        number in "[0-9]{1,40}",
        anything in "\\PC{0,60}",
    ) {
        let en = LanguageText {
            language: tag("en"),
            direction: Direction::Ltr,
            text: [("content.monsters.x.name".to_owned(), name.clone())].into_iter().collect(),
        };
        let mut text = PackText::new(pack(), en);
        text.add(LanguageText {
            language: tag("de"),
            direction: Direction::Ltr,
            text: [("content.monsters.x.name".to_owned(), "Übersetzt".to_owned())].into_iter().collect(),
        });
        let translator = Translator::new(tag("de-AT"), [&text]);
        let shown = translator.reverse(&format!("{name} {number}")).unwrap();
        proptest::prop_assert_eq!(shown.text, format!("Übersetzt {number}"));
        proptest::prop_assert_eq!(shown.answered, Answered::Variant);
        let _ = translator.shown(&anything);
        let _ = translator.find(&anything);
    }
}
