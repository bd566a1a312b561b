//! The OpenCharacter formula language: parser, syntax tree, canonical printer, evaluator, dice
//! and exact odds.
//!
//! **Owns:** everything about formula text (`floor((abilities.str.score - 10) / 2)`,
//! `1d8 + abilities.str.mod`, `4d6kh3`): its grammar, its canonical form, its JSON tree, its
//! evaluation over a caller-supplied environment and the exact distribution of dice expressions.
//!
//! **Does not own:** what a name means. The formula crate knows nothing of packs, fields or
//! content: it reports the names a formula uses and asks the caller's environment for values.
//! It depends on no other crate of the workspace, so it can be used alone.
//!
//! The language itself arrives with its own issue; until then this crate holds only the lexical
//! rules that field IDs must agree with.

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
