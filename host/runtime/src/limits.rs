//! The sandbox's limits, per call and per game. A host config file
//! (`[limits]` in `config.toml`, see [`crate::config`]) can change them.

/// Positions a solver may expand on one deal before it answers "unknown",
/// wherever the host solves without being told otherwise: `patience solve`
/// and `compare`, the app's hint, measurements and winnable-deal search.
/// Large enough that no bundled rule set or plugin default ends `unknown`
/// on deals 1–2000 within the default memory for solving (the solver
/// benchmark, `tests/examples/solver_bench.rs`, checks it); a search that
/// needs it all takes seconds, not minutes.
pub const SOLVE_BUDGET: u64 = 20_000_000;

/// Positions the best-score search (`patience solve --best-score`, the
/// `best` player of a study) may expand on one deal. It looks at every
/// line that could score more, not only for one win, so it stops far
/// sooner than the win search; a score it has not proved best comes with
/// its bound.
pub const BEST_SCORE_BUDGET: u64 = 1_000_000;

/// What one plugin may spend. Every game gets its own store, so these are
/// per game: one plugin burning its budget affects nothing else.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Linear memory a game's instance may grow to, in bytes.
    pub memory_bytes: usize,
    /// Linear memory the instance may grow to during a `solve` call, in
    /// bytes (at least `memory_bytes`): the solver's tables take what they
    /// are given, and a search that needs more than a game answers
    /// "unknown" instead of failing. What the instance grew to stays with
    /// it (linear memory never shrinks), free for its later calls.
    pub solve_memory_bytes: usize,
    /// Fuel (roughly: wasm instructions) for one ordinary call such as
    /// `moves` or `apply`.
    pub call_fuel: u64,
    /// Fuel for one `solve` call: enough for a search of
    /// [`SOLVE_BUDGET`] positions of the costliest bundled rule set (a
    /// dead check can cost tens of thousands of instructions), so the
    /// budget or the memory ends a search, and fuel only an endless loop.
    pub solve_fuel: u64,
    /// Log lines kept per game (older ones are dropped).
    pub log_lines: usize,
    /// Most data one call may hand to the host, in bytes: what the host
    /// copies out of the plugin's memory for one answer (strings, lists,
    /// snapshots) or one log line. Also bounds how much a plugin can make
    /// the host allocate by pointing many strings at one buffer.
    pub output_bytes: usize,
    /// Most slots a layout may have.
    pub max_slots: usize,
    /// Most moves a position may list.
    pub max_moves: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory_bytes: 64 << 20,
            solve_memory_bytes: 512 << 20,
            call_fuel: 500_000_000,
            solve_fuel: 1_000_000_000_000,
            log_lines: 64,
            output_bytes: 16 << 20,
            max_slots: crate::validate::MAX_SLOTS,
            max_moves: crate::validate::MAX_MOVES,
        }
    }
}

impl Limits {
    /// The memory one call may grow the instance to.
    pub fn memory_for(&self, solving: bool) -> usize {
        if solving { self.solve_memory_bytes.max(self.memory_bytes) } else { self.memory_bytes }
    }
}
