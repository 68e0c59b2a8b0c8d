extension HealthReport {
    /// The Publish stage: what was written, whether the snapshot became the baseline, and how old
    /// the baseline is.
    public struct PublishStage: Sendable, Hashable, Codable {
        public var status: StageStatus
        public var promoted: Bool
        /// Files written, relative to the output folder (health files excluded: they describe this list).
        public var wrote: [String]
        /// The run id of the snapshot published, if any.
        public var snapshot: RunID?
        public var baselineRunID: RunID?
        public var baselineAgeSeconds: Int?
        /// The snapshot file a failed publish wrote and then removed (nothing named it yet).
        public var removedSnapshot: String?
        /// Something the operator should know, such as an unreadable `latest.json`.
        public var message: String?

        public init(status: StageStatus, promoted: Bool, wrote: [String], snapshot: RunID?, baselineRunID: RunID?,
                    baselineAgeSeconds: Int?, message: String?) {
            self.status = status
            self.promoted = promoted
            self.wrote = wrote
            self.snapshot = snapshot
            self.baselineRunID = baselineRunID
            self.baselineAgeSeconds = baselineAgeSeconds
            self.message = message
        }

        /// `ok` when a snapshot was published, `skipped` when the sweep gave nothing to publish.
        init(_ outcome: PublishOutcome) {
            self.init(status: outcome.snapshot == nil ? .skipped : .ok, promoted: outcome.promoted, wrote: outcome.wrote,
                      snapshot: outcome.snapshot, baselineRunID: outcome.baseline?.runID,
                      baselineAgeSeconds: outcome.baselineAgeSeconds, message: outcome.message)
            removedSnapshot = outcome.removedSnapshot
        }

        /// A publish that stopped at a file it could not write: `failed`, with what it did before.
        init(_ failure: PublishFailure) {
            self.init(failure.outcome)
            status = .failed
        }

        public static let notRun = PublishStage(status: .notRun, promoted: false, wrote: [], snapshot: nil, baselineRunID: nil,
                                                baselineAgeSeconds: nil, message: nil)
    }
}
