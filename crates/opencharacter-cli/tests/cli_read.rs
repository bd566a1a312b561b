//! `opencharacter sheet` reads a character as an app does (characters.md, "Reading a
//! character"): through its game (its `setup`, or a `--game` file), whose layers apply and
//! whose settings win, migrated first, with the values a copy step left behind not reported;
//! `--layers` tries layers on a character whose game chooses none. Run as the built binary on
//! the repository's packs, in English and Spanish, human and JSON.
//!
//! The numbers: Lanternfall's checks roll 2d6 (`rules/character.yaml`); `trim_wick` adds the
//! wick modifier (wick 3 − 2 = 1) and the setting `flood_level` (default 1). Hard frost
//! replaces the ladder dim 6 / murky 8 / dark 10 / pitch 12 by 7 / 9 / 11 / 13
//! (`rules/world.yaml`). P(2d6 + 2 ≥ 7) = P(2d6 ≥ 5) = 30/36 = 83.3%; P(2d6 + 2 ≥ 6) =
//! P(2d6 ≥ 4) = 33/36 = 91.7%; P(2d6 + 1 ≥ 7) = P(2d6 ≥ 6) = 26/36 = 72.2%.

use std::path::{Path, PathBuf};

use super::support::{root, run, stdout};

/// The lamplighter example without her game's layers, in a folder of its own.
fn without_layers(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(root().join("examples/characters/lamplighter.yaml"))
        .unwrap()
        .replace("  layers: [lanternfall-core:hard_frost]\n", "");
    let file = dir.join("lamplighter.yaml");
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn the_sheet_applies_the_layers_of_the_characters_game() {
    let output = run(&[
        "sheet",
        "examples/characters/lamplighter.yaml",
        "--packs",
        "packs",
    ]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    // `packs` holds four games: the character's pack is picked, and said.
    assert!(
        text.starts_with(
            "loaded from the store: lanternfall-core 0.1.0\n\
             layers: lanternfall-core:hard_frost\n\
             Fields\n  Name (lanternfall-core:name) = Ines Marrow\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  Trim a wick (lanternfall-core:trim_wick): 2d6 + 2 (4–14, mean 9)\n      success: Dim DC 7 83.3%, "
        ),
        "{text}"
    );
    // The purse line, largest coin first within each family, with the coins' labels.
    assert!(
        text.contains(
            "Purse\n  lanternfall-core:coin: 1 crowns, 3 pennies, 5 farthings (= 257 farthings)\n"
        ),
        "{text}"
    );
    // Names beside the content owned; no open choice left.
    assert!(
        text.contains(
            "  Grapnel (lanternfall-core:kit.grapnel) (picked for lanternfall-core:starting_kit)\n"
        ),
        "{text}"
    );
    assert!(text.contains("Issues\n  none\n"), "{text}");

    // In Spanish: the command's words, and the pack's text where it has Spanish (it has not:
    // the names fall back to English).
    let spanish = stdout(&run(&[
        "sheet",
        "examples/characters/lamplighter.yaml",
        "--packs",
        "packs",
        "--lang",
        "es",
    ]));
    assert!(
        spanish.starts_with(
            "cargados del almacén: lanternfall-core 0.1.0\ncapas: lanternfall-core:hard_frost\n\
             Campos\n  Name (lanternfall-core:name) = Ines Marrow\n"
        ),
        "{spanish}"
    );
    assert!(spanish.contains("Problemas\n  ninguno\n"), "{spanish}");

    let json = run(&[
        "sheet",
        "examples/characters/lamplighter.yaml",
        "--packs",
        "packs",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["layers"],
        serde_json::json!(["lanternfall-core:hard_frost"])
    );
    assert_eq!(value["picked"], true);
    assert_eq!(
        value["packs"],
        serde_json::json!([{"id": "lanternfall-core", "version": "0.1.0"}])
    );
    let trim = value["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "lanternfall-core:trim_wick")
        .unwrap();
    assert_eq!(trim["odds"][0]["difficulty"]["dc"], 7);
    assert_eq!(trim["odds"][0]["success"]["exact"], "5/6");
}

#[test]
fn layers_tried_on_a_character_without_any_and_refused_on_one_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let file = without_layers(dir.path());
    let file = file.to_str().unwrap();
    // No layers: the base ladder, dim DC 6.
    let base = stdout(&run(&["sheet", file, "--packs", "packs/lanternfall/core"]));
    assert!(base.starts_with("layers: none\n"), "{base}");
    assert!(base.contains("      success: Dim DC 6 91.7%, "), "{base}");
    // Tried: the frost's ladder.
    let tried = stdout(&run(&[
        "sheet",
        file,
        "--packs",
        "packs/lanternfall/core",
        "--layers",
        "hard_frost",
    ]));
    assert!(
        tried.starts_with("layers: lanternfall-core:hard_frost\n"),
        "{tried}"
    );
    assert!(tried.contains("      success: Dim DC 7 83.3%, "), "{tried}");
    // A character whose game chooses layers keeps them: --layers is a usage error.
    let refused = run(&[
        "sheet",
        "examples/characters/lamplighter.yaml",
        "--packs",
        "packs/lanternfall/core",
        "--layers",
        "flood_tide",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(refused.stderr).unwrap(),
        "error: the character's game chooses its layers, fixed for its life; --layers is for a \
         character whose game chooses none\n"
    );
}

#[test]
fn an_unknown_layer_of_the_game_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(root().join("examples/characters/lamplighter.yaml"))
        .unwrap()
        .replace(
            "lanternfall-core:hard_frost]",
            "lanternfall-core:spring_thaw]",
        );
    let file = dir.path().join("thaw.yaml");
    std::fs::write(&file, text).unwrap();
    let output = run(&[
        "sheet",
        file.to_str().unwrap(),
        "--packs",
        "packs/lanternfall/core",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error[layer-unknown]"), "{stderr}");
    assert!(stderr.contains("lanternfall-core:spring_thaw"), "{stderr}");
}

#[test]
fn a_game_file_gives_the_layers_and_its_settings_win() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("frost.yaml");
    std::fs::write(
        &game,
        "id: winter-campaign\npacks: { lanternfall-core: 0.1.0 }\n\
         layers: [lanternfall-core:hard_frost]\nsettings: { lanternfall-core:flood_level: 0 }\n",
    )
    .unwrap();
    let character = dir.path().join("ines.yaml");
    std::fs::write(
        &character,
        "packs: { lanternfall-core: 0.1.0 }\ngame: winter-campaign\n\
         fields: { lanternfall-core:abilities.wick: 3 }\n",
    )
    .unwrap();
    let text = stdout(&run(&[
        "sheet",
        character.to_str().unwrap(),
        "--game",
        game.to_str().unwrap(),
        "--packs",
        "packs",
    ]));
    assert!(
        text.starts_with(
            "loaded from the store: lanternfall-core 0.1.0\nlayers: lanternfall-core:hard_frost\n"
        ),
        "{text}"
    );
    // flood_level 0 from the game: 2d6 + 1, against the frost's dim DC 7.
    assert!(
        text.contains(
            "  Trim a wick (lanternfall-core:trim_wick): 2d6 + 1 (3–13, mean 8)\n      success: Dim DC 7 72.2%, "
        ),
        "{text}"
    );
    // A game file of another game than the character's is refused.
    std::fs::write(
        &game,
        "id: summer-campaign\npacks: { lanternfall-core: 0.1.0 }\n",
    )
    .unwrap();
    let other = run(&[
        "sheet",
        character.to_str().unwrap(),
        "--game",
        game.to_str().unwrap(),
        "--packs",
        "packs",
    ]);
    assert_eq!(other.status.code(), Some(2));
}

/// upgrades.md: a copy step leaves the old value where an older version reads it, and it is
/// not reported. The migrations fixture's 0.3.0 copies `xp` to `exp`.
#[test]
fn a_character_saved_with_an_older_pack_is_migrated_on_read_and_copies_are_not_reported() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hero.yaml");
    std::fs::write(
        &file,
        "packs: { demo-heroes: 0.1.0 }\nfields:\n  demo-heroes:class: Fighter3\n  \
         demo-heroes:level: 3\n  demo-heroes:xp: 900\nlive:\n  pools: { demo-heroes:hit_dice: 2 }\n",
    )
    .unwrap();
    let release = root().join("tests/fixtures/migrations/0.3.0/release.json");
    let output = run(&[
        "sheet",
        file.to_str().unwrap(),
        "--packs",
        release.to_str().unwrap(),
    ]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with("layers: none\nmigrated on read: demo-heroes 0.1.0 -> 0.3.0\nFields\n"),
        "{text}"
    );
    assert!(text.contains("  demo-heroes:exp = 900\n"), "{text}");
    assert!(
        text.contains("  demo-heroes:hit_dice_d10: 2 / 3\n"),
        "{text}"
    );
    assert!(text.ends_with("Issues\n  none\n"), "{text}");
    let spanish = stdout(&run(&[
        "sheet",
        file.to_str().unwrap(),
        "--packs",
        release.to_str().unwrap(),
        "--lang",
        "es",
    ]));
    assert!(
        spanish.starts_with("capas: ninguna\nmigrado al leer: demo-heroes 0.1.0 -> 0.3.0\n"),
        "{spanish}"
    );
    let json = run(&[
        "sheet",
        file.to_str().unwrap(),
        "--packs",
        release.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["issues"], serde_json::json!([]));
    assert_eq!(value["migration"]["changed"], true);
    assert_eq!(value["fields"]["demo-heroes:exp"]["value"], 900);
}

/// The SRD fighter in Spanish: names in the chosen language beside the values.
#[test]
fn the_human_sheet_shows_names_in_the_chosen_language() {
    let text = stdout(&run(&[
        "sheet",
        "examples/characters/fighter-3.yaml",
        "--packs",
        "packs/5e/srd-5.1",
        "--lang",
        "es",
    ]));
    // The human's +1 on the rolled 15 (the example's comment): 16.
    assert!(
        text.contains("\n  Fuerza (5e-srd-5.1:abilities.str) = 16   [base 15; add 1 de 5e-srd-5.1:races.human]\n"),
        "{text}"
    );
    let english = stdout(&run(&[
        "sheet",
        "examples/characters/fighter-3.yaml",
        "--packs",
        "packs/5e/srd-5.1",
    ]));
    assert!(
        english.contains("\n  Strength (5e-srd-5.1:abilities.str) = 16   [base 15; add 1 from 5e-srd-5.1:races.human]\n"),
        "{english}"
    );
}
