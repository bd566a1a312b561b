//! Lookup: which text a player reads for a key, in which language, with which direction.

use std::collections::HashMap;
use std::fmt;

use opencharacter_spec::ids::{PackId, QualifiedContentId, QualifiedFieldId};
use opencharacter_spec::model::Ruleset;
use opencharacter_spec::standard_text::Direction;

use crate::tag::LanguageTag;
use crate::text::{PackText, Texts};

/// How the language that answered relates to the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answered {
    /// The language asked for answered.
    Requested,
    /// A shorter form of it answered (`pt` for `pt-BR`).
    Variant,
    /// Neither had a non-empty text: the pack's default language answered.
    Default,
}

/// A text to show, and the language it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translation {
    /// The text.
    pub text: String,
    /// The language that answered.
    pub language: LanguageTag,
    /// That language's text direction: lay the text out with it, not with the requested
    /// language's (an English fallback inside an Arabic screen still reads left to right).
    pub direction: Direction,
    /// How that language relates to the one asked for.
    pub answered: Answered,
    /// The pack whose text answered.
    pub pack: PackId,
    /// The key that answered.
    pub key: String,
}

impl Translation {
    /// Whether the text is not in the language asked for, nor in a shorter form of it.
    pub fn is_fallback(&self) -> bool {
        self.answered == Answered::Default
    }
}

impl fmt::Display for Translation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The text players read, in one language, for the packs of a ruleset.
///
/// A key is looked up in the pack's text in the language asked for, then in each shorter form
/// of its tag (`zh-Hant-TW`, `zh-Hant`, `zh`), then in the pack's default language; an empty
/// text counts as missing at every step. The translator only reads: it borrows the text and
/// (through [`Translator::for_ruleset`]) the ruleset immutably, and every answer is a new
/// `String`, so translating can never change an ID, a rule, a formula or the guidance given
/// to a game master, which keep the default language ([`Translator::default_text`]).
///
/// ```
/// use opencharacter_i18n::{LanguageTag, PackText, Translator, text::LanguageText, Answered};
/// use opencharacter_spec::standard_text::Direction;
///
/// let pack = "demo-core".parse().unwrap();
/// let lang = |tag: &str, pairs: &[(&str, &str)]| LanguageText {
///     language: tag.parse().unwrap(),
///     direction: Direction::Ltr,
///     text: pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
/// };
/// let mut text = PackText::new(pack, lang("en", &[
///     ("content.monsters.goblin.name", "Goblin"),
///     ("content.conditions.prone.name", "Prone"),
/// ]));
/// text.add(lang("pt", &[("content.monsters.goblin.name", "Goblin"), ("content.conditions.prone.name", "Caído")]));
/// text.add(lang("pt-BR", &[("content.conditions.prone.name", "")]));
///
/// let pt_br: LanguageTag = "pt_br".parse().unwrap();
/// let translator = Translator::new(pt_br, [&text]);
/// let prone = translator.find("content.conditions.prone.name").unwrap();
/// assert_eq!((prone.text.as_str(), prone.language.as_str()), ("Caído", "pt"));
/// assert_eq!(prone.answered, Answered::Variant);
/// assert_eq!(translator.shown("Goblin 2"), "Goblin 2");
/// assert_eq!(translator.shown("Prone"), "Caído");
/// ```
#[derive(Debug, Clone)]
pub struct Translator<'a> {
    language: LanguageTag,
    chain: Vec<LanguageTag>,
    packs: Vec<&'a PackText>,
    /// Default-language text → every (pack index, key) holding it, in load order and file order.
    reverse: HashMap<&'a str, Vec<(usize, &'a str)>>,
}

impl<'a> Translator<'a> {
    /// A translator for `language` over the text of `packs`, in load order (the order decides
    /// which pack answers a key or a reverse lookup that several packs could).
    pub fn new(language: LanguageTag, packs: impl IntoIterator<Item = &'a PackText>) -> Self {
        let packs: Vec<&'a PackText> = packs.into_iter().collect();
        let mut reverse = HashMap::new();
        for (index, pack) in packs.iter().enumerate() {
            for (key, text) in &pack.default_text().text {
                if !text.is_empty() {
                    reverse
                        .entry(text.as_str())
                        .or_insert_with(Vec::new)
                        .push((index, key.as_str()));
                }
            }
        }
        Translator {
            chain: language.chain().collect(),
            language,
            packs,
            reverse,
        }
    }

    /// A translator for the packs of a loaded ruleset, in its load order, reading their text
    /// from `texts` (a pack with no text there answers nothing). The ruleset is only read.
    pub fn for_ruleset(ruleset: &Ruleset, texts: &'a Texts, language: LanguageTag) -> Self {
        Translator::new(
            language,
            ruleset.packs.iter().filter_map(|pack| texts.get(&pack.id)),
        )
    }

    /// The language asked for.
    pub fn language(&self) -> &LanguageTag {
        &self.language
    }

    /// The packs it reads, in load order.
    pub fn packs(&self) -> impl Iterator<Item = &PackText> {
        self.packs.iter().copied()
    }

    /// The text of `key` in `pack`, in the player's language or the nearest one that has it.
    pub fn text(&self, pack: &PackId, key: &str) -> Option<Translation> {
        let pack = self.packs.iter().find(|text| &text.pack == pack)?;
        self.lookup(pack, key)
    }

    /// The text of `key` in the first pack, in load order, whose default language has it.
    /// Keys are local to a pack, so prefer [`Translator::text`] when the pack is known.
    pub fn find(&self, key: &str) -> Option<Translation> {
        self.packs
            .iter()
            .find(|pack| pack.default_text().get(key).is_some())
            .and_then(|pack| self.lookup(pack, key))
    }

    /// The name of a content item (`content.<id>.name` in the pack that defines it).
    pub fn content_name(&self, id: &QualifiedContentId) -> Option<Translation> {
        self.text(&id.pack, &format!("content.{}.name", id.local))
    }

    /// The label of a field or other rules item of `kind` (`field`, `action`, `layer`, …).
    pub fn label(&self, kind: &str, id: &QualifiedFieldId) -> Option<Translation> {
        self.text(&id.pack, &format!("{kind}.{}.label", id.local))
    }

    /// A numbered name by key and number: "Goblin 2" is the text of
    /// `content.monsters.goblin.name` followed by a space and the number, whatever it is.
    pub fn numbered(
        &self,
        pack: &PackId,
        key: &str,
        number: impl fmt::Display,
    ) -> Option<Translation> {
        let mut translation = self.text(pack, key)?;
        translation.text = format!("{} {number}", translation.text);
        Some(translation)
    }

    /// Reverse lookup of a text shown in a pack's default language (what a game log or a
    /// model wrote): the key whose default-language text it is, translated. A text that no key
    /// holds but that ends in a space and a number ("Goblin 2", "Goblin 10000000000000000000")
    /// reads the translation of the text before the number, with the number kept as written.
    /// `None` when no pack's default language holds the text.
    ///
    /// A text several keys hold (the 5e SRD's "Goblin" is a language and a monster) reads the
    /// first key, in load order and file order, that has a text in the language asked for or a
    /// shorter form of it; the first key of all when none has. A reverse lookup is asked for to
    /// translate: a key that would answer in the default language says less than one that
    /// translates ("Goblin 2" reads "Trasgo 2" in Spanish, the monster's name, because the
    /// language "Goblin" has no Spanish text).
    pub fn reverse(&self, shown: &str) -> Option<Translation> {
        if let Some(candidates) = self.reverse.get(shown) {
            return self.best(candidates);
        }
        let (base, number) = split_number(shown)?;
        let mut translation = self.best(self.reverse.get(base)?)?;
        translation.text = format!("{} {number}", translation.text);
        Some(translation)
    }

    /// The translation of the first candidate that translates, else of the first candidate.
    fn best(&self, candidates: &[(usize, &str)]) -> Option<Translation> {
        let translations = || {
            candidates
                .iter()
                .filter_map(|&(index, key)| self.lookup(self.packs[index], key))
        };
        translations()
            .find(|translation| !translation.is_fallback())
            .or_else(|| translations().next())
    }

    /// What to show for a default-language text: its translation when [`Translator::reverse`]
    /// finds one, else the text itself.
    pub fn shown(&self, shown: &str) -> String {
        self.reverse(shown)
            .map_or_else(|| shown.to_owned(), |translation| translation.text)
    }

    /// The text of `key` in the pack's default language only: for what is told to a game
    /// master or a model, and anything else that must not change with the player's language.
    pub fn default_text(&self, pack: &PackId, key: &str) -> Option<&'a str> {
        self.packs
            .iter()
            .find(|text| &text.pack == pack)
            .and_then(|text| text.default_text().get(key))
    }

    fn lookup(&self, pack: &PackText, key: &str) -> Option<Translation> {
        let answer = |text: &crate::text::LanguageText, answered| {
            text.get(key).map(|found| Translation {
                text: found.to_owned(),
                language: text.language.clone(),
                direction: text.direction,
                answered,
                pack: pack.pack.clone(),
                key: key.to_owned(),
            })
        };
        for (index, tag) in self.chain.iter().enumerate() {
            let answered = if index == 0 {
                Answered::Requested
            } else {
                Answered::Variant
            };
            if let Some(found) = pack.language(tag).and_then(|text| answer(text, answered)) {
                return Some(found);
            }
        }
        // The default language is the last step, even when it is a form of the requested tag
        // already tried (then it answered above, as Requested or Variant).
        answer(pack.default_text(), Answered::Default)
    }
}

/// Splits "Goblin 2" into ("Goblin", "2"): a text, one space, and ASCII digits to the end.
fn split_number(shown: &str) -> Option<(&str, &str)> {
    let digits = shown.len() - shown.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let (head, number) = shown.split_at(shown.len() - digits);
    let base = head.strip_suffix(' ')?;
    (!base.is_empty()).then_some((base, number))
}

#[cfg(test)]
mod tests {
    use super::split_number;

    #[test]
    fn numbers_split_off_the_end() {
        assert_eq!(split_number("Goblin 2"), Some(("Goblin", "2")));
        assert_eq!(split_number("Giant Rat 12"), Some(("Giant Rat", "12")));
        assert_eq!(split_number("Goblin"), None);
        assert_eq!(split_number("Goblin2"), None);
        assert_eq!(split_number(" 2"), None);
        assert_eq!(split_number("2"), None);
        assert_eq!(split_number("Orc  2"), Some(("Orc ", "2")));
    }
}
