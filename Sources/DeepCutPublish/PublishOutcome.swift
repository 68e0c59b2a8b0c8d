import DeepCutCore

/// What the Publish stage did: the health report's `publish` object and the exit code's evidence.
package struct PublishOutcome: Sendable, Hashable {
    /// True when the snapshot became the baseline (`latest.json`).
    var promoted: Bool
    /// Files written, relative to the output folder, in write order.
    var wrote: [String]
    /// The run id of the snapshot published; nil when the sweep failed and nothing was published.
    var snapshot: RunID?
    /// The baseline after publishing: this run's snapshot if promoted, else the one kept.
    package var baseline: Baseline?
    var baselineAgeSeconds: Int?
    /// Snapshot files removed by retention, relative to the output folder.
    var pruned: [String]
    /// Temporaries of a crashed earlier run that were swept.
    var removedTemporaries: Int
    /// The snapshot file a failed publish wrote and then removed, relative to the output folder.
    var removedSnapshot: String?
    /// Something the operator should know, such as an unreadable `latest.json` kept or replaced.
    var message: String?
}

/// Publish stopped at a file it could not write: the cause (its exit code and line) and what had
/// been done by then, so the health report says which files were replaced and whether the
/// baseline was promoted, even though the run failed.
package struct PublishFailure: DeepCutError {
    var outcome: PublishOutcome
    var cause: any DeepCutError

    package var exitCode: ExitCode { cause.exitCode }
    package var message: String { cause.message }
}
