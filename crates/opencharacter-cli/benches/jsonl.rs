//! Throughput of `opencharacter migrate --jsonl` (issue 23): 1,000,000 generated characters saved
//! with 0.1.0 of the fixture pack `demo-heroes`, migrated to 0.3.0 by the built command as a whole
//! process, beside a bare serde read and write of the same file (each line parsed as a
//! `Character` and written back, one thread) measured in the same run.
//!
//! Prints characters per second, the command's peak memory and CPU time (from `/usr/bin/time -v`
//! when it is there) and the ratios. The input is generated here into a temporary folder, never
//! committed.
//!
//! `cargo bench -p opencharacter-cli --bench jsonl` (optionally `-- 100000` for fewer characters).

#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a benchmark reports on stdout and stops on a broken setup"
)]

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use opencharacter::spec::model::Character;

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(1_000_000);
    let packs = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/migrations/0.3.0/release.json");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let input = dir.path().join("saved.jsonl");
    {
        let mut out = BufWriter::new(std::fs::File::create(&input).unwrap());
        for n in 0..count {
            out.write_all(character(n).as_bytes()).unwrap();
            out.write_all(b"\n").unwrap();
        }
        out.flush().unwrap();
    }
    let bytes = std::fs::metadata(&input).unwrap().len();
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    println!(
        "{count} characters, {:.1} MB of JSON lines, {cores} cores",
        bytes as f64 / 1e6
    );

    // The baseline: read each line into a `Character` and write it back, one thread.
    let start = Instant::now();
    {
        let reader = std::io::BufReader::new(std::fs::File::open(&input).unwrap());
        let sink = std::fs::File::create(dir.path().join("bare.jsonl")).unwrap();
        let mut out = BufWriter::new(sink);
        for line in reader.lines() {
            let character: Character = serde_json::from_str(&line.unwrap()).unwrap();
            serde_json::to_writer(&mut out, &character).unwrap();
            out.write_all(b"\n").unwrap();
        }
        out.flush().unwrap();
    }
    let bare = start.elapsed().as_secs_f64();

    let output = dir.path().join("migrated.jsonl");
    let timed = Path::new("/usr/bin/time").exists();
    let mut command = if timed {
        let mut command = Command::new("/usr/bin/time");
        command.arg("-v").arg(env!("CARGO_BIN_EXE_opencharacter"));
        command
    } else {
        Command::new(env!("CARGO_BIN_EXE_opencharacter"))
    };
    command
        .args(["migrate", "--jsonl", "--packs"])
        .arg(&packs)
        .stdin(std::fs::File::open(&input).unwrap())
        .stdout(std::fs::File::create(&output).unwrap())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let run = command.output().expect("the command runs");
    let took = start.elapsed().as_secs_f64();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let lines = std::fs::read(&output)
        .unwrap()
        .iter()
        .filter(|b| **b == b'\n')
        .count();
    assert_eq!(lines, count, "one migrated line per character");

    println!(
        "bare serde read + write (1 thread)     {bare:>8.2} s  {:>10.0} characters/s",
        count as f64 / bare
    );
    println!(
        "migrate --jsonl 0.1.0 -> 0.3.0          {took:>8.2} s  {:>10.0} characters/s  {:.2}x the bare read (wall clock)",
        count as f64 / took,
        took / bare
    );
    if timed {
        let stderr = String::from_utf8_lossy(&run.stderr);
        let field = |name: &str| {
            stderr
                .lines()
                .find_map(|l| l.trim().strip_prefix(name).map(|v| v.trim().to_owned()))
                .unwrap_or_default()
        };
        let cpu: f64 = field("User time (seconds):").parse().unwrap_or(0.0)
            + field("System time (seconds):").parse().unwrap_or(0.0);
        println!(
            "  peak memory {} kB; CPU time {cpu:.2} s, {:.2}x the bare read's",
            field("Maximum resident set size (kbytes):"),
            cpu / bare
        );
    }
}

/// A character saved with 0.1.0, varied by `n` (the migrate crate's benchmark's generator):
/// class text, level or none, experience, strength, hit dice left, attack rows, an owned
/// deprecated feat.
fn character(n: usize) -> String {
    const CLASSES: [&str; 6] = [
        "Fighter3",
        "Fighter 3 / Wizard 2",
        "",
        "wizard",
        "Noble knight",
        "Rogue",
    ];
    let class = CLASSES[n % CLASSES.len()];
    let level = if n.is_multiple_of(7) {
        String::new()
    } else {
        format!(r#","demo-heroes:level":{}"#, n % 20 + 1)
    };
    let feat = if n.is_multiple_of(3) {
        r#","content":[{"id":"demo-heroes:feats.old-alert"}]"#
    } else {
        ""
    };
    format!(
        concat!(
            r#"{{"packs":{{"demo-heroes":"0.1.0"}},"fields":{{"demo-heroes:name":"Hero {n}","#,
            r#""demo-heroes:class":"{class}","demo-heroes:xp":{xp},"demo-heroes:origin":"Noble house","#,
            r#""demo-heroes:renown":{renown},"demo-heroes:abilities.str":{str}{level}}},"#,
            r#""lists":{{"demo-heroes:attacks":[{{"name":"Dagger","ability":"dex"}},"#,
            r#"{{"name":"Longsword","ability":"str","bonus":1}}]}},"#,
            r#""live":{{"pools":{{"demo-heroes:hit_dice":{dice}}}}}{feat}}}"#
        ),
        n = n,
        class = class,
        xp = n * 37 % 100_000,
        renown = n % 5,
        str = 8 + n % 11,
        level = level,
        dice = n % 5,
        feat = feat,
    )
}
