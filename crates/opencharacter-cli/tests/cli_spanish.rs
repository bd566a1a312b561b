//! `--lang es` in every verb's own words (docs/spec/command.md, "One format, one language"):
//! each verb run end to end in Spanish on a small pack written here, its exact output checked,
//! and a list of English words that no Spanish line of the command holds (as
//! `tests/spanish_messages.rs` does for diagnostics).
//!
//! The pack, `vigil-1e`: a field `grit` (a watcher's is 3), checks of `2d6 + grit` (dice-sum,
//! no naturals) against a ladder of easy DC 6 and hard DC 9, the action `brace` (a check of
//! `grit`), coins (penny 1, crown 12) and two layers, `grim` (appends guidance, easy DC 7 and
//! hard DC 10, withdraws the crown) and `grimmer` (easy DC 8, hard DC 11). Its Spanish names the
//! field, the action and the ladder's steps. The numbers, worked from the dice: 2d6 + 3 runs
//! 5–15 with mean 10; it reaches 6 unless 2d6 is 2 (35/36 = 97.2%), 9 when 2d6 ≥ 6 (26/36 =
//! 72.2%), 7 when 2d6 ≥ 4 (33/36 = 91.7%), 10 when 2d6 ≥ 7 (21/36 = 58.3%). layers.md
//! ("Applying layers"): effects apply guidance, then the ladder, then currencies; of two kept
//! layers replacing the ladder, the later (`grimmer`) is in force.

use std::path::Path;
use std::process::Output;

use super::support::{root, run_in as run, stdout};

const VIGIL: &[(&str, &str)] = &[
    (
        "pack.yaml",
        "id: vigil-1e\nversion: 0.1.0\nspecVersion: 1.5.0\nlicense: CC0-1.0\n\
         credit: Vigil (CC0-1.0)\ndefaultLanguage: en\n",
    ),
    (
        "rules/core.yaml",
        r#"fields:
  grit: { type: number, default: 2 }
currencies:
  coin:
    units:
      penny: { value: 1 }
      crown: { value: 12 }
resolution:
  kind: dice-sum
  dice: 2d6
  naturals: none
  difficultyLadder:
    - { label: easy, dc: 6 }
    - { label: hard, dc: 9 }
actions:
  brace: { use: { check: "grit" } }
layers:
  grim:
    gm: { guidance: Every check is harder. }
    difficultyLadder:
      - { label: easy, dc: 7 }
      - { label: hard, dc: 10 }
    currencies: { removeUnits: [crown] }
  grimmer:
    difficultyLadder:
      - { label: easy, dc: 8 }
      - { label: hard, dc: 11 }
"#,
    ),
    (
        "i18n/en.yaml",
        r#"_meta: { language: en, direction: ltr }
pack.name: Vigil
field.grit.label: Grit
action.brace.label: Brace
ladder.easy.label: Easy
ladder.hard.label: Hard
family.coin.label: Coin
currency.penny.label: pennies
currency.crown.label: crowns
layer.grim.label: Grim
layer.grim.summary: Everything is harder.
layer.grimmer.label: Grimmer
layer.grimmer.summary: Everything is harder still.
"#,
    ),
    (
        "i18n/es.yaml",
        r#"_meta: { language: es, direction: ltr }
pack.name: Vigilia
field.grit.label: Temple
action.brace.label: Resistir
ladder.easy.label: Fácil
ladder.hard.label: Difícil
"#,
    ),
    ("i18n-package/package.json", r#"{"version": "0.1.0"}"#),
];

fn vigil(dir: &Path) {
    for (path, text) in VIGIL {
        let file = dir.join("packs/vigil/1e").join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    std::fs::write(
        dir.join("watcher.yaml"),
        "packs: { vigil-1e: 0.1.0 }\nfields: { vigil-1e:grit: 3 }\n",
    )
    .unwrap();
}

/// Runs `opencharacter ARGS --lang es` in `dir`; exit 0 expected.
fn spanish(dir: &Path, args: &[&str]) -> String {
    let output: Output = run(dir, &[args, &["--lang", "es"]].concat());
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}{}",
        stdout(&output),
        String::from_utf8_lossy(&output.stderr)
    );
    stdout(&output)
}

/// English words no Spanish line of the command holds, as whole words: articles, prepositions
/// and the command's own English words. IDs, paths and script names (a token with `:` inside,
/// a `/` or `-to-`), diagnostic codes and code spans are not words of the command.
const ENGLISH: &[&str] = &[
    "the",
    "is",
    "not",
    "which",
    "has",
    "with",
    "of",
    "does",
    "and",
    "its",
    "this",
    "that",
    "from",
    "by",
    "at",
    "in",
    "to",
    "mean",
    "success",
    "roll",
    "layers",
    "none",
    "kept",
    "dropped",
    "replaces",
    "withdraws",
    "appends",
    "set",
    "won",
    "load",
    "order",
    "conflicts",
    "wins",
    "wrote",
    "files",
    "built",
    "default",
    "language",
    "fetched",
    "migrated",
    "nothing",
    "changed",
    "character",
    "step",
    "copied",
    "errors",
    "warnings",
    "warning",
    "packs",
    "pack",
    "fields",
    "rolls",
    "issues",
    "credits",
    "content",
    "ladder",
    "difficulty",
    "chosen",
];

pub(super) fn english_words(text: &str) -> Vec<String> {
    let prose: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    for token in prose.split_whitespace() {
        // A diagnostic's code (`aviso[code]`) is an identifier, not a word.
        let token = match (token.find('['), token.find(']')) {
            (Some(open), Some(close)) if open < close => {
                let code = &token[open + 1..close];
                if code.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                    &token[..open]
                } else {
                    token
                }
            }
            _ => token,
        };
        let inner = token.trim_end_matches(':');
        // An upgrade script's name (`0.1.0-to-0.2.0`) is an identifier the format fixes.
        if inner.contains('/') || inner.contains(':') || inner.contains("-to-") {
            continue;
        }
        for word in inner.split(|c: char| !c.is_alphanumeric()) {
            let word = word.to_lowercase();
            if ENGLISH.contains(&word.as_str()) && !found.contains(&word) {
                found.push(word);
            }
        }
    }
    found
}

#[test]
fn every_verb_speaks_spanish_in_its_own_words() {
    let dir = tempfile::tempdir().unwrap();
    vigil(dir.path());
    let mut said: Vec<(String, String)> = Vec::new();
    let mut check = |verb: &str, text: String, expected: &str| {
        assert_eq!(text, expected, "{verb}");
        said.push((verb.to_owned(), text));
    };

    check(
        "sheet",
        spanish(
            dir.path(),
            &["sheet", "watcher.yaml", "--packs", "packs/vigil/1e"],
        ),
        "capas: ninguna\nCampos\n  Temple (vigil-1e:grit) = 3\nContenido\nTiradas\n  \
         Resistir (vigil-1e:brace): 2d6 + 3 (5–15, media 10)\n      \
         éxito: Fácil CD 6 97.2%, Difícil CD 9 72.2%\nProblemas\n  ninguno\n\
         Créditos\n  Vigil (CC0-1.0)\n",
    );
    check(
        "sheet --layers",
        spanish(
            dir.path(),
            &[
                "sheet",
                "watcher.yaml",
                "--packs",
                "packs/vigil/1e",
                "--layers",
                "vigil-1e:grim",
            ],
        ),
        "capas: vigil-1e:grim\nCampos\n  Temple (vigil-1e:grit) = 3\nContenido\nTiradas\n  \
         Resistir (vigil-1e:brace): 2d6 + 3 (5–15, media 10)\n      \
         éxito: Fácil CD 7 91.7%, Difícil CD 10 58.3%\nProblemas\n  ninguno\n\
         Créditos\n  Vigil (CC0-1.0)\n",
    );
    check(
        "layers",
        spanish(
            dir.path(),
            &["layers", "packs/vigil/1e", "--on", "grim,grimmer"],
        ),
        "capas elegidas: vigil-1e:grim, vigil-1e:grimmer\n\
         se aplica vigil-1e:grim:\n  añade orientación para las pruebas\n  \
         sustituye la escala de dificultad: easy, hard\n  retira las monedas vigil-1e:crown\n\
         se aplica vigil-1e:grimmer:\n  sustituye la escala de dificultad: easy, hard\n\
         escala de dificultad: Fácil CD 8, Difícil CD 11\n  la fija vigil-1e:grimmer\n\
         la escala de dificultad:\n  vigil-1e:grim: la sustituye vigil-1e:grimmer, que va \
         después\n  gana: vigil-1e:grimmer\n",
    );
    check(
        "load",
        spanish(dir.path(), &["load", "packs/vigil/1e"]),
        "orden de carga:\n  1. vigil-1e 0.1.0 (CC0-1.0)\n     créditos: Vigil (CC0-1.0)\n\
         conflictos: ninguno\n0 errores, 0 avisos en 1 paquete\n",
    );
    check(
        "show",
        spanish(
            dir.path(),
            &["show", "packs/vigil/1e", "--id", "grit,brace"],
        ),
        "vigil-1e:grit\n  field.grit.label: Temple  [es]\n\n\
         vigil-1e:brace\n  action.brace.label: Resistir  [es]\n\n",
    );
    // The pack's own text, English only: the default language answers, and says so.
    check(
        "show (default language)",
        spanish(dir.path(), &["show", "packs/vigil/1e", "--id", "grim"]),
        "vigil-1e:grim\n  layer.grim.label: Grim  [en: sin traducir a es, responde el idioma \
         por defecto del paquete]\n  layer.grim.summary: Everything is harder.  [en: sin \
         traducir a es, responde el idioma por defecto del paquete]\n\n",
    );
    check(
        "build",
        spanish(dir.path(), &["build", "packs/vigil/1e"]),
        "0 errores, 0 avisos en 1 paquete\nconstruido vigil-1e → packs/vigil/1e/dist\n\
         construido vigil-1e-i18n → packs/vigil/1e/i18n-package/dist\n",
    );
    // upgrades.md: the 0.1.0-to-0.2.0 script of the migrations fixture renames `xp` to
    // `experience` (a copy: the old value stays), and routes `level` by `class`; a character
    // with neither gets the route's `default`, 1, in its `else` field, `level_other`.
    std::fs::write(
        dir.path().join("hero.yaml"),
        "packs: { demo-heroes: 0.1.0 }\nfields:\n  demo-heroes:xp: 900\n",
    )
    .unwrap();
    let release = root().join("tests/fixtures/migrations/0.2.0/release.json");
    let migrated = spanish(
        dir.path(),
        &["migrate", "hero.yaml", "--packs", release.to_str().unwrap()],
    );
    let (report, character) = migrated.split_once("personaje:\n").unwrap();
    check(
        "migrate",
        report.to_owned(),
        "migrado:\n  demo-heroes: 0.1.0 -> 0.2.0\n  demo-heroes 0.1.0-to-0.2.0 paso 1 (rename):\n    \
         copiado demo-heroes:xp -> demo-heroes:experience = 900\n  demo-heroes 0.1.0-to-0.2.0 \
         paso 3 (route):\n    por defecto -> demo-heroes:level_other = 1\n",
    );
    let character: serde_json::Value = serde_json::from_str(character).unwrap();
    assert_eq!(
        character,
        serde_json::json!({"packs": {"demo-heroes": "0.2.0"},
            "fields": {"demo-heroes:xp": 900, "demo-heroes:experience": 900,
                       "demo-heroes:level_other": 1}})
    );

    // A character saved with a newer version than the one loaded, naming a pack not loaded:
    // nothing runs backwards and nothing of the absent pack moves (upgrades.md), both said as
    // rules issues (`problema` in Spanish), then that nothing changed.
    std::fs::write(
        dir.path().join("newer.yaml"),
        "packs: { demo-heroes: 0.4.0, demo-extras: 0.1.0 }\nfields:\n  demo-heroes:exp: 900\n",
    )
    .unwrap();
    let newest = root().join("tests/fixtures/migrations/0.3.0/release.json");
    let newer = spanish(
        dir.path(),
        &["migrate", "newer.yaml", "--packs", newest.to_str().unwrap()],
    );
    let (report, _) = newer.split_once("personaje:\n").unwrap();
    check(
        "migrate (newer)",
        report.to_owned(),
        "problema[character-pack-older]: el personaje se guardó con `demo-heroes` 0.4.0, pero \
         está cargada la 0.3.0\n  --> newer.yaml#/packs/demo-heroes\n\
         problema[character-pack-not-loaded]: el personaje usa `demo-extras` 0.1.0, que no está \
         cargado\n  --> newer.yaml#/packs/demo-extras\nnada cambia\n",
    );

    // formula: 2d6 + 1 with seed 3. The seed's two d6 by formulas.md's SplitMix64 (the script
    // of cli_loot.rs, `roll = roller(3); roll(6), roll(6)`) are 4 and 4: 9. The sum of two d6
    // plus 1 runs 3–13, mean 8, each total t with (6 − |t − 8|)/36.
    let mut odds = String::new();
    for total in 3..=13i32 {
        let ways = 6 - (total - 8).abs();
        let fraction = match ways {
            6 => "1/6".to_owned(),
            2 => "1/18".to_owned(),
            3 => "1/12".to_owned(),
            4 => "1/9".to_owned(),
            n => format!("{n}/36"),
        };
        odds.push_str(&format!(
            "  {total:>8}  {:>7.3}%  {fraction}\n",
            f64::from(ways) * 100.0 / 36.0
        ));
    }
    check(
        "formula",
        spanish(dir.path(), &["formula", "2d6+1", "--seed", "3"]),
        &format!(
            "canónica:  2d6 + 1\nárbol:     {tree}\ntipos:     dice\n\
             valor:     9 (tirado con --seed 3)\nmínimo:    3\nmáximo:    13\nmedia:     8\n\
             probabilidades:\n{odds}",
            tree = r#"{"kind":"binary","op":"+","left":{"kind":"dice","count":{"kind":"number","value":"2"},"sides":{"kind":"number","value":"6"}},"right":{"kind":"number","value":"1"}}"#
        ),
    );
    // validate --coverage: the Spanish file holds 5 of the 12 keys of the English (pack name,
    // field, action, the two steps): 41.6%, rounded down (i18n.md).
    check(
        "validate --coverage",
        spanish(dir.path(), &["validate", "packs/vigil/1e", "--coverage"]),
        "0 errores, 0 avisos en 1 paquete\ntraducciones de vigil-1e (idioma por defecto en, 12 \
         claves):\n  es: 5 de 12 claves, 41.6%; faltan family.coin.label, currency.penny.label, \
         currency.crown.label, layer.grim.label, layer.grim.summary, layer.grimmer.label, \
         layer.grimmer.summary\n",
    );

    // import-ruleset: its report line in Spanish (README: the barrowlight test ruleset writes
    // 11 files); the diagnostics' own words are checked by
    // `import_ruleset_speaks_spanish_in_its_reasons`.
    let imported = spanish(
        dir.path(),
        &[
            "import-ruleset",
            root()
                .join("tests/fixtures/ruleset-json/barrowlight.json")
                .to_str()
                .unwrap(),
            "--out",
            "barrowlight/core",
        ],
    );
    let last = imported.lines().last().unwrap();
    assert!(
        last.starts_with("escritos 11 archivos en barrowlight/core (")
            && last.ends_with(
                " cosas sin lugar en el paquete, listadas en barrowlight/core.import.md; 0 errores)"
            ),
        "{last}"
    );
    for line in imported.lines().filter(|l| *l != last) {
        assert!(line.starts_with("aviso: "), "{line}");
    }
    said.push(("import-ruleset".into(), last.to_owned()));

    // The check finds English where there is some: `load` in English.
    let load = stdout(&run(dir.path(), &["load", "packs/vigil/1e"]));
    assert_eq!(
        english_words(&load),
        [
            "load",
            "order",
            "conflicts",
            "none",
            "errors",
            "warnings",
            "in",
            "pack"
        ]
    );

    let english: Vec<(String, Vec<String>)> = said
        .iter()
        .map(|(verb, text)| (verb.clone(), english_words(text)))
        .filter(|(verb, words)| {
            // The pack's own English, where no Spanish is written, is the pack's, not ours.
            !words.is_empty() && verb != "show (default language)"
        })
        .collect();
    assert!(english.is_empty(), "English words: {english:?}");
}

/// The importer's own English words, beside [`ENGLISH`]: its reasons for what has no place in a
/// pack, its checks' reasons and "what" words, its limits' labels.
const IMPORTER_ENGLISH: &[&str] = &[
    "place", "model", "must", "required", "reserved", "engine", "ruleset", "key", "format", "tags",
    "item", "locale", "over", "limit", "matches", "text", "label", "guidance",
];

/// `import-ruleset --lang es` says every word of its own in Spanish (issue 20): the reasons of
/// what has no place in a pack (barrowlight's `combat`, `rests`, item mechanics …), a locale
/// text that matches nothing (fr.json's "Not a text of this ruleset"), the Capability API
/// features the manifest's 1.30 does not reach, and the engine's checks
/// of a broken ruleset (ruleset-json.md: a reserved ID, an unknown key, more than 48 item tags).
#[test]
fn import_ruleset_speaks_spanish_in_its_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = root().join("tests/fixtures/ruleset-json");
    let barrowlight = fixtures.join("barrowlight.json");
    let locales = fixtures.join("locales");
    let manifest = fixtures.join("manifest.json");
    let imported = spanish(
        dir.path(),
        &[
            "import-ruleset",
            barrowlight.to_str().unwrap(),
            "--locales",
            locales.to_str().unwrap(),
            "--manifest",
            manifest.to_str().unwrap(),
            "--out",
            "barrowlight/core",
        ],
    );
    let unmapped: Vec<&str> = imported
        .lines()
        .filter(|l| l.ends_with("[ruleset-json-unmapped]"))
        .collect();
    // The fixture's `combat`, `rests`, and fr.json's unmatched text are among what is reported.
    assert!(unmapped.len() >= 3, "{imported}");
    // docs/spec/ruleset-json.md: combat resolved by the ruleset has no place; the Spanish of
    // `import-combat` inside es.yaml's `ruleset-json-unmapped` template.
    assert!(
        imported.contains(
            "#/combat: /combat no tiene lugar en un paquete: el combate resuelto por el conjunto de reglas \
             no tiene lugar en el modelo [ruleset-json-unmapped]"
        ),
        "{imported}"
    );
    assert!(
        imported.contains(
            "locales/fr.json#/ruleset/Not a text of this ruleset: locales/fr.json#/ruleset/Not a \
             text of this ruleset no tiene lugar en un paquete: \
             un texto de traducción que no coincide con ningún texto en inglés del conjunto de \
             reglas"
        ),
        "{imported}"
    );

    // ruleset-json.md's gates: items need Capability API 1.49; the manifest declares 1.30.
    assert!(
        imported.contains(
            "barrowlight.json#/items: los objetos: se necesita la Capability API 1.49, pero el \
             manifiesto del paquete declara 1.30 [ruleset-json-capability]"
        ),
        "{imported}"
    );

    let tags: Vec<serde_json::Value> = (0..49)
        .map(|i| serde_json::json!({"id": format!("t{i}"), "label": format!("T{i}")}))
        .collect();
    let broken = serde_json::json!({
        "schemaVersion": 1, "id": "traditional", "version": 1, "name": "Broken",
        "coverage": {"summary": "s"}, "resolution": {"kind": "roll-under"},
        "sheet": {"abilities": [{"id": "Brawn"}]}, "gm": {"checkGuidance": "g"},
        "items": {"tags": tags}, "extra": 1
    });
    std::fs::write(dir.path().join("broken.json"), broken.to_string()).unwrap();
    let output = run(
        dir.path(),
        &[
            "import-ruleset",
            "broken.json",
            "--out",
            "broken/core",
            "--lang",
            "es",
        ],
    );
    // Errors of the engine's format: exit 1.
    assert_eq!(output.status.code(), Some(1));
    let refused = stdout(&output);
    // ruleset-json.md: `traditional` is reserved by the engine; `extra` is no key of the format;
    // the engine holds at most 48 item tags, and these are 49.
    for expected in [
        "error: broken.json#/id: el ID del conjunto de reglas: está reservado por el motor \
         [ruleset-json-invalid]",
        "error: broken.json#/extra: extra: no es una clave del formato (el motor rechaza el \
         archivo entero) [ruleset-json-invalid]",
        "error: broken.json#/items/tags: etiquetas de objetos: 49 supera el límite del motor, 48 \
         [ruleset-json-limit]",
        "error: broken.json#/resolution/kind: resolution.kind: debe ser `dice-sum` o \
         `dice-pool` [ruleset-json-invalid]",
    ] {
        assert!(refused.contains(expected), "{expected}\n{refused}");
    }

    for line in imported.lines().chain(refused.lines()) {
        // fr.json's English key is the author's text, quoted in the pointer, not ours.
        let line = line.replace("Not a text of this ruleset", "");
        assert!(english_words(&line).is_empty(), "{line}");
        // The diagnostic's code (`[ruleset-json-invalid]`) is an identifier, not a word.
        let message = line
            .rsplit_once(" [")
            .map_or(line.as_str(), |(message, _)| message);
        let prose: String = message.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for token in prose.split_whitespace() {
            // Pointers and paths (`#/`, `/`) are the source's, not words of the command.
            if token.contains('/') {
                continue;
            }
            for word in token.split(|c: char| !c.is_alphanumeric()) {
                assert!(
                    !IMPORTER_ENGLISH.contains(&word.to_lowercase().as_str()),
                    "{word} in {line}"
                );
            }
        }
    }
}
