//! Unit tests of the YAML reader: spans, recovery and the errors it reports.

use proptest::prelude::*;
use serde::Deserialize;
use serde_json::json;

use super::*;

fn parse(text: &str) -> Document {
    Document::parse(text).unwrap_or_else(|errors| panic!("{text:?}: {errors:?}"))
}

fn errors(text: &str) -> Vec<YamlError> {
    match Document::parse(text) {
        Ok(document) => panic!("{text:?} parsed: {:?}", document.value),
        Err(errors) => errors,
    }
}

fn at(line: u32, column: u32) -> Position {
    Position::new(line, column)
}

#[test]
fn value_keeps_key_order_and_core_types() {
    let document = parse("b: 1\na: [x, 'y', 2.5, true, ~]\nc: \"3\"\n");
    assert_eq!(
        document.value,
        json!({"b": 1, "a": ["x", "y", 2.5, true, null], "c": "3"})
    );
    let keys: Vec<&String> = document.value.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["b", "a", "c"]);
}

#[test]
fn spans_give_key_and_value_of_every_node() {
    let text = "\
id: 5e-srd-5.1
notices:
  orc: text
list:
  - first
  - {a: 1, b: [x, y]}
\"we/ird~\": 1
";
    let document = parse(text);
    let span = |pointer: &str| *document.spans.get(pointer).unwrap();
    assert_eq!(span("").value, at(1, 1));
    assert_eq!(
        span("/id"),
        NodeSpan {
            key: Some(at(1, 1)),
            value: at(1, 5)
        }
    );
    assert_eq!(span("/notices").key, Some(at(2, 1)));
    assert_eq!(
        span("/notices/orc"),
        NodeSpan {
            key: Some(at(3, 3)),
            value: at(3, 8)
        }
    );
    assert_eq!(
        span("/list/0"),
        NodeSpan {
            key: None,
            value: at(5, 5)
        }
    );
    assert_eq!(span("/list/1").value, at(6, 5));
    assert_eq!(
        span("/list/1/a"),
        NodeSpan {
            key: Some(at(6, 6)),
            value: at(6, 9)
        }
    );
    assert_eq!(span("/list/1/b/1").value, at(6, 19));
    assert_eq!(
        span("/we~1ird~0"),
        NodeSpan {
            key: Some(at(7, 1)),
            value: at(7, 12)
        }
    );
    assert_eq!(
        document.spans.len(),
        12,
        "11 nodes below the root, and the root"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let document = parse("ñandú: ¿qué?\nnombre: x\n");
    assert_eq!(document.spans.get("/ñandú").unwrap().value, at(1, 8));
    let document = parse("a: [é, ü, x]\n");
    assert_eq!(document.spans.get("/a/2").unwrap().value, at(1, 11));
}

#[test]
fn locate_falls_back_to_the_nearest_ancestor() {
    let document = parse("base: &b {x: 1, y: [1, 2]}\ncopy: *b\n");
    assert_eq!(document.value["copy"], json!({"x": 1, "y": [1, 2]}));
    // The copy has no spans of its own: its nodes point at the alias's key.
    assert_eq!(document.spans.get("/copy/y/1"), None);
    assert_eq!(document.locate("/copy/y/1"), at(2, 1));
    assert_eq!(document.spans.locate_value("/copy/y/1"), Some(at(2, 7)));
    assert_eq!(document.locate("/base/y/1"), at(1, 24));
    assert_eq!(document.locate("/nowhere/at/all"), at(1, 1));
}

#[test]
fn empty_text_is_null() {
    assert_eq!(parse("").value, json!(null));
    assert_eq!(parse("# only a comment\n").value, json!(null));
}

#[test]
fn syntax_errors_are_located() {
    let errors = errors("a: [1, 2\nb: 3\n");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind, YamlErrorKind::Syntax);
    assert!(errors[0].line.is_some() && errors[0].column.is_some());
    let errors = self::errors("a: *nothing\n");
    assert_eq!(errors[0].kind, YamlErrorKind::Syntax);
    assert_eq!(errors[0].position(), Some(at(1, 4)));
}

#[test]
fn duplicate_keys_name_both_places_and_all_are_collected() {
    let text = "a: 1\nb:\n  x: 1\n  y: 2\n  x: 3\na: {x: 1, x: 2}\n";
    let errors = errors(text);
    let found: Vec<_> = errors
        .iter()
        .map(|e| {
            (
                e.kind.clone(),
                e.pointer.as_deref().unwrap(),
                e.position().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                YamlErrorKind::DuplicateKey {
                    key: "x".into(),
                    first: at(3, 3)
                },
                "/b/x",
                at(5, 3)
            ),
            (
                YamlErrorKind::DuplicateKey {
                    key: "a".into(),
                    first: at(1, 1)
                },
                "/a",
                at(6, 1)
            ),
        ],
        "the duplicate's own value is dropped unchecked, so its inner `x` is not reported"
    );
    assert_eq!(
        errors[1].to_string(),
        "the key `a` is already in this mapping, at line 1, column 1 (line 6, column 1)"
    );
}

#[test]
fn unsupported_features_are_refused() {
    for text in [
        "a: !custom 1\n",
        "a: !custom [1]\n",
        "base: &b {x: 1}\nc:\n  <<: *b\n",
        "? [a, b]\n: 1\n",
        "a: .inf\n",
        "a: 99999999999999999999\n",
        "a: 1\n---\nb: 2\n",
        "&a [*a]\n",
        "x: &k key\n*k : 1\n",
    ] {
        let errors = errors(text);
        assert_eq!(
            errors[0].kind,
            YamlErrorKind::Unsupported,
            "{text:?}: {errors:?}"
        );
        assert!(errors[0].position().is_some(), "{text:?}");
    }
    // Core tags are fine.
    assert_eq!(
        parse("a: !!str 12\nb: !!float 1\n").value,
        json!({"a": "12", "b": 1.0})
    );
}

#[test]
fn unsupported_positions() {
    let first = |text: &str| errors(text)[0].position().unwrap();
    assert_eq!(first("a: !custom 1\n"), at(1, 12));
    assert_eq!(first("base: &b {x: 1}\nc:\n  <<: *b\n"), at(3, 3));
    assert_eq!(first("a: .inf\n"), at(1, 4));
}

#[test]
fn billion_laughs_is_refused_at_the_node_budget() {
    let mut text = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for level in 1..10 {
        let previous = format!("*a{}", level - 1);
        let list = [previous.as_str(); 9].join(", ");
        text.push_str(&format!("a{level}: &a{level} [{list}]\n"));
    }
    let errors = errors(&text);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind, YamlErrorKind::Limit);
    assert!(
        errors[0].message.contains("1000000 nodes"),
        "{}",
        errors[0].message
    );
    // Level 6 is the first whose copies pass a million nodes (9^7 > 10^6 > 9^6 + …).
    assert_eq!(errors[0].line, Some(7));
}

#[test]
fn aliases_are_counted() {
    let limits = Limits {
        max_aliases: 3,
        ..Limits::default()
    };
    let text = "a: &x 1\nb: [*x, *x, *x, *x]\n";
    let errors = Document::parse_with_limits(text, limits).unwrap_err();
    assert_eq!(errors[0].kind, YamlErrorKind::Limit);
    assert_eq!(errors[0].position(), Some(at(2, 17)));
}

#[test]
fn deep_nesting_is_refused_flow_and_block() {
    let flow = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let errors = errors(&flow);
    assert_eq!(errors[0].kind, YamlErrorKind::Limit);
    assert_eq!(errors[0].position(), Some(at(1, 65)));

    // Indented mappings grow quadratically in bytes; 1,000 levels stay under the size limit.
    let mut block = String::new();
    for depth in 0..1_000 {
        block.push_str(&" ".repeat(depth));
        block.push_str("k:\n");
    }
    let errors = self::errors(&block);
    assert_eq!(errors[0].kind, YamlErrorKind::Limit);
    assert_eq!(errors[0].line, Some(65));

    let sequences = format!("{}x\n", "- ".repeat(10_000));
    assert_eq!(self::errors(&sequences)[0].kind, YamlErrorKind::Limit);

    // Exactly at the limit is fine.
    let ok = format!("{}{}", "[".repeat(64), "]".repeat(64));
    assert!(Document::parse(&ok).is_ok());
}

#[test]
fn size_limit() {
    let limits = Limits {
        max_bytes: 10,
        ..Limits::default()
    };
    let errors = Document::parse_with_limits("a: 123456789\n", limits).unwrap_err();
    assert_eq!(errors[0].kind, YamlErrorKind::Limit);
    assert_eq!(errors[0].to_diagnostic().code.name, "yaml-limit");
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Sample {
    name: String,
    #[serde(default)]
    inner: Vec<Inner>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Inner {
    x: u32,
}

#[test]
fn deserialize_locates_errors_at_the_offending_key() {
    let check = |text: &str, pointer: &str, position: Position, message: &str| {
        let error = parse(text).deserialize::<Sample>().unwrap_err();
        assert_eq!(error.kind, YamlErrorKind::Invalid, "{text:?}");
        assert_eq!(error.pointer.as_deref(), Some(pointer), "{text:?}");
        assert_eq!(error.position(), Some(position), "{text:?}");
        assert!(
            error.message.starts_with(message),
            "{text:?}: {}",
            error.message
        );
        let diagnostic = error.to_diagnostic();
        assert_eq!(diagnostic.code.name, "yaml-invalid");
        assert_eq!(diagnostic.location.pointer.as_deref(), Some(pointer));
    };
    check(
        "name: a\nnmae: b\n",
        "/nmae",
        at(2, 1),
        "unknown field `nmae`",
    );
    check(
        "name: 3\n",
        "/name",
        at(1, 1),
        "invalid type: integer `3`, expected a string",
    );
    check(
        "name: a\ninner:\n  - x: 1\n  - {x: 1, y: 2}\n",
        "/inner/1/y",
        at(4, 12),
        "unknown field `y`",
    );
    check(
        "name: a\ninner:\n  - x: 1\n  - x: no\n",
        "/inner/1/x",
        at(4, 5),
        "invalid type",
    );
    check(
        "name: a\ninner:\n  - {}\n",
        "/inner/0",
        at(3, 5),
        "missing field `x`",
    );
    check("inner: []\n", "", at(1, 1), "missing field `name`");
    check("", "", at(1, 1), "invalid type: null");
    assert_eq!(
        parse("name: a\ninner: [{x: 1}]\n")
            .deserialize::<Sample>()
            .unwrap(),
        Sample {
            name: "a".into(),
            inner: vec![Inner { x: 1 }]
        }
    );
}

#[test]
fn from_str_reports_the_first_error_located() {
    let error = from_str::<Sample>("name: a\nname: b\n").unwrap_err();
    assert!(matches!(error.kind, YamlErrorKind::DuplicateKey { .. }));
    let error = from_str::<Sample>("name: a\nextra: 1\n").unwrap_err();
    assert_eq!(error.position(), Some(at(2, 1)));
    assert_eq!(from_str::<Sample>("name: a\n").unwrap().name, "a");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}") {
        let _ = Document::parse(&text);
    }

    #[test]
    fn yamlish_text_never_panics_and_errors_are_located(
        text in "([-:&*!|>\\[\\]{},?#'\" \n\ta-c0-9]|<<|---|\\.\\.\\.){0,120}"
    ) {
        match Document::parse(&text) {
            Ok(document) => {
                // Every recorded pointer resolves in the value, unless an ancestor is an alias copy.
                for (pointer, _) in document.spans.iter() {
                    prop_assert!(document.value.pointer(pointer).is_some(), "{pointer}");
                }
            }
            Err(errors) => {
                prop_assert!(!errors.is_empty());
                for error in errors {
                    if error.kind != YamlErrorKind::Limit {
                        prop_assert!(error.position().is_some(), "{error:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn byte_order_mark_and_crlf_do_not_shift_positions() {
    let document = parse("\u{feff}a: 1\r\nb:\r\n  c: 2\r\n");
    assert_eq!(document.value, json!({"a": 1, "b": {"c": 2}}));
    assert_eq!(document.spans.get("/a").unwrap().key, Some(at(1, 1)));
    assert_eq!(document.spans.get("/b/c").unwrap().key, Some(at(3, 3)));
}

#[test]
fn an_id_that_does_not_parse_is_invalid_id_with_the_ids_own_reason() {
    #[derive(Debug, Deserialize)]
    struct Item {
        #[serde(rename = "type")]
        _kind: crate::ids::Reference<crate::ids::ContentId>,
        #[serde(default, rename = "fields")]
        _fields: indexmap::IndexMap<crate::ids::FieldId, u32>,
    }
    let error = parse("type: Gear\n").deserialize::<Item>().unwrap_err();
    assert_eq!(
        error.kind,
        YamlErrorKind::InvalidId {
            id: "Gear".to_owned()
        }
    );
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code.name, "invalid-id");
    assert_eq!(diagnostic.args["id"], "Gear");
    // The ID's own reason, typed: `IDs are lowercase` at column 1, in English and Spanish.
    assert_eq!(
        diagnostic.reason("reason").map(|r| r.key),
        Some("id-unexpected")
    );
    assert!(diagnostic.message().contains("column 1"), "{diagnostic:?}");
    let spanish = crate::standard_text::StandardText::bundled("es").unwrap();
    assert!(
        diagnostic.message_in(spanish).contains("en la columna 1"),
        "{}",
        diagnostic.message_in(spanish)
    );
    assert_eq!(diagnostic.location.pointer.as_deref(), Some("/type"));
    // An ID written as a key.
    let error = parse("type: gear\nfields: { str-mod: 3 }\n")
        .deserialize::<Item>()
        .unwrap_err();
    assert_eq!(
        error.kind,
        YamlErrorKind::InvalidId {
            id: "str-mod".to_owned()
        }
    );
    // Any other misfit stays `yaml-invalid`.
    let error = parse("type: 3\n").deserialize::<Item>().unwrap_err();
    assert_eq!(error.kind, YamlErrorKind::Invalid);
}
