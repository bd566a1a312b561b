//! Building releases: validate packs ([`crate::validate`]), then write what each valid pack
//! becomes, in dependency order, each folder atomically.
//!
//! | written | what |
//! | --- | --- |
//! | `<pack>/dist/` | the package `@opencharacter/<pack-id>`: `package.json`, `README.md`, `LICENSE.md`, `release.json`, `index.{js,cjs,d.ts,d.cts}`, `types.d.cts`, `model.d.cts`, `i18n/<default>.{json,js,cjs,d.ts,d.cts}` |
//! | `<pack>/i18n-package/dist/` | the package `@opencharacter/<pack-id>-i18n`: every other language as `<lang>.{json,js,cjs,d.ts,d.cts}`, `README.md`, `LICENSE.md`, and `package.json` from the authored `i18n-package/package.json` |
//! | `<out>/packs/` | the package `@opencharacter/packs`: every release by pack ID, and `i18n/<lang>.*`, each pack's default-language text by pack ID, re-exported from the packs' packages |
//! | `<out>/spec/` | the package `@opencharacter/spec`: the spec's standard text, `i18n/<lang>.{json,js,cjs,d.ts,d.cts}` |
//!
//! Every folder is an npm package that publishes as it is ([`npm`]: the license field, conditions
//! for `import` and `require`; [`readme`]: `README.md` and `LICENSE.md`; [`pack_types`]: a
//! pack's own TypeScript types).
//!
//! `<out>` is [`BuildOptions::out`], by default `dist/` inside the first PATH that is a folder
//! of packs (`packs/dist/`); a build of single pack folders writes no aggregate without it.
//! A pack with an error writes nothing (its last good `dist/` stays); the aggregate and the
//! spec's text are written only when the whole build has no error.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use opencharacter_release::build::{BuildOptions, build_paths};
//!
//! let dir = tempfile::tempdir()?;
//! let pack = dir.path().join("demo").join("core");
//! std::fs::create_dir_all(pack.join("i18n"))?;
//! std::fs::write(
//!     pack.join("pack.yaml"),
//!     "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
//! )?;
//! std::fs::write(pack.join("i18n/en.yaml"), "_meta: { language: en, direction: ltr }\npack:\n  name: Demo\n")?;
//!
//! let build = build_paths(&[dir.path().to_owned()], &[], &BuildOptions::default())?;
//! assert!(!build.has_errors(), "{:?}", build.validation.reading.packs[0].diagnostics);
//! let release = std::fs::read_to_string(pack.join("dist/release.json"))?;
//! assert!(release.contains("\"pack.name\": \"Demo\""));
//! assert!(dir.path().join("dist/packs/index.js").is_file());
//! assert!(dir.path().join("dist/spec/i18n/en.js").is_file());
//! # Ok(())
//! # }
//! ```

pub mod npm;
pub mod pack_types;
pub mod readme;
pub mod render;
pub mod typescript;
pub mod write;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use opencharacter_resolve::suggest_load_order;
use opencharacter_spec::diagnostic::{Diagnostic, Phrase, codes, reasons};
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::i18n::{Direction, TextMeta};
use opencharacter_spec::model::{Manifest, PackRelease};
use serde_json::{Map, Value};

use crate::assemble::AssembledPack;
use crate::source::{PackSource, ReadError};
use crate::validate::{ValidateOptions, Validation, validate_paths};

/// How to build.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// How to validate (limits, checks).
    pub validate: ValidateOptions,
    /// Where the aggregate (`packs/`) and the spec's text (`spec/`) go; `None`: `dist/` inside
    /// the first PATH that is a folder of packs, else nowhere.
    pub out: Option<PathBuf>,
}

/// One pack written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltPack {
    /// Its index in `validation.reading.packs`.
    pub index: usize,
    /// Its `dist/` folder.
    pub dist: PathBuf,
    /// Its `i18n-package/dist/` folder, when it has languages beyond its default.
    pub i18n_package: Option<PathBuf>,
}

/// What a build did.
#[derive(Debug, Clone)]
pub struct Build {
    /// Every pack read, with every diagnostic (validation's and the build's own).
    pub validation: Validation,
    /// The packs written, in the order built (dependencies first).
    pub built: Vec<BuiltPack>,
    /// The aggregate and spec text folders written (`<out>/packs`, `<out>/spec`).
    pub shared: Vec<PathBuf>,
    /// Whether writing a file failed (an I/O failure, reported as `build-write-failed`).
    pub write_failed: bool,
}

impl Build {
    /// Whether any pack, or anything outside one, has an error.
    pub fn has_errors(&self) -> bool {
        self.validation.reading.has_errors()
    }
}

/// Validates every pack under `paths` (resolving against `with`), then writes each one without
/// errors, the aggregate and the spec's text.
///
/// # Errors
/// When a path cannot be read at all (as [`validate_paths`]); problems of packs and failed
/// writes are diagnostics.
pub fn build_paths(
    paths: &[PathBuf],
    with: &[PathBuf],
    options: &BuildOptions,
) -> Result<Build, ReadError> {
    let validation = validate_paths(paths, with, &options.validate)?;
    let out = options.out.clone().or_else(|| default_out(paths));
    Ok(build_validated(validation, out.as_deref()))
}

/// `dist/` in the first PATH that is a folder but not a pack folder.
fn default_out(paths: &[PathBuf]) -> Option<PathBuf> {
    paths
        .iter()
        .find(|path| path.is_dir() && !path.join("pack.yaml").is_file())
        .map(|path| path.join("dist"))
}

/// Writes what validated packs become (see the module's table); `out` as
/// [`BuildOptions::out`], already defaulted.
pub fn build_validated(mut validation: Validation, out: Option<&Path>) -> Build {
    let mut built = Vec::new();
    let mut write_failed = false;
    let order = build_order(&validation);
    let by_id = positions_by_id(&validation.assembled);
    for index in order {
        // Editors' `$schema`s leave the release here, so serializing it needs no copy.
        if let Some(pack) = &mut validation.assembled[index] {
            render::drop_schemas(&mut pack.release);
        }
        let Some(pack) = &validation.assembled[index] else {
            continue;
        };
        let source = &validation.reading.packs[index];
        // Its problems were reported by validation, which runs this same check.
        let (package, _) = i18n_package(pack, source);
        let languages = other_languages(pack, source);
        let refused = !languages.is_empty() && package.is_none();
        let source = &mut validation.reading.packs[index];
        if refused || source.diagnostics.has_errors() {
            continue;
        }
        let dist = source.root.join("dist");
        let mut written = BuiltPack {
            index,
            dist: dist.clone(),
            i18n_package: None,
        };
        let value = render::release_json(&pack.release);
        let context = render::PackContext {
            other_languages: languages.iter().map(|(tag, _)| tag.as_str()).collect(),
            dependencies: dependency_releases(&validation.assembled, &by_id, &pack.release),
        };
        let mut failed = write(
            &dist,
            &render::pack_dist(&pack.release, &value, &context),
            &mut source.diagnostics,
        );
        if let (Some(package), false, false) = (&package, languages.is_empty(), failed) {
            let folder = source.root.join("i18n-package").join("dist");
            let files = render::i18n_package_dist(&pack.release, package, &languages);
            failed = write(&folder, &files, &mut source.diagnostics);
            written.i18n_package = Some(folder);
        }
        if let Some(id) = &source.id {
            for diagnostic in &mut source.diagnostics {
                diagnostic.pack.get_or_insert_with(|| id.clone());
            }
        }
        write_failed |= failed;
        if !failed {
            built.push(written);
        }
    }

    let mut shared = Vec::new();
    if let Some(out) = out
        && !validation.reading.has_errors()
    {
        let releases: Vec<_> = built
            .iter()
            .filter_map(|b| validation.assembled[b.index].as_ref())
            .map(|pack| &pack.release)
            .collect();
        let mut parts = vec![("spec", render::spec_text())];
        if !releases.is_empty() {
            parts.insert(0, ("packs", render::aggregate(&releases)));
        }
        for (name, files) in parts {
            let folder = out.join(name);
            if write(&folder, &files, &mut validation.reading.diagnostics) {
                write_failed = true;
            } else {
                shared.push(folder);
            }
        }
    }
    Build {
        validation,
        built,
        shared,
        write_failed,
    }
}

/// Writes a folder; on failure, adds `build-write-failed` and says so.
fn write(folder: &Path, files: &[render::OutputFile], out: &mut impl Extend<Diagnostic>) -> bool {
    match write::write_folder(folder, files) {
        Ok(()) => false,
        Err(error) => {
            out.extend([Diagnostic::new(&codes::BUILD_WRITE_FAILED)
                .with_arg("path", error.path.display())
                .with_arg("reason", &error.source)]);
            true
        }
    }
}

/// The indexes of the assembled packs, dependencies first (the order found when the packs
/// admit none: validation said why).
fn build_order(validation: &Validation) -> Vec<usize> {
    let assembled: Vec<(usize, &AssembledPack)> = validation
        .assembled
        .iter()
        .enumerate()
        .filter_map(|(index, pack)| pack.as_ref().map(|pack| (index, pack)))
        .collect();
    let found: Vec<usize> = assembled.iter().map(|(index, _)| *index).collect();
    // Each manifest back to its pack by address: one lookup each, not a scan of every pack
    // (10,000 packs would be 100 million comparisons).
    let by_manifest: HashMap<*const Manifest, usize> = assembled
        .iter()
        .map(|(index, pack)| (std::ptr::from_ref(&pack.release.manifest), *index))
        .collect();
    match suggest_load_order(assembled.iter().map(|(_, pack)| &pack.release.manifest)) {
        Ok(order) => order
            .iter()
            .filter_map(|manifest| by_manifest.get(&std::ptr::from_ref(*manifest)).copied())
            .collect(),
        Err(_) => found,
    }
}

/// The position of each assembled pack by ID (the first with each), so that finding a pack's
/// dependencies costs one lookup each, not a scan of every pack.
fn positions_by_id(assembled: &[Option<AssembledPack>]) -> HashMap<PackId, usize> {
    let mut by_id = HashMap::new();
    for (index, pack) in assembled.iter().enumerate() {
        if let Some(pack) = pack {
            by_id
                .entry(pack.release.manifest.id.clone())
                .or_insert(index);
        }
    }
    by_id
}

/// The releases of `release`'s dependencies among the assembled packs, in the manifest's order.
fn dependency_releases<'a>(
    assembled: &'a [Option<AssembledPack>],
    by_id: &HashMap<PackId, usize>,
    release: &PackRelease,
) -> Vec<&'a PackRelease> {
    release
        .manifest
        .dependencies
        .keys()
        .filter_map(|id| {
            let pack = assembled[*by_id.get(id)?].as_ref()?;
            Some(&pack.release)
        })
        .collect()
}

/// Every language but the default, each as its file (`_meta` and every key), by tag.
fn other_languages(pack: &AssembledPack, source: &PackSource) -> Vec<(String, Value)> {
    let default = &pack.release.manifest.default_language;
    let mut out: Vec<(String, Value)> = pack
        .languages
        .iter()
        .filter(|(language, _)| *language != default)
        .map(|(language, text)| {
            let meta = language_meta(pack, source, language);
            (language.clone(), render::language_value(&meta, text))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// A language's `_meta`, from the first of its files (validation checked they agree with
/// their paths).
fn language_meta(pack: &AssembledPack, source: &PackSource, language: &str) -> TextMeta {
    pack.origins
        .i18n
        .get(language)
        .and_then(|files| files.first())
        .and_then(|path| source.file(path))
        // Only `_meta`: reading the whole file again would copy every text of the language.
        .and_then(|file| file.value()?.get("_meta"))
        .and_then(|meta| serde_json::from_value::<TextMeta>(meta.clone()).ok())
        .unwrap_or_else(|| TextMeta {
            language: language.to_owned(),
            direction: Direction::Ltr,
        })
}

/// The authored `i18n-package/package.json` when the pack has one that reads, and the
/// problems: `i18n-package-missing` when the pack has other languages but no `-i18n` package,
/// `i18n-package-invalid` when its `package.json` is not what the build needs.
pub(crate) fn i18n_package(
    pack: &AssembledPack,
    source: &PackSource,
) -> (Option<Map<String, Value>>, Vec<Diagnostic>) {
    const FILE: &str = "i18n-package/package.json";
    let id = pack.release.manifest.id.as_str();
    let default = &pack.release.manifest.default_language;
    let others: Vec<&str> = pack
        .languages
        .keys()
        .filter(|language| *language != default)
        .map(String::as_str)
        .collect();
    let Some(file) = source.file(FILE) else {
        if others.is_empty() {
            return (None, Vec::new());
        }
        let at = pack
            .origins
            .i18n
            .get(others[0])
            .and_then(|files| files.first())
            .cloned()
            .unwrap_or_else(|| "pack.yaml".to_owned());
        let diagnostic = Diagnostic::new(&codes::I18N_PACKAGE_MISSING)
            .with_arg("pack", id)
            .with_arg("languages", others.join(", "));
        return (None, vec![source.locate(&at, "", diagnostic)]);
    };
    let invalid = |reason: Phrase| {
        source.locate(
            FILE,
            "",
            Diagnostic::new(&codes::I18N_PACKAGE_INVALID)
                .with_arg("pack", id)
                .with_word("reason", reason),
        )
    };
    let package = match serde_json::from_str::<Value>(&file.text) {
        Ok(Value::Object(package)) => package,
        Ok(_) => {
            return (
                None,
                vec![invalid(Phrase::new(&reasons::PACKAGE_NOT_OBJECT))],
            );
        }
        Err(_) => return (None, vec![invalid(Phrase::new(&reasons::PACKAGE_NOT_JSON))]),
    };
    let mut problems = Vec::new();
    match package.get("version").and_then(Value::as_str) {
        Some(version) => {
            if semver::Version::parse(version).is_err() {
                problems.push(invalid(
                    Phrase::new(&reasons::PACKAGE_VERSION_INVALID).with_arg("version", version),
                ));
            }
        }
        None => problems.push(invalid(Phrase::new(&reasons::PACKAGE_VERSION_MISSING))),
    }
    // npm's form: an SPDX expression, or the file the build writes.
    if let Some(license) = package.get("license") {
        let text = license.as_str().unwrap_or_default();
        if text != npm::see_license()
            && let Err(why) = opencharacter_spec::validate::license_expression(text)
        {
            problems.push(invalid(
                Phrase::new(&reasons::PACKAGE_LICENSE)
                    .with_arg("license", license)
                    .with_word("why", why),
            ));
        }
    }
    let expected = format!("{}-i18n", render::package_name(id));
    if let Some(name) = package.get("name")
        && name.as_str() != Some(expected.as_str())
    {
        problems.push(invalid(
            Phrase::new(&reasons::PACKAGE_NAME)
                .with_arg("name", name)
                .with_arg("pack", id)
                .with_arg("expected", &expected),
        ));
    }
    if problems.is_empty() {
        (Some(package), problems)
    } else {
        (None, problems)
    }
}

#[cfg(test)]
mod tests;
