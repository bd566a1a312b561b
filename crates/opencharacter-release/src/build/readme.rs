//! The `README.md` and `LICENSE.md` of every built package, generated from the manifest and the
//! pack's own metadata text (`pack.name`, `pack.description`): name, version, license, credit
//! and notices, dependencies, and how to install and import. Never any rules text.
//!
//! `LICENSE.md` holds the pack's `credit` and each of its `notices` verbatim, in order, under
//! their slugs: what the license asks an app to pass on, and what the `license` field points
//! at when the pack's license has no SPDX identifier (`SEE LICENSE IN LICENSE.md`).

use std::fmt::Write as _;

use opencharacter_spec::model::{I18nValue, License, LicenseKind, PackRelease};

use super::npm::NODE_ENGINES;
use super::render::package_name;

/// The pack's display name: its `pack.name` text in the default language, else its ID.
pub fn display_name(release: &PackRelease) -> &str {
    text(release, "pack.name").unwrap_or(release.manifest.id.as_str())
}

/// The pack's `pack.description` text in the default language, when it has one.
pub fn description(release: &PackRelease) -> Option<&str> {
    text(release, "pack.description")
}

fn text<'a>(release: &'a PackRelease, key: &str) -> Option<&'a str> {
    match release.i18n.text.get(key) {
        Some(I18nValue::Text(text)) if !text.trim().is_empty() => Some(text.trim()),
        _ => None,
    }
}

/// A sentence naming a license and what it is.
fn license_sentence(license: &License) -> String {
    let id = &license.0;
    match license.kind() {
        _ if license.is_spdx_listed() => {
            format!("licensed under `{id}` (<https://spdx.org/licenses/{id}.html>)")
        }
        LicenseKind::Orc => {
            "licensed under the ORC License (`ORC`; it has no SPDX identifier)".to_owned()
        }
        LicenseKind::Ogl10a => {
            "licensed under the Open Game License v1.0a (`OGL-1.0a`; it has no SPDX identifier; \
             its text is the notice `ogl-license` below)"
                .to_owned()
        }
        LicenseKind::MechanicsOnly => {
            "`mechanics-only`: it carries game mechanics and neutral labels only, no rules text, \
             flavor text or logos"
                .to_owned()
        }
        _ => format!("licensed under `{id}`, a license its author names (not on the SPDX list)"),
    }
}

/// The credit and the notices of a pack, verbatim, under headings at `level` (`##`).
fn credit_and_notices(out: &mut String, release: &PackRelease, level: &str) {
    let manifest = &release.manifest;
    if let Some(credit) = &manifest.credit {
        let _ = write!(out, "\n{level} Credit\n\n{credit}\n");
    }
    for (slug, notice) in &manifest.notices {
        let _ = write!(out, "\n{level} Notice `{slug}`\n\n{notice}\n");
    }
    if manifest.credit.is_none() && manifest.notices.is_empty() {
        out.push_str("\nThe pack asks for no credit and carries no notices.\n");
    }
}

/// A pack's `LICENSE.md`.
pub fn pack_license(release: &PackRelease) -> String {
    let manifest = &release.manifest;
    let mut out = format!(
        "# License of {} {}\n\nThe pack `{}` is {}.\n\nAn app that shows this pack passes on its \
         credit, then each notice in order, as written here and in the release's `manifest`.\n",
        package_name(manifest.id.as_str()),
        manifest.version,
        manifest.id,
        license_sentence(&manifest.license)
    );
    credit_and_notices(&mut out, release, "##");
    out
}

/// A pack's `README.md`; `other_languages` are the languages of its `-i18n` package.
pub fn pack_readme(release: &PackRelease, other_languages: &[&str]) -> String {
    let manifest = &release.manifest;
    let package = package_name(manifest.id.as_str());
    let language = &manifest.default_language;
    let mut out = format!("# {}\n\n", display_name(release));
    if let Some(description) = description(release) {
        let _ = write!(out, "{description}\n\n");
    }
    let _ = write!(
        out,
        "`{package}` {} is the OpenCharacter rules pack `{}`, built as an npm package by \
         `opencharacter build` {} (it needs spec {} or newer). It holds {} content items, {} \
         fields and {} content types, and its text in `{language}`.\n\n## License\n\nThe pack is \
         {}. Its credit and notices are in [LICENSE.md](LICENSE.md).\n",
        manifest.version,
        manifest.id,
        env!("CARGO_PKG_VERSION"),
        manifest.spec_version,
        release.content.len(),
        release.rules.fields.len(),
        release.rules.content_types.len(),
        license_sentence(&manifest.license),
    );
    if let Some(homepage) = &manifest.homepage {
        let _ = write!(out, "\nHome page: <{homepage}>\n");
    }
    out.push_str("\n## Dependencies\n\n");
    if manifest.dependencies.is_empty() {
        out.push_str("None.\n");
    }
    for (id, range) in &manifest.dependencies {
        let _ = writeln!(out, "- `{}` `{range}`", package_name(id.as_str()));
    }
    let _ = write!(
        out,
        "\n## Install\n\n```sh\nnpm install {package}\n```\n\nNode.js {NODE_ENGINES}. From a \
         tarball (`npm pack`), `npm install ./<file>.tgz`; from a folder, `npm install \
         --install-links <folder>`, so its dependencies install too.\n\n## Use\n\n```js\n\
         import pack from '{package}';                 // an ES module\n\
         const pack = require('{package}');            // CommonJS\n\
         import text from '{package}/i18n/{language}';  // the text in `{language}`\n```\n\n\
         `{package}/release.json` and `{package}/i18n/{language}.json` are the same data as \
         JSON. The types name every ID the pack defines, so a misspelt one fails to compile:\n\n\
         ```ts\nimport pack, {{ type ContentId, type FieldId, type Release }} from '{package}';\n```\n"
    );
    if !other_languages.is_empty() {
        let _ = write!(
            out,
            "\nOther languages ({}) are in `{package}-i18n`: `import text from \
             '{package}-i18n/{}'`.\n",
            other_languages.join(", "),
            other_languages[0]
        );
    }
    out
}

/// The `-i18n` package's `LICENSE.md`: its `license` field, then the pack's license, credit and
/// notices (the translations are of the pack's text).
pub fn i18n_license(release: &PackRelease, name: &str, version: &str, license: &str) -> String {
    let manifest = &release.manifest;
    let mut out = format!(
        "# License of {name} {version}\n\nThe translations of the pack `{}` {}. ",
        manifest.id, manifest.version
    );
    if license.starts_with("SEE LICENSE IN") || license == manifest.license.0 {
        let _ = writeln!(
            out,
            "Like the pack, they are {}.",
            license_sentence(&manifest.license)
        );
    } else {
        let _ = writeln!(
            out,
            "They are licensed under `{license}`; the pack is {}.",
            license_sentence(&manifest.license)
        );
    }
    credit_and_notices(&mut out, release, "##");
    out
}

/// The `-i18n` package's `README.md`.
pub fn i18n_readme(release: &PackRelease, name: &str, version: &str, languages: &[&str]) -> String {
    let manifest = &release.manifest;
    let pack = package_name(manifest.id.as_str());
    let mut out = format!(
        "# {} in other languages\n\n`{name}` {version} holds the text of the OpenCharacter rules \
         pack `{pack}` {} in {}. Its license, credit and notices are in \
         [LICENSE.md](LICENSE.md).\n\n## Install\n\n```sh\nnpm install {pack} {name}\n```\n\n\
         ## Use\n\n```js\n",
        display_name(release),
        manifest.version,
        languages
            .iter()
            .map(|language| format!("`{language}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for language in languages {
        let _ = writeln!(
            out,
            "import {} from '{name}/{language}';",
            identifier(language)
        );
    }
    let _ = writeln!(
        out,
        "const text = require('{name}/{}');  // CommonJS\n```",
        languages.first().copied().unwrap_or("en")
    );
    out
}

/// A language tag as a JavaScript identifier (`pt-BR` → `ptBR`).
fn identifier(language: &str) -> String {
    let name: String = language
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    if name.is_empty() {
        "text".to_owned()
    } else {
        name
    }
}

/// The aggregate's `LICENSE.md`: each pack's license, credit and notices, in load order.
pub fn aggregate_license(releases: &[&PackRelease], license: &str) -> String {
    let mut out = format!(
        "# License of @opencharacter/packs\n\nThis package re-exports {} packs; each is under its \
         own license, and all their terms apply together (the `license` field: `{license}`). \
         Each pack's credit and notices follow, verbatim, in load order.\n",
        releases.len()
    );
    for release in releases {
        let manifest = &release.manifest;
        let _ = write!(
            out,
            "\n## {} {}\n\nThe pack `{}` is {}.\n",
            package_name(manifest.id.as_str()),
            manifest.version,
            manifest.id,
            license_sentence(&manifest.license)
        );
        credit_and_notices(&mut out, release, "###");
    }
    out
}

/// The aggregate's `README.md`.
pub fn aggregate_readme(releases: &[&PackRelease], languages: &[&str]) -> String {
    let mut out = format!(
        "# OpenCharacter packs\n\n`@opencharacter/packs` {} maps the ID of each pack of one \
         build to its release, in load order, re-exported from each pack's own package (which it \
         depends on at the exact version). Their licenses, credits and notices are in \
         [LICENSE.md](LICENSE.md).\n\n| pack | package | version | license |\n| --- | --- | --- | --- |\n",
        env!("CARGO_PKG_VERSION")
    );
    for release in releases {
        let manifest = &release.manifest;
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | `{}` |",
            display_name(release).replace('|', "\\|"),
            package_name(manifest.id.as_str()),
            manifest.version,
            manifest.license.0
        );
    }
    let _ = write!(
        out,
        "\n## Install\n\n```sh\nnpm install @opencharacter/packs\n```\n\nNode.js {NODE_ENGINES}. \
         From a tarball (`npm pack`), `npm install ./<file>.tgz`; from a folder, `npm install \
         --install-links <folder>` (a plain folder install links it, and its dependencies stay \
         unmet).\n\n## Use\n\n```js\nimport packs from '@opencharacter/packs';      // pack ID → \
         release\nconst packs = require('@opencharacter/packs');  // CommonJS\n"
    );
    for language in languages {
        let _ = writeln!(
            out,
            "import {} from '@opencharacter/packs/i18n/{language}';  // pack ID → text in `{language}`",
            identifier(language)
        );
    }
    out.push_str("```\n");
    out
}

/// The spec package's `README.md`.
pub fn spec_readme(version: &str, languages: &[&str]) -> String {
    let mut out = format!(
        "# OpenCharacter spec text\n\n`@opencharacter/spec` {version} is the standard text of \
         the OpenCharacter pack format, spec {version}: the templates of every diagnostic and \
         rules issue (`{{name}}` marks an argument), comparison and dice text, in {}. They are the \
         templates that render `opencharacter`'s own messages. License: \
         [LICENSE.md](LICENSE.md).\n\n## Install\n\n```sh\nnpm install @opencharacter/spec\n```\n\n\
         ## Use\n\n```js\n",
        languages
            .iter()
            .map(|language| format!("`{language}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for language in languages {
        let _ = writeln!(
            out,
            "import {} from '@opencharacter/spec/i18n/{language}';",
            identifier(language)
        );
    }
    out.push_str(
        "const en = require('@opencharacter/spec/i18n/en');  // CommonJS\n```\n\n\
         `text.diagnostics['missing-dependency']` is one template.\n",
    );
    out
}

/// The spec package's `LICENSE.md`: the toolkit's license expression, whose text lives with it.
pub fn spec_license(version: &str, expression: &str) -> String {
    let links: Vec<String> = expression
        .split_whitespace()
        .filter(|word| !matches!(*word, "OR" | "AND" | "WITH"))
        .map(|id| format!("- `{id}`: <https://spdx.org/licenses/{id}.html>"))
        .collect();
    format!(
        "# License of @opencharacter/spec {version}\n\nThe spec's standard text is part of the \
         opencharacter toolkit and is licensed as it is: `{expression}`.\n\n{}\n",
        links.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn release(manifest: serde_json::Value) -> PackRelease {
        serde_json::from_value(json!({
            "manifest": manifest,
            "rules": {},
            "content": {},
            "i18n": { "_meta": { "language": "en", "direction": "ltr" }, "pack.name": "Old Monsters" },
            "formulas": {}
        }))
        .unwrap()
    }

    #[test]
    fn the_license_file_holds_the_credit_and_notices_verbatim_in_order() {
        // An OGL-1.0a pack carries the license's text and its COPYRIGHT NOTICE as notices
        // (docs/spec/packs.md); the file keeps them as written, in the manifest's order.
        let ogl = release(json!({
            "id": "old-monsters", "version": "0.1.0", "specVersion": "1.0.0", "license": "OGL-1.0a",
            "defaultLanguage": "en",
            "notices": { "ogl-license": "OPEN GAME LICENSE Version 1.0a\n\nThe following text…",
                         "section-15": "Open Game License v 1.0a Copyright 2000, Wizards of the Coast, LLC." }
        }));
        let text = pack_license(&ogl);
        assert!(
            text.starts_with("# License of @opencharacter/old-monsters 0.1.0\n"),
            "{text}"
        );
        assert!(text.contains("Open Game License v1.0a (`OGL-1.0a`; it has no SPDX identifier"));
        let license = text
            .find("## Notice `ogl-license`\n\nOPEN GAME LICENSE Version 1.0a\n\nThe following text…\n")
            .unwrap();
        let section = text
            .find("## Notice `section-15`\n\nOpen Game License v 1.0a")
            .unwrap();
        assert!(license < section, "{text}");

        let orc = release(json!({
            "id": "ember", "version": "0.3.0", "specVersion": "1.0.0", "license": "ORC",
            "defaultLanguage": "en", "credit": "Ember Roads, by the Example Collective.",
            "notices": { "orc": "ORC notice." }
        }));
        let text = pack_license(&orc);
        let credit = text
            .find("## Credit\n\nEmber Roads, by the Example Collective.\n")
            .unwrap();
        assert!(credit < text.find("## Notice `orc`\n\nORC notice.\n").unwrap());
        assert!(text.contains("the ORC License (`ORC`; it has no SPDX identifier)"));
    }

    #[test]
    fn the_readme_says_what_the_pack_is_and_how_to_import_it() {
        let pack = release(json!({
            "id": "old-monsters", "version": "0.1.0", "specVersion": "1.2.0", "license": "CC-BY-4.0",
            "credit": "Credit.", "defaultLanguage": "en",
            "dependencies": { "5e-srd-5.1": "^0.1.0" }
        }));
        let text = pack_readme(&pack, &["es", "pt-BR"]);
        assert!(
            text.starts_with("# Old Monsters\n\n`@opencharacter/old-monsters` 0.1.0"),
            "{text}"
        );
        assert!(text.contains("it needs spec 1.2.0 or newer"), "{text}");
        assert!(
            text.contains(
                "licensed under `CC-BY-4.0` (<https://spdx.org/licenses/CC-BY-4.0.html>)"
            )
        );
        assert!(text.contains("## Dependencies\n\n- `@opencharacter/5e-srd-5.1` `^0.1.0`\n"));
        assert!(
            text.contains("import pack from '@opencharacter/old-monsters';"),
            "{text}"
        );
        assert!(
            text.contains("require('@opencharacter/old-monsters')"),
            "{text}"
        );
        assert!(
            text.contains("Other languages (es, pt-BR) are in `@opencharacter/old-monsters-i18n`")
        );
        assert_eq!(identifier("pt-BR"), "ptBR");
    }
}
