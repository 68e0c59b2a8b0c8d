/// The Diff stage's result: the feed entries, newest first, and why everything else was dropped.
package struct FeedDiff: Sendable {
    package var entries: [FeedEntry]
    /// Wanted releases dated after today, soonest first: announced before release day.
    package var upcoming: [FeedEntry]
    package var dropped: [DropReason: Int]
    package var considered: Int
    /// Why each release left out of `entries` was left out, by release id: explains removals in change sets.
    package var reasons: [String: DropReason]

    package init(entries: [FeedEntry], upcoming: [FeedEntry] = [], dropped: [DropReason: Int], considered: Int,
                reasons: [String: DropReason] = [:]) {
        self.entries = entries
        self.upcoming = upcoming
        self.reasons = reasons
        self.dropped = dropped
        self.considered = considered
    }
}
