//! [`AssembledPack`]'s methods: locating a diagnostic about the release in the file that wrote
//! it, and compiling formulas into the `formulas` table (the later passes that see dependency
//! content types), each fault located at its character.

use indexmap::IndexMap;
use opencharacter_spec::diagnostic::{Diagnostic, codes};
use opencharacter_spec::model::formulas::{FormulaKind, FormulaSite, release_formulas};
use opencharacter_spec::model::{CompiledFormula, ContentItem, ContentTypeDef};
use serde_json::Value;

use super::AssembledPack;
use crate::source::PackSource;

impl AssembledPack {
    /// Locates a diagnostic whose pointer is into the release: sets the file, the pointer in
    /// it and the line and column, through `source`'s span tables. A pointer no file holds
    /// (the formula table) keeps the release pointer and gets only the pack.
    pub fn locate(&self, source: &PackSource, diagnostic: Diagnostic) -> Diagnostic {
        let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
        match self.origins.file_pointer(&pointer) {
            Some((file, inner)) => source.locate(&file, &inner, diagnostic),
            None => match &source.id {
                Some(id) => diagnostic.with_pack(id.clone()),
                None => diagnostic,
            },
        }
    }

    /// Locates a diagnostic about a name inside a string (a formula's unresolved field name):
    /// as [`AssembledPack::locate`], then at the name's first character when the string at the
    /// pointer holds it.
    pub fn locate_name(
        &self,
        source: &PackSource,
        diagnostic: Diagnostic,
        name: &str,
    ) -> Diagnostic {
        let pointer = diagnostic.location.pointer.clone().unwrap_or_default();
        let located = self.locate(source, diagnostic);
        let Some((file, inner)) = self.origins.file_pointer(&pointer) else {
            return located;
        };
        let Some(file) = source.file(&file) else {
            return located;
        };
        let offset = file
            .value()
            .and_then(|value| value.pointer(&inner))
            .and_then(serde_json::Value::as_str)
            .and_then(|text| {
                // The name as a whole word (`level`, not the start of `levels`).
                let word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '@' | ':');
                text.match_indices(name)
                    .find(|(at, _)| {
                        let before = text[..*at].chars().next_back();
                        let after = text[at + name.len()..].chars().next();
                        !before.is_some_and(word) && !after.is_some_and(word)
                    })
                    .map(|(at, _)| text[..at].chars().count())
            });
        match offset.and_then(|offset| file.locate_in_string(&inner, offset)) {
            Some(position) => located.at(position.line, position.column),
            None => located,
        }
    }

    /// Compiles the formulas of the release the first pass could not type: content properties
    /// whose content type is a dependency's, found through `dependency_type`. Adds them to the
    /// `formulas` table; returns the parse errors, located.
    pub fn compile_more_formulas<'d>(
        &mut self,
        source: &PackSource,
        dependency_type: impl Fn(&ContentItem) -> Option<&'d ContentTypeDef>,
    ) -> Vec<Diagnostic> {
        let mut table = std::mem::take(&mut self.release.formulas);
        let mut out = Vec::new();
        let sites: Vec<FormulaSite<'_>> = release_formulas(&self.release, dependency_type)
            .into_iter()
            .filter(|site| !self.compiled_sites.contains(&site.pointer))
            .collect();
        let mut seen = Vec::new();
        for site in &sites {
            seen.push(site.pointer.clone());
            if let Some(diagnostic) = compile(site, &mut table).or_else(|| not_dice(site)) {
                out.push(self.locate_formula(source, site, diagnostic));
            }
        }
        self.compiled_sites.extend(seen);
        self.release.formulas = table;
        out
    }

    fn locate_formula(
        &self,
        source: &PackSource,
        site: &FormulaSite<'_>,
        (diagnostic, offset): (Diagnostic, usize),
    ) -> Diagnostic {
        let diagnostic = diagnostic.with_pointer(site.pointer.clone());
        let Some((file, inner)) = self.origins.file_pointer(&site.pointer) else {
            return self.locate(source, diagnostic);
        };
        let located = source.locate(&file, &inner, diagnostic);
        match source
            .file(&file)
            .and_then(|f| f.locate_in_string(&inner, offset))
        {
            Some(position) => located.at(position.line, position.column),
            None => located,
        }
    }
}

/// Parses one formula into the table; on failure, the diagnostic and the character offset
/// (0-based) where parsing failed.
fn compile(
    site: &FormulaSite<'_>,
    table: &mut IndexMap<String, CompiledFormula>,
) -> Option<(Diagnostic, usize)> {
    if table.contains_key(site.text) {
        return None;
    }
    match opencharacter_formula::parse(site.text) {
        Ok(tree) => {
            let compiled = CompiledFormula {
                text: tree.to_string(),
                // A tree always serializes: it is plain data.
                tree: serde_json::to_value(&tree).unwrap_or(Value::Null),
            };
            table.insert(site.text.to_owned(), compiled);
            None
        }
        Err(error) => {
            let offset = site
                .text
                .get(..error.offset)
                .map_or(error.column.saturating_sub(1), |before| {
                    before.chars().count()
                });
            Some((
                // A formula over the length limit is shown around the fault, not whole.
                Diagnostic::new(&codes::FORMULA_INVALID)
                    .with_arg(
                        "formula",
                        opencharacter_formula::excerpt(site.text, offset + 1).0,
                    )
                    .with_word(
                        "reason",
                        opencharacter_resolve::formula_words::parse_error(&error.kind),
                    )
                    .with_arg("error", error.kind.code()),
                offset,
            ))
        }
    }
}

/// A formula where the model expects dice that, from its tree alone, can never give dice or a
/// number (`formula-not-dice`), located at its start. One that does not parse is
/// `formula-invalid`'s.
fn not_dice(site: &FormulaSite<'_>) -> Option<(Diagnostic, usize)> {
    if site.kind != FormulaKind::Dice {
        return None;
    }
    let kinds = opencharacter_formula::parse(site.text).ok()?.kinds();
    if kinds.may_be_numeric() {
        return None;
    }
    Some((
        Diagnostic::new(&codes::FORMULA_NOT_DICE)
            .with_arg("formula", opencharacter_formula::excerpt(site.text, 1).0)
            .with_arg("found", kinds),
        0,
    ))
}
