//! Logging from a plugin. Inside wasm the messages go to the host through the
//! contract's only import; natively they go to stderr (useful in tests).

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

pub fn log(level: Level, message: &str) {
    #[cfg(target_arch = "wasm32")]
    crate::export::log(level, message);
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("[{level:?}] {message}");
}

pub fn info(message: &str) {
    log(Level::Info, message);
}

pub fn warn(message: &str) {
    log(Level::Warn, message);
}
