//! `info`: what the plugin says about itself, and its options. The runtime
//! has already refused anything malformed at load; this checks what an
//! author can get wrong while staying within the contract.

use crate::options::{declared_values, invalid_values};
use crate::probe::{describe_error, Context};
use crate::report::{CheckId, Failure};
use crate::view::read_view;
use crate::Findings;
use patience_engine::deal::Deal;
use patience_engine::options::{OptionSpec, OptionValue};
use patience_runtime::GameError;

/// An option name no plugin declares.
const UNKNOWN_OPTION: &str = "no_such_option_from_patience_check";

/// Runs the check; false when not even a game with the default settings
/// starts (then nothing else can be checked).
pub fn check(ctx: &Context, findings: &mut Findings) -> bool {
    let info = &ctx.plugin.info;
    for problem in describe_problems(info, &ctx.config.taken_ids) {
        findings.fail(CheckId::Info, Failure::new(problem));
    }
    let deal = Deal::Seed(ctx.config.seed);
    if let Err(error) = ctx.start(deal.clone(), Vec::new()) {
        let what = format!("deal {} with the default settings does not start", ctx.config.seed);
        findings.error(CheckId::Info, Failure::new(what), &error);
        return false;
    }
    let mut started = 0;
    for spec in &info.options {
        started += check_declared_values(ctx, spec, findings);
        check_invalid_values(ctx, spec, findings);
    }
    match ctx.start(deal, vec![(UNKNOWN_OPTION.to_string(), OptionValue::Flag(true))]) {
        Err(GameError::Refused(_)) => {}
        Ok(_) => findings.fail(
            CheckId::Info,
            Failure::new(format!(
                "`start` accepted the undeclared option `{UNKNOWN_OPTION}`: refuse options you do not declare, so a typo in a rule set is reported instead of ignored"
            )),
        ),
        Err(error) => findings.error(CheckId::Info, Failure::new("`start` with an undeclared option"), &error),
    }
    let options = info.options.len();
    findings.get(CheckId::Info).covered = format!(
        "id, name, version, summary and rules read; {options} option{}, {started} declared value{} started a game; undeclared options and bad values tried",
        plural(options),
        plural(started)
    );
    true
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// What is wrong with the plugin's description of itself.
fn describe_problems(info: &patience_engine::Info, taken_ids: &[(String, String)]) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some((_, owner)) = taken_ids.iter().find(|(id, _)| *id == info.id) {
        problems.push(format!(
            "the id `{}` is already taken by {owner}: the host keeps the first plugin with an id and refuses this one; choose another id",
            info.id
        ));
    }
    if !is_semantic_version(&info.version) {
        problems.push(format!("the version `{}` is not MAJOR.MINOR.PATCH (e.g. 1.0.0)", info.version));
    }
    if info.summary.trim().is_empty() {
        problems.push("the summary is empty: it is the one line shown in menus and `patience list`".into());
    }
    if info.rules.trim().is_empty() {
        problems.push("the rules text is empty: players read it in the app's rules window".into());
    }
    for spec in &info.options {
        if spec.help.trim().is_empty() {
            problems.push(format!("option `{}` has no help text", spec.name));
        }
    }
    problems
}

/// `1.0.0`, `0.3.12-beta.1`.
fn is_semantic_version(version: &str) -> bool {
    let core = version.split(['-', '+']).next().unwrap_or("");
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3 && parts.iter().all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
}

/// Starts a game with each declared value of `spec`; returns how many started.
fn check_declared_values(ctx: &Context, spec: &OptionSpec, findings: &mut Findings) -> usize {
    let mut started = 0;
    for value in declared_values(spec) {
        let settings = vec![(spec.name.clone(), value.clone())];
        let result = ctx.start(Deal::Seed(ctx.config.seed), settings).and_then(|mut game| read_view(ctx, &mut game));
        match result {
            Ok(_) => started += 1,
            Err(error) => {
                let what = format!("option `{}` declares the value {value}, but a game with it fails", spec.name);
                let mut failure = Failure::new(what);
                failure.place.deal = Some(crate::report::DealRef::Seed(ctx.config.seed));
                failure.place.settings = vec![format!("{}={value}", spec.name)];
                findings.error(CheckId::Info, failure, &error);
            }
        }
    }
    started
}

fn check_invalid_values(ctx: &Context, spec: &OptionSpec, findings: &mut Findings) {
    for (value, why) in invalid_values(spec) {
        let settings = vec![(spec.name.clone(), value.clone())];
        match ctx.start(Deal::Seed(ctx.config.seed), settings) {
            Err(GameError::Refused(_)) => {}
            Ok(_) => findings.fail(
                CheckId::Info,
                Failure::new(format!("`start` accepted {value} for option `{}` ({why}): refuse values the option does not allow", spec.name)),
            ),
            Err(error) => findings.fail(
                CheckId::Info,
                Failure::new(format!("`start` with {value} for option `{}` ({why}) should be refused, but {}", spec.name, describe_error(&error))),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_semantic() {
        assert!(is_semantic_version("1.0.0"));
        assert!(is_semantic_version("0.12.3-beta.1"));
        assert!(!is_semantic_version("1.0"));
        assert!(!is_semantic_version("v1.0.0"));
        assert!(!is_semantic_version(""));
    }

    #[test]
    fn problems_name_the_field() {
        let info = patience_engine::Info {
            id: "relaxed".into(),
            name: "Mine".into(),
            version: "1".into(),
            summary: " ".into(),
            rules: "Rules".into(),
            options: vec![OptionSpec::flag("wrap", false, "")],
        };
        let taken = vec![("relaxed".to_string(), "the bundled plugin relaxed.wasm".to_string())];
        let problems = describe_problems(&info, &taken).join("\n");
        assert!(problems.contains("`relaxed` is already taken by the bundled plugin"), "{problems}");
        assert!(problems.contains("version `1`"), "{problems}");
        assert!(problems.contains("summary is empty"), "{problems}");
        assert!(problems.contains("option `wrap` has no help"), "{problems}");
        assert!(!problems.contains("rules text"), "{problems}");
    }
}
