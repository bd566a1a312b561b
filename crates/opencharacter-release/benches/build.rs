//! Building a large pack (the repository's SRD 5.1 pack, thousands of files) against only
//! reading and parsing its YAML files, measured in the same run and interleaved so machine load
//! favours neither. Goal: the whole build (reading, assembling, every check, rendering and
//! writing `dist/`, the aggregate and the spec's text) under 2× the bare parse.
//!
//! The pack is copied into a temporary folder first, so the repository's `packs/` is never
//! written. Run with `cargo bench -p opencharacter-release --bench build`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use opencharacter_release::build::{BuildOptions, build_paths, build_validated, render, write};
use opencharacter_release::source::{ReadLimits, read_path};
use opencharacter_release::validate::{ValidateOptions, validate_paths};

/// Rounds of each, interleaved; the median is reported.
const ROUNDS: usize = 7;

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if name == "dist" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &to.join(&name))?;
        } else {
            std::fs::copy(entry.path(), to.join(&name))?;
        }
    }
    Ok(())
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../packs/5e/srd-5.1");
    let dir = tempfile::tempdir()?;
    let pack = dir.path().join("5e").join("srd-5.1");
    copy_tree(&source, &pack)?;
    // A build refuses other languages without the `-i18n` package; the benchmark measures a
    // build that writes everything.
    let package = pack.join("i18n-package/package.json");
    if !package.exists() && pack.join("i18n").read_dir()?.count() > 1 {
        std::fs::create_dir_all(package.parent().ok_or("a parent")?)?;
        std::fs::write(&package, "{ \"version\": \"0.1.0\" }\n")?;
    }
    let files = read_path(&pack, &ReadLimits::default())?.packs[0]
        .files()
        .count();

    let options = BuildOptions {
        out: Some(dir.path().join("out")),
        ..BuildOptions::default()
    };
    let mut parse = Vec::new();
    let mut validate = Vec::new();
    let mut render = Vec::new();
    let mut writing = Vec::new();
    let mut finishing = Vec::new();
    let mut rebuild = Vec::new();
    let mut build = Vec::new();
    for round in 0..=ROUNDS {
        let start = Instant::now();
        black_box(read_path(&pack, &ReadLimits::default())?);
        let parsed = start.elapsed();
        let start = Instant::now();
        let validation = validate_paths(
            std::slice::from_ref(&pack),
            &[],
            &ValidateOptions::default(),
        )?;
        let validated = start.elapsed();
        let release = &validation.assembled[0]
            .as_ref()
            .ok_or("the pack assembles")?
            .release;
        let start = Instant::now();
        let value = render::release_json(release);
        let files = render::pack_dist(release, &value, &render::PackContext::default());
        let aggregate = render::aggregate(&[release]);
        let rendered = start.elapsed();
        // Written afresh each round: a folder already holding the same bytes is left alone.
        let _ = std::fs::remove_dir_all(dir.path().join("scratch"));
        let start = Instant::now();
        write::write_folder(&dir.path().join("scratch/dist"), &files)?;
        write::write_folder(&dir.path().join("scratch/packs"), &aggregate)?;
        let wrote = start.elapsed();
        let _ = std::fs::remove_dir_all(dir.path().join("out-after"));
        let start = Instant::now();
        let finished = build_validated(validation, Some(&dir.path().join("out-after")));
        let after = start.elapsed();
        if finished.built.is_empty() {
            return Err("the validated SRD pack did not build".into());
        }
        drop(finished);
        // The first build: nothing written before (removing it is not timed).
        for folder in [
            pack.join("dist"),
            pack.join("i18n-package/dist"),
            dir.path().join("out"),
        ] {
            let _ = std::fs::remove_dir_all(folder);
        }
        let start = Instant::now();
        let built = build_paths(std::slice::from_ref(&pack), &[], &options)?;
        let took = start.elapsed();
        // A rebuild of the unchanged pack: every folder already holds the same bytes.
        let start = Instant::now();
        black_box(build_paths(std::slice::from_ref(&pack), &[], &options)?);
        let again = start.elapsed();
        if built.has_errors() || built.built.is_empty() {
            let codes: Vec<_> = built
                .validation
                .reading
                .all_diagnostics()
                .map(|d| d.code.name)
                .collect();
            return Err(format!("the SRD pack did not build: {codes:?}").into());
        }
        // The first round warms the file system cache and the allocator.
        if round > 0 {
            parse.push(parsed);
            validate.push(validated);
            render.push(rendered);
            writing.push(wrote);
            finishing.push(after);
            rebuild.push(again);
            build.push(took);
        }
    }
    let rebuild = median(rebuild);
    let (parse, validate, render, writing, finishing, build) = (
        median(parse),
        median(validate),
        median(render),
        median(writing),
        median(finishing),
        median(build),
    );
    let size: u64 = std::fs::read_dir(pack.join("dist"))?
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum();
    println!(
        "SRD 5.1 pack: {files} files; dist/ top level {size} bytes; median of {ROUNDS} rounds"
    );
    println!("  read + parse YAML only   {parse:>10.2?}");
    println!("  validate (no writing)    {validate:>10.2?}");
    println!("  render dist/ + aggregate {render:>10.2?}  (in memory)");
    println!("  write dist/ + aggregate  {writing:>10.2?}  (into an empty folder)");
    println!("  all a build does after validating {finishing:>10.2?}  (build_validated)");
    println!("  build (all of it)        {build:>10.2?}  (nothing built before)");
    println!("  rebuild, unchanged       {rebuild:>10.2?}  (every folder already right)");
    println!(
        "  ratio build / parse      {:>10.2}x  (goal: under 2x)",
        build.as_secs_f64() / parse.as_secs_f64()
    );
    println!(
        "  ratio rebuild / parse    {:>10.2}x",
        rebuild.as_secs_f64() / parse.as_secs_f64()
    );
    Ok(())
}
