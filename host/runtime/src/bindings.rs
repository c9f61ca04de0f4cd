//! Host-side bindings generated from the contract.
wasmtime::component::bindgen!({
    path: "../../engine/wit",
    world: "plugin",
});

/// The optional `rule-order` export (`engine/wit/rule-order.wit`), looked up
/// next to the plugin's own exports; a plugin without it still loads.
pub mod rule_order {
    wasmtime::component::bindgen!({
        path: "../../engine/wit",
        world: "rule-order-only",
        with: { "patience:plugin/types": crate::bindings::patience::plugin::types },
    });
}

/// The optional `line-check` export (`engine/wit/line-check.wit`): a
/// claimed winning line played in one call. A plugin without it is checked
/// move by move.
pub mod line_check {
    wasmtime::component::bindgen!({
        path: "../../engine/wit",
        world: "line-check-only",
        with: { "patience:plugin/types": crate::bindings::patience::plugin::types },
    });
}

/// The optional `steps` export (`engine/wit/line-check.wit`): a game's
/// step on the way to a win, and the search for it. A plugin without it
/// has no step.
pub mod steps {
    wasmtime::component::bindgen!({
        path: "../../engine/wit",
        world: "steps-only",
        with: { "patience:plugin/types": crate::bindings::patience::plugin::types },
    });
}

/// The optional `best-score` export (`engine/wit/line-check.wit`): the
/// highest score a deal allows. A plugin without it has no such search.
pub mod best_score {
    wasmtime::component::bindgen!({
        path: "../../engine/wit",
        world: "best-score-only",
    });
}
