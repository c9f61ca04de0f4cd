//! # patience: play, solve and compare solitaire rule plugins
//!
//! The host binary. It never knows which variant it runs: everything
//! variant-specific comes from the plugins through the contract.
//!
//! * `cli`: the command line (clap) — `list`, `show`, `play`, `bench`;
//! * `study_cli`: `solve`, `compare`, `merge`;
//! * `explore_cli`: `explore` (and `merge` of its shards);
//! * `setup`: the runtime, the catalog (bundled + plugins directory) and
//!   resolving `<variant|ruleset.toml>` arguments;
//! * `board_text`: a layout drawn as text;
//! * `author`: `new`, `build` and `check`, for plugin authors.

mod author;
mod bench;
mod board_text;
mod cli;
mod explore_cli;
mod setup;
mod study_cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    quit_quietly_on_closed_pipe();
    let args = cli::Args::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Printing into a pipe whose reader has gone (`patience show … | head`)
/// should end the program quietly, like any Unix tool. Rust ignores SIGPIPE
/// and makes the write fail instead, and `println!` turns that into a panic;
/// the default action simply ends the process.
fn quit_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default is always sound;
    // no handler runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
