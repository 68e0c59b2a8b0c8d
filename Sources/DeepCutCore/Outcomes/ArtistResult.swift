/// One library artist and what the sweep learned about it.
public struct ArtistResult: Sendable, Hashable {
    /// The artist as the library spells it.
    public var artist: String
    /// The catalog id it resolved to, when it did.
    public var catalogID: String?
    public var outcome: ArtistOutcome
    /// HTTP requests spent on this artist, retries included.
    public var requests: Int

    public init(artist: String, catalogID: String? = nil, outcome: ArtistOutcome, requests: Int = 0) {
        self.artist = artist
        self.catalogID = catalogID
        self.outcome = outcome
        self.requests = requests
    }
}
