//! Reference resolution: what a local reference written in a pack names in a loaded ruleset.
//!
//! A local reference (`weapons.longsword`, `abilities.str.mod`) resolves in the referring pack
//! first, then in that pack's **direct** dependencies in declaration order; dependencies of
//! dependencies are never searched (qualify those). A reference that is not in the pack and
//! matches in more than one direct dependency is ambiguous. Bare field names in formulas resolve
//! the same way. A qualified reference (`5e-srd-5.1:weapons.longsword`) names its pack outright.
//!
//! The validator and the sheet use [`Resolver`] over a loaded [`Ruleset`]; `load_ruleset` uses
//! it for content types and `extends` parents.

use opencharacter_spec::diagnostic::Kind;
use std::cell::OnceCell;
use std::collections::HashMap;

use indexmap::IndexMap;
use opencharacter_spec::ids::{
    ContentId, FieldId, PackId, Qualified, QualifiedContentId, QualifiedFieldId, Reference,
};
use opencharacter_spec::model::Ruleset;

/// Why a reference names nothing, or more than one thing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError<L: std::fmt::Display> {
    /// Neither the pack nor its direct dependencies have it (or the named pack lacks it).
    #[error("not found in the pack or its direct dependencies")]
    NotFound,
    /// A qualified reference names a pack that is not loaded.
    #[error("pack `{0}` is not loaded")]
    PackNotLoaded(PackId),
    /// Not in the pack, and in more than one direct dependency: each match, in declaration order.
    #[error("matches in several dependencies")]
    Ambiguous(Vec<Qualified<L>>),
}

/// Which kind of name a reference is looked up among.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NameKind {
    /// Content items.
    Content,
    /// Content types.
    ContentType,
    /// Names a formula may read: fields (parts flattened), pools, tracks and wound tracks.
    FormulaName,
    /// Fields only.
    Field,
    /// Link slots.
    LinkSlot,
    /// Settings.
    Setting,
    /// Result-band sets.
    ResultBands,
    /// Actions.
    Action,
    /// Currency units (`gp`), inside each pack's currency families.
    CurrencyUnit,
    /// Templates.
    Template,
}

impl NameKind {
    /// The kind as diagnostics name it: a typed [`Kind`] the standard text words per language.
    pub fn describe(self) -> Kind {
        match self {
            NameKind::Content => Kind::Content,
            NameKind::ContentType => Kind::ContentType,
            NameKind::FormulaName => Kind::FieldName,
            NameKind::Field => Kind::Field,
            NameKind::LinkSlot => Kind::LinkSlot,
            NameKind::Setting => Kind::Setting,
            NameKind::ResultBands => Kind::ResultBandSet,
            NameKind::Action => Kind::Action,
            NameKind::CurrencyUnit => Kind::CurrencyUnit,
            NameKind::Template => Kind::Template,
        }
    }
}

/// Resolves references over a loaded ruleset. Free to build: the map from each pack to its
/// direct dependencies is made on first need, and a reference written in the last pack loaded
/// (the pack a validator checks) or found at once never needs it, so checking a pack costs the
/// pack, not the packs loaded before it (issue 22: a chain of 10,000 packs).
///
/// ```
/// use opencharacter_resolve::{LoadOptions, Resolver, load_ruleset};
/// use opencharacter_spec::ids::Reference;
/// use opencharacter_spec::model::PackRelease;
///
/// let release = |json: serde_json::Value| -> PackRelease { serde_json::from_value(json).unwrap() };
/// let base = release(serde_json::json!({
///     "manifest": {"id": "base", "version": "1.0.0", "specVersion": "1.0.0",
///                  "license": "CC0-1.0", "defaultLanguage": "en"},
///     "rules": {"contentTypes": {"weapon": {}}},
///     "content": {"weapons.sword": {"id": "weapons.sword", "type": "weapon"}},
///     "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
///     "formulas": {}
/// }));
/// let addon = release(serde_json::json!({
///     "manifest": {"id": "addon", "version": "1.0.0", "specVersion": "1.0.0",
///                  "license": "CC0-1.0", "defaultLanguage": "en",
///                  "dependencies": {"base": "^1.0.0"}},
///     "rules": {},
///     "content": {},
///     "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
///     "formulas": {}
/// }));
/// let (ruleset, diagnostics) = load_ruleset([&base, &addon], &LoadOptions::default());
/// assert!(diagnostics.is_empty(), "{diagnostics:?}");
///
/// let resolver = Resolver::new(&ruleset);
/// let sword: Reference<_> = "weapons.sword".parse()?;
/// let found = resolver.content(&"addon".parse()?, &sword).unwrap();
/// assert_eq!(found.to_string(), "base:weapons.sword");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Resolver<'r> {
    ruleset: &'r Ruleset,
    /// Each loaded pack's position in `ruleset.packs`, by ID, made on first need. It holds no
    /// borrow of the ruleset, so that a resolver stays covariant in `'r` as a plain map was.
    positions: OnceCell<HashMap<String, usize>>,
}

impl<'r> Resolver<'r> {
    /// A resolver over `ruleset`.
    pub fn new(ruleset: &'r Ruleset) -> Self {
        Resolver {
            ruleset,
            positions: OnceCell::new(),
        }
    }

    /// Each loaded pack's position, by pack ID (a loaded ruleset holds each pack once: a
    /// repeated one is left out of a load).
    fn positions(&self) -> &HashMap<String, usize> {
        self.positions.get_or_init(|| {
            let mut map = HashMap::with_capacity(self.ruleset.packs.len());
            for (at, pack) in self.ruleset.packs.iter().enumerate() {
                map.insert(pack.id.as_str().to_owned(), at);
            }
            map
        })
    }

    /// The direct dependencies of loaded pack `pack`: the last pack loaded without the map.
    fn dependencies_of(&self, pack: &str) -> Option<&'r IndexMap<PackId, String>> {
        let ruleset: &'r Ruleset = self.ruleset;
        match ruleset.packs.last() {
            Some(last) if last.id.as_str() == pack => Some(&last.dependencies),
            _ => self
                .positions()
                .get(pack)
                .map(|&at| &ruleset.packs[at].dependencies),
        }
    }

    /// The ruleset resolved against.
    pub fn ruleset(&self) -> &'r Ruleset {
        self.ruleset
    }

    /// Whether a pack is loaded.
    pub fn is_loaded(&self, pack: &str) -> bool {
        self.dependencies_of(pack).is_some()
    }

    /// Resolves `reference`, written in pack `from`, among the names `exists` accepts: the
    /// general form the typed methods below use, for any kind of name.
    pub fn resolve<L: Clone + std::fmt::Display>(
        &self,
        from: &PackId,
        reference: &Reference<L>,
        exists: impl Fn(&Qualified<L>) -> bool,
    ) -> Result<Qualified<L>, ResolveError<L>> {
        let local = match reference {
            Reference::Qualified(qualified) => {
                // A name found is of a loaded pack (a ruleset holds nothing else), so whether
                // the pack is loaded is asked only to say why a name is not found.
                if exists(qualified) {
                    return Ok(qualified.clone());
                }
                return if self.is_loaded(qualified.pack.as_str()) {
                    Err(ResolveError::NotFound)
                } else {
                    Err(ResolveError::PackNotLoaded(qualified.pack.clone()))
                };
            }
            Reference::Local(local) => local,
        };
        let own = Qualified::new(from.clone(), local.clone());
        if exists(&own) {
            return Ok(own);
        }
        let mut found: Vec<Qualified<L>> = Vec::new();
        if let Some(dependencies) = self.dependencies_of(from.as_str()) {
            // A dependency that is not loaded has no names in the ruleset: `exists` is false
            // for its candidate, with no need to ask whether it is loaded.
            for dependency in dependencies.keys() {
                let candidate = Qualified::new(dependency.clone(), local.clone());
                if exists(&candidate) {
                    found.push(candidate);
                }
            }
        }
        match found.len() {
            0 => Err(ResolveError::NotFound),
            1 => Ok(found.remove(0)),
            _ => Err(ResolveError::Ambiguous(found)),
        }
    }

    /// Resolves a reference among the names of `kind`.
    pub fn resolve_kind(
        &self,
        from: &PackId,
        reference: &Reference<FieldId>,
        kind: NameKind,
    ) -> Result<QualifiedFieldId, ResolveError<FieldId>> {
        let ruleset = self.ruleset;
        self.resolve(from, reference, |id| match kind {
            NameKind::ContentType => ruleset.content_types.contains_key(id),
            NameKind::FormulaName => {
                ruleset.fields.contains_key(id)
                    || ruleset.pools.contains_key(id)
                    || ruleset.tracks.contains_key(id)
                    || ruleset.wound_tracks.contains_key(id)
            }
            NameKind::Field => ruleset.fields.contains_key(id),
            NameKind::LinkSlot => ruleset.link_slots.contains_key(id),
            NameKind::Setting => ruleset.settings.contains_key(id),
            NameKind::ResultBands => ruleset.result_bands.contains_key(id),
            NameKind::Action => ruleset.actions.contains_key(id),
            NameKind::CurrencyUnit => currency_unit_exists(ruleset, id),
            // Content and templates have content IDs, not field IDs.
            NameKind::Content | NameKind::Template => false,
        })
    }

    /// Resolves a content reference (hidden content included: hiding never breaks a reference).
    pub fn content(
        &self,
        from: &PackId,
        reference: &Reference<ContentId>,
    ) -> Result<QualifiedContentId, ResolveError<ContentId>> {
        self.resolve(from, reference, |id| self.ruleset.content.contains_key(id))
    }

    /// Resolves a template reference.
    pub fn template(
        &self,
        from: &PackId,
        reference: &Reference<ContentId>,
    ) -> Result<QualifiedContentId, ResolveError<ContentId>> {
        self.resolve(from, reference, |id| {
            self.ruleset.templates.contains_key(id)
        })
    }

    /// Resolves a content-type reference.
    pub fn content_type(
        &self,
        from: &PackId,
        reference: &Reference<FieldId>,
    ) -> Result<QualifiedFieldId, ResolveError<FieldId>> {
        self.resolve_kind(from, reference, NameKind::ContentType)
    }

    /// Resolves a field reference (parts are fields of their own: `abilities.str.mod`).
    pub fn field(
        &self,
        from: &PackId,
        reference: &Reference<FieldId>,
    ) -> Result<QualifiedFieldId, ResolveError<FieldId>> {
        self.resolve_kind(from, reference, NameKind::Field)
    }

    /// Resolves a name as a formula of pack `from` reads it: `pack` is the formula's explicit
    /// pack (`@5e-srd-5.1:abilities.str.mod`), `None` for a bare name. A formula reads fields,
    /// pools, tracks and wound tracks by name. A name that is not a valid field ID is not found.
    pub fn formula_name(
        &self,
        from: &PackId,
        pack: Option<&str>,
        name: &str,
    ) -> Result<QualifiedFieldId, ResolveError<FieldId>> {
        let Ok(local) = name.parse::<FieldId>() else {
            return Err(ResolveError::NotFound);
        };
        let reference = match pack {
            None => Reference::Local(local),
            Some(pack) => match pack.parse::<PackId>() {
                Ok(pack) => Reference::Qualified(Qualified::new(pack, local)),
                Err(_) => return Err(ResolveError::NotFound),
            },
        };
        self.resolve_kind(from, &reference, NameKind::FormulaName)
    }
}

/// Whether a currency unit exists: units live inside families, and a unit's qualified ID is its
/// pack and its own ID (`5e-srd-5.1:gp`).
pub(crate) fn currency_unit_exists(ruleset: &Ruleset, id: &QualifiedFieldId) -> bool {
    ruleset
        .currencies
        .iter()
        .any(|(family, def)| family.pack == id.pack && def.units.contains_key(&id.local))
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencharacter_spec::model::{ContentItem, RulesetContent, RulesetPack};

    fn pack(id: &str, deps: &[&str]) -> RulesetPack {
        RulesetPack {
            id: id.parse().unwrap(),
            version: semver::Version::new(1, 0, 0),
            spec_version: semver::Version::new(1, 0, 0),
            license: opencharacter_spec::model::License("CC0-1.0".into()),
            credit: None,
            notices: IndexMap::new(),
            default_language: "en".into(),
            dependencies: deps
                .iter()
                .map(|d| (d.parse().unwrap(), "*".to_owned()))
                .collect(),
        }
    }

    fn with_content(ruleset: &mut Ruleset, id: &str) {
        ruleset.content.insert(
            id.parse().unwrap(),
            RulesetContent {
                item: ContentItem::default(),
                hidden_by: Vec::new(),
                withdrawn: false,
            },
        );
    }

    /// `a` ← `b` ← `c`, and `d` beside `b`: `c` depends on `b` and `d`.
    fn ruleset() -> Ruleset {
        let mut ruleset = Ruleset {
            packs: vec![
                pack("a", &[]),
                pack("b", &["a"]),
                pack("d", &[]),
                pack("c", &["b", "d"]),
            ],
            ..Ruleset::default()
        };
        for id in ["a:only-a", "b:both", "d:both", "c:own", "b:own", "b:in-b"] {
            with_content(&mut ruleset, id);
        }
        ruleset
    }

    fn content(
        resolver: &Resolver<'_>,
        from: &str,
        reference: &str,
    ) -> Result<String, ResolveError<ContentId>> {
        resolver
            .content(&from.parse().unwrap(), &reference.parse().unwrap())
            .map(|id| id.to_string())
    }

    #[test]
    fn own_pack_first_then_direct_dependencies() {
        let ruleset = ruleset();
        let resolver = Resolver::new(&ruleset);
        assert_eq!(content(&resolver, "c", "own").unwrap(), "c:own");
        assert_eq!(content(&resolver, "c", "in-b").unwrap(), "b:in-b");
        assert_eq!(content(&resolver, "b", "only-a").unwrap(), "a:only-a");
    }

    #[test]
    fn dependencies_of_dependencies_are_not_searched() {
        let ruleset = ruleset();
        let resolver = Resolver::new(&ruleset);
        assert_eq!(
            content(&resolver, "c", "only-a"),
            Err(ResolveError::NotFound)
        );
        assert_eq!(content(&resolver, "c", "a:only-a").unwrap(), "a:only-a");
    }

    #[test]
    fn two_dependencies_make_it_ambiguous_unless_the_pack_has_it() {
        let ruleset = ruleset();
        let resolver = Resolver::new(&ruleset);
        assert_eq!(
            content(&resolver, "c", "both"),
            Err(ResolveError::Ambiguous(vec![
                "b:both".parse().unwrap(),
                "d:both".parse().unwrap()
            ]))
        );
        assert_eq!(content(&resolver, "b", "both").unwrap(), "b:both");
    }

    #[test]
    fn qualified_references_name_their_pack() {
        let ruleset = ruleset();
        let resolver = Resolver::new(&ruleset);
        assert_eq!(
            content(&resolver, "c", "zz:own"),
            Err(ResolveError::PackNotLoaded("zz".parse().unwrap()))
        );
        assert_eq!(
            content(&resolver, "c", "a:own"),
            Err(ResolveError::NotFound)
        );
    }

    #[test]
    fn formula_names_resolve_like_references() {
        let mut ruleset = ruleset();
        let field: opencharacter_spec::model::FieldDef =
            serde_json::from_value(serde_json::json!({"type": "number"})).unwrap();
        ruleset
            .fields
            .insert("b:abilities.str.mod".parse().unwrap(), field.clone());
        ruleset.fields.insert("a:level".parse().unwrap(), field);
        let resolver = Resolver::new(&ruleset);
        let c: PackId = "c".parse().unwrap();
        assert_eq!(
            resolver
                .formula_name(&c, None, "abilities.str.mod")
                .unwrap()
                .to_string(),
            "b:abilities.str.mod"
        );
        assert_eq!(
            resolver.formula_name(&c, None, "level"),
            Err(ResolveError::NotFound)
        );
        assert_eq!(
            resolver
                .formula_name(&c, Some("a"), "level")
                .unwrap()
                .to_string(),
            "a:level"
        );
        assert_eq!(
            resolver.formula_name(&c, None, "not a name"),
            Err(ResolveError::NotFound)
        );
    }
}
