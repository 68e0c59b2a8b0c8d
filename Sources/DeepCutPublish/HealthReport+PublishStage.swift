extension HealthReport {
    /// The Publish stage: what was written, whether the snapshot became the baseline, and how old
    /// the baseline is.
    package struct PublishStage: Sendable, Hashable, Codable {
        package var status: StageStatus
        package var promoted: Bool
        /// Files written, relative to the output folder (health files excluded: they describe this list).
        package var wrote: [String]
        /// The run id of the snapshot published, if any.
        package var snapshot: RunID?
        package var baselineRunID: RunID?
        package var baselineAgeSeconds: Int?
        /// The snapshot file a failed publish wrote and then removed (nothing named it yet).
        package var removedSnapshot: String?
        /// Something the operator should know, such as an unreadable `latest.json`.
        package var message: String?

        package init(status: StageStatus, promoted: Bool, wrote: [String], snapshot: RunID?, baselineRunID: RunID?,
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
        package init(_ outcome: PublishOutcome) {
            self.init(status: outcome.snapshot == nil ? .skipped : .ok, promoted: outcome.promoted, wrote: outcome.wrote,
                      snapshot: outcome.snapshot, baselineRunID: outcome.baseline?.runID,
                      baselineAgeSeconds: outcome.baselineAgeSeconds, message: outcome.message)
            removedSnapshot = outcome.removedSnapshot
        }

        /// A publish that stopped at a file it could not write: `failed`, with what it did before.
        package init(_ failure: PublishFailure) {
            self.init(failure.outcome)
            status = .failed
        }

        package static let notRun = PublishStage(status: .notRun, promoted: false, wrote: [], snapshot: nil, baselineRunID: nil,
                                                baselineAgeSeconds: nil, message: nil)
    }
}
