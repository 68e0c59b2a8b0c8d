/// The typed answer for one library artist. A failure is never an empty release list.
package enum ArtistOutcome: Sendable, Hashable {
    /// The catalog answered; the list may legitimately be empty.
    case fetched([Release])
    /// The catalog definitely has no such artist.
    case notFound
    case failed(FetchFailure)
    case skipped(SkipReason)

    /// True when this artist has a definite answer (releases or "no such artist").
    package var isDefinite: Bool {
        switch self {
        case .fetched, .notFound: true
        case .failed, .skipped: false
        }
    }

    package var releases: [Release] {
        if case .fetched(let releases) = self { return releases }
        return []
    }
}

extension ArtistOutcome {
    package var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}

/// One library artist and what the sweep learned about it.
package struct ArtistResult: Sendable, Hashable {
    /// Where an answer came from. Only answers the catalog gave in this run can make a run
    /// complete or partial; cached and reused ones never hide an outage.
    package enum Source: String, Sendable, Hashable {
        /// Asked in this run (its failure, too, is this run's).
        case catalog
        /// A cached "no such artist" from the resolution cache; no request was sent.
        case resolutionCache
        /// A repair run's answer from the catalog memory.
        case memory
    }

    /// The artist as the library spells it.
    package var artist: String
    /// The catalog id it resolved to, when it did.
    package var catalogID: String?
    package var outcome: ArtistOutcome
    /// HTTP requests spent on this artist, retries included.
    package var requests: Int
    /// How the name was tied to `catalogID` (or found to have no artist); nil when resolving never
    /// finished (the search failed, or the artist was skipped).
    package var resolution: ResolutionMethod?
    package var source: Source
    /// How much of the artist's listing a `.fetched` answer covers (a capped catalog answer may
    /// list only the newest releases).
    package var coverage: ListingCoverage

    package init(
        artist: String, catalogID: String? = nil, outcome: ArtistOutcome, requests: Int = 0,
        resolution: ResolutionMethod? = nil, source: Source = .catalog, coverage: ListingCoverage = .complete
    ) {
        self.artist = artist
        self.catalogID = catalogID
        self.outcome = outcome
        self.requests = requests
        self.resolution = resolution
        self.source = source
        self.coverage = coverage
    }

    /// True when the catalog gave this artist a definite answer in this run.
    package var isAnsweredInThisRun: Bool {
        source == .catalog && outcome.isDefinite
    }
}
