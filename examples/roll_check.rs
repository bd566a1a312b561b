//! Reads a character's check and prints its exact odds: the formula ready to roll, then the
//! chance of success at each step of the game's difficulty ladder (the ladder of the game's
//! layers, when a layer changes it).
//!
//! ```text
//! cargo run --example roll_check [PACKS CHARACTER ROLL]
//! ```
//!
//! Without arguments it reads the Lanternfall lamplighter's `trim_wick` check
//! (`examples/characters/lamplighter.yaml`), in her game under hard frost.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::sheet::RollKind;
use opencharacter::{Character, ReadLimits, open_game, read_character, releases_at};

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (packs, character, roll) = match args.as_slice() {
        [] => (
            root.join("packs/lanternfall"),
            root.join("examples/characters/lamplighter.yaml"),
            "lanternfall-core:trim_wick".to_owned(),
        ),
        [packs, character, roll] => (PathBuf::from(packs), PathBuf::from(character), roll.clone()),
        _ => {
            eprintln!("usage: roll_check [PACKS CHARACTER ROLL]");
            return ExitCode::FAILURE;
        }
    };
    match run(&packs, &character, &roll) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(packs: &Path, character: &Path, roll: &str) -> Result<(), Box<dyn std::error::Error>> {
    let packs = releases_at(&[packs.to_path_buf()], &ReadLimits::default())?;
    let text = std::fs::read_to_string(character)?;
    let character: Character = opencharacter::spec::yaml::from_str(&text)?;
    let setup = character
        .setup
        .clone()
        .ok_or("the character names no game (`setup`)")?;
    // The layers can change the ladder the odds are read against: open the game, not the packs.
    let game = open_game(&setup, packs.releases());
    let read = read_character(&game.ruleset, character);
    let found = read
        .sheet
        .roll(roll)
        .ok_or_else(|| format!("the character has no roll `{roll}`"))?;
    let RollKind::Check(check) = &found.kind else {
        return Err(format!("`{roll}` is not a check").into());
    };
    println!("{roll}: {}", check.formula);
    for odds in &check.odds {
        let step = match &odds.difficulty {
            Some(difficulty) => {
                let label = difficulty
                    .label
                    .as_ref()
                    .map_or_else(String::new, |label| format!("{label} "));
                match difficulty.dc {
                    Some(dc) => format!("{label}(DC {dc})"),
                    None => label.trim_end().to_owned(),
                }
            }
            None => "any".to_owned(),
        };
        match odds.success {
            Some(success) => println!("  {step}: success {success} ({:.1}%)", success.percent()),
            None => println!("  {step}: read by its bands"),
        }
    }
    Ok(())
}
