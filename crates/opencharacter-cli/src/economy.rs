//! `opencharacter economy --packs PATH... [--on ID,...] [--price ID]... [--purse CHARACTER]
//! [--loot TABLE --seed N]`: what the layers crate computes for a game's economy, under chosen
//! layers: an item's price in the currencies the layers leave (a withdrawn coin re-expressed in
//! the largest remaining coin of its family that pays it exactly; no price when its family is
//! gone), a character's purse line (largest coin first; coins a layer withdrew kept apart), and
//! a loot table's seeded roll (the same seed gives the same drops everywhere).
//!
//! The layers are `--on`'s; with `--purse`, the character's game's (its `setup`), and `--on`
//! only for a character whose game chooses none. Amounts are shown with the coins' labels in
//! the `--lang` language. Exit 0 without errors, 1 with errors (a pack's, an unknown layer, an
//! item or table the packs lack), 2 for a path or file that cannot be read.

use opencharacter::spec::diagnostic::Kind;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use opencharacter::i18n::Translator;
use opencharacter::layers::apply_layers;
use opencharacter::layers::economy::{self, Amount, Drop, PriceDisplay};
use opencharacter::spec::diagnostic::has_errors;
use opencharacter::spec::ids::{PackId, QualifiedContentId, QualifiedFieldId};
use opencharacter::spec::model::{Character, Ruleset};
use opencharacter::{Diagnostic, EvaluateOptions};

use crate::names::{Names, labelled, named};
use crate::output::{Format, say};
use crate::packs::{self, PackPaths, Want};
use crate::read;

/// Show prices, a purse line and loot rolls under chosen layers.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    packs: PackPaths,
    /// Layers to switch on (`--on lanternfall-core:flood_tide`); with `--purse`, only for a
    /// character whose game chooses none.
    #[arg(long, value_delimiter = ',', value_name = "ID,ID,...")]
    on: Vec<String>,
    /// An item whose price to show (qualified content ID); repeatable.
    #[arg(long = "price", value_name = "ID")]
    prices: Vec<String>,
    /// A character whose purse line to show, read through its game.
    #[arg(long, value_name = "CHARACTER")]
    purse: Option<PathBuf>,
    /// A loot table to roll (qualified ID).
    #[arg(long, value_name = "TABLE", requires = "seed")]
    loot: Option<String>,
    /// The seed of the loot roll.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
}

/// Runs the command.
pub fn run(args: &Args) -> ExitCode {
    match compute(args) {
        Ok((text, diagnostics)) => crate::output::finish(&text, &diagnostics),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn compute(args: &Args) -> Result<(String, Vec<Diagnostic>), String> {
    let items: Vec<QualifiedContentId> = args
        .prices
        .iter()
        .map(|id| {
            id.parse()
                .map_err(|e| format!("`{id}` is not a qualified content ID: {e}"))
        })
        .collect::<Result<_, String>>()?;
    let table: Option<QualifiedFieldId> = args
        .loot
        .as_ref()
        .map(|id| {
            id.parse()
                .map_err(|e| format!("`{id}` is not a qualified table ID: {e}"))
        })
        .transpose()?;
    // What the verb names is what a store is picked by.
    let mut wanted: Vec<(PackId, Want)> = Vec::new();
    let mut want = |pack: &PackId| {
        if !wanted.iter().any(|(id, _)| id == pack) {
            wanted.push((pack.clone(), Want::Any));
        }
    };
    items.iter().for_each(|item| want(&item.pack));
    table.iter().for_each(|table| want(&table.pack));
    for layer in &args.on {
        if let Ok(layer) = layer.trim().parse::<QualifiedFieldId>() {
            want(&layer.pack);
        }
    }
    let (opened, effective, layers, purse, mut diagnostics) = match &args.purse {
        Some(path) => {
            let character: Character = read::read_character_file(path)?;
            let through = read::through_game(
                &args.packs,
                character,
                None,
                &args.on,
                EvaluateOptions::default(),
            )?;
            let purse = economy::purse_line(&through.effective, &through.read.character);
            (
                through.opened,
                through.effective,
                through.layers,
                Some(purse),
                through.diagnostics,
            )
        }
        None => {
            let opened = packs::open(&args.packs, &wanted)?;
            let layers = read::layer_ids(&opened.ruleset, &args.on)?;
            let (effective, report) = apply_layers(&opened.ruleset, &layers);
            let mut diagnostics = opened.diagnostics.clone();
            diagnostics.extend(report.diagnostics());
            (opened, effective, layers, None, diagnostics)
        }
    };
    let names = Names::of(&opened.packs);
    let translator = names.translator(&effective);
    let names = translator.as_ref();
    let mut out = String::new();
    let mut json = serde_json::Map::new();
    if !has_errors(&diagnostics) {
        prices(
            &effective,
            &items,
            names,
            &mut out,
            &mut json,
            &mut diagnostics,
        );
        if let Some(purse) = &purse {
            purse_lines(purse, names, &mut out, &mut json);
        }
        if let (Some(table), Some(seed)) = (&table, args.seed) {
            loot(
                &effective,
                table,
                seed,
                names,
                &mut out,
                &mut json,
                &mut diagnostics,
            );
        }
    }
    let shown: Vec<String> = layers.iter().map(ToString::to_string).collect();
    let text = match crate::output::format() {
        Format::Text => {
            let mut head = packs::picked_line(&opened)
                .map(|l| l + "\n")
                .unwrap_or_default();
            let layers = if shown.is_empty() {
                say("none-chosen", &[])
            } else {
                shown.join(", ")
            };
            let _ = writeln!(head, "{}", say("layers", &[("layers", &layers)]));
            for diagnostic in &diagnostics {
                head.push_str(&crate::output::diagnostic_lines(diagnostic));
            }
            head + &out
        }
        Format::Json => {
            json.insert("layers".into(), shown.into());
            json.insert(
                "diagnostics".into(),
                crate::output::diagnostics_json(&diagnostics),
            );
            format!("{}\n", serde_json::Value::Object(json))
        }
    };
    Ok((text, diagnostics))
}

/// `3 crowns`: the amount and the coin's label (its ID when it has none).
pub fn amount_text(names: Option<&Translator<'_>>, amount: u64, unit: &QualifiedFieldId) -> String {
    let label = names
        .and_then(|t| t.label("currency", unit))
        .map_or_else(|| unit.to_string(), |l| l.text);
    format!("{amount} {label}")
}

fn amount_json(amount: &Amount) -> serde_json::Value {
    serde_json::json!({"amount": amount.amount, "unit": amount.unit.to_string()})
}

fn prices(
    ruleset: &Ruleset,
    items: &[QualifiedContentId],
    names: Option<&Translator<'_>>,
    out: &mut String,
    json: &mut serde_json::Map<String, serde_json::Value>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut listed = Vec::new();
    for item in items {
        let shown = named(names, item);
        match economy::price_display(ruleset, item) {
            Some(PriceDisplay::Price(amount)) => {
                let price = amount_text(names, amount.amount, &amount.unit);
                let _ = writeln!(
                    out,
                    "{}",
                    say("price", &[("item", &shown), ("price", &price)])
                );
                listed.push(
                    serde_json::json!({"item": item.to_string(), "price": amount_json(&amount)}),
                );
            }
            Some(PriceDisplay::NoPrice) => {
                let _ = writeln!(out, "{}", say("price-none", &[("item", &shown)]));
                listed.push(serde_json::json!({"item": item.to_string(), "price": null}));
            }
            None => diagnostics.push(unknown(item.to_string(), Kind::Content)),
        }
    }
    if !items.is_empty() {
        json.insert("prices".into(), listed.into());
    }
}

fn purse_lines(
    purse: &economy::PurseLine,
    names: Option<&Translator<'_>>,
    out: &mut String,
    json: &mut serde_json::Map<String, serde_json::Value>,
) {
    let coins: Vec<String> = purse
        .coins
        .iter()
        .map(|a| amount_text(names, a.amount, &a.unit))
        .collect();
    if coins.is_empty() {
        let _ = writeln!(out, "{}", say("purse-empty", &[]));
    } else {
        let _ = writeln!(out, "{}", say("purse", &[("coins", &coins.join(", "))]));
    }
    if !purse.withdrawn.is_empty() {
        let kept: Vec<String> = purse
            .withdrawn
            .iter()
            .map(|a| amount_text(names, a.amount, &a.unit))
            .collect();
        let _ = writeln!(
            out,
            "{}",
            say("purse-withdrawn", &[("coins", &kept.join(", "))])
        );
    }
    json.insert(
        "purse".into(),
        serde_json::json!({
            "coins": purse.coins.iter().map(amount_json).collect::<Vec<_>>(),
            "withdrawn": purse.withdrawn.iter().map(amount_json).collect::<Vec<_>>(),
        }),
    );
}

fn loot(
    ruleset: &Ruleset,
    table: &QualifiedFieldId,
    seed: u64,
    names: Option<&Translator<'_>>,
    out: &mut String,
    json: &mut serde_json::Map<String, serde_json::Value>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let drops = match economy::roll_loot(ruleset, table, seed) {
        Ok(drops) => drops,
        Err(economy::LootError::UnknownTable(_)) => {
            diagnostics.push(unknown(table.to_string(), Kind::LootTable));
            return;
        }
        Err(error) => {
            eprintln!("error: {error}");
            diagnostics.push(unknown(table.to_string(), Kind::LootTable));
            return;
        }
    };
    let shown = labelled(names, "lootTable", table);
    let _ = writeln!(
        out,
        "{}",
        say("loot", &[("table", &shown), ("seed", &seed.to_string())])
    );
    let mut listed = Vec::new();
    for drop in &drops {
        match drop {
            Drop::Item { id, count } => {
                let _ = writeln!(out, "  {} ×{count}", named(names, id));
                listed.push(serde_json::json!({"item": id.to_string(), "count": count}));
            }
            Drop::Coins(amount) => {
                let _ = writeln!(out, "  {}", amount_text(names, amount.amount, &amount.unit));
                listed.push(serde_json::json!({"coins": amount_json(amount)}));
            }
        }
    }
    json.insert(
        "loot".into(),
        serde_json::json!({"table": table.to_string(), "seed": seed, "drops": listed}),
    );
}

/// An ID the packs lack, as the resolver reports it.
fn unknown(reference: String, kind: Kind) -> Diagnostic {
    Diagnostic::new(&opencharacter::spec::diagnostic::codes::UNRESOLVED_REFERENCE)
        .with_arg("pack", "(command)")
        .with_kind(kind)
        .with_arg("reference", reference)
}
