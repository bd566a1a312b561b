//! Reading one pack folder: walking it by the layout, reading each file with limits, parsing
//! the YAML ones, and checking what the folders say about the pack (its ID, its name).

use std::path::Path;

use opencharacter_spec::diagnostic::kept::{Budget, Kept};
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::Manifest;
use opencharacter_spec::yaml::Document;

use super::layout::{self, FileKind, Verdict};
use super::{PackSource, ReadLimits, SourceFile, file};

/// Reads the pack folder `root`. Never fails: whatever cannot be read is a diagnostic in the
/// result, and every other file is still read.
pub fn read_pack(root: &Path, limits: &ReadLimits) -> PackSource {
    read_pack_in(root, limits, true, &limits.budget())
}

/// [`read_pack`], saying whether the pack sits in a tree of packs (`<game>/<pack>/`), where its
/// ID must be `<game>-<pack>` from its folders; a lone pack (`in_tree` false) keeps its own ID
/// and its folders' names are not checked (docs/spec/reading.md).
pub(crate) fn read_pack_in(
    root: &Path,
    limits: &ReadLimits,
    in_tree: bool,
    budget: &Budget,
) -> PackSource {
    let name = |path: Option<&Path>| {
        path.and_then(Path::file_name)
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let mut walk = Walk {
        limits,
        files: Vec::new(),
        diagnostics: Kept::new(budget.clone()),
        bytes: 0,
        entries: 0,
        stopped: false,
    };
    walk.run(root);
    let mut source = PackSource {
        in_tree,
        root: root.to_path_buf(),
        game: name(root.parent()),
        folder: name(Some(root)),
        id: None,
        manifest: None,
        manifest_removed: Vec::new(),
        manifest_file: None,
        rules: Vec::new(),
        content: Vec::new(),
        templates: Vec::new(),
        i18n: Vec::new(),
        upgrades: Vec::new(),
        i18n_package: Vec::new(),
        diagnostics: walk.diagnostics,
    };
    walk.files.sort_by(|a, b| a.path.cmp(&b.path));
    for file in walk.files {
        let list = match file.kind {
            FileKind::Manifest => {
                source.manifest_file = Some(file);
                continue;
            }
            FileKind::Rules => &mut source.rules,
            FileKind::Content { .. } => &mut source.content,
            FileKind::Template { .. } => &mut source.templates,
            FileKind::I18n { .. } => &mut source.i18n,
            FileKind::Upgrade { .. } => &mut source.upgrades,
            FileKind::I18nPackage => &mut source.i18n_package,
        };
        list.push(file);
    }
    check_manifest(&mut source);
    check_folders(&mut source);
    if let Some(id) = &source.id {
        for diagnostic in &mut source.diagnostics {
            diagnostic.pack.get_or_insert_with(|| id.clone());
        }
    }
    // Problems of the pack as a whole first, then by file and place, so the order is stable.
    source.diagnostics.sort_by(|a, b| {
        let key = |d: &Diagnostic| (d.location.file.clone(), d.location.line, d.location.column);
        key(a).cmp(&key(b))
    });
    source
}

struct Walk<'a> {
    limits: &'a ReadLimits,
    files: Vec<SourceFile>,
    diagnostics: Kept,
    bytes: u64,
    /// Entries met that are not folders.
    entries: usize,
    /// Set when a pack-wide limit is reached: no more files are read.
    stopped: bool,
}

impl Walk<'_> {
    fn run(&mut self, root: &Path) {
        // Folders to visit, as their segments relative to the root. Depth-first, each folder's
        // entries sorted by name, so the walk is the same on every machine.
        let mut pending: Vec<Vec<String>> = vec![Vec::new()];
        while let Some(segments) = pending.pop() {
            let folder = segments.iter().fold(root.to_path_buf(), |p, s| p.join(s));
            let mut entries = match std::fs::read_dir(&folder) {
                Ok(entries) => entries.filter_map(Result::ok).collect::<Vec<_>>(),
                Err(error) => {
                    let shown = shown_folder(&segments);
                    self.diagnostics.push(
                        Diagnostic::new(&codes::FILE_UNREADABLE)
                            .with_arg("path", &shown)
                            .with_arg("reason", error)
                            .with_file(shown),
                    );
                    continue;
                }
            };
            entries.sort_by_key(std::fs::DirEntry::file_name);
            let mut folders = Vec::new();
            for entry in entries {
                if self.stopped {
                    return;
                }
                if let Some(child) = self.entry(&segments, &entry) {
                    folders.push(child);
                }
            }
            // Reversed, so the stack pops them in name order.
            pending.extend(folders.into_iter().rev());
        }
    }

    /// Handles one entry of a folder; returns the segments of a folder to walk into.
    fn entry(&mut self, parent: &[String], entry: &std::fs::DirEntry) -> Option<Vec<String>> {
        let raw_name = entry.file_name();
        let lossy = raw_name.to_string_lossy().into_owned();
        let mut segments = parent.to_vec();
        segments.push(lossy.clone());
        let shown = segments.join("/");
        let Ok(file_type) = entry.file_type() else {
            self.unknown(&shown);
            return None;
        };
        if !file_type.is_dir() {
            // Every entry that is not a folder counts, read or not, so a pack of a million
            // stray files stops here rather than giving a million warnings.
            self.entries += 1;
            if self.entries > self.limits.max_files {
                self.limit(format!(
                    "it has more than {} files; `{shown}` and the files after it are not read",
                    self.limits.max_files
                ));
                return None;
            }
        }
        if file_type.is_symlink() {
            self.diagnostics.push(file::symlink(&shown));
            return None;
        }
        let is_dir = file_type.is_dir();
        if raw_name.to_str().is_none() {
            // A name that is not UTF-8 cannot be a name of the layout.
            self.unknown(&if is_dir { format!("{shown}/") } else { shown });
            return None;
        }
        let borrowed: Vec<&str> = segments.iter().map(String::as_str).collect();
        match layout::classify(&borrowed, is_dir) {
            Verdict::Skip => None,
            Verdict::Unknown => {
                self.unknown(&if is_dir { format!("{shown}/") } else { shown });
                None
            }
            Verdict::Folder => {
                // A folder at exactly the limit is read (`content/a/b/` is 3 deep); only deeper ones are not.
                if segments.len() > self.limits.max_folder_depth {
                    self.diagnostics.push(
                        Diagnostic::new(&codes::PACK_LIMIT)
                            .with_arg(
                                "reason",
                                format!(
                                    "`{shown}/` is nested more than {} folders deep; it is not read",
                                    self.limits.max_folder_depth
                                ),
                            )
                            .with_file(format!("{shown}/")),
                    );
                    return None;
                }
                Some(segments)
            }
            Verdict::BadContentPath { segment, reason } => {
                let shown = if is_dir { format!("{shown}/") } else { shown };
                self.diagnostics.push(
                    Diagnostic::new(&codes::CONTENT_PATH_INVALID)
                        .with_arg("path", &shown)
                        .with_arg("segment", segment)
                        .with_word("reason", reason)
                        .with_file(shown),
                );
                None
            }
            Verdict::BadUpgradeName { reason } => {
                self.diagnostics.push(
                    Diagnostic::new(&codes::UPGRADE_NAME_INVALID)
                        .with_arg("name", &lossy)
                        .with_word("reason", reason)
                        .with_file(shown),
                );
                None
            }
            Verdict::File(kind) => {
                self.read(&entry.path(), shown, kind);
                None
            }
        }
    }

    fn unknown(&mut self, shown: &str) {
        self.diagnostics.push(
            Diagnostic::new(&codes::UNKNOWN_FILE)
                .with_arg("path", shown)
                .with_file(shown),
        );
    }

    fn limit(&mut self, reason: String) {
        self.diagnostics
            .push(Diagnostic::new(&codes::PACK_LIMIT).with_arg("reason", reason));
        self.stopped = true;
    }

    fn read(&mut self, path: &Path, shown: String, kind: FileKind) {
        let text = match file::read_text(path, &shown, self.limits.max_file_bytes) {
            Ok(text) => text,
            Err(diagnostic) => {
                self.diagnostics.push(*diagnostic);
                return;
            }
        };
        self.bytes = self.bytes.saturating_add(text.len() as u64);
        if self.bytes > self.limits.max_pack_bytes {
            self.limit(format!(
                "its files hold more than {} bytes; `{shown}` and the files after it are not read",
                self.limits.max_pack_bytes
            ));
            return;
        }
        let document = if kind.is_yaml(&shown) {
            match Document::parse_with_limits(&text, self.limits.yaml) {
                Ok(document) => Some(document),
                Err(errors) => {
                    self.diagnostics.extend(
                        errors
                            .iter()
                            .map(|error| error.to_diagnostic().with_file(shown.clone())),
                    );
                    None
                }
            }
        } else {
            None
        };
        self.files.push(SourceFile {
            path: shown,
            kind,
            text,
            document,
        });
    }
}

fn shown_folder(segments: &[String]) -> String {
    if segments.is_empty() {
        ".".to_owned()
    } else {
        format!("{}/", segments.join("/"))
    }
}

/// Parses the manifest, settles the pack's ID and checks it against the folders.
fn check_manifest(source: &mut PackSource) {
    let expected = format!("{}-{}", source.game, source.folder);
    let Some(file) = &source.manifest_file else {
        if !source
            .diagnostics
            .iter()
            .any(|d| d.location.file.as_deref() == Some("pack.yaml"))
        {
            source.diagnostics.push(
                Diagnostic::new(&codes::FILE_UNREADABLE)
                    .with_arg("path", "pack.yaml")
                    .with_arg("reason", "the pack folder has no `pack.yaml`")
                    .with_file("pack.yaml"),
            );
        }
        source.id = expected.parse().ok();
        return;
    };
    let Some(document) = &file.document else {
        source.id = expected.parse().ok();
        return;
    };
    // Recovering: a misspelt optional key is one error, and the pack is still read.
    let read = document.deserialize_recovering::<Manifest>();
    source.manifest = read.value;
    source.manifest_removed = read.removed;
    for error in &read.errors {
        source
            .diagnostics
            .push(error.to_diagnostic().with_file("pack.yaml"));
    }
    // The ID as written, even when another property spoils the manifest, so the pack's other
    // diagnostics still name it.
    let written = document.value.get("id").and_then(serde_json::Value::as_str);
    source.id = written
        .and_then(|id| id.parse::<PackId>().ok())
        .or_else(|| expected.parse().ok());
    if let Some(written) = written
        && source.in_tree
        && written != expected
        && written.parse::<PackId>().is_ok()
    {
        let position = document.spans.locate_value("/id");
        let mut diagnostic = Diagnostic::new(&codes::PACK_ID_MISMATCH)
            .with_arg("id", written)
            .with_arg("expected", &expected)
            .with_file("pack.yaml")
            .with_pointer("/id");
        if let Some(position) = position {
            diagnostic = diagnostic.at(position.line, position.column);
        }
        source.diagnostics.push(diagnostic);
    }
}

/// Warns about game and pack folders named like versions.
fn check_folders(source: &mut PackSource) {
    if !source.in_tree {
        return;
    }
    for folder in [&source.game, &source.folder] {
        if layout::is_versioned_name(folder) {
            source
                .diagnostics
                .push(Diagnostic::new(&codes::PACK_FOLDER_VERSIONED).with_arg("folder", folder));
        }
    }
}
