//! A PATH holding several games is a store to pick from (docs/spec/command.md, "Stores"): the
//! packs a character, its game or `--on` names are loaded, with their dependencies, and the
//! command says which; a pack wanted at a version the store lacks is `pack-not-found`, naming
//! the pack and the version. Run on the repository's `packs/`, which holds four games whose
//! packs could not load as one ruleset (two resolutions).

use super::support::run;

#[test]
fn the_packs_a_character_names_are_picked_with_their_dependencies() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("homebrewed.yaml");
    // The homebrew example depends on the SRD (`dependencies: { 5e-srd-5.1: ^0.1.0 }`).
    std::fs::write(&file, "packs: { 5e-homebrew-example: 0.1.0 }\n").unwrap();
    let output = run(&["migrate", file.to_str().unwrap(), "--packs", "packs"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{text}");
    // The character never named the SRD, which loads as a dependency: nothing to migrate.
    assert!(
        text.starts_with("already in the loaded packs' shapes: nothing changed\n"),
        "{text}"
    );
    let json = run(&[
        "sheet",
        file.to_str().unwrap(),
        "--packs",
        "packs",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["packs"],
        serde_json::json!([
            {"id": "5e-srd-5.1", "version": "0.1.0"},
            {"id": "5e-homebrew-example", "version": "0.1.0"}
        ])
    );
    assert_eq!(value["picked"], true);
    let text =
        String::from_utf8(run(&["sheet", file.to_str().unwrap(), "--packs", "packs"]).stdout)
            .unwrap();
    assert!(
        text.starts_with(
            "loaded from the store: 5e-srd-5.1 0.1.0, 5e-homebrew-example 0.1.0\nlayers: none\n"
        ),
        "{text}"
    );
}

#[test]
fn a_pinned_version_the_store_lacks_is_pack_not_found() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pinned.yaml");
    std::fs::write(
        &file,
        "packs: { 5e-srd-5.1: 0.1.0 }\nsetup:\n  packs: { 5e-srd-5.1: 0.2.0 }\n",
    )
    .unwrap();
    let output = run(&["sheet", file.to_str().unwrap(), "--packs", "packs"]);
    assert_eq!(output.status.code(), Some(1));
    // The pin is the character's own setup's.
    let at = format!("  --> {}#/setup/packs/5e-srd-5.1\n", file.display());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!(
            "error[pack-not-found]: `5e-srd-5.1` 0.2.0 is wanted but not among the packs given \
             (0.1.0)\n{at}"
        )
    );
    let spanish = run(&[
        "sheet",
        file.to_str().unwrap(),
        "--packs",
        "packs",
        "--lang",
        "es",
    ]);
    assert_eq!(
        String::from_utf8(spanish.stderr).unwrap(),
        format!(
            "error[pack-not-found]: se busca `5e-srd-5.1` 0.2.0, pero no está entre los paquetes \
             dados (0.1.0)\n{at}"
        )
    );
    // A layer of a pack the store does not hold names the pack, at any version.
    let layers = run(&[
        "layers",
        "packs",
        "--on",
        "gravewatch-1e:long_night",
        "--format",
        "json",
    ]);
    assert_eq!(layers.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_slice(&layers.stdout).unwrap();
    assert_eq!(value["diagnostics"][0]["code"], "pack-not-found");
    assert_eq!(value["diagnostics"][0]["args"]["pack"], "gravewatch-1e");
    assert_eq!(value["diagnostics"][0]["args"]["wanted"], "(any version)");
}
