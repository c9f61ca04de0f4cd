//! Small statistics: proportions with Wilson score intervals.

/// The 95% Wilson score interval for `successes` out of `trials`, as
/// fractions. (0, 0) for no trials.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 0.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// `12.3% [10.9–13.8]`
pub fn percent_with_interval(successes: u64, trials: u64) -> String {
    if trials == 0 {
        return "–".to_string();
    }
    let (low, high) = wilson_interval(successes, trials);
    format!("{:.1}% [{:.1}–{:.1}]", 100.0 * successes as f64 / trials as f64, 100.0 * low, 100.0 * high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_reference_values() {
        // Reference: 10 of 100 → [0.0552, 0.1744] (Wilson 1927; Newcombe 1998).
        let (low, high) = wilson_interval(10, 100);
        assert!((low - 0.0552).abs() < 1e-4 && (high - 0.1744).abs() < 1e-4, "{low} {high}");
        let (low, high) = wilson_interval(0, 20);
        assert!(low == 0.0 && (high - 0.1611).abs() < 1e-4, "{high}");
        let (low, high) = wilson_interval(20, 20);
        assert!((low - 0.8389).abs() < 1e-4 && high == 1.0, "{low}");
        assert_eq!(wilson_interval(0, 0), (0.0, 0.0));
    }

    #[test]
    fn percentages_print_with_their_interval() {
        assert_eq!(percent_with_interval(10, 100), "10.0% [5.5–17.4]");
        assert_eq!(percent_with_interval(0, 0), "–");
    }
}
