//! The release fixtures: `tests/fixtures/releases-invalid/<code>/` holds built releases
//! (`<pack>.release.json`, the format of `docs/spec/releases.md`, written by hand) that trigger
//! `<code>`: what only a release or a game can hold, never a source pack (the builder writes the
//! formula table itself, names upgrade scripts by their versions, writes each content item in one
//! form and suggests a valid load order).
//!
//! `expected.json` lists every diagnostic the run gives: `code`, `pack`, `pointer` (into the
//! release, or into the game setup for the game's own codes) and `severity`; the lists must match
//! exactly. It may also give:
//! - `order`: the load order, by pack ID (as `opencharacter load --order` takes it); without it,
//!   the releases load in the order of their file names;
//! - `game`: a game setup file (`packs`, `layers`): the releases are opened as that game
//!   (`layers::game::open_game`) instead of loaded in an order;
//! - `next`: a second setup, checked as a change of the game's (`check_setup_change`).
//!
//! Every release also gets its own checks, those validation runs on a pack: its upgrade scripts
//! (`migrate::check_upgrades`) and its layers (`layers::check_release`).
//! `OPENCHARACTER_BLESS=1 cargo test --test release_fixtures` rewrites the `diagnostics` of every
//! `expected.json`; read the diff before committing it.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};

use opencharacter::layers::game::{check_setup_change, open_game};
use opencharacter::spec::model::{GameSetup, PackRelease};
use opencharacter::{Diagnostic, LoadOptions, load_ruleset};
use serde_json::{Value, json};

fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/releases-invalid")
}

fn fixture_names() -> Vec<String> {
    crate::fixture_harness::fixture_names(&fixtures_root())
}

/// The fixture's releases, by file name.
fn releases(folder: &Path) -> Vec<PackRelease> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".release.json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no release", folder.display());
    files
        .iter()
        .map(|file| {
            serde_json::from_str(&std::fs::read_to_string(file).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        })
        .collect()
}

fn setup(folder: &Path, file: &Value) -> Option<GameSetup> {
    let file = file.as_str()?;
    let text = std::fs::read_to_string(folder.join(file)).unwrap();
    Some(opencharacter::spec::yaml::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}")))
}

/// Everything the fixture's run gives.
fn diagnose(folder: &Path, expected: &Value) -> Vec<Diagnostic> {
    let mut releases = releases(folder);
    if let Some(order) = expected["order"].as_array() {
        let position = |release: &PackRelease| {
            order
                .iter()
                .position(|id| id.as_str() == Some(release.manifest.id.as_str()))
                .unwrap_or_else(|| panic!("`order` lacks {}", release.manifest.id))
        };
        releases.sort_by_key(position);
    }
    let mut out = Vec::new();
    for release in &releases {
        out.extend(opencharacter::migrate::check_upgrades(release));
        out.extend(opencharacter::layers::check_release(release));
    }
    match setup(folder, &expected["game"]) {
        Some(game) => {
            out.extend(open_game(&game, &releases).diagnostics);
            if let Some(next) = setup(folder, &expected["next"]) {
                out.extend(check_setup_change(&game, &next));
            }
        }
        None => out.extend(load_ruleset(&releases, &LoadOptions::default()).1),
    }
    out
}

fn run_fixture(name: &str, expected: &Value) -> Vec<Value> {
    diagnose(&fixtures_root().join(name), expected)
        .iter()
        .map(|d| {
            json!({
                "code": d.code.name,
                "pack": d.pack.as_ref().map(|p| p.as_str()),
                "pointer": d.location.pointer,
                "severity": d.severity.to_string(),
            })
        })
        .collect()
}

#[test]
fn every_release_fixture_gives_exactly_its_expected_diagnostics() {
    crate::fixture_harness::check_every_fixture(&fixtures_root(), run_fixture);
}

/// The releases the fixtures start from are sound: each fixture folder's releases, loaded in the
/// order suggested for them, with none of the fixture's own twists (its order, its game), give
/// nothing but the fixture's own code.
#[test]
fn the_fixtures_releases_fail_only_for_their_own_code() {
    for name in fixture_names() {
        let folder = fixtures_root().join(&name);
        let releases = releases(&folder);
        let manifests = opencharacter::resolve::suggest_load_order(
            releases.iter().map(|release| &release.manifest),
        )
        .unwrap();
        let ordered: Vec<&PackRelease> = manifests
            .iter()
            .map(|m| releases.iter().find(|r| r.manifest.id == m.id).unwrap())
            .collect();
        let mut found: Vec<&str> = load_ruleset(ordered, &LoadOptions::default())
            .1
            .iter()
            .map(|d| d.code.name)
            .collect();
        for release in &releases {
            found.extend(
                opencharacter::migrate::check_upgrades(release)
                    .iter()
                    .map(|d| d.code.name),
            );
        }
        assert!(found.iter().all(|code| *code == name), "{name}: {found:?}");
    }
}
