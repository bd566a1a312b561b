//! Recovery, measured on the repository's own packs: one mistake injected into one file of a
//! real pack must give exactly one error, at the mistake's line, and no other diagnostic
//! anywhere (docs/spec/validation.md, "What recovery guarantees").
//!
//! Each mutation is a single edit of the file's text; its expected code and line come from
//! the mistake itself (the spec's rule for that mistake and the line the edit wrote), never
//! from the program's output. The test prints how many mutations were tried and held.
//!
//! The packs: every pack under `packs/` but the SRD's own (`5e/srd-5.1`), whose validation is
//! seconds long in a debug build; the homebrew packs that depend on it are validated against
//! it, assembled once.

use std::path::{Path, PathBuf};

use opencharacter::release::assemble::assemble;
use opencharacter::release::source::{ReadLimits, read_path};
use opencharacter::release::validate::{ValidateOptions, validate_reading};
use opencharacter::spec::model::PackRelease;

use crate::common::{files_under, root};

/// One kind of single mistake: a name, and the edit of a file's text that makes it, giving the
/// new text, the code the mistake must be reported with and the 1-based line it is on.
struct Mutation {
    name: &'static str,
    applies: fn(&str) -> bool,
    edit: fn(&str) -> Option<(String, &'static str, usize)>,
}

fn is_i18n(path: &str) -> bool {
    path.starts_with("i18n/")
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

/// The text with `line` (1-based) appended at its end, and that line's number.
fn append(text: &str, line: &str) -> (String, usize) {
    let mut out = text.to_owned();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(line);
    out.push('\n');
    (out.clone(), out.lines().count())
}

/// The first top-level `key: value` line on one line (not `$schema`), as (index, key).
fn first_top_key(text: &str) -> Option<(usize, String)> {
    lines(text).iter().enumerate().find_map(|(index, line)| {
        let (key, rest) = line.split_once(':')?;
        let plain = !key.is_empty()
            && !key.starts_with('_')
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        (plain && !rest.trim().is_empty()).then(|| (index, key.to_owned()))
    })
}

/// Replaces line `index` (0-based) with `with`.
fn replace_line(text: &str, index: usize, with: &str) -> String {
    let mut out: Vec<String> = lines(text).iter().map(|l| (*l).to_owned()).collect();
    out[index] = with.to_owned();
    out.join("\n") + "\n"
}

const MUTATIONS: &[Mutation] = &[
    // The reader's rule: a key the file's type does not have is `yaml-invalid` at the key
    // (reading.md); the appended key is on the last line.
    Mutation {
        name: "unknown key",
        applies: |path| !is_i18n(path),
        edit: |text| {
            let (text, line) = append(text, "zzz_unknown_key: 1");
            Some((text, "yaml-invalid", line))
        },
    },
    // A key written twice in one mapping is `yaml-duplicate-key` at the second (reading.md).
    Mutation {
        name: "duplicate key",
        applies: |_| true,
        edit: |text| {
            let (index, _) = first_top_key(text)?;
            let line = lines(text)[index].to_owned();
            let (text, at) = append(text, &line);
            Some((text, "yaml-duplicate-key", at))
        },
    },
    // A value of the wrong type: a top-level scalar replaced by a list of a list, which no
    // top-level property of any file takes (`yaml-invalid` at the value, reading.md). In an
    // i18n file a value that is not text is `i18n-value-not-text` (i18n.md).
    Mutation {
        name: "wrong type",
        applies: |_| true,
        edit: |text| {
            let (index, key) = first_top_key(text)?;
            let code = if key.contains('.') || text.starts_with("_meta") || text.contains("\n_meta")
            {
                "i18n-value-not-text"
            } else {
                "yaml-invalid"
            };
            Some((
                replace_line(text, index, &format!("{key}: [[1]]")),
                code,
                index + 1,
            ))
        },
    },
    // A formula that does not parse is `formula-invalid` where it is written (formulas.md).
    Mutation {
        name: "bad formula",
        applies: |path| path.starts_with("rules/") || path.starts_with("content/"),
        edit: |text| {
            let index = lines(text).iter().position(|line| {
                let trimmed = line.trim_start();
                trimmed.starts_with("formula: ") && !trimmed.contains(['{', '}', '[', '#'])
            })?;
            let line = lines(text)[index];
            let indent = &line[..line.len() - line.trim_start().len()];
            Some((
                replace_line(text, index, &format!("{indent}formula: \"floor((\"")),
                "formula-invalid",
                index + 1,
            ))
        },
    },
    // A content item's type naming no content type is `unresolved-reference` at it
    // (content.md: `type` names a declared content type).
    Mutation {
        name: "misspelt type",
        applies: |path| path.starts_with("content/"),
        edit: |text| {
            let index = lines(text)
                .iter()
                .position(|line| line.starts_with("type: ") && !line.contains('#'))?;
            let line = lines(text)[index];
            Some((
                replace_line(text, index, &format!("{line}zz")),
                "unresolved-reference",
                index + 1,
            ))
        },
    },
    // Text that is not YAML (a `]` closing nothing) is `yaml-syntax` where it stops (reading.md).
    Mutation {
        name: "not YAML",
        applies: |_| true,
        edit: |text| {
            let (text, line) = append(text, "zzz: ]");
            Some((text, "yaml-syntax", line))
        },
    },
    // `defaultLanguage` must be a BCP 47 tag (manifest.md): `language-tag-invalid` at it.
    Mutation {
        name: "invalid language tag",
        applies: |path| path == "pack.yaml",
        edit: |text| {
            let index = lines(text)
                .iter()
                .position(|line| line.starts_with("defaultLanguage: "))?;
            Some((
                replace_line(text, index, "defaultLanguage: en_GB!"),
                "language-tag-invalid",
                index + 1,
            ))
        },
    },
    // A dependency's range must be an npm range (manifest.md): `invalid-version-range` at it.
    Mutation {
        name: "bad range",
        applies: |path| path == "pack.yaml",
        edit: |text| {
            let all = lines(text);
            let start = all
                .iter()
                .position(|line| line.starts_with("dependencies:"))?;
            let index = start + 1;
            let line = all.get(index)?;
            let (key, _) = line.split_once(": ")?;
            line.starts_with("  ").then_some(())?;
            Some((
                replace_line(text, index, &format!("{key}: \"^^0.1\"")),
                "invalid-version-range",
                index + 1,
            ))
        },
    },
    // A layer may only do what layers.md lists; any other key is `layer-effect-not-allowed`.
    Mutation {
        name: "unknown layer key",
        applies: |path| path.starts_with("rules/"),
        edit: |text| {
            let all = lines(text);
            let start = all.iter().position(|line| *line == "layers:")?;
            let layer = all.get(start + 1)?;
            (layer.starts_with("  ") && !layer.starts_with("   ") && layer.ends_with(':'))
                .then_some(())?;
            let mut out: Vec<String> = all.iter().map(|l| (*l).to_owned()).collect();
            out.insert(start + 2, "    colour: red".to_owned());
            Some((out.join("\n") + "\n", "layer-effect-not-allowed", start + 3))
        },
    },
    // A content type is an ID; capitals and `!` are not ID characters (ids.md): `invalid-id`.
    Mutation {
        name: "invalid ID",
        applies: |path| path.starts_with("content/"),
        edit: |text| {
            let index = lines(text)
                .iter()
                .position(|line| line.starts_with("type: ") && !line.contains('#'))?;
            Some((
                replace_line(text, index, "type: Not-An-Id!"),
                "invalid-id",
                index + 1,
            ))
        },
    },
];

/// What one validation gives: every diagnostic as (code, severity is error, pack-relative file,
/// line).
fn diagnostics_of(
    paths: &[PathBuf],
    others: &[PackRelease],
) -> Vec<(String, bool, Option<String>, Option<u32>)> {
    let limits = ReadLimits::default();
    let mut reading = opencharacter::release::source::Reading::default();
    for path in paths {
        let read = read_path(path, &limits).unwrap();
        reading.packs.extend(read.packs);
        reading.diagnostics.extend(read.diagnostics);
    }
    let validation = validate_reading(reading, others, &ValidateOptions::default());
    validation
        .reading
        .all_diagnostics()
        .map(|d| {
            (
                d.code.name.to_owned(),
                d.is_error(),
                d.location.file.clone(),
                d.location.line,
            )
        })
        .collect()
}

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

#[test]
fn one_mistake_in_a_real_pack_is_one_error_at_its_line() {
    let packs = root().join("packs");
    let srd_dir = packs.join("5e").join("srd-5.1");
    let srd_reading = read_path(&srd_dir, &ReadLimits::default()).unwrap();
    let srd: Vec<PackRelease> = srd_reading
        .packs
        .iter()
        .filter_map(|source| assemble(source).0.map(|pack| pack.release))
        .collect();
    // (game, pack folder): every real pack but the SRD itself.
    let mut targets: Vec<(String, String)> = Vec::new();
    for game in std::fs::read_dir(&packs).unwrap() {
        let game = game.unwrap().path();
        for pack in std::fs::read_dir(&game).unwrap() {
            let pack = pack.unwrap().path();
            if pack == srd_dir || !pack.join("pack.yaml").is_file() {
                continue;
            }
            let name = |p: &Path| p.file_name().unwrap().to_string_lossy().into_owned();
            targets.push((name(&game), name(&pack)));
        }
    }
    targets.sort();
    assert!(targets.len() >= 6, "{targets:?}");

    let (mut tried, mut held) = (0usize, 0usize);
    let mut failures = Vec::new();
    for (game, pack) in &targets {
        let pack_dir = packs.join(game).join(pack);
        let mut files = Vec::new();
        files_under(&pack_dir, &mut files);
        files.sort();
        // One file of each kind: the manifest, the first rules, content, template, i18n file.
        let mut chosen: Vec<String> = Vec::new();
        for prefix in ["pack.yaml", "rules/", "content/", "templates/", "i18n/"] {
            let found = files.iter().find_map(|file| {
                let relative = file
                    .strip_prefix(&pack_dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                (relative.starts_with(prefix) && relative.ends_with(".yaml")).then_some(relative)
            });
            chosen.extend(found);
        }
        for file in &chosen {
            let original = std::fs::read_to_string(pack_dir.join(file)).unwrap();
            for mutation in MUTATIONS {
                if !(mutation.applies)(file) {
                    continue;
                }
                let Some((text, code, line)) = (mutation.edit)(&original) else {
                    continue;
                };
                tried += 1;
                let dir = tempfile::tempdir().unwrap();
                let game_dir = dir.path().join(game);
                // The game's other packs come along: a pack's dependents must stay quiet too.
                copy_dir(&packs.join(game), &game_dir);
                let _ = std::fs::remove_dir_all(game_dir.join("srd-5.1"));
                std::fs::write(game_dir.join(pack).join(file), &text).unwrap();
                let found = diagnostics_of(&[game_dir], &srd);
                let expected = (
                    code.to_owned(),
                    true,
                    Some(file.clone()),
                    u32::try_from(line).ok(),
                );
                if found == [expected] {
                    held += 1;
                } else {
                    failures.push(format!(
                        "{game}/{pack}/{file}: {} (expected {code} at line {line}): {found:?}",
                        mutation.name
                    ));
                }
            }
        }
    }
    println!("recovery mutations: {tried} tried, {held} held");
    assert!(tried >= 50, "only {tried} mutations applied");
    assert!(
        failures.is_empty(),
        "{} of {tried} mutations did not give exactly one error at their line:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
