//! Follow-on errors, suppressed: when reading left something out (a content file that is not
//! YAML, a rules entry that did not fit, a manifest that could not be read), the checks that
//! would have found it report that it is missing. Those reports are consequences of the one
//! error already given, not mistakes of their own, so, as rustc stops cascading errors, they
//! are dropped.
//!
//! What was left out is known by name (a content or template ID from its path, a rules entry's
//! key, a pack's ID); a diagnostic of a code that reports something missing is dropped when
//! one of its arguments names a left-out thing. A file left out whole whose names cannot be
//! known (a rules file that is not YAML) makes its pack, and the packs that depend on it,
//! quiet about everything missing.

use std::collections::HashSet;

use opencharacter_spec::diagnostic::{Code, Diagnostic, codes};
use opencharacter_spec::ids::PackId;
use opencharacter_spec::pointer::unescape_token;

use crate::assemble::AssembledPack;
use crate::source::{FileKind, Reading};

/// The codes that report something missing or unknown: the ones a left-out definition causes.
const FOLLOW_ON_CODES: &[&Code] = &[
    &codes::MISSING_DEPENDENCY,
    &codes::UNRESOLVED_REFERENCE,
    &codes::AMBIGUOUS_REFERENCE,
    &codes::HIDES_UNKNOWN,
    &codes::OVERRIDE_TARGET_MISSING,
    &codes::I18N_KEY_UNKNOWN,
    &codes::I18N_KEY_MISSING,
    &codes::I18N_FILE_MISSING,
    &codes::PROPERTY_REQUIRED,
    &codes::LAYER_TARGET_UNKNOWN,
    &codes::LAYER_LADDER_WITHOUT_RESOLUTION,
    &codes::UPGRADE_TARGET_UNKNOWN,
    &codes::UPGRADE_SOURCE_CURRENT,
    &codes::UPGRADE_LIST_UNKNOWN,
    &codes::UPGRADE_COLUMN_UNKNOWN,
    &codes::UPGRADE_MOVE_TARGET_MISSING,
    &codes::UPGRADE_MOVE_NOT_DEPRECATED,
    &codes::FORMULA_NOT_IN_TABLE,
    &codes::CONTENT_TYPE_PROPERTY_UNKNOWN,
];

/// What reading left out, by name, and the packs that lost something unnamed.
#[derive(Debug, Default)]
pub(crate) struct LeftOut {
    names: HashSet<String>,
    unnamed: HashSet<PackId>,
}

impl LeftOut {
    /// Everything the reading of `reading`'s packs left out, each already reported.
    pub(crate) fn of(reading: &Reading, assembled: &[Option<AssembledPack>]) -> LeftOut {
        let mut left = LeftOut::default();
        for (source, pack) in reading.packs.iter().zip(assembled) {
            let Some(id) = &source.id else { continue };
            let Some(pack) = pack else {
                // The manifest could not be read: the pack is not loaded at all.
                left.names.insert(id.to_string());
                left.unnamed.insert(id.clone());
                continue;
            };
            for pointer in &source.manifest_removed {
                left.add_pointer(pointer);
            }
            for (_, pointer) in &pack.removed {
                left.add_pointer(pointer);
            }
            for file in source.files() {
                match &file.kind {
                    FileKind::Content { expected_id } | FileKind::Template { expected_id } => {
                        let read = pack.release.content.contains_key(expected_id)
                            || pack.release.templates.contains_key(expected_id);
                        if !read {
                            left.names.insert(expected_id.to_string());
                        }
                    }
                    FileKind::Rules | FileKind::Upgrade { .. } if file.document.is_none() => {
                        left.unnamed.insert(id.clone());
                    }
                    FileKind::I18n { language } => {
                        let read = pack
                            .origins
                            .i18n
                            .get(language)
                            .is_some_and(|files| files.contains(&file.path));
                        if !read {
                            left.unnamed.insert(id.clone());
                        }
                    }
                    _ => {}
                }
            }
        }
        left
    }

    fn add_pointer(&mut self, pointer: &str) {
        if let Some(last) = pointer.rsplit('/').next()
            && !last.is_empty()
            && last.parse::<usize>().is_err()
        {
            self.names.insert(unescape_token(last).into_owned());
        }
    }

    /// Whether nothing was left out.
    pub(crate) fn is_empty(&self) -> bool {
        self.names.is_empty() && self.unnamed.is_empty()
    }

    /// Whether `diagnostic`, about the pack `pack` (which depends on `dependencies`), is a
    /// consequence of something left out.
    pub(crate) fn explains(
        &self,
        diagnostic: &Diagnostic,
        pack: Option<&PackId>,
        dependencies: &[PackId],
    ) -> bool {
        if !FOLLOW_ON_CODES.contains(&diagnostic.code) {
            return false;
        }
        let quiet_pack = pack.is_some_and(|pack| self.unnamed.contains(pack))
            || dependencies.iter().any(|dep| self.unnamed.contains(dep));
        quiet_pack
            || diagnostic
                .args
                .values()
                .any(|value| self.names.iter().any(|name| names(value, name)))
            || diagnostic.words.values().any(|word| {
                let text = word.render(opencharacter_spec::standard_text::StandardText::english());
                self.names.iter().any(|name| names(&text, name))
            })
    }
}

/// Whether `text` names `name`: equal, or holding it between characters no ID has
/// (`content.kit.grapnel.name` names `kit.grapnel`; `lanternfall-core:kit.grapnel` too).
fn names(text: &str, name: &str) -> bool {
    let boundary =
        |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '-'));
    text.match_indices(name).any(|(at, _)| {
        boundary(text[..at].chars().next_back()) && boundary(text[at + name.len()..].chars().next())
    })
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn a_name_is_found_between_separators_only() {
        assert!(names("kit.grapnel", "kit.grapnel"));
        assert!(names("content.kit.grapnel.name", "kit.grapnel"));
        assert!(names("lanternfall-core:kit.grapnel", "kit.grapnel"));
        assert!(names("field.level.label", "level"));
        // `level` inside `levels` or `sub_level` is another name.
        assert!(!names("levels", "level"));
        assert!(!names("sub_level", "level"));
    }
}
