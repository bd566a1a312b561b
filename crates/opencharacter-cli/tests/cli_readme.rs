//! The README's "command in a minute" block, run as written: every line of it, from the
//! repository's folder, against its packs; each prints what its comment says. The expected
//! text of each line is the comment's claim made exact (the rules behind each number are the
//! other tests': AC 19 and 28 HP in `tests/srd_rolls.rs` and the example's own comments, the
//! frost's ladder in `cli_read.rs`, prices and purses in `cli_economy.rs`). A line added to the
//! README without an expectation here fails the test, and so does one removed.

use std::process::Command;

use super::support::root;

/// Each README command (after `opencharacter`) and what its output must hold.
const EXPECTED: &[(&str, &[&str])] = &[
    ("validate packs", &["0 errors, 0 warnings in 7 packs\n"]),
    (
        "validate packs --coverage",
        &[
            "translations of 5e-srd-5.1 (default language en, ",
            "  es: ",
        ],
    ),
    (
        "load packs/5e/srd-5.1 packs/5e/homebrew-example packs/5e/homebrew-rival",
        &[
            "load order:\n  1. 5e-srd-5.1 0.1.0",
            "  5e-srd-5.1:weapons.longsword /properties/damage: set by 5e-homebrew-example, \
             5e-homebrew-rival; `5e-homebrew-rival` wins\n",
        ],
    ),
    (
        "sheet examples/characters/fighter-3.yaml --packs packs",
        &[
            "loaded from the store: 5e-srd-5.1 0.1.0\n",
            "  Armor class (5e-srd-5.1:combat.ac) = 19\n",
            "  Hit points (5e-srd-5.1:hit_points): 28 / 28\n",
            "Athletics check (5e-srd-5.1:skill_athletics): d20 + 5 (6–25, mean 31/2)\n      success: \
             Very easy DC 5 100.0%, Easy DC 10 80.0%, Medium DC 15 55.0%",
        ],
    ),
    (
        "sheet examples/characters/wizard-5.yaml --packs packs/5e/srd-5.1 --dc 15",
        &[
            "  Fireball (5e-srd-5.1:spells.fireball), Damage [Slot level 3]: 8d6 (8–48, mean 28)",
            "  Fire Bolt (5e-srd-5.1:spells.fire-bolt), Damage [Character level 5]: 2d10 (2–20, mean 11)",
        ],
    ),
    (
        "sheet --monster 5e-srd-5.1:monsters.goblin --packs packs/5e/srd-5.1",
        &[
            "  Armor class (5e-srd-5.1:combat.ac) = 15",
            "  Hit points (5e-srd-5.1:hit_points): 7 / 7\n",
            "  Scimitar (5e-srd-5.1:monster-actions.goblin.scimitar), Attack: d20 + 4",
            "  Scimitar (5e-srd-5.1:monster-actions.goblin.scimitar), Damage: d6 + 2",
        ],
    ),
    (
        "sheet examples/characters/lamplighter.yaml --packs packs --lang es",
        &[
            "cargados del almacén: lanternfall-core 0.1.0\ncapas: lanternfall-core:hard_frost\nCampos\n",
            "      éxito: Dim CD 7 83.3%",
        ],
    ),
    (
        "layers packs/lanternfall --on lanternfall-core:hard_frost",
        &[
            "  replaces the difficulty ladder: dim, murky, dark, pitch\n",
            "difficulty ladder: Dim DC 7, Murky DC 9, Dark DC 11, Pitch black DC 13\n  set by \
             lanternfall-core:hard_frost\n",
        ],
    ),
    (
        "economy --packs packs --purse examples/characters/lamplighter.yaml",
        &["purse: 1 crowns, 3 pennies, 5 farthings, 4 drops\n"],
    ),
    (
        "economy --packs packs --price lanternfall-core:kit.oil-flask --on lanternfall-core:flood_tide",
        &[
            "layers: lanternfall-core:flood_tide\nOil flask (lanternfall-core:kit.oil-flask): no price\n",
        ],
    ),
    (
        "economy --packs packs --loot lanternfall-core:street_finds --seed 7",
        &["Street finds (lanternfall-core:street_finds) (seed 7):\n  "],
    ),
    (
        "migrate examples/characters/fighter-3.yaml --packs packs",
        &["already in the loaded packs' shapes: nothing changed\n"],
    ),
    (
        "show packs/5e --id spells.fireball --lang es",
        &["  content.spells.fireball.name: Bola de fuego  [es]\n"],
    ),
    (
        "show packs/5e --text Goblin 2 --lang es",
        &["\"Goblin 2\": 5e-srd-5.1:content.monsters.goblin.name\n  Trasgo 2  [es]\n"],
    ),
    ("formula 4d6kh3 --seed 7", &["canonical: 4d6kh3\n", "mean"]),
    (
        "formula lookup(level, 1, 1d10, 5, 2d10) --set level=5",
        &["canonical: lookup(level, 1, d10, 5, 2d10)\n", "2d10"],
    ),
    (
        "import-ruleset tests/fixtures/ruleset-json/barrowlight.json --out target/readme/barrowlight/core",
        &["wrote 11 files to target/readme/barrowlight/core ("],
    ),
    (
        "install --import examples/shared/lanternfall-core-0.1.0.json --store target/readme/store --lang fr",
        &["lanternfall-core 0.1.0: fr (fetched)\n"],
    ),
    (
        "show --store target/readme/store --id lantern.tin-lamp --lang fr",
        &["  content.lantern.tin-lamp.name: Lampe en fer-blanc  [fr]\n"],
    ),
    ("spec", &["spec 1.", "  layers "]),
    ("completions bash", &["_opencharacter() {\n"]),
    ("man --out target/readme/man", &["opencharacter.1"]),
];

/// The block's commands: each `opencharacter …` line with its words (quotes removed).
fn readme_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme
        .split("## The command in a minute")
        .nth(1)
        .unwrap()
        .split("```sh\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    section
        .lines()
        .filter_map(|line| line.strip_prefix("opencharacter "))
        .map(|line| words(line.split(" #").next().unwrap()))
        .collect()
}

/// Shell words: split at spaces, `'…'` and `"…"` keeping what they hold.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

#[test]
fn every_line_of_the_readme_block_runs_and_prints_what_its_comment_says() {
    let _ = std::fs::remove_dir_all(root().join("target/readme"));
    let commands = readme_commands();
    let listed: Vec<String> = commands.iter().map(|words| words.join(" ")).collect();
    let expected: Vec<&str> = EXPECTED.iter().map(|(command, _)| *command).collect();
    assert_eq!(
        listed, expected,
        "the README block and this test list other commands"
    );
    for (words, (command, holds)) in commands.iter().zip(EXPECTED) {
        let output = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
            .args(words)
            .current_dir(root())
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "`opencharacter {command}`: {stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        for text in *holds {
            assert!(
                stdout.contains(text),
                "`opencharacter {command}` does not print {text:?}:\n{stdout}"
            );
        }
    }
}
