import DeepCutCore

extension HealthReport {
    /// The Diff stage: releases considered, entries kept, and why the rest were dropped.
    public struct DiffStage: Sendable, Hashable, Codable {
        public var status: StageStatus
        public var considered: Int
        public var entries: Int
        /// Keyed by `DropReason` raw value; every reason is present, zero or not, so the shape never varies.
        public var dropped: [String: Int]

        public init(status: StageStatus, considered: Int, entries: Int, dropped: [String: Int]) {
            self.status = status
            self.considered = considered
            self.entries = entries
            self.dropped = dropped
        }

        public init(_ diff: FeedDiff) {
            var dropped: [String: Int] = [:]
            for reason in DropReason.allCases {
                dropped[reason.rawValue] = diff.dropped[reason, default: 0]
            }
            self.init(status: .ok, considered: diff.considered, entries: diff.entries.count, dropped: dropped)
        }

        public static let notRun = DiffStage(status: .notRun, considered: 0, entries: 0, dropped: [:])
    }
}
