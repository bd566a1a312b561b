//! The side table of spans: JSON pointer → where the key and the value of that node start.

use std::collections::HashMap;

/// A place in a text: 1-based line and 1-based column, counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters (not bytes).
    pub column: u32,
}

impl Position {
    /// The position at `line`, `column` (both 1-based).
    pub const fn new(line: u32, column: u32) -> Position {
        Position { line, column }
    }

    /// The start of a text.
    pub const START: Position = Position { line: 1, column: 1 };
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Where one node of a document was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NodeSpan {
    /// Where its key starts, when the node is the value of a mapping entry.
    pub key: Option<Position>,
    /// Where the value starts (for an alias, where `*name` starts; for a block scalar, `|` or
    /// `>`, where its text starts on the next line).
    pub value: Position,
}

/// JSON pointer (RFC 6901) → [`NodeSpan`] for every node written in a document.
///
/// Nodes copied in by an alias have no entry of their own; [`Spans::locate`] falls back to the
/// nearest ancestor that has one, which for them is the alias.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spans {
    table: HashMap<String, NodeSpan>,
    /// Where a scalar value written on one line ends (just past its last character).
    value_ends: HashMap<String, Position>,
    /// Where a key ends (just past its last character).
    key_ends: HashMap<String, Position>,
}

impl Spans {
    /// The span recorded for exactly `pointer`.
    pub fn get(&self, pointer: &str) -> Option<&NodeSpan> {
        self.table.get(pointer)
    }

    /// How many nodes have a span.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether no node has a span (never true for a parsed document).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Where to point a reader for `pointer`: the key of the nearest node at or above it that
    /// has a span, else that node's value. A check that knows only a pointer lands on the line
    /// that names the offending property.
    pub fn locate(&self, pointer: &str) -> Option<Position> {
        self.nearest(pointer)
            .map(|span| span.key.unwrap_or(span.value))
    }

    /// Like [`Spans::locate`], but the start of the value rather than its key.
    pub fn locate_value(&self, pointer: &str) -> Option<Position> {
        self.nearest(pointer).map(|span| span.value)
    }

    fn nearest(&self, pointer: &str) -> Option<&NodeSpan> {
        let mut current = pointer;
        loop {
            if let Some(span) = self.table.get(current) {
                return Some(span);
            }
            match current.rfind('/') {
                Some(cut) => current = &current[..cut],
                None => return None,
            }
        }
    }

    /// Every pointer with its span, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &NodeSpan)> {
        self.table
            .iter()
            .map(|(pointer, span)| (pointer.as_str(), span))
    }

    /// Where the text that starts at `start` for `pointer` ends, when it is on one line: the
    /// key's end when `start` is the key of the nearest node with a span, the value's end when
    /// it is its value. Diagnostics underline from `start` to here.
    ///
    /// ```
    /// use opencharacter_spec::yaml::{Document, Position};
    /// let document = Document::parse("extends: weapons.longswrd\n").unwrap();
    /// let value = document.spans.locate_value("/extends");
    /// assert_eq!(document.spans.end_of("/extends", value), Some(Position::new(1, 26)));
    /// let key = document.spans.locate("/extends");
    /// assert_eq!(document.spans.end_of("/extends", key), Some(Position::new(1, 8)));
    /// ```
    pub fn end_of(&self, pointer: &str, start: Option<Position>) -> Option<Position> {
        let start = start?;
        let mut current = pointer;
        loop {
            if let Some(span) = self.table.get(current) {
                if span.key == Some(start) {
                    return self.key_ends.get(current).copied();
                }
                if span.value == start {
                    return self.value_ends.get(current).copied();
                }
                return None;
            }
            current = &current[..current.rfind('/')?];
        }
    }

    pub(super) fn insert_end(&mut self, pointer: String, end: Position) {
        self.value_ends.insert(pointer, end);
    }

    pub(super) fn insert_key_end(&mut self, pointer: String, end: Position) {
        self.key_ends.insert(pointer, end);
    }

    pub(super) fn insert(&mut self, pointer: String, span: NodeSpan) {
        self.table.insert(pointer, span);
    }
}
