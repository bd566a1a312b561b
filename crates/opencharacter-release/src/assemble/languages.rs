//! Reading a pack's i18n files into each language's flat text (nested maps as dotted keys), with
//! the i18n crate's checks located in each file; apart because languages are read and checked on
//! their own, after the rules and content.

use indexmap::IndexMap;
use opencharacter_i18n::checks::{Nameable, check_file_into};
use opencharacter_spec::diagnostic::kept::Kept;
use opencharacter_spec::diagnostic::{Diagnostic, Phrase, codes, reasons};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::i18n::check_key;
use opencharacter_spec::model::{I18nFile, I18nValue, PackRelease};
use opencharacter_spec::pointer;

use super::Origins;
use crate::source::{FileKind, PackSource};

/// Reads every language's files: each file's `_meta` against its path, each key's shape, a key
/// written twice in one language; returns each language's flat text (the default first).
pub(super) fn read_languages(
    source: &PackSource,
    release: &PackRelease,
    origins: &mut Origins,
    out: &mut Kept,
    removed: &mut Vec<(String, String)>,
) -> IndexMap<String, IndexMap<String, String>> {
    let mut languages: IndexMap<String, IndexMap<String, String>> = IndexMap::new();
    let default = &release.manifest.default_language;
    let mut files: Vec<_> = source.i18n.iter().collect();
    // The default language first, then by path.
    files.sort_by_key(|file| match &file.kind {
        FileKind::I18n { language } => (language != default, file.path.clone()),
        _ => (true, file.path.clone()),
    });
    let nameable = Nameable::of_release(release);
    for file in files {
        let FileKind::I18n { language } = &file.kind else {
            continue;
        };
        let Some(value) = file.value() else { continue };
        // The i18n crate's checks of one file: its language against its path, values that are
        // not text, keys that name nothing in the pack.
        // Each located and kept (or counted) as it is made: a file of unknown keys can be
        // half a million diagnostics, never held at once.
        let mut sink = LocatedSink {
            source,
            path: &file.path,
            out,
            not_text: Vec::new(),
        };
        check_file_into(Some(&nameable), language, value, &mut sink);
        let not_text = sink.not_text;
        // A value that is not text was just reported, in words about text: it is left out
        // before the file is read (its text is a map of untagged values, where serde would
        // only say that the whole file does not fit).
        removed.extend(not_text.iter().map(|p| (file.path.clone(), p.clone())));
        let mut cleaned = file.clone();
        if let Some(document) = &mut cleaned.document {
            for pointer in &not_text {
                if let Some((parent, last)) = pointer.rsplit_once('/')
                    && let Some(serde_json::Value::Object(map)) = document.value.pointer_mut(parent)
                {
                    map.shift_remove(&*pointer::unescape_token(last));
                }
            }
        }
        let Some(read) = source.read_model::<I18nFile>(&cleaned) else {
            continue;
        };
        for diagnostic in read.diagnostics {
            // A value that is not text was just reported, in words about text.
            let pointer = diagnostic.location.pointer.as_deref().unwrap_or_default();
            let told = not_text
                .iter()
                .any(|told| told == pointer || pointer.starts_with(&format!("{told}/")));
            if !told {
                out.push(diagnostic);
            }
        }
        let Some(parsed) = read.value else {
            continue;
        };
        origins
            .i18n
            .entry(language.clone())
            .or_default()
            .push(file.path.clone());
        let text = languages.entry(language.clone()).or_default();
        let places = origins.i18n_keys.entry(language.clone()).or_default();
        let mut flat = Vec::new();
        for (key, value) in &parsed.text {
            flatten(key, &format!("/{}", escape_segment(key)), value, &mut flat);
        }
        for (key, pointer, value) in flat {
            let invalid = |reason: Phrase| {
                source.locate(
                    &file.path,
                    &pointer,
                    Diagnostic::new(&codes::I18N_KEY_INVALID)
                        .with_arg("key", &key)
                        .with_word("reason", reason),
                )
            };
            if let Err(error) = check_key(&key) {
                out.push(invalid(error.phrase()));
                continue;
            }
            if let Some((first_file, first_pointer)) = places.get(&key) {
                let first = source
                    .file(first_file)
                    .and_then(|f| f.locate(first_pointer))
                    .map_or_else(
                        || first_file.clone(),
                        |p| format!("{first_file}:{}:{}", p.line, p.column),
                    );
                out.push(invalid(
                    Phrase::new(&reasons::KEY_TWICE_AT).with_arg("first", first),
                ));
                continue;
            }
            places.insert(key.clone(), (file.path.clone(), pointer));
            text.insert(key, value);
        }
    }
    languages
}

/// Where the i18n checks of one file put what they find: located in the file, then kept within
/// the pack's bound; the pointers of values that are not text are noted for reading the file.
struct LocatedSink<'s> {
    source: &'s PackSource,
    path: &'s str,
    out: &'s mut Kept,
    not_text: Vec<String>,
}

impl Extend<Diagnostic> for LocatedSink<'_> {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        for diagnostic in iter {
            if diagnostic.code == &codes::I18N_VALUE_NOT_TEXT
                && let Some(pointer) = &diagnostic.location.pointer
            {
                self.not_text.push(pointer.clone());
            }
            self.out
                .push(self.source.locate_pointer(self.path, diagnostic));
        }
    }
}

/// Flattens one key of an i18n file with its pointer: a nested map reads as dotted keys.
fn flatten(key: &str, pointer: &str, value: &I18nValue, out: &mut Vec<(String, String, String)>) {
    match value {
        I18nValue::Text(text) => out.push((key.to_owned(), pointer.to_owned(), text.clone())),
        I18nValue::Group(group) => {
            for (inner, value) in group {
                flatten(
                    &format!("{key}.{inner}"),
                    &format!("{pointer}/{}", escape_segment(inner)),
                    value,
                    out,
                );
            }
        }
    }
}
