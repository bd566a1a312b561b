//! JSON pointers (RFC 6901), the one way every crate names a place inside a document: the
//! reader's span table, diagnostics, i18n keys of properties, overlay conflicts. A reference
//! token escapes `~` as `~0` and `/` as `~1`; these functions are the only code that does so,
//! so no caller can escape in the wrong order.

use std::borrow::Cow;

/// Escapes one reference token (`~` → `~0`, `/` → `~1`).
///
/// ```
/// use opencharacter_spec::pointer::escape_token;
/// assert_eq!(escape_token("a/b~c"), "a~1b~0c");
/// ```
pub fn escape_token(token: &str) -> Cow<'_, str> {
    if token.contains(['~', '/']) {
        Cow::Owned(token.replace('~', "~0").replace('/', "~1"))
    } else {
        Cow::Borrowed(token)
    }
}

/// Unescapes one reference token (`~1` → `/`, then `~0` → `~`: the order RFC 6901 gives, so
/// `~01` reads as `~1`, not `/`).
///
/// ```
/// use opencharacter_spec::pointer::unescape_token;
/// assert_eq!(unescape_token("a~1b~0c"), "a/b~c");
/// assert_eq!(unescape_token("~01"), "~1");
/// ```
pub fn unescape_token(token: &str) -> Cow<'_, str> {
    if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    }
}

/// The pointer of the child `token` (unescaped) under `parent`.
///
/// ```
/// use opencharacter_spec::pointer::child;
/// assert_eq!(child("/fields", "a/b"), "/fields/a~1b");
/// assert_eq!(child("", "id"), "/id");
/// ```
pub fn child(parent: &str, token: &str) -> String {
    let token = escape_token(token);
    let mut pointer = String::with_capacity(parent.len() + 1 + token.len());
    pointer.push_str(parent);
    pointer.push('/');
    pointer.push_str(&token);
    pointer
}

/// The pointer of `tokens` (unescaped), from the document's root.
///
/// ```
/// use opencharacter_spec::pointer::from_tokens;
/// assert_eq!(from_tokens(["damage", "a/b"]), "/damage/a~1b");
/// assert_eq!(from_tokens(Vec::<&str>::new()), "");
/// ```
pub fn from_tokens<T: AsRef<str>>(tokens: impl IntoIterator<Item = T>) -> String {
    let mut pointer = String::new();
    for token in tokens {
        pointer.push('/');
        pointer.push_str(&escape_token(token.as_ref()));
    }
    pointer
}

/// The unescaped tokens of `pointer` (none for the root, `""`). A pointer that does not start
/// with `/` is read as if it did.
///
/// ```
/// use opencharacter_spec::pointer::tokens;
/// assert_eq!(tokens("/items/a~1b/0").collect::<Vec<_>>(), ["items", "a/b", "0"]);
/// assert_eq!(tokens("").count(), 0);
/// ```
pub fn tokens(pointer: &str) -> impl Iterator<Item = Cow<'_, str>> {
    let rest = pointer.strip_prefix('/').unwrap_or(pointer);
    (!pointer.is_empty())
        .then(|| rest.split('/').map(unescape_token))
        .into_iter()
        .flatten()
}

/// The last token of `pointer`, unescaped (`None` for the root).
///
/// ```
/// use opencharacter_spec::pointer::last_token;
/// assert_eq!(last_token("/fields/a~1b").as_deref(), Some("a/b"));
/// assert_eq!(last_token(""), None);
/// ```
pub fn last_token(pointer: &str) -> Option<Cow<'_, str>> {
    let at = pointer.rfind('/')?;
    Some(unescape_token(&pointer[at + 1..]))
}

/// The first token of `pointer`, unescaped, and the pointer of the rest (`None` for the root).
///
/// ```
/// use opencharacter_spec::pointer::split_first;
/// assert_eq!(split_first("/a~1b/c/d"), Some(("a/b".into(), "/c/d")));
/// assert_eq!(split_first("/a"), Some(("a".into(), "")));
/// ```
pub fn split_first(pointer: &str) -> Option<(Cow<'_, str>, &str)> {
    let rest = pointer.strip_prefix('/')?;
    let (head, tail) = match rest.find('/') {
        Some(at) => (&rest[..at], &rest[at..]),
        None => (rest, ""),
    };
    Some((unescape_token(head), tail))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Any tokens, escaped into a pointer, read back as the same tokens (RFC 6901 §4).
        #[test]
        fn any_tokens_round_trip(raw in proptest::collection::vec("[a-z~/0-9]{0,6}", 0..6)) {
            let pointer = from_tokens(&raw);
            let back: Vec<String> = tokens(&pointer).map(Cow::into_owned).collect();
            prop_assert_eq!(&back, &raw);
            if let Some(last) = raw.last() {
                let read = last_token(&pointer);
                prop_assert_eq!(read.as_deref(), Some(last.as_str()));
            }
            if let Some((first, rest)) = split_first(&pointer) {
                prop_assert_eq!(first.as_ref(), raw[0].as_str());
                prop_assert_eq!(rest, from_tokens(&raw[1..]));
            }
        }

        /// A child's pointer is its parent's followed by one escaped token.
        #[test]
        fn a_child_extends_its_parent(parent in proptest::collection::vec("[a-z~/]{0,4}", 0..4), token in "[a-z~/]{0,5}") {
            let mut all = parent.clone();
            all.push(token.clone());
            prop_assert_eq!(child(&from_tokens(&parent), &token), from_tokens(&all));
        }
    }
}
