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
