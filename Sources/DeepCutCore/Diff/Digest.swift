/// What one run has to tell people: the releases that became news in it. Built from the change set
/// and the upcoming list, never from a failed run, and never for a removal.
package struct Digest: Sendable, Hashable, Codable {
    /// One piece of news about one release.
    package struct Item: Sendable, Hashable, Codable {
        package enum Event: String, Sendable, Hashable, Codable, CaseIterable {
            /// It entered the feed: released inside the window (or discovered there).
            case newRelease
            /// It was announced: dated after today, first seen in this run.
            case announced
            /// It entered the feed on its release day: the second half of the announce/release pair.
            case outToday
        }

        package var event: Event
        /// Stable across runs and channels, what a delivery is recorded under and what channels that
        /// take one are sent: `release:PROVIDER:ID` for `newRelease` and `outToday` (a release is told
        /// out once), `announce:PROVIDER:ID` for `announced`.
        package var dedupeKey: String
        package var entry: FeedEntry

        package init(event: Event, dedupeKey: String, entry: FeedEntry) {
            self.event = event
            self.dedupeKey = dedupeKey
            self.entry = entry
        }
    }

    package var runID: String
    package var items: [Item]

    package init(runID: String, items: [Item]) {
        self.runID = runID
        self.items = items
    }
}
