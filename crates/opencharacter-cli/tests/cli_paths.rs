//! How every verb reads a PATH (docs/spec/command.md, "Pack paths"): a pack folder from its
//! sources, so an edit shows at once; its built `dist/release.json` only with `--built` (or
//! when the path names it), and then a build older than a source file is the warning
//! `release-older-than-sources`. A lone pack folder keeps its own ID; inside a tree of packs
//! (`packs/<game>/<pack>/`, or any folder searched for packs) the ID is `<game>-<pack>`.
//!
//! The numbers: Lanternfall's `light_reach` is `lantern_glow * 2`, and `lantern_glow` is
//! `3 + abilities.wick.mod`, the wick 2 by default and its modifier `wick - 2` = 0
//! (`rules/character.yaml`): a glow of 3, a reach of 6; with the formula edited to `4 + …`, a
//! glow of 4 and a reach of 8.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::support::{root, run_in as run, stdout};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            if entry.file_name() != "dist" {
                copy_dir(&entry.path(), &target);
            }
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A copy of Lanternfall's core pack at `<dir>/packs/lanternfall/core`, built, and a character.
fn built_copy(dir: &Path) -> PathBuf {
    let pack = dir.join("packs/lanternfall/core");
    copy_dir(&root().join("packs/lanternfall/core"), &pack);
    let built = run(dir, &["build", "packs/lanternfall/core"]);
    assert_eq!(built.status.code(), Some(0), "{built:?}");
    assert!(pack.join("dist/release.json").is_file());
    std::fs::write(
        dir.join("ines.yaml"),
        "packs: { lanternfall-core: 0.1.0 }\n",
    )
    .unwrap();
    pack
}

/// Edits the glow's formula to `4 + …`, dated after the build (as an author's edit is).
fn edit_glow(pack: &Path) {
    let file = pack.join("rules/character.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let edited = text.replace(
        "formula: 3 + abilities.wick.mod",
        "formula: 4 + abilities.wick.mod",
    );
    assert_ne!(
        edited, text,
        "the glow's formula is not where the test expects it"
    );
    std::fs::write(&file, edited).unwrap();
    let built = std::fs::metadata(pack.join("dist/release.json"))
        .unwrap()
        .modified()
        .unwrap();
    let later = built.max(SystemTime::now()) + Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(later)
        .unwrap();
}

#[test]
fn a_pack_folder_reads_its_sources_and_built_reads_dist_with_a_warning_when_stale() {
    let dir = tempfile::tempdir().unwrap();
    let pack = built_copy(dir.path());
    edit_glow(&pack);
    let sources = stdout(&run(
        dir.path(),
        &["sheet", "ines.yaml", "--packs", "packs/lanternfall/core"],
    ));
    assert!(
        sources.contains("  Lantern glow (lanternfall-core:lantern_glow) = 4\n"),
        "{sources}"
    );
    assert!(
        sources.contains("  Reach of the light (lanternfall-core:light_reach): 8\n"),
        "{sources}"
    );

    let built = run(
        dir.path(),
        &[
            "sheet",
            "ines.yaml",
            "--packs",
            "packs/lanternfall/core",
            "--built",
        ],
    );
    let text = stdout(&built);
    assert_eq!(built.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with(
            "layers: none\nwarning[release-older-than-sources]: the release \
             `packs/lanternfall/core/dist/release.json` of `lanternfall-core` is older than a \
             file of its sources; it is read as built: build the pack again, or drop `--built` \
             to read the sources\n  --> packs/lanternfall/core/dist/release.json\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("  Reach of the light (lanternfall-core:light_reach): 6\n"),
        "{text}"
    );
    // Naming the release reads it, whatever the sources say.
    let named = stdout(&run(
        dir.path(),
        &[
            "sheet",
            "ines.yaml",
            "--packs",
            "packs/lanternfall/core/dist/release.json",
        ],
    ));
    assert!(
        named.contains("  Reach of the light (lanternfall-core:light_reach): 6\n"),
        "{named}"
    );
    // Every verb the same way: `load` and `layers` read the sources too, and warn with --built.
    let load = stdout(&run(
        dir.path(),
        &[
            "load",
            "packs/lanternfall/core",
            "--built",
            "--lang",
            "es",
            "--format",
            "json",
        ],
    ));
    let value: serde_json::Value = serde_json::from_str(&load).unwrap();
    assert_eq!(
        value["diagnostics"][0]["code"],
        "release-older-than-sources"
    );
    assert_eq!(
        value["diagnostics"][0]["message"],
        "la publicación `packs/lanternfall/core/dist/release.json` de `lanternfall-core` es más \
         antigua que un archivo de sus fuentes; se lee tal como se construyó: vuelve a construir \
         el paquete, o quita `--built` para leer las fuentes"
    );
    let load = stdout(&run(dir.path(), &["load", "packs/lanternfall/core"]));
    assert_eq!(
        load,
        "load order:\n  1. lanternfall-core 0.1.0 (CC-BY-4.0)\n     credit: Lanternfall by the \
         OpenCharacter contributors, licensed under CC BY 4.0.\nconflicts: none\n\
         0 errors, 0 warnings in 1 pack\n"
    );
}

#[test]
fn a_lone_pack_folder_keeps_its_own_id_and_a_tree_of_packs_checks_its_folders() {
    let dir = tempfile::tempdir().unwrap();
    // A pack folder named directly, outside any packs/ tree: its own ID.
    copy_dir(
        &root().join("packs/lanternfall/core"),
        &dir.path().join("my-lantern"),
    );
    let lone = run(dir.path(), &["validate", "my-lantern"]);
    assert_eq!(stdout(&lone), "0 errors, 0 warnings in 1 pack\n");
    assert_eq!(lone.status.code(), Some(0));
    // In a folder searched for packs, the folders give the ID.
    copy_dir(
        &root().join("packs/lanternfall/core"),
        &dir.path().join("games/wrong/core"),
    );
    let tree = run(dir.path(), &["validate", "games", "--format", "json"]);
    assert_eq!(tree.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_slice(&tree.stdout).unwrap();
    assert_eq!(value["code"], "pack-id-mismatch");
    assert_eq!(value["args"]["expected"], "wrong-core");
    // Named directly at packs/<game>/<pack>/, the folders give the ID too.
    copy_dir(
        &root().join("packs/lanternfall/core"),
        &dir.path().join("packs/wrong/core"),
    );
    let in_packs = run(
        dir.path(),
        &["validate", "packs/wrong/core", "--lang", "es"],
    );
    assert_eq!(in_packs.status.code(), Some(1));
    assert!(
        stdout(&in_packs).starts_with(
            "error[pack-id-mismatch]: el ID de paquete `lanternfall-core` no coincide con sus \
             carpetas, que dan `wrong-core`\n"
        ),
        "{}",
        stdout(&in_packs)
    );
}
