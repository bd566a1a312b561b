//! Reading pack folders from disk: finding packs under a path, listing each pack's files by
//! kind, reading them with limits and parsing the YAML ones into documents with spans.
//!
//! A pack's layout (`packs/<game>/<pack>/`):
//!
//! ```text
//! pack.yaml                      the manifest
//! rules/<name>.yaml              rules documents, merged
//! content/<type…>/<name>.yaml    one content item per file; its ID comes from the path
//! templates/<name…>.yaml         one template per file; its ID comes from the path
//! i18n/<lang>.yaml               text in one language
//! i18n/<lang>/<name>.yaml        or one language over several files
//! upgrades/<from>-to-<to>.yaml   upgrade scripts
//! i18n-package/…                 the pack's `-i18n` package
//! ```
//!
//! Reading never stops at a problem: every file is read on its own, and what goes wrong is a
//! [`Diagnostic`] carrying the pack, the file (relative to the pack folder, with `/`), and the
//! line and column where a place in the file is known. A check that later finds a problem at a
//! JSON pointer turns it into a located diagnostic with [`PackSource::locate`].

mod discover;
mod file;
mod layout;
mod pack;

use std::path::{Path, PathBuf};

use opencharacter_spec::diagnostic::Diagnostic;
use opencharacter_spec::diagnostic::kept::{Budget, Kept};
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::Manifest;
use opencharacter_spec::yaml::{self, Document, Position};
use serde::de::DeserializeOwned;

pub use discover::{ReadError, read_path, read_paths};
pub use layout::FileKind;
pub use pack::read_pack;
use pack::read_pack_in;

/// Largest file of a pack read, in bytes (`file-too-large`).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// Most files read in one pack (`pack-limit`).
pub const MAX_FILES: usize = 20_000;
/// Deepest folder nesting read inside a pack (`pack-limit`).
pub const MAX_FOLDER_DEPTH: usize = 16;
/// Most bytes read in one pack, all files together (`pack-limit`).
pub const MAX_PACK_BYTES: u64 = 256 * 1024 * 1024;
/// How many folders deep a folder of packs is searched for pack folders.
pub const MAX_SEARCH_DEPTH: usize = 4;

/// The bounds of reading. Each one reached is a diagnostic, never a crash or a hang.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadLimits {
    /// Largest file read, in bytes (`file-too-large`).
    pub max_file_bytes: u64,
    /// Most files read in one pack (`pack-limit`).
    pub max_files: usize,
    /// Deepest folder nesting inside a pack (`pack-limit`).
    pub max_folder_depth: usize,
    /// Most bytes read in one pack, all files together (`pack-limit`).
    pub max_pack_bytes: u64,
    /// How many folders deep a folder of packs is searched for pack folders.
    pub max_search_depth: usize,
    /// The limits of each YAML document (`yaml-limit`).
    pub yaml: yaml::Limits,
    /// Most diagnostics kept about one file; the rest are counted (`diagnostics-not-kept`).
    pub diagnostics_per_file: usize,
    /// Most diagnostics kept in one run; the rest are counted (`diagnostics-not-kept-run`).
    pub diagnostics_per_run: usize,
}

impl ReadLimits {
    /// A new bound on diagnostics for one run with these limits.
    #[must_use]
    pub fn budget(&self) -> Budget {
        Budget::new(self.diagnostics_per_file, self.diagnostics_per_run)
    }
}

impl Default for ReadLimits {
    fn default() -> Self {
        ReadLimits {
            max_file_bytes: MAX_FILE_BYTES,
            max_files: MAX_FILES,
            max_folder_depth: MAX_FOLDER_DEPTH,
            max_pack_bytes: MAX_PACK_BYTES,
            max_search_depth: MAX_SEARCH_DEPTH,
            yaml: yaml::Limits::default(),
            diagnostics_per_file: opencharacter_spec::diagnostic::kept::PER_FILE,
            diagnostics_per_run: opencharacter_spec::diagnostic::kept::PER_RUN,
        }
    }
}

/// One file of a pack, read.
#[derive(Debug, Clone, PartialEq)]
pub struct SourceFile {
    /// Path relative to the pack folder, with `/` separators (`content/spells/fireball.yaml`).
    pub path: String,
    /// What the file is, from where it lives.
    pub kind: FileKind,
    /// Its text.
    pub text: String,
    /// The parsed YAML with its spans; `None` for a file that is not YAML or did not parse
    /// (its diagnostics say why).
    pub document: Option<Document>,
}

impl SourceFile {
    /// The parsed value, when the file parsed.
    pub fn value(&self) -> Option<&serde_json::Value> {
        self.document.as_ref().map(|document| &document.value)
    }

    /// Where to point for `pointer` in this file ([`yaml::Spans::locate`]).
    pub fn locate(&self, pointer: &str) -> Option<Position> {
        self.document
            .as_ref()
            .and_then(|document| document.spans.locate(pointer))
    }

    /// Where the text `pointer` is about starts and ends: the value itself when it is a scalar
    /// written on one line (`extends: weapons.longswrd` points at `weapons.longswrd`, whole),
    /// else the key that names it ([`SourceFile::locate`]), with its end when known.
    pub fn locate_span(&self, pointer: &str) -> Option<(Position, Option<Position>)> {
        let document = self.document.as_ref()?;
        let spans = &document.spans;
        if let Some(span) = spans.get(pointer)
            && let Some(end) = spans.end_of(pointer, Some(span.value))
        {
            return Some((span.value, Some(end)));
        }
        let start = spans.locate(pointer)?;
        Some((start, spans.end_of(pointer, Some(start))))
    }

    /// Where the character at `offset` (0-based, in characters) of the string at `pointer` was
    /// written, so an error inside a value (a formula's bad token, an ID's bad character) points
    /// at that character. Exact when the string is written on one line as it reads (plain, or
    /// quoted with no escape before `offset`); otherwise where the value starts.
    ///
    /// ```
    /// # use opencharacter_release::source::{FileKind, SourceFile};
    /// # use opencharacter_spec::yaml::{Document, Position};
    /// let text = "derived:\n  formula: \"floor(x / 2)\"\n";
    /// let file = SourceFile {
    ///     path: "rules/core.yaml".into(),
    ///     kind: FileKind::Rules,
    ///     text: text.into(),
    ///     document: Document::parse(text).ok(),
    /// };
    /// // `x` is the 7th character of the formula.
    /// assert_eq!(file.locate_in_string("/derived/formula", 6), Some(Position::new(2, 19)));
    /// ```
    pub fn locate_in_string(&self, pointer: &str, offset: usize) -> Option<Position> {
        let document = self.document.as_ref()?;
        let Some(span) = document.spans.get(pointer) else {
            return document.spans.locate(pointer);
        };
        let start = span.value;
        let exact = || {
            let value = document.value.pointer(pointer)?.as_str()?;
            let line = self.line(start.line)?;
            let rest: Vec<char> = line
                .chars()
                .skip(usize::try_from(start.column).ok()?.checked_sub(1)?)
                .collect();
            let quote = usize::from(matches!(rest.first(), Some('"' | '\'')));
            let written = rest.get(quote..)?;
            let wanted: Vec<char> = value.chars().take(offset).collect();
            if wanted.len() < offset || !written.starts_with(&wanted) {
                return None;
            }
            let column = start
                .column
                .checked_add(u32::try_from(quote + offset).ok()?)?;
            Some(Position::new(start.line, column))
        };
        Some(exact().unwrap_or(start))
    }

    /// The text of line `line` (1-based), without its line break.
    pub fn line(&self, line: u32) -> Option<&str> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.text
            .split('\n')
            .nth(index)
            .map(|text| text.strip_suffix('\r').unwrap_or(text))
    }
}

/// The codes whose pointer names a key that is itself the mistake (a property, a text key, an
/// ID written twice, a key a layer may not have): they point at the key, not at its value.
const ABOUT_A_KEY: &[&str] = &[
    "i18n-key-unknown",
    "i18n-key-invalid",
    "duplicate-rules-id",
    "duplicate-id",
    "property-not-allowed",
    "content-type-property-unknown",
    "layer-effect-not-allowed",
    "roll-parameter-name",
];

/// A model type read from one file with recovery ([`PackSource::read_model`]).
#[derive(Debug, Clone)]
pub struct ModelRead<T> {
    /// What was read, when the file's root fit once the mistakes were removed.
    pub value: Option<T>,
    /// One diagnostic per mistake, located.
    pub diagnostics: Vec<Diagnostic>,
    /// The nodes removed to read the rest (JSON pointers into the file as written): what a
    /// later check must not report as missing.
    pub removed: Vec<String>,
}

/// A pack folder, read: its files by kind, the manifest if it parsed, and what went wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct PackSource {
    /// The pack folder.
    pub root: PathBuf,
    /// Whether the pack sits in a tree of packs, where its ID must be `<game>-<pack>`: found by
    /// searching a folder of packs, or named directly at `…/packs/<game>/<pack>/`. A lone pack
    /// folder named directly elsewhere keeps its own ID.
    pub in_tree: bool,
    /// The name of the folder holding the pack folder (the game).
    pub game: String,
    /// The pack folder's own name.
    pub folder: String,
    /// The pack's ID: the manifest's when it names a valid one, else `<game>-<folder>` when
    /// that is a valid ID.
    pub id: Option<PackId>,
    /// The manifest, when `pack.yaml` parsed and its root fits the model (a misspelt or
    /// ill-typed optional key is reported and left out).
    pub manifest: Option<Manifest>,
    /// The nodes of `pack.yaml` left out of `manifest` (JSON pointers), each reported once.
    pub manifest_removed: Vec<String>,
    /// `pack.yaml` (absent only when it could not be read).
    pub manifest_file: Option<SourceFile>,
    /// `rules/*.yaml`, by path.
    pub rules: Vec<SourceFile>,
    /// `content/**.yaml`, by path.
    pub content: Vec<SourceFile>,
    /// `templates/**.yaml`, by path.
    pub templates: Vec<SourceFile>,
    /// `i18n/…`, by path.
    pub i18n: Vec<SourceFile>,
    /// `upgrades/…`, by path.
    pub upgrades: Vec<SourceFile>,
    /// `i18n-package/…`, by path.
    pub i18n_package: Vec<SourceFile>,
    /// Everything found while reading, in the order found, within the run's bound
    /// ([`Kept`]: a file keeps its first 1,000, a run its first 10,000; the rest are counted).
    pub diagnostics: Kept,
}

impl PackSource {
    /// Every file read, manifest first, then by kind and path.
    pub fn files(&self) -> impl Iterator<Item = &SourceFile> {
        self.manifest_file
            .iter()
            .chain(&self.rules)
            .chain(&self.content)
            .chain(&self.templates)
            .chain(&self.i18n)
            .chain(&self.upgrades)
            .chain(&self.i18n_package)
    }

    /// The file at `path` (relative, with `/`).
    pub fn file(&self, path: &str) -> Option<&SourceFile> {
        self.files().find(|file| file.path == path)
    }

    /// Locates a diagnostic found at `pointer` in the file `path`: sets the pack, the file, the
    /// pointer, and the line and column from the file's span table (the key of the nearest node
    /// that has a span, so a property's problem points at its name).
    ///
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use opencharacter_release::source::read_pack;
    /// use opencharacter_spec::diagnostic::{Diagnostic, codes};
    ///
    /// let dir = tempfile::tempdir()?;
    /// let pack = dir.path().join("demo").join("core");
    /// std::fs::create_dir_all(&pack)?;
    /// std::fs::write(
    ///     pack.join("pack.yaml"),
    ///     "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    /// )?;
    /// let source = read_pack(&pack, &Default::default());
    /// assert!(source.diagnostics.is_empty(), "{:?}", source.diagnostics);
    ///
    /// let found = Diagnostic::new(&codes::INVALID_ID)
    ///     .with_arg("id", "x")
    ///     .with_arg("reason", "an example");
    /// let located = source.locate("pack.yaml", "/license", found);
    /// assert_eq!(located.pack.as_ref().map(|p| p.as_str()), Some("demo-core"));
    /// assert_eq!(located.location.file.as_deref(), Some("pack.yaml"));
    /// // `license: CC0-1.0`: the value, from column 10 to just past it.
    /// assert_eq!((located.location.line, located.location.column), (Some(4), Some(10)));
    /// assert_eq!(located.location.end_column, Some(17));
    /// # Ok(())
    /// # }
    /// ```
    pub fn locate(&self, path: &str, pointer: &str, diagnostic: Diagnostic) -> Diagnostic {
        let mut diagnostic = diagnostic.with_file(path).with_pointer(pointer);
        if let Some(id) = &self.id {
            diagnostic = diagnostic.with_pack(id.clone());
        }
        let span = self.file(path).and_then(|file| {
            if ABOUT_A_KEY.contains(&diagnostic.code.name) {
                let document = file.document.as_ref()?;
                let start = document.spans.locate(pointer)?;
                Some((start, document.spans.end_of(pointer, Some(start))))
            } else {
                file.locate_span(pointer)
            }
        });
        match span {
            Some((start, end)) => {
                let diagnostic = diagnostic.at(start.line, start.column);
                match end {
                    Some(end) => diagnostic.to(end.line, end.column),
                    None => diagnostic,
                }
            }
            None => diagnostic,
        }
    }

    /// Locates a diagnostic that already carries its pointer (into the file `path`), as
    /// [`PackSource::locate`] does.
    pub fn locate_pointer(&self, path: &str, diagnostic: Diagnostic) -> Diagnostic {
        let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
        self.locate(path, &pointer, diagnostic)
    }

    /// Reads a model type from a file's document, recovering
    /// ([`Document::deserialize_recovering`]): each node that does not fit is one `yaml-invalid`
    /// (or `invalid-id`) diagnostic located at it, with the pack and file set, and the value is
    /// read from the rest. `None` when the file has no document (its reading already reported
    /// why).
    pub fn read_model<T: DeserializeOwned>(&self, file: &SourceFile) -> Option<ModelRead<T>> {
        let document = file.document.as_ref()?;
        let recovered = document.deserialize_recovering::<T>();
        let diagnostics = recovered
            .errors
            .iter()
            .map(|error| {
                let diagnostic = error.to_diagnostic().with_file(file.path.clone());
                match &self.id {
                    Some(id) => diagnostic.with_pack(id.clone()),
                    None => diagnostic,
                }
            })
            .collect();
        Some(ModelRead {
            value: recovered.value,
            diagnostics,
            removed: recovered.removed,
        })
    }

    /// Reads a model type from a file's document; the first mismatch is a `yaml-invalid`
    /// diagnostic located at the offending key, with the pack and file set. `None` when the
    /// file has no document (its reading already reported why).
    pub fn deserialize<T: DeserializeOwned>(
        &self,
        file: &SourceFile,
    ) -> Option<Result<T, Diagnostic>> {
        let document = file.document.as_ref()?;
        Some(document.deserialize().map_err(|error| {
            let diagnostic = error.to_diagnostic().with_file(file.path.clone());
            match &self.id {
                Some(id) => diagnostic.with_pack(id.clone()),
                None => diagnostic,
            }
        }))
    }

    /// The path to show for a file of this pack: the pack folder joined with `path`.
    pub fn display_path(&self, path: &str) -> PathBuf {
        path.split('/')
            .fold(self.root.clone(), |joined, segment| joined.join(segment))
    }
}

/// Everything read from the paths given: the packs, and the diagnostics that belong to no pack
/// (a path with no pack in it, a link in a folder of packs).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reading {
    /// The packs found, in the order found (paths in the order given, folders by name).
    pub packs: Vec<PackSource>,
    /// Diagnostics outside any pack; `file` is then the path as found on disk.
    pub diagnostics: Vec<Diagnostic>,
    /// The bound every pack's diagnostics share ([`Kept`]).
    pub budget: Budget,
}

impl Reading {
    /// Every diagnostic: those outside packs first, then each pack's.
    pub fn all_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .chain(self.packs.iter().flat_map(|pack| &pack.diagnostics))
    }

    /// Whether any diagnostic is an error (one not kept included: its note is then an error).
    pub fn has_errors(&self) -> bool {
        self.all_diagnostics().any(Diagnostic::is_error) || self.budget.not_kept().errors > 0
    }

    /// Adds the notes of what was not kept (`diagnostics-not-kept`): each file's to its pack,
    /// last, and the run's to the diagnostics outside packs. Called once, when every check has
    /// run.
    pub fn note_not_kept(&mut self) {
        for pack in &mut self.packs {
            for mut note in pack.diagnostics.file_notes() {
                note.pack.clone_from(&pack.id);
                pack.diagnostics.push_unbounded(note);
            }
        }
        self.diagnostics.extend(self.budget.run_note());
    }
}

/// Shown paths use `/` on every platform.
fn slash_path(path: &Path) -> String {
    path.components()
        // The root is an empty first segment, so `/tmp/x` stays `/tmp/x`, not `//tmp/x`.
        .map(|c| match c {
            std::path::Component::RootDir => "".into(),
            other => other.as_os_str().to_string_lossy(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests;
