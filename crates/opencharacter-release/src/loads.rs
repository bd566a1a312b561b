//! Each validated pack loaded with its dependencies, at a cost linear in packs and edges.
//!
//! Why: validation checks each pack against the ruleset of its dependency closure (the pack
//! and every pack it depends on, directly or not), as an app would load it. Loading each
//! closure from scratch costs its size, so a chain of `n` packs cost `n²/2` pack loads (issue
//! 22). Here the packs are taken in load order, and a pack whose dependencies all lie in one
//! dependency's closure (its *base*: the dependency latest in the order, when it holds the
//! others) takes that dependency's loaded ruleset and extends it by itself
//! ([`extend_ruleset`]), moving it when no other pack needs it. A chain, a star and diamonds
//! (each pack depending on the two before it) all extend; a pack whose dependencies lie in no
//! one closure is loaded in full, from its closure.
//!
//! Which dependency covers the others is found without building closures: a closure is its
//! pack plus its base's closure, so whether `E` is in `D`'s closure is a walk down `D`'s bases,
//! which stops as soon as it passes `E` in the load order; only a pack without a base keeps its
//! closure as a set.

use std::collections::{HashMap, HashSet};

use opencharacter_resolve::{LoadOptions, extend_ruleset, load_ruleset};
use opencharacter_spec::diagnostic::Diagnostics;
use opencharacter_spec::ids::PackId;
use opencharacter_spec::model::{PackRelease, Ruleset};

/// The load order indexed by pack ID, with each pack's base: the plan of [`Loads::run`].
pub(crate) struct Loads<'a> {
    order: &'a [&'a PackRelease],
    /// Each ID's first position in `order`.
    position: HashMap<&'a PackId, usize>,
    /// Each position's direct dependencies found in the order (positions, no repeats).
    dependencies: Vec<Vec<usize>>,
    /// Each position's base, when one of its dependencies' closures holds all the others.
    base: Vec<Option<usize>>,
    /// The closure of each position with dependencies but no base, as positions.
    closures: HashMap<usize, HashSet<usize>>,
    /// Whether extending applies at all: the order is a valid load order of distinct packs.
    planned: bool,
}

impl<'a> Loads<'a> {
    /// The plan over `order`; `valid` says it is a valid load order (every pack after what it
    /// depends on). Without that (a cycle, a repeated pack) each closure is loaded in full.
    pub(crate) fn new(order: &'a [&'a PackRelease], valid: bool) -> Self {
        let mut position = HashMap::with_capacity(order.len());
        for (at, release) in order.iter().enumerate() {
            position.entry(&release.manifest.id).or_insert(at);
        }
        let planned = valid && position.len() == order.len();
        let dependencies: Vec<Vec<usize>> = order
            .iter()
            .map(|release| {
                let mut found: Vec<usize> = release
                    .manifest
                    .dependencies
                    .keys()
                    .filter_map(|id| position.get(id).copied())
                    .collect();
                found.sort_unstable();
                found.dedup();
                found
            })
            .collect();
        let mut loads = Loads {
            order,
            position,
            dependencies,
            base: vec![None; order.len()],
            closures: HashMap::new(),
            planned,
        };
        if planned {
            for at in 0..order.len() {
                loads.plan(at);
            }
        }
        loads
    }

    /// Finds `at`'s base (its latest dependency, when that one's closure holds the others),
    /// or keeps its closure as a set.
    fn plan(&mut self, at: usize) {
        let Some(&latest) = self.dependencies[at].last() else {
            return;
        };
        // In a valid order every dependency comes first; a later one would make no base.
        let covered = latest < at
            && self.dependencies[at]
                .iter()
                .all(|&other| self.holds(latest, other));
        if covered {
            self.base[at] = Some(latest);
        } else {
            let closure: HashSet<usize> = self.closure(at).into_iter().collect();
            self.closures.insert(at, closure);
        }
    }

    /// Whether `member` is in the closure of `of` (both planned already).
    fn holds(&self, of: usize, member: usize) -> bool {
        let mut at = of;
        loop {
            if at == member {
                return true;
            }
            // A closure holds only packs at or before its own in the order.
            if at < member {
                return false;
            }
            match self.base[at] {
                Some(base) => at = base,
                None => {
                    return self
                        .closures
                        .get(&at)
                        .is_some_and(|closure| closure.contains(&member));
                }
            }
        }
    }

    /// The position of the pack with `id` (the first with it).
    pub(crate) fn position(&self, id: &PackId) -> Option<usize> {
        self.position.get(id).copied()
    }

    /// `at` and every pack it depends on, directly or not, in the order's order. Each pack is
    /// visited once, so a cycle ends.
    fn closure(&self, at: usize) -> Vec<usize> {
        let mut seen: HashSet<usize> = HashSet::from([at]);
        let mut stack = vec![at];
        while let Some(current) = stack.pop() {
            for &next in &self.dependencies[current] {
                if seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        let mut positions: Vec<usize> = seen.into_iter().collect();
        positions.sort_unstable();
        positions
    }

    /// Loads each position `wanted` holds with its dependencies, in load order, and gives it to
    /// `check` with the diagnostics its load found (about the pack, and in a full load about
    /// its dependencies too). A ruleset is kept only while a later pack will extend it, and
    /// moved into the last one that does.
    pub(crate) fn run(
        &self,
        wanted: &HashSet<usize>,
        options: &LoadOptions,
        mut check: impl FnMut(usize, &Ruleset, Diagnostics),
    ) {
        if !self.planned {
            let mut positions: Vec<usize> = wanted.iter().copied().collect();
            positions.sort_unstable();
            for at in positions {
                let (ruleset, diagnostics) = self.load_full(at, options);
                check(at, &ruleset, diagnostics);
            }
            return;
        }
        // What must be loaded: each wanted pack and, down its bases, what it extends.
        let mut needed = vec![false; self.order.len()];
        for &at in wanted {
            needed[at] = true;
        }
        let mut uses = vec![0_usize; self.order.len()];
        for at in (0..self.order.len()).rev() {
            if needed[at]
                && let Some(base) = self.base[at]
            {
                needed[base] = true;
                uses[base] += 1;
            }
        }
        let mut kept: HashMap<usize, Ruleset> = HashMap::new();
        for at in (0..self.order.len()).filter(|&at| needed[at]) {
            let (ruleset, diagnostics) = match self.base[at] {
                Some(base) => {
                    uses[base] -= 1;
                    let from = if uses[base] == 0 {
                        kept.remove(&base)
                    } else {
                        kept.get(&base).cloned()
                    };
                    match from.map(|from| extend_ruleset(from, self.order[at], options)) {
                        Some(Ok(extended)) => extended,
                        // The pack overrides or extends another's content: a full load.
                        Some(Err(_)) | None => self.load_full(at, options),
                    }
                }
                None => self.load_full(at, options),
            };
            if wanted.contains(&at) {
                check(at, &ruleset, diagnostics);
            }
            if uses[at] > 0 {
                kept.insert(at, ruleset);
            }
        }
    }

    fn load_full(&self, at: usize, options: &LoadOptions) -> (Ruleset, Diagnostics) {
        load_ruleset(
            self.closure(at).into_iter().map(|at| self.order[at]),
            options,
        )
    }
}

#[cfg(test)]
mod tests;
