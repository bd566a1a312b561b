//! Typed arguments of a diagnostic: the words of a message that are not the author's.
//!
//! A message names what the author wrote (an ID, a key, a value: plain text arguments) and
//! words of our own: a kind of thing ("content type"), a reason ("IDs are lowercase"), a type
//! described in words ("a number of at least 0"). Ours must read in the author's language, so a
//! crate that finds a problem never puts English into a diagnostic: it puts a typed value — a
//! [`Kind`], or a [`Phrase`] of a registered [`Reason`] with its own arguments — and the
//! standard text renders it per language (sections `kinds` and `reasons`). Other crates match
//! the typed value, never the English.

use indexmap::IndexMap;

use super::render_template;
use crate::standard_text::StandardText;

/// A registered reason: a key of the standard text's `reasons` section and the argument
/// names its template may use. The registry is [`super::reasons`].
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Reason {
    /// The stable kebab-case key (`id-uppercase`).
    pub key: &'static str,
    /// The argument names its template may use.
    pub args: &'static [&'static str],
}

/// A reason with its arguments: rendered from the standard text of the language shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// Which reason.
    pub reason: &'static Reason,
    /// Its arguments: plain text (what the author wrote) or typed words of their own.
    pub args: IndexMap<String, Word>,
}

impl Phrase {
    /// A phrase of `reason` with no arguments yet.
    pub fn new(reason: &'static Reason) -> Phrase {
        Phrase {
            reason,
            args: IndexMap::new(),
        }
    }

    /// Adds a plain text argument (what the author wrote, a number).
    pub fn with_arg(mut self, name: &str, value: impl std::fmt::Display) -> Phrase {
        self.args
            .insert(name.to_owned(), Word::Text(value.to_string()));
        self
    }

    /// Adds a typed argument (a kind, another phrase).
    pub fn with_word(mut self, name: &str, word: impl Into<Word>) -> Phrase {
        self.args.insert(name.to_owned(), word.into());
        self
    }

    /// The phrase in the given standard text, falling back to English.
    pub fn render(&self, text: &StandardText) -> String {
        let template = text
            .reasons
            .get(self.reason.key)
            .filter(|t| !t.is_empty())
            .or_else(|| StandardText::english().reasons.get(self.reason.key))
            .map_or(self.reason.key, String::as_str);
        let args = self
            .args
            .iter()
            .map(|(name, word)| (name.clone(), word.render(text)))
            .collect();
        render_template(template, &args)
    }

    /// The phrase in English.
    pub fn english(&self) -> String {
        self.render(StandardText::english())
    }

    /// Every reason this phrase uses, its own and its arguments' (for tests of coverage).
    pub fn reasons(&self) -> Vec<&'static Reason> {
        let mut out = vec![self.reason];
        for word in self.args.values() {
            if let Word::Phrase(inner) = word {
                out.extend(inner.reasons());
            }
        }
        out
    }
}

/// One typed argument: text as written, a kind, or a phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    /// Text that is the author's (an ID, a value) or a number: shown as is.
    Text(String),
    /// A kind of thing, from the standard text's `kinds`.
    Kind(Kind),
    /// A reason with its arguments, from the standard text's `reasons`.
    Phrase(Box<Phrase>),
    /// Another diagnostic's message, as the reason for this one (a layer effect skipped because
    /// the builder would refuse it): rendered in the same language as the message around it.
    Message(Box<super::Diagnostic>),
}

impl Word {
    /// The word in the given standard text, falling back to English.
    pub fn render(&self, text: &StandardText) -> String {
        match self {
            Word::Text(plain) => plain.clone(),
            Word::Kind(kind) => kind.render(text),
            Word::Phrase(phrase) => phrase.render(text),
            Word::Message(diagnostic) => diagnostic.message_in(text),
        }
    }
}

impl From<Kind> for Word {
    fn from(kind: Kind) -> Word {
        Word::Kind(kind)
    }
}

impl From<Phrase> for Word {
    fn from(phrase: Phrase) -> Word {
        Word::Phrase(Box::new(phrase))
    }
}

impl From<super::Diagnostic> for Word {
    fn from(diagnostic: super::Diagnostic) -> Word {
        Word::Message(Box::new(diagnostic))
    }
}

impl From<&'static Reason> for Phrase {
    fn from(reason: &'static Reason) -> Phrase {
        Phrase::new(reason)
    }
}

impl From<&'static Reason> for Word {
    fn from(reason: &'static Reason) -> Word {
        Word::Phrase(Box::new(Phrase::new(reason)))
    }
}

macro_rules! kinds {
    ($($(#[$doc:meta])* $variant:ident = $key:literal,)*) => {
        /// A kind of thing a diagnostic names ("content type", "field"): its key is the English
        /// word, a key of the standard text's `kinds`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Kind {
            $($(#[$doc])* $variant,)*
        }

        impl Kind {
            /// Every kind.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant),*];

            /// Its key in the standard text's `kinds` (the English word).
            pub fn key(self) -> &'static str {
                match self {
                    $(Kind::$variant => $key,)*
                }
            }
        }
    };
}

kinds! {
    /// A content item.
    Content = "content",
    /// A content type.
    ContentType = "content type",
    /// A name a formula reads.
    FieldName = "field name",
    /// A field.
    Field = "field",
    /// A link slot.
    LinkSlot = "link slot",
    /// A setting.
    Setting = "setting",
    /// A set of result bands.
    ResultBandSet = "result-band set",
    /// An action.
    Action = "action",
    /// A currency unit.
    CurrencyUnit = "currency unit",
    /// A currency family.
    CurrencyFamily = "currency family",
    /// A template.
    Template = "template",
    /// An enumerated field.
    EnumeratedField = "enumerated field",
    /// A display hint.
    DisplayHint = "display hint",
    /// What an effect targets.
    EffectTarget = "effect target",
    /// Content granted by other content.
    GrantedContent = "granted content",
    /// A loot table.
    LootTable = "loot table",
    /// A pool.
    Pool = "pool",
    /// A track.
    Track = "track",
    /// A wound track.
    WoundTrack = "wound track",
    /// A seller of the market.
    Seller = "seller",
    /// A situational choice.
    SituationalChoice = "situational choice",
    /// A resolution kind.
    ResolutionKind = "resolution kind",
    /// A choice.
    Choice = "choice",
    /// A constraint.
    Constraint = "constraint",
    /// An item.
    Item = "item",
    /// A layer.
    Layer = "layer",
    /// "a field", with its article (what a name also is).
    AField = "a field",
    /// "a pool", with its article.
    APool = "a pool",
    /// "a track", with its article.
    ATrack = "a track",
    /// A list field.
    List = "list",
    /// A coin (a currency unit a character holds).
    Coin = "coin",
    /// A filter of a catalog or a layer.
    Filter = "filter",
    /// A place of a market.
    Place = "place",
    /// The market of a pack.
    Market = "market",
    /// The item a roll is about, read as `item.<property>`.
    TheItem = "the item",
}

impl Kind {
    /// The kind whose key is `key`.
    pub fn from_key(key: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|kind| kind.key() == key)
    }

    /// The kind in the given standard text, falling back to English.
    pub fn render(self, text: &StandardText) -> String {
        text.kinds
            .get(self.key())
            .filter(|word| !word.is_empty())
            .or_else(|| StandardText::english().kinds.get(self.key()))
            .map_or(self.key(), String::as_str)
            .to_owned()
    }
}

impl std::fmt::Display for Kind {
    /// The English word, for logs; messages render it per language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

impl std::fmt::Display for Phrase {
    /// The phrase in English, for logs and `Display` of errors; messages render it per
    /// language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english())
    }
}

impl std::fmt::Display for Reason {
    /// The reason's English template, for a reason without arguments.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let english = StandardText::english();
        f.write_str(
            english
                .reasons
                .get(self.key)
                .map_or(self.key, String::as_str),
        )
    }
}

impl From<String> for Word {
    fn from(text: String) -> Word {
        Word::Text(text)
    }
}

impl From<&str> for Word {
    fn from(text: &str) -> Word {
        Word::Text(text.to_owned())
    }
}

/// A phrase in JSON: its stable `code` (the reason's key), its `args` (each plain text, a kind's
/// key, or a phrase of its own in this shape) and `text`, the phrase in English. A program
/// matches `code`; a reader in another language renders `code` and `args` through the standard
/// text of that language, as the command does with `--lang`.
impl serde::Serialize for Phrase {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("code", self.reason.key)?;
        map.serialize_entry("args", &self.args)?;
        map.serialize_entry("text", &self.english())?;
        map.end()
    }
}

impl serde::Serialize for Word {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Word::Text(plain) => serializer.serialize_str(plain),
            Word::Kind(kind) => serializer.serialize_str(kind.key()),
            Word::Phrase(phrase) => phrase.serialize(serializer),
            Word::Message(diagnostic) => {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("code", diagnostic.code.name)?;
                map.serialize_entry("text", &diagnostic.message())?;
                map.end()
            }
        }
    }
}
