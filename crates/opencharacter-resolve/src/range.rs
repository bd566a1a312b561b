//! npm-style version ranges (node-semver's range grammar) over [`semver::Version`].
//!
//! Packs are published as npm packages, so `dependencies` ranges read the way npm reads them:
//! `^1.2.0`, `~1.2`, `1.x`, `*`, `>=1.2 <2`, `1.2 - 2.3.4`, alternatives joined by `||`. The
//! grammar and the meaning follow node-semver's strict (non-loose) mode with its default
//! prerelease rule; `docs/spec/dependencies.md` is the reference and
//! `tests/data/npm-ranges.json` is a table of cases produced by npm's own `semver` package.
//!
//! # Syntax
//!
//! ```text
//! range-set   = alternative *( ws* "||" ws* alternative )
//! alternative = ws* ( hyphen | simple *( ws+ simple ) )? ws*
//! hyphen      = partial ws+ "-" ws+ partial
//! simple      = ( operator ws* )? partial
//! operator    = "<=" | ">=" | "<" | ">" | "=" | "~>" | "~" | "^"
//! partial     = "v"? xr ( "." xr ( "." xr prerelease? )? )? build?
//! xr          = "x" | "X" | "*" | "0" | [1-9] [0-9]*
//! prerelease  = "-" identifier *( "." identifier )
//! build       = "+" [0-9A-Za-z-]+ *( "." [0-9A-Za-z-]+ )
//! ```
//!
//! # Matching
//!
//! Each alternative desugars into comparators (`>=1.2.0 <2.0.0-0` for `^1.2`), and a version
//! matches when every comparator of some alternative holds. Build metadata is ignored. A version
//! with a prerelease (`1.3.0-beta`) matches an alternative only when one of its comparators
//! carries a prerelease on the same `major.minor.patch` (node-semver's default rule), so
//! `^1.2.0` does not pull in `1.3.0-beta` while `>=1.3.0-alpha` does.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use semver::{Prerelease, Version};

/// Longest range text accepted, in bytes: ranges are short, and the limit keeps hostile input cheap.
pub const MAX_RANGE_LEN: usize = 1024;

/// Largest number accepted in a version (node-semver's limit, JavaScript's `MAX_SAFE_INTEGER`).
pub const MAX_NUMBER: u64 = 9_007_199_254_740_991;

/// Why a range did not parse, with the 1-based column (in characters) of the fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid version range `{range}` at column {column}: {kind}")]
pub struct RangeError {
    /// The range as written (cut to [`MAX_RANGE_LEN`] bytes when it was too long).
    pub range: String,
    /// 1-based column, counted in characters, where the fault is.
    pub column: usize,
    /// What is wrong there.
    pub kind: RangeErrorKind,
}

/// What is wrong with a range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RangeErrorKind {
    /// The text is longer than [`MAX_RANGE_LEN`].
    #[error("longer than {MAX_RANGE_LEN} bytes")]
    TooLong,
    /// A version was expected here.
    #[error("expected a version (a number, `x` or `*`)")]
    ExpectedVersion,
    /// A number with a leading zero (`01`).
    #[error("numbers in versions have no leading zeros")]
    LeadingZero,
    /// A number beyond [`MAX_NUMBER`], or a bound computed from it that would be.
    #[error("number too large (the limit is {MAX_NUMBER})")]
    NumberTooLarge,
    /// A number after a wildcard (`1.x.3`, `*.2`).
    #[error("a number cannot follow a wildcard (`x` or `*`)")]
    NumberAfterWildcard,
    /// A prerelease or build identifier that is empty or badly formed.
    #[error("bad {0} identifier")]
    BadIdentifier(&'static str),
    /// A character that cannot stand here.
    #[error("unexpected `{0}`")]
    Unexpected(char),
    /// A hyphen range must be the whole alternative (`1 - 2`, not `1 - 2 <3`).
    #[error("a hyphen range stands alone between `||`")]
    HyphenNotAlone,
    /// Two comparators must be separated by whitespace (`>=1 <2`, not `>=1<2`).
    #[error("expected whitespace or `||` after a comparator")]
    ExpectedSeparator,
}

/// A comparison operator of a desugared comparator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
}

/// One desugared comparator: `*` (any) or an operator and a version (build metadata dropped).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Comparator {
    Any,
    Cmp(Op, Version),
}

impl Comparator {
    /// `<0.0.0-0`: nothing is below the smallest version, so nothing matches.
    fn is_null_set(&self) -> bool {
        matches!(self, Comparator::Cmp(Op::Lt, v) if v.major == 0 && v.minor == 0 && v.patch == 0 && v.pre.as_str() == "0")
    }

    fn holds(&self, version: &Version) -> bool {
        match self {
            Comparator::Any => true,
            Comparator::Cmp(op, bound) => {
                let ordering = compare(version, bound);
                match op {
                    Op::Lt => ordering == Ordering::Less,
                    Op::Le => ordering != Ordering::Greater,
                    Op::Gt => ordering == Ordering::Greater,
                    Op::Ge => ordering != Ordering::Less,
                    Op::Eq => ordering == Ordering::Equal,
                }
            }
        }
    }
}

/// Semver precedence: build metadata does not count (the `Ord` of [`Version`] orders by it).
fn compare(a: &Version, b: &Version) -> Ordering {
    (a.major, a.minor, a.patch)
        .cmp(&(b.major, b.minor, b.patch))
        .then_with(|| a.pre.cmp(&b.pre))
}

/// An npm-style version range, parsed. [`fmt::Display`] prints it as written.
///
/// ```
/// use opencharacter_resolve::range::VersionRange;
/// use semver::Version;
///
/// let range: VersionRange = "^1.2.0 || 2.x".parse()?;
/// assert!(range.matches(&Version::parse("1.9.3")?));
/// assert!(range.matches(&Version::parse("2.4.0")?));
/// assert!(!range.matches(&Version::parse("3.0.0")?));
/// assert!(!range.matches(&Version::parse("1.3.0-beta")?)); // prereleases only when named
/// assert_eq!(range.to_string(), "^1.2.0 || 2.x");
///
/// let error = "^1.2.O".parse::<VersionRange>().unwrap_err();
/// assert_eq!(error.column, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct VersionRange {
    text: String,
    /// Alternatives joined by `||`; each is a conjunction of comparators. Empty only when the
    /// whole range reduced to `*` across alternatives (see [`VersionRange::parse`]).
    alternatives: Vec<Vec<Comparator>>,
}

impl PartialEq for VersionRange {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for VersionRange {}

impl fmt::Display for VersionRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromStr for VersionRange {
    type Err = RangeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        VersionRange::parse(text)
    }
}

/// Written as its text; reading refuses a range that does not parse.
impl serde::Serialize for VersionRange {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> serde::Deserialize<'de> for VersionRange {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        VersionRange::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl VersionRange {
    /// Parses a range; the error names the column of the first fault.
    pub fn parse(text: &str) -> Result<VersionRange, RangeError> {
        if text.len() > MAX_RANGE_LEN {
            let mut cut = MAX_RANGE_LEN;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            return Err(RangeError {
                range: text[..cut].to_owned(),
                column: text[..cut].chars().count() + 1,
                kind: RangeErrorKind::TooLong,
            });
        }
        let fail = |byte: usize, kind: RangeErrorKind| RangeError {
            range: text.to_owned(),
            column: text[..byte.min(text.len())].chars().count() + 1,
            kind,
        };
        let mut alternatives = Vec::new();
        let mut start = 0;
        loop {
            let end = text[start..].find("||").map_or(text.len(), |i| start + i);
            let comparators = Parser {
                text,
                pos: start,
                end,
            }
            .alternative()
            .map_err(|(byte, kind)| fail(byte, kind))?;
            alternatives.push(comparators);
            if end == text.len() {
                break;
            }
            start = end + 2;
        }
        Ok(VersionRange {
            text: text.to_owned(),
            alternatives: normalise(alternatives),
        })
    }

    /// The range as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether `version` is in the range (node-semver's `satisfies` without `includePrerelease`).
    pub fn matches(&self, version: &Version) -> bool {
        if self.alternatives.is_empty() {
            // The whole range is `*`, which no prerelease satisfies.
            return version.pre.is_empty();
        }
        self.alternatives.iter().any(|alternative| {
            alternative.iter().all(|c| c.holds(version))
                && (version.pre.is_empty()
                    || alternative.iter().any(|c| match c {
                        Comparator::Cmp(_, bound) => {
                            !bound.pre.is_empty()
                                && (bound.major, bound.minor, bound.patch)
                                    == (version.major, version.minor, version.patch)
                        }
                        Comparator::Any => false,
                    }))
        })
    }
}

/// node-semver reduces the alternatives after parsing, and one of its reductions changes what
/// matches: when there are several alternatives and one of them is a lone `*`, the whole range
/// becomes `*` (so `* || 1.0.0-beta` does not match `1.0.0-beta`). Empty result = `*`.
fn normalise(alternatives: Vec<Vec<Comparator>>) -> Vec<Vec<Comparator>> {
    let alternatives: Vec<Vec<Comparator>> = alternatives
        .into_iter()
        .map(|alternative| {
            if let Some(null) = alternative.iter().find(|c| c.is_null_set()) {
                return vec![null.clone()];
            }
            let mut kept: Vec<Comparator> = Vec::new();
            for c in alternative {
                if !kept.contains(&c) {
                    kept.push(c);
                }
            }
            if kept.len() > 1 {
                kept.retain(|c| *c != Comparator::Any);
            }
            kept
        })
        .collect();
    if alternatives.len() == 1 {
        return if alternatives[0] == [Comparator::Any] {
            Vec::new()
        } else {
            alternatives
        };
    }
    let first = alternatives[0].clone();
    let mut live: Vec<Vec<Comparator>> = alternatives
        .into_iter()
        .filter(|a| !a[0].is_null_set())
        .collect();
    if live.is_empty() {
        live.push(first);
    }
    if live.iter().any(|a| *a == [Comparator::Any]) {
        return Vec::new();
    }
    live
}

/// A version as written in a range: `None` components are wildcards (`x`, `*` or left out).
#[derive(Debug, Clone)]
struct Partial {
    major: Option<u64>,
    minor: Option<u64>,
    patch: Option<u64>,
    pre: Prerelease,
    /// Byte offset where it starts, for errors about bounds computed from it.
    at: usize,
}

type Fault = (usize, RangeErrorKind);

/// A recursive-descent parser over one alternative, `text[pos..end]`.
struct Parser<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        (self.pos < self.end).then(|| self.text.as_bytes()[self.pos])
    }

    fn peek_at(&self, offset: usize) -> Option<u8> {
        let at = self.pos + offset;
        (at < self.end).then(|| self.text.as_bytes()[at])
    }

    fn skip_ws(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(is_ws) {
            self.pos += 1;
        }
        self.pos > start
    }

    fn unexpected(&self) -> Fault {
        match self.text[self.pos..self.end].chars().next() {
            Some(ch) => (self.pos, RangeErrorKind::Unexpected(ch)),
            None => (self.pos, RangeErrorKind::ExpectedVersion),
        }
    }

    fn alternative(mut self) -> Result<Vec<Comparator>, Fault> {
        self.skip_ws();
        let mut comparators = Vec::new();
        if self.peek().is_none() {
            comparators.push(Comparator::Any);
            return Ok(comparators);
        }
        let mut first = true;
        loop {
            let operator = self.operator();
            if operator.is_some() {
                self.skip_ws();
            }
            let partial = self.partial()?;
            let had_ws = self.skip_ws();
            if first && operator.is_none() && had_ws && self.peek() == Some(b'-') {
                // `from - to`: the separating spaces are required on both sides.
                self.pos += 1;
                if !self.skip_ws() {
                    return Err(self.unexpected());
                }
                let to = self.partial()?;
                self.skip_ws();
                if self.peek().is_some() {
                    return Err((self.pos, RangeErrorKind::HyphenNotAlone));
                }
                hyphen(&partial, &to, &mut comparators)?;
                return Ok(comparators);
            }
            desugar(operator, &partial, &mut comparators)?;
            first = false;
            if self.peek().is_none() {
                return Ok(comparators);
            }
            if !had_ws {
                return Err((self.pos, RangeErrorKind::ExpectedSeparator));
            }
        }
    }

    fn operator(&mut self) -> Option<&'static str> {
        let (op, len) = match (self.peek(), self.peek_at(1)) {
            (Some(b'<'), Some(b'=')) => ("<=", 2),
            (Some(b'>'), Some(b'=')) => (">=", 2),
            (Some(b'~'), Some(b'>')) => ("~", 2),
            (Some(b'<'), _) => ("<", 1),
            (Some(b'>'), _) => (">", 1),
            (Some(b'='), _) => ("=", 1),
            (Some(b'~'), _) => ("~", 1),
            (Some(b'^'), _) => ("^", 1),
            _ => return None,
        };
        self.pos += len;
        Some(op)
    }

    fn partial(&mut self) -> Result<Partial, Fault> {
        let at = self.pos;
        if self.peek() == Some(b'v') {
            self.pos += 1;
        }
        let major = self.component()?;
        let mut parts = [major, None, None];
        let mut seen_wildcard = major.is_none();
        let mut count = 1;
        while count < 3 && self.peek() == Some(b'.') {
            self.pos += 1;
            let start = self.pos;
            let part = self.component()?;
            if part.is_some() && seen_wildcard {
                return Err((start, RangeErrorKind::NumberAfterWildcard));
            }
            seen_wildcard |= part.is_none();
            parts[count] = part;
            count += 1;
        }
        let mut pre = Prerelease::EMPTY;
        if count == 3 && self.peek() == Some(b'-') {
            self.pos += 1;
            let text = self.identifiers("prerelease")?;
            pre = Prerelease::new(text)
                .map_err(|_| (self.pos, RangeErrorKind::BadIdentifier("prerelease")))?;
        }
        if self.peek() == Some(b'+') {
            self.pos += 1;
            self.identifiers("build")?;
        }
        Ok(Partial {
            major: parts[0],
            minor: parts[1],
            patch: parts[2],
            // A prerelease counts only on a full version (`1.2.x-beta` is `1.2.x`).
            pre: if parts[2].is_some() {
                pre
            } else {
                Prerelease::EMPTY
            },
            at,
        })
    }

    /// One of `x`, `X`, `*` (`None`) or a number.
    fn component(&mut self) -> Result<Option<u64>, Fault> {
        match self.peek() {
            Some(b'x' | b'X' | b'*') => {
                self.pos += 1;
                Ok(None)
            }
            Some(b'0'..=b'9') => {
                let start = self.pos;
                while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    self.pos += 1;
                }
                let digits = &self.text[start..self.pos];
                if digits.len() > 1 && digits.starts_with('0') {
                    return Err((start, RangeErrorKind::LeadingZero));
                }
                match digits.parse::<u64>() {
                    Ok(n) if n <= MAX_NUMBER => Ok(Some(n)),
                    _ => Err((start, RangeErrorKind::NumberTooLarge)),
                }
            }
            _ => Err(self.unexpected()),
        }
    }

    /// Dot-separated identifiers of `[0-9A-Za-z-]`; returns their text.
    fn identifiers(&mut self, what: &'static str) -> Result<&str, Fault> {
        let start = self.pos;
        loop {
            let word = self.pos;
            while self
                .peek()
                .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'-')
            {
                self.pos += 1;
            }
            let ident = &self.text[word..self.pos];
            let numeric = ident.bytes().all(|b| b.is_ascii_digit());
            if ident.is_empty()
                || (what == "prerelease" && numeric && ident.len() > 1 && ident.starts_with('0'))
            {
                return Err((word, RangeErrorKind::BadIdentifier(what)));
            }
            if self.peek() == Some(b'.') {
                self.pos += 1;
            } else {
                return Ok(&self.text[start..self.pos]);
            }
        }
    }
}

/// `major.minor.patch-pre`, checking that a computed bound stays within [`MAX_NUMBER`].
fn version(
    p: &Partial,
    major: u64,
    minor: u64,
    patch: u64,
    pre: Prerelease,
) -> Result<Version, Fault> {
    if major > MAX_NUMBER || minor > MAX_NUMBER || patch > MAX_NUMBER {
        return Err((p.at, RangeErrorKind::NumberTooLarge));
    }
    Ok(Version {
        major,
        minor,
        patch,
        pre,
        build: semver::BuildMetadata::EMPTY,
    })
}

fn zero_pre() -> Prerelease {
    Prerelease::new("0").expect("`0` is a valid prerelease")
}

/// `>= low` and `< high-0`, the shape of most desugared ranges.
fn between(
    out: &mut Vec<Comparator>,
    p: &Partial,
    low: (u64, u64, u64, Prerelease),
    high: (u64, u64, u64),
) -> Result<(), Fault> {
    out.push(Comparator::Cmp(
        Op::Ge,
        version(p, low.0, low.1, low.2, low.3)?,
    ));
    out.push(Comparator::Cmp(
        Op::Lt,
        version(p, high.0, high.1, high.2, zero_pre())?,
    ));
    Ok(())
}

fn desugar(operator: Option<&str>, p: &Partial, out: &mut Vec<Comparator>) -> Result<(), Fault> {
    let none = Prerelease::EMPTY;
    match operator {
        Some("~") => {
            let Some(major) = p.major else {
                out.push(Comparator::Any);
                return Ok(());
            };
            match (p.minor, p.patch) {
                (None, _) => between(out, p, (major, 0, 0, none), (major + 1, 0, 0)),
                (Some(minor), None) => {
                    between(out, p, (major, minor, 0, none), (major, minor + 1, 0))
                }
                (Some(minor), Some(patch)) => between(
                    out,
                    p,
                    (major, minor, patch, p.pre.clone()),
                    (major, minor + 1, 0),
                ),
            }
        }
        Some("^") => {
            let Some(major) = p.major else {
                out.push(Comparator::Any);
                return Ok(());
            };
            match (p.minor, p.patch) {
                (None, _) => between(out, p, (major, 0, 0, none), (major + 1, 0, 0)),
                (Some(minor), None) if major == 0 => {
                    between(out, p, (0, minor, 0, none), (0, minor + 1, 0))
                }
                (Some(minor), None) => between(out, p, (major, minor, 0, none), (major + 1, 0, 0)),
                (Some(minor), Some(patch)) => {
                    let high = match (major, minor) {
                        (0, 0) => (0, 0, patch + 1),
                        (0, _) => (0, minor + 1, 0),
                        _ => (major + 1, 0, 0),
                    };
                    between(out, p, (major, minor, patch, p.pre.clone()), high)
                }
            }
        }
        _ => xrange(operator.unwrap_or(""), p, out),
    }
}

/// A primitive or bare partial: node-semver's x-range rules.
fn xrange(operator: &str, p: &Partial, out: &mut Vec<Comparator>) -> Result<(), Fault> {
    let (Some(major), Some(minor), Some(patch)) = (p.major, p.minor, p.patch) else {
        return xrange_wild(operator, p, out);
    };
    let op = match operator {
        "<" => Op::Lt,
        "<=" => Op::Le,
        ">" => Op::Gt,
        ">=" => Op::Ge,
        _ => Op::Eq,
    };
    let bound = version(p, major, minor, patch, p.pre.clone())?;
    // node-semver reads `>=0.0.0` as `*` (which matters only when reducing alternatives).
    if op == Op::Ge && bound == Version::new(0, 0, 0) {
        out.push(Comparator::Any);
    } else {
        out.push(Comparator::Cmp(op, bound));
    }
    Ok(())
}

fn xrange_wild(operator: &str, p: &Partial, out: &mut Vec<Comparator>) -> Result<(), Fault> {
    let none = Prerelease::EMPTY;
    let Some(major) = p.major else {
        out.push(match operator {
            // Nothing is above or below every version.
            "<" | ">" => Comparator::Cmp(Op::Lt, version(p, 0, 0, 0, zero_pre())?),
            _ => Comparator::Any,
        });
        return Ok(());
    };
    let minor_wild = p.minor.is_none();
    let minor = p.minor.unwrap_or(0);
    match operator {
        "" | "=" => {
            if minor_wild {
                between(out, p, (major, 0, 0, none), (major + 1, 0, 0))
            } else {
                between(out, p, (major, minor, 0, none), (major, minor + 1, 0))
            }
        }
        ">" | ">=" => {
            let low = match (operator, minor_wild) {
                (">=", _) => (major, minor, 0),
                (_, true) => (major + 1, 0, 0),
                (_, false) => (major, minor + 1, 0),
            };
            let bound = version(p, low.0, low.1, low.2, none)?;
            out.push(if bound == Version::new(0, 0, 0) {
                Comparator::Any
            } else {
                Comparator::Cmp(Op::Ge, bound)
            });
            Ok(())
        }
        _ => {
            let high = match (operator, minor_wild) {
                ("<", _) => (major, minor, 0),
                (_, true) => (major + 1, 0, 0),
                (_, false) => (major, minor + 1, 0),
            };
            out.push(Comparator::Cmp(
                Op::Lt,
                version(p, high.0, high.1, high.2, zero_pre())?,
            ));
            Ok(())
        }
    }
}

/// `from - to`: inclusive on both ends, a partial `to` taking everything it names.
fn hyphen(from: &Partial, to: &Partial, out: &mut Vec<Comparator>) -> Result<(), Fault> {
    let none = Prerelease::EMPTY;
    if let Some(major) = from.major {
        let low = match (from.minor, from.patch) {
            (None, _) => version(from, major, 0, 0, none.clone())?,
            (Some(minor), None) => version(from, major, minor, 0, none.clone())?,
            (Some(minor), Some(patch)) => version(from, major, minor, patch, from.pre.clone())?,
        };
        out.push(if low == Version::new(0, 0, 0) {
            Comparator::Any
        } else {
            Comparator::Cmp(Op::Ge, low)
        });
    }
    if let Some(major) = to.major {
        out.push(match (to.minor, to.patch) {
            (None, _) => Comparator::Cmp(Op::Lt, version(to, major + 1, 0, 0, zero_pre())?),
            (Some(minor), None) => {
                Comparator::Cmp(Op::Lt, version(to, major, minor + 1, 0, zero_pre())?)
            }
            (Some(minor), Some(patch)) => {
                Comparator::Cmp(Op::Le, version(to, major, minor, patch, to.pre.clone())?)
            }
        });
    }
    if out.is_empty() {
        out.push(Comparator::Any);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
