//! `extends`: an item built on another, resolved in dependency order so a chain is merged once,
//! with the cycles and missing bases named rather than followed.

use std::collections::{HashMap, HashSet};
use std::fmt::Display;
use std::hash::Hash;
use std::sync::Arc;

use indexmap::IndexMap;
use serde_json::{Map, Value};

use super::merge::{MergeError, merge_into};

/// Why an item's `extends` chain cannot be resolved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtendsError<K> {
    /// The chain comes back to an item already on it (`circular-extends`): the loop as a closed
    /// path, shared by every item that fails with it (a loop of `n` items costs `n`, not `n²`).
    #[error("extends chain loops: {}", display_chain(.0))]
    Circular(Arc<[K]>),
    /// The chain is longer than the safety limit.
    #[error("extends chain is deeper than the limit of {limit}: {}", display_chain(.chain))]
    TooDeep {
        /// The chain from the item up to where the limit was reached.
        chain: Vec<K>,
        /// The limit in force.
        limit: usize,
    },
    /// The parent does not exist.
    #[error("extends `{parent}`, which does not exist")]
    MissingParent {
        /// The missing parent.
        parent: K,
    },
    /// The variant's own properties hold `null`.
    #[error("{0}")]
    Merge(MergeError),
}

fn display_chain<K: Display>(chain: &[K]) -> String {
    chain
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// Resolves every item's `extends` chain: an item inherits its parent's final state, then applies
/// its own properties with the override rules. `items` maps each item to its parent (if any) and
/// its own properties. Returns each item's final properties or why it has none; an item whose
/// chain fails does not stop the others.
///
/// ```
/// use indexmap::IndexMap;
/// use opencharacter_resolve::overlay::resolve_extends;
/// let mut items = IndexMap::new();
/// items.insert("sword", (None, serde_json::json!({"dice": "1d8", "weight": 3})));
/// items.insert("flame-sword", (Some("sword"), serde_json::json!({"dice": "1d8+1d6"})));
/// let done = resolve_extends(&items, 16);
/// assert_eq!(done["flame-sword"].as_ref().unwrap()["weight"], 3);
/// ```
pub fn resolve_extends<K>(
    items: &IndexMap<K, (Option<K>, Value)>,
    max_depth: usize,
) -> IndexMap<K, Result<Value, ExtendsError<K>>>
where
    K: Clone + Eq + Hash + Display,
{
    resolve_extends_with(items, max_depth, |_, _| {})
}

/// [`resolve_extends`], calling `finish` on each item's state once it has inherited and applied
/// its own properties, before any item that extends it inherits: this is where a loader applies
/// the overrides of the item, so a variant inherits its parent's *final* state. Not called for
/// items whose chain fails.
pub fn resolve_extends_with<K>(
    items: &IndexMap<K, (Option<K>, Value)>,
    max_depth: usize,
    mut finish: impl FnMut(&K, &mut Value),
) -> IndexMap<K, Result<Value, ExtendsError<K>>>
where
    K: Clone + Eq + Hash + Display,
{
    let mut done: IndexMap<K, Result<Value, ExtendsError<K>>> =
        IndexMap::with_capacity(items.len());
    // Number of `extends` links from each resolved item to its root.
    let mut depths: std::collections::HashMap<K, usize> =
        std::collections::HashMap::with_capacity(items.len());
    // Items known to lead to a root (or to a resolved item) past the depth limit, not to a loop.
    let mut leads_out: HashSet<K> = HashSet::new();
    for key in items.keys() {
        if done.contains_key(key) {
            continue;
        }
        // Walk up to an item with no parent or one already done, then fill the chain downwards.
        let mut chain = vec![key.clone()];
        // Depth of the item the walk stopped at (0 for a root, its recorded depth if done).
        let mut base_depth = 0;
        let outcome = loop {
            let current = chain.last().expect("the chain starts with one item");
            let Some((parent, _)) = items.get(current) else {
                break Err(ExtendsError::MissingParent {
                    parent: current.clone(),
                });
            };
            let Some(parent) = parent else { break Ok(()) };
            if done.contains_key(parent) {
                base_depth = depths.get(parent).map_or(0, |d| d + 1);
                if base_depth + chain.len() - 1 > max_depth {
                    break Err(ExtendsError::TooDeep {
                        chain: chain.clone(),
                        limit: max_depth,
                    });
                }
                break Ok(());
            }
            if let Some(start) = chain.iter().position(|k| k == parent) {
                let mut cycle = chain[start..].to_vec();
                cycle.push(parent.clone());
                break Err(ExtendsError::Circular(cycle.into()));
            }
            if chain.len() > max_depth {
                // Past the limit. A loop longer than the limit is still a loop: walk on to find
                // out, each item at most once over all walks (`leads_out` keeps those that end
                // elsewhere), so hostile input stays linear.
                let (cycle, walked) = find_loop(items, &chain, &done, &leads_out);
                match cycle {
                    Some(cycle) => {
                        chain = walked;
                        break Err(ExtendsError::Circular(cycle.into()));
                    }
                    None => {
                        leads_out.extend(walked.into_iter().skip(chain.len()));
                        break Err(ExtendsError::TooDeep {
                            chain: chain.clone(),
                            limit: max_depth,
                        });
                    }
                }
            }
            if !items.contains_key(parent) {
                chain.push(parent.clone());
                break Err(ExtendsError::MissingParent {
                    parent: parent.clone(),
                });
            }
            chain.push(parent.clone());
        };
        if let Err(error) = outcome {
            // Every item on a failed chain fails with the same reason; the missing parent itself is
            // not an item, so it gets no entry.
            for item in chain.iter().filter(|k| items.contains_key(*k)) {
                done.entry(item.clone())
                    .or_insert_with(|| Err(error.clone()));
            }
            continue;
        }
        for (hops, item) in chain.iter().rev().enumerate() {
            if done.contains_key(item) {
                continue;
            }
            depths.insert(item.clone(), base_depth + hops);
            let (parent, own) = &items[item];
            let mut result = match parent {
                None => Ok(own.clone()),
                Some(parent) => match &done[parent] {
                    Err(error) => Err(error.clone()),
                    Ok(inherited) => inherit(inherited, own).map_err(ExtendsError::Merge),
                },
            };
            if let Ok(state) = &mut result {
                finish(item, state);
            }
            done.insert(item.clone(), result);
        }
    }
    done
}

/// Walks on from the end of `chain` until a root, a missing parent, an item already resolved or
/// known to lead out, or an item already on the walk (a loop). Returns the loop as a closed path,
/// if any, and every item walked (the chain first).
fn find_loop<K>(
    items: &IndexMap<K, (Option<K>, Value)>,
    chain: &[K],
    done: &IndexMap<K, Result<Value, ExtendsError<K>>>,
    leads_out: &HashSet<K>,
) -> (Option<Vec<K>>, Vec<K>)
where
    K: Clone + Eq + Hash,
{
    let mut position: HashMap<K, usize> = chain
        .iter()
        .enumerate()
        .map(|(at, key)| (key.clone(), at))
        .collect();
    let mut walked = chain.to_vec();
    loop {
        let current = walked.last().expect("the chain starts with one item");
        let Some((Some(parent), _)) = items.get(current) else {
            return (None, walked);
        };
        if done.contains_key(parent) || leads_out.contains(parent) || !items.contains_key(parent) {
            return (None, walked);
        }
        if let Some(&start) = position.get(parent) {
            let mut cycle = walked[start..].to_vec();
            cycle.push(parent.clone());
            return (Some(cycle), walked);
        }
        position.insert(parent.clone(), walked.len());
        walked.push(parent.clone());
    }
}

fn inherit(parent: &Value, own: &Value) -> Result<Value, MergeError> {
    let mut merged = parent.as_object().cloned().unwrap_or_default();
    let empty = Map::new();
    merge_into(&mut merged, own.as_object().unwrap_or(&empty))
        .map_err(|mut errors| errors.remove(0))?;
    Ok(Value::Object(merged))
}
