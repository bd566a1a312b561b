//! Reading a saved character as an app does, for `sheet`, `migrate` and `economy`: through its
//! game. The game is the `--game GAME.yaml` given, else the character's own `setup`; its pins
//! pick the packs from a store, its layers apply, its settings win; then the facade's
//! `read_character_with` migrates and evaluates (characters.md, "Reading a character").
//!
//! Why here and not in each verb: `sheet` evaluated the character directly, skipping the
//! migration and the layers an app applies, so the command showed another sheet than the app.

use std::path::Path;

use opencharacter::layers::{apply_layers, qualify_layer};
use opencharacter::spec::diagnostic::codes;
use opencharacter::spec::ids::{PackId, QualifiedFieldId};
use opencharacter::spec::model::{Character, Game, GameSetup, Ruleset};
use opencharacter::{CharacterRead, Diagnostic, EvaluateOptions, read_character_with};

use crate::packs::{self, Opened, PackPaths, Want};

/// Reads a YAML or JSON file of `what` (a character, a game).
///
/// # Errors
/// A file that cannot be read or does not parse (exit 2).
pub fn read_file<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<T, String> {
    let text = crate::input::read_text(path, crate::input::MAX_CHARACTER_BYTES)?;
    let parsed = if path.extension().is_some_and(|ext| ext == "json") {
        serde_json::from_str(&text).map_err(|e| e.to_string())
    } else {
        opencharacter::spec::yaml::from_str(&text).map_err(|e| e.to_string())
    };
    parsed.map_err(|e| format!("`{}` is not a {what} file: {e}", path.display()))
}

/// Reads a character file through the spec's `read_character_text`, so an empty file, a list
/// or a key without a value is a located diagnostic in the `--lang` language
/// (`character-file-empty`, …), never serde's words. A JSON file is read the same way: JSON is
/// YAML (1.2), so its mistakes are located and translated like a YAML file's.
///
/// # Errors
/// A file that cannot be read, or the diagnostics of what does not fit, one block each (exit 2).
pub fn read_character_file(path: &Path) -> Result<Character, String> {
    let text = crate::input::read_text(path, crate::input::MAX_CHARACTER_BYTES)?;
    parse_character_text(path, &text)
}

/// Reads a character file to show it (`sheet`): as [`read_character_file`], but one (YAML or
/// JSON) whose only problems are counts too large to hold is read with them as `value-too-large`
/// issues (the counts' defaults used), for the caller to show beside the sheet. A verb that
/// writes the character back (`migrate --in-place`) reads it with `read_character_file`, which
/// refuses it rather than lose the saved number.
///
/// # Errors
/// As [`read_character_file`].
pub fn read_character_file_to_show(path: &Path) -> Result<(Character, Vec<Diagnostic>), String> {
    let text = crate::input::read_text(path, crate::input::MAX_CHARACTER_BYTES)?;
    opencharacter::spec::model::character_file::read_character_text_with_issues(&text)
        .map_err(|problems| problem_lines(path, &problems))
}

/// A character file's text read (`read_character_file`), or its diagnostics, each on a
/// line: `` `FILE`:LINE:COLUMN: message [code] ``.
///
/// # Errors
/// The diagnostics of what does not fit.
pub fn parse_character_text(path: &Path, text: &str) -> Result<Character, String> {
    opencharacter::spec::model::character_file::read_character_text(text)
        .map_err(|problems| problem_lines(path, &problems))
}

/// Problems of a character file, each on a line: `` `FILE`:LINE:COLUMN: message [code] ``.
fn problem_lines(path: &Path, problems: &[Diagnostic]) -> String {
    let text = crate::lang::standard_text();
    problems
        .iter()
        .map(|d| {
            let (line, column) = (d.location.line.unwrap_or(1), d.location.column.unwrap_or(1));
            format!(
                "`{}`:{line}:{column}: {} [{}]",
                path.display(),
                d.message_in(text),
                d.code.name
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A character's game: the game file given (whose ID must be the one the character names),
/// else the character's own setup.
///
/// # Errors
/// A game file that cannot be read, or names another game than the character (exit 2).
pub fn game_of(character: &Character, game: Option<&Path>) -> Result<Option<GameSetup>, String> {
    let Some(path) = game else {
        return Ok(character.setup.clone());
    };
    let game: Game = read_file(path, "game")?;
    if let Some(named) = &character.game
        && *named != game.id
    {
        return Err(format!(
            "the character belongs to the game `{named}`, and `{}` is the game `{}`",
            path.display(),
            game.id
        ));
    }
    Ok(Some(GameSetup {
        packs: game.packs,
        layers: game.layers,
        settings: game.settings,
    }))
}

/// The packs a character and its game want: the game's pins, exactly; the character's other
/// packs at any version (migration moves them up; an older one loaded is a rules issue).
pub fn wanted(character: &Character, setup: Option<&GameSetup>) -> Vec<(PackId, Want)> {
    let mut wanted: Vec<(PackId, Want)> = character
        .packs
        .iter()
        .map(|(pack, version)| (pack.clone(), Want::Saved(version.clone())))
        .collect();
    for (pack, version) in setup.iter().flat_map(|setup| &setup.packs) {
        wanted.retain(|(id, _)| id != pack);
        wanted.push((pack.clone(), Want::Pinned(version.clone())));
    }
    wanted
}

/// Layer IDs as typed: qualified, or bare when one pack declares the layer. One that names no
/// layer stays as it parses, for `apply_layers` to report (`layer-unknown`).
///
/// # Errors
/// A text that is not a layer ID at all (exit 2).
pub fn layer_ids(ruleset: &Ruleset, texts: &[String]) -> Result<Vec<QualifiedFieldId>, String> {
    texts
        .iter()
        .map(|text| {
            qualify_layer(ruleset, text.trim()).or_else(|error| {
                text.trim()
                    .parse::<QualifiedFieldId>()
                    .map_err(|_| error.to_string())
            })
        })
        .collect()
}

/// A character read through its game.
pub struct Through {
    /// The packs, as loaded.
    pub opened: Opened,
    /// The ruleset with the game's layers applied.
    pub effective: Ruleset,
    /// The layers chosen (the game's, or `--layers`).
    pub layers: Vec<QualifiedFieldId>,
    /// The read: the migrated character, what migrating did, its sheet and rules issues.
    pub read: CharacterRead,
    /// What loading the packs and applying the layers found.
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads the packs `character` wants from `paths`, applies its game's layers (or `try_layers`,
/// for a character whose game chooses none), then reads the character.
///
/// # Errors
/// A path or file that cannot be read, a layer ID that does not parse, or `--layers` on a
/// character whose game already chooses layers (exit 2).
pub fn through_game(
    paths: &PackPaths,
    character: Character,
    game: Option<&Path>,
    try_layers: &[String],
    options: EvaluateOptions,
) -> Result<Through, String> {
    let setup = game_of(&character, game)?;
    let chosen_by_game = setup.as_ref().is_some_and(|s| !s.layers.is_empty());
    if chosen_by_game && !try_layers.is_empty() {
        return Err(
            "the character's game chooses its layers, fixed for its life; --layers is for a \
             character whose game chooses none"
                .to_owned(),
        );
    }
    let mut wanted = wanted(&character, setup.as_ref());
    let texts: Vec<String> = match &setup {
        Some(setup) if chosen_by_game => setup.layers.iter().map(ToString::to_string).collect(),
        _ => try_layers.to_vec(),
    };
    // The pack of each qualified layer is wanted too: a layer of a pack left in the store would
    // read as unknown.
    for text in &texts {
        if let Ok(layer) = text.trim().parse::<QualifiedFieldId>()
            && !wanted.iter().any(|(id, _)| *id == layer.pack)
        {
            wanted.push((layer.pack, Want::Any));
        }
    }
    let opened = packs::open(paths, &wanted)?;
    let layers = layer_ids(&opened.ruleset, &texts)?;
    let mut diagnostics = pins_located(&opened.diagnostics, setup.as_ref(), game.is_none());
    let (effective, report) = apply_layers(&opened.ruleset, &layers);
    diagnostics.extend(report.diagnostics().into_iter().map(|d| {
        // A layer the game chooses and no pack declares points into the game.
        if d.code == &codes::LAYER_UNKNOWN && d.location.pointer.is_none() {
            d.with_pointer("/layers")
        } else {
            d
        }
    }));
    let options = EvaluateOptions {
        settings: setup.map(|s| s.settings).unwrap_or_default(),
        ..options
    };
    let read = read_character_with(&effective, character, &options);
    Ok(Through {
        opened,
        effective,
        layers,
        read,
        diagnostics,
    })
}

/// Where a game's pin that the packs lack is written: a pin of the character's own setup is at
/// `/setup/packs/…` in its file (`from_setup`), a game file's at `/packs/…`.
pub fn pins_located(
    diagnostics: &[Diagnostic],
    setup: Option<&GameSetup>,
    from_setup: bool,
) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .map(|d| {
            let pinned = d.code == &codes::PACK_NOT_FOUND
                && setup.is_some_and(|setup| {
                    d.args
                        .get("pack")
                        .and_then(|id| id.parse::<PackId>().ok())
                        .is_some_and(|id| setup.packs.contains_key(&id))
                });
            match (&d.location.pointer, from_setup && pinned) {
                (Some(pointer), true) => d.clone().with_pointer(format!("/setup{pointer}")),
                _ => d.clone(),
            }
        })
        .collect()
}
