//! `check_character`: the one place for rules issues about what a character owns, measured
//! against a loaded (or effective) ruleset. Every diagnostic here is an `issue`: shown to the
//! player, never blocking.

use opencharacter_spec::diagnostic::Kind;
use std::collections::HashSet;

use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::{PackId, QualifiedContentId, QualifiedFieldId};
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::{Character, Ruleset, Scalar, ValueType};

use crate::resolver::currency_unit_exists;

/// The rules issues of a character against a ruleset, with JSON pointers into the character:
///
/// - `character-pack-not-loaded`: the character uses a pack (saved with it, or holding something
///   of it) that is not loaded; what it holds from that pack is not checked further;
/// - `character-pack-older`: a pack is loaded at an *older* version than the character was
///   saved with (a newer one is normal: the character migrates on read);
/// - `content-hidden`: it owns content a loaded pack hides (the content still works);
/// - `character-content-unknown`: it owns, picks or applies content (or a template) that no
///   loaded pack has, nor its own homebrew;
/// - `character-field-unknown`: it holds a field, list, live value, coin, choice or link slot
///   that no loaded pack declares;
/// - `character-value-unknown`: an `enum` field holds a value the field does not have.
///
/// What an active layer withdrew (content, enum values, coins) is not an issue: the sheet shows
/// it as it is.
pub fn check_character(ruleset: &Ruleset, character: &Character) -> Diagnostics {
    let mut check = Check {
        ruleset,
        character,
        out: Vec::new(),
        reported_packs: HashSet::new(),
        loaded: ruleset.packs.iter().map(|pack| &pack.id).collect(),
    };
    for (pack, saved) in &character.packs {
        if pack.is_homebrew() {
            continue;
        }
        let pointer = format!("/packs/{}", escape_segment(pack.as_str()));
        match ruleset.packs.iter().find(|loaded| loaded.id == *pack) {
            None => check.pack_not_loaded(pack, &saved.to_string(), pointer),
            Some(loaded) if loaded.version < *saved => check.out.push(
                Diagnostic::new(&codes::CHARACTER_PACK_OLDER)
                    .with_arg("pack", pack)
                    .with_arg("saved", saved)
                    .with_arg("loaded", &loaded.version)
                    .with_pack(pack.clone())
                    .with_pointer(pointer),
            ),
            Some(_) => {}
        }
    }

    for (id, value) in &character.fields {
        let pointer = format!("/fields/{}", escape_segment(&id.to_string()));
        if check.field(id, Kind::Field, &pointer, |r, id| r.fields.contains_key(id)) {
            check.value(id, value, &pointer);
        }
    }
    for id in character.lists.keys() {
        let pointer = format!("/lists/{}", escape_segment(&id.to_string()));
        check.field(id, Kind::List, &pointer, |r, id| r.fields.contains_key(id));
    }
    for id in character.live.pools.keys() {
        let pointer = format!("/live/pools/{}", escape_segment(&id.to_string()));
        check.field(id, Kind::Pool, &pointer, |r, id| r.pools.contains_key(id));
    }
    for id in character.live.tracks.keys() {
        let pointer = format!("/live/tracks/{}", escape_segment(&id.to_string()));
        check.field(id, Kind::Track, &pointer, |r, id| r.tracks.contains_key(id));
    }
    for id in character.live.wound_tracks.keys() {
        let pointer = format!("/live/woundTracks/{}", escape_segment(&id.to_string()));
        check.field(id, Kind::WoundTrack, &pointer, |r, id| {
            r.wound_tracks.contains_key(id)
        });
    }
    for id in character.purse.keys() {
        let pointer = format!("/purse/{}", escape_segment(&id.to_string()));
        check.field(id, Kind::Coin, &pointer, currency_unit_exists);
    }
    for (id, picked) in &character.choices {
        let pointer = format!("/choices/{}", escape_segment(&id.to_string()));
        check.field(id, Kind::Choice, &pointer, |r, id| {
            r.choices.contains_key(id)
        });
        for (index, content) in picked.iter().enumerate() {
            check.content(content, &format!("{pointer}/{index}"), false);
        }
    }
    for (index, owned) in character.content.iter().enumerate() {
        let pointer = format!("/content/{index}");
        check.content(&owned.id, &format!("{pointer}/id"), true);
        if let Some(slot) = &owned.slot {
            check.field(slot, Kind::LinkSlot, &format!("{pointer}/slot"), |r, id| {
                r.link_slots.contains_key(id)
            });
        }
        for (choice, picked) in &owned.choices {
            for (i, content) in picked.iter().enumerate() {
                let at = format!("{pointer}/choices/{}/{i}", escape_segment(choice.as_str()));
                check.content(content, &at, false);
            }
        }
        for (i, template) in owned.templates.iter().enumerate() {
            check.template(template, &format!("{pointer}/templates/{i}"));
        }
        if let Some(base) = &owned.base {
            check.content(base, &format!("{pointer}/base"), true);
        }
        // Answers for brought content, by the path of the grant: every ID named is known.
        let mut stack = vec![(pointer, &owned.granted)];
        while let Some((at, granted)) = stack.pop() {
            for (id, node) in granted {
                let here = format!("{at}/granted/{}", escape_segment(&id.to_string()));
                check.content(id, &here, false);
                for (choice, picked) in &node.choices {
                    for (i, content) in picked.iter().enumerate() {
                        let at = format!("{here}/choices/{}/{i}", escape_segment(choice.as_str()));
                        check.content(content, &at, false);
                    }
                }
                stack.push((here, &node.granted));
            }
        }
    }
    check.out
}

struct Check<'a> {
    ruleset: &'a Ruleset,
    character: &'a Character,
    out: Diagnostics,
    /// Packs already reported as not loaded: what the character holds of them is not reported
    /// again, one by one.
    reported_packs: HashSet<PackId>,
    /// The loaded packs, for one lookup per reference.
    loaded: HashSet<&'a PackId>,
}

impl Check<'_> {
    fn pack_not_loaded(&mut self, pack: &PackId, saved: &str, pointer: String) {
        if self.reported_packs.insert(pack.clone()) {
            self.out.push(
                Diagnostic::new(&codes::CHARACTER_PACK_NOT_LOADED)
                    .with_arg("pack", pack)
                    .with_arg("saved", saved)
                    .with_pack(pack.clone())
                    .with_pointer(pointer),
            );
        }
    }

    /// Whether the pack of `id` is usable; reports it once when it is not loaded.
    fn pack_usable(&mut self, pack: &PackId, pointer: &str) -> bool {
        if pack.is_homebrew() || self.loaded.contains(pack) {
            return true;
        }
        let saved = self
            .character
            .packs
            .get(pack)
            .map_or_else(|| "(not in its packs)".to_owned(), ToString::to_string);
        self.pack_not_loaded(pack, &saved, pointer.to_owned());
        false
    }

    /// Checks a rules-item ID exists; returns whether it does.
    fn field(
        &mut self,
        id: &QualifiedFieldId,
        kind: Kind,
        pointer: &str,
        exists: impl Fn(&Ruleset, &QualifiedFieldId) -> bool,
    ) -> bool {
        if !self.pack_usable(&id.pack, pointer) {
            return false;
        }
        if exists(self.ruleset, id) {
            return true;
        }
        self.out.push(
            Diagnostic::new(&codes::CHARACTER_FIELD_UNKNOWN)
                .with_arg("id", id)
                .with_kind(kind)
                .with_pack(id.pack.clone())
                .with_pointer(pointer),
        );
        false
    }

    /// An `enum` field's value must be one of its values, or one a layer withdrew.
    fn value(&mut self, id: &QualifiedFieldId, value: &Scalar, pointer: &str) {
        let Some(def) = self.ruleset.fields.get(id) else {
            return;
        };
        let Scalar::Text(text) = value else { return };
        if def.value_type != ValueType::Enum {
            return;
        }
        let known = def.values.iter().any(|v| v.as_str() == text);
        let withdrawn = self
            .ruleset
            .withdrawn
            .values
            .get(id)
            .is_some_and(|values| values.iter().any(|v| v.as_str() == text));
        if !known && !withdrawn {
            self.out.push(
                Diagnostic::new(&codes::CHARACTER_VALUE_UNKNOWN)
                    .with_arg("field", id)
                    .with_arg("value", text)
                    .with_pack(id.pack.clone())
                    .with_pointer(pointer),
            );
        }
    }

    fn content(&mut self, id: &QualifiedContentId, pointer: &str, owned: bool) {
        if id.pack.is_homebrew() {
            if !self.character.homebrew.content.contains_key(&id.local) {
                self.unknown_content(id, pointer);
            }
            return;
        }
        if !self.pack_usable(&id.pack, pointer) {
            return;
        }
        match self.ruleset.content.get(id) {
            None => self.unknown_content(id, pointer),
            Some(content) if owned && content.hidden() => self.out.push(
                Diagnostic::new(&codes::CONTENT_HIDDEN)
                    .with_arg("id", id)
                    .with_arg(
                        "by",
                        content
                            .hidden_by
                            .iter()
                            .map(PackId::as_str)
                            .collect::<Vec<_>>()
                            .join(", "),
                    )
                    .with_pack(id.pack.clone())
                    .with_pointer(pointer),
            ),
            Some(_) => {}
        }
    }

    fn template(&mut self, id: &QualifiedContentId, pointer: &str) {
        let exists = if id.pack.is_homebrew() {
            self.character.homebrew.templates.contains_key(&id.local)
        } else {
            if !self.pack_usable(&id.pack, pointer) {
                return;
            }
            self.ruleset.templates.contains_key(id)
        };
        if !exists {
            self.unknown_content(id, pointer);
        }
    }

    fn unknown_content(&mut self, id: &QualifiedContentId, pointer: &str) {
        self.out.push(
            Diagnostic::new(&codes::CHARACTER_CONTENT_UNKNOWN)
                .with_arg("id", id)
                .with_pack(id.pack.clone())
                .with_pointer(pointer),
        );
    }
}
