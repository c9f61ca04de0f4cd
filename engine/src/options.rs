//! Options a variant takes, and the settings a game is started with.

use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
pub enum OptionKind {
    Flag,
    Int { min: i64, max: i64 },
    Choice(Vec<String>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OptionValue {
    Flag(bool),
    Int(i64),
    Choice(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Flag(value) => write!(f, "{value}"),
            OptionValue::Int(value) => write!(f, "{value}"),
            OptionValue::Choice(value) => write!(f, "{value}"),
        }
    }
}

/// Marks an alias entry in a choice list (see [`OptionSpec::with_alias`]).
pub const ALIAS_MARK: char = '=';

#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    pub name: String,
    pub help: String,
    pub kind: OptionKind,
    pub default: OptionValue,
}

impl OptionSpec {
    pub fn flag(name: &str, default: bool, help: &str) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            help: help.into(),
            kind: OptionKind::Flag,
            default: OptionValue::Flag(default),
        }
    }

    pub fn int(name: &str, min: i64, max: i64, default: i64, help: &str) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            help: help.into(),
            kind: OptionKind::Int { min, max },
            default: OptionValue::Int(default),
        }
    }

    pub fn choice(name: &str, choices: &[&str], default: &str, help: &str) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            help: help.into(),
            kind: OptionKind::Choice(choices.iter().map(|c| c.to_string()).collect()),
            default: OptionValue::Choice(default.into()),
        }
    }

    /// The same option, also reading `alias` as the choice `choice`: for
    /// an option once spelt differently, such as a flag that became a choice
    /// (`with_alias("true", "both")` then reads the flag `true`, or the text,
    /// as `both`). The contract carries it in the choice list as an entry
    /// `alias=choice`, which is not a choice of its own.
    pub fn with_alias(mut self, alias: &str, choice: &str) -> OptionSpec {
        if let OptionKind::Choice(choices) = &mut self.kind {
            choices.push(format!("{alias}{ALIAS_MARK}{choice}"));
        }
        self
    }

    /// The choices to offer a player (aliases left out); none unless a
    /// choice option.
    pub fn choices(&self) -> Vec<&str> {
        match &self.kind {
            OptionKind::Choice(entries) => {
                entries.iter().map(String::as_str).filter(|entry| !entry.contains(ALIAS_MARK)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The choice an alias stands for (see [`OptionSpec::with_alias`]).
    fn alias(&self, text: &str) -> Option<&str> {
        let OptionKind::Choice(entries) = &self.kind else { return None };
        entries.iter().find_map(|entry| {
            let (alias, choice) = entry.split_once(ALIAS_MARK)?;
            alias.eq_ignore_ascii_case(text).then_some(choice)
        })
    }

    /// `value` as this option means it: an alias of a choice, or a flag
    /// standing for one, becomes that choice; anything else stays.
    pub fn normalize(&self, value: &OptionValue) -> OptionValue {
        let alias = match value {
            OptionValue::Flag(flag) => self.alias(if *flag { "true" } else { "false" }),
            OptionValue::Choice(text) if !self.choices().contains(&text.as_str()) => self.alias(text),
            _ => None,
        };
        match alias {
            Some(choice) => OptionValue::Choice(choice.to_string()),
            None => value.clone(),
        }
    }

    /// What values this option accepts, for error messages: `true or false`,
    /// `an integer from 1 to 5`, `one of 1, 2, 3, unlimited`.
    pub fn allowed(&self) -> String {
        match &self.kind {
            OptionKind::Flag => "true or false".to_string(),
            OptionKind::Int { min, max } => format!("an integer from {min} to {max}"),
            OptionKind::Choice(_) => format!("one of {}", self.choices().join(", ")),
        }
    }

    /// Checks a value against this option (after [`OptionSpec::normalize`]).
    /// The message names the option and what it accepts.
    pub fn check(&self, value: &OptionValue) -> Result<(), String> {
        let fits = match (&self.kind, &self.normalize(value)) {
            (OptionKind::Flag, OptionValue::Flag(_)) => true,
            (OptionKind::Int { min, max }, OptionValue::Int(v)) => (min..=max).contains(&v),
            (OptionKind::Choice(_), OptionValue::Choice(v)) => self.choices().contains(&v.as_str()),
            _ => false,
        };
        if fits {
            Ok(())
        } else {
            Err(format!("option `{}` cannot be {value}: it takes {}", self.name, self.allowed()))
        }
    }

    /// Reads a value written as text (`--set passes=3`, a TOML scalar turned
    /// to text): `true`/`false`, an integer, or one of the choices (or an
    /// alias of one).
    pub fn parse(&self, text: &str) -> Result<OptionValue, String> {
        let text = text.trim();
        let value = match &self.kind {
            OptionKind::Flag => match text.to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" | "1" => OptionValue::Flag(true),
                "false" | "off" | "no" | "0" => OptionValue::Flag(false),
                _ => return Err(self.refusal(text)),
            },
            OptionKind::Int { .. } => OptionValue::Int(text.parse().map_err(|_| self.refusal(text))?),
            OptionKind::Choice(_) => {
                let chosen = self.choices().into_iter().find(|c| c.eq_ignore_ascii_case(text));
                let chosen = chosen.or_else(|| self.alias(text)).ok_or_else(|| self.refusal(text))?;
                OptionValue::Choice(chosen.to_string())
            }
        };
        self.check(&value)?;
        Ok(value)
    }

    fn refusal(&self, text: &str) -> String {
        format!("option `{}` cannot be `{text}`: it takes {}", self.name, self.allowed())
    }
}

/// A flag option, declared once as a constant and used through it: the
/// spec in `Info::options` is `WRAP.spec()`, its value in `start` is
/// `WRAP.read(settings)`. So is an integer ([`Int`]) or a choice
/// ([`Choice`]). A misspelt constant does not compile, and a constant read
/// but left out of `Info::options` fails `patience check`, naming it.
///
/// ```
/// use patience_engine::options::{Flag, Int, Settings};
///
/// const WRAP: Flag = Flag::new("wrap", false, "Kings and Aces are neighbours");
/// const PILES: Int = Int::new("piles", 4, 8, 6, "Piles in the row");
///
/// let settings = Settings::resolve(&[WRAP.spec(), PILES.spec()], &[]).unwrap();
/// assert_eq!((WRAP.read(&settings), PILES.read(&settings)), (false, 6));
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Flag {
    pub name: &'static str,
    pub default: bool,
    pub help: &'static str,
}

impl Flag {
    pub const fn new(name: &'static str, default: bool, help: &'static str) -> Flag {
        Flag { name, default, help }
    }

    pub fn spec(&self) -> OptionSpec {
        OptionSpec::flag(self.name, self.default, self.help)
    }

    #[track_caller]
    pub fn read(&self, settings: &Settings) -> bool {
        settings.flag(self.name)
    }
}

/// An integer option from `min` to `max`, declared once (see [`Flag`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Int {
    pub name: &'static str,
    pub min: i64,
    pub max: i64,
    pub default: i64,
    pub help: &'static str,
}

impl Int {
    pub const fn new(name: &'static str, min: i64, max: i64, default: i64, help: &'static str) -> Int {
        Int { name, min, max, default, help }
    }

    pub fn spec(&self) -> OptionSpec {
        OptionSpec::int(self.name, self.min, self.max, self.default, self.help)
    }

    #[track_caller]
    pub fn read(&self, settings: &Settings) -> i64 {
        settings.int(self.name)
    }
}

/// An option that takes one of `choices`, declared once (see [`Flag`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Choice {
    pub name: &'static str,
    pub choices: &'static [&'static str],
    pub default: &'static str,
    pub help: &'static str,
}

impl Choice {
    pub const fn new(name: &'static str, choices: &'static [&'static str], default: &'static str, help: &'static str) -> Choice {
        Choice { name, choices, default, help }
    }

    pub fn spec(&self) -> OptionSpec {
        OptionSpec::choice(self.name, self.choices, self.default, self.help)
    }

    #[track_caller]
    pub fn read<'a>(&self, settings: &'a Settings) -> &'a str {
        settings.choice(self.name)
    }
}

/// The spec of option `name`; an unknown name is refused with the list of
/// options there are.
fn spec_named<'a>(specs: &'a [OptionSpec], name: &str) -> Result<&'a OptionSpec, String> {
    specs.iter().find(|spec| spec.name == name).ok_or_else(|| {
        let known: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        format!("unknown option `{name}` (options: {})", known.join(", "))
    })
}

/// Options written as text, `("passes", "3")`, read against `specs` into
/// the form [`Settings::resolve`] and a game's start take. An unknown name
/// or a value the option does not take is refused, named.
pub fn parse_given<N: AsRef<str>, T: AsRef<str>>(
    specs: &[OptionSpec],
    pairs: &[(N, T)],
) -> Result<Vec<(String, OptionValue)>, String> {
    pairs
        .iter()
        .map(|(name, text)| {
            let name = name.as_ref();
            Ok((name.to_string(), spec_named(specs, name)?.parse(text.as_ref())?))
        })
        .collect()
}

/// The settings of one game: every option of the variant with a value.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Settings {
    values: BTreeMap<String, OptionValue>,
}

impl Settings {
    /// Resolves `given` against `specs`: unknown names and bad values are
    /// refused, missing ones take their defaults.
    pub fn resolve(specs: &[OptionSpec], given: &[(String, OptionValue)]) -> Result<Settings, String> {
        let mut values: BTreeMap<String, OptionValue> =
            specs.iter().map(|spec| (spec.name.clone(), spec.default.clone())).collect();
        for (name, value) in given {
            let spec = spec_named(specs, name)?;
            spec.check(value)?;
            values.insert(name.clone(), spec.normalize(value));
        }
        Ok(Settings { values })
    }

    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.values.get(name)
    }

    /// The flag `name`. Panics if the variant did not declare it as a flag:
    /// that is a bug in the variant, not bad input.
    #[track_caller]
    pub fn flag(&self, name: &str) -> bool {
        match self.declared(name) {
            OptionValue::Flag(value) => *value,
            other => panic!("option `{name}` is read as a flag but declared with the value {other}"),
        }
    }

    #[track_caller]
    pub fn int(&self, name: &str) -> i64 {
        match self.declared(name) {
            OptionValue::Int(value) => *value,
            other => panic!("option `{name}` is read as an integer but declared with the value {other}"),
        }
    }

    #[track_caller]
    pub fn choice(&self, name: &str) -> &str {
        match self.declared(name) {
            OptionValue::Choice(value) => value,
            other => panic!("option `{name}` is read as a choice but declared with the value {other}"),
        }
    }

    #[track_caller]
    fn declared(&self, name: &str) -> &OptionValue {
        match self.values.get(name) {
            Some(value) => value,
            None => panic!("option `{name}` is read but not declared in `Info::options`"),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &OptionValue)> {
        self.values.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::choice("passes", &["1", "2", "3", "unlimited"], "1", "passes"),
            OptionSpec::flag("face_down", false, "face down"),
            OptionSpec::int("jokers", 0, 9, 3, "jokers"),
        ]
    }

    #[test]
    fn defaults_fill_in_and_given_values_win() {
        let given = vec![("jokers".to_string(), OptionValue::Int(5))];
        let settings = Settings::resolve(&specs(), &given).unwrap();
        assert_eq!(settings.choice("passes"), "1");
        assert!(!settings.flag("face_down"));
        assert_eq!(settings.int("jokers"), 5);
    }

    #[test]
    fn bad_settings_name_the_problem() {
        let unknown = Settings::resolve(&specs(), &[("pases".into(), OptionValue::Int(1))]).unwrap_err();
        assert!(unknown.contains("unknown option `pases`") && unknown.contains("passes, face_down, jokers"), "{unknown}");
        let range = Settings::resolve(&specs(), &[("jokers".into(), OptionValue::Int(10))]).unwrap_err();
        assert!(range.contains("an integer from 0 to 9"), "{range}");
        let kind = Settings::resolve(&specs(), &[("face_down".into(), OptionValue::Int(1))]).unwrap_err();
        assert!(kind.contains("true or false"), "{kind}");
    }

    #[test]
    fn options_written_as_text_are_read_and_refused_by_name() {
        let given = parse_given(&specs(), &[("passes", "3"), ("face_down", "yes")]).unwrap();
        assert_eq!(given, vec![("passes".into(), OptionValue::Choice("3".into())), ("face_down".into(), OptionValue::Flag(true))]);
        let unknown = parse_given(&specs(), &[("pases", "3")]).unwrap_err();
        assert!(unknown.contains("unknown option `pases`"), "{unknown}");
        let bad = parse_given(&specs(), &[("jokers".to_string(), "12".to_string())]).unwrap_err();
        assert!(bad.contains("`jokers`") && bad.contains("0 to 9"), "{bad}");
    }

    #[test]
    fn an_alias_reads_as_its_choice_and_is_no_choice_of_its_own() {
        let spec = OptionSpec::choice("overlap", &["none", "pyramid", "both"], "none", "overlap")
            .with_alias("true", "both")
            .with_alias("false", "none");
        assert_eq!(spec.choices(), ["none", "pyramid", "both"]);
        assert_eq!(spec.allowed(), "one of none, pyramid, both");
        assert_eq!(spec.parse("TRUE").unwrap(), OptionValue::Choice("both".into()));
        assert_eq!(spec.parse("pyramid").unwrap(), OptionValue::Choice("pyramid".into()));
        assert!(spec.parse("true=both").is_err(), "an alias entry is not a value");
        assert!(spec.parse("yes").unwrap_err().contains("one of none, pyramid, both"));
        let given = vec![("overlap".to_string(), OptionValue::Flag(false))];
        let settings = Settings::resolve(std::slice::from_ref(&spec), &given).unwrap();
        assert_eq!(settings.choice("overlap"), "none", "a flag of an older rule set reads as its choice");
        let plain = OptionSpec::choice("passes", &["1", "2"], "1", "passes");
        assert!(plain.check(&OptionValue::Flag(true)).is_err(), "no alias, no flag");
    }

    #[test]
    #[should_panic(expected = "option `wrap` is read but not declared in `Info::options`")]
    fn an_option_read_but_not_declared_is_named() {
        const WRAP: Flag = Flag::new("wrap", false, "wrap");
        WRAP.read(&Settings::resolve(&specs(), &[]).unwrap());
    }

    #[test]
    fn declared_options_read_as_their_type() {
        const PASSES: Choice = Choice::new("passes", &["1", "unlimited"], "1", "passes");
        const FACE_DOWN: Flag = Flag::new("face_down", false, "face down");
        const JOKERS: Int = Int::new("jokers", 0, 9, 3, "jokers");
        let specs = [PASSES.spec(), FACE_DOWN.spec(), JOKERS.spec()];
        assert_eq!(specs[0], OptionSpec::choice("passes", &["1", "unlimited"], "1", "passes"));
        let given = parse_given(&specs, &[("passes", "unlimited"), ("jokers", "7")]).unwrap();
        let settings = Settings::resolve(&specs, &given).unwrap();
        assert_eq!((PASSES.read(&settings), FACE_DOWN.read(&settings), JOKERS.read(&settings)), ("unlimited", false, 7));
    }

    #[test]
    fn text_values_parse_per_kind() {
        let specs = specs();
        assert_eq!(specs[0].parse("Unlimited").unwrap(), OptionValue::Choice("unlimited".into()));
        assert_eq!(specs[0].parse("3").unwrap(), OptionValue::Choice("3".into()));
        assert!(specs[0].parse("4").unwrap_err().contains("one of 1, 2, 3, unlimited"));
        assert_eq!(specs[1].parse("on").unwrap(), OptionValue::Flag(true));
        assert_eq!(specs[2].parse("7").unwrap(), OptionValue::Int(7));
        assert!(specs[2].parse("seven").is_err());
        assert!(specs[2].parse("-1").is_err());
    }
}
