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
    match read_character_text_with_issues(text)? {
        (character, issues) if issues.is_empty() => Ok(character),
        // A caller that cannot report an issue beside the character (one that writes it back,
        // which would lose the saved number) refuses it, never replacing a number silently.
        (_, issues) => Err(issues),
    }
}

/// Reads a character file's `text` as [`read_character_text`] does, but keeps a character
/// whose only problems are counts too large to hold (an owned entry's `quantity` or `level`
/// past 4,294,967,295): each is one `value-too-large` issue naming the entry's field and the
/// value as written, and the field's default is used (a quantity of 1, no level), so the rest
/// of the character is still read (limits.md, "Numbers in a character").
///
/// ```
/// use opencharacter_spec::model::character_file::read_character_text_with_issues;
/// let text = "packs: { g: 1.0.0 }\ncontent:\n- { id: 'g:arrow', quantity: 5000000000 }\n";
/// let (character, issues) = read_character_text_with_issues(text).unwrap();
/// assert_eq!(character.content[0].quantity, 1);
/// assert_eq!(issues[0].code.name, "value-too-large");
/// assert_eq!(issues[0].args["id"], "g:arrow quantity");
/// assert_eq!(issues[0].args["value"], "5000000000");
/// ```
///
/// # Errors
/// Every other problem, when there is any.
pub fn read_character_text_with_issues(
    text: &str,
) -> Result<(Character, Vec<Diagnostic>), Vec<Diagnostic>> {
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
    let mut issues = Vec::new();
    let problems: Vec<Diagnostic> = read
        .errors
        .iter()
        .filter(|error| {
            let Some(issue) = error
                .pointer
                .as_deref()
                .and_then(|pointer| count_too_large(&document, pointer))
            else {
                return true;
            };
            issues.push(issue);
            false
        })
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
        Some(character) if problems.is_empty() => Ok((character, issues)),
        _ => Err(problems),
    }
}

/// The `value-too-large` issue for the node at `pointer`, when it is an owned entry's
/// `quantity` or `level` holding a number past the largest count (4,294,967,295): the reader
/// left it out, and the count's default stands.
fn count_too_large(document: &Document, pointer: &str) -> Option<Diagnostic> {
    let mut parts = pointer.strip_prefix("/content/")?.split('/');
    let (index, field) = (parts.next()?, parts.next()?);
    if parts.next().is_some() || !matches!(field, "quantity" | "level") {
        return None;
    }
    let serde_json::Value::Number(number) = document.value.pointer(pointer)? else {
        return None;
    };
    let too_large = match number.as_u64() {
        Some(whole) => whole > u64::from(u32::MAX),
        None => number.as_f64().is_some_and(|n| n > f64::from(u32::MAX)),
    };
    if !too_large {
        return None;
    }
    // The entry named by its item, as written (its place in the list when it has none).
    let entry = document
        .value
        .pointer(&format!("/content/{index}/id"))
        .and_then(serde_json::Value::as_str)
        .map_or_else(
            || {
                let place = index.parse::<usize>().map_or(0, |i| i + 1);
                format!("content entry {place}")
            },
            str::to_owned,
        );
    let at = document.locate(pointer);
    Some(
        Diagnostic::new(&codes::VALUE_TOO_LARGE)
            .with_arg("id", format!("{entry} {field}"))
            .with_arg("value", number)
            .with_pointer(pointer)
            .at(at.line, at.column),
    )
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
    fn a_count_past_the_largest_is_one_issue_and_the_rest_is_read() {
        // 4,294,967,295 (2^32 - 1) is the largest count; 4,294,967,296 is one past it, and
        // 1e20 is past it too. Each is one issue naming the entry's field and the value, at
        // its line; the rest of the character (the second entry's quantity 3) is read.
        let text = "packs: { g: 1.0.0 }\ncontent:\n\
                    - { id: 'g:arrow', quantity: 4294967296 }\n\
                    - { id: 'g:bolt', quantity: 3 }\n\
                    - { id: 'g:fighter', level: 1e20 }\n\
                    - { id: 'g:dart', quantity: 4294967295 }\n";
        let (character, issues) = read_character_text_with_issues(text).unwrap();
        let found: Vec<(&str, &str, Option<u32>)> = issues
            .iter()
            .map(|d| (d.code.name, d.args["id"].as_str(), d.location.line))
            .collect();
        assert_eq!(
            found,
            [
                ("value-too-large", "g:arrow quantity", Some(3)),
                ("value-too-large", "g:fighter level", Some(5)),
            ]
        );
        // The values as written: the whole number exactly, the float as a number equal to it.
        assert_eq!(issues[0].args["value"], "4294967296");
        assert_eq!(issues[1].args["value"].parse::<f64>().ok(), Some(1e20));
        // The defaults stand where the counts were left out: a quantity of 1, no level.
        let quantities: Vec<u32> = character.content.iter().map(|c| c.quantity).collect();
        assert_eq!(quantities, [1, 3, 1, 4_294_967_295]);
        assert_eq!(character.content[2].level, None);
        // The plain reader, for a caller that writes the character back, refuses it instead.
        assert_eq!(
            codes(text),
            [("value-too-large", Some(3)), ("value-too-large", Some(5))]
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
