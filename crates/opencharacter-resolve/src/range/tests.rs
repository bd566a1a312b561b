//! Unit tests of version ranges: the npm forms (caret, tilde, x-ranges), prereleases, errors
//! with their column, serde and display, and that no text panics the parser; in their own file
//! to keep range.rs short.

use super::*;

fn v(text: &str) -> Version {
    Version::parse(text).unwrap()
}

fn check(range: &str, yes: &[&str], no: &[&str]) {
    let parsed: VersionRange = range.parse().unwrap();
    for version in yes {
        assert!(
            parsed.matches(&v(version)),
            "{range} should match {version}"
        );
    }
    for version in no {
        assert!(
            !parsed.matches(&v(version)),
            "{range} should not match {version}"
        );
    }
}

#[test]
fn caret_tilde_and_x_ranges() {
    check(
        "^1.2.0",
        &["1.2.0", "1.9.9"],
        &["2.0.0", "1.1.9", "1.3.0-beta"],
    );
    check("^0.2.3", &["0.2.3", "0.2.9"], &["0.3.0", "0.2.2"]);
    check("^0.0.3", &["0.0.3"], &["0.0.4", "0.0.2"]);
    check("~1.2", &["1.2.0", "1.2.9"], &["1.3.0", "1.1.0"]);
    check("1.x", &["1.0.0", "1.9.0"], &["2.0.0", "0.9.0"]);
    check("*", &["0.0.0", "99.0.0"], &["1.0.0-alpha"]);
    check(">=1.2 <2", &["1.2.0", "1.99.0"], &["2.0.0", "1.1.0"]);
    check("1.2 - 2.3.4", &["1.2.0", "2.3.4"], &["2.3.5", "1.1.9"]);
    check("1.2.3 - 2", &["2.9.9"], &["3.0.0"]);
    check("=v1.2.3", &["1.2.3", "1.2.3+build"], &["1.2.4"]);
    check("<=1.2", &["1.2.9"], &["1.3.0"]);
    check(">1", &["2.0.0"], &["1.9.9"]);
    check(">*", &[], &["0.0.0", "1.0.0"]);
}

#[test]
fn prereleases_match_only_on_the_same_tuple() {
    check(
        ">=1.2.3-beta",
        &["1.2.3-beta", "1.2.3-beta.2", "1.2.3", "1.5.0"],
        &["1.2.4-beta", "1.2.3-alpha"],
    );
    check("* || 1.0.0-beta", &["1.0.0"], &["1.0.0-beta"]);
    check("1.0.0-beta || 2", &["1.0.0-beta", "2.1.0"], &["2.1.0-rc.1"]);
}

#[test]
fn errors_name_the_column() {
    let cases = [
        ("^1.2.O", 6, RangeErrorKind::Unexpected('O')),
        (">=1.2.3<2", 8, RangeErrorKind::ExpectedSeparator),
        ("01.2", 1, RangeErrorKind::LeadingZero),
        ("1.x.3", 5, RangeErrorKind::NumberAfterWildcard),
        ("1 - 2 3", 7, RangeErrorKind::HyphenNotAlone),
        (">=", 3, RangeErrorKind::ExpectedVersion),
        ("é1", 1, RangeErrorKind::Unexpected('é')),
        ("1.2.3-", 7, RangeErrorKind::BadIdentifier("prerelease")),
        ("^9007199254740991", 2, RangeErrorKind::NumberTooLarge),
    ];
    for (text, column, kind) in cases {
        let error = VersionRange::parse(text).unwrap_err();
        assert_eq!((error.column, &error.kind), (column, &kind), "{text}");
    }
    let error = VersionRange::parse(&"1".repeat(MAX_RANGE_LEN + 1)).unwrap_err();
    assert_eq!(error.kind, RangeErrorKind::TooLong);
    assert_eq!(
        VersionRange::parse("^1.2.O").unwrap_err().to_string(),
        "invalid version range `^1.2.O` at column 6: unexpected `O`"
    );
}

#[test]
fn serde_round_trips_through_the_text() {
    let range: VersionRange = serde_json::from_str("\"~1.2 || >=3\"").unwrap();
    assert!(range.matches(&v("3.1.0")));
    assert_eq!(serde_json::to_string(&range).unwrap(), "\"~1.2 || >=3\"");
    let error = serde_json::from_str::<VersionRange>("\"1.2.3.4\"").unwrap_err();
    assert!(error.to_string().contains("column 6"), "{error}");
}

#[test]
fn displays_as_written() {
    for text in ["^1.2.0", " >= 1.2  <2 ", "1.2 - 2.3.4 || *", ""] {
        assert_eq!(VersionRange::parse(text).unwrap().to_string(), text);
    }
}

proptest::proptest! {
    /// Any text parses or fails with a column inside it (or just past its end); never a panic.
    #[test]
    fn the_parser_never_panics(text in "\\PC{0,40}") {
        if let Err(error) = VersionRange::parse(&text) {
            proptest::prop_assert!(error.column >= 1 && error.column <= text.chars().count() + 1);
        }
    }

    /// Text made of the grammar's own characters reaches deep into the parser.
    #[test]
    fn range_like_text_never_panics(text in "[0-9xX*vV.^~<>=| +-]{0,30}", version in (0u64..4, 0u64..4, 0u64..4)) {
        if let Ok(range) = VersionRange::parse(&text) {
            let _ = range.matches(&Version::new(version.0, version.1, version.2));
            proptest::prop_assert_eq!(range.to_string(), text);
        }
    }
}
