import Foundation

extension FixtureLatency {
    /// The z-score of the 99th percentile of a standard normal distribution.
    private static let p99StandardScore = 2.326_347_874

    /// One delay in seconds, drawn from `random` (untouched unless the latency is random).
    func sampleSeconds(using random: inout SplitMix64) -> Double {
        switch self {
        case .none:
            return 0
        case .fixed(let milliseconds):
            return max(0, milliseconds) / 1000
        case .lognormal(let median, let p99, _):
            guard median > 0 else { return 0 }
            let sigma = max(0, log(max(p99, median)) - log(median)) / Self.p99StandardScore
            // Box–Muller; 1 - u keeps the logarithm's argument in (0, 1].
            let uniform = 1 - Double.random(in: 0..<1, using: &random)
            let angle = Double.random(in: 0..<1, using: &random)
            let standardNormal = (-2 * log(uniform)).squareRoot() * cos(2 * Double.pi * angle)
            return median * exp(sigma * standardNormal) / 1000
        }
    }

    var seed: UInt64 {
        if case .lognormal(_, _, let seed) = self { seed } else { 0 }
    }
}
