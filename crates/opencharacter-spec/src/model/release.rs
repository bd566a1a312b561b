//! The pack release (`dist/release.json`): one pack, validated and built, as `load_ruleset`
//! takes it.

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::content::{ContentItem, Template};
use super::i18n::I18nFile;
use super::manifest::Manifest;
use super::rules::RulesDocument;
use super::upgrade::Upgrade;
use crate::ids::ContentId;

/// A built pack: its manifest, merged rules, content, templates, upgrade scripts, the text of
/// its default language, and the compiled formulas.
///
/// Formulas elsewhere stay as written; `formulas` maps each one's source text to its canonical
/// text and tree, so a port can look trees up instead of parsing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "OpenCharacter pack release (dist/release.json)")]
pub struct PackRelease {
    /// Optional `$schema` for editors; ignored by every tool.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The manifest, with its credit and notices.
    pub manifest: Manifest,
    /// Every rules file merged into one document.
    pub rules: RulesDocument,
    /// Every content file, by the ID its path gives (for an override, the path's ID), in path order.
    pub content: IndexMap<ContentId, ContentItem>,
    /// Every template, by ID, in path order.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub templates: IndexMap<ContentId, Template>,
    /// Every upgrade script, ordered by `from`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<Upgrade>,
    /// The default language's text, flat (`_meta` and every key).
    pub i18n: I18nFile,
    /// Every formula of the release: source text → canonical text and tree.
    pub formulas: IndexMap<String, CompiledFormula>,
}

/// A formula as the formula crate compiled it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CompiledFormula {
    /// The canonical text (one way to print every tree).
    pub text: String,
    /// The syntax tree, in the JSON shape of `formula-tree.schema.json` (owned by the formula
    /// crate; the spec crate does not look inside).
    pub tree: serde_json::Value,
}
