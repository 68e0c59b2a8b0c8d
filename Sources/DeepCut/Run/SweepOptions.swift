/// How `deepcut sweep` was asked to run.
package struct SweepOptions: Sendable {
    /// Skip while the baseline is younger than `ttlHours` and the last run was complete.
    package var ifStale: Bool
    /// Let a library through that shrank past `library.maxShrinkPercent` since the last complete run.
    package var acceptLibraryChange: Bool

    package init(ifStale: Bool = false, acceptLibraryChange: Bool = false) {
        self.ifStale = ifStale
        self.acceptLibraryChange = acceptLibraryChange
    }
}
