//! The installer against a loopback server (127.0.0.1 only) that keeps connections alive, as
//! most web servers do, and closes an idle one when it likes (issue 22: `install` failed with
//! "io: Peer disconnected" when the connection kept from an earlier download was closed while
//! the install waited for the store's lock). A server's idle timeout can fire just as a request
//! arrives on the idle connection: the request is then met by the close, not an answer. The
//! server here does that deterministically: a connection it has marked expired is closed, without
//! an answer, at its next request. And the words a network failure is told in: never the HTTP
//! client's raw `io: …` text.
#![cfg(feature = "install")]

use std::io::{Read as _, Write as _};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use opencharacter_i18n::http::{FetchError, Http, HttpOptions};
use opencharacter_i18n::index::IndexWriter;
use opencharacter_i18n::install::{InstallError, Installer};
use opencharacter_i18n::store::Store;
use opencharacter_spec::ids::PackId;
use serde_json::json;

type Routes = Arc<Mutex<Vec<(String, Vec<u8>)>>>;

/// An HTTP/1.1 server that answers every request of a connection on it (keep-alive) and keeps
/// each connection open until [`KeepAlive::expire_kept`] ends them.
struct KeepAlive {
    base: String,
    routes: Routes,
    /// Every connection accepted, with its expired flag.
    open: Arc<Mutex<Vec<Arc<AtomicBool>>>>,
}

impl KeepAlive {
    /// Serves at most 50 connections, each in its thread with read timeouts, so that nothing
    /// outlives the test for long.
    fn start() -> KeepAlive {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let routes: Routes = Arc::default();
        let open: Arc<Mutex<Vec<Arc<AtomicBool>>>> = Arc::default();
        {
            let (routes, open) = (routes.clone(), open.clone());
            std::thread::spawn(move || {
                for stream in listener.incoming().take(50) {
                    let Ok(stream) = stream else { continue };
                    let expired = Arc::new(AtomicBool::new(false));
                    open.lock().unwrap().push(expired.clone());
                    let routes = routes.clone();
                    std::thread::spawn(move || serve(stream, &routes, &expired));
                }
            });
        }
        KeepAlive {
            base: format!("http://127.0.0.1:{port}/packs"),
            routes,
            open,
        }
    }

    fn set(&self, path: &str, bytes: Vec<u8>) {
        let mut routes = self.routes.lock().unwrap();
        routes.retain(|(p, _)| p != path);
        routes.push((path.to_owned(), bytes));
    }

    /// Marks every connection open so far as idle too long: its next request is met by the
    /// close of the connection, as when an idle timeout fires just as the request arrives.
    fn expire_kept(&self) {
        for expired in self.open.lock().unwrap().iter() {
            expired.store(true, Ordering::SeqCst);
        }
    }

    /// How many connections were accepted so far.
    fn connections(&self) -> usize {
        self.open.lock().unwrap().len()
    }
}

/// Answers requests on one connection until the client ends it, or closes it at the first
/// request after [`KeepAlive::expire_kept`].
fn serve(mut stream: TcpStream, routes: &Routes, expired: &AtomicBool) {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut pending = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let Some(end) = pending.windows(4).position(|w| w == b"\r\n\r\n") else {
            match stream.read(&mut buffer) {
                Ok(0) | Err(_) => return,
                Ok(n) => pending.extend_from_slice(&buffer[..n]),
            }
            if pending.len() > 64 * 1024 {
                return;
            }
            continue;
        };
        if expired.load(Ordering::SeqCst) {
            let _ = stream.shutdown(Shutdown::Both);
            return;
        }
        let head = String::from_utf8_lossy(&pending[..end]).into_owned();
        pending.drain(..end + 4);
        let path = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
        let body = routes
            .lock()
            .unwrap()
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, bytes)| bytes.clone());
        let (status, body) = match body {
            Some(body) => ("200 OK", body),
            None => ("404 Not Found", Vec::new()),
        };
        // No `Connection: close`: HTTP/1.1 keeps the connection for the next request.
        let reply = format!(
            "HTTP/1.1 {status}\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        if stream.write_all(reply.as_bytes()).is_err() || stream.write_all(&body).is_err() {
            return;
        }
    }
}

fn release(version: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "manifest": {"id": "demo", "version": version, "specVersion": "1.5.0", "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": {"contentTypes": {"monster": {"properties": {}}}},
        "content": {"monsters.goblin": {"id": "monsters.goblin", "type": "monster"}},
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}, "pack.name": "Demo", "content.monsters.goblin.name": "Goblin"},
        "formulas": {}
    }))
    .unwrap()
}

/// Publishes these versions of the demo pack (no language packs) and their index.
fn publish(server: &KeepAlive, versions: &[&str]) {
    let mut writer = IndexWriter::new(&server.base).unwrap();
    for version in versions {
        for file in writer.add(&release(version), &[]).unwrap() {
            server.set(&format!("/packs/{}", file.name), file.bytes);
        }
    }
    let index = writer.finish();
    server.set("/packs/index.json", serde_json::to_vec(&index).unwrap());
}

fn http() -> Http {
    Http::new(&HttpOptions {
        allow_http: true,
        connect_timeout: Duration::from_secs(5),
        read_timeout: Duration::from_secs(5),
        ..HttpOptions::default()
    })
}

#[test]
fn an_install_after_the_kept_connection_closed_while_it_waited_for_the_lock() {
    let server = KeepAlive::start();
    publish(&server, &["1.0.0"]);
    let store = tempfile::tempdir().unwrap();
    let installer = Installer::new(
        Store::open(store.path()).unwrap(),
        http(),
        "en".parse().unwrap(),
    );
    let demo: PackId = "demo".parse().unwrap();
    let index = format!("{}/index.json", server.base);
    let first = installer.install(&index, &demo, None).unwrap();
    assert_eq!(first.version.to_string(), "1.0.0");

    // Another writer holds the store; the next install waits for it. Meanwhile a new version
    // is published and the server's idle timeout ends the connections it kept.
    publish(&server, &["1.0.0", "1.1.0"]);
    let held = Store::open(store.path()).unwrap().lock().unwrap();
    let waiting = {
        let (installer, index, demo) = (installer.clone(), index.clone(), demo.clone());
        std::thread::spawn(move || installer.install(&index, &demo, None))
    };
    server.expire_kept();
    drop(held);
    let second = waiting.join().unwrap();
    // The index and the release 1.1.0 arrive over a connection of their own.
    let second = second.unwrap_or_else(|e| panic!("the second install failed: {e}"));
    assert_eq!(second.version.to_string(), "1.1.0");
    assert!(second.release_written);
}

#[test]
fn every_download_opens_its_own_connection() {
    // Two downloads of one install (the index, then the release): two connections, so none
    // is ever reused after the server may have closed it.
    let server = KeepAlive::start();
    publish(&server, &["1.0.0"]);
    let store = tempfile::tempdir().unwrap();
    let installer = Installer::new(
        Store::open(store.path()).unwrap(),
        http(),
        "en".parse().unwrap(),
    );
    let index = format!("{}/index.json", server.base);
    installer
        .install(&index, &"demo".parse().unwrap(), None)
        .unwrap();
    assert_eq!(server.connections(), 2);
}

#[test]
fn a_connection_closed_without_an_answer_is_told_in_words() {
    // A server that accepts and closes at once, without a byte of answer.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let closer = std::thread::spawn(move || {
        if let Ok((stream, _)) = listener.accept() {
            let _ = stream.shutdown(Shutdown::Both);
        }
    });
    let url = format!("http://127.0.0.1:{port}/packs/index.json");
    let error = http().fetch(&url, 1024).unwrap_err();
    closer.join().unwrap();
    let FetchError::Network { reason, .. } = &error else {
        panic!("not a network failure: {error:?}");
    };
    assert_eq!(reason, "the server closed the connection");
    assert!(!error.to_string().contains("io:"), "{error}");
    // And as the installer reports it.
    let message = InstallError::IndexFetch(error).to_string();
    assert!(!message.contains("io:"), "{message}");
}
