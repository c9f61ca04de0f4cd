//! The options panel, generated from the plugin's option specs: a checkbox
//! for a flag, a slider for a number, a dropdown for a choice. "New game
//! with these options" starts a game with the edited values.

use egui::{ComboBox, RichText, Slider, Ui};
use patience_engine::options::{OptionKind, OptionSpec, OptionValue};
use patience_runtime::RuleSet;

/// The values being edited: one per option of the plugin, in spec order.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionsDraft {
    pub plugin: String,
    pub values: Vec<(String, OptionValue)>,
}

impl OptionsDraft {
    /// Every option of `specs` with the rule set's value or the default.
    pub fn for_rule_set(rule_set: &RuleSet, specs: &[OptionSpec]) -> OptionsDraft {
        let values = specs
            .iter()
            .map(|spec| {
                let value = rule_set.options.iter().find(|(name, _)| name == &spec.name).map(|(_, v)| v.clone());
                (spec.name.clone(), value.unwrap_or_else(|| spec.default.clone()))
            })
            .collect();
        OptionsDraft { plugin: rule_set.plugin.clone(), values }
    }

    /// `base` with the draft's values: only values that differ from the
    /// defaults are written, and a rule set that changes gets a name that
    /// says how.
    pub fn apply_to(&self, base: &RuleSet, specs: &[OptionSpec]) -> RuleSet {
        let options: Vec<(String, OptionValue)> = self
            .values
            .iter()
            .filter(|(name, value)| specs.iter().find(|s| &s.name == name).is_none_or(|s| &s.default != value))
            .cloned()
            .collect();
        if OptionsDraft::for_rule_set(base, specs) == *self {
            return base.clone();
        }
        let original = OptionsDraft::for_rule_set(base, specs);
        let changes: Vec<String> = self
            .values
            .iter()
            .zip(&original.values)
            .filter(|(new, old)| new != old)
            .map(|((name, value), _)| format!("{name}={value}"))
            .collect();
        RuleSet {
            name: format!("{} (custom: {})", base.name, changes.join(", ")),
            options,
            path: None,
            ..base.clone()
        }
    }
}

/// The panel; true when the player asked for a new game with these options.
pub fn options_ui(ui: &mut Ui, draft: &mut OptionsDraft, specs: &[OptionSpec]) -> bool {
    ui.heading("Options");
    if specs.is_empty() {
        ui.label("This variant has no options.");
        return false;
    }
    for (spec, (_, value)) in specs.iter().zip(draft.values.iter_mut()) {
        option_widget(ui, spec, value);
        ui.label(RichText::new(&spec.help).small().weak());
        ui.add_space(4.0);
    }
    ui.separator();
    ui.button("New game with these options").clicked()
}

fn option_widget(ui: &mut Ui, spec: &OptionSpec, value: &mut OptionValue) {
    match (&spec.kind, value) {
        (OptionKind::Flag, OptionValue::Flag(on)) => {
            ui.checkbox(on, &spec.name).on_hover_text(&spec.help);
        }
        (OptionKind::Int { min, max }, OptionValue::Int(number)) => {
            ui.add(Slider::new(number, *min..=*max).text(&spec.name)).on_hover_text(&spec.help);
        }
        (OptionKind::Choice(_), OptionValue::Choice(chosen)) => {
            choice_dropdown(ui, &spec.name, &spec.choices(), chosen);
        }
        // A value of the wrong kind cannot come from `for_rule_set`; show it
        // rather than guess.
        (_, other) => {
            ui.label(format!("{}: {other}", spec.name));
        }
    }
}

fn choice_dropdown(ui: &mut Ui, name: &str, choices: &[&str], chosen: &mut String) {
    ComboBox::from_label(name).selected_text(chosen.as_str()).show_ui(ui, |ui| {
        for &choice in choices {
            ui.selectable_value(chosen, choice.to_string(), choice);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::choice("passes", &["1", "2", "3"], "1", "passes"),
            OptionSpec::flag("face_down", false, "face down"),
        ]
    }

    #[test]
    fn unchanged_drafts_keep_the_rule_set_and_changes_name_themselves() {
        let mut base = RuleSet::defaults("p");
        base.name = "Base".into();
        base.options = vec![("passes".into(), OptionValue::Choice("3".into()))];
        let mut draft = OptionsDraft::for_rule_set(&base, &specs());
        assert_eq!(draft.apply_to(&base, &specs()), base);
        draft.values[1].1 = OptionValue::Flag(true);
        let custom = draft.apply_to(&base, &specs());
        assert_eq!(custom.name, "Base (custom: face_down=true)");
        assert_eq!(
            custom.options,
            vec![("passes".into(), OptionValue::Choice("3".into())), ("face_down".into(), OptionValue::Flag(true))]
        );
    }
}
