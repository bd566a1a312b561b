//! Reading a character file's text into a [`Character`], every mistake a located diagnostic.
//!
//! A character is written by players and apps, not only pack authors, so what goes wrong in
//! its file must read as the format's words, never as Rust's: an empty file, a file that is a
//! list, a key left without a value each have a code of their own; every other misfit is the
//! reader's (`yaml-invalid`, `yaml-syntax`, …), at the value it is about.

use super::Character;
use crate::diagnostic::{Diagnostic, Phrase, codes, reasons};
use crate::yaml::{Document, YamlErrorKind};

/// Reads a character file's `text`: the character, or every problem found, each located
/// (pointer, line, column; the caller adds the file).
///
/// ```
/// use opencharacter_spec::model::character_file::read_character_text;
/// let problems = read_character_text("- packs: {}\n").unwrap_err();
/// assert_eq!(problems[0].code.name, "character-file-not-mapping");
/// assert_eq!(problems[0].location.line, Some(1));
/// assert!(read_character_text("packs: { demo-core: 1.0.0 }\n").is_ok());
/// ```
///
/// # Errors
/// The problems, when there is any.
pub fn read_character_text(text: &str) -> Result<Character, Vec<Diagnostic>> {
    let document = Document::parse(text)
        .map_err(|errors| errors.iter().map(|e| e.to_diagnostic()).collect::<Vec<_>>())?;
    let start = document.locate("");
    let found = match &document.value {
        serde_json::Value::Object(_) => None,
        serde_json::Value::Null => {
            return Err(vec![
                Diagnostic::new(&codes::CHARACTER_FILE_EMPTY)
                    .with_pointer("")
                    .at(start.line, start.column),
            ]);
        }
        serde_json::Value::Array(_) => Some(&reasons::FOUND_LIST),
        serde_json::Value::String(_) => Some(&reasons::EXPECT_TEXT),
        serde_json::Value::Number(_) => Some(&reasons::EXPECT_NUMBER),
        serde_json::Value::Bool(_) => Some(&reasons::FOUND_OTHER),
    };
    if let Some(found) = found {
        return Err(vec![
            Diagnostic::new(&codes::CHARACTER_FILE_NOT_MAPPING)
                .with_word("found", Phrase::new(found))
                .with_pointer("")
                .at(start.line, start.column),
        ]);
    }
    let read = document.deserialize_recovering::<Character>();
    let problems: Vec<Diagnostic> = read
        .errors
        .iter()
        .map(|error| {
            let pointer = error.pointer.clone().unwrap_or_default();
            let empty = error.kind == YamlErrorKind::Invalid
                && document.value.pointer(&pointer) == Some(&serde_json::Value::Null)
                && !pointer.is_empty();
            if !empty {
                return error.to_diagnostic();
            }
            // A key written with nothing after it: the author left the value out.
            let key = crate::pointer::last_token(&pointer)
                .unwrap_or_default()
                .into_owned();
            let at = document.locate(&pointer);
            Diagnostic::new(&codes::CHARACTER_VALUE_EMPTY)
                .with_arg("key", key)
                .with_pointer(pointer)
                .at(at.line, at.column)
        })
        .collect();
    match read.value {
        Some(character) if problems.is_empty() => Ok(character),
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard_text::StandardText;

    fn codes(text: &str) -> Vec<(&'static str, Option<u32>)> {
        read_character_text(text)
            .unwrap_err()
            .iter()
            .map(|d| (d.code.name, d.location.line))
            .collect()
    }

    #[test]
    fn an_empty_file_a_list_and_an_empty_value_each_have_their_code() {
        assert_eq!(codes(""), [("character-file-empty", Some(1))]);
        // A YAML list starts at line 1, where the file is a list, not at its second item.
        assert_eq!(
            codes("- packs: {}\n- fields: {}\n"),
            [("character-file-not-mapping", Some(1))]
        );
        // `str:` at line 3 has no value.
        assert_eq!(
            codes("packs: { demo-core: 1.0.0 }\nfields:\n  'demo-core:str':\n"),
            [("character-value-empty", Some(3))]
        );
    }

    #[test]
    fn the_messages_say_it_in_the_format_s_words_in_both_languages() {
        let spanish = StandardText::bundled("es").unwrap();
        let list = &read_character_text("- a\n").unwrap_err()[0];
        assert!(
            list.message().starts_with("the file is a list;"),
            "{}",
            list.message()
        );
        assert!(
            list.message_in(spanish)
                .starts_with("el archivo es una lista;")
        );
        let empty =
            &read_character_text("packs: { demo-core: 1.0.0 }\nfields: { 'demo-core:x': }\n")
                .unwrap_err()[0];
        assert_eq!(
            empty.message(),
            "`demo-core:x` has no value; write one, or remove the key"
        );
        assert_eq!(
            empty.message_in(spanish),
            "`demo-core:x` no tiene valor; escribe uno, o quita la clave"
        );
    }
}
