//! Evaluating the SRD 5.1 level-3 fighter's whole sheet and the level-5 wizard's (with every
//! roll of its sixteen spells, at every slot level it has), beside only parsing each character
//! file, in the same run: prints the time of each and their ratio.
//!
//! `cargo bench -p opencharacter-sheet` (a plain binary: `harness = false`). The pack is read
//! from its source files once, outside the timing.

#![allow(
    clippy::unwrap_used,
    reason = "a benchmark's panic is its failure report"
)]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use opencharacter_resolve::{LoadOptions, load_ruleset};
use opencharacter_sheet::{EvaluateOptions, Evaluator, evaluate};
use opencharacter_spec::model::{
    Character, ContentItem, I18nFile, Manifest, PackRelease, RulesDocument, Template,
};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    opencharacter_spec::yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn yaml_files(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml") {
                let relative = path.strip_prefix(dir).unwrap().with_extension("");
                let id: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push((id.join("."), path));
            }
        }
    }
    out.sort();
    out
}

fn srd() -> PackRelease {
    let pack = root().join("packs/5e/srd-5.1");
    let mut rules = RulesDocument::default();
    for (_, path) in yaml_files(&pack.join("rules")) {
        rules.merge(read(&path));
    }
    PackRelease {
        schema: None,
        manifest: read::<Manifest>(&pack.join("pack.yaml")),
        rules,
        content: yaml_files(&pack.join("content"))
            .into_iter()
            .map(|(id, path)| (id.parse().unwrap(), read::<ContentItem>(&path)))
            .collect(),
        templates: yaml_files(&pack.join("templates"))
            .into_iter()
            .map(|(id, path)| (id.parse().unwrap(), read::<Template>(&path)))
            .collect(),
        upgrades: Vec::new(),
        i18n: read::<I18nFile>(&pack.join("i18n/en.yaml")),
        formulas: Default::default(),
    }
}

/// The time of one parse, one parse + `evaluate`, one parse + `Evaluator::evaluate`, and one
/// parse + `Evaluator::evaluate` against `plain` (the baseline), each averaged over
/// `rounds × per_round` runs, the four alternating so machine load favours none.
fn measure(
    ruleset: &opencharacter_spec::model::Ruleset,
    evaluators: [&Evaluator<'_>; 2],
    text: &str,
    rounds: u32,
    per_round: u32,
) -> [f64; 4] {
    let options = EvaluateOptions::default();
    let parse = || -> Character { opencharacter_spec::yaml::from_str(black_box(text)).unwrap() };
    let mut times = [Duration::ZERO; 4];
    for _ in 0..rounds {
        let start = Instant::now();
        for _ in 0..per_round {
            black_box(parse());
        }
        times[0] += start.elapsed();

        // `evaluate`: a fresh evaluation, parsing the ruleset's formulas it reads.
        let start = Instant::now();
        for _ in 0..per_round {
            black_box(evaluate(ruleset, &parse(), &options));
        }
        times[1] += start.elapsed();

        // `Evaluator`: formulas parsed once for the ruleset, as an app holding it would; then
        // the same against the baseline ruleset.
        for (evaluator, time) in evaluators.iter().zip(&mut times[2..]) {
            let start = Instant::now();
            for _ in 0..per_round {
                black_box(evaluator.evaluate(&parse(), &options));
            }
            *time += start.elapsed();
        }
    }
    let n = f64::from(rounds * per_round);
    times.map(|t| t.as_secs_f64() / n)
}

fn main() {
    let release = srd();
    let options = LoadOptions {
        check_formulas: false,
        ..LoadOptions::default()
    };
    let (ruleset, _) = load_ruleset([&release], &options);
    let evaluator = Evaluator::new(&ruleset);
    // A baseline in the same run: the pack with its content types' declared rolls and
    // parameters removed, so items roll by the property-name convention alone.
    let mut plain = ruleset.clone();
    for def in plain.content_types.values_mut() {
        def.rolls.clear();
        def.parameters.clear();
    }
    let plain_evaluator = Evaluator::new(&plain);
    let (rounds, per_round) = (10, 20);
    println!(
        "against the SRD 5.1 pack ({} fields, {} content items), {} runs each:",
        ruleset.fields.len(),
        ruleset.content.len(),
        rounds * per_round
    );
    for (name, file) in [
        ("fighter-3", "examples/characters/fighter-3.yaml"),
        (
            "wizard-5 (16 spells, every roll at every slot)",
            "examples/characters/wizard-5.yaml",
        ),
    ] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let character: Character = opencharacter_spec::yaml::from_str(&text).unwrap();
        let sheet = evaluate(&ruleset, &character, &EvaluateOptions::default());
        let item_rolls = sheet.rolls.iter().filter(|r| r.content.is_some()).count();
        let evaluators = [&evaluator, &plain_evaluator];
        let [parse, cold, warm, baseline] = measure(&ruleset, evaluators, &text, rounds, per_round);
        println!(
            "{name}: {} rolls, {item_rolls} of them its items'",
            sheet.rolls.len()
        );
        println!(
            "  parse the character file only                  {:>9.1} µs",
            parse * 1e6
        );
        println!(
            "  parse + evaluate the whole sheet (evaluate)    {:>9.1} µs  ({:.1}× parsing)",
            cold * 1e6,
            cold / parse
        );
        println!(
            "  parse + evaluate, formulas parsed once (Evaluator) {:>5.1} µs  ({:.1}× parsing)",
            warm * 1e6,
            warm / parse
        );
        println!(
            "  the same, items' rolls by the naming convention only {:>5.1} µs  (declared rolls {:.2}× that)",
            baseline * 1e6,
            warm / baseline
        );
    }
}
