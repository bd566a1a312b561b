//! Fetching over HTTP(S) with a byte budget: `ureq` (blocking, rustls), timeouts on connect and
//! on every read, a total deadline, https only unless the caller allows plain http (loopback
//! tests do).
//!
//! Why a deadline beside the per-read timeout: a server that trickles one byte a second never
//! lets a read time out, and would hold an install (and the store's lock) for as long as it
//! likes. Each download ends by its deadline; [`Http::begin`] starts one budget for a whole
//! operation (an install, a sync), so every download of it ends by the same instant.
//!
//! A body is read into memory and never past its limit: at most the declared size plus one byte
//! (to tell an over-long body from an exact one), so a server that sends more than it declared,
//! or endlessly, costs at most that much.

use std::io::Read as _;
use std::time::{Duration, Instant};

use opencharacter_spec::diagnostic::{Phrase, reasons};

/// How the client behaves.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// Allow `http://` URLs (loopback tests, a local mirror). Off by default.
    pub allow_http: bool,
    /// How long connecting may take.
    pub connect_timeout: Duration,
    /// How long one read (or write) may wait for the network.
    pub read_timeout: Duration,
    /// How long one download may take in all, and one operation's downloads together (see
    /// [`Http::begin`]).
    pub deadline: Duration,
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            allow_http: false,
            connect_timeout: Duration::from_secs(10),
            read_timeout: Duration::from_secs(30),
            deadline: Duration::from_secs(300),
        }
    }
}

/// Why a fetch failed. Nothing fetched is kept after any of these.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// The URL's scheme is not allowed.
    #[error("`{0}` is not https (plain http only where the caller allows it)")]
    Scheme(String),
    /// The server answered with an error status.
    #[error("`{url}` answered {status}")]
    Status {
        /// The URL.
        url: String,
        /// The HTTP status.
        status: u16,
    },
    /// The connection failed, timed out or was dropped.
    #[error("`{url}` could not be fetched: {reason}")]
    Network {
        /// The URL.
        url: String,
        /// Why.
        reason: String,
    },
    /// The body is longer than declared (or than the limit).
    #[error("`{url}` sent more than the {limit} bytes expected")]
    TooLong {
        /// The URL.
        url: String,
        /// The size expected.
        limit: u64,
    },
    /// The download did not end by its deadline.
    #[error("`{url}` did not arrive within the deadline of {seconds} s")]
    Deadline {
        /// The URL.
        url: String,
        /// The deadline, in seconds.
        seconds: u64,
    },
    /// The body ended before the declared size.
    #[error("`{url}` sent {got} bytes of the {expected} declared")]
    Truncated {
        /// The URL.
        url: String,
        /// Bytes received.
        got: u64,
        /// Bytes declared.
        expected: u64,
    },
}

impl FetchError {
    /// The URL that could not be fetched.
    pub fn url(&self) -> &str {
        match self {
            FetchError::Scheme(url) => url,
            FetchError::Status { url, .. }
            | FetchError::Network { url, .. }
            | FetchError::TooLong { url, .. }
            | FetchError::Deadline { url, .. }
            | FetchError::Truncated { url, .. } => url,
        }
    }

    /// Why, as a phrase of the standard text, without the URL (for a message that names the URL
    /// on its own). A network failure's own text is the HTTP client's, in English.
    pub fn phrase(&self) -> Phrase {
        match self {
            FetchError::Scheme(_) => Phrase::new(&reasons::FETCH_SCHEME),
            FetchError::Status { status, .. } => {
                Phrase::new(&reasons::FETCH_STATUS).with_arg("status", status)
            }
            FetchError::Network { reason, .. } => {
                Phrase::new(&reasons::FETCH_NETWORK).with_arg("reason", reason)
            }
            FetchError::TooLong { limit, .. } => {
                Phrase::new(&reasons::FETCH_TOO_LONG).with_arg("limit", limit)
            }
            FetchError::Deadline { seconds, .. } => {
                Phrase::new(&reasons::FETCH_DEADLINE).with_arg("seconds", seconds)
            }
            FetchError::Truncated { got, expected, .. } => Phrase::new(&reasons::FETCH_TRUNCATED)
                .with_arg("got", got)
                .with_arg("expected", expected),
        }
    }

    /// The whole error as a phrase, the URL in it (its English is the error's `Display`).
    pub fn full_phrase(&self) -> Phrase {
        let phrase = |reason| Phrase::new(reason).with_arg("url", self.url());
        match self {
            FetchError::Scheme(_) => phrase(&reasons::FETCH_URL_SCHEME),
            FetchError::Status { status, .. } => {
                phrase(&reasons::FETCH_URL_STATUS).with_arg("status", status)
            }
            FetchError::Network { reason, .. } => {
                phrase(&reasons::FETCH_URL_NETWORK).with_arg("reason", reason)
            }
            FetchError::TooLong { limit, .. } => {
                phrase(&reasons::FETCH_URL_TOO_LONG).with_arg("limit", limit)
            }
            FetchError::Deadline { seconds, .. } => {
                phrase(&reasons::FETCH_URL_DEADLINE).with_arg("seconds", seconds)
            }
            FetchError::Truncated { got, expected, .. } => phrase(&reasons::FETCH_URL_TRUNCATED)
                .with_arg("got", got)
                .with_arg("expected", expected),
        }
    }

    /// Why, in English words, without the URL (for a message that names the URL on its own).
    pub fn reason(&self) -> String {
        match self {
            FetchError::Scheme(_) => "it is not https (plain http only where allowed)".to_owned(),
            FetchError::Status { status, .. } => format!("the server answered {status}"),
            FetchError::Network { reason, .. } => reason.clone(),
            FetchError::TooLong { limit, .. } => {
                format!("the server sent more than the {limit} bytes expected")
            }
            FetchError::Deadline { seconds, .. } => {
                format!("it did not arrive within the deadline of {seconds} s")
            }
            FetchError::Truncated { got, expected, .. } => {
                format!("the server sent {got} bytes of the {expected} declared")
            }
        }
    }
}

/// A blocking HTTP client with a byte budget per body.
#[derive(Debug, Clone)]
pub struct Http {
    agent: ureq::Agent,
    allow_http: bool,
    deadline: Duration,
    /// The end of the operation begun last ([`Http::begin`]), shared by the clones.
    until: std::sync::Arc<std::sync::Mutex<Option<Instant>>>,
}

impl Http {
    /// A client with these options.
    pub fn new(options: &HttpOptions) -> Http {
        let agent = ureq::Agent::config_builder()
            .timeout_connect(Some(options.connect_timeout))
            .timeout_per_read(Some(options.read_timeout))
            .timeout_per_write(Some(options.read_timeout))
            .https_only(!options.allow_http)
            .max_redirects(5)
            // A fresh connection for every download, none kept between them: a server closes
            // an idle kept-alive connection when it likes (while an install waits for the
            // store's lock, say), and a download sent on it failed with "Peer disconnected"
            // (issue 22). An install makes three downloads at most; a handshake each is cheap.
            .max_idle_connections(0)
            .max_idle_connections_per_host(0)
            .build()
            .new_agent();
        Http {
            agent,
            allow_http: options.allow_http,
            deadline: options.deadline,
            until: std::sync::Arc::default(),
        }
    }

    /// Begins an operation: every download from now on ends by one deadline from now (each
    /// also by its own deadline), so an operation that holds a lock while it downloads holds it
    /// no longer than that.
    pub fn begin(&self) {
        if let Ok(mut until) = self.until.lock() {
            *until = Instant::now().checked_add(self.deadline);
        }
    }

    /// When a download started now must end.
    fn ends(&self) -> Option<Instant> {
        let own = Instant::now().checked_add(self.deadline);
        let begun = self.until.lock().ok().and_then(|until| *until);
        match (own, begun) {
            (Some(own), Some(begun)) => Some(own.min(begun)),
            (own, begun) => own.or(begun),
        }
    }

    /// Whether plain http is allowed.
    pub fn allows_http(&self) -> bool {
        self.allow_http
    }

    /// Fetches exactly `size` bytes (a size the index declares): a body that is shorter,
    /// longer, or announces another length is refused without reading past `size + 1` bytes.
    pub fn fetch_exact(&self, url: &str, size: u64) -> Result<Vec<u8>, FetchError> {
        let body = self.fetch(url, size)?;
        let got = body.len() as u64;
        if got < size {
            return Err(FetchError::Truncated {
                url: url.to_owned(),
                got,
                expected: size,
            });
        }
        Ok(body)
    }

    /// Fetches at most `limit` bytes (a body of unknown size, such as an index).
    pub fn fetch(&self, url: &str, limit: u64) -> Result<Vec<u8>, FetchError> {
        let scheme_ok =
            url.starts_with("https://") || (self.allow_http && url.starts_with("http://"));
        if !scheme_ok {
            return Err(FetchError::Scheme(url.to_owned()));
        }
        let network = |reason: String| FetchError::Network {
            url: url.to_owned(),
            reason,
        };
        let late = || FetchError::Deadline {
            url: url.to_owned(),
            seconds: self.deadline.as_secs(),
        };
        let ends = self.ends();
        let left =
            |ends: Option<Instant>| ends.map(|ends| ends.saturating_duration_since(Instant::now()));
        if left(ends).is_some_and(|left| left.is_zero()) {
            return Err(late());
        }
        let response = self
            .agent
            .get(url)
            .config()
            .timeout_global(left(ends))
            .build()
            .call()
            .map_err(|error| match error {
                ureq::Error::Timeout(ureq::Timeout::Global) => late(),
                ureq::Error::StatusCode(status) => FetchError::Status {
                    url: url.to_owned(),
                    status,
                },
                other => network(in_words(&other)),
            })?;
        let too_long = || FetchError::TooLong {
            url: url.to_owned(),
            limit,
        };
        let announced = response
            .headers()
            .get("content-length")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.trim().parse::<u64>().ok());
        if announced.is_some_and(|announced| announced > limit) {
            return Err(too_long());
        }
        let mut body = Vec::new();
        let mut reader = response
            .into_body()
            .into_with_config()
            .limit(limit.saturating_add(2))
            .reader()
            .take(limit.saturating_add(1));
        // Read in chunks, checking the deadline after each: a trickle never times a read out.
        let mut chunk = [0u8; 16 * 1024];
        loop {
            if left(ends).is_some_and(|left| left.is_zero()) {
                return Err(late());
            }
            match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => body.extend_from_slice(&chunk[..n]),
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                // The global timeout set above fires inside a read: the deadline, not the network.
                Err(error)
                    if left(ends).is_some_and(|l| l.is_zero())
                        || error
                            .get_ref()
                            .and_then(|inner| inner.downcast_ref::<ureq::Error>())
                            .is_some_and(|inner| {
                                matches!(inner, ureq::Error::Timeout(ureq::Timeout::Global))
                            }) =>
                {
                    return Err(late());
                }
                Err(error) => return Err(network(io_in_words(&error))),
            }
        }
        if body.len() as u64 > limit {
            return Err(too_long());
        }
        Ok(body)
    }
}

/// Why a request failed, in words a user can act on. The HTTP client's own text for a failed
/// read or write is Rust's (`io: Peer disconnected`); what matters to the user is what the
/// server or the network did.
fn in_words(error: &ureq::Error) -> String {
    match error {
        ureq::Error::Io(io) => io_in_words(io),
        ureq::Error::Timeout(_) => "the server did not answer in time".to_owned(),
        ureq::Error::HostNotFound => "the host was not found".to_owned(),
        ureq::Error::ConnectionFailed => "the connection could not be opened".to_owned(),
        ureq::Error::TooManyRedirects | ureq::Error::RedirectFailed => {
            "the server redirected too often or to nowhere".to_owned()
        }
        ureq::Error::Protocol(_) | ureq::Error::Http(_) | ureq::Error::LargeResponseHeader(..) => {
            "the server's answer is not valid HTTP".to_owned()
        }
        ureq::Error::Tls(_) | ureq::Error::Rustls(_) | ureq::Error::Pem(_) => {
            "the secure connection (TLS) failed".to_owned()
        }
        // The others (a bad URL, https required) are the client's words already.
        other => other.to_string(),
    }
}

/// A failed read or write of the network, in words (see [`in_words`]).
fn io_in_words(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    if let Some(inner) = error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ureq::Error>())
    {
        return in_words(inner);
    }
    match error.kind() {
        ErrorKind::UnexpectedEof
        | ErrorKind::ConnectionReset
        | ErrorKind::ConnectionAborted
        | ErrorKind::BrokenPipe
        | ErrorKind::NotConnected => "the server closed the connection",
        ErrorKind::ConnectionRefused => "the server refused the connection",
        ErrorKind::TimedOut | ErrorKind::WouldBlock => "the server did not answer in time",
        ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable | ErrorKind::NetworkDown => {
            "the server cannot be reached"
        }
        ErrorKind::AddrNotAvailable | ErrorKind::AddrInUse => "no local address to connect from",
        _ => "the connection failed",
    }
    .to_owned()
}
