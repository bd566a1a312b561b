//! What makes a built folder an npm package that publishes and installs as it is: the
//! `license` field npm accepts, the fields every package carries (`engines`, `publishConfig`,
//! `sideEffects`, keywords), `exports` entries with an `import` and a `require` condition, each
//! with its types, and the CommonJS files beside the ES modules.
//!
//! Decided here: a CommonJS entry (`<stem>.cjs`) `require`s the JSON file beside it instead of
//! holding a second copy of the data; its declaration (`<stem>.d.cts`) types the same data as
//! the ES module's (`<stem>.d.ts`).

use opencharacter_spec::model::License;
use serde_json::{Map, Value, json};

/// The Node.js versions the packages are tested on (the `engines` field): the ES modules, the
/// CommonJS entries and `exports` conditions work on every maintained release since.
pub const NODE_ENGINES: &str = ">=20";

/// The file every package's `license` can point at: `SEE LICENSE IN LICENSE.md`.
pub const LICENSE_FILE: &str = "LICENSE.md";

/// The `license` field of a pack's package: the pack's license when it is an identifier on the
/// SPDX list, which npm accepts; `SEE LICENSE IN LICENSE.md` otherwise (`ORC`, `OGL-1.0a`,
/// `mechanics-only`, `LicenseRef-…`, which npm refuses for new packages), the file holding the
/// pack's credit and notices.
pub fn license_field(license: &License) -> String {
    if license.is_spdx_listed() {
        license.0.clone()
    } else {
        see_license()
    }
}

/// `SEE LICENSE IN LICENSE.md`.
pub fn see_license() -> String {
    format!("SEE LICENSE IN {LICENSE_FILE}")
}

/// The `license` field of a package holding several packs: every pack's license joined with
/// `AND` (all their terms apply) when each is on the SPDX list, else `SEE LICENSE IN
/// LICENSE.md`.
pub fn joint_license_field<'a>(licenses: impl IntoIterator<Item = &'a License>) -> String {
    let mut ids: Vec<&License> = licenses.into_iter().collect();
    if ids.iter().any(|license| !license.is_spdx_listed()) || ids.is_empty() {
        return see_license();
    }
    ids.sort_by(|a, b| a.0.cmp(&b.0));
    ids.dedup();
    ids.iter()
        .map(|license| license.0.as_str())
        .collect::<Vec<_>>()
        .join(" AND ")
}

/// Adds what every built package carries after its `exports`: `sideEffects: false` (the
/// modules only export data), `engines` and `publishConfig.access: public` (a scoped package
/// is private on its first publish otherwise).
pub fn publishing(package: &mut Map<String, Value>) {
    package.insert("sideEffects".into(), json!(false));
    package.insert("engines".into(), json!({ "node": NODE_ENGINES }));
    package.insert("publishConfig".into(), json!({ "access": "public" }));
}

/// The keywords of every package, then `more`.
pub fn keywords(more: &[&str]) -> Value {
    let mut all = vec!["opencharacter", "ttrpg", "rpg", "rules-pack"];
    all.extend_from_slice(more);
    json!(all)
}

/// The `exports` entry of `<stem>.js` (ES module) and `<stem>.cjs` (CommonJS), each with its
/// types (`.d.ts`, `.d.cts`).
pub fn dual_export(stem: &str) -> Value {
    json!({
        "import": { "types": format!("./{stem}.d.ts"), "default": format!("./{stem}.js") },
        "require": { "types": format!("./{stem}.d.cts"), "default": format!("./{stem}.cjs") },
    })
}

/// A CommonJS module exporting the JSON file `json` (a path relative to the module, `./x.json`).
pub fn commonjs_json(header: &str, json: &str) -> String {
    format!(
        "{header}module.exports = require({});\n",
        Value::String(json.to_owned())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn license(id: &str) -> License {
        License(id.to_owned())
    }

    #[test]
    fn npm_gets_an_spdx_identifier_or_the_license_file() {
        // The SPDX list has CC-BY-4.0 and CC0-1.0; ORC, the Open Game License and this format's
        // own `mechanics-only` are not on it, and npm refuses a LicenseRef for new packages.
        assert_eq!(license_field(&license("CC-BY-4.0")), "CC-BY-4.0");
        for id in [
            "ORC",
            "OGL-1.0a",
            "mechanics-only",
            "LicenseRef-Lanternfall-Fan",
        ] {
            assert_eq!(
                license_field(&license(id)),
                "SEE LICENSE IN LICENSE.md",
                "{id}"
            );
        }
        let listed = [license("CC0-1.0"), license("CC-BY-4.0"), license("CC0-1.0")];
        assert_eq!(joint_license_field(&listed), "CC-BY-4.0 AND CC0-1.0");
        let mixed = [license("CC-BY-4.0"), license("mechanics-only")];
        assert_eq!(joint_license_field(&mixed), "SEE LICENSE IN LICENSE.md");
    }

    #[test]
    fn each_condition_has_its_types() {
        let entry = dual_export("i18n/en");
        assert_eq!(entry["import"]["types"], "./i18n/en.d.ts");
        assert_eq!(entry["require"]["default"], "./i18n/en.cjs");
        assert_eq!(
            commonjs_json("", "./en.json"),
            "module.exports = require(\"./en.json\");\n"
        );
    }
}
