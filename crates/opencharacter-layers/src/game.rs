//! Games: a game's setup (its packs in load order, each pinned to a version, and its layer
//! choice) opens an effective ruleset; the packs and the layers are fixed for the game's life,
//! and a pin may only move up.

use std::collections::BTreeSet;

use opencharacter_resolve::{LoadOptions, load_ruleset};
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::QualifiedFieldId;
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::model::{GameSetup, PackRelease, Ruleset};

use crate::apply::{LayerReport, apply_layers};

/// A game opened: its effective ruleset, what its layers did, and every problem found.
#[derive(Debug, Clone)]
pub struct OpenedGame {
    /// The effective ruleset (the game's packs, loaded, with its layers applied).
    pub ruleset: Ruleset,
    /// What the layers did.
    pub report: LayerReport,
    /// Problems: a pinned pack missing or at another version (`game-pack-version-mismatch`),
    /// what loading found, chosen layers no pack declares (`layer-unknown`), and the report's
    /// warnings.
    pub diagnostics: Diagnostics,
}

/// Opens a game: loads, from the releases the app has (any order, more than the game needs is
/// fine), the game's packs at their pinned versions in the game's load order, then applies the
/// game's layers. Each pack's layers act on that pack's own rules and content, because layer and
/// rules IDs are qualified by their pack. A pinned pack with no release at exactly its version is
/// a `game-pack-version-mismatch` and is left out.
///
/// ```
/// use opencharacter_layers::game::open_game;
/// use opencharacter_spec::model::{GameSetup, PackRelease};
///
/// let release: PackRelease = serde_json::from_value(serde_json::json!({
///     "manifest": {"id": "ember-roads-1e", "version": "1.0.0", "specVersion": "1.1.0",
///                  "license": "CC0-1.0", "defaultLanguage": "en"},
///     "rules": {"gm": {"checkGuidance": "Ask for a check when the road costs something."},
///               "layers": {"mud_season": {"gm": {"guidance": "Travel takes twice as long."}}}},
///     "content": {}, "i18n": {"_meta": {"language": "en", "direction": "ltr"}}, "formulas": {}
/// })).unwrap();
/// let setup: GameSetup = opencharacter_spec::yaml::from_str(
///     "packs: { ember-roads-1e: 1.0.0 }\nlayers: [ember-roads-1e:mud_season]\n").unwrap();
/// let game = open_game(&setup, [&release]);
/// assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
/// assert_eq!(game.ruleset.gm.check_guidance.len(), 2);
/// ```
pub fn open_game<'a>(
    setup: &GameSetup,
    releases: impl IntoIterator<Item = &'a PackRelease>,
) -> OpenedGame {
    let available: Vec<&PackRelease> = releases.into_iter().collect();
    let mut diagnostics = Vec::new();
    let mut chosen = Vec::new();
    for (pack, pinned) in &setup.packs {
        let pointer = format!("/packs/{}", escape_segment(pack.as_str()));
        let same_pack: Vec<&&PackRelease> = available
            .iter()
            .filter(|r| r.manifest.id == *pack)
            .collect();
        match same_pack.iter().find(|r| r.manifest.version == *pinned) {
            Some(release) => chosen.push(**release),
            None => {
                let found = if same_pack.is_empty() {
                    "no release of it is given".to_owned()
                } else {
                    format!(
                        "only {} given",
                        same_pack
                            .iter()
                            .map(|r| r.manifest.version.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                diagnostics.push(
                    Diagnostic::new(&codes::GAME_PACK_VERSION_MISMATCH)
                        .with_arg("pack", pack)
                        .with_arg("pinned", pinned)
                        .with_arg("found", found)
                        .with_pack(pack.clone())
                        .with_pointer(pointer),
                );
            }
        }
    }
    let (loaded, load_diagnostics) = load_ruleset(chosen, &LoadOptions::default());
    diagnostics.extend(load_diagnostics);
    let (ruleset, report) = apply_layers(&loaded, &setup.layers);
    diagnostics.extend(report.diagnostics());
    OpenedGame {
        ruleset,
        report,
        diagnostics,
    }
}

/// Checks a change to a game's setup: the packs, their load order and the layer choice are fixed
/// for the game's life; a pack may be re-pinned only to a newer version (its characters then
/// migrate on read), never an older one. Returns one diagnostic per refusal, with a pointer into
/// the new setup; empty when the change is allowed. Settings are not checked here.
///
/// ```
/// use opencharacter_layers::game::check_setup_change;
/// use opencharacter_spec::model::GameSetup;
/// let setup = |yaml: &str| -> GameSetup { opencharacter_spec::yaml::from_str(yaml).unwrap() };
/// let now = setup("packs: { gravewatch-1e: 0.2.0 }\nlayers: [gravewatch-1e:long_night]\n");
/// assert!(check_setup_change(&now, &setup("packs: { gravewatch-1e: 0.3.0 }\nlayers: [gravewatch-1e:long_night]\n")).is_empty());
/// let older = check_setup_change(&now, &setup("packs: { gravewatch-1e: 0.1.0 }\nlayers: [gravewatch-1e:long_night]\n"));
/// assert_eq!(older[0].code.name, "game-pack-downgrade");
/// ```
pub fn check_setup_change(current: &GameSetup, next: &GameSetup) -> Diagnostics {
    let mut out = Vec::new();
    for (index, (pack, pinned)) in current.packs.iter().enumerate() {
        let pointer = format!("/packs/{}", escape_segment(pack.as_str()));
        match next.packs.get_full(pack) {
            None => out.push(
                Diagnostic::new(&codes::GAME_PACKS_FIXED)
                    .with_arg("pack", pack)
                    .with_arg("change", "removed")
                    .with_pack(pack.clone())
                    .with_pointer("/packs"),
            ),
            Some((position, _, requested)) => {
                if position != index {
                    out.push(
                        Diagnostic::new(&codes::GAME_PACKS_FIXED)
                            .with_arg("pack", pack)
                            .with_arg("change", "moved in the load order")
                            .with_pack(pack.clone())
                            .with_pointer(pointer.clone()),
                    );
                }
                if requested < pinned {
                    out.push(
                        Diagnostic::new(&codes::GAME_PACK_DOWNGRADE)
                            .with_arg("pack", pack)
                            .with_arg("pinned", pinned)
                            .with_arg("requested", requested)
                            .with_pack(pack.clone())
                            .with_pointer(pointer),
                    );
                }
            }
        }
    }
    for pack in next.packs.keys() {
        if !current.packs.contains_key(pack) {
            out.push(
                Diagnostic::new(&codes::GAME_PACKS_FIXED)
                    .with_arg("pack", pack)
                    .with_arg("change", "added")
                    .with_pack(pack.clone())
                    .with_pointer(format!("/packs/{}", escape_segment(pack.as_str()))),
            );
        }
    }
    // The saved set is what counts: the same layers listed in another order are no change.
    let set = |layers: &[QualifiedFieldId]| -> BTreeSet<String> {
        layers.iter().map(ToString::to_string).collect()
    };
    let (before, after) = (set(&current.layers), set(&next.layers));
    if before != after {
        let join = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(", ");
        out.push(
            Diagnostic::new(&codes::GAME_LAYERS_FIXED)
                .with_arg("before", join(&before))
                .with_arg("after", join(&after))
                .with_pointer("/layers"),
        );
    }
    out
}

/// Re-pins a game's setup to `next` if [`check_setup_change`] allows it; otherwise leaves it as
/// it is and returns the refusals.
pub fn repin(setup: &mut GameSetup, next: GameSetup) -> Result<(), Diagnostics> {
    let refusals = check_setup_change(setup, &next);
    if refusals.is_empty() {
        *setup = next;
        Ok(())
    } else {
        Err(refusals)
    }
}
