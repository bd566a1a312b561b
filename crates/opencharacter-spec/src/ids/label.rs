//! IDs made from labels: what an importer or a converter writes when its source names a thing in
//! words (`Plain work`, `Swarm of Tiny beasts`, `D6`). The one place that knows how, so every
//! producer gives IDs the grammar accepts: letters and digits kept (lowercased), every other run
//! one separator, and a field word that would start badly (a digit, a formula keyword, a dice
//! term, nothing at all) behind the caller's guard word.

use super::MAX_ID_LEN;
use super::field::{is_dice_term, is_reserved_word};

/// `label` as one field-ID segment: words joined by `_` (`Plain work` → `plain_work`). When the
/// result would start with a digit, be a formula keyword, start a dice term or be empty, it is
/// written behind `guard` (`guard` `n`: `1st` → `n_1st`, `D6` → `n_d6`, `If` → `n_if`). At most
/// [`MAX_ID_LEN`] bytes.
///
/// `guard` must itself be a field word that starts well (a lowercase letter, not `d`).
///
/// ```
/// use opencharacter_spec::ids::field_word;
/// assert_eq!(field_word("Plain work", "n"), "plain_work");
/// assert_eq!(field_word("D6", "step"), "step_d6");
/// assert_eq!(field_word("—", "n"), "n");
/// ```
pub fn field_word(label: &str, guard: &str) -> String {
    let out = joined(label, '_');
    let starts_badly = out.is_empty()
        || out.starts_with(|c: char| c.is_ascii_digit())
        || is_reserved_word(&out)
        || is_dice_term(&out);
    let out = match (starts_badly, out.is_empty()) {
        (false, _) => out,
        (true, true) => guard.to_owned(),
        (true, false) => format!("{guard}_{out}"),
    };
    fit(out, '_')
}

/// `label` as one content-ID word run, words joined by `-` (`Fine hand weapon` →
/// `fine-hand-weapon`, `+ Heavy` → `heavy`); `None` when the label has no letter or digit. At
/// most [`MAX_ID_LEN`] bytes.
///
/// ```
/// use opencharacter_spec::ids::content_word;
/// assert_eq!(content_word("Fine hand weapon").as_deref(), Some("fine-hand-weapon"));
/// assert_eq!(content_word("+ Heavy").as_deref(), Some("heavy"));
/// assert_eq!(content_word("—"), None);
/// ```
pub fn content_word(label: &str) -> Option<String> {
    let out = joined(label, '-');
    (!out.is_empty()).then(|| fit(out, '-'))
}

/// The letters and digits of `label`, lowercased, each other run one `separator`, none at the
/// ends.
fn joined(label: &str, separator: char) -> String {
    let mut out = String::with_capacity(label.len());
    for c in label.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with(separator) {
            out.push(separator);
        }
    }
    if out.ends_with(separator) {
        out.pop();
    }
    out
}

/// `word` cut to the ID length limit, without a separator left at its end.
fn fit(mut word: String, separator: char) -> String {
    if word.len() > MAX_ID_LEN {
        // ASCII only: any byte index is a character boundary.
        word.truncate(MAX_ID_LEN);
        while word.ends_with(separator) {
            word.pop();
        }
    }
    word
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::ids::{ContentId, FieldId};

    proptest! {
        /// Any label gives a field word the ID grammar accepts (issue 24: an imported `D6` once
        /// became `d6`, which no formula can name).
        #[test]
        fn any_label_gives_a_valid_field_word(label in "\\PC{0,300}") {
            let word = field_word(&label, "n");
            prop_assert!(word.parse::<FieldId>().is_ok(), "{word:?} from {label:?}");
        }

        /// Any label with a letter or digit gives a valid content word; the others give none.
        #[test]
        fn any_label_gives_a_valid_content_word_or_none(label in "\\PC{0,300}") {
            match content_word(&label) {
                Some(word) => prop_assert!(format!("kind.{word}").parse::<ContentId>().is_ok(), "{word:?}"),
                None => prop_assert!(!label.chars().any(|c| c.is_ascii_alphanumeric())),
            }
        }
    }
}
