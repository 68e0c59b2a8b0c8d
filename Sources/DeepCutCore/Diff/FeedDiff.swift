/// The Diff stage's result: the feed entries, newest first, and why everything else was dropped.
public struct FeedDiff: Sendable {
    public var entries: [FeedEntry]
    public var dropped: [DropReason: Int]
    public var considered: Int

    public init(entries: [FeedEntry], dropped: [DropReason: Int], considered: Int) {
        self.entries = entries
        self.dropped = dropped
        self.considered = considered
    }
}
