//! Translations: which text a player reads, in which language, with which direction.
//!
//! **Owns:** lookup with language fallback ([`Translator`]): the player's language, then each
//! shorter form of its tag (`zh-Hant-TW` → `zh-Hant` → `zh`), then the pack's default language,
//! an empty text counting as untranslated; numbered names ("Goblin 2"), by key and number and
//! by reverse lookup of the default-language text; BCP 47 tags parsed and normalised
//! ([`LanguageTag`]); the build checks of i18n files and the coverage report ([`checks`]);
//! the spec's standard text in the languages shipped ([`standard`]); the pack index
//! ([`index`]: its model, checks and writer). With the `install` feature: the installer of
//! releases and language packs ([`install`]), its store ([`store`]) and HTTP client ([`http`]).
//!
//! **Does not own:** the i18n file model (`opencharacter-spec`), reading files (the release
//! crate), or rules. Translations change only what is shown: the translator borrows text and
//! rulesets immutably and answers with new strings, so IDs, rules, formulas and what is told
//! to a game master keep the pack's default language ([`Translator::default_text`]).
//!
//! Depends on `opencharacter-spec` only. Without the `install` feature it touches neither the
//! file system nor the network.
//!
//! ```
//! use opencharacter_i18n::{LanguageTag, PackText, Translator, text::LanguageText};
//! use opencharacter_spec::model::I18nFile;
//! use opencharacter_spec::yaml;
//!
//! let en: I18nFile = yaml::from_str(
//!     "_meta: {language: en, direction: ltr}\ncontent:\n  monsters.goblin.name: Goblin\n  conditions.prone.name: Prone\n",
//! )?;
//! let ar: I18nFile = yaml::from_str(
//!     "_meta: {language: ar, direction: rtl}\ncontent.monsters.goblin.name: عفريت\ncontent.conditions.prone.name: \"\"\n",
//! )?;
//! let mut text = PackText::new("demo-core".parse()?, LanguageText::from_file(&en)?);
//! text.add_file(&ar)?;
//!
//! let translator = Translator::new("ar-EG".parse::<LanguageTag>()?, [&text]);
//! let goblin = translator.reverse("Goblin 3").unwrap();
//! assert_eq!(goblin.text, "عفريت 3");
//! assert_eq!(goblin.language.as_str(), "ar");
//! assert_eq!(goblin.direction, opencharacter_spec::standard_text::Direction::Rtl);
//! // Empty in Arabic: English answers, and says so.
//! let prone = translator.find("content.conditions.prone.name").unwrap();
//! assert_eq!((prone.text.as_str(), prone.language.as_str()), ("Prone", "en"));
//! assert!(prone.is_fallback());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod checks;
#[cfg(feature = "install")]
pub mod http;
pub mod index;
#[cfg(feature = "install")]
pub mod install;
pub mod standard;
#[cfg(feature = "install")]
pub mod store;
pub mod tag;
pub mod text;
mod translator;

pub use tag::{LanguageTag, TagError};
pub use text::{LanguageText, PackText, Texts};
pub use translator::{Answered, Translation, Translator};
