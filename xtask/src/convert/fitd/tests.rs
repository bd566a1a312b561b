//! Unit tests of the Forged in the Dark converter on a tiny corpus written to a temporary folder
//! (tests never read the shared corpus); in their own file to keep fitd.rs short.

use super::checks::self_check;
use super::content::bare_name;
use super::*;

#[test]
fn names_become_content_segments() {
    assert_eq!(slug("Fine hand weapon"), "fine-hand-weapon");
    assert_eq!(slug("+ Heavy"), "heavy");
    assert_eq!(slug("Cloak & Dagger"), "cloak-dagger");
    assert_eq!(slug("Spirit bottles (2)"), "spirit-bottles-2");
    assert_eq!(bare_name("(C) Fine hand weapon"), "Fine hand weapon");
    assert_eq!(bare_name("(Sl) Cloak & Dagger"), "Cloak & Dagger");
    assert_eq!(bare_name("Lantern"), "Lantern");
}

/// A corpus of a few documents in the Foundry shape (names and numbers only), written to a
/// temporary folder: tests never read the shared corpus.
fn tiny_corpus() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let foundry = dir.path().join("foundry-bitd");
    std::fs::create_dir_all(&foundry).unwrap();
    let dots = |skirmish: i64, command: i64| {
        let mut all = serde_json::Map::new();
        for (_, actions) in ATTRIBUTES {
            for action in actions {
                all.insert(action.to_owned(), json!([0]));
            }
        }
        all.insert("skirmish".into(), json!([skirmish]));
        all.insert("command".into(), json!([command]));
        Value::Object(all)
    };
    let files = [
        (
            "classes.json",
            json!([{ "name": "Cutter", "system": { "base_skills": dots(2, 1) } }]),
        ),
        (
            "abilities.json",
            json!([
                { "name": "(C) Vigorous", "system": { "class": "Cutter" } },
                { "name": "(C) Battleborn", "system": { "class": "Cutter" } },
            ]),
        ),
        (
            "items.json",
            json!([
                { "name": "(C) Fine hand weapon", "system": { "class": "Cutter", "load": "1" } },
                { "name": "+ Heavy", "system": { "class": "", "load": "3" } },
            ]),
        ),
        (
            "crew_upgrades.json",
            json!([
                { "name": "(C) Ordained", "system": { "class": "", "price": "3" } },
                { "name": "Vault 1", "system": { "class": "", "price": "1" } },
            ]),
        ),
        ("crew_reputation.json", json!([{ "name": "Daring" }])),
        ("heritages.json", json!([{ "name": "The Dagger Isles" }])),
        ("backgrounds.json", json!([{ "name": "Labor" }])),
        ("vices.json", json!([{ "name": "Weird" }])),
        ("crew_types.json", json!([{ "name": "Bravos" }])),
        (
            "crew_abilities.json",
            json!([{ "name": "(Br) Dangerous", "system": { "class": "Bravos" } }]),
        ),
        (
            "template.json",
            json!({ "Actor": { "character": { "trauma": { "options": ["cold", "soft"] } } } }),
        ),
    ];
    for (name, value) in files {
        std::fs::write(foundry.join(name), value.to_string()).unwrap();
    }
    dir
}

fn read_tree(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let key = path.strip_prefix(dir).unwrap().display().to_string();
                out.insert(key, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    out
}

#[test]
fn a_run_writes_the_same_bytes_twice_and_the_playbook_holds_its_dots() {
    let corpus = tiny_corpus();
    let out = tempfile::tempdir().unwrap();
    let (first, second) = (out.path().join("a"), out.path().join("b"));
    run(corpus.path(), &first).unwrap();
    run(corpus.path(), &second).unwrap();
    // Running over an existing pack of ours rewrites it to the same bytes.
    run(corpus.path(), &second).unwrap();
    let files = read_tree(&first);
    assert_eq!(files, read_tree(&second));
    let cutter = &files["content/playbooks/cutter.yaml"];
    assert!(
        cutter.contains("{ target: actions.skirmish, op: min, value: \"2\" }"),
        "{cutter}"
    );
    assert!(
        cutter.contains("{ target: actions.command, op: min, value: \"1\" }"),
        "{cutter}"
    );
    // Abilities are offered sorted by name, whatever the source's order.
    let battleborn = cutter.find("special-abilities.cutter.battleborn").unwrap();
    let vigorous = cutter.find("special-abilities.cutter.vigorous").unwrap();
    assert!(battleborn < vigorous);
    assert!(files.contains_key("content/items/heavy.yaml"));
    assert!(
        files["content/items/cutter/fine-hand-weapon.yaml"].contains("playbook: playbooks.cutter")
    );
    assert!(
        files["i18n/en.yaml"].contains("content.heritages.the-dagger-isles.name: The Dagger Isles")
    );
    assert!(files["pack.yaml"].contains("license: CC-BY-3.0"));
    // A crew upgrade's crew comes from its prefix when `class` is empty.
    let ordained = &files["content/crew-upgrades/cult/ordained.yaml"];
    assert!(ordained.contains("crew_type: crew-types.cult") && ordained.contains("cost: 3"));
    assert!(files.contains_key("content/crew-upgrades/vault-1.yaml"));
}

#[test]
fn a_folder_that_is_not_this_pack_is_never_wiped() {
    let corpus = tiny_corpus();
    let out = tempfile::tempdir().unwrap();
    std::fs::write(out.path().join("keep.txt"), "mine").unwrap();
    assert!(matches!(
        run(corpus.path(), out.path()),
        Err(Error::NotOurs(_))
    ));
    assert!(out.path().join("keep.txt").exists());
}

#[test]
fn a_playbook_without_dots_is_refused() {
    let corpus = tiny_corpus();
    let classes = corpus.path().join("foundry-bitd/classes.json");
    std::fs::write(
        &classes,
        json!([{ "name": "Cutter", "system": {} }]).to_string(),
    )
    .unwrap();
    assert!(matches!(build(corpus.path()), Err(Error::Data(_))));
}

#[test]
fn the_rules_pass_their_own_checks() {
    let mut out = PackOutput::default();
    rules(&mut out).unwrap();
    let files = out.render("en");
    assert_eq!(self_check(&files), Vec::<String>::new());
    assert!(files["rules/character.yaml"].contains("if(actions.hunt > 0, 1, 0)"));
}
