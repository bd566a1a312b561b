//! `opencharacter economy` and the `layers` report, run on a small pack written here: the
//! layers.md example of Gravewatch (a crown is 5 shillings, a shilling 12 pennies; the long night
//! withdraws the crown), with two layers that both replace the ladder.
//!
//! The numbers, from layers.md ("Currencies"): a price in a withdrawn coin is re-expressed in
//! the largest remaining coin of its family that pays it exactly: 3 crowns = 180 pennies = 15
//! shillings. The vault's one entry drops 2 crowns whatever the seed: 10 shillings under the
//! long night. The purse line lists coins largest first; a withdrawn coin is kept apart.
//! Replacements (layers.md, "Applying layers"): layers apply in order, so of `grim` and
//! `grimmer`, both replacing the ladder, `grimmer` (later) is in force: easy DC 8, hard DC 11
//! (shown by their labels, Easy and Hard).

use std::path::Path;

use super::support::{run_in as run, stdout};

const GRAVEWATCH: &[(&str, &str)] = &[
    (
        "pack.yaml",
        r#"id: gravewatch-1e
version: 0.2.0
specVersion: 1.5.0
license: CC0-1.0
defaultLanguage: en
"#,
    ),
    (
        "rules/economy.yaml",
        r#"contentTypes:
  arm: {}
currencies:
  coin:
    units:
      penny: { value: 1 }
      shilling: { value: 12 }
      crown: { value: 60 }
resolution:
  kind: dice-sum
  dice: 2d6
  naturals: none
  difficultyLadder:
    - { label: easy, dc: 6 }
    - { label: hard, dc: 9 }
lootTables:
  vault:
    entries:
      - { coins: crown, weight: 1, count: 2 }
layers:
  long_night:
    currencies: { removeUnits: [crown] }
  grim:
    difficultyLadder:
      - { label: easy, dc: 7 }
      - { label: hard, dc: 10 }
  grimmer:
    difficultyLadder:
      - { label: easy, dc: 8 }
      - { label: hard, dc: 11 }
"#,
    ),
    (
        "content/arms/guard-pistol.yaml",
        r#"id: arms.guard-pistol
type: arm
price: { amount: 3, unit: crown }
"#,
    ),
    (
        "i18n/en.yaml",
        r#"_meta: { language: en, direction: ltr }
pack.name: Gravewatch
content.arms.guard-pistol.name: Guard pistol
currency.penny.label: pennies
currency.shilling.label: shillings
currency.crown.label: crowns
lootTable.vault.label: Vault
contentType.arm.label: Arm
family.coin.label: Coin
ladder.easy.label: Easy
ladder.hard.label: Hard
layer.long_night.label: The long night
layer.long_night.summary: No crown is minted.
layer.grim.label: Grim
layer.grim.summary: Everything is harder.
layer.grimmer.label: Grimmer
layer.grimmer.summary: Everything is harder still.
"#,
    ),
    (
        "i18n/es.yaml",
        r#"_meta: { language: es, direction: ltr }
content.arms.guard-pistol.name: Pistola de guardia
currency.penny.label: peniques
currency.shilling.label: chelines
currency.crown.label: coronas
lootTable.vault.label: Cámara
"#,
    ),
    // A pack with text beside its default language has an `-i18n` package (i18n.md).
    (
        "i18n-package/package.json",
        r#"{ "version": "0.2.0", "description": "Gravewatch in languages beside English" }
"#,
    ),
];

fn gravewatch(dir: &Path) {
    for (path, text) in GRAVEWATCH {
        let file = dir.join("packs/gravewatch/1e").join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    std::fs::write(
        dir.join("purse.yaml"),
        "packs: { gravewatch-1e: 0.2.0 }\n\
         purse: { gravewatch-1e:penny: 7, gravewatch-1e:crown: 2, gravewatch-1e:shilling: 4 }\n",
    )
    .unwrap();
}

#[test]
fn a_price_in_a_withdrawn_coin_reads_in_the_largest_coin_left() {
    let dir = tempfile::tempdir().unwrap();
    gravewatch(dir.path());
    let pack = "packs/gravewatch/1e";
    let pistol = "gravewatch-1e:arms.guard-pistol";
    let base = run(dir.path(), &["economy", "--packs", pack, "--price", pistol]);
    assert_eq!(base.status.code(), Some(0));
    assert_eq!(
        stdout(&base),
        "layers: none\nGuard pistol (gravewatch-1e:arms.guard-pistol): 3 crowns\n"
    );
    let night = run(
        dir.path(),
        &[
            "economy",
            "--packs",
            pack,
            "--price",
            pistol,
            "--on",
            "long_night",
        ],
    );
    assert_eq!(
        stdout(&night),
        "layers: gravewatch-1e:long_night\nGuard pistol (gravewatch-1e:arms.guard-pistol): 15 shillings\n"
    );
    let spanish = run(
        dir.path(),
        &[
            "economy",
            "--packs",
            pack,
            "--price",
            pistol,
            "--on",
            "long_night",
            "--lang",
            "es",
        ],
    );
    assert_eq!(
        stdout(&spanish),
        "capas: gravewatch-1e:long_night\nPistola de guardia (gravewatch-1e:arms.guard-pistol): 15 chelines\n"
    );
    let json = run(
        dir.path(),
        &[
            "economy",
            "--packs",
            pack,
            "--price",
            pistol,
            "--loot",
            "gravewatch-1e:vault",
            "--seed",
            "1",
            "--on",
            "long_night",
            "--format",
            "json",
        ],
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value,
        serde_json::json!({
            "prices": [{"item": pistol,
                        "price": {"amount": 15, "unit": "gravewatch-1e:shilling"}}],
            "loot": {"table": "gravewatch-1e:vault", "seed": 1,
                     "drops": [{"coins": {"amount": 10, "unit": "gravewatch-1e:shilling"}}]},
            "layers": ["gravewatch-1e:long_night"],
            "diagnostics": []
        })
    );
    let loot = run(
        dir.path(),
        &[
            "economy",
            "--packs",
            pack,
            "--loot",
            "gravewatch-1e:vault",
            "--seed",
            "1",
            "--lang",
            "es",
        ],
    );
    assert_eq!(
        stdout(&loot),
        "capas: ninguna\nCámara (gravewatch-1e:vault) (semilla 1):\n  2 coronas\n"
    );
    // An item the packs lack is an error.
    let missing = run(
        dir.path(),
        &[
            "economy",
            "--packs",
            pack,
            "--price",
            "gravewatch-1e:arms.musket",
        ],
    );
    assert_eq!(missing.status.code(), Some(1));
}

#[test]
fn the_purse_line_lists_coins_largest_first_and_keeps_withdrawn_ones_apart() {
    let dir = tempfile::tempdir().unwrap();
    gravewatch(dir.path());
    let base = run(
        dir.path(),
        &["economy", "--packs", "packs", "--purse", "purse.yaml"],
    );
    assert_eq!(
        stdout(&base),
        "loaded from the store: gravewatch-1e 0.2.0\nlayers: none\n\
         purse: 2 crowns, 4 shillings, 7 pennies\n"
    );
    let night = run(
        dir.path(),
        &[
            "economy",
            "--packs",
            "packs",
            "--purse",
            "purse.yaml",
            "--on",
            "long_night",
            "--lang",
            "es",
        ],
    );
    assert_eq!(
        stdout(&night),
        "cargados del almacén: gravewatch-1e 0.2.0\ncapas: gravewatch-1e:long_night\n\
         bolsa: 4 chelines, 7 peniques\n  guardadas, no se muestran: 2 coronas\n"
    );
    let json = run(
        dir.path(),
        &[
            "economy",
            "--packs",
            "packs",
            "--purse",
            "purse.yaml",
            "--on",
            "long_night",
            "--format",
            "json",
        ],
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["purse"],
        serde_json::json!({
            "coins": [{"amount": 4, "unit": "gravewatch-1e:shilling"},
                      {"amount": 7, "unit": "gravewatch-1e:penny"}],
            "withdrawn": [{"amount": 2, "unit": "gravewatch-1e:crown"}]
        })
    );
}

#[test]
fn the_layers_report_shows_the_ladder_in_force_and_which_replacement_won() {
    let dir = tempfile::tempdir().unwrap();
    gravewatch(dir.path());
    let output = run(
        dir.path(),
        &["layers", "packs/gravewatch/1e", "--on", "grim,grimmer"],
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "layers chosen: gravewatch-1e:grim, gravewatch-1e:grimmer\n\
         kept gravewatch-1e:grim:\n  replaces the difficulty ladder: easy, hard\n\
         kept gravewatch-1e:grimmer:\n  replaces the difficulty ladder: easy, hard\n\
         difficulty ladder: Easy DC 8, Hard DC 11\n  set by gravewatch-1e:grimmer\n\
         the difficulty ladder:\n  gravewatch-1e:grim: replaced by gravewatch-1e:grimmer, which comes later\n\
         \x20 won: gravewatch-1e:grimmer\n"
    );
    let spanish = run(
        dir.path(),
        &[
            "layers",
            "packs/gravewatch/1e",
            "--on",
            "grim",
            "--lang",
            "es",
        ],
    );
    assert!(
        stdout(&spanish)
            .starts_with("capas elegidas: gravewatch-1e:grim\nse aplica gravewatch-1e:grim:\n"),
        "{}",
        stdout(&spanish)
    );
    assert!(
        stdout(&spanish).ends_with(
            // The pack's Spanish text has no ladder labels: the default language's answer.
            "escala de dificultad: Easy CD 7, Hard CD 10\n  la fija gravewatch-1e:grim\n"
        ),
        "{}",
        stdout(&spanish)
    );
    let json = run(
        dir.path(),
        &[
            "layers",
            "packs/gravewatch/1e",
            "--on",
            "grim,grimmer",
            "--format",
            "json",
        ],
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["ladder"],
        serde_json::json!({"steps": [{"label": "easy", "dc": 8}, {"label": "hard", "dc": 11}],
                           "from": "gravewatch-1e:grimmer"})
    );
    assert_eq!(
        value["replacements"],
        serde_json::json!([{"replaces": "ladder", "won": "gravewatch-1e:grimmer",
                            "layers": ["gravewatch-1e:grim", "gravewatch-1e:grimmer"]}])
    );
    // Without layers: the pack's own ladder, set by no layer.
    let base = run(dir.path(), &["layers", "packs/gravewatch/1e"]);
    assert_eq!(
        stdout(&base),
        "layers chosen: none\ndifficulty ladder: Easy DC 6, Hard DC 9\n"
    );
}
