//! The check of a release's formula table: every entry is what the formula crate makes of its
//! text, and every formula the release uses is in it. A port may look trees up instead of
//! parsing, so a table that lies would make two implementations disagree.

use opencharacter_formula::parse;
use opencharacter_spec::diagnostic::{Diagnostic, Diagnostics, codes};
use opencharacter_spec::ids::Reference;
use opencharacter_spec::model::formulas::{escape_segment, release_formulas};
use opencharacter_spec::model::{ContentItem, ContentTypeDef, PackRelease, Ruleset};

/// Checks each entry of the table: its canonical `text` parses, prints back as itself, is what
/// its source text parses to, and its tree is the tree of that text (`formula-table-mismatch`).
pub fn check_table(release: &PackRelease) -> Diagnostics {
    let pack = &release.manifest.id;
    let mut diagnostics = Vec::new();
    for (source, compiled) in &release.formulas {
        let reason = match parse(&compiled.text) {
            Err(error) => Some(format!("its text does not parse ({error})")),
            Ok(tree) => {
                let canonical = tree.to_string();
                if canonical != compiled.text {
                    Some(format!("its text is not canonical (`{canonical}`)"))
                } else if serde_json::to_value(&tree).ok().as_ref() != Some(&compiled.tree) {
                    Some("its tree is not the tree of its text".to_owned())
                } else if source == &compiled.text {
                    None
                } else {
                    match parse(source) {
                        Err(error) => Some(format!("its source does not parse ({error})")),
                        Ok(from_source) if from_source != tree => Some(format!(
                            "its source reads as `{from_source}`, not as its text"
                        )),
                        Ok(_) => None,
                    }
                }
            }
        };
        if let Some(reason) = reason {
            diagnostics.push(
                Diagnostic::new(&codes::FORMULA_TABLE_MISMATCH)
                    .with_arg("pack", pack)
                    .with_arg("formula", opencharacter_formula::excerpt(source, 1).0)
                    .with_arg("reason", reason)
                    .with_pack(pack.clone())
                    .with_pointer(format!("/formulas/{}", escape_segment(source))),
            );
        }
    }
    diagnostics
}

/// Checks every formula the release uses is a key of its table (`formula-not-in-table`). Items
/// of a dependency's content type, and overrides, find their type in the loaded `ruleset`.
pub fn check_presence(release: &PackRelease, ruleset: &Ruleset) -> Diagnostics {
    let pack = &release.manifest.id;
    let loaded_type = |item: &ContentItem| -> Option<&ContentTypeDef> {
        let final_item = match (&item.overrides, &item.id) {
            (Some(target), _) => ruleset.content.get(target),
            (None, Some(id)) => ruleset
                .content
                .get(&opencharacter_spec::ids::Qualified::new(
                    pack.clone(),
                    id.clone(),
                )),
            (None, None) => None,
        }?;
        match final_item.item.content_type.as_ref()? {
            Reference::Qualified(qualified) => ruleset.content_types.get(qualified),
            Reference::Local(_) => None,
        }
    };
    release_formulas(release, loaded_type)
        .into_iter()
        .filter(|site| !release.formulas.contains_key(site.text))
        .map(|site| {
            Diagnostic::new(&codes::FORMULA_NOT_IN_TABLE)
                .with_arg("pack", pack)
                .with_arg("formula", opencharacter_formula::excerpt(site.text, 1).0)
                .with_pack(pack.clone())
                .with_pointer(site.pointer)
        })
        .collect()
}
