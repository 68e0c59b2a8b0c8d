/// The Diff stage's result: the feed entries, newest first, and why everything else was dropped.
public struct FeedDiff: Sendable {
    public var entries: [FeedEntry]
    /// Wanted releases dated after today, soonest first: announced before release day.
    public var upcoming: [FeedEntry]
    public var dropped: [DropReason: Int]
    public var considered: Int
    /// Why each release left out of `entries` was left out, by release id: explains removals in change sets.
    public var reasons: [String: DropReason]

    public init(entries: [FeedEntry], upcoming: [FeedEntry] = [], dropped: [DropReason: Int], considered: Int,
                reasons: [String: DropReason] = [:]) {
        self.entries = entries
        self.upcoming = upcoming
        self.reasons = reasons
        self.dropped = dropped
        self.considered = considered
    }
}
