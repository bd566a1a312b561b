//! Content overlays: how an `override` changes the item it names, how an `extends` variant inherits
//! from its parent, and how the ruleset learns that two packs wrote the same property.
//!
//! The rules (docs/spec/overrides.md): maps merge deeply; scalars and arrays are replaced whole;
//! `null` is refused, since hiding is how content goes away. A conflict is one leaf property that
//! two or more packs overrode on the same item; the later pack in load order wins.

mod extends;
mod merge;

pub use extends::{ExtendsError, resolve_extends, resolve_extends_with};
pub use merge::{MergeError, PropertyPath, merge_into};

use indexmap::IndexMap;

/// Records which packs wrote which leaf of which item, in load order, and reports the leaves that
/// more than one pack wrote.
#[derive(Debug, Clone, Default)]
pub struct WriteLog<T, P> {
    writes: IndexMap<(T, PropertyPath), Vec<P>>,
}

/// One leaf that two or more packs overrode on the same item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeafConflict<T, P> {
    /// The item overridden.
    pub target: T,
    /// The leaf property.
    pub path: PropertyPath,
    /// The packs that wrote it, in load order, each once.
    pub packs: Vec<P>,
}

impl<T, P> LeafConflict<T, P> {
    /// The pack whose value stands: the last in load order.
    pub fn winner(&self) -> &P {
        self.packs
            .last()
            .expect("a conflict names at least two packs")
    }
}

impl<T: Clone + Eq + std::hash::Hash, P: Clone + PartialEq> WriteLog<T, P> {
    /// An empty log.
    pub fn new() -> Self {
        WriteLog {
            writes: IndexMap::new(),
        }
    }

    /// Notes that `pack` wrote each of `paths` on `target`.
    pub fn record(&mut self, target: &T, pack: &P, paths: impl IntoIterator<Item = PropertyPath>) {
        for path in paths {
            let writers = self.writes.entry((target.clone(), path)).or_default();
            if !writers.contains(pack) {
                writers.push(pack.clone());
            }
        }
    }

    /// Every leaf written by more than one pack, in the order first written. A leaf also conflicts
    /// with a write to a property that contains it (one pack replaced `damage` whole, another set
    /// `damage.dice`): the conflict is reported at the containing property, with both packs.
    pub fn conflicts(&self) -> Vec<LeafConflict<T, P>> {
        // The recorded paths of each target, so finding a containing path costs one lookup per
        // prefix of the path, not a scan of every write (linear in the writes overall).
        let mut paths_of: std::collections::HashMap<&T, std::collections::HashSet<&[String]>> =
            std::collections::HashMap::new();
        for (target, path) in self.writes.keys() {
            paths_of
                .entry(target)
                .or_default()
                .insert(path.0.as_slice());
        }
        let mut merged: IndexMap<(T, PropertyPath), Vec<P>> = IndexMap::new();
        for ((target, path), packs) in &self.writes {
            // The shortest recorded path on this target that contains `path` (itself if none).
            let recorded = &paths_of[target];
            let home = (0..path.len())
                .map(|n| &path.0[..n])
                .find(|prefix| recorded.contains(prefix))
                .map_or_else(|| path.clone(), |prefix| PropertyPath(prefix.to_vec()));
            let entry = merged.entry((target.clone(), home)).or_default();
            for pack in packs {
                if !entry.contains(pack) {
                    entry.push(pack.clone());
                }
            }
        }
        merged
            .into_iter()
            .filter(|(_, packs)| packs.len() > 1)
            .map(|((target, path), packs)| LeafConflict {
                target,
                path,
                packs,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
