/// How many artists ended in each state. The snapshot's `artists` object.
public struct ArtistCounts: Sendable, Hashable, Codable {
    public var total: Int
    public var fetched: Int
    public var notFound: Int
    public var failed: Int
    public var skipped: Int

    public init(total: Int, fetched: Int = 0, notFound: Int = 0, failed: Int = 0, skipped: Int = 0) {
        self.total = total
        self.fetched = fetched
        self.notFound = notFound
        self.failed = failed
        self.skipped = skipped
    }
}
