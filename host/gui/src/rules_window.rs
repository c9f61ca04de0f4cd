//! The plugin's rules, as the plugin wrote them (markdown), in a window.

use egui::{Context, RichText, ScrollArea, Window};
use egui_commonmark::{CommonMarkCache, CommonMarkViewer};
use patience_runtime::LoadedPlugin;

#[derive(Default)]
pub struct RulesWindow {
    pub open: bool,
    cache: CommonMarkCache,
}

impl RulesWindow {
    pub fn show(&mut self, ctx: &Context, plugin: &LoadedPlugin) {
        let info = &plugin.info;
        let mut open = self.open;
        Window::new(format!("Rules — {}", info.name))
            .id(egui::Id::unique("rules window"))
            .open(&mut open)
            .default_size([520.0, 560.0])
            .show(ctx, |ui| {
                ui.label(RichText::new(format!("{} {} · {}", info.name, info.version, plugin.source)).weak());
                ui.label(&info.summary);
                ui.separator();
                ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
                    CommonMarkViewer::new().show(ui, &mut self.cache, &info.rules);
                });
            });
        self.open = open;
    }
}
