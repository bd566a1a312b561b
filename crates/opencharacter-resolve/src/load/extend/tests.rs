//! `extend_ruleset` against the full load it stands for: on random small graphs of packs
//! (dependencies on earlier packs, content types found in the pack or a dependency or not at
//! all, `extends` inside the pack and across packs, overrides, `hides`, a `resolution` given
//! twice), a ruleset extended by the last pack equals `load_ruleset` of every pack, and so do
//! the diagnostics about that pack; a pack that cannot be added exactly gives the base back.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::*;
use crate::load::load_ruleset;
use opencharacter_spec::diagnostic::Diagnostic;

/// One content item as drawn: which type name it gives, and what it extends or overrides.
#[derive(Debug, Clone)]
struct ItemSpec {
    /// 0: no type; 1: `t` (declared by some packs); 2: `u` (declared by none).
    type_name: u8,
    /// 0: nothing; 1: an earlier item of the pack; 2: an item of an earlier pack (qualified);
    /// 3: an override of an earlier pack's item; 4: a missing item of the pack.
    relation: u8,
    /// Which earlier pack or item a relation names.
    pick: usize,
}

#[derive(Debug, Clone)]
struct PackSpec {
    /// Each bit: a dependency on that earlier pack.
    dependencies: u8,
    declares_type: bool,
    resolution: bool,
    items: Vec<ItemSpec>,
    /// A `hides` entry: `Some(pick)` names an item of an earlier pack (or a missing one).
    hides: Option<usize>,
}

fn item_spec() -> impl Strategy<Value = ItemSpec> {
    (0..3u8, 0..5u8, 0..8usize).prop_map(|(type_name, relation, pick)| ItemSpec {
        type_name,
        relation,
        pick,
    })
}

fn pack_spec() -> impl Strategy<Value = PackSpec> {
    (
        any::<u8>(),
        any::<bool>(),
        prop::bool::weighted(0.2),
        prop::collection::vec(item_spec(), 0..4),
        prop::option::of(0..8usize),
    )
        .prop_map(
            |(dependencies, declares_type, resolution, items, hides)| PackSpec {
                dependencies,
                declares_type,
                resolution,
                items,
                hides,
            },
        )
}

fn pack_id(i: usize) -> String {
    format!("p{i}")
}

/// The releases of the drawn packs, each depending only on packs before it (so the order
/// given is a valid load order).
fn releases(specs: &[PackSpec]) -> Vec<PackRelease> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let mut dependencies = serde_json::Map::new();
            for d in 0..i {
                if spec.dependencies & (1 << (d % 8)) != 0 {
                    dependencies.insert(pack_id(d), "^1".into());
                }
            }
            let mut content = serde_json::Map::new();
            for (k, item) in spec.items.iter().enumerate() {
                let key = format!("c.i{k}");
                let mut body = json!({"id": key, "properties": {"n": k}});
                match item.type_name {
                    1 => body["type"] = "t".into(),
                    2 => body["type"] = "u".into(),
                    _ => {}
                }
                let earlier = (i > 0).then(|| item.pick % i);
                match (item.relation, earlier) {
                    (1, _) if k > 0 => body["extends"] = format!("c.i{}", item.pick % k).into(),
                    (2, Some(d)) => body["extends"] = format!("{}:c.i0", pack_id(d)).into(),
                    (3, Some(d)) => {
                        body = json!({"override": format!("{}:c.i0", pack_id(d)),
                                      "properties": {"n": 100 + k}});
                    }
                    (4, _) => body["extends"] = "c.missing".into(),
                    _ => {}
                }
                content.insert(key, body);
            }
            let mut rules = serde_json::Map::new();
            if spec.declares_type {
                rules.insert("contentTypes".into(), json!({"t": {}}));
            }
            if spec.resolution {
                rules.insert(
                    "resolution".into(),
                    json!({"kind": "dice-sum", "dice": "1d20"}),
                );
            }
            let hides: Vec<Value> = match (spec.hides, i) {
                (Some(pick), i) if i > 0 => {
                    vec![format!("{}:c.i{}", pack_id(pick % i), pick % 3).into()]
                }
                _ => Vec::new(),
            };
            serde_json::from_value(json!({
                "manifest": {"id": pack_id(i), "version": "1.0.0", "specVersion": "1.0.0",
                             "license": "CC0-1.0", "defaultLanguage": "en",
                             "dependencies": dependencies, "hides": hides},
                "rules": rules,
                "content": content,
                "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
                "formulas": {}
            }))
            .expect("the drawn release fits the model")
        })
        .collect()
}

/// The diagnostics about `pack` a full load gives, but the manifest checks' (which
/// `extend_ruleset` leaves to `check_dependencies`).
fn about(diagnostics: &[Diagnostic], pack: &PackId) -> Vec<Diagnostic> {
    const MANIFEST_CODES: [&str; 6] = [
        "spec-version-unsupported",
        "missing-dependency",
        "dependency-loaded-late",
        "duplicate-pack",
        "dependency-cycle",
        "invalid-version-range",
    ];
    diagnostics
        .iter()
        .filter(|d| d.pack.as_ref() == Some(pack) && !MANIFEST_CODES.contains(&d.code.name))
        .cloned()
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn extending_equals_a_full_load(specs in prop::collection::vec(pack_spec(), 1..7)) {
        let releases = releases(&specs);
        let options = LoadOptions::default();
        let (mut ruleset, _) = load_ruleset(&releases[..1], &options);
        for k in 1..releases.len() {
            let (full, full_diagnostics) = load_ruleset(&releases[..=k], &options);
            let last = &releases[k];
            match extend_ruleset(ruleset.clone(), last, &options) {
                Ok((extended, diagnostics)) => {
                    prop_assert_eq!(&extended, &full);
                    prop_assert_eq!(
                        about(&diagnostics, &last.manifest.id),
                        about(&full_diagnostics, &last.manifest.id)
                    );
                    // Only diagnostics about the pack added.
                    prop_assert!(diagnostics.iter().all(|d| d.pack.as_ref() == Some(&last.manifest.id)));
                }
                Err(back) => {
                    prop_assert_eq!(&*back, &ruleset);
                    // Refused only for an override, a `hides` of what the base lacks, or an
                    // extension whose parent is not an
                    // item of the pack's own (another pack's, or one that is not an item: a
                    // name not found in the pack is looked up in its dependencies).
                    let own = |name: &str| last.content.iter().any(|(key, item)| {
                        key.as_str() == name
                            && matches!(item.form(), Ok(ContentForm::Item { .. } | ContentForm::Extends { .. }))
                    });
                    let refusable = last.content.values().any(|item| item.overrides.is_some()
                        || match &item.extends {
                            Some(Reference::Qualified(q)) => {
                                q.pack != last.manifest.id || !own(q.local.as_str())
                            }
                            Some(Reference::Local(local)) => !own(local.as_str()),
                            None => false,
                        });
                    let hides_unknown = last.manifest.hides.iter().any(|id| !ruleset.content.contains_key(id));
                    prop_assert!(refusable || hides_unknown);
                }
            }
            ruleset = full;
        }
    }
}

#[test]
fn a_chain_extended_pack_by_pack_is_the_chain_loaded_at_once() {
    // Three packs, each depending on the one before, each declaring type `t` and one item of
    // it; `p2` hides `p0:c.i0`. Worked by hand: the loaded ruleset holds three packs, three
    // items (`p0:c.i0`, `p1:c.i0`, `p2:c.i0`), each typed by its own pack's `t` (a local name
    // resolves in the pack first), and `p0:c.i0` hidden by `p2`.
    let spec = |hides| PackSpec {
        dependencies: 0xff,
        declares_type: true,
        resolution: false,
        items: vec![ItemSpec {
            type_name: 1,
            relation: 0,
            pick: 0,
        }],
        hides,
    };
    let releases = releases(&[spec(None), spec(None), spec(Some(0))]);
    let options = LoadOptions::default();
    let (mut ruleset, diagnostics) = load_ruleset(&releases[..1], &options);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    for release in &releases[1..] {
        let (extended, diagnostics) = extend_ruleset(ruleset, release, &options)
            .unwrap_or_else(|_| panic!("a pack with no override extends"));
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        ruleset = extended;
    }
    let ids: Vec<String> = ruleset.content.keys().map(ToString::to_string).collect();
    assert_eq!(ids, ["p0:c.i0", "p1:c.i0", "p2:c.i0"]);
    for (id, content) in &ruleset.content {
        let expected = format!("{}:t", id.pack);
        let typed = content.item.content_type.as_ref().map(ToString::to_string);
        assert_eq!(typed.as_deref(), Some(expected.as_str()));
    }
    let hidden: Vec<&str> = ruleset.content[0]
        .hidden_by
        .iter()
        .map(PackId::as_str)
        .collect();
    assert_eq!(hidden, ["p2"]);
}
