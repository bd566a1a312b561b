//! The reader's errors as phrases of the standard text, so they read in the author's language.
//!
//! The YAML parser and serde describe a problem only in an English sentence (serde's
//! `invalid type: string "heavy", expected u32` is all a model type's `Deserialize` gives back).
//! This module is the one place that reads those sentences: it sorts each into a registered
//! reason and lifts out what the author wrote (the key, the value), and it describes the type
//! that was expected in words of the standard text ("a whole number of at least 0", never
//! `u32`). A sentence it does not know becomes a general reason rather than English in a
//! message.

use crate::diagnostic::{Phrase, Word, reasons};

/// The phrase for a message of the YAML parser (`yaml-syntax`).
pub(super) fn syntax(info: &str) -> Phrase {
    let reason = if info.contains("flow mapping") {
        &reasons::SYNTAX_FLOW_MAPPING
    } else if info.contains("flow sequence") {
        &reasons::SYNTAX_FLOW_SEQUENCE
    } else if info.contains("EOF") || info.contains("unexpected eof") {
        &reasons::SYNTAX_END
    } else if info.contains("mapping values are not allowed")
        || info.contains("mapping keys are not allowed")
    {
        &reasons::SYNTAX_MAPPING_VALUE
    } else if info.contains("block mapping") {
        &reasons::SYNTAX_BLOCK_KEY
    } else if info.contains("block sequence") || info.contains("'-' indicator") {
        &reasons::SYNTAX_LIST_ITEM
    } else if info.contains("indentation") {
        &reasons::SYNTAX_INDENTATION
    } else if info.contains("quoted scalar") {
        &reasons::SYNTAX_QUOTED
    } else if info.contains("a tab") {
        &reasons::SYNTAX_TAB
    } else if info.contains("tag") || info.contains("anchor") || info.contains("directive") {
        &reasons::SYNTAX_TAG
    } else {
        &reasons::SYNTAX_OTHER
    };
    Phrase::new(reason)
}

/// The phrase for a serde message of a value that does not fit the model (`yaml-invalid`).
pub(super) fn invalid(message: &str) -> Phrase {
    if let Some(rest) = message.strip_prefix("unknown field `") {
        return Phrase::new(&reasons::KEY_UNKNOWN).with_arg("key", quoted(rest));
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        let allowed = crate::diagnostic::suggest::expected_names(rest)
            .iter()
            .map(|name| format!("`{name}`"))
            .collect::<Vec<_>>()
            .join(", ");
        return Phrase::new(&reasons::VALUE_UNKNOWN)
            .with_arg("value", quoted(rest))
            .with_arg("allowed", allowed);
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        return Phrase::new(&reasons::KEY_MISSING).with_arg("key", quoted(rest));
    }
    if let Some(rest) = message.strip_prefix("duplicate field `") {
        return Phrase::new(&reasons::KEY_TWICE).with_arg("key", quoted(rest));
    }
    for (start, reason) in [
        ("invalid type: ", &reasons::TYPE_WRONG),
        ("invalid value: ", &reasons::VALUE_WRONG),
    ] {
        if let Some(rest) = message.strip_prefix(start)
            && let Some((found, expected)) = rest.split_once(", expected ")
        {
            return Phrase::new(reason)
                .with_word("expected", expected_words(expected))
                .with_word("found", found_words(found));
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        return Phrase::new(&reasons::LENGTH_WRONG)
            .with_arg("found", found)
            .with_word("expected", expected_words(expected));
    }
    if message.starts_with("data did not match any variant") {
        return Phrase::new(&reasons::NO_SHAPE);
    }
    // The license's own message (`model::manifest::License`): the one custom message of the
    // model that is not an ID's.
    if let Some(license) = message
        .strip_prefix('`')
        .and_then(|rest| rest.split_once("` is not a license identifier"))
        .map(|(license, _)| license)
    {
        return Phrase::new(&reasons::LICENSE_MALFORMED).with_arg("license", license);
    }
    Phrase::new(&reasons::VALUE_UNFIT)
}

/// The text up to the closing backquote of a message that quotes it.
fn quoted(rest: &str) -> &str {
    rest.split('`').next().unwrap_or_default()
}

/// What serde found (`string "heavy"`, `integer \`3\``, `map`), in words.
fn found_words(found: &str) -> Word {
    let backquoted = |text: &str| {
        text.split_once('`')
            .map(|(_, rest)| quoted(rest).to_owned())
            .unwrap_or_default()
    };
    let phrase = if let Some(text) = found.strip_prefix("string ") {
        let text = text.trim_matches('"');
        if text.chars().count() > 40 {
            Phrase::new(&reasons::FOUND_LONG_TEXT)
        } else {
            Phrase::new(&reasons::FOUND_TEXT).with_arg("text", text)
        }
    } else if found.starts_with("integer ") || found.starts_with("floating point ") {
        Phrase::new(&reasons::FOUND_NUMBER).with_arg("number", backquoted(found))
    } else if found.starts_with("boolean ") {
        Phrase::new(&reasons::FOUND_BOOLEAN).with_arg("value", backquoted(found))
    } else if found == "null" || found == "unit value" {
        Phrase::new(&reasons::FOUND_NOTHING)
    } else if found == "sequence" {
        Phrase::new(&reasons::FOUND_LIST)
    } else if found == "map" {
        Phrase::new(&reasons::FOUND_MAPPING)
    } else {
        Phrase::new(&reasons::FOUND_OTHER)
    };
    phrase.into()
}

/// What serde expected (`u32`, `a string`, `struct Character`, a visitor's own words), in
/// words of the standard text.
fn expected_words(expected: &str) -> Word {
    let reason = match expected {
        "a string" | "a borrowed string" | "string" | "a character" => &reasons::EXPECT_TEXT,
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => &reasons::EXPECT_WHOLE_MIN_0,
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => &reasons::EXPECT_WHOLE,
        "f32" | "f64" | "a number" | "a JSON number" => &reasons::EXPECT_NUMBER,
        "a boolean" => &reasons::EXPECT_BOOLEAN,
        "a sequence" | "a list" => &reasons::EXPECT_LIST,
        "a map" | "a mapping" => &reasons::EXPECT_MAPPING,
        "a semver version" | "a version" => &reasons::EXPECT_VERSION,
        _ if expected.starts_with("struct ") || expected.starts_with("a map") => {
            &reasons::EXPECT_MAPPING
        }
        _ if expected.starts_with("tuple") || expected.starts_with("a sequence") => {
            &reasons::EXPECT_LIST
        }
        _ if expected.starts_with("a formula") => &reasons::EXPECT_FORMULA,
        _ if expected.starts_with("a dice expression") => &reasons::EXPECT_DICE,
        _ if expected.starts_with("untagged enum Scalar") => &reasons::EXPECT_SCALAR,
        _ => &reasons::EXPECT_OTHER,
    };
    reason.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard_text::StandardText;

    #[test]
    fn a_type_is_described_in_words_never_as_rust() {
        let spanish = StandardText::bundled("es").unwrap();
        let phrase = invalid("invalid type: string \"heavy\", expected u32");
        // reasons.type-wrong, reasons.expect-whole-min-0 and reasons.found-text.
        assert_eq!(
            phrase.english(),
            "a whole number of at least 0 belongs here, not the text `heavy`"
        );
        assert_eq!(
            phrase.render(spanish),
            "aquí va un número entero de al menos 0, no el texto `heavy`"
        );
        let phrase = invalid("invalid type: null, expected struct Character");
        assert_eq!(
            phrase.english(),
            "a mapping belongs here, not an empty value"
        );
    }

    #[test]
    fn an_unknown_key_names_the_key_alone() {
        let phrase = invalid("unknown field `homepgae`, expected one of `id`, `version`");
        assert_eq!(phrase.reason.key, "key-unknown");
        assert_eq!(
            phrase.english(),
            "`homepgae` is not a key this place allows"
        );
    }

    #[test]
    fn a_parser_message_is_sorted_into_a_reason() {
        let phrase = syntax("while parsing a flow mapping, did not find expected ',' or '}'");
        assert_eq!(phrase.reason.key, "syntax-flow-mapping");
        assert_eq!(syntax("something new").reason.key, "syntax-other");
    }
}
