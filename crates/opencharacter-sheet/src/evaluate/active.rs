//! The state of play (`docs/spec/characters.md#state-of-play`): what the character file lists
//! under `active` (a spell up, a feature in use) and the effects marked `whileActive` that
//! hold only then.
//!
//! Why a list on the character rather than a field per state in the rules: the state belongs
//! to an item the character owns (Rage, Mage Armor, Shillelagh), so the item's own effects say
//! what changes while it is in play, and the pack declares no state apart from its content.

use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::model::{Character, Effect};

use super::ownership::Owned;

/// Whether `effect` of `owned` holds now: always, unless it is marked `whileActive` and the
/// character does not list the item as in play.
pub(crate) fn holds(character: &Character, owned: &Owned<'_>, effect: &Effect) -> bool {
    !effect.while_active || character.active.contains(&owned.id)
}

/// `character-active-not-owned` for each entry of `active` the character does not own (or
/// owns only carried, out of use): it puts nothing in play.
pub(crate) fn check(character: &Character, owned: &[Owned<'_>]) -> Vec<Diagnostic> {
    character
        .active
        .iter()
        .enumerate()
        .filter(|(_, id)| !owned.iter().any(|o| !o.carried && &o.id == *id))
        .map(|(index, id)| {
            Diagnostic::new(&codes::CHARACTER_ACTIVE_NOT_OWNED)
                .with_arg("id", id.to_string())
                .with_pointer(format!("/active/{index}"))
        })
        .collect()
}
