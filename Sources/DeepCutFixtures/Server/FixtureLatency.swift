/// Delay added before every answer, so tests and benchmarks see a catalog that takes time like a real one.
package enum FixtureLatency: Sendable, Hashable {
    case none
    case fixed(milliseconds: Double)
    /// Lognormal delays with the given median and 99th percentile, repeatable for a seed: a long tail like a real API.
    case lognormal(medianMilliseconds: Double, p99Milliseconds: Double, seed: UInt64)
}
