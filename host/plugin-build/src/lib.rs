//! # patience-plugin-build: from a plugin crate to a component
//!
//! Used by the build scripts that embed the bundled plugins and the test
//! fixtures, and by plugin authors' tooling. Two steps, no external tools:
//!
//! 1. `cargo build --target wasm32-unknown-unknown` of the plugin crates,
//!    in a target directory of their own (a nested cargo sharing the outer
//!    build's target directory would wait forever for its lock), with the
//!    outer build's flags removed from the environment;
//! 2. [`componentize`]: the core module, which carries its WIT world in a
//!    custom section put there by wit-bindgen, becomes a component.

use anyhow::{bail, Context, Result};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Stops with one sentence saying what to install when the wasm target is
/// missing.
pub fn ensure_wasm_target_installed() -> Result<()> {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let output = Command::new(&rustc).args(["--print", "sysroot"]).output().context("running rustc")?;
    let sysroot = String::from_utf8(output.stdout)?.trim().to_string();
    if !Path::new(&sysroot).join("lib/rustlib").join(WASM_TARGET).exists() {
        bail!(
            "the plugins need the {WASM_TARGET} target, which is not installed: run `rustup target add {WASM_TARGET}` and build again"
        );
    }
    Ok(())
}

/// A plugin crate found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PluginCrate {
    /// The package name, e.g. `patience-variant-classic`.
    pub package: String,
    pub dir: PathBuf,
}

impl PluginCrate {
    /// The file cargo writes for this crate's cdylib.
    pub fn module_file(&self) -> String {
        format!("{}.wasm", self.package.replace('-', "_"))
    }
}

/// Every crate in a direct subdirectory of `dir` whose package name starts
/// with `prefix`, sorted by name.
pub fn find_plugin_crates(dir: &Path, prefix: &str) -> Result<Vec<PluginCrate>> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let crate_dir = entry?.path();
        let Ok(text) = fs::read_to_string(crate_dir.join("Cargo.toml")) else { continue };
        if let Some(package) = package_name(&text).filter(|name| name.starts_with(prefix)) {
            found.push(PluginCrate { package, dir: crate_dir });
        }
    }
    found.sort_by(|a, b| a.package.cmp(&b.package));
    Ok(found)
}

/// The `name` of the `[package]` table of a manifest.
pub fn package_name(manifest: &str) -> Option<String> {
    let package = manifest.split("[package]").nth(1)?;
    let table = package.split("\n[").next()?;
    table.lines().find_map(|line| {
        let value = line.trim().strip_prefix("name")?.trim_start().strip_prefix('=')?.trim();
        Some(value.trim_matches('"').to_string())
    })
}

/// Builds `packages` of the workspace (or crate) at `manifest_dir` for the
/// wasm target with cargo `profile`, into `target_dir`. Returns the
/// directory holding the `.wasm` files.
pub fn build_modules(manifest_dir: &Path, packages: &[&str], profile: &str, target_dir: &Path) -> Result<PathBuf> {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(manifest_dir)
        .args(["build", "--profile", profile, "--target", WASM_TARGET])
        .arg("--target-dir")
        .arg(target_dir);
    for package in packages {
        command.args(["-p", package]);
    }
    // The outer build's settings must not leak into the wasm build.
    for variable in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_MAKEFLAGS",
        "MAKEFLAGS",
        "MFLAGS",
    ] {
        command.env_remove(variable);
    }
    let output = command.output().context("running cargo to build the plugins")?;
    if !output.status.success() {
        bail!("building {} for {WASM_TARGET} failed:\n{}", packages.join(", "), String::from_utf8_lossy(&output.stderr));
    }
    let profile_dir = if profile == "dev" { "debug" } else { profile };
    Ok(target_dir.join(WASM_TARGET).join(profile_dir))
}

/// Turns a core module built with the patience SDK into a component.
pub fn componentize(module: &[u8]) -> Result<Vec<u8>> {
    wit_component::ComponentEncoder::default()
        .module(module)
        .context("reading the module's embedded WIT (was it built with the patience SDK's export_variant!?)")?
        .validate(true)
        .encode()
        .context("encoding the component")
}

/// A separate target directory next to the outer build's one, found from a
/// build script's `OUT_DIR`: `<outer target dir>/<name>`.
pub fn nested_target_dir(out_dir: &Path, fallback: &Path, name: &str) -> PathBuf {
    out_dir
        .ancestors()
        .find(|dir| dir.join("CACHEDIR.TAG").exists())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| fallback.to_path_buf())
        .join(name)
}

/// For build scripts: builds every crate under `crates_dir` whose package
/// starts with `prefix`, componentizes each into `out_dir/<short>.wasm`
/// (`short` = package minus `prefix`) and returns `(short file name, path)`.
pub fn build_all_for_embedding(workspace: &Path, crates_dir: &Path, prefix: &str, out_dir: &Path) -> Result<Vec<(String, PathBuf)>> {
    ensure_wasm_target_installed()?;
    let plugins = find_plugin_crates(crates_dir, prefix)?;
    let target_dir = nested_target_dir(out_dir, &workspace.join("target"), "plugins");
    let packages: Vec<&str> = plugins.iter().map(|p| p.package.as_str()).collect();
    let modules_dir = build_modules(workspace, &packages, "plugin", &target_dir)?;
    let mut built = Vec::new();
    for plugin in &plugins {
        let module_path = modules_dir.join(plugin.module_file());
        let module = fs::read(&module_path).with_context(|| format!("reading {}", module_path.display()))?;
        let component = componentize(&module).with_context(|| format!("turning {} into a component", plugin.package))?;
        let file_name = format!("{}.wasm", plugin.package.trim_start_matches(prefix));
        let path = out_dir.join(&file_name);
        fs::write(&path, component)?;
        built.push((file_name, path));
    }
    Ok(built)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names_come_from_the_package_table() {
        let manifest = "[package]\nname = \"patience-variant-x\"\nversion = \"1\"\n\n[dependencies]\nname = \"no\"\n";
        assert_eq!(package_name(manifest).as_deref(), Some("patience-variant-x"));
        assert_eq!(package_name("[workspace]\n"), None);
    }
}
