/// Everything the SweepCatalog stage learned: one result per library artist.
public struct SweepOutcome: Sendable {
    public var provider: String
    public var results: [ArtistResult]

    public init(provider: String, results: [ArtistResult]) {
        self.provider = provider
        self.results = results
    }

    /// Complete only when every artist has a definite answer; failed when none has
    /// (an empty library is a complete sweep of nothing, not a failure).
    public var status: RunStatus {
        let definite = results.filter { $0.outcome.isDefinite }.count
        if definite == results.count { return .complete }
        return definite == 0 ? .failed : .partial
    }

    public var releases: [Release] { results.flatMap(\.outcome.releases) }

    /// Artists without a definite answer, in library order.
    public var incompleteArtists: [String] {
        results.filter { !$0.outcome.isDefinite }.map(\.artist)
    }

    /// Artists whose catalog identity is a guess among namesakes, in library order: the health
    /// report lists them so an operator can pin the right one with `artistOverrides`.
    public var ambiguousArtists: [String] {
        results.filter { $0.resolution == .ambiguous }.map(\.artist)
    }

    public var counts: ArtistCounts {
        var counts = ArtistCounts(total: results.count)
        for result in results {
            switch result.outcome {
            case .fetched: counts.fetched += 1
            case .notFound: counts.notFound += 1
            case .failed: counts.failed += 1
            case .skipped: counts.skipped += 1
            }
        }
        return counts
    }

    public var requests: Int { results.reduce(0) { $0 + $1.requests } }
}
