//! Imports the Marinara engine's two example rulesets (`ember-roads.json`, `gravewatch.json`)
//! from a folder that has them, and checks what the importer promises of them. Their prose is their
//! authors', so the imports are not committed: run this on a machine that has the corpus.
//!
//! ```text
//! cargo run --example import_marinara -- ../shared/corpus/marinara [OUT]
//! ```
//!
//! Writes `OUT/ember-roads/core` and `OUT/gravewatch/core` (default: a temporary folder) with
//! each pack's `core.import.md` beside it, then checks: each pack validates clean; a second
//! import gives identical files; with `long_night` on, Gravewatch's 3-crown guard pistol costs 15
//! shillings and the ladder is the layer's pool ladder; with `hard_winter` on, Ember Roads'
//! ladder, guidance and knack hiding are the layer's; a character sheet of each evaluates; each
//! pack builds (its `dist/`, and the aggregate in `OUT/dist`).
//! Exits 1 when a check fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use opencharacter::layers::apply_layers;
use opencharacter::layers::economy::{PriceDisplay, price_display};
use opencharacter::release::build::{BuildOptions, build_paths};
use opencharacter::release::validate::{ValidateOptions, validate_paths};
use opencharacter::ruleset_json::{Import, ImportOptions, import_ruleset};
use opencharacter::sheet::{EvaluateOptions, evaluate};
use opencharacter::spec::ids::QualifiedFieldId;
use opencharacter::spec::model::{Character, Ruleset};

type Checked = Result<(), String>;

fn import(corpus: &Path, game: &str) -> Result<Import, String> {
    let path = corpus.join(format!("{game}.json"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let source = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let manifest = corpus.join("ruleset-5e-2014/manifest.json");
    let manifest = std::fs::read_to_string(manifest)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok());
    let options = ImportOptions {
        source_bytes: Some(text.len() as u64),
        pack_id: Some(format!("{game}-core")),
        manifest,
        locales: Vec::new(),
    };
    Ok(import_ruleset(&source, &options))
}

fn write(pack: &Path, files: &BTreeMap<String, String>) -> Checked {
    if pack.exists() {
        std::fs::remove_dir_all(pack).map_err(|e| e.to_string())?;
    }
    for (path, text) in files {
        let target = pack.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        std::fs::write(&target, text).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn check(ok: bool, what: &str) -> Checked {
    println!("  [{}] {what}", if ok { "ok" } else { "FAILED" });
    if ok { Ok(()) } else { Err(what.to_owned()) }
}

fn game(corpus: &Path, out: &Path, game: &str) -> Result<Ruleset, String> {
    println!("== {game}");
    let first = import(corpus, game)?;
    let pack = out.join(game).join("core");
    write(&pack, &first.files)?;
    std::fs::write(out.join(game).join("core.import.md"), first.report_text())
        .map_err(|e| e.to_string())?;
    let gates = first
        .diagnostics
        .iter()
        .filter(|d| d.code.name == "ruleset-json-capability")
        .count();
    println!(
        "  {} files, {} things not mapped, {gates} gates above the 5e manifest's Capability API, {} engine errors",
        first.files.len(),
        first.report.len(),
        first.diagnostics.iter().filter(|d| d.is_error()).count()
    );
    let second = import(corpus, game)?;
    let mut bytes_again = true;
    for (path, text) in &second.files {
        bytes_again &= std::fs::read_to_string(pack.join(path)).ok().as_ref() == Some(text);
    }
    check(
        first.files == second.files && bytes_again,
        "re-importing gives identical files",
    )?;
    let validation =
        validate_paths(&[pack], &[], &ValidateOptions::default()).map_err(|e| e.to_string())?;
    let found: Vec<String> = validation
        .reading
        .all_diagnostics()
        .map(|d| d.message())
        .collect();
    for message in &found {
        println!("    {message}");
    }
    check(found.is_empty(), "the pack validates clean")?;
    let options = BuildOptions {
        validate: ValidateOptions::default(),
        out: Some(out.join("dist")),
    };
    let build = build_paths(&[out.join(game)], &[], &options).map_err(|e| e.to_string())?;
    check(
        !build.has_errors() && !build.write_failed && build.built.len() == 1,
        "the pack builds clean (dist/ written)",
    )?;
    validation
        .rulesets
        .into_iter()
        .next()
        .flatten()
        .ok_or_else(|| "the pack did not load".to_owned())
}

fn id<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("`{text}` is no ID"))
}

fn gravewatch(ruleset: &Ruleset) -> Checked {
    let layer_id: QualifiedFieldId = id("gravewatch-core:long_night")?;
    let (effective, report) = apply_layers(ruleset, std::slice::from_ref(&layer_id));
    check(report.not_applied.is_empty(), "long_night applies whole")?;
    let pistol = id("gravewatch-core:kit.watch-pistol")?;
    let price = match price_display(&effective, &pistol) {
        Some(PriceDisplay::Price(price)) => format!("{} {}", price.amount, price.unit),
        other => format!("{other:?}"),
    };
    check(
        price == "15 gravewatch-core:shilling",
        &format!("with long_night, the 3-crown watch pistol costs {price}"),
    )?;
    let ladder = effective
        .resolution
        .as_ref()
        .map(|r| &r.resolution.difficulty_ladder);
    let layer = ruleset.layers.get(&layer_id);
    check(
        ladder.is_some() && ladder == layer.and_then(|l| l.difficulty_ladder.as_ref()),
        "with long_night, the ladder is the layer's pool ladder",
    )?;
    let character: Character = serde_json::from_value(serde_json::json!({
        "packs": {"gravewatch-core": ruleset.packs[0].version.to_string()},
        "fields": {"gravewatch-core:abilities.nerve": 3, "gravewatch-core:watch": "dawn",
                   "gravewatch-core:skills.listen.tier": "rating_2"}
    }))
    .map_err(|e| e.to_string())?;
    let sheet = evaluate(&effective, &character, &EvaluateOptions::default());
    let listen = sheet.integer("gravewatch-core:skills.listen");
    let resolve = sheet.integer("gravewatch-core:resolve_max");
    println!(
        "  sheet: Listen {listen:?}, Resolve maximum {resolve:?}, {} issues",
        sheet.issues.len()
    );
    check(
        sheet.issues.is_empty() && listen == Some(5),
        "a Gravewatch sheet evaluates",
    )
}

fn ember_roads(ruleset: &Ruleset) -> Checked {
    let layer_id: QualifiedFieldId = id("ember-roads-core:hard_winter")?;
    let (effective, report) = apply_layers(ruleset, std::slice::from_ref(&layer_id));
    check(report.not_applied.is_empty(), "hard_winter applies whole")?;
    let layer = ruleset.layers.get(&layer_id).ok_or("no hard_winter")?;
    let ladder = effective
        .resolution
        .as_ref()
        .map(|r| &r.resolution.difficulty_ladder);
    check(
        ladder.is_some() && ladder == layer.difficulty_ladder.as_ref(),
        "with hard_winter, the ladder is the layer's",
    )?;
    let guidance = layer.gm.as_ref().and_then(|gm| gm.guidance.clone());
    let last = effective
        .gm
        .check_guidance
        .last()
        .map(|part| part.text.clone());
    check(
        guidance.is_some() && last == guidance,
        "with hard_winter, the guidance ends with the layer's",
    )?;
    let hidden: Vec<String> = effective
        .withdrawn
        .content
        .iter()
        .map(ToString::to_string)
        .collect();
    println!("  hidden knacks: {hidden:?}");
    check(
        !hidden.is_empty()
            && hidden
                .iter()
                .all(|item| item.starts_with("ember-roads-core:knacks.")),
        "with hard_winter, knacks costing Grit are hidden",
    )?;
    let character: Character = serde_json::from_value(serde_json::json!({
        "packs": {"ember-roads-core": ruleset.packs[0].version.to_string()},
        "fields": {"ember-roads-core:abilities.brawn": 2, "ember-roads-core:toughness": 3,
                   "ember-roads-core:skills.scrap.tier": "trained"}
    }))
    .map_err(|e| e.to_string())?;
    let sheet = evaluate(&effective, &character, &EvaluateOptions::default());
    let scrap = sheet.integer("ember-roads-core:skills.scrap");
    let grit = sheet.integer("ember-roads-core:grit_max");
    println!(
        "  sheet: Scrap {scrap:?}, Grit maximum {grit:?}, {} issues",
        sheet.issues.len()
    );
    check(
        sheet.issues.is_empty() && scrap == Some(3) && grit == Some(9),
        "an Ember Roads sheet evaluates",
    )
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let corpus = PathBuf::from(
        args.next()
            .unwrap_or_else(|| "../shared/corpus/marinara".into()),
    );
    let temporary = tempfile::tempdir();
    let out = match (args.next(), &temporary) {
        (Some(out), _) => PathBuf::from(out),
        (None, Ok(dir)) => dir.path().to_path_buf(),
        (None, Err(error)) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let run = || -> Checked {
        let ember = game(&corpus, &out, "ember-roads")?;
        ember_roads(&ember)?;
        let grave = game(&corpus, &out, "gravewatch")?;
        gravewatch(&grave)
    };
    match run() {
        Ok(()) => {
            println!("all checks passed; packs in {}", out.display());
            ExitCode::SUCCESS
        }
        Err(failed) => {
            eprintln!("failed: {failed}");
            ExitCode::from(1)
        }
    }
}
