//! The fuzz targets' stand-in on every `cargo test` (issue 22): cargo-fuzz needs a nightly
//! compiler and minutes per target, so CI's fixed check is this: for each input kind, the seed
//! corpus of its fuzz target (`fuzz/corpus/<target>/`, real files of the repository's packs and
//! fixtures) mutated the ways a fuzzer starts with (byte flips, truncations, splices of another
//! seed, deleted and doubled ranges), fed through the very functions the fuzz targets call
//! (`fuzz/src/lib.rs`, included here), which call the library entry point the command uses.
//!
//! What each case asserts: no panic (a panic fails the case, and proptest shrinks it to the
//! smallest mutation), every diagnostic renders in English, Spanish and JSON, a refusal says why,
//! and bytes that are not UTF-8 are never accepted without a word (the reading rules of
//! `docs/spec/reading.md`: files are UTF-8; JSON strings are too).

use std::path::PathBuf;

use proptest::prelude::*;

#[path = "../fuzz/src/lib.rs"]
mod inputs;

use inputs::{Outcome, PackFile};

/// The seeds of one fuzz target, in a fixed order (by file name).
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let folder: PathBuf = inputs::repository().join("fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    let seeds: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(!seeds.is_empty(), "{target} has seeds");
    seeds
}

/// One mutation of a fuzzer's first moves, positions given as fractions of the input so that
/// they apply to any seed.
#[derive(Debug, Clone)]
enum Mutation {
    /// XOR one byte with a non-zero mask.
    Flip(f64, u8),
    /// Keep only the first part.
    Truncate(f64),
    /// Insert a slice of another seed.
    Splice(f64, usize, f64, f64),
    /// Remove a range.
    Delete(f64, f64),
    /// Repeat a range in place.
    Double(f64, f64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0.0..1.0f64;
    prop_oneof![
        4 => (at.clone(), 1..=255u8).prop_map(|(a, m)| Mutation::Flip(a, m)),
        2 => at.clone().prop_map(Mutation::Truncate),
        2 => (at.clone(), any::<usize>(), at.clone(), at.clone())
            .prop_map(|(a, s, f, l)| Mutation::Splice(a, s, f, l)),
        1 => (at.clone(), at.clone()).prop_map(|(a, l)| Mutation::Delete(a, l)),
        1 => (at.clone(), at).prop_map(|(a, l)| Mutation::Double(a, l)),
    ]
}

fn index(len: usize, at: f64) -> usize {
    // `at` is below 1, so the index is at most `len`.
    ((len as f64) * at) as usize
}

fn apply(mut bytes: Vec<u8>, mutations: &[Mutation], seeds: &[Vec<u8>]) -> Vec<u8> {
    for step in mutations {
        let len = bytes.len();
        match *step {
            Mutation::Flip(at, mask) => {
                if len > 0 {
                    bytes[index(len, at).min(len - 1)] ^= mask;
                }
            }
            Mutation::Truncate(at) => bytes.truncate(index(len, at)),
            Mutation::Splice(at, seed, from, length) => {
                let other = &seeds[seed % seeds.len()];
                let start = index(other.len(), from);
                // At most 256 bytes, so a splice stays a splice.
                let end = (start + index(other.len() - start, length)).min(start + 256);
                let insert_at = index(len, at);
                bytes.splice(insert_at..insert_at, other[start..end].iter().copied());
            }
            Mutation::Delete(at, length) => {
                let start = index(len, at);
                let end = start + index(len - start, length).min(256);
                bytes.drain(start..end);
            }
            Mutation::Double(at, length) => {
                let start = index(len, at);
                let end = start + index(len - start, length).min(256);
                let copy: Vec<u8> = bytes[start..end].to_vec();
                bytes.splice(end..end, copy);
            }
        }
    }
    bytes
}

/// Bytes that are not UTF-8 are refused or reported, never read as if they were fine.
fn holds(outcome: &Outcome, bytes: &[u8]) {
    if std::str::from_utf8(bytes).is_err() {
        assert_ne!(
            *outcome,
            Outcome::Checked(0),
            "bytes that are not UTF-8 were accepted without a diagnostic"
        );
    }
}

/// Every seed as it is, then `cases` mutated ones, through `run`.
fn stand_in(target: &str, cases: u32, run: impl Fn(&[u8]) -> Outcome) {
    let seeds = seeds(target);
    for seed in &seeds {
        holds(&run(seed), seed);
    }
    let config = ProptestConfig {
        cases,
        // The seeds are the corpus; no failure file beside the tests.
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let strategy = (0..seeds.len(), proptest::collection::vec(mutation(), 1..4));
    proptest::test_runner::TestRunner::new(config)
        .run(&strategy, |(seed, mutations)| {
            let bytes = apply(seeds[seed].clone(), &mutations, &seeds);
            holds(&run(&bytes), &bytes);
            Ok(())
        })
        .unwrap();
}

#[test]
fn pack_manifests() {
    stand_in("pack_manifest", 32, |b| {
        inputs::pack_file(PackFile::Manifest, b)
    });
}

#[test]
fn rules_files() {
    stand_in("rules_file", 32, |b| inputs::pack_file(PackFile::Rules, b));
}

#[test]
fn content_files() {
    stand_in("content_file", 32, |b| {
        inputs::pack_file(PackFile::Content, b)
    });
}

#[test]
fn i18n_files() {
    stand_in("i18n_file", 32, |b| inputs::pack_file(PackFile::I18n, b));
}

#[test]
fn upgrade_scripts() {
    stand_in("upgrade_script", 32, |b| {
        inputs::pack_file(PackFile::Upgrade, b)
    });
}

#[test]
fn character_files() {
    stand_in("character_file", 96, inputs::character);
}

#[test]
fn release_files() {
    stand_in("release_json", 96, inputs::release_json);
}

#[test]
fn engine_rulesets() {
    stand_in("ruleset_json", 96, inputs::ruleset_json);
}

#[cfg(feature = "install")]
#[test]
fn pack_indexes() {
    stand_in("pack_index", 96, inputs::pack_index);
}

/// The mutations themselves, worked by hand: a flip changes exactly the byte at the fraction's
/// index, a truncation keeps that many bytes, a splice inserts the other seed's slice.
#[test]
fn mutations_do_what_they_say() {
    let seeds = vec![b"abcd".to_vec(), b"XYZ".to_vec()];
    // 4 bytes × 0.5 = index 2 ('c', 0x63); 0x63 ^ 0x01 = 0x62 ('b').
    assert_eq!(
        apply(b"abcd".to_vec(), &[Mutation::Flip(0.5, 1)], &seeds),
        b"abbd"
    );
    // 4 × 0.75 = 3 bytes kept.
    assert_eq!(
        apply(b"abcd".to_vec(), &[Mutation::Truncate(0.75)], &seeds),
        b"abc"
    );
    // Seed 1 ("XYZ") from 3 × 0.34 = 1, length (3 − 1) × 0.5 = 1: "Y", inserted at 4 × 0.25 = 1.
    assert_eq!(
        apply(
            b"abcd".to_vec(),
            &[Mutation::Splice(0.25, 1, 0.34, 0.5)],
            &seeds
        ),
        b"aYbcd"
    );
    // From 4 × 0.5 = 2, (4 − 2) × 0.5 = 1 byte: "c" removed, or doubled.
    assert_eq!(
        apply(b"abcd".to_vec(), &[Mutation::Delete(0.5, 0.5)], &seeds),
        b"abd"
    );
    assert_eq!(
        apply(b"abcd".to_vec(), &[Mutation::Double(0.5, 0.5)], &seeds),
        b"abccd"
    );
}
