//! Migrates a folder of saved characters to the packs an app has now: each character's game is
//! re-pinned to the newest release given of each of its packs (a game may move a pack up, never
//! down), opened with its layers, and the packs' upgrade scripts move the character up to the
//! loaded versions; the result is written to an output folder, never over the input. Prints one
//! line per character: unchanged, or the versions it moved and the steps that changed it.
//!
//! ```text
//! cargo run --example migrate_characters [PACKS CHARACTERS OUT]
//! ```
//!
//! Without arguments it migrates `examples/characters/` against the repository's `packs/`,
//! writing to a temporary folder removed at exit.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::layers::game::repin;
use opencharacter::{
    Character, GameSetup, Packs, ReadLimits, open_game, read_character, releases_at,
};

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    // Held to the end of `main`: the default output folder is removed when it drops.
    let scratch;
    let (packs, characters, out) = match args.as_slice() {
        [] => {
            scratch = match tempfile::tempdir() {
                Ok(dir) => dir,
                Err(error) => {
                    eprintln!("error: no temporary folder: {error}");
                    return ExitCode::FAILURE;
                }
            };
            (
                root.join("packs"),
                root.join("examples/characters"),
                scratch.path().to_path_buf(),
            )
        }
        [packs, characters, out] => (packs.clone(), characters.clone(), out.clone()),
        _ => {
            eprintln!("usage: migrate_characters [PACKS CHARACTERS OUT]");
            return ExitCode::FAILURE;
        }
    };
    match run(&packs, &characters, &out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(packs: &Path, characters: &Path, out: &Path) -> Result<(), Box<dyn std::error::Error>> {
    if characters.canonicalize()? == out.canonicalize().unwrap_or_else(|_| out.to_path_buf()) {
        return Err("the output folder is the input folder: migrate into another one".into());
    }
    let packs = releases_at(&[packs.to_path_buf()], &ReadLimits::default())?;
    std::fs::create_dir_all(out)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(characters)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    files.sort();
    for file in &files {
        let name = file.file_name().ok_or("a file with no name")?;
        let text = std::fs::read_to_string(file)?;
        let character: Character = opencharacter::spec::yaml::from_str(&text)
            .map_err(|error| format!("{}: {error}", file.display()))?;
        let Some(setup) = character.setup.clone() else {
            println!("{}: skipped, it names no game", name.to_string_lossy());
            continue;
        };
        let setup = newest(setup, &packs);
        let game = open_game(&setup, packs.releases());
        for diagnostic in &game.diagnostics {
            eprintln!("{}: {}", diagnostic.code.name, diagnostic.message());
        }
        let mut read = read_character(&game.ruleset, character);
        read.character.setup = Some(setup);
        let migration = &read.migration;
        if migration.changed {
            let moved: Vec<String> = migration
                .versions
                .iter()
                .map(|change| format!("{} {} -> {}", change.pack, change.from, change.to))
                .collect();
            println!(
                "{}: migrated ({}; {} steps)",
                name.to_string_lossy(),
                moved.join(", "),
                migration.steps.len()
            );
        } else {
            println!("{}: unchanged", name.to_string_lossy());
        }
        let value = serde_json::to_value(&read.character)?;
        std::fs::write(out.join(name), opencharacter::spec::yaml::to_string(&value))?;
    }
    println!("wrote {} characters to {}", files.len(), out.display());
    Ok(())
}

/// The game's setup with each pack pinned to the newest release given, when that is newer; a
/// change the game refuses (a downgrade, another load order) keeps the setup as it was.
fn newest(mut setup: GameSetup, packs: &Packs) -> GameSetup {
    let mut next = setup.clone();
    for (pack, pinned) in &mut next.packs {
        let newest = packs
            .releases()
            .filter(|release| release.manifest.id == *pack)
            .map(|release| &release.manifest.version)
            .max();
        if let Some(newest) = newest.filter(|newest| *newest > pinned) {
            *pinned = newest.clone();
        }
    }
    if let Err(refusals) = repin(&mut setup, next) {
        for refusal in &refusals {
            eprintln!("{}: {}", refusal.code.name, refusal.message());
        }
    }
    setup
}
