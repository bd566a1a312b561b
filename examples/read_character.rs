//! Opens the game a saved character belongs to (its pinned packs, loaded, with its layers
//! applied) and reads the character against it: migrated to the packs' shapes, then evaluated.
//! Prints the layers, every field's value and the rules issues.
//!
//! ```text
//! cargo run --example read_character [PACKS CHARACTER]
//! ```
//!
//! Without arguments it reads `examples/characters/lamplighter.yaml` against the repository's
//! Lanternfall packs, in a game under the `hard_frost` layer.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::{Character, ReadLimits, open_game, read_character, releases_at};

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let (packs, character) = match args.as_slice() {
        [] => (
            root.join("packs/lanternfall"),
            root.join("examples/characters/lamplighter.yaml"),
        ),
        [packs, character] => (packs.clone(), character.clone()),
        _ => {
            eprintln!("usage: read_character [PACKS CHARACTER]");
            return ExitCode::FAILURE;
        }
    };
    match run(&packs, &character) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(packs: &Path, character: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let packs = releases_at(&[packs.to_path_buf()], &ReadLimits::default())?;
    let text = std::fs::read_to_string(character)?;
    let character: Character = opencharacter::spec::yaml::from_str(&text)?;
    // The game fixes the packs, their versions and the layers for its life.
    let setup = character
        .setup
        .clone()
        .ok_or("the character names no game (`setup`)")?;
    let game = open_game(&setup, packs.releases());
    for diagnostic in &game.diagnostics {
        eprintln!("{}: {}", diagnostic.code.name, diagnostic.message());
    }
    let layers: Vec<String> = setup.layers.iter().map(ToString::to_string).collect();
    println!("layers: {}", layers.join(", "));

    let read = read_character(&game.ruleset, character);
    if read.migration.changed {
        println!("migrated: save the character on its next edit");
    }
    for (id, field) in &read.sheet.fields {
        if let Some(value) = &field.value {
            println!("{id} = {value}");
        }
    }
    for issue in &read.issues {
        println!("issue {}: {}", issue.code.name, issue.message());
    }
    Ok(())
}
