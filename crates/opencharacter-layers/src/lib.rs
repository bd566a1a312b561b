//! Ruleset layers: validating the variants a pack declares and applying a game's chosen ones.
//!
//! **Owns:** the checks a pack's layers need beyond their shape ([`check_layers`],
//! [`check_layer_attempts`]); [`apply_layers`], which turns a ruleset and a saved layer choice
//! into the effective ruleset and a [`LayerReport`]; the game-creation toggles
//! ([`LayerToggles`]); prices, the purse line, sellers and loot rolls under the effective
//! ruleset ([`economy`]); and games: opening a game's setup and refusing changes to what a game
//! fixes for life ([`game`]).
//!
//! **Does not own:** the ruleset's shape, nor the shape checks that need no other part of a pack
//! (`opencharacter-spec`'s `model::check`: at most 12 layers, 4,000 characters of guidance,
//! exactly one comparison per catalog rule, ladder steps for the resolution kind), nor how packs
//! combine (`opencharacter-resolve`). Layers never delete and never rewrite a character: what a
//! layer removes stays in the effective ruleset, listed in `withdrawn`.
//!
//! Depends on `opencharacter-spec`, `-formula` (seeded loot rolls) and `-resolve` (loading a
//! game's packs, references, filters).
//!
//! ```
//! use opencharacter_layers::{apply_layers, economy};
//! use opencharacter_spec::model::{PackRelease, Ruleset};
//! use opencharacter_resolve::{LoadOptions, load_ruleset};
//!
//! // Gravewatch: a crown is 5 shillings, a shilling 12 pennies; the long night removes the crown.
//! let release: PackRelease = serde_json::from_value(serde_json::json!({
//!     "manifest": {"id": "gravewatch-1e", "version": "0.2.0", "specVersion": "1.2.0",
//!                  "license": "CC0-1.0", "defaultLanguage": "en"},
//!     "rules": {
//!         "contentTypes": {"arm": {}},
//!         "currencies": {"coin": {"units": {"penny": {"value": 1}, "shilling": {"value": 12},
//!                                           "crown": {"value": 60}}}},
//!         "layers": {"long_night": {"currencies": {"removeUnits": ["crown"]}}}
//!     },
//!     "content": {"arms.guard-pistol": {"id": "arms.guard-pistol", "type": "arm",
//!                                       "price": {"amount": 3, "unit": "crown"}}},
//!     "i18n": {"_meta": {"language": "en", "direction": "ltr"}}, "formulas": {}
//! })).unwrap();
//! let (ruleset, diagnostics) = load_ruleset([&release], &LoadOptions::default());
//! assert!(diagnostics.is_empty());
//!
//! let (effective, report) = apply_layers(&ruleset, &["gravewatch-1e:long_night".parse()?]);
//! assert!(report.not_applied.is_empty());
//! let pistol = "gravewatch-1e:arms.guard-pistol".parse()?;
//! let Some(economy::PriceDisplay::Price(price)) = economy::price_display(&effective, &pistol)
//! else { panic!("the pistol keeps a price") };
//! assert_eq!((price.amount, price.unit.to_string().as_str()), (15, "gravewatch-1e:shilling"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod apply;
mod check;
pub mod economy;
pub mod game;
mod toggle;
mod view;

pub use apply::{
    Change, DroppedLayer, KeptLayer, LayerReport, NotApplied, apply_layers, conflict, kept_layers,
    layer_order,
};
pub use check::{check_layer_attempts, check_layers};
pub use toggle::{LayerToggles, Toggle, ToggleError, qualify_layer};

use opencharacter_spec::diagnostic::Diagnostics;
use opencharacter_spec::model::Ruleset;
use opencharacter_spec::model::ruleset::GuidancePart;

/// What joins guidance parts: a blank line between the packs' own text and each active layer's.
pub const GUIDANCE_SEPARATOR: &str = "\n\n";

/// Joined guidance parts, in order, separated by [`GUIDANCE_SEPARATOR`].
pub fn join_guidance(parts: &[GuidancePart]) -> String {
    parts
        .iter()
        .map(|part| part.text.as_str())
        .collect::<Vec<_>>()
        .join(GUIDANCE_SEPARATOR)
}

/// [`check_layers`] on a release's rules, pointers from the release's root
/// (`/rules/layers/hard_winter/…`): what a validator's per-pack hook calls.
pub fn check_release(release: &opencharacter_spec::model::PackRelease) -> Diagnostics {
    check_layers(&release.rules)
        .into_iter()
        .map(|diagnostic| {
            let pointer = format!(
                "/rules{}",
                diagnostic.location.pointer.clone().unwrap_or_default()
            );
            diagnostic
                .with_pack(release.manifest.id.clone())
                .with_pointer(pointer)
        })
        .collect()
}

/// The checks of every pack's layers inside a loaded ruleset, each diagnostic naming its pack
/// and pointing into that pack's release (`/rules/layers/…`). For releases read from files,
/// where the builder's checks may not have run.
pub fn check_ruleset_layers(ruleset: &Ruleset) -> Diagnostics {
    let mut out = Vec::new();
    for pack in &ruleset.packs {
        let view = view::PackView::of_pack(ruleset, &pack.id);
        for (id, layer) in &view.layers {
            for diagnostic in check::check_layer(&view, id, layer) {
                let pointer = format!(
                    "/rules{}",
                    diagnostic.location.pointer.clone().unwrap_or_default()
                );
                out.push(diagnostic.with_pack(pack.id.clone()).with_pointer(pointer));
            }
        }
    }
    out
}
