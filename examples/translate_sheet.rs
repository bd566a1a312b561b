//! Evaluates a character and shows its sheet in Spanish: each field's label and each owned
//! item's name in the pack's Spanish text, falling back to the pack's default language (marked
//! `*`) where the translation has no entry. IDs and values never change with the language.
//!
//! ```text
//! cargo run --example translate_sheet [PACK CHARACTER [LANGUAGE]]
//! ```
//!
//! Without arguments it shows `examples/characters/fighter-3.yaml` against the repository's
//! SRD 5.1 pack, whose `i18n/es.yaml` is its Spanish text. An app installs the language instead
//! (the pack's `-i18n` package); here the file is read from the pack's folder.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::i18n::PackText;
use opencharacter::spec::model::I18nFile;
use opencharacter::{
    Character, LanguageTag, LoadOptions, ReadLimits, Texts, Translator, load_ruleset,
    read_character, releases_at,
};

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (pack, character, language) = match args.as_slice() {
        [] => (
            root.join("packs/5e/srd-5.1"),
            root.join("examples/characters/fighter-3.yaml"),
            "es",
        ),
        [pack, character] => (PathBuf::from(pack), PathBuf::from(character), "es"),
        [pack, character, language] => (
            PathBuf::from(pack),
            PathBuf::from(character),
            language.as_str(),
        ),
        _ => {
            eprintln!("usage: translate_sheet [PACK CHARACTER [LANGUAGE]]");
            return ExitCode::FAILURE;
        }
    };
    match run(&pack, &character, language) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(pack: &Path, character: &Path, language: &str) -> Result<(), Box<dyn std::error::Error>> {
    let language: LanguageTag = language.parse()?;
    let packs = releases_at(&[pack.to_path_buf()], &ReadLimits::default())?;
    let (ruleset, _) = load_ruleset(packs.releases(), &LoadOptions::default());
    let text = std::fs::read_to_string(character)?;
    let character: Character = opencharacter::spec::yaml::from_str(&text)?;
    let read = read_character(&ruleset, character);

    // Each release carries its default language; the other languages are added beside it.
    let mut texts = Texts::new();
    for at in &packs.packs {
        let mut pack_text = PackText::from_release(&at.release)?;
        let file = at.origin.join("i18n").join(format!("{language}.yaml"));
        if let Ok(source) = std::fs::read_to_string(&file) {
            let translation: I18nFile = opencharacter::spec::yaml::from_str(&source)?;
            pack_text.add_file(&translation)?;
        }
        texts.insert(pack_text);
    }
    let translator = Translator::for_ruleset(&ruleset, &texts, language);
    let shown = |translation: Option<opencharacter::i18n::Translation>, id: &str| {
        translation.map_or_else(
            || id.to_owned(),
            |t| {
                let fallback = if t.is_fallback() { "*" } else { "" };
                format!("{}{fallback}", t.text)
            },
        )
    };

    for (id, field) in &read.sheet.fields {
        if let Some(value) = &field.value {
            let label = shown(translator.label("field", id), &id.to_string());
            println!("{label} ({id}) = {value}");
        }
    }
    for owned in &read.sheet.content {
        let name = shown(translator.content_name(&owned.id), &owned.id.to_string());
        println!("{name} ({})", owned.id);
    }
    Ok(())
}
