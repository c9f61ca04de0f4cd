//! The command line. The forms of `list`, `show` and `play` are a promise to
//! scripts: keep them stable (a new column goes at the end of a line).

use crate::board_text;
use crate::setup::{self, GameArgs, PluginArgs};
use anyhow::{bail, Context, Result};
use patience_compare::winnable::{self, Found};
use patience_engine::deal::Deal;
use std::sync::atomic::AtomicBool;
use clap::{Parser, Subcommand};
use patience_runtime::{notation, savegame, Game, GameError, SavedGame, Session};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "patience", version, about = "Play, solve and compare Pyramid-family solitaires; every rule set is a sandboxed WebAssembly plugin.")]
pub struct Args {
    #[command(flatten)]
    pub plugins: PluginArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop app (also what `patience` with no command does).
    Gui {
        /// Directories with more rule set files (*.toml), joining the
        /// bundled ones; default: `rulesets/` in the working directory and
        /// beside the executable.
        #[arg(long = "rulesets", value_name = "DIR")]
        rule_set_dirs: Vec<std::path::PathBuf>,
    },
    /// One line per variant, then per bundled rule set: id, name, version,
    /// where it was loaded from, and how hard it is (the app's figures).
    List,
    /// Draw the opening layout of a deal as text.
    Show {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        winnable: WinnableArgs,
    },
    /// Apply moves in order, then print the layout, the status and the legal moves.
    Play {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        winnable: WinnableArgs,
        /// Moves separated by commas: `draw`, `recycle`, `Kh`, `6c+7d`.
        #[arg(long, default_value = "")]
        moves: String,
        #[command(flatten)]
        save: SaveArgs,
    },
    /// Continue the autosaved game (of `play`), optionally with more moves.
    Resume {
        /// Moves to play after resuming, separated by commas.
        #[arg(long, default_value = "")]
        moves: String,
        #[command(flatten)]
        save: SaveArgs,
    },
    /// Is the deal winnable? Prints the verdict and a winning line.
    Solve(crate::study_cli::SolveArgs),
    /// Deal the same deals to several rule sets; solve and play each.
    Compare(crate::study_cli::CompareArgs),
    /// One variant under every combination of its options: a row each, and what each option does.
    Explore(crate::explore_cli::ExploreArgs),
    /// Combine `compare` (or `explore`) `--format json --shard I/N` outputs into one result.
    Merge(crate::study_cli::MergeArgs),
    /// Measure plugin call costs and plugin loading (cold and cached).
    Bench(crate::bench::BenchArgs),
    /// Create a plugin crate from a template that builds and passes `check`.
    New(crate::author::NewArgs),
    /// Build a plugin crate into a component `.wasm` (no tools beyond cargo).
    Build(crate::author::BuildArgs),
    /// Check a plugin against everything the host expects; exit status 1 on any failure.
    Check(crate::author::CheckArgs),
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        None => gui(&args.plugins, Vec::new()),
        Some(Command::Gui { rule_set_dirs }) => gui(&args.plugins, rule_set_dirs),
        Some(Command::List) => list(&args.plugins),
        Some(Command::Show { game, winnable }) => show(&args.plugins, &game, &winnable),
        Some(Command::Play { game, winnable, moves, save }) => play(&args.plugins, &game, &winnable, &moves, &save),
        Some(Command::Resume { moves, save }) => resume(&args.plugins, &moves, &save),
        Some(Command::Solve(solve)) => crate::study_cli::solve(&args.plugins, &solve),
        Some(Command::Compare(compare)) => crate::study_cli::compare(&args.plugins, &compare),
        Some(Command::Explore(explore)) => crate::explore_cli::explore(&args.plugins, &explore),
        Some(Command::Merge(merge)) => crate::explore_cli::merge(&merge),
        Some(Command::Bench(bench)) => crate::bench::run(&args.plugins, &bench),
        Some(Command::New(new)) => crate::author::new(&new),
        Some(Command::Build(build)) => crate::author::build(&args.plugins, &build),
        Some(Command::Check(check)) => crate::author::check(&args.plugins, &check),
    }
}

fn gui(plugin_args: &PluginArgs, mut rule_set_dirs: Vec<std::path::PathBuf>) -> Result<ExitCode> {
    let runtime = setup::runtime(plugin_args)?;
    let plugin_dirs = setup::plugin_dirs(plugin_args);
    let catalog = setup::load_catalog(&runtime, &plugin_dirs);
    if rule_set_dirs.is_empty() {
        rule_set_dirs.push("rulesets".into());
        if let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(|d| d.join("rulesets"))) {
            rule_set_dirs.push(dir);
        }
    }
    patience_gui::run_watching(runtime, catalog, setup::menu_groups(), rule_set_dirs, plugin_dirs)?;
    Ok(ExitCode::SUCCESS)
}

/// Each plugin (its default rules), then each bundled rule set: `id  name
/// version  source  difficulty`, in columns. The difficulty is the line
/// the app's menu shows, from the figures built into the binary.
fn list(plugin_args: &PluginArgs) -> Result<ExitCode> {
    let catalog = setup::catalog(plugin_args)?;
    let (rule_sets, problems) = setup::bundled_rule_sets(&catalog);
    for problem in problems {
        eprintln!("warning: {problem}");
    }
    let (difficulty, unread) = patience_gui::Difficulty::bundled(&catalog);
    for problem in unread {
        eprintln!("warning: {problem}");
    }
    let mut rows: Vec<[String; 5]> = Vec::new();
    for plugin in catalog.plugins() {
        let info = &plugin.info;
        let figures = difficulty.figures(&patience_runtime::RuleSet::defaults(&info.id), &catalog);
        rows.push([info.id.clone(), info.name.clone(), info.version.clone(), plugin.source.to_string(), patience_gui::difficulty_line(figures.as_ref())]);
    }
    for rule_set in &rule_sets {
        let Some(plugin) = catalog.find(&rule_set.plugin) else { continue };
        let id = rule_set.id.clone().unwrap_or_default();
        let figures = difficulty.figures(rule_set, &catalog);
        let source = format!("bundled ({id}.toml)");
        rows.push([id, rule_set.name.clone(), plugin.info.version.clone(), source, patience_gui::difficulty_line(figures.as_ref())]);
    }
    let width = |column: usize| rows.iter().map(|row| row[column].chars().count()).max().unwrap_or(0);
    let (id_width, name_width, source_width) = (width(0), width(1), width(3));
    for [id, name, version, source, difficulty] in rows {
        println!("{id:id_width$}  {name:name_width$}  {version:8}  {source:source_width$}  {difficulty}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `--winnable`: deal a deal the solver proves winnable.
#[derive(clap::Args, Debug, Clone)]
pub struct WinnableArgs {
    /// Deal the first deal number from `--seed` (default 1) on that the
    /// solver proves winnable, and print which it is.
    #[arg(long, conflicts_with = "deck")]
    winnable: bool,
}

/// A started game and how it was named, for headers.
struct Started {
    session: Session,
    title: String,
}

fn start(plugin_args: &PluginArgs, args: &GameArgs, winnable: &WinnableArgs) -> Result<Started> {
    let catalog = setup::catalog_with(plugin_args, &[&args.target])?;
    let (rule_set, plugin) = args.rule_set(&catalog)?;
    let mut deal = args.deal()?;
    if winnable.winnable {
        deal = winnable_deal(plugin, &rule_set, args.seed.unwrap_or(setup::DEFAULT_SEED))?;
    }
    let settings = rule_set.settings_summary();
    let is_file = rule_set.path.is_some() || rule_set.id.is_some();
    let name = rule_set.name.clone();
    let session = Session::start(plugin, rule_set, deal.clone())
        .with_context(|| format!("cannot start {}", plugin.info.id))?;
    let mut title = format!("{} {} — {}", plugin.info.name, plugin.info.version, setup::describe_deal(&deal));
    if is_file {
        title.push_str(&format!(" — rule set {name}"));
    }
    if !settings.is_empty() {
        title.push_str(&format!(" — {settings}"));
    }
    Ok(Started { session, title })
}

/// The first deal from `from` on that the solver proves winnable, said on
/// a line of its own.
fn winnable_deal(plugin: &std::sync::Arc<patience_runtime::LoadedPlugin>, rule_set: &patience_runtime::RuleSet, from: u64) -> Result<Deal> {
    let never = AtomicBool::new(false);
    match winnable::next_winnable(plugin, &rule_set.options, from, winnable::MAX_TRIES, &never, &|_| ())? {
        Found::Deal { number, tried } => {
            let others = if tried == 1 { "the first one tried".to_string() } else { format!("the {} deals before it were not", tried - 1) };
            println!("winnable deal: {number} (proven winnable by the solver; {others})");
            Ok(Deal::Seed(number))
        }
        Found::Nothing { tried } => {
            bail!("none of the {tried} deals from {from} on is proven winnable by the solver under these rules")
        }
        Found::Cancelled => bail!("the search for a winnable deal was cancelled"),
    }
}

fn print_position(game: &mut Game) -> Result<()> {
    let layout = game.layout()?;
    print!("{}", board_text::board(&layout));
    let hud = game.hud()?;
    if !hud.is_empty() {
        println!("{}", board_text::hud(&hud));
    }
    println!("status: {}", board_text::status(&game.status()?));
    Ok(())
}

fn show(plugin_args: &PluginArgs, args: &GameArgs, winnable: &WinnableArgs) -> Result<ExitCode> {
    let Started { mut session, title } = start(plugin_args, args, winnable)?;
    println!("{title}\n");
    print_position(session.game())?;
    Ok(ExitCode::SUCCESS)
}

/// Where `play` and `resume` keep the game between runs.
#[derive(clap::Args, Debug, Clone)]
pub struct SaveArgs {
    /// The save file (default: `autosave.toml` in the data directory,
    /// `$PATIENCE_DATA_DIR` or `~/.local/share/patience`).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Do not save the game.
    #[arg(long, conflicts_with = "save")]
    no_save: bool,
}

impl SaveArgs {
    fn path(&self) -> Option<PathBuf> {
        if self.no_save {
            return None;
        }
        Some(self.save.clone().unwrap_or_else(savegame::default_autosave_path))
    }
}

fn play(plugin_args: &PluginArgs, args: &GameArgs, winnable: &WinnableArgs, moves: &str, save: &SaveArgs) -> Result<ExitCode> {
    let Started { mut session, title } = start(plugin_args, args, winnable)?;
    println!("{title}\n");
    session.autosave_to(save.path());
    play_moves(&mut session, moves)
}

fn resume(plugin_args: &PluginArgs, moves: &str, save: &SaveArgs) -> Result<ExitCode> {
    let Some(path) = save.path() else { anyhow::bail!("--no-save leaves nothing to resume") };
    let Some(saved) = SavedGame::read(&path)? else {
        anyhow::bail!("there is no saved game at {}", path.display());
    };
    let catalog = setup::catalog(plugin_args)?;
    let (bundled, _) = setup::bundled_rule_sets(&catalog);
    let resumed = saved.resume_among(&catalog, &bundled)?;
    let mut session = resumed.session;
    println!(
        "{} {} — {} — resumed after {} moves\n",
        session.plugin().info.name,
        session.plugin().info.version,
        setup::describe_deal(&session.deal),
        session.move_log().len()
    );
    if let Some(notice) = resumed.notice {
        eprintln!("note: {notice}");
    }
    session.autosave_to(Some(path));
    play_moves(&mut session, moves)
}

/// Plays `moves` in order, printing each, then the position and the legal
/// moves. An illegal move stops with an error naming it and why.
fn play_moves(session: &mut Session, moves: &str) -> Result<ExitCode> {
    let first = session.move_log().len();
    for (index, text) in notation::split_moves(moves).into_iter().enumerate() {
        let number = first + index + 1;
        match session.play(text) {
            Ok((played, status)) => {
                let outcome = board_text::status(&status);
                println!("{number:3}. {:10} {}  → {outcome}", played.notation, played.label);
            }
            Err(GameError::IllegalMove { notation, reason }) => {
                anyhow::bail!("move {number} `{notation}` is illegal: {reason}");
            }
            Err(other) => return Err(other).with_context(|| format!("move {number} `{text}`")),
        }
        if let Some(problem) = session.autosave_error() {
            eprintln!("warning: the game could not be saved: {problem}");
        }
    }
    println!();
    let game = session.game();
    print_position(game)?;
    let moves = game.moves()?;
    println!("legal moves ({}):", moves.len());
    for legal in moves {
        println!("{}", legal.notation);
    }
    Ok(ExitCode::SUCCESS)
}
