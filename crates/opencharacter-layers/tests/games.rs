#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! Games and the game-creation screen: toggles, opening a game's setup, and the refusals for
//! what a game fixes for its life.

use crate::common::*;
use opencharacter_layers::game::{check_setup_change, open_game, repin};
use opencharacter_layers::{LayerToggles, ToggleError, qualify_layer};
use opencharacter_spec::model::GameSetup;

fn setup(yaml: &str) -> GameSetup {
    opencharacter_spec::yaml::from_str(yaml).unwrap()
}

fn codes(diagnostics: &[opencharacter_spec::Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.code.name).collect()
}

#[test]
fn switching_a_layer_on_switches_off_those_it_conflicts_with() {
    let ruleset = ember();
    let mut toggles = LayerToggles::new(&ruleset, &[]);
    assert!(toggles.toggles().iter().all(|t| !t.on));
    toggles
        .switch_on(&"ember-roads-1e:hard_winter".parse().unwrap())
        .unwrap();
    toggles
        .switch_on(&"ember-roads-1e:scarce_magic".parse().unwrap())
        .unwrap();
    // mud_season names nobody, hard_winter names it: either side naming the other is enough.
    let off = toggles
        .switch_on(&"ember-roads-1e:mud_season".parse().unwrap())
        .unwrap();
    assert_eq!(ids(&["ember-roads-1e:hard_winter"]), off);
    assert_eq!(
        toggles.saved(),
        ids(&["ember-roads-1e:mud_season", "ember-roads-1e:scarce_magic"])
    );
    let winter = &toggles.toggles()[0];
    assert_eq!(winter.conflicts, ids(&["ember-roads-1e:mud_season"]));
    toggles.switch_off(&"ember-roads-1e:mud_season".parse().unwrap());
    assert_eq!(toggles.saved(), ids(&["ember-roads-1e:scarce_magic"]));
    assert!(matches!(
        toggles.switch_on(&"ember-roads-1e:nope".parse().unwrap()),
        Err(ToggleError::Unknown(_))
    ));
    // A saved set holding both sides opens with the later-declared one off.
    let both = LayerToggles::new(
        &ruleset,
        &ids(&["ember-roads-1e:mud_season", "ember-roads-1e:hard_winter"]),
    );
    assert_eq!(both.saved(), ids(&["ember-roads-1e:hard_winter"]));
}

#[test]
fn layer_ids_are_qualified_when_chosen() {
    let first = release("ember-roads-1e", "1.0.0", EMBER_RULES, ember_content());
    let ruleset = load(&[&first]);
    assert_eq!(
        qualify_layer(&ruleset, "hard_winter").unwrap().to_string(),
        "ember-roads-1e:hard_winter"
    );
    assert!(qualify_layer(&ruleset, "ember-roads-1e:hard_winter").is_ok());
    assert!(matches!(
        qualify_layer(&ruleset, "nope"),
        Err(ToggleError::Unknown(_))
    ));
    assert!(matches!(
        qualify_layer(&ruleset, "Not An Id"),
        Err(ToggleError::Invalid(..))
    ));
    let gravewatch = release(
        "gravewatch-1e",
        "0.2.0",
        GRAVEWATCH_RULES,
        gravewatch_content(),
    );
    let mut two = load_lenient(&[&first, &gravewatch]);
    two.layers.insert(
        "gravewatch-1e:hard_winter".parse().unwrap(),
        opencharacter_spec::model::Layer::default(),
    );
    assert!(matches!(
        qualify_layer(&two, "hard_winter"),
        Err(ToggleError::Ambiguous(..))
    ));
}

#[test]
fn a_game_opens_its_pinned_packs_with_its_layers() {
    let old = release(
        "gravewatch-1e",
        "0.1.0",
        GRAVEWATCH_RULES,
        gravewatch_content(),
    );
    let pinned = release(
        "gravewatch-1e",
        "0.2.0",
        GRAVEWATCH_RULES,
        gravewatch_content(),
    );
    let other = release("ember-roads-1e", "1.0.0", EMBER_RULES, ember_content());
    let game = open_game(
        &setup("packs: { gravewatch-1e: 0.2.0 }\nlayers: [gravewatch-1e:long_night]\n"),
        [&old, &other, &pinned],
    );
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    assert_eq!(game.ruleset.packs.len(), 1, "only the game's packs load");
    assert_eq!(game.ruleset.packs[0].version.to_string(), "0.2.0");
    assert_eq!(
        game.ruleset.active_layers,
        ids(&["gravewatch-1e:long_night"])
    );

    let missing = open_game(
        &setup("packs: { gravewatch-1e: 0.3.0 }\nlayers: [gravewatch-1e:long_night]\n"),
        [&old, &pinned],
    );
    assert_eq!(
        codes(&missing.diagnostics),
        ["game-pack-version-mismatch", "layer-unknown"]
    );
    assert!(
        missing.diagnostics[0]
            .message()
            .contains("only 0.1.0, 0.2.0 given")
    );
}

#[test]
fn packs_and_layers_are_fixed_for_life_and_pins_only_move_up() {
    let now = setup(
        "packs: { ember-roads-1e: 1.0.0, gravewatch-1e: 0.2.0 }\n\
         layers: [ember-roads-1e:hard_winter, gravewatch-1e:long_night]\n",
    );
    // Newer pins, and the same layers listed in another order: allowed.
    let mut game = now.clone();
    repin(
        &mut game,
        setup(
            "packs: { ember-roads-1e: 1.1.0, gravewatch-1e: 0.2.0 }\n\
             layers: [gravewatch-1e:long_night, ember-roads-1e:hard_winter]\n",
        ),
    )
    .unwrap();
    assert_eq!(game.packs["ember-roads-1e"].to_string(), "1.1.0");

    let refused = check_setup_change(
        &now,
        &setup(
            "packs: { ember-roads-1e: 0.9.0, gravewatch-1e: 0.2.0 }\nlayers: [ember-roads-1e:hard_winter, gravewatch-1e:long_night]\n",
        ),
    );
    assert_eq!(codes(&refused), ["game-pack-downgrade"]);
    assert_eq!(
        refused[0].location.pointer.as_deref(),
        Some("/packs/ember-roads-1e")
    );

    let refused = check_setup_change(
        &now,
        &setup(
            "packs: { gravewatch-1e: 0.2.0, ember-roads-1e: 1.0.0 }\nlayers: [ember-roads-1e:hard_winter, gravewatch-1e:long_night]\n",
        ),
    );
    assert_eq!(codes(&refused), ["game-packs-fixed", "game-packs-fixed"]);

    let refused = check_setup_change(
        &now,
        &setup(
            "packs: { ember-roads-1e: 1.0.0, other-pack: 1.0.0 }\nlayers: [ember-roads-1e:mud_season]\n",
        ),
    );
    assert_eq!(
        codes(&refused),
        ["game-packs-fixed", "game-packs-fixed", "game-layers-fixed"]
    );
    assert_eq!(refused[0].args["change"], "removed");
    assert_eq!(refused[1].args["change"], "added");

    let mut unchanged = now.clone();
    let error = repin(
        &mut unchanged,
        setup("packs: { ember-roads-1e: 1.0.0, gravewatch-1e: 0.2.0 }\n"),
    )
    .unwrap_err();
    assert_eq!(codes(&error), ["game-layers-fixed"]);
    assert_eq!(unchanged, now, "a refused change leaves the game as it was");
}
