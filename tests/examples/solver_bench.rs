//! The solver benchmark: for every bundled rule set (`rulesets/*.toml`) and
//! every bundled plugin's defaults, the same deals solved in wasm (the
//! bundled plugin, under the app's default limits, one instance reused as
//! `compare` does) and natively (the same crate compiled for this machine),
//! one core. Prints a markdown table: ms per deal (mean, p99, max), the
//! wasm/native ratio, positions per deal, unknowns, winnable % and the
//! memory the wasm instance grew to.
//!
//! ```sh
//! cargo run --release -p patience-tests --example solver_bench -- [--deals N] [--from S]
//!     [--budget B] [--optimal] [--only NAME]… [--native]
//!     [--heaviest N] [--all-combinations [--verdicts FILE]]
//! ```
//!
//! `--optimal` runs the shortest-line search (pair games only); `--only`
//! keeps the rows whose name contains NAME (`--only =NAME`: the row named
//! exactly NAME); `--native` leaves out the wasm
//! arm (for trying a change to the solver: positions and verdicts are the
//! same in both, and the native arm builds in seconds). `--heaviest N`
//! names, after the table, each row's N deals that took the most
//! positions and their share of the row's: where a mean is a few deals'.
//!
//! `--all-combinations` instead solves every combination of the options of
//! the pair games (classic, relaxed, draw-three; `--only` picks among
//! them), which is what `explore` runs, and prints the slowest ten and how
//! many are over 10 ms a deal; `--verdicts FILE` writes each combination's
//! verdict (and shortest-line length) deal by deal, for `diff` between
//! two builds.

use patience_engine::deal::Deal;
use patience_engine::options::{OptionKind, OptionValue};
use patience_engine::solver::Verdict;
use patience_engine::Search;
use patience_runtime::{Catalog, Game, RuleSet};
use patience_tests::catalog;
use patience_variant_classic::Classic;
use patience_variant_draw_three::DrawThree;
use patience_variant_relaxed::Relaxed;
use patience_variant_speedpyramid::SpeedPyramid;
use clap::Parser;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Parser)]
#[command(about = "The solver benchmark: every bundled rule set and plugin, the same deals in wasm and natively")]
struct Settings {
    /// How many deals each row solves.
    #[arg(long, default_value = "2000", value_parser = count)]
    deals: u64,
    /// The first deal.
    #[arg(long, default_value = "1", value_parser = count)]
    from: u64,
    /// Positions a deal may take (the host's default budget).
    #[arg(long, default_value_t = DEFAULT_BUDGET, value_parser = count)]
    budget: u64,
    /// The shortest-line search (pair games only).
    #[arg(long)]
    optimal: bool,
    /// Keep the rows whose name contains NAME (`=NAME`: the row named NAME).
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// Leave out the wasm arm.
    #[arg(long = "native")]
    native_only: bool,
    /// Name each row's N deals that took the most positions.
    #[arg(long, default_value = "0", value_name = "N")]
    heaviest: usize,
    /// Every combination of the pair games' options instead of the rows.
    #[arg(long)]
    all_combinations: bool,
    /// With `--all-combinations`: write each combination's verdicts here.
    #[arg(long, value_name = "FILE")]
    verdicts: Option<PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let settings = settings_from_args();
    let catalog = catalog();
    if settings.all_combinations {
        return all_combinations(catalog, &settings);
    }
    let mut rows = Vec::new();
    for plugin in catalog.plugins() {
        rows.push(RuleSet {
            name: format!("{} (defaults)", plugin.info.id),
            description: None,
            plugin: plugin.info.id.clone(),
            options: Vec::new(),
            path: None,
            id: None,
            group: None,
        });
    }
    for path in rule_set_files()? {
        rows.push(RuleSet::load(&path, catalog)?);
    }
    rows.retain(|rule_set| settings.only.is_empty() || settings.only.iter().any(|part| names(part, &rule_set.name)));
    if settings.optimal {
        rows.retain(|rule_set| rule_set.plugin != "speedpyramid");
    }
    println!(
        "deals {}–{}, budget {} positions{}, one core\n",
        settings.from,
        settings.from + settings.deals - 1,
        settings.budget,
        if settings.optimal { ", shortest lines" } else { "" }
    );
    println!("| rule set | wasm ms/deal mean · p99 · max | native ms/deal mean | wasm/native | positions/deal mean · max | unknown | winnable | wasm memory |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut heaviest = String::new();
    for rule_set in &rows {
        let native = natively(rule_set, &settings);
        if settings.heaviest > 0 {
            heaviest.push_str(&heaviest_deals(rule_set, &native, &settings));
        }
        if settings.native_only {
            let unknown = native.verdicts.iter().filter(|&&verdict| verdict == Verdict::Unknown).count();
            let won = native.verdicts.iter().filter(|&&verdict| verdict == Verdict::Winnable).count();
            println!(
                "| {} | – | {:.3} · {:.1} · {:.0} | – | {:.0} · {} | {} | {:.1}% | – |",
                rule_set.name,
                native.mean_ms(),
                native.percentile_ms(0.99),
                native.percentile_ms(1.0),
                native.positions as f64 / settings.deals as f64,
                native.most_positions,
                unknown,
                won as f64 * 100.0 / settings.deals as f64,
            );
            continue;
        }
        let wasm = in_wasm(catalog, rule_set, &settings)?;
        let ratio = wasm.mean_ms() / native.mean_ms();
        warn_if_verdicts_differ(rule_set, settings.from, &wasm, &native);
        let unknown = wasm.verdicts.iter().filter(|&&verdict| verdict == Verdict::Unknown).count();
        let won = wasm.verdicts.iter().filter(|&&verdict| verdict == Verdict::Winnable).count();
        println!(
            "| {} | {:.3} · {:.1} · {:.0} | {:.3} | {:.2}× | {:.0} · {} | {} | {:.1}% | {} MiB |",
            rule_set.name,
            wasm.mean_ms(),
            wasm.percentile_ms(0.99),
            wasm.percentile_ms(1.0),
            native.mean_ms(),
            ratio,
            wasm.positions as f64 / settings.deals as f64,
            wasm.most_positions,
            unknown,
            won as f64 * 100.0 / settings.deals as f64,
            wasm.memory_bytes >> 20,
        );
    }
    print!("{heaviest}");
    Ok(())
}

/// `--heaviest`: the row's deals that took the most positions (natively;
/// the wasm arm's are the same), with their verdicts and shares.
fn heaviest_deals(rule_set: &RuleSet, run: &Run, settings: &Settings) -> String {
    let mut deals: Vec<(u64, u64, Verdict)> =
        (settings.from..).zip(&run.positions_by_deal).zip(&run.verdicts).map(|((deal, &n), &v)| (deal, n, v)).collect();
    deals.sort_by_key(|&(deal, positions, _)| (std::cmp::Reverse(positions), deal));
    let share = |positions: u64| positions as f64 * 100.0 / run.positions.max(1) as f64;
    let listed: Vec<String> = deals
        .iter()
        .take(settings.heaviest)
        .map(|&(deal, positions, verdict)| format!("deal {deal} ({verdict:?}, {positions} positions, {:.1}%)", share(positions)))
        .collect();
    let together: u64 = deals.iter().take(settings.heaviest).map(|&(_, positions, _)| positions).sum();
    format!("\n{}: {} — {:.1}% of the row's positions together\n", rule_set.name, listed.join(", "), share(together))
}

/// Names each deal (from `from` on) where the two arms' verdicts differ:
/// the same crate must decide a deal the same way in and out of the sandbox.
fn warn_if_verdicts_differ(rule_set: &RuleSet, from: u64, wasm: &Run, native: &Run) {
    if wasm.verdicts == native.verdicts {
        return;
    }
    eprintln!("\nwarning: {}: wasm and native verdicts differ", rule_set.name);
    for ((deal, in_wasm), natively) in (from..).zip(&wasm.verdicts).zip(&native.verdicts) {
        if in_wasm != natively {
            eprintln!("  deal {deal}: wasm {in_wasm:?}, native {natively:?}");
        }
    }
}

/// The pair games, whose every option combination `explore` can ask for.
const PAIR_GAMES: [&str; 3] = ["classic", "relaxed", "draw-three"];

/// Above this mean a combination is over the bar of the performance issue.
const BAR_MS: f64 = 10.0;

/// `--all-combinations`: every combination of each pair game's options,
/// solved natively and (without `--native`) in wasm; the slowest ten by
/// the wasm mean (the native one with `--native`).
fn all_combinations(catalog: &Catalog, settings: &Settings) -> anyhow::Result<()> {
    let mut rows: Vec<(RuleSet, Run, Option<Run>)> = Vec::new();
    let mut verdict_lines = String::new();
    let plugins = PAIR_GAMES.iter().filter(|id| settings.only.is_empty() || settings.only.iter().any(|part| id.contains(part.as_str())));
    for &id in plugins {
        let plugin = catalog.find(id).expect("a bundled pair game");
        let combinations = combinations_of(&plugin.info.options);
        for (index, options) in combinations.iter().enumerate() {
            let name = options.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join(", ");
            let rule_set = RuleSet {
                name: format!("{id}: {name}"),
                description: None,
                plugin: id.to_string(),
                options: options.clone(),
                path: None,
                id: None,
                group: None,
            };
            eprint!("\r{id} {}/{}   ", index + 1, combinations.len());
            let native = natively(&rule_set, settings);
            let wasm = if settings.native_only { None } else { Some(in_wasm(catalog, &rule_set, settings)?) };
            if let Some(wasm) = &wasm {
                warn_if_verdicts_differ(&rule_set, settings.from, wasm, &native);
            }
            for (deal, (verdict, length)) in (settings.from..).zip(native.verdicts.iter().zip(&native.lengths)) {
                verdict_lines.push_str(&format!("{}\t{deal}\t{verdict:?}\t{length}\n", rule_set.name));
            }
            rows.push((rule_set, native, wasm));
        }
    }
    eprintln!();
    let measured = |(_, native, wasm): &(RuleSet, Run, Option<Run>)| wasm.as_ref().unwrap_or(native).mean_ms();
    rows.sort_by(|a, b| measured(b).total_cmp(&measured(a)));
    let over = rows.iter().filter(|row| measured(row) > BAR_MS).count();
    let arm = if settings.native_only { "native" } else { "wasm" };
    println!(
        "deals {}–{}, budget {} positions{}, one core: {} combinations, {over} over {BAR_MS} ms a deal ({arm})\n",
        settings.from,
        settings.from + settings.deals - 1,
        settings.budget,
        if settings.optimal { ", shortest lines" } else { "" },
        rows.len(),
    );
    println!("| combination | wasm ms/deal mean · p99 · max | native ms/deal mean | wasm/native | positions/deal mean · max | unknown | winnable |");
    println!("|---|---|---|---|---|---|---|");
    for (rule_set, native, wasm) in rows.iter().take(10) {
        let shown = wasm.as_ref().unwrap_or(native);
        let unknown = shown.verdicts.iter().filter(|&&verdict| verdict == Verdict::Unknown).count();
        let won = shown.verdicts.iter().filter(|&&verdict| verdict == Verdict::Winnable).count();
        let (wasm_ms, ratio) = match wasm {
            Some(wasm) => (
                format!("{:.3} · {:.1} · {:.0}", wasm.mean_ms(), wasm.percentile_ms(0.99), wasm.percentile_ms(1.0)),
                format!("{:.2}×", wasm.mean_ms() / native.mean_ms()),
            ),
            None => ("–".to_string(), "–".to_string()),
        };
        println!(
            "| {} | {wasm_ms} | {:.3} | {ratio} | {:.0} · {} | {unknown} | {:.1}% |",
            rule_set.name,
            native.mean_ms(),
            shown.positions as f64 / settings.deals as f64,
            shown.most_positions,
            won as f64 * 100.0 / settings.deals as f64,
        );
    }
    if let Some(path) = &settings.verdicts {
        std::fs::write(path, verdict_lines)?;
    }
    Ok(())
}

/// Every combination of the values of `specs` (flags both ways, every
/// choice; a number keeps its default), the first option varying slowest.
fn combinations_of(specs: &[patience_engine::options::OptionSpec]) -> Vec<Vec<(String, OptionValue)>> {
    let mut combinations: Vec<Vec<(String, OptionValue)>> = vec![Vec::new()];
    for spec in specs {
        let values: Vec<OptionValue> = match &spec.kind {
            OptionKind::Flag => vec![OptionValue::Flag(false), OptionValue::Flag(true)],
            OptionKind::Choice(_) => spec.choices().into_iter().map(|choice| OptionValue::Choice(choice.to_string())).collect(),
            OptionKind::Int { .. } => vec![spec.default.clone()],
        };
        combinations = combinations
            .into_iter()
            .flat_map(|combination| {
                values.iter().map(move |value| {
                    let mut grown = combination.clone();
                    grown.push((spec.name.clone(), value.clone()));
                    grown
                })
            })
            .collect();
    }
    combinations
}

/// What solving the deals of one rule set took.
#[derive(Default)]
struct Run {
    millis: Vec<f64>,
    verdicts: Vec<Verdict>,
    /// Each deal's line length (0 when not won).
    lengths: Vec<usize>,
    positions: u64,
    positions_by_deal: Vec<u64>,
    most_positions: u64,
    memory_bytes: usize,
}

impl Run {
    fn add(&mut self, millis: f64, verdict: Verdict, positions: u64, length: usize) {
        self.millis.push(millis);
        self.lengths.push(length);
        self.verdicts.push(verdict);
        self.positions += positions;
        self.positions_by_deal.push(positions);
        self.most_positions = self.most_positions.max(positions);
    }

    fn mean_ms(&self) -> f64 {
        self.millis.iter().sum::<f64>() / self.millis.len().max(1) as f64
    }

    fn percentile_ms(&self, share: f64) -> f64 {
        let mut sorted = self.millis.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(((sorted.len().max(1) - 1) as f64 * share) as usize).copied().unwrap_or(0.0)
    }
}

fn in_wasm(catalog: &Catalog, rule_set: &RuleSet, settings: &Settings) -> anyhow::Result<Run> {
    let plugin = catalog.find(&rule_set.plugin).expect("a bundled plugin");
    let mut run = Run::default();
    let mut game = Game::start(plugin, &Deal::Seed(settings.from), &rule_set.options)?;
    for seed in settings.from..settings.from + settings.deals {
        game.start_again(&Deal::Seed(seed), &rule_set.options)?;
        let began = Instant::now();
        let solution = game.solve(settings.budget, settings.optimal)?;
        run.add(began.elapsed().as_secs_f64() * 1e3, solution.verdict, solution.nodes, solution.line.len());
    }
    run.memory_bytes = game.memory_bytes();
    Ok(run)
}

fn natively(rule_set: &RuleSet, settings: &Settings) -> Run {
    match rule_set.plugin.as_str() {
        "classic" => natively_as::<Classic>(&rule_set.options, settings),
        "relaxed" => natively_as::<Relaxed>(&rule_set.options, settings),
        "draw-three" => natively_as::<DrawThree>(&rule_set.options, settings),
        "speedpyramid" => natively_as::<SpeedPyramid>(&rule_set.options, settings),
        "apophis" => natively_as::<patience_variant_apophis::Game>(&rule_set.options, settings),
        "cheops" => natively_as::<patience_variant_cheops::Game>(&rule_set.options, settings),
        "double-pyramid" => natively_as::<patience_variant_double_pyramid::Game>(&rule_set.options, settings),
        "eleven-triangle" => natively_as::<patience_variant_eleven_triangle::Game>(&rule_set.options, settings),
        "giza" => natively_as::<patience_variant_giza::Game>(&rule_set.options, settings),
        "king-tut" => natively_as::<patience_variant_king_tut::Game>(&rule_set.options, settings),
        "pharaohs" => natively_as::<patience_variant_pharaohs::Game>(&rule_set.options, settings),
        "pyramid-dozen" => natively_as::<patience_variant_pyramid_dozen::Game>(&rule_set.options, settings),
        "treize" => natively_as::<patience_variant_treize::Game>(&rule_set.options, settings),
        "triangle" => natively_as::<patience_variant_triangle::Game>(&rule_set.options, settings),
        "two-pyramids" => natively_as::<patience_variant_two_pyramids::Game>(&rule_set.options, settings),
        "up-and-down" => natively_as::<patience_variant_up_and_down::Game>(&rule_set.options, settings),
        "yield" => natively_as::<patience_variant_yield::Game>(&rule_set.options, settings),
        "tripeaks" => natively_as::<patience_variant_tripeaks::TriPeaks>(&rule_set.options, settings),
        "thirteens" => natively_as::<patience_variant_thirteens::Game>(&rule_set.options, settings),
        "elevens" => natively_as::<patience_variant_elevens::Game>(&rule_set.options, settings),
        "elevens-too" => natively_as::<patience_variant_elevens_too::Game>(&rule_set.options, settings),
        "suit-elevens" => natively_as::<patience_variant_suit_elevens::Game>(&rule_set.options, settings),
        "tens" => natively_as::<patience_variant_tens::Game>(&rule_set.options, settings),
        "nines" => natively_as::<patience_variant_nines::Game>(&rule_set.options, settings),
        "fifteens" => natively_as::<patience_variant_fifteens::Game>(&rule_set.options, settings),
        "eighteens" => natively_as::<patience_variant_eighteens::Game>(&rule_set.options, settings),
        "the-lucky-number" => natively_as::<patience_variant_the_lucky_number::Game>(&rule_set.options, settings),
        "eight-cards" => natively_as::<patience_variant_eight_cards::Game>(&rule_set.options, settings),
        "neptune" => natively_as::<patience_variant_neptune::Game>(&rule_set.options, settings),
        "hurricane" => natively_as::<patience_variant_hurricane::Game>(&rule_set.options, settings),
        "ides-of-march" => natively_as::<patience_variant_ides_of_march::Game>(&rule_set.options, settings),
        "exit" => natively_as::<patience_variant_exit::Game>(&rule_set.options, settings),
        "relaxed-exit" => natively_as::<patience_variant_relaxed_exit::Game>(&rule_set.options, settings),
        "baroness" => natively_as::<patience_variant_baroness::Game>(&rule_set.options, settings),
        "triple-alliance" => natively_as::<patience_variant_triple_alliance::Game>(&rule_set.options, settings),
        "triple-alliance-2-decks" => natively_as::<patience_variant_triple_alliance_2_decks::Game>(&rule_set.options, settings),
        other => panic!("no native build of `{other}` in this benchmark"),
    }
}

fn natively_as<V: Search>(options: &[(String, OptionValue)], settings: &Settings) -> Run {
    let mut run = Run::default();
    for seed in settings.from..settings.from + settings.deals {
        let game = patience_engine::game::Game::<V>::start(&Deal::Seed(seed), options).expect("a seed deals");
        let began = Instant::now();
        let solution = game.solve(settings.budget, settings.optimal);
        run.add(began.elapsed().as_secs_f64() * 1e3, solution.verdict, solution.nodes, solution.line.len());
    }
    run
}

fn rule_set_files() -> anyhow::Result<Vec<PathBuf>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|path| path.extension().is_some_and(|extension| extension == "toml"));
    files.sort();
    Ok(files)
}

/// Whether `--only`'s `part` picks the row `name`: a part of it, or with a
/// leading `=` the whole name.
fn names(part: &str, name: &str) -> bool {
    match part.strip_prefix('=') {
        Some(exact) => name == exact,
        None => name.contains(part),
    }
}

fn settings_from_args() -> Settings {
    let mut settings = Settings::parse();
    settings.deals = settings.deals.max(1);
    settings
}

/// A count written with or without `_` between its digits (`20_000_000`).
fn count(text: &str) -> Result<u64, String> {
    text.replace('_', "").parse().map_err(|_| format!("`{text}` is not a number"))
}

/// The host's default budget (`patience solve`, `compare`, the app).
const DEFAULT_BUDGET: u64 = patience_runtime::SOLVE_BUDGET;
