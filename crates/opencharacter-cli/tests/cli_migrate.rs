//! `opencharacter migrate`, run as the built binary over the migrations fixture
//! (`tests/fixtures/migrations/<version>/release.json`).

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn release(version: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/migrations")
        .join(version)
        .join("release.json")
}

fn migrate(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("migrate")
        .args(args)
        .output()
        .unwrap()
}

const SAVED: &str = "\
# saved with 0.1.0
packs: { demo-heroes: 0.1.0 }
fields:
  demo-heroes:class: Fighter3
  demo-heroes:level: 3
  demo-heroes:xp: 900
live:
  pools: { demo-heroes:hit_dice: 2 }
";

#[test]
fn prints_the_migrated_character_and_each_step_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hero.yaml");
    std::fs::write(&file, SAVED).unwrap();
    let packs = release("0.3.0");
    let output = migrate(&[
        file.as_os_str(),
        "--packs".as_ref(),
        packs.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let fields = &value["character"]["fields"];
    assert_eq!(fields["demo-heroes:exp"], 900);
    assert_eq!(fields["demo-heroes:level_fighter"], 3);
    assert_eq!(
        value["character"]["live"]["pools"]["demo-heroes:hit_dice_d10"],
        2
    );
    assert_eq!(value["report"]["changed"], true);
    let steps: Vec<&str> = value["report"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["rename", "route", "rename", "routeLive"]);
    // Without --in-place the file is left alone.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), SAVED);
}

#[test]
fn in_place_keeps_the_original_beside_the_migrated_file_and_a_second_run_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hero.yaml");
    std::fs::write(&file, SAVED).unwrap();
    let packs = release("0.2.0");
    let args = [
        file.as_os_str(),
        "--packs".as_ref(),
        packs.as_os_str(),
        "--in-place".as_ref(),
    ];
    let output = migrate(&args);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let human = String::from_utf8(output.stdout).unwrap();
    assert!(
        human.contains("copied demo-heroes:xp -> demo-heroes:experience = 900"),
        "{human}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("hero.yaml.orig")).unwrap(),
        SAVED
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(written["packs"]["demo-heroes"], "0.2.0");
    assert_eq!(written["fields"]["demo-heroes:experience"], 900);
    // Only the file, its original and nothing temporary are left in the folder.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["hero.yaml", "hero.yaml.orig"]);

    let again = migrate(&args);
    assert_eq!(again.status.code(), Some(0));
    assert!(
        String::from_utf8(again.stdout)
            .unwrap()
            .contains("nothing changed")
    );
    // Nothing changed, so nothing was written: the original beside it is still the first one.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("hero.yaml.orig")).unwrap(),
        SAVED
    );
}

#[test]
fn a_missing_character_file_is_a_usage_failure() {
    let packs = release("0.2.0");
    let output = migrate(&[
        "no-such-file.yaml".as_ref(),
        "--packs".as_ref(),
        packs.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(2));
}

/// Every entry of a folder, by name: its bytes, or `-> target` for a link.
fn folder_contents(dir: &Path) -> std::collections::BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            let value = if entry.file_type().unwrap().is_symlink() {
                format!("-> {}", std::fs::read_link(entry.path()).unwrap().display())
            } else {
                std::fs::read_to_string(entry.path()).unwrap()
            };
            (name, value)
        })
        .collect()
}

#[test]
fn four_concurrent_in_place_runs_keep_the_true_original() {
    // Issue 22: four runs at once used to leave the migrated character in `.orig` about one run
    // in four. Under the lock, the first run migrates and keeps the original; the others read the
    // migrated file and find nothing to change.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hero.yaml");
    std::fs::write(&file, SAVED).unwrap();
    let packs = release("0.2.0");
    let children: Vec<_> = (0..4)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_opencharacter"))
                .arg("migrate")
                .arg(&file)
                .arg("--packs")
                .arg(&packs)
                .arg("--in-place")
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let contents = folder_contents(dir.path());
    assert_eq!(
        contents.keys().collect::<Vec<_>>(),
        ["hero.yaml", "hero.yaml.orig"]
    );
    assert_eq!(contents["hero.yaml.orig"], SAVED);
    let written: serde_json::Value = serde_json::from_str(&contents["hero.yaml"]).unwrap();
    // The 0.2.0 script renames xp to experience (the fixture's upgrade script).
    assert_eq!(written["packs"]["demo-heroes"], "0.2.0");
    assert_eq!(written["fields"]["demo-heroes:experience"], 900);
}

#[cfg(unix)]
#[test]
fn an_orig_that_is_a_link_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hero.yaml");
    std::fs::write(&file, SAVED).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "precious").unwrap();
    std::os::unix::fs::symlink("notes.txt", dir.path().join("hero.yaml.orig")).unwrap();
    let packs = release("0.2.0");
    let output = migrate(&[
        file.as_os_str(),
        "--packs".as_ref(),
        packs.as_os_str(),
        "--in-place".as_ref(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("hero.yaml.orig"),
        "{output:?}"
    );
    // Nothing was written: the character, the link and the file it points to are as they were.
    let contents = folder_contents(dir.path());
    assert_eq!(contents["hero.yaml"], SAVED);
    assert_eq!(contents["hero.yaml.orig"], "-> notes.txt");
    assert_eq!(contents["notes.txt"], "precious");
    assert_eq!(contents.len(), 3);
}

#[cfg(unix)]
#[test]
fn a_linked_character_is_migrated_at_its_target_with_its_mode() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    std::fs::create_dir(&saves).unwrap();
    let real = saves.join("hero.yaml");
    std::fs::write(&real, SAVED).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.path().join("hero.yaml");
    std::os::unix::fs::symlink("saves/hero.yaml", &link).unwrap();
    let packs = release("0.2.0");
    let output = migrate(&[
        link.as_os_str(),
        "--packs".as_ref(),
        packs.as_os_str(),
        "--in-place".as_ref(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        std::fs::read_link(&link).unwrap(),
        Path::new("saves/hero.yaml")
    );
    let contents = folder_contents(&saves);
    assert_eq!(contents["hero.yaml.orig"], SAVED);
    let written: serde_json::Value = serde_json::from_str(&contents["hero.yaml"]).unwrap();
    assert_eq!(written["fields"]["demo-heroes:experience"], 900);
    assert_eq!(contents.len(), 2);
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

/// characters.md, "Reading a character": a character saved with a newer version of a pack than
/// the one loaded is read as it is (no script runs backwards), and a pack it names that is not
/// loaded leaves its values unknown; `migrate` says both, one line each, instead of "nothing
/// changed" alone.
#[test]
fn a_newer_saved_version_and_a_pack_not_loaded_are_said() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("newer.yaml");
    std::fs::write(
        &file,
        "packs: { demo-heroes: 0.4.0, demo-extras: 0.1.0 }\nfields:\n  demo-heroes:exp: 900\n",
    )
    .unwrap();
    let packs = release("0.3.0");
    let output = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("migrate")
        .arg(&file)
        .arg("--packs")
        .arg(&packs)
        .current_dir(dir.path())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let shown = file.display();
    assert!(
        String::from_utf8(output.stdout).unwrap().starts_with(&format!(
            "issue[character-pack-older]: the character was saved with `demo-heroes` 0.4.0, but \
             0.3.0 is loaded\n  --> {shown}#/packs/demo-heroes\n\
             issue[character-pack-not-loaded]: the character uses `demo-extras` 0.1.0, which is \
             not loaded\n  --> {shown}#/packs/demo-extras\nnothing changed\n"
        ))
    );
    let json = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("migrate")
        .arg(&file)
        .args(["--packs".as_ref(), packs.as_os_str()])
        .args(["--lang", "es", "--format", "json"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["report"]["changed"], false);
    let codes: Vec<&str> = value["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["character-pack-older", "character-pack-not-loaded"]);
    assert_eq!(
        value["diagnostics"][0]["message"],
        "el personaje se guardó con `demo-heroes` 0.4.0, pero está cargada la 0.3.0"
    );
}
