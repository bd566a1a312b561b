//! The inputs the fuzz targets feed, one function per input kind, each through the library call
//! the command makes for that kind of file (issue 22): pack files through `validate_paths` (what
//! `validate` and `build` call), a saved character through the facade's `read_character_with`
//! (what `sheet` and `migrate` end in), a built `release.json` through `read_release` and
//! `load_ruleset` (`load`), an engine ruleset through `import_ruleset` (`import-ruleset`), a
//! pack index through the installer's parse and checks (`install`).
//!
//! Why one file shared by two drivers: the coverage-guided targets in `fuzz_targets/` run these
//! for minutes on nightly (cargo-fuzz), and the root tests include this same file
//! (`tests/fuzz_standin.rs`, by `#[path]`) to feed mutated seeds through it on every
//! `cargo test`, so what the fuzzers exercise and what CI always checks cannot drift apart. It
//! uses only what the root package's tests can use too (the facade, `serde_json`, `tempfile`).
//!
//! Every function returns what the input came to; none panics on any bytes. What each asserts
//! beyond not panicking: every diagnostic renders in English and in Spanish and as the JSON
//! record `--format json` prints, and an input refused outright says why.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use opencharacter::release::validate::{ValidateOptions, validate_paths};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::spec::standard_text::StandardText;
use opencharacter::{Diagnostic, LoadOptions, load_ruleset};

/// What an input came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Read and checked, with this many diagnostics (zero: accepted as it is).
    Checked(usize),
    /// Refused before any check, with the reason the command would print.
    Refused(String),
}

/// The repository's root: the folder above `fuzz/` holding `packs/`, found from this crate's or
/// the root package's manifest folder (both include this file).
pub fn repository() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|folder| folder.join("packs/lanternfall/core/pack.yaml").is_file())
        .unwrap_or(here)
        .to_path_buf()
}

/// One kind of pack file, and where in which small pack the fuzzed bytes are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackFile {
    /// `pack.yaml` of the Lanternfall core pack.
    Manifest,
    /// A rules file of the Lanternfall core pack (`rules/world.yaml`, replaced).
    Rules,
    /// A content file of the Lanternfall core pack, at the path its own `id:` line gives (so a
    /// seed from any pack is read as that item, not refused for its path).
    Content,
    /// The Lanternfall core pack's English text (`i18n/en.yaml`, replaced).
    I18n,
    /// The upgrade script of a small pack at 0.2.0 (`upgrades/0.1.0-to-0.2.0.yaml`, replaced).
    Upgrade,
}

impl PackFile {
    /// The pack the bytes go into, relative to the repository, as `<game>/<pack>` under it.
    fn base(self) -> &'static str {
        match self {
            PackFile::Upgrade => "tests/fixtures/invalid/upgrade-target-unknown",
            _ => "packs/lanternfall",
        }
    }

    fn pack_folder(self) -> &'static str {
        match self {
            PackFile::Upgrade => "demo/core",
            _ => "core",
        }
    }

    /// Where in the pack folder the bytes are written.
    fn target(self, data: &[u8]) -> String {
        match self {
            PackFile::Manifest => "pack.yaml".to_owned(),
            PackFile::Rules => "rules/world.yaml".to_owned(),
            PackFile::I18n => "i18n/en.yaml".to_owned(),
            PackFile::Upgrade => "upgrades/0.1.0-to-0.2.0.yaml".to_owned(),
            PackFile::Content => content_path(data),
        }
    }
}

/// `content/<a>/<b>.yaml` for a file whose `id:` line says `a.b` (the layout's rule), else a
/// file of the pack's own `kit` type.
fn content_path(data: &[u8]) -> String {
    let fallback = "content/kit/fuzzed.yaml".to_owned();
    let Ok(text) = std::str::from_utf8(data) else {
        return fallback;
    };
    let Some(id) = text
        .lines()
        .find_map(|line| line.strip_prefix("id:"))
        .map(|id| id.trim().trim_matches(['\'', '"']))
    else {
        return fallback;
    };
    let segments: Vec<&str> = id.split('.').collect();
    let plain = |s: &&str| {
        !s.is_empty()
            && s.len() <= 64
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    if segments.len() < 2 || segments.len() > 4 || !segments.iter().all(plain) {
        return fallback;
    }
    format!("content/{}.yaml", segments.join("/"))
}

/// A copy of a small pack tree that one thread writes fuzzed files into, put back after each run.
struct Scratch {
    /// Holds the folder until the thread ends.
    _dir: tempfile::TempDir,
    /// `<dir>/<game>`: what `validate` is given.
    tree: PathBuf,
}

thread_local! {
    static SCRATCH: RefCell<Vec<(PackFile, Scratch)>> = const { RefCell::new(Vec::new()) };
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        // A pack's build output and npm's folder are no source of the pack.
        if name == "dist" || name == "node_modules" {
            continue;
        }
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_tree(&entry.path(), &to.join(&name))?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), to.join(&name))?;
        }
    }
    Ok(())
}

fn new_scratch(kind: PackFile) -> Scratch {
    let dir = tempfile::tempdir().expect("a temporary folder for the scratch pack");
    let game = Path::new(kind.base())
        .file_name()
        .expect("the base has a name");
    let tree = dir.path().join(game);
    copy_tree(&repository().join(kind.base()), &tree).expect("the base pack copies");
    Scratch { _dir: dir, tree }
}

/// Writes `data` as one file of a small pack, validates the pack as `validate` does, and puts
/// the pack back as it was.
pub fn pack_file(kind: PackFile, data: &[u8]) -> Outcome {
    SCRATCH.with(|cell| {
        let mut scratches = cell.borrow_mut();
        let at = match scratches.iter().position(|(k, _)| *k == kind) {
            Some(at) => at,
            None => {
                scratches.push((kind, new_scratch(kind)));
                scratches.len() - 1
            }
        };
        let scratch = &scratches[at].1;
        let pack = scratch.tree.join(kind.pack_folder());
        let file = pack.join(kind.target(data));
        let original = std::fs::read(&file).ok();
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).expect("the scratch pack's folder");
        }
        std::fs::write(&file, data).expect("the scratch pack is writable");
        let outcome = match validate_paths(
            std::slice::from_ref(&scratch.tree),
            &[],
            &ValidateOptions::default(),
        ) {
            Ok(validation) => {
                let diagnostics: Vec<&Diagnostic> = validation.reading.all_diagnostics().collect();
                render(diagnostics.iter().copied());
                Outcome::Checked(diagnostics.len())
            }
            Err(error) => refused(error.to_string()),
        };
        match original {
            Some(bytes) => std::fs::write(&file, bytes).expect("the scratch pack is restored"),
            None => std::fs::remove_file(&file).expect("the fuzzed file is removed"),
        }
        outcome
    })
}

/// The game the character target reads against: the character fixtures' packs, validated and
/// loaded once (`tests/fixtures/characters/_pack`, as `tests/character_fixtures.rs` uses).
fn character_ruleset() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        let validation = validate_paths(
            &[repository().join("tests/fixtures/characters/_pack")],
            &[],
            &ValidateOptions {
                keep_rulesets: true,
                ..ValidateOptions::default()
            },
        )
        .expect("the character fixtures' packs read");
        validation
            .rulesets
            .into_iter()
            .flatten()
            .max_by_key(|ruleset| ruleset.packs.len())
            .expect("the character fixtures' packs load")
    })
}

/// Reads a saved character (YAML, as `sheet` reads `hero.yaml`) as an app does: the packs it was
/// saved with checked against those loaded, then migrated, evaluated and its rules issues found.
pub fn character(data: &[u8]) -> Outcome {
    let Ok(text) = std::str::from_utf8(data) else {
        return refused("not UTF-8".to_owned());
    };
    let character: Character = match opencharacter::spec::yaml::from_str(text) {
        Ok(character) => character,
        Err(error) => return refused(error.to_string()),
    };
    let ruleset = character_ruleset();
    let packs = opencharacter::check_character_packs(ruleset, &character);
    let read = opencharacter::read_character(ruleset, character);
    render(packs.iter().chain(&read.issues));
    // The sheet an app shows and saves: it serializes.
    serde_json::to_string(&read.sheet).expect("a sheet serializes");
    Outcome::Checked(packs.len() + read.issues.len())
}

/// Reads a built `release.json` as `load` does (the bounded reader, then the model) and loads it.
pub fn release_json(data: &[u8]) -> Outcome {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("release.json");
    std::fs::write(&path, data).expect("a temporary file");
    let release = match opencharacter::release::packs::read_release(&path) {
        Ok(release) => release,
        Err(error) => return refused(error.to_string()),
    };
    let (_ruleset, diagnostics) = load_ruleset([&release], &LoadOptions::default());
    let layers = opencharacter::layers::check_release(&release);
    let upgrades = opencharacter::migrate::check_upgrades(&release);
    render(diagnostics.iter().chain(&layers).chain(&upgrades));
    Outcome::Checked(diagnostics.len() + layers.len() + upgrades.len())
}

/// Imports one of the Marinara engine's JSON rulesets as `import-ruleset` does.
pub fn ruleset_json(data: &[u8]) -> Outcome {
    let value: serde_json::Value = match serde_json::from_slice(data) {
        Ok(value) => value,
        Err(error) => return refused(error.to_string()),
    };
    let options = opencharacter::ruleset_json::ImportOptions {
        source_bytes: Some(data.len() as u64),
        ..Default::default()
    };
    let import = opencharacter::ruleset_json::import_ruleset(&value, &options);
    render(import.diagnostics.iter());
    let _ = import.report_text();
    Outcome::Checked(import.diagnostics.len())
}

/// Parses a pack index as the installer does after fetching it, checks it and looks a pack up.
#[cfg(feature = "install")]
pub fn pack_index(data: &[u8]) -> Outcome {
    use opencharacter::i18n::index::PackIndex;
    let index: PackIndex = match serde_json::from_slice(data) {
        Ok(index) => index,
        Err(error) => return refused(error.to_string()),
    };
    let problems = index.check(false);
    let (kept, refused_entries) = index.without_refused(false);
    render(problems.iter().chain(&refused_entries));
    for release in &index.releases {
        let found = index.find(&release.id, None, false);
        // Whatever `find` offers, the publisher's copy of the index keeps.
        if let Some(found) = found {
            assert!(
                kept.find_exact(&found.id, &found.version, false).is_some(),
                "the installer would take {} {}, which the index without refusals drops",
                found.id,
                found.version
            );
        }
    }
    Outcome::Checked(problems.len())
}

fn refused(reason: String) -> Outcome {
    assert!(!reason.trim().is_empty(), "a refusal says why");
    Outcome::Refused(reason)
}

/// Renders every diagnostic as the command would: English, Spanish, and the JSON record.
fn render<'a>(diagnostics: impl Iterator<Item = &'a Diagnostic>) {
    let spanish = StandardText::bundled("es").expect("the Spanish standard text is bundled");
    for diagnostic in diagnostics {
        assert!(
            !diagnostic.message().is_empty(),
            "{} has a message",
            diagnostic.code.name
        );
        assert!(
            !diagnostic.message_in(spanish).is_empty(),
            "{} has a Spanish message",
            diagnostic.code.name
        );
        let _ = diagnostic.to_json(StandardText::english());
    }
}
