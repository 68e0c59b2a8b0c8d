/// How `deepcut sweep` was asked to run.
public struct SweepOptions: Sendable {
    /// Skip while the baseline is younger than `ttlHours` and the last run was complete.
    public var ifStale: Bool
    /// Let a library through that shrank past `library.maxShrinkPercent` since the last complete run.
    public var acceptLibraryChange: Bool

    public init(ifStale: Bool = false, acceptLibraryChange: Bool = false) {
        self.ifStale = ifStale
        self.acceptLibraryChange = acceptLibraryChange
    }
}
