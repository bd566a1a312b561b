//! The installer against a real HTTP server on loopback (127.0.0.1 only), serving an index
//! written by `IndexWriter`: install, sync to a new language and back, update and rollback,
//! imports of a release carrying languages, and servers that misbehave. After each failure the
//! store holds only verified files and the pack reads in its default language or as before.
#![cfg(feature = "install")]
#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::collections::HashMap;
use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use opencharacter_i18n::LanguageTag;
use opencharacter_i18n::http::{Http, HttpOptions};
use opencharacter_i18n::index::{IndexWriter, PackIndex, sha256_hex};
use opencharacter_i18n::install::{InstallError, Installer, LanguageOutcome, Unavailable};
use opencharacter_i18n::store::Store;
use opencharacter_spec::ids::PackId;
use serde_json::json;

// ---- a small HTTP/1.1 server ---------------------------------------------------------------

/// What the server answers for one path.
#[derive(Clone)]
enum Reply {
    /// 200 with the bytes and their length.
    Ok(Vec<u8>),
    /// 200 announcing the full length but sending only the first `n` bytes, then closing (a
    /// connection dropped midway).
    Cut(Vec<u8>, usize),
    /// 200 without a length, sending `n` bytes then closing.
    Stream(usize),
    /// 404.
    NotFound,
}

struct Server {
    base: String,
    routes: Arc<Mutex<HashMap<String, Reply>>>,
    hits: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    port: u16,
}

impl Server {
    /// Serves at most 500 connections, each with a read timeout, until dropped.
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let routes: Arc<Mutex<HashMap<String, Reply>>> = Arc::default();
        let hits: Arc<Mutex<Vec<String>>> = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (routes, hits, stop) = (routes.clone(), hits.clone(), stop.clone());
            std::thread::spawn(move || {
                for stream in listener.incoming().take(500) {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    if let Ok(stream) = stream {
                        serve(stream, &routes, &hits);
                    }
                }
            })
        };
        Server {
            base: format!("http://127.0.0.1:{port}/packs"),
            routes,
            hits,
            stop,
            thread: Some(thread),
            port,
        }
    }

    fn set(&self, name: &str, reply: Reply) {
        self.routes
            .lock()
            .unwrap()
            .insert(format!("/packs/{name}"), reply);
    }

    fn hits(&self) -> Vec<String> {
        std::mem::take(&mut *self.hits.lock().unwrap())
    }

    fn index_url(&self) -> String {
        format!("{}/index.json", self.base)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve(mut stream: TcpStream, routes: &Mutex<HashMap<String, Reply>>, hits: &Mutex<Vec<String>>) {
    // Bounded: a client that stops reading or writing cannot hold the server.
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut request = Vec::new();
    let mut buffer = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 16 * 1024 {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buffer[..n]),
        }
    }
    let text = String::from_utf8_lossy(&request);
    let path = text.split_whitespace().nth(1).unwrap_or("/").to_owned();
    hits.lock().unwrap().push(path.clone());
    let reply = routes.lock().unwrap().get(&path).cloned();
    let head = |length: Option<usize>, status: &str| {
        let mut head = format!("HTTP/1.1 {status}\r\nConnection: close\r\n");
        if let Some(length) = length {
            head.push_str(&format!("Content-Length: {length}\r\n"));
        }
        head.push_str("\r\n");
        head
    };
    let _ = match reply {
        Some(Reply::Ok(bytes)) => stream
            .write_all(head(Some(bytes.len()), "200 OK").as_bytes())
            .and_then(|()| stream.write_all(&bytes)),
        Some(Reply::Cut(bytes, n)) => stream
            .write_all(head(Some(bytes.len()), "200 OK").as_bytes())
            .and_then(|()| stream.write_all(&bytes[..n])),
        Some(Reply::Stream(n)) => {
            let chunk = vec![b' '; 64 * 1024];
            let mut result = stream.write_all(head(None, "200 OK").as_bytes());
            let mut sent = 0;
            while sent < n && result.is_ok() {
                let take = chunk.len().min(n - sent);
                result = stream.write_all(&chunk[..take]);
                sent += take;
            }
            result
        }
        Some(Reply::NotFound) | None => stream.write_all(head(Some(0), "404 Not Found").as_bytes()),
    };
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

// ---- packs ------------------------------------------------------------------------------------

fn release(version: &str, name: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "manifest": {"id": "demo", "version": version, "specVersion": "1.5.0", "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": {"contentTypes": {"monster": {"properties": {}}}},
        "content": {"monsters.goblin": {"id": "monsters.goblin", "type": "monster"}},
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}, "pack.name": "Demo", "content.monsters.goblin.name": name},
        "formulas": {}
    }))
    .unwrap()
}

fn language_pack(language: &str, goblin: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "_meta": {"language": language, "direction": "ltr"},
        "pack.name": format!("Demo ({language})"),
        "content.monsters.goblin.name": goblin
    }))
    .unwrap()
}

/// Publishes releases with their language packs on the server, and the index.
fn publish(server: &Server, releases: &[(Vec<u8>, Vec<Vec<u8>>)]) -> PackIndex {
    let mut writer = IndexWriter::new(&server.base).unwrap();
    for (release, packs) in releases {
        for file in writer.add(release, packs).unwrap() {
            server.set(&file.name, Reply::Ok(file.bytes));
        }
    }
    let index = writer.finish();
    assert!(index.check(true).is_empty());
    server.set("index.json", Reply::Ok(serde_json::to_vec(&index).unwrap()));
    index
}

fn installer(store: &Path, language: &str) -> Installer {
    let http = Http::new(&HttpOptions {
        allow_http: true,
        connect_timeout: Duration::from_secs(5),
        read_timeout: Duration::from_secs(5),
        ..HttpOptions::default()
    });
    Installer::new(Store::open(store).unwrap(), http, language.parse().unwrap())
}

fn demo() -> PackId {
    "demo".parse().unwrap()
}

/// How the goblin reads, and in which language.
fn goblin(store: &Path) -> (String, String) {
    let text = Store::open(store)
        .unwrap()
        .pack_text(&demo())
        .unwrap()
        .unwrap();
    let language: LanguageTag = "es-MX".parse().unwrap();
    // Ask in a language whose chain covers every pack the tests keep.
    let asked = text
        .languages()
        .find(|l| l.language != text.default_language)
        .map_or(language, |l| l.language.clone());
    let translator = opencharacter_i18n::Translator::new(asked, [&text]);
    let answer = translator
        .text(&demo(), "content.monsters.goblin.name")
        .unwrap();
    (answer.text, answer.language.to_string())
}

/// Every file in the store, relative, sorted (the lock and states included).
fn files(store: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![store.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(
                    path.strip_prefix(store)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                );
            }
        }
    }
    found.sort();
    found
}

// ---- the life of an install ---------------------------------------------------------------------

#[test]
fn install_sync_update_and_rollback() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path();
    let v1 = release("1.0.0", "Goblin");
    publish(
        &server,
        &[(
            v1.clone(),
            vec![
                language_pack("es", "Trasgo"),
                language_pack("fr", "Gobelin"),
            ],
        )],
    );

    // Install in Mexican Spanish: the release, then only the `es` pack (its shorter form).
    let report = installer(store, "es-MX")
        .install(&server.index_url(), &demo(), None)
        .unwrap();
    assert_eq!(
        report.language,
        LanguageOutcome::Fetched("es".parse().unwrap())
    );
    let hits = server.hits();
    assert_eq!(
        hits,
        [
            "/packs/index.json",
            "/packs/demo-1.0.0.release.json",
            "/packs/demo-1.0.0.es.json"
        ]
    );
    assert_eq!(goblin(store), ("Trasgo".into(), "es".into()));
    assert_eq!(
        files(store),
        [
            ".lock",
            "packs/demo/1.0.0/es.json",
            "packs/demo/1.0.0/release.json",
            "packs/demo/state.json"
        ]
    );
    assert_eq!(
        std::fs::read(store.join("packs/demo/1.0.0/release.json")).unwrap(),
        v1
    );

    // Sync to French: the French pack replaces the Spanish one.
    let reports = installer(store, "fr").sync().unwrap();
    assert_eq!(
        reports[0].language,
        LanguageOutcome::Fetched("fr".parse().unwrap())
    );
    assert_eq!(goblin(store), ("Gobelin".into(), "fr".into()));
    assert!(!store.join("packs/demo/1.0.0/es.json").exists());
    server.hits();

    // A second sync with nothing new fetches only the index and changes nothing.
    let before = files(store);
    let reports = installer(store, "fr").sync().unwrap();
    assert_eq!(
        reports[0].language,
        LanguageOutcome::Kept("fr".parse().unwrap())
    );
    assert_eq!(server.hits(), ["/packs/index.json"]);
    assert_eq!(files(store), before);

    // Sync back to Spanish, then to English (the default): no pack is kept.
    installer(store, "es").sync().unwrap();
    assert_eq!(goblin(store), ("Trasgo".into(), "es".into()));
    let reports = installer(store, "en-GB").sync().unwrap();
    assert_eq!(reports[0].language, LanguageOutcome::Default);
    assert_eq!(goblin(store), ("Goblin".into(), "en".into()));
    installer(store, "es").sync().unwrap();

    // Update: 1.1.0 becomes current with its pack; 1.0.0 stays, without its pack.
    let v2 = release("1.1.0", "Goblin chief");
    publish(
        &server,
        &[
            (
                v1.clone(),
                vec![
                    language_pack("es", "Trasgo"),
                    language_pack("fr", "Gobelin"),
                ],
            ),
            (v2, vec![language_pack("es", "Jefe trasgo")]),
        ],
    );
    let report = installer(store, "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap();
    assert_eq!(report.version.to_string(), "1.1.0");
    assert_eq!(goblin(store), ("Jefe trasgo".into(), "es".into()));
    assert_eq!(
        files(store),
        [
            ".lock",
            "packs/demo/1.0.0/release.json",
            "packs/demo/1.1.0/es.json",
            "packs/demo/1.1.0/release.json",
            "packs/demo/state.json"
        ]
    );

    // Rollback works offline: the server is gone; 1.0.0 reads in its default language.
    drop(server);
    let back = installer(store, "es").rollback(&demo()).unwrap();
    assert_eq!(back.to_string(), "1.0.0");
    assert_eq!(goblin(store), ("Goblin".into(), "en".into()));
    assert!(!store.join("packs/demo/1.1.0/es.json").exists());
    // Offline sync leaves it in English and fails nothing; it says the index was unreachable.
    let reports = installer(store, "es").sync().unwrap();
    assert!(
        matches!(
            &reports[0].language,
            LanguageOutcome::Unavailable(Unavailable::Unreachable { .. })
        ),
        "{:?}",
        reports[0].language
    );

    // Online again, the next sync fetches 1.0.0's pack again.
    let server = Server::start();
    let index = publish(&server, &[(v1, vec![language_pack("es", "Trasgo")])]);
    // The store remembers the old server's index URL; install from the new one records it.
    let report = installer(store, "es")
        .install(
            &server.index_url(),
            &demo(),
            Some(&"=1.0.0".parse().unwrap()),
        )
        .unwrap();
    assert!(!report.release_written, "1.0.0 was in the store already");
    assert_eq!(
        report.language,
        LanguageOutcome::Fetched("es".parse().unwrap())
    );
    assert_eq!(goblin(store), ("Trasgo".into(), "es".into()));
    assert_eq!(index.releases.len(), 1);
}

#[test]
fn sync_after_rollback_fetches_that_versions_pack() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path();
    let v1 = release("1.0.0", "Goblin");
    let v2 = release("2.0.0", "Hobgoblin");
    publish(
        &server,
        &[(v1.clone(), vec![language_pack("es", "Trasgo")])],
    );
    installer(store, "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap();
    publish(
        &server,
        &[
            (v1, vec![language_pack("es", "Trasgo")]),
            (v2, vec![language_pack("es", "Hobtrasgo")]),
        ],
    );
    installer(store, "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap();
    assert_eq!(goblin(store).0, "Hobtrasgo");
    installer(store, "es").rollback(&demo()).unwrap();
    assert_eq!(goblin(store), ("Goblin".into(), "en".into()));
    installer(store, "es").sync().unwrap();
    assert_eq!(goblin(store), ("Trasgo".into(), "es".into()));
    // And forward again: 2.0.0 was kept as the previous version.
    installer(store, "es").rollback(&demo()).unwrap();
    assert_eq!(goblin(store), ("Hobgoblin".into(), "en".into()));
}

// ---- servers that misbehave ----------------------------------------------------------------------

/// Installs 1.0.0 in Spanish, then breaks the French pack in `break_it` and syncs to French:
/// the pack reads in English, the store holds only verified files; a later good sync works.
fn failed_french(break_it: impl Fn(&Server, Vec<u8>)) {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path();
    let fr = language_pack("fr", "Gobelin");
    publish(
        &server,
        &[(
            release("1.0.0", "Goblin"),
            vec![language_pack("es", "Trasgo"), fr.clone()],
        )],
    );
    installer(store, "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap();
    break_it(&server, fr.clone());
    let reports = installer(store, "fr").sync().unwrap();
    assert!(
        matches!(&reports[0].language, LanguageOutcome::Failed { language, .. } if language.as_str() == "fr"),
        "{reports:?}"
    );
    assert_eq!(goblin(store), ("Goblin".into(), "en".into()));
    assert_eq!(
        files(store),
        [
            ".lock",
            "packs/demo/1.0.0/release.json",
            "packs/demo/state.json"
        ]
    );
    // The server is fixed: the next sync tries again and succeeds.
    server.set("demo-1.0.0.fr.json", Reply::Ok(fr));
    installer(store, "fr").sync().unwrap();
    assert_eq!(goblin(store), ("Gobelin".into(), "fr".into()));
}

#[test]
fn wrong_bytes_leave_the_default_language() {
    failed_french(|server, fr| {
        let mut wrong = fr;
        let at = wrong.len() - 3;
        wrong[at] = b'X';
        server.set("demo-1.0.0.fr.json", Reply::Ok(wrong));
    });
}

#[test]
fn a_truncated_body_leaves_the_default_language() {
    failed_french(|server, fr| {
        let half = fr.len() / 2;
        server.set("demo-1.0.0.fr.json", Reply::Ok(fr[..half].to_vec()));
    });
}

#[test]
fn a_connection_dropped_midway_leaves_the_default_language() {
    failed_french(|server, fr| {
        let half = fr.len() / 2;
        server.set("demo-1.0.0.fr.json", Reply::Cut(fr, half));
    });
}

#[test]
fn a_body_over_its_declared_size_leaves_the_default_language() {
    failed_french(|server, fr| {
        let mut longer = fr;
        longer.extend_from_slice(b"    ");
        server.set("demo-1.0.0.fr.json", Reply::Ok(longer));
    });
}

#[test]
fn a_body_over_8_mib_is_never_read_past_its_size() {
    failed_french(|server, _| {
        server.set("demo-1.0.0.fr.json", Reply::Stream(9 * 1024 * 1024));
    });
}

#[test]
fn a_404_leaves_the_default_language() {
    failed_french(|server, _| server.set("demo-1.0.0.fr.json", Reply::NotFound));
}

#[test]
fn a_pack_declaring_another_language_leaves_the_default_language() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path();
    // Published as `fr` (name, sha256 and size all match) but declaring `es` inside.
    let mut writer = IndexWriter::new(&server.base).unwrap();
    let liar = language_pack("es", "Trasgo");
    let published = writer
        .add(&release("1.0.0", "Goblin"), std::slice::from_ref(&liar))
        .unwrap();
    for file in published {
        server.set(&file.name, Reply::Ok(file.bytes));
    }
    let mut index = writer.finish();
    let mut locale = index.releases[0].locales.shift_remove("es").unwrap();
    locale.url = locale.url.replace(".es.json", ".fr.json");
    index.releases[0].locales.insert("fr".into(), locale);
    server.set("demo-1.0.0.fr.json", Reply::Ok(liar));
    server.set("index.json", Reply::Ok(serde_json::to_vec(&index).unwrap()));
    let report = installer(store, "fr")
        .install(&server.index_url(), &demo(), None)
        .unwrap();
    let LanguageOutcome::Failed { reason, .. } = report.language else {
        panic!("{report:?}")
    };
    assert!(
        reason.english().contains("declares the language `es`"),
        "{reason}"
    );
    assert_eq!(goblin(store), ("Goblin".into(), "en".into()));
    assert_eq!(
        files(store),
        [
            ".lock",
            "packs/demo/1.0.0/release.json",
            "packs/demo/state.json"
        ]
    );
}

#[test]
fn a_failed_release_download_keeps_what_is_in_use() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path();
    let v1 = release("1.0.0", "Goblin");
    publish(
        &server,
        &[(v1.clone(), vec![language_pack("es", "Trasgo")])],
    );
    installer(store, "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap();
    let before = files(store);
    let v2 = release("1.1.0", "Goblin chief");
    publish(
        &server,
        &[
            (v1, vec![language_pack("es", "Trasgo")]),
            (v2.clone(), vec![]),
        ],
    );
    for reply in [
        Reply::NotFound,
        Reply::Cut(v2.clone(), v2.len() / 3),
        Reply::Ok(v2[..v2.len() - 1].to_vec()),
        Reply::Ok([v2.clone(), b"  ".to_vec()].concat()),
        Reply::Ok(release("1.1.0", "Goblin chieF")),
        Reply::Stream(9 * 1024 * 1024),
    ] {
        server.set("demo-1.1.0.release.json", reply);
        let error = installer(store, "es")
            .install(&server.index_url(), &demo(), None)
            .unwrap_err();
        assert!(
            matches!(
                error,
                InstallError::Fetch(_) | InstallError::Mismatch { .. }
            ),
            "{error}"
        );
        assert_eq!(files(store), before);
        assert_eq!(goblin(store), ("Trasgo".into(), "es".into()));
    }
}

#[test]
fn a_release_the_index_says_carries_languages_is_refused_before_download() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let mut carrying: serde_json::Value =
        serde_json::from_slice(&release("1.0.0", "Goblin")).unwrap();
    carrying["locales"] =
        json!({"es": {"_meta": {"language": "es", "direction": "ltr"}, "pack.name": "Demo"}});
    let bytes = serde_json::to_vec(&carrying).unwrap();
    let mut writer = IndexWriter::new(&server.base).unwrap();
    writer.add(&bytes, &[]).unwrap();
    let index = writer.finish();
    assert!(index.releases[0].carries_languages);
    assert_eq!(index.check(true)[0].code.name, "index-entry-invalid");
    server.set("index.json", Reply::Ok(serde_json::to_vec(&index).unwrap()));
    server.set("demo-1.0.0.release.json", Reply::Ok(bytes.clone()));
    server.hits();
    let error = installer(dir.path(), "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap_err();
    assert!(
        matches!(error, InstallError::CarriesLanguages { .. }),
        "{error}"
    );
    assert_eq!(
        server.hits(),
        ["/packs/index.json"],
        "the release was never asked for"
    );

    // An index that lies (says it carries none): the bytes are refused after download.
    let mut lying = index.clone();
    lying.releases[0].carries_languages = false;
    server.set("index.json", Reply::Ok(serde_json::to_vec(&lying).unwrap()));
    let error = installer(dir.path(), "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap_err();
    assert!(
        matches!(error, InstallError::CarriesLanguages { .. }),
        "{error}"
    );
    assert_eq!(files(dir.path()), [".lock"]);
}

#[test]
fn a_release_version_is_never_replaced_by_other_bytes_but_a_pack_may_be_corrected() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path();
    let v1 = release("1.0.0", "Goblin");
    publish(
        &server,
        &[(v1.clone(), vec![language_pack("es", "Trasgo")])],
    );
    installer(store, "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap();

    // Corrected Spanish bytes, listed in the index: the next sync replaces them.
    publish(
        &server,
        &[(v1.clone(), vec![language_pack("es", "Duende")])],
    );
    let reports = installer(store, "es").sync().unwrap();
    assert_eq!(
        reports[0].language,
        LanguageOutcome::Fetched("es".parse().unwrap())
    );
    assert_eq!(goblin(store).0, "Duende");

    // A correction that does not arrive keeps the verified pack it had.
    publish(&server, &[(v1, vec![language_pack("es", "Trasgo rojo")])]);
    server.set("demo-1.0.0.es.json", Reply::NotFound);
    let reports = installer(store, "es").sync().unwrap();
    assert!(matches!(
        reports[0].language,
        LanguageOutcome::Failed { .. }
    ));
    assert_eq!(goblin(store).0, "Duende");

    // The same version with other content: refused, the store unchanged.
    let before = files(store);
    publish(&server, &[(release("1.0.0", "Orc"), vec![])]);
    let error = installer(store, "es")
        .install(&server.index_url(), &demo(), None)
        .unwrap_err();
    assert!(matches!(error, InstallError::Conflict { .. }), "{error}");
    assert_eq!(files(store), before);
    assert_eq!(goblin(store).0, "Duende");
}

// ---- a release carrying several languages, imported by hand -------------------------------------

fn carrying(version: &str, locales: serde_json::Value) -> Vec<u8> {
    let mut value: serde_json::Value = serde_json::from_slice(&release(version, "Goblin")).unwrap();
    if !locales.is_null() {
        value["locales"] = locales;
    }
    serde_json::to_vec(&value).unwrap()
}

#[test]
fn importing_keeps_only_the_apps_language_and_takes_corrections() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path();
    let es = |goblin: &str| json!({"_meta": {"language": "es", "direction": "ltr"}, "content.monsters.goblin.name": goblin});
    let fr = json!({"_meta": {"language": "fr", "direction": "ltr"}, "content.monsters.goblin.name": "Gobelin"});
    let report = installer(store, "es-AR")
        .import(&carrying("1.0.0", json!({"es": es("Trasgo"), "fr": fr})))
        .unwrap();
    assert_eq!(
        report.language,
        LanguageOutcome::Fetched("es".parse().unwrap())
    );
    assert_eq!(
        files(store),
        [
            ".lock",
            "packs/demo/1.0.0/es.json",
            "packs/demo/1.0.0/release.json",
            "packs/demo/state.json"
        ]
    );
    assert_eq!(goblin(store).0, "Trasgo");
    // The stored release carries no languages.
    let stored = std::fs::read(store.join("packs/demo/1.0.0/release.json")).unwrap();
    assert!(!String::from_utf8(stored).unwrap().contains("locales"));

    // The same version again with a corrected translation replaces it.
    installer(store, "es")
        .import(&carrying("1.0.0", json!({"es": es("Duende"), "fr": fr})))
        .unwrap();
    assert_eq!(goblin(store).0, "Duende");

    // A file of that version without translations keeps what was kept.
    let report = installer(store, "es")
        .import(&carrying("1.0.0", serde_json::Value::Null))
        .unwrap();
    assert_eq!(
        report.language,
        LanguageOutcome::Kept("es".parse().unwrap())
    );
    assert_eq!(goblin(store).0, "Duende");

    // A translation declaring another language than its key is not kept.
    let report = installer(store, "fr")
        .import(&carrying("1.0.0", json!({"fr": es("Trasgo")})))
        .unwrap();
    assert!(matches!(report.language, LanguageOutcome::Failed { .. }));
    assert_eq!(goblin(store).0, "Duende");

    // The same version with other rules is refused.
    let mut other: serde_json::Value = serde_json::from_slice(&release("1.0.0", "Orc")).unwrap();
    other["locales"] = json!({"es": es("Orco")});
    let error = installer(store, "es")
        .import(&serde_json::to_vec(&other).unwrap())
        .unwrap_err();
    assert!(matches!(error, InstallError::Conflict { .. }), "{error}");
    assert_eq!(goblin(store).0, "Duende");
}

// ---- the index file ------------------------------------------------------------------------------

#[test]
fn the_index_lists_sizes_checksums_and_cards_never_the_default() {
    let mut writer = IndexWriter::new("https://example.org/packs/").unwrap();
    let v1 = release("1.0.0", "Goblin");
    let es = language_pack("es", "Trasgo");
    let files = writer
        .add(&v1, &[es.clone(), language_pack("en", "Goblin")])
        .unwrap();
    let names: Vec<_> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["demo-1.0.0.release.json", "demo-1.0.0.es.json"]);
    let index = writer.finish();
    let entry = &index.releases[0];
    assert_eq!(
        entry.url,
        "https://example.org/packs/demo-1.0.0.release.json"
    );
    assert_eq!(entry.sha256, sha256_hex(&v1));
    assert_eq!(entry.bytes, v1.len() as u64);
    assert!(!entry.carries_languages);
    let keys: Vec<_> = entry.locales.keys().collect();
    assert_eq!(keys, ["es"]);
    assert_eq!(entry.locales["es"].name, "Demo (es)");
    assert_eq!(entry.locales["es"].bytes, es.len() as u64);
    assert!(index.check(false).is_empty());
    // http is refused unless allowed.
    let mut plain = IndexWriter::new("http://127.0.0.1:9/p").unwrap();
    plain.add(&v1, &[es]).unwrap();
    let plain = plain.finish();
    assert!(!plain.check(false).is_empty());
    assert!(plain.check(true).is_empty());
}

// ---- concurrency ---------------------------------------------------------------------------------

#[test]
fn concurrent_installs_into_one_store_do_not_corrupt_it() {
    let server = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_owned();
    let v1 = release("1.0.0", "Goblin");
    let v2 = release("1.1.0", "Goblin chief");
    publish(
        &server,
        &[
            (
                v1,
                vec![
                    language_pack("es", "Trasgo"),
                    language_pack("fr", "Gobelin"),
                ],
            ),
            (
                v2,
                vec![
                    language_pack("es", "Jefe trasgo"),
                    language_pack("fr", "Chef gobelin"),
                ],
            ),
        ],
    );
    let url = server.index_url();
    let threads: Vec<_> = (0..8)
        .map(|n| {
            let (store, url) = (store.clone(), url.clone());
            std::thread::spawn(move || {
                let language = if n % 2 == 0 { "es" } else { "fr" };
                let range = if n % 3 == 0 { "=1.0.0" } else { "*" };
                let installer = installer(&store, language);
                installer
                    .install(&url, &demo(), Some(&range.parse().unwrap()))
                    .unwrap();
                installer.sync().unwrap();
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    // One state, one current version with at most one pack that matches the index, no
    // temporary files.
    let store_files = files(&store);
    assert!(
        store_files.iter().all(|f| !f.contains(".tmp-")),
        "{store_files:?}"
    );
    let opened = Store::open(&store).unwrap();
    let state = opened.state(&demo()).unwrap().unwrap();
    let packs: Vec<_> = store_files
        .iter()
        .filter(|f| f.ends_with("es.json") || f.ends_with("fr.json"))
        .collect();
    assert!(packs.len() <= 1, "{packs:?}");
    if let Some(pack) = packs.first() {
        assert!(pack.starts_with(&format!("packs/demo/{}/", state.current)));
    }
    assert!(opened.pack_text(&demo()).unwrap().is_some());
}
