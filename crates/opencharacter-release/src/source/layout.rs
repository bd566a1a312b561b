//! The pack folder layout: which relative paths are which kind of file, decided from the path
//! alone (before any file is opened).

use opencharacter_spec::diagnostic::{Phrase, reasons};
use opencharacter_spec::ids::ContentId;
use semver::Version;

/// What a file of a pack is, from where it lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileKind {
    /// `pack.yaml`.
    Manifest,
    /// `rules/<name>.yaml`: a rules document, merged with the others.
    Rules,
    /// `content/<type…>/<name>.yaml`: one content item, whose `id` must be `expected_id`.
    Content {
        /// The ID its path gives: each folder under `content/` and the file name, one dotted
        /// segment each.
        expected_id: ContentId,
    },
    /// `templates/<name…>.yaml`: one template, whose `id` must be `expected_id`.
    Template {
        /// The ID its path gives: each folder under `templates/` and the file name, one dotted
        /// segment each.
        expected_id: ContentId,
    },
    /// `i18n/<lang>.yaml` or `i18n/<lang>/<name>.yaml`: text in one language.
    I18n {
        /// The language as the path names it (checked as BCP 47 by the validator).
        language: String,
    },
    /// `upgrades/<from>-to-<to>.yaml`: an upgrade script between two pack versions.
    Upgrade {
        /// The version it upgrades from.
        from: Version,
        /// The version it upgrades to.
        to: Version,
    },
    /// Any file under `i18n-package/`, the pack's `-i18n` package.
    I18nPackage,
}

impl FileKind {
    /// Whether the file is YAML and is read into a document.
    pub fn is_yaml(&self, path: &str) -> bool {
        !matches!(self, FileKind::I18nPackage) || path.ends_with(".yaml")
    }
}

/// What the layout says about one path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Verdict {
    /// A file of the pack, of this kind.
    File(FileKind),
    /// A folder to walk into.
    Folder,
    /// Not the pack's business (hidden files, `dist/`, a README): skipped silently.
    Skip,
    /// Not part of the layout: `unknown-file`.
    Unknown,
    /// In the layout, but its name does not give a content ID: `content-path-invalid`.
    BadContentPath {
        /// The offending folder or file name.
        segment: String,
        /// Why it cannot be an ID segment.
        reason: Phrase,
    },
    /// In `upgrades/`, but not named `<from>-to-<to>.yaml`: `upgrade-name-invalid`.
    BadUpgradeName {
        /// Why.
        reason: Phrase,
    },
}

/// Classifies a path relative to the pack folder, given as its segments.
pub(super) fn classify(segments: &[&str], is_dir: bool) -> Verdict {
    let Some((&first, rest)) = segments.split_first() else {
        return Verdict::Folder;
    };
    if first.starts_with('.') || segments.iter().any(|s| s.starts_with('.')) {
        return Verdict::Skip;
    }
    match (first, rest, is_dir) {
        ("pack.yaml", [], false) => Verdict::File(FileKind::Manifest),
        ("dist", [], true) => Verdict::Skip,
        ("README.md" | "CHANGELOG.md", [], false) => Verdict::Skip,
        (name, [], false) if name.starts_with("LICENSE") => Verdict::Skip,
        ("rules" | "content" | "templates" | "i18n" | "upgrades" | "i18n-package", [], true) => {
            Verdict::Folder
        }
        ("rules", [name], false) => {
            yaml_stem(name).map_or(Verdict::Unknown, |_| Verdict::File(FileKind::Rules))
        }
        ("content", rest, _) => content(rest, is_dir),
        ("templates", rest, _) => template(rest, is_dir),
        ("i18n", [name], false) => yaml_stem(name).map_or(Verdict::Unknown, |language| {
            Verdict::File(FileKind::I18n {
                language: language.to_owned(),
            })
        }),
        ("i18n", [_], true) => Verdict::Folder,
        ("i18n", [language, name], false) => yaml_stem(name).map_or(Verdict::Unknown, |_| {
            Verdict::File(FileKind::I18n {
                language: (*language).to_owned(),
            })
        }),
        ("upgrades", [name], false) => upgrade(name),
        ("i18n-package", [.., last], _) if *last == "node_modules" => Verdict::Skip,
        // What the build writes there (`i18n-package/dist/`), not a source.
        ("i18n-package", ["dist"], true) => Verdict::Skip,
        ("i18n-package", _, true) => Verdict::Folder,
        ("i18n-package", _, false) => Verdict::File(FileKind::I18nPackage),
        _ => Verdict::Unknown,
    }
}

fn yaml_stem(name: &str) -> Option<&str> {
    name.strip_suffix(".yaml").filter(|stem| !stem.is_empty())
}

/// `content/<type…>/<name>.yaml`: every folder and the file stem must each be one ID segment.
fn content(rest: &[&str], is_dir: bool) -> Verdict {
    if is_dir {
        return check_segments(rest, false);
    }
    let Some((name, folders)) = rest.split_last() else {
        return Verdict::Unknown;
    };
    let Some(stem) = yaml_stem(name) else {
        return Verdict::Unknown;
    };
    if folders.is_empty() {
        return Verdict::BadContentPath {
            segment: (*name).to_owned(),
            reason: Phrase::new(&reasons::PATH_IN_CONTENT),
        };
    }
    let mut all = folders.to_vec();
    all.push(stem);
    check_segments(&all, true)
}

/// `templates/<name…>.yaml`: like content, but with no type folder (`templates/blessed.yaml`
/// → `blessed`).
fn template(rest: &[&str], is_dir: bool) -> Verdict {
    if is_dir {
        return check_segments(rest, false);
    }
    let Some((name, folders)) = rest.split_last() else {
        return Verdict::Unknown;
    };
    let Some(stem) = yaml_stem(name) else {
        return Verdict::Unknown;
    };
    let mut all = folders.to_vec();
    all.push(stem);
    match check_segments(&all, true) {
        Verdict::File(FileKind::Content { expected_id }) => {
            Verdict::File(FileKind::Template { expected_id })
        }
        other => other,
    }
}

fn check_segments(segments: &[&str], is_file: bool) -> Verdict {
    for segment in segments {
        if let Some(reason) = segment_problem(segment) {
            return Verdict::BadContentPath {
                segment: (*segment).to_owned(),
                reason,
            };
        }
    }
    if !is_file {
        return Verdict::Folder;
    }
    match segments.join(".").parse::<ContentId>() {
        Ok(expected_id) => Verdict::File(FileKind::Content { expected_id }),
        Err(error) => Verdict::BadContentPath {
            segment: segments.join("/"),
            reason: Phrase::new(&reasons::PATH_NOT_ID).with_word("error", error.phrase()),
        },
    }
}

/// Why `segment` cannot be one segment of a content ID, if it cannot.
fn segment_problem(segment: &str) -> Option<Phrase> {
    if segment.contains('.') {
        return Some(Phrase::new(&reasons::PATH_DOT));
    }
    match segment.parse::<ContentId>() {
        Ok(_) => None,
        Err(error) => Some(Phrase::new(&reasons::PATH_NOT_WORD).with_word("error", error.phrase())),
    }
}

/// `<from>-to-<to>.yaml`. Versions may hold `-` (pre-releases), so every `-to-` is tried.
fn upgrade(name: &str) -> Verdict {
    let bad = |reason: Phrase| Verdict::BadUpgradeName { reason };
    let Some(stem) = yaml_stem(name) else {
        return bad(Phrase::new(&reasons::UPGRADE_NAME_NOT_YAML));
    };
    let splits: Vec<(&str, &str)> = stem
        .match_indices("-to-")
        .map(|(at, separator)| (&stem[..at], &stem[at + separator.len()..]))
        .collect();
    if splits.is_empty() {
        return bad(Phrase::new(&reasons::UPGRADE_NAME_NO_TO));
    }
    let mut first_problem = None;
    for (from, to) in splits {
        match (from.parse::<Version>(), to.parse::<Version>()) {
            (Ok(from), Ok(to)) if from < to => {
                return Verdict::File(FileKind::Upgrade { from, to });
            }
            (Ok(from), Ok(to)) => {
                first_problem.get_or_insert(
                    Phrase::new(&reasons::UPGRADE_NAME_NOT_BELOW)
                        .with_arg("from", from)
                        .with_arg("to", to),
                );
            }
            (Err(_), _) => {
                first_problem
                    .get_or_insert(Phrase::new(&reasons::VERSION_INVALID).with_arg("text", from));
            }
            (_, Err(_)) => {
                first_problem
                    .get_or_insert(Phrase::new(&reasons::VERSION_INVALID).with_arg("text", to));
            }
        }
    }
    bad(first_problem.unwrap_or_else(|| Phrase::new(&reasons::UPGRADE_NAME_NO_TO)))
}

/// Whether a folder name reads as a version (`v1`, `V2`, `v2.1`), which the layout warns about.
pub(super) fn is_versioned_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(['v', 'V']) else {
        return false;
    };
    !rest.is_empty()
        && rest
            .split(['.', '-', '_'])
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(path: &str) -> Verdict {
        let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
        classify(&segments, path.ends_with('/'))
    }

    fn content_id(path: &str) -> String {
        match kind(path) {
            Verdict::File(FileKind::Content { expected_id }) => expected_id.to_string(),
            other => panic!("{path}: {other:?}"),
        }
    }

    #[test]
    fn layout_files() {
        assert_eq!(kind("pack.yaml"), Verdict::File(FileKind::Manifest));
        assert_eq!(kind("rules/core.yaml"), Verdict::File(FileKind::Rules));
        assert_eq!(
            kind("i18n/en.yaml"),
            Verdict::File(FileKind::I18n {
                language: "en".into()
            })
        );
        assert_eq!(
            kind("i18n/pt-BR/spells.yaml"),
            Verdict::File(FileKind::I18n {
                language: "pt-BR".into()
            })
        );
        assert_eq!(kind("i18n/pt-BR/"), Verdict::Folder);
        assert_eq!(
            kind("i18n-package/package.json"),
            Verdict::File(FileKind::I18nPackage)
        );
        assert_eq!(kind("i18n-package/i18n/"), Verdict::Folder);
        assert_eq!(kind("i18n-package/node_modules/"), Verdict::Skip);
        assert_eq!(kind("i18n-package/dist/"), Verdict::Skip);
        for skipped in [
            ".git/",
            ".DS_Store",
            "dist/",
            "README.md",
            "LICENSE-CC-BY",
            "rules/.x.yaml",
        ] {
            assert_eq!(kind(skipped), Verdict::Skip, "{skipped}");
        }
        for unknown in [
            "rules/core.yml",
            "rules/nested/",
            "notes.txt",
            "scripts/",
            "i18n/en/deeper/",
            "i18n/en.json",
            "content/spells/fireball.json",
            "pack.yml",
        ] {
            assert_eq!(kind(unknown), Verdict::Unknown, "{unknown}");
        }
    }

    #[test]
    fn content_ids_come_from_the_path() {
        assert_eq!(
            content_id("content/weapons/longsword.yaml"),
            "weapons.longsword"
        );
        assert_eq!(
            content_id("content/magic-items/weapon-plus-one.yaml"),
            "magic-items.weapon-plus-one"
        );
        assert_eq!(
            content_id("content/gear/packs/explorer-1.yaml"),
            "gear.packs.explorer-1"
        );
        assert_eq!(kind("content/gear/packs/"), Verdict::Folder);
    }

    #[test]
    fn template_ids_come_from_the_path_without_a_type_folder() {
        let id = |path: &str| match kind(path) {
            Verdict::File(FileKind::Template { expected_id }) => expected_id.to_string(),
            other => panic!("{path}: {other:?}"),
        };
        assert_eq!(id("templates/blessed.yaml"), "blessed");
        assert_eq!(id("templates/curses/rusty.yaml"), "curses.rusty");
        assert_eq!(kind("templates/curses/"), Verdict::Folder);
        assert!(matches!(
            kind("templates/Blessed.yaml"),
            Verdict::BadContentPath { .. }
        ));
        assert_eq!(kind("templates/blessed.json"), Verdict::Unknown);
    }

    #[test]
    fn bad_content_paths_name_the_segment() {
        for (path, segment) in [
            ("content/Weapons/longsword.yaml", "Weapons"),
            ("content/weapons/long_sword.yaml", "long_sword"),
            ("content/weapons/fire.ball.yaml", "fire.ball"),
            ("content/magic items/", "magic items"),
            ("content/weapons/-x.yaml", "-x"),
            ("content/longsword.yaml", "longsword.yaml"),
        ] {
            match kind(path) {
                Verdict::BadContentPath { segment: found, .. } => {
                    assert_eq!(found, segment, "{path}")
                }
                other => panic!("{path}: {other:?}"),
            }
        }
    }

    #[test]
    fn upgrade_names() {
        let parse = |name: &str| match upgrade(name) {
            Verdict::File(FileKind::Upgrade { from, to }) => Ok((from.to_string(), to.to_string())),
            Verdict::BadUpgradeName { reason } => Err(reason.english()),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            parse("0.1.0-to-0.2.0.yaml"),
            Ok(("0.1.0".into(), "0.2.0".into()))
        );
        assert_eq!(
            parse("1.0.0-beta.1-to-1.0.0.yaml"),
            Ok(("1.0.0-beta.1".into(), "1.0.0".into()))
        );
        // The first `-to-` that leaves two versions decides; semver reads the rest as a pre-release.
        assert_eq!(
            parse("1.0.0-to-2.0.0-to-3.0.0.yaml"),
            Ok(("1.0.0".into(), "2.0.0-to-3.0.0".into()))
        );
        assert!(
            parse("0.1-to-0.2.yaml")
                .unwrap_err()
                .contains("`0.1` is not a version of the form")
        );
        assert_eq!(
            parse("0.2.0-to-0.1.0.yaml"),
            Err("0.2.0 is not below 0.1.0".into())
        );
        assert!(parse("upgrade.yaml").unwrap_err().contains("no `-to-`"));
        assert!(parse("0.1.0-to-0.2.0.yml").unwrap_err().contains("`.yaml`"));
    }

    #[test]
    fn versioned_folder_names() {
        for name in ["v1", "V2", "v2.1", "v10_2"] {
            assert!(is_versioned_name(name), "{name}");
        }
        for name in ["srd-5.1", "1e", "v", "vampire", "v1a", "5e"] {
            assert!(!is_versioned_name(name), "{name}");
        }
    }
}
