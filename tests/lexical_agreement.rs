//! The formula lexer and the `FieldId` grammar must agree: a field segment never reads as a
//! keyword or a dice term in a formula.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use opencharacter::formula;
use opencharacter::spec::ids;

#[test]
fn reserved_words_agree() {
    assert_eq!(ids::RESERVED_WORDS, formula::RESERVED_WORDS);
}

#[test]
fn dice_rules_agree() {
    for word in [
        "d20",
        "d6",
        "d100",
        "d0x",
        "dex",
        "d",
        "damage",
        "hit_dice_d6",
        "D20",
        "2d6",
        "d_6",
    ] {
        assert_eq!(
            ids::is_dice_term(word),
            formula::starts_dice_term(word),
            "{word}"
        );
    }
}
