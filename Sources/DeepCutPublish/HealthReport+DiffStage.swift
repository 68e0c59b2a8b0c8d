import DeepCutCore

extension HealthReport {
    /// The Diff stage: releases considered, entries kept, and why the rest were dropped.
    package struct DiffStage: Sendable, Hashable, Codable {
        package var status: StageStatus
        package var considered: Int
        package var entries: Int
        /// Keyed by `DropReason` raw value; every reason is present, zero or not, so the shape never varies.
        package var dropped: [String: Int]
        /// The editions the title rules left undecided, settled by track lists; nil when the
        /// diff did not run on a sweep's answers.
        package var trackEvidence: TrackEvidenceCounts?

        /// What `TrackEvidenceStage` spent and decided in this run.
        package struct TrackEvidenceCounts: Sendable, Hashable, Codable {
            /// Releases the rules could not place against an owned album whose tracks are known.
            package var undecided: Int
            /// Track lists fetched from the catalog (the others came from the state database).
            package var requests: Int
            package var sameRelease: Int
            package var differentRelease: Int
            package var insufficient: Int
            /// Track lists that could not be fetched: those releases stay visible.
            package var failures: Int

            package init(undecided: Int, requests: Int, sameRelease: Int, differentRelease: Int, insufficient: Int, failures: Int) {
                self.undecided = undecided
                self.requests = requests
                self.sameRelease = sameRelease
                self.differentRelease = differentRelease
                self.insufficient = insufficient
                self.failures = failures
            }
        }

        package init(status: StageStatus, considered: Int, entries: Int, dropped: [String: Int]) {
            self.status = status
            self.considered = considered
            self.entries = entries
            self.dropped = dropped
        }

        package init(_ diff: FeedDiff) {
            var dropped: [String: Int] = [:]
            for reason in DropReason.allCases {
                dropped[reason.rawValue] = diff.dropped[reason, default: 0]
            }
            self.init(status: .ok, considered: diff.considered, entries: diff.entries.count, dropped: dropped)
        }

        package static let notRun = DiffStage(status: .notRun, considered: 0, entries: 0, dropped: [:])
    }
}
