/// One library artist and what the sweep learned about it.
public struct ArtistResult: Sendable, Hashable {
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

    public init(artist: String, catalogID: String? = nil, outcome: ArtistOutcome, requests: Int = 0,
                resolution: ResolutionMethod? = nil) {
        self.artist = artist
        self.catalogID = catalogID
        self.outcome = outcome
        self.requests = requests
        self.resolution = resolution
    }
}
