/// How `deepcut sweep` was asked to run.
public struct SweepOptions: Sendable {
    /// Skip while the baseline is younger than `ttlHours` and the last run was complete.
    public var ifStale: Bool

    public init(ifStale: Bool = false) {
        self.ifStale = ifStale
    }
}
