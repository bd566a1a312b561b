//! The one way the command turns `--packs PATH...` into a loaded ruleset, for every verb that
//! loads packs (`load`, `sheet`, `layers`, `migrate`, `economy`).
//!
//! Why one helper: each verb used to read, order and load packs on its own, and they drifted
//! (one read a built release where another read the sources). Here:
//!
//! - A pack folder is read from its sources; its `dist/release.json` only with `--built` (then
//!   a release older than its sources is a `release-older-than-sources` warning), or when the
//!   PATH names the file (the release crate's `releases_at_with`).
//! - A PATH that is a folder searched for packs (`packs/`, a store of several games) is a store
//!   to pick from when something names the packs wanted: a character's `packs`, a game's pins,
//!   the packs of the layers `--on` names. The packs wanted are loaded with their dependencies,
//!   the rest of the store is left alone; a pinned pack absent or at another version, or a
//!   layer's pack absent, is `pack-not-found`. A pack folder or release named directly is always
//!   loaded.
//! - The packs load in an order that satisfies their dependencies, keeping the order given
//!   where it can; each diagnostic without a file is given the file its pack came from.

use std::path::{Path, PathBuf};

use opencharacter::release::packs::{PackAt, Prefer, releases_at_with};
use opencharacter::release::source::ReadLimits;
use opencharacter::resolve::suggest_load_order;
use opencharacter::spec::diagnostic::codes;
use opencharacter::spec::ids::PackId;
use opencharacter::spec::model::Ruleset;
use opencharacter::spec::model::formulas::escape_segment;
use opencharacter::{Diagnostic, LoadOptions, load_ruleset};
use semver::Version;

/// The options every verb that loads packs takes.
#[derive(Debug, Clone, clap::Args)]
pub struct PackPaths {
    /// The packs: pack folders (read from their sources), folders of packs (a store to pick the
    /// wanted packs from), or `release.json` files.
    #[arg(long = "packs", required = true, num_args = 1.., value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Read each pack folder's built `dist/release.json` instead of its sources (a warning
    /// when a source file is newer than the build).
    #[arg(long)]
    pub built: bool,
}

/// A pack wanted by name, and at which version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Want {
    /// Exactly this version (a game's pin).
    Pinned(Version),
    /// The version a character was saved with: any version loads (an older one is
    /// `character-pack-newer`, an absent one `character-pack-not-loaded`, both warnings the
    /// caller reports).
    Saved(Version),
    /// Any version (the pack of a layer `--on` names).
    Any,
}

/// Packs loaded for a verb.
pub struct Opened {
    /// The loaded ruleset (no layers applied).
    pub ruleset: Ruleset,
    /// The packs loaded, in load order.
    pub packs: Vec<PackAt>,
    /// What reading, picking and loading found, each located at its pack's file where it has
    /// no file of its own.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the packs were picked from a store (then the verb says which it loaded).
    pub picked: bool,
}

/// Reads, picks and loads the packs at `paths`.
///
/// # Errors
/// A path that cannot be read (a usage or I/O failure, exit 2).
pub fn open(args: &PackPaths, wanted: &[(PackId, Want)]) -> Result<Opened, String> {
    open_paths(&args.paths, args.built, wanted)
}

/// [`open`] on paths given otherwise (the verbs whose PATHs are positional).
///
/// # Errors
/// A path that cannot be read (a usage or I/O failure, exit 2).
pub fn open_paths(
    paths: &[PathBuf],
    built: bool,
    wanted: &[(PackId, Want)],
) -> Result<Opened, String> {
    let prefer = if built {
        Prefer::Built
    } else {
        Prefer::Sources
    };
    let found = releases_at_with(paths, &ReadLimits::default(), prefer)
        .map_err(|error| error.to_string())?;
    let mut diagnostics = Vec::new();
    let (packs, picked) = pick(found.packs, paths, wanted, &mut diagnostics);
    let ids: Vec<&PackId> = packs.iter().map(|p| &p.release.manifest.id).collect();
    // A store's other packs were validated too; only what concerns the packs loaded is said.
    diagnostics.splice(
        0..0,
        found
            .diagnostics
            .into_iter()
            .filter(|d| !picked || d.pack.as_ref().is_none_or(|pack| ids.contains(&pack))),
    );
    let packs = in_load_order(packs);
    let (ruleset, loading) =
        load_ruleset(packs.iter().map(|p| &p.release), &LoadOptions::default());
    diagnostics.extend(loading);
    let diagnostics = diagnostics.into_iter().map(|d| locate(d, &packs)).collect();
    Ok(Opened {
        ruleset,
        packs,
        diagnostics,
        picked,
    })
}

/// Whether `pack` was found by searching a folder given (so it is in a store), not named.
fn searched(pack: &PackAt, paths: &[PathBuf]) -> bool {
    !paths
        .iter()
        .any(|path| pack.origin == *path || pack.origin == path.join("dist").join("release.json"))
}

/// Keeps the packs named directly, and of those found in a store the wanted ones with their
/// dependencies. Nothing is picked when nothing is wanted.
fn pick(
    found: Vec<PackAt>,
    paths: &[PathBuf],
    wanted: &[(PackId, Want)],
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<PackAt>, bool) {
    if wanted.is_empty() || !found.iter().any(|pack| searched(pack, paths)) {
        return (found, false);
    }
    let mut keep: Vec<PackId> = found
        .iter()
        .filter(|pack| !searched(pack, paths))
        .map(|pack| pack.release.manifest.id.clone())
        .collect();
    for (id, want) in wanted {
        let release = found.iter().find(|p| p.release.manifest.id == *id);
        let refused = match (want, release) {
            (Want::Pinned(version), Some(pack)) => pack.release.manifest.version != *version,
            (Want::Pinned(_) | Want::Any, None) => true,
            _ => false,
        };
        if refused {
            let shown = match want {
                Want::Pinned(version) | Want::Saved(version) => version.to_string(),
                Want::Any => "(any version)".to_owned(),
            };
            let found_text = release.map_or_else(
                || "absent".to_owned(),
                |pack| pack.release.manifest.version.to_string(),
            );
            diagnostics.push(
                Diagnostic::new(&codes::PACK_NOT_FOUND)
                    .with_arg("pack", id)
                    .with_arg("wanted", shown)
                    .with_arg("found", found_text)
                    .with_pointer(format!("/packs/{}", escape_segment(id.as_str()))),
            );
        } else if release.is_some() && !keep.contains(id) {
            keep.push(id.clone());
        }
    }
    // Dependencies, transitively (IDs absent from the store are the loader's to report).
    let mut at = 0;
    while at < keep.len() {
        let dependencies: Vec<PackId> = found
            .iter()
            .find(|p| p.release.manifest.id == keep[at])
            .map(|p| p.release.manifest.dependencies.keys().cloned().collect())
            .unwrap_or_default();
        for dependency in dependencies {
            if !keep.contains(&dependency)
                && found.iter().any(|p| p.release.manifest.id == dependency)
            {
                keep.push(dependency);
            }
        }
        at += 1;
    }
    let packs = found
        .into_iter()
        .filter(|p| keep.contains(&p.release.manifest.id))
        .collect();
    (packs, true)
}

/// A valid load order keeping the given one where it can; as given when there is none (the
/// loader's diagnostics say why).
fn in_load_order(mut packs: Vec<PackAt>) -> Vec<PackAt> {
    let order: Option<Vec<PackId>> = suggest_load_order(packs.iter().map(|p| &p.release.manifest))
        .ok()
        .map(|order| order.into_iter().map(|m| m.id.clone()).collect());
    if let Some(order) = order {
        packs.sort_by_key(|p| order.iter().position(|id| *id == p.release.manifest.id));
    }
    packs
}

/// Gives a diagnostic of a pack the file its pack came from: a source pack's own file joined to
/// its folder, else the pack's folder or `release.json`.
fn locate(diagnostic: Diagnostic, packs: &[PackAt]) -> Diagnostic {
    let Some(pack) = diagnostic
        .pack
        .as_ref()
        .and_then(|id| packs.iter().find(|p| p.release.manifest.id == *id))
    else {
        return diagnostic;
    };
    match diagnostic.location.file.clone() {
        Some(file) if pack.validated && !Path::new(&file).is_absolute() => {
            diagnostic.with_file(pack.origin.join(file).display().to_string())
        }
        Some(_) => diagnostic,
        None => diagnostic.with_file(pack.origin.display().to_string()),
    }
}

/// The line a verb prints when it picked packs from a store: which it loaded.
pub fn picked_line(opened: &Opened) -> Option<String> {
    opened.picked.then(|| {
        let packs: Vec<String> = opened
            .packs
            .iter()
            .map(|p| format!("{} {}", p.release.manifest.id, p.release.manifest.version))
            .collect();
        crate::output::say("loaded", &[("packs", &packs.join(", "))])
    })
}
