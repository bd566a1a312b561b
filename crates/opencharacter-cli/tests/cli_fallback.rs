//! `install` says why it falls back to the default language (i18n.md, "Installing";
//! `language-pack-fallback`): the three causes an index gives, each in its own words, in
//! English and Spanish, against a loopback server (127.0.0.1 only) serving a small pack's
//! index. The pack, `demo-core`, is English by default with a Spanish language pack.
//!
//! - none listed: the index lists `es` only, so an app in French gets none;
//! - refused by the index check: the `es` pack's URL moved out of the release's folder, which
//!   the check refuses ("is not published beside the release's artifact");
//! - unreachable: the index gone (the server answers 404) on a sync.

use std::net::TcpListener;
use std::path::Path;

use super::cli_install::Server;
use super::support::{run_in as run, stdout};

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn demo(root: &Path) {
    write(
        root,
        "packs/demo/core/pack.yaml",
        "id: demo-core\nversion: 0.1.0\nspecVersion: 1.5.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    );
    write(
        root,
        "packs/demo/core/i18n/en.yaml",
        "_meta: { language: en, direction: ltr }\npack.name: Demo\n",
    );
    write(
        root,
        "packs/demo/core/i18n/es.yaml",
        "_meta: { language: es, direction: ltr }\npack.name: Demostración\n",
    );
    write(
        root,
        "packs/demo/core/i18n-package/package.json",
        r#"{"version": "0.1.0"}"#,
    );
}

#[test]
fn each_cause_of_a_fallback_is_said_in_the_warning() {
    let dir = tempfile::tempdir().unwrap();
    demo(dir.path());
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!(
        "http://127.0.0.1:{}/packs",
        listener.local_addr().unwrap().port()
    );
    let built = run(
        dir.path(),
        &[
            "build",
            "packs/demo/core",
            "--index",
            &base,
            "--index-dir",
            "published",
        ],
    );
    assert_eq!(built.status.code(), Some(0), "{}", stdout(&built));
    let published = dir.path().join("published");
    let _server = Server::start(listener, published.clone());
    let index_url = format!("{base}/index.json");
    let install = |store: &str, lang: &str| {
        run(
            dir.path(),
            &[
                "install",
                "demo-core",
                "--index",
                &index_url,
                "--store",
                store,
                "--lang",
                lang,
                "--allow-http",
            ],
        )
    };

    // None listed for French.
    let french = install("store-fr", "fr");
    assert_eq!(french.status.code(), Some(0));
    assert_eq!(
        stdout(&french),
        "warning[language-pack-fallback]: `demo-core`: no language pack for `fr` is installed \
         (the index lists none for it); text shows in the default language, `en`\n\
         demo-core 0.1.0: default language\n"
    );

    // The Spanish pack listed in another folder than the release: refused by the check.
    let index_path = published.join("index.json");
    let original = std::fs::read_to_string(&index_path).unwrap();
    let moved = original.replace(
        &format!("{base}/demo-core-0.1.0.es.json"),
        &format!("{base}/elsewhere/demo-core-0.1.0.es.json"),
    );
    assert_ne!(moved, original);
    std::fs::write(&index_path, moved).unwrap();
    let refused = install("store-refused", "es");
    assert_eq!(refused.status.code(), Some(0));
    assert_eq!(
        stdout(&refused),
        "aviso[language-pack-fallback]: `demo-core`: no hay paquete de idioma instalado para \
         `es` (la comprobación del índice rechaza el paquete `es` que lista: `locales.es` no se \
         publica junto al artefacto de la publicación); el texto se muestra en el idioma por \
         defecto, `en`\ndemo-core 0.1.0: idioma por defecto\n"
    );
    let json = run(
        dir.path(),
        &[
            "install",
            "demo-core",
            "--index",
            &index_url,
            "--store",
            "store-refused",
            "--lang",
            "es",
            "--allow-http",
            "--format",
            "json",
        ],
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["packs"][0]["language"],
        serde_json::json!({"outcome": "refused", "tag": "es",
                           "reason": "no se publica junto al artefacto de la publicación"})
    );

    // The index as built: Spanish installs; then the index is gone and a sync to French cannot
    // reach it (the server answers 404 for a file it does not have).
    std::fs::write(&index_path, original).unwrap();
    let spanish = install("store", "es");
    assert_eq!(stdout(&spanish), "demo-core 0.1.0: es (descargado)\n");
    std::fs::remove_file(&index_path).unwrap();
    let sync = |lang: &str| {
        run(
            dir.path(),
            &[
                "install",
                "--sync",
                "--store",
                "store",
                "--lang",
                lang,
                "--allow-http",
            ],
        )
    };
    let unreachable = sync("fr");
    assert_eq!(unreachable.status.code(), Some(0));
    assert_eq!(
        stdout(&unreachable),
        format!(
            "warning[language-pack-fallback]: `demo-core`: no language pack for `fr` is \
             installed (the index could not be reached: `{index_url}` answered 404); text \
             shows in the default language, `en`\ndemo-core 0.1.0: default language\n"
        )
    );
    // In Spanish, on the next sync (the Spanish pack went with the switch to French).
    assert_eq!(
        stdout(&sync("es")),
        format!(
            "aviso[language-pack-fallback]: `demo-core`: no hay paquete de idioma instalado \
             para `es` (no se pudo llegar al índice: `{index_url}` respondió 404); el texto se \
             muestra en el idioma por defecto, `en`\ndemo-core 0.1.0: idioma por defecto\n"
        )
    );
    // In the default language there is nothing to fall back from: no warning.
    assert_eq!(stdout(&sync("en")), "demo-core 0.1.0: default language\n");
}
