//! `opencharacter build --index` and `opencharacter install`, run as the built binary against a
//! loopback HTTP server (127.0.0.1 only) serving the folder the build wrote: the SRD 5.1 pack
//! installs with its Spanish language pack, syncs to a language it lacks and back, and reads in
//! Spanish through the library's store and translator and through `opencharacter show --store`.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use opencharacter::i18n::store::Store;
use opencharacter::i18n::{LanguageTag, Translator};

use super::support::run_in as run;

/// Serves the files of one folder under `/packs/`, at most 100 connections, until dropped.
pub struct Server {
    port: u16,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    pub fn start(listener: TcpListener, folder: PathBuf) -> Server {
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming().take(100) {
                if flag.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream {
                    serve(stream, &folder);
                }
            }
        });
        Server {
            port,
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve(mut stream: TcpStream, folder: &Path) {
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
    let path = text.split_whitespace().nth(1).unwrap_or("/");
    let file = path
        .strip_prefix("/packs/")
        .filter(|name| !name.contains('/') && !name.starts_with('.'))
        .and_then(|name| std::fs::read(folder.join(name)).ok());
    let _ = match file {
        Some(bytes) => stream
            .write_all(
                format!(
                    "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
                    bytes.len()
                )
                .as_bytes(),
            )
            .and_then(|()| stream.write_all(&bytes)),
        None => stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"),
    };
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "dist" {
            continue;
        }
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &to.join(&name));
        } else {
            std::fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

/// How the store reads a key of the SRD pack in `language`, and which language answered.
fn read(store: &Path, language: &str, key: &str) -> (String, String) {
    let store = Store::open(store).unwrap();
    let texts = store.texts().unwrap();
    let pack = "5e-srd-5.1".parse().unwrap();
    let translator = Translator::new(language.parse::<LanguageTag>().unwrap(), texts.get(&pack));
    let answer = translator.text(&pack, key).unwrap();
    (answer.text, answer.language.to_string())
}

#[test]
fn the_spanish_srd_pack_installs_from_a_loopback_index() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    // A copy of the pack (its folders give its ID), with the `-i18n` package its Spanish needs.
    let pack = dir.path().join("packs/5e/srd-5.1");
    copy_dir(&root.join("packs/5e/srd-5.1"), &pack);
    if !pack.join("i18n-package/package.json").exists() {
        std::fs::create_dir_all(pack.join("i18n-package")).unwrap();
        std::fs::write(
            pack.join("i18n-package/package.json"),
            r#"{"version": "0.1.0"}"#,
        )
        .unwrap();
    }
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!(
        "http://127.0.0.1:{}/packs",
        listener.local_addr().unwrap().port()
    );
    let published = dir.path().join("published");
    let built = stdout(&run(
        dir.path(),
        &[
            "build",
            "packs/5e/srd-5.1",
            "--index",
            &base,
            "--index-dir",
            "published",
        ],
    ));
    assert!(built.contains("built index (1 releases)"), "{built}");
    let index: serde_json::Value =
        serde_json::from_slice(&std::fs::read(published.join("index.json")).unwrap()).unwrap();
    let release = &index["releases"][0];
    assert_eq!(release["locales"]["es"]["name"], "SRD 5.1");
    assert!(
        release["locales"].get("en").is_none(),
        "never the default language"
    );
    assert!(published.join("5e-srd-5.1-0.1.0.es.json").is_file());
    let _server = Server::start(listener, published.clone());
    let index_url = format!("{base}/index.json");

    // Install for an app in Mexican Spanish: the `es` pack comes along.
    let installed = stdout(&run(
        dir.path(),
        &[
            "install",
            "5e-srd-5.1@^0.1",
            "--index",
            &index_url,
            "--store",
            "store",
            "--lang",
            "es-MX",
            "--allow-http",
        ],
    ));
    assert_eq!(installed, "5e-srd-5.1 0.1.0: es (descargado)\n");
    let store = dir.path().join("store");
    assert_eq!(
        read(&store, "es-MX", "content.spells.fireball.name"),
        ("Bola de fuego".into(), "es".into())
    );
    assert_eq!(
        read(&store, "es-MX", "content.monsters.goblin.name"),
        ("Trasgo".into(), "es".into())
    );
    // `show` reads the store as the library does, saying which language answered.
    let shown = stdout(&run(
        dir.path(),
        &[
            "show",
            "--store",
            "store",
            "--id",
            "spells.fireball",
            "--lang",
            "es",
        ],
    ));
    assert_eq!(
        shown,
        "5e-srd-5.1:spells.fireball\n  content.spells.fireball.name: Bola de fuego  [es]\n\n"
    );
    // Not in the Spanish file: English answers, and says so.
    let shown = stdout(&run(
        dir.path(),
        &[
            "show",
            "--store",
            "store",
            "--id",
            "spells.acid-arrow",
            "--lang",
            "es",
        ],
    ));
    assert_eq!(
        shown,
        "5e-srd-5.1:spells.acid-arrow\n  content.spells.acid-arrow.name: Acid Arrow  \
         [en: sin traducir a es, responde el idioma por defecto del paquete]\n\n"
    );
    // A folder that is not a store is refused, not made into one.
    let refused = run(
        dir.path(),
        &["show", "--store", "published", "--id", "spells.fireball"],
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(!published.join("packs").exists());

    // Sync to a language the index does not list: the Spanish pack goes, English reads.
    let synced = stdout(&run(
        dir.path(),
        &[
            "install",
            "--sync",
            "--store",
            "store",
            "--lang",
            "de",
            "--allow-http",
        ],
    ));
    // i18n.md, "Installing": a fallback to the default language is a warning with a code (the
    // SRD lists no German pack; the standard text has no German, so the message reads English).
    assert_eq!(
        synced,
        "warning[language-pack-fallback]: `5e-srd-5.1`: no language pack for `de` is installed \
         (the index lists none for it); text shows in the default language, `en`\n\
         5e-srd-5.1 0.1.0: default language\n"
    );
    assert_eq!(
        read(&store, "es", "content.spells.fireball.name"),
        ("Fireball".into(), "en".into())
    );
    let shown = stdout(&run(
        dir.path(),
        &[
            "show",
            "--store",
            "store",
            "--id",
            "spells.fireball",
            "--lang",
            "es",
        ],
    ));
    assert!(
        shown.contains("Fireball  [en: sin traducir a es"),
        "{shown}"
    );
    // And back.
    let synced = stdout(&run(
        dir.path(),
        &[
            "install",
            "--sync",
            "--store",
            "store",
            "--lang",
            "es",
            "--allow-http",
        ],
    ));
    assert_eq!(synced, "5e-srd-5.1 0.1.0: es (descargado)\n");
    let listed = stdout(&run(dir.path(), &["install", "--list", "--store", "store"]));
    assert_eq!(listed, "5e-srd-5.1 0.1.0: es\n");

    // Without --allow-http, the plain-http index is refused.
    let refused = run(
        dir.path(),
        &[
            "install",
            "5e-srd-5.1",
            "--index",
            &index_url,
            "--store",
            "store",
        ],
    );
    assert_eq!(refused.status.code(), Some(1));
}

/// A server that trickles: it announces 1,000 bytes and sends one every 100 ms, forever (until
/// the client goes). Each connection on a thread of its own; the first request's path is sent
/// on `seen`.
fn trickle(listener: TcpListener, seen: std::sync::mpsc::Sender<()>) {
    std::thread::spawn(move || {
        for stream in listener.incoming().take(10) {
            let Ok(mut stream) = stream else { continue };
            let seen = seen.clone();
            std::thread::spawn(move || {
                let mut buffer = [0u8; 4096];
                let _ = stream.read(&mut buffer);
                let _ = seen.send(());
                let _ = stream.write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n",
                );
                for _ in 0..1000 {
                    if stream
                        .write_all(b" ")
                        .and_then(|()| stream.flush())
                        .is_err()
                    {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            });
        }
    });
}

/// i18n.md, "Installing": each download has a total deadline beside the per-read timeout, and
/// the store's lock is not held past it. An index that trickles a byte every 100 ms never lets a
/// read time out; `install --deadline 2` gives up, and a `--sync` started while it holds the
/// lock finishes.
#[test]
fn a_trickling_index_is_given_up_at_the_deadline_and_the_lock_let_go() {
    let dir = tempfile::tempdir().unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (seen, requested) = std::sync::mpsc::channel();
    trickle(listener, seen);
    let index = format!("http://127.0.0.1:{port}/packs/index.json");
    let install = Command::new(env!("CARGO_BIN_EXE_opencharacter"))
        .args([
            "install",
            "demo",
            "--index",
            &index,
            "--store",
            "store",
            "--allow-http",
            "--deadline",
            "2",
        ])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The install holds the store's lock from before it asks for the index.
    requested.recv().unwrap();
    let sync = run(
        dir.path(),
        &[
            "install",
            "--sync",
            "--store",
            "store",
            "--allow-http",
            "--deadline",
            "2",
        ],
    );
    assert_eq!(sync.status.code(), Some(0));
    let install = install.wait_with_output().unwrap();
    assert_eq!(install.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(install.stderr).unwrap(),
        format!(
            "error[install-download-failed]: `{index}` could not be downloaded: it did not \
             arrive within the deadline of 2 s; the store is as it was\n"
        )
    );
}

/// Issue 22: a network failure is a diagnostic with a code, its reason in words: a server that
/// accepts the connection and closes it without answering is "the server closed the
/// connection", never the HTTP client's own "io: Peer disconnected". With `--format json`, the
/// failure is in the object's `diagnostics`.
#[test]
fn a_closed_connection_is_a_diagnostic_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // Two connections (text, then JSON), each closed at once.
    let closer = std::thread::spawn(move || {
        for stream in listener.incoming().take(2).flatten() {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    });
    let index = format!("http://127.0.0.1:{port}/packs/index.json");
    let args = [
        "install",
        "demo",
        "--index",
        &index,
        "--store",
        "store",
        "--allow-http",
    ];
    let text = run(dir.path(), &args);
    assert_eq!(text.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(text.stderr).unwrap(),
        format!(
            "error[install-download-failed]: `{index}` could not be downloaded: the server \
             closed the connection; the store is as it was\n"
        )
    );
    let json = run(dir.path(), &[&args[..], &["--format", "json"]].concat());
    assert_eq!(json.status.code(), Some(1));
    let out: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(out["diagnostics"][0]["code"], "install-download-failed");
    assert_eq!(
        out["diagnostics"][0]["args"]["reason"],
        "the server closed the connection"
    );
    closer.join().unwrap();
}
