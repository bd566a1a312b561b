//! Building a JSON value and its span table from the parser's events, within [`Limits`].
//!
//! The builder keeps an explicit stack (no recursion), so nesting costs heap, not the call
//! stack, and it stops at the depth limit before the parser's own nesting limit is reached.

use std::collections::HashMap;

use serde_json::{Map, Value};
use serde_saphyr::granit_parser::{self, Event, Marker, Parser, ScalarStyle, Tag};

use super::error::{YamlError, YamlErrorKind};
use super::scalar;
use super::spans::{NodeSpan, Position, Spans};
use super::{Document, Limits};
use crate::diagnostic::{Phrase, reasons};
use crate::pointer::child as child_pointer;

fn position(marker: &Marker) -> Position {
    let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Position::new(
        clamp(marker.line()).max(1),
        clamp(marker.col()).saturating_add(1),
    )
}

/// A collection being built.
struct Frame {
    node: Node,
    pointer: String,
    anchor: usize,
    /// Nodes counted when it started; its size is the difference when it ends.
    nodes_at_start: usize,
    /// False inside the value of a duplicate key: built (its anchors may be used) but dropped,
    /// and its spans not recorded, so they cannot shadow the first occurrence's.
    record: bool,
}

enum Node {
    Sequence(Vec<Value>),
    Mapping {
        map: Map<String, Value>,
        /// The key read and waiting for its value: its text, where it starts, and whether the
        /// value is to be kept (false for a duplicate or a merge key).
        pending: Option<(String, Position, bool)>,
    },
}

/// Where the next node goes, seen from the top of the stack.
struct Slot {
    pointer: String,
    key: Option<Position>,
    record: bool,
}

pub(super) struct Builder<'a> {
    text: &'a str,
    limits: Limits,
    stack: Vec<Frame>,
    root: Option<Value>,
    spans: Spans,
    /// Where the current event ends (just past its last character).
    end: Position,
    /// Completed anchored nodes by anchor ID, with their node counts.
    anchors: HashMap<usize, (Value, usize)>,
    anchored_nodes: usize,
    nodes: usize,
    aliases: usize,
    documents: usize,
    errors: Vec<YamlError>,
}

/// Stops the build: the document cannot be read any further.
struct Abort;

impl<'a> Builder<'a> {
    pub(super) fn new(text: &'a str, limits: Limits) -> Builder<'a> {
        Builder {
            text,
            limits,
            stack: Vec::new(),
            root: None,
            spans: Spans::default(),
            end: Position::START,
            anchors: HashMap::new(),
            anchored_nodes: 0,
            nodes: 0,
            aliases: 0,
            documents: 0,
            errors: Vec::new(),
        }
    }

    pub(super) fn run(mut self) -> Result<Document, Vec<YamlError>> {
        if self.text.len() > self.limits.max_bytes {
            return Err(vec![YamlError::with_reason(
                YamlErrorKind::Limit,
                Phrase::new(&reasons::LIMIT_BYTES)
                    .with_arg("size", self.text.len())
                    .with_arg("limit", self.limits.max_bytes),
            )]);
        }
        // The parser's own nesting limits sit above ours, so ours answers first at the node
        // that crosses it; the scanner looks ahead up to 1024 characters for a simple key, so
        // the margin covers that. They stay as a second line of defence.
        let nesting = self.limits.max_depth.saturating_add(1100);
        let options = granit_parser::options! {
            flow_nesting_limit: nesting,
            block_nesting_limit: nesting,
        };
        let parser = Parser::new_from_str_with_options(self.text, options);
        for next in parser {
            match next {
                Ok((event, span)) => {
                    self.end = position(&span.end);
                    if self.event(event, position(&span.start)).is_err() {
                        break;
                    }
                }
                Err(error) => {
                    let error_at = Some(position(error.marker()));
                    let found = match error.kind() {
                        granit_parser::ErrorKind::RecursionLimitExceeded => YamlError::with_reason(
                            YamlErrorKind::Limit,
                            Phrase::new(&reasons::LIMIT_NESTING),
                        ),
                        _ => YamlError::new(YamlErrorKind::Syntax, error.info()),
                    };
                    self.errors.push(found.at(error_at));
                    break;
                }
            }
        }
        if !self.errors.is_empty() {
            return Err(self.errors);
        }
        if self.spans.get("").is_none() {
            // An empty text has no document event; its null value starts where the text does.
            self.spans.insert(
                String::new(),
                NodeSpan {
                    key: None,
                    value: Position::START,
                },
            );
        }
        Ok(Document {
            value: self.root.unwrap_or(Value::Null),
            spans: self.spans,
        })
    }

    fn fail(&mut self, kind: YamlErrorKind, reason: Phrase, at: Position) -> Abort {
        self.errors
            .push(YamlError::with_reason(kind, reason).at(Some(at)));
        Abort
    }

    fn event(&mut self, event: Event<'_>, at: Position) -> Result<(), Abort> {
        match event {
            Event::DocumentStart(..) => {
                self.documents += 1;
                if self.documents > 1 {
                    return Err(self.fail(
                        YamlErrorKind::Unsupported,
                        Phrase::new(&reasons::SECOND_DOCUMENT),
                        at,
                    ));
                }
                // The empty document is null; its span is the start of the text.
                self.spans.insert(
                    String::new(),
                    NodeSpan {
                        key: None,
                        value: at,
                    },
                );
            }
            Event::Scalar(text, style, anchor, tag) => {
                self.scalar(&text, style, anchor, tag.as_deref(), at)?;
            }
            Event::SequenceStart(_, anchor, tag) => {
                self.check_collection_tag(tag.as_deref(), "seq", at);
                self.start(Node::Sequence(Vec::new()), anchor, at)?;
            }
            Event::MappingStart(_, anchor, tag) => {
                self.check_collection_tag(tag.as_deref(), "map", at);
                self.start(
                    Node::Mapping {
                        map: Map::new(),
                        pending: None,
                    },
                    anchor,
                    at,
                )?;
            }
            Event::SequenceEnd | Event::MappingEnd => self.end(at)?,
            Event::Alias(id) => self.alias(id, at)?,
            Event::UnresolvedAlias(name) => {
                return Err(self.fail(
                    YamlErrorKind::Syntax,
                    Phrase::new(&reasons::SYNTAX_ALIAS).with_arg("name", name),
                    at,
                ));
            }
            // Stream and document ends, comments and anchor metadata carry no data.
            _ => {}
        }
        Ok(())
    }

    /// Where the next node goes; `None` when it is a mapping key.
    fn slot(&self) -> Option<Slot> {
        let Some(frame) = self.stack.last() else {
            return Some(Slot {
                pointer: String::new(),
                key: None,
                record: true,
            });
        };
        match &frame.node {
            Node::Sequence(items) => Some(Slot {
                pointer: child_pointer(&frame.pointer, &items.len().to_string()),
                key: None,
                record: frame.record,
            }),
            Node::Mapping { pending: None, .. } => None,
            Node::Mapping {
                pending: Some((key, key_at, keep)),
                ..
            } => Some(Slot {
                pointer: child_pointer(&frame.pointer, key),
                key: Some(*key_at),
                record: frame.record && *keep,
            }),
        }
    }

    fn count(&mut self, nodes: usize, at: Position) -> Result<(), Abort> {
        self.nodes = self.nodes.saturating_add(nodes);
        if self.nodes > self.limits.max_nodes {
            return Err(self.fail(
                YamlErrorKind::Limit,
                Phrase::new(&reasons::LIMIT_NODES).with_arg("limit", self.limits.max_nodes),
                at,
            ));
        }
        Ok(())
    }

    fn record(&mut self, slot: &Slot, at: Position) {
        if slot.record {
            self.spans.insert(
                slot.pointer.clone(),
                NodeSpan {
                    key: slot.key,
                    value: at,
                },
            );
        }
    }

    fn scalar(
        &mut self,
        text: &str,
        style: ScalarStyle,
        anchor: usize,
        tag: Option<&Tag>,
        at: Position,
    ) -> Result<(), Abort> {
        self.count(1, at)?;
        let Some(slot) = self.slot() else {
            if anchor != 0 {
                self.remember(anchor, &Value::String(text.to_owned()), 1, at)?;
            }
            return self.key(text, style, at);
        };
        self.record(&slot, at);
        if slot.record && self.end.line == at.line {
            self.spans.insert_end(slot.pointer.clone(), self.end);
        }
        let value = match (tag, style) {
            (Some(tag), _) => match core_suffix(tag) {
                Some(suffix) => scalar::tagged(text, suffix),
                None => Err(Phrase::new(&reasons::TAG_UNUSED).with_arg("tag", tag_text(tag))),
            },
            (None, ScalarStyle::Plain) => scalar::plain(text),
            (None, _) => Ok(Value::String(text.to_owned())),
        };
        let value = match value {
            Ok(value) => value,
            Err(message) => {
                // Keep going: the document is refused, but later problems still show.
                self.errors.push(
                    YamlError::with_reason(YamlErrorKind::Unsupported, message)
                        .at(Some(at))
                        .with_pointer(slot.pointer.clone()),
                );
                Value::Null
            }
        };
        if anchor != 0 {
            self.remember(anchor, &value, 1, at)?;
        }
        self.attach(value);
        Ok(())
    }

    /// A scalar in key position.
    fn key(&mut self, text: &str, style: ScalarStyle, at: Position) -> Result<(), Abort> {
        let Some(frame) = self.stack.last() else {
            return Ok(());
        };
        let record = frame.record;
        let pointer = child_pointer(&frame.pointer, text);
        let duplicate = matches!(&frame.node, Node::Mapping { map, .. } if map.contains_key(text));
        let mut keep = true;
        if duplicate {
            keep = false;
            if record {
                let first = self
                    .spans
                    .get(&pointer)
                    .and_then(|span| span.key)
                    .unwrap_or(Position::START);
                self.errors.push(
                    YamlError::new(
                        YamlErrorKind::DuplicateKey {
                            key: text.to_owned(),
                            first,
                        },
                        format!(
                            "the key `{text}` is already in this mapping, at line {}, column {}",
                            first.line, first.column
                        ),
                    )
                    .at(Some(at))
                    .with_pointer(pointer.clone()),
                );
            }
        } else if text == "<<" && style == ScalarStyle::Plain {
            keep = false;
            self.errors.push(
                YamlError::with_reason(
                    YamlErrorKind::Unsupported,
                    Phrase::new(&reasons::MERGE_KEY),
                )
                .at(Some(at))
                .with_pointer(pointer.clone()),
            );
        }
        if record && keep && self.end.line == at.line {
            self.spans.insert_key_end(pointer, self.end);
        }
        if let Some(Frame {
            node: Node::Mapping { pending, .. },
            ..
        }) = self.stack.last_mut()
        {
            *pending = Some((text.to_owned(), at, keep));
        }
        Ok(())
    }

    fn start(&mut self, node: Node, anchor: usize, at: Position) -> Result<(), Abort> {
        self.count(1, at)?;
        let Some(slot) = self.slot() else {
            return Err(self.fail(
                YamlErrorKind::Unsupported,
                Phrase::new(&reasons::KEY_NOT_SCALAR),
                at,
            ));
        };
        if self.stack.len() >= self.limits.max_depth {
            return Err(self.fail(
                YamlErrorKind::Limit,
                Phrase::new(&reasons::LIMIT_DEPTH).with_arg("limit", self.limits.max_depth),
                at,
            ));
        }
        self.record(&slot, at);
        self.stack.push(Frame {
            node,
            pointer: slot.pointer,
            anchor,
            nodes_at_start: self.nodes - 1,
            record: slot.record,
        });
        Ok(())
    }

    fn end(&mut self, at: Position) -> Result<(), Abort> {
        let Some(frame) = self.stack.pop() else {
            return Ok(());
        };
        let value = match frame.node {
            Node::Sequence(items) => Value::Array(items),
            Node::Mapping { map, .. } => Value::Object(map),
        };
        if frame.anchor != 0 {
            let size = self.nodes - frame.nodes_at_start;
            self.remember(frame.anchor, &value, size, at)?;
        }
        self.attach(value);
        Ok(())
    }

    fn alias(&mut self, id: usize, at: Position) -> Result<(), Abort> {
        self.aliases += 1;
        if self.aliases > self.limits.max_aliases {
            return Err(self.fail(
                YamlErrorKind::Limit,
                Phrase::new(&reasons::LIMIT_ALIASES).with_arg("limit", self.limits.max_aliases),
                at,
            ));
        }
        let Some((value, size)) = self.anchors.get(&id) else {
            // The parser resolves every alias to an earlier anchor, so a miss is an alias
            // inside the node it names, which would copy itself forever.
            return Err(self.fail(
                YamlErrorKind::Unsupported,
                Phrase::new(&reasons::ALIAS_RECURSIVE),
                at,
            ));
        };
        let (size, value) = (*size, value.clone());
        // Count the copy before it is attached: an alias bomb stops here, at the budget.
        self.count(size, at)?;
        let Some(slot) = self.slot() else {
            return Err(self.fail(
                YamlErrorKind::Unsupported,
                Phrase::new(&reasons::ALIAS_KEY),
                at,
            ));
        };
        self.record(&slot, at);
        self.attach(value);
        Ok(())
    }

    /// Keeps a copy of an anchored node for its aliases, within a budget of its own.
    fn remember(
        &mut self,
        anchor: usize,
        value: &Value,
        size: usize,
        at: Position,
    ) -> Result<(), Abort> {
        self.anchored_nodes = self.anchored_nodes.saturating_add(size);
        if self.anchored_nodes > self.limits.max_nodes {
            return Err(self.fail(
                YamlErrorKind::Limit,
                Phrase::new(&reasons::LIMIT_ANCHORED).with_arg("limit", self.limits.max_nodes),
                at,
            ));
        }
        self.anchors.insert(anchor, (value.clone(), size));
        Ok(())
    }

    fn attach(&mut self, value: Value) {
        match self.stack.last_mut() {
            None => self.root = Some(value),
            Some(frame) => match &mut frame.node {
                Node::Sequence(items) => items.push(value),
                Node::Mapping { map, pending } => {
                    if let Some((key, _, true)) = pending.take() {
                        map.insert(key, value);
                    }
                }
            },
        }
    }

    fn check_collection_tag(&mut self, tag: Option<&Tag>, expected: &str, at: Position) {
        if let Some(tag) = tag
            && core_suffix(tag) != Some(expected)
        {
            self.errors.push(
                YamlError::with_reason(
                    YamlErrorKind::Unsupported,
                    Phrase::new(&reasons::TAG_UNUSED).with_arg("tag", tag_text(tag)),
                )
                .at(Some(at)),
            );
        }
    }
}

/// The core-schema suffix of a tag (`str`, `int`, …); the non-specific `!` reads as `str`.
fn core_suffix(tag: &Tag) -> Option<&str> {
    if tag.handle() == "!" && tag.suffix().is_empty() {
        return Some("str");
    }
    tag.core_suffix()
}

fn tag_text(tag: &Tag) -> String {
    format!("{}{}", tag.original_handle(), tag.suffix())
}
