//! Merging an overlay's properties into an item: objects merge key by key, anything else is
//! replaced whole, and each replaced path is named (a [`PropertyPath`]) so conflicts can say where.

use opencharacter_spec::pointer::escape_token;
use serde_json::{Map, Value};

/// A property path inside an item (`damage` → `dice`), shown as a JSON pointer (`/damage/dice`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PropertyPath(pub Vec<String>);

impl PropertyPath {
    /// Whether `self` is `other` or contains it (`/damage` contains `/damage/dice`).
    pub fn contains(&self, other: &PropertyPath) -> bool {
        other.0.starts_with(&self.0)
    }

    /// Number of segments.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether this is the item itself.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn child(&self, key: &str) -> PropertyPath {
        let mut segments = self.0.clone();
        segments.push(key.to_owned());
        PropertyPath(segments)
    }
}

impl std::fmt::Display for PropertyPath {
    /// RFC 6901: `~` is written `~0` and `/` is written `~1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for segment in &self.0 {
            write!(f, "/{}", escape_token(segment))?;
        }
        Ok(())
    }
}

/// An overlay that cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// `null` in an override or variant: content leaves the ruleset only by `hides`.
    #[error("`{0}` is null; an override cannot remove a property (hide the item instead)")]
    Null(PropertyPath),
}

/// Merges `patch` into `base`: a map merges into a map key by key, anything else replaces the value
/// whole (arrays too). Returns every leaf written, in the patch's order, or every `null` found
/// (nothing is changed when there is one).
///
/// ```
/// use opencharacter_resolve::overlay::merge_into;
/// let mut sword = serde_json::json!({"damage": {"dice": "1d8", "type": "slashing"}, "tags": ["martial"]});
/// let patch = serde_json::json!({"damage": {"dice": "1d10"}, "tags": ["homebrew"]});
/// let written = merge_into(sword.as_object_mut().unwrap(), patch.as_object().unwrap()).unwrap();
/// assert_eq!(sword, serde_json::json!({"damage": {"dice": "1d10", "type": "slashing"}, "tags": ["homebrew"]}));
/// assert_eq!(written.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["/damage/dice", "/tags"]);
/// ```
pub fn merge_into(
    base: &mut Map<String, Value>,
    patch: &Map<String, Value>,
) -> Result<Vec<PropertyPath>, Vec<MergeError>> {
    let mut nulls = Vec::new();
    find_nulls(patch, &PropertyPath::default(), &mut nulls);
    if !nulls.is_empty() {
        return Err(nulls);
    }
    let mut written = Vec::new();
    merge_map(base, patch, &PropertyPath::default(), &mut written);
    Ok(written)
}

fn find_nulls(patch: &Map<String, Value>, at: &PropertyPath, found: &mut Vec<MergeError>) {
    for (key, value) in patch {
        match value {
            Value::Null => found.push(MergeError::Null(at.child(key))),
            Value::Object(inner) => find_nulls(inner, &at.child(key), found),
            _ => {}
        }
    }
}

fn merge_map(
    base: &mut Map<String, Value>,
    patch: &Map<String, Value>,
    at: &PropertyPath,
    written: &mut Vec<PropertyPath>,
) {
    for (key, value) in patch {
        let path = at.child(key);
        match (base.get_mut(key), value) {
            (Some(Value::Object(into)), Value::Object(from)) => {
                merge_map(into, from, &path, written)
            }
            // A map that lands where there was no map (or nothing) is written leaf by leaf, so a
            // later pack that sets one of those leaves conflicts at that leaf.
            (_, Value::Object(from)) => {
                let mut fresh = Map::new();
                merge_map(&mut fresh, from, &path, written);
                if from.is_empty() {
                    written.push(path);
                }
                base.insert(key.clone(), Value::Object(fresh));
            }
            _ => {
                base.insert(key.clone(), value.clone());
                written.push(path);
            }
        }
    }
}
