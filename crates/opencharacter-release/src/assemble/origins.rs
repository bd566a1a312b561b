//! Where each part of an assembled release was written ([`Origins`]), and how a pointer into
//! the release finds its file again; apart from the assembling so the mapping back to files, which
//! every located diagnostic goes through, is found by its name.

use indexmap::IndexMap;
use opencharacter_spec::ids::ContentId;
use opencharacter_spec::model::formulas::escape_segment;
use opencharacter_spec::pointer;
use serde_json::Value;

/// Where the parts of a release were written: which rules file defined each rules item, which
/// file holds each content item, template, language and upgrade script.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origins {
    /// Rules items: their pointer inside a rules document (`/fields/level`, `/live/pools/hp`,
    /// `/resolution`) → the rules file that defined it first.
    pub rules: IndexMap<String, String>,
    /// Content ID → content file.
    pub content: IndexMap<ContentId, String>,
    /// Template ID → template file.
    pub templates: IndexMap<ContentId, String>,
    /// Language → its i18n files, by path.
    pub i18n: IndexMap<String, Vec<String>>,
    /// Each upgrade script of `release.upgrades`, in the same order → its file.
    pub upgrades: Vec<String>,
    /// Every i18n key of each language → the file and pointer where it is written.
    pub i18n_keys: IndexMap<String, IndexMap<String, (String, String)>>,
}

impl Origins {
    /// The file and the pointer inside it for a pointer into the release, when the release
    /// part it names came from a file.
    pub fn file_pointer(&self, pointer: &str) -> Option<(String, String)> {
        let (head, rest) = pointer::split_first(pointer)?;
        match head.as_ref() {
            "manifest" => Some(("pack.yaml".to_owned(), rest.to_owned())),
            "rules" => {
                let item = rules_item_prefix(rest);
                let file = self.rules.get(&item).or_else(|| {
                    // A section as a whole (`/rules/fields`): the first file that has it.
                    self.rules
                        .iter()
                        .find(|(key, _)| key.starts_with(&format!("{rest}/")))
                        .map(|(_, file)| file)
                })?;
                Some((file.clone(), rest.to_owned()))
            }
            "content" | "templates" => {
                let (id, rest) = pointer::split_first(rest).unwrap_or_default();
                let id: ContentId = id.parse().ok()?;
                let map = if head == "content" {
                    &self.content
                } else {
                    &self.templates
                };
                map.get(&id).map(|file| (file.clone(), rest.to_owned()))
            }
            "i18n" => {
                let (language, _) = pointer::split_first(rest).unwrap_or_default();
                let files = if language.is_empty() {
                    self.i18n.values().next()?
                } else {
                    self.i18n.get(language.as_ref())?
                };
                files.first().map(|file| (file.clone(), String::new()))
            }
            "upgrades" => {
                let (index, rest) = pointer::split_first(rest).unwrap_or_default();
                let file = match index.parse::<usize>() {
                    Ok(index) => self.upgrades.get(index)?,
                    Err(_) => self.upgrades.first()?,
                };
                Some((file.clone(), rest.to_owned()))
            }
            _ => None,
        }
    }
}

/// The pointer of the rules item a pointer inside a rules document is in: `live` items are
/// three segments deep, `gm` guidance two, `resolution` and `market` one, every other section's
/// items two (`/fields/level/min` → `/fields/level`).
pub(super) fn rules_item_prefix(pointer: &str) -> String {
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    let depth = match segments.first().copied() {
        Some("live") => 3,
        Some("resolution" | "market" | "$schema") => 1,
        _ => 2,
    };
    segments
        .iter()
        .take(depth)
        .map(|segment| format!("/{segment}"))
        .collect()
}

/// The pointer inside a rules document of each item one file defines.
pub(super) fn rules_items(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(map) = value.as_object() else {
        return out;
    };
    for (section, body) in map {
        let at = format!("/{}", escape_segment(section));
        match (section.as_str(), body) {
            // Not a rules item: every file may name its schema.
            ("$schema", _) => {}
            ("resolution" | "market", _) => out.push(at),
            ("live" | "gm", Value::Object(inner)) if section == "gm" => {
                out.extend(inner.keys().map(|k| format!("{at}/{}", escape_segment(k))));
            }
            ("live", Value::Object(inner)) => {
                for (sub, items) in inner {
                    let sub_at = format!("{at}/{}", escape_segment(sub));
                    if let Value::Object(items) = items {
                        out.extend(
                            items
                                .keys()
                                .map(|k| format!("{sub_at}/{}", escape_segment(k))),
                        );
                    }
                }
            }
            (_, Value::Object(items)) => {
                out.extend(items.keys().map(|k| format!("{at}/{}", escape_segment(k))));
            }
            _ => out.push(at),
        }
    }
    out
}
