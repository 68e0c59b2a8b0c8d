/// One library artist and what the sweep learned about it.
public struct ArtistResult: Sendable, Hashable {
    /// Where an answer came from. Only answers the catalog gave in this run can make a run
    /// complete or partial; cached and reused ones never hide an outage.
    public enum Source: String, Sendable, Hashable {
        /// Asked in this run (its failure, too, is this run's).
        case catalog
        /// A cached "no such artist" from the resolution cache; no request was sent.
        case resolutionCache
        /// A repair run's answer from the catalog memory.
        case memory
    }

    /// The artist as the library spells it.
    public var artist: String
    /// The catalog id it resolved to, when it did.
    public var catalogID: String?
    public var outcome: ArtistOutcome
    /// HTTP requests spent on this artist, retries included.
    public var requests: Int
    /// How the name was tied to `catalogID` (or found to have no artist); nil when resolving never
    /// finished (the search failed, or the artist was skipped).
    public var resolution: ResolutionMethod?
    public var source: Source
    /// How much of the artist's listing a `.fetched` answer covers (a capped catalog answer may
    /// list only the newest releases).
    public var coverage: ListingCoverage

    public init(artist: String, catalogID: String? = nil, outcome: ArtistOutcome, requests: Int = 0,
                resolution: ResolutionMethod? = nil, source: Source = .catalog, coverage: ListingCoverage = .complete) {
        self.artist = artist
        self.catalogID = catalogID
        self.outcome = outcome
        self.requests = requests
        self.resolution = resolution
        self.source = source
        self.coverage = coverage
    }

    /// True when the catalog gave this artist a definite answer in this run.
    public var isAnsweredInThisRun: Bool {
        source == .catalog && outcome.isDefinite
    }
}
