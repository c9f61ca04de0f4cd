//! Host-side bindings generated from the contract.
wasmtime::component::bindgen!({
    path: "../../engine/wit",
    world: "plugin",
});
