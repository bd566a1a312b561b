//! Ruleset layers: validating the variants a pack declares and applying a game's chosen ones.
//!
//! **Owns:** layer checks, `apply_layers` (ruleset + chosen layers → effective ruleset + report),
//! prices after coin removal, the purse line and loot rolls under the effective ruleset.
//!
//! **Does not own:** the ruleset's shape (`opencharacter-spec`) or how packs combine
//! (`opencharacter-resolve`). Layers never delete: what a layer removes stays, flagged withdrawn.
//!
//! Depends on `opencharacter-spec`, `-formula` and `-resolve`. Its contents arrive with the
//! layers issue.
