/// Everything the SweepCatalog stage learned: one result per library artist.
package struct SweepOutcome: Sendable {
    package var provider: String
    package var results: [ArtistResult]
    /// Set when the circuit breaker stopped the sweep: where it could not connect, and why.
    package var unreachable: CatalogUnreachable?
    /// Set on the outcome several sources add up to (`SourcesOutcome`): the status their own
    /// verdicts give, which per-artist results alone cannot (one source down is partial, not failed).
    package var sourcesStatus: RunStatus?
    /// Set on one household profile's share of a sweep (`CatalogSweep.Outcome.share`) when the sweep
    /// as a whole got an answer from the catalog in this run: a share whose artists were all
    /// answered from memory by the repair plan (its canary asked for another profile) is then
    /// judged as the repair run it is part of, not as an outage.
    package var answeredInThisRun = false

    package init(provider: String, results: [ArtistResult], unreachable: CatalogUnreachable? = nil) {
        self.provider = provider
        self.results = results
        self.unreachable = unreachable
    }

    /// A run is judged by what the catalog said in this run: failed when no artist got a
    /// definite answer from a request of this run, whatever the caches hold; complete only when
    /// every artist also has a definite answer; partial otherwise. (An empty library is a complete
    /// sweep of nothing; LoadLibrary refuses one before the sweep.)
    package var status: RunStatus {
        if let sourcesStatus { return sourcesStatus }
        guard !results.isEmpty else { return .complete }
        // An empty answer not believed yet (`suddenlyEmpty`) is still an answer of this run: the
        // catalog is reachable, so the run is partial, keeping what it knew, rather than failed.
        let catalogAnswered = results.contains { result in
            if case .failed(let failure) = result.outcome, failure.kind == .suddenlyEmpty { return result.source == .catalog }
            return result.isAnsweredInThisRun
        }
        guard catalogAnswered || answeredInThisRun else { return .failed }
        return results.allSatisfy(\.outcome.isDefinite) ? .complete : .partial
    }

    /// Artists asked in this run (answered or not).
    package var asked: Int { results.filter { $0.source == .catalog }.count }

    /// Artists answered from the catalog memory (a repair run).
    package var reused: Int { results.filter { $0.source == .memory }.count }

    package var releases: [Release] { results.flatMap(\.outcome.releases) }

    /// Artists without a definite answer, in library order.
    package var incompleteArtists: [String] {
        results.filter { !$0.outcome.isDefinite }.map(\.artist)
    }

    /// Artists whose catalog identity is a guess among namesakes, in library order: the health
    /// report lists them so an operator can pin the right one with `artistOverrides`.
    package var ambiguousArtists: [String] {
        results.filter { $0.resolution == .ambiguous }.map(\.artist)
    }

    package var counts: ArtistCounts {
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

    package var requests: Int { results.reduce(0) { $0 + $1.requests } }

    /// Why artists were left unasked, when some were: the first skip's reason (one run has one).
    package var stoppedBy: SkipReason? {
        results.lazy.compactMap { result -> SkipReason? in
            if case .skipped(let reason) = result.outcome { return reason }
            return nil
        }.first
    }
}

/// How many artists ended in each state. The snapshot's `artists` object.
package struct ArtistCounts: Sendable, Hashable, Codable {
    package var total: Int
    package var fetched: Int
    package var notFound: Int
    package var failed: Int
    package var skipped: Int

    package init(total: Int, fetched: Int = 0, notFound: Int = 0, failed: Int = 0, skipped: Int = 0) {
        self.total = total
        self.fetched = fetched
        self.notFound = notFound
        self.failed = failed
        self.skipped = skipped
    }
}

/// Why an artist was never asked about in this run.
package enum SkipReason: String, Codable, Sendable {
    /// `catalog.sweepDeadlineMinutes` ran out first.
    case deadline
    /// SIGTERM/SIGINT arrived first.
    case cancelled
    /// The circuit breaker opened: transport failures in a row and no answer in this run, so the
    /// catalog was not asked about the remaining artists.
    case catalogUnreachable
}
