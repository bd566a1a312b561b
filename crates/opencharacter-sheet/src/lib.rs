//! Evaluating a character against a ruleset: derived fields, effects, rolls with odds and rules
//! issues.
//!
//! **Owns:** the computed sheet of a character ([`evaluate`] → [`Sheet`]): every field's value
//! with the formula and effects that made it, settings, live state (pools with their maxima,
//! plain and wound tracks), lists, the purse, what the character owns (listed, granted,
//! picked, with templates applied and its own homebrew), the rolls it can make as formulas
//! ready to roll with their exact odds against the ruleset's result bands ([`analyze_check`]):
//! the actions', and each owned item's as its content type declares them at every value of
//! their parameters ([`Sheet::content_rolls`] reads them against a target), the sheet of a
//! stat block ([`evaluate_stat_block`]: a monster), and the rules issues: `check_character`'s from `opencharacter-resolve` plus what evaluation
//! finds (failed constraints, values out of bounds, open choices, deprecated content, …).
//! How a sheet is computed is specified in `docs/spec/characters.md`.
//!
//! **Does not own:** loading packs (`opencharacter-resolve`), migrating old characters
//! (`opencharacter-migrate`), layers (`opencharacter-layers`), or the formula language and its
//! dice math (`opencharacter-formula`: every distribution here is the formula crate's).
//!
//! Depends on `opencharacter-spec`, `-formula` and `-resolve`.
//!
//! ```
//! use opencharacter_sheet::{EvaluateOptions, RollKind, evaluate};
//! use opencharacter_spec::model::{Character, Ruleset};
//!
//! let ruleset: Ruleset = serde_json::from_value(serde_json::json!({
//!     "packs": [{"id": "g", "version": "1.0.0", "specVersion": "1.0.0",
//!                "license": "CC0-1.0", "defaultLanguage": "en"}],
//!     "fields": {
//!         "g:skills.athletics": {"type": "number", "default": 3},
//!         "g:proficiency": {"type": "number", "formula": "2"}
//!     },
//!     "resolution": {"pack": "g", "resolution": {"kind": "dice-sum", "dice": "1d20",
//!         "difficultyLadder": [{"label": "medium", "dc": 15}]}},
//!     "actions": {"g:athletics": {"use": {"check": "skills.athletics + proficiency"}}}
//! }))?;
//! let character: Character = opencharacter_spec::yaml::from_str("packs: { g: 1.0.0 }\n")?;
//! let sheet = evaluate(&ruleset, &character, &EvaluateOptions::default());
//! let RollKind::Check(check) = &sheet.roll("g:athletics").unwrap().kind else { panic!() };
//! assert_eq!(check.formula, "d20 + 5");
//! // Athletics +5 vs DC 15: 55%.
//! assert_eq!(check.odds[0].success.unwrap().percent(), 55.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod engine;
mod evaluate;
mod holdings;
mod item_scope;
mod rolls;
mod value;

#[cfg(test)]
mod tests;

pub use evaluate::{
    AppliedEffect, EffectSource, EvaluateOptions, Evaluator, FieldValue, Origin, OwnedItem,
    PoolValue, PurseFamily, RegainValue, ResourceValue, Sheet, StatBlockError, TrackValue,
    ValueSource, WoundTrackValue, evaluate, evaluate_stat_block, stat_block_character,
};
pub use rolls::{
    Advantage, CheckInput, CheckOdds, CheckRoll, DiceRoll, Difficulty, Odds, Roll, RollError,
    RollKind, RollOptions, RollSource, SaveRoll, analyze_check,
};
pub use value::SheetValue;
