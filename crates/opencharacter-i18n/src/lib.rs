//! Translations: lookup with language fallback and numbered names; language packs, the pack index
//! and the installer with its store.
//!
//! **Owns:** which text a player reads for a key in a language; the installer (behind a cargo
//! feature) is, with the release builder and the command, one of the only places that touch the
//! file system or the network.
//!
//! **Does not own:** the i18n file model (`opencharacter-spec`) or rules: translations change only
//! what is shown.
//!
//! Depends on `opencharacter-spec` only. Its contents arrive with the translations issue.
