#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]
//! Built packs as an app installs them. The repository's packs are built, every package (each
//! pack's, each `-i18n` package, the `@opencharacter/packs` aggregate, `@opencharacter/spec`)
//! is packed with `npm pack`, and the tarballs are installed into a scratch project with
//! `npm install --offline` (nothing but the tarballs). Then:
//!
//! - publint (strict) and validate-npm-package-license accept every tarball;
//! - `node` imports every entry point from an ES module and from CommonJS and finds the JSON
//!   files' data;
//! - `tsc` (strict, `skipLibCheck: false`, `module` `nodenext` and `node16`) compiles uses of
//!   the types from both, every release's own data satisfies its `Release` type, and a misspelt
//!   ID fails to compile.
//!
//! Needs `node` and `npm` on the PATH, and the pinned tools in `tools/typescript` and
//! `tools/package-checks` (`scripts/test` installs them with `npm ci`): without them these
//! tests fail, saying so.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use crate::build_support::{build, copy_tree, problems, root};
use serde_json::Value;

/// One package as `npm pack --json` describes its tarball.
struct Packed {
    name: String,
    tarball: PathBuf,
    files: Vec<String>,
    /// The folder the build wrote (what was packed).
    folder: PathBuf,
}

/// The repository's packs built, packed and installed into a scratch project, once for every
/// test here (under the target folder's scratch space, replaced on each run).
struct Installed {
    /// The scratch project (`package.json`, `node_modules/`).
    app: PathBuf,
    packages: Vec<Packed>,
}

impl Installed {
    /// The installed copy of a package's file.
    fn json(&self, package: &str, file: &str) -> Value {
        let path = self.app.join("node_modules").join(package).join(file);
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
    }

    /// The pack packages (not `-i18n`, not the aggregate, not the spec's text).
    fn packs(&self) -> impl Iterator<Item = &Packed> {
        self.packages.iter().filter(|p| {
            !p.name.ends_with("-i18n")
                && p.name != "@opencharacter/packs"
                && p.name != "@opencharacter/spec"
        })
    }
}

fn installed() -> &'static Installed {
    static INSTALLED: OnceLock<Installed> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("npm-packages");
        if dir.exists() {
            std::fs::remove_dir_all(&dir).unwrap();
        }
        let packs = dir.join("packs");
        copy_tree(&root().join("packs"), &packs);
        let built = build(&packs);
        assert_eq!(problems(&built), Vec::<String>::new());
        let mut folders: Vec<PathBuf> = Vec::new();
        for pack in &built.built {
            folders.push(pack.dist.clone());
            folders.extend(pack.i18n_package.clone());
        }
        folders.extend(built.shared.iter().cloned());

        let tarballs = dir.join("tarballs");
        std::fs::create_dir_all(&tarballs).unwrap();
        let mut args = vec!["pack".to_owned(), "--json".to_owned()];
        args.push(format!("--pack-destination={}", tarballs.display()));
        args.extend(folders.iter().map(|f| f.display().to_string()));
        let listed: Value =
            serde_json::from_str(&npm(&args, &dir, "npm pack")).expect("npm pack --json");
        let packages: Vec<Packed> = listed
            .as_array()
            .unwrap()
            .iter()
            .zip(&folders)
            .map(|(entry, folder)| Packed {
                name: entry["name"].as_str().unwrap().to_owned(),
                tarball: tarballs.join(entry["filename"].as_str().unwrap()),
                files: entry["files"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f["path"].as_str().unwrap().to_owned())
                    .collect(),
                folder: folder.clone(),
            })
            .collect();

        let app = dir.join("app");
        std::fs::create_dir_all(&app).unwrap();
        std::fs::write(
            app.join("package.json"),
            "{ \"name\": \"app\", \"version\": \"1.0.0\", \"private\": true }\n",
        )
        .unwrap();
        // Offline, with a cache of its own: the tarballs alone must satisfy every dependency.
        let mut args: Vec<String> = [
            "install",
            "--offline",
            "--no-audit",
            "--no-fund",
            "--ignore-scripts",
        ]
        .map(String::from)
        .to_vec();
        args.push(format!("--cache={}", dir.join("npm-cache").display()));
        args.extend(packages.iter().map(|p| p.tarball.display().to_string()));
        npm(&args, &app, "npm install");
        Installed { app, packages }
    })
}

fn npm(args: &[String], dir: &Path, what: &str) -> String {
    let output = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|error| {
            panic!("cannot run npm ({what}): {error}; install Node.js 20 or newer with npm")
        });
    success(&output, what)
}

fn success(output: &Output, what: &str) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{what} failed:\n{}\n{stderr}",
        stdout.chars().take(4000).collect::<String>()
    );
    stdout
}

fn node(args: &[&str], dir: &Path, what: &str) -> Output {
    Command::new("node")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|error| {
            panic!("cannot run node ({what}): {error}; install Node.js 20 or newer")
        })
}

/// The pinned tool at `tools/<folder>/<path>`, or a failure saying how to install it.
fn tool(folder: &str, path: &str) -> String {
    let file = root().join("tools").join(folder).join(path);
    assert!(
        file.is_file(),
        "{} is not installed: run `npm ci --prefix tools/{folder}` (scripts/test does)",
        file.display()
    );
    file.display().to_string()
}

#[test]
fn npm_and_publint_accept_every_package_and_the_tarballs_satisfy_each_other() {
    let installed = installed();
    let check = tool("package-checks", "check.mjs");
    let mut args = vec![check.as_str()];
    let tarballs: Vec<String> = installed
        .packages
        .iter()
        .map(|p| p.tarball.display().to_string())
        .collect();
    args.extend(tarballs.iter().map(String::as_str));
    let output = node(&args, &installed.app, "the package checks");
    let report = success(&output, "publint and validate-npm-package-license");
    let reports: Vec<Value> = report
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports.len(), installed.packages.len(), "{report}");
    for (packed, report) in installed.packages.iter().zip(&reports) {
        assert_eq!(report["name"], packed.name.as_str());
        assert_eq!(report["problems"], serde_json::json!([]), "{report}");
        for file in ["package.json", "README.md", "LICENSE.md"] {
            assert!(
                packed.files.iter().any(|f| f == file),
                "{}: {file}",
                packed.name
            );
        }
        if let Some(file) = report["inFile"].as_str() {
            assert!(packed.files.iter().any(|f| f == file), "{report}");
        }
        let package = installed.json(&packed.name, "package.json");
        assert_eq!(
            package["publishConfig"]["access"], "public",
            "{}",
            packed.name
        );
        assert_eq!(package["engines"]["node"], ">=20", "{}", packed.name);
        assert!(
            package["description"]
                .as_str()
                .is_some_and(|d| !d.is_empty())
        );
        // What the build wrote is what npm installed.
        let built: Value = serde_json::from_str(
            &std::fs::read_to_string(packed.folder.join("package.json")).unwrap(),
        )
        .unwrap();
        assert_eq!(package, built);
    }

    // Licenses (docs/spec/packs.md): the SRD is CC-BY-4.0, an SPDX identifier npm takes as
    // it is; Mothership's `mechanics-only` has none, so npm reads LICENSE.md, which holds the
    // pack's notices verbatim, in the manifest's order; the aggregate joins both kinds.
    let srd = installed.json("@opencharacter/5e-srd-5.1", "package.json");
    assert_eq!(srd["license"], "CC-BY-4.0");
    let mothership = installed.json("@opencharacter/mothership-1e", "package.json");
    assert_eq!(mothership["license"], "SEE LICENSE IN LICENSE.md");
    let release = installed.json("@opencharacter/mothership-1e", "release.json");
    let license = std::fs::read_to_string(
        installed
            .app
            .join("node_modules/@opencharacter/mothership-1e/LICENSE.md"),
    )
    .unwrap();
    let mut at = 0;
    for (slug, notice) in release["manifest"]["notices"].as_object().unwrap() {
        let heading = format!("## Notice `{slug}`\n\n{}\n", notice.as_str().unwrap());
        let found = license[at..]
            .find(&heading)
            .unwrap_or_else(|| panic!("{slug}: {license}"));
        at += found + heading.len();
    }
    assert!(at > 0);
    let aggregate = installed.json("@opencharacter/packs", "package.json");
    assert_eq!(aggregate["license"], "SEE LICENSE IN LICENSE.md");
    // Installing the aggregate's tarball installed every pack it depends on: nothing is missing.
    let listed = npm(
        &["ls".to_owned(), "--all".to_owned(), "--offline".to_owned()],
        &installed.app,
        "npm ls",
    );
    assert!(!listed.contains("UNMET"), "{listed}");
}

/// An entry point of an installed package.
struct EntryPoint {
    /// Its name in the scripts' output.
    name: String,
    /// What `import` and `require` name.
    specifier: String,
    /// The package and the JSON file holding the same data, when there is one.
    json: Option<(String, String)>,
}

/// The entry points of every installed package.
fn entry_points(installed: &Installed) -> Vec<EntryPoint> {
    let mut out = Vec::new();
    for (index, packed) in installed.packages.iter().enumerate() {
        let package = installed.json(&packed.name, "package.json");
        for (key, target) in package["exports"].as_object().unwrap() {
            // Modules only (conditions); the JSON files are read back for comparison.
            if !target.is_object() {
                continue;
            }
            let specifier = format!("{}{}", packed.name, key.trim_start_matches('.'));
            // `./x` has `./x.json` beside it; the pack's main entry, `./release.json`.
            let json_key = if key == "." {
                "./release.json".to_owned()
            } else {
                format!("{key}.json")
            };
            let json = package["exports"].get(&json_key).map(|_| {
                (
                    packed.name.clone(),
                    json_key.trim_start_matches("./").to_owned(),
                )
            });
            out.push(EntryPoint {
                name: format!("m{index}_{}", out.len()),
                specifier,
                json,
            });
        }
    }
    out
}

#[test]
fn node_imports_every_entry_point_from_esm_and_commonjs_and_finds_the_json_data() {
    let installed = installed();
    let entries = entry_points(installed);
    let mut esm = String::new();
    let mut cjs = String::from("const out = {};\n");
    for EntryPoint {
        name, specifier, ..
    } in &entries
    {
        let from = Value::String(specifier.clone());
        esm.push_str(&format!("import {name} from {from};\n"));
        cjs.push_str(&format!("out.{name} = require({from});\n"));
    }
    let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    esm.push_str(&format!(
        "process.stdout.write(JSON.stringify({{ {} }}));\n",
        names.join(", ")
    ));
    cjs.push_str("process.stdout.write(JSON.stringify(out));\n");
    std::fs::write(installed.app.join("imports.mjs"), esm).unwrap();
    std::fs::write(installed.app.join("imports.cjs"), cjs).unwrap();
    let from_esm: Value = serde_json::from_str(&success(
        &node(&["imports.mjs"], &installed.app, "ESM imports"),
        "node imports.mjs",
    ))
    .unwrap();
    let from_cjs: Value = serde_json::from_str(&success(
        &node(&["imports.cjs"], &installed.app, "CommonJS requires"),
        "node imports.cjs",
    ))
    .unwrap();
    assert_eq!(from_esm, from_cjs, "ES modules and CommonJS see other data");

    let mut compared = 0;
    for EntryPoint {
        name,
        specifier,
        json,
    } in &entries
    {
        if let Some((package, file)) = json {
            assert_eq!(
                from_esm[name],
                installed.json(package, file),
                "{specifier} is not {file}"
            );
            compared += 1;
        }
    }
    // Every module but the aggregate's (which re-exports the packs) has its JSON beside it.
    let aggregate = entries
        .iter()
        .filter(|e| e.specifier.starts_with("@opencharacter/packs"))
        .count();
    assert_eq!(compared, entries.len() - aggregate);

    let by_specifier = |wanted: &str| {
        let name = &entries.iter().find(|e| e.specifier == wanted).unwrap().name;
        &from_esm[name.as_str()]
    };
    // From the sources: the Spanish name of the SRD pack (packs/5e/srd-5.1/i18n/es.yaml) and the
    // French description of Lanternfall (packs/lanternfall/core/i18n/fr.yaml).
    assert_eq!(
        by_specifier("@opencharacter/5e-srd-5.1-i18n/es")["pack.name"],
        "SRD 5.1"
    );
    assert_eq!(
        by_specifier("@opencharacter/lanternfall-core-i18n/fr")["pack.description"],
        "Des allumeurs de réverbères gardent allumées les lanternes d'une ville engloutie."
    );
    // The aggregate maps each pack ID to that pack's own release, in load order (each
    // dependency before its dependants).
    let all = by_specifier("@opencharacter/packs");
    for packed in installed.packs() {
        let release = installed.json(&packed.name, "release.json");
        let id = release["manifest"]["id"].as_str().unwrap();
        assert_eq!(all[id], release, "{id}");
    }
    let ids: Vec<&String> = all.as_object().unwrap().keys().collect();
    let position = |id: &str| ids.iter().position(|i| *i == id).unwrap();
    assert!(position("5e-srd-5.1") < position("5e-homebrew-example"));
    assert!(position("lanternfall-core") < position("lanternfall-river-trade"));
    let text = by_specifier("@opencharacter/packs/i18n/en");
    assert_eq!(
        text["lanternfall-core"],
        by_specifier("@opencharacter/lanternfall-core/i18n/en").clone()
    );
    // The spec's text is the templates that render the toolkit's diagnostics.
    let english = opencharacter::spec::standard_text::StandardText::english();
    assert_eq!(
        by_specifier("@opencharacter/spec/i18n/en")["diagnostics"]["missing-dependency"],
        english.diagnostics["missing-dependency"].as_str()
    );
}

/// Runs the pinned `tsc` on `files` with `module` (and the matching `moduleResolution`),
/// strict and checking every declaration file.
fn tsc(installed: &Installed, config: &str, module: &str, files: &[String]) -> Output {
    let tsc = tool("typescript", "node_modules/typescript/bin/tsc");
    let config_file = serde_json::json!({
        "compilerOptions": {
            "strict": true,
            "noEmit": true,
            "module": module,
            "moduleResolution": module,
            "target": "es2022",
            "skipLibCheck": false,
            "types": []
        },
        "files": files,
    });
    std::fs::write(
        installed.app.join(config),
        serde_json::to_string_pretty(&config_file).unwrap(),
    )
    .unwrap();
    node(&[&tsc, "-p", config], &installed.app, "tsc")
}

/// Uses the types the way an app would, from an ES module: the pack's own IDs and properties
/// (the SRD's `spell` type: `level` a required number from 0 to 9, `school` a content
/// reference; packs/5e/srd-5.1/rules), a dependency's content type typing a dependant's item
/// (river-trade's `kit.barge-pole`, a `kit` of lanternfall-core with `callings` from its enum),
/// and every other entry point.
const ESM_CHECK: &str = r#"
import srd, { type ContentId, type FieldId, type ContentReference, type PackRelease, type Release } from '@opencharacter/5e-srd-5.1';
import trade from '@opencharacter/lanternfall-river-trade';
import coreEn from '@opencharacter/lanternfall-core/i18n/en';
import fr from '@opencharacter/lanternfall-core-i18n/fr';
import packs from '@opencharacter/packs';
import packsEn from '@opencharacter/packs/i18n/en';
import specEs from '@opencharacter/spec/i18n/es';

const fireball = srd.content["spells.fireball"];
const id: "spells.fireball" = fireball.id;
const type: "spell" = fireball.type;
const level: number = fireball.properties.level;
const school: ContentReference = fireball.properties.school;
const components: readonly ("v" | "s" | "m")[] | undefined = fireball.properties.components;
const ids: ContentId[] = ["spells.fireball", "abilities.dex"];
const strength: FieldId = "abilities.str";
const field = srd.rules.fields["abilities.str"];
const generic: PackRelease = srd;
const same: Release = packs["5e-srd-5.1"];
const callings: readonly ("lamplighter" | "ferrier" | "tinker" | "warden")[] | undefined =
  trade.content["kit.barge-pole"].properties?.callings;
const language: "en" = coreEn._meta.language;
const french: string = fr["pack.name"];
const text = packsEn["lanternfall-core"];
const template: string = specEs.diagnostics["missing-dependency"];
export const all = [id, type, level, school, components, ids, strength, field, generic, same, callings, language, french, text, template];
"#;

/// The same from CommonJS (`require`, types through `export =` and its namespace).
const CJS_CHECK: &str = r#"
import srd = require('@opencharacter/5e-srd-5.1');
import packs = require('@opencharacter/packs');
import fr = require('@opencharacter/lanternfall-core-i18n/fr');
import specEn = require('@opencharacter/spec/i18n/en');
import type { ContentId } from '@opencharacter/5e-srd-5.1';

const level: number = srd.content["spells.fireball"].properties.level;
const type: "spell" = srd.content["spells.fireball"].type;
const id: ContentId = "spells.fireball";
const strength: srd.FieldId = "abilities.str";
const same: srd.Release = packs["5e-srd-5.1"];
const french: string = fr["pack.name"];
const template: string = specEn.diagnostics["missing-dependency"];
export const all = [level, type, id, strength, same, french, template];
"#;

#[test]
fn typescript_types_every_package_from_esm_and_commonjs() {
    let installed = installed();
    std::fs::write(installed.app.join("check.mts"), ESM_CHECK).unwrap();
    std::fs::write(installed.app.join("check.cts"), CJS_CHECK).unwrap();
    let mut files = vec!["check.mts".to_owned(), "check.cts".to_owned()];
    let checks = files.clone();
    // Every release's own data, as a literal, satisfies its `Release` type: the types describe
    // what validation lets through, and no more (no index signature, literal IDs).
    for (index, packed) in installed.packs().enumerate() {
        let data = std::fs::read_to_string(packed.folder.join("release.json")).unwrap();
        let file = format!("data{index}.mts");
        let from = Value::String(packed.name.clone());
        std::fs::write(
            installed.app.join(&file),
            format!(
                "import type {{ Release }} from {from};\nexport const data: Release = {data};\n"
            ),
        )
        .unwrap();
        files.push(file);
    }
    let output = tsc(installed, "tsconfig.nodenext.json", "nodenext", &files);
    success(&output, "tsc with module nodenext");
    let output = tsc(installed, "tsconfig.node16.json", "node16", &checks);
    success(&output, "tsc with module node16");
}

#[test]
fn a_misspelt_id_fails_to_compile_with_one_error() {
    let installed = installed();
    std::fs::write(
        installed.app.join("misspelt.mts"),
        "import srd from '@opencharacter/5e-srd-5.1';\n\
         export const misspelt = srd.content[\"spells.firebal\"];\n",
    )
    .unwrap();
    std::fs::write(
        installed.app.join("misspelt.cts"),
        "import srd = require('@opencharacter/5e-srd-5.1');\n\
         export const misspelt: srd.FieldId = \"abilities.strength\";\n",
    )
    .unwrap();
    for (file, module) in [("misspelt.mts", "nodenext"), ("misspelt.cts", "node16")] {
        let output = tsc(
            installed,
            "tsconfig.misspelt.json",
            module,
            &[file.to_owned()],
        );
        assert!(!output.status.success(), "{file} compiled");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let errors: Vec<&str> = stdout.lines().filter(|l| l.contains("error TS")).collect();
        assert_eq!(errors.len(), 1, "{stdout}");
        assert!(errors[0].starts_with(&format!("{file}(2,")), "{stdout}");
        let misspelt = if file.ends_with("mts") {
            "spells.firebal"
        } else {
            "abilities.strength"
        };
        assert!(errors[0].contains(misspelt), "{stdout}");
    }
}

#[test]
fn a_folder_installs_with_its_dependencies_only_with_install_links() {
    let installed = installed();
    let scratch = installed.app.with_file_name("from-folders");
    let aggregate = installed
        .packages
        .iter()
        .find(|p| p.name == "@opencharacter/packs")
        .unwrap();
    let install = |dir: &Path, links: bool, folders: &[&Path]| {
        if dir.exists() {
            std::fs::remove_dir_all(dir).unwrap();
        }
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(
            dir.join("package.json"),
            "{ \"name\": \"from-folders\", \"version\": \"1.0.0\", \"private\": true }\n",
        )
        .unwrap();
        let mut args: Vec<String> = ["install", "--offline", "--no-audit", "--no-fund"]
            .map(String::from)
            .to_vec();
        if links {
            args.push("--install-links".to_owned());
        }
        args.extend(folders.iter().map(|f| f.display().to_string()));
        npm(&args, dir, "npm install from folders");
        let mut ls = Command::new("npm");
        ls.args(["ls", "--all", "--offline"]).current_dir(dir);
        if links {
            ls.arg("--install-links");
        }
        ls.output().unwrap()
    };
    // A plain folder install links the aggregate's folder, and its dependencies stay unmet.
    let linked = install(&scratch, false, &[&aggregate.folder]);
    assert!(!linked.status.success());
    let said = String::from_utf8_lossy(&linked.stdout).into_owned()
        + &String::from_utf8_lossy(&linked.stderr);
    assert!(
        said.contains("missing: @opencharacter/5e-srd-5.1@"),
        "{said}"
    );
    // With --install-links every folder is copied in as a package, and each dependency is met.
    let folders: Vec<&Path> = installed
        .packages
        .iter()
        .map(|p| p.folder.as_path())
        .collect();
    let copied = install(&scratch, true, &folders);
    success(&copied, "npm ls after --install-links");
    let srd = scratch.join("node_modules/@opencharacter/5e-srd-5.1");
    assert!(std::fs::symlink_metadata(&srd).unwrap().is_dir());
    let seen = success(
        &node(
            &[
                "-e",
                "process.stdout.write(String(Object.keys(require('@opencharacter/packs')).length))",
            ],
            &scratch,
            "require the aggregate",
        ),
        "node",
    );
    assert_eq!(seen, installed.packs().count().to_string());
}
