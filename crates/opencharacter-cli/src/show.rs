//! `opencharacter show [PATH...] [--store DIR] --id ID... [--lang TAG] [--format json]`: print the text of the
//! given content items, fields or other rules items (every key `<kind>.<ID>.<property>`, and
//! the labels of an enumerated field's values) in the language asked for, saying which
//! language answered each: the language itself, a shorter form of its tag, or the pack's
//! default language when neither has the text.
//!
//! The text is read from the packs' source folders (`i18n/<lang>.yaml`, `i18n/<lang>/*.yaml`,
//! and YAML i18n files under `i18n-package/`) through the release crate's reader, so a pack
//! needs no build to be shown. With `--store DIR`, also from the releases installed in a store
//! (`opencharacter install`): each current release's default-language text and the language
//! pack kept with it, as an app reads them. Exit 0 when every ID names something, 1 when one
//! does not, 2 for a path or store that cannot be read.
//!
//! Numbered names both ways (i18n.md, "Numbered names"): `--id ID --number N` shows the name
//! with its number ("Trasgo 2"), and `--text "Goblin 2"` finds the key whose default-language
//! text it is, number kept; a text several keys hold reads the first key that translates.
//!
//! Also here: the coverage report that `opencharacter validate --coverage` prints.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::output::{Format, say};
use opencharacter::i18n::checks::pack_coverage;
use opencharacter::i18n::store::Store;
use opencharacter::i18n::{Answered, LanguageTag, LanguageText, PackText, Translation, Translator};
use opencharacter::release::source::{FileKind, PackSource, ReadLimits, Reading, read_paths};
use opencharacter::spec::ids::PackId;
use opencharacter::spec::model::I18nFile;
use opencharacter::spec::standard_text::Direction;

/// Print the text of content items, fields or rules items in a language.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A pack folder (with `pack.yaml`) or a folder of packs (`packs/`).
    #[arg(required_unless_present = "store", value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// A store of installed releases (`opencharacter install --store DIR`) to read as well:
    /// each pack's current release and the language pack kept with it.
    #[arg(long, value_name = "DIR")]
    store: Option<PathBuf>,
    /// An ID to show, local (`spells.fireball`, `abilities.str`) or qualified
    /// (`5e-srd-5.1:spells.fireball`); repeat the option or separate IDs with commas.
    #[arg(
        long = "id",
        required_unless_present = "texts",
        value_delimiter = ',',
        value_name = "ID"
    )]
    ids: Vec<String>,
    /// Show each `--id`'s name numbered: `--id monsters.goblin --number 2` reads "Goblin 2" in
    /// English, "Trasgo 2" in Spanish (the name, a space, the number as written).
    #[arg(long, value_name = "N", requires = "ids")]
    number: Option<u64>,
    /// A text as shown in a pack's default language ("Goblin 2", what a game log wrote): the
    /// key that holds it and its translation, a trailing number kept. A text several keys hold
    /// reads the first that translates into the language asked for (i18n.md).
    #[arg(long = "text", value_name = "TEXT")]
    texts: Vec<String>,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    let mut texts = Vec::new();
    if !args.paths.is_empty() {
        match read_paths(&args.paths, &ReadLimits::default()) {
            Ok(reading) => texts = pack_texts(&reading),
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(dir) = &args.store {
        match store_texts(dir) {
            Ok(installed) => {
                // A pack read from a source folder is the one shown: its store copy is skipped.
                for text in installed {
                    if texts.iter().any(|source| source.pack == text.pack) {
                        eprintln!(
                            "{}",
                            say("show-from-source", &[("pack", text.pack.as_str())])
                        );
                    } else {
                        texts.push(text);
                    }
                }
            }
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(first) = texts.first() else {
        eprintln!(
            "error: no pack with a readable manifest under the paths given, nor installed in the store"
        );
        return ExitCode::from(2);
    };
    // Without --lang or a language in the environment, the first pack's default language.
    let language = crate::lang::language()
        .cloned()
        .unwrap_or_else(|| first.default_language.clone());
    let translator = Translator::new(language.clone(), texts.iter());

    let mut out = String::new();
    let mut all_found = true;
    for id in &args.ids {
        let (pack, local) = match id.split_once(':') {
            Some((pack, local)) => match pack.parse::<PackId>() {
                Ok(pack) => (Some(pack), local),
                Err(error) => {
                    eprintln!("error: `{id}`: {error}");
                    return ExitCode::from(2);
                }
            },
            None => (None, id.as_str()),
        };
        let mut found = lookup(&translator, pack.as_ref(), local);
        if let Some(number) = args.number {
            // Only names are numbered: "Goblin 2", never a description with a number after it.
            for translation in found.iter_mut().filter(|t| t.key.ends_with(".name")) {
                translation.text = format!("{} {number}", translation.text);
            }
        }
        if found.is_empty() {
            all_found = false;
        }
        match crate::output::format() {
            Format::Text => human(&mut out, id, local, &language, &found),
            Format::Json => {
                for translation in &found {
                    let _ = writeln!(out, "{}", json(id, &language, translation));
                }
                // An ID that names nothing is a diagnostic line, not silence.
                if found.is_empty() {
                    let unknown = opencharacter::Diagnostic::new(
                        &opencharacter::spec::diagnostic::codes::SHOW_ID_UNKNOWN,
                    )
                    .with_arg("id", id);
                    let _ = writeln!(out, "{}", unknown.to_json(crate::lang::standard_text()));
                }
            }
        }
    }
    for shown in &args.texts {
        let found = translator.reverse(shown);
        match (crate::output::format(), &found) {
            (Format::Text, Some(translation)) => {
                let _ = writeln!(
                    out,
                    "\"{shown}\": {}:{}\n  {}  [{}]\n",
                    translation.pack,
                    translation.key,
                    translation.text,
                    answered(&language, translation)
                );
            }
            (Format::Text, None) => {
                all_found = false;
                let _ = writeln!(out, "\"{shown}\": {}\n", say("show-text-none", &[]));
            }
            (Format::Json, Some(translation)) => {
                let mut value = json(shown, &language, translation);
                if let serde_json::Value::Object(map) = &mut value {
                    map.remove("id");
                    map.insert("shown".into(), shown.as_str().into());
                }
                let _ = writeln!(out, "{value}");
            }
            (Format::Json, None) => {
                all_found = false;
                let _ = writeln!(out, "{}", serde_json::json!({"shown": shown, "key": null}));
            }
        }
    }
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    if all_found {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Every text of `id` in the packs (only `pack` when the ID is qualified), in load order and
/// the default file's key order.
fn lookup(translator: &Translator<'_>, pack: Option<&PackId>, id: &str) -> Vec<Translation> {
    let mut found = Vec::new();
    for text in translator.packs() {
        if pack.is_some_and(|pack| *pack != text.pack) {
            continue;
        }
        for key in text.default_text().text.keys() {
            if names(key, id)
                && let Some(translation) = translator.text(&text.pack, key)
            {
                found.push(translation);
            }
        }
    }
    found
}

/// Whether `key` is text of `id`: `<kind>.<id>.<property>`, or `value.<id>.<value>.label` (an
/// enumerated field's values); `pack` names the pack's own keys.
fn names(key: &str, id: &str) -> bool {
    if id == "pack" {
        return key.starts_with("pack.");
    }
    let Some((kind, rest)) = key.split_once('.') else {
        return false;
    };
    let Some(after) = rest
        .strip_prefix(id)
        .and_then(|rest| rest.strip_prefix('.'))
    else {
        return false;
    };
    match kind {
        "value" => after.split('.').count() == 2,
        _ => !after.contains('.'),
    }
}

/// Which language answered, in words.
fn answered(requested: &LanguageTag, translation: &Translation) -> String {
    let direction = match translation.direction {
        Direction::Ltr => String::new(),
        Direction::Rtl => say("rtl", &[]),
    };
    let language = translation.language.as_str();
    let requested = requested.as_str();
    let key = match translation.answered {
        Answered::Requested => "answered",
        Answered::Variant => "answered-variant",
        Answered::Default => "answered-default",
    };
    say(
        key,
        &[
            ("language", language),
            ("direction", &direction),
            ("requested", requested),
        ],
    )
}

fn human(out: &mut String, id: &str, local: &str, requested: &LanguageTag, found: &[Translation]) {
    if found.is_empty() {
        let _ = writeln!(out, "{id}: {}\n", say("show-none", &[]));
        return;
    }
    let mut pack = None;
    for translation in found {
        if pack != Some(&translation.pack) {
            let _ = writeln!(out, "{}:{local}", translation.pack);
            pack = Some(&translation.pack);
        }
        let _ = writeln!(
            out,
            "  {}: {}  [{}]",
            translation.key,
            translation.text,
            answered(requested, translation)
        );
    }
    out.push('\n');
}

fn json(id: &str, requested: &LanguageTag, translation: &Translation) -> serde_json::Value {
    serde_json::json!({
        "id": id,
        "pack": translation.pack.as_str(),
        "key": translation.key,
        "text": translation.text,
        "language": translation.language.as_str(),
        "direction": match translation.direction { Direction::Ltr => "ltr", Direction::Rtl => "rtl" },
        "requested": requested.as_str(),
        "answered": match translation.answered {
            Answered::Requested => "requested",
            Answered::Variant => "variant",
            Answered::Default => "default",
        },
    })
}

/// The text of every pack read that has a manifest, each language from its i18n files. A file
/// that does not read as an i18n file, or whose `_meta.language` is not a tag, is skipped with
/// a note on stderr (`opencharacter validate` reports it in full).
pub fn pack_texts(reading: &Reading) -> Vec<PackText> {
    reading.packs.iter().filter_map(pack_text).collect()
}

fn pack_text(source: &PackSource) -> Option<PackText> {
    let manifest = source.manifest.as_ref()?;
    let default_language = match LanguageTag::parse(&manifest.default_language) {
        Ok(tag) => tag,
        Err(error) => {
            eprintln!("note: {}: {error}", manifest.id);
            return None;
        }
    };
    let mut languages: Vec<LanguageText> = Vec::new();
    let files = source.i18n.iter().chain(
        source
            .i18n_package
            .iter()
            .filter(|file| file.path.ends_with(".yaml")),
    );
    for file in files {
        let Some(Ok(read)) = source.deserialize::<I18nFile>(file) else {
            if matches!(file.kind, FileKind::I18n { .. }) {
                eprintln!(
                    "note: {}: `{}` is not a readable i18n file; skipped",
                    manifest.id, file.path
                );
            }
            continue;
        };
        match LanguageText::from_file(&read) {
            Ok(text) => languages.push(text),
            Err(error) => eprintln!("note: {}: `{}`: {error}; skipped", manifest.id, file.path),
        }
    }
    let default = languages
        .iter()
        .position(|text| text.language == default_language)
        .map(|at| languages.remove(at))
        .unwrap_or_else(|| LanguageText {
            language: default_language.clone(),
            direction: Direction::Ltr,
            text: Default::default(),
        });
    let mut text = PackText::new(manifest.id.clone(), default);
    for language in languages {
        text.add(language);
    }
    Some(text)
}

/// The text of every pack installed in the store at `dir`, in pack ID order. A folder that is
/// not a store is an error (it is not created, as an installer would).
fn store_texts(dir: &Path) -> Result<Vec<PackText>, String> {
    if !dir.join("packs").is_dir() {
        return Err(format!(
            "{}: not a store (no `packs` folder; `opencharacter install --store` makes one)",
            dir.display()
        ));
    }
    let texts = Store::open(dir)
        .and_then(|store| store.texts())
        .map_err(|error| error.to_string())?;
    Ok(texts.iter().cloned().collect())
}

/// Most missing keys listed per language in the human coverage report.
const MISSING_SHOWN: usize = 10;

/// The coverage report of `validate --coverage`: for each pack, each language beyond the
/// default with the share of the default language's keys it translates and the keys it lacks
/// (all of them in JSON, one object per language per line; the first few in the human report).
pub fn coverage_report(reading: &Reading, json: bool) -> String {
    let mut out = String::new();
    for text in pack_texts(reading) {
        let reports = pack_coverage(&text);
        if json {
            for report in &reports {
                let line = serde_json::json!({
                    "coverage": {
                        "pack": text.pack.as_str(),
                        "default": text.default_language.as_str(),
                        "language": report.language.as_str(),
                        "translated": report.translated,
                        "total": report.total,
                        "share": report.share(),
                        "missing": report.missing,
                    }
                });
                let _ = writeln!(out, "{line}");
            }
            continue;
        }
        let total = text
            .default_text()
            .text
            .values()
            .filter(|t| !t.is_empty())
            .count();
        let _ = writeln!(
            out,
            "{}",
            say(
                "cov-pack",
                &[
                    ("pack", text.pack.as_str()),
                    ("default", text.default_language.as_str()),
                    ("total", &total.to_string())
                ]
            )
        );
        if reports.is_empty() {
            let _ = writeln!(out, "  {}", say("cov-none", &[]));
        }
        for report in &reports {
            let _ = write!(
                out,
                "  {}",
                say(
                    "cov-language",
                    &[
                        ("language", report.language.as_ref()),
                        ("translated", &report.translated.to_string()),
                        ("total", &report.total.to_string()),
                        ("percent", &report.percent().to_string())
                    ]
                )
            );
            if report.missing.is_empty() {
                out.push('\n');
                continue;
            }
            let shown: Vec<&str> = report
                .missing
                .iter()
                .take(MISSING_SHOWN)
                .map(String::as_str)
                .collect();
            out.push_str(&say("cov-missing", &[("keys", &shown.join(", "))]));
            let more = report.missing.len().saturating_sub(MISSING_SHOWN);
            if more > 0 {
                out.push_str(&say("cov-more", &[("more", &more.to_string())]));
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn keys_name_their_items() {
        assert!(names("content.spells.fireball.name", "spells.fireball"));
        assert!(names(
            "content.spells.fireball.description",
            "spells.fireball"
        ));
        assert!(!names("content.spells.fireball-2.name", "spells.fireball"));
        assert!(!names("content.spells.fire.name", "spells.fireball"));
        assert!(names("field.abilities.str.label", "abilities.str"));
        assert!(!names("field.abilities.str.mod.label", "abilities.str"));
        assert!(names("value.monster.size.large.label", "monster.size"));
        assert!(names("pack.name", "pack"));
    }
}
