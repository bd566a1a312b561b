//! `--lang es` where the words come from deep in the library or from clap: a roll that cannot
//! be made (`RollKind::Unavailable`), a formula that fails for the character
//! (`sheet-formula-failed`) or an item's roll that does (`sheet-roll-failed`), and the
//! command's usage errors. Each is said in Spanish, its exact output checked, and no English
//! word of `cli_spanish`'s list appears (issue 20, "the author's language throughout").
//!
//! The pack, `vigil-1e` (spec 1.7.0, content rolls): `grit` (a watcher's is 3), `zero` (0), a
//! derived `ratio` of `grit / zero`, the action `brace`, a check of `grit / zero`, and a charm
//! `charms.dud` of `power` 0 whose roll `burst` is `(grit / item.power)d6`. formulas.md: a
//! division by zero is an evaluation error, so the field has no value, the action and the
//! charm's roll are unavailable, and both failures are warnings naming the formula (the item's
//! property read in: `grit / 0`).

use std::path::Path;

use super::cli_spanish::english_words;
use super::support::{run_in as run, stdout};

const VIGIL: &[(&str, &str)] = &[
    (
        "pack.yaml",
        "id: vigil-1e\nversion: 0.1.0\nspecVersion: 1.7.0\nlicense: CC0-1.0\n\
         credit: Vigil (CC0-1.0)\ndefaultLanguage: en\n",
    ),
    (
        "rules/core.yaml",
        r#"fields:
  grit: { type: number, default: 2 }
  zero: { type: number, default: 0 }
  ratio: { type: number, formula: "grit / zero" }
resolution:
  kind: dice-sum
  dice: 2d6
  naturals: none
actions:
  brace: { use: { check: "grit / zero" } }
contentTypes:
  charm:
    properties:
      power: { type: number }
    rolls:
      burst: { dice: "(grit / item.power)d6" }
"#,
    ),
    (
        "content/charms/dud.yaml",
        "id: charms.dud\ntype: charm\nproperties: { power: 0 }\n",
    ),
    (
        "i18n/en.yaml",
        r#"_meta: { language: en, direction: ltr }
pack.name: Vigil
field.grit.label: Grit
field.zero.label: Zero
field.ratio.label: Ratio
action.brace.label: Brace
content.charms.dud.name: Dud
contentType.charm.label: Charm
property.charm.power.label: Power
roll.charm.burst.label: Burst
"#,
    ),
    (
        "i18n/es.yaml",
        r#"_meta: { language: es, direction: ltr }
field.grit.label: Temple
field.zero.label: Cero
field.ratio.label: Razón
action.brace.label: Resistir
content.charms.dud.name: Fiasco
roll.charm.burst.label: Estallido
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
        "packs: { vigil-1e: 0.1.0 }\nfields: { vigil-1e:grit: 3 }\n\
         content: [{ id: \"vigil-1e:charms.dud\" }]\n",
    )
    .unwrap();
}

#[test]
fn a_roll_that_cannot_be_made_says_why_in_spanish() {
    let dir = tempfile::tempdir().unwrap();
    vigil(dir.path());
    let sheet = ["sheet", "watcher.yaml", "--packs", "packs/vigil/1e"];
    let output = run(dir.path(), &[&sheet[..], &["--lang", "es"]].concat());
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert_eq!(
        text,
        "capas: ninguna\nCampos\n  Temple (vigil-1e:grit) = 3\n  Cero (vigil-1e:zero) = 0\n  \
         Razón (vigil-1e:ratio) = —\nContenido\n  Fiasco (vigil-1e:charms.dud)\nTiradas\n  \
         Resistir (vigil-1e:brace): no se puede tirar: división por cero en `grit / zero`\n  \
         Fiasco (vigil-1e:charms.dud), Estallido: no se puede tirar: división por cero en \
         `grit / 0`\nProblemas\n  aviso[sheet-formula-failed]: `grit / zero` no se puede \
         evaluar para este personaje: división por cero en `grit / zero`\n  \
         aviso[sheet-roll-failed]: la tirada `burst` de `vigil-1e:charms.dud` no se puede \
         calcular para este personaje: división por cero en `grit / 0`\nCréditos\n  \
         Vigil (CC0-1.0)\n"
    );
    assert_eq!(english_words(&text), Vec::<String>::new());

    // In English the same reasons read as they always did.
    let english = stdout(&run(dir.path(), &sheet));
    assert!(
        english.contains("Brace (vigil-1e:brace): cannot roll: division by zero in `grit / zero`"),
        "{english}"
    );

    // In JSON the reason is typed: a stable code, its arguments, and the English text.
    let json = stdout(&run(
        dir.path(),
        &[&sheet[..], &["--format", "json"]].concat(),
    ));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let brace = value["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|roll| roll["id"] == "vigil-1e:brace")
        .unwrap();
    assert_eq!(
        brace["reason"],
        serde_json::json!({
            "code": "formula-eval-at",
            "args": {
                "error": {"code": "formula-division-by-zero", "args": {}, "text": "division by zero"},
                "at": "grit / zero"
            },
            "text": "division by zero in `grit / zero`"
        })
    );
}

/// Runs the command in Spanish with a mistake on its command line: exit 2, nothing on
/// standard output, the error on standard error.
fn usage_error(dir: &Path, args: &[&str]) -> String {
    let output = run(dir, args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert_eq!(stdout(&output), "");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn usage_errors_speak_spanish() {
    let dir = tempfile::tempdir().unwrap();
    let more = "para más información, ejecuta el verbo con `--help` (en inglés)\n";
    // An unknown flag, with clap's suggestion of the nearest one (`--format`).
    let said = usage_error(
        dir.path(),
        &["--lang", "es", "validate", "--frobnicate", "x"],
    );
    assert_eq!(
        said,
        format!(
            "error: `--frobnicate` no es una opción de esta orden\n  \
             ¿querías decir `--format`?\n{more}"
        )
    );
    assert_eq!(english_words(&said), Vec::<String>::new());
    // A flag without its value: its possible values listed.
    let said = usage_error(dir.path(), &["--lang=es", "validate", "--format"]);
    assert_eq!(
        said,
        format!(
            "error: `--format <FORMAT>` necesita un valor\n  \
             valores posibles: `text`, `json`\n{more}"
        )
    );
    assert_eq!(english_words(&said), Vec::<String>::new());
    // A verb misspelt.
    let said = usage_error(dir.path(), &["--lang", "es", "valdate"]);
    assert_eq!(
        said,
        format!(
            "error: `valdate` no es un verbo de `opencharacter`\n  ¿querías decir `validate`?\n{more}"
        )
    );
    // In English, clap's own words, as before.
    let said = usage_error(dir.path(), &["validate", "--frobnicate", "x"]);
    assert!(
        said.starts_with("error: unexpected argument '--frobnicate' found"),
        "{said}"
    );
}

/// The language-pack installer's reasons, shown inside Spanish lines (`install`'s fallback
/// warning, `install-download-failed`): a download that failed, and each refusal of the index
/// check, in Spanish without an English word. (A network failure's own text is the HTTP
/// client's, English; it is quoted inside a Spanish phrase.)
#[test]
fn installer_reasons_read_in_spanish() {
    use opencharacter::i18n::http::FetchError;
    use opencharacter::i18n::index::check_url;
    let spanish = opencharacter::spec::standard_text::StandardText::bundled("es").unwrap();
    let url = "https://example.org/p/demo-1.0.0.es.json".to_owned();
    let fetches = [
        FetchError::Scheme(url.clone()),
        FetchError::Status {
            url: url.clone(),
            status: 404,
        },
        FetchError::TooLong {
            url: url.clone(),
            limit: 1024,
        },
        FetchError::Deadline {
            url: url.clone(),
            seconds: 30,
        },
        FetchError::Truncated {
            url: url.clone(),
            got: 10,
            expected: 20,
        },
    ];
    for fetch in fetches {
        let message = fetch.full_phrase().render(spanish);
        assert_eq!(english_words(&message), Vec::<String>::new(), "{message}");
        assert_eq!(fetch.phrase().english(), fetch.reason());
        assert_eq!(fetch.full_phrase().english(), fetch.to_string());
    }
    // The index check: plain http, no https at all, a query, a file of another name.
    for (url, allow_http) in [
        ("http://example.org/p/demo-1.0.0.es.json", false),
        ("ftp://example.org/p/demo-1.0.0.es.json", true),
        ("https://example.org/p/demo-1.0.0.es.json?x=1", true),
        ("https://example.org/p/other.json", true),
    ] {
        let reason = check_url(url, "demo-1.0.0.es.json", allow_http).unwrap_err();
        let message = reason.render(spanish);
        assert_eq!(english_words(&message), Vec::<String>::new(), "{message}");
    }
    let status = FetchError::Status { url, status: 404 };
    assert_eq!(
        status.full_phrase().render(spanish),
        "`https://example.org/p/demo-1.0.0.es.json` respondió 404"
    );
}

/// Every refusal of the installer (`install-failed`) in Spanish, its English the error's own
/// text: what the index does not list, a release that carries languages, bytes that are not the
/// file listed (another sha256, another release, not a release), a conflict, nothing installed,
/// nothing to go back to.
#[test]
fn installer_refusals_read_in_spanish() {
    use opencharacter::i18n::install::InstallError;
    use opencharacter::spec::diagnostic::{Phrase, reasons};
    let spanish = opencharacter::spec::standard_text::StandardText::bundled("es").unwrap();
    let id: opencharacter::spec::ids::PackId = "demo".parse().unwrap();
    let version = semver::Version::new(1, 0, 0);
    let url = "https://example.org/p/demo-1.0.0.json".to_owned();
    let errors = [
        InstallError::NotListed {
            id: id.clone(),
            range: None,
        },
        InstallError::NotListed {
            id: id.clone(),
            range: Some("^1".parse().unwrap()),
        },
        InstallError::CarriesLanguages {
            id: id.clone(),
            version: version.clone(),
        },
        InstallError::Mismatch {
            url: url.clone(),
            reason: Phrase::new(&reasons::INSTALL_SHA256_DIFFERS)
                .with_arg("found", "ab12")
                .with_arg("listed", "cd34"),
        },
        InstallError::Mismatch {
            url: url.clone(),
            reason: Phrase::new(&reasons::INSTALL_OTHER_RELEASE)
                .with_arg("id", "other")
                .with_arg("version", "2.0.0"),
        },
        InstallError::Conflict {
            id: id.clone(),
            version,
        },
        InstallError::NotInstalled(id.clone()),
        InstallError::NoPrevious(id),
    ];
    for error in errors {
        let phrase = error.phrase();
        // The English rendering is the error's own text, word for word.
        assert_eq!(phrase.english(), error.to_string());
        let message = phrase.render(spanish);
        assert_eq!(english_words(&message), Vec::<String>::new(), "{message}");
    }
    let sha = InstallError::Mismatch {
        url,
        reason: Phrase::new(&reasons::INSTALL_SHA256_DIFFERS)
            .with_arg("found", "ab12")
            .with_arg("listed", "cd34"),
    };
    assert_eq!(
        sha.phrase().render(spanish),
        "`https://example.org/p/demo-1.0.0.json` no es el archivo que lista el índice: su sha256 es ab12 y el índice dice cd34"
    );
}
