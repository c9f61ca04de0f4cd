//! Mutation checks for the solver's pruning rules: each mutation in
//! `tests/mutations.toml` loosens one rule by one case; applied alone to a
//! fresh worktree of `HEAD`, it must make `cargo test` fail. Prints which
//! tests caught each one, and exits with 1 if any was not caught or no
//! longer applies (the code moved: update its `find`).
//!
//! ```sh
//! cargo run --release -p patience-tests --example mutations -- [--only M3]…
//! ```
//!
//! The worktrees build into `target/mutations`, so only the first run is
//! cold. Uncommitted changes are not seen: commit first.

use anyhow::{bail, Context, Result};
use patience_tests::mutations::{list, repository, Mutation};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

enum Outcome {
    Caught(Vec<String>),
    NotCaught,
    DoesNotApply,
}

fn main() -> Result<ExitCode> {
    let root = repository().canonicalize()?;
    let mutations = list(&root)?;
    let only: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--only").collect();
    let target = root.join("target/mutations");
    let mut all_caught = true;
    for mutation in mutations.iter().filter(|m| only.is_empty() || only.iter().any(|o| m.name.starts_with(&format!("{o} ")))) {
        let outcome = check(&root, &target, mutation)?;
        let said = match &outcome {
            Outcome::Caught(tests) => format!("caught by {}", tests.join(", ")),
            Outcome::NotCaught => "NOT CAUGHT".to_string(),
            Outcome::DoesNotApply => "DOES NOT APPLY (its `find` text is not in the file)".to_string(),
        };
        all_caught &= matches!(outcome, Outcome::Caught(_));
        println!("{}: {said}", mutation.name);
    }
    Ok(if all_caught { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// Applies `mutation` to a worktree of HEAD, runs its tests, removes the
/// worktree.
fn check(root: &Path, target: &Path, mutation: &Mutation) -> Result<Outcome> {
    let worktree = std::env::temp_dir().join(format!("patience-mutation-{}", std::process::id()));
    run(Command::new("git").current_dir(root).args(["worktree", "add", "--detach", "--force"]).arg(&worktree).arg("HEAD"))?;
    let outcome = mutate_and_test(&worktree, target, mutation);
    run(Command::new("git").current_dir(root).args(["worktree", "remove", "--force"]).arg(&worktree))?;
    outcome
}

fn mutate_and_test(worktree: &PathBuf, target: &Path, mutation: &Mutation) -> Result<Outcome> {
    let path = worktree.join(&mutation.file);
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    if !text.contains(&mutation.find) {
        return Ok(Outcome::DoesNotApply);
    }
    std::fs::write(&path, text.replacen(&mutation.find, &mutation.replace, 1))?;
    let output = Command::new("cargo")
        .current_dir(worktree)
        .env("CARGO_TARGET_DIR", target)
        .args(["test", "--release", "--no-fail-fast"])
        .args(mutation.tests.split_whitespace())
        .output()?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let failed: Vec<String> = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("test ")?.strip_suffix(" ... FAILED").map(str::to_string))
        .collect();
    if output.status.success() {
        return Ok(Outcome::NotCaught);
    }
    if failed.is_empty() {
        bail!("{}: the tests did not run:\n{}", mutation.name, String::from_utf8_lossy(&output.stderr));
    }
    Ok(Outcome::Caught(failed))
}

fn run(command: &mut Command) -> Result<()> {
    let output = command.output()?;
    if !output.status.success() {
        bail!("{command:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    Ok(())
}
