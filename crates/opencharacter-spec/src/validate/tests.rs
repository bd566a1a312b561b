//! Unit tests of the manifest checks.

use super::*;
use crate::model::{ContentTypeDef, PackRelease};

fn manifest(yaml: &str) -> Manifest {
    crate::yaml::from_str(yaml).unwrap()
}

fn codes_of(diagnostics: &[Diagnostic]) -> Vec<(&'static str, String)> {
    diagnostics
        .iter()
        .map(|d| (d.code.name, d.location.pointer.clone().unwrap_or_default()))
        .collect()
}

const BASE: &str = "id: demo-core\nversion: 0.1.0\nspecVersion: 1.0.0\ndefaultLanguage: en\n";

#[test]
fn licenses() {
    for ok in [
        "CC0-1.0",
        "CC-BY-4.0",
        "MIT",
        "ORC",
        "mechanics-only",
        "LicenseRef-x.1",
    ] {
        assert!(license_known(ok).is_ok(), "{ok}");
    }
    let reason = license_known("CC-BY-4").unwrap_err().english();
    assert!(reason.contains("SPDX"), "{reason}");
    assert!(license_known("LicenseRef-").is_err());
    assert!(
        license_known("GPL-2.0")
            .unwrap_err()
            .english()
            .contains("deprecates")
    );
    let found = manifest_diagnostics(&manifest(&format!("{BASE}license: Lanternfall-1\n")));
    assert_eq!(
        codes_of(&found),
        [("license-unknown", "/license".to_owned())]
    );
}

#[test]
fn ogl_should_notices_are_warnings() {
    let found = manifest_diagnostics(&manifest(&format!(
        "{BASE}license: OGL-1.0a\nnotices: {{ ogl-license: text, section-15: text }}\n"
    )));
    assert_eq!(
        codes_of(&found),
        [
            ("license-notice-recommended", "/notices".to_owned()),
            ("license-notice-recommended", "/notices".to_owned()),
        ]
    );
    assert!(found.iter().all(|d| !d.is_error()));
    let bare = manifest_diagnostics(&manifest(&format!("{BASE}license: OGL-1.0a\n")));
    let names: Vec<_> = bare.iter().map(|d| d.code.name).collect();
    assert_eq!(
        names,
        [
            "property-required",
            "property-required",
            "license-notice-recommended",
            "license-notice-recommended"
        ]
    );
}

#[test]
fn language_tags() {
    for ok in ["en", "pt-BR", "zh-Hant-TW", "de-CH-1901"] {
        assert!(language_tag(ok).is_ok(), "{ok}");
    }
    for bad in ["en_GB", "english", "", "e", "en--GB"] {
        assert!(language_tag(bad).is_err(), "{bad}");
    }
}

#[test]
fn early_versions_warn() {
    let found = manifest_diagnostics(&manifest(
        "id: demo-core\nversion: 0.0.9\nspecVersion: 1.0.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    ));
    assert_eq!(
        codes_of(&found),
        [("pack-version-early", "/version".to_owned())]
    );
    assert!(!found[0].is_error());
}

#[test]
fn deprecation_above_the_pack_version() {
    let item: ContentItem =
        crate::yaml::from_str("id: gear.rope\ntype: gear\ndeprecated: { since: 0.3.0 }\n").unwrap();
    let found = deprecation_diagnostic("gear.rope", &item, &Version::new(0, 2, 0));
    assert_eq!(
        found.map(|d| d.message()),
        Some("`gear.rope` is deprecated since 0.3.0, above the pack's version 0.2.0".to_owned())
    );
    assert!(deprecation_diagnostic("gear.rope", &item, &Version::new(0, 3, 0)).is_none());
}

#[test]
fn features_newer_than_the_spec_version() {
    let rules = crate::yaml::from_str("layers:\n  dusk: {}\n").unwrap();
    let pack = PackContents {
        rules: &rules,
        upgrades: &[],
        languages: &["en", "fr"],
        default_language: "en",
        content: &indexmap::IndexMap::new(),
        templates: &indexmap::IndexMap::new(),
    };
    let found = feature_diagnostics(&pack, &Version::new(1, 1, 0));
    assert_eq!(
        codes_of(&found),
        [("feature-too-new", "/i18n/fr".to_owned())]
    );
    assert_eq!(
        found[0].message(),
        "the pack uses languages beyond the default language (`translations`), which needs spec \
         version 1.5.0; its specVersion is 1.1.0"
    );
    assert_eq!(feature_diagnostics(&pack, &Version::new(1, 0, 0)).len(), 2);
}

#[test]
fn property_types() {
    let declared: ContentTypeDef = crate::yaml::from_str(
        "properties:\n  tier: { type: enum, values: [low, high] }\n  tags_of: { type: text, many: true }\n  \
         bonus: { type: formula }\n  lit: { type: boolean, required: true }\n  kin: { type: content }\n",
    )
    .unwrap();
    let properties = serde_json::from_value(serde_json::json!({
        "tier": "mid", "tags_of": "one", "bonus": 2, "lit": true, "kin": "Not An Id"
    }))
    .unwrap();
    let found = property_diagnostics(&properties, &declared, "lamp", true);
    assert_eq!(
        codes_of(&found),
        [
            ("property-type-mismatch", "/properties/tier".to_owned()),
            ("property-type-mismatch", "/properties/tags_of".to_owned()),
            ("property-type-mismatch", "/properties/kin".to_owned()),
        ]
    );
    assert_eq!(
        found[0].message(),
        "`tier` should be one of `low`, `high`, not `mid`"
    );
}

#[test]
fn required_keys_cover_every_labelled_item() {
    let release: PackRelease = serde_json::from_value(serde_json::json!({
        "manifest": {"id": "demo", "version": "0.1.0", "specVersion": "1.0.0",
                     "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": {
            "live": {"woundTracks": {"harm": {"boxes": 3, "marks": {"cut": {"severity": 1}}}}},
            "constraints": {"c": {"formula": "1 > 0", "issue": "too_odd"}},
            "currencies": {"coin": {"units": {"bit": {"value": 1}}}},
            "layers": {"dusk": {}}
        },
        "content": {
            "gear.rope": {"id": "gear.rope", "type": "gear"},
            "gear.other": {"override": "base:gear.x", "properties": {}}
        },
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": {}
    }))
    .unwrap();
    let keys: Vec<(String, String)> = required_keys(&release)
        .into_iter()
        .map(|k| (k.key, k.pointer))
        .collect();
    let expected = [
        ("pack.name", "/manifest/id"),
        ("field.harm.label", "/rules/live/woundTracks/harm"),
        (
            "mark.harm.cut.label",
            "/rules/live/woundTracks/harm/marks/cut",
        ),
        ("issue.too_odd.message", "/rules/constraints/c/issue"),
        ("family.coin.label", "/rules/currencies/coin"),
        ("currency.bit.label", "/rules/currencies/coin/units/bit"),
        ("layer.dusk.label", "/rules/layers/dusk"),
        ("layer.dusk.summary", "/rules/layers/dusk"),
        ("content.gear.rope.name", "/content/gear.rope"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(k, p)| ((*k).to_owned(), (*p).to_owned()))
        .collect();
    assert_eq!(keys, expected);
}
