//! The evaluation engine's shared parts: formula parsing with a cache, name resolution for
//! each formula's pack, and the environment formulas read.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use opencharacter_formula::{
    Environment, EvalError, EvalErrorKind, Expr, Number, OutOfRange, Value,
};
use opencharacter_resolve::formula_words::parse_error;
use opencharacter_resolve::{NameKind, Resolver};
use opencharacter_spec::diagnostic::Phrase;
use opencharacter_spec::ids::{
    ContentId, FieldId, PackId, Qualified, QualifiedContentId, QualifiedFieldId, Reference,
};
use opencharacter_spec::model::{Character, Ruleset};

use crate::holdings::Holdings;

/// Parsed formulas by their text, kept across evaluations against one ruleset.
pub(crate) type ParseCache = RefCell<HashMap<String, Rc<Result<Expr, Phrase>>>>;

/// A formula name's key in the cache: the reading pack, the explicit pack, the name.
type NameKey = (PackId, Option<String>, String);

/// What a formula reads a name as, for the names that are not fields.
pub(crate) type Extra = HashMap<String, Value>;

/// Parsed formulas, names resolved per pack, and the ruleset they belong to.
pub(crate) struct Engine<'a> {
    pub(crate) ruleset: &'a Ruleset,
    pub(crate) character: &'a Character,
    pub(crate) resolver: Resolver<'a>,
    parsed: &'a ParseCache,
    /// Analysed dice, by canonical text.
    pub(crate) dice: &'a crate::rolls::DiceCache,
    /// Bare names by the pack that reads them (the common case, looked up without allocating).
    bare_names: RefCell<HashMap<PackId, HashMap<String, Option<QualifiedFieldId>>>>,
    names: RefCell<HashMap<NameKey, Option<QualifiedFieldId>>>,
    content: RefCell<HashMap<PackId, HashMap<String, Option<QualifiedContentId>>>>,
    /// Setting values, by qualified ID.
    pub(crate) settings: HashMap<QualifiedFieldId, Value>,
    /// Situational choices taken for a roll, whose `modify` effects apply.
    pub(crate) situational: Vec<QualifiedFieldId>,
    /// Whether the character is a stat block's sheet (its first listed item is the subject).
    pub(crate) stat_block: bool,
}

impl<'a> Engine<'a> {
    pub(crate) fn new(
        ruleset: &'a Ruleset,
        character: &'a Character,
        parsed: &'a ParseCache,
        dice: &'a crate::rolls::DiceCache,
    ) -> Self {
        Engine {
            ruleset,
            character,
            resolver: Resolver::new(ruleset),
            parsed,
            dice,
            bare_names: RefCell::default(),
            names: RefCell::default(),
            content: RefCell::default(),
            settings: HashMap::new(),
            situational: Vec::new(),
            stat_block: false,
        }
    }

    /// The parsed formula, or why it does not parse (kept, so each text parses once).
    pub(crate) fn parse(&self, text: &str) -> Rc<Result<Expr, Phrase>> {
        if let Some(found) = self.parsed.borrow().get(text) {
            return Rc::clone(found);
        }
        let parsed = Rc::new(opencharacter_formula::parse(text).map_err(|e| parse_error(&e.kind)));
        self.parsed
            .borrow_mut()
            .insert(text.to_owned(), Rc::clone(&parsed));
        parsed
    }

    /// Resolves a reference to a rules item of `kind`, written in pack `ctx`. Homebrew
    /// references are qualified; a local one written in homebrew searches the packs in load
    /// order.
    pub(crate) fn resolve_kind(
        &self,
        ctx: &PackId,
        reference: &Reference<FieldId>,
        kind: NameKind,
    ) -> Option<QualifiedFieldId> {
        if ctx.is_homebrew()
            && let Reference::Local(local) = reference
        {
            return self.ruleset.packs.iter().find_map(|pack| {
                let candidate =
                    Reference::Qualified(Qualified::new(pack.id.clone(), local.clone()));
                self.resolver.resolve_kind(&pack.id, &candidate, kind).ok()
            });
        }
        self.resolver.resolve_kind(ctx, reference, kind).ok()
    }

    /// The item a formula name (`abilities.str.mod`, `@pack:name`) read in pack `ctx` names.
    pub(crate) fn name(
        &self,
        ctx: &PackId,
        pack: Option<&str>,
        name: &str,
    ) -> Option<QualifiedFieldId> {
        if pack.is_none() {
            if let Some(found) = self.bare_names.borrow().get(ctx).and_then(|m| m.get(name)) {
                return found.clone();
            }
        } else {
            let key = (ctx.clone(), pack.map(str::to_owned), name.to_owned());
            if let Some(found) = self.names.borrow().get(&key) {
                return found.clone();
            }
        }
        let found = name.parse::<FieldId>().ok().and_then(|local| {
            let reference = match pack {
                None => Reference::Local(local),
                Some(pack) => Reference::Qualified(Qualified::new(pack.parse().ok()?, local)),
            };
            self.resolve_kind(ctx, &reference, NameKind::FormulaName)
        });
        match pack {
            None => {
                self.bare_names
                    .borrow_mut()
                    .entry(ctx.clone())
                    .or_default()
                    .insert(name.to_owned(), found.clone());
            }
            Some(pack) => {
                let key = (ctx.clone(), Some(pack.to_owned()), name.to_owned());
                self.names.borrow_mut().insert(key, found.clone());
            }
        }
        found
    }

    /// The content a `has` / `count` argument or a grant written in pack `ctx` names.
    pub(crate) fn content_id(&self, ctx: &PackId, text: &str) -> Option<QualifiedContentId> {
        if let Some(found) = self.content.borrow().get(ctx).and_then(|m| m.get(text)) {
            return found.clone();
        }
        let found = text
            .parse::<Reference<ContentId>>()
            .ok()
            .and_then(|reference| self.resolve_content(ctx, &reference));
        self.content
            .borrow_mut()
            .entry(ctx.clone())
            .or_default()
            .insert(text.to_owned(), found.clone());
        found
    }

    /// Resolves a content reference written in pack `ctx` (homebrew content included).
    pub(crate) fn resolve_content(
        &self,
        ctx: &PackId,
        reference: &Reference<ContentId>,
    ) -> Option<QualifiedContentId> {
        match reference {
            Reference::Qualified(id) if id.pack.is_homebrew() => self
                .character
                .homebrew
                .content
                .contains_key(&id.local)
                .then(|| id.clone()),
            Reference::Local(local) if ctx.is_homebrew() => {
                let own = Qualified::new(PackId::homebrew(), local.clone());
                if self.character.homebrew.content.contains_key(local) {
                    return Some(own);
                }
                self.ruleset.packs.iter().find_map(|pack| {
                    let id = Qualified::new(pack.id.clone(), local.clone());
                    self.ruleset.content.contains_key(&id).then_some(id)
                })
            }
            _ => self.resolver.content(ctx, reference).ok(),
        }
    }
}

/// What a formula sees: the values computed so far, the settings and what the character owns.
pub(crate) struct Env<'e, 'a> {
    pub(crate) engine: &'e Engine<'a>,
    pub(crate) ctx: &'e PackId,
    pub(crate) values: &'e HashMap<QualifiedFieldId, Value>,
    pub(crate) owned: &'e Holdings,
    pub(crate) extra: Option<&'e Extra>,
}

impl Environment for Env<'_, '_> {
    fn field(&self, pack: Option<&str>, name: &str) -> Option<Value> {
        if pack.is_none()
            && let Some(value) = self.extra.and_then(|extra| extra.get(name))
        {
            return Some(value.clone());
        }
        if let Some(id) = self.engine.name(self.ctx, pack, name) {
            return self.values.get(&id).cloned();
        }
        // `settings.<id>` reads a setting, as `setting("<id>")` does.
        match (pack, name.strip_prefix("settings.")) {
            (None, Some(setting)) => self.setting(setting),
            _ => None,
        }
    }

    fn setting(&self, id: &str) -> Option<Value> {
        let reference: Reference<FieldId> = id.parse().ok()?;
        let id = self
            .engine
            .resolve_kind(self.ctx, &reference, NameKind::Setting)?;
        self.engine.settings.get(&id).cloned()
    }

    fn has(&self, content: &str) -> bool {
        self.count(content) > 0
    }

    fn count(&self, content: &str) -> i64 {
        self.engine
            .content_id(self.ctx, content)
            .map_or(0, |id| self.owned.count(&id))
    }

    fn total(&self, property: &str, tag: Option<&str>) -> Result<Number, EvalErrorKind> {
        self.owned.total(property, tag)
    }

    fn tagged(&self, tag: &str) -> Result<i64, EvalErrorKind> {
        self.owned.tagged(tag)
    }

    /// A content item's levels, else a content type's (an ID naming both reads the item).
    fn levels(&self, id: &str) -> Result<i64, EvalErrorKind> {
        if let Some(item) = self.engine.content_id(self.ctx, id) {
            return self.owned.levels_in(&item);
        }
        let reference: Reference<FieldId> = id
            .parse()
            .map_err(|_| EvalErrorKind::UnknownAggregate(format!("levels(\"{id}\")")))?;
        match self
            .engine
            .resolve_kind(self.ctx, &reference, NameKind::ContentType)
        {
            Some(content_type) => self.owned.levels_of_type(&content_type),
            None => Ok(0),
        }
    }

    fn first(&self, id: &str) -> Result<bool, EvalErrorKind> {
        Ok(self
            .engine
            .content_id(self.ctx, id)
            .is_some_and(|item| self.owned.first(&item)))
    }

    fn linked(&self, tag: &str) -> Result<i64, EvalErrorKind> {
        self.owned.linked(tag)
    }
}

impl Env<'_, '_> {
    /// Evaluates a formula that must not roll: a formula with dice is refused rather than
    /// rolled, so a sheet never changes between two reads.
    pub(crate) fn value(&self, expr: &Expr) -> Result<Value, EvalError> {
        let mut roller = NoRoll(false);
        let value = expr.eval(self, &mut roller)?;
        if roller.0 {
            return Err(EvalError {
                kind: EvalErrorKind::OutOfRange(OutOfRange::DiceWhereFixed),
                at: expr.to_string(),
            });
        }
        Ok(value)
    }

    /// The fields a formula names that resolve to nothing with a value, among `failed`.
    pub(crate) fn failed_dependency(
        &self,
        error: &EvalError,
        failed: &HashSet<QualifiedFieldId>,
    ) -> bool {
        let EvalErrorKind::UnknownField(name) = &error.kind else {
            return false;
        };
        let (pack, name) = match name.strip_prefix('@').and_then(|n| n.split_once(':')) {
            Some((pack, name)) => (Some(pack), name),
            None => (None, name.as_str()),
        };
        self.engine
            .name(self.ctx, pack, name)
            .is_some_and(|id| failed.contains(&id))
    }
}

/// A roller that notes that a formula tried to roll (and gives 1), so a fixed value is never
/// a rolled one.
struct NoRoll(bool);

impl opencharacter_formula::Roller for NoRoll {
    fn roll(&mut self, _sides: u64) -> u64 {
        self.0 = true;
        1
    }
}
