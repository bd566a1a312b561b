//! Dependencies between packs: the checks over manifests in the app's load order, and a
//! suggested load order.
//!
//! The app chooses the load order and every dependency must load before the packs that depend on
//! it (`docs/spec/dependencies.md`). [`check_dependencies`] reports everything wrong with a given
//! order at once; [`suggest_load_order`] computes a valid order that keeps the app's order
//! wherever the dependencies allow. Both run in time linear in the packs and dependencies (the
//! suggestion adds a logarithmic factor for its priority queue).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

use opencharacter_spec::diagnostic::{Code, Diagnostic, Diagnostics, Phrase, codes, reasons};
use opencharacter_spec::features;
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::Manifest;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::range::{RangeError, VersionRange};

/// The packs of a load order as a graph: one node per distinct pack ID (its first occurrence),
/// an edge from each pack to each of its dependencies that is loaded.
struct PackGraph<'a> {
    /// Every pack as given, in the given order.
    given: Vec<&'a Manifest>,
    /// Position in `given` of each distinct pack, in order of first occurrence.
    nodes: Vec<usize>,
    /// Node of each pack ID.
    by_id: HashMap<&'a str, usize>,
    /// The nodes of the loaded dependencies of node `i`, in declaration order, are
    /// `deps[deps_start[i]..deps_start[i + 1]]` (one flat array: no allocation per pack).
    deps: Vec<usize>,
    deps_start: Vec<usize>,
    /// `(first position, later position)` of each repeated pack ID.
    duplicates: Vec<(usize, usize)>,
}

impl<'a> PackGraph<'a> {
    fn new(given: Vec<&'a Manifest>) -> Self {
        let mut nodes = Vec::new();
        let mut by_id: HashMap<&'a str, usize> = HashMap::with_capacity(given.len());
        let mut duplicates = Vec::new();
        for (position, manifest) in given.iter().enumerate() {
            match by_id.get(manifest.id.as_str()) {
                Some(&node) => duplicates.push((nodes[node], position)),
                None => {
                    by_id.insert(manifest.id.as_str(), nodes.len());
                    nodes.push(position);
                }
            }
        }
        let mut deps = Vec::new();
        let mut deps_start = Vec::with_capacity(nodes.len() + 1);
        for &position in &nodes {
            deps_start.push(deps.len());
            deps.extend(
                given[position]
                    .dependencies
                    .keys()
                    .filter_map(|dep| by_id.get(dep.as_str()).copied()),
            );
        }
        deps_start.push(deps.len());
        PackGraph {
            given,
            nodes,
            by_id,
            deps,
            deps_start,
            duplicates,
        }
    }

    fn deps_of(&self, node: usize) -> &[usize] {
        &self.deps[self.deps_start[node]..self.deps_start[node + 1]]
    }

    /// A load order by Kahn's algorithm, taking the earliest-given ready pack first (nodes are
    /// numbered in given order); shorter than the node count exactly when there is a cycle.
    fn kahn(&self) -> Vec<usize> {
        let count = self.nodes.len();
        let mut waiting_on: Vec<usize> = (0..count).map(|node| self.deps_of(node).len()).collect();
        // Dependents of each node, flat like `deps`.
        let mut dependents_start = vec![0; count + 1];
        for &dep in &self.deps {
            dependents_start[dep + 1] += 1;
        }
        for node in 0..count {
            dependents_start[node + 1] += dependents_start[node];
        }
        let mut fill = dependents_start.clone();
        let mut dependents = vec![0; self.deps.len()];
        for node in 0..count {
            for &dep in self.deps_of(node) {
                dependents[fill[dep]] = node;
                fill[dep] += 1;
            }
        }
        let mut ready: BinaryHeap<Reverse<usize>> = (0..count)
            .filter(|&node| waiting_on[node] == 0)
            .map(Reverse)
            .collect();
        let mut order = Vec::with_capacity(count);
        while let Some(Reverse(node)) = ready.pop() {
            order.push(node);
            for &dependent in &dependents[dependents_start[node]..dependents_start[node + 1]] {
                waiting_on[dependent] -= 1;
                if waiting_on[dependent] == 0 {
                    ready.push(Reverse(dependent));
                }
            }
        }
        order
    }

    fn id(&self, node: usize) -> &'a PackId {
        &self.given[self.nodes[node]].id
    }

    /// Every dependency cycle, one per strongly connected component that has one, each named as
    /// a closed path (`a → b → a`) starting at the component's earliest pack in the given order.
    /// Also returns, per node, the component it is in when that component has a cycle.
    fn cycles(&self) -> (Vec<Vec<usize>>, Vec<Option<usize>>) {
        let mut graph: DiGraph<usize, ()> = DiGraph::with_capacity(self.nodes.len(), 0);
        for node in 0..self.nodes.len() {
            graph.add_node(node);
        }
        for node in 0..self.nodes.len() {
            for &dep in self.deps_of(node) {
                graph.add_edge(NodeIndex::new(node), NodeIndex::new(dep), ());
            }
        }
        let mut components: Vec<Vec<usize>> = petgraph::algo::tarjan_scc(&graph)
            .into_iter()
            .map(|scc| scc.into_iter().map(NodeIndex::index).collect::<Vec<_>>())
            .filter(|scc| scc.len() > 1 || self.deps_of(scc[0]).contains(&scc[0]))
            .map(|mut scc| {
                scc.sort_unstable();
                scc
            })
            .collect();
        components.sort_unstable_by_key(|scc| scc[0]);
        let mut component_of = vec![None; self.nodes.len()];
        for (index, scc) in components.iter().enumerate() {
            for &node in scc {
                component_of[node] = Some(index);
            }
        }
        let cycles = components
            .iter()
            .enumerate()
            .map(|(index, scc)| self.shortest_cycle(scc[0], index, &component_of))
            .collect();
        (cycles, component_of)
    }

    /// The shortest path from `start` back to itself inside its component (breadth first,
    /// dependencies in declaration order, so the name is deterministic).
    fn shortest_cycle(
        &self,
        start: usize,
        component: usize,
        component_of: &[Option<usize>],
    ) -> Vec<usize> {
        let mut parent: HashMap<usize, usize> = HashMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(node) = queue.pop_front() {
            for &dep in self.deps_of(node) {
                if dep == start {
                    let mut path = vec![node];
                    while let Some(&up) = path.last().and_then(|at| parent.get(at)) {
                        path.push(up);
                    }
                    // `path` runs from `node` back up to `start`; read it forwards and close it.
                    path.reverse();
                    path.push(start);
                    return path;
                }
                if component_of[dep] == Some(component)
                    && !parent.contains_key(&dep)
                    && dep != start
                {
                    parent.insert(dep, node);
                    queue.push_back(dep);
                }
            }
        }
        // A strongly connected component with a cycle always leads back to its start.
        vec![start, start]
    }

    fn cycle_text(&self, cycle: &[usize]) -> String {
        cycle
            .iter()
            .map(|&node| self.id(node).as_str())
            .collect::<Vec<_>>()
            .join(" → ")
    }
}

/// The codes [`check_dependencies`] reports. `load_ruleset` runs the same checks over the packs it
/// is given; a caller that runs them once over every pack (validation) tells them from a load's
/// own problems with [`is_dependency_check`], not by their names.
pub const DEPENDENCY_CHECK_CODES: [&Code; 6] = [
    &codes::SPEC_VERSION_UNSUPPORTED,
    &codes::DUPLICATE_PACK,
    &codes::INVALID_VERSION_RANGE,
    &codes::MISSING_DEPENDENCY,
    &codes::DEPENDENCY_LOADED_LATE,
    &codes::DEPENDENCY_CYCLE,
];

/// Whether `diagnostic` is one of [`check_dependencies`]' (see [`DEPENDENCY_CHECK_CODES`]).
pub fn is_dependency_check(diagnostic: &Diagnostic) -> bool {
    DEPENDENCY_CHECK_CODES.contains(&diagnostic.code)
}

/// Checks packs in the app's load order and returns every problem found, all at once:
///
/// - `spec-version-unsupported`: a pack needs a newer spec than this library reads;
/// - `duplicate-pack`: a pack ID appears twice (the first one counts for the other checks);
/// - `invalid-version-range`: a dependency's range is not an npm range;
/// - `missing-dependency`: a dependency is not loaded, or is loaded at a version outside its range;
/// - `dependency-loaded-late`: a dependency loads after a pack that depends on it;
/// - `dependency-cycle`: packs depend on each other in a loop, named (`a → b → a`); the
///   dependencies inside a loop are not also reported as loaded late, since no order fixes them.
///
/// Diagnostics come pack by pack in load order (dependencies in declaration order), then cycles.
/// An empty result means the order is valid.
pub fn check_dependencies<'a>(packs: impl IntoIterator<Item = &'a Manifest>) -> Diagnostics {
    let graph = PackGraph::new(packs.into_iter().collect());
    // Strongly connected components only when there is a cycle: the common case stays cheap.
    let (cycles, component_of) = if graph.kahn().len() == graph.nodes.len() {
        (Vec::new(), vec![None; graph.nodes.len()])
    } else {
        graph.cycles()
    };
    // Packs tend to share ranges (`^1.0.0`); parse each distinct text once.
    let mut parsed: HashMap<&str, Result<VersionRange, RangeError>> = HashMap::new();
    let mut diagnostics = Vec::new();
    let mut duplicates = graph.duplicates.iter().copied().peekable();

    for (position, manifest) in graph.given.iter().enumerate() {
        let pack = &manifest.id;
        if !features::is_supported(&manifest.spec_version) {
            diagnostics.push(
                Diagnostic::new(&codes::SPEC_VERSION_UNSUPPORTED)
                    .with_arg("pack", pack)
                    .with_arg("needed", &manifest.spec_version)
                    .with_arg(
                        "supported",
                        format!(
                            "{}.0.0 to {}.{}.x",
                            features::SUPPORTED.major,
                            features::SUPPORTED.major,
                            features::SUPPORTED.minor
                        ),
                    )
                    .with_pack(pack.clone())
                    .with_pointer("/specVersion"),
            );
        }
        if let Some((first, _)) = duplicates.next_if(|&(_, later)| later == position) {
            diagnostics.push(
                Diagnostic::new(&codes::DUPLICATE_PACK)
                    .with_arg("pack", pack)
                    .with_arg("first", first + 1)
                    .with_arg("second", position + 1)
                    .with_pack(pack.clone())
                    .with_pointer("/id"),
            );
        }
        let own_node = graph.by_id[pack.as_str()];
        for (dependency, range_text) in &manifest.dependencies {
            let pointer = format!("/dependencies/{dependency}");
            let range = match parsed
                .entry(range_text.as_str())
                .or_insert_with(|| VersionRange::parse(range_text))
            {
                Ok(range) => Some(&*range),
                Err(error) => {
                    diagnostics.push(
                        Diagnostic::new(&codes::INVALID_VERSION_RANGE)
                            .with_arg("pack", pack)
                            .with_arg("dependency", dependency)
                            .with_arg("range", range_text)
                            .with_arg("column", error.column)
                            .with_arg("reason", &error.kind)
                            .with_pack(pack.clone())
                            .with_pointer(pointer.clone()),
                    );
                    None
                }
            };
            let missing = |found: Phrase| {
                Diagnostic::new(&codes::MISSING_DEPENDENCY)
                    .with_arg("pack", pack)
                    .with_arg("dependency", dependency)
                    .with_arg("range", range_text)
                    .with_word("found", found)
                    .with_pack(pack.clone())
                    .with_pointer(pointer.clone())
            };
            let Some(&node) = graph.by_id.get(dependency.as_str()) else {
                diagnostics.push(missing(Phrase::new(&reasons::DEPENDENCY_NOT_LOADED)));
                continue;
            };
            let found = &graph.given[graph.nodes[node]].version;
            if range.is_some_and(|range| !range.matches(found)) {
                diagnostics.push(missing(
                    Phrase::new(&reasons::DEPENDENCY_OTHER_VERSION).with_arg("version", found),
                ));
            }
            let in_one_cycle =
                component_of[node].is_some() && component_of[node] == component_of[own_node];
            if graph.nodes[node] > position && !in_one_cycle {
                diagnostics.push(
                    Diagnostic::new(&codes::DEPENDENCY_LOADED_LATE)
                        .with_arg("pack", pack)
                        .with_arg("dependency", dependency)
                        .with_pack(pack.clone())
                        .with_pointer(pointer.clone()),
                );
            }
        }
    }
    for cycle in &cycles {
        diagnostics.push(
            Diagnostic::new(&codes::DEPENDENCY_CYCLE)
                .with_arg("cycle", graph.cycle_text(cycle))
                .with_pack(graph.id(cycle[0]).clone())
                .with_pointer("/dependencies"),
        );
    }
    diagnostics
}

/// Why no load order could be suggested.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoadOrderError {
    /// The same pack ID was given twice (1-based positions).
    #[error("pack `{pack}` is given twice, at positions {first} and {second}")]
    DuplicatePack {
        /// The repeated ID.
        pack: PackId,
        /// Its first position, 1-based.
        first: usize,
        /// Its second position, 1-based.
        second: usize,
    },
    /// Packs depend on each other in a loop; each cycle is a closed path (`a, b, a`).
    #[error("packs depend on each other in a loop: {}", format_cycles(.cycles))]
    Cycles {
        /// One cycle per loop, each starting and ending at its earliest pack in the given order.
        cycles: Vec<Vec<PackId>>,
    },
}

fn format_cycles(cycles: &[Vec<PackId>]) -> String {
    cycles
        .iter()
        .map(|cycle| {
            cycle
                .iter()
                .map(PackId::as_str)
                .collect::<Vec<_>>()
                .join(" → ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl LoadOrderError {
    /// The error as diagnostics (`duplicate-pack` or one `dependency-cycle` per loop), for tools
    /// that report everything the same way.
    pub fn to_diagnostics(&self) -> Diagnostics {
        match self {
            LoadOrderError::DuplicatePack {
                pack,
                first,
                second,
            } => vec![
                Diagnostic::new(&codes::DUPLICATE_PACK)
                    .with_arg("pack", pack)
                    .with_arg("first", first)
                    .with_arg("second", second)
                    .with_pack(pack.clone()),
            ],
            LoadOrderError::Cycles { cycles } => cycles
                .iter()
                .map(|cycle| {
                    Diagnostic::new(&codes::DEPENDENCY_CYCLE)
                        .with_arg("cycle", format_cycles(std::slice::from_ref(cycle)))
                        .with_pack(cycle[0].clone())
                })
                .collect(),
        }
    }
}

/// A load order in which every dependency loads before the packs that depend on it, keeping the
/// given order wherever the dependencies allow.
///
/// Of all valid orders it returns the one that is smallest when each pack is read as its position
/// in `packs` and orders are compared lexicographically: at each step, the earliest-given pack
/// whose loaded dependencies are all placed. So an order that is already valid comes back
/// unchanged, and a pack moves only as far as a dependency forces it. Dependencies that are not
/// among `packs` are ignored here ([`check_dependencies`] reports them), and so are version
/// ranges. Deterministic; `O((n + e) log n)` for `n` packs and `e` dependencies.
///
/// Fails with every dependency cycle named, or on a repeated pack ID.
pub fn suggest_load_order<'a>(
    packs: impl IntoIterator<Item = &'a Manifest>,
) -> Result<Vec<&'a Manifest>, LoadOrderError> {
    let graph = PackGraph::new(packs.into_iter().collect());
    if let Some(&(first, second)) = graph.duplicates.first() {
        return Err(LoadOrderError::DuplicatePack {
            pack: graph.given[second].id.clone(),
            first: first + 1,
            second: second + 1,
        });
    }
    let order = graph.kahn();
    if order.len() == graph.nodes.len() {
        return Ok(order
            .into_iter()
            .map(|node| graph.given[graph.nodes[node]])
            .collect());
    }
    let (cycles, _) = graph.cycles();
    Err(LoadOrderError::Cycles {
        cycles: cycles
            .iter()
            .map(|cycle| cycle.iter().map(|&node| graph.id(node).clone()).collect())
            .collect(),
    })
}

#[cfg(test)]
mod tests;
