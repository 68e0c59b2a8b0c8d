import Foundation

/// One finished run as the history keeps it: enough to answer "when did it last work, and how well".
package struct RunHistoryEntry: Sendable, Hashable {
    package var runID: String
    package var startedAt: Date
    package var finishedAt: Date
    package var status: RunStatus
    package var exitCode: ExitCode
    /// Measured on a monotonic clock, so it may differ from `finishedAt - startedAt`.
    package var durationSeconds: Double
    package var artistsTotal: Int
    package var artistsFailed: Int
    /// Feed entries published.
    package var entries: Int
    /// Catalog HTTP requests made, retries included.
    package var requests: Int
    /// Artists the library held (owned albums included); nil when the run stopped before reading it,
    /// or was recorded before this was kept. The library guard compares against it.
    package var libraryArtists: Int?

    package init(
        runID: String, startedAt: Date, finishedAt: Date, status: RunStatus, exitCode: ExitCode,
        durationSeconds: Double, artistsTotal: Int, artistsFailed: Int, entries: Int, requests: Int,
        libraryArtists: Int? = nil
    ) {
        self.runID = runID
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.exitCode = exitCode
        self.durationSeconds = durationSeconds
        self.artistsTotal = artistsTotal
        self.artistsFailed = artistsFailed
        self.entries = entries
        self.requests = requests
        self.libraryArtists = libraryArtists
    }
}

/// The SPEC's run status: how much of the truth a run found.
package enum RunStatus: String, Codable, Sendable {
    /// Every artist has a definite answer.
    case complete
    /// Some artists failed or were skipped; what was found is published as partial.
    case partial
    /// No artist answered: nothing is published.
    case failed
    /// `--if-stale` found a fresh, complete baseline.
    case skipped
}

extension RunStatus {
    /// The one place a sweep's exit code is decided (SPEC "Exit codes of deepcut sweep"):
    /// complete or skipped → 0, partial → 3, failed → 75.
    package var exitCode: ExitCode {
        switch self {
        case .complete, .skipped: .success
        case .partial: .partial
        case .failed: .tempFail
        }
    }
}
