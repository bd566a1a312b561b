//! Evaluating a character against a ruleset: derived fields, effects, rolls with odds and rules
//! issues.
//!
//! **Owns:** the computed sheet of a character: every value with where it came from, the rolls a
//! character can make with their odds, and the rules issues evaluation finds.
//!
//! **Does not own:** loading packs (`opencharacter-resolve`), migrating old characters
//! (`opencharacter-migrate`), or the formula language itself (`opencharacter-formula`).
//!
//! Depends on `opencharacter-spec`, `-formula` and `-resolve`. Its contents arrive with the
//! sheets issue.
