//! Reading a model type with recovery: one mistake is one error, and the rest of the document is
//! still read.
//!
//! Serde stops at the first node that does not fit. Rather than give up on the whole document
//! (and let every check that needed it report a follow-on error), the reader removes the
//! offending node from a copy of the value and reads again, until the value fits. Each removal
//! is remembered in the original document's coordinates (a list that lost an item keeps the
//! indices it was written with), so every error still points at where the author wrote it.
//!
//! An error at a node at or above one already removed is the removal's consequence (a
//! required property that was removed for being ill-typed is then "missing"): it is not
//! reported, and that node is removed in turn. Only when the document's root itself does not
//! fit is nothing read.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{Document, YamlError, pointer_of};

/// Most removals before a document is given up on: each one is a separate mistake, so a
/// document with more is not worth reading further (and the loop stays bounded).
pub const MAX_RECOVERIES: usize = 64;

/// What a recovering read gives: the value read, when the root fit after removals; every error
/// that is the author's (not a consequence of an earlier removal); and the pointers removed, in
/// the document's own coordinates, so checks that depend on them can stay quiet.
#[derive(Debug, Clone)]
pub struct Recovered<T> {
    /// The value, read from what remained.
    pub value: Option<T>,
    /// One error per mistake, located.
    pub errors: Vec<YamlError>,
    /// Every node removed (the reported ones and their consequences), as JSON pointers into
    /// the document as written.
    pub removed: Vec<String>,
}

impl<T> Recovered<T> {
    /// Whether the document was read without removing anything.
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty() && self.removed.is_empty()
    }
}

/// Lists that lost items: list pointer (original coordinates) → original indices removed.
#[derive(Default)]
struct Removals {
    lists: BTreeMap<String, Vec<usize>>,
}

impl Removals {
    /// The pointer into the original document of `pointer` into the pruned value.
    fn original(&self, pointer: &str) -> String {
        let mut out = String::new();
        for token in pointer.split('/').skip(1) {
            let token = match (self.lists.get(&out), token.parse::<usize>()) {
                (Some(removed), Ok(index)) => original_index(removed, index).to_string(),
                _ => token.to_owned(),
            };
            out.push('/');
            out.push_str(&token);
        }
        out
    }

    fn record_index(&mut self, list: &str, index: usize) {
        let removed = self.lists.entry(list.to_owned()).or_default();
        removed.push(index);
        removed.sort_unstable();
    }
}

/// The `index`-th surviving item's original index, given the original indices removed.
fn original_index(removed: &[usize], index: usize) -> usize {
    let mut original = index;
    for &gone in removed {
        if gone <= original {
            original += 1;
        }
    }
    original
}

/// Whether `ancestor` is `pointer` or a node above it.
fn is_at_or_above(ancestor: &str, pointer: &str) -> bool {
    pointer == ancestor
        || (pointer.starts_with(ancestor) && pointer.as_bytes().get(ancestor.len()) == Some(&b'/'))
}

/// Removes the node at `pointer` (into the pruned value) from `value`; returns whether it was
/// a list item and its index then.
fn remove(value: &mut Value, pointer: &str) -> Option<Option<usize>> {
    let (parent, _) = pointer.rsplit_once('/')?;
    let last = crate::pointer::last_token(pointer)?;
    match value.pointer_mut(parent)? {
        Value::Object(map) => map.shift_remove(&*last).map(|_| None),
        Value::Array(items) => {
            let index: usize = last.parse().ok()?;
            (index < items.len()).then(|| {
                items.remove(index);
                Some(index)
            })
        }
        _ => None,
    }
}

impl Document {
    /// Reads a `T` from the value, recovering from every node that does not fit (the way this
    /// module's documentation gives): each mistake is one located error, and the value is read
    /// from the rest.
    ///
    /// ```
    /// use opencharacter_spec::model::Manifest;
    /// use opencharacter_spec::yaml::Document;
    /// let text = "id: demo-core\nhomepgae: x\nversion: 0.1.0\nspecVersion: 1.0.0\n\
    ///             license: CC0-1.0\ndefaultLanguage: en\n";
    /// let read = Document::parse(text).unwrap().deserialize_recovering::<Manifest>();
    /// assert_eq!(read.errors.len(), 1);
    /// assert_eq!(read.errors[0].pointer.as_deref(), Some("/homepgae"));
    /// assert_eq!(read.value.unwrap().id.as_str(), "demo-core");
    /// ```
    pub fn deserialize_recovering<T: DeserializeOwned>(&self) -> Recovered<T> {
        let mut value = self.value.clone();
        let mut removals = Removals::default();
        let mut errors: Vec<YamlError> = Vec::new();
        let mut removed: Vec<String> = Vec::new();
        for _ in 0..=MAX_RECOVERIES {
            let failure = match serde_path_to_error::deserialize::<_, T>(&value) {
                Ok(read) => {
                    return Recovered {
                        value: Some(read),
                        errors,
                        removed,
                    };
                }
                Err(failure) => failure,
            };
            let pruned_pointer = pointer_of(failure.path());
            let original = removals.original(&pruned_pointer);
            let consequence = removed.iter().any(|gone| is_at_or_above(&original, gone));
            if !consequence {
                errors.push(self.error_at(&original, failure.inner().to_string()));
            }
            if pruned_pointer.is_empty() {
                break;
            }
            match remove(&mut value, &pruned_pointer) {
                Some(Some(index)) => {
                    let list = original
                        .rsplit_once('/')
                        .map_or(String::new(), |(parent, _)| parent.to_owned());
                    let original_position = original
                        .rsplit_once('/')
                        .and_then(|(_, last)| last.parse().ok())
                        .unwrap_or(index);
                    removals.record_index(&list, original_position);
                }
                Some(None) => {}
                // Nothing to remove where serde pointed: reading further would loop.
                None => break,
            }
            removed.push(original);
        }
        Recovered {
            value: None,
            errors,
            removed,
        }
    }

    /// The error for `message` at `pointer` (into this document as written).
    pub(super) fn error_at(&self, pointer: &str, message: String) -> YamlError {
        use super::YamlErrorKind;

        let at = if message.starts_with("unknown field") || message.starts_with("missing field") {
            self.spans.locate(pointer)
        } else {
            self.spans.locate_value(pointer)
        };
        let error = match super::invalid_id(&self.value, pointer, &message) {
            Some((id, error)) => {
                YamlError::with_reason(YamlErrorKind::InvalidId { id }, error.phrase())
                    .with_message(message)
            }
            None => YamlError::new(YamlErrorKind::Invalid, message),
        };
        let mut error = error.at(at).with_pointer(pointer.to_owned());
        error.end = self.spans.end_of(pointer, error.position());
        error
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Manifest, UpgradeScript};

    #[test]
    fn an_unknown_key_in_a_manifest_is_one_error_and_the_rest_is_read() {
        let text = "id: demo-core\nhomepgae: x\nversion: 0.1.0\nspecVersion: 1.0.0\n\
                    license: CC0-1.0\ndefaultLanguage: en\n";
        let read = Document::parse(text)
            .unwrap()
            .deserialize_recovering::<Manifest>();
        assert_eq!(read.errors.len(), 1);
        // `homepgae` is written at line 2, column 1.
        assert_eq!(
            read.errors[0].position(),
            Some(super::super::Position::new(2, 1))
        );
        assert!(read.value.is_some());
    }

    #[test]
    fn a_removed_list_item_keeps_later_items_at_their_written_index() {
        let removed = [1usize, 3];
        // Surviving items 0, 1, 2 of the pruned list were written at 0, 2, 4.
        assert_eq!(original_index(&removed, 0), 0);
        assert_eq!(original_index(&removed, 1), 2);
        assert_eq!(original_index(&removed, 2), 4);
    }

    #[test]
    fn two_bad_steps_of_an_upgrade_script_are_two_errors_at_their_own_lines() {
        let text = "steps:\n  - rename: {kind: field, from: a, to: b}\n  - renmae: {kind: field, from: c, to: d}\n  - rename: {kind: field, from: e, to: f}\n  - renam: {}\n";
        let read = Document::parse(text)
            .unwrap()
            .deserialize_recovering::<UpgradeScript>();
        let lines: Vec<u32> = read.errors.iter().filter_map(|e| e.line).collect();
        // The misspelt steps are the second (line 3) and the fourth (line 5).
        assert_eq!(lines, [3, 5], "{:?}", read.errors);
        assert_eq!(read.value.unwrap().steps.len(), 2);
    }
}
