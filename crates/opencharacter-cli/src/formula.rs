//! `opencharacter formula '<text>' [--set name=value]... [--seed N] [--format json]`: parse a
//! formula and print its canonical text, JSON tree, references, the kinds of value it can give,
//! its dice folded for the values given (`d6 - 1` for `1d6 + abilities.str.mod` at -1), its value
//! (rolled with the seed when it has dice), and minimum, maximum, mean and exact odds.
//!
//! Exit status: 0 when it parses and evaluates, 1 on a parse or evaluation error (the located
//! message), 2 on a usage error.

use crate::output::say;
use std::process::ExitCode;

use crate::output::Format;
use opencharacter::formula::{
    Bounds, Distribution, EvalError, Expr, MapEnv, MapItem, Number, References, SplitMix64, Value,
    parse,
};

/// Most outcomes listed one by one; a longer distribution prints only its summary.
const MAX_LISTED: usize = 40;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The formula, e.g. 'floor((abilities.str.score - 10) / 2)' or '4d6kh3'.
    text: String,
    /// A field value, `name=value` (`12`, `-7/2`, `1.5`, `true`, or text); `@pack:name=…` for a
    /// qualified name. Repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// A setting value, `id=value`. Repeatable.
    #[arg(long = "setting", value_name = "ID=VALUE")]
    settings: Vec<String>,
    /// Owned content for `has`/`count`, `id` or `id=count`. Repeatable.
    #[arg(long = "own", value_name = "ID[=N]")]
    own: Vec<String>,
    /// A tag an owned item carries, for `total` and `tagged`: `id=tag`. Repeatable.
    #[arg(long = "tag", value_name = "ID=TAG")]
    tags: Vec<String>,
    /// A property of an owned item, for `total`: `id:property=value`. Repeatable.
    #[arg(long = "property", value_name = "ID:PROPERTY=VALUE")]
    properties: Vec<String>,
    /// Seed for the dice roller (SplitMix64); without it, one is drawn from the clock and printed.
    #[arg(long)]
    seed: Option<u64>,
}

/// Reads a command-line value: a number, a boolean, or else a string.
fn value_of(text: &str) -> Value {
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => text
            .parse::<Number>()
            .map_or_else(|_| Value::String(text.to_owned()), Value::Number),
    }
}

fn split(pair: &str, flag: &str) -> Result<(String, String), String> {
    pair.split_once('=')
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .filter(|(k, _)| !k.is_empty())
        .ok_or_else(|| format!("--{flag} takes NAME=VALUE, not `{pair}`"))
}

fn environment(args: &Args) -> Result<MapEnv, String> {
    let mut env = MapEnv::default();
    for pair in &args.set {
        let (name, value) = split(pair, "set")?;
        env.fields.insert(name, value_of(&value));
    }
    for pair in &args.settings {
        let (id, value) = split(pair, "setting")?;
        env.settings.insert(id, value_of(&value));
    }
    for item in &args.own {
        let (id, count) = match item.split_once('=') {
            Some((id, n)) => (
                id.to_owned(),
                n.parse::<i64>()
                    .map_err(|_| format!("--own takes ID or ID=COUNT, not `{item}`"))?,
            ),
            None => (item.clone(), 1),
        };
        env.owned.insert(id, count);
    }
    for pair in &args.tags {
        let (id, tag) = split(pair, "tag")?;
        env.items
            .entry(id)
            .or_insert_with(MapItem::default)
            .tags
            .insert(tag);
    }
    for pair in &args.properties {
        let (key, value) = split(pair, "property")?;
        let (id, property) = key
            .rsplit_once(':')
            .filter(|(id, property)| !id.is_empty() && !property.is_empty())
            .ok_or_else(|| format!("--property takes ID:PROPERTY=VALUE, not `{pair}`"))?;
        env.items
            .entry(id.to_owned())
            .or_insert_with(MapItem::default)
            .properties
            .insert(property.to_owned(), value_of(&value));
    }
    Ok(env)
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

pub fn run(args: &Args) -> ExitCode {
    let env = match environment(args) {
        Ok(env) => env,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let tree = match parse(&args.text) {
        Ok(tree) => tree,
        Err(err) => {
            match crate::output::format() {
                Format::Text => {
                    eprintln!("error[{}]: {err}", err.code());
                    // The line of the fault, bounded: a formula over the length limit is shown
                    // as an excerpt around the fault, never echoed whole (limits.md).
                    let line = args.text.lines().nth(err.line - 1).unwrap_or("");
                    let (shown, column) = opencharacter::formula::excerpt(line, err.column);
                    eprintln!("  {shown}");
                    eprintln!("  {}^", " ".repeat(column.saturating_sub(1)));
                }
                Format::Json => println!(
                    "{}",
                    serde_json::json!({"error": {"code": err.code(), "message": err.to_string(),
                        "offset": err.offset, "line": err.line, "column": err.column}})
                ),
            }
            return ExitCode::from(1);
        }
    };
    let references = tree.references();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let value = tree.eval(&env, &mut SplitMix64::new(seed));
    let odds = tree.analyze(&env);
    let bounds = tree.bounds(&env);
    let folded = tree.fold_dice(&env);
    let report = Report {
        tree: &tree,
        references: &references,
        seed,
        value: &value,
        folded: &folded,
        odds: &odds,
        bounds: &bounds,
    };
    match crate::output::format() {
        Format::Text => print_human(&report),
        Format::Json => print_json(&report),
    }
    if value.is_err() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn approx(n: Number) -> String {
    if n.is_integer() {
        n.to_string()
    } else {
        format!("{n} (≈ {:.4})", n.to_f64())
    }
}

/// Everything the verb prints.
struct Report<'a> {
    tree: &'a Expr,
    references: &'a References,
    seed: u64,
    value: &'a Result<Value, EvalError>,
    folded: &'a Result<Expr, EvalError>,
    odds: &'a Result<Distribution, EvalError>,
    bounds: &'a Result<Bounds, EvalError>,
}

/// A line's label in the `--lang` language, padded so that values line up.
fn label(key: &str) -> String {
    format!("{:<10} ", say(key, &[]))
}

fn print_human(r: &Report<'_>) {
    println!("{}{}", label("f-canonical"), r.tree);
    println!(
        "{}{}",
        label("f-tree"),
        serde_json::to_string(r.tree).unwrap_or_default()
    );
    let list = |set: &std::collections::BTreeSet<String>| {
        set.iter().cloned().collect::<Vec<_>>().join(", ")
    };
    for (key, set) in [
        ("f-fields", &r.references.fields),
        ("f-functions", &r.references.functions),
        ("f-content", &r.references.content),
        ("f-settings", &r.references.settings),
    ] {
        if !set.is_empty() {
            println!("{}{}", label(key), list(set));
        }
    }
    println!("{}{}", label("f-kinds"), r.tree.kinds());
    // The dice to roll for these values: only worth a line when folding changed the text.
    if r.references.dice
        && let Ok(folded) = r.folded
        && folded != r.tree
    {
        println!("{}{folded}", label("f-dice"));
    }
    match r.value {
        Ok(v) if r.references.dice => println!(
            "{}{v} {}",
            label("f-value"),
            say("f-rolled", &[("seed", &r.seed.to_string())])
        ),
        Ok(v) => println!("{}{v}", label("f-value")),
        Err(err) => eprintln!("error[{}]: {err}", err.code()),
    }
    if let Ok(b) = r.bounds {
        println!("{}{}", label("f-min"), approx(b.min));
        println!("{}{}", label("f-max"), approx(b.max));
        match b.mean {
            Some(mean) => println!("{}{}", label("f-mean"), approx(mean)),
            None => println!("{}{}", label("f-mean"), say("f-mean-none", &[])),
        }
    }
    match r.odds {
        Ok(dist) => {
            let count = dist.outcomes().count();
            if r.references.dice && count <= MAX_LISTED {
                println!("{}", say("f-odds", &[]));
                for (v, p) in dist.outcomes() {
                    // A value's Display ignores widths: pad its text, so values line up.
                    println!("  {:>8}  {:>7.3}%  {p}", v.to_string(), p.to_f64() * 100.0);
                }
            }
        }
        Err(err) if r.value.is_ok() => println!(
            "{}{}",
            label("f-odds"),
            say("f-not-computed", &[("error", &err.to_string())])
        ),
        Err(_) => {}
    }
}

fn print_json(r: &Report<'_>) {
    let mut out = serde_json::json!({
        "canonical": r.tree.to_string(),
        "tree": r.tree,
        "references": r.references,
        "kinds": r.tree.kinds().tokens(),
        "seed": r.seed,
    });
    match r.folded {
        Ok(folded) => out["folded"] = serde_json::json!(folded.to_string()),
        Err(err) => {
            out["foldError"] = serde_json::json!({"code": err.code(), "message": err.to_string()});
        }
    }
    match r.value {
        Ok(v) => out["value"] = serde_json::json!(v),
        Err(err) => {
            out["error"] = serde_json::json!({"code": err.code(), "message": err.to_string()});
        }
    }
    if let Ok(b) = r.bounds {
        out["min"] = serde_json::json!(b.min.to_string());
        out["max"] = serde_json::json!(b.max.to_string());
        out["mean"] = serde_json::json!(b.mean.map(|m| m.to_string()));
    }
    match r.odds {
        Ok(dist) => {
            let outcomes: Vec<_> = dist
                .outcomes()
                .map(|(v, p)| {
                    serde_json::json!({"value": v, "probability": p.to_string(), "approx": p.to_f64()})
                })
                .collect();
            out["odds"] = serde_json::json!(outcomes);
        }
        Err(err) => {
            out["oddsError"] = serde_json::json!({"code": err.code(), "message": err.to_string()});
        }
    }
    println!("{out}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_values() {
        assert_eq!(value_of("12"), Value::from(12));
        assert_eq!(
            value_of("-7/2"),
            Value::Number(Number::new(-7, 2).expect("valid"))
        );
        assert_eq!(
            value_of("1.5"),
            Value::Number(Number::new(3, 2).expect("valid"))
        );
        assert_eq!(value_of("true"), Value::Bool(true));
        assert_eq!(value_of("gritty"), Value::String("gritty".into()));
        assert!(split("broken", "set").is_err());
        assert_eq!(
            split("a.b = 3", "set"),
            Ok(("a.b".to_owned(), "3".to_owned()))
        );
    }
}
