//! `opencharacter migrate --jsonl --packs PATH...`: many characters, one JSON line each, on
//! standard input; each migrated character, one JSON line, on standard output, in input order.
//!
//! Why a mode of its own: a batch engine (Spark's `RDD.pipe`, Hadoop Streaming, GNU `parallel
//! --pipe`) hands a process a stream of records and reads one line back per record. Loading the
//! packs once per stream instead of once per character, and compiling their upgrade scripts
//! once per worker thread ([`opencharacter::migrate::Plan`]), is what makes that cheap.
//!
//! - Every core: one reader (this thread), one worker per core, one writer that puts results
//!   back in input order, so the output of a stream is the same on any machine.
//! - Constant memory: at most [`IN_FLIGHT_LINES`] lines and [`IN_FLIGHT_BYTES`] bytes
//!   of input are between the reader and the writer at once (a single line longer than that
//!   still goes through alone); a line longer than the character limit
//!   ([`crate::input::MAX_CHARACTER_BYTES`]) is never held: it is skipped as it is read and
//!   reported (`file-too-large`).
//! - Errors are JSON lines on standard error, each with the input line number (from 1):
//!   `{"line": 3, "error": "..."}` for a line that is not a character, `{"line": 3,
//!   "diagnostics": [...]}` for the size limit and for what the packs say about the character
//!   (`character-pack-older`, `character-pack-not-loaded`, as the one-file mode says them). A
//!   line that fails gives no output line; an empty line (or one of spaces) gives nothing at all.
//! - Exit 0 when every line migrated, 1 when a line failed or the packs do not load, 2 when a
//!   path cannot be read.

use std::collections::BTreeMap;
use std::io::{BufRead, Write as _};
use std::process::ExitCode;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

use opencharacter::Diagnostic;
use opencharacter::migrate::Plan;
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::model::{Character, Ruleset};

/// Most input lines between the reader and the writer at once.
pub const IN_FLIGHT_LINES: usize = 4096;

/// Most input bytes between the reader and the writer at once: 64 MiB (one longer line still
/// goes through, alone).
pub const IN_FLIGHT_BYTES: usize = 64 * 1024 * 1024;

/// One input line, as read.
enum Line {
    /// The line's bytes, without its line end.
    Text(Vec<u8>),
    /// Longer than the character limit: skipped unread.
    TooLong,
}

/// What one line gives.
struct Outcome {
    /// The migrated character, one line.
    out: Option<String>,
    /// Lines for standard error.
    err: Vec<String>,
    /// Whether the line failed (no character written).
    failed: bool,
}

/// Runs `migrate --jsonl` over standard input.
pub fn run(packs: &crate::packs::PackPaths) -> ExitCode {
    let opened = match crate::packs::open(packs, &[]) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    if has_errors(&opened.diagnostics) {
        return crate::output::not_loaded(
            &opened.diagnostics,
            Some(&crate::output::say("not-migrated", &[])),
        );
    }
    let stdin = std::io::stdin();
    let mut input = std::io::BufReader::with_capacity(1 << 20, stdin.lock());
    let failed = stream(
        &opened.ruleset,
        &mut input,
        crate::input::MAX_CHARACTER_BYTES,
    );
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Lines and bytes in flight, bounded: the reader waits for room, the writer makes it.
struct Window {
    state: Mutex<(usize, usize)>,
    room: Condvar,
}

impl Window {
    fn enter(&self, bytes: usize) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        while state.0 > 0 && (state.0 >= IN_FLIGHT_LINES || state.1 + bytes > IN_FLIGHT_BYTES) {
            state = match self.room.wait(state) {
                Ok(state) => state,
                Err(_) => return,
            };
        }
        state.0 += 1;
        state.1 += bytes;
    }

    fn leave(&self, bytes: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.0 -= 1;
            state.1 -= bytes;
        }
        self.room.notify_one();
    }
}

/// Migrates every line of `input`, writing characters to standard output and errors to
/// standard error in input order. Whether a line failed.
fn stream(ruleset: &Ruleset, input: &mut impl BufRead, limit: u64) -> bool {
    let workers = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let window = Window {
        state: Mutex::new((0, 0)),
        room: Condvar::new(),
    };
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, Line)>(workers * 4);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, usize, Outcome)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            scope.spawn(move || {
                // Compiled once per worker: a plan's formula cache is its own thread's.
                let plan = Plan::new(ruleset);
                loop {
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((index, line)) = job else { return };
                    let bytes = match &line {
                        Line::Text(text) => text.len(),
                        Line::TooLong => 0,
                    };
                    let outcome = migrate_line(&plan, ruleset, index + 1, line, limit);
                    if done_tx.send((index, bytes, outcome)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let window = &window;
        let writer = scope.spawn(move || write_in_order(done_rx, window));
        let mut index = 0;
        let mut buffer = Vec::new();
        loop {
            let line = match read_line(input, limit, &mut buffer) {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(error) => {
                    eprintln!("error: cannot read standard input: {error}");
                    break;
                }
            };
            let bytes = match &line {
                Line::Text(text) => text.len(),
                Line::TooLong => 0,
            };
            window.enter(bytes);
            if job_tx.send((index, line)).is_err() {
                break;
            }
            index += 1;
        }
        drop(job_tx);
        writer.join().unwrap_or(true)
    })
}

/// The writer: results back in input order, each written as soon as those before it are.
fn write_in_order(done: mpsc::Receiver<(usize, usize, Outcome)>, window: &Window) -> bool {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut waiting: BTreeMap<usize, (usize, Outcome)> = BTreeMap::new();
    let mut next = 0;
    let mut failed = false;
    for (index, bytes, outcome) in done {
        waiting.insert(index, (bytes, outcome));
        while let Some((bytes, outcome)) = waiting.remove(&next) {
            if !outcome.err.is_empty() {
                // Errors are said in order with the characters around them.
                let _ = out.flush();
                let mut err = std::io::stderr().lock();
                for line in &outcome.err {
                    let _ = writeln!(err, "{line}");
                }
            }
            if let Some(line) = outcome.out {
                let _ = out.write_all(line.as_bytes());
                let _ = out.write_all(b"\n");
            }
            failed |= outcome.failed;
            window.leave(bytes);
            next += 1;
        }
    }
    let _ = out.flush();
    failed
}

/// One line: parsed, checked against the packs, migrated, written as one JSON line.
fn migrate_line(
    plan: &Plan<'_>,
    ruleset: &Ruleset,
    number: usize,
    line: Line,
    limit: u64,
) -> Outcome {
    let text = match line {
        Line::Text(text) => text,
        Line::TooLong => {
            let error = opencharacter::fs::ReadError::TooLarge {
                path: "standard input".into(),
                size: None,
                limit,
            };
            let shown = format!("standard input, line {number}");
            return failure(diagnostics_line(number, &[error.diagnostic(&shown)]));
        }
    };
    if text.iter().all(u8::is_ascii_whitespace) {
        return Outcome {
            out: None,
            err: Vec::new(),
            failed: false,
        };
    }
    let character: Character = match serde_json::from_slice(&text) {
        Ok(character) => character,
        Err(error) => {
            let message = format!("line {number} is not a character: {error}");
            return failure(serde_json::json!({"line": number, "error": message}).to_string());
        }
    };
    let said = opencharacter::check_character_packs(ruleset, &character);
    let mut err = Vec::new();
    if !said.is_empty() {
        err.push(diagnostics_line(number, &said));
    }
    let (migrated, _) = plan.migrate(character);
    match serde_json::to_string(&migrated) {
        Ok(json) => Outcome {
            out: Some(json),
            err,
            failed: false,
        },
        Err(error) => {
            let message = format!("line {number}: cannot write the character: {error}");
            err.push(serde_json::json!({"line": number, "error": message}).to_string());
            Outcome {
                out: None,
                err,
                failed: true,
            }
        }
    }
}

fn failure(line: String) -> Outcome {
    Outcome {
        out: None,
        err: vec![line],
        failed: true,
    }
}

fn diagnostics_line(number: usize, diagnostics: &[Diagnostic]) -> String {
    serde_json::json!({
        "line": number,
        "diagnostics": crate::output::diagnostics_json(diagnostics),
    })
    .to_string()
}

/// The next line of `input` without its line end (`\n` or `\r\n`); `None` at the end. A line
/// longer than `limit` bytes is read past without being kept.
fn read_line(
    input: &mut impl BufRead,
    limit: u64,
    buffer: &mut Vec<u8>,
) -> std::io::Result<Option<Line>> {
    buffer.clear();
    let mut too_long = false;
    let mut seen = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            if !seen {
                return Ok(None);
            }
            break;
        }
        seen = true;
        let end = available.iter().position(|&b| b == b'\n');
        let take = end.unwrap_or(available.len());
        if !too_long {
            // The `\r` of a `\r\n` end is not counted against the limit.
            if (buffer.len() + take) as u64 > limit + 1 {
                too_long = true;
                buffer.clear();
                buffer.shrink_to(0);
            } else {
                buffer.extend_from_slice(&available[..take]);
            }
        }
        input.consume(take + usize::from(end.is_some()));
        if end.is_some() {
            break;
        }
    }
    if buffer.last() == Some(&b'\r') {
        buffer.pop();
    }
    if too_long || buffer.len() as u64 > limit {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(Line::Text(std::mem::take(buffer))))
}
