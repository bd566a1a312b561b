//! docs/spec/limits.md's "Every limit" table against the code (issue 22).
//!
//! Two halves. First, the table and the code agree: every limit constant of the workspace's
//! sources (`const MAX_…`, `DEFAULT_MAX_…`, the diagnostic bounds `PER_FILE` and `PER_RUN`) is a
//! row with its number, and every row names a constant that exists with that number; a limit added
//! to the code without a row, or a number changed on one side only, fails here. Second, each row is
//! tried at its number (accepted) and one past it (refused with the row's code), by a probe below
//! that takes the number from the table, so the table is what is tested, not the constant.
//!
//! The rows whose probe would cost a test more than it can afford (256 MiB of YAML to parse, a
//! million-outcome distribution) or that bound an output rather than an input are listed in
//! `NOT_PROBED` with why; the list must name exactly the rows without a probe, so it cannot grow
//! silently.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use opencharacter::release::source::{ReadLimits, read_path};
use opencharacter::release::validate::{ValidateOptions, validate_reading};
use serde_json::json;

/// A row of the table: the constant (`crate/path: NAME`), its number, its code (`None` for "—").
#[derive(Debug)]
struct Row {
    constant: String,
    number: u128,
    code: Option<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The rows of the "Every limit" table of docs/spec/limits.md.
fn table() -> Vec<Row> {
    let text = std::fs::read_to_string(root().join("docs/spec/limits.md")).unwrap();
    let section = text
        .split("\n## Every limit\n")
        .nth(1)
        .expect("limits.md has an \"Every limit\" section");
    let section = section.split("\n## ").next().unwrap();
    section
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 4, "a row has four cells: {line}");
            let constant = cells[0].trim_matches('`').to_owned();
            // "268,435,456 (256 MiB)": the digits before any parenthesis.
            let digits: String = cells[2]
                .split('(')
                .next()
                .unwrap()
                .chars()
                .filter(char::is_ascii_digit)
                .collect();
            let number = digits
                .parse()
                .unwrap_or_else(|_| panic!("a number: {line}"));
            let code = cells[3]
                .strip_prefix('`')
                .and_then(|rest| rest.split('`').next())
                .map(str::to_owned);
            Row {
                constant,
                number,
                code,
            }
        })
        .collect()
}

/// Every limit constant in the workspace's sources (tests excluded), as `crate/path: NAME` with
/// its value (a product of integer literals, the only form the limits use).
fn constants() -> BTreeMap<String, u128> {
    let mut found = BTreeMap::new();
    let crates = root().join("crates");
    let mut stack: Vec<PathBuf> = std::fs::read_dir(&crates)
        .unwrap()
        .map(|entry| entry.unwrap().path().join("src"))
        .collect();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy();
        if path.extension().is_none_or(|e| e != "rs") || name == "tests.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // Code after `#[cfg(test)] mod …` is a test module's.
        let text = text.split("#[cfg(test)]\nmod tests {").next().unwrap();
        let shown = path
            .strip_prefix(&crates)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        for line in text.lines() {
            let line = line.trim_start();
            let line = line.strip_prefix("pub ").unwrap_or(line);
            let line = line.strip_prefix("pub(crate) ").unwrap_or(line);
            let Some(rest) = line.strip_prefix("const ") else {
                continue;
            };
            let Some((name, rest)) = rest.split_once(':') else {
                continue;
            };
            let is_limit = name.starts_with("MAX_")
                || name.starts_with("DEFAULT_MAX_")
                || name == "PER_FILE"
                || name == "PER_RUN";
            if !is_limit {
                continue;
            }
            let expression = rest.split_once('=').unwrap().1.trim().trim_end_matches(';');
            let value = expression
                .split('*')
                .map(|factor| factor.trim().replace('_', "").parse::<u128>().unwrap())
                .product();
            found.insert(format!("{shown}: {name}"), value);
        }
    }
    found
}

#[test]
fn every_limit_in_the_code_is_a_row_with_its_number() {
    let rows = table();
    let constants = constants();
    let mut problems = Vec::new();
    for (constant, value) in &constants {
        match rows.iter().find(|row| &row.constant == constant) {
            None => problems.push(format!("{constant} = {value} has no row")),
            Some(row) if row.number != *value => problems.push(format!(
                "{constant} is {value} in the code, {} in the table",
                row.number
            )),
            Some(_) => {}
        }
    }
    for row in &rows {
        if !constants.contains_key(&row.constant) {
            problems.push(format!("the row {} names no constant", row.constant));
        }
        if let Some(code) = &row.code
            && !code.starts_with("formula-")
        {
            assert!(
                opencharacter::spec::diagnostic::codes::ALL
                    .iter()
                    .any(|c| c.name == code),
                "{code} of {} is not a registered code",
                row.constant
            );
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The rows with no probe here, each with why. Must be exactly the rows without a probe.
const NOT_PROBED: &[(&str, &str)] = &[
    (
        "opencharacter-release/src/source/mod.rs: MAX_FILES",
        "40,000 files written and walked take most of a minute in a debug build; the fixture \
         `pack-limit` tries the same count with the limit lowered to 3",
    ),
    (
        "opencharacter-release/src/source/mod.rs: MAX_PACK_BYTES",
        "256 MiB of pack files to read and parse; the fixture `pack-limit` tries the same check \
         with the count, and the reader's own tests the byte total with a lowered limit",
    ),
    (
        "opencharacter-spec/src/yaml/mod.rs: MAX_YAML_NODES",
        "a million nodes parsed twice in a debug build; the spec crate's YAML tests try it",
    ),
    (
        "opencharacter-spec/src/yaml/recover.rs: MAX_RECOVERIES",
        "bounds what is reported, not what is accepted",
    ),
    (
        "opencharacter-spec/src/model/common.rs: MAX_FORMULA_LEN",
        "a schema's maxLength for editors; the formula crate's MAX_LEN is what refuses",
    ),
    (
        "opencharacter-formula/src/dist.rs: MAX_OUTCOMES",
        "internal bound of an exact distribution, reached only through dice the dice limits allow",
    ),
    (
        "opencharacter-formula/src/dist.rs: MAX_PAIRS",
        "internal bound of an exact distribution",
    ),
    (
        "opencharacter-formula/src/dist.rs: MAX_DICE_WORK",
        "internal bound of an exact distribution",
    ),
    (
        "opencharacter-formula/src/dist.rs: MAX_ANALYSIS_WORK",
        "internal bound of an exact analysis",
    ),
    (
        "opencharacter-i18n/src/checks.rs: MAX_GROUP_DEPTH",
        "a YAML file cannot nest past the YAML limit of 64 either",
    ),
    (
        "opencharacter-i18n/src/index.rs: MAX_LOCALES",
        "a pack index is served by an index server; the i18n crate's index tests try it",
    ),
    (
        "opencharacter-i18n/src/index.rs: MAX_RELEASES",
        "a pack index is served by an index server; the i18n crate's index tests try it",
    ),
    (
        "opencharacter-layers/src/economy.rs: MAX_LOOT_ROLLS",
        "bounds what a loot roll draws, not an input",
    ),
    (
        "opencharacter-sheet/src/rolls/mod.rs: MAX_ITEM_ROLLS",
        "ten thousand item rolls on one sheet in a debug build",
    ),
    (
        "opencharacter-sheet/src/rolls/content.rs: MAX_ENTRIES",
        "bounds a sheet's roll entries, shown as unavailable, not refused",
    ),
    (
        "opencharacter-sheet/src/item_scope.rs: MAX_DEPTH",
        "bounds reading items inside items, not an input",
    ),
    (
        "opencharacter-spec/src/model/content_rolls.rs: MAX_ROLL_PARAMETERS",
        "not probed yet",
    ),
    (
        "opencharacter-spec/src/model/content_rolls.rs: MAX_CONTENT_ROLLS",
        "not probed yet",
    ),
    (
        "opencharacter-spec/src/model/layer.rs: MAX_LAYER_GUIDANCE_CHARS",
        "not probed yet",
    ),
    (
        "opencharacter-release/src/build/typescript.rs: MAX_DEPTH",
        "bounds the types `build` writes, not an input",
    ),
    (
        "opencharacter-cli/src/formula.rs: MAX_LISTED",
        "bounds what `formula --odds` prints, not an input",
    ),
    (
        "opencharacter-release/src/source/mod.rs: MAX_SEARCH_DEPTH",
        "not probed yet",
    ),
    (
        "opencharacter-release/src/packs.rs: MAX_SEARCH_DEPTH",
        "not probed yet",
    ),
];

/// What a probe saw: the codes at the number and one past it.
struct Tried {
    at: Vec<String>,
    past: Vec<String>,
}

fn tried(at: Vec<String>, past: Vec<String>) -> Tried {
    Tried { at, past }
}

/// A sparse file of `size` bytes (nothing written: the file system holds no blocks for it).
fn sparse(dir: &Path, size: u64) -> PathBuf {
    let path = dir.join(format!("sparse-{size}"));
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(size).unwrap();
    path
}

/// The reader every verb uses, at `limit` with a file of `limit` bytes and of `limit + 1`.
fn file_limit(limit: u128) -> Tried {
    let dir = tempfile::tempdir().unwrap();
    let limit = u64::try_from(limit).unwrap();
    let code = |size: u64| -> Vec<String> {
        match opencharacter::fs::read_input(&sparse(dir.path(), size), limit) {
            Ok(bytes) => {
                assert_eq!(bytes.len() as u64, size);
                Vec::new()
            }
            Err(error) => vec![error.diagnostic("x").code.name.to_owned()],
        }
    };
    tried(code(limit), code(limit + 1))
}

/// The codes `validate` gives for the packs under `root` with `limits`.
fn validate(root: &Path, limits: ReadLimits) -> Vec<String> {
    validate_diagnostics(root, limits)
        .iter()
        .map(|d| d.code.name.to_owned())
        .collect()
}

/// The codes reading alone gives (the pack limits are the reader's).
fn read_only(root: &Path) -> Vec<String> {
    read_path(root, &ReadLimits::default())
        .unwrap()
        .all_diagnostics()
        .map(|d| d.code.name.to_owned())
        .collect()
}

fn validate_diagnostics(root: &Path, limits: ReadLimits) -> Vec<opencharacter::Diagnostic> {
    let reading = read_path(root, &limits).unwrap();
    let options = ValidateOptions {
        limits,
        ..ValidateOptions::default()
    };
    validate_reading(reading, &[], &options)
        .reading
        .all_diagnostics()
        .cloned()
        .collect()
}

/// A pack `demo-core` under a new folder, with `files` (path, text) beside its manifest.
fn pack(files: &[(String, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("demo").join("core");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(
        pack.join("pack.yaml"),
        "id: demo-core\nversion: 0.1.0\nspecVersion: 1.6.0\nlicense: CC0-1.0\ndefaultLanguage: en\n",
    )
    .unwrap();
    for (path, text) in files {
        let path = pack.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// An i18n file for `language` with `n` keys that name nothing (each an `i18n-key-unknown`).
fn unknown_keys(language: &str, n: usize) -> (String, String) {
    let mut text = format!("_meta: {{ language: {language}, direction: ltr }}\npack.name: Demo\n");
    for i in 0..n {
        text.push_str(&format!("field.f{i}.label: F\n"));
    }
    (format!("i18n/{language}.yaml"), text)
}

fn per_file(limit: u128) -> Tried {
    let n = usize::try_from(limit).unwrap();
    let run = |count| {
        let dir = pack(&[unknown_keys("en", count)]);
        validate(dir.path(), ReadLimits::default())
    };
    tried(run(n), run(n + 1))
}

fn per_run(limit: u128) -> Tried {
    // Files of at most PER_FILE keys each, so only the run's bound can be reached.
    let n = usize::try_from(limit).unwrap();
    let files_for = |count: usize| {
        let languages = [
            "en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "fi", "pl", "cs",
        ];
        let mut files = Vec::new();
        let mut left = count;
        for language in languages {
            // Each file well within its own bound.
            let here = left.min(900);
            files.push(unknown_keys(language, here));
            left -= here;
        }
        assert_eq!(left, 0);
        pack(&files)
    };
    let run = |count: usize| validate(files_for(count).path(), ReadLimits::default());
    // The language files give diagnostics of their own (a language without its package, an
    // error, counted apart): the warnings among them and the unknown keys make up the number.
    let own = validate_diagnostics(files_for(0).path(), ReadLimits::default())
        .iter()
        .filter(|d| !d.is_error())
        .count();
    tried(run(n - own), run(n - own + 1))
}

fn formula_codes(text: &str) -> Vec<String> {
    match opencharacter::formula::parse(text) {
        Err(error) => vec![error.code().to_owned()],
        Ok(tree) => {
            let mut roller = opencharacter::formula::SplitMix64::new(7);
            match tree.eval(&opencharacter::formula::MapEnv::default(), &mut roller) {
                Ok(_) => Vec::new(),
                Err(error) => vec![error.kind.code().to_owned()],
            }
        }
    }
}

/// `1+1+…` of exactly `len` bytes (`len` odd).
fn sum_of_ones(len: usize) -> String {
    let mut text = "1".to_owned();
    while text.len() < len {
        text.push_str("+1");
    }
    text
}

fn yaml_codes(text: &str) -> Vec<String> {
    match opencharacter::spec::yaml::Document::parse(text) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .iter()
            .map(|e| e.to_diagnostic().code.name.to_owned())
            .collect(),
    }
}

/// A release of `n` items, each after the first extending the one before: `n - 1` links.
fn extends_chain(links: usize) -> Vec<String> {
    let mut content = serde_json::Map::new();
    content.insert(
        "i0".into(),
        json!({"id": "i0", "type": "thing", "properties": {}}),
    );
    for i in 1..=links {
        content.insert(
            format!("i{i}"),
            json!({"id": format!("i{i}"), "extends": format!("i{}", i - 1), "properties": {}}),
        );
    }
    let release: opencharacter::spec::model::PackRelease = serde_json::from_value(json!({
        "manifest": {"id": "demo", "version": "0.1.0", "specVersion": "1.0.0",
                     "license": "CC0-1.0", "defaultLanguage": "en"},
        "rules": {"contentTypes": {"thing": {}}},
        "content": content,
        "i18n": {"_meta": {"language": "en", "direction": "ltr"}},
        "formulas": {}
    }))
    .unwrap();
    let (_, diagnostics) =
        opencharacter::load_ruleset([&release], &opencharacter::LoadOptions::default());
    diagnostics.iter().map(|d| d.code.name.to_owned()).collect()
}

/// The codes the engine's checks give about `pointer` (the skeleton below is not a whole
/// ruleset: what it lacks is reported elsewhere).
fn ruleset_json(source: &serde_json::Value, bytes: Option<u64>, pointer: &str) -> Vec<String> {
    opencharacter::ruleset_json::check::check_ruleset(source, bytes)
        .iter()
        .filter(|d| d.location.pointer.as_deref() == Some(pointer))
        .map(|d| d.code.name.to_owned())
        .collect()
}

fn engine_ruleset(id: &str, summary: &str) -> serde_json::Value {
    json!({"schemaVersion": 1, "id": id, "version": 1, "name": "x",
           "coverage": {"summary": summary}, "resolution": {"kind": "roll-under"}})
}

/// A language tag of exactly `len` bytes: `en` and distinct variants of five to eight
/// characters (BCP 47: a variant is 5 to 8 alphanumerics, none repeated).
fn tag_of(len: usize) -> String {
    let mut tag = "en".to_owned();
    let mut index = 0;
    while tag.len() < len {
        let room = len - tag.len() - 1;
        // Leave either nothing or room for one more variant (a dash and five characters).
        let take = if room > 8 && room - 8 < 6 {
            5
        } else {
            room.min(8)
        };
        assert!(take >= 5, "no tag of {len} bytes from variants");
        index += 1;
        tag.push('-');
        tag.push_str(&format!("{index:0>take$}"));
    }
    assert_eq!(tag.len(), len);
    tag
}

fn tag_codes(text: &str) -> Vec<String> {
    match text.parse::<opencharacter::i18n::LanguageTag>() {
        Ok(_) => Vec::new(),
        Err(_) => vec!["language-tag-invalid".to_owned()],
    }
}

fn range_codes(text: &str) -> Vec<String> {
    match opencharacter::resolve::VersionRange::parse(text) {
        Ok(_) => Vec::new(),
        Err(_) => vec!["invalid-version-range".to_owned()],
    }
}

/// Tries one row; `None` when it has no probe here.
fn probe(constant: &str, n: u128) -> Option<Tried> {
    let size = |n: u128| usize::try_from(n).unwrap();
    let name = constant.rsplit(": ").next().unwrap();
    let file = constant.split(": ").next().unwrap();
    Some(match (file, name) {
        (_, "MAX_CHARACTER_BYTES" | "MAX_IMPORT_JSON_BYTES" | "MAX_RELEASE_BYTES")
        | (_, "MAX_LANGUAGE_PACK_BYTES" | "MAX_INDEX_BYTES" | "MAX_STATE_BYTES")
        | ("opencharacter-release/src/source/mod.rs", "MAX_FILE_BYTES") => file_limit(n),
        ("opencharacter-release/src/source/mod.rs", "MAX_FOLDER_DEPTH") => {
            // A folder `n` deep inside the pack is read; one `n + 1` deep is not.
            let run = |depth: usize| {
                let folders: Vec<String> = (0..depth).map(|i| format!("d{i}")).collect();
                let dir = pack(&[(
                    format!("content/{}/x.txt", folders[1..].join("/")),
                    String::new(),
                )]);
                read_only(dir.path())
            };
            tried(run(size(n)), run(size(n) + 1))
        }
        (_, "MAX_YAML_BYTES") => {
            // A comment fills the text: nothing to build, only the size to check.
            let text = |len: usize| format!("a: 1\n#{}", "x".repeat(len - 6));
            tried(yaml_codes(&text(size(n))), yaml_codes(&text(size(n) + 1)))
        }
        (_, "MAX_YAML_DEPTH") => {
            let text = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            tried(yaml_codes(&text(size(n))), yaml_codes(&text(size(n) + 1)))
        }
        (_, "MAX_YAML_ALIASES") => {
            let text =
                |aliases: usize| format!("a: &a 1\nb: [{}]\n", vec!["*a"; aliases].join(", "));
            tried(yaml_codes(&text(size(n))), yaml_codes(&text(size(n) + 1)))
        }
        (_, "PER_FILE") => per_file(n),
        (_, "PER_RUN") => per_run(n),
        (_, "MAX_ID_LEN") => {
            let run = |len: usize| {
                let id = "a".repeat(len);
                let dir = pack(&[(
                    "rules/core.yaml".to_owned(),
                    format!("fields:\n  {id}: {{ type: number }}\n"),
                )]);
                validate(dir.path(), ReadLimits::default())
            };
            tried(run(size(n)), run(size(n) + 1))
        }
        ("opencharacter-formula/src/lib.rs", "MAX_LEN") => {
            // `1+1+…` has an odd length: the number itself is odd (10,000 is not), so try the
            // longest odd length within it and the shortest past it.
            let at = if size(n) % 2 == 1 {
                size(n)
            } else {
                size(n) - 1
            };
            tried(
                formula_codes(&sum_of_ones(at)),
                formula_codes(&sum_of_ones(at + 2)),
            )
        }
        ("opencharacter-formula/src/lib.rs", "MAX_DEPTH") => {
            let text = |depth: usize| format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
            tried(
                formula_codes(&text(size(n))),
                formula_codes(&text(size(n) + 1)),
            )
        }
        (_, "MAX_DICE") => tried(
            formula_codes(&format!("{n}d1")),
            formula_codes(&format!("{}d1", n + 1)),
        ),
        (_, "MAX_SIDES") => tried(
            formula_codes(&format!("1d{n}")),
            formula_codes(&format!("1d{}", n + 1)),
        ),
        (_, "MAX_ROLLS") => {
            // Terms of 1,000 dice (the most one term may roll) adding up to `n`, then one more.
            let terms = vec!["1000d1"; size(n) / 1000].join("+");
            tried(
                formula_codes(&terms),
                formula_codes(&format!("{terms}+1d1")),
            )
        }
        (_, "MAX_RANGE_LEN") => {
            // `>=1.0.0` padded with spaces, which a range may hold between its parts.
            let text = |len: usize| format!(">=1.0.0{}", " ".repeat(len - 7));
            tried(range_codes(&text(size(n))), range_codes(&text(size(n) + 1)))
        }
        (_, "MAX_NUMBER") => tried(
            range_codes(&format!("<={n}.0.0")),
            range_codes(&format!("<={}.0.0", n + 1)),
        ),
        (_, "DEFAULT_MAX_EXTENDS_DEPTH") => {
            tried(extends_chain(size(n)), extends_chain(size(n) + 1))
        }
        (_, "MAX_TAG_BYTES") => tried(tag_codes(&tag_of(size(n))), tag_codes(&tag_of(size(n) + 1))),
        ("opencharacter-ruleset-json/src/check.rs", "MAX_FILE_BYTES") => {
            let source = engine_ruleset("tiny", "s");
            let bytes = u64::try_from(n).unwrap();
            tried(
                ruleset_json(&source, Some(bytes), ""),
                ruleset_json(&source, Some(bytes + 1), ""),
            )
        }
        (_, "MAX_ID_CHARS") => tried(
            ruleset_json(&engine_ruleset(&"a".repeat(size(n)), "s"), None, "/id"),
            ruleset_json(&engine_ruleset(&"a".repeat(size(n) + 1), "s"), None, "/id"),
        ),
        (_, "MAX_SUMMARY_CHARS") => tried(
            ruleset_json(
                &engine_ruleset("tiny", &"s".repeat(size(n))),
                None,
                "/coverage/summary",
            ),
            ruleset_json(
                &engine_ruleset("tiny", &"s".repeat(size(n) + 1)),
                None,
                "/coverage/summary",
            ),
        ),
        (_, "MAX_LAYERS") => {
            let run = |count: usize| {
                let mut rules = String::from("layers:\n");
                for i in 0..count {
                    rules.push_str(&format!("  l{i}: {{}}\n"));
                }
                let dir = pack(&[("rules/core.yaml".to_owned(), rules)]);
                validate(dir.path(), ReadLimits::default())
            };
            tried(run(size(n)), run(size(n) + 1))
        }
        _ => return None,
    })
}

#[test]
fn each_limit_accepts_its_number_and_refuses_one_more() {
    let mut problems = Vec::new();
    let mut unprobed = Vec::new();
    for row in table() {
        let Some(found) = probe(&row.constant, row.number) else {
            unprobed.push(row.constant.clone());
            continue;
        };
        let Some(code) = &row.code else {
            problems.push(format!("{}: a probed row needs a code", row.constant));
            continue;
        };
        // The first few codes say enough; a flood would bury the report.
        let few = |codes: &[String]| codes.iter().take(8).cloned().collect::<Vec<_>>();
        if found.at.contains(code) {
            problems.push(format!(
                "{}: at {} gives {code} ({:?})",
                row.constant,
                row.number,
                few(&found.at)
            ));
        }
        if !found.past.contains(code) {
            problems.push(format!(
                "{}: at {} + 1 does not give {code} ({:?})",
                row.constant,
                row.number,
                few(&found.past)
            ));
        }
    }
    let mut excused: Vec<String> = NOT_PROBED.iter().map(|(c, _)| (*c).to_owned()).collect();
    excused.sort();
    unprobed.sort();
    assert_eq!(
        unprobed, excused,
        "NOT_PROBED must list exactly the rows without a probe"
    );
    assert!(problems.is_empty(), "{problems:#?}");
}
