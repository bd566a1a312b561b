//! The `opencharacter` command: validate and build packs; load, layer, migrate, evaluate and
//! translate what they hold, each verb through the facade's calls an app makes.
//!
//! Exit status: 0 when no errors, 1 when there are errors, 2 for a usage or I/O failure (clap
//! exits with 2 on usage errors by itself).

use clap::{CommandFactory as _, Parser};

mod build;
mod completions;
mod diagnostics;
mod economy;
mod formula;
mod import_ruleset;
mod input;
mod install;
mod lang;
mod layers;
mod load;
mod man;
mod migrate;
mod migrate_jsonl;
mod names;
mod output;
mod packs;
mod pipe;
mod read;
mod sheet;
mod sheet_rolls;
mod show;
mod usage;
mod validate;
mod words;

/// Rules packs for tabletop RPGs: validate and build packs, and inspect what they hold.
#[derive(Debug, Parser)]
#[command(name = "opencharacter", version, about, long_about = None)]
struct Cli {
    /// The language of messages and shown text (BCP 47: `es`, `pt-BR`); without it, the
    /// environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
    #[arg(long, global = true, value_name = "TAG")]
    lang: Option<String>,
    /// When to colour diagnostics: `auto` (on a terminal, unless `NO_COLOR` is set), `always`,
    /// `never`.
    #[arg(long, global = true, value_enum, default_value_t = diagnostics::ColorWhen::Auto, value_name = "WHEN")]
    color: diagnostics::ColorWhen,
    /// `text` (for people, in the `--lang` language; `human` is the same) or `json` (for
    /// programs): every verb takes it (docs/spec/command.md says what each prints).
    #[arg(long, global = true, value_enum, default_value_t = output::Format::Text)]
    format: output::Format,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Check packs without writing anything: every problem, located.
    Validate(validate::Args),
    /// Validate packs and write their releases (`dist/`), the aggregate and the spec's text.
    Build(build::Args),
    /// Load built releases into one ruleset: load order, credits, conflicts, diagnostics.
    Load(load::Args),
    /// Print the text of content, fields or rules items in a language, and which language answered.
    Show(show::Args),
    /// Parse a formula: canonical text, tree, value (seeded dice), minimum, maximum, mean, odds.
    Formula(formula::Args),
    /// Evaluate a character against packs: values, rolls with odds, rules issues.
    Sheet(sheet::Args),
    /// Switch layers on over packs: what each kept layer changes, conflicts, removals not applied.
    Layers(layers::Args),
    /// Prices, a character's purse line and seeded loot rolls under chosen layers.
    Economy(economy::Args),
    /// Import a Marinara engine ruleset JSON as a pack, with a report of what does not map.
    ImportRuleset(import_ruleset::Args),
    /// Install a pack and its language pack from an index into a store; sync, import, roll back.
    Install(install::Args),
    /// Migrate a saved character to the packs' versions: each step applied, then the character.
    Migrate(migrate::Args),
    /// Print the command's shell completions (bash, zsh, fish, elvish, powershell).
    Completions(completions::Args),
    /// Print the command's man page, or write every page into a folder (`--out`).
    Man(man::Args),
    /// Print the spec version this build supports and its feature table.
    Spec,
}

fn main() -> std::process::ExitCode {
    pipe::end_quietly_when_the_reader_goes_away();
    // A usage error is said in the `--lang` language (clap's own words are English).
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage::fail(&error),
    };
    diagnostics::init_color(cli.color);
    output::init(cli.format);
    if let Err(error) = lang::init(cli.lang.as_deref()) {
        eprintln!("error: {error}");
        return std::process::ExitCode::from(2);
    }
    match cli.command {
        Command::Spec => print_spec(cli.format),
        Command::Validate(args) => return validate::run(&args),
        Command::Build(args) => return build::run(&args),
        Command::Load(args) => return load::run(&args),
        Command::Show(args) => return show::run(&args),
        Command::Formula(args) => return formula::run(&args),
        Command::Migrate(args) => return migrate::run(&args),
        Command::Install(args) => return install::run(&args),
        Command::Sheet(args) => return sheet::run(&args),
        Command::Layers(args) => return layers::run(&args),
        Command::Economy(args) => return economy::run(&args),
        Command::ImportRuleset(args) => return import_ruleset::run(&args),
        Command::Completions(args) => return completions::run(&args, Cli::command()),
        Command::Man(args) => return man::run(&args, Cli::command()),
    }
    std::process::ExitCode::SUCCESS
}

fn print_spec(format: output::Format) {
    use opencharacter::spec::features::{Feature, SUPPORTED};
    match format {
        output::Format::Text => {
            println!("spec {SUPPORTED}");
            for feature in Feature::ALL {
                println!(
                    "  {:<20} {}  {}",
                    feature.name(),
                    feature.since(),
                    feature.description()
                );
            }
        }
        output::Format::Json => {
            let features: Vec<_> = Feature::ALL
                .iter()
                .map(|f| serde_json::json!({"feature": f.name(), "since": f.since().to_string()}))
                .collect();
            println!(
                "{}",
                serde_json::json!({"supported": SUPPORTED.to_string(), "features": features})
            );
        }
    }
}
