//! A plugin's declared rule order: which option changes only ever make a
//! deal easier to win (the optional `rule-order` export), checked against
//! its options when it loads, and turned into a "no harder than" relation
//! between rule sets.

use anyhow::{bail, Result};
use patience_engine::options::{OptionSpec, OptionValue};

/// With every other option the same, a deal winnable with
/// `option = harder` is winnable with `option = easier`.
#[derive(Clone, Debug, PartialEq)]
pub struct EasierStep {
    pub option: String,
    pub harder: OptionValue,
    pub easier: OptionValue,
}

/// Checks the declared steps against the plugin's options, and writes each
/// value as the option means it (an alias becomes its choice). Refuses a
/// step naming an undeclared option or a value the option does not take.
pub fn checked(steps: Vec<EasierStep>, specs: &[OptionSpec]) -> Result<Vec<EasierStep>> {
    steps
        .into_iter()
        .map(|step| {
            let Some(spec) = specs.iter().find(|spec| spec.name == step.option) else {
                bail!("the plugin's rule order names option `{}`, which it does not declare", step.option.escape_debug());
            };
            for value in [&step.harder, &step.easier] {
                if let Err(message) = spec.check(value) {
                    bail!("the plugin's rule order is wrong: {message}");
                }
            }
            let (harder, easier) = (spec.normalize(&step.harder), spec.normalize(&step.easier));
            if harder == easier {
                bail!("the plugin's rule order says `{}` = {harder} is easier than itself", spec.name);
            }
            Ok(EasierStep { option: step.option, harder, easier })
        })
        .collect()
}

/// For one option and its values (in any order): `no_harder[a][b]` is true
/// when value `a` is value `b` or, by a chain of declared steps, harder.
pub fn value_order(steps: &[EasierStep], option: &str, values: &[OptionValue]) -> Vec<Vec<bool>> {
    let n = values.len();
    let mut no_harder: Vec<Vec<bool>> = (0..n).map(|a| (0..n).map(|b| a == b).collect()).collect();
    for step in steps.iter().filter(|step| step.option == option) {
        let harder = values.iter().position(|value| *value == step.harder);
        let easier = values.iter().position(|value| *value == step.easier);
        if let (Some(harder), Some(easier)) = (harder, easier) {
            no_harder[harder][easier] = true;
        }
    }
    // Transitive closure (Floyd–Warshall); an option has a handful of values.
    for via in 0..n {
        for a in 0..n {
            if no_harder[a][via] {
                for b in 0..n {
                    if no_harder[via][b] {
                        no_harder[a][b] = true;
                    }
                }
            }
        }
    }
    no_harder
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::options::OptionKind;

    fn passes() -> OptionSpec {
        OptionSpec {
            name: "passes".into(),
            help: String::new(),
            kind: OptionKind::Choice(vec!["1".into(), "2".into(), "unlimited".into()]),
            default: OptionValue::Choice("1".into()),
        }
    }

    fn step(option: &str, harder: &str, easier: &str) -> EasierStep {
        EasierStep { option: option.into(), harder: OptionValue::Choice(harder.into()), easier: OptionValue::Choice(easier.into()) }
    }

    #[test]
    fn steps_chain_into_an_order_and_nothing_else_is_ordered() {
        let values: Vec<OptionValue> = ["1", "2", "unlimited"].map(|v| OptionValue::Choice(v.into())).into();
        let order = value_order(&[step("passes", "1", "2"), step("passes", "2", "unlimited")], "passes", &values);
        assert!(order[0][2], "1 → 2 → unlimited chains");
        assert!(order[1][1], "every value is no harder than itself");
        assert!(!order[2][0] && !order[1][0] && !order[2][1], "no step goes down: {order:?}");
        let unordered = value_order(&[step("passes", "1", "2")], "passes", &values);
        assert!(!unordered[0][2] && !unordered[1][2], "without the second step `unlimited` stands apart");
    }

    #[test]
    fn a_step_on_an_unknown_option_or_value_is_refused_by_name() {
        let error = checked(vec![step("pases", "1", "2")], &[passes()]).unwrap_err().to_string();
        assert!(error.contains("`pases`"), "{error}");
        let error = checked(vec![step("passes", "1", "7")], &[passes()]).unwrap_err().to_string();
        assert!(error.contains("passes") && error.contains("7"), "{error}");
        let error = checked(vec![step("passes", "2", "2")], &[passes()]).unwrap_err().to_string();
        assert!(error.contains("easier than itself"), "{error}");
        assert_eq!(checked(vec![step("passes", "1", "2")], &[passes()]).unwrap().len(), 1);
    }
}
