//! Option values to try: every declared value, random mixes of them for the
//! playouts, and values a plugin must refuse.

use patience_engine::deal::DealRng;
use patience_engine::options::{OptionKind, OptionSpec, OptionValue};

/// Every value worth starting a game with: both flags, the ends and the
/// default of a range, every choice.
pub fn declared_values(spec: &OptionSpec) -> Vec<OptionValue> {
    let mut values = match &spec.kind {
        OptionKind::Flag => vec![OptionValue::Flag(false), OptionValue::Flag(true)],
        OptionKind::Int { min, max } => vec![OptionValue::Int(*min), spec.default.clone(), OptionValue::Int(*max)],
        OptionKind::Choice(_) => spec.choices().into_iter().map(|c| OptionValue::Choice(c.to_string())).collect(),
    };
    values.dedup();
    values
}

/// Values of the wrong kind or out of range, each with why it is wrong.
pub fn invalid_values(spec: &OptionSpec) -> Vec<(OptionValue, &'static str)> {
    let mut values = Vec::new();
    match &spec.kind {
        OptionKind::Flag => values.push((OptionValue::Int(1), "an integer for a flag")),
        OptionKind::Int { max, .. } => {
            values.push((OptionValue::Flag(true), "a flag for an integer"));
            if let Some(above) = max.checked_add(1) {
                values.push((OptionValue::Int(above), "an integer above the maximum"));
            }
        }
        OptionKind::Choice(choices) => {
            let unknown = "no-such-choice".to_string();
            if !choices.contains(&unknown) {
                values.push((OptionValue::Choice(unknown), "a choice that is not declared"));
            }
        }
    }
    values
}

fn random_value(spec: &OptionSpec, rng: &mut DealRng) -> OptionValue {
    match &spec.kind {
        OptionKind::Flag => OptionValue::Flag(rng.below(2) == 1),
        OptionKind::Int { min, max } => {
            let span = (*max as i128 - *min as i128 + 1).min(u64::MAX as i128) as u64;
            OptionValue::Int((*min as i128 + rng.below(span.max(1)) as i128) as i64)
        }
        OptionKind::Choice(_) => {
            let choices = spec.choices();
            OptionValue::Choice(choices[rng.below(choices.len() as u64) as usize].to_string())
        }
    }
}

/// The settings of playout `game`: game 0 plays the defaults; later games
/// change each option with even odds. Only values that differ from the
/// default are listed (so reproducing command lines stay short).
pub fn settings_for(specs: &[OptionSpec], game: u32, seed: u64) -> Vec<(String, OptionValue)> {
    if game == 0 {
        return Vec::new();
    }
    let mut rng = DealRng::new(seed ^ 0x5E77_1265 ^ u64::from(game).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    specs
        .iter()
        .filter_map(|spec| {
            let value = if rng.below(2) == 0 { spec.default.clone() } else { random_value(spec, &mut rng) };
            (value != spec.default).then(|| (spec.name.clone(), value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::flag("wrap", false, "wrap"),
            OptionSpec::int("jokers", 0, 3, 1, "jokers"),
            OptionSpec::choice("passes", &["1", "2", "unlimited"], "1", "passes"),
        ]
    }

    #[test]
    fn declared_values_cover_every_choice_and_both_ends() {
        let specs = specs();
        assert_eq!(declared_values(&specs[0]), [OptionValue::Flag(false), OptionValue::Flag(true)]);
        assert_eq!(declared_values(&specs[1]), [OptionValue::Int(0), OptionValue::Int(1), OptionValue::Int(3)]);
        assert_eq!(declared_values(&specs[2]).len(), 3);
        for spec in &specs {
            for (value, why) in invalid_values(spec) {
                assert!(spec.check(&value).is_err(), "{value} is {why}");
            }
        }
    }

    #[test]
    fn playout_settings_are_valid_varied_and_repeatable() {
        let specs = specs();
        assert!(settings_for(&specs, 0, 1).is_empty(), "the first game plays the defaults");
        let mut varied = 0;
        for game in 1..50 {
            let settings = settings_for(&specs, game, 1);
            assert_eq!(settings, settings_for(&specs, game, 1));
            for (name, value) in &settings {
                let spec = specs.iter().find(|s| &s.name == name).unwrap();
                assert!(spec.check(value).is_ok() && *value != spec.default);
            }
            varied += usize::from(!settings.is_empty());
        }
        assert!(varied > 20, "{varied}");
    }
}
