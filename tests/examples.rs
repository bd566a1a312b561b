//! The example binaries of `examples/` (the programs an app developer starts from) are built once
//! with the test's own cargo and each is run on the repository's packs and characters; a line of
//! each one's output is checked against the rules, worked by hand. `import_marinara` reads the
//! corpus in `../shared/` and is not run here.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::common::root;

const EXAMPLES: [&str; 5] = [
    "ruleset_conflicts",
    "read_character",
    "roll_check",
    "translate_sheet",
    "migrate_characters",
];

/// `target/<profile>/examples`, beside the `deps/` folder this test binary runs from.
fn examples_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().and_then(Path::parent).unwrap();
    profile.join("examples")
}

/// Builds the five examples once (the test binary is built; its examples need not be).
fn build() {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let mut command = Command::new(cargo);
        command.args(["build", "--quiet", "--offline", "-p", "opencharacter"]);
        for example in EXAMPLES {
            command.args(["--example", example]);
        }
        let output = command.current_dir(root()).output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    });
}

/// Runs an example with `args`; its standard output, after checking it succeeded.
fn run(example: &str, args: &[&Path]) -> String {
    build();
    let output = Command::new(examples_dir().join(example))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{example}: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn has_line(stdout: &str, line: &str) -> bool {
    stdout.lines().any(|l| l.trim() == line)
}

#[test]
fn ruleset_conflicts_names_the_longsword_and_the_later_pack() {
    // Both homebrews override the SRD longsword's damage (their `content/weapons/longsword.yaml`);
    // loaded SRD, example, rival, the later pack's value stands (docs/spec: last loaded wins).
    let out = run("ruleset_conflicts", &[]);
    assert!(has_line(&out, "conflicts: 1"), "{out}");
    assert!(
        has_line(
            &out,
            "conflict: 5e-srd-5.1:weapons.longsword /properties/damage: set by \
             5e-homebrew-example, 5e-homebrew-rival; 5e-homebrew-rival wins"
        ),
        "{out}"
    );
}

#[test]
fn read_character_evaluates_the_lamplighter_under_hard_frost() {
    // Wick 3, its modifier `abilities.wick - 2` = 1; lantern glow `3 + abilities.wick.mod` = 4,
    // and the steady-flame knack she picked adds 1: 5 (packs/lanternfall/core).
    let out = run("read_character", &[]);
    assert!(
        has_line(&out, "layers: lanternfall-core:hard_frost"),
        "{out}"
    );
    assert!(
        has_line(&out, "lanternfall-core:abilities.wick.mod = 1"),
        "{out}"
    );
    assert!(has_line(&out, "lanternfall-core:lantern_glow = 5"), "{out}");
}

#[test]
fn roll_check_reads_trim_wick_against_the_frost_ladder() {
    // `trim_wick` checks `abilities.wick.mod + settings.flood_level` = 1 + 1 (the setting's
    // default) on the resolution's 2d6: 2d6 + 2. Hard frost's ladder starts at dim, DC 7: a
    // success needs 2d6 >= 5, and 2d6 <= 4 in 1 + 2 + 3 = 6 of 36 ways, so 30/36 = 5/6.
    // Pitch, DC 13: 2d6 >= 11 in 2 + 1 = 3 of 36 ways, 1/12.
    let out = run("roll_check", &[]);
    assert!(
        has_line(&out, "lanternfall-core:trim_wick: 2d6 + 2"),
        "{out}"
    );
    assert!(has_line(&out, "dim (DC 7): success 5/6 (83.3%)"), "{out}");
    assert!(
        has_line(&out, "pitch (DC 13): success 1/12 (8.3%)"),
        "{out}"
    );
}

#[test]
fn translate_sheet_shows_the_fighter_in_spanish() {
    // Strength 15 rolled, +1 from the human's ability score increase (SRD 5.1, Human traits):
    // 16, labelled with the pack's Spanish `field.abilities.str.label`, "Fuerza".
    let out = run("translate_sheet", &[]);
    assert!(
        has_line(&out, "Fuerza (5e-srd-5.1:abilities.str) = 16"),
        "{out}"
    );
    // Modifier: floor((16 - 10) / 2) = 3 (SRD 5.1, Ability Scores and Modifiers).
    assert!(
        has_line(
            &out,
            "Modificador de Fuerza (5e-srd-5.1:abilities.str.mod) = 3"
        ),
        "{out}"
    );
}

#[test]
fn migrate_characters_moves_a_saved_hero_up_without_touching_the_input() {
    // The seed's example (tests/fixtures/migrations 0.2.0): from 0.1.0, `xp` is renamed to
    // `experience` (a copy) and `level` routed by the class's words, "Fighter" to
    // `level_fighter`. The other four steps find nothing of theirs (no origin, no hit-dice pool,
    // no attacks, no old feat), so two steps changed the character.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    let out = dir.path().join("out");
    std::fs::create_dir_all(&input).unwrap();
    let saved = "packs: {demo-heroes: 0.1.0}\nsetup: {packs: {demo-heroes: 0.1.0}}\n\
                 fields: {demo-heroes:name: Tamsin, demo-heroes:class: Fighter, \
                 demo-heroes:xp: 900, demo-heroes:level: 3}\n";
    std::fs::write(input.join("hero.yaml"), saved).unwrap();
    let release = root().join("tests/fixtures/migrations/0.2.0/release.json");
    let stdout = run("migrate_characters", &[&release, &input, &out]);
    assert!(
        has_line(
            &stdout,
            "hero.yaml: migrated (demo-heroes 0.1.0 -> 0.2.0; 2 steps)"
        ),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(input.join("hero.yaml")).unwrap(),
        saved
    );
    let text = std::fs::read_to_string(out.join("hero.yaml")).unwrap();
    let migrated: opencharacter::Character = opencharacter::spec::yaml::from_str(&text).unwrap();
    let field = |id: &str| {
        let id: opencharacter::spec::ids::QualifiedFieldId = id.parse().unwrap();
        migrated.fields.get(&id).cloned()
    };
    assert_eq!(field("demo-heroes:experience"), Some(900.into()));
    assert_eq!(field("demo-heroes:level_fighter"), Some(3.into()));
    assert_eq!(
        migrated.packs[&"demo-heroes"
            .parse::<opencharacter::spec::ids::PackId>()
            .unwrap()]
            .to_string(),
        "0.2.0"
    );
}

#[test]
fn migrate_characters_leaves_the_repositorys_characters_as_saved() {
    // Every character in examples/characters pins its packs at 0.1.0, the version of each pack
    // in packs/: nothing to move up. Written to a temporary folder, never in place.
    let out = run("migrate_characters", &[]);
    for name in [
        "cutter",
        "fighter-3",
        "lamplighter",
        "mothership-teamster",
        "wizard-5",
    ] {
        assert!(has_line(&out, &format!("{name}.yaml: unchanged")), "{out}");
    }
}
