//! `opencharacter layers`, run as the built binary over the example game in `packs/lanternfall`
//! and over a pack whose layers together would empty the market's sellers.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::support::stdout;

fn lanternfall() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../packs/lanternfall")
}

fn layers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .arg("layers")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_report_lists_kept_layers_their_changes_and_the_dropped_one() {
    let path = lanternfall();
    let output = layers(&[
        path.to_str().unwrap(),
        "--on",
        "flood_tide,lanternfall-core:hard_frost",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let report = &value["report"];
    assert_eq!(report["kept"][0]["layer"], "lanternfall-core:hard_frost");
    assert_eq!(report["dropped"][0]["layer"], "lanternfall-core:flood_tide");
    assert_eq!(
        report["dropped"][0]["conflictsWith"],
        "lanternfall-core:hard_frost"
    );
    assert_eq!(value["diagnostics"][0]["code"], "layer-conflict-dropped");
    let changes: Vec<&str> = report["kept"][0]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["change"].as_str().unwrap())
        .collect();
    assert_eq!(
        changes,
        [
            "checkGuidance",
            "worldGuidance",
            "values",
            "ladder",
            "hidden"
        ]
    );
}

#[test]
fn removals_that_would_empty_the_sellers_are_reported_not_applied() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("demo").join("core");
    std::fs::create_dir_all(pack.join("rules")).unwrap();
    std::fs::create_dir_all(pack.join("i18n")).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "id: demo-core\nversion: 0.1.0\nspecVersion: 1.6.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("rules/core.yaml"),
        "contentTypes:\n  kit: {}\nmarket:\n  sellers:\n    chandler: { sells: [{ type: kit }] }\n    \
         smith: { sells: [{ type: kit }] }\nlayers:\n  no_chandler:\n    items: { market: { removeSellers: [chandler] } }\n  \
         no_smith:\n    items: { market: { removeSellers: [smith] } }\n",
    )
    .unwrap();
    std::fs::write(
        pack.join("i18n/en.yaml"),
        "_meta: { language: en, direction: ltr }\npack.name: Demo\ncontentType.kit.label: Kit\n\
         seller.chandler.label: Chandler\nseller.smith.label: Smith\n\
         layer.no_chandler.label: No chandler\nlayer.no_chandler.summary: x\n\
         layer.no_smith.label: No smith\nlayer.no_smith.summary: x\n",
    )
    .unwrap();
    let output = layers(&[dir.path().to_str().unwrap(), "--on", "no_smith,no_chandler"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("kept demo-core:no_chandler:\n  withdraws the sellers demo-core:chandler\n"),
        "{text}"
    );
    assert!(
        text.contains("not applied demo-core:no_smith: removing the sellers `smith`: with the layers before it, it would leave the market without sellers"),
        "{text}"
    );
    assert!(
        text.contains("warning[layer-removal-not-applied]"),
        "{text}"
    );

    // An unknown layer is an error, a name that is no ID a usage error.
    let output = layers(&[dir.path().to_str().unwrap(), "--on", "demo-core:nope"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("error[layer-unknown]"));
    let output = layers(&[dir.path().to_str().unwrap(), "--on", "Not An Id"]);
    assert_eq!(output.status.code(), Some(2));
}
