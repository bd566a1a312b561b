//! Upgrade scripts: migrating saved characters between pack versions (`rename`, `route`,
//! `routeLive`, `setColumn`, moving off deprecated content), and their build-time checks.
//!
//! **Owns:** what happens to a character's values when a pack changes shape, and refusing
//! scripts that could lose or overwrite data.
//!
//! **Does not own:** evaluating the migrated character (`opencharacter-sheet`) or reading files.
//!
//! Depends on `opencharacter-spec`, `-formula`, `-resolve` and `-sheet`. Its contents arrive with
//! the migrations issue.
