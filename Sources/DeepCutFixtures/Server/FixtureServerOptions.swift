import Foundation

/// How a `FixtureServer` listens and how slowly it answers.
package struct FixtureServerOptions: Sendable, Hashable {
    /// 0 picks a free port; read the real one from the URL `start()` returns.
    package var port: Int
    package var latency: FixtureLatency
    /// The developer token the Apple Music routes demand as `Authorization: Bearer …` (401 otherwise); nil accepts
    /// any bearer token, though a request without one is still refused, as Apple refuses it.
    package var appleMusicToken: String?
    /// The loopback address to bind, `127.0.0.1` unless a test needs a second host (`127.0.0.2`, e.g. as
    /// a redirect's target); anything outside 127.0.0.0/8 is refused.
    package var host: String
    /// How `limit` caps a multi-id iTunes lookup: the real API's reading for `id=` lists is undocumented.
    package var lookupLimit: LookupLimitReading
    /// iTunes-style throttling stricter than the client's configuration: catalog requests beyond
    /// this pace (a token bucket of one) get 403 with an empty body; nil accepts every request.
    package var acceptedRequestsPerMinute: Double?
    /// Whether iTunes album lookups honour `sort=recent`: Apple documents it for one song example only.
    package var lookupSort: LookupSort

    /// The two readings of `limit` in `lookup?id=A,B,…&limit=N`.
    package enum LookupLimitReading: String, Sendable, Hashable, Codable {
        /// `limit` caps the collections of the whole answer (the strict reading).
        case perAnswer
        /// `limit` caps each artist's collections, as Apple documents for `amgArtistId` lists.
        case perArtist
    }

    /// How an iTunes album lookup orders an artist's collections.
    package enum LookupSort: String, Sendable, Hashable, Codable {
        /// `sort=recent` lists them newest first; without it, in catalog order.
        case honoured
        /// `sort` is ignored and the store lists them oldest first.
        case oldestFirst
        /// `sort` is ignored and the store lists them in a fixed shuffle (the same for every request).
        case shuffled
    }

    package init(
        port: Int = 0, latency: FixtureLatency = .none, appleMusicToken: String? = nil, host: String = "127.0.0.1",
        lookupLimit: LookupLimitReading = .perAnswer, acceptedRequestsPerMinute: Double? = nil, lookupSort: LookupSort = .honoured
    ) {
        self.lookupSort = lookupSort
        self.lookupLimit = lookupLimit
        self.acceptedRequestsPerMinute = acceptedRequestsPerMinute
        self.port = port
        self.host = host
        self.latency = latency
        self.appleMusicToken = appleMusicToken
    }
}

/// Delay added before every answer, so tests and benchmarks see a catalog that takes time like a real one.
package enum FixtureLatency: Sendable, Hashable {
    case none
    case fixed(milliseconds: Double)
    /// Lognormal delays with the given median and 99th percentile, repeatable for a seed: a long tail like a real API.
    case lognormal(medianMilliseconds: Double, p99Milliseconds: Double, seed: UInt64)
}

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
