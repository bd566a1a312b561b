//! The OpenCharacter formula language: parser, syntax tree, canonical printer, evaluator, dice
//! and exact odds.
//!
//! **Owns:** everything about formula text (`floor((abilities.str.score - 10) / 2)`,
//! `1d8 + abilities.str.mod`, `4d6kh3`): its grammar ([`parse`]), its canonical text (the
//! [`Display`](std::fmt::Display) of [`Expr`]), its JSON tree (serde on [`Expr`]), the names it
//! uses ([`Expr::references`]), its evaluation over a caller-supplied [`Environment`] and
//! [`Roller`] ([`Expr::eval`]), the exact distribution of its dice ([`Expr::analyze`]) and its
//! minimum, maximum and mean without rolling ([`Expr::bounds`]), the dice a formula gives for
//! an environment in canonical text ([`Expr::fold_dice`], [`Expr::plus`]), and the kinds of
//! value it can give, known from its tree alone ([`Expr::kinds`]).
//! The language is specified in `docs/spec/formulas.md`.
//!
//! **Does not own:** what a name means. The formula crate knows nothing of packs, fields or
//! content: it reports the names a formula uses and asks the caller's environment for values.
//! It depends on no other crate of the workspace, so it can be used alone.
//!
//! ```
//! use opencharacter_formula::{MapEnv, SplitMix64, Value, parse};
//!
//! let tree = parse("d20 + abilities.str.mod >= 15")?;
//! assert_eq!(tree.to_string(), "d20 + abilities.str.mod >= 15");
//! assert!(tree.references().fields.contains("abilities.str.mod"));
//!
//! let mut env = MapEnv::default();
//! env.fields.insert("abilities.str.mod".into(), Value::from(5));
//! let odds = tree.analyze(&env)?;
//! assert_eq!(odds.probability(&Value::Bool(true)).map(|p| p.to_string()), Some("11/20".into()));
//!
//! let rolled = tree.eval(&env, &mut SplitMix64::new(42))?;
//! assert!(matches!(rolled, Value::Bool(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bounds;
mod dist;
mod env;
mod error;
mod eval;
mod eval_error;
mod fold;
mod kinds;
mod number;
mod parse;
mod print;
mod sum;
mod tree;

pub use bounds::Bounds;
pub use dist::{Distribution, MAX_OUTCOMES, Probability};
pub use env::{Environment, MapEnv, MapItem};
pub use error::{EXCERPT_CHARS, Expected, ParseError, ParseErrorKind, excerpt};
pub use eval::{
    EvalError, EvalErrorKind, MAX_DICE, MAX_ROLLS, MAX_SIDES, Roller, SplitMix64, Value,
};
pub use eval_error::{Counted, OutOfRange, TypeName, Unbounded, Whole};
pub use kinds::{Kind, Kinds};
pub use number::{Number, Overflow};
pub use parse::parse;
pub use tree::{BinaryOp, DiceModifier, Expr, Function, Literal, References, TreeError, UnaryOp};

/// Longest formula accepted, in bytes.
pub const MAX_LEN: usize = 10_000;

/// Deepest nesting accepted: parentheses, prefix operators, calls and dice parts each count a
/// level while parsing, and the tree may be no deeper (a leaf is depth 1). A call or dice node
/// nests two JSON levels, so 60 keeps every tree's JSON within the 128 levels common JSON
/// readers (serde_json among them) accept.
pub const MAX_DEPTH: usize = 60;

/// Words the formula language reserves. `opencharacter-spec`'s `FieldId` refuses them as field
/// segments; a workspace test checks that both lists agree.
pub const RESERVED_WORDS: [&str; 6] = ["and", "or", "not", "true", "false", "if"];

/// Whether the lexer reads `word` as the start of a dice term: `d` followed by a digit.
///
/// ```
/// assert!(opencharacter_formula::starts_dice_term("d20"));
/// assert!(!opencharacter_formula::starts_dice_term("dex"));
/// ```
pub fn starts_dice_term(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.first() == Some(&b'd') && bytes.get(1).is_some_and(u8::is_ascii_digit)
}

/// The JSON Schema of the formula tree, as published in `schemas/formula-tree.schema.json`.
pub fn tree_schema() -> schemars::Schema {
    schemars::generate::SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<Expr>()
}
