//! # patience-plugin-build: from a plugin crate to a component
//!
//! Used by the build scripts that embed the bundled plugins and the test
//! fixtures ([`embed_plugins`]: which crates, by the [`Embed`] marker in
//! their manifests, each with the Variants menu group its manifest names),
//! and by plugin authors' tooling. Two steps, no external tools:
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

/// Which build embeds a plugin crate, as its manifest says:
///
/// ```toml
/// [package.metadata.patience]
/// embed = "bundled"   # or "fixture"
/// ```
///
/// A crate without the marker is embedded by nothing, whatever its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Embed {
    /// Shipped inside the `patience` binary (`host/bundled`).
    Bundled,
    /// A misbehaving plugin for the sandbox tests (`tests`).
    Fixture,
}

impl Embed {
    pub const ALL: [Embed; 2] = [Embed::Bundled, Embed::Fixture];

    /// The value of `embed` in the manifest.
    pub fn marker(self) -> &'static str {
        match self {
            Embed::Bundled => "bundled",
            Embed::Fixture => "fixture",
        }
    }
}

/// A plugin crate found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PluginCrate {
    /// The package name, e.g. `patience-variant-classic`.
    pub package: String,
    pub dir: PathBuf,
    /// The group of the Variants menu its manifest puts it in
    /// (`[package.metadata.patience] group`), if it names one.
    pub group: Option<String>,
}

impl PluginCrate {
    /// The file cargo writes for this crate's cdylib.
    pub fn module_file(&self) -> String {
        format!("{}.wasm", self.package.replace('-', "_"))
    }

    /// The embedded component's file name: the crate's directory name,
    /// `classic.wasm` for `variants/classic`.
    pub fn component_file(&self) -> String {
        format!("{}.wasm", self.dir.file_name().unwrap_or_default().to_string_lossy())
    }
}

/// Every crate in a direct subdirectory of `dir` whose manifest carries the
/// marker `embed`, sorted by package name. A marker with a value this
/// crate does not know is an error, not a crate silently left out.
pub fn find_plugin_crates(dir: &Path, embed: Embed) -> Result<Vec<PluginCrate>> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let crate_dir = entry?.path();
        let manifest_path = crate_dir.join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest_path) else { continue };
        let marked = embed_marker(&text).with_context(|| format!("reading {}", manifest_path.display()))?;
        if marked == Some(embed) {
            let package = package_name(&text).with_context(|| format!("{} names no package", manifest_path.display()))?;
            let group = menu_group(&text).with_context(|| format!("reading {}", manifest_path.display()))?;
            found.push(PluginCrate { package, dir: crate_dir, group });
        }
    }
    found.sort_by(|a, b| a.package.cmp(&b.package));
    Ok(found)
}

/// The `[package.metadata.patience] embed` marker of a manifest, if any.
pub fn embed_marker(manifest: &str) -> Result<Option<Embed>> {
    let table: toml::Table = toml::from_str(manifest).context("not a valid Cargo.toml")?;
    let marker = table.get("package").and_then(|package| package.get("metadata")?.get("patience")?.get("embed"));
    let Some(value) = marker else { return Ok(None) };
    let known = Embed::ALL.iter().map(|e| format!("\"{}\"", e.marker())).collect::<Vec<_>>().join(" or ");
    match Embed::ALL.into_iter().find(|embed| value.as_str() == Some(embed.marker())) {
        Some(embed) => Ok(Some(embed)),
        None => bail!("[package.metadata.patience] embed = {value} is not {known}"),
    }
}

/// The `[package.metadata.patience] group` of a manifest: the group of the
/// app's Variants menu the plugin is listed under (`"Pyramid family"`), if
/// it names one. Anything but a string is an error, not a group dropped.
pub fn menu_group(manifest: &str) -> Result<Option<String>> {
    let table: toml::Table = toml::from_str(manifest).context("not a valid Cargo.toml")?;
    let group = table.get("package").and_then(|package| package.get("metadata")?.get("patience")?.get("group"));
    match group {
        None => Ok(None),
        Some(toml::Value::String(name)) if !name.trim().is_empty() => Ok(Some(name.clone())),
        Some(other) => bail!("[package.metadata.patience] group = {other} is not the name of a group (a non-empty string)"),
    }
}

/// `[workspace.metadata.patience] groups` of the workspace manifest: the
/// Variants menu's groups in the order the menu shows them (a group not
/// named there follows, in the order its first plugin comes).
pub fn group_order(workspace_manifest: &str) -> Result<Vec<String>> {
    let table: toml::Table = toml::from_str(workspace_manifest).context("not a valid Cargo.toml")?;
    let groups = table.get("workspace").and_then(|workspace| workspace.get("metadata")?.get("patience")?.get("groups"));
    let Some(groups) = groups else { return Ok(Vec::new()) };
    let names = groups.as_array().and_then(|list| list.iter().map(|name| name.as_str().map(str::to_string)).collect::<Option<Vec<_>>>());
    names.with_context(|| format!("[workspace.metadata.patience] groups = {groups} is not a list of group names"))
}

/// The `name` of the `[package]` table of a manifest.
pub fn package_name(manifest: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(manifest).ok()?;
    Some(table.get("package")?.get("name")?.as_str()?.to_string())
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

/// One component built for embedding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// `classic.wasm`.
    pub file_name: String,
    pub path: PathBuf,
    /// Its crate's menu group ([`PluginCrate::group`]).
    pub group: Option<String>,
}

/// Builds every crate under `crates_dir` marked `embed`, componentizes each
/// into `out_dir/<directory name>.wasm` and returns what it built.
pub fn build_all_for_embedding(workspace: &Path, crates_dir: &Path, embed: Embed, out_dir: &Path) -> Result<Vec<Built>> {
    ensure_wasm_target_installed()?;
    let plugins = find_plugin_crates(crates_dir, embed)?;
    let target_dir = nested_target_dir(out_dir, &workspace.join("target"), "plugins");
    let packages: Vec<&str> = plugins.iter().map(|p| p.package.as_str()).collect();
    let modules_dir = build_modules(workspace, &packages, "plugin", &target_dir)?;
    let mut built = Vec::new();
    for plugin in &plugins {
        let module_path = modules_dir.join(plugin.module_file());
        let module = fs::read(&module_path).with_context(|| format!("reading {}", module_path.display()))?;
        let component = componentize(&module).with_context(|| format!("turning {} into a component", plugin.package))?;
        let file_name = plugin.component_file();
        let path = out_dir.join(&file_name);
        fs::write(&path, component)?;
        built.push(Built { file_name, path, group: plugin.group.clone() });
    }
    Ok(built)
}

/// The Rust table a build script writes for `include!`: `OUT_DIR/<file>`
/// holding `<declaration> = &[<entry>, …];`, one entry a plugin.
pub struct Table {
    /// e.g. `bundled.rs`.
    pub file: &'static str,
    /// e.g. `pub static BUNDLED: &[BundledPlugin]`.
    pub declaration: &'static str,
    /// One entry from the file name, the bytes and the menu group, each
    /// given as a Rust expression (`"classic.wasm"`, `include_bytes!("…")`,
    /// `Some("Seed variants")` or `None`).
    pub entry: fn(file_name: &str, bytes: &str, group: &str) -> String,
    /// Also write `<groups>: &[&str] = &[…];`, the workspace's menu groups
    /// in order ([`group_order`]), under this declaration.
    pub groups: Option<&'static str>,
}

/// The whole build script of a crate that embeds plugins: builds every
/// crate under `crates_dir` (relative to the workspace root) marked
/// `embed` and writes `table`. Asks cargo to run it again when the SDK, the
/// plugin crates, the lock file or the workspace manifest change. A failure
/// ends the build with one sentence (`cargo::error=`), not a backtrace:
/// this is what a new user sees first.
pub fn embed_plugins(crates_dir: &str, embed: Embed, table: Table) {
    if let Err(error) = try_embed_plugins(crates_dir, embed, &table) {
        println!("cargo::error={error:#}");
        std::process::exit(1);
    }
}

fn try_embed_plugins(crates_dir: &str, embed: Embed, table: &Table) -> Result<()> {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").context("CARGO_MANIFEST_DIR is set by cargo")?);
    let out_dir = PathBuf::from(env::var("OUT_DIR").context("OUT_DIR is set by cargo")?);
    let workspace = workspace_root(&manifest_dir)?;
    for watched in ["engine", crates_dir, "Cargo.lock", "Cargo.toml"] {
        println!("cargo::rerun-if-changed={}", workspace.join(watched).display());
    }
    let built = build_all_for_embedding(&workspace, &workspace.join(crates_dir), embed, &out_dir)?;
    let entries: String = built
        .iter()
        .map(|built| {
            let bytes = format!("include_bytes!({:?})", built.path.display().to_string());
            let group = built.group.as_ref().map_or_else(|| "None".to_string(), |group| format!("Some({group:?})"));
            format!("    {},\n", (table.entry)(&format!("{:?}", built.file_name), &bytes, &group))
        })
        .collect();
    let mut text = format!("{} = &[\n{entries}];\n", table.declaration);
    if let Some(declaration) = table.groups {
        let manifest_path = workspace.join("Cargo.toml");
        let manifest = fs::read_to_string(&manifest_path).with_context(|| format!("reading {}", manifest_path.display()))?;
        let groups = group_order(&manifest).with_context(|| format!("reading {}", manifest_path.display()))?;
        text.push_str(&format!("{declaration} = &{groups:?};\n"));
    }
    let path = out_dir.join(table.file);
    fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
}

/// The nearest directory at or above `dir` whose `Cargo.toml` has a
/// `[workspace]` table.
pub fn workspace_root(dir: &Path) -> Result<PathBuf> {
    for candidate in dir.ancestors() {
        let Ok(text) = fs::read_to_string(candidate.join("Cargo.toml")) else { continue };
        if toml::from_str::<toml::Table>(&text).is_ok_and(|table| table.contains_key("workspace")) {
            return Ok(candidate.canonicalize()?);
        }
    }
    bail!("no workspace Cargo.toml above {}", dir.display())
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

    /// A crate directory `name` under `root` with `manifest`.
    fn write_crate(root: &Path, name: &str, manifest: &str) {
        fs::create_dir_all(root.join(name)).unwrap();
        fs::write(root.join(name).join("Cargo.toml"), manifest).unwrap();
    }

    #[test]
    fn plugins_are_chosen_by_their_marker_not_their_name() {
        let root = env::temp_dir().join(format!("plugin-build-marker-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let marked = |name: &str, embed: &str| format!("[package]\nname = \"{name}\"\n\n[package.metadata.patience]\nembed = \"{embed}\"\n");
        write_crate(&root, "classic", &marked("patience-variant-classic", "bundled"));
        write_crate(&root, "golf", &marked("anything-at-all", "bundled"));
        write_crate(&root, "hostile", &marked("patience-fixture-hostile", "fixture"));
        // Named like a plugin but not marked: a library the plugins share.
        write_crate(&root, "pairs", "[package]\nname = \"patience-variant-pairs\"\n");
        fs::create_dir_all(root.join("no-crate")).unwrap();

        let names = |embed| -> Vec<(String, String)> {
            find_plugin_crates(&root, embed).unwrap().iter().map(|p| (p.package.clone(), p.component_file())).collect()
        };
        let pair = |package: &str, file: &str| (package.to_string(), file.to_string());
        assert_eq!(names(Embed::Bundled), [pair("anything-at-all", "golf.wasm"), pair("patience-variant-classic", "classic.wasm")]);
        assert_eq!(names(Embed::Fixture), [pair("patience-fixture-hostile", "hostile.wasm")]);

        let grouped = format!("{}group = \"Seed variants\"\n", marked("patience-variant-grouped", "fixture"));
        write_crate(&root, "grouped", &grouped);
        let groups: Vec<Option<String>> = find_plugin_crates(&root, Embed::Fixture).unwrap().into_iter().map(|p| p.group).collect();
        assert_eq!(groups, [None, Some("Seed variants".to_string())], "hostile, then grouped");

        write_crate(&root, "typo", &marked("patience-variant-typo", "bundle"));
        let error = format!("{:#}", find_plugin_crates(&root, Embed::Bundled).unwrap_err());
        assert!(error.contains("typo") && error.contains("embed = \"bundle\" is not \"bundled\" or \"fixture\""), "{error}");
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_menu_group_is_a_name_and_the_workspace_orders_the_groups() {
        let metadata = |value: &str| format!("[package]\nname = \"x\"\n\n[package.metadata.patience]\nembed = \"bundled\"\ngroup = {value}\n");
        assert_eq!(menu_group(&metadata("\"Pyramid family\"")).unwrap().as_deref(), Some("Pyramid family"));
        assert_eq!(menu_group("[package]\nname = \"x\"\n").unwrap(), None);
        for wrong in ["3", "\"  \"", "[\"a\"]"] {
            let error = format!("{:#}", menu_group(&metadata(wrong)).unwrap_err());
            assert!(error.contains("is not the name of a group"), "{wrong}: {error}");
        }
        let workspace = "[workspace]\nmembers = []\n\n[workspace.metadata.patience]\ngroups = [\"Seed variants\", \"Pyramid family\"]\n";
        assert_eq!(group_order(workspace).unwrap(), ["Seed variants", "Pyramid family"]);
        assert!(group_order("[workspace]\n").unwrap().is_empty());
        let error = format!("{:#}", group_order("[workspace.metadata.patience]\ngroups = \"Seed variants\"\n").unwrap_err());
        assert!(error.contains("is not a list of group names"), "{error}");
    }

    #[test]
    fn the_marker_is_read_from_the_package_metadata_only() {
        assert_eq!(embed_marker("[package]\nname = \"x\"\n").unwrap(), None);
        assert_eq!(embed_marker("[package.metadata.patience]\nembed = \"fixture\"\n").unwrap(), Some(Embed::Fixture));
        assert_eq!(embed_marker("[workspace.metadata.patience]\nembed = \"bundled\"\n").unwrap(), None);
        assert!(embed_marker("[package]\nname = ").is_err());
    }
}
