import DeepCutCore

extension HealthReport {
    /// The Diff stage: releases considered, entries kept, and why the rest were dropped.
    public struct DiffStage: Sendable, Hashable, Codable {
        public var status: StageStatus
        public var considered: Int
        public var entries: Int
        /// Keyed by `DropReason` raw value; every reason is present, zero or not, so the shape never varies.
        public var dropped: [String: Int]
        /// The editions the title rules left undecided, settled by track lists; nil when the
        /// diff did not run on a sweep's answers.
        public var trackEvidence: TrackEvidenceCounts?

        /// What `TrackEvidenceStage` spent and decided in this run.
        public struct TrackEvidenceCounts: Sendable, Hashable, Codable {
            /// Releases the rules could not place against an owned album whose tracks are known.
            public var undecided: Int
            /// Track lists fetched from the catalog (the others came from the state database).
            public var requests: Int
            public var sameRelease: Int
            public var differentRelease: Int
            public var insufficient: Int
            /// Track lists that could not be fetched: those releases stay visible.
            public var failures: Int
        }

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
